// Switchyard's model router against ai.matey's router, in one process, on the
// points of bench/models_bench.ts: the explicit, round-robin and
// latency-optimized strategies with 1, 10 and 50 backends, a fallback
// (primary fails, backup answers) and a 102-chunk stream.
//
//   AIMATEY_ROUTER=/tmp/aimatey_router.mjs deno run -A bench/router_peers.ts [rounds] [point]
//
// `point` keeps only the points whose name contains it (`fallback`, `× 1`).
//
// AIMATEY_ROUTER is the path of an ES module exporting ai.matey's
// `createRouter` (its core package's router bundled on its own; see
// docs/performance.md, "Model router against ai.matey"). Without it the file
// measures Switchyard alone and says the peer was skipped.
//
// Both routers get the same zero-latency adapters (one pre-resolved answer per
// adapter, nothing recorded). A router's own cost at a point is its time per
// call minus a direct call of the adapter(s) it ends up calling. Every round
// times a batch of each contender at every point, in a rotating order, so a
// slow moment of the shared machine lands on all of them; the figures are
// medians over rounds, and the ratio is the median of the rounds' ratios
// (their cost / ours).
import {
  type BackendAdapter,
  createRouter,
  type IRChatRequest,
  type IRChatResponse,
  type IRStreamChunk,
  type RouterConfig,
} from "../src/models/mod.ts";

/** What the bench uses of a router: ours and the peer's share these names. */
interface BenchRouter {
  register(name: string, adapter: BackendAdapter): unknown;
  execute(request: IRChatRequest, signal?: AbortSignal): Promise<unknown>;
  executeStream(request: IRChatRequest): AsyncIterable<unknown>;
  dispose(): void;
}

interface PeerModule {
  createRouter(config?: Record<string, unknown>): BenchRouter;
}

const ROUNDS = Number(Deno.args[0] ?? 21);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) {
  throw new Error(`rounds must be a positive integer, got ${Deno.args[0]}`);
}
const WARMUP_ROUNDS = 3;
const ONLY = Deno.args[1] ?? "";

const CHUNKS: IRStreamChunk[] = [
  { type: "start", sequence: 0, metadata: {} },
  ...Array.from(
    { length: 100 },
    (_, i): IRStreamChunk => ({ type: "content", sequence: i + 1, delta: "x" }),
  ),
  { type: "done", sequence: 101, finishReason: "stop" },
];

/** A zero-latency adapter answering its own name (so routing is checkable). */
function memoryAdapter(name: string, fail = false): BackendAdapter {
  const response: IRChatResponse = {
    message: { role: "assistant", content: name },
    finishReason: "stop",
    metadata: { provider: "memory" },
  };
  const resolved = Promise.resolve(response);
  return {
    metadata: {
      name,
      provider: "memory",
      version: "1",
      capabilities: { streaming: true },
    },
    execute: fail ? () => Promise.reject(new Error("down")) : () => resolved,
    async *executeStream() {
      for (const chunk of CHUNKS) yield chunk;
    },
  };
}

const plain: IRChatRequest = { messages: [{ role: "user", content: "hi" }] };

/** One point of the comparison: how to build a router and call it. */
interface Point {
  readonly name: string;
  /** Calls per timed batch. */
  readonly batch: number;
  /** The router's configuration (the same for both). */
  readonly config: Record<string, unknown>;
  /** Backends in registration order. */
  readonly adapters: readonly [string, BackendAdapter][];
  readonly request: IRChatRequest;
  /** The backend whose answer every call must get. */
  readonly answeredBy: string;
  readonly stream: boolean;
  /** The adapter calls the router makes per call, made directly. */
  direct(): Promise<unknown>;
}

function strategyPoint(
  strategy: "explicit" | "round-robin" | "latency-optimized",
  n: number,
): Point {
  const adapters = Array.from(
    { length: n },
    (_, i): [string, BackendAdapter] => [`b${i}`, memoryAdapter(`b${i}`)],
  );
  // Explicit routing names the last backend, as bench/models_bench.ts does.
  const explicit = strategy === "explicit";
  const last = adapters[n - 1][1];
  return {
    name: `${strategy} × ${n}`,
    batch: 1_000,
    config: { routingStrategy: strategy },
    adapters,
    request: explicit
      ? { ...plain, metadata: { custom: { backend: `b${n - 1}` } } }
      : plain,
    answeredBy: explicit || n === 1 ? `b${n - 1}` : "",
    stream: false,
    direct: () => last.execute(plain),
  };
}

function fallbackPoint(): Point {
  const primary = memoryAdapter("primary", true);
  const backup = memoryAdapter("backup");
  return {
    name: "fallback, 2nd answers",
    batch: 1_000,
    // Both routers' breakers on but out of reach, so the primary is called
    // (and fails) on every request, as in bench/models_store_bench.ts.
    config: {
      fallbackStrategy: "sequential",
      enableCircuitBreaker: true,
      circuitBreakerThreshold: 1e9,
    },
    adapters: [["primary", primary], ["backup", backup]],
    request: plain,
    answeredBy: "backup",
    stream: false,
    direct: async () => {
      try {
        await primary.execute(plain);
      } catch {
        return await backup.execute(plain);
      }
    },
  };
}

function streamPoint(): Point {
  const adapter = memoryAdapter("m");
  return {
    name: "stream × 102 chunks",
    batch: 100,
    config: {},
    adapters: [["m", adapter]],
    request: plain,
    answeredBy: "m",
    stream: true,
    direct: () => drain(adapter.executeStream(plain)),
  };
}

