// The caller's request id (`metadata.requestId`) comes back in the answer's
// metadata from the native adapters, whole and streamed (the start and done
// chunks), as OpenAI's and Cohere's tests already check for their whole
// answers; without one, the metadata names none. An exploratory mutation run
// on ollama.ts (seed 7306, not a measure) dropped Ollama's copy unseen.
// Portable: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import type { IRStreamChunk } from "../../../src/models/adapters/openai.ts";
import { createGeminiAdapter } from "../../../src/models/adapters/gemini.ts";
import { createCohereAdapter } from "../../../src/models/adapters/cohere.ts";
import {
  adapterFactory,
  collect,
  fixture,
  jsonFixture,
  streamResponse,
} from "./_fake.ts";
import { ollamaWith } from "./_ollama_upstream.ts";

const ADAPTERS = {
  ollama: {
    with: ollamaWith,
    whole: () => Response.json(jsonFixture("ollama/chat.json")),
    stream: () =>
      streamResponse(
        fixture("ollama/chat_stream.ndjson"),
        "application/x-ndjson",
      ),
  },
  gemini: {
    with: adapterFactory(createGeminiAdapter, { apiKey: "k" }),
    whole: () => Response.json(jsonFixture("gemini/generate.json")),
    stream: () => streamResponse(fixture("gemini/stream_text.sse")),
  },
  cohere: {
    with: adapterFactory(createCohereAdapter, { apiKey: "k" }),
    whole: () => Response.json(jsonFixture("cohere/chat.json")),
    stream: () => streamResponse(fixture("cohere/stream_text.sse")),
  },
};

const ask = { messages: [{ role: "user" as const, content: "Hi" }] };

function idsOf(chunks: IRStreamChunk[]): unknown[] {
  return chunks.flatMap((chunk) =>
    chunk.type === "start" || chunk.type === "done"
      ? [chunk.metadata?.requestId]
      : []
  );
}

describe("the caller's request id in the answer", () => {
  for (const [provider, spec] of Object.entries(ADAPTERS)) {
    it(`${provider}: whole and streamed, and none when none was given`, async () => {
      const whole = spec.with(spec.whole).adapter;
      const named = await whole.execute({
        ...ask,
        metadata: { requestId: "req-42" },
      });
      assert.equal(named.metadata.requestId, "req-42");
      const unnamed = await whole.execute(ask);
      assert.equal("requestId" in unnamed.metadata, false);

      const streamed = spec.with(spec.stream).adapter;
      const chunks = await collect(streamed.executeStream({
        ...ask,
        metadata: { requestId: "req-43" },
      }));
      assert.equal(chunks.at(-1)?.type, "done", JSON.stringify(chunks));
      assert.deepEqual(idsOf(chunks), ["req-43", "req-43"]);
    });
  }
});
