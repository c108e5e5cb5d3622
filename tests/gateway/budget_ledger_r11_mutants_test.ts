// What SharedBudgetStore owes the shared store, seen through the store's
// calls: a steady store gets one call per read and one per charge (no
// reconciling when nothing is owed); a read while a charge is in flight does
// not send that charge a second time; spend counted while the store was
// known to be out reaches the shared total at the first read it answers;
// and that spend, merged per set of totals, keeps the furthest expiry.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { SharedBudgetStore } from "../../src/gateway/mod.ts";
import { recordedBudgetStore } from "./_budget_store_calls.ts";

describe("SharedBudgetStore's calls to its store", () => {
  // Bugs (`_budget_ledger.ts`, `owing`: `#unsent.size > 0` → `>= 0` or
  // inverted, or its final `return false` → `true`): with nothing owed,
  // every admission reconciled and read the totals twice.
  it("a steady store: one call per read, one per charge", async () => {
    const recorded = recordedBudgetStore();
    const shared = new SharedBudgetStore(recorded.store, { timeoutMs: 5_000 });
    assert.deepEqual(await shared.add(["team:day"], 0, [1000]), [0]);
    assert.deepEqual(await shared.add(["team:day"], 2, [1000]), [2]);
    assert.deepEqual(await shared.add(["team:day"], 0, [1000]), [2]);
    assert.deepEqual(await shared.add(["team:day"], 0, [1000]), [2]);
    assert.deepEqual(recorded.calls.map((call) => call.amount), [0, 2, 0, 0]);
  });

  // Bug (`_budget_ledger.ts`, a sent charge's `inFlight: true` → `false`):
  // a read while the charge's call was still out found it owed and sent it
  // again; a store that adds what it is sent counted it twice.
  it("a read while a charge is in flight does not send the charge again", async () => {
    const recorded = recordedBudgetStore();
    const shared = new SharedBudgetStore(recorded.store, { timeoutMs: 5_000 });
    recorded.holdNextCharge();
    const charging = shared.add(["team:day"], 2, [1000]);
    assert.deepEqual(await shared.add(["team:day"], 0, [1000]), [0]);
    recorded.release();
    assert.deepEqual(await charging, [2]);
    assert.deepEqual(await shared.add(["team:day"], 0, [1000]), [2]);
    const charges = recorded.calls.filter((call) => call.amount > 0);
    assert.equal(charges.length, 1, JSON.stringify(recorded.calls));
  });
});

describe("spend counted while the store was known to be out", () => {
  // Bug (`_budget_ledger.ts`, `#unsent.size > 0` → `> 1`, or its return
  // dropped): spend kept while the store was down (one set of totals, no
  // charge lost in flight) was not owed, so the fleet's total never had it.
  it("reaches the shared total at the first read the store answers", async () => {
    const recorded = recordedBudgetStore();
    const shared = new SharedBudgetStore(recorded.store, { timeoutMs: 5_000 });
    assert.deepEqual(await shared.add(["team:day"], 1, [1000]), [1]);
    recorded.fail(true);
    assert.deepEqual(await shared.add(["team:day"], 0, [1000]), [0], "local");
    assert.equal(shared.shared, false);
    // Not sent while the store is known out: kept, owed.
    assert.deepEqual(await shared.add(["team:day"], 2, [1000]), [2]);
    assert.deepEqual(await shared.add(["team:day"], 3, [1000]), [5]);
    recorded.fail(false);
    assert.deepEqual(
      await shared.add(["team:day"], 0, [1000]),
      [6],
      "the shared 1 and the 5 counted during the outage",
    );
    assert.equal(shared.shared, true);
    const other = new SharedBudgetStore(recorded.store);
    assert.deepEqual(await other.add(["team:day"], 0, [1000]), [6]);
  });

  // Bug (`_budget_ledger.ts`, `Math.max` → `Math.min` on the merged
  // expiries): the owed sum was sent with the nearest expiry of its parts,
  // so the shared total could expire before its period ended.
  for (const order of [[5_000, 9_000], [9_000, 5_000]]) {
    it(`is sent with the furthest expiry of its parts (${order.join(", ")})`, async () => {
      const recorded = recordedBudgetStore();
      const shared = new SharedBudgetStore(recorded.store, {
        timeoutMs: 5_000,
      });
      recorded.fail(true);
      await shared.add(["team:day", "team:total"], 0, [order[0], 0]);
      await shared.add(["team:day", "team:total"], 1, [order[0], 0]);
      await shared.add(["team:day", "team:total"], 1, [order[1], 0]);
      recorded.fail(false);
      assert.deepEqual(
        await shared.add(["team:day", "team:total"], 0, [1_000, 0]),
        [2, 2],
      );
      const owed = recorded.calls.filter((call) => call.amount > 0);
      assert.deepEqual(
        owed.map((call) => [call.amount, call.ttls]),
        [[2, [9_000, 0]]],
      );
    });
  }
});
