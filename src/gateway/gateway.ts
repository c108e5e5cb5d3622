/**
 * The LLM gateway: an OpenAI- and Anthropic-compatible HTTP API over the
 * model router, as one fetch handler.
 *
 * | route | what |
 * |---|---|
 * | `POST /v1/chat/completions` | OpenAI Chat Completions, JSON or `stream: true` SSE |
 * | `POST /v1/messages` | Anthropic Messages, JSON or `stream: true` SSE |
 * | `POST /v1/messages/count_tokens` | `{ input_tokens }`: relayed to an Anthropic backend when every one reachable is (the estimate when that count fails with a 429, a 5xx or no answer, but not for a backend out of routing for a time nobody knows, such as after a 401/403); else the gateway's prompt estimate (no backend call); an estimate carries `x-switchyard-estimate: true` |
 * | `GET /v1/models` | one entry per backend, backend model and alias (only those the key may use); Anthropic's list shape when the request sends `anthropic-version` |
 * | `GET /v1/models/{id}` | one entry of that list; Anthropic's shape with `anthropic-version`; 404 for an id not in it |
 * | `POST /v1/embeddings` | OpenAI embeddings: relayed to OpenAI-wire backends, translated for Gemini, Cohere and Ollama |
 * | `POST /v1/responses` | OpenAI Responses (JSON or typed SSE): relayed to backends that serve it, translated to chat for the others |
 * | `POST /v1/completions` | legacy completions, relayed to OpenAI-wire backends; a 400 naming any other backend |
 * | `GET /api/router` | backend info and router stats |
 * | `GET /metrics` | Prometheus text (see `metrics.ts`); not behind keys, as scrapers expect |
 * | `GET /healthz` | 200 `{"status":"ok"}` while the process answers (liveness); not behind keys, not logged |
 * | `GET /readyz` | 200 when a backend's breaker is not open and the `store` (Redis) answers within 1 s, else 503 with `reasons` (readiness); not behind keys, not logged |
 *
 * Every call through the model router names its operation (see
 * `OPERATIONS` in `./models`); the routes are one table (`_routes.ts`), each
 * endpoint one handler file sharing admission (keys, limits), the request's
 * deadline and its record (metrics, log line). Errors on any path, unknown
 * ones included, are in the caller's wire shape: Anthropic's when the
 * request sends `anthropic-version` or `x-api-key`, else OpenAI's.
 *
 * Decisions:
 * - **Model names.** An alias is replaced first. Then `"<backend>"` routes
 *   explicitly to that backend with its default model; `"<backend>/<model>"`
 *   to that backend with that model; any other name is passed to the router's
 *   default backend as is. The router's fallback chain applies in every case.
 * - **Keys.** With keys configured every route but `/metrics` needs one
 *   (`Authorization: Bearer` or `x-api-key`); request headers are never passed
 *   to a backend, so a client's key never goes upstream. A key's `backends`
 *   list goes to the router with every request (`ExecuteOptions.backends`):
 *   routing and fallback reach no other backend. A model naming a backend
 *   outside the list, or a key whose list names no registered backend, is a
 *   403 before any backend is called.
 * - **Streams** are committed late: the gateway reads the model stream until
 *   its first content, tool call or `done` chunk before sending the 200 and the
 *   SSE headers, so a stream whose every backend fails gets the status,
 *   headers (`Retry-After`) and body a non-streamed request would get. After
 *   that a failure is one error event. The stream is pulled by the client
 *   (backpressure); a client that disconnects aborts the model call.
 * - **Timeouts.** `requestTimeoutMs` bounds the time to a complete answer, or
 *   for a stream to its first output; past it the model call is aborted and
 *   the client gets a 504.
 * - **Request ids.** An incoming `x-request-id` (1–200 visible ASCII
 *   characters) is kept, else one is generated; it is echoed on every answer
 *   and logged, the last-resort 500 (handling that threw past every error
 *   path) included, whose log entry has `error_code: "INTERNAL"`.
 * - The body is capped (`maxBodyBytes`, default 4 MiB; 413 above); a body
 *   that cannot be read (broken chunked framing, a client gone mid-body) is a
 *   400 `invalid_body`, never a 500.
 * - **Bounded streams.** At most `maxStreams` (default 256) streamed answers
 *   are open at once; one more gets a 503 with `Retry-After: 1` before any
 *   backend is called. Nothing is produced ahead of the reader (the SSE body
 *   has `highWaterMark: 0`), so an open stream holds about its parsed
 *   request plus one chunk, however slow its reader.
 * - **Same wire, passthrough.** A chat request reaches a backend of its own
 *   wire (OpenAI Chat Completions and the OpenAI-compatible adapters,
 *   Anthropic Messages and the Anthropic adapter) as the client sent it,
 *   `model` aside; across wires one translation table decides what is
 *   mapped, emulated, dropped (`x-switchyard-dropped`, the log line's
 *   `dropped`) or refused (docs/gateway/wires.md). A request whose
 *   backends all speak its wire (`router.speaks()`, the key's backends
 *   else all) gets the upstream's answer bytes unchanged: JSON read once
 *   (for its usage) and sent as is, a stream handed to the server as the
 *   upstream's body, which `Deno.serve` pipes without it entering
 *   JavaScript. Routing, breaker, retries and fallback apply up to the
 *   upstream's response head (the outcome and latency are recorded there);
 *   a non-2xx answer takes the error path of every other request. What
 *   differs from the translated path: `id`, `created` and `model` are the
 *   upstream's (its real model name, as LiteLLM and Portkey return it);
 *   after the head nothing falls back and no idle timeout applies; a
 *   stream's tokens are read only where `passthroughTokens` says (default:
 *   streams of keys with a `tpm` limit; `"all"`: every one), since reading
 *   pulls each chunk through JavaScript (`_stream_tokens.ts`, the chunks
 *   unchanged). A read stream gets the upstream's usage (the usage chunk a
 *   client asked for with `stream_options.include_usage`, or usage a server
 *   puts on its last chunk) or, without one, an estimate: the prompt as at
 *   admission, completion tokens as generated characters / 4, logged with
 *   `tokens_estimated`. The gateway never asks the upstream for usage the
 *   client did not ask for: OpenAI then adds `"usage":null` to every chunk,
 *   so the client's bytes would change. An unread stream keeps the prompt
 *   estimate charged at admission and carries no tokens in `/metrics` or
 *   the log line. A stream's end (the open-stream count, the log line) is
 *   the server's delivery promise (`Deno.serve`'s `info.completed`; a client
 *   leaving mid-stream is logged `ABORTED` only when it rejects, as
 *   `serveGateway`'s and the `node:http` listener's do; Deno 2.9's
 *   resolves); under a server that gives none, the body is watched, each
 *   chunk through JavaScript, unchanged. In a fleet that also holds other
 *   wires, a backend of the client's wire is sent the client's body beside
 *   the IR, and its answer comes back as the upstream gave it
 *   (`upstreamBody`, `upstreamEvents`), on a fallback's later step and as a
 *   parallel group's winner too; other backends' answers are translated.
 *   `passthrough: false` turns it off.
 * - **A fleet.** `store` (a `RouterStore`) holds the built router's breakers
 *   and cooldowns and, through `SharedRateLimitStore`, the per-key buckets:
 *   one store, one mechanism. `now` is also the built router's clock, so a
 *   cooldown's `Retry-After` and the limits' agree.
 *
 * @module
 */
