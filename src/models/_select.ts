// Turns a routing strategy's choice into a Plan: which backend to try first
// and why. The Router supplies its registry and availability filter; the
// functions here keep no state except LatencyRanking's cached leader, which
// the Router owns and invalidates when its registry changes.

import { AdapterError, ErrorCode } from "./errors.ts";
import type { RoutingReason } from "./trace.ts";
import type { IRChatRequest } from "./types.ts";
import { abortedRouterError, routingFailed } from "./_failures.ts";
import { raceAbort } from "./_util.ts";
import type { BackendEntry } from "./_state.ts";
import {
  type CompiledPatterns,
  type EntryFilter,
  lookup,
  type Pick,
  pickByCost,
  pickByLatency,
  pickByScore,
  type Weights,
} from "./_strategies.ts";

/** The first backend to try for a request, and why. */
export interface Plan {
  /** undefined when the named backend is unavailable. */
  readonly entry: BackendEntry | undefined;
  readonly reason: RoutingReason;
  readonly requested: string | undefined;
}

/** Throws INVALID_REQUEST unless the request has a messages array. */
export function assertRequest(request: IRChatRequest): void {
  if (
    typeof request !== "object" || request === null ||
    !Array.isArray(request.messages)
  ) {
    throw new AdapterError({
      code: ErrorCode.INVALID_REQUEST,
      message: "request.messages must be an array",
    });
  }
}

/** The backend named by `request.metadata.custom.backend`, if any. */
export function namedBackend(request: IRChatRequest): string | undefined {
  const named = request.metadata?.custom?.backend;
  if (named !== undefined && typeof named !== "string") {
    throw routingFailed("request.metadata.custom.backend must be a string");
  }
  return named;
}

/** The plan for a named backend: it, or a failed primary when unavailable. */
export function explicitPlan(
  entry: BackendEntry,
  now: number,
): Plan {
  return entry.isAvailable(now)
    ? { entry, reason: "explicit", requested: entry.name }
    : {
      entry: undefined,
      reason: "explicit-unavailable",
      requested: entry.name,
    };
}

/** model-based: the backend the mapping names for the request's model. */
export function pickByModel(
  mapping: CompiledPatterns,
  entries: ReadonlyMap<string, BackendEntry>,
  request: IRChatRequest,
  usable: EntryFilter,
): Plan | undefined {
  const model = request.parameters?.model;
  if (typeof model !== "string") return undefined;
  const name = lookup(mapping, model);
  const entry = name === undefined ? undefined : entries.get(name);
  return entry !== undefined && usable(entry)
    ? { entry, reason: "model-mapping", requested: undefined }
    : undefined;
}

/** cost-optimized: untried first, else the lowest average observed cost. */
export function pickCheapest(
  order: readonly BackendEntry[],
  usable: EntryFilter,
): Plan | undefined {
  return planOf(pickByCost(order, usable), "lowest-cost");
}

/** random: a uniform choice among the usable backends. */
export function pickRandom(
  order: readonly BackendEntry[],
  usable: EntryFilter,
  random: () => number,
): Plan | undefined {
  const available = order.filter(usable);
  if (available.length === 0) return undefined;
  const i = Math.min(
    available.length - 1,
    Math.max(0, Math.floor(random() * available.length)),
  );
  return { entry: available[i], reason: "random", requested: undefined };
}

function planOf(
  pick: Pick | undefined,
  reason: RoutingReason,
): Plan | undefined {
  if (pick === undefined) return undefined;
  return {
    entry: pick.entry,
    reason: pick.untried ? "untried" : reason,
    requested: undefined,
  };
}

/**
 * latency-optimized re-ranks every backend at most once per this many
 * selections (and whenever the registry changes or the leader becomes
 * unavailable), so selection stays O(1) amortised with many backends.
 */
const LATENCY_RERANK_EVERY = 32;

/** latency-optimized with the leader cached between re-ranks. */
export class LatencyRanking {
  #leader: BackendEntry | undefined;
  /** The leader's failure count when it was ranked: a new failure re-ranks. */
  #leaderFailed = 0;
  /** When the first cooldown seen at the last re-rank ends: re-rank then. */
  #coolingEnds = Infinity;
  #picks = 0;

