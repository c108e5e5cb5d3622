// SharedBudgetStore when its store is out: a store that throws or does not
// answer in time never fails a request; the instance counts on its own
// meanwhile and says so once, then says so again when the store is back,
// adds what it counted meanwhile to the shared totals, and they count again.
import assert from "node:assert/strict";
import { SharedBudgetStore } from "../../src/gateway/mod.ts";
import { createMemoryStore, type IRWarning } from "../../src/models/mod.ts";

Deno.test("SharedBudgetStore: a failing or silent store falls back to local totals, with one warning each way", async () => {
  const store = createMemoryStore();
  const real = store.addTotals!.bind(store);
  let mode: "up" | "throws" | "silent" = "up";
  store.addTotals = (keys, amount, ttls) => {
    if (mode === "throws") throw new Error("connect ECONNREFUSED");
    if (mode === "silent") return new Promise<number[]>(() => {});
    return real(keys, amount, ttls);
  };
  const warnings: IRWarning[] = [];
  const shared = new SharedBudgetStore(store, {
    timeoutMs: 5,
    onWarning: (warning) => void warnings.push(warning),
  });
  assert.deepEqual(await shared.add(["k"], 1, [0]), [1]);
  mode = "throws";
  assert.deepEqual(await shared.add(["k"], 2, [0]), [2], "local: its own 2");
  mode = "silent";
  assert.deepEqual(await shared.add(["k"], 0, [0]), [2], "a silent store");
  assert.deepEqual(await shared.add(["k"], 3, [0]), [5]);
  assert.equal(shared.shared, false);
  assert.deepEqual(warnings.map((w) => w.code), ["budget-store-unavailable"]);
  assert.match(String(warnings[0].details?.error), /ECONNREFUSED/);
  mode = "up";
  assert.deepEqual(
    await shared.add(["k"], 0, [0]),
    [6],
    "the shared total, with the 5 counted during the outage added to it",
  );
  assert.equal(shared.shared, true);
  assert.deepEqual(warnings.map((w) => w.code), [
    "budget-store-unavailable",
    "budget-store-recovered",
  ]);
  assert.throws(
    () => new SharedBudgetStore({ ...store, addTotals: undefined }),
    /has no addTotals/,
  );
});
