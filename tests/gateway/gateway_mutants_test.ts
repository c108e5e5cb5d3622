// What the gateway's mutation survivors showed the suite did not check: a
// latency exactly on a histogram bound, the Anthropic error type of a status
// the table does not list, the status of a lone failure that is not
// ALL_BACKENDS_FAILED, a translated parameter not also copied under its wire
// name, a tool_calls that is not an array, content null beside one tool
// call, and usage that a later non-usage object must not erase.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  anthropicErrorBody,
  createGateway,
  Metrics,
  parseChatRequest,
  resolveError,
  toChatCompletion,
} from "../../src/gateway/mod.ts";
import {
  AdapterError,
  ErrorCode,
  type ErrorCodeValue,
  RouterError,
} from "../../src/models/errors.ts";
import { StreamTokenScanner } from "../../src/gateway/_stream_tokens.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

const record = {
  api: "openai",
  model: "m",
  backend: "b",
  status: 200,
  keyId: "anonymous",
  fallbacks: 0,
};

/** The value of the series line that starts with `prefix`. */
function series(text: string, prefix: string): number {
  const line = text.split("\n").find((l) => l.startsWith(prefix));
  assert.ok(line !== undefined, `no line ${prefix} in\n${text}`);
  return Number(line.slice(line.lastIndexOf(" ") + 1));
}

describe("metrics: a histogram bucket counts what is less than or equal to its bound", () => {
  // Prometheus' `le`: an observation equal to the bound is in that bucket.
  it("a latency of exactly 0.25 s is in le=0.25, a first token at 0.1 s in le=0.1", () => {
    const metrics = new Metrics();
    metrics.record({ ...record, latencyMs: 250, timeToFirstTokenMs: 100 });
    const text = metrics.render();
    const labels = 'api="openai",model="m",backend="b",key="anonymous"';
    const bucket = (name: string, le: string) =>
      series(text, `switchyard_${name}_bucket{${labels},le="${le}"}`);
    assert.equal(bucket("request_duration_seconds", "0.1"), 0);
    assert.equal(bucket("request_duration_seconds", "0.25"), 1);
    assert.equal(bucket("time_to_first_token_seconds", "0.05"), 0);
    assert.equal(bucket("time_to_first_token_seconds", "0.1"), 1);
  });
});

describe("anthropicErrorBody: the type of a status the table does not list", () => {
  for (
    const [status, type] of [
      [409, "invalid_request_error"],
      [422, "invalid_request_error"],
      [500, "api_error"],
      [502, "api_error"],
      [505, "api_error"],
    ] as const
  ) {
    it(`${status} is ${type}`, () => {
      const body = anthropicErrorBody({
        status,
        type: "x",
        message: "m",
        code: null,
        param: null,
        headers: {},
      });
      assert.equal(body.error.type, type);
    });
  }
});

describe("resolveError: a lone failure keeps its own status", () => {
  it("an aborted request is a 499, not a 502", () => {
    const error = new AdapterError({
      code: ErrorCode.ABORTED,
      message: "client went away",
    });
    assert.equal(resolveError(error).status, 499);
  });

  it("an unknown adapter failure is a 500, not a 502", () => {
    const error = new AdapterError({ code: ErrorCode.UNKNOWN, message: "?" });
    assert.equal(resolveError(error).status, 500);
  });
});

describe("resolveError: every backend failed", () => {
  const failed = (...codes: ErrorCodeValue[]) =>
    new RouterError({
      code: ErrorCode.ALL_BACKENDS_FAILED,
      message: "all failed",
      attemptedBackends: codes.map((_, i) => `b${i}`),
      errors: codes.map((code, i) => ({
        backend: `b${i}`,
        error: new AdapterError({ code, message: `b${i} failed` }),
      })),
    });

  it("a timeout then a network error is a 502 (a backend answered wrongly), not the timeout's 504", () => {
    const resolved = resolveError(
      failed(ErrorCode.TIMEOUT, ErrorCode.NETWORK_ERROR),
    );
    assert.equal(resolved.status, 502);
    assert.match(resolved.message, /b0/);
    assert.match(resolved.message, /b1/);
  });

  it("a network error then a timeout is a 502 too; two timeouts are a 504", () => {
    assert.equal(
      resolveError(failed(ErrorCode.NETWORK_ERROR, ErrorCode.TIMEOUT)).status,
      502,
    );
    assert.equal(
      resolveError(failed(ErrorCode.TIMEOUT, ErrorCode.TIMEOUT)).status,
      504,
    );
  });
});

