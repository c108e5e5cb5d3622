// Every refusal of the OpenAI chat and Responses request readers, on the
// wire: a 400 in OpenAI's error shape whose `param` names the field, and
// no call to the backend. A coverage run of the gateway's tests (round 23)
// found most of them reached by no test. Writing them down found three
// faults of the Responses reader, fixed:
// - a `function_call` item whose arguments are JSON but no object (`[1]`)
//   was sent on as a call with empty arguments; it is a 400 now, as the
//   chat reader refuses the same in `tool_calls`;
// - a `refusal` part without its text was sent on as the text "undefined";
// - the errors in an item's content named the item (`input[0]`) or a path
//   that is not the field's (`input[0][0]`); they name `input[0].content`
//   and `input[0].content[0]`, and a function_call_output without its
//   call_id names `input[0].call_id`.
// No Deno API.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

const user = { role: "user", content: "hi" };

/**
 * What a gateway with one echo backend answers `text` POSTed at `path`: the
 * status, the JSON body, and the requests the backend got.
 */
async function post(
  path: string,
  text: string,
): Promise<{
  status: number;
  json: Record<string, unknown> & { error: Record<string, unknown> };
  sent: ReturnType<typeof createEchoAdapter>["calls"];
}> {
  const echo = createEchoAdapter();
  const gateway = createGateway({ backends: [["echo", echo]] });
  try {
    const response = await gateway(
      new Request(`http://localhost${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: text,
      }),
    );
    return {
      status: response.status,
      json: await response.json(),
      sent: echo.calls,
    };
  } finally {
    gateway.dispose();
  }
}

/** What the gateway answers `body` as JSON: status, error, backend calls. */
async function answer(
  path: string,
  body: unknown,
): Promise<{ status: number; error: Record<string, unknown>; calls: number }> {
  const { status, json, sent } = await post(path, JSON.stringify(body));
  return { status, error: json.error, calls: sent.length };
}

async function assertRefused(
  path: string,
  cases: ReadonlyArray<readonly [unknown, string, RegExp]>,
): Promise<void> {
  for (const [body, param, message] of cases) {
    const what = JSON.stringify(body);
    const { status, error, calls } = await answer(path, body);
    assert.equal(status, 400, what);
    assert.equal(error.type, "invalid_request_error", what);
    assert.equal(error.param, param, what);
    assert.match(String(error.message), message, what);
    assert.equal(calls, 0, `${what}: the backend was called`);
  }
}

describe("chat completions: each malformed field is a 400 naming it", () => {
  it("the body, the model, numbers and the user", async () => {
    await assertRefused("/v1/chat/completions", [
      [[user], "body", /JSON object/],
      [{ model: "", messages: [user] }, "model", /non-empty string/],
      [{ model: 5, messages: [user] }, "model", /non-empty string/],
      [
        { model: "echo", messages: [user], temperature: "1" },
        "temperature",
        /number/,
      ],
      [{ model: "echo", messages: [user], top_p: "0.5" }, "top_p", /number/],
      [{ model: "echo", messages: [user], user: 5 }, "user", /string/],
    ]);
  });

  it("messages: content, parts, tool calls, tool results and roles", async () => {
    const call = (args: string) => ({
      role: "assistant",
      tool_calls: [{
        id: "c1",
        type: "function",
        function: { name: "f", arguments: args },
      }],
    });
    await assertRefused("/v1/chat/completions", [
      [
        { model: "echo", messages: [{ role: "user", content: 5 }] },
        "messages[0].content",
        /string or an array/,
      ],
      [
        { model: "echo", messages: [{ role: "system", content: 5 }, user] },
        "messages[0].content",
        /string or an array/,
      ],
      [
        {
          model: "echo",
          messages: [user, {
            role: "assistant",
            content: [{ type: "image_url", image_url: { url: "x" } }],
          }],
        },
        "messages[1].content[0]",
        /Only text parts/,
      ],
      [
        { model: "echo", messages: [{ role: "user", content: ["hi"] }] },
        "messages[0].content[0]",
        /must be an object/,
      ],
      [
        {
          model: "echo",
          messages: [{
            role: "user",
            content: [{ type: "image_url", image_url: { url: 5 } }],
          }],
        },
        "messages[0].content[0]",
        /image_url\.url/,
      ],
      [
        { model: "echo", messages: [user, call("[1]"), user] },
        "messages[1].tool_calls[0].function.arguments",
        /JSON object/,
      ],
      [
        { model: "echo", messages: [user, call("{x"), user] },
        "messages[1].tool_calls[0].function.arguments",
        /not valid JSON/,
      ],
      [
        { model: "echo", messages: [user, { role: "tool", content: "r" }] },
        "messages[1].tool_call_id",
        /tool_call_id/,
      ],
      [
        { model: "echo", messages: [{ role: "robot", content: "x" }] },
        "messages[0].role",
        /Unsupported role "robot"/,
      ],
    ]);
  });

  it("tools and tool_choice", async () => {
    const tool = { type: "function", function: { name: "f" } };
    await assertRefused("/v1/chat/completions", [
      [{ model: "echo", messages: [user], tools: 5 }, "tools", /an array/],
      [
        { model: "echo", messages: [user], tools: [{ type: "function" }] },
        "tools[0]",
        /A tool must be/,
      ],
      [
        {
          model: "echo",
          messages: [user],
          tools: [tool],
          tool_choice: {
            type: "allowed_tools",
            allowed_tools: { mode: "auto", tools: [] },
          },
        },
        "tool_choice.allowed_tools",
        /lists no tool/,
      ],
    ]);
  });
});

describe("responses: each malformed field is a 400 naming it", () => {
  const item = (fields: Record<string, unknown>) => ({
    model: "echo",
    input: [fields],
  });

  it("instructions, input, numbers, tools and text.format", async () => {
    await assertRefused("/v1/responses", [
      [
        { model: "echo", instructions: 5, input: "x" },
        "instructions",
        /string/,
      ],
      [{ model: "echo", input: 5 }, "input", /string or an array/],
      [
        { model: "echo", input: "x", temperature: "1" },
        "temperature",
        /number/,
      ],
      [{ model: "echo", input: "x", top_p: "1" }, "top_p", /number/],
      [{ model: "echo", input: "x", tools: 5 }, "tools", /an array/],
      [
        { model: "echo", input: "x", tools: [{ type: "web_search" }] },
        "tools[0]",
        /Only function tools/,
      ],
      [
        { model: "echo", input: "x", text: { format: { type: "grammar" } } },
        "text.format",
        /Unsupported/,
      ],
    ]);
  });

  it("input items: their shape, roles, calls and content", async () => {
    await assertRefused("/v1/responses", [
      [{ model: "echo", input: [5] }, "input[0]", /must be an object/],
      [
        item({ type: "message", role: "robot", content: "x" }),
        "input[0].role",
        /Unknown message role/,
      ],
      [
        item({
          type: "function_call",
          call_id: "c",
          name: "f",
          arguments: "{x",
        }),
        "input[0].arguments",
        /not valid JSON/,
      ],
      [
        item({
          type: "function_call",
          call_id: "c",
          name: "f",
          arguments: "[1]",
        }),
        "input[0].arguments",
        /JSON object/,
      ],
      [
        item({ type: "function_call_output", output: "x" }),
        "input[0].call_id",
        /call_id/,
      ],
      [
        item({ type: "web_search_call" }),
        "input[0].type",
        /serves the Responses API/,
      ],
      [
        item({ type: "message", role: "assistant", content: 5 }),
        "input[0].content",
        /string or an array/,
      ],
      [
        item({ type: "message", role: "system", content: 5 }),
        "input[0].content",
        /string or an array/,
      ],
      [
        item({ type: "message", role: "user", content: 5 }),
        "input[0].content",
        /string or an array/,
      ],
      [
        item({
          type: "message",
          role: "assistant",
          content: [{ type: "output_text", text: "a" }, {
            type: "input_image",
          }],
        }),
        "input[0].content[1]",
        /Only text parts/,
      ],
      [
        item({
          type: "message",
          role: "assistant",
          content: [{ type: "refusal" }],
        }),
        "input[0].content[0]",
        /Only text parts/,
      ],
      [
        item({
          type: "message",
          role: "user",
          content: [{ type: "input_text", text: "a" }, { type: "input_file" }],
        }),
        "input[0].content[1]",
        /Unsupported content part/,
      ],
    ]);
  });

  it("a refusal part with its text is read as that text", async () => {
    const { status, json, sent } = await post(
      "/v1/responses",
      JSON.stringify({
        model: "echo",
        input: [
          { type: "message", role: "user", content: "hi" },
          {
            type: "message",
            role: "assistant",
            content: [{ type: "refusal", refusal: "No." }],
          },
          { type: "message", role: "user", content: "why?" },
        ],
      }),
    );
    assert.equal(status, 200, JSON.stringify(json));
    assert.equal(sent.at(-1)!.request!.messages[1].content, "No.");
  });
});

describe("messages: each malformed field is a 400 in Anthropic's shape naming it", () => {
  const base = { model: "echo", max_tokens: 5, messages: [user] };
  const cases: ReadonlyArray<readonly [unknown, string]> = [
    [[user], "body: the request body must be a JSON object"],
    [
      { ...base, messages: [{ role: "user", content: 5 }] },
      "messages.0.content: must be a string or an array of content blocks",
    ],
    [
      { ...base, messages: [{ role: "user", content: ["hi"] }] },
      "messages.0.content.0: must be an object",
    ],
    [
      {
        ...base,
        messages: [{ role: "user", content: [{ type: "text", text: 5 }] }],
      },
      "messages.0.content.0: `text` must be a string",
    ],
    [
      { ...base, stop_sequences: [1] },
      "stop_sequences: must be an array of strings",
    ],
    [
      { ...base, stop_sequences: "END" },
      "stop_sequences: must be an array of strings",
    ],
    [{ ...base, metadata: 5 }, "metadata: must be an object"],
  ];
  it("names the field at the start of the message, as Anthropic does", async () => {
    for (const [body, message] of cases) {
      const what = JSON.stringify(body);
      const { status, json, sent } = await post("/v1/messages", what);
      assert.equal(status, 400, what);
      assert.equal(json.type, "error", what);
      assert.equal(json.error.type, "invalid_request_error", what);
      assert.equal(json.error.message, message, what);
      assert.equal(sent.length, 0, what);
    }
  });
});

describe("operations and bodies that are no JSON", () => {
  it("embeddings asked to stream, and an operation's body that is no object, are 400s", async () => {
    await assertRefused("/v1/embeddings", [
      [{ model: "echo", input: "x", stream: true }, "stream", /do not stream/],
      [
        { model: "text-embedding-3-small", input: "x" },
        "model",
        /No backend serves embeddings/,
      ],
    ]);
    await assertRefused("/v1/completions", [
      [
        { model: "gpt-3.5-turbo-instruct", prompt: "x" },
        "model",
        /No backend serves completions/,
      ],
    ]);
    const { status, error, calls } = await answer("/v1/embeddings", [1]);
    assert.equal(status, 400);
    assert.equal(error.type, "invalid_request_error");
    assert.match(String(error.message), /JSON object/);
    assert.equal(calls, 0);
  });

  it("a body that is not JSON is a 400 invalid_json in the wire's own shape", async () => {
    for (
      const path of ["/v1/chat/completions", "/v1/messages", "/v1/responses"]
    ) {
      const { status, json, sent } = await post(path, '{"model": "echo", ');
      assert.equal(status, 400, path);
      assert.equal(json.error.type, "invalid_request_error", path);
      assert.match(String(json.error.message), /not valid JSON/, path);
      if (path === "/v1/messages") assert.equal(json.type, "error");
      else assert.equal(json.error.code, "invalid_json", path);
      assert.equal(sent.length, 0, path);
    }
  });
});
