// What the models-core draw of seed 20261179 showed untested: a half-open
// probe claim the shared store granted is taken only for the half-open
// period it was granted in. One that arrives after the fleet's breaker
// opened again and turned half-open anew (a newer epoch) is stale: it is
// handed back, and the next call claims the current period's probe instead
// of calling the backend on the old ticket, whose outcome the store would
// ignore. The test before covered a claim arriving after the breaker closed,
// which is both not half-open and of an older epoch.
import assert from "node:assert/strict";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { req, routingOf, tick } from "./_helpers.ts";
import { lateClaimFleet } from "./stores/_fleet_router.ts";

Deno.test("fleet: a probe claim granted in an earlier half-open period is handed back, and the next call claims the current one", async () => {
  const x = createEchoAdapter();
  const { called, deliveries, router, record, halfOpen, claimInFlight } =
    lateClaimFleet(x);
  try {
    // The first call starts the claim (granted now, answered later) and is
    // answered by backup.
    await claimInFlight();
    const granted = record().epoch;
    // Meanwhile the fleet's breaker opens again and turns half-open anew.
    await halfOpen("x open again");
    assert.ok(record().epoch > granted, "a newer half-open period");
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
