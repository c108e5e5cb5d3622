// Key budgets through the gateway handler: refused at the limit before any
// backend call on both client wires, with the budget and its reset named;
// the remaining header; reset at the calendar boundary (injected clock);
// several budgets per key; streams charged as they close; two gateways on
// one store spending one budget; config validation.
import assert from "node:assert/strict";
import {
  budgetWindow,
  createGateway,
  type Gateway,
  hashKey,
  MemoryBudgetStore,
  parseGatewayConfig,
} from "../../src/gateway/mod.ts";
import { createMemoryStore } from "../../src/models/mod.ts";
import { createMockAdapter } from "../../src/models/testing.ts";
import type { IRChatResponse, IRStreamChunk } from "../../src/models/types.ts";
import type { Budget } from "../../src/gateway/mod.ts";

// 1000 prompt tokens at 4 USD per million: 0.004 USD an answer.
const USAGE = { promptTokens: 1000, completionTokens: 0, totalTokens: 1000 };
const PRICES = { m: { input: 4, output: 0 } };

const ANSWER: IRChatResponse = {
  message: { role: "assistant", content: "ok" },
  finishReason: "stop",
  metadata: { model: "m" },
  usage: USAGE,
};
const CHUNKS: IRStreamChunk[] = [
  { type: "start", sequence: 0, metadata: { model: "m" } },
  { type: "content", sequence: 1, delta: "ok" },
  { type: "done", sequence: 2, finishReason: "stop", usage: USAGE },
];

interface Setup {
  gateway: Gateway;
  calls: () => number;
}

async function setup(
  budget: Budget | Budget[],
  now: () => number,
  store?: ReturnType<typeof createMemoryStore>,
): Promise<Setup> {
  let calls = 0;
  const mock = createMockAdapter({
    responses: () => (calls++, ANSWER),
    chunks: () => (calls++, CHUNKS),
  });
  const gateway = createGateway({
    backends: [["mock", mock]],
    keys: [{ id: "team-a", sha256: await hashKey("sk-a"), budget }],
    prices: PRICES,
    now,
    ...(store ? { store } : {}),
  });
  return { gateway, calls: () => calls };
}

function post(path: string, stream = false): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { authorization: "Bearer sk-a" },
    body: JSON.stringify({
      model: "m",
      max_tokens: 10,
      stream,
      messages: [{ role: "user", content: "hi" }],
    }),
  });
}

const NOON = Date.parse("2026-11-28T12:00:00Z");
const MIDNIGHT = Date.parse("2026-11-29T00:00:00Z");

for (
  const [path, errorType] of [
    ["/v1/chat/completions", "insufficient_quota"],
    ["/v1/messages", "rate_limit_error"],
  ]
) {
  Deno.test(`budget (${path}): answers until the day's budget is spent, then a 429 naming it, before any backend call`, async () => {
    const { gateway, calls } = await setup(
      { usd: 0.01, period: "day" },
      () => NOON,
    );
    try {
      const remaining: (string | null)[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await gateway(post(path));
        assert.equal(response.status, 200);
        await response.body?.cancel();
        assert.equal(
          Number(response.headers.get("x-switchyard-cost-usd")),
          USAGE.promptTokens * PRICES.m.input / 1_000_000,
        );
        assert.equal(response.headers.get("x-switchyard-budget-limit"), "0.01");
        assert.equal(
          response.headers.get("x-switchyard-budget-reset"),
          "2026-11-29T00:00:00Z",
        );
        remaining.push(response.headers.get("x-switchyard-budget-remaining"));
      }
      // 0.01 − 0.004 per answer; the third was admitted with 0.002 left and
      // overshot by its own cost, never below 0 in the header.
      assert.deepEqual(remaining, ["0.006", "0.002", "0"]);
      assert.equal(calls(), 3);
      const refused = await gateway(post(path));
      assert.equal(refused.status, 429);
      assert.equal(calls(), 3, "no backend call for a spent budget");
      assert.equal(refused.headers.get("retry-after"), String(12 * 3600));
      assert.equal(refused.headers.get("x-should-retry"), "false");
      assert.equal(refused.headers.get("x-switchyard-budget-remaining"), "0");
      const body = await refused.json();
      const error = path === "/v1/messages" ? body.error : body.error;
      if (path === "/v1/messages") assert.equal(body.type, "error");
      else assert.equal(error.code, "budget_exceeded");
      assert.equal(error.type, errorType);
      assert.equal(
        error.message,
        'Budget exceeded for API key "team-a": the daily budget of 0.01 USD is spent (0.012 USD); it resets at 2026-11-29T00:00:00Z.',
      );
    } finally {
      gateway.dispose();
    }
  });
}

