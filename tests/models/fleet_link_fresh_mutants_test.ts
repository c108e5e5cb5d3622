// What a Router on an asynchronous store tells it, seen from the model
// router's side (the models-core mutation sample runs none of
// tests/models/stores/): which refused reports are sent again when the store
// answers (only the half-open probe's), a probe answered with a 400 or
// aborted by its caller handed back, each outcome in its counter, a success
// that resets the fleet's failures, a health check's answer, and a breaker
// closed or opened by hand.
import assert from "node:assert/strict";
import {
  AdapterError,
  type BackendAdapter,
  type BreakerRecord,
  createMemoryStore,
  createRouter,
  ErrorCode,
  type IRChatResponse,
  type IRStreamChunk,
  type IRWarning,
  type RouterStore,
} from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
} from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { FakeTime } from "./_fake_time.ts";
import { drain, gated, req, tick } from "./_helpers.ts";
import { fleetRouter } from "./stores/_fleet_router.ts";
import {
  controlled,
  fireUntil,
  lateClaims,
  storeCodes,
} from "./stores/_controlled_store.ts";

/**
 * Lets the store answer again and waits until the Router saw it come back,
 * the moment it sends again what it still owes.
 */
async function recover(
  time: FakeTime,
  refusing: Set<string>,
  warnings: IRWarning[],
): Promise<void> {
  refusing.clear();
  await fireUntil(
    time,
    () => storeCodes(warnings).includes("store-recovered"),
    "recovery",
  );
  for (let i = 0; i < 5; i++) await tick();
}

const failuresIn = (store: RouterStore, now: number) =>
  (store.readBreakers(["x"], now) as BreakerRecord[])[0].failures;

Deno.test("fleet: a failure the store refused is owed only when it was the half-open probe's: neither an ordinary failure nor a call admitted before the breaker opened is counted again once the store answers", async (t) => {
  await t.step("an ordinary failure on a closed breaker", async () => {
    const time = new FakeTime();
    const warnings: IRWarning[] = [];
    const inner = createMemoryStore();
    const { store, control: { fail: refusing, called } } = controlled(inner);
    const router = fleetRouter(time, store, warnings);
    refusing.add("recordFailure");
    await router.execute(req()); // x fails once (below the threshold of 2)
    await fireUntil(
      time,
      () => storeCodes(warnings).includes("store-unavailable"),
      "the refused write",
    );
    await recover(time, refusing, warnings);
    assert.equal(called.recordFailure, 1, "the refused failure not sent again");
    assert.equal(failuresIn(inner, time.t), 0);
    router.dispose();
  });

  await t.step(
    "a call admitted before the breaker opened, failing in half-open",
    async () => {
      const time = new FakeTime();
      const warnings: IRWarning[] = [];
      const inner = createMemoryStore();
      const { store, control: { fail: refusing, called } } = controlled(inner);
      const x = gated(
        new AdapterError({
          code: ErrorCode.PROVIDER_ERROR,
          message: "upstream 500",
          statusCode: 500,
        }),
      );
      const router = fleetRouter(time, store, warnings, {}, x.adapter);
      const late = router.execute(req()); // admitted while x is closed
      await withTimeout(x.started(), 5_000, "x called");
      // Meanwhile the fleet opens x; this Router reads it, then the timeout
      // passes: x is half-open here, and the call in flight is no probe.
      inner.openBreaker("x", time.t, 1_000, false);
      await fireUntil(time, () => router.isCircuitBreakerOpen("x"), "x open");
      time.t += 1_000;
      refusing.add("recordFailure");
      x.open();
      const answer = await withTimeout(late, 5_000, "the late call settled");
      assert.equal(
        (answer.metadata.routing as { backend: string }).backend,
        "backup",
      );
      await fireUntil(
        time,
        () => storeCodes(warnings).includes("store-unavailable"),
        "the refused write",
      );
      // A sibling's probe closes the fleet's breaker before the store is back.
      inner.closeBreaker("x");
      await recover(time, refusing, warnings);
      assert.equal(called.recordFailure, 1, "the stale failure not sent again");
      assert.equal(failuresIn(inner, time.t), 0);
      router.dispose();
    },
  );
});

