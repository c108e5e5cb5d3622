// Passthrough: an OpenAI client whose request the router sends to an
// OpenAI-wire backend gets the upstream's answer bytes unchanged. A stream's
// body is handed to the server as the upstream's own ReadableStream, so the
// runtime pipes it without a chunk entering JavaScript: the one way a
// gateway's cost per streamed chunk comes near a bare relay's. A stream whose
// tokens the gateway must read goes through `_stream_tokens.ts` instead,
// chunk by chunk, unchanged.

import { AdapterError, ErrorCode } from "../models/errors.ts";
import type { IRChatRequest, IRUsage } from "../models/types.ts";
import type { ParsedRequest } from "./_apis.ts";
import { isRecord } from "./_wire_util.ts";

/**
 * The request to relay: the parsed one, with the client's own
 * `stream_options.include_usage` passed on (the adapter adds none on a
 * relay), so the upstream sends a usage chunk exactly when the client asked.
 */
export function relayRequestOf(parsed: ParsedRequest): IRChatRequest {
  if (!parsed.stream || parsed.includeUsage !== true) return parsed.ir;
  return {
    ...parsed.ir,
    parameters: {
      ...parsed.ir.parameters,
      stream_options: { include_usage: true },
    },
  };
}

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

/** Largest relayed JSON answer read, as the adapters' own bound. */
const MAX_JSON_BYTES = 32 * 1024 * 1024;

/**
 * Reads a relayed JSON answer whole (bounded by `signal`; the body is
 * cancelled when it aborts) and its usage. A 2xx body that is not a JSON
 * object is the backend's INVALID_RESPONSE (a 502), as on the translated path.
 */
export async function readRelayedJson(
  upstream: Response,
  signal: AbortSignal,
  provider: string | undefined,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; usage: IRUsage | undefined }> {
  const body = upstream.body;
  let bytes: Uint8Array<ArrayBuffer>;
  if (body === null) bytes = new Uint8Array(0);
  else {
    const onAbort = (): void => {
      body.cancel(signal.reason).catch(() => {});
    };
    if (signal.aborted) onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    try {
      bytes = await readCapped(upstream, body);
    } catch (cause) {
      if (cause instanceof AdapterError) throw cause;
      throw new AdapterError({
        code: signal.aborted ? ErrorCode.ABORTED : ErrorCode.NETWORK_ERROR,
        message: `${provider ?? "upstream"}: the answer broke off`,
        ...(provider === undefined ? {} : { provider }),
        cause,
      });
    } finally {
      signal.removeEventListener("abort", onAbort);
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    // handled below
  }
  if (!isRecord(json)) {
    throw new AdapterError({
      code: ErrorCode.INVALID_RESPONSE,
      message: `${provider ?? "upstream"}: response is not a JSON object`,
      ...(provider === undefined ? {} : { provider }),
      statusCode: upstream.status,
    });
  }
  return { bytes, usage: usageOf(json.usage) };
}

/**
 * The body's bytes, at most MAX_JSON_BYTES (else INVALID_RESPONSE, the body
 * cancelled): one read when the length is declared and uncompressed (the
 * runtime enforces it), else chunk by chunk.
 */
async function readCapped(
  upstream: Response,
  body: ReadableStream<Uint8Array>,
): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = (): AdapterError =>
    new AdapterError({
      code: ErrorCode.INVALID_RESPONSE,
      message: `upstream: response body larger than ${MAX_JSON_BYTES} bytes`,
    });
  const length = upstream.headers.get("content-length");
  if (length !== null && upstream.headers.get("content-encoding") === null) {
    if (Number(length) > MAX_JSON_BYTES) {
      await body.cancel().catch(() => {});
      throw tooLarge();
    }
    return new Uint8Array(await upstream.arrayBuffer());
  }
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_JSON_BYTES) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    parts.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}

/** IR usage from an OpenAI `usage` object, when it has the token counts. */
export function usageOf(usage: unknown): IRUsage | undefined {
  if (!isRecord(usage)) return undefined;
  const prompt = usage.prompt_tokens;
  const completion = usage.completion_tokens;
  if (typeof prompt !== "number" || typeof completion !== "number") {
    return undefined;
  }
  const total = usage.total_tokens;
  return {
    promptTokens: prompt,
    completionTokens: completion,
    totalTokens: typeof total === "number" ? total : prompt + completion,
  };
}
