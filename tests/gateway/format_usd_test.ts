// `x-switchyard-cost-usd`, `x-switchyard-budget-remaining` and the budget
// messages write an amount with formatUsd: the amount rounded to `digits`
// decimals as toFixed rounds it, trailing zeros off, never an exponent.
// Most amounts take a shorter path (the number's shortest text), which must
// give the same text for every amount, down to the last rounded decimal.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { formatUsd } from "../../src/gateway/mod.ts";

/** The definition: toFixed, then the trailing zeros and a bare point off. */
function reference(usd: number, digits: number): string {
  const text = Math.max(0, usd).toFixed(digits);
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}

describe("formatUsd", () => {
  it("writes every amount as toFixed rounds it, at each number of decimals", () => {
    const amounts = [
      0,
      -0,
      -3, // a negative remaining budget reads 0
      1e-7, // an exponent in its shortest text
      5e-11, // half of the tenth decimal
      4.9999999999e-11,
      0.1 + 0.2, // 0.30000000000000004: more decimals than kept
      0.0000153,
      0.000015300000000000001,
      123456.78901234, // ten decimals kept only where the double holds them
      2 ** 18 - 2 ** -35,
      2 ** 18,
      2 ** 18 + 0.5,
      1e21, // an exponent at the other end
      NaN,
      Infinity,
    ];
    // Prices times token counts, as answers are priced; then any double.
    let seed = 1129;
    const next = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const bits = new DataView(new ArrayBuffer(8));
    for (let i = 0; i < 20000; i++) {
      const perMillion = Math.round(next() * 7500) / 100;
      amounts.push(Math.floor(next() * 200000) * perMillion / 1e6);
      amounts.push(next() * 10 ** (Math.floor(next() * 18) - 12));
      bits.setUint32(0, Math.floor(next() * 2 ** 31));
      bits.setUint32(4, Math.floor(next() * 2 ** 32));
      amounts.push(bits.getFloat64(0));
    }
    for (const usd of amounts) {
      for (const digits of [0, 2, 6, 9, 10, 12]) {
        assert.equal(
          formatUsd(usd, digits),
          reference(usd, digits),
          `${usd} to ${digits} decimals`,
        );
      }
      assert.equal(formatUsd(usd), reference(usd, 6), `${usd}`);
    }
  });
});
