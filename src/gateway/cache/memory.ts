/**
 * {@linkcode MemoryResponseCache}: answers kept in this process, bounded in
 * bytes, least recently used evicted first, each with its own expiry.
 *
 * @module
 */
import type { ResponseCache } from "./response_cache.ts";

/**
 * Options of {@linkcode MemoryResponseCache}.
 *
 * @example Usage
 * ```ts
 * import type { MemoryResponseCacheOptions } from "@switchyard/switchyard/gateway";
 * const options: MemoryResponseCacheOptions = { maxBytes: 16 * 1024 * 1024 };
 * ```
 */
export interface MemoryResponseCacheOptions {
  /**
   * Most bytes held (keys and values, two bytes per UTF-16 code unit, as a
   * JavaScript string holds them). Default 64 MiB.
   */
  readonly maxBytes?: number;
  /** Clock in milliseconds; default `Date.now`. */
  readonly now?: () => number;
}

/**
 * Default of {@linkcode MemoryResponseCacheOptions.maxBytes}: 64 MiB.
 *
 * @example Usage
 * ```ts
 * import { DEFAULT_MEMORY_CACHE_BYTES } from "@switchyard/switchyard/gateway";
 * console.log(DEFAULT_MEMORY_CACHE_BYTES); // 67108864
 * ```
 */
export const DEFAULT_MEMORY_CACHE_BYTES = 64 * 1024 * 1024;

interface Entry {
  readonly value: string;
  readonly expires: number;
  readonly bytes: number;
}

function sizeOf(key: string, value: string): number {
  return (key.length + value.length) * 2;
}

/**
 * An in-process {@linkcode ResponseCache}: bounded bytes, LRU, TTL. A read
 * makes an entry the most recently used; a write past the bound evicts the
 * least recently used until it fits; an entry larger than the whole bound
 * is not kept. Expired entries go when read or when evicted.
 *
 * @example Keep, read, and lose to eviction
 * ```ts
 * import { MemoryResponseCache } from "@switchyard/switchyard/gateway";
 * const cache = new MemoryResponseCache({ maxBytes: 40 });
 * await cache.set("a", "1234", 60_000); // 10 bytes
 * await cache.set("b", "1234", 60_000);
 * await cache.get("a"); // a is now the most recently used
 * await cache.set("c", "12345678901", 60_000); // 24 bytes: b goes
 * console.log(await cache.get("a"), await cache.get("b")); // "1234" undefined
 * ```
 */
export class MemoryResponseCache implements ResponseCache {
  /** The bound, in bytes. */
  readonly maxBytes: number;
  readonly #now: () => number;
  // A Map iterates in insertion order: re-inserting on read makes its
  // first entry the least recently used.
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;

  /**
   * Creates an empty cache.
   *
   * @param options `maxBytes` and the clock.
   * @throws {RangeError} When `maxBytes` is not a positive integer.
   */
  constructor(options: MemoryResponseCacheOptions = {}) {
    const max = options.maxBytes ?? DEFAULT_MEMORY_CACHE_BYTES;
    if (!Number.isSafeInteger(max) || max <= 0) {
      throw new RangeError("maxBytes must be a positive integer");
    }
    this.maxBytes = max;
    this.#now = options.now ?? Date.now;
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Entries held now (expired ones included until read or evicted). */
  get size(): number {
    return this.#entries.size;
  }

  /**
   * The entry under `key`, made the most recently used.
   *
   * @param key The cache key.
   * @returns The value, or undefined when missing or expired.
   */
  get(key: string): Promise<string | undefined> {
    const entry = this.#entries.get(key);
    if (entry === undefined) return Promise.resolve(undefined);
    this.#entries.delete(key);
    if (entry.expires <= this.#now()) {
      this.#bytes -= entry.bytes;
      return Promise.resolve(undefined);
    }
    this.#entries.set(key, entry);
    return Promise.resolve(entry.value);
  }

  /**
   * Keeps `value` under `key` for `ttlMs`, evicting the least recently
   * used entries until it fits.
   *
   * @param key The cache key.
   * @param value The serialized answer.
   * @param ttlMs Milliseconds to keep it; 0 or less keeps nothing.
   */
  set(key: string, value: string, ttlMs: number): Promise<void> {
    const old = this.#entries.get(key);
    if (old !== undefined) {
      this.#entries.delete(key);
      this.#bytes -= old.bytes;
    }
    const bytes = sizeOf(key, value);
    if (!(ttlMs > 0) || bytes > this.maxBytes) return Promise.resolve();
    for (const [name, entry] of this.#entries) {
      if (this.#bytes + bytes <= this.maxBytes) break;
      this.#entries.delete(name);
      this.#bytes -= entry.bytes;
    }
    this.#entries.set(key, { value, expires: this.#now() + ttlMs, bytes });
    this.#bytes += bytes;
    return Promise.resolve();
  }
}
