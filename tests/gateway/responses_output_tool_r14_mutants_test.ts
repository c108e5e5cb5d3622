// A streamed Responses answer translated from a Messages backend reads a
// tool call as the structured answer's text only when both hold: the client
// asked for `text.format: json_schema` (without tools of its own, so the
// gateway offered its output tool), and the call is to that tool. A client
// function that happens to share the output tool's name (`json_response`),
// asked for without a format, is the client's: its call stays a
// `function_call` item, as the openai SDK's stream reports it.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import type OpenAI from "npm:openai@7.57.0";
import { openAIClient } from "./_openai_client.ts";
import { serveUpstream } from "./_serve.ts";
import { anthropicBlockAnswer } from "./_scripted_answers.ts";
import { anthropicBackend, withUpstreamGateway } from "./_upstream_gateway.ts";

function tool(name: string): OpenAI.Responses.FunctionTool {
  return {
    type: "function",
    name,
    description: "Weather in a city",
    parameters: {
      type: "object",
      properties: { city: { type: "string" } },
      required: ["city"],
      additionalProperties: false,
    },
    strict: true,
  };
}

describe("a streamed Responses answer's call to the client's own function", () => {
  // Bug (`_responses_response.ts`, `structured && chunk.name ===
  // OUTPUT_TOOL` → `||`): without a format, a call to the client's function
  // named `json_response` was streamed as the answer's text.
  for (const name of ["json_response", "weather"]) {
    it(`is a function_call item: ${name}, no format asked for`, async () => {
      // The Messages upstream calls the client's function by its name.
      const upstream = serveUpstream((call) =>
        anthropicBlockAnswer(call.body.model, {
          type: "tool_use",
          id: "toolu_1",
          name,
          input: { city: "Paris" },
        }, call.body.stream === true)
      );
      await withUpstreamGateway(
        upstream,
        anthropicBackend("claude", { defaultModel: "claude-test" }),
        {},
        async ({ origin }) => {
          const stream = await openAIClient(origin).responses.create({
            model: "claude",
            input: "Weather in Paris?",
            tools: [tool(name)],
            stream: true,
          });
          let text = "";
          let args = "";
          let completed: OpenAI.Responses.Response | undefined;
          for await (const event of stream) {
            if (event.type === "response.output_text.delta") {
              text += event.delta;
            }
            if (event.type === "response.function_call_arguments.delta") {
              args += event.delta;
            }
            if (event.type === "response.completed") completed = event.response;
          }
          assert.equal(text, "", "no call read as the answer's text");
          assert.deepEqual(JSON.parse(args), { city: "Paris" });
          const call = completed?.output.find((item) =>
            item.type === "function_call"
          );
          assert.ok(call?.type === "function_call", "a function_call item");
          assert.equal(call.name, name);
          assert.equal(call.call_id, "toolu_1");
          assert.deepEqual(JSON.parse(call.arguments), { city: "Paris" });
        },
      );
    });
  }
});
