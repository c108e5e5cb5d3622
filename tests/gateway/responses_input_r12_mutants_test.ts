// What a Responses API client sends that the reader must carry to a chat
// backend and no test sent: a conversation replayed with the earlier
// answer's `reasoning` item (the SDK's output items sent back as input),
// which a chat backend has no state for and is left out, not refused; an
// `input_image` as a data URL or a web address; `text.format` of type
// `json_object`, answered through the output tool without tools and passed
// on as the chat format beside the client's own tools, and `json_schema`
// the same with the client's schema, name and strictness (a client tool
// that happens to share the output tool's name stays the client's); a part
// the reader cannot carry (`input_file`, an image given by file id) is a
// 400 naming it, not a broken image; and `tool_choice` exactly as spelt:
// the three modes or a named function (another letter case, or a function
// without its name, is a 400 naming it). Replayed tool calls: parallel calls
// are one assistant turn, a call after a user turn of parts is its own, and
// a call without its name is a 400; `max_output_tokens` is a positive
// integer. And a key's `tpm` bucket is charged the prompt's characters / 4
// rounded up, as on the other routes (docs/gateway/operations.md).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  createEchoAdapter,
  createMockAdapter,
  type TestAdapter,
} from "../../src/models/testing.ts";
import { hashKey } from "../../src/gateway/mod.ts";
import { jsonPost, withGateway } from "./_in_process.ts";

/** What the backend was sent for one Responses request, and the answer. */
async function sent(
  body: Record<string, unknown>,
  echo: TestAdapter = createEchoAdapter(),
) {
  return await withGateway({ backends: [["echo", echo]] }, async (gateway) => {
    const response = await gateway(
      jsonPost("/v1/responses", { model: "echo", ...body }),
    );
    const answer = await response.json();
    return {
      status: response.status,
      answer,
      request: echo.calls.at(-1)?.request,
    };
  });
}

const TOOL = {
  type: "function",
  name: "weather",
  parameters: {
    type: "object",
    properties: { city: { type: "string" } },
    required: ["city"],
    additionalProperties: false,
  },
};

describe("responses input a chat backend is given", () => {
  it("a replayed reasoning item is left out and the turns around it kept", async () => {
    const { status, answer, request } = await sent({
      input: [
        { role: "user", content: "Weather in Oslo?" },
        {
          type: "reasoning",
          id: "rs_1",
          summary: [{ type: "summary_text", text: "Look it up." }],
        },
        {
          type: "function_call",
          call_id: "call_1",
          name: "weather",
          arguments: '{"city":"Oslo"}',
        },
        { type: "function_call_output", call_id: "call_1", output: "12°C" },
      ],
      tools: [TOOL],
    });
    assert.equal(status, 200, JSON.stringify(answer));
    assert.deepEqual(request?.messages.map((m) => m.role), [
      "user",
      "assistant",
      "tool",
    ]);
  });

  it("an input_image is an image part, a data URL as base64 and an address as a URL", async () => {
    const { status, answer, request } = await sent({
      input: [{
        role: "user",
        content: [
          { type: "input_text", text: "Compare." },
          { type: "input_image", image_url: "data:image/png;base64,iVBORw0K" },
          { type: "input_image", image_url: "https://example.com/b.png" },
        ],
      }],
    });
    assert.equal(status, 200, JSON.stringify(answer));
    assert.deepEqual(request?.messages[0].content, [
      { type: "text", text: "Compare." },
      {
        type: "image",
        source: { type: "base64", mediaType: "image/png", data: "iVBORw0K" },
      },
      {
        type: "image",
        source: { type: "url", url: "https://example.com/b.png" },
      },
    ]);
  });
});

describe("responses content parts a chat backend cannot take", () => {
  for (
    const part of [
      { type: "input_file", file_id: "file-1" },
      { type: "input_image", file_id: "file-1" },
    ]
  ) {
    it(`${JSON.stringify(part)} is a 400 naming the part`, async () => {
      const { status, answer, request } = await sent({
        input: [{
          role: "user",
          content: [{ type: "input_text", text: "Read this." }, part],
        }],
      });
      assert.equal(status, 400);
      assert.equal(answer.error.param, "input[0].content[1]");
      assert.equal(request, undefined);
    });
  }
});

const SCHEMA = {
  type: "object",
  properties: { colour: { type: "string" } },
  required: ["colour"],
  additionalProperties: false,
};

