// LangChain's OpenAI integration through the gateway: OpenAIEmbeddings
// (embedQuery, embedDocuments) and ChatOpenAI with `useResponsesApi`
// (invoke, stream, a bound tool), against loopback OpenAI-wire and
// Anthropic-wire backends that refuse unknown body keys.
import assert from "node:assert/strict";
import { ChatOpenAI, OpenAIEmbeddings } from "npm:@langchain/openai@1.6.0";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import { serveGateway } from "./_serve.ts";
import { ANSWER, serveAnthropicWire, serveOpenAIWire } from "./_wire_mocks.ts";

async function withGateway(run: (origin: string) => Promise<void>) {
  const oaWire = serveOpenAIWire();
  const anthropicWire = serveAnthropicWire();
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
  });
  try {
    await run(gateway.origin);
  } finally {
    await gateway.close();
    await oaWire.close();
    await anthropicWire.close();
  }
}

Deno.test("LangChain OpenAIEmbeddings → gateway: embedQuery and embedDocuments", async () => {
  await withGateway(async (origin) => {
    const embeddings = new OpenAIEmbeddings({
      model: "oa/text-embedding-3-small",
      apiKey: "client-key",
      configuration: { baseURL: `${origin}/v1` },
      maxRetries: 0,
    });
    assert.deepEqual(await embeddings.embedQuery("hello"), [0.5, 1]);
    const documents = await embeddings.embedDocuments(["a", "b"]);
    assert.deepEqual(documents, [[0.5, 1], [0.5, 1]]);
  });
});

for (const backend of ["oa", "claude"]) {
  Deno.test(`LangChain ChatOpenAI useResponsesApi → gateway → ${backend}: invoke, stream, a bound tool`, async () => {
    await withGateway(async (origin) => {
      const chat = new ChatOpenAI({
        model: backend,
        apiKey: "client-key",
        configuration: { baseURL: `${origin}/v1` },
        useResponsesApi: true,
        maxRetries: 0,
      });
      const answer = await chat.invoke("Say hello");
      assert.equal(answer.text, ANSWER);
      let streamed = "";
      for await (const chunk of await chat.stream("Say hello")) {
        streamed += chunk.text;
      }
      assert.equal(streamed, ANSWER);
      const withTool = chat.bindTools([{
        type: "function",
        function: {
          name: "weather",
          description: "Weather in a city",
          parameters: {
            type: "object",
            properties: { city: { type: "string" } },
            required: ["city"],
          },
        },
      }]);
      const call = await withTool.invoke("Weather in Paris?");
      assert.equal(call.tool_calls?.[0]?.name, "weather");
      assert.deepEqual(call.tool_calls?.[0]?.args, { city: "Paris" });
    });
  });
}
