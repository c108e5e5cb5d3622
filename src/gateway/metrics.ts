/**
 * Gateway metrics in the Prometheus text exposition format (version 0.0.4),
 * served at `GET /metrics`:
 *
 * | metric | type | labels |
 * |---|---|---|
 * | `switchyard_requests_total` | counter | `api` (`openai`, `anthropic`), `model`, `backend`, `status`, `key` |
 * | `switchyard_request_duration_seconds` | histogram | `api`, `model`, `backend`, `key` |
 * | `switchyard_time_to_first_token_seconds` | histogram (streams) | `api`, `model`, `backend`, `key` |
 * | `switchyard_errors_total` | counter | `backend`, `model`, `code`, `key` |
 * | `switchyard_tokens_total` | counter | `direction` (`in`, `out`), `model`, `backend`, `key` |
 * | `switchyard_fallbacks_total` | counter | `model`, `backend` |
 * | `switchyard_cache_requests_total` | counter | `result` (`hit`, `miss`, `bypass`), `model`, `key` |
 * | `switchyard_cost_usd_total` | counter (USD, priced answers only) | `key`, `model`, `backend` |
 * | `switchyard_retries_total` | counter | `backend` |
 * | `switchyard_open_streams` | gauge | — |
 * | `switchyard_backend_up` | gauge (1 healthy, 0 not) | `backend` |
 * | `switchyard_backend_circuit_state` | gauge (0 closed, 1 half-open, 2 open) | `backend` |
 *
 * `model` is the model name after aliases (not the alias the client sent;
 * the gateway cuts it at 200 characters), `backend` the one that answered (`none` when no backend answered; for fallbacks, the backend that
 * ended the chain: the one that answered, or on a failure the last one
 * tried), `key` the key id (`anonymous` without keys, `none` for a request
 * without a valid key). Label values are escaped as the format requires.
 *
 * Decisions:
 * - **Counted requests** are the chat calls (`/v1/chat/completions`,
 *   `/v1/messages`), refused ones included. `GET /v1/models`, `/api/router`
 *   and `/metrics` are not: a scrape counting itself is noise, as in
 *   Prometheus exporters; they are in the request log.
 * - **Retries** (`maxRetries`: the same backend again after a retryable
 *   failure; not fallbacks) are read from the model router's per-backend
 *   statistics at scrape time, like the breaker state: they include the
 *   retries of requests that failed in the end, and of every caller of a
 *   shared router. They have no model or key label (the router counts per
 *   backend), and `router.resetStats()` starts them again at 0, which
 *   Prometheus' `rate()` reads as a counter reset.
 * - **Latency by key.** The latency histograms carry `key` like the counters,
 *   so a team's latency can be read on its own. Key ids come from the
 *   configuration, so they add few series; model names come from clients, so
 *   each metric keeps at most `maxSeries` label sets (default 1000, a
 *   histogram's set being its 16 lines); further ones are counted under
 *   labels all set to `_other`, so memory stays bounded.
 *
 * @module
 */

/**
 * What the gateway records about one finished request.
 *
 * @example Usage
 * ```ts
 * import type { RequestRecord } from "@switchyard/switchyard/gateway";
 * const record: RequestRecord = { api: "openai", model: "echo", backend: "echo", status: 200, keyId: "anonymous", latencyMs: 3, fallbacks: 0 };
 * ```
 */
export interface RequestRecord {
  /** Which wire format: `openai` or `anthropic`. */
  api: string;
  /** The model the client asked for. */
  model: string;
  /** The backend that answered, or `none`. */
  backend: string;
  /** HTTP status sent. */
  status: number;
  /** Key id, or `anonymous`. */
  keyId: string;
  /** Milliseconds from request to the end of the answer. */
  latencyMs: number;
  /** Milliseconds to the first content of a stream. */
  timeToFirstTokenMs?: number;
  /** Prompt tokens, when reported. */
  tokensIn?: number;
  /** Completion tokens, when reported. */
  tokensOut?: number;
  /** Error code, for failures. */
  errorCode?: string;
  /** Fallback attempts after the first backend. */
  fallbacks: number;
  /** The answer's price in USD, when its model is priced. */
  costUsd?: number;
}

/**
 * One key's usage as {@linkcode Metrics.usageByKey} reports it.
 *
 * @example Usage
 * ```ts
 * import type { KeyUsage } from "@switchyard/switchyard/gateway";
 * const usage: KeyUsage = { requests: 3, errors: 1, tokensIn: 30, tokensOut: 12, spendUsd: 0.0004 };
 * ```
 */