/**
 * Brings the fleet's breaker of "x" to half-open with this Router holding
 * the probe's claim: the store opens it, the Router reads that, the timeout
 * passes, and a first request claims the probe (falling back to "backup").
 */
async function claimProbe(
  time: FakeTime,
  inner: RouterStore,
  router: ReturnType<typeof fleetRouter>,
  called: Record<string, number>,
): Promise<void> {
  inner.openBreaker("x", time.t, 1_000, false);
  await fireUntil(time, () => router.isCircuitBreakerOpen("x"), "x open");
  time.t += 1_000;
  const first = await time.settle(router.execute(req()));
  assert.equal(
    (first.metadata.routing as { backend: string }).backend,
    "backup",
  );
  await fireUntil(time, () => called.claimProbe === 1, "the claim answered");
  for (let i = 0; i < 5; i++) await tick();
}

const recordOf = (store: RouterStore, now: number) =>
  (store.readBreakers(["x"], now) as BreakerRecord[])[0];

Deno.test("fleet: the half-open probe's success that the store refused is sent again when it answers, and the fleet's breaker closes", async () => {
  const time = new FakeTime();
  const warnings: IRWarning[] = [];
  const inner = createMemoryStore();
  const { store, control: { fail: refusing, called } } = controlled(inner);
  const router = fleetRouter(time, store, warnings, {}, createEchoAdapter());
  await claimProbe(time, inner, router, called);
  refusing.add("recordSuccess");
  const probe = await time.settle(router.execute(req()));
  assert.equal((probe.metadata.routing as { backend: string }).backend, "x");
  await fireUntil(
    time,
    () => storeCodes(warnings).includes("store-unavailable"),
    "the refused report",
  );
  assert.equal(recordOf(inner, time.t).state, "half-open");
  await recover(time, refusing, warnings);
  assert.equal(called.recordSuccess, 2, "sent again");
  assert.equal(recordOf(inner, time.t).state, "closed");
  router.dispose();
});

Deno.test("fleet: a half-open probe answered with the client's own error (a 400) is handed back to the store at once, so the fleet may probe again", async () => {
  const time = new FakeTime();
  const warnings: IRWarning[] = [];
  const inner = createMemoryStore();
  const { store, control: { called } } = controlled(inner);
  const router = fleetRouter(
    time,
    store,
    warnings,
    {},
    createFailingAdapter({
      error: new AdapterError({
        code: ErrorCode.INVALID_REQUEST,
        message: "unknown parameter",
        statusCode: 400,
      }),
    }),
  );
  await claimProbe(time, inner, router, called);
  assert.equal(recordOf(inner, time.t).probe, true, "the claim is held");
  await assert.rejects(time.settle(router.execute(req())), {
    code: "INVALID_REQUEST",
  });
  await fireUntil(
    time,
    () => (called.releaseProbe ?? 0) > 0,
    "the probe handed back",
  );
  for (let i = 0; i < 5; i++) await tick();
  const record = recordOf(inner, time.t);
  assert.equal(record.state, "half-open");
  assert.equal(record.probe, false);
  router.dispose();
});

