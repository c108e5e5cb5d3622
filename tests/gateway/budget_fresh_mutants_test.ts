// What planting the mutation rules by hand in the budget limiter showed the
// suite did not check: `x-should-retry: false` is sent when a spent budget's
// reset is more than a minute away (docs/gateway/cost.md), and not when it is
// a minute or less away, so an SDK's own retries can still wait for it; and a
// key's remaining budget (the admin console's figure) is that of its tightest
// budget, not its roomiest.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  type BudgetedKey,
  BudgetLimiter,
  GatewayError,
  MemoryBudgetStore,
} from "../../src/gateway/mod.ts";

const MIDNIGHT = Date.UTC(2026, 10, 29); // a daily budget resets here

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

describe("a spent daily budget's 429", () => {
  const key: BudgetedKey = { id: "team", budget: { usd: 1, period: "day" } };

  it("a minute before the reset: no x-should-retry, the wait in Retry-After", async () => {
    let now = MIDNIGHT - 60_000;
    const limiter = new BudgetLimiter(new MemoryBudgetStore(), () => now);
    await limiter.charge(key, 2);
    const error = await refusal(limiter, key);
    assert.equal(error.status, 429);
    assert.equal(error.headers["retry-after"], "60");
    assert.equal(error.headers["x-should-retry"], undefined);
    // A millisecond earlier the reset is more than a minute away.
    now = MIDNIGHT - 60_001;
    const earlier = await refusal(limiter, key);
    assert.equal(earlier.headers["x-should-retry"], "false");
  });
});

describe("BudgetLimiter.remaining", () => {
  it("is the tightest budget's remainder", async () => {
    const now = MIDNIGHT - 3_600_000;
    const limiter = new BudgetLimiter(new MemoryBudgetStore(), () => now);
    const key: BudgetedKey = {
      id: "team",
      budget: [{ usd: 10, period: "month" }, { usd: 2, period: "day" }],
    };
    await limiter.charge(key, 0.5);
    assert.equal(await limiter.remaining(key), 1.5);
    await limiter.charge(key, 5);
    assert.equal(await limiter.remaining(key), 0, "never below 0");
  });
});
