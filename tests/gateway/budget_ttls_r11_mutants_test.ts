// Spend SharedBudgetStore counts while its store is out is merged per set of
// totals and sent once the store answers, with one expiry per total. A
// charge may name fewer expiries than totals: the store reads a missing one
// as 0 (kept, see `addTotals` in the Redis store), and so does the merge,
// which keeps the other part's expiry instead of sending NaN (which Redis
// refuses, so the owed spend would never land).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { SharedBudgetStore } from "../../src/gateway/mod.ts";
import { createMemoryStore } from "../../src/models/mod.ts";

/** A memory store whose addTotals records its calls and can fail. */
function recordedStore() {
  const store = createMemoryStore();
  const real = store.addTotals!.bind(store);
  const calls: Array<{ amount: number; ttls: readonly number[] }> = [];
  let failing = false;
  store.addTotals = (keys, amount, ttls, once) => {
    calls.push({ amount, ttls: [...ttls] });
    if (failing) throw new Error("connect ECONNREFUSED");
    return real(keys, amount, ttls, once);
  };
  return {
    store,
    calls,
    fail(on: boolean) {
      failing = on;
    },
  };
}

describe("SharedBudgetStore's owed spend", () => {
  // Bug (`_budget_ledger.ts`, `ttls[i] ?? 0` without its default): a
  // later charge naming fewer expiries merged as NaN for the missing one.
  it("merges a charge naming fewer expiries than totals as 0 for the missing ones", async () => {
    const recorded = recordedStore();
    const shared = new SharedBudgetStore(recorded.store, { timeoutMs: 5_000 });
    const keys = ["team:day", "team:month"];
    recorded.fail(true);
    await shared.add(keys, 0, [5_000, 60_000]);
    await shared.add(keys, 1, [5_000, 60_000]);
    await shared.add(keys, 2, [9_000]);
    recorded.fail(false);
    assert.deepEqual(await shared.add(keys, 0, [1_000, 1_000]), [3, 3]);
    const owed = recorded.calls.filter((call) => call.amount > 0);
    assert.deepEqual(
      owed.map((call) => [call.amount, call.ttls]),
      [[3, [9_000, 60_000]]],
    );
  });
});
