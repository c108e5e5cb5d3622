// Response cache for request-independent template routes: render once, keep
// the bytes, answer If-None-Match with 304.
import type { CacheOptions, Handler } from "./types.ts";
import { RouteError } from "./errors.ts";
import { isNullBodyStatus } from "../_status.ts";
import { hasHeadControl } from "./_render.ts";

interface Entry {
  readonly status: number;
  readonly statusText: string;
  readonly headers: [string, string][];
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly etag: string | undefined;
}

/** Headers a 304 repeats from the 200 it stands for (RFC 9110 §15.4.5). */
const NOT_MODIFIED_HEADERS = new Set([
  "cache-control",
  "content-location",
  "date",
  "etag",
  "expires",
  "vary",
]);

/** cyrb53: a fast 53-bit non-cryptographic hash, enough to tell versions apart. */
function hash53(bytes: Uint8Array): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    h1 = Math.imul(h1 ^ byte, 2654435761);
    h2 = Math.imul(h2 ^ byte, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** A strong entity tag for `bytes`: hash and length in base 36. */
export function entityTag(bytes: Uint8Array): string {
  return `"${hash53(bytes).toString(36)}-${bytes.byteLength.toString(36)}"`;
}

function opaqueTag(tag: string): string {
  return tag.startsWith("W/") ? tag.slice(2) : tag;
}

/**
 * True when an If-None-Match value (list, `W/` tags, `*`) names `etag`,
 * by the weak comparison RFC 9110 §13.1.2 prescribes for it.
 */
export function noneMatch(header: string, etag: string): boolean {
  const opaque = opaqueTag(etag);
  for (const raw of header.split(",")) {
    const tag = raw.trim();
    if (tag === "*" || opaqueTag(tag) === opaque) return true;
  }
  return false;
}

function positive(
  name: string,
  value: number | undefined,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  if (!(value >= 0) || (!Number.isInteger(value) && value !== Infinity)) {
    throw new RouteError({
      code: "INVALID_OPTION",
      message:
        `CacheOptions.${name} must be a non-negative integer, got ${value}`,
    });
  }
  return value;
}

/** One router's cache: a least-recently-used map of rendered responses. */
export class ResponseCache {
  readonly #entries = new Map<Handler, Entry>();
  readonly #maxEntries: number;
  readonly #maxEntryBytes: number;
  readonly #cacheControl: string | undefined;
  readonly #etag: boolean;

  constructor(options: CacheOptions) {
    this.#maxEntries = positive("maxEntries", options.maxEntries, 1000);
    this.#maxEntryBytes = positive(
      "maxEntryBytes",
      options.maxEntryBytes,
      1 << 20,
    );
    this.#cacheControl = options.cacheControl;
    if (
      this.#cacheControl !== undefined && hasHeadControl(this.#cacheControl)
    ) {
      throw new RouteError({
        code: "INVALID_OPTION",
        message:
          "CacheOptions.cacheControl contains a control character (all but tab are refused)",
      });
    }
    this.#etag = options.etag ?? true;
  }

  /** Wraps a request-independent handler so it renders once per cache entry. */
  wrap(handler: Handler): Handler {
    return async (request, context) => {
      let entry = this.#entries.get(handler);
      if (entry === undefined) {
        entry = await this.#entry(await handler(request, context));
        this.#keep(handler, entry);
      } else {
        // A Map iterates in insertion order: re-inserting marks it most recent.
        this.#entries.delete(handler);
        this.#entries.set(handler, entry);
      }
      return this.#answer(entry, request);
    };
  }

  /**
   * The cache entry for a rendered response, with its ETag and Cache-Control.
   * Built for every response of the route, also those too large to keep, so
   * that the validator does not depend on the memory budget.
   */
  async #entry(response: Response): Promise<Entry> {
    // Templates without function substitutions have finite bodies.
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A template's own ETag (a version, say) is the author's validator:
    // kept, and compared instead of the computed one. An empty `ETag:` line
    // (or a bare `W/`) is none (RFC 9110 §8.8.3 has no empty entity-tag;
    // Express reads it so too): it is dropped, and the computed tag takes its
    // place, so that an empty If-None-Match member matches nothing.
    const given = response.headers.get("etag");
    const own = given !== null && opaqueTag(given) !== "" ? given : undefined;
    const headers = [...response.headers].filter(([name]) =>
      name !== "content-length" && (name !== "etag" || own !== undefined)
    );
    let etag: string | undefined;
    if (this.#etag) {
      etag = own ?? entityTag(bytes);
      if (own === undefined) headers.push(["etag", etag]);
    }
    if (
      this.#cacheControl !== undefined &&
      !headers.some(([name]) => name === "cache-control")
    ) headers.push(["cache-control", this.#cacheControl]);
    return {
      status: response.status,
      statusText: response.statusText,
      headers,
      bytes,
      etag,
    };
  }

  /** Stores an entry within the limits, dropping the least recently used. */
  #keep(handler: Handler, entry: Entry): void {
    if (
      entry.bytes.byteLength > this.#maxEntryBytes || this.#maxEntries === 0
    ) return;
    this.#entries.set(handler, entry);
    if (this.#entries.size > this.#maxEntries) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
  }

  #answer(entry: Entry, request: Request): Response {
    const condition = request.headers.get("if-none-match");
    // RFC 9110 §13.2.1: preconditions apply only to what would be a 2xx.
    if (
      entry.etag !== undefined && condition !== null &&
      entry.status >= 200 && entry.status < 300 &&
      (request.method === "GET" || request.method === "HEAD") &&
      noneMatch(condition, entry.etag)
    ) {
      return new Response(null, {
        status: 304,
        statusText: "Not Modified",
        headers: entry.headers.filter(([name]) =>
          NOT_MODIFIED_HEADERS.has(name)
        ),
      });
    }
    if (isNullBodyStatus(entry.status)) {
      return new Response(null, {
        status: entry.status,
        statusText: entry.statusText,
        headers: entry.headers,
      });
    }
    return new Response(entry.bytes, {
      status: entry.status,
      statusText: entry.statusText,
      headers: request.method === "HEAD"
        ? [...entry.headers, ["content-length", String(entry.bytes.byteLength)]]
        : entry.headers,
    });
  }
}