describe("parseChatRequest: the parameters it translates", () => {
  it("frequency_penalty reaches the IR once, by its IR name only", () => {
    const { ir } = parseChatRequest(
      {
        model: "m",
        messages: [{ role: "user", content: "hi" }],
        frequency_penalty: 0.5,
        presence_penalty: 0.25,
      },
      (model) => ({ model }),
      "req-1",
    );
    assert.equal(ir.parameters?.frequencyPenalty, 0.5);
    assert.equal(ir.parameters?.presencePenalty, 0.25);
    // Copied raw too, it would reach Anthropic or Gemini as a field they refuse.
    assert.equal(ir.parameters?.frequency_penalty, undefined);
    assert.equal(ir.parameters?.presence_penalty, undefined);
  });

  it("an assistant's tool_calls that is not an array is a 400 naming it, an array is read", () => {
    const body = (toolCalls: unknown) => ({
      model: "m",
      messages: [
        { role: "user", content: "hi" },
        { role: "assistant", content: null, tool_calls: toolCalls },
        { role: "tool", tool_call_id: "c1", content: "42" },
      ],
    });
    assert.throws(
      () => parseChatRequest(body({ id: "c1" }), (model) => ({ model }), "r"),
      (error: unknown) => {
        const e = error as { status?: number; param?: string };
        assert.equal(e.status, 400);
        assert.match(String(e.param), /tool_calls/);
        return true;
      },
    );
    const { ir } = parseChatRequest(
      body([{
        id: "c1",
        type: "function",
        function: { name: "f", arguments: '{"a":1}' },
      }]),
      (model) => ({ model }),
      "r",
    );
    const content = ir.messages[1].content;
    assert.ok(Array.isArray(content));
    assert.deepEqual(content.find((p) => p.type === "tool_use"), {
      type: "tool_use",
      id: "c1",
      name: "f",
      input: { a: 1 },
    });
  });
});

describe("toChatCompletion: content beside tool calls", () => {
  // OpenAI answers content null when the message is only tool calls, and
  // clients test `content === null`; one call is the common case.
  for (const calls of [1, 2]) {
    it(`${calls} tool call(s) and no text: content is null`, () => {
      const completion = toChatCompletion({
        message: {
          role: "assistant",
          content: Array.from({ length: calls }, (_, i) => ({
            type: "tool_use" as const,
            id: `c${i}`,
            name: "f",
            input: {},
          })),
        },
        finishReason: "tool_calls",
        metadata: {},
      }, { id: "chatcmpl-1", created: 0, model: "m" });
      assert.equal(completion.choices[0].message.content, null);
      assert.equal(completion.choices[0].message.tool_calls?.length, calls);
    });
  }
});

describe("stream tokens: a later object named usage without counts", () => {
  it("keeps the usage already read", () => {
    const scanner = new StreamTokenScanner();
    const utf8 = new TextEncoder();
    scanner.scan(utf8.encode(
      'data: {"choices":[],"usage":{"prompt_tokens":5,"completion_tokens":2,"total_tokens":7}}\n\n',
    ));
    scanner.scan(utf8.encode(
      'data: {"choices":[],"usage":{"note":"none"}}\n\ndata: [DONE]\n\n',
    ));
    assert.deepEqual(scanner.usage, {
      promptTokens: 5,
      completionTokens: 2,
      totalTokens: 7,
    });
  });
});

describe("requestTimeoutMs: an answered request leaves no timer behind", () => {
  // A long timeout's timer left armed after the answer holds the process
  // (and a test's op sanitizer fails on it) for the whole timeout.
  it("a plain and a streamed answer, both wires, clear the request's timer", async () => {
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
      requestTimeoutMs: 600_000,
    });
    try {
      for (const path of ["/v1/chat/completions", "/v1/messages"]) {
        for (const stream of [false, true]) {
          const response = await gateway(
            new Request(`http://localhost${path}`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({
                model: "echo",
                stream,
                max_tokens: 16,
                messages: [{ role: "user", content: "hi" }],
              }),
            }),
          );
          assert.equal(response.status, 200, `${path} stream: ${stream}`);
          assert.match(await response.text(), /hi/);
        }
      }
    } finally {
      gateway.dispose();
    }
  });
});
