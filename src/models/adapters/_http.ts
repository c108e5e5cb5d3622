/**
 * HTTP plumbing shared by the provider adapters: fetch with an injectable
 * implementation, one signal combining the caller's abort and a timeout,
 * transport failures and HTTP errors as AdapterErrors (the rules are in
 * `_errors.ts`), the per-request sign hook, bounded body reading, and the
 * generic stream loop that numbers chunks and turns late failures into
 * `error` chunks.
 *
 * `retryAfter` comes from `retry-after-ms`, or `Retry-After` as
 * delta-seconds or an HTTP-date (which must start with its day name); other
 * values give none, and the delay is capped at 2^31 − 1 ms (~24.8 days), the
 * most setTimeout can wait. The adapter `timeout` is a number ≥ 0 (0 or
 * Infinity: none); NaN or a negative value is `INVALID_REQUEST` at
 * construction.
 *
 * A transport failure is `NETWORK_ERROR` with `details.cause` (`dns`,
 * `refused`, `reset`, `tls`, `unreachable`, `other`; see
 * `_network_cause.ts`) and `details.host` (`host:port` of the API root), and
 * a message naming both: `openai: connection refused (127.0.0.1:8001)`. A
 * timeout, the adapter's own or one the runtime reports (undici's connect
 * or headers timeout, an OS connect timeout), is `TIMEOUT` with
 * `details.cause` `timeout`: `openai: no response within 100 ms (…)`, or
 * `openai: runtime timeout (…): Connect Timeout Error`.
 *
 * @module
 */

import {
  AdapterError,
  type AdapterErrorOptions,
  ErrorCode,
} from "../errors.ts";
import type { IRChatStream, IRStreamChunk } from "../types.ts";
import {
  cancelBody,
  hasSmallIdentityBody,
  isResponseLike,
  readText,
} from "./_body.ts";
import type { ModelPrice } from "./_prices.ts";
import type {
  RefineError,
  SignRequest,
  StreamParser,
  StreamTranslator,
} from "./provider.ts";
import { ignore } from "../_util.ts";
import { CallScope } from "./_call_scope.ts";
export { CallScope };
import { failureOf } from "../_stream_failure.ts";
import {
  codeForStatus,
  invalidRequest,
  invalidResponse,
  parseRetryAfter,
  providerMessage,
} from "./_errors.ts";
import {
  CAUSE_TEXT,
  hostOf,
  networkCause,
  networkDetail,
} from "./_network_cause.ts";

export {
  codeForStatus,
  invalidRequest,
  invalidResponse,
  isRecord,
  parseRetryAfter,
  parseToolArguments,
  providerMessage,
} from "./_errors.ts";

export type { StreamTranslator, UnsequencedChunk } from "./provider.ts";

/** Secrets shorter than this are not redacted (see `HttpClient.redact`). */
const MIN_SECRET_LENGTH = 8;

/**
 * The `fetch` signature adapters call; pass your own to test or to proxy.
 *
 * @example A fake fetch
 * ```ts
 * import type { FetchFunction } from "@switchyard/switchyard/models/openai";
 * const fake: FetchFunction = () => Promise.resolve(Response.json({ data: [] }));
 * console.log(typeof fake); // "function"
 * ```
 */
export type FetchFunction = (
  input: string | URL | Request,
  init?: RequestInit,
) => Promise<Response>;

/**
 * Configuration every HTTP adapter accepts.
 *
 * @example Usage
 * ```ts
 * import type { HttpAdapterConfig } from "@switchyard/switchyard/models/openai";
 * const config: HttpAdapterConfig = { apiKey: "sk-test", timeout: 30_000 };
 * console.log(config.timeout); // 30000
 * ```
 */
