// The gateway's reading of OpenAI chat-completions bodies (no server).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseChatRequest } from "../../examples/_openai_wire.ts";

describe("parseChatRequest", () => {
  it("passes keys it does not translate through to the backend untouched", () => {
    const { ir } = parseChatRequest(
      {
        model: "oa",
        messages: [{ role: "user", content: "hi" }],
        temperature: 0.5,
        parallel_tool_calls: false,
        response_format: { type: "json_object" },
        logprobs: true,
      },
      (model) => ({ backend: model }),
      "req-1",
    );
    assert.equal(ir.parameters?.temperature, 0.5);
    // A client asking for one tool call at a time must not silently get many.
    assert.equal(ir.parameters?.parallel_tool_calls, false);
    assert.deepEqual(ir.parameters?.response_format, { type: "json_object" });
    assert.equal(ir.parameters?.logprobs, true);
    // Translated keys are not duplicated under their wire names.
    assert.equal(ir.parameters?.model, undefined);
    assert.equal(ir.parameters?.messages, undefined);
  });
});
