// GatewayCacheOptions checked once, into what the chat handler reads.
import type { ResponseCache } from "./response_cache.ts";
import {
  DEFAULT_CACHE_TTL_SECONDS,
  type GatewayCacheOptions,
  MAX_CACHE_TTL_SECONDS,
} from "./options.ts";

/** The cache as the gateway holds it (built from GatewayCacheOptions). */
export interface CacheSettings {
  readonly cache: ResponseCache;
  readonly ttlMs: number;
  readonly enabled: boolean;
}

/** The settings; a TypeError for a cache without get/set or a bad TTL. */
export function cacheSettings(options: GatewayCacheOptions): CacheSettings {
  const cache = options.cache;
  if (typeof cache?.get !== "function" || typeof cache.set !== "function") {
    throw new TypeError("createGateway: cache.cache needs get() and set()");
  }
  const ttl = options.ttlSeconds ?? DEFAULT_CACHE_TTL_SECONDS;
  if (!Number.isSafeInteger(ttl) || ttl < 0 || ttl > MAX_CACHE_TTL_SECONDS) {
    throw new TypeError(
      `createGateway: cache.ttlSeconds must be a whole number from 0 to ${MAX_CACHE_TTL_SECONDS}`,
    );
  }
  return { cache, ttlMs: ttl * 1000, enabled: options.enabled !== false };
}
