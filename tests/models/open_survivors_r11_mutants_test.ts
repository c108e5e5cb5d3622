// Three moments the earlier rounds left untested (docs/mutation_rounds.md,
// "Eighth round: models-core", the open survivors):
// - the caller's abort landing between a retryable failure and its backoff
//   ends the call there: no wait, no retry (`_resilience.ts`, sleep's
//   already-aborted check);
// - a racer cancelled by the winner of a parallel stream fallback keeps the
//   record it was cancelled with, however late its own stream lets go, and
//   one whose failure was recorded in the very turn the winner committed is
//   listed with that failure, as its statistics and breaker count it, not as
//   cancelled (`streaming/race.ts`; that one was a fault, fixed);
// - `healthCheckTimeout: Infinity` bounds no wait: a caller sharing a
//   background probe gets that probe's answer however long it takes, never a
//   "false" from a timer of the runtime's longest delay (`_health.ts`).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  type AdapterError,
  type BackendAdapter,
  type BackendInfo,
  createRouter,
  ErrorCode,
  type IRStreamChunk,
} from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
} from "../../src/models/testing.ts";
import { drain, manualClock, req } from "./_helpers.ts";
import { FakeTime } from "./_fake_time.ts";
import { waitUntil, withTimeout } from "../_timeout.ts";
import { listedAsCounted, turns, unavailable } from "./_race_losers.ts";

describe("the caller's abort between a failure and its backoff", () => {
  it("ends the call at once: no backoff timer, no retry, no fallback", async () => {
    const time = new FakeTime();
    const caller = new AbortController();
    const failing = createFailingAdapter({ error: unavailable() });
    const other = createEchoAdapter();
    const router = createRouter({
      now: time.now,
      timers: time.timers,
      maxRetries: 2,
      retryBaseDelay: 1_000,
      // The jitter is drawn as the backoff starts: the client hangs up at
      // that very moment (a microtask after the failure was recorded).
      random: () => {
        caller.abort(new Error("client went away"));
        return 0.5;
      },
    }).register("a", failing).register("b", other);
    try {
      const error = await time.settle(
        router.execute(req(), caller.signal).then(
          () => assert.fail("the aborted call answered"),
          (e: unknown) => e,
        ),
      );
      assert.ok(error instanceof Error);
      assert.equal((error as AdapterError).code, ErrorCode.ABORTED);
      // The backoff never started: no timer was asked for (on the runtime's
      // timers the client would have waited it out), and the backend the
      // client gave up on was not called again, nor the next one.
      assert.deepEqual(time.delays, []);
      assert.equal(failing.calls.length, 1);
      assert.equal(other.calls.length, 0);
    } finally {
      router.dispose();
    }
  });
});

describe("a racer cancelled by a parallel stream fallback's winner", () => {
  it("keeps the record it was cancelled with, not its stream's late end", async () => {
    const clock = manualClock();
    let lettingGo = 0;
    // Streams nothing until aborted; letting go of its upstream takes a
    // second (the clock moves while it reacts), then its stream ends.
    const slow: BackendAdapter = {
      metadata: { ...createEchoAdapter().metadata, name: "slow" },
      execute: () => Promise.reject(new Error("unused")),
      async *executeStream(_request, signal) {
        await new Promise<void>((resolve) => {
          signal?.addEventListener("abort", () => {
            lettingGo++;
            clock.t += 1_000;
            resolve();
          }, { once: true });
        });
        yield* [];
        throw new Error("upstream closed");
      },
    };
    const router = createRouter({
      now: clock.now,
      fallbackStrategy: "parallel",
    })
      .register("primary", createFailingAdapter({ error: unavailable() }))
      .register("fast", createEchoAdapter())
      .register("slow", slow);
    try {
      const chunks: IRStreamChunk[] = await withTimeout(
        drain(router.executeStream(req("hi"))),
        5_000,
        "the stream never ended",
      );
      assert.equal(lettingGo, 1, "the loser was cancelled");
      const done = chunks.at(-1);
      assert.ok(done?.type === "done", JSON.stringify(done));
      const trace = done.metadata?.routing as {
        backend: string;
        attempts: {
          backend: string;
          ok: boolean;
          errorCode?: string;
          latencyMs: number;
        }[];
      };
      assert.equal(trace.backend, "fast");
      const loser = trace.attempts.find((a) => a.backend === "slow");
      assert.ok(loser !== undefined, JSON.stringify(trace.attempts));
      assert.equal(loser.ok, false);
      assert.equal(loser.errorCode, ErrorCode.ABORTED);
      // Cancelled when "fast" won, before the clock moved: its record is that
      // moment, not the second its stream took to end.
      assert.equal(loser.latencyMs, 0);
      const stats = router.getStats().backendStats.slow;
      assert.equal(stats.failedRequests, 0, "a cancelled racer is no failure");
    } finally {
      router.dispose();
    }
  });
});

