// A Router on an asynchronous store, without Redis: a memory store behind
// promises that can hang or fail, on a fake clock. Routing never waits on
// the store; a store that does not answer within storeTimeout switches the
// Router to local state, and the next answer switches it back.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  AdapterError,
  type BreakerRecord,
  createMemoryStore,
  ErrorCode,
  type IRWarning,
  type Router,
  type RouterStore,
} from "../../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
  createHangingAdapter,
} from "../../../src/models/testing.ts";
import { FakeTime } from "../_fake_time.ts";
import { tick } from "../_helpers.ts";
import { fleetRouter } from "./_fleet_router.ts";
import { withTimeout } from "../../_timeout.ts";

/**
 * A store answering through promises; `mode` makes it hang, fail, or hold
 * each call until the test lets it run (as a paused Redis runs queued
 * scripts once resumed); `method` limits the mode to that one.
 */
function asyncStore(inner: RouterStore) {
  const control = {
    mode: "up" as "up" | "hang" | "fail" | "hold",
    method: undefined as string | undefined,
    calls: 0,
    /** Calls by method name. */
    called: {} as Record<string, number>,
    /** Calls held by "hold": each runs the operation and answers. */
    held: [] as (() => void)[],
  };
  const store = new Proxy(inner, {
    get(target, name) {
      const method = Reflect.get(target, name) as (
        ...args: unknown[]
      ) => unknown;
      if (typeof method !== "function") return method; // probeLease
      return (...args: unknown[]) => {
        control.calls++;
        control.called[String(name)] = (control.called[String(name)] ?? 0) + 1;
        const mode = control.method === undefined || control.method === name
          ? control.mode
          : "up";
        if (mode === "hang") return new Promise(() => {});
        if (mode === "fail") {
          return Promise.reject(new Error("NOREPLICAS: writes refused"));
        }
        if (mode === "hold") {
          return new Promise((resolve) =>
            control.held.push(() => resolve(method.apply(target, args)))
          );
        }
        return Promise.resolve().then(() => method.apply(target, args));
      };
    },
  });
  return { store, control };
}

const request = { messages: [{ role: "user" as const, content: "hi" }] };

/** Fires timers (moving the fake clock) until `done()` or the bound. */
async function fireUntil(time: FakeTime, done: () => boolean) {
  for (let i = 0; i < 100 && !done(); i++) {
    await tick();
    if (!done()) time.fire();
  }
  assert.ok(done(), "reached within 100 timers");
}

describe("a Router on an asynchronous store", () => {
  for (const mode of ["hang", "fail"] as const) {
    it(
      `a store that ${
        mode === "hang" ? "hangs" : "fails"
      } never holds a request; local state takes over, then the fleet's again`,
      async () => {
        const time = new FakeTime();
        const warnings: IRWarning[] = [];
        const { store, control } = asyncStore(createMemoryStore());
        const router = fleetRouter(time, store, warnings);
        control.mode = mode;
        // Answered without any timer firing: nothing waited on the store.
        const first = await withTimeout(
          router.execute(request),
          5_000,
          "execute waited on the store",
        );
        assert.equal(first.message.content, "hi");
        await fireUntil(
          time,
          () => warnings.some((w) => w.code === "store-unavailable"),
        );
        await router.execute(request);
        assert.equal(router.isCircuitBreakerOpen("x"), true, "local breaker");

        control.mode = "up";
        await fireUntil(
          time,
          () => warnings.some((w) => w.code === "store-recovered"),
        );
        await tick();
        // The fleet's record wins: nothing reached the store while it was
        // down, so its breaker is closed.
        assert.equal(router.isCircuitBreakerOpen("x"), false);
        assert.deepEqual(
          warnings.filter((w) => w.code.startsWith("store-")).map((w) =>
            w.code
          ),
          ["store-unavailable", "store-recovered"],
        );
        router.dispose();
        assert.equal(time.pending, 0, "dispose() leaves no timer");
      },
    );
  }

  it("two routers on one store open the breaker after threshold failures in total", async () => {
    const time = new FakeTime();
    const warnings: IRWarning[] = [];
    const { store } = asyncStore(createMemoryStore());
    const a = fleetRouter(time, store, warnings);
    const b = fleetRouter(time, store, warnings);
    await a.execute(request);
    await tick();
    await b.execute(request);
    await tick();
    assert.equal(
      b.isCircuitBreakerOpen("x"),
      true,
      "the second failure opened it",
    );
    await fireUntil(time, () => a.isCircuitBreakerOpen("x"));
    assert.deepEqual(warnings.filter((w) => w.code.startsWith("store-")), []);
    a.dispose();
    b.dispose();
    assert.equal(time.pending, 0);
  });
});

