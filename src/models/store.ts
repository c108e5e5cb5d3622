/**
 * The state a fleet of routers shares, behind one small interface: each
 * backend's circuit breaker (with its single half-open probe and its
 * consecutive failures, which is also the cooldown), its health, the
 * counters statistics need, and token buckets for rate limits.
 *
 * Two implementations: {@linkcode createMemoryStore} (the default: one
 * process, synchronous, today's speed) and `createRedisStore` in
 * `@switchyard/switchyard/models/redis` (a fleet, over a Redis client the
 * application already has). Every method may answer synchronously or with a
 * promise; a Router never waits on a promise while routing (see
 * `RouterConfig.store`).
 *
 * @module
 */

/** A value, or a promise of it: stores answer either way. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * One backend's circuit breaker as stored. The breaker moves open →
 * half-open when read at or after `openUntil`; `epoch` changes at every
 * state change, and a half-open probe is the one call admitted in its epoch.
 *
 * @example Usage
 * ```ts
 * import type { BreakerRecord } from "@switchyard/switchyard/models";
 * const closed: BreakerRecord = { state: "closed", failures: 0, openUntil: Infinity, epoch: 0, probe: false };
 * ```
 */
export interface BreakerRecord {
  /** `closed`, `open` or `half-open` at the time of reading. */
  readonly state: "closed" | "open" | "half-open";
  /** Consecutive failures since the last success or close. */
  readonly failures: number;
  /** Until when (the Router's `now`) an open breaker stays open; Infinity otherwise or when forced. */
  readonly openUntil: number;
  /** Bumped at every state change. */
  readonly epoch: number;
  /** Whether the half-open probe has been handed out. */
  readonly probe: boolean;
  /**
   * When the half-open probe was handed out (the claiming Router's `now`),
   * while `probe` is true. A claim older than the store's
   * {@linkcode RouterStore.probeLease} has expired: it reads as no claim.
   */
  readonly probeAt?: number;
}

/**
 * The breaker settings a store applies when it records a failure.
 *
 * @example Usage
 * ```ts
 * import type { BreakerRules } from "@switchyard/switchyard/models";
 * const rules: BreakerRules = { enabled: true, threshold: 5, timeout: 60_000 };
 * ```
 */
export interface BreakerRules {
  /** When false, failures are counted but never open the breaker. */
  readonly enabled: boolean;
  /** Consecutive failures that open a closed breaker. */
  readonly threshold: number;
  /** Milliseconds an automatically opened breaker stays open. */
  readonly timeout: number;
}

/**
 * What {@linkcode RouterStore.takeTokens} answers.
 *
 * @example Usage
 * ```ts
 * import type { TokenResult } from "@switchyard/switchyard/models";
 * const denied: TokenResult = { allowed: false, remaining: 0.4, retryAfterMs: 600 };
 * ```
 */
export interface TokenResult {
  /** Whether `cost` tokens were taken. */
  readonly allowed: boolean;
  /** Tokens left in the bucket after this call. */
  readonly remaining: number;
  /** When refused: milliseconds until `cost` tokens will be there (0 when allowed). */
  readonly retryAfterMs: number;
}

/**
 * What {@linkcode RouterStore.writeRecord} answers.
 *
 * @example Usage
 * ```ts
 * import type { RecordWrite } from "@switchyard/switchyard/models";
 * const refused: RecordWrite = { ok: false, version: 7 };
 * ```
 */
export interface RecordWrite {
  /** Whether the write happened (`create` of an existing id, or `replace`/`delete` of a missing one, does not). */
  readonly ok: boolean;
  /** The space's version after the call; every write that happened bumps it. */
  readonly version: number;
}

/**
 * A space of small string records and its version, as
 * {@linkcode RouterStore.readRecords} answers.
 *
 * @example Usage
 * ```ts
 * import type { RecordSpace } from "@switchyard/switchyard/models";
 * const empty: RecordSpace = { version: 0, records: {} };
 * ```
 */
export interface RecordSpace {
  /** Bumped by every write that happened; 0 for a space never written. */
  readonly version: number;
  /** id → value. */
  readonly records: Readonly<Record<string, string>>;
}

/**
 * Shared routing state. Keys are backend names (or, for token buckets, any
 * key the caller chooses); a store namespaces them itself. Every state
 * change is atomic: recordFailure opens the breaker exactly when the
 * threshold is reached, claimProbe hands the half-open probe to exactly one
 * caller, takeTokens never over-admits.
 *
 * @example A store shared by two routers in one process
 * ```ts
 * import { createMemoryStore, createRouter } from "@switchyard/switchyard/models";
 * const store = createMemoryStore();
 * const a = createRouter({ store, enableCircuitBreaker: true });
 * const b = createRouter({ store, enableCircuitBreaker: true });
 * a.dispose();
 * b.dispose();
 * ```
 */
