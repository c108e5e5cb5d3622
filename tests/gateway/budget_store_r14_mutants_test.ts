// SharedBudgetStore's options taken as given, and its calls to the store
// around an outage: a `timeoutMs` of 0 waits for no answer, a `prefix` of ""
// names the totals bare, a reconcile the store fails again stops at that
// failure (the request is held by one store timeout, not one per owed sum),
// and the store hears only the calls the totals need. The recovered warning
// comes once per outage, never for a store that was never out.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { withTimeout } from "../_timeout.ts";
import { SharedBudgetStore } from "../../src/gateway/mod.ts";
import type { IRWarning } from "../../src/models/mod.ts";
import { recordedBudgetStore } from "./_budget_store_calls.ts";

/** The calls as `amount` and whether a sequence number went with them. */
function shapes(calls: { amount: number; seq?: number }[]) {
  return calls.map((call) => [call.amount, call.seq !== undefined]);
}

describe("SharedBudgetStore's options", () => {
  // Bug (`budget_store.ts`, `options.timeoutMs ?? 100` → `||`): an explicit
  // 0 became the default 100 ms, so a store answering in 20 ms was waited
  // for, as the shared rate-limit store and response cache do not.
  it("timeoutMs: 0 waits for no answer; the default waits for one in 20 ms", async () => {
    const zero = recordedBudgetStore(20);
    zero.script("late");
    const warnings: IRWarning[] = [];
    const none = new SharedBudgetStore(zero.store, {
      timeoutMs: 0,
      onWarning: (warning) => void warnings.push(warning),
    });
    assert.deepEqual(
      await withTimeout(none.add(["team:day"], 0, [0]), 5_000, "read at 0"),
      [0],
    );
    assert.equal(none.shared, false, "counted locally");
    assert.deepEqual(warnings.map((w) => w.code), ["budget-store-unavailable"]);
    await withTimeout(zero.answered(), 5_000, "the late answer");

    const slow = recordedBudgetStore(20);
    await slow.store.addTotals!(["budget:team:day"], 4, [0]);
    slow.script("late");
    const byDefault = new SharedBudgetStore(slow.store);
    assert.deepEqual(
      await withTimeout(byDefault.add(["team:day"], 0, [0]), 5_000, "read"),
      [4],
    );
    assert.equal(byDefault.shared, true);
  });

  // Bug (`budget_store.ts`, `options.prefix ?? "budget:"` → `||`): a prefix
  // of "" became "budget:", so totals another tool keeps under bare names
  // (or a fleet configured with "") were never the ones read.
  for (
    const [prefix, name] of [
      [undefined, "budget:team:day"],
      ["", "team:day"],
      ["spend:", "spend:team:day"],
    ] as const
  ) {
    it(`names the totals under the prefix ${JSON.stringify(prefix)}`, async () => {
      const recorded = recordedBudgetStore();
      await recorded.store.addTotals!([name], 3, [0]);
      const shared = new SharedBudgetStore(
        recorded.store,
        prefix === undefined ? {} : { prefix },
      );
      assert.deepEqual(await shared.add(["team:day"], 2, [0]), [5]);
      assert.deepEqual(recorded.calls.at(-1)?.keys, [name]);
    });
  }
});

describe("SharedBudgetStore after an outage", () => {
  // Two sums owed (two sets of totals charged while the store was out),
  // then a read the store answers and a reconcile it fails again.
  async function owingTwo() {
    const recorded = recordedBudgetStore();
    const warnings: IRWarning[] = [];
    const shared = new SharedBudgetStore(recorded.store, {
      timeoutMs: 5_000,
      onWarning: (warning) => void warnings.push(warning),
    });
    recorded.fail(true);
    assert.deepEqual(await shared.add(["a:day"], 0, [0]), [0]);
    assert.deepEqual(await shared.add(["a:day"], 1, [0]), [1]);
    assert.deepEqual(await shared.add(["b:day"], 2, [0]), [2]);
    assert.equal(shared.shared, false);
    recorded.calls.length = 0;
    return { recorded, shared, warnings };
  }

  // Bugs (`budget_store.ts`, `#reconcile`'s `return false` dropped or made
  // `true`): a reconcile the store failed went on to the next owed sum and
  // to a second read, each one more store timeout holding the request.
  it("stops the reconcile at the store's first failure, and answers from local totals", async () => {
    const { recorded, shared } = await owingTwo();
    recorded.script("up", "throws");
    assert.deepEqual(await shared.add(["a:day"], 0, [0]), [1], "local");
    assert.deepEqual(shapes(recorded.calls), [[0, false], [1, true]]);
    assert.equal(shared.shared, false);
  });

  // Bugs (`budget_store.ts`, the `return` dropped before `this.#local.add`
  // after a failed reconcile, or before the read that follows a finished
  // one): the read fell through to the charging path, which owed or sent a
  // charge of 0 under a sequence number of its own, one store call more.
  it("then sends each owed sum once and reads: no charge of 0 ever goes", async () => {
    const { recorded, shared, warnings } = await owingTwo();
    recorded.script("up", "throws");
    await shared.add(["a:day"], 0, [0]);
    recorded.calls.length = 0;
    recorded.fail(false);
    assert.deepEqual(await shared.add(["a:day"], 0, [0]), [1]);
    assert.deepEqual(
      shapes(recorded.calls),
      [[0, false], [1, true], [2, true], [0, false]],
      JSON.stringify(recorded.calls),
    );
    assert.equal(shared.shared, true);
    recorded.calls.length = 0;
    assert.deepEqual(await shared.add(["b:day"], 0, [0]), [2]);
    assert.deepEqual(await shared.add(["b:day"], 1, [0]), [3]);
    assert.deepEqual(shapes(recorded.calls), [[0, false], [1, true]]);
    // The answered read, then the failed reconcile, were one more outage.
    assert.deepEqual(warnings.map((w) => w.code), [
      "budget-store-unavailable",
      "budget-store-recovered",
      "budget-store-unavailable",
      "budget-store-recovered",
    ]);
  });

  // Bug (`budget_store.ts`, `#recovered`'s `if (this.#up) return;`
  // dropped): every read the store answered warned that it was back, so an
  // operator's log said "recovered" on every request of a healthy fleet.
  it("never says the store is back when it was never out", async () => {
    const recorded = recordedBudgetStore();
    const warnings: IRWarning[] = [];
    const shared = new SharedBudgetStore(recorded.store, {
      timeoutMs: 5_000,
      onWarning: (warning) => void warnings.push(warning),
    });
    assert.deepEqual(await shared.add(["a:day"], 0, [0]), [0]);
    assert.deepEqual(await shared.add(["a:day"], 1, [0]), [1]);
    assert.deepEqual(await shared.add(["a:day"], 0, [0]), [1]);
    assert.deepEqual(warnings, []);
  });
});
