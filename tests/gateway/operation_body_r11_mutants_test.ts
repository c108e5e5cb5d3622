// The relayed operations' bodies (`/v1/completions`, `/v1/embeddings`):
// `stream: null` reads as no `stream` (as OpenAI's API and the chat route
// take it), and a `stream` that is not a boolean is the client's 400 naming
// `stream`, before any backend is called.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { openAIUpstream, relayedAnswer } from "./_in_process.ts";
import { createGateway, hashKey } from "../../src/gateway/mod.ts";

function upstream() {
  const sent: Record<string, unknown>[] = [];
  const adapter = openAIUpstream("m", (url, init) => {
    sent.push(JSON.parse(String(init?.body)));
    return Promise.resolve(relayedAnswer(String(url), "m"));
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

describe("/v1/completions: the prompt", () => {
  // Bugs (`_handle_completions.ts`, the missing-prompt check inverted or
  // loosened): a body without `prompt`, or with `prompt: null`, reached the
  // backend instead of the client's 400 naming `prompt`.
  it("absent or null is a 400 naming prompt, before any backend call", async () => {
    const { adapter, sent } = upstream();
    const gateway = createGateway({ backends: [["oa", adapter]] });
    try {
      for (const prompt of [undefined, null]) {
        const response = await gateway(
          new Request("http://localhost/v1/completions", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ model: "oa", prompt, max_tokens: 4 }),
          }),
        );
        assert.equal(response.status, 400, String(prompt));
        const { error } = await response.json();
        assert.equal(error.param, "prompt");
      }
      assert.equal(sent.length, 0);
    } finally {
      gateway.dispose();
    }
  });

  // Bug (`_handle_completions.ts`, `Math.ceil` → `Math.floor`): the
  // prompt's estimate at admission rounded down.
  it("takes its JSON's characters / 4, rounded up, from the key's tpm bucket", async () => {
    const { adapter } = upstream();
    const gateway = createGateway({
      backends: [["oa", adapter]],
      keys: [{ id: "team", sha256: await hashKey("sk-t"), tpm: 1000 }],
      now: () => 1_000_000,
    });
    try {
      // `"abcd"` is 6 characters of JSON: 2 tokens.
      const response = await gateway(
        new Request("http://localhost/v1/completions", {
          method: "POST",
          headers: {
            "content-type": "application/json",
            authorization: "Bearer sk-t",
          },
          body: JSON.stringify({ model: "oa", prompt: "abcd", max_tokens: 4 }),
        }),
      );
      assert.equal(response.status, 200, await response.clone().text());
      await response.body?.cancel();
      assert.equal(response.headers.get("x-ratelimit-remaining-tokens"), "998");
    } finally {
      gateway.dispose();
    }
  });
});