  /** Forces a re-rank at the next pick (the registry changed). */
  invalidate(): void {
    this.#leader = undefined;
  }

  /** Untried first, else the lowest mean latency, re-ranked now and then. */
  pick(
    order: readonly BackendEntry[],
    usable: EntryFilter,
    now: number,
  ): Plan | undefined {
    const leader = this.#leader;
    if (
      leader !== undefined && this.#picks-- > 0 && now < this.#coolingEnds &&
      leader.stats.failed === this.#leaderFailed && usable(leader)
    ) {
      return { entry: leader, reason: "lowest-latency", requested: undefined };
    }
    const pick = pickByLatency(order, usable, now);
    this.#leader = pick?.untried === false ? pick.entry : undefined;
    this.#leaderFailed = pick?.entry.stats.failed ?? 0;
    let ends = Infinity;
    for (let i = 0; i < order.length; i++) {
      const until = order[i].coolUntil;
      if (until > now && until < ends) ends = until;
    }
    this.#coolingEnds = ends;
    this.#picks = LATENCY_RERANK_EVERY - 1;
    return planOf(pick, "lowest-latency");
  }
}

/**
 * When the strategy chose nothing: the default backend if usable, else the
 * best-scored (capability routing) or the first usable backend.
 */
export function fallthrough(
  byDefault: BackendEntry | undefined,
  order: readonly BackendEntry[],
  usable: EntryFilter,
  weights: Weights | undefined,
): Plan | undefined {
  if (byDefault !== undefined && usable(byDefault)) {
    return { entry: byDefault, reason: "default", requested: undefined };
  }
  if (weights !== undefined) {
    const best = pickByScore(order.filter(usable), weights);
    return best === undefined
      ? undefined
      : { entry: best, reason: "best-score", requested: undefined };
  }
  for (const entry of order) {
    if (usable(entry)) {
      return { entry, reason: "first-available", requested: undefined };
    }
  }
  return undefined;
}

/** What a custom hook (customRouter, customFallback) may not choose. */
export interface ChoiceRules {
  /** The hook's name, for error messages. */
  readonly hook: string;
  readonly entries: ReadonlyMap<string, BackendEntry>;
  readonly usable: EntryFilter;
  /** Backends already tried (customFallback); reported on every error. */
  readonly attempted: readonly string[];
  /** Names that count as already attempted besides `attempted`. */
  readonly primary?: string;
}

/**
 * Calls a custom hook and validates its answer: `null`/`undefined` is no
 * choice; a non-name, an unknown, already attempted or unavailable backend,
 * or a throwing hook is ROUTING_FAILED (which also bounds fallback loops).
 */
export async function askHook(
  call: () => Promise<string | null>,
  rules: ChoiceRules,
  signal: AbortSignal | undefined,
): Promise<BackendEntry | undefined> {
  const { hook, attempted } = rules;
  let choice: unknown;
  // The call's signal (the caller's and dispose()) ends the wait: a hook
  // that never answers must not hold the call, and a late answer is ignored.
  const answer = Promise.resolve().then(call);
  try {
    choice = await (signal === undefined ? answer : raceAbort(answer, signal));
  } catch (error) {
    if (signal?.aborted) throw abortedRouterError(signal, []);
    throw routingFailed(`${hook} threw`, attempted, error);
  }
  if (choice === null || choice === undefined) return undefined;
  if (typeof choice !== "string") {
    throw routingFailed(
      `${hook} returned a non-name: ${String(choice)}`,
      attempted,
    );
  }
  const entry = rules.entries.get(choice);
  if (entry === undefined) {
    throw routingFailed(`${hook} chose unknown backend "${choice}"`, attempted);
  }
  if (attempted.includes(choice) || choice === rules.primary) {
    throw routingFailed(
      `${hook} chose already attempted backend "${choice}"`,
      attempted,
    );
  }
  if (!rules.usable(entry)) {
    throw routingFailed(
      `${hook} chose unavailable backend "${choice}"`,
      attempted,
    );
  }
  return entry;
}
