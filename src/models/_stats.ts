// Per-backend counters and a fixed-size latency window with nearest-rank
// percentiles, and the Router-wide counters. Memory per backend is
// constant: the window is a ring buffer. Snapshots: _snapshots.ts.

/** Samples kept per backend for latency figures. */
export const LATENCY_WINDOW = 1024;

export class LatencyWindow {
  readonly #samples: Float64Array;
  #size = 0;
  #next = 0;
  #sum = 0;
  #sorted: Float64Array | undefined;

  constructor(capacity: number = LATENCY_WINDOW) {
    this.#samples = new Float64Array(capacity);
  }

  get size(): number {
    return this.#size;
  }

  add(ms: number): void {
    const capacity = this.#samples.length;
    if (this.#size === capacity) this.#sum -= this.#samples[this.#next];
    else this.#size++;
    this.#samples[this.#next] = ms;
    this.#sum += ms;
    this.#next = this.#next + 1 === capacity ? 0 : this.#next + 1;
    this.#sorted = undefined;
  }

  /** Mean of the window; NaN when empty. */
  mean(): number {
    return this.#size === 0 ? NaN : this.#sum / this.#size;
  }

  /** Nearest-rank percentile (`p` in 0–100) of the window; 0 when empty. */
  percentile(p: number): number {
    if (this.#size === 0) return 0;
    if (this.#sorted === undefined) {
      this.#sorted = this.#samples.slice(0, this.#size).sort();
    }
    const rank = Math.max(1, Math.ceil((p / 100) * this.#size));
    return this.#sorted[rank - 1];
  }

  clear(): void {
    this.#size = 0;
    this.#next = 0;
    this.#sum = 0;
    this.#sorted = undefined;
  }
}

/** Settled calls: every one counts in `total` and in `ok` or `failed`. */
class Outcomes {
  total = 0;
  ok = 0;
  failed = 0;
}

export class BackendCounters extends Outcomes {
  /** Requests the backend rejected as the client's error (not in total). */
  clientErrors = 0;
  /** Retries started on this backend. */
  retries = 0;
  costTotal = 0;
  costSamples = 0;
  readonly latency: LatencyWindow = new LatencyWindow();

  reset(): void {
    this.total = this.ok = this.failed = 0;
    this.clientErrors = this.retries = 0;
    this.costTotal = this.costSamples = 0;
    this.latency.clear();
  }

  /** Average observed cost; NaN without samples. */
  averageCost(): number {
    return this.costSamples === 0 ? NaN : this.costTotal / this.costSamples;
  }
}

/** Router-wide counters; per-backend figures live on each BackendCounters. */
export class RouterCounters extends Outcomes {
  /** Attempts started after the first choice. */
  fallbacks = 0;
  /** Retries on the same backend (maxRetries). */
  retries = 0;
  parallel = 0;
  since: number;

  constructor(since: number) {
    super();
    this.since = since;
  }

  /** Counts `n` attempts started after the first choice. */
  fellBack(n: number): void {
    this.fallbacks += n;
  }

  /** Counts one dispatchParallel call (it settles like any other). */
  dispatched(): void {
    this.parallel++;
  }

  /** Counts one settled execute, executeStream or dispatchParallel call. */
  settle(ok: boolean): void {
    this.total++;
    if (ok) this.ok++;
    else this.failed++;
  }

  reset(since: number): void {
    this.total =
      this.ok =
      this.failed =
      this.fallbacks =
      this.retries =
      this.parallel =
        0;
    this.since = since;
  }
}
