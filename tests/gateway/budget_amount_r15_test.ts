// What a budget store adds must be a finite number of US dollars. A NaN
// added once stayed in the memory store's total for its whole period, and a
// total that is NaN admits every request (no comparison with it holds); a
// shared store sent it to the router store, which refuses it, so the
// gateway took the store for down, counted the NaN locally, and owed it
// back at every read (one unavailable warning and one recovered warning a
// read, for ever). Both stores now refuse such an amount with a typed
// error, add nothing, and keep the store up; a budget charged through the
// limiter is left as it was.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { withTimeout } from "../_timeout.ts";
import {
  BudgetLimiter,
  MemoryBudgetStore,
  SharedBudgetStore,
} from "../../src/gateway/mod.ts";
import type { IRWarning } from "../../src/models/mod.ts";
import { recordedBudgetStore } from "./_budget_store_calls.ts";

// A negative amount is refused too (round 16): it would hand spent budget
// back without anyone seeing it.
const BAD = [NaN, Infinity, -Infinity, "1" as unknown as number, -1, -1e-9];

describe("a budget store refuses an amount that is negative or not a finite number", () => {
  it("MemoryBudgetStore: INVALID_REQUEST, and the total stays what it was", () => {
    const store = new MemoryBudgetStore();
    assert.deepEqual(store.add(["team:day"], 1.5), [1.5]);
    for (const usd of BAD) {
      assert.throws(() => store.add(["team:day", "team:month"], usd), {
        name: "AdapterError",
        code: "INVALID_REQUEST",
      });
    }
    assert.deepEqual(store.add(["team:day", "team:month"], 0.5), [2, 0.5]);
  });

  it("SharedBudgetStore: INVALID_REQUEST, nothing sent, the store still shared and no warning", async () => {
    const recorded = recordedBudgetStore();
    const warnings: IRWarning[] = [];
    const store = new SharedBudgetStore(recorded.store, {
      onWarning: (warning) => void warnings.push(warning),
    });
    await withTimeout(store.add(["team:day"], 2, [0]), 5_000, "a charge");
    for (const usd of BAD) {
      await assert.rejects(
        withTimeout(store.add(["team:day"], usd, [0]), 5_000, String(usd)),
        { name: "AdapterError", code: "INVALID_REQUEST" },
      );
    }
    assert.equal(recorded.calls.length, 1, "only the good charge was sent");
    // The next reads are the store's own, answered at once, nothing owed.
    for (let i = 0; i < 2; i++) {
      assert.deepEqual(
        await withTimeout(store.add(["team:day"], 0, [0]), 5_000, "a read"),
        [2],
      );
    }
    assert.equal(store.shared, true);
    assert.deepEqual(warnings, []);
    assert.deepEqual(recorded.calls.map((c) => c.amount), [2, 0, 0]);
  });

  it("BudgetLimiter: an infinite charge is refused and the budget left as it was", async () => {
    const key = { id: "team", budget: { usd: 5, period: "day" as const } };
    const limiter = new BudgetLimiter(new MemoryBudgetStore(), () => 0);
    await limiter.charge(key, 1);
    await assert.rejects(limiter.charge(key, Infinity), {
      code: "INVALID_REQUEST",
    });
    assert.equal(await limiter.remaining(key), 4);
    const admitted = await limiter.admit(key);
    assert.equal(admitted.remainingUsd, 4);
  });
});
