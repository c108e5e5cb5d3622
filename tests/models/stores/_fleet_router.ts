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
import { FakeTime } from "../_fake_time.ts";
import { tick } from "../_helpers.ts";
import { controlled, fireUntil } from "./_controlled_store.ts";

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
  const record = () =>
    (inner.readBreakers(["x"], time.t) as BreakerRecord[])[0];
  /** A sibling opens x for 1s; once this Router sees it, the clock passes it. */
  const halfOpen = async () => {
    inner.openBreaker("x", time.t, 1_000, false);
    await fireUntil(time, () => r.isCircuitBreakerOpen("x"), "x open");
    time.t += 1_000;
  };
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
