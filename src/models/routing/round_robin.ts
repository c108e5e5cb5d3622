// `round-robin`: cycles over registration order with a cursor that skips
// unavailable backends and is never reset by availability changes.

import {
  type Plan,
  planOf,
  type Selection,
  type Strategy,
} from "./strategy.ts";

/** Owns the cursor; selectBackend() (peek) does not move it. */
export class RoundRobinStrategy implements Strategy {
  readonly honoursNamed = true;
  #cursor = 0;

  select({ order, usable, peek }: Selection): Plan | undefined {
    const n = order.length;
    for (let k = 0; k < n; k++) {
      const i = (this.#cursor + k) % n;
      if (!usable(order[i])) continue;
      if (!peek) this.#cursor = i + 1 === n ? 0 : i + 1;
      return planOf(order[i], "round-robin");
    }
    return undefined;
  }

  /** Keeps the cursor on the same next backend when an earlier one leaves. */
  changed(removed?: number): void {
    if (removed === undefined) return;
    if (removed < this.#cursor) this.#cursor--;
  }
}