Deno.test("fleet: what a Router on an asynchronous store tells it", async (t) => {
  /** A Router whose "x" answers as `outcomes` says, call after call. */
  function setup(outcomes: ("ok" | "fail" | "400" | "hang")[]) {
    const time = new FakeTime();
    const warnings: IRWarning[] = [];
    const inner = createMemoryStore();
    const { store, control: { called } } = controlled(inner);
    let call = 0;
    const x = {
      metadata: { name: "x", provider: "testing", capabilities: {} },
      execute: (_request: unknown, signal?: AbortSignal) => {
        const outcome = outcomes[call++] ?? "ok";
        if (outcome === "fail") {
          return Promise.reject(new Error("upstream 500"));
        }
        if (outcome === "400") {
          return Promise.reject(
            new AdapterError({
              code: ErrorCode.INVALID_REQUEST,
              message: "bad parameter",
              statusCode: 400,
            }),
          );
        }
        if (outcome === "hang") {
          return new Promise((_, reject) =>
            signal?.addEventListener("abort", () => reject(signal.reason))
          );
        }
        return Promise.resolve({
          message: { role: "assistant", content: "ok" },
          metadata: {},
        });
      },
      async *executeStream() {},
    } as unknown as BackendAdapter;
    const router = fleetRouter(
      time,
      store,
      warnings,
      { circuitBreakerThreshold: 3 },
      x,
    );
    return { time, warnings, inner, called, router };
  }
  const settled = async (time: FakeTime) => {
    for (let i = 0; i < 5; i++) {
      await tick();
      time.fire();
    }
  };

  await t.step(
    "each outcome in its counter: ok, failed, client error",
    async () => {
      const { time, inner, router } = setup(["ok", "fail", "400"]);
      await time.settle(router.execute(req()));
      await time.settle(router.execute(req())); // x fails, backup answers
      await assert.rejects(time.settle(router.execute(req())), {
        code: "INVALID_REQUEST",
      });
      await fireUntil(
        time,
        () => (inner.readCounters("x") as Record<string, number>).ok === 1,
        "the counters sent",
      );
      await settled(time);
      const counters = inner.readCounters("x") as Record<string, number>;
      assert.equal(counters.ok, 1);
      assert.equal(counters.failed, 1);
      assert.equal(counters.clientErrors, 1);
      router.dispose();
    },
  );

  await t.step(
    "a success resets the fleet's failures; one on a clean breaker sends nothing",
    async () => {
      const { time, inner, called, router } = setup(["ok", "fail", "ok"]);
      await time.settle(router.execute(req()));
      // The outcome has reached the store once its counter has: a success
      // report, had one been sent, went out before (at the outcome).
      await fireUntil(
        time,
        () => (inner.readCounters("x") as Record<string, number>).ok === 1,
        "the success counted",
      );
      assert.equal(
        called.recordSuccess ?? 0,
        0,
        "a clean success costs no script",
      );
      await time.settle(router.execute(req())); // x fails once
      await fireUntil(
        time,
        () => recordOf(inner, time.t).failures === 1,
        "the failure recorded",
      );
      await time.settle(router.execute(req())); // x answers again
      await settled(time);
      assert.equal(called.recordSuccess, 1);
      assert.equal(recordOf(inner, time.t).failures, 0);
      router.dispose();
    },
  );

  await t.step(
    "a health check's answer, and a breaker closed or opened by hand",
    async () => {
      const { time, inner, router } = setup([]);
      inner.openBreaker("x", time.t, 60_000, false);
      await fireUntil(time, () => router.isCircuitBreakerOpen("x"), "x open");
      // Opened by hand for 5 s: that time, though the fleet had it for longer.
      const at = time.t;
      router.openCircuitBreaker("x", 5_000);
      await settled(time);
      assert.equal(recordOf(inner, time.t).openUntil, at + 5_000);
      router.closeCircuitBreaker("x");
      await settled(time);
      assert.equal(recordOf(inner, time.t).state, "closed");
      router.dispose();
      const healthy = setup([]);
      const checked = await healthy.router.checkHealth("x");
      assert.equal(checked, true);
      await settled(healthy.time);
      assert.equal(
        (healthy.inner.readHealth("x") as { healthy: boolean }).healthy,
        true,
      );
      healthy.router.dispose();
    },
  );

  await t.step(
    "a half-open probe the caller aborted is handed back",
    async () => {
      const { time, inner, called, router } = setup(["hang"]);
      await claimProbe(time, inner, router, called);
      const controller = new AbortController();
      const probe = router.execute(req(), controller.signal);
      await tick();
      assert.equal(recordOf(inner, time.t).probe, true);
      controller.abort(new Error("user went away"));
      await assert.rejects(probe, { code: "ABORTED" });
      await fireUntil(
        time,
        () => (called.releaseProbe ?? 0) > 0,
        "the probe handed back",
      );
      await settled(time);
      assert.equal(recordOf(inner, time.t).probe, false);
      router.dispose();
    },
  );
});

