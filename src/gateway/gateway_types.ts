// The gateway's public shapes: its options, its log line and the handler it
// returns (createGateway in gateway.ts builds them).
import type { Router as ModelRouter, RouterConfig } from "../models/mod.ts";
import type { RouterStore } from "../models/store.ts";
import type { BackendAdapter, IRWarning } from "../models/types.ts";
import type { ApiKey } from "./keys.ts";
import type { RateLimitStore } from "./rate_limit.ts";
import type { BudgetStore } from "./budget_store.ts";
import type { ModelPrice } from "../models/adapters/_prices.ts";
import type { Metrics } from "./metrics.ts";
import type { GatewayCacheOptions } from "./cache/options.ts";

/**
 * One structured log line per request, handed to `logger`. Never holds a key
 * secret: only its `key_id`.
 *
 * @example Usage
 * ```ts
 * import type { RequestLogEntry } from "@switchyard/switchyard/gateway";
 * const entry: RequestLogEntry = { time: "2026-01-01T00:00:00.000Z", request_id: "r1", key_id: "anonymous", method: "POST", path: "/v1/chat/completions", api: "openai", model: "echo", backend: "echo", status: 200, latency_ms: 2 };
 * ```
 */
export interface RequestLogEntry {
  /** ISO time the request arrived. */
  time: string;
  /** The `x-request-id` echoed to the client. */
  request_id: string;
  /** Key id, `anonymous` without keys, `none` when authentication failed. */
  key_id: string;
  /** HTTP method. */
  method: string;
  /** URL path. */
  path: string;
  /** `openai` or `anthropic` for chat routes, else null. */
  api: string | null;
  /** The model the client asked for, when known. */
  model: string | null;
  /** The backend that answered, when one did. */
  backend: string | null;
  /** HTTP status sent. */
  status: number;
  /** Milliseconds to the end of the answer (of the stream, for streams). */
  latency_ms: number;
  /** Milliseconds to the first streamed output. */
  ttft_ms?: number;
  /** Prompt tokens reported by the backend. */
  tokens_in?: number;
  /** Completion tokens reported by the backend. */
  tokens_out?: number;
  /**
   * True when `tokens_in` and `tokens_out` are the gateway's estimate (a
   * passed-through stream whose upstream sent no usage; see "Passthrough"
   * in docs/gateway/operations.md).
   */
  tokens_estimated?: boolean;
  /**
   * True when a translated Anthropic stream's `message_start` carried the
   * gateway's prompt estimate as `input_tokens`: the backend (an OpenAI-wire
   * one) reports usage only at the end. The final counts are the backend's.
   */
  start_tokens_estimated?: boolean;
  /**
   * Error code of a failure, on every route (a refused key on `/v1/models`
   * too), also of a stream that failed after its 200.
   */
  error_code?: string;
  /**
   * Request fields the backend's wire has no place for, dropped in
   * translation (also in the `x-switchyard-dropped` response header).
   */
  dropped?: string[];
  /**
   * A provider's own message when it refused the gateway's credentials (an
   * upstream 401/403): for the operator, since the client is told only that
   * the backend is misconfigured. Key-like substrings are `[redacted]`.
   */
  upstream_error?: string;
  /**
   * What the client was told when backends failed: each backend by its id,
   * a network failure with its cause and host (`backend "primary"
   * unreachable: connection refused (127.0.0.1:8001)`), an upstream's status
   * and message; key-like substrings `[redacted]`. Also for a stream that
   * failed after its 200.
   */
  error_message?: string;
  /** Attempts on other backends after the first choice. */
  fallbacks?: number;
  /**
   * The answer's price in USD from its usage (null: the model is unpriced,
   * or the answer's tokens are unknown, e.g. a relayed stream not read).
   * Absent on requests that called no model, and on error answers that
   * reported no usage (an upstream 400: providers bill no refused request).
   */
  cost_usd?: number | null;
  /**
   * What `cost_usd` was priced from: `usage` (the backend's own count) or
   * `estimate` (the gateway's count, when the backend reported none).
   */
  cost_source?: "usage" | "estimate";
  /**
   * What the response cache did, when one is configured: `hit` (answered
   * from the cache; no backend, no tokens), `miss` or `bypass`.
   */
  cache?: "hit" | "miss" | "bypass";
  /**
   * An admin API action (`create`, `list`, `revoke`, `rotate`, `console`);
   * `key_id` is then `admin`. Never carries a secret.
   */
  admin_action?: string;
  /** The key an admin action concerned. */
  admin_key_id?: string;
}

/**
 * The admin API and console (off unless given): see docs/gateway/admin.md.
 *
 * @example Usage
 * ```ts
 * import { type AdminOptions, hashKey } from "@switchyard/switchyard/gateway";
 * const admin: AdminOptions = { sha256: await hashKey("sk-admin"), path: "/admin" };
 * ```
 */
export interface AdminOptions {
  /** Hex SHA-256 of the admin key (either letter case). */
  sha256: string;
  /** Where the admin API lives (default `/admin`). */
  path?: string;
  /** Where the console page is served (default `/console`). */
  consolePath?: string;
  /**
   * Longest time (ms) an instance uses the runtime keys it last read before
   * reading the store again (default 1000): a key created or revoked on
   * one instance is accepted or refused by every other within this plus one
   * store round trip.
   */
  syncMs?: number;
}

/**
 * Options of {@linkcode createGateway}. Give `router` (a model router you
 * built) or `backends` (the gateway builds the router, with `routerConfig`).
 *
 * @example Usage
 * ```ts
 * import type { GatewayOptions } from "@switchyard/switchyard/gateway";
 * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
 * const options: GatewayOptions = { backends: [["echo", createEchoAdapter()]], aliases: { fast: "echo" } };
 * ```
 */