import {
  createRouter as createModelRouter,
  type Router as ModelRouter,
} from "../models/mod.ts";
import { KeyRing } from "./keys.ts";
import { RateLimiter } from "./rate_limit.ts";
import { MemoryRateLimitStore } from "./memory_rate_limit_store.ts";
import { SharedRateLimitStore } from "./shared_rate_limit_store.ts";
import { Metrics } from "./metrics.ts";
import { cacheSettings } from "./cache/_settings.ts";
import { BudgetLimiter } from "./budgets.ts";
import { MemoryBudgetStore, SharedBudgetStore } from "./budget_store.ts";
import {
  DEFAULT_MAX_STREAMS,
  type Gateway,
  type GatewayOptions,
  type RequestLogEntry,
} from "./gateway_types.ts";

export * from "./gateway_types.ts";
import { requestIdOf } from "./_request_parts.ts";
import { internalError, safeNow } from "./_internal_error.ts";
import { type GatewayContext, OpenStreams } from "./_context.ts";
import { Exchange } from "./_exchange.ts";
import type { GatewayError } from "./errors.ts";
import { authenticate } from "./_admission.ts";
import {
  errorApi,
  pathOf,
  type Route,
  routeAt,
  routeError,
} from "./_routes.ts";
import { isProbe, probe } from "./_health.ts";
import { GatewayConfigError } from "./_config_fields.ts";
import { badPrice } from "../models/adapters/_prices.ts";
import { Admin } from "./_admin.ts";
import { recordsOf, RuntimeKeys } from "./_admin_keys.ts";

