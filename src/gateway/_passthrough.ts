// Passthrough: an OpenAI client whose request the router sends to an
// OpenAI-wire backend gets the upstream's answer bytes unchanged. A stream's
// body is handed to the server as the upstream's own ReadableStream, so the
// runtime pipes it without a chunk entering JavaScript: the one way a
// gateway's cost per streamed chunk comes near a bare relay's. A stream whose
// tokens the gateway must read goes through `_stream_tokens.ts` instead,
// chunk by chunk, unchanged.

import {
  AdapterError,
  ErrorCode,
  type ErrorCodeValue,
} from "../models/errors.ts";
import { hasSmallIdentityBody, readBytes } from "../models/adapters/_body.ts";
import {
  CAUSE_TEXT,
  hostOf,
  networkCause,
} from "../models/adapters/_network_cause.ts";
import type { IRUsage } from "../models/types.ts";
import type { RelayResult } from "../models/trace.ts";
import { isRecord } from "./_wire_util.ts";

/**
 * A promise that settles when the server has delivered the response, from
 * `Deno.serve`'s handler info (`completed`), else undefined: without it the
 * end of a natively piped stream is unknown (open-stream count, log line).
 */
export function completionOf(info: unknown): Promise<void> | undefined {
  if (typeof info !== "object" || info === null) return undefined;
  const completed = (info as { completed?: unknown }).completed;
  return completed instanceof Promise ? completed : undefined;
}

/** A relayed answer that ended before the gateway had it all. */
function brokeOff(
  code: ErrorCodeValue,
  provider: string | undefined,
  cause: unknown,
): AdapterError {
  return new AdapterError({
    code,
    message: `${provider ?? "upstream"}: the answer broke off`,
    ...(provider === undefined ? {} : { provider }),
    cause,
  });
}

/**
 * The relayed stream's body for the server to pipe, unless the request's
 * signal (client gone, timeout) aborted before the gateway could hand it
 * on: then the body is cancelled, so the upstream connection closes now
 * instead of at garbage collection, and the request is ABORTED.
 */
export function streamBodyOf(
  upstream: Response,
  signal: AbortSignal,
  provider: string | undefined,
): ReadableStream<Uint8Array> | null {
  if (!signal.aborted) return upstream.body;
  upstream.body?.cancel(signal.reason).catch(() => {});
  throw brokeOff(ErrorCode.ABORTED, provider, signal.reason);
}

/**
 * A relayed stream its upstream cut after the gateway handed it on (a
 * reset, a close inside the body): the backend's NETWORK_ERROR (TIMEOUT for
 * a runtime's body timeout), worded as the adapters word a network failure:
 * its cause and the upstream's `host:port` from `url`, never the rest of
 * the URL.
 */
export function streamCut(cause: unknown, url: string): AdapterError {
  const host = hostOf(url);
  const kind = networkCause(cause);
  return new AdapterError({
    // A runtime's body timeout is a timeout, as the adapters code it.
    code: kind === "timeout" ? ErrorCode.TIMEOUT : ErrorCode.NETWORK_ERROR,
    message: `${CAUSE_TEXT[kind]}${
      host === "" ? "" : ` (${host})`
    } after the stream began`,
    cause,
    details: { cause: kind, host },
  });
}

// One decoder for every body: decode() without `stream` keeps no state.
const utf8 = new TextDecoder();

/** Largest relayed JSON answer read, as the adapters' own bound. */
const MAX_JSON_BYTES = 32 * 1024 * 1024;

/**
 * Reads a relayed JSON answer whole (bounded by `signal`: the read ends when
 * it aborts, which also ends a read an upstream stalls) and its usage. A 2xx
 * body that is not a JSON object is the backend's INVALID_RESPONSE (a 502),
 * as on the translated path.
 */
export function readRelayedJson(
  relayed: RelayResult,
  signal: AbortSignal,
  provider: string | undefined,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; usage: IRUsage | undefined }> {
  // Not async: two reactions on the read instead of an async function's
  // frame a call.
  let read: Promise<Uint8Array<ArrayBuffer>>;
  try {
    read = readCapped(relayed, signal, provider ?? "upstream");
  } catch (cause) {
    read = Promise.reject(cause);
  }
  return read.then(
    (bytes) => ({
      bytes,
      usage: relayedUsage(relayed, bytes, signal, provider),
    }),
    (cause) => {
      if (cause instanceof AdapterError) throw cause;
      throw brokeOff(
        signal.aborted ? ErrorCode.ABORTED : ErrorCode.NETWORK_ERROR,
        provider,
        cause,
      );
    },
  );
}

/** The usage of a relayed answer read whole, which must be a JSON object. */
function relayedUsage(
  relayed: RelayResult,
  bytes: Uint8Array<ArrayBuffer>,
  signal: AbortSignal,
  provider: string | undefined,
): IRUsage | undefined {
  // A cancelled read ends like a complete one: the abort tells them apart.
  if (signal.aborted) {
    throw brokeOff(ErrorCode.ABORTED, provider, signal.reason);
  }
  let json: unknown;
  try {
    json = JSON.parse(utf8.decode(bytes));
  } catch {
    // handled below
  }
  if (!isRecord(json)) {
    throw new AdapterError({
      code: ErrorCode.INVALID_RESPONSE,
      message: `${provider ?? "upstream"}: response is not a JSON object`,
      ...(provider === undefined ? {} : { provider }),
      statusCode: relayed.response.status,
    });
  }
  return usageOf(json.usage);
}