export interface GatewayOptions {
  /**
   * A model router to route through (the gateway does not dispose it).
   * Streamed failures keep their upstream status as with `backends`: the
   * router's error chunk carries the failure.
   */
  router?: ModelRouter;
  /**
   * Backends, in fallback order: the gateway builds the router (default
   * backend the first, sequential fallback, unknown models replaced by a
   * backend's default).
   */
  backends?: ReadonlyArray<readonly [string, BackendAdapter]>;
  /** Overrides of the router built from `backends`. */
  routerConfig?: RouterConfig;
  /** Fallback order of the router built from `backends` (`setFallbackChain`). */
  fallbackChain?: readonly string[];
  /** Client keys; none: no authentication (listen on loopback only). */
  keys?: readonly ApiKey[];
  /**
   * The admin API (keys created, listed, revoked and rotated at run time,
   * kept in `store` when it holds records) and the console page; off when
   * absent. With it, every model route needs a key.
   */
  admin?: AdminOptions;
  /**
   * Shared state for a fleet of gateways (`createRedisStore` from
   * `@switchyard/switchyard/models/redis`, or any {@linkcode RouterStore}):
   * the router built from `backends` keeps its breakers and cooldowns there,
   * and per-key rate limits count there (a `SharedRateLimitStore`),
   * so a key's limit holds across instances. Default: this process only.
   */
  store?: RouterStore;
  /** Where rate-limit buckets live; default `store`'s, else in memory. */
  rateLimitStore?: RateLimitStore;
  /**
   * Receives warnings: the router's (`store-unavailable`, …, unless
   * `routerConfig.onWarning` is set) and the shared rate limits'
   * (`rate-limit-store-unavailable`, `rate-limit-store-recovered`).
   */
  onWarning?: (warning: IRWarning) => void;
  /** Model aliases: client name → model name (`"<backend>/<model>"`, …). */
  aliases?: Readonly<Record<string, string>>;
  /** Longest wait for an answer (a stream's first output), in ms. */
  requestTimeoutMs?: number;
  /**
   * Largest accepted request body in bytes (default 4 MiB): a positive
   * integer or Infinity, else createGateway throws a TypeError.
   */
  maxBodyBytes?: number;
  /**
   * Most streamed answers open at once (default 256); one more gets a 503
   * with `Retry-After: 1`, before any backend is called. A positive integer
   * or Infinity, else createGateway throws a TypeError.
   */
  maxStreams?: number;
  /** Clock in milliseconds; default `Date.now`. */
  now?: () => number;
  /** Receives one entry per request; default none. */
  logger?: (entry: RequestLogEntry) => void;
  /**
   * Same wire lossless (default true): a chat client's body goes as is
   * (`model` aside) to a backend of its wire, and the upstream's answer is
   * relayed byte for byte when every backend the call may reach speaks
   * that wire (see the module docs for what differs). `false` translates
   * every call.
   */
  passthrough?: boolean;
  /**
   * Which passed-through streams have their tokens read: `"tpm"` (default)
   * those of keys with a `tpm` limit, `"all"` every one. Reading pulls each
   * chunk through JavaScript (about 4× a bare relay's CPU per chunk instead
   * of 1.4–1.6×); an unread stream carries no tokens in `/metrics` or the
   * log. Without the upstream's usage the tokens are an estimate (the log
   * line's `tokens_estimated`).
   */
  passthroughTokens?: "tpm" | "all";
  /** The response cache (off when absent); see {@linkcode GatewayCacheOptions}. */
  cache?: GatewayCacheOptions;
  /**
   * USD per million tokens by model name (or name prefix), over the
   * built-in table (`PRICES`): prices custom models, or corrects a price.
   * A price that is not a finite number ≥ 0 throws a `TypeError`.
   */
  prices?: Readonly<Record<string, ModelPrice>>;
  /**
   * `false` turns off pricing answers (no `cost_usd`, no
   * `x-switchyard-cost-usd`, no cost metric); keys with a `budget` are then
   * refused at creation. Default true.
   */
  cost?: boolean;
  /** Where key budgets' spend lives; default `store`'s, else in memory. */
  budgetStore?: BudgetStore;
}

/**
 * The gateway: a fetch handler with its router and metrics.
 *
 * @example Usage
 * ```ts
 * import type { Gateway } from "@switchyard/switchyard/gateway";
 * function serve(gateway: Gateway) {
 *   return { fetch: gateway };
 * }
 * ```
 */
export interface Gateway {
  /**
   * Answers one request.
   *
   * @param request The HTTP request.
   * @param info Server info: `Deno.serve`'s `completed` lets streams pass through (see `passthrough`).
   * @returns The response.
   */
  (request: Request, info?: unknown): Promise<Response>;
  /** The same handler, for `export default gateway` with `deno serve`. */
  readonly fetch: (request: Request, info?: unknown) => Promise<Response>;
  /** The model router requests go through. */
  readonly router: ModelRouter;
  /** The metrics `GET /metrics` renders. */
  readonly metrics: Metrics;
  /** Disposes the model router when the gateway built it. */
  dispose(): void;
}

/**
 * Default of {@linkcode GatewayOptions.maxStreams}: streamed answers open at
 * once before a 503.
 *
 * @example Usage
 * ```ts
 * import { DEFAULT_MAX_STREAMS } from "@switchyard/switchyard/gateway";
 * console.log(DEFAULT_MAX_STREAMS); // 256
 * ```
 */
export const DEFAULT_MAX_STREAMS = 256;
