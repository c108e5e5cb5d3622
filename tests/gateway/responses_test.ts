// `POST /v1/responses` with the openai SDK's responses.create as the client:
// relayed byte for byte to an OpenAI-wire backend that serves the
// Responses API, and translated to chat for an Anthropic-wire backend
// (plain and streamed, tools, structured output, usage). The Anthropic
// upstream refuses body keys the Messages API does not take.
import assert from "node:assert/strict";
import OpenAI from "npm:openai@7.57.0";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { openAIClient } from "./_openai_client.ts";
import { fetchSignal } from "../_bounded.ts";
import { ANTHROPIC_MESSAGES_KEYS } from "../_anthropic_api.ts";
import { serveUpstream, type UpstreamCall } from "./_serve.ts";
import {
  anthropicBlockAnswer,
  responsesAnswer,
  sseResponse,
} from "./_scripted_answers.ts";
import {
  anthropicBackend,
  type UpstreamGateway,
  withUpstreamGateway,
} from "./_upstream_gateway.ts";

type Block = Record<string, unknown>;

/** An Anthropic Messages upstream answering with `block`. */
function anthropicAnswer(call: UpstreamCall, block: Block): Response {
  const extra = Object.keys(call.body).filter((k) =>
    !ANTHROPIC_MESSAGES_KEYS.includes(k)
  );
  if (extra.length > 0) {
    return Response.json({
      type: "error",
      error: {
        type: "invalid_request_error",
        message: `${extra}: Extra inputs are not permitted`,
      },
    }, { status: 400 });
  }
  return anthropicBlockAnswer(
    call.body.model,
    block,
    call.body.stream === true,
  );
}

/** What the upstream answers: a tool call when tools are offered, else text. */
function scripted(call: UpstreamCall): Response {
  const tools = call.body.tools as Array<{ name: string }> | undefined;
  if (tools?.length) {
    const name = tools[0].name;
    return anthropicAnswer(call, {
      type: "tool_use",
      id: "toolu_1",
      name,
      input: name === "json_response"
        ? { city: "Paris", days: 3 }
        : { city: "Paris" },
    });
  }
  return anthropicAnswer(call, { type: "text", text: "Bonjour" });
}

/** A gateway whose backend `claude` is the scripted Anthropic upstream. */
function withAnthropic(
  run: (
    pair: UpstreamGateway<ReturnType<typeof serveUpstream>>,
  ) => Promise<void>,
): Promise<void> {
  return withUpstreamGateway(
    serveUpstream(scripted),
    anthropicBackend("claude", { defaultModel: "claude-test" }),
    {},
    run,
  );
}

Deno.test("responses.create translated to an Anthropic-wire backend: text, usage, instructions as system", async () => {
  await withAnthropic(async ({ upstream, origin }) => {
    const client = openAIClient(origin);
    const response = await client.responses.create({
      model: "claude",
      instructions: "Answer in French.",
      input: "Say hello",
      max_output_tokens: 50,
    });
    assert.equal(response.object, "response");
    assert.equal(response.status, "completed");
    assert.equal(response.output_text, "Bonjour");
    assert.equal(response.usage?.input_tokens, 11);
    assert.equal(response.usage?.output_tokens, 7);
    assert.equal(upstream.calls[0].body.system, "Answer in French.");
    assert.equal(upstream.calls[0].body.max_tokens, 50);
  });
});

Deno.test("responses.create streamed, translated: typed events in order, text deltas, completed with usage", async () => {
  await withAnthropic(async ({ origin }) => {
    const client = openAIClient(origin);
    const stream = await client.responses.create({
      model: "claude",
      input: [{ role: "user", content: [{ type: "input_text", text: "hi" }] }],
      stream: true,
    });
    const types: string[] = [];
    let text = "";
    let completed: OpenAI.Responses.Response | undefined;
    let sequence = -1;
    for await (const event of stream) {
      types.push(event.type);
      assert.equal(event.sequence_number, sequence + 1);
      sequence = event.sequence_number;
      if (event.type === "response.output_text.delta") text += event.delta;
      if (event.type === "response.completed") completed = event.response;
    }
    assert.deepEqual(types, [
      "response.created",
      "response.in_progress",
      "response.output_item.added",
      "response.content_part.added",
      "response.output_text.delta",
      "response.output_text.done",
      "response.content_part.done",
      "response.output_item.done",
      "response.completed",
    ]);
    assert.equal(text, "Bonjour");
    assert.equal(completed?.usage?.output_tokens, 7);
    const item = completed?.output[0];
    assert.ok(item?.type === "message");
    assert.deepEqual(
      item.content.map((c) => c.type === "output_text" && c.text),
      ["Bonjour"],
    );
  });
});

