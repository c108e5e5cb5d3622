// Ranking helpers shared by the strategies and the Selector's fall-through:
// lowest-metric picks with exploration of untried backends, and the
// weighted score of capability routing.

import type { BackendEntry } from "../_state.ts";
import type { EntryFilter } from "./strategy.ts";

/** A ranking pick: the entry, and whether it won only because it was never tried. */
export interface Pick {
  readonly entry: BackendEntry;
  readonly untried: boolean;
}

/**
 * The first usable backend never tried (so new backends get data), else the
 * usable one with the lowest `metric`. A NaN metric (no data yet) never wins.
 */
export function pickLowest(
  order: readonly BackendEntry[],
  usable: EntryFilter,
  metric: (entry: BackendEntry) => number,
): Pick | undefined {
  let best: BackendEntry | undefined;
  let bestValue = Infinity;
  for (let i = 0; i < order.length; i++) {
    const entry = order[i];
    if (!usable(entry)) continue;
    if (entry.started === 0) return { entry, untried: true };
    const value = metric(entry);
    if (value < bestValue) {
      bestValue = value;
      best = entry;
    }
  }
  return best === undefined ? undefined : { entry: best, untried: false };
}

/** Normalised weights of the optimisation score. */
export interface Weights {
  readonly cost: number;
  readonly speed: number;
  readonly quality: number;
}

const PRESETS: Readonly<Record<string, Weights>> = {
  cost: { cost: 1, speed: 0, quality: 0 },
  speed: { cost: 0, speed: 1, quality: 0 },
  quality: { cost: 0, speed: 0, quality: 1 },
  balanced: { cost: 1, speed: 1, quality: 1 },
};

/** Weights from explicit `optimizationWeights`, else from the `optimization` preset. */
export function resolveWeights(
  optimization: string,
  explicit: Partial<Weights> | undefined,
): Weights {
  const raw = explicit ?? PRESETS[optimization] ?? PRESETS.balanced;
  const clean = (
    v: unknown,
  ): number => (typeof v === "number" && Number.isFinite(v) && v > 0 ? v : 0);
  const cost = clean(raw.cost),
    speed = clean(raw.speed),
    quality = clean(raw.quality);
  const sum = cost + speed + quality;
  return sum === 0
    ? { cost: 1 / 3, speed: 1 / 3, quality: 1 / 3 }
    : { cost: cost / sum, speed: speed / sum, quality: quality / sum };
}

/**
 * Best candidate by weighted score: cost and latency min–max normalised over
 * the candidates that have data (lower is better), quality = success rate.
 * A candidate without data scores the neutral 0.5 on that axis. Ties keep
 * registration order.
 */
export function pickByScore(
  candidates: readonly BackendEntry[],
  weights: Weights,
): BackendEntry | undefined {
  if (candidates.length <= 1) return candidates[0];
  const costs = candidates.map((e) => e.stats.averageCost());
  const latencies = candidates.map((e) => e.stats.latency.mean());
  const normalise = (values: number[]): (v: number) => number => {
    const known = values.filter((v) => !Number.isNaN(v));
    const min = Math.min(...known), max = Math.max(...known);
    return (v) =>
      Number.isNaN(v) ? 0.5 : max === min ? 1 : 1 - (v - min) / (max - min);
  };
  const costScore = normalise(costs), speedScore = normalise(latencies);
  let best: BackendEntry | undefined;
  let bestScore = -Infinity;
  candidates.forEach((entry, i) => {
    const { total, ok } = entry.stats;
    const quality = total === 0 ? 0.5 : ok / total;
    const score = weights.cost * costScore(costs[i]) +
      weights.speed * speedScore(latencies[i]) +
      weights.quality * quality;
    if (score > bestScore) {
      bestScore = score;
      best = entry;
    }
  });
  return best;
}
