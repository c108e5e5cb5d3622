// What a finished call lets go of, at the edges the eighth mutation round's
// planting by hand showed unguarded: once a call has settled — after an
// attempt timeout, a failure of every backend, a fallback, a parallel
// dispatch or a health probe — neither the caller's later abort nor
// dispose() reaches the signals its adapters were given. Also: a late
// rejection of an answer the caller's abort already ended is no unhandled
// rejection; a probe's answer for an adapter since replaced is not
// recorded; resetStats() clears the latency figures; a caller's long-lived
// signal keeps no abort listener of a settled call.
import assert from "node:assert/strict";
import {
  type BackendAdapter,
  createRouter,
  ErrorCode,
  type IRChatResponse,
} from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { reply, req } from "./_helpers.ts";

/** A backend that records the signals it was given and answers as told. */
function recording(answer: (call: number) => "ok" | "fail") {
  const signals: AbortSignal[] = [];
  const adapter = {
    metadata: { name: "r", provider: "testing", capabilities: {} },
    execute(_request: unknown, signal: AbortSignal) {
      signals.push(signal);
      return answer(signals.length) === "ok"
        ? Promise.resolve(reply("ok"))
        : Promise.reject(new Error("upstream 500"));
    },
    async *executeStream() {},
    healthCheck(signal: AbortSignal) {
      signals.push(signal);
      return Promise.resolve(true);
    },
  } as unknown as BackendAdapter;
  return { adapter, signals };
}

Deno.test("a settled call lets go of its adapters' signals: neither the caller's later abort nor dispose() reaches them", async (t) => {
  await t.step("answered under an attempt timeout", async () => {
    const x = recording(() => "ok");
    const router = createRouter({ attemptTimeout: 60_000 }).register(
      "x",
      x.adapter,
    );
    const caller = new AbortController();
    await router.execute(req(), caller.signal);
    caller.abort(new Error("later"));
    assert.equal(x.signals[0].aborted, false);
    router.dispose();
  });

  await t.step(
    "answered under an attempt timeout, without a caller signal",
    async () => {
      const x = recording(() => "ok");
      const router = createRouter({ attemptTimeout: 60_000 }).register(
        "x",
        x.adapter,
      );
      await router.execute(req());
      router.dispose();
      assert.equal(x.signals[0].aborted, false);
    },
  );

  await t.step("every backend failed", async () => {
    const x = recording(() => "fail");
    const router = createRouter().register("x", x.adapter);
    const caller = new AbortController();
    await assert.rejects(router.execute(req(), caller.signal), {
      code: "ALL_BACKENDS_FAILED",
    });
    router.dispose();
    assert.equal(x.signals[0].aborted, false);
  });

  await t.step("answered by a fallback", async () => {
    const x = recording(() => "fail");
    const y = recording(() => "ok");
    const router = createRouter().register("x", x.adapter).register(
      "y",
      y.adapter,
    );
    const caller = new AbortController();
    await router.execute(req(), caller.signal);
    router.dispose();
    assert.equal(x.signals[0].aborted, false);
    assert.equal(y.signals[0].aborted, false);
  });

  await t.step("a parallel dispatch", async () => {
    const x = recording(() => "ok");
    const y = recording(() => "ok");
    const router = createRouter().register("x", x.adapter).register(
      "y",
      y.adapter,
    );
    const caller = new AbortController();
    await router.dispatchParallel(req(), {
      strategy: "all",
      signal: caller.signal,
    });
    caller.abort(new Error("later"));
    router.dispose();
    assert.equal(x.signals[0].aborted, false);
    assert.equal(y.signals[0].aborted, false);
  });

  await t.step("a health probe", async () => {
    const x = recording(() => "ok");
    const router = createRouter().register("x", x.adapter);
    assert.equal(await router.checkHealth("x"), true);
    router.dispose();
    assert.equal(x.signals[0].aborted, false);
  });
});