async function drain(stream: AsyncIterable<unknown>): Promise<number> {
  let chunks = 0;
  for await (const _ of stream) chunks++;
  return chunks;
}

function build(make: PeerModule["createRouter"], point: Point): BenchRouter {
  const router = make(point.config);
  for (const [name, adapter] of point.adapters) router.register(name, adapter);
  return router;
}

/** One call through a router, as the point makes it. */
function caller(router: BenchRouter, point: Point): () => Promise<unknown> {
  return point.stream
    ? () => drain(router.executeStream(point.request))
    : () => router.execute(point.request);
}

/**
 * Fails loudly when a router does not do what the point is about (another
 * backend answers, the stream loses chunks), so a ratio never compares a
 * broken path.
 */
async function check(label: string, router: BenchRouter, point: Point) {
  if (point.stream) {
    const chunks = await drain(router.executeStream(point.request));
    if (chunks !== CHUNKS.length) {
      throw new Error(`${label} ${point.name}: ${chunks} chunks`);
    }
    return;
  }
  const response = await router.execute(point.request) as IRChatResponse;
  const by = response?.message?.content;
  if (point.answeredBy !== "" && by !== point.answeredBy) {
    throw new Error(`${label} ${point.name}: answered by ${by}`);
  }
}

async function timeBatch(
  call: () => Promise<unknown>,
  batch: number,
): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < batch; i++) await call();
  return ((performance.now() - start) * 1e6) / batch;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? sorted[mid]
    : (sorted[mid - 1] + sorted[mid]) / 2;
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

const peerPath = Deno.env.get("AIMATEY_ROUTER");
let peer: PeerModule | undefined;
if (peerPath === undefined || peerPath === "") {
  console.log(
    "ai.matey skipped: set AIMATEY_ROUTER to the path of a bundle of its " +
      'router (docs/performance.md, "Model router against ai.matey"); ' +
      "measuring Switchyard alone.\n",
  );
} else {
  const url = new URL(peerPath, `file://${Deno.cwd()}/`).href;
  peer = await import(url) as PeerModule;
  if (typeof peer.createRouter !== "function") {
    throw new Error(`${peerPath} exports no createRouter`);
  }
}

const ours = (config: Record<string, unknown>): BenchRouter =>
  createRouter(config as RouterConfig);

const points: Point[] = [];
for (
  const strategy of ["explicit", "round-robin", "latency-optimized"] as const
) {
  for (const n of [1, 10, 50]) points.push(strategyPoint(strategy, n));
}
points.push(fallbackPoint(), streamPoint());
const chosen = points.filter((point) => point.name.includes(ONLY));
if (chosen.length === 0) throw new Error(`no point's name contains "${ONLY}"`);

interface Contenders {
  readonly point: Point;
  readonly calls: (() => Promise<unknown>)[];
  /** ns per call, per contender, per round: direct, ours, theirs. */
  readonly ns: number[][];
}

const routers: BenchRouter[] = [];
const table: Contenders[] = [];
for (const point of chosen) {
  const mine = build(ours, point);
  routers.push(mine);
  await check("switchyard", mine, point);
  const calls = [point.direct, caller(mine, point)];
  if (peer !== undefined) {
    const theirs = build(peer.createRouter, point);
    routers.push(theirs);
    await check("ai.matey", theirs, point);
    calls.push(caller(theirs, point));
  }
  table.push({ point, calls, ns: calls.map(() => []) });
}

for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
  for (const { point, calls, ns } of table) {
    // Rotate who goes first, so no contender always follows the same one.
    for (let k = 0; k < calls.length; k++) {
      const i = (round + k) % calls.length;
      const perCall = await timeBatch(calls[i], point.batch);
      if (round >= WARMUP_ROUNDS) ns[i].push(perCall);
    }
  }
}
for (const router of routers) router.dispose();

const us = (ns: number) => (ns / 1000).toFixed(2).padStart(7);
console.log(
  `router's own cost per call (router − direct), median of ${ROUNDS} ` +
    `interleaved rounds; stream: per 102-chunk stream`,
);
console.log(
  `${"point".padEnd(24)} ${"direct".padStart(7)} ${"ours".padStart(7)} ${
    peer ? `${"ai.matey".padStart(8)}  ratio (quartiles, min)` : ""
  }`,
);
let worst = Infinity;
for (const { point, ns } of table) {
  const [direct, mine, theirs] = ns;
  const own = mine.map((t, r) => t - direct[r]);
  let line = `${point.name.padEnd(24)} ${us(median(direct))} ${
    us(median(own))
  }`;
  if (theirs !== undefined) {
    const peerOwn = theirs.map((t, r) => t - direct[r]);
    const ratios = peerOwn.map((t, r) => t / own[r]);
    const ratio = median(ratios);
    worst = Math.min(worst, ratio);
    line += `  ${us(median(peerOwn))}  ${ratio.toFixed(2)}× (${
      quantile(ratios, 0.25).toFixed(2)
    }–${quantile(ratios, 0.75).toFixed(2)}, ${Math.min(...ratios).toFixed(2)})`;
  }
  console.log(line + "  µs");
}
if (peer !== undefined) {
  console.log(`\nlowest median ratio: ${worst.toFixed(2)}×`);
}
