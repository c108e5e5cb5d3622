// Prices given to createGateway in code are checked as the config file's
// are. A NaN price made every answer of its model cost NaN and a negative
// one made it negative; a budget charges neither (only a cost above 0 is
// charged), so a key with a budget of a millionth of a dollar was answered
// for ever, its budget headers reading "NaN" or more than its limit. Found
// beside the models-stores draw of seed 20261175, while deciding what a
// budget store does with NaN and negative amounts (it refuses them).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway, type GatewayOptions } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

const gatewayWith = (prices: unknown) =>
  createGateway({
    backends: [["echo", createEchoAdapter()]],
    prices: prices as GatewayOptions["prices"],
  });

describe("createGateway's prices option", () => {
  it("refuses a price that is not a finite number of 0 or more, naming it", () => {
    for (const field of ["input", "output", "cachedInput", "reasoning"]) {
      for (const bad of [NaN, -1, -Number.MIN_VALUE, Infinity, "1", null]) {
        const price = { input: 1, output: 2, [field]: bad };
        assert.throws(
          () => gatewayWith({ "gpt-x": { input: 1, output: 1 }, echo: price }),
          (error: Error) =>
            error instanceof TypeError &&
            error.message.includes(`prices["echo"].${field} must be`),
          `${field}: ${String(bad)}`,
        );
      }
    }
  });

  it("refuses a price without input or output, and prices that are no object", () => {
    assert.throws(() => gatewayWith({ echo: { output: 1 } }), {
      name: "TypeError",
      message: /prices\["echo"\]\.input must be/,
    });
    assert.throws(() => gatewayWith({ echo: { input: 1 } }), {
      name: "TypeError",
      message: /prices\["echo"\]\.output must be/,
    });
    assert.throws(() => gatewayWith({ echo: 3 }), {
      name: "TypeError",
      message: /prices\["echo"\] must be/,
    });
    assert.throws(() => gatewayWith(null), {
      name: "TypeError",
      message: /prices must be an object/,
    });
  });

  it("takes free models and leaves the optional prices out", () => {
    for (
      const prices of [
        {},
        { echo: { input: 0, output: 0 } },
        { echo: { input: 0.5, output: 1, cachedInput: 0, cacheWrite: 0.6 } },
      ]
    ) {
      gatewayWith(prices).dispose?.();
    }
  });
});
