// Usage on every answer, as OpenAI and Anthropic send it, also from a backend
// that reports none (the echo adapter, as in `deno task start`): an estimate
// (prompt characters / 4, generated characters / 4). Official SDKs on
// loopback are the clients.
import assert from "node:assert/strict";
import type OpenAI from "npm:openai@7.57.0";
import {
  createEchoAdapter,
  createMockAdapter,
} from "../../src/models/testing.ts";
import { anthropicClient } from "./_anthropic_client.ts";
import { openAIClient } from "./_openai_client.ts";
import { serveGateway } from "./_serve.ts";

const TEXT = "count these words please"; // echoed: 24 characters, 6 tokens
const REPORTED = { promptTokens: 11, completionTokens: 7, totalTokens: 18 };

function gateway() {
  return serveGateway({
    backends: [
      ["echo", createEchoAdapter()],
      [
        "reporting",
        createMockAdapter({
          responses: {
            message: { role: "assistant", content: TEXT },
            finishReason: "stop",
            usage: REPORTED,
            metadata: {},
          },
        }),
      ],
    ],
  });
}

Deno.test("openai SDK: include_usage from a backend without usage still ends with the usage chunk, an estimate", async () => {
  const server = gateway();
  try {
    const client = openAIClient(server.origin);
    const request = {
      model: "echo",
      messages: [{ role: "user" as const, content: TEXT }],
      stream: true as const,
    };
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    const stream = await client.chat.completions.create({
      ...request,
      stream_options: { include_usage: true },
    });
    for await (const chunk of stream) chunks.push(chunk);
    const last = chunks.at(-1)!;
    assert.deepEqual(last.choices, [], "the usage chunk comes last");
    const usage = last.usage!;
    assert.ok(usage, "usage chunk sent");
    assert.equal(usage.completion_tokens, Math.ceil(TEXT.length / 4));
    assert.ok(usage.prompt_tokens >= Math.ceil(TEXT.length / 4));
    assert.equal(
      usage.total_tokens,
      usage.prompt_tokens + usage.completion_tokens,
    );
    assert.equal(
      chunks.filter((chunk) => chunk.usage).length,
      1,
      "usage only on the last chunk",
    );

    // Not asked for: no usage chunk.
    const plain: OpenAI.ChatCompletionChunk[] = [];
    for await (const chunk of await client.chat.completions.create(request)) {
      plain.push(chunk);
    }
    assert.ok(plain.every((chunk) => !chunk.usage && chunk.choices.length));

    // Non-streamed: usage on the completion, the same estimate.
    const completion = await client.chat.completions.create({
      ...request,
      stream: false,
    });
    assert.deepEqual(completion.usage, usage);
  } finally {
    await server.close();
  }
});

Deno.test("openai SDK: a backend's reported usage is sent as reported, streamed and not", async () => {
  const server = gateway();
  try {
    const client = openAIClient(server.origin);
    const request = {
      model: "reporting",
      messages: [{ role: "user" as const, content: "hi" }],
    };
    let streamed: OpenAI.CompletionUsage | undefined;
    for await (
      const chunk of await client.chat.completions.create({
        ...request,
        stream: true,
        stream_options: { include_usage: true },
      })
    ) {
      streamed = chunk.usage ?? streamed;
    }
    const reported = {
      prompt_tokens: 11,
      completion_tokens: 7,
      total_tokens: 18,
    };
    assert.deepEqual(streamed, reported);
    const completion = await client.chat.completions.create(request);
    assert.deepEqual(completion.usage, reported);
  } finally {
    await server.close();
  }
});

Deno.test("anthropic SDK: a backend without usage gets estimated input and output tokens, streamed and not", async () => {
  const server = gateway();
  try {
    const anthropic = anthropicClient(server.origin);
    const request = {
      model: "echo",
      max_tokens: 64,
      messages: [{ role: "user" as const, content: TEXT }],
    };
    const message = await anthropic.messages.create(request);
    assert.equal(message.usage.output_tokens, Math.ceil(TEXT.length / 4));
    assert.ok(message.usage.input_tokens >= Math.ceil(TEXT.length / 4));

    const stream = anthropic.messages.stream(request);
    let startInput: number | undefined;
    stream.on("streamEvent", (event) => {
      if (event.type === "message_start") {
        startInput = event.message.usage.input_tokens;
      }
    });
    const final = await stream.finalMessage();
    assert.equal(startInput, message.usage.input_tokens, "message_start");
    assert.equal(final.usage.input_tokens, message.usage.input_tokens);
    assert.equal(final.usage.output_tokens, message.usage.output_tokens);

    // Reported usage wins over the estimate in message_delta.
    const reported = await anthropic.messages.stream({
      ...request,
      model: "reporting",
    }).finalMessage();
    assert.equal(reported.usage.input_tokens, 11);
    assert.equal(reported.usage.output_tokens, 7);
  } finally {
    await server.close();
  }
});
