// `round-robin`: cycles over registration order with a cursor that skips
// unavailable backends and is never reset by availability changes. A
// request with an allow-list rotates on a cursor of its own list, so scoped
// requests neither move the shared cursor (which would change what every
// unscoped request picks next) nor all land on the same allowed backend.

import {
  type Plan,
  planOf,
  type Selection,
  type Strategy,
} from "./strategy.ts";

/** Allow-lists whose cursors are kept; the oldest is dropped past this. */
const MAX_SCOPED = 256;

/** Owns the cursors; selectBackend() (peek) moves none. */
export class RoundRobinStrategy implements Strategy {
  readonly honoursNamed = true;
  #cursor = 0;
  /** The cursor of each allow-list (by its JSON), in first-use order. */
  readonly #scoped = new Map<string, number>();

  select({ order, usable, peek, allowed }: Selection): Plan | undefined {
    const key = allowed === undefined ? undefined : JSON.stringify(allowed);
    const cursor = key === undefined
      ? this.#cursor
      : this.#scoped.get(key) ?? 0;
    const n = order.length;
    for (let k = 0; k < n; k++) {
      const i = (cursor + k) % n;
      if (!usable(order[i])) continue;
      if (!peek) {
        const next = i + 1 === n ? 0 : i + 1;
        if (key === undefined) this.#cursor = next;
        else this.#remember(key, next);
      }
      return planOf(order[i], "round-robin");
    }
    return undefined;
  }

  /** Keeps every cursor on the same next backend when an earlier one leaves. */
  changed(removed?: number): void {
    if (removed === undefined) return;
    if (removed < this.#cursor) this.#cursor--;
    for (const [key, cursor] of this.#scoped) {
      if (removed < cursor) this.#scoped.set(key, cursor - 1);
    }
  }

  #remember(key: string, cursor: number): void {
    const scoped = this.#scoped;
    if (!scoped.has(key) && scoped.size >= MAX_SCOPED) {
      scoped.delete(scoped.keys().next().value!);
    }
    scoped.set(key, cursor);
  }
}
