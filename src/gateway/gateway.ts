/**
 * The LLM gateway: an OpenAI- and Anthropic-compatible HTTP API over the
 * model router, as one fetch handler.
 *
 * | route | what |
 * |---|---|
 * | `POST /v1/chat/completions` | OpenAI Chat Completions, JSON or `stream: true` SSE |
 * | `POST /v1/messages` | Anthropic Messages, JSON or `stream: true` SSE |
 * | `POST /v1/messages/count_tokens` | `{ input_tokens }`: the gateway's prompt estimate (no backend call) |
 * | `GET /v1/models` | one entry per backend, backend model and alias (only those the key may use); Anthropic's list shape when the request sends `anthropic-version` |
 * | `GET /api/router` | backend info and router stats |
 * | `GET /metrics` | Prometheus text (see `metrics.ts`); not behind keys, as scrapers expect |
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
 * - **Passthrough.** An OpenAI Chat Completions request whose backends all
 *   speak OpenAI's wire format (`router.canRelay()`: the OpenAI-compatible
 *   adapters) gets the upstream's answer bytes unchanged: JSON read once
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
 *   the log line. Streams take this path only when the server says when a
 *   response is delivered (`Deno.serve`'s `info.completed`), which ends the
 *   open-stream count and writes the log line (a client leaving mid-stream
 *   is logged `ABORTED` only when `completed` rejects, as `serveGateway`'s
 *   does; Deno 2.9's resolves). `passthrough: false` turns it off.
 * - **A fleet.** `store` (a `RouterStore`) holds the built router's breakers
 *   and cooldowns and, through `SharedRateLimitStore`, the per-key buckets:
 *   one store, one mechanism. `now` is also the built router's clock, so a
 *   cooldown's `Retry-After` and the limits' agree.
 *
 * @module
 */
import {
  createRouter as createModelRouter,
  type ExecuteOptions,
  type RelayResult,
  type Router as ModelRouter,
} from "../models/mod.ts";
import { type AdapterError, ErrorCode } from "../models/errors.ts";
import type { IRStreamChunk } from "../models/types.ts";
import { readJson } from "./_read_bounded.ts";
import { readHead, sseBody } from "./_sse.ts";
import { StreamErrorTap } from "./_error_tap.ts";
import {
  ANTHROPIC_API,
  OPENAI_API,
  type ParsedRequest,
  type WireApi,
} from "./_apis.ts";
import { GatewayError, resolveError } from "./errors.ts";
import { type ApiKey, checkModelAllowed, KeyRing } from "./keys.ts";
import { type ModelTarget, resolveAlias, targetOf } from "./_wire_util.ts";
import { type Admission, RateLimiter } from "./rate_limit.ts";
import { MemoryRateLimitStore } from "./memory_rate_limit_store.ts";
import { SharedRateLimitStore } from "./shared_rate_limit_store.ts";
import { Metrics } from "./metrics.ts";
import { listing, routerInfo } from "./_info.ts";
import {
  DEFAULT_MAX_STREAMS,
  type Gateway,
  type GatewayOptions,
  type RequestLogEntry,
} from "./gateway_types.ts";

export * from "./gateway_types.ts";
import {
  noteFailure,
  noteRouting,
  type Outcome,
  requestIdOf,
  timeoutError,
} from "./_request_parts.ts";
import {
  completionOf,
  readRelayedJson,
  relayRequestOf,
  streamBodyOf,
} from "./_passthrough.ts";
import { StreamTokenTap } from "./_stream_tokens.ts";
import { internalError, safeNow } from "./_internal_error.ts";
import { bytesResponse, jsonResponse } from "./_json_response.ts";
import {
  CHAT_PATH,
  COUNT_PATH,
  errorApi,
  MESSAGES_PATH,
  pathOf,
  routeError,
} from "./_routes.ts";
import * as count from "./_count_tokens.ts";