export interface HttpAdapterConfig {
  /** Credential; sent the way the provider expects, never put in error messages. */
  apiKey?: string;
  /** API root; each adapter documents its default. A trailing slash is ignored. */
  baseURL?: string;
  /** Extra headers on every request; they override the adapter's own. */
  headers?: Record<string, string>;
  /** Model used when a request names none; `""` throws `INVALID_REQUEST` at construction. */
  defaultModel?: string;
  /**
   * Milliseconds. For `execute` and `healthCheck` it bounds the whole call; for
   * `executeStream` it bounds the wait for the response and then each silence
   * between network chunks, so long streams that keep talking never time out.
   * Default 600000 (10 minutes, as the official SDKs); 0 or Infinity disables
   * it; NaN or a negative value throws `INVALID_REQUEST` at construction. A
   * timeout of 10 s or more is checked by one shared watchdog once a second
   * instead of a timer per call, so it fires up to a second late; a shorter
   * one is exact.
   */
  timeout?: number;
  /** The fetch implementation (default: the global `fetch`). */
  fetch?: FetchFunction;
  /** Clock in milliseconds since the epoch, used for Retry-After dates. */
  now?: () => number;
  /** Adapter name in `metadata.name` (default: the provider's); `""` throws `INVALID_REQUEST` at construction. */
  name?: string;
  /** Price overrides by model name, USD per million tokens; a price that is not a finite number ≥ 0 throws `INVALID_REQUEST` at construction. */
  prices?: Record<string, ModelPrice>;
}

/** Default `timeout`: 10 minutes, as the OpenAI and Anthropic SDKs. */
export const DEFAULT_TIMEOUT_MS = 600_000;

/** Largest non-streamed response body read: 32 MiB. */
const MAX_BODY_BYTES = 32 * 1024 * 1024;
/** Largest error body read for its message: 64 KiB. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** Options of an {@linkcode HttpClient}. */
export interface HttpClientOptions {
  /** Provider id put on every error. */
  provider: string;
  /** API root without trailing slash. */
  baseURL: string;
  /** Headers on every request (auth included). */
  headers: Headers;
  /** Timeout in milliseconds; 0 disables. */
  timeout: number;
  /** Fetch implementation. */
  fetch: FetchFunction;
  /** Clock. */
  now: () => number;
  /** Strings that must never appear in an error message. */
  secrets: readonly string[];
  /** Provider-specific adjustment of an HTTP error (e.g. Gemini's invalid key is a 400). */
  refineError?: RefineError;
  /** Per-request headers, computed from the final request (signing). */
  sign?: SignRequest;
}

/** Joins a base URL and a path with exactly one slash. */
export function joinURL(baseURL: string, path: string): string {
  return baseURL.replace(/\/+$/, "") +
    (path.startsWith("/") ? path : `/${path}`);
}

/** Issues requests for one adapter and maps every failure to an AdapterError. */

export class HttpClient {
  readonly #options: HttpClientOptions;
  // The headers of every unsigned request, as plain records built once:
  // fetch converts a record faster than a Headers object.
  readonly #getHeaders: Record<string, string>;
  readonly #postHeaders: Record<string, string>;
  /** `host:port` of the API root, for transport failures. */
  readonly #where: string;
  /** The API root without its trailing slashes, trimmed once. */
  readonly #base: string;

