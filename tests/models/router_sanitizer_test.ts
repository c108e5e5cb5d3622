// Deno-only: these tests run with Deno's op and resource sanitizers ON, so a
// timer or op left behind by the Router or the testing adapters fails them.
// Deno 2.9 leaves the sanitizers off unless asked, hence the explicit options.
import assert from "node:assert/strict";
import { createRouter, ErrorCode } from "../../src/models/mod.ts";
import {
  createDelayedAdapter,
  createEchoAdapter,
  createHangingAdapter,
  createMockAdapter,
} from "../../src/models/testing.ts";
import { waitUntil } from "../_timeout.ts";
import { backgroundRunsPassed } from "./_helpers.ts";

const req = (text = "hi") => ({
  messages: [{ role: "user" as const, content: text }],
});
const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const test = (name: string, fn: () => void | Promise<void>): void =>
  Deno.test({ name, sanitizeOps: true, sanitizeResources: true, fn });

test("background health checks never overlap and dispose stops them", async () => {
  let running = 0;
  let maxRunning = 0;
  let runs = 0;
  const counted = {
    ...createEchoAdapter(),
    healthCheck: async () => {
      running++;
      runs++;
      maxRunning = Math.max(maxRunning, running);
      await wait(3); // longer than the interval: overlapping runs would show
      running--;
      return true;
    },
  };
  const router = createRouter({ healthCheckInterval: 1, healthCheckTimeout: 4 })
    .register("counted", counted)
    .register("deaf", createHangingAdapter({ ignoreAbort: true }));
  await waitUntil(() => runs >= 3, "the background checks did not repeat");
  router.dispose();
  assert.equal(maxRunning, 1);
  assert.equal(router.getBackendInfo("deaf"), undefined, "registry cleared");
  // Let the in-flight counted probe finish its own 3 ms timer.
  await waitUntil(() => running === 0, "a health check never finished");
});

test("background health marks a failing backend unhealthy and recovers it", async () => {
  let up = false;
  const router = createRouter({ healthCheckInterval: 1 })
    .register("flag", createMockAdapter({ healthy: () => up }))
    .register("spare", createEchoAdapter());
  try {
    await waitUntil(
      () => router.getBackendInfo("flag")?.isHealthy === false,
      "the failing backend was never marked unhealthy",
    );
    up = true;
    await waitUntil(
      () => router.getBackendInfo("flag")?.isHealthy === true,
      "the recovered backend was never marked healthy",
    );
  } finally {
    router.dispose();
  }
});

test("dispose aborts an explicit health check of a deaf adapter and clears its timer", async () => {
  const router = createRouter().register(
    "deaf",
    createHangingAdapter({ ignoreAbort: true }),
  );
  const check = router.checkHealth("deaf");
  router.dispose();
  assert.equal(await check, false);
});

test("dispatchParallel timeout leaves no timer behind", async () => {
  const router = createRouter()
    .register("deaf", createHangingAdapter({ ignoreAbort: true }))
    .register("ok", createDelayedAdapter(createEchoAdapter(), 1));
  const result = await router.dispatchParallel(req("x"), {
    strategy: "all",
    timeout: 10,
  });
  assert.deepEqual(result.successfulBackends, ["ok"]);
  router.dispose();
});

test("dispatchParallel first: losers' timers are cleared by their abort", async () => {
  const router = createRouter()
    .register("slow", createDelayedAdapter(createEchoAdapter(), 10_000))
    .register("fast", createEchoAdapter());
  const result = await router.dispatchParallel(req("y"), { timeout: 60_000 });
  assert.deepEqual(result.successfulBackends, ["fast"]);
  router.dispose();
});

test("dispose aborts an in-flight parallel dispatch", async () => {
  const router = createRouter().register(
    "slow",
    createDelayedAdapter(createEchoAdapter(), 10_000),
  );
  const pending = router.dispatchParallel(req(), { timeout: 60_000 });
  router.dispose();
  await assert.rejects(pending, { code: ErrorCode.ABORTED });
});

