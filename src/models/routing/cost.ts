// `cost-optimized`: among backends with `estimateCost`, each untried one
// first (registration order), then the lowest average observed cost. Without
// `trackCost` it chooses nothing.

import type { BackendEntry } from "../_state.ts";
import { pickLowest } from "./_rank.ts";
import {
  type EntryFilter,
  type Plan,
  planOf,
  type Selection,
  type Strategy,
} from "./strategy.ts";

const averageCost = (entry: BackendEntry): number => entry.stats.averageCost();

/** Ranks by the cost estimates recorded after successful calls. */
export class CostStrategy implements Strategy {
  readonly honoursNamed = true;
  readonly #enabled: boolean;

  constructor(trackCost: boolean) {
    this.#enabled = trackCost;
  }

  select({ order, usable }: Selection): Plan | undefined {
    if (!this.#enabled) return undefined;
    // Backends without estimateCost are skipped before `usable` runs.
    const costed: EntryFilter = (entry) =>
      typeof entry.adapter.estimateCost === "function" && usable(entry);
    const pick = pickLowest(order, costed, averageCost);
    if (pick === undefined) return undefined;
    return planOf(pick.entry, pick.untried ? "untried" : "lowest-cost");
  }

  changed(): void {}
}
