// What a fresh mutation draw over the Responses API's translation showed the
// suite did not check: a field the translation does carry to the backend is
// not also reported as dropped. `x-switchyard-dropped` (and the log line's
// `dropped`) tells a client which of its fields had no effect; naming one
// that did, `max_output_tokens` say, would send it looking for a problem
// that is not there. And an input item's system, developer or assistant
// message given as a plain string (as the SDK's EasyInputMessage allows) is
// read as its text. The answer: a Response object carries every field the
// API gives it, with the API's defaults where the request left them out
// (`instructions`, `max_output_tokens` and `user` null, `metadata` {},
// `parallel_tool_calls` true, zero cached and reasoning tokens), since typed
// clients read them unchecked; a tool the client itself named
// `json_response` is a call, not structured output; and a stream's
// `response.completed` carries usage a backend reported in a metadata chunk.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import type { RequestLogEntry } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { jsonPost, mockBackend, withGateway } from "./_in_process.ts";

const responses = (body: Record<string, unknown>): Request =>
  jsonPost("/v1/responses", body);

describe("responses translated: the fields the translation carries", () => {
  it("reach the backend and none is reported as dropped", async () => {
    const echo = createEchoAdapter();
    const logs: RequestLogEntry[] = [];
    await withGateway({
      backends: [["echo", echo]],
      logger: (entry) => void logs.push(entry),
    }, async (gateway) => {
      const response = await gateway(responses({
        model: "echo",
        input: "hi",
        instructions: "Be brief.",
        max_output_tokens: 50,
        temperature: 0.5,
        top_p: 0.9,
        user: "u-7",
        stream: false,
        previous_response_id: null,
      }));
      const body = await response.json();
      assert.equal(response.status, 200, JSON.stringify(body));
      assert.equal(response.headers.get("x-switchyard-dropped"), null);
      assert.equal(logs.length, 1);
      assert.deepEqual(logs[0].dropped ?? [], []);
      const sent = echo.calls[0].request?.parameters;
      assert.equal(sent?.maxTokens, 50);
      assert.equal(sent?.temperature, 0.5);
      assert.equal(sent?.topP, 0.9);
      assert.equal(sent?.user, "u-7");
    });
  });

  it("a field it has no place for is still reported beside them", async () => {
    await withGateway({
      backends: [["echo", createEchoAdapter()]],
    }, async (gateway) => {
      const response = await gateway(responses({
        model: "echo",
        input: "hi",
        max_output_tokens: 50,
        truncation: "auto",
      }));
      await response.body?.cancel();
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("x-switchyard-dropped"), "truncation");
    });
  });

  it("reads system, developer and assistant messages given as plain strings", async () => {
    const echo = createEchoAdapter();
    await withGateway({ backends: [["echo", echo]] }, async (gateway) => {
      const response = await gateway(responses({
        model: "echo",
        input: [
          { role: "system", content: "Be brief." },
          { role: "developer", content: "Use French." },
          { role: "user", content: "Hi" },
          { role: "assistant", content: "Bonjour." },
          { role: "user", content: "Again" },
        ],
      }));
      const body = await response.json();
      assert.equal(response.status, 200, JSON.stringify(body));
      const sent = echo.calls[0].request?.messages;
      assert.deepEqual(sent?.map((m) => [m.role, m.content]), [
        ["system", "Be brief."],
        ["system", "Use French."],
        ["user", "Hi"],
        ["assistant", "Bonjour."],
        ["user", "Again"],
      ]);
    });
  });
});

describe("responses translated: the answer", () => {
  it("carries the API's defaults for the fields the request left out", async () => {
    await withGateway({
      backends: [mockBackend({
        responses: {
          message: { role: "assistant", content: "hi" },
          finishReason: "stop",
          usage: { promptTokens: 3, completionTokens: 1, totalTokens: 4 },
          metadata: {},
        },
      })],
    }, async (gateway) => {
      const response = await gateway(responses({ model: "mock", input: "hi" }));
      const body = await response.json();
      assert.equal(response.status, 200, JSON.stringify(body));
      assert.equal(body.instructions, null);
      assert.equal(body.max_output_tokens, null);
      assert.equal(body.user, null);
      assert.deepEqual(body.metadata, {});
      assert.equal(body.parallel_tool_calls, true);
      assert.equal(body.usage.input_tokens_details.cached_tokens, 0);
      assert.equal(body.usage.output_tokens_details.reasoning_tokens, 0);
    });
  });

  it("answers a client tool named json_response as a function call", async () => {
    await withGateway({
      backends: [mockBackend({
        responses: {
          message: {
            role: "assistant",
            content: [{
              type: "tool_use",
              id: "call_1",
              name: "json_response",
              input: { a: 1 },
            }],
          },
          finishReason: "tool_calls",
          metadata: {},
        },
      })],
    }, async (gateway) => {
      const response = await gateway(responses({
        model: "mock",
        input: "hi",
        tools: [{
          type: "function",
          name: "json_response",
          parameters: { type: "object" },
        }],
      }));
      const body = await response.json();
      assert.equal(response.status, 200, JSON.stringify(body));
      assert.deepEqual(
        body.output.map((item: { type: string }) => item.type),
        ["function_call"],
      );
      assert.equal(body.output[0].name, "json_response");
      assert.equal(body.output[0].arguments, '{"a":1}');
    });
  });

  it("streamed: response.completed has the usage a metadata chunk reported", async () => {
    await withGateway({
      backends: [mockBackend({
        chunks: [
          { type: "start", sequence: 0, metadata: {} },
          { type: "content", sequence: 1, delta: "hi" },
          {
            type: "metadata",
            sequence: 2,
            usage: { promptTokens: 11, completionTokens: 7, totalTokens: 18 },
          },
          { type: "done", sequence: 3, finishReason: "stop" },
        ],
      })],
    }, async (gateway) => {
      const response = await gateway(
        responses({ model: "mock", input: "hi", stream: true }),
      );
      const text = await response.text();
      const completed = text.split("\n\n").find((e) =>
        e.startsWith("event: response.completed")
      );
      assert.ok(completed, text);
      const data = JSON.parse(completed.split("\n")[1].slice("data: ".length));
      assert.equal(data.response.usage.input_tokens, 11);
      assert.equal(data.response.usage.output_tokens, 7);
    });
  });
});