export interface KeyUsage {
  /** Model requests recorded. */
  requests: number;
  /** Of which answered with status 400 or above. */
  errors: number;
  /** Prompt tokens. */
  tokensIn: number;
  /** Completion tokens. */
  tokensOut: number;
  /**
   * Spend in USD of the priced answers (this instance's count); null when
   * none of the key's answers was priced (an unpriced model is not free).
   */
  spendUsd: number | null;
}

/**
 * A backend's health and breaker state, as the model router reports them.
 *
 * @example Usage
 * ```ts
 * import type { BackendState } from "@switchyard/switchyard/gateway";
 * const state: BackendState = { name: "openai", isHealthy: true, circuitBreakerState: "closed", stats: { retries: 2 } };
 * ```
 */
export interface BackendState {
  /** Registered name. */
  readonly name: string;
  /** Last known health. */
  readonly isHealthy: boolean;
  /** `closed`, `half-open` or `open`. */
  readonly circuitBreakerState: string;
  /** The router's counters of the backend: retries so far (absent: 0). */
  readonly stats?: { readonly retries: number };
}

const CIRCUIT_VALUES: Readonly<Record<string, number>> = {
  closed: 0,
  "half-open": 1,
  open: 2,
};

const LATENCY_BUCKETS = [
  0.005,
  0.01,
  0.025,
  0.05,
  0.1,
  0.25,
  0.5,
  1,
  2.5,
  5,
  10,
  30,
  60,
];

function escapeLabel(value: string): string {
  return value.replaceAll("\\", "\\\\").replaceAll("\n", "\\n").replaceAll(
    '"',
    '\\"',
  );
}

function labelText(
  names: readonly string[],
  values: readonly string[],
): string {
  if (names.length === 0) return "";
  return `{${
    names.map((name, i) => `${name}="${escapeLabel(values[i])}"`).join(",")
  }}`;
}

class Family<T> {
  readonly series = new Map<string, { values: string[]; data: T }>();
  constructor(
    readonly names: readonly string[],
    readonly max: number,
    readonly create: () => T,
  ) {}

  get(values: string[]): T {
    let key = values.join("\u0000");
    let entry = this.series.get(key);
    if (entry === undefined) {
      if (this.series.size >= this.max) {
        values = values.map(() => "_other");
        key = values.join("\u0000");
        entry = this.series.get(key);
      }
      if (entry === undefined) {
        entry = { values, data: this.create() };
        this.series.set(key, entry);
      }
    }
    return entry.data;
  }
}

interface Histogram {
  counts: number[];
  sum: number;
  count: number;
}

function newHistogram(): Histogram {
  return { counts: LATENCY_BUCKETS.map(() => 0), sum: 0, count: 0 };
}

function observe(histogram: Histogram, seconds: number): void {
  histogram.sum += seconds;
  histogram.count++;
  for (let i = 0; i < LATENCY_BUCKETS.length; i++) {
    if (seconds <= LATENCY_BUCKETS[i]) histogram.counts[i]++;
  }
}

/** The series of one (api, model, backend, key), found as they are used. */
interface RequestSeries {
  requests: Map<number, { value: number }>;
  latency?: Histogram;
  ttft?: Histogram;
  errors: Map<string, { value: number }>;
  tokensIn?: { value: number };
  tokensOut?: { value: number };
  fallbacks?: { value: number };
  cost?: { value: number };
}

/**
 * The gateway's metric registry: updated once per request, rendered on
 * `GET /metrics`.
 *
 * @example Recording and rendering
 * ```ts
 * import { Metrics } from "@switchyard/switchyard/gateway";
 * const metrics = new Metrics();
 * metrics.record({ api: "openai", model: "echo", backend: "echo", status: 200, keyId: "anonymous", latencyMs: 3, fallbacks: 0 });
 * console.log(metrics.render().includes('switchyard_requests_total{api="openai",model="echo",backend="echo",status="200",key="anonymous"} 1')); // true
 * ```
 */
export class Metrics {
  #requests: Family<{ value: number }>;
  #latency: Family<Histogram>;
  #ttft: Family<Histogram>;
  #errors: Family<{ value: number }>;
  #tokens: Family<{ value: number }>;
  #fallbacks: Family<{ value: number }>;
  #cache: Family<{ value: number }>;
  #cost: Family<{ value: number }>;
  #openStreams = 0;
  readonly #maxSeries: number;
  readonly #found = new Map<string, RequestSeries>();

