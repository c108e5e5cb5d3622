// The size bound of parseBody's formatted output. Pretty-printing adds a
// line break and indentation per token, so hostile nesting ("[[[[…", a
// thousand levels of <a>) could otherwise turn 1 MB into hundreds. The
// formatters stop as soon as their output passes the budget, and are run
// again with less indentation until it fits; without indentation every
// input character gives at most two output characters, so the last try
// always fits and the total work stays linear in the input.

import { ConversionError } from "./errors.ts";

/** Output characters allowed per input character. */
export const OUTPUT_FACTOR = 8;
/** Output characters allowed on top, so small bodies are never squeezed. */
export const OUTPUT_SLACK = 65_536;
/** The indentation depths tried, deepest first; 0 means no indentation. */
const DEPTHS = [100, 32, 8, 2, 0];

/** What a formatter returns when its output would pass the budget. */
export const OVER_BUDGET: unique symbol = Symbol("over budget");

/**
 * `format(maxDepth, budget)` at the deepest indentation whose output stays
 * within OUTPUT_FACTOR × `inputLength` + OUTPUT_SLACK characters.
 */
export function withinBudget<T>(
  inputLength: number,
  format: (maxDepth: number, budget: number) => T | typeof OVER_BUDGET,
): T {
  const budget = OUTPUT_FACTOR * inputLength + OUTPUT_SLACK;
  for (const depth of DEPTHS) {
    let result: T | typeof OVER_BUDGET;
    try {
      result = format(depth, budget);
    } catch (error) {
      // A string past the engine's length limit: try with less output.
      if (error instanceof RangeError) continue;
      throw error;
    }
    if (result !== OVER_BUDGET) return result;
  }
  // Without indentation the output is at most twice the input, so only a
  // body near the engine's string limit gets here.
  throw new ConversionError({
    code: "INVALID_INPUT",
    message:
      `The body (${inputLength} characters) is too large to format within this runtime's string length limit`,
  });
}