Deno.test("budget: resets at the calendar boundary in UTC; with a monthly budget too, the one still spent is named", async () => {
  const eleventh = Date.parse("2026-11-11T00:00:00Z");
  let now = eleventh - 1000;
  const { gateway } = await setup(
    [{ usd: 0.004, period: "day" }, { usd: 0.01, period: "month" }],
    () => now,
  );
  try {
    const status = async () => {
      const response = await gateway(post("/v1/chat/completions"));
      const text = await response.text();
      return [response.status, text] as const;
    };
    assert.equal((await status())[0], 200);
    const [spent, daily] = await status();
    assert.equal(spent, 429);
    assert.match(daily, /the daily budget of 0\.004 USD is spent/);
    now = eleventh - 1;
    assert.equal((await status())[0], 429, "still the same day");
    now = eleventh;
    assert.equal((await status())[0], 200, "a new day");
    // 0.008 of the month's 0.01 spent: admitted, and it overshoots.
    now = eleventh + 86_400_000;
    assert.equal((await status())[0], 200);
    // Both spent now: refused until the later reset, which is named.
    const [, both] = await status();
    assert.match(
      both,
      /the monthly budget of 0\.01 USD is spent \(0\.012 USD\); it resets at 2026-12-01T00:00:00Z/,
    );
    now += 86_400_000;
    const [, monthly] = await status();
    assert.match(monthly, /the monthly budget of 0\.01 USD is spent/);
  } finally {
    gateway.dispose();
  }
});

Deno.test("budget: a streamed answer is charged from its final usage as it closes, on both wires", async () => {
  for (const path of ["/v1/chat/completions", "/v1/messages"]) {
    const { gateway, calls } = await setup(
      { usd: 0.006, period: "total" },
      () => NOON,
    );
    try {
      const first = await gateway(post(path, true));
      assert.equal(first.status, 200);
      assert.equal(first.headers.get("x-switchyard-budget-remaining"), "0.006");
      await first.text();
      let refused: Response | undefined;
      for (let i = 0; i < 100 && refused === undefined; i++) {
        const next = await gateway(post(path, true));
        if (next.status === 429) refused = next;
        else await next.text();
      }
      assert.ok(refused, "the budget ran out");
      // 0.006: the first stream left 0.002, the second spent past it.
      assert.equal(calls(), 2);
      assert.equal(
        refused.headers.get("retry-after"),
        null,
        "total never resets",
      );
      assert.match(
        await refused.text(),
        /the total budget of 0\.006 USD is spent \(0\.008 USD\); it does not reset/,
      );
    } finally {
      gateway.dispose();
    }
  }
});

Deno.test("budget: two gateways on one store spend one budget; the next request on the other one is refused", async () => {
  const store = createMemoryStore();
  const a = await setup({ usd: 0.008, period: "week" }, () => NOON, store);
  const b = await setup({ usd: 0.008, period: "week" }, () => NOON, store);
  try {
    for (const { gateway } of [a, b]) {
      const response = await gateway(post("/v1/chat/completions"));
      assert.equal(response.status, 200);
      await response.body?.cancel();
    }
    for (const { gateway } of [a, b]) {
      const response = await gateway(post("/v1/chat/completions"));
      assert.equal(response.status, 429);
      assert.match(
        (await response.json()).error.message,
        /weekly budget .* resets at 2026-11-30T00:00:00Z/,
      );
    }
  } finally {
    a.gateway.dispose();
    b.gateway.dispose();
  }
});