Deno.test("responses.create with a function tool, plain and streamed: a function_call item; its output goes back as a tool result", async () => {
  const tools: OpenAI.Responses.Tool[] = [{
    type: "function",
    name: "weather",
    description: "Weather in a city",
    parameters: {
      type: "object",
      properties: { city: { type: "string" } },
      required: ["city"],
    },
    strict: true,
  }];
  await withAnthropic(async ({ upstream, origin }) => {
    const client = openAIClient(origin);
    const plain = await client.responses.create({
      model: "claude",
      input: "Weather?",
      tools,
    });
    const call = plain.output.find((item) => item.type === "function_call");
    assert.ok(call?.type === "function_call");
    assert.equal(call.name, "weather");
    assert.deepEqual(JSON.parse(call.arguments), { city: "Paris" });
    assert.equal(call.call_id, "toolu_1");

    const stream = await client.responses.create({
      model: "claude",
      input: "Weather?",
      tools,
      stream: true,
    });
    let args = "";
    let done: string | undefined;
    for await (const event of stream) {
      if (event.type === "response.function_call_arguments.delta") {
        args += event.delta;
      }
      if (event.type === "response.function_call_arguments.done") {
        done = event.arguments;
      }
    }
    assert.deepEqual(JSON.parse(args), { city: "Paris" });
    assert.equal(done, args);

    // The second turn: the call and its output, as the SDKs send them back.
    await client.responses.create({
      model: "claude",
      input: [
        { role: "user", content: "Weather?" },
        {
          type: "function_call",
          call_id: "toolu_1",
          name: "weather",
          arguments: '{"city":"Paris"}',
        },
        { type: "function_call_output", call_id: "toolu_1", output: "sunny" },
      ],
    });
    const messages = upstream.calls[2].body.messages as Array<
      { role: string; content: Block[] }
    >;
    assert.deepEqual(messages.map((m) => m.role), [
      "user",
      "assistant",
      "user",
    ]);
    assert.equal(messages[1].content[0].type, "tool_use");
    assert.deepEqual(messages[2].content[0], {
      type: "tool_result",
      tool_use_id: "toolu_1",
      content: "sunny",
    });
  });
});

Deno.test("responses.create with text.format json_schema on an Anthropic-wire backend: the answer is the JSON, plain and streamed", async () => {
  const text = {
    format: {
      type: "json_schema" as const,
      name: "trip",
      strict: true,
      schema: {
        type: "object",
        properties: { city: { type: "string" }, days: { type: "number" } },
        required: ["city", "days"],
        additionalProperties: false,
      },
    },
  };
  await withAnthropic(async ({ upstream, origin }) => {
    const client = openAIClient(origin);
    const plain = await client.responses.create({
      model: "claude",
      input: "Plan",
      text,
    });
    assert.deepEqual(JSON.parse(plain.output_text), { city: "Paris", days: 3 });
    assert.equal(
      plain.output.length,
      1,
      "no function_call item for the format",
    );
    const stream = await client.responses.create({
      model: "claude",
      input: "Plan",
      text,
      stream: true,
    });
    let streamed = "";
    for await (const event of stream) {
      if (event.type === "response.output_text.delta") streamed += event.delta;
      assert.notEqual(event.type, "response.function_call_arguments.delta");
    }
    assert.deepEqual(JSON.parse(streamed), { city: "Paris", days: 3 });
    assert.deepEqual(upstream.calls[0].body.tool_choice, {
      type: "tool",
      name: "json_response",
    });
  });
});

Deno.test("responses: previous_response_id on a translated backend is a 400 saying so; nothing is sent", async () => {
  await withAnthropic(async ({ upstream, origin }) => {
    const error = await openAIClient(origin).responses.create({
      model: "claude",
      input: "again",
      previous_response_id: "resp_123",
    }).catch((e) => e);
    assert.ok(error instanceof OpenAI.BadRequestError, String(error));
    assert.match(error.message, /previous_response_id.*stores responses/);
    assert.equal(error.param, "previous_response_id");
    assert.equal(upstream.calls.length, 0);
  });
});

Deno.test("responses.create relayed to an OpenAI backend that serves the Responses API: the upstream's bytes, plain and streamed", async () => {
  const answer = responsesAnswer("gpt-test", "relayed");
  const relaying = serveUpstream((call) => {
    if (call.path !== "/v1/responses") {
      return new Response("no", { status: 404 });
    }
    if (call.body.stream !== true) return Response.json(answer);
    return sseResponse([
      ["response.created", {
        type: "response.created",
        sequence_number: 0,
        response: { ...answer, status: "in_progress", output: [] },
      }],
      ["response.output_text.delta", {
        type: "response.output_text.delta",
        sequence_number: 1,
        item_id: "msg_up",
        output_index: 0,
        content_index: 0,
        delta: "relayed",
      }],
      ["response.completed", {
        type: "response.completed",
        sequence_number: 2,
        response: answer,
      }],
    ]);
  });
  await withUpstreamGateway(
    relaying,
    // The adapter's own name and no default model, as an operator's
    // OpenAI backend has them.
    (origin) => [
      "oa",
      createOpenAIAdapter({ apiKey: "upstream-key", baseURL: `${origin}/v1` }),
    ],
    {},
    async ({ upstream, origin }) => {
      const client = openAIClient(origin);
      const plain = await client.responses.create({
        model: "oa/gpt-test",
        input: "hi",
        previous_response_id: "resp_prev",
        store: true,
      });
      assert.equal(plain.id, "resp_up");
      assert.equal(plain.output_text, "relayed");
      assert.deepEqual(upstream.calls[0].body, {
        model: "gpt-test",
        input: "hi",
        previous_response_id: "resp_prev",
        store: true,
      });
      const stream = await client.responses.create({
        model: "oa/gpt-test",
        input: "hi",
        stream: true,
      });
      let text = "";
      for await (const event of stream) {
        if (event.type === "response.output_text.delta") text += event.delta;
      }
      assert.equal(text, "relayed");
    },
  );
});

Deno.test("responses translated: fields chat has no place for are dropped and reported (header and log line), nothing sent upstream for them", async () => {
  await withAnthropic(async ({ upstream, origin, logs: lines }) => {
    const response = await fetch(`${origin}/v1/responses`, {
      signal: fetchSignal(),
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        model: "claude",
        input: "hi",
        store: true,
        truncation: "auto",
        temperature: 0.5,
      }),
    });
    assert.equal(response.status, 200);
    await response.json();
    assert.equal(
      response.headers.get("x-switchyard-dropped"),
      "store,truncation",
    );
    assert.deepEqual(lines.at(-1)?.dropped, ["store", "truncation"]);
    assert.equal(upstream.calls[0].body.temperature, 0.5);
  });
});