describe("responses text.format json_schema", () => {
  const format = {
    type: "json_schema",
    name: "colour",
    schema: SCHEMA,
    strict: true,
  };

  it("without tools is asked of the output tool with the client's schema", async () => {
    const { status, answer, request } = await sent({
      input: "A colour.",
      text: { format },
    });
    assert.equal(status, 200, JSON.stringify(answer));
    assert.deepEqual(request?.tools?.map((t) => t.parameters), [SCHEMA]);
  });

  it("beside the client's tools is passed on as the chat format", async () => {
    const { status, answer, request } = await sent({
      input: "A colour.",
      tools: [TOOL],
      text: { format },
    });
    assert.equal(status, 200, JSON.stringify(answer));
    assert.deepEqual(request?.tools?.map((t) => t.name), ["weather"]);
    assert.deepEqual(request?.parameters?.response_format, {
      type: "json_schema",
      json_schema: { name: "colour", schema: SCHEMA, strict: true },
    });
  });

  it("a client tool named as the output tool is called as the client's tool", async () => {
    const call = {
      type: "tool_use" as const,
      id: "call_1",
      name: "json_response",
      input: { colour: "blue" },
    };
    const backend = createMockAdapter({
      responses: {
        message: { role: "assistant", content: [call] },
        finishReason: "tool_calls",
        metadata: {},
      },
    });
    const { status, answer } = await sent({
      input: "A colour.",
      tools: [{ ...TOOL, name: "json_response", parameters: SCHEMA }],
      text: { format },
    }, backend);
    assert.equal(status, 200, JSON.stringify(answer));
    assert.deepEqual(
      answer.output.map((item: { type: string }) => item.type),
      ["function_call"],
    );
    assert.equal(answer.output[0].name, "json_response");
    assert.deepEqual(JSON.parse(answer.output[0].arguments), {
      colour: "blue",
    });
  });
});

describe("responses text.format json_object", () => {
  it("without tools is asked of the output tool with an object schema", async () => {
    const { status, answer, request } = await sent({
      input: "A colour as JSON.",
      text: { format: { type: "json_object" } },
    });
    assert.equal(status, 200, JSON.stringify(answer));
    assert.equal(request?.tools?.length, 1);
    assert.deepEqual(request?.tools?.[0].parameters, { type: "object" });
    assert.deepEqual(request?.toolChoice, { name: request?.tools?.[0].name });
  });

  it("beside the client's tools is passed on as the chat format, the tools untouched", async () => {
    const { status, answer, request } = await sent({
      input: "A colour as JSON.",
      tools: [TOOL],
      text: { format: { type: "json_object" } },
    });
    assert.equal(status, 200, JSON.stringify(answer));
    assert.deepEqual(request?.tools?.map((t) => t.name), ["weather"]);
    assert.deepEqual(request?.parameters?.response_format, {
      type: "json_object",
    });
  });
});

describe("responses tool_choice", () => {
  for (const mode of ["auto", "none", "required"]) {
    it(`${JSON.stringify(mode)} is that mode`, async () => {
      const { status, answer, request } = await sent({
        input: "Weather?",
        tools: [TOOL],
        tool_choice: mode,
      });
      assert.equal(status, 200, JSON.stringify(answer));
      assert.equal(request?.toolChoice, mode);
    });
  }

  it("a named function is that function", async () => {
    const { status, answer, request } = await sent({
      input: "Weather?",
      tools: [TOOL],
      tool_choice: { type: "function", name: "weather" },
    });
    assert.equal(status, 200, JSON.stringify(answer));
    assert.deepEqual(request?.toolChoice, { name: "weather" });
  });

  for (
    const mode of [
      "Required",
      "AUTO",
      "any",
      { type: "function" },
      { type: "Function", name: "weather" },
      { type: "function", name: 7 },
    ]
  ) {
    it(`${JSON.stringify(mode)} is a 400 naming tool_choice`, async () => {
      const { status, answer, request } = await sent({
        input: "Weather?",
        tools: [TOOL],
        tool_choice: mode,
      });
      assert.equal(status, 400);
      assert.equal(answer.error.param, "tool_choice");
      assert.equal(request, undefined);
    });
  }
});

