/**
 * The response cache's one interface: a store of serialized answers under
 * their cache key, each with its own time to live. Two implementations
 * ship: {@linkcode MemoryResponseCache} (one process, bounded bytes, LRU)
 * and {@linkcode SharedResponseCache} (Redis, one key per answer, shared by
 * a fleet). Anything that keeps strings with an expiry can be a third.
 *
 * @module
 */

/**
 * A store of answers. `get` resolves undefined for a missing or expired
 * entry; `set` may decline to keep an entry (too large, store out) and
 * still resolves: a cache never fails a request.
 *
 * @example A cache over a Map (no expiry, no bound: a sketch, not for use)
 * ```ts
 * import type { ResponseCache } from "@switchyard/switchyard/gateway";
 * const entries = new Map<string, string>();
 * const cache: ResponseCache = {
 *   get: (key) => Promise.resolve(entries.get(key)),
 *   set: (key, value) => { entries.set(key, value); return Promise.resolve(); },
 * };
 * await cache.set("k", "v", 60_000);
 * console.log(await cache.get("k")); // "v"
 * ```
 */
export interface ResponseCache {
  /** The entry under `key`, or undefined when missing or expired. */
  get(key: string): Promise<string | undefined>;
  /** Keeps `value` under `key` for `ttlMs` milliseconds. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
}
