// A counters delta is checked before a store adds it: a NaN or an infinity
// added once would make the counter NaN for the life of the key on the
// memory store, where Redis refuses the increment; both stores refuse it the
// same typed way instead.
import { AdapterError, ErrorCode } from "../errors.ts";

/** Throws INVALID_REQUEST when a value of `delta` is not a finite number. */
export function checkDelta(delta: Readonly<Record<string, number>>): void {
  for (const name in delta) {
    const value = delta[name];
    if (typeof value !== "number" || !Number.isFinite(value)) {
      throw new AdapterError({
        code: ErrorCode.INVALID_REQUEST,
        message: `addCounters: the delta of ${
          JSON.stringify(name)
        } must be a finite number`,
      });
    }
  }
}
