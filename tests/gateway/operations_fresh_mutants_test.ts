// What planting the mutation rules by hand in the embeddings and model-list
// routes showed the suite did not check: an embeddings `input` that is an
// empty list, or not a string or list at all, is the client's 400 naming
// `input` (not a 500, not a call upstream); and the model list in
// Anthropic's shape names its first and last models in `first_id` and
// `last_id`, as Anthropic's pagination reads them. Token arrays may hold
// token 0 (a real token id in every tokenizer), relayed as sent.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { openAIUpstream } from "./_in_process.ts";
import { createGateway } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

describe("embeddings: an input of the wrong shape", () => {
  it("is a 400 naming input, and no backend is called", async () => {
    const echo = createEchoAdapter();
    const gateway = createGateway({ backends: [["echo", echo]] });
    try {
      for (const input of [[], 5, { text: "hi" }, null]) {
        const response = await gateway(
          new Request("http://localhost/v1/embeddings", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ model: "echo", input }),
          }),
        );
        const body = await response.json();
        assert.equal(response.status, 400, JSON.stringify(input));
        assert.equal(body.error.param, "input", JSON.stringify(input));
      }
      assert.equal(echo.calls.length, 0);
    } finally {
      gateway.dispose();
    }
  });
});

describe("the model list in Anthropic's shape", () => {
  it("names its first and last models", async () => {
    const gateway = createGateway({
      backends: [
        ["alpha", createEchoAdapter()],
        ["beta", createEchoAdapter()],
        ["gamma", createEchoAdapter()],
      ],
    });
    try {
      const response = await gateway(
        new Request("http://localhost/v1/models", {
          headers: { "anthropic-version": "2023-06-01" },
        }),
      );
      const body = await response.json();
      assert.equal(response.status, 200);
      const ids = body.data.map((model: { id: string }) => model.id);
      assert.ok(ids.length >= 3, String(ids));
      assert.equal(body.first_id, ids[0]);
      assert.equal(body.last_id, ids.at(-1));
      assert.equal(body.has_more, false);
    } finally {
      gateway.dispose();
    }
  });
});

describe("embeddings: a token array holding token 0", () => {
  it("is relayed as sent", async () => {
    const sent: unknown[] = [];
    const gateway = createGateway({
      backends: [[
        "oa",
        openAIUpstream("text-embedding-3-small", (_url, init) => {
          sent.push(JSON.parse(String(init?.body)));
          return Promise.resolve(Response.json({
            object: "list",
            data: [{ object: "embedding", index: 0, embedding: [0.5] }],
            model: "text-embedding-3-small",
            usage: { prompt_tokens: 3, total_tokens: 3 },
          }));
        }),
      ]],
    });
    try {
      const response = await gateway(
        new Request("http://localhost/v1/embeddings", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            model: "text-embedding-3-small",
            input: [[0, 17, 4]],
          }),
        }),
      );
      const body = await response.json();
      assert.equal(response.status, 200, JSON.stringify(body));
      assert.deepEqual(body.data[0].embedding, [0.5]);
      assert.deepEqual((sent[0] as { input: unknown }).input, [[0, 17, 4]]);
    } finally {
      gateway.dispose();
    }
  });
});
