// `latency-optimized`: each untried backend first (registration order), then
// the lowest mean latency over the recent window of successful calls, with
// backends cooling down after a failure ranked after every other backend
// with data (see BackendEntry.isCooling). The leader is cached between
// re-ranks so selection stays O(1) amortised with many backends (O(k) while
// k of them cool down). Without `trackLatency` it chooses nothing.

import type { BackendEntry } from "../_state.ts";
import type { RoutingReason } from "../trace.ts";
import {
  type Plan,
  planOf,
  type Selection,
  type Strategy,
} from "./strategy.ts";

/**
 * Re-rank at most once per this many selections (and whenever the registry
 * changes, the leader becomes unavailable or fails, or a cooldown ends).
 */
const RERANK_EVERY = 32;

/** Untried first, else the fastest backend that is not cooling down. */
function rank(
  order: readonly BackendEntry[],
  usable: (entry: BackendEntry) => boolean,
  now: number,
): { entry: BackendEntry; untried: boolean } | undefined {
  let best: BackendEntry | undefined;
  let bestValue = Infinity;
  let cooling: BackendEntry | undefined;
  let coolingValue = Infinity;
  for (let i = 0; i < order.length; i++) {
    const entry = order[i];
    if (!usable(entry)) continue;
    if (entry.started === 0) return { entry, untried: true };
    // NaN (tried, never succeeded) never wins.
    const value = entry.stats.latency.mean();
    if (entry.isCooling(now)) {
      if (value < coolingValue) {
        coolingValue = value;
        cooling = entry;
      }
    } else if (value < bestValue) {
      bestValue = value;
      best = entry;
    }
  }
  best ??= cooling;
  return best === undefined ? undefined : { entry: best, untried: false };
}

function reasonOf(pick: { untried: boolean }): RoutingReason {
  return pick.untried ? "untried" : "lowest-latency";
}

/** Owns the cached leader and when to re-rank. */
export class LatencyStrategy implements Strategy {
  readonly honoursNamed = true;
  readonly #enabled: boolean;
  #leader: BackendEntry | undefined;
  /** The leader's failure count when it was ranked: a new failure re-ranks. */
  #leaderFailed = 0;
  /** When the first cooldown seen at the last re-rank ends: re-rank then. */
  #coolingEnds = Infinity;
  /**
   * The backends cooling at the last re-rank: one whose cooldown a success
   * ended early is ranked by its latency again at once (usually none).
   */
  #cooling: BackendEntry[] = [];
  #picks = 0;

  constructor(trackLatency: boolean) {
    this.#enabled = trackLatency;
  }

  select({ order, usable, now, allowed }: Selection): Plan | undefined {
    if (!this.#enabled) return undefined;
    const leader = this.#leader;
    if (
      leader !== undefined && this.#picks-- > 0 && now < this.#coolingEnds &&
      leader.stats.failed === this.#leaderFailed && usable(leader) &&
      this.#cooling.every((entry) => entry.isCooling(now))
    ) {
      return planOf(leader, "lowest-latency");
    }
    const pick = rank(order, usable, now);
    // The best of an allow-list is not the leader of every request.
    if (allowed !== undefined) {
      return pick && planOf(pick.entry, reasonOf(pick));
    }
    this.#leader = pick?.untried === false ? pick.entry : undefined;
    this.#leaderFailed = pick?.entry.stats.failed ?? 0;
    this.#picks = RERANK_EVERY - 1;
    let ends = Infinity;
    const cooling: BackendEntry[] = [];
    for (let i = 0; i < order.length; i++) {
      const until = order[i].coolUntil;
      if (until > now) cooling.push(order[i]);
      if (until > now && until < ends) ends = until;
    }
    this.#coolingEnds = ends;
    this.#cooling = cooling;
    if (pick === undefined) return undefined;
    return planOf(pick.entry, reasonOf(pick));
  }

  /** Forces a re-rank at the next selection. */
  changed(): void {
    this.#leader = undefined;
    this.#cooling = [];
  }
}