test("abort of execute clears the adapter's timers; parallel fallback aborts losers", async () => {
  const router = createRouter({ fallbackStrategy: "parallel" })
    .register("slow", createDelayedAdapter(createEchoAdapter(), 10_000))
    .register("slower", createDelayedAdapter(createEchoAdapter(), 20_000));
  const controller = new AbortController();
  const pending = router.execute(req(), controller.signal);
  await wait(1);
  controller.abort();
  await assert.rejects(pending, { code: ErrorCode.ABORTED });
  router.dispose();
});

test("abort of a slow stream clears the adapter's timer", async () => {
  const router = createRouter().register(
    "slow",
    createMockAdapter({ latencyMs: 10_000 }),
  );
  const controller = new AbortController();
  const stream = router.executeStream(req(), controller.signal);
  const first = stream.next();
  controller.abort();
  const chunk = (await first).value;
  assert.equal(chunk?.type === "error" && chunk.error.code, ErrorCode.ABORTED);
  await stream.return(undefined);
  router.dispose();
});

test("hanging adapters without a signal leave no op behind after dispose", async () => {
  const hanging = createHangingAdapter();
  const router = createRouter({ healthCheckInterval: 5 }).register(
    "h",
    hanging,
  );
  const call = router.execute(req());
  router.dispose();
  // The event that proves it: dispose() settles the call the adapter never
  // answers (the sanitizers then prove nothing of it is left pending).
  await assert.rejects(call, (error: { code?: string; message?: string }) => {
    assert.equal(error.code, ErrorCode.ABORTED);
    assert.match(error.message ?? "", /disposed/);
    return true;
  });
  assert.equal(hanging.calls.filter((c) => c.kind === "execute").length, 1);
});

/**
 * Background timers are unref'd, and Deno's sanitizer ignores unref'd timers,
 * so this test tracks every timer itself.
 */
function trackTimers(): { live: Set<number>; restore(): void } {
  const live = new Set<number>();
  const realSet = globalThis.setTimeout;
  const realClear = globalThis.clearTimeout;
  globalThis.setTimeout = ((callback: () => void, ms?: number) => {
    const id = realSet(() => {
      live.delete(id);
      callback();
    }, ms) as unknown as number;
    live.add(id);
    return id;
  }) as unknown as typeof setTimeout;
  globalThis.clearTimeout = ((id?: number) => {
    if (id !== undefined) live.delete(id);
    realClear(id);
  }) as unknown as typeof clearTimeout;
  return {
    live,
    restore() {
      globalThis.setTimeout = realSet;
      globalThis.clearTimeout = realClear;
    },
  };
}

test("dispose clears the pending (unref'd) background timers", async () => {
  const timers = trackTimers();
  try {
    const idle = createRouter({ healthCheckInterval: 60_000 }).register(
      "a",
      createEchoAdapter(),
    );
    assert.equal(timers.live.size, 1);
    idle.dispose();
    assert.equal(timers.live.size, 0);

    let checks = 0;
    const busy = createRouter({
      healthCheckInterval: 1,
      healthCheckTimeout: 10_000,
    })
      .register("deaf", createHangingAdapter({ ignoreAbort: true }))
      .register("counted", {
        ...createEchoAdapter(),
        healthCheck: () => Promise.resolve(++checks > 0),
      });
    // A run is then in flight, blocked on the deaf adapter's 10 s timeout.
    await waitUntil(() => checks >= 1, "no background run started");
    assert.ok(timers.live.size >= 1);
    busy.dispose();
    await waitUntil(() => timers.live.size === 0, "a timer survived dispose");
    const after = checks;
    await backgroundRunsPassed(1);
    assert.equal(checks, after, "no run after dispose");
  } finally {
    timers.restore();
  }
});