  constructor(options: HttpClientOptions) {
    this.#options = options;
    this.#where = hostOf(options.baseURL);
    this.#base = joinURL(options.baseURL, "/").slice(0, -1);
    this.#getHeaders = Object.fromEntries(options.headers);
    // Configured headers override the adapter's own (AdapterConfig.headers),
    // content-type included: `options.headers` holds them lowercased.
    this.#postHeaders = {
      "content-type": "application/json",
      ...this.#getHeaders,
    };
  }

  /** Provider id. */
  get provider(): string {
    return this.#options.provider;
  }

  /**
   * Replaces every secret in `text` with `[redacted]`. Values shorter than
   * MIN_SECRET_LENGTH are placeholders such as Ollama's conventional
   * "ollama", not credentials; redacting them would mangle ordinary words in
   * error messages.
   */
  redact(text: string): string {
    let out = text;
    for (const secret of this.#options.secrets) {
      if (secret.length >= MIN_SECRET_LENGTH) {
        out = out.split(secret).join("[redacted]");
      }
    }
    return out;
  }

  /** Sends a request; resolves with a 2xx response or throws the mapped error. */
  async #open(
    method: "GET" | "POST",
    path: string,
    body: unknown,
    scope: CallScope,
    callerSignal: AbortSignal | undefined,
    extra?: Readonly<Record<string, string>>,
  ): Promise<Response> {
    // A copy, so a fetch function that edits its init changes no later call.
    let headers: Headers | Record<string, string> = body === undefined
      ? { ...this.#getHeaders }
      : { ...this.#postHeaders, ...extra };
    // As joinURL, without trimming the root again on every call.
    const url = this.#base + (path.startsWith("/") ? path : `/${path}`);
    const text = body === undefined ? undefined : JSON.stringify(body);
    if (this.#options.sign !== undefined) {
      headers = new Headers(headers);
      await this.#sign(method, url, headers, text, scope, callerSignal);
    }
    let response: Response;
    let pending: Promise<Response> | undefined;
    try {
      pending = this.#options.fetch(
        url,
        { method, headers, body: text, signal: scope.signal },
      );
      response = await scope.race(pending);
    } catch (error) {
      // A head that comes after the abort or timeout (a fetch deaf to the
      // signal) is nobody's: its connection goes now, not at GC.
      Promise.resolve(pending).then(cancelBody, ignore);
      throw this.toAdapterError(error, scope, callerSignal);
    }
    if (!isResponseLike(response)) {
      throw invalidResponse(
        this.provider,
        `fetch resolved to ${typeof response}, not a Response`,
      );
    }
    if (!response.ok) {
      throw await this.#errorFromResponse(response, scope, callerSignal);
    }
    return response;
  }

  /** Adds the sign hook's headers; bounded by the call's timeout and abort. */
  async #sign(
    method: string,
    url: string,
    headers: Headers,
    body: string | undefined,
    scope: CallScope,
    callerSignal: AbortSignal | undefined,
  ): Promise<void> {
    let extra: Record<string, string> | undefined;
    try {
      extra = await scope.race(
        this.#options.sign!({
          method,
          url,
          headers: new Headers(headers),
          body,
        }),
      );
    } catch (error) {
      if (error instanceof AdapterError || scope.signal.aborted) {
        throw this.toAdapterError(error, scope, callerSignal);
      }
      const detail = error instanceof Error ? error.message : String(error);
      throw new AdapterError({
        code: ErrorCode.AUTHENTICATION_FAILED,
        message: this.redact(`${this.provider}: signing failed: ${detail}`),
        provider: this.provider,
        cause: error,
      });
    }
    for (const [name, value] of Object.entries(extra ?? {})) {
      headers.set(name, value);
    }
  }

  async #errorFromResponse(
    response: Response,
    scope: CallScope,
    callerSignal: AbortSignal | undefined,
  ): Promise<AdapterError> {
    let text = "";
    try {
      text = response.body === null ? "" : await readText(
        this.provider,
        response.body,
        MAX_ERROR_BODY_BYTES,
        true,
        scope.signal,
      );
    } catch (error) {
      if (scope.signal.aborted) {
        return this.toAdapterError(error, scope, callerSignal);
      }
    }
    let parsed: unknown = undefined;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON (an HTML error page from a proxy, say): the text is the message.
    }
    const status = response.status;
    const message = providerMessage(parsed) ??
      (text.trim().slice(0, 500) || response.statusText);
    let options: AdapterErrorOptions = {
      code: codeForStatus(status),
      message: this.redact(
        `${this.provider}: HTTP ${status}${message ? `: ${message}` : ""}`,
      ),
      provider: this.provider,
      statusCode: status,
    };
    const retryAfter = parseRetryAfter(response.headers, this.#options.now());
    if (retryAfter !== undefined) options.retryAfter = retryAfter;
    if (parsed !== undefined) {
      options.details = {
        body: JSON.parse(this.redact(JSON.stringify(parsed))),
      };
    }
    if (this.#options.refineError) {
      options = this.#options.refineError(options, parsed);
    }
    return new AdapterError(options);
  }

  /** Maps anything thrown during a call to an AdapterError. */
  toAdapterError(
    error: unknown,
    scope: CallScope | undefined,
    callerSignal: AbortSignal | undefined,
  ): AdapterError {
    if (error instanceof AdapterError) {
      // Provider messages relayed from stream events may echo a credential.
      const clean = this.redact(error.message);
      if (clean !== error.message) error.message = clean;
      return error;
    }
    const provider = this.provider;
    const where = this.#where === "" ? "" : ` (${this.#where})`;
    if (scope?.timedOut) {
      return new AdapterError({
        code: ErrorCode.TIMEOUT,
        message:
          `${provider}: no response within ${this.#options.timeout} ms${where}`,
        provider,
        cause: error,
        details: { cause: "timeout", host: this.#where },
      });
    }
    if (callerSignal?.aborted) {
      return new AdapterError({
        code: ErrorCode.ABORTED,
        message: `${provider}: aborted by the caller`,
        provider,
        cause: error,
      });
    }
    // fetch rejects with TypeError on connection failures; body reads that
    // break mid-way surface as other errors but are transport failures too.
    // The message names the cause and the host, never the URL (its query
    // may hold a key) nor the runtime's bare "fetch failed".
    const cause = networkCause(error);
    // A timeout the runtime ran itself (undici's connect or headers
    // timeout, the OS's connect timeout) is a timeout like the adapter's
    // own: TIMEOUT, a 504 at the gateway. Both codes are the backend's
    // fault, retried and failed over alike: only the code differs.
    const timedOut = cause === "timeout";
    const said = cause === "tls" || cause === "other" || timedOut
      ? networkDetail(error)
      : "";
    const detail = said === "" ? "" : `: ${said}`;
    return new AdapterError({
      code: timedOut ? ErrorCode.TIMEOUT : ErrorCode.NETWORK_ERROR,
      message: this.redact(
        `${provider}: ${
          timedOut ? "runtime timeout" : CAUSE_TEXT[cause]
        }${where}${detail}`,
      ),
      provider,
      cause: error,
      details: { cause, host: this.#where },
    });
  }

  /** Sends a request and parses the JSON answer. */
  async json(
    method: "GET" | "POST",
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
    headers?: Readonly<Record<string, string>>,
  ): Promise<unknown> {
    const scope = new CallScope(this.#options.timeout, signal);
    try {
      const response = await this.#open(
        method,
        path,
        body,
        scope,
        signal,
        headers,
      );
      let text: string;
      try {
        // The declared-length check first: the `body` getter builds a
        // ReadableStream, which the one-read path never needs.
        text = hasSmallIdentityBody(response, MAX_BODY_BYTES)
          ? await scope.race(response.text())
          : response.body === null
          ? ""
          : await readText(
            this.provider,
            response.body,
            MAX_BODY_BYTES,
            false,
            scope.signal,
          );
      } catch (error) {
        throw this.toAdapterError(error, scope, signal);
      }
      try {
        return JSON.parse(text);
      } catch (cause) {
        throw invalidResponse(
          this.provider,
          "response is not valid JSON",
          { statusCode: response.status, cause },
        );
      }
    } finally {
      scope.dispose();
    }
  }

  /**
   * POSTs `body` and resolves with the 2xx response, body unread: the
   * timeout bounds the wait for the head only, since the caller hands the
   * body on (a relay) and a timer per chunk is what a relay saves. `signal`
   * keeps bounding the body: aborting it ends a read in progress, even one
   * that reads the body whole (`arrayBuffer()`, not cancellable), and closes
   * the connection. So give each call a signal of its own (the Router
   * does): a long-lived one would collect a listener per call.
   */
  async relay(
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
    headers?: Readonly<Record<string, string>>,
  ): Promise<Response> {
    const scope = new CallScope(this.#options.timeout, signal);
    try {
      const response = await this.#open(
        "POST",
        path,
        body,
        scope,
        signal,
        headers,
      );
      scope.stopTimer();
      return response;
    } catch (error) {
      scope.dispose();
      throw error;
    }
  }

  /** GETs `path`; true for a 2xx answer, false for anything else (never throws). */
  async probe(path: string, signal: AbortSignal | undefined): Promise<boolean> {
    const scope = new CallScope(this.#options.timeout, signal);
    try {
      const response = await this.#open("GET", path, undefined, scope, signal);
      await response.body?.cancel();
      return true;
    } catch {
      return false;
    } finally {
      scope.dispose();
    }
  }

  /**
   * POSTs a streaming request and translates its events into numbered IR
   * chunks. A failure before the first chunk is thrown; after it, the stream
   * ends with an `error` chunk. The body is cancelled whenever iteration stops
   * early, so no connection is left open.
   */
  async *stream<
    E,
    C extends {
      path: string;
      body: unknown;
      headers?: Readonly<Record<string, string>>;
    },
  >(
    prepare: () => C,
    signal: AbortSignal | undefined,
    parse: StreamParser<E>,
    translator: (call: C) => StreamTranslator<E>,
  ): IRChatStream {
    const call = prepare();
    const { path, body } = call;
    const scope = new CallScope(this.#options.timeout, signal);
    let sequence = 0;
    try {
      const response = await this.#open(
        "POST",
        path,
        body,
        scope,
        signal,
        call.headers,
      );
      if (response.body === null) {
        throw invalidResponse(
          this.provider,
          "streaming response has no body",
        );
      }
      const state = translator(call);
      const events = parse(response.body, {
        provider: this.provider,
        onChunk: () => scope.touch(),
        signal: scope.signal,
      });
      for await (const event of events) {
        for (const chunk of state.event(event)) {
          // The idle timeout measures the provider, not a slow consumer.
          scope.pause();
          yield { ...chunk, sequence: sequence++ } as IRStreamChunk;
          scope.touch();
          if (chunk.type === "done" || chunk.type === "error") return;
        }
      }
      for (const chunk of state.end()) {
        yield { ...chunk, sequence: sequence++ } as IRStreamChunk;
      }
    } catch (thrown) {
      const error = this.toAdapterError(thrown, scope, signal);
      if (sequence === 0) throw error;
      yield { type: "error", sequence: sequence++, error: failureOf(error) };
    } finally {
      scope.dispose();
    }
  }
}

/** Builds the shared client options from an adapter config. */
export function clientOptions(
  config: HttpAdapterConfig,
  provider: string,
  defaultBaseURL: string,
  headers: Headers,
): HttpClientOptions {
  const userFetch = config.fetch;
  for (const [name, value] of Object.entries(config.headers ?? {})) {
    headers.set(name, value);
  }
  return {
    provider,
    baseURL: (config.baseURL ?? defaultBaseURL).replace(/\/+$/, ""),
    headers,
    timeout: timeoutOf(config.timeout, provider),
    // Call the global lazily and unbound-safe, so a later stub of globalThis.fetch applies.
    fetch: userFetch ?? ((input, init) => fetch(input, init)),
    now: config.now ?? Date.now,
    secrets: config.apiKey ? [config.apiKey] : [],
  };
}

/**
 * The adapter's `timeout`: a number of ms, 0 or Infinity for none. NaN, a
 * negative number or a non-number is a configuration mistake, reported at
 * construction instead of timing every call out at once (NaN) or silently
 * disabling the timeout (negative).
 */
function timeoutOf(value: unknown, provider: string): number {
  if (value === undefined) return DEFAULT_TIMEOUT_MS;
  if (typeof value !== "number" || !(value >= 0)) {
    throw invalidRequest(
      provider,
      `config.timeout must be a non-negative number of milliseconds (0 or Infinity for none), got ${
        String(value)
      }`,
    );
  }
  return value;
}
