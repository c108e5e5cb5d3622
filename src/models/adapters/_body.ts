// Reading a provider's response body within a bound, and letting go of one
// no one will read (its connection is released now, not at GC).

import { ignore } from "../_util.ts";
import { readChunk } from "./_lines.ts";
import { invalidResponse } from "./_errors.ts";

/**
 * Whether `value` can be read as a Response: what this module uses of one.
 * Not `instanceof Response`: undici's fetch, passed in on Node to go through
 * a proxy, resolves to its own Response class.
 */
export function isResponseLike(value: unknown): value is Response {
  // The runtime's own Response first: the structural check below reads
  // `body`, whose getter builds a ReadableStream a relay never needs.
  if (value instanceof Response) return true;
  if (typeof value !== "object" || value === null) return false;
  const response = value as Partial<Response>;
  return typeof response.ok === "boolean" &&
    typeof response.status === "number" &&
    typeof response.headers?.get === "function" &&
    (response.body === null ||
      typeof response.body?.getReader === "function");
}

/** Cancels the body of an answer no one will read (a locked one is read). */
export function cancelBody(value: unknown): void {
  if (!isResponseLike(value) || value.body === null) return;
  if (!value.body.locked) value.body.cancel().catch(ignore);
}

/**
 * True when the body's declared length is at most `limit` and it is not
 * compressed: fetch then delivers at most that many bytes, so the whole body
 * is read at once (`response.text()`, one read for the runtime) instead of
 * chunk by chunk. A compressed body's length says nothing of its size once
 * fetch has decompressed it.
 */
export function hasSmallIdentityBody(
  response: Response,
  limit: number,
): boolean {
  const length = response.headers.get("content-length");
  if (length === null || !(Number(length) <= limit)) return false;
  const encoding = response.headers.get("content-encoding");
  return encoding === null || encoding === "identity";
}

/**
 * Reads a body's bytes, up to `limit` (truncating, or throwing
 * INVALID_RESPONSE); the body is cancelled when the read stops early or
 * `signal` aborts.
 */
export async function readBytes(
  provider: string,
  body: ReadableStream<Uint8Array>,
  limit: number,
  truncate: boolean,
  signal: AbortSignal,
): Promise<Uint8Array<ArrayBuffer>> {
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  let complete = false;
  try {
    while (true) {
      const { done, value } = await readChunk(reader, signal);
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        if (truncate) {
          parts.push(value.subarray(0, value.byteLength - (size - limit)));
          break;
        }
        throw invalidResponse(
          provider,
          `response body larger than ${limit} bytes`,
        );
      }
      parts.push(value);
    }
    complete = true;
  } finally {
    if (!complete || size > limit) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
  const bytes = new Uint8Array(Math.min(size, limit));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}

// One decoder for every body: decode() without `stream` keeps no state.
const utf8 = new TextDecoder();

/** Reads a body as UTF-8 text, up to `limit` bytes (truncating or throwing). */
export async function readText(
  provider: string,
  body: ReadableStream<Uint8Array>,
  limit: number,
  truncate: boolean,
  signal: AbortSignal,
): Promise<string> {
  return utf8.decode(await readBytes(provider, body, limit, truncate, signal));
}