describe("a racer that fails as the parallel stream fallback's winner commits", () => {
  it("is listed in the trace as its statistics count it, whichever turn it failed in", async () => {
    // The loser fails after 0, 1, 2… microtask turns while the winner
    // commits after a fixed few: for some count the failure is recorded in
    // the very turn the winner commits, just before the loser is cancelled.
    let failedFirst = 0;
    let cancelled = 0;
    for (let depth = 0; depth < 16; depth++) {
      const failing: BackendAdapter = {
        metadata: { ...createEchoAdapter().metadata, name: "failing" },
        execute: () => Promise.reject(new Error("unused")),
        async *executeStream() {
          await turns(depth);
          yield* [];
          throw unavailable();
        },
      };
      const router = createRouter({ fallbackStrategy: "parallel" })
        .register("primary", createFailingAdapter({ error: unavailable() }))
        .register("fast", createEchoAdapter())
        .register("failing", failing);
      try {
        const chunks = await withTimeout(
          drain(router.executeStream(req("hi"))),
          5_000,
          "the stream never ended",
        );
        const done = chunks.at(-1);
        assert.ok(done?.type === "done", JSON.stringify(done));
        const trace = done.metadata?.routing as {
          backend: string;
          attempts: { backend: string; errorCode?: string }[];
        };
        assert.equal(trace.backend, "fast");
        if (listedAsCounted(router, trace.attempts, "failing", depth)) {
          failedFirst++;
        } else cancelled++;
      } finally {
        router.dispose();
      }
    }
    // Both sides of the race were met.
    assert.ok(failedFirst > 0 && cancelled > 0, `${failedFirst}/${cancelled}`);
  });
});

/** Timers of a day or more, held until the test says the days have passed. */
function holdLongTimers(): { fireAll(): number; restore(): void } {
  const realSet = globalThis.setTimeout;
  const realClear = globalThis.clearTimeout;
  const held = new Map<object, () => void>();
  const DAY = 86_400_000;
  globalThis.setTimeout = ((fn: () => void, ms?: number) => {
    if ((ms ?? 0) < DAY) return realSet(fn, ms);
    const id = {};
    held.set(id, fn);
    return id;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((id?: unknown) => {
    if (typeof id === "object" && id !== null && held.delete(id)) return;
    realClear(id as number);
  }) as typeof clearTimeout;
  return {
    fireAll() {
      const due = [...held.values()];
      held.clear();
      for (const run of due) run();
      return due.length;
    },
    restore() {
      globalThis.setTimeout = realSet;
      globalThis.clearTimeout = realClear;
    },
  };
}

describe("healthCheckTimeout: Infinity", () => {
  it("a caller sharing a background probe gets its answer, however late", async () => {
    const timers = holdLongTimers();
    let release: (healthy: boolean) => void = () => {};
    let probes = 0;
    const adapter: BackendAdapter = {
      metadata: { ...createEchoAdapter().metadata, name: "slowly-healthy" },
      execute: () => Promise.reject(new Error("unused")),
      async *executeStream() {},
      healthCheck() {
        probes++;
        // The first (background) probe answers when the test says so.
        return probes === 1
          ? new Promise<boolean>((resolve) => (release = resolve))
          : Promise.resolve(true);
      },
    };
    const router = createRouter({
      healthCheckInterval: 1,
      healthCheckTimeout: Infinity,
    }).register("a", adapter);
    try {
      await waitUntil(() => probes === 1, "the background probe started");
      const answer = router.checkHealth("a");
      // A month passes while the probe is still out: no timer may end the
      // caller's wait (`Infinity` is no timeout, not the longest one).
      const fired = timers.fireAll();
      release(true);
      assert.equal(
        await withTimeout(answer, 5_000, "the wait never ended"),
        true,
        `the caller's wait was ended by a timer (${fired} fired)`,
      );
      assert.equal((router.getBackendInfo("a") as BackendInfo).isHealthy, true);
    } finally {
      router.dispose();
      timers.restore();
    }
  });
});