Deno.test("budget windows are calendar periods in UTC", () => {
  const sunday = Date.parse("2026-11-29T23:59:59.999Z");
  assert.deepEqual(budgetWindow("day", sunday), {
    id: "2026-11-29",
    end: MIDNIGHT + 86_400_000,
  });
  // ISO weeks start on Monday: Sunday belongs to the week of the 23rd.
  assert.equal(budgetWindow("week", sunday).id, "week-2026-11-23");
  assert.equal(budgetWindow("week", sunday + 1).id, "week-2026-11-30");
  assert.equal(
    budgetWindow("month", Date.parse("2026-12-31T23:00:00Z")).end,
    Date.parse("2027-01-01T00:00:00Z"),
  );
  assert.deepEqual(budgetWindow("total", NOON), { id: "total", end: Infinity });
});

Deno.test("budget config: one budget or a list, each field checked with one line naming it", async () => {
  const env = (name: string) => (name === "A" ? "sk-a" : undefined);
  const read = (budget: unknown) =>
    parseGatewayConfig(
      JSON.stringify({ keys: [{ id: "a", key: "$A", budget }] }),
      env,
    );
  assert.deepEqual((await read({ usd: 5, period: "day" })).keys[0].budget, {
    usd: 5,
    period: "day",
  });
  assert.deepEqual(
    (await read([{ usd: 5, period: "day" }, { usd: 50, period: "month" }]))
      .keys[0].budget,
    [{ usd: 5, period: "day" }, { usd: 50, period: "month" }],
  );
  for (
    const [budget, message] of [
      [{ usd: 0, period: "day" }, "keys[0].budget.usd must be a positive"],
      [{ usd: 5, period: "Day" }, 'keys[0].budget.period must be one of "day"'],
      [
        [{ usd: 5, period: "day" }, { usd: 9, period: "day" }],
        'keys[0].budget[1].period "day" is given twice',
      ],
      [
        { usd: 5, period: "day", soft: 1 },
        "keys[0].budget.soft is not a known field",
      ],
      ["5", "keys[0].budget must be an object"],
    ] as const
  ) {
    await assert.rejects(read(budget), (e: Error) => {
      assert.ok(
        e.message.startsWith(`config: ${message}`),
        `${JSON.stringify(budget)}: ${e.message}`,
      );
      return true;
    });
  }
  assert.throws(
    () =>
      createGateway({
        backends: [],
        keys: [{
          id: "a",
          sha256: "0".repeat(64),
          budget: { usd: 1, period: "day" },
        }],
        cost: false,
      }),
    /need cost accounting/,
  );
  assert.ok(new MemoryBudgetStore());
});

Deno.test("budget: a request refused for its budget takes nothing from the key's rate limit", async () => {
  const gateway = createGateway({
    backends: [["mock", createMockAdapter({ responses: ANSWER })]],
    keys: [{
      id: "team-a",
      sha256: await hashKey("sk-a"),
      rpm: 3,
      budget: { usd: 0.004, period: "day" },
    }],
    prices: PRICES,
    now: () => NOON,
  });
  try {
    const first = await gateway(post("/v1/chat/completions"));
    assert.equal(first.status, 200);
    assert.equal(first.headers.get("x-ratelimit-remaining-requests"), "2");
    await first.body?.cancel();
    for (let i = 0; i < 3; i++) {
      const refused = await gateway(post("/v1/chat/completions"));
      assert.equal(refused.status, 429);
      assert.equal((await refused.json()).error.code, "budget_exceeded");
      // Not looked at, so not charged: no rate-limit headers either.
      assert.equal(refused.headers.get("x-ratelimit-remaining-requests"), null);
    }
  } finally {
    gateway.dispose();
  }
});