const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
const SSE_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache",
  "x-accel-buffering": "no",
};
const MAX_LABEL_CHARS = 200;
/**
 * Creates the gateway.
 *
 * @param options Backends or a router; keys, limits, aliases, timeouts, logger.
 * @returns The fetch handler (with `router`, `metrics`, `dispose`).
 * @throws {TypeError} Unless exactly one of `router` and `backends` is given, or when a key is malformed.
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
  const tap = options.backends ? new StreamErrorTap() : undefined;
  let modelRouter: ModelRouter;
  if (options.router) modelRouter = options.router;
  else if (options.backends && tap) {
    const backends = options.backends;
    modelRouter = createModelRouter({
      fallbackStrategy: "sequential",
      ...(backends.length > 0 ? { defaultBackend: backends[0][0] } : {}),
      modelTranslation: { strategy: "default" },
      // One clock for limits, cooldowns and Retry-After.
      ...(options.now ? { now: options.now } : {}),
      ...(options.store ? { store: options.store } : {}),
      ...(options.onWarning ? { onWarning: options.onWarning } : {}),
      ...options.routerConfig,
    });
    for (const [name, adapter] of backends) {
      modelRouter.register(name, tap.wrap(name, adapter));
    }
    if (options.fallbackChain) {
      modelRouter.setFallbackChain(options.fallbackChain);
    }
  } else {
    throw new TypeError("createGateway: give `router` or `backends`");
  }
  const ownsRouter = options.router === undefined;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxStreams = options.maxStreams ?? DEFAULT_MAX_STREAMS;
  let openStreams = 0; // accepted streams, from routing to their end
  const now = options.now ?? Date.now;
  const aliases = options.aliases ?? {};
  const timeoutMs = options.requestTimeoutMs;
  const passthrough = options.passthrough !== false;
  const tapAllStreams = options.passthroughTokens === "all";
  const keyRing = new KeyRing(options.keys ?? []);
  const limiter = new RateLimiter(
    options.rateLimitStore ??
      (options.store
        ? new SharedRateLimitStore(options.store, {
          ...(options.onWarning ? { onWarning: options.onWarning } : {}),
        })
        : new MemoryRateLimitStore()),
    now,
  );
  const metrics = new Metrics();
  const startedAt = Math.floor(now() / 1000);

  const registered = (name: string): boolean => modelRouter.has(name);
  const counting = { maxBodyBytes, aliases, registered };

  function log(entry: RequestLogEntry): void {
    if (!options.logger) return;
    try {
      options.logger(entry);
    } catch {
      // A failing logger must not fail requests.
    }
  }

  /** The registered backend whose adapter raised `error`, when the tap saw it. */
  const backendOf = (error: AdapterError): string | undefined =>
    tap?.backendOf(error);

  async function authenticate(request: Request): Promise<ApiKey | undefined> {
    return keyRing.enabled
      ? await keyRing.authenticate(request.headers)
      : undefined;
  }

  function errorResponse(
    api: WireApi,
    error: unknown,
    headers: Record<string, string>,
    failures: readonly AdapterError[] = [],
  ): Response {
    const resolved = resolveError(error, failures, backendOf);
    return jsonResponse(api.errorBody(resolved), {
      status: resolved.status,
      headers: { ...headers, ...resolved.headers },
    });
  }

  async function chat(
    api: WireApi,
    request: Request,
    requestId: string,
    started: number,
    info: unknown,
  ): Promise<Response> {
    const id = `${api.idPrefix}${crypto.randomUUID().replaceAll("-", "")}`;
    const headers: Record<string, string> = { "x-request-id": requestId };
    const outcome: Outcome = { fallbacks: 0 };
    let key: ApiKey | undefined;
    let parsed: ParsedRequest | undefined;
    let model: string | undefined;
    let label: string | undefined; // the metrics' `model`: after aliases
    let target: ModelTarget = {};
    let admission: Admission | undefined;
    // The key's backends, for the router: routing and fallback keep to them.
    let scope: ExecuteOptions | undefined;
    const finish = (status: number): void => {
      const usage = outcome.usage;
      const keyId = key?.id ?? (keyRing.enabled ? "none" : "anonymous");
      const latencyMs = now() - started;
      const ttft = outcome.firstOutputAt === undefined
        ? undefined
        : outcome.firstOutputAt - started;
      if (key && admission && usage) {
        limiter.charge(key, admission, usage.totalTokens).catch(() => {});
      }
      metrics.record({
        api: api.name,
        model: label ?? "none",
        backend: outcome.backend ?? "none",
        status,
        keyId,
        latencyMs,
        ...(ttft === undefined ? {} : { timeToFirstTokenMs: ttft }),
        ...(usage
          ? { tokensIn: usage.promptTokens, tokensOut: usage.completionTokens }
          : {}),
        ...(outcome.errorCode ? { errorCode: outcome.errorCode } : {}),
        fallbacks: outcome.fallbacks,
      });
      if (!options.logger) return;
      const entry: RequestLogEntry = {
        time: new Date(started).toISOString(),
        request_id: requestId,
        key_id: keyId,
        method: request.method,
        path: pathOf(request.url),
        api: api.name,
        model: model ?? null,
        backend: outcome.backend ?? null,
        status,
        latency_ms: latencyMs,
        fallbacks: outcome.fallbacks,
      };
      if (ttft !== undefined) entry.ttft_ms = ttft;
      if (usage) {
        entry.tokens_in = usage.promptTokens;
        entry.tokens_out = usage.completionTokens;
        if (outcome.tokensEstimated) entry.tokens_estimated = true;
      }
      if (outcome.errorCode) entry.error_code = outcome.errorCode;
      if (outcome.upstreamError) entry.upstream_error = outcome.upstreamError;
      log(entry);
    };
    const fail = (
      error: unknown,
      failures: readonly AdapterError[] = [],
    ): Response => {
      const response = errorResponse(api, error, headers, failures);
      noteFailure(outcome, error, failures, backendOf, target.backend);
      finish(response.status);
      return response;
    };

    try {
      key = await authenticate(request);
      const body = await readJson(request, maxBodyBytes);
      // Named in logs and metrics even when the rest of the body is refused;
      // cut short there, since a client could send megabytes of model name.
      const named = (body as { model?: unknown } | null)?.model;
      if (typeof named === "string") {
        model = named.slice(0, MAX_LABEL_CHARS);
        label = resolveAlias(aliases, named).slice(0, MAX_LABEL_CHARS);
      }
      parsed = api.parse(body, (model) => {
        target = targetOf(resolveAlias(aliases, model), registered);
        return target;
      }, id);
      if (parsed.stream && openStreams >= maxStreams) {
        throw new GatewayError({
          status: 503,
          type: "server_error",
          message: `Too many open streams (${maxStreams}); retry shortly.`,
          code: "too_many_streams",
          headers: { "retry-after": "1" },
        });
      }
      if (key) {
        checkModelAllowed(key, parsed.model, target.backend, registered);
        if (key.backends !== undefined) scope = { backends: key.backends };
        if (key.rpm !== undefined || key.tpm !== undefined) {
          admission = await limiter.admit(key, parsed.promptTokens, api.name);
          Object.assign(headers, admission.headers);
        }
      }
    } catch (error) {
      if (error instanceof GatewayError) Object.assign(headers, error.headers);
      return fail(error);
    }

    // One signal for the model call: the client leaving, or the timeout.
    // A non-streamed request without a timeout has nothing to add to the
    // client's signal, so it passes that on: one controller, one listener
    // and a signal hop less on the path every plain request takes.
    const client = request.signal;
    const abort = parsed.stream || timeoutMs !== undefined
      ? new AbortController()
      : undefined;
    const signal = abort?.signal ?? client;
    const onClientGone = (): void => abort?.abort(client.reason);
    if (abort !== undefined) {
      if (client.aborted) onClientGone();
      else client.addEventListener("abort", onClientGone, { once: true });
    }
    let timedOut = false;
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => {
      timedOut = true;
      abort?.abort();
    }, timeoutMs);
    const release = (): void => {
      if (abort === undefined) return;
      clearTimeout(timer);
      client.removeEventListener("abort", onClientGone);
    };
    const completed = api === OPENAI_API && passthrough
      ? (parsed.stream ? completionOf(info) : undefined)
      : undefined;
    if (
      api === OPENAI_API && passthrough && (!parsed.stream || completed) &&
      modelRouter.canRelay()
    ) {
      if (parsed.stream) openStreams++;
      let relayed: RelayResult;
      let body: ReadableStream<Uint8Array> | null = null;
      try {
        relayed = await modelRouter.relayResponse(
          relayRequestOf(parsed),
          signal,
          scope,
        );
        // Cancelled, not handed on, when the client left or time ran out.
        if (parsed.stream) {
          const { response, routing } = relayed;
          body = streamBodyOf(response, signal, routing.backend);
        }
      } catch (error) {
        release();
        if (parsed.stream) openStreams--;
        return fail(timedOut ? timeoutError(timeoutMs!) : error);
      }
      noteRouting(outcome, relayed.routing);
      const upstream = relayed.response;
      if (!parsed.stream) {
        let bytes: Uint8Array<ArrayBuffer>;
        try {
          const read = await readRelayedJson(
            upstream,
            signal,
            outcome.backend,
          );
          bytes = read.bytes;
          outcome.usage = read.usage;
        } catch (error) {
          return fail(timedOut ? timeoutError(timeoutMs!) : error);
        } finally {
          release();
        }
        finish(200);
        return bytesResponse(bytes, { headers });
      }
      clearTimeout(timer);
      outcome.firstOutputAt = now();
      metrics.streamOpened();
      const promptTokens = parsed.promptTokens;
      const tokens = body !== null &&
          (tapAllStreams || key?.tpm !== undefined)
        ? new StreamTokenTap(body)
        : undefined;
      completed!.catch(() => {
        outcome.errorCode ??= ErrorCode.ABORTED;
      }).finally(() => {
        if (tokens) {
          const read = tokens.tokens(promptTokens);
          outcome.usage = read.usage;
          outcome.tokensEstimated = read.estimated;
          outcome.errorCode = tokens.errorCode ?? outcome.errorCode;
        }
        release();
        openStreams--;
        metrics.streamClosed();
        finish(200);
      });
      return new Response(tokens?.body ?? body, {
        headers: { ...SSE_HEADERS, ...headers },
      });
    }
    const created = Math.floor(now() / 1000);
    const irId = parsed.ir.metadata?.requestId ?? id;

    if (!parsed.stream) {
      try {
        const response = await modelRouter.execute(
          parsed.ir,
          signal,
          scope,
        );
        outcome.usage = response.usage;
        noteRouting(outcome, response.metadata.routing);
        finish(200);
        return jsonResponse(api.json(response, parsed, id, created), {
          headers,
        });
      } catch (error) {
        return fail(timedOut ? timeoutError(timeoutMs!) : error);
      } finally {
        release();
      }
    }

    openStreams++;
    let streamDone = false;
    const streamEnded = (): void => {
      if (!streamDone) openStreams--;
      streamDone = true;
    };
    tap?.watch(irId);
    const chunks = modelRouter.executeStream(parsed.ir, signal, scope);
    const encoder = api.encoder(parsed, id, created);
    const observe = (chunk: IRStreamChunk): void => {
      // The router's start names the backend it committed to: known here
      // even when the client leaves before `done`.
      if (chunk.type === "start") noteRouting(outcome, chunk.metadata.routing);
      if (chunk.type === "metadata" && chunk.usage) outcome.usage = chunk.usage;
      if (chunk.type === "done") {
        if (chunk.usage) outcome.usage = chunk.usage;
        noteRouting(outcome, chunk.metadata?.routing);
      }
      if (chunk.type === "error") outcome.errorCode = chunk.error.code;
    };

    // Commit late: a failure before the first output gets the status a
    // non-streamed request would get.
    let head: string;
    try {
      head = await readHead(chunks, encoder, observe);
    } catch (error) {
      release();
      streamEnded();
      abort?.abort();
      await chunks.return(undefined).catch(() => {});
      const failures = tap?.take(irId) ?? [];
      return fail(timedOut ? timeoutError(timeoutMs!) : error, failures);
    }
    tap?.take(irId);
    clearTimeout(timer);
    outcome.firstOutputAt = now();
    metrics.streamOpened();
    const body = sseBody(head, chunks, encoder, {
      observe,
      failed(code) {
        outcome.errorCode = code;
      },
      cancelled(reason) {
        outcome.errorCode ??= ErrorCode.ABORTED;
        abort?.abort(reason);
      },
      closed() {
        release();
        streamEnded();
        metrics.streamClosed();
        finish(200);
      },
    });
    return new Response(body, { headers: { ...SSE_HEADERS, ...headers } });
  }

  async function handle(
    request: Request,
    info: unknown,
    requestId: string,
  ): Promise<Response> {
    const started = now();
    const path = pathOf(request.url);
    if (path === CHAT_PATH && request.method === "POST") {
      return await chat(OPENAI_API, request, requestId, started, info);
    }
    if (path === MESSAGES_PATH && request.method === "POST") {
      return await chat(ANTHROPIC_API, request, requestId, started, info);
    }
    const headers: Record<string, string> = { "x-request-id": requestId };
    let response: Response;
    let key: ApiKey | undefined;
    try {
      const refused = routeError(request.method, path);
      if (refused) {
        // Answered 404/405 whatever the key, but a valid key is the
        // caller's name in the log, as on every other route.
        key = await authenticate(request).catch(() => undefined);
        throw refused;
      }
      if (path === "/metrics") {
        response = new Response(metrics.render(modelRouter.getBackendInfo()), {
          headers: {
            ...headers,
            "content-type": "text/plain; version=0.0.4; charset=utf-8",
          },
        });
      } else {
        key = await authenticate(request);
        response = jsonResponse(
          path === "/v1/models"
            ? listing(modelRouter, aliases, key, startedAt, request.headers)
            : path === COUNT_PATH
            ? await count.tokens(request, key, counting)
            : routerInfo(modelRouter),
          { headers },
        );
      }
    } catch (error) {
      response = errorResponse(errorApi(path, request.headers), error, {
        ...headers,
        ...(error instanceof GatewayError ? error.headers : {}),
      });
    }
    log({
      time: new Date(started).toISOString(),
      request_id: requestId,
      key_id: key?.id ?? (keyRing.enabled ? "none" : "anonymous"),
      method: request.method,
      path,
      api: null,
      model: null,
      backend: null,
      status: response.status,
      latency_ms: now() - started,
    });
    return response;
  }

  const gateway = async (request: Request, info?: unknown) => {
    // Here, so the last-resort 500 echoes the id handle() used.
    const requestId = requestIdOf(request.headers);
    const started = safeNow(now);
    try {
      return await handle(request, info, requestId);
    } catch {
      const keyId = keyRing.enabled ? "none" : "anonymous";
      const { entry, response } = internalError(
        request,
        requestId,
        keyId,
        started,
        safeNow(now),
      );
      log(entry);
      return response;
    }
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