Deno.test("fleet: a half-open probe that loses a stream race is handed back to the store once", async () => {
  const time = new FakeTime();
  const warnings: IRWarning[] = [];
  const inner = createMemoryStore();
  const { store, control: { called } } = controlled(inner);
  const router = createRouter({
    store,
    now: time.now,
    timers: time.timers,
    enableCircuitBreaker: true,
    circuitBreakerThreshold: 2,
    circuitBreakerTimeout: 10_000,
    storeTimeout: 100,
    storeSyncInterval: 50,
    fallbackStrategy: "parallel",
    onWarning: (w) => void warnings.push(w),
  })
    .register("first", createFailingAdapter())
    // The probe: a stream that never yields, so it loses to "backup".
    .register("x", {
      metadata: { name: "x", provider: "testing", capabilities: {} },
      execute: () => new Promise<IRChatResponse>(() => {}),
      async *executeStream() {
        yield await new Promise<IRStreamChunk>(() => {});
      },
    } as unknown as BackendAdapter)
    .register("backup", createEchoAdapter());
  inner.openBreaker("x", time.t, 1_000, false);
  await fireUntil(time, () => router.isCircuitBreakerOpen("x"), "x open");
  time.t += 1_000;
  // The first request starts the claim and is answered by "backup".
  await time.settle(router.execute(req()));
  await fireUntil(time, () => called.claimProbe === 1, "the claim answered");
  for (let i = 0; i < 5; i++) await tick();
  const chunks = await time.settle(drain(router.executeStream(req("raced"))));
  const done = chunks.at(-1)!;
  assert.equal(done.type, "done");
  const routing = (done.metadata as {
    routing: { backend: string; attempts: { backend: string }[] };
  }).routing;
  assert.equal(routing.backend, "backup");
  assert.ok(routing.attempts.some((a) => a.backend === "x"), "x raced");
  await fireUntil(
    time,
    () => recordOf(inner, time.t).probe === false,
    "the probe handed back",
  );
  for (let i = 0; i < 5; i++) {
    await tick();
    time.fire();
  }
  // Once: the claim a sibling takes next carries the same epoch, so a
  // second hand-back of this ticket could free that sibling's claim.
  assert.equal(called.releaseProbe, 1);
  router.dispose();
});

Deno.test("fleet: a probe claim the store granted that arrives after this Router closed the breaker by hand is handed back, not taken", async () => {
  const time = new FakeTime();
  const warnings: IRWarning[] = [];
  const inner = createMemoryStore();
  // Claims are granted at once but their answers wait for the test.
  const { store, called, deliveries } = lateClaims(inner);
  const router = fleetRouter(time, store, warnings, {}, createEchoAdapter());
  inner.openBreaker("x", time.t, 1_000, false);
  await fireUntil(time, () => router.isCircuitBreakerOpen("x"), "x open");
  time.t += 1_000;
  // No timer fires from here on: the claim is late, not timed out.
  const first = await router.execute(req());
  assert.equal(
    (first.metadata.routing as { backend: string }).backend,
    "backup",
  );
  assert.equal(deliveries.length, 1, "the claim is in flight");
  router.closeCircuitBreaker("x");
  for (let i = 0; i < 5; i++) await tick();
  deliveries[0]();
  for (let i = 0; i < 5; i++) await tick();
  assert.equal(called.releaseProbe, 1, "the stale claim handed back");
  assert.equal(recordOf(inner, time.t).probe, false);
  assert.equal(router.isCircuitBreakerOpen("x"), false);
  router.dispose();
});
