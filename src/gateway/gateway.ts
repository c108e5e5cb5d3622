/**
 * An OpenAI-compatible gateway in front of the model router:
 * `POST /v1/chat/completions` (JSON, or SSE with `stream: true`),
 * `GET /v1/models` and `GET /api/router`.
 *
 * Decisions:
 * - **Model names.** `"<backend>"` routes explicitly to that registered
 *   backend with its default model; `"<backend>/<model>"` routes to that
 *   backend with that model; any other name (e.g. `gpt-4o-mini`, or
 *   OpenRouter's `vendor/model`) is passed to the router's default backend as
 *   is. In every case the router's fallback chain applies, so a failing
 *   backend is invisible to the client. `GET /v1/models` lists one id per
 *   backend and per declared model (`"<backend>/<model>"`).
 * - **Streams** are committed late: the gateway reads the model stream until
 *   its first content, tool call or `done` chunk before sending the 200 and the
 *   SSE headers, so a request whose every backend fails still gets a real
 *   error status (429/502/…) instead of a 200 with an error event. After that
 *   a failure is one `data: {"error":…}` event. The stream is pulled by the
 *   client (backpressure); a client that disconnects aborts the model call.
 * - **Errors** are OpenAI error JSON (`{ error: { message, type, param, code } }`)
 *   with the status of `mapError` in `_openai_wire.ts`; `code` is Switchyard's
 *   `ErrorCode`.
 * - The body is capped (`maxBodyBytes`, default 4 MiB; 413 above).
 * - Nothing is authenticated: the demo listens on 127.0.0.1 only; any
 *   `Authorization` header is ignored and never forwarded.
 *
 * @module
 */
import type { BackendInfo, Router as ModelRouter } from "../src/models/mod.ts";
import {
  AdapterError,
  ErrorCode,
  type ErrorCodeValue,
} from "../src/models/errors.ts";
import type { IRStreamChunk } from "../src/models/types.ts";
import { readBounded } from "./_read_bounded.ts";
import type { Router as HttpRouter } from "../src/router/mod.ts";
import {
  ChunkEncoder,
  type CompletionContext,
  GatewayError,
  mapError,
  type ModelTarget,
  parseChatRequest,
  type ParsedChatRequest,
  toChatCompletion,
} from "./_openai_wire.ts";

/** Options of {@linkcode createGateway}. */
export interface GatewayOptions {
  /** Largest accepted request body in bytes (default 4 MiB). */
  maxBodyBytes?: number;
  /** Clock in milliseconds (for `created`); default `Date.now`. */
  now?: () => number;
}

/** The gateway's handlers, and a way to mount them on a template router. */
export interface Gateway {
  /**
   * `POST /v1/chat/completions`.
   *
   * @param request The HTTP request.
   * @returns A chat completion, an SSE stream, or an OpenAI error.
   */
  chatCompletions(request: Request): Promise<Response>;
  /**
   * `GET /v1/models`.
   *
   * @returns The model list.
   */
  models(): Response;
  /**
   * `GET /api/router`: backend info and stats.
   *
   * @returns JSON `{ backends, stats }`.
   */
  routerInfo(): Response;
  /**
   * Registers the three routes on a template router.
   *
   * @param router The template router.
   */
  register(router: HttpRouter): void;
}

const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
const SSE_HEADERS: HeadersInit = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache",
  "x-accel-buffering": "no",
};
const KNOWN_CODES: ReadonlySet<string> = new Set(Object.values(ErrorCode));
const utf8 = new TextEncoder();

/**
 * The OpenAI error response for any error.
 *
 * @param error What was thrown.
 * @returns The JSON error response with its status and `Retry-After`.
 *
 * @example Usage
 * ```ts
 * import { errorResponse } from "./_gateway.ts";
 * console.log(errorResponse(new Error("secret")).status); // 500
 * ```
 */
export function errorResponse(error: unknown): Response {
  const mapped = mapError(error);
  return Response.json(mapped.body, {
    status: mapped.status,
    headers: mapped.headers,
  });
}

