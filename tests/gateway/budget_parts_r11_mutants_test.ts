// A key's budgets as given: a key without one has none (the limiter admits
// it with no headers, charges nothing and reports no remaining amount), and
// a budget that is null, or a list holding null, is the admin API's 400
// naming `budget`, not a crash inside the check.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  BudgetLimiter,
  type BudgetStore,
  createGateway,
  hashKey,
} from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

describe("a key without a budget", () => {
  // Bug (`_budget_parts.ts`, `if (budget === undefined) return [];` lost
  // its return): such a key read as one undefined budget, and the limiter
  // threw on it.
  it("is admitted without headers, charged nothing, and has no remaining amount", async () => {
    const calls: number[] = [];
    const store: BudgetStore = {
      add(keys, usd) {
        calls.push(usd);
        return keys.map(() => 0);
      },
    };
    const limiter = new BudgetLimiter(store, () => Date.UTC(2026, 10, 29));
    const key = { id: "free" };
    assert.deepEqual(await limiter.admit(key), {
      headers: {},
      remainingUsd: Infinity,
    });
    await limiter.charge(key, 3);
    assert.equal(await limiter.remaining(key), null);
    assert.deepEqual(calls, [], "no store call for a key without budgets");
  });
});

describe("admin API: a null budget", () => {
  // Bug (`_budget_parts.ts`, `(item ?? {})` → `item`): a null budget (or
  // a list holding null) crashed the check, a 500 instead of the 400.
  it("is a 400 naming budget, alone or in a list", async () => {
    const admin = "sk-admin-r11";
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
      admin: { sha256: await hashKey(admin) },
    });
    try {
      for (const budget of [null, [null], [{ usd: 1, period: "day" }, null]]) {
        const response = await gateway(
          new Request("http://localhost/admin/keys", {
            method: "POST",
            headers: { authorization: `Bearer ${admin}` },
            body: JSON.stringify({ id: "k", budget }),
          }),
        );
        const answer = await response.json();
        assert.equal(response.status, 400, JSON.stringify(answer));
        assert.equal(answer.error.param, "budget");
        assert.match(answer.error.message, /usd must be a positive finite/);
      }
    } finally {
      gateway.dispose();
    }
  });
});
