// Pure selection algorithms over the Router's backend entries: latency and
// cost ranking with exploration of untried backends, round-robin, capability
// filtering, optimisation scoring, model-name patterns and model translation.

import type { BackendEntry } from "./_state.ts";
import type { AdapterCapabilities, IRChatRequest } from "./types.ts";

/** Availability (and capability) test supplied by the Router. */
export type EntryFilter = (entry: BackendEntry) => boolean;

/** A ranking pick: the entry, and whether it won only because it was never tried. */
export interface Pick {
  readonly entry: BackendEntry;
  readonly untried: boolean;
}

/**
 * The first usable backend never tried (so new backends get data), else the
 * usable one with the lowest `metric`. A NaN metric (no data yet) never wins.
 */
function pickLowest(
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

const meanLatency = (entry: BackendEntry): number => entry.stats.latency.mean();
const averageCost = (entry: BackendEntry): number => entry.stats.averageCost();

/**
 * First untried backend, else the lowest mean latency over the window among
 * backends not cooling down after a failure; only when every backend with
 * data is cooling does the fastest cooling one win.
 */
export function pickByLatency(
  order: readonly BackendEntry[],
  usable: EntryFilter,
  now: number,
): Pick | undefined {
  let best: BackendEntry | undefined;
  let bestValue = Infinity;
  let cooling: BackendEntry | undefined;
  let coolingValue = Infinity;
  for (let i = 0; i < order.length; i++) {
    const entry = order[i];
    if (!usable(entry)) continue;
    if (entry.started === 0) return { entry, untried: true };
    const value = meanLatency(entry);
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

/** Among backends with estimateCost: first untried, else lowest average observed cost. */
export function pickByCost(
  order: readonly BackendEntry[],
  usable: EntryFilter,
): Pick | undefined {
  // Backends without estimateCost are skipped before `usable` runs, as ever.
  const costed: EntryFilter = (entry) =>
    typeof entry.adapter.estimateCost === "function" && usable(entry);
  return pickLowest(order, costed, averageCost);
}

/** Index of the next usable entry at or after `cursor` (wrapping), or -1. */
export function pickRoundRobin(
  order: readonly BackendEntry[],
  cursor: number,
  usable: EntryFilter,
): number {
  const n = order.length;
  for (let k = 0; k < n; k++) {
    const i = (cursor + k) % n;
    if (usable(order[i])) return i;
  }
  return -1;
}

/**
 * Availability (and, with `needs`, capability) test for automatic choices:
 * healthy, the breaker could admit a request, and the adapter can serve it.
 */
export function usableFilter(
  now: number,
  needs: Requirements | undefined,
  capabilityTtl: number,
): EntryFilter {
  if (needs === undefined) return (e) => e.healthy && e.breaker.canAdmit(now);
  return (e) =>
    e.healthy && e.breaker.canAdmit(now) &&
    supports(e.capabilities(now, capabilityTtl), needs);
}

/** What a request needs from an adapter. */
export interface Requirements {
  readonly tools: boolean;
  readonly vision: boolean;
  readonly systemMessages: boolean;
  readonly streaming: boolean;
  readonly model: string | undefined;
}

/** Reads the capabilities a request needs. */
export function requirementsOf(
  request: IRChatRequest,
  streaming: boolean,
  checkModel: boolean,
): Requirements {
  let tools = Array.isArray(request.tools) && request.tools.length > 0;
  let vision = false;
  let systemMessages = false;
  for (const message of request.messages ?? []) {
    if (message.role === "system") systemMessages = true;
    if (Array.isArray(message.content)) {
      for (const part of message.content) {
        if (part.type === "image") vision = true;
        else if (part.type === "tool_use" || part.type === "tool_result") {
          tools = true;
        }
      }
    }
  }
  const model = checkModel && typeof request.parameters?.model === "string"
    ? request.parameters.model
    : undefined;
  return { tools, vision, systemMessages, streaming, model };
}

/** False only when the adapter's metadata says it cannot do something the request needs. */
export function supports(
  capabilities: AdapterCapabilities,
  needs: Requirements,
): boolean {
  if (needs.streaming && capabilities.streaming === false) return false;
  if (needs.tools && capabilities.tools === false) return false;
  if (needs.vision && capabilities.vision === false) return false;
  if (needs.systemMessages && capabilities.systemMessages === false) {
    return false;
  }
  if (
    needs.model !== undefined && Array.isArray(capabilities.models) &&
    capabilities.models.length > 0
  ) {
    return capabilities.models.includes(needs.model);
  }
  return true;
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

/** Exact names plus `*`/`?` glob patterns, in insertion order. */
export interface CompiledPatterns {
  readonly exact: ReadonlyMap<string, string>;
  readonly patterns: readonly {
    readonly pattern: RegExp;
    readonly value: string;
  }[];
}

/** True when a mapping key is a glob pattern rather than an exact name. */
export function isGlob(key: string): boolean {
  return key.includes("*") || key.includes("?");
}

function globToRegExp(glob: string): RegExp {
  let source = "^";
  for (const ch of glob) {
    if (ch === "*") source += ".*";
    else if (ch === "?") source += ".";
    else source += ch.replace(/[\\^$.+()[\]{}|/]/g, "\\$&");
  }
  return new RegExp(source + "$", "s");
}

/** Compiles a name → value table whose keys may be globs. */
export function compilePatterns(
  table: Readonly<Record<string, string>>,
  allowGlobs = true,
): CompiledPatterns {
  const exact = new Map<string, string>();
  const patterns: { pattern: RegExp; value: string }[] = [];
  for (const [key, value] of Object.entries(table)) {
    if (allowGlobs && isGlob(key)) {
      patterns.push({ pattern: globToRegExp(key), value });
    } else exact.set(key, value);
  }
  return { exact, patterns };
}

/** Exact match first, then the first matching pattern. */
export function lookup(
  compiled: CompiledPatterns,
  name: string,
): string | undefined {
  const hit = compiled.exact.get(name);
  if (hit !== undefined) return hit;
  for (const { pattern, value } of compiled.patterns) {
    if (pattern.test(name)) return value;
  }
  return undefined;
}