async function readBody(request: Request, limit: number): Promise<unknown> {
  const bytes = await readBounded(request, limit, () =>
    new GatewayError({
      status: 413,
      type: "invalid_request_error",
      message: `The request body is larger than ${limit} bytes.`,
      code: "request_too_large",
    }));
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new GatewayError({
      status: 400,
      type: "invalid_request_error",
      message: "The request body is not valid JSON.",
      code: "invalid_json",
    });
  }
}

function streamError(
  chunk: Extract<IRStreamChunk, { type: "error" }>,
): AdapterError {
  const code = KNOWN_CODES.has(chunk.error.code)
    ? chunk.error.code as ErrorCodeValue
    : ErrorCode.UNKNOWN;
  return new AdapterError({ code, message: chunk.error.message });
}

/** What `GET /api/router` reports for one backend (the adapter object itself is left out). */
export interface BackendView {
  /** Registered name. */
  name: string;
  /** Adapter metadata. */
  metadata: BackendInfo["metadata"];
  /** Last known health. */
  isHealthy: boolean;
  /** When health was last probed. */
  lastHealthCheck?: number;
  /** Circuit breaker state. */
  circuitBreakerState: BackendInfo["circuitBreakerState"];
  /** Failures in a row. */
  consecutiveFailures: number;
  /** Request and latency statistics. */
  stats: BackendInfo["stats"];
}

/**
 * Creates the gateway over a model router.
 *
 * @param modelRouter The model router every request goes through.
 * @param options Body limit and clock.
 * @returns The gateway.
 *
 * @example Mounting on a template router
 * ```ts
 * import { createRouter as createModelRouter } from "../src/models/mod.ts";
 * import { createEchoAdapter } from "../src/models/testing.ts";
 * import { createRouter } from "../src/router/mod.ts";
 * import { createGateway } from "./_gateway.ts";
 * const models = createModelRouter({ fallbackStrategy: "sequential", defaultBackend: "echo" });
 * models.register("echo", createEchoAdapter());
 * const router = createRouter();
 * createGateway(models).register(router);
 * const response = await router(new Request("http://localhost/v1/chat/completions", {
 *   method: "POST",
 *   body: JSON.stringify({ model: "echo", messages: [{ role: "user", content: "hi" }] }),
 * }));
 * console.log(response.status, (await response.json()).object); // 200 "chat.completion"
 * models.dispose();
 * ```
 */
