// What a store adds is checked before it adds it: a NaN or an infinity added
// once would make a counter or a running total NaN for the life of the key
// on the memory store, where Redis refuses the increment with an untyped
// error; both stores refuse it the same typed way instead.
import { AdapterError, ErrorCode } from "../errors.ts";

function refuse(message: string): never {
  throw new AdapterError({ code: ErrorCode.INVALID_REQUEST, message });
}

/** Throws INVALID_REQUEST when a value of `delta` is not a finite number. */
export function checkDelta(delta: Readonly<Record<string, number>>): void {
  for (const name in delta) {
    const value = delta[name];
    if (typeof value !== "number" || !Number.isFinite(value)) {
      refuse(
        `addCounters: the delta of ${
          JSON.stringify(name)
        } must be a finite number`,
      );
    }
  }
}

/**
 * Throws INVALID_REQUEST when `amount` is not a finite number of 0 or more.
 * A running total is spend, which only grows: a negative amount (a pricing
 * bug, a sign slip) would hand spent budget back to every instance at once,
 * silently, so it is refused like a NaN.
 */
export function checkAmount(amount: number): void {
  if (typeof amount !== "number" || !Number.isFinite(amount) || amount < 0) {
    refuse("addTotals: the amount must be a finite number of 0 or more");
  }
}
