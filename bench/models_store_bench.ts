// Router overhead with the Redis store on loopback vs the memory store, and
// how soon a sibling sees a breaker change.
//   deno run -A bench/models_store_bench.ts                (needs redis-server on PATH)
//   deno run -A bench/models_store_bench.ts propagation    (the propagation figure only)
// For 1, 2 and 3 router instances (each with its own node-redis
// connection to one local redis-server), every instance runs BATCH awaited
// execute() calls at the same time; the figure is the median over BATCHES
// batches of the time per call, minus the direct adapter call. Two paths:
// success (the store sees a counter in the next flush and a background read
// every storeSyncInterval) and failure (primary fails, backup answers: one
// Lua script per failure, sent without being awaited).
import {
  type BackendAdapter,
  createRouter,
  type IRChatRequest,
  type IRChatResponse,
  type Router,
  type RouterStore,
} from "../src/models/mod.ts";
import { createRedisStore } from "../src/models/stores/redis.ts";
import { connect, startRedis } from "../tests/models/stores/_redis_server.ts";

const RESPONSE: IRChatResponse = {
  message: { role: "assistant", content: "ok" },
  finishReason: "stop",
  metadata: { provider: "memory" },
};
const RESOLVED = Promise.resolve(RESPONSE);

function adapter(fail: boolean): BackendAdapter {
  return {
    metadata: {
      name: "memory",
      provider: "memory",
      version: "1",
      capabilities: { streaming: false },
    },
    execute: () => fail ? Promise.reject(new Error("down")) : RESOLVED,
    // deno-lint-ignore require-yield
    async *executeStream() {
      throw new Error("not streamed here");
    },
  };
}

const request: IRChatRequest = { messages: [{ role: "user", content: "hi" }] };
const BATCH = 500;
const BATCHES = 40;

/** Median ns per call when every router runs BATCH calls at once. */
async function medianNs(routers: readonly Router[]): Promise<number> {
  const batch = (router: Router) => async () => {
    for (let i = 0; i < BATCH; i++) await router.execute(request);
  };
  for (let w = 0; w < 5; w++) await Promise.all(routers.map((r) => batch(r)()));
  const perCall: number[] = [];
  for (let b = 0; b < BATCHES; b++) {
    const start = performance.now();
    await Promise.all(routers.map((r) => batch(r)()));
    perCall.push(
      ((performance.now() - start) * 1e6) / (BATCH * routers.length),
    );
  }
  perCall.sort((x, y) => x - y);
  return perCall[perCall.length >> 1];
}

function routersOn(
  stores: readonly (RouterStore | undefined)[],
  failing: boolean,
): Router[] {
  return stores.map((store) => {
    const router = createRouter({
      store,
      enableCircuitBreaker: true,
      // High enough that the failing primary stays in the path.
      circuitBreakerThreshold: 1e9,
    });
    if (failing) router.register("primary", adapter(true));
    return router.register("backup", adapter(false));
  });
}

/**
 * Propagation: router A opens (then closes) a breaker, router B (its own
 * connection, default storeSyncInterval 50) routes nothing and sees the
 * change through its background read. Each change lands at a random point
 * of B's sync interval (a random wait first), as in production; measuring
 * in step with B's reads would give about one interval every time. B is
 * looked at every millisecond, so a figure may be up to ~1 ms late.
 */
async function propagation(port: number, samples = 100): Promise<string> {
  const [a, b] = await Promise.all([connect(port), connect(port)]);
  const on = (client: typeof a.client) =>
    createRouter({ store: createRedisStore(client, { prefix: "prop:" }) })
      .register("x", adapter(false));
  const writer = on(a.client);
  const reader = on(b.client);
  const tick = () => new Promise((resolve) => setTimeout(resolve, 1));
  const ms: number[] = [];
  try {
    for (let i = 0; i < samples; i++) {
      const open = i % 2 === 0;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 50));
      const start = performance.now();
      if (open) writer.openCircuitBreaker("x");
      else writer.closeCircuitBreaker("x");
      for (let polls = 0; reader.isCircuitBreakerOpen("x") !== open; polls++) {
        if (polls > 5_000) throw new Error("the sibling never saw the change");
        await tick();
      }
      ms.push(performance.now() - start);
    }
  } finally {
    writer.dispose();
    reader.dispose();
    await Promise.all([a.close(), b.close()]);
  }
  ms.sort((x, y) => x - y);
  const at = (q: number) =>
    ms[Math.min(ms.length - 1, Math.floor(q * ms.length))];
  return `propagation to a sibling (storeSyncInterval 50 ms, random phase, ${samples} changes): min ${
    ms[0].toFixed(1)
  } ms, median ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, max ${
    ms[ms.length - 1].toFixed(1)
  } ms`;
}

if (Deno.args.includes("propagation")) {
  const server = await startRedis();
  try {
    console.log(await propagation(server.port));
  } finally {
    await server.stop();
  }
  Deno.exit(0);
}

const direct = adapter(false);
const directNs = await (async () => {
  const start = performance.now();
  for (let i = 0; i < 200_000; i++) await direct.execute(request, undefined);
  return ((performance.now() - start) * 1e6) / 200_000;
})();

const server = await startRedis();
const lines: string[] = [];
let propagated = "";
try {
  propagated = await propagation(server.port);
  for (const failing of [false, true]) {
    for (const n of [1, 2, 3]) {
      const memory = routersOn(Array(n).fill(undefined), failing);
      const connections = await Promise.all(
        Array.from({ length: n }, () => connect(server.port)),
      );
      const redis = routersOn(
        connections.map(({ client }, i) =>
          createRedisStore(client, { prefix: `bench${i}${failing}:` })
        ),
        failing,
      );
      // Alternate, so drift on a shared machine hits both alike.
      const m1 = await medianNs(memory);
      const r1 = await medianNs(redis);
      const m2 = await medianNs(memory);
      const r2 = await medianNs(redis);
      const m = Math.min(m1, m2) - directNs;
      const r = Math.min(r1, r2) - directNs;
      lines.push(
        `${failing ? "failure" : "success"} × ${n} instance${
          n > 1 ? "s" : " "
        }  memory ${m.toFixed(0).padStart(6)} ns  redis ${
          r.toFixed(0).padStart(6)
        } ns  ratio ${(r / m).toFixed(2)}`,
      );
      for (const router of [...memory, ...redis]) router.dispose();
      await Promise.all(connections.map((c) => c.close()));
    }
  }
} finally {
  await server.stop();
}
console.log(
  `router overhead per execute (median of ${BATCHES} batches × ${BATCH} per instance, direct ${
    directNs.toFixed(0)
  } ns subtracted):`,
);
for (const line of lines) console.log(line);
console.log(propagated);
