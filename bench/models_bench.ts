// Router overhead vs calling a zero-latency in-memory adapter directly.
//   deno bench -A bench/models_bench.ts
// Overhead = router time − direct time of the same group. Groups cover the
// explicit, round-robin and latency-optimized strategies with 1, 10 and 50
// registered backends, plus the per-chunk cost of executeStream.
import {
  type BackendAdapter,
  createRouter,
  type IRChatRequest,
  type IRChatResponse,
  type IRChatStream,
  type IRStreamChunk,
  type RoutingStrategy,
} from "../src/models/mod.ts";

const RESPONSE: IRChatResponse = {
  message: { role: "assistant", content: "ok" },
  finishReason: "stop",
  metadata: { provider: "memory" },
};
const RESOLVED = Promise.resolve(RESPONSE);
const CHUNKS: IRStreamChunk[] = [
  { type: "start", sequence: 0, metadata: {} },
  ...Array.from(
    { length: 100 },
    (_, i): IRStreamChunk => ({ type: "content", sequence: i + 1, delta: "x" }),
  ),
  { type: "done", sequence: 101, finishReason: "stop" },
];

function memoryAdapter(): BackendAdapter {
  return {
    metadata: {
      name: "memory",
      provider: "memory",
      version: "1",
      capabilities: { streaming: true },
    },
    execute: () => RESOLVED,
    async *executeStream(): IRChatStream {
      for (const chunk of CHUNKS) yield chunk;
    },
  };
}

const plain: IRChatRequest = { messages: [{ role: "user", content: "hi" }] };

for (
  const strategy of [
    "explicit",
    "round-robin",
    "latency-optimized",
  ] as RoutingStrategy[]
) {
  for (const n of [1, 10, 50]) {
    const router = createRouter({ routingStrategy: strategy });
    const adapters: BackendAdapter[] = [];
    for (let i = 0; i < n; i++) {
      const adapter = memoryAdapter();
      adapters.push(adapter);
      router.register(`b${i}`, adapter);
    }
    // Explicit routing names the last backend, so a lookup that scanned would show.
    const request: IRChatRequest = strategy === "explicit"
      ? { ...plain, metadata: { custom: { backend: `b${n - 1}` } } }
      : plain;
    const direct = adapters[n - 1];
    for (let i = 0; i < 2 * n; i++) await router.execute(request); // every backend tried once
    const group = `${strategy} × ${n}`;
    Deno.bench(
      { name: `direct adapter (${group})`, group, baseline: true },
      async () => {
        await direct.execute(request);
      },
    );
    Deno.bench({ name: `router.execute (${group})`, group }, async () => {
      await router.execute(request);
    });
  }
}

{
  const adapter = memoryAdapter();
  const router = createRouter().register("m", adapter);
  const group = "stream × 102 chunks";
  Deno.bench(
    { name: "direct adapter stream", group, baseline: true },
    async () => {
      for await (const _ of adapter.executeStream(plain)) { /* drain */ }
    },
  );
  Deno.bench({ name: "router.executeStream", group }, async () => {
    for await (const _ of router.executeStream(plain)) { /* drain */ }
  });
  const controller = new AbortController();
  Deno.bench({ name: "router.executeStream with signal", group }, async () => {
    for await (
      const _ of router.executeStream(plain, controller.signal)
    ) { /* drain */ }
  });
}
