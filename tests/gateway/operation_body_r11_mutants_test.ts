// The relayed operations' bodies (`/v1/completions`, `/v1/embeddings`):
// `stream: null` reads as no `stream` (as OpenAI's API and the chat route
// take it), and a `stream` that is not a boolean is the client's 400 naming
// `stream`, before any backend is called.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway } from "../../src/gateway/mod.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";

function upstream() {
  const sent: Record<string, unknown>[] = [];
  const adapter = createOpenAIAdapter({
    apiKey: "sk-up",
    baseURL: "http://upstream.invalid/v1",
    defaultModel: "m",
    fetch: (url, init) => {
      sent.push(JSON.parse(String(init?.body)));
      return Promise.resolve(
        String(url).endsWith("/embeddings")
          ? Response.json({
            object: "list",
            data: [{ object: "embedding", index: 0, embedding: [0.5] }],
            model: "m",
            usage: { prompt_tokens: 1, total_tokens: 1 },
          })
          : Response.json({
            id: "cmpl-1",
            object: "text_completion",
            created: 1,
            model: "m",
            choices: [{
              index: 0,
              text: "ok",
              finish_reason: "stop",
              logprobs: null,
            }],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          }),
      );
    },
  });
  return { adapter, sent };
}

const ROUTES = [
  ["/v1/completions", { model: "oa", prompt: "hi", max_tokens: 4 }],
  ["/v1/embeddings", { model: "oa", input: "hi" }],
] as const;

describe("`stream` in a relayed operation's body", () => {
  // Bug (`_operation.ts`, `body.stream !== null` → `=== null`): a null
  // stream was refused and a string one ("true") let through to the
  // backend.
  for (const [path, body] of ROUTES) {
    it(`${path}: null is no stream; "true" is a 400 naming stream`, async () => {
      const { adapter, sent } = upstream();
      const gateway = createGateway({ backends: [["oa", adapter]] });
      try {
        const call = (stream: unknown) =>
          gateway(
            new Request(`http://localhost${path}`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ ...body, stream }),
            }),
          );
        const plain = await call(null);
        assert.equal(plain.status, 200, await plain.clone().text());
        assert.ok(plain.headers.get("content-type")?.includes("json"));
        await plain.body?.cancel();
        assert.equal(sent.length, 1);
        const refused = await call("true");
        assert.equal(refused.status, 400);
        const { error } = await refused.json();
        assert.equal(error.param, "stream");
        assert.equal(error.code, "invalid_value");
        assert.equal(sent.length, 1, "no backend call when refused");
      } finally {
        gateway.dispose();
      }
    });
  }
});
