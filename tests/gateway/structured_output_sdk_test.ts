// Structured output from the three OpenAI client libraries (the AI SDK's
// Chat Completions model, LangChain's ChatOpenAI, the openai SDK's
// `parse`) through a backend of the other wire: an Anthropic-wire upstream
// on loopback that refuses keys its real API does not take gets the schema
// as `output_config.format`, and each library gets its object.
import assert from "node:assert/strict";
import { generateObject, jsonSchema, streamObject } from "npm:ai@7.0.173";
import { createOpenAI } from "npm:@ai-sdk/openai@4.0.118";
import { ChatOpenAI } from "npm:@langchain/openai@1.6.0";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import { FETCH_TIMEOUT_MS, withTimeout } from "../_bounded.ts";
import { openAIClient } from "./_openai_client.ts";
import { serveGateway } from "./_serve.ts";
import { serveAnthropicWire } from "./_wire_mocks.ts";

type Json = Record<string, unknown>;

const SCHEMA = {
  type: "object" as const,
  properties: { city: { type: "string" }, days: { type: "number" } },
  required: ["city", "days"],
  additionalProperties: false,
};
const TRIP = { city: "Paris", days: 3 };

async function withClaude(
  run: (origin: string) => Promise<void>,
): Promise<void> {
  const claude = serveAnthropicWire();
  const gateway = serveGateway({
    backends: [[
      "claude",
      createAnthropicAdapter({
        apiKey: "upstream-key",
        baseURL: claude.origin,
        defaultModel: "claude-test",
      }),
    ]],
  });
  try {
    await run(gateway.origin);
    const bodies = claude.calls.map((call) => call.body);
    assert.ok(bodies.length > 0);
    for (const body of bodies) {
      const format = (body.output_config as Json | undefined)?.format as
        | Json
        | undefined;
      assert.equal(format?.type, "json_schema", JSON.stringify(body));
      assert.deepEqual((format?.schema as Json).required, ["city", "days"]);
    }
  } finally {
    await gateway.close();
    await claude.close();
  }
}

Deno.test("AI SDK openai.chat(id) → gateway → anthropic-wire upstream: generateObject and streamObject", async () => {
  await withClaude(async (origin) => {
    const openai = createOpenAI({
      baseURL: `${origin}/v1`,
      apiKey: "client-key",
    });
    const schema = jsonSchema<{ city: string; days: number }>(SCHEMA);
    const { object } = await generateObject({
      model: openai.chat("claude"),
      schema,
      prompt: "Plan a trip",
      maxRetries: 0,
    });
    assert.deepEqual(object, TRIP);
    const errors: unknown[] = [];
    const streamed = streamObject({
      model: openai.chat("claude"),
      schema,
      prompt: "Plan a trip",
      maxRetries: 0,
      onError: ({ error }) => {
        errors.push(error);
      },
    });
    let last: unknown;
    await withTimeout(
      (async () => {
        for await (const partial of streamed.partialObjectStream) {
          last = partial;
        }
      })(),
      FETCH_TIMEOUT_MS,
      "streamObject's stream",
    );
    assert.deepEqual(errors, []);
    assert.deepEqual(last, TRIP);
  });
});

Deno.test("LangChain ChatOpenAI.withStructuredOutput (jsonSchema) → gateway → anthropic-wire upstream", async () => {
  await withClaude(async (origin) => {
    const chat = new ChatOpenAI({
      model: "claude",
      apiKey: "client-key",
      configuration: { baseURL: `${origin}/v1` },
      maxRetries: 0,
    });
    const structured = chat.withStructuredOutput(
      { title: "trip", ...SCHEMA },
      { method: "jsonSchema" },
    );
    assert.deepEqual(await structured.invoke("Plan a trip"), TRIP);
  });
});

Deno.test("openai SDK chat.completions.parse → gateway → anthropic-wire upstream", async () => {
  await withClaude(async (origin) => {
    const completion = await openAIClient(origin).chat.completions.parse({
      model: "claude",
      messages: [{ role: "user", content: "Plan a trip" }],
      response_format: {
        type: "json_schema",
        json_schema: { name: "trip", schema: SCHEMA, strict: true },
      },
    });
    assert.deepEqual(completion.choices[0].message.parsed, TRIP);
  });
});
