// A streamed answer whose backend reports no usage is counted by the
// gateway from what it generated (characters / 4, rounded up), however
// short: a one-letter answer (a classifier's "A") is one token out, logged
// as estimated, and priced, like a longer one.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import type { RequestLogEntry } from "../../src/gateway/mod.ts";
import { jsonPost, mockBackend, withGateway } from "./_in_process.ts";

describe("a streamed answer without the backend's usage", () => {
  // Bug (`_stream_answer.ts`, `chars > 0` → `chars > 1`): an answer of one
  // character got no usage at all, so it was logged without tokens and
  // cost nothing.
  it("of one character is one token out, estimated and priced; so is one of four", async () => {
    const logs: RequestLogEntry[] = [];
    const answers = ["A", "Yes!"];
    await withGateway({
      backends: [mockBackend({
        chunks: (_request: unknown, i: number) => [
          { type: "start", sequence: 0, metadata: { model: "mock" } },
          { type: "content", sequence: 1, delta: answers[i] },
          { type: "done", sequence: 2, finishReason: "stop" },
        ],
      })],
      // USD per million tokens: a dollar a token.
      prices: { mock: { input: 1_000_000, output: 1_000_000 } },
      logger: (entry) => void logs.push(entry),
    }, async (gateway) => {
      for (const [i, answer] of answers.entries()) {
        const response = await gateway(jsonPost("/v1/chat/completions", {
          model: "mock",
          stream: true,
          messages: [{ role: "user", content: "A or B?" }],
        }));
        assert.equal(response.status, 200);
        assert.match(
          await response.text(),
          new RegExp(`"content":"${answer}"`),
        );
        assert.equal(logs.length, i + 1);
        const log = logs[i];
        assert.equal(log.tokens_out, 1, answer);
        assert.equal(log.tokens_estimated, true, answer);
        assert.ok(typeof log.tokens_in === "number" && log.tokens_in > 0);
        // A dollar a token: the prompt's tokens and the one out.
        assert.equal(log.cost_usd, log.tokens_in + 1, answer);
      }
    });
  });
});