/**
 * The body's bytes, at most MAX_JSON_BYTES (else INVALID_RESPONSE, the body
 * cancelled), read as the adapters read theirs.
 */
function readCapped(
  relayed: RelayResult,
  signal: AbortSignal,
  provider: string,
): Promise<Uint8Array<ArrayBuffer>> {
  // Not async: the read's own promise is the answer, with no async
  // function's promise and frame around it.
  const upstream = relayed.response;
  if (hasSmallIdentityBody(upstream, MAX_JSON_BYTES)) {
    // One read, without the `body` getter, which builds a ReadableStream
    // (about a tenth of the latency the gateway adds). The body is then
    // locked, so an abort ends the read by aborting the fetch behind it (the
    // connection closes); the race also answers for a fetch that ignores
    // its signal.
    // One listener does both: end the fetch, and stop waiting for it.
    return new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
      const onAbort = (): void => {
        relayed.abort(signal.reason);
        reject(signal.reason);
      };
      if (signal.aborted) {
        onAbort();
        // A body whose fetch ignores its signal: let go of it here.
        upstream.body?.cancel(signal.reason).catch(() => {});
        return;
      }
      signal.addEventListener("abort", onAbort, { once: true });
      upstream.arrayBuffer().then((buffer) => {
        signal.removeEventListener("abort", onAbort);
        resolve(new Uint8Array(buffer));
      }, (error) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      });
    });
  }
  const body = upstream.body;
  if (body === null) return Promise.resolve(new Uint8Array(0));
  return readBytes(provider, body, MAX_JSON_BYTES, false, signal);
}

/**
 * IR usage from an OpenAI `usage` object: Chat Completions'
 * (`prompt_tokens`, `completion_tokens`), the Responses API's
 * (`input_tokens`, `output_tokens`) or embeddings' (`prompt_tokens` only:
 * no completion), or from Anthropic's (`input_tokens`, `output_tokens`).
 * The details the answer's price depends on are kept, as the adapters read
 * them on a translated call: OpenAI's cache reads and writes and reasoning
 * tokens (part of its counts), Anthropic's thinking tokens (part of its
 * `output_tokens`), and its cache reads and writes, which its
 * `input_tokens` leaves out and the IR's `promptTokens` counts.
 */
export function usageOf(usage: unknown): IRUsage | undefined {
  if (!isRecord(usage)) return undefined;
  const prompt = usage.prompt_tokens ?? usage.input_tokens;
  const completion = usage.completion_tokens ?? usage.output_tokens ?? 0;
  if (typeof prompt !== "number" || typeof completion !== "number") {
    return undefined;
  }
  const read = count(usage.cache_read_input_tokens);
  const written = count(usage.cache_creation_input_tokens);
  const total = usage.total_tokens;
  const out: IRUsage = {
    promptTokens: prompt + (read ?? 0) + (written ?? 0),
    completionTokens: completion,
    totalTokens: typeof total === "number" && read === undefined &&
        written === undefined
      ? total
      : prompt + (read ?? 0) + (written ?? 0) + completion,
  };
  const cached = read ??
    count(detail(usage, "prompt_tokens_details", "cached_tokens")) ??
    count(detail(usage, "input_tokens_details", "cached_tokens"));
  if (cached !== undefined) out.cacheReadTokens = cached;
  // OpenAI's cache writes are inside its prompt count, as the IR's are.
  const cacheWrites = written ??
    count(detail(usage, "prompt_tokens_details", "cache_write_tokens")) ??
    count(detail(usage, "input_tokens_details", "cache_write_tokens"));
  if (cacheWrites !== undefined) out.cacheCreationTokens = cacheWrites;
  const reasoning = reasoningOf(usage);
  if (reasoning !== undefined) out.reasoningTokens = reasoning;
  return out;
}

/**
 * The completion's reasoning part: OpenAI's `reasoning_tokens` (Chat
 * Completions or Responses) or Anthropic's `thinking_tokens`, each inside
 * its wire's output count, as the IR's is.
 */
export function reasoningOf(
  usage: Record<string, unknown>,
): number | undefined {
  return count(
    detail(usage, "completion_tokens_details", "reasoning_tokens"),
  ) ??
    count(detail(usage, "output_tokens_details", "reasoning_tokens")) ??
    count(detail(usage, "output_tokens_details", "thinking_tokens"));
}

/** A detail count worth keeping: a positive number (a 0 prices nothing). */
function count(value: unknown): number | undefined {
  return typeof value === "number" && value > 0 ? value : undefined;
}

function detail(
  usage: Record<string, unknown>,
  group: string,
  name: string,
): unknown {
  const details = usage[group];
  return isRecord(details) ? details[name] : undefined;
}
