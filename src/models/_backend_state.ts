// One backend's routing state: health, circuit breaker, failure cooldown,
// attempts started and counters. It changes only through these methods, and
// an attempt's outcome is recorded in one place, settle(), for calls and
// streams alike. This is the state a fleet of routers shares (issue 14): a
// shared store takes these fields over behind the same methods; the
// registry (_registry.ts) creates one per backend.

import {
  type BreakerSettings,
  CircuitBreaker,
  REFUSED,
  type Ticket,
} from "./_breaker.ts";
import type { Attempt } from "./_outcome.ts";
import type { AdapterError } from "./errors.ts";
import { ErrorCode } from "./errors.ts";
import { faultOf } from "./_resilience.ts";
import type { Fleet, FleetLink } from "./_fleet.ts";
import type { RouterStore } from "./store.ts";
import { localBreakers } from "./stores/_local.ts";
import { createMemoryStore } from "./stores/memory.ts";

/** Where a backend's shared state lives: the Router's store and its rules. */
export interface StateSource {
  readonly breaker: BreakerSettings;
  readonly store: RouterStore;
  /** Whether the store came from the caller (breakers persist across registrations). */
  readonly shared: boolean;
  /** The link to an asynchronous store; undefined for a memory store. */
  readonly fleet: Fleet | undefined;
}
import { BackendCounters } from "./_stats.ts";

/** A source of private state: a fresh memory store, nothing shared. */
export function localSource(breaker: BreakerSettings): StateSource {
  return {
    breaker,
    store: createMemoryStore(),
    shared: false,
    fleet: undefined,
  };
}

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
  /** Whether a 429 with Retry-After cools the backend for that long. */
  readonly cooldownOnRateLimit: boolean;
}

/** Health, breaker, cooldown and counters of one backend. */
export class BackendState {
  readonly breaker: CircuitBreaker;
  readonly stats: BackendCounters = new BackendCounters();
  #healthy = true;
  #lastHealthCheck: number | undefined;
  #started = 0;
  #failStreak = 0;
  #coolUntil = 0;
  /** Until when a 429's Retry-After keeps the breaker open (0: none). */
  #rateLimitedUntil = 0;
  #misconfigured: AdapterError | undefined;
  readonly #rules: BreakerSettings;
  /** Set with an asynchronous store: every change is mirrored there. */
  readonly #link: FleetLink | undefined;
  readonly #fleet: Fleet | undefined;

  constructor(name: string, source: StateSource) {
    const rules = source.breaker;
    this.#rules = rules;
    const local = localBreakers(source.store);
    let breaker = source.shared ? local?.get(name) : undefined;
    if (breaker === undefined) {
      breaker = new CircuitBreaker(rules);
      local?.set(name, breaker);
    }
    this.breaker = breaker;
    this.#fleet = local === undefined ? source.fleet : undefined;
    this.#link = this.#fleet?.link(name, breaker);
  }

