// Response cache: a hit against a miss, per chat request, in process, the
// upstream a real OpenAI-wire server on 127.0.0.1 (Deno.serve, port 0)
// that answers at once. A real provider takes hundreds of milliseconds,
// so this loopback upstream is the miss's best case and the ratio printed
// by `deno bench` (the hit "× faster" than the miss baseline) its least.
//   miss: a new question each call (a counter in the message): key hash,
//         lookup, the upstream call, the answer stored in memory
//   hit:  one question asked again: key hash, lookup, the answer replayed
// Both plain and streamed (a hit is replayed as SSE in the caller's wire).
// The file times 2 000 sequential calls of each, after a warm-up, and
// prints the medians and their ratio once. It registers no Deno.bench: run
// in `deno bench`'s loop, these async calls gave means below a loopback
// round trip for the miss (a few µs), which cannot be, so its figures are
// not the ones to read.
//
// Run once: deno bench -A --lock=deno.lock --frozen-lockfile --unstable-no-legacy-abort bench/cache_bench.ts
import { createGateway, MemoryResponseCache } from "../src/gateway/mod.ts";
import { createOpenAIAdapter } from "../src/models/adapters/openai.ts";

const COMPLETION = JSON.stringify({
  id: "chatcmpl-up",
  object: "chat.completion",
  created: 0,
  model: "gpt-test",
  choices: [{
    index: 0,
    message: { role: "assistant", content: "Hello! How can I help you today?" },
    finish_reason: "stop",
  }],
  usage: { prompt_tokens: 12, completion_tokens: 9, total_tokens: 21 },
});
const chunk = (delta: Record<string, unknown>, finish: string | null) =>
  `data: ${
    JSON.stringify({
      id: "chatcmpl-up",
      object: "chat.completion.chunk",
      created: 0,
      model: "gpt-test",
      choices: [{ index: 0, delta, finish_reason: finish }],
    })
  }\n\n`;
const STREAM = chunk({ role: "assistant", content: "" }, null) +
  ["Hello! ", "How can ", "I help ", "you today?"].map((t) =>
    chunk({ content: t }, null)
  ).join("") + chunk({}, "stop") + "data: [DONE]\n\n";

const upstream = Deno.serve(
  { hostname: "127.0.0.1", port: 0, onListen() {} },
  async (request) => {
    const body = await request.json();
    return body.stream
      ? new Response(STREAM, {
        headers: { "content-type": "text/event-stream" },
      })
      : new Response(COMPLETION, {
        headers: { "content-type": "application/json" },
      });
  },
);
const { port } = upstream.addr as Deno.NetAddr;

const gateway = createGateway({
  backends: [[
    "up",
    createOpenAIAdapter({
      name: "up",
      apiKey: "bench",
      baseURL: `http://127.0.0.1:${port}/v1`,
      defaultModel: "gpt-test",
    }),
  ]],
  cache: { cache: new MemoryResponseCache() },
});

let n = 0;
function ask(content: string, stream: boolean): Promise<Response> {
  return gateway(
    new Request("http://gw/v1/chat/completions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        model: "gpt-test",
        messages: [
          { role: "system", content: "You are a helpful assistant." },
          { role: "user", content },
        ],
        stream,
      }),
    }),
  );
}

async function once(content: string, stream: boolean, want: string) {
  const answer = await ask(content, stream);
  await answer.arrayBuffer();
  if (answer.headers.get("x-switchyard-cache") !== want) {
    throw new Error(`expected a ${want}`);
  }
}

// The entries the hits read.
await once("the same question", false, "miss");

async function median(call: () => Promise<void>, count = 2_000) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[count >> 1];
}
for (let i = 0; i < 500; i++) await once(`warm ${n++}`, i % 2 === 0, "miss");
const medians = {
  miss: await median(() => once(`question ${n++}`, false, "miss")),
  hit: await median(() => once("the same question", false, "hit")),
  streamedMiss: await median(() => once(`streamed ${n++}`, true, "miss")),
  streamedHit: await median(() => once("the same question", true, "hit")),
};
const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;
console.log(
  `median per request: plain miss ${us(medians.miss)}, hit ${
    us(medians.hit)
  } (hit/miss ${(medians.hit / medians.miss).toFixed(2)}); streamed miss ${
    us(medians.streamedMiss)
  }, hit ${us(medians.streamedHit)} (hit/miss ${
    (medians.streamedHit / medians.streamedMiss).toFixed(2)
  })`,
);

gateway.dispose();
await upstream.shutdown();
