// The Responses API answer, translated from a chat backend, carries the
// answer's details where the Responses API keeps them: cached and reasoning
// tokens in the usage details, a refusal as a `refusal` content part, and,
// when `include` asks, the text's log probabilities, plain and streamed;
// the openai SDK's responses.create is the client.
import assert from "node:assert/strict";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import { openAIClient } from "./_openai_client.ts";
import { serveGateway } from "./_serve.ts";
import {
  DETAILS,
  LOGPROBS,
  OPENAI_DETAIL_USAGE,
  REFUSAL,
  REFUSE,
  serveAnthropicWire,
  serveOpenAIWire,
} from "./_wire_mocks.ts";

async function withGateway(
  run: (
    client: ReturnType<typeof openAIClient>,
    upstream: ReturnType<typeof serveOpenAIWire>,
  ) => Promise<void>,
) {
  const upstream = serveOpenAIWire();
  const gateway = serveGateway({
    backends: [[
      "oa",
      createOpenAIAdapter({
        provider: "vllm",
        apiKey: "upstream-key",
        baseURL: `${upstream.origin}/v1`,
        defaultModel: "gpt-test",
        includeStreamUsage: true,
      }),
    ]],
  });
  try {
    await run(openAIClient(gateway.origin), upstream);
  } finally {
    await gateway.close();
    await upstream.close();
  }
}

const TOKENS = ["Bon", "jour"].map((token) => {
  const bytes = [...new TextEncoder().encode(token)];
  const logprob = LOGPROBS[token];
  return { token, logprob, bytes, top_logprobs: [{ token, logprob, bytes }] };
});

const DETAIL_REQUEST = {
  model: "oa",
  input: `Say hello, with ${DETAILS}`,
  include: ["message.output_text.logprobs" as const],
  top_logprobs: 1,
};

function checkUsage(usage: unknown) {
  const got = usage as {
    input_tokens_details: { cached_tokens: number };
    output_tokens_details: { reasoning_tokens: number };
  };
  assert.equal(
    got.input_tokens_details.cached_tokens,
    OPENAI_DETAIL_USAGE.prompt_tokens_details.cached_tokens,
  );
  assert.equal(
    got.output_tokens_details.reasoning_tokens,
    OPENAI_DETAIL_USAGE.completion_tokens_details.reasoning_tokens,
  );
}

Deno.test("responses.create translated: cached and reasoning tokens in the usage details, the text's logprobs when include asks, plain", async () => {
  await withGateway(async (client, upstream) => {
    const response = await client.responses.create(DETAIL_REQUEST);
    assert.equal(response.output_text, "Bonjour");
    checkUsage(response.usage);
    const message = response.output[0];
    assert.ok(message.type === "message");
    const part = message.content[0];
    assert.ok(part.type === "output_text");
    assert.deepEqual(part.logprobs, TOKENS);
    // The upstream was asked for them, in its own words.
    assert.equal(upstream.calls[0].body.logprobs, true);
    assert.equal(upstream.calls[0].body.top_logprobs, 1);
  });
});

Deno.test("responses.create translated and streamed: logprobs on each text delta and the done part, usage details on response.completed", async () => {
  await withGateway(async (client) => {
    const stream = await client.responses.create({
      ...DETAIL_REQUEST,
      stream: true,
    });
    const deltas: unknown[] = [];
    let done: unknown;
    let completed: { usage?: unknown; output: unknown[] } | undefined;
    for await (const event of stream) {
      if (event.type === "response.output_text.delta") {
        deltas.push(...(event.logprobs ?? []));
      } else if (event.type === "response.output_text.done") {
        done = event.logprobs;
      } else if (event.type === "response.completed") {
        completed = event.response;
      }
    }
    assert.deepEqual(deltas, TOKENS);
    assert.deepEqual(done, TOKENS);
    assert.ok(completed !== undefined);
    checkUsage(completed.usage);
    const message = completed.output[0] as { content: unknown[] };
    assert.deepEqual(message.content, [{
      type: "output_text",
      text: "Bonjour",
      annotations: [],
      logprobs: TOKENS,
    }]);
  });
});

Deno.test("responses.create translated: a refusal is a refusal content part, plain and streamed (refusal deltas, then done)", async () => {
  await withGateway(async (client) => {
    const plain = await client.responses.create({
      model: "oa",
      input: `Please ${REFUSE}`,
    });
    const message = plain.output[0];
    assert.ok(message.type === "message");
    assert.deepEqual(message.content, [{
      type: "refusal",
      refusal: REFUSAL.join(""),
    }]);
    assert.equal(plain.output_text, "");

    const stream = await client.responses.create({
      model: "oa",
      input: `Please ${REFUSE}`,
      stream: true,
    });
    const types: string[] = [];
    let refusal = "";
    let finished = "";
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === "response.refusal.delta") refusal += event.delta;
      if (event.type === "response.refusal.done") finished = event.refusal;
    }
    assert.deepEqual(refusal, REFUSAL.join(""));
    assert.equal(finished, REFUSAL.join(""));
    assert.deepEqual(types.filter((type) => type.includes("part")), [
      "response.content_part.added",
      "response.content_part.done",
    ]);
    assert.ok(!types.includes("response.output_text.delta"));
  });
});

Deno.test("responses.create translated from an anthropic-wire backend: its cache reads and writes are the usage's cached_tokens and cache_write_tokens, plain and streamed", async () => {
  const upstream = serveAnthropicWire();
  const gateway = serveGateway({
    backends: [[
      "claude",
      createAnthropicAdapter({
        apiKey: "upstream-key",
        baseURL: upstream.origin,
        defaultModel: "claude-test",
      }),
    ]],
  });
  try {
    const client = openAIClient(gateway.origin);
    const request = { model: "claude", input: `Say hello, with ${DETAILS}` };
    const expected = { cached_tokens: 6, cache_write_tokens: 4 };
    const plain = await client.responses.create(request);
    assert.equal(plain.usage?.input_tokens, 19);
    assert.deepEqual(plain.usage?.input_tokens_details, expected);
    const stream = await client.responses.create({ ...request, stream: true });
    let usage: unknown;
    for await (const event of stream) {
      if (event.type === "response.completed") usage = event.response.usage;
    }
    assert.deepEqual(
      (usage as { input_tokens_details: unknown }).input_tokens_details,
      expected,
    );
  } finally {
    await gateway.close();
    await upstream.close();
  }
});
