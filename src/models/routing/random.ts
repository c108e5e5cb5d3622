// `random`: a uniform choice among the usable backends, from `config.random`.

import {
  type Plan,
  planOf,
  type Selection,
  type Strategy,
} from "./strategy.ts";

/** Draws with the injected random source (default Math.random). */
export class RandomStrategy implements Strategy {
  readonly honoursNamed = true;
  readonly #random: () => number;

  constructor(random: () => number) {
    this.#random = random;
  }

  select({ order, usable }: Selection): Plan | undefined {
    const available = order.filter(usable);
    if (available.length === 0) return undefined;
    const i = Math.min(
      available.length - 1,
      Math.max(0, Math.floor(this.#random() * available.length)),
    );
    return planOf(available[i], "random");
  }

  changed(): void {}
}
