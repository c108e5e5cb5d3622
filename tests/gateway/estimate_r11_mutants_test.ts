// The gateway's token estimates round up (docs/gateway/operations.md, "Rate
// limits"): a prompt's characters / 4, where a key's `tpm` bucket is charged
// at admission and `/v1/messages/count_tokens` answers when no backend can
// count; and an embeddings input's, per string. Rounded down, a short prompt
// (or each short string of a batch) would be counted as nothing.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { openAIUpstream } from "./_in_process.ts";
import {
  createGateway,
  hashKey,
  parseMessagesRequest,
} from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

describe("the count_tokens estimate", () => {
  // Bug (`_request_parts.ts`, `Math.ceil` → `Math.floor`): the estimate,
  // and the tokens a key's bucket is charged at admission, rounded down.
  it("is the prompt's characters / 4 rounded up, whatever the remainder", async () => {
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
    });
    try {
      const remainders = new Set<number>();
      for (const text of ["a", "ab", "abc", "abcd", "Hé, ça va ?"]) {
        const body = {
          model: "echo",
          messages: [{ role: "user", content: text }],
        };
        const response = await gateway(
          new Request("http://localhost/v1/messages/count_tokens", {
            method: "POST",
            headers: {
              "content-type": "application/json",
              "anthropic-version": "2023-06-01",
            },
            body: JSON.stringify(body),
          }),
        );
        assert.equal(response.status, 200, text);
        assert.equal(response.headers.get("x-switchyard-estimate"), "true");
        const { input_tokens: tokens } = await response.json();
        // The characters as the gateway reads the prompt (operations.md).
        const { ir } = parseMessagesRequest(
          { ...body, max_tokens: 1 },
          (model) => ({ backend: model }),
          "count",
        );
        const chars = JSON.stringify(ir.messages).length;
        remainders.add(chars % 4);
        assert.ok(Number.isInteger(tokens), text);
        assert.ok(
          tokens * 4 >= chars && tokens * 4 < chars + 4,
          `${text}: ${tokens} tokens for ${chars} characters`,
        );
      }
      assert.ok(remainders.size >= 3, "the remainders vary");
    } finally {
      gateway.dispose();
    }
  });
});

describe("the embeddings estimate at admission", () => {
  // Bug (`_handle_embeddings.ts`, `Math.ceil` → `Math.floor`): each string
  // of an input was counted rounded down, so a batch of short strings took
  // (almost) nothing from the key's tpm bucket before the call.
  it("takes each string's characters / 4, rounded up, from the tpm bucket", async () => {
    const sha256 = await hashKey("sk-t");
    // 5 characters: 2 tokens; "a", "abcdefghi": 1 + 3.
    for (
      const [input, taken] of [["abcde", 2], [["a", "abcdefghi"], 4]] as const
    ) {
      // A gateway each, so each admission starts from a full bucket.
      const gateway = createGateway({
        backends: [[
          "oa",
          openAIUpstream(
            "text-embedding-3-small",
            () =>
              Promise.resolve(Response.json({
                object: "list",
                data: [{ object: "embedding", index: 0, embedding: [0.5] }],
                model: "text-embedding-3-small",
                usage: { prompt_tokens: 1, total_tokens: 1 },
              })),
          ),
        ]],
        keys: [{ id: "team", sha256, tpm: 1000 }],
        now: () => 1_000_000,
      });
      try {
        const response = await gateway(
          new Request("http://localhost/v1/embeddings", {
            method: "POST",
            headers: {
              "content-type": "application/json",
              authorization: "Bearer sk-t",
            },
            body: JSON.stringify({ model: "oa", input }),
          }),
        );
        assert.equal(response.status, 200, await response.clone().text());
        await response.body?.cancel();
        assert.equal(
          response.headers.get("x-ratelimit-remaining-tokens"),
          String(1000 - taken),
          JSON.stringify(input),
        );
      } finally {
        gateway.dispose();
      }
    }
  });
});