  /**
   * Creates an empty registry.
   *
   * @param maxSeries Most label sets per metric (default 1000).
   */
  constructor(maxSeries = 1000) {
    this.#maxSeries = maxSeries;
    const counter = () => ({ value: 0 });
    this.#requests = new Family(
      ["api", "model", "backend", "status", "key"],
      maxSeries,
      counter,
    );
    this.#latency = new Family(
      ["api", "model", "backend", "key"],
      maxSeries,
      newHistogram,
    );
    this.#ttft = new Family(
      ["api", "model", "backend", "key"],
      maxSeries,
      newHistogram,
    );
    this.#errors = new Family(
      ["backend", "model", "code", "key"],
      maxSeries,
      counter,
    );
    this.#tokens = new Family(
      ["direction", "model", "backend", "key"],
      maxSeries,
      counter,
    );
    this.#fallbacks = new Family(["model", "backend"], maxSeries, counter);
    this.#cost = new Family(["key", "model", "backend"], maxSeries, counter);
    this.#cache = new Family(["result", "model", "key"], maxSeries, counter);
  }

  /**
   * Counts one chat request's use of the response cache.
   *
   * @param result `hit`, `miss` or `bypass`.
   * @param model The model after aliases.
   * @param keyId The key id.
   */
  cacheRequest(result: string, model: string, keyId: string): void {
    this.#cache.get([result, model, keyId]).value++;
  }

  /**
   * Records one finished request.
   *
   * @param record What happened.
   */
  record(record: RequestRecord): void {
    const { api, model, backend, keyId } = record;
    const s = this.#seriesOf(api, model, backend, keyId);
    const status = record.status;
    let requests = s.requests.get(status);
    if (requests === undefined) {
      requests = this.#requests.get([api, model, backend, `${status}`, keyId]);
      s.requests.set(status, requests);
    }
    requests.value++;
    s.latency ??= this.#latency.get([api, model, backend, keyId]);
    observe(s.latency, record.latencyMs / 1000);
    if (record.timeToFirstTokenMs !== undefined) {
      s.ttft ??= this.#ttft.get([api, model, backend, keyId]);
      observe(s.ttft, record.timeToFirstTokenMs / 1000);
    }
    const code = record.errorCode;
    if (code !== undefined) {
      let errors = s.errors.get(code);
      if (errors === undefined) {
        errors = this.#errors.get([backend, model, code, keyId]);
        s.errors.set(code, errors);
      }
      errors.value++;
    }
    if (record.tokensIn) {
      s.tokensIn ??= this.#tokens.get(["in", model, backend, keyId]);
      s.tokensIn.value += record.tokensIn;
    }
    if (record.tokensOut) {
      s.tokensOut ??= this.#tokens.get(["out", model, backend, keyId]);
      s.tokensOut.value += record.tokensOut;
    }
    if (record.fallbacks > 0) {
      s.fallbacks ??= this.#fallbacks.get([model, backend]);
      s.fallbacks.value += record.fallbacks;
    }
    if (record.costUsd !== undefined) {
      s.cost ??= this.#cost.get([keyId, model, backend]);
      s.cost.value += record.costUsd;
    }
  }

  /**
   * The series one request's labels reach, each found in its family once:
   * a request then joins one key, not one per family (a key string and an
   * array each, on every request). Series are never removed, so a found
   * one stays the right one; the map is bounded like a family.
   */
  #seriesOf(
    api: string,
    model: string,
    backend: string,
    keyId: string,
  ): RequestSeries {
    const key = `${api}\u0000${model}\u0000${backend}\u0000${keyId}`;
    let found = this.#found.get(key);
    if (found === undefined) {
      if (this.#found.size >= this.#maxSeries) this.#found.clear();
      found = { requests: new Map(), errors: new Map() };
      this.#found.set(key, found);
    }
    return found;
  }

  /**
   * Per key: model requests, those answered with an error status, and
   * tokens in and out (the console's table).
   *
   * @returns Usage by key id.
   */
  usageByKey(): Record<string, KeyUsage> {
    const usage: Record<string, KeyUsage> = {};
    const of = (key: string): KeyUsage =>
      Object.hasOwn(usage, key) ? usage[key] : (usage[key] = {
        requests: 0,
        errors: 0,
        tokensIn: 0,
        tokensOut: 0,
        spendUsd: null,
      });
    for (const { values, data } of this.#requests.series.values()) {
      const entry = of(values[4]);
      entry.requests += data.value;
      if (Number(values[3]) >= 400) entry.errors += data.value;
    }
    for (const { values, data } of this.#tokens.series.values()) {
      const entry = of(values[3]);
      if (values[0] === "in") entry.tokensIn += data.value;
      else entry.tokensOut += data.value;
    }
    for (const { values, data } of this.#cost.series.values()) {
      const entry = of(values[0]);
      entry.spendUsd = (entry.spendUsd ?? 0) + data.value;
    }
    return usage;
  }

  /**
   * The share of chat requests the response cache answered (hits over hits
   * and misses), or null before any lookup.
   *
   * @returns a number from 0 to 1, or null.
   */
  cacheHitRate(): number | null {
    let hits = 0;
    let lookups = 0;
    for (const { values, data } of this.#cache.series.values()) {
      if (values[0] === "hit") hits += data.value;
      if (values[0] !== "bypass") lookups += data.value;
    }
    return lookups === 0 ? null : hits / lookups;
  }

  /** Counts a stream that started sending. */
  streamOpened(): void {
    this.#openStreams++;
  }

  /** Counts a stream that ended (completed, failed or cancelled). */
  streamClosed(): void {
    this.#openStreams--;
  }

  /**
   * The metrics as Prometheus text.
   *
   * @param backends Each backend's health, breaker state and retries, read
   *   from the model router when scraped (`router.getBackendInfo()`).
   * @returns The exposition text (ends with a newline).
   */
  render(backends: readonly BackendState[] = []): string {
    const out: string[] = [];
    const counter = (
      name: string,
      help: string,
      family: Family<{ value: number }>,
    ): void => {
      out.push(`# HELP ${name} ${help}`, `# TYPE ${name} counter`);
      for (const { values, data } of family.series.values()) {
        out.push(`${name}${labelText(family.names, values)} ${data.value}`);
      }
    };
    const histogram = (
      name: string,
      help: string,
      family: Family<Histogram>,
    ): void => {
      out.push(`# HELP ${name} ${help}`, `# TYPE ${name} histogram`);
      for (const { values, data } of family.series.values()) {
        LATENCY_BUCKETS.forEach((le, i) => {
          out.push(
            `${name}_bucket${
              labelText([...family.names, "le"], [...values, String(le)])
            } ${data.counts[i]}`,
          );
        });
        out.push(
          `${name}_bucket${
            labelText([...family.names, "le"], [...values, "+Inf"])
          } ${data.count}`,
          `${name}_sum${labelText(family.names, values)} ${data.sum}`,
          `${name}_count${labelText(family.names, values)} ${data.count}`,
        );
      }
    };
    counter(
      "switchyard_requests_total",
      "Requests answered by the gateway.",
      this.#requests,
    );
    histogram(
      "switchyard_request_duration_seconds",
      "Time from request to the end of the answer.",
      this.#latency,
    );
    histogram(
      "switchyard_time_to_first_token_seconds",
      "Time from request to the first streamed content.",
      this.#ttft,
    );
    counter(
      "switchyard_errors_total",
      "Failed requests by error code.",
      this.#errors,
    );
    counter(
      "switchyard_tokens_total",
      "Tokens reported by backends (in: prompt, out: completion).",
      this.#tokens,
    );
    counter(
      "switchyard_fallbacks_total",
      "Attempts on another backend after the first choice failed.",
      this.#fallbacks,
    );
    counter(
      "switchyard_cache_requests_total",
      "Chat requests by what the response cache did: hit, miss or bypass.",
      this.#cache,
    );
    counter(
      "switchyard_cost_usd_total",
      "Spend in US dollars, priced from each answer's usage.",
      this.#cost,
    );
    out.push(
      "# HELP switchyard_retries_total Retries of a backend after a retryable failure (the router's count).",
      "# TYPE switchyard_retries_total counter",
      ...backends.map((b) =>
        `switchyard_retries_total${labelText(["backend"], [b.name])} ${
          b.stats?.retries ?? 0
        }`
      ),
      "# HELP switchyard_open_streams Streams being sent now.",
      "# TYPE switchyard_open_streams gauge",
      `switchyard_open_streams ${this.#openStreams}`,
      "# HELP switchyard_backend_up Whether the router sees the backend as healthy.",
      "# TYPE switchyard_backend_up gauge",
      ...backends.map((b) =>
        `switchyard_backend_up${labelText(["backend"], [b.name])} ${
          b.isHealthy ? 1 : 0
        }`
      ),
      "# HELP switchyard_backend_circuit_state Circuit breaker: 0 closed, 1 half-open, 2 open.",
      "# TYPE switchyard_backend_circuit_state gauge",
      ...backends.map((b) =>
        `switchyard_backend_circuit_state${labelText(["backend"], [b.name])} ${
          CIRCUIT_VALUES[b.circuitBreakerState] ?? 0
        }`
      ),
    );
    return out.join("\n") + "\n";
  }
}
