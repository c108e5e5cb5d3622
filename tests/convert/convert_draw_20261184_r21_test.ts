// What the convert draw 20261184 (round 21) led to: parseBody's formatting
// budget retries with less indentation when the runtime refuses a string
// that long (a RangeError), and lets any other error through as it is. The
// drawn survivor inverted the test, so a RangeError escaped and any other
// error was swallowed into "too large"; no test threw either. A real
// RangeError needs a body near the runtime's string limit (hundreds of
// megabytes), so the budget is driven with a formatter that throws.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { ConversionError } from "../../src/convert/errors.ts";
import { withinBudget } from "../../src/convert/_format_budget.ts";

describe("draw 20261184: the formatting budget", () => {
  it("tries less indentation after a RangeError", () => {
    const depths: number[] = [];
    const result = withinBudget(10, (depth) => {
      depths.push(depth);
      if (depth > 8) throw new RangeError("Invalid string length");
      return `formatted at ${depth}`;
    });
    assert.equal(result, "formatted at 8");
    assert.deepEqual(depths, [100, 32, 8]);
  });

  it("lets any other error through at once", () => {
    let calls = 0;
    const bug = new TypeError("a formatter's own bug");
    assert.throws(
      () =>
        withinBudget(10, () => {
          calls++;
          throw bug;
        }),
      (error: unknown) => error === bug,
    );
    assert.equal(calls, 1);
  });

  it("is INVALID_INPUT when even no indentation is too long", () => {
    assert.throws(
      () =>
        withinBudget(10, () => {
          throw new RangeError("Invalid string length");
        }),
      (error: unknown) =>
        error instanceof ConversionError && error.code === "INVALID_INPUT" &&
        error.message.includes("too large"),
    );
  });
});
