// Circuit breaker state machine of one backend. Time is passed in by the
// caller (the Router's injected clock); nothing here schedules a timer, so the
// open → half-open move is computed from the time whenever the state is read
// or an outcome recorded: the state never depends on whether anyone looked.

import type { BreakerRecord } from "./store.ts";

/** Breaker state as reported by BackendInfo. */
export type BreakerState = "closed" | "open" | "half-open";

/** Settings shared by every breaker of one Router. */
export interface BreakerSettings {
  /** When false, failures never open the breaker automatically. */
  readonly enabled: boolean;
  /** Consecutive failures that open a closed breaker. */
  readonly threshold: number;
  /** Milliseconds an automatically opened breaker stays open. */
  readonly timeout: number;
  /**
   * Milliseconds a handed-out half-open probe may go unreported before it
   * expires and the next caller may probe (the store's `probeLease`: its
   * holder may have died mid-call). Default Infinity: in one process every
   * probe reports back.
   */
  readonly probeLease?: number;
}

/**
 * What {@linkcode CircuitBreaker.admit} hands a call: the breaker's epoch at
 * admission, or {@linkcode REFUSED}. The call reports its outcome with it,
 * so in half-open only the probe's outcome moves the state.
 */
export type Ticket = number;

/** The ticket of a call the breaker did not admit. */
export const REFUSED: Ticket = -1;

export class CircuitBreaker {
  #state: BreakerState = "closed";
  #openUntil = Infinity;
  #probeInFlight = false;
  /** When the probe in flight was handed out (the Router's `now`). */
  #probeAt = 0;
  /**
   * Bumped at every state change. The half-open probe is the one call
   * admitted in its epoch: calls admitted before the breaker opened carry
   * older tickets and cannot close, re-open or free it.
   */
  #epoch = 0;
  #failures = 0;
  readonly #settings: BreakerSettings;

  /** Failures since the last success or reset. */
  get consecutiveFailures(): number {
    return this.#failures;
  }

  constructor(settings: BreakerSettings) {
    this.#settings = settings;
  }

  /**
   * Current state, moving open → half-open once the timeout has passed. A
   * probe unreported for `probeLease` expires here too: the next caller may
   * probe, in a new epoch, so the lost probe's late outcome is stale.
   */
  state(now: number): BreakerState {
    if (this.#state === "open" && now >= this.#openUntil) {
      this.#state = "half-open";
      this.#probeInFlight = false;
      this.#epoch++;
    } else if (
      this.#state === "half-open" && this.#probeInFlight &&
      now - this.#probeAt >= (this.#settings.probeLease ?? Infinity)
    ) {
      this.#probeInFlight = false;
      this.#epoch++;
    }
    return this.#state;
  }

  /** Whether a request could be admitted now (does not claim the probe). */
  canAdmit(now: number): boolean {
    const state = this.state(now);
    return state === "closed" ||
      (state === "half-open" && !this.#probeInFlight);
  }

  /**
   * Admits one request and returns its ticket, or {@linkcode REFUSED}. In
   * half-open exactly one caller is admitted until the probe reports back;
   * everyone else sees the backend as unavailable.
   */
  admit(now: number): Ticket {
    const state = this.state(now);
    if (state === "closed") return this.#epoch;
    if (state === "half-open" && !this.#probeInFlight) {
      this.#probeInFlight = true;
      this.#probeAt = now;
      return this.#epoch;
    }
    return REFUSED;
  }

  /**
   * A shared store handed this instance the half-open probe of `epoch`: the
   * next {@linkcode admit} hands it out with that ticket, so the probe's
   * outcome moves the fleet's breaker. False when this breaker is not
   * half-open or has moved past that epoch (the claim is stale).
   */
  takeProbe(now: number, epoch: number): boolean {
    if (this.state(now) !== "half-open" || epoch < this.#epoch) return false;
    this.#epoch = epoch;
    this.#probeInFlight = false;
    return true;
  }

  /** In half-open, whether `ticket` is the probe's (other outcomes are stale). */
  #isProbe(ticket: Ticket): boolean {
    return ticket === this.#epoch;
  }

  /**
   * A success of the call holding `ticket`. `now` is read only while the
   * breaker is not closed (a closed one has no time-driven move), so the
   * common success costs no clock reading.
   */
  onSuccess(ticket: Ticket, now: () => number): void {
    // An opening whose timeout passed is half-open, and a probe past its
    // lease lost, whether or not anyone read it: the late success of a call
    // admitted before either is stale.
    if (this.#state !== "closed") this.state(now());
    if (this.#state === "half-open") {
      if (this.#isProbe(ticket)) this.#close();
      return;
    }
    this.#failures = 0;
  }

  /** A failure of the call holding `ticket`; `rules` default to the Router's. */
  onFailure(
    now: number,
    ticket: Ticket,
    rules: BreakerSettings = this.#settings,
  ): void {
    // As in onSuccess: the move the time made counts, read or not.
    this.state(now);
    if (this.#state === "half-open") {
      // A failed probe re-opens with a fresh timeout.
      if (this.#isProbe(ticket)) {
        this.#failures++;
        this.#open(now, rules.timeout);
      }
      return;
    }
    this.#failures++;
    if (
      this.#state === "closed" && rules.enabled &&
      this.#failures >= rules.threshold
    ) {
      this.#open(now, rules.timeout);
    }
  }

  /**
   * The outcome says nothing about the backend's health: the caller aborted,
   * or the backend answered with the client's own error (a 400 or 422). A
   * half-open probe that ends so is released, and the next request probes.
   * Returns whether it was that probe (a shared store must free it too).
   */
  onAbort(ticket: Ticket): boolean {
    if (this.#state === "half-open" && this.#isProbe(ticket)) {
      this.#probeInFlight = false;
      return true;
    }
    return false;
  }

  /** Forces open; without a timeout it stays open until closed or reset. */
  forceOpen(now: number, timeout?: number): void {
    this.#open(now, timeout === undefined ? Infinity : Math.max(0, timeout));
  }

  /**
   * Takes the backend out for `ms` (a 429's Retry-After), then admits one
   * probe like any half-open breaker. Never shortens an opening in force.
   */
  coolFor(now: number, ms: number): void {
    if (this.state(now) === "open" && this.#openUntil >= now + ms) return;
    this.#open(now, ms);
  }

  close(): void {
    this.#close();
  }

  /**
   * The state as a store records it (reading moves open → half-open and
   * expires a probe past its lease).
   */
  snapshot(now: number): BreakerRecord {
    const state = this.state(now);
    const record = {
      state,
      failures: this.#failures,
      openUntil: this.#openUntil,
      epoch: this.#epoch,
      probe: this.#probeInFlight,
    };
    return this.#probeInFlight ? { ...record, probeAt: this.#probeAt } : record;
  }

  /**
   * Takes over a shared store's record (the fleet's view wins). A claim
   * recorded without its time never expires here: the store's own reads
   * report it once its lease has passed.
   */
  adopt(record: BreakerRecord): void {
    this.#state = record.state;
    this.#failures = record.failures;
    this.#openUntil = record.state === "closed" ? Infinity : record.openUntil;
    this.#epoch = record.epoch;
    this.#probeInFlight = record.probe;
    this.#probeAt = record.probeAt ?? Infinity;
  }

  #close(): void {
    this.#state = "closed";
    this.#openUntil = Infinity;
    this.#probeInFlight = false;
    this.#failures = 0;
    this.#epoch++;
  }

  #open(now: number, timeout: number): void {
    this.#state = "open";
    this.#openUntil = now + timeout;
    this.#probeInFlight = false;
    this.#epoch++;
  }
}