  /**
   * The backend left the registry: stop mirroring it. A probe claim held and
   * not used, or a probe's report the store refused, is given back as at
   * dispose(): kept, the fleet's record would hold the claim, and every
   * sibling refuse the backend, until probeLease.
   */
  detach(): void {
    const link = this.#link;
    if (link !== undefined) {
      link.letGo();
      this.#fleet!.unlink(link.key, link);
    }
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

  /** The 401/403 (or URL 404) that took the backend out, until a probe passes. */
  get misconfigured(): AdapterError | undefined {
    return this.#misconfigured;
  }

  /** Records a health probe's answer; a passing probe clears "misconfigured". */
  setHealth(healthy: boolean, at: number): void {
    this.#healthy = healthy;
    this.#lastHealthCheck = at;
    if (healthy) this.#misconfigured = undefined;
    this.#link?.health(healthy, at);
  }

  /** Healthy and the breaker admits a request now (claims nothing). */
  isAvailable(now: number): boolean {
    return this.#healthy && this.#misconfigured === undefined &&
      this.breaker.canAdmit(now);
  }

  /** Whether a recent failure keeps the backend out of latency ranking's first tier. */
  isCooling(now: number): boolean {
    return now < this.#coolUntil;
  }

  /**
   * When an unavailable backend admits a request again, for
   * NO_BACKEND_AVAILABLE: the end of its breaker's opening, and whether that
   * opening is a 429's cooldown. Undefined when it is available now or the
   * end is unknown (unhealthy, misconfigured, opened by hand without a
   * timeout, a half-open probe in flight). An opening a sibling made through
   * a shared store reads as a plain opening: the cause stays local.
   */
  reopensAt(now: number): { at: number; rateLimited: boolean } | undefined {
    if (!this.#healthy || this.#misconfigured !== undefined) return undefined;
    if (this.breaker.state(now) !== "open") return undefined;
    const at = this.breaker.snapshot(now).openUntil;
    if (!Number.isFinite(at)) return undefined;
    return { at, rateLimited: at <= this.#rateLimitedUntil };
  }

  /**
   * Admits one attempt: the breaker's ticket when the backend is healthy and
   * the breaker admits it (in half-open this claims the single probe), else
   * {@linkcode REFUSED}. An admitted attempt counts as started.
   */
  admit(now: number): Ticket {
    const link = this.#link;
    if (link !== undefined) {
      this.#fleet!.refresh(now);
      // One probe for the whole fleet: claimed from the store first.
      if (this.breaker.state(now) === "half-open" && !link.mayProbe(now)) {
        return REFUSED;
      }
    }
    const ticket = this.#healthy && this.#misconfigured === undefined
      ? this.breaker.admit(now)
      : REFUSED;
    if (ticket !== REFUSED) this.#started++;
    return ticket;
  }

  /**
   * Gives back what {@linkcode admit} took for an attempt that never
   * started (its setup threw before the adapter was called): a half-open
   * probe, which kept would leave the backend refused, and the start.
   */
  withdraw(ticket: Ticket): void {
    this.#started--;
    if (this.breaker.onAbort(ticket)) this.#link?.release(ticket);
  }

  /**
   * The one place an attempt's outcome is recorded: counters, latency
   * window, cooldown and breaker. Aborted attempts and the client's own
   * errors (see faultOf) only free a half-open probe; unavailable ones were
   * never admitted. A misconfigured backend (401/403) leaves routing; a 429
   * with Retry-After cools it for that long.
   */
  settle(attempt: Attempt, ticket: Ticket, clocks: OutcomeSettings): void {
    if (attempt.ok) {
      this.stats.total++;
      this.stats.ok++;
      if (clocks.trackLatency) this.stats.latency.add(attempt.latencyMs);
      this.#failStreak = 0;
      this.#coolUntil = 0;
      const link = this.#link;
      if (link !== undefined) {
        const now = clocks.now();
        // A success only changes the fleet's record when this instance saw
        // failures or a non-closed breaker: the common success costs Redis
        // nothing but a counter in the next flush.
        if (
          this.breaker.consecutiveFailures > 0 ||
          this.breaker.state(now) !== "closed"
        ) link.success(now, ticket, this.#isProbe(now, ticket));
        link.count("ok");
      }
      this.breaker.onSuccess(ticket, clocks.now);
    } else if (attempt.kind === "failed") {
      const error = attempt.error;
      const fault = faultOf(error);
      if (fault === "client") {
        this.stats.clientErrors++;
        // Only a probe costs the store a script: a client error or an abort
        // in a closed breaker says nothing the fleet must know.
        const probe = this.breaker.onAbort(ticket);
        if (this.#link !== undefined) {
          if (probe) this.#link.release(ticket);
          this.#link.count("clientErrors");
        }
        return;
      }
      // The clock is read for failures only: successes are the hot path.
      const now = clocks.now();
      this.stats.total++;
      this.stats.failed++;
      this.#failStreak++;
      this.#coolUntil = now + cooldownMs(this.#failStreak);
      const probe = this.#link !== undefined && this.#isProbe(now, ticket);
      this.breaker.onFailure(now, ticket, this.#rules);
      if (this.#link !== undefined) {
        this.#link.failure(now, ticket, this.#rules, probe);
        this.#link.count("failed");
      }
      if (fault === "misconfigured") this.#misconfigured = error;
      else if (
        error.code === ErrorCode.RATE_LIMITED && clocks.cooldownOnRateLimit &&
        error.retryAfter !== undefined && error.retryAfter > 0
      ) {
        this.#coolUntil = Math.max(this.#coolUntil, now + error.retryAfter);
        this.breaker.coolFor(now, error.retryAfter);
        this.#rateLimitedUntil = Math.max(
          this.#rateLimitedUntil,
          now + error.retryAfter,
        );
        this.#link?.open(now, error.retryAfter, true);
      }
    } else if (attempt.kind === "aborted") {
      if (this.breaker.onAbort(ticket)) this.#link?.release(ticket);
    }
  }

  /** Whether `ticket` is the half-open probe's: the fleet must hear its outcome. */
  #isProbe(now: number, ticket: Ticket): boolean {
    const { state, probe, epoch } = this.breaker.snapshot(now);
    return state === "half-open" && probe && epoch === ticket;
  }

  /** Adds an estimate to the cost figures; unknown or non-finite costs are skipped. */
  recordCost(cost: number | null): void {
    if (typeof cost === "number" && Number.isFinite(cost)) {
      this.stats.costTotal += cost;
      this.stats.costSamples++;
    }
  }

  /** Opens the breaker by hand (openCircuitBreaker), for the fleet too. */
  forceOpen(now: number, timeout: number | undefined): void {
    this.breaker.forceOpen(now, timeout);
    this.#link?.open(now, timeout ?? Infinity, false);
  }

  /** Closes the breaker by hand (close/resetCircuitBreaker), for the fleet too. */
  closeBreaker(): void {
    this.#rateLimitedUntil = 0;
    this.breaker.close();
    this.#link?.close();
  }

  /** A new adapter: fresh health, breaker and cooldown; counters stay. */
  renew(): void {
    this.#healthy = true;
    this.#lastHealthCheck = undefined;
    this.closeBreaker();
    this.#started = 0;
    this.#failStreak = 0;
    this.#coolUntil = 0;
    this.#misconfigured = undefined;
  }
}
