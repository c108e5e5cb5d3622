// The Router's record of one registered backend. The Router owns every
// instance; strategies only read them.

import {
  type BreakerSettings,
  CircuitBreaker,
  REFUSED,
  type Ticket,
} from "./_breaker.ts";
import { BackendCounters } from "./_stats.ts";
import type { AdapterCapabilities, BackendAdapter } from "./types.ts";

/** The first failure cools a backend for 1 s, each further one doubles it. */
const COOLDOWN_BASE_MS = 1_000;
/** Cooldowns never exceed a minute. */
const COOLDOWN_MAX_MS = 60_000;

/** Cooldown after `streak` consecutive failures: 1 s, 2 s, 4 s … 60 s. */
export function cooldownMs(streak: number): number {
  return Math.min(COOLDOWN_MAX_MS, COOLDOWN_BASE_MS * 2 ** (streak - 1));
}

export class BackendEntry {
  readonly name: string;
  adapter: BackendAdapter;
  /** Position in registration order (kept dense by the Router). */
  index: number;
  healthy = true;
  lastHealthCheck: number | undefined;
  readonly breaker: CircuitBreaker;
  readonly stats: BackendCounters = new BackendCounters();
  /** Attempts ever started; 0 means "untried" for the exploring strategies. */
  started = 0;
  /** Consecutive failed calls (any success resets it). */
  failStreak = 0;
  /** Until when (config.now time) a failure cools the backend down. */
  coolUntil = 0;
  /** The health probe in flight, shared by concurrent checkHealth calls. */
  healthProbe: Promise<boolean> | undefined;
  /** Whether `healthProbe` runs on unref'd timers (a background probe). */
  healthProbeBackground = false;
  #capabilities: AdapterCapabilities | undefined;
  #capabilitiesAt = 0;

  constructor(
    name: string,
    adapter: BackendAdapter,
    index: number,
    breaker: BreakerSettings,
  ) {
    this.name = name;
    this.adapter = adapter;
    this.index = index;
    this.breaker = new CircuitBreaker(breaker);
  }

  /** Registered, healthy and the breaker admits a request now (claims nothing). */
  isAvailable(now: number): boolean {
    return this.healthy && this.breaker.canAdmit(now);
  }

  /**
   * The breaker's ticket when the backend is healthy and the breaker admits
   * this request (in half-open this claims the single probe), else
   * {@linkcode REFUSED}.
   */
  admit(now: number): Ticket {
    return this.healthy ? this.breaker.admit(now) : REFUSED;
  }

  /** Counts a success: totals, the latency window (when tracked), the breaker. */
  recordSuccess(
    latencyMs: number,
    trackLatency: boolean,
    ticket: Ticket,
  ): void {
    this.stats.total++;
    this.stats.ok++;
    if (trackLatency) this.stats.latency.add(latencyMs);
    this.failStreak = 0;
    this.coolUntil = 0;
    this.breaker.onSuccess(ticket);
  }

  /** Counts a failure against the backend, its breaker and its cooldown. */
  recordFailure(now: number, ticket: Ticket): void {
    this.stats.total++;
    this.stats.failed++;
    this.failStreak++;
    this.coolUntil = now + cooldownMs(this.failStreak);
    this.breaker.onFailure(now, ticket);
  }

  /** Whether a recent failure keeps the backend out of latency ranking's first tier. */
  isCooling(now: number): boolean {
    return now < this.coolUntil;
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
      this.#capabilities = this.adapter.metadata?.capabilities ??
        { streaming: true };
      this.#capabilitiesAt = now;
    }
    return this.#capabilities;
  }

  /** A new adapter under the same name: fresh health, breaker and caches. */
  swap(adapter: BackendAdapter): void {
    this.adapter = adapter;
    this.healthy = true;
    this.lastHealthCheck = undefined;
    this.breaker.close();
    this.started = 0;
    this.failStreak = 0;
    this.coolUntil = 0;
    this.healthProbe = undefined;
    this.#capabilities = undefined;
  }
}
