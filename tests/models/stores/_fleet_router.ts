// A Router on a fake clock for the fleet tests: "x" (failing unless given)
// and an echo "backup", a two-failure breaker, and store timings short
// enough that a test moves through them by firing timers.
import {
  type BackendAdapter,
  createRouter,
  type IRWarning,
  type RouterConfig,
  type RouterStore,
} from "../../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
} from "../../../src/models/testing.ts";
import type { FakeTime } from "../_fake_time.ts";

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
