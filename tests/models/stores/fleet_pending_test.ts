// The fleet link's store calls in flight (Fleet.pending): a call leaves the
// count when it is answered, refused or disposed of, so a Router whose store
// refuses writes for hours does not hold one entry per refused call.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createMemoryStore } from "../../../src/models/mod.ts";
import { Fleet } from "../../../src/models/_fleet.ts";
import { Warnings } from "../../../src/models/_warnings.ts";
import { FakeTime } from "../_fake_time.ts";
import { tick } from "../_helpers.ts";

function fleetOn(time: FakeTime) {
  return new Fleet({
    store: createMemoryStore(),
    breaker: { enabled: true, threshold: 2, timeout: 10_000 },
    syncInterval: 50,
    storeTimeout: 100,
    timers: time.timers,
    warnings: new Warnings(undefined),
    now: time.now,
  });
}

describe("store calls in flight", () => {
  it("an answered call and a refused one both leave the count", async () => {
    const time = new FakeTime();
    const fleet = fleetOn(time);
    fleet.call(() => Promise.resolve(1), () => {});
    fleet.call(() => Promise.reject(new Error("READONLY")), () => {});
    assert.equal(fleet.pending, 2);
    for (let i = 0; i < 5; i++) await tick();
    assert.equal(fleet.pending, 0);
    fleet.dispose();
  });

  it("dispose() lets go of the calls still in flight", () => {
    const time = new FakeTime();
    const fleet = fleetOn(time);
    fleet.call(() => new Promise<number>(() => {}), () => {});
    assert.equal(fleet.pending, 1);
    fleet.dispose();
    assert.equal(fleet.pending, 0);
    assert.equal(time.pending, 0, "its timers cleared");
  });
});