Deno.test("a caller's abort that lands during the adapter's call (under an attempt timeout) ends the call as ABORTED, and the adapter's later rejection is no unhandled rejection", async () => {
  const caller = new AbortController();
  const router = createRouter({ attemptTimeout: 60_000 }).register("x", {
    metadata: { name: "x", provider: "testing", capabilities: {} },
    execute(_request: unknown, signal: AbortSignal) {
      caller.abort(new Error("user went away"));
      // Like fetch: it rejects once it sees its signal aborted, a turn later.
      return new Promise<IRChatResponse>((_, reject) =>
        setTimeout(() => reject(signal.reason), 0)
      );
    },
    async *executeStream() {},
  } as unknown as BackendAdapter);
  await assert.rejects(router.execute(req(), caller.signal), {
    code: ErrorCode.ABORTED,
  });
  // Let the adapter's rejection happen while the test still runs.
  await new Promise((resolve) => setTimeout(resolve, 5));
  router.dispose();
});

Deno.test("health: a probe's answer for an adapter since replaced is not recorded against the new one", async () => {
  let answer!: (healthy: boolean) => void;
  let asked!: () => void;
  const askedOnce = new Promise<void>((resolve) => (asked = resolve));
  const old = {
    ...createEchoAdapter(),
    healthCheck: () => {
      asked();
      return new Promise<boolean>((resolve) => (answer = resolve));
    },
  } as unknown as BackendAdapter;
  const router = createRouter().register("x", old);
  const probe = router.checkHealth("x");
  await askedOnce;
  router.replace("x", createEchoAdapter());
  answer(false);
  assert.equal(await probe, false);
  const info = router.getBackendInfo("x") as { isHealthy: boolean };
  assert.equal(info.isHealthy, true);
  router.dispose();
});

Deno.test("resetStats() clears the latency figures too", async () => {
  let t = 1_000;
  const router = createRouter({ now: () => t }).register("x", {
    metadata: { name: "x", provider: "testing", capabilities: {} },
    execute: () => {
      t += 40;
      return Promise.resolve(reply("ok"));
    },
    async *executeStream() {},
  } as unknown as BackendAdapter);
  await router.execute(req());
  assert.equal(router.getBackendStats("x")!.averageLatencyMs, 40);
  router.resetStats();
  const stats = router.getBackendStats("x")!;
  assert.equal(stats.totalRequests, 0);
  assert.equal(stats.averageLatencyMs, 0);
  assert.equal(stats.p95LatencyMs, 0);
  router.dispose();
});

/** A caller's signal that counts the abort listeners left on it. */
function countingSignal(): { signal: AbortSignal; listening: () => number } {
  const signal = new AbortController().signal;
  const live = new Set<unknown>();
  const add = signal.addEventListener.bind(signal);
  const remove = signal.removeEventListener.bind(signal);
  signal.addEventListener = ((type: string, listener: unknown, o?: unknown) => {
    if (type === "abort") live.add(listener);
    add(type, listener as EventListener, o as AddEventListenerOptions);
  }) as typeof signal.addEventListener;
  signal.removeEventListener = ((type: string, listener: unknown) => {
    if (type === "abort") live.delete(listener);
    remove(type, listener as EventListener);
  }) as typeof signal.removeEventListener;
  return { signal, listening: () => live.size };
}

Deno.test("a caller's long-lived signal keeps no abort listener of a settled call: execute, a stream, a parallel dispatch", async () => {
  const router = createRouter({ attemptTimeout: 60_000 })
    .register("x", createEchoAdapter())
    .register("y", createEchoAdapter());
  const { signal, listening } = countingSignal();
  await router.execute(req(), signal);
  assert.equal(listening(), 0, "execute");
  for await (const _ of router.executeStream(req(), signal)) { /* drain */ }
  assert.equal(listening(), 0, "executeStream");
  const dispatched = router.dispatchParallel(req(), {
    strategy: "all",
    signal,
  });
  assert.ok(listening() > 0, "a dispatch in flight listens");
  await dispatched;
  // The dispatch lets go once every attempt settled (a turn after it).
  for (let i = 0; i < 5 && listening() > 0; i++) await Promise.resolve();
  assert.equal(listening(), 0, "dispatchParallel");
  router.dispose();
});
