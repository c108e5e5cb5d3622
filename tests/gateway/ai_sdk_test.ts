// The Vercel AI SDK's default OpenAI model (`openai(id)`, the Responses
// API) through the gateway: generateText, streamText with tools,
// generateObject, embed and embedMany, against an OpenAI-wire
// (Chat Completions) and an Anthropic-wire backend on loopback, both
// refusing body keys their real API does not take.
import assert from "node:assert/strict";
import {
  embed,
  embedMany,
  generateObject,
  generateText,
  jsonSchema,
  stepCountIs,
  streamText,
  tool,
} from "npm:ai@7.0.173";
import { createOpenAI } from "npm:@ai-sdk/openai@4.0.118";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import type { RequestLogEntry } from "../../src/gateway/mod.ts";
import { serveGateway } from "./_serve.ts";
import { ANSWER, serveAnthropicWire, serveOpenAIWire } from "./_wire_mocks.ts";

async function withGateway(
  run: (
    provider: ReturnType<typeof createOpenAI>,
    lines: RequestLogEntry[],
  ) => Promise<void>,
): Promise<void> {
  const oaWire = serveOpenAIWire();
  const anthropicWire = serveAnthropicWire();
  const lines: RequestLogEntry[] = [];
  const gateway = serveGateway({
    backends: [
      [
        "oa",
        createOpenAIAdapter({
          provider: "vllm",
          apiKey: "upstream-key",
          baseURL: `${oaWire.origin}/v1`,
          defaultModel: "gpt-test",
        }),
      ],
      [
        "claude",
        createAnthropicAdapter({
          apiKey: "upstream-key",
          baseURL: anthropicWire.origin,
          defaultModel: "claude-test",
        }),
      ],
    ],
    logger: (entry) => lines.push(entry),
  });
  try {
    await run(
      createOpenAI({ baseURL: `${gateway.origin}/v1`, apiKey: "client-key" }),
      lines,
    );
  } finally {
    await gateway.close();
    await oaWire.close();
    await anthropicWire.close();
  }
}

const weather = tool({
  description: "Weather in a city",
  inputSchema: jsonSchema<{ city: string }>({
    type: "object",
    properties: { city: { type: "string" } },
    required: ["city"],
    additionalProperties: false,
  }),
  execute: ({ city }) => Promise.resolve(`sunny in ${city}`),
});

for (const backend of ["oa", "claude"]) {
  Deno.test(`AI SDK openai(id) → gateway → ${backend}: generateText and streamText with a tool round trip`, async () => {
    await withGateway(async (openai, lines) => {
      const plain = await generateText({
        model: openai(backend),
        prompt: "Say hello",
        maxRetries: 0,
      });
      assert.equal(plain.text, ANSWER);
      assert.equal(plain.usage.inputTokens, 11);

      const streamed = streamText({
        model: openai(backend),
        prompt: "Weather in Paris?",
        tools: { weather },
        stopWhen: stepCountIs(3),
        maxRetries: 0,
      });
      let text = "";
      for await (const delta of streamed.textStream) text += delta;
      assert.equal(text, ANSWER);
      const steps = await streamed.steps;
      assert.equal(steps.length, 2);
      assert.equal(steps[0].toolCalls[0].toolName, "weather");
      assert.deepEqual(steps[0].toolCalls[0].input, { city: "Paris" });
      assert.equal(steps[0].toolResults[0].output, "sunny in Paris");
      const calls = lines.filter((l) => l.path === "/v1/responses");
      assert.ok(calls.every((l) => l.backend === backend && l.status === 200));
    });
  });

  Deno.test(`AI SDK openai(id) → gateway → ${backend}: generateObject`, async () => {
    await withGateway(async (openai) => {
      const { object } = await generateObject({
        model: openai(backend),
        schema: jsonSchema<{ city: string; days: number }>({
          type: "object",
          properties: { city: { type: "string" }, days: { type: "number" } },
          required: ["city", "days"],
          additionalProperties: false,
        }),
        prompt: "Plan a trip",
        maxRetries: 0,
      });
      assert.deepEqual(object, { city: "Paris", days: 3 });
    });
  });
}

Deno.test("AI SDK embed and embedMany → gateway → OpenAI-wire backend", async () => {
  await withGateway(async (openai, lines) => {
    const one = await embed({
      model: openai.embedding("oa/text-embedding-3-small"),
      value: "hello",
      maxRetries: 0,
    });
    assert.deepEqual(one.embedding, [0.5, 1]);
    const many = await embedMany({
      model: openai.embedding("oa/text-embedding-3-small"),
      values: ["a", "b", "c"],
      maxRetries: 0,
    });
    assert.equal(many.embeddings.length, 3);
    assert.equal(many.usage.tokens, 5);
    const logged = lines.filter((l) => l.path === "/v1/embeddings");
    assert.equal(logged.length, 2);
    assert.equal(logged[1].tokens_in, 5);
  });
});
