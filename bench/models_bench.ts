// Router overhead vs calling a zero-latency in-memory adapter directly.
//   deno bench -A bench/models_bench.ts
// Overhead = router time − direct time of the same group. Groups cover the
// explicit, round-robin and latency-optimized strategies with 1, 10 and 50
// registered backends, plus the per-chunk cost of executeStream.
// `deno bench` reports means; issue 5 asks for the median, so the file first
// times BATCHES batches of BATCH calls of each (after a warm-up), takes the
// median per-call time of router and direct, and prints the difference per
// strategy × backends before the deno bench table.
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

const BATCH = 1_000;
const BATCHES = 60;

/** Median per-call time in ns over BATCHES batches of BATCH awaited calls. */
async function medianNs(call: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < BATCH * 5; i++) await call(); // warm-up
  const perCall: number[] = [];
  for (let b = 0; b < BATCHES; b++) {
    const start = performance.now();
    for (let i = 0; i < BATCH; i++) await call();
    perCall.push(((performance.now() - start) * 1e6) / BATCH);
  }
  perCall.sort((x, y) => x - y);
  return perCall[perCall.length >> 1];
}

const medians: string[] = [];

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
    const directNs = await medianNs(() => direct.execute(request));
    const routerNs = await medianNs(() => router.execute(request));
    medians.push(
      `${group.padEnd(24)} direct ${
        directNs.toFixed(0).padStart(5)
      } ns  router ${routerNs.toFixed(0).padStart(5)} ns  overhead ${
        (routerNs - directNs).toFixed(0).padStart(5)
      } ns`,
    );
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
  const drain = async (stream: IRChatStream): Promise<void> => {
    for await (const _ of stream) { /* drain */ }
  };
  const directNs = await medianNs(() => drain(adapter.executeStream(plain)));
  const routerNs = await medianNs(() => drain(router.executeStream(plain)));
  medians.push(
    `${group.padEnd(24)} per chunk overhead ${
      ((routerNs - directNs) / CHUNKS.length).toFixed(0)
    } ns (direct ${(directNs / 1000).toFixed(1)} µs, router ${
      (routerNs / 1000).toFixed(1)
    } µs per stream)`,
  );
  console.log(
    `median per call (${BATCHES} batches × ${BATCH}), router.execute − direct:\n${
      medians.join("\n")
    }\n`,
  );
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
