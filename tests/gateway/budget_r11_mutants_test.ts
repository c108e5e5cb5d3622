// Which budget a key's answer names when two of its budgets tie: the headers
// show the first configured of the budgets with the least left, and a refusal
// names the first configured of the spent budgets that reset last
// (docs/gateway/cost.md). And a charge of 0 USD (a free local model's
// answer) costs no store call: with Redis, that is a round trip per answer
// for nothing.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  type Budget,
  type BudgetedKey,
  BudgetLimiter,
  type BudgetStore,
  GatewayError,
  MemoryBudgetStore,
} from "../../src/gateway/mod.ts";

// Monday 30 November 2026, noon UTC: the last day of the month, so the
// daily and the monthly budget both reset at 1 December 00:00.
const NOW = Date.UTC(2026, 10, 30, 12);
const DAY_END = "2026-12-01T00:00:00Z";
const WEEK_END = "2026-12-07T00:00:00Z";

function keyWith(...budget: Budget[]): BudgetedKey {
  return { id: "team", budget };
}

async function refusal(
  limiter: BudgetLimiter,
  key: BudgetedKey,
): Promise<GatewayError> {
  const error = await limiter.admit(key).then(
    () => assert.fail("admitted"),
    (e: unknown) => e,
  );
  assert.ok(error instanceof GatewayError, String(error));
  return error;
}

describe("two budgets with as much left: the first configured is shown", () => {
  // Bug (`budgets.ts`, `left < tight` → `left <= tight`): the last of the
  // tied budgets was shown, so the reset a client reads depended on which
  // budget the operator happened to write last.
  for (
    const [budgets, reset] of [
      [[{ usd: 5, period: "day" }, { usd: 5, period: "week" }], DAY_END],
      [[{ usd: 5, period: "week" }, { usd: 5, period: "day" }], WEEK_END],
    ] as const
  ) {
    it(`${budgets.map((b) => b.period).join(", ")}: resets at ${reset}`, async () => {
      const limiter = new BudgetLimiter(new MemoryBudgetStore(), () => NOW);
      const key = keyWith(...budgets);
      await limiter.charge(key, 2);
      const { headers, remainingUsd } = await limiter.admit(key);
      assert.equal(remainingUsd, 3);
      assert.equal(headers["x-switchyard-budget-remaining"], "3");
      assert.equal(headers["x-switchyard-budget-limit"], "5");
      assert.equal(headers["x-switchyard-budget-reset"], reset);
    });
  }

  it("a tighter later budget is still the one shown", async () => {
    const limiter = new BudgetLimiter(new MemoryBudgetStore(), () => NOW);
    const key = keyWith({ usd: 5, period: "day" }, { usd: 4, period: "week" });
    const { headers } = await limiter.admit(key);
    assert.equal(headers["x-switchyard-budget-limit"], "4");
    assert.equal(headers["x-switchyard-budget-reset"], WEEK_END);
  });
});

describe("two spent budgets that reset together: the first configured is named", () => {
  // Bug (`budgets.ts`, `w.end > windows[refused].end` → `>=`): of two spent
  // budgets resetting at the same moment, the refusal named the last
  // configured one.
  for (
    const [budgets, named] of [
      [
        [{ usd: 1, period: "day" }, { usd: 2, period: "month" }],
        "the daily budget of 1 USD is spent (3 USD)",
      ],
      [
        [{ usd: 2, period: "month" }, { usd: 1, period: "day" }],
        "the monthly budget of 2 USD is spent (3 USD)",
      ],
    ] as const
  ) {
    it(`${budgets.map((b) => b.period).join(", ")}`, async () => {
      const limiter = new BudgetLimiter(new MemoryBudgetStore(), () => NOW);
      const key = keyWith(...budgets);
      await limiter.charge(key, 3);
      const error = await refusal(limiter, key);
      assert.equal(error.status, 429);
      assert.equal(error.code, "budget_exceeded");
      assert.ok(error.message.includes(named), error.message);
      assert.ok(error.message.endsWith(`it resets at ${DAY_END}.`));
      assert.equal(error.headers["retry-after"], String(12 * 3600));
      assert.equal(error.headers["x-switchyard-budget-reset"], DAY_END);
    });
  }

  it("a spent budget that resets later is named before one that resets first", async () => {
    const limiter = new BudgetLimiter(new MemoryBudgetStore(), () => NOW);
    const key = keyWith({ usd: 1, period: "day" }, { usd: 2, period: "week" });
    await limiter.charge(key, 3);
    const error = await refusal(limiter, key);
    assert.ok(
      error.message.includes("the weekly budget of 2 USD is spent"),
      error.message,
    );
  });
});

describe("charging 0 USD", () => {
  // Bug (`budgets.ts`, `!(usd > 0)` → `!(usd >= 0)`): a free answer (a
  // local model, priced 0) cost a store round trip that changed no total.
  it("makes no store call; a positive charge makes one", async () => {
    const inner = new MemoryBudgetStore();
    const adds: number[] = [];
    const store: BudgetStore = {
      add(keys, usd) {
        adds.push(usd);
        return inner.add(keys, usd);
      },
    };
    const limiter = new BudgetLimiter(store, () => NOW);
    const key = keyWith({ usd: 1, period: "day" });
    await limiter.charge(key, 0);
    await limiter.charge(key, -0);
    assert.deepEqual(adds, []);
    await limiter.charge(key, 0.25);
    assert.deepEqual(adds, [0.25]);
    assert.equal(await limiter.remaining(key), 0.75);
  });
});
