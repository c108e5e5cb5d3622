// Spend SharedBudgetStore counts while its store is out is merged per set of
// totals and sent once the store answers, with one expiry per total. A
// charge may name fewer expiries than totals: the store reads a missing one
// as 0 (kept, see `addTotals` in the Redis store), and so does the merge,
// which keeps the other part's expiry instead of sending NaN (which Redis
// refuses, so the owed spend would never land).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { SharedBudgetStore } from "../../src/gateway/mod.ts";
import { recordedBudgetStore } from "./_budget_store_calls.ts";

describe("SharedBudgetStore's owed spend", () => {
  // Bug (`_budget_ledger.ts`, `ttls[i] ?? 0` without its default): a
  // later charge naming fewer expiries merged as NaN for the missing one.
  it("merges a charge naming fewer expiries than totals as 0 for the missing ones", async () => {
    const recorded = recordedBudgetStore();
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
