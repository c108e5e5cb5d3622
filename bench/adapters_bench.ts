// The per-call cost of the HTTP adapters themselves (request mapping, the
// HTTP client, response and stream translation), each on an in-process fetch
// that answers a recorded provider body at once: no socket, so the figures
// are the adapter's own CPU.
//   deno bench -A bench/adapters_bench.ts
// Compare runs side by side (before/after a change) as ratios.
import type {
  BackendAdapter,
  IRChatRequest,
} from "../src/models/adapters/openai.ts";
import { createOpenAIAdapter } from "../src/models/adapters/openai.ts";
import { createAnthropicAdapter } from "../src/models/adapters/anthropic.ts";
import { createGeminiAdapter } from "../src/models/adapters/gemini.ts";
import { createOllamaAdapter } from "../src/models/adapters/ollama.ts";

const fixtures = new URL("../tests/fixtures/models/", import.meta.url);
const read = (path: string): string =>
  Deno.readTextFileSync(new URL(path, fixtures));

const request: IRChatRequest = {
  messages: [
    { role: "system", content: "Be brief." },
    { role: "user", content: "Say hello." },
  ],
  parameters: { temperature: 0.2, maxTokens: 64, topP: 0.9 },
};

interface Case {
  name: string;
  chat: string;
  stream: string;
  streamType: string;
  create: (fetch: (input: unknown) => Promise<Response>) => BackendAdapter;
}

const CASES: Case[] = [
  {
    name: "openai",
    chat: read("openai/chat_completion.json"),
    stream: read("openai/stream_text.sse"),
    streamType: "text/event-stream",
    create: (fetch) => createOpenAIAdapter({ apiKey: "sk-bench", fetch }),
  },
  {
    name: "anthropic",
    chat: read("anthropic/message.json"),
    stream: read("anthropic/stream_text.sse"),
    streamType: "text/event-stream",
    create: (fetch) => createAnthropicAdapter({ apiKey: "sk-bench", fetch }),
  },
  {
    name: "gemini",
    chat: read("gemini/generate.json"),
    stream: read("gemini/stream_text.sse"),
    streamType: "text/event-stream",
    create: (fetch) => createGeminiAdapter({ apiKey: "AIza-bench", fetch }),
  },
  {
    name: "ollama",
    chat: read("ollama/chat.json"),
    stream: read("ollama/chat_stream.ndjson"),
    streamType: "application/x-ndjson",
    create: (fetch) => createOllamaAdapter({ fetch }),
  },
];

for (const c of CASES) {
  const chatBytes = new TextEncoder().encode(c.chat);
  const streamBytes = new TextEncoder().encode(c.stream);
  const chat = c.create(() =>
    Promise.resolve(
      new Response(chatBytes, {
        headers: { "content-type": "application/json" },
      }),
    )
  );
  const streaming = c.create(() =>
    Promise.resolve(
      new Response(streamBytes, { headers: { "content-type": c.streamType } }),
    )
  );
  Deno.bench({ name: `${c.name} execute`, group: "execute" }, async () => {
    await chat.execute(request);
  });
  Deno.bench({ name: `${c.name} stream`, group: "stream" }, async () => {
    for await (const _ of streaming.executeStream(request)) { /* drain */ }
  });
}