export interface RouterStore {
  /**
   * How long (ms) a handed-out half-open probe may go unreported before it
   * expires and the next caller may probe, in a new epoch (its Router died or
   * lost the store mid-call). Routers on this store expire a sibling's claim
   * they adopted after it too. Absent: claims never expire.
   */
  readonly probeLease?: number;
  /**
   * The breakers of `keys` at `now` (a missing one reads closed; a claim past
   * its lease reads as none).
   */
  readBreakers(
    keys: readonly string[],
    now: number,
  ): MaybePromise<BreakerRecord[]>;
  /**
   * Counts `count` (default 1) failures of calls admitted with `ticket` (an
   * epoch): opens a closed breaker at `rules.threshold`; in half-open only
   * the probe's failure re-opens it (counted once). Returns the breaker
   * after the change.
   */
  recordFailure(
    key: string,
    now: number,
    ticket: number,
    rules: BreakerRules,
    count?: number,
  ): MaybePromise<BreakerRecord>;
  /** A success: resets the failures; in half-open only the probe's closes. */
  recordSuccess(
    key: string,
    now: number,
    ticket: number,
  ): MaybePromise<BreakerRecord>;
  /**
   * Hands out the half-open probe: its ticket, or -1 when not half-open or
   * taken (a claim past its lease is free again, with a new ticket).
   */
  claimProbe(key: string, now: number): MaybePromise<number>;
  /** The probe's call was aborted: the next caller may probe. */
  releaseProbe(key: string, ticket: number): MaybePromise<void>;
  /**
   * Opens the breaker for `ms` (Infinity: until closed). With `extendOnly`,
   * an opening that already lasts longer is kept (a 429's cooldown).
   */
  openBreaker(
    key: string,
    now: number,
    ms: number,
    extendOnly: boolean,
  ): MaybePromise<BreakerRecord>;
  /** Closes the breaker and clears its failures. */
  closeBreaker(key: string): MaybePromise<void>;
  /** Records a health probe's answer. */
  setHealth(key: string, healthy: boolean, at: number): MaybePromise<void>;
  /** The last recorded health, if any. */
  readHealth(
    key: string,
  ): MaybePromise<{ healthy: boolean; at: number } | undefined>;
  /**
   * Adds to named counters of `key` (statistics, shared across the fleet).
   * A delta that is not a finite number is refused (`INVALID_REQUEST`) and
   * nothing of it is added.
   */
  addCounters(
    key: string,
    delta: Readonly<Record<string, number>>,
  ): MaybePromise<void>;
  /** The counters of `key` (missing ones are absent). */
  readCounters(key: string): MaybePromise<Record<string, number>>;
  /**
   * Token bucket: refills at `refillPerSecond` up to `capacity` (full when
   * new), and takes `cost` tokens when that many are there.
   */
  takeTokens(
    key: string,
    cost: number,
    capacity: number,
    refillPerSecond: number,
    now: number,
  ): MaybePromise<TokenResult>;
  /**
   * Optional: every record of `space` (small strings that never expire, such
   * as the gateway's keys created at run time) with the space's version.
   */
  readRecords?(space: string): MaybePromise<RecordSpace>;
  /** Optional: the version of `space` alone (one cheap read to see a change). */
  recordsVersion?(space: string): MaybePromise<number>;
  /**
   * Optional: writes one record atomically, bumping the version when it
   * happens: `create` only when `id` is absent, `replace` and `delete` only
   * when present.
   */
  writeRecord?(
    space: string,
    id: string,
    mode: "create" | "replace" | "delete",
    value?: string,
  ): MaybePromise<RecordWrite>;
  /**
   * Adds `amount` to each running total named in `keys` and answers the new
   * totals, in one atomic step (one Lua script on Redis): the gateway's
   * spend per key and budget period. Total `i` may be forgotten `ttls[i]`
   * ms after this write (0: kept). An `amount` of 0 reads them; one that is
   * negative or not a finite number is refused (`INVALID_REQUEST`): a total
   * only grows. Optional: without it a gateway keeps budgets per instance.
   *
   * With `once`, the addition is made at most once per `once.writer` and
   * `once.seq`, so a writer may send it again when the first answer was
   * lost: a repeat answers the totals without adding. `once.floor` is the
   * writer's lowest sequence number still unanswered; every lower one is
   * settled and, should it arrive late, is not added either. A store
   * whose answers cannot be lost (the in-memory one) may ignore it.
   */
  addTotals?(
    keys: readonly string[],
    amount: number,
    ttls: readonly number[],
    once?: {
      readonly writer: string;
      readonly seq: number;
      readonly floor: number;
    },
  ): MaybePromise<number[]>;
}
