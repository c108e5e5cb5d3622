// A Router on a fake clock for the fleet tests: "x" (failing unless given)
// and an echo "backup", a two-failure breaker, and store timings short
// enough that a test moves through them by firing timers; and the same
// Router on a controlled memory store, with the steps to its half-open probe.
import {
  type BackendAdapter,
  type BreakerRecord,
  createMemoryStore,
  createRouter,
  type IRWarning,
  type RouterConfig,
  type RouterStore,
} from "../../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
} from "../../../src/models/testing.ts";
import assert from "node:assert/strict";
import { withTimeout } from "../../_timeout.ts";
import { FakeTime } from "../_fake_time.ts";
import { routingOf, tick } from "../_helpers.ts";
import { controlled, fireUntil, lateClaims } from "./_controlled_store.ts";

const request = { messages: [{ role: "user" as const, content: "hi" }] };

/** A Router on `store` whose warnings land in `warnings`. */
export function fleetRouter(
  time: FakeTime,
  store: RouterStore,
  warnings: IRWarning[],
  extra: RouterConfig = {},
  x: BackendAdapter = createFailingAdapter(),
) {
  return createRouter({
    store,
    now: time.now,
    timers: time.timers,
    enableCircuitBreaker: true,
    circuitBreakerThreshold: 2,
    circuitBreakerTimeout: 10_000,
    storeTimeout: 100,
    storeSyncInterval: 50,
    onWarning: (w) => void warnings.push(w),
    ...extra,
  }).register("x", x)
    .register("backup", createEchoAdapter());
}

/** x's record in `inner` now. */
function recordOf(inner: RouterStore, time: FakeTime): BreakerRecord {
  return (inner.readBreakers(["x"], time.t) as BreakerRecord[])[0];
}

/**
 * A sibling opens x in `inner` for 1 s; once `r` sees it (`what` names the
 * wait), the clock passes it, so x is half-open.
 */
async function halfOpenIn(
  inner: RouterStore,
  time: FakeTime,
  r: ReturnType<typeof fleetRouter>,
  what: string,
): Promise<void> {
  inner.openBreaker("x", time.t, 1_000, false);
  await fireUntil(time, () => r.isCircuitBreakerOpen("x"), what);
  time.t += 1_000;
}

/**
 * A fleet Router ("x" an echo unless given, then "backup") on a fresh clock
 * and a memory store `inner` whose probe claims are granted when asked but
 * answered only when the test calls one of `deliveries` (`lateClaims`).
 * `claimInFlight()` half-opens x and makes the call that starts the claim,
 * which backup answers while the claim waits.
 */
export function lateClaimFleet(x: BackendAdapter = createEchoAdapter()) {
  const time = new FakeTime();
  const warnings: IRWarning[] = [];
  const inner = createMemoryStore();
  const { store, called, deliveries } = lateClaims(inner);
  const router = fleetRouter(time, store, warnings, {}, x);
  const record = () => recordOf(inner, time);
  const halfOpen = (what: string) => halfOpenIn(inner, time, router, what);
  const claimInFlight = async () => {
    await halfOpen("x open");
    const first = await withTimeout(router.execute(request), 5_000, "first");
    assert.equal(routingOf(first).backend, "backup");
    assert.equal(deliveries.length, 1, "the claim is in flight");
  };
  return {
    time,
    inner,
    called,
    deliveries,
    router,
    record,
    halfOpen,
    claimInFlight,
  };
}

/**
 * A fleet Router ("x" failing unless `x` is given, then "backup") on a
 * fresh clock and the controlled memory store `inner`; `record()` is x's
 * record in the store now.
 */
export function fleet(
  extra: RouterConfig = {},
  x?: BackendAdapter,
  inner: RouterStore = createMemoryStore(),
) {
  const time = new FakeTime();
  const warnings: IRWarning[] = [];
  const { store, control } = controlled(inner);
  const r = fleetRouter(time, store, warnings, extra, x);
  const record = () => recordOf(inner, time);
  /** A sibling opens x for 1s; once this Router sees it, the clock passes it. */
  const halfOpen = () => halfOpenIn(inner, time, r, "x open");
  /** Half-open, and this Router holds the probe's claim (backup answered). */
  const claimProbe = async () => {
    await halfOpen();
    await r.execute(request);
    await fireUntil(
      time,
      () => control.called.claimProbe === 1,
      "the claim answered",
    );
    await tick();
  };
  /**
   * With a failure report held in the store: a sibling opens x, this Router
   * sees it half-open as time passes, claims the probe (backup answers) and
   * sends it; the probe's failure joins the batch behind the held report.
   * Returns the probe's answer.
   */
  const probeBatched = async () => {
    inner.openBreaker("x", time.t, 1_000, false);
    await fireUntil(time, () => r.isCircuitBreakerOpen("x"), "x open");
    await fireUntil(time, () => record().state === "half-open", "half-open");
    await fireUntil(time, () => !r.isCircuitBreakerOpen("x"), "seen half-open");
    await r.execute(request); // claims the probe; backup answers
    await fireUntil(time, () => record().probe, "the claim");
    for (let i = 0; i < 5; i++) await tick();
    return await r.execute(request); // the probe: x fails, batched
  };
  return {
    time,
    warnings,
    inner,
    control,
    r,
    record,
    halfOpen,
    claimProbe,
    probeBatched,
  };
}
