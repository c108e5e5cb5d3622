// The Router's record of one registered backend: its adapter and the state
// routing keeps about it (health, breaker, cooldown, counters). The state
// changes only through these methods, and an attempt's outcome is recorded
// in one place, settle(), for calls and streams alike; a shared store
// (issue 14's RouterStore) can take over these fields behind the same
// methods.

import {
  type BreakerSettings,
  CircuitBreaker,
  REFUSED,
  type Ticket,
} from "./_breaker.ts";
import { BackendCounters } from "./_stats.ts";
import type { AdapterCapabilities, BackendAdapter } from "./types.ts";
import type { Attempt } from "./_outcome.ts";

/** The first failure cools a backend for 1 s, each further one doubles it. */
const COOLDOWN_BASE_MS = 1_000;
/** Cooldowns never exceed a minute. */
const COOLDOWN_MAX_MS = 60_000;

/** Cooldown after `streak` consecutive failures: 1 s, 2 s, 4 s … 60 s. */
function cooldownMs(streak: number): number {
  return Math.min(COOLDOWN_MAX_MS, COOLDOWN_BASE_MS * 2 ** (streak - 1));
}

/** What settle() reads of the Router's settings. */
export interface OutcomeSettings {
  /** The breaker clock. */
  readonly now: () => number;
  readonly trackLatency: boolean;
}

export class BackendEntry {
  readonly name: string;
  #adapter: BackendAdapter;
  #index: number;
  #healthy = true;
  #lastHealthCheck: number | undefined;
  readonly breaker: CircuitBreaker;
  readonly stats: BackendCounters = new BackendCounters();
  #started = 0;
  #failStreak = 0;
  #coolUntil = 0;
  #capabilities: AdapterCapabilities | undefined;
  #capabilitiesAt = 0;

  constructor(
    name: string,
    adapter: BackendAdapter,
    index: number,
    breaker: BreakerSettings,
  ) {
    this.name = name;
    this.#adapter = adapter;
    this.#index = index;
    this.breaker = new CircuitBreaker(breaker);
  }

  get adapter(): BackendAdapter {
    return this.#adapter;
  }

  /** Position in registration order (kept dense by the registry). */
  get index(): number {
    return this.#index;
  }

  get healthy(): boolean {
    return this.#healthy;
  }

  get lastHealthCheck(): number | undefined {
    return this.#lastHealthCheck;
  }

  /** Attempts ever started; 0 means "untried" for the exploring strategies. */
  get started(): number {
    return this.#started;
  }

  /** Until when (config.now time) a failure cools the backend down. */
  get coolUntil(): number {
    return this.#coolUntil;
  }

  /** The registry moved the backend in registration order. */
  reindex(index: number): void {
    this.#index = index;
  }

  /** Records a health probe's answer. */
  setHealth(healthy: boolean, at: number): void {
    this.#healthy = healthy;
    this.#lastHealthCheck = at;
  }

  /** Registered, healthy and the breaker admits a request now (claims nothing). */
  isAvailable(now: number): boolean {
    return this.#healthy && this.breaker.canAdmit(now);
  }

  /** Whether a recent failure keeps the backend out of latency ranking's first tier. */
  isCooling(now: number): boolean {
    return now < this.#coolUntil;
  }

  /**
   * Admits one attempt: the breaker's ticket when the backend is healthy and
   * the breaker admits it (in half-open this claims the single probe), else
   * {@linkcode REFUSED}. An admitted attempt counts as started.
   */
  admit(now: number): Ticket {
    const ticket = this.#healthy ? this.breaker.admit(now) : REFUSED;
    if (ticket !== REFUSED) this.#started++;
    return ticket;
  }

  /**
   * The one place an attempt's outcome is recorded against its backend:
   * counters, latency window, cooldown and breaker. Aborted attempts only
   * free a half-open probe; unavailable ones were never admitted.
   */
  settle(attempt: Attempt, ticket: Ticket, clocks: OutcomeSettings): void {
    if (attempt.ok) {
      this.stats.total++;
      this.stats.ok++;
      if (clocks.trackLatency) this.stats.latency.add(attempt.latencyMs);
      this.#failStreak = 0;
      this.#coolUntil = 0;
      this.breaker.onSuccess(ticket);
    } else if (attempt.kind === "failed") {
      // The clock is read for failures only: successes are the hot path.
      const now = clocks.now();
      this.stats.total++;
      this.stats.failed++;
      this.#failStreak++;
      this.#coolUntil = now + cooldownMs(this.#failStreak);
      this.breaker.onFailure(now, ticket);
    } else if (attempt.kind === "aborted") {
      this.breaker.onAbort(ticket);
    }
  }

  /** Adds an estimate to the cost figures; unknown or non-finite costs are skipped. */
  recordCost(cost: number | null): void {
    if (typeof cost === "number" && Number.isFinite(cost)) {
      this.stats.costTotal += cost;
      this.stats.costSamples++;
    }
  }

  /** Adapter capabilities, re-read from its metadata at most once per `ttl` ms. */
  capabilities(now: number, ttl: number): AdapterCapabilities {
    if (this.#capabilities === undefined || now - this.#capabilitiesAt >= ttl) {
      this.#capabilities = this.#adapter.metadata?.capabilities ??
        { streaming: true };
      this.#capabilitiesAt = now;
    }
    return this.#capabilities;
  }

  /** A new adapter under the same name: fresh health, breaker and caches. */
  swap(adapter: BackendAdapter): void {
    this.#adapter = adapter;
    this.#healthy = true;
    this.#lastHealthCheck = undefined;
    this.breaker.close();
    this.#started = 0;
    this.#failStreak = 0;
    this.#coolUntil = 0;
    this.#capabilities = undefined;
  }
}