const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * Creates the gateway.
 *
 * @param options Backends or a router; keys, limits, aliases, timeouts, logger.
 * @returns The fetch handler (with `router`, `metrics`, `dispose`).
 * @throws {TypeError} Unless exactly one of `router` and `backends` is given, or when a key or a price is malformed.
 * @throws {GatewayConfigError} `INVALID_CONFIG` when a backend is not a
 * `[name, adapter]` pair, such as the `{ name, provider }` entries of
 * `parseGatewayConfig`'s result: give that to `createGatewayFromConfig`.
 *
 * @example Serving with Deno
 * ```ts
 * import { createGateway } from "@switchyard/switchyard/gateway";
 * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
 * const gateway = createGateway({ backends: [["echo", createEchoAdapter()]] });
 * const response = await gateway(new Request("http://localhost/v1/chat/completions", {
 *   method: "POST",
 *   body: JSON.stringify({ model: "echo", messages: [{ role: "user", content: "hi" }] }),
 * }));
 * console.log(response.status, (await response.json()).choices[0].message.content); // 200 "hi"
 * gateway.dispose();
 * // Deno.serve({ hostname: "127.0.0.1", port: 8000 }, gateway);
 * ```
 */
export function createGateway(options: GatewayOptions): Gateway {
  if (options.router && options.backends) {
    throw new TypeError("createGateway: give `router` or `backends`, not both");
  }
  // Checked before anything is built, as the config file's prices are: a
  // NaN or negative price would leave every budget of the keys it prices
  // uncharged, silently.
  const wrongPrice = options.prices === undefined
    ? undefined
    : badPrice(options.prices);
  if (wrongPrice !== undefined) {
    throw new TypeError(
      `createGateway: prices${wrongPrice} must be ${
        wrongPrice === "" ? "an object" : "a finite number ≥ 0"
      } (US dollars per million tokens)`,
    );
  }
  const modelRouter = options.router ?? routerOf(options);
  const ownsRouter = options.router === undefined;
  const now = options.now ?? Date.now;
  const admin = adminOf(options, now);
  const keyRing = new KeyRing(options.keys ?? [], admin?.keys);
  const limiter = new RateLimiter(
    options.rateLimitStore ??
      (options.store
        ? new SharedRateLimitStore(options.store, {
          ...(options.onWarning ? { onWarning: options.onWarning } : {}),
        })
        : new MemoryRateLimitStore()),
    now,
  );
  const costing = options.cost !== false;
  if (!costing && (options.keys ?? []).some((k) => k.budget !== undefined)) {
    throw new TypeError(
      "createGateway: keys with a budget need cost accounting (cost: false given)",
    );
  }
  const budgets = new BudgetLimiter(
    options.budgetStore ??
      (options.store?.addTotals
        ? new SharedBudgetStore(options.store, {
          ...(options.onWarning ? { onWarning: options.onWarning } : {}),
        })
        : new MemoryBudgetStore()),
    now,
  );
  const metrics = new Metrics();
  const logger = options.logger;
  const ctx: GatewayContext = {
    router: modelRouter,
    keyRing,
    limiter,
    budgets,
    costing,
    prices: options.prices,
    metrics,
    streams: new OpenStreams(
      bound(options.maxStreams, DEFAULT_MAX_STREAMS, "maxStreams"),
    ),
    maxBodyBytes: bound(
      options.maxBodyBytes,
      DEFAULT_MAX_BODY_BYTES,
      "maxBodyBytes",
    ),
    now,
    aliases: options.aliases ?? {},
    timeoutMs: options.requestTimeoutMs,
    passthrough: options.passthrough !== false,
    tapAllStreams: options.passthroughTokens === "all",
    startedAt: Math.floor(now() / 1000),
    ...(options.cache ? { cache: cacheSettings(options.cache) } : {}),
    registered: (name) => modelRouter.has(name),
    logging: logger !== undefined,
    log(entry: RequestLogEntry): void {
      if (!logger) return;
      try {
        logger(entry);
      } catch {
        // A failing logger must not fail requests.
      }
    },
  };

  // Not async: a model call is its handler's promise and one reaction (the
  // budget charge), not one more async function's frame a request.
  function handle(
    request: Request,
    info: unknown,
    requestId: string,
  ): Promise<Response> {
    try {
      const started = now();
      const path = pathOf(request.url);
      if (isProbe(path)) {
        return Promise.resolve(
          probe(path, request, modelRouter, options.store),
        );
      }
      const route = admin?.routeAt(request.method, path) ?? routeAt(path);
      const ex = new Exchange(
        ctx,
        route?.api ?? errorApi(path, request.headers),
        request,
        path,
        requestId,
        started,
        route?.metered === true && route.method === request.method,
      );
      const refused = routeError(request.method, path, route);
      if (refused || route === undefined) return unrouted(ex, refused);
      if (!route.metered) return unmetered(ex, route, info, path);
      return Promise.resolve(route.handle(ex, info, path)).then((answer) => {
        // A whole answer leaves once its budget charge is stored.
        const charged = ex.settled();
        return charged ? charged.then(() => answer) : answer;
      });
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** The last-resort 500 for a request handle() failed on. */
  const lastResort = (
    request: Request,
    requestId: string,
    started: number,
  ): Response => {
    const keyId = keyRing.enabled ? "none" : "anonymous";
    const { entry, response } = internalError(
      request,
      requestId,
      keyId,
      started,
      safeNow(now),
    );
    ctx.log(entry);
    return response;
  };

  // Not async: handle()'s promise with one reaction for a failure, instead
  // of a second async function's frame on every request.
  const gateway = (request: Request, info?: unknown): Promise<Response> => {
    let requestId: string;
    let started: number;
    try {
      // Here, so the last-resort 500 echoes the id handle() used.
      requestId = requestIdOf(request.headers);
      started = safeNow(now);
    } catch (error) {
      return Promise.reject(error);
    }
    return handle(request, info, requestId).catch(() =>
      lastResort(request, requestId, started)
    );
  };
  return Object.assign(gateway, {
    fetch: gateway,
    router: modelRouter,
    metrics,
    dispose(): void {
      if (ownsRouter) modelRouter.dispose();
    },
  });
}

/** A path no route takes, or a method its route does not: 404 or 405. */
async function unrouted(
  ex: Exchange,
  refused: GatewayError | undefined,
): Promise<Response> {
  // Answered 404/405 whatever the key, but a valid key is the caller's
  // name in the log, as on every other route.
  await authenticate(ex).catch(() => {});
  return ex.fail(refused);
}

/** A route that calls no model: its answer, or its failure in its wire. */
async function unmetered(
  ex: Exchange,
  route: Route,
  info: unknown,
  path: string,
): Promise<Response> {
  let response: Response;
  try {
    response = await route.handle(ex, info, path);
  } catch (error) {
    return ex.fail(error);
  }
  ex.finish(response.status);
  return response;
}

/**
 * A bound given in code, or its default. NaN would turn the bound off (no
 * count or size compares past it) and 0, a negative or a fraction refuse
 * every request, so each is refused here as the config file refuses it.
 */
function bound(value: number | undefined, fallback: number, name: string) {
  if (value === undefined) return fallback;
  if (value === Infinity || (Number.isInteger(value) && value > 0)) {
    return value;
  }
  throw new TypeError(
    `createGateway: ${name} must be a positive integer or Infinity`,
  );
}

/** The admin API, its runtime keys in the store when it holds records. */
function adminOf(
  options: GatewayOptions,
  now: () => number,
): Admin | undefined {
  const settings = options.admin;
  if (settings === undefined) return undefined;
  const syncMs = settings.syncMs ?? 1000;
  if (!(Number.isFinite(syncMs) && syncMs >= 0)) {
    throw new TypeError("admin.syncMs must be a finite number ≥ 0");
  }
  const { records, shared } = recordsOf(options.store);
  // The backends' fleet counters are in the store only when the router
  // built here counts there.
  const fleet = options.router === undefined ? options.store : undefined;
  return new Admin(
    settings,
    new RuntimeKeys(records, now, syncMs),
    shared,
    fleet,
  );
}

/**
 * Each backend must be a `[name, adapter]` pair. A `{ name, provider, … }`
 * entry is what `parseGatewayConfig` returns: passing its result here is
 * an easy mistake (the two share every other option name), which used to
 * fail deep inside with `.for is not iterable`.
 */
function checkPairs(backends: GatewayOptions["backends"] & object): void {
  backends.forEach((entry: unknown, i) => {
    const pair = entry as [unknown, { execute?: unknown } | undefined];
    if (
      Array.isArray(pair) && typeof pair[0] === "string" &&
      typeof pair[1]?.execute === "function"
    ) return;
    const field = `backends[${i}]`;
    const configEntry = typeof entry === "object" && entry !== null &&
      typeof (entry as { provider?: unknown }).provider === "string";
    throw new GatewayConfigError(
      field,
      "",
      configEntry
        ? `createGateway: ${field} is a backend config ({ name, provider, … }) as parseGatewayConfig returns it, not a [name, adapter] pair: build the gateway with createGatewayFromConfig(config, env), which creates the adapters`
        : `createGateway: ${field} must be a [name, adapter] pair (an adapter has execute())`,
    );
  });
}

/** The router built from `backends` (sequential fallback, default models). */
function routerOf(options: GatewayOptions): ModelRouter {
  const backends = options.backends;
  if (!backends) {
    throw new TypeError("createGateway: give `router` or `backends`");
  }
  checkPairs(backends);
  const router = createModelRouter({
    fallbackStrategy: "sequential",
    ...(backends.length > 0 ? { defaultBackend: backends[0][0] } : {}),
    modelTranslation: { strategy: "default" },
    // One clock for limits, cooldowns and Retry-After.
    ...(options.now ? { now: options.now } : {}),
    ...(options.store ? { store: options.store } : {}),
    ...(options.onWarning ? { onWarning: options.onWarning } : {}),
    ...options.routerConfig,
  });
  for (const [name, adapter] of backends) router.register(name, adapter);
  if (options.fallbackChain) router.setFallbackChain(options.fallbackChain);
  return router;
}
