// The passthrough token tap estimates a relayed stream's output from its
// generated text when the upstream reports no usage. Each key an
// OpenAI-compatible server streams generated text under is counted:
// `content`, `refusal`, a tool call's `arguments`, and the reasoning that
// vLLM's reasoning parser and DeepSeek send as `reasoning_content` (others
// as `reasoning`); Anthropic's `text`, `thinking` and `partial_json` too.
// A key of another name, such as `role`, is not.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { StreamTokenScanner } from "../../src/gateway/_stream_tokens.ts";

const utf8 = new TextEncoder();

/** The characters the scanner counts in one delta of `key: "abcd"`. */
function counted(key: string): number {
  const scanner = new StreamTokenScanner();
  scanner.scan(utf8.encode(
    `data: {"choices":[{"index":0,"delta":{"${key}":"abcd"}}]}\n\n` +
      "data: [DONE]\n\n",
  ));
  assert.equal(scanner.usage, undefined, "no usage reported");
  return scanner.chars;
}

describe("the token tap's text keys", () => {
  // Bug (`_stream_tokens.ts`, a text key emptied, `reasoning_content` for
  // one): a reasoning model's relayed output was estimated as nothing.
  it("count the text under each key a server streams generated text under", () => {
    for (
      const key of [
        "content",
        "refusal",
        "arguments",
        "reasoning",
        "reasoning_content",
        "text",
        "thinking",
        "partial_json",
      ]
    ) {
      assert.equal(counted(key), 4, key);
    }
    assert.equal(counted("role"), 0, "role");
    assert.equal(counted("reasoning_contents"), 0, "a longer name");
  });
});
