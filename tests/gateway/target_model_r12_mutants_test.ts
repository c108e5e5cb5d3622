// The model a client names on a relayed operation (`/v1/embeddings`,
// `/v1/completions`) decides where it goes and what is sent: `backend/model`
// sends that model to that backend (not to whichever routing picks), a bare
// backend name sends its default model.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway } from "../../src/gateway/mod.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { adapterFactory } from "../models/adapters/_fake.ts";
import { relayedAnswer } from "./_in_process.ts";

const openaiWith = adapterFactory(createOpenAIAdapter, {
  apiKey: "sk-up",
  baseURL: "http://upstream.invalid/v1",
  defaultModel: "default-model",
});

/** An OpenAI upstream answering embeddings and completions alike. */
function upstream() {
  return openaiWith(({ url, body }) => {
    const model = (body as { model?: unknown }).model;
    return relayedAnswer(url, model);
  });
}

const ROUTES = [
  ["/v1/embeddings", { input: "hi" }],
  ["/v1/completions", { prompt: "hi", max_tokens: 4 }],
] as const;

describe("the backend and model a relayed operation names are the ones called", () => {
  // Bug (`_wire_util.ts:29` targetFields, `target.backend === undefined` →
  // `!==`, seed 20261165): the named backend was not passed to routing, so
  // `Other/model-c` went to whichever backend routing picked (the first);
  // the same test catches the named model dropped (`target.model`, the line
  // before), which sent the backend's default model instead.
  for (const [path, body] of ROUTES) {
    it(`${path}: backend/model and a bare backend, on the second backend too`, async () => {
      const { adapter, requests } = upstream();
      // A second backend, so that a name with a slash is not taken whole.
      const other = upstream();
      const gateway = createGateway({
        backends: [["oa", adapter], ["Other", other.adapter]],
      });
      try {
        const sent = async (model: string, seen = requests) => {
          const before = seen.length;
          const response = await gateway(
            new Request(`http://localhost${path}`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ ...body, model }),
            }),
          );
          assert.equal(response.status, 200, await response.clone().text());
          await response.body?.cancel();
          assert.equal(seen.length, before + 1, `${model}: one upstream call`);
          return (seen[before].body as { model: unknown }).model;
        };
        assert.equal(
          await sent("oa/text-embedding-3-Large"),
          "text-embedding-3-Large",
        );
        // The model part keeps its own slashes and letter case.
        assert.equal(await sent("oa/org/Model-B"), "org/Model-B");
        assert.equal(await sent("oa"), "default-model");
        assert.equal(
          await sent("Other/model-c", other.requests),
          "model-c",
        );
        assert.equal(await sent("Other", other.requests), "default-model");
      } finally {
        gateway.dispose();
      }
    });
  }
});