/** The store's own record of x (the memory store answers at once). */
function recordOf(inner: RouterStore, now: number) {
  return (inner.readBreakers(["x"], now) as BreakerRecord[])[0];
}

/** Opens x in the store for 1 s and waits until `routers` see it open. */
async function openInStore(
  time: FakeTime,
  inner: RouterStore,
  routers: readonly Router[],
) {
  inner.openBreaker("x", time.t, 1_000, false);
  await fireUntil(
    time,
    () => routers.every((r) => r.isCircuitBreakerOpen("x")),
  );
}

/**
 * Sends requests through `router` until `done()` (bounded), firing a timer
 * between them unless `fire` is false (the clock then stays put).
 */
async function sendUntil(
  time: FakeTime,
  router: Router,
  done: () => boolean,
  fire = true,
) {
  for (let i = 0; i < 20 && !done(); i++) {
    await router.execute(request).catch(() => {});
    await tick();
    if (fire && !done()) time.fire();
  }
  assert.ok(done(), "reached within 20 requests");
}

describe("the fleet's half-open probe on an asynchronous store", () => {
  it("a Router that dies holding the probe keeps the backend out only until probeLease has passed", async () => {
    const time = new FakeTime();
    const warnings: IRWarning[] = [];
    const inner = createMemoryStore({ probeLease: 5_000 });
    const dying = asyncStore(inner);
    const sibling = asyncStore(inner);
    const hanging = createHangingAdapter();
    const healthy = createEchoAdapter();
    const a = fleetRouter(time, dying.store, warnings, {}, hanging);
    const b = fleetRouter(time, sibling.store, warnings, {}, healthy);
    await openInStore(time, inner, [a, b]);
    time.t += 1_000;
    await a.execute(request); // claims the probe (backup answers)
    await tick();
    const probe = a.execute(request).catch(() => undefined);
    await fireUntil(time, () => hanging.calls.length === 1);
    dying.control.mode = "hang"; // a dies: its outcome never reaches the store
    // b adopts a's claim and routes around x meanwhile.
    const reads = sibling.control.calls;
    await fireUntil(time, () => sibling.control.calls > reads);
    const claimedAt = recordOf(inner, time.t).probeAt!;
    assert.ok(claimedAt >= 2_000, "the record carries the claim's time");
    time.t = claimedAt + 4_999;
    for (let i = 0; i < 3; i++) await b.execute(request); // backup answers
    assert.equal(healthy.calls.length, 0, "a's claim holds within the lease");
    time.t = claimedAt + 5_000;
    await sendUntil(time, b, () => healthy.calls.length > 0);
    assert.equal(healthy.calls.length, 1, "one probe after the lease");
    await fireUntil(time, () => recordOf(inner, time.t).state === "closed");
    assert.equal(b.isCircuitBreakerOpen("x"), false);
    a.dispose();
    b.dispose();
    await probe;
    assert.equal(time.pending, 0);
  });

  for (const fault of ["fail", "hang"] as const) {
    it(
      `a claim that ${
        fault === "fail" ? "is refused" : "never answers"
      } does not stop the Router claiming again once the store is back`,
      async () => {
        const time = new FakeTime();
        const warnings: IRWarning[] = [];
        const inner = createMemoryStore(); // no lease: nothing expires by itself
        const { store, control } = asyncStore(inner);
        const healthy = createEchoAdapter();
        const router = fleetRouter(time, store, warnings, {}, healthy);
        await openInStore(time, inner, [router]);
        time.t += 1_000;
        control.method = "claimProbe";
        control.mode = fault;
        await router.execute(request); // the claim fails; backup answers
        await fireUntil(
          time,
          () => warnings.some((w) => w.code === "store-unavailable"),
        );
        control.mode = "up";
        // No request meanwhile: the store is back before the next routing.
        await fireUntil(
          time,
          () => warnings.some((w) => w.code === "store-recovered"),
        );
        assert.equal(
          router.getBackendInfo("x")?.circuitBreakerState,
          "half-open",
        );
        await sendUntil(time, router, () => healthy.calls.length > 0);
        await fireUntil(time, () => recordOf(inner, time.t).state === "closed");
        assert.equal(healthy.calls.length, 1);
        router.dispose();
        assert.equal(time.pending, 0);
      },
    );
  }

  for (const outcome of ["success", "failure"] as const) {
    it(
      `a probe's ${outcome} the store refused is reported once it answers again, not left holding the claim`,
      async () => {
        const time = new FakeTime();
        const warnings: IRWarning[] = [];
        const inner = createMemoryStore(); // no lease: a kept claim holds for good
        const { store, control } = asyncStore(inner);
        const x = outcome === "success"
          ? createEchoAdapter()
          : createFailingAdapter();
        const a = fleetRouter(time, store, warnings, {}, x);
        const b = fleetRouter(time, asyncStore(inner).store, warnings);
        await openInStore(time, inner, [a, b]);
        time.t += 1_000;
        await a.execute(request); // claims the probe (backup answers)
        await tick();
        const { epoch } = recordOf(inner, time.t);
        // Writes refused (NOREPLICAS) just as the probe reports.
        control.method = outcome === "success"
          ? "recordSuccess"
          : "recordFailure";
        control.mode = "fail";
        await a.execute(request).catch(() => {});
        assert.equal(x.calls.length, 1, "a's probe reached x");
        await fireUntil(
          time,
          () => warnings.some((w) => w.code === "store-unavailable"),
        );
        assert.equal(recordOf(inner, time.t).probe, true, "the claim holds");
        control.mode = "up";
        await fireUntil(time, () => !recordOf(inner, time.t).probe);
        const record = recordOf(inner, time.t);
        assert.equal(record.state, outcome === "success" ? "closed" : "open");
        assert.ok(record.epoch > epoch, "the probe's report moved the fleet");
        const expected = outcome === "success" ? "closed" : "open";
        await fireUntil(
          time,
          () =>
            [a, b].every((r) =>
              r.getBackendInfo("x")?.circuitBreakerState === expected
            ),
        );
        a.dispose();
        b.dispose();
        assert.equal(time.pending, 0);
      },
    );
  }

  it("a claim answered after storeTimeout is handed back, so a sibling probes without waiting a lease", async () => {
    const time = new FakeTime();
    const warnings: IRWarning[] = [];
    const inner = createMemoryStore(); // no lease: a kept claim holds for good
    const late = asyncStore(inner);
    const sibling = asyncStore(inner);
    const healthy = createEchoAdapter();
    const a = fleetRouter(time, late.store, warnings);
    const b = fleetRouter(time, sibling.store, warnings, {}, healthy);
    await openInStore(time, inner, [a, b]);
    time.t += 1_000;
    late.control.method = "claimProbe";
    late.control.mode = "hold";
    await a.execute(request);
    await fireUntil(
      time,
      () => warnings.some((w) => w.code === "store-unavailable"),
    );
    late.control.mode = "up";
    for (const run of late.control.held.splice(0)) run(); // the claim runs late
    assert.equal(recordOf(inner, time.t).probe, true);
    await fireUntil(time, () => !recordOf(inner, time.t).probe);
    await sendUntil(time, b, () => healthy.calls.length > 0);
    await fireUntil(time, () => recordOf(inner, time.t).state === "closed");
    a.dispose();
    b.dispose();
    assert.equal(time.pending, 0);
  });

  it("a probe claimed after a sibling's claim expired reports with the fleet's ticket and closes its breaker", async () => {
    const time = new FakeTime();
    const warnings: IRWarning[] = [];
    const inner = createMemoryStore({ probeLease: 5_000 });
    const healthy = createEchoAdapter();
    // No background read after the first: this router never sees the
    // sibling's claim, so its copy of the breaker lags the store's epoch.
    const router = fleetRouter(time, asyncStore(inner).store, warnings, {
      storeSyncInterval: 1e9,
    }, healthy);
    router.openCircuitBreaker("x", 1_000);
    await router.execute(request); // the one read; backup answers
    await tick();
    time.t += 1_000;
    const lost = await inner.claimProbe("x", time.t); // a sibling, then dies
    assert.ok(lost >= 0);
    time.t += 5_000;
    await sendUntil(time, router, () => healthy.calls.length > 0, false);
    await tick();
    assert.equal(healthy.calls.length, 1);
    assert.equal(recordOf(inner, time.t).state, "closed");
    router.dispose();
    assert.equal(time.pending, 0);
  });

  for (const moment of ["claimed", "probing"] as const) {
    it(
      `a Router disposed ${
        moment === "claimed" ? "holding an unused claim" : "mid-probe"
      } hands the probe back`,
      async () => {
        const time = new FakeTime();
        const warnings: IRWarning[] = [];
        const inner = createMemoryStore(); // no lease: only a release frees it
        const hanging = createHangingAdapter();
        const healthy = createEchoAdapter();
        const a = fleetRouter(
          time,
          asyncStore(inner).store,
          warnings,
          {},
          hanging,
        );
        const b = fleetRouter(
          time,
          asyncStore(inner).store,
          warnings,
          {},
          healthy,
        );
        await openInStore(time, inner, [a, b]);
        time.t += 1_000;
        await a.execute(request); // claims
        await tick();
        assert.equal(recordOf(inner, time.t).probe, true);
        const probe = moment === "probing"
          ? a.execute(request).catch(() => undefined)
          : undefined;
        if (probe !== undefined) {
          await fireUntil(time, () => hanging.calls.length === 1);
        }
        a.dispose(); // a rolling restart
        await probe;
        await tick();
        assert.equal(recordOf(inner, time.t).probe, false);
        await sendUntil(time, b, () => healthy.calls.length > 0);
        await fireUntil(time, () => recordOf(inner, time.t).state === "closed");
        b.dispose();
        assert.equal(time.pending, 0);
      },
    );
  }

  it("a client error or an abort in a closed breaker costs the store no script but counters", async () => {
    const time = new FakeTime();
    const warnings: IRWarning[] = [];
    const { store, control } = asyncStore(createMemoryStore());
    const rejecting = createFailingAdapter({
      error: new AdapterError({
        code: ErrorCode.INVALID_REQUEST,
        message: "messages: must not be empty",
        statusCode: 422,
      }),
    });
    const router = fleetRouter(time, store, warnings, {}, rejecting)
      .register("h", createHangingAdapter());
    for (let i = 0; i < 3; i++) await router.execute(request).catch(() => {});
    const controller = new AbortController();
    const aborted = router.execute({
      ...request,
      metadata: { custom: { backend: "h" } },
    }, controller.signal).catch(() => {});
    await tick();
    controller.abort();
    await aborted;
    await fireUntil(time, () => (control.called.addCounters ?? 0) > 0);
    assert.equal(rejecting.calls.length, 3);
    assert.equal(control.called.releaseProbe, undefined);
    assert.deepEqual(
      await store.readCounters("x"),
      { clientErrors: 3 },
    );
    router.dispose();
    assert.equal(time.pending, 0);
  });

  for (const release of ["answered", "refused at first"] as const) {
    it(`a half-open probe answered with a client error frees the probe for the fleet (its hand-back ${release})`, async () => {
      const time = new FakeTime();
      const warnings: IRWarning[] = [];
      const inner = createMemoryStore(); // no lease: only a release frees it
      const rejecting = createFailingAdapter({
        error: new AdapterError({
          code: ErrorCode.INVALID_REQUEST,
          message: "max_tokens: must be at most 4096",
          statusCode: 400,
        }),
      });
      const healthy = createEchoAdapter();
      const own = asyncStore(inner);
      const a = fleetRouter(time, own.store, warnings, {}, rejecting);
      const b = fleetRouter(
        time,
        asyncStore(inner).store,
        warnings,
        {},
        healthy,
      );
      await openInStore(time, inner, [a, b]);
      time.t += 1_000;
      await a.execute(request); // claims
      await tick();
      if (release !== "answered") {
        own.control.method = "releaseProbe";
        own.control.mode = "fail";
      }
      const answer = await a.execute(request).catch((e: AdapterError) => e);
      assert.equal(rejecting.calls.length, 1, "a's probe reached x");
      assert.equal((answer as AdapterError).code, ErrorCode.INVALID_REQUEST);
      if (release !== "answered") {
        await fireUntil(
          time,
          () => warnings.some((w) => w.code === "store-unavailable"),
        );
        assert.equal(recordOf(inner, time.t).probe, true, "the claim holds");
        own.control.mode = "up";
      }
      await fireUntil(time, () => !recordOf(inner, time.t).probe);
      assert.equal(recordOf(inner, time.t).state, "half-open");
      await sendUntil(time, b, () => healthy.calls.length > 0);
      await fireUntil(time, () => recordOf(inner, time.t).state === "closed");
      assert.equal(a.getBackendStats("x")?.failedRequests, 0);
      a.dispose();
      b.dispose();
      assert.equal(time.pending, 0);
    });
  }
});
