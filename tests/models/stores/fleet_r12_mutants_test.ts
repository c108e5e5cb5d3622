// What bugs planted by hand beside the models-stores draw of seed 20261169
// (which left no survivor) showed unguarded in a Router's link to its store:
// the time a batch of failures is counted at, the resynchronisation once the
// store is back, and the counters each flush adds to the fleet's.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  type BreakerRecord,
  createMemoryStore,
  type IRWarning,
} from "../../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFlakyAdapter,
} from "../../../src/models/testing.ts";
import { FakeTime } from "../_fake_time.ts";
import { tick } from "../_helpers.ts";
import { fleetRouter } from "./_fleet_router.ts";
import { controlled, fireUntil, storeCodes } from "./_controlled_store.ts";

const request = { messages: [{ role: "user" as const, content: "hi" }] };

describe("a Router's fleet link, beside the twelfth round's draws", () => {
  // Bug (`_fleet.ts`, `queued.now = now;` dropped): failures gathered while
  // an earlier failure's script was in flight were counted at the time of
  // the first of them, so the fleet's breaker opened by the batch reopened
  // up to the whole gathering time early. One process's breaker counts its
  // cool-down from the failure that opened it; the fleet's must too.
  it("a batch of failures opens the fleet's breaker for the timeout counted from its newest failure", async () => {
    const time = new FakeTime();
    const warnings: IRWarning[] = [];
    const inner = createMemoryStore();
    const { store, control } = controlled(inner);
    const r = fleetRouter(time, store, warnings, {
      circuitBreakerThreshold: 3,
      circuitBreakerTimeout: 10_000,
      storeTimeout: 600_000,
      storeSyncInterval: 600_000,
    });
    control.hold.add("recordFailure");
    await r.execute(request); // x fails at 1 000: its script is held
    time.t = 4_000;
    await r.execute(request); // gathered behind it
    time.t = 7_000;
    await r.execute(request); // gathered too: the newest failure
    assert.equal(control.held.length, 1, "one script in flight");
    control.release(true);
    const record = () =>
      (inner.readBreakers(["x"], time.t) as BreakerRecord[])[0];
    for (let i = 0; i < 20 && record().state !== "open"; i++) await tick();
    assert.equal(control.called.recordFailure, 2, "the first, then the batch");
    assert.equal(record().state, "open");
    assert.equal(record().openUntil, 7_000 + 10_000);
    r.dispose();
  });

  // Bug (`_fleet.ts`, `this.#lastRead = -Infinity` dropped in the recovery):
  // a Router whose store came back kept routing on the state it gathered
  // alone until syncInterval had passed since its last (failed) read, so a
  // breaker a sibling opened during the outage was not seen: the header's
  // promise is that the next answer switches the Router back to the
  // fleet's state.
  it("once the store is back, the next routing decision adopts what a sibling changed during the outage", async () => {
    const time = new FakeTime();
    const warnings: IRWarning[] = [];
    const inner = createMemoryStore();
    const { store, control } = controlled(inner);
    // x fails once, then answers: its success after a failure is what
    // reaches the store first once it is back.
    const x = createFlakyAdapter(createEchoAdapter(), {
      pattern: [true, false, false, false, false, false, false, false],
    });
    const r = fleetRouter(time, store, warnings, {
      storeSyncInterval: 60_000,
      storeTimeout: 600_000,
    }, x);
    control.fail.add("*");
    await r.execute(request); // the read and x's failure report are refused
    await fireUntil(
      time,
      () => storeCodes(warnings).includes("store-unavailable"),
      "the outage seen",
    );
    // Meanwhile a sibling opens backup for ten minutes.
    inner.openBreaker("backup", time.t, 600_000, false);
    control.fail.clear();
    time.t += 1_000; // well within syncInterval of the refused read
    await r.execute(request); // x answers: its success report is answered
    for (let i = 0; i < 20 && storeCodes(warnings).length < 2; i++) {
      await tick();
    }
    assert.deepEqual(storeCodes(warnings), [
      "store-unavailable",
      "store-recovered",
    ]);
    assert.equal(r.isCircuitBreakerOpen("backup"), false, "not seen yet");
    const reads = control.called.readBreakers ?? 0;
    await r.execute(request); // the next routing decision reads the fleet
    for (let i = 0; i < 20 && !r.isCircuitBreakerOpen("backup"); i++) {
      await tick();
    }
    assert.equal(control.called.readBreakers, reads + 1);
    assert.ok(r.isCircuitBreakerOpen("backup"), "the sibling's opening");
    r.dispose();
  });

  // Bug (`_fleet.ts`, `this.#delta = {}` dropped in flush): each flush sent
  // every count since the Router started, not those since the last flush,
  // so the fleet's counters (what an operator reads with readCounters)
  // grew faster than the requests: 1 + 3 where three requests were served.
  it("each flush adds only the outcomes since the last one to the fleet's counters", async () => {
    const time = new FakeTime();
    const warnings: IRWarning[] = [];
    const inner = createMemoryStore();
    const { store, control } = controlled(inner);
    const r = fleetRouter(time, store, warnings, {}, createEchoAdapter());
    await r.execute(request);
    await fireUntil(
      time,
      () => (control.called.addCounters ?? 0) === 1,
      "the first flush",
    );
    assert.deepEqual(await inner.readCounters("x"), { ok: 1 });
    await r.execute(request);
    await r.execute(request);
    await fireUntil(
      time,
      () => (control.called.addCounters ?? 0) === 2,
      "the second flush",
    );
    await tick();
    assert.deepEqual(await inner.readCounters("x"), { ok: 3 });
    r.dispose();
  });
});
