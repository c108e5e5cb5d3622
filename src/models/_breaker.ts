// Circuit breaker state machine of one backend. Time is passed in by the
// caller (the Router's injected clock); nothing here schedules a timer, so the
// open → half-open move is computed lazily whenever the state is read.

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
}

export class CircuitBreaker {
  #state: BreakerState = "closed";
  #openUntil = Infinity;
  #probeInFlight = false;
  consecutiveFailures = 0;
  readonly #settings: BreakerSettings;

  constructor(settings: BreakerSettings) {
    this.#settings = settings;
  }

  /** Current state, moving open → half-open once the timeout has passed. */
  state(now: number): BreakerState {
    if (this.#state === "open" && now >= this.#openUntil) {
      this.#state = "half-open";
      this.#probeInFlight = false;
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
   * Admits one request. In half-open exactly one caller gets `true` until the
   * probe reports back; everyone else sees the backend as unavailable.
   */
  admit(now: number): boolean {
    const state = this.state(now);
    if (state === "closed") return true;
    if (state === "half-open" && !this.#probeInFlight) {
      this.#probeInFlight = true;
      return true;
    }
    return false;
  }

  onSuccess(): void {
    this.consecutiveFailures = 0;
    if (this.#state !== "open") {
      this.#state = "closed";
      this.#probeInFlight = false;
    }
  }

  onFailure(now: number): void {
    this.consecutiveFailures++;
    if (this.#state === "half-open") {
      // A failed probe re-opens with a fresh timeout.
      this.#open(now, this.#settings.timeout);
    } else if (
      this.#state === "closed" && this.#settings.enabled &&
      this.consecutiveFailures >= this.#settings.threshold
    ) {
      this.#open(now, this.#settings.timeout);
    }
  }

  /** The caller aborted: the outcome says nothing about the backend. */
  onAbort(): void {
    if (this.#state === "half-open") this.#probeInFlight = false;
  }

  /** Forces open; without a timeout it stays open until closed or reset. */
  forceOpen(now: number, timeout?: number): void {
    this.#open(now, timeout === undefined ? Infinity : Math.max(0, timeout));
  }

  close(): void {
    this.#state = "closed";
    this.#openUntil = Infinity;
    this.#probeInFlight = false;
    this.consecutiveFailures = 0;
  }

  #open(now: number, timeout: number): void {
    this.#state = "open";
    this.#openUntil = now + timeout;
    this.#probeInFlight = false;
  }
}
