// The relayed operations (`/v1/completions`, `/v1/embeddings`, and
// `/v1/responses`) need a `model` that is a non-empty string: one missing,
// empty, or of another type is the client's 400 naming `model`, as OpenAI's
// API answers it, and no backend is called.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { openAIUpstream } from "./_in_process.ts";
import { createGateway } from "../../src/gateway/mod.ts";

const ROUTES = [
  ["/v1/completions", { prompt: "hi", max_tokens: 4 }],
  ["/v1/embeddings", { input: "hi" }],
  ["/v1/responses", { input: "hi" }],
] as const;

describe("a relayed operation's model", () => {
  // Bug (`_operation.ts`, `typeof body.model !== "string" || body.model ===
  // ""` → `&&`): no model was ever refused there.
  for (const [path, body] of ROUTES) {
    it(`${path}: missing, "", 5 or null is a 400 naming model; nothing is sent`, async () => {
      let sent = 0;
      const adapter = openAIUpstream("m", () => {
        sent++;
        return Promise.reject(new Error("no call expected"));
      });
      const gateway = createGateway({ backends: [["oa", adapter]] });
      try {
        for (const model of [undefined, "", 5, null]) {
          const response = await gateway(
            new Request(`http://localhost${path}`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ ...body, model }),
            }),
          );
          const label = `model ${JSON.stringify(model)}`;
          assert.equal(response.status, 400, label);
          const { error } = await response.json();
          assert.equal(error.param, "model", label);
          assert.match(error.message, /`model` must be a non-empty string/);
        }
        assert.equal(sent, 0);
      } finally {
        gateway.dispose();
      }
    });
  }
});
