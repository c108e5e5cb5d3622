// What the models-core draw of seed 20261179 showed untested: a half-open
// probe claim the shared store granted is taken only for the half-open
// period it was granted in. One that arrives after the fleet's breaker
// opened again and turned half-open anew (a newer epoch) is stale: it is
// handed back, and the next call claims the current period's probe instead
// of calling the backend on the old ticket, whose outcome the store would
// ignore. The test before covered a claim arriving after the breaker closed,
// which is both not half-open and of an older epoch.
import assert from "node:assert/strict";
import {
  type BreakerRecord,
  createMemoryStore,
  type IRWarning,
} from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { FakeTime } from "./_fake_time.ts";
import { req, routingOf, tick } from "./_helpers.ts";
import { fireUntil, lateClaims } from "./stores/_controlled_store.ts";
import { fleetRouter } from "./stores/_fleet_router.ts";

Deno.test("fleet: a probe claim granted in an earlier half-open period is handed back, and the next call claims the current one", async () => {
  const time = new FakeTime();
  const warnings: IRWarning[] = [];
  const inner = createMemoryStore();
  const { store, called, deliveries } = lateClaims(inner);
  const x = createEchoAdapter();
  const router = fleetRouter(time, store, warnings, {}, x);
  const epoch = () =>
    (inner.readBreakers(["x"], time.t) as BreakerRecord[])[0].epoch;
  /** A sibling opens x for 1 s; once this Router sees it, the clock passes it. */
  const halfOpen = async (what: string) => {
    inner.openBreaker("x", time.t, 1_000, false);
    await fireUntil(time, () => router.isCircuitBreakerOpen("x"), what);
    time.t += 1_000;
  };
  try {
    await halfOpen("x open");
    // The first call starts the claim (granted now, answered later) and is
    // answered by backup.
    const first = await withTimeout(router.execute(req()), 5_000, "first");
    assert.equal(routingOf(first).backend, "backup");
    assert.equal(deliveries.length, 1, "the claim is in flight");
    const granted = epoch();
    // Meanwhile the fleet's breaker opens again and turns half-open anew.
    await halfOpen("x open again");
    assert.ok(epoch() > granted, "a newer half-open period");
    deliveries[0]();
    for (let i = 0; i < 5; i++) await tick();
    assert.equal(called.releaseProbe, 1, "the stale claim handed back");
    // No timer fired since: the next call claims the current period's probe
    // and is answered by backup; x is not called on the old ticket.
    const next = await withTimeout(router.execute(req()), 5_000, "next");
    assert.equal(routingOf(next).backend, "backup");
    assert.equal(x.calls.length, 0);
    assert.equal(deliveries.length, 2, "a claim of the current period");
  } finally {
    router.dispose();
  }
});
