// The config's cost fields (docs/gateway/configuration.md): a price is any
// non-negative number of USD per million tokens, 0 (a free model) and
// fractions included; a key's budget, alone or in a list, is an object of
// `usd` and `period` only, a misspelt field named in the one-line error;
// and the parsed `prices` are plain data a program may correct or remove
// before building the gateway.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseGatewayConfig } from "../../src/gateway/mod.ts";

const env = (name: string) => ({ TEAM: "sk-team" } as const)[name as "TEAM"];

function parse(value: Record<string, unknown>) {
  return parseGatewayConfig(JSON.stringify(value), env);
}

async function problem(value: Record<string, unknown>): Promise<string> {
  const error = await parse(value).then(
    () => assert.fail("accepted"),
    (e: unknown) => e,
  );
  assert.ok(error instanceof Error);
  return error.message;
}

describe("prices", () => {
  // Bug (`_config_cost.ts`, `value >= 0` → `value > 0` or `>= 1`): a free
  // model's 0, or a price under a dollar per million, was refused.
  it("takes 0 and fractions of a dollar; refuses a negative price", async () => {
    const config = await parse({
      backends: [{ name: "up", provider: "echo" }],
      prices: {
        "free-model": { input: 0, output: 0 },
        "cheap-model": { input: 0.05, output: 0.4, cachedInput: 0 },
      },
    });
    assert.deepEqual(config.prices?.["free-model"], { input: 0, output: 0 });
    assert.deepEqual(config.prices?.["cheap-model"], {
      input: 0.05,
      output: 0.4,
      cachedInput: 0,
    });
    assert.equal(
      await problem({
        backends: [{ name: "up", provider: "echo" }],
        prices: { m: { input: -1, output: 1 } },
      }),
      "config: prices.m.input must be a non-negative number of US dollars per million tokens",
    );
  });

  // Bug (`_config_cost.ts`, the entries defined `writable: false` or
  // `configurable: false`): a program could not correct or drop a parsed
  // price before building the gateway (a TypeError in strict code).
  it("are plain data: an entry can be replaced and removed", async () => {
    const config = await parse({
      backends: [{ name: "up", provider: "echo" }],
      prices: { "my-model": { input: 1, output: 2 } },
    });
    const prices = config.prices!;
    prices["my-model"] = { input: 3, output: 4 };
    assert.deepEqual(prices["my-model"], { input: 3, output: 4 });
    delete prices["my-model"];
    assert.deepEqual(Object.keys(prices), []);
  });
});

describe("a key's budget", () => {
  // Bug (`_config_cost.ts`, the per-item `only(object(...))` check
  // dropped): a misspelt budget field (`perod`) went unreported, and the
  // error named the budget's usd instead.
  for (
    const [budget, message] of [
      [
        { usd: 5, perod: "day" },
        "config: keys[0].budget.perod is not a known field (known: usd, period)",
      ],
      [
        [{ usd: 5, period: "day" }, { usd: 50, period: "month", USD: 1 }],
        "config: keys[0].budget[1].USD is not a known field (known: usd, period)",
      ],
      [
        [{ usd: 5, period: "day" }, "50/month"],
        "config: keys[0].budget[1] must be an object",
      ],
    ] as const
  ) {
    it(`${JSON.stringify(budget)} is refused naming the field`, async () => {
      const text = await problem({
        backends: [{ name: "up", provider: "echo" }],
        keys: [{ id: "team", key: "$TEAM", budget }],
      });
      assert.equal(text, message);
    });
  }
});