describe("responses function calls replayed", () => {
  const call = (id: string) => ({
    type: "function_call",
    call_id: id,
    name: "weather",
    arguments: '{"city":"Oslo"}',
  });
  const output = (id: string) => ({
    type: "function_call_output",
    call_id: id,
    output: "12°C",
  });

  it("parallel calls are one assistant turn; a call after a user turn of parts is its own", async () => {
    const { status, answer, request } = await sent({
      input: [
        {
          role: "user",
          content: [{ type: "input_text", text: "Oslo and Bergen?" }],
        },
        call("c1"),
        call("c2"),
        output("c1"),
        output("c2"),
      ],
      tools: [TOOL],
    });
    assert.equal(status, 200, JSON.stringify(answer));
    const messages = request?.messages ?? [];
    assert.deepEqual(messages.map((m) => m.role), [
      "user",
      "assistant",
      "tool",
      "tool",
    ]);
    assert.deepEqual(messages[0].content, [{
      type: "text",
      text: "Oslo and Bergen?",
    }]);
    assert.deepEqual(
      (messages[1].content as { id: string }[]).map((part) => part.id),
      ["c1", "c2"],
    );
  });

  it("a call without its name is a 400 naming the item", async () => {
    const { name: _name, ...nameless } = call("c1");
    const { status, answer, request } = await sent({
      input: [{ role: "user", content: "Oslo?" }, nameless, output("c1")],
      tools: [TOOL],
    });
    assert.equal(status, 400);
    assert.equal(answer.error.param, "input[1]");
    assert.equal(request, undefined);
  });
});

describe("responses max_output_tokens", () => {
  it("a positive integer is the backend's limit", async () => {
    const { status, answer, request } = await sent({
      input: "hi",
      max_output_tokens: 16,
    });
    assert.equal(status, 200, JSON.stringify(answer));
    assert.equal(request?.parameters?.maxTokens, 16);
  });

  for (const max of [0, -4, 2.5, "16"]) {
    it(`${JSON.stringify(max)} is a 400 naming it`, async () => {
      const { status, answer, request } = await sent({
        input: "hi",
        max_output_tokens: max,
      });
      assert.equal(status, 400);
      assert.equal(answer.error.param, "max_output_tokens");
      assert.equal(request, undefined);
    });
  }
});

describe("responses: a key's tpm bucket", () => {
  it("is charged the prompt's characters / 4 rounded up, whatever the remainder", async () => {
    await withGateway({
      backends: [["echo", createEchoAdapter()]],
      keys: [{ id: "k", sha256: await hashKey("sk-k"), tpm: 1000 }],
      now: () => 1_000_000,
    }, async (gateway) => {
      let remaining = 1000;
      for (const text of ["a", "ab", "abc", "abcd"]) {
        const request = jsonPost("/v1/responses", {
          model: "echo",
          input: text,
        });
        request.headers.set("authorization", "Bearer sk-k");
        const response = await gateway(request);
        await response.body?.cancel();
        assert.equal(response.status, 200, text);
        // The prompt as the gateway reads it: one user message.
        const chars = JSON.stringify([{ role: "user", content: text }]).length;
        remaining -= Math.ceil(chars / 4);
        assert.equal(
          response.headers.get("x-ratelimit-remaining-tokens"),
          String(remaining),
          `${text}: ${chars} characters`,
        );
      }
    });
  });
});

describe("responses text.format json_schema without its name or schema", () => {
  it("is a 400 naming the missing field, as the Responses API answers, before any backend is called", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: "json_schema", name: "colour" }, "text.format.schema"],
      [
        { type: "json_schema", name: "colour", schema: null },
        "text.format.schema",
      ],
      [
        { type: "json_schema", name: "colour", schema: "{}" },
        "text.format.schema",
      ],
      [{ type: "json_schema", schema: SCHEMA }, "text.format.name"],
      [{ type: "json_schema", name: 7, schema: SCHEMA }, "text.format.name"],
    ];
    for (const [format, param] of cases) {
      for (const tools of [undefined, [TOOL]]) {
        const echo = createEchoAdapter();
        const { status, answer } = await sent({
          input: "A colour.",
          ...(tools ? { tools } : {}),
          text: { format },
        }, echo);
        const where = JSON.stringify({ format, tools: tools !== undefined });
        assert.equal(status, 400, where);
        assert.equal(answer.error.param, param, where);
        assert.match(
          answer.error.message,
          new RegExp(param.replaceAll(".", "\\.")),
          where,
        );
        assert.equal(echo.calls.length, 0, where);
      }
    }
  });
});
