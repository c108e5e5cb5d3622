// What the eighteenth round's second fresh draw of the adapters (seed
// 20261181) showed no test checked: a non-streamed Ollama answer's log
// probabilities (Ollama 0.12's `logprobs: true`) reach the IR answer as
// OpenAI's per-token entries, and an answer without them has no
// `logprobs` key at all. Portable: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { OLLAMA_ANSWER, OLLAMA_ASK, ollamaWith } from "./_ollama_upstream.ts";

describe("draw 20261181: a non-streamed Ollama answer's log probabilities", () => {
  it("are kept per token; without them the answer has no logprobs key", async () => {
    const { adapter } = ollamaWith((_, index) =>
      Response.json(
        index === 0
          ? {
            ...OLLAMA_ANSWER,
            logprobs: [
              { token: "Hi", logprob: -0.1 },
              { token: "!", logprob: -0.7 },
            ],
          }
          : OLLAMA_ANSWER,
      )
    );
    const scored = await adapter.execute(OLLAMA_ASK);
    assert.deepEqual(
      scored.logprobs?.content?.map((entry) => [entry.token, entry.logprob]),
      [["Hi", -0.1], ["!", -0.7]],
    );
    const plain = await adapter.execute(OLLAMA_ASK);
    assert.equal("logprobs" in plain, false);
  });
});