export function createGateway(
  modelRouter: ModelRouter,
  options: GatewayOptions = {},
): Gateway {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const now = options.now ?? Date.now;
  const startedAt = Math.floor(now() / 1000);

  function resolveModel(model: string): ModelTarget {
    if (modelRouter.has(model)) return { backend: model };
    const slash = model.indexOf("/");
    if (slash > 0 && modelRouter.has(model.slice(0, slash))) {
      return { backend: model.slice(0, slash), model: model.slice(slash + 1) };
    }
    return { model };
  }

  function context(parsed: ParsedChatRequest, id: string): CompletionContext {
    return { id, created: Math.floor(now() / 1000), model: parsed.model };
  }

  async function complete(
    parsed: ParsedChatRequest,
    id: string,
    client: AbortSignal,
  ): Promise<Response> {
    const response = await modelRouter.execute(parsed.ir, client);
    return Response.json(toChatCompletion(response, context(parsed, id)), {
      headers: { "x-request-id": id },
    });
  }

  async function stream(
    parsed: ParsedChatRequest,
    id: string,
    client: AbortSignal,
  ): Promise<Response> {
    // Aborted when the client goes away: before the 200 through the
    // request's signal, after it also because the body stream is cancelled.
    const abort = new AbortController();
    const onClientGone = (): void => abort.abort(client.reason);
    if (client.aborted) onClientGone();
    else client.addEventListener("abort", onClientGone, { once: true });
    const chunks = modelRouter.executeStream(parsed.ir, abort.signal);
    const encoder = new ChunkEncoder(context(parsed, id), parsed.includeUsage);

    // Read up to the first chunk that commits the answer, so that failures
    // before any output still get a real HTTP status.
    let head = "";
    try {
      for (;;) {
        const next = await chunks.next();
        if (next.done) throw streamError(endedEarly());
        const chunk = next.value;
        if (chunk.type === "error") throw streamError(chunk);
        head += encoder.encode(chunk);
        if (
          chunk.type === "content" || chunk.type === "tool_use" ||
          chunk.type === "done"
        ) break;
      }
    } catch (error) {
      client.removeEventListener("abort", onClientGone);
      abort.abort();
      await chunks.return(undefined).catch(() => {});
      return errorResponse(error);
    }

    let first = true;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          if (first) {
            first = false;
            controller.enqueue(utf8.encode(head));
          }
          while (!encoder.finished) {
            const next = await chunks.next();
            const text = encoder.encode(next.done ? endedEarly() : next.value);
            if (text !== "") {
              controller.enqueue(utf8.encode(text));
              return;
            }
          }
          controller.close();
          client.removeEventListener("abort", onClientGone);
          await drain(chunks);
        } catch (error) {
          client.removeEventListener("abort", onClientGone);
          // The router reports failures as error chunks; this is a bug or an abort.
          const { body } = mapError(error);
          controller.enqueue(utf8.encode(`data: ${JSON.stringify(body)}\n\n`));
          controller.close();
        }
      },
      async cancel(reason) {
        client.removeEventListener("abort", onClientGone);
        abort.abort(reason);
        await chunks.return(undefined).catch(() => {});
      },
    }, { highWaterMark: 0 });
    return new Response(body, {
      headers: { ...SSE_HEADERS, "x-request-id": id },
    });
  }

  async function chatCompletions(request: Request): Promise<Response> {
    const id = `chatcmpl-${crypto.randomUUID().replaceAll("-", "")}`;
    try {
      const parsed = parseChatRequest(
        await readBody(request, maxBodyBytes),
        resolveModel,
        id,
      );
      return parsed.stream
        ? await stream(parsed, id, request.signal)
        : await complete(parsed, id, request.signal);
    } catch (error) {
      return errorResponse(error);
    }
  }

  function models(): Response {
    const data: Array<Record<string, unknown>> = [];
    for (const info of modelRouter.getBackendInfo()) {
      const owned_by = info.metadata.provider;
      data.push({
        id: info.name,
        object: "model",
        created: startedAt,
        owned_by,
      });
      const declared = new Set(info.metadata.capabilities.models ?? []);
      if (info.metadata.defaultModel) declared.add(info.metadata.defaultModel);
      for (const model of declared) {
        data.push({
          id: `${info.name}/${model}`,
          object: "model",
          created: startedAt,
          owned_by,
        });
      }
    }
    return Response.json({ object: "list", data });
  }

  function routerInfo(): Response {
    const backends: BackendView[] = modelRouter.getBackendInfo().map((info) => {
      const view: BackendView = {
        name: info.name,
        metadata: info.metadata,
        isHealthy: info.isHealthy,
        circuitBreakerState: info.circuitBreakerState,
        consecutiveFailures: info.consecutiveFailures,
        stats: info.stats,
      };
      if (info.lastHealthCheck !== undefined) {
        view.lastHealthCheck = info.lastHealthCheck;
      }
      return view;
    });
    return Response.json({ backends, stats: modelRouter.getStats() });
  }

  return {
    chatCompletions,
    models,
    routerInfo,
    register(router: HttpRouter): void {
      router.endpoint`POST /v1/chat/completions`((request: Request) =>
        chatCompletions(request)
      );
      router.endpoint`GET /v1/models`(() => models());
      router.endpoint`GET /api/router`(() => routerInfo());
    },
  };
}

function endedEarly(): Extract<IRStreamChunk, { type: "error" }> {
  return {
    type: "error",
    sequence: Number.MAX_SAFE_INTEGER,
    error: {
      code: ErrorCode.INVALID_RESPONSE,
      message: "The backend stream ended without a done chunk.",
    },
  };
}

// Lets the router run the code after its last chunk (stats, breaker), with a
// bound in case an adapter keeps yielding after `done`.
async function drain(
  chunks: AsyncGenerator<IRStreamChunk, void, undefined>,
): Promise<void> {
  for (let i = 0; i < 16; i++) {
    if ((await chunks.next()).done) return;
  }
  await chunks.return(undefined);
}
