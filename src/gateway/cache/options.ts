/**
 * The gateway's response cache settings ({@linkcode GatewayCacheOptions}).
 *
 * @module
 */
import type { ResponseCache } from "./response_cache.ts";

/**
 * Default of {@linkcode GatewayCacheOptions.ttlSeconds}: one hour.
 *
 * @example Usage
 * ```ts
 * import { DEFAULT_CACHE_TTL_SECONDS } from "@switchyard/switchyard/gateway";
 * console.log(DEFAULT_CACHE_TTL_SECONDS); // 3600
 * ```
 */
export const DEFAULT_CACHE_TTL_SECONDS = 3600;

/**
 * Longest time to live a request's `x-switchyard-cache-ttl` may ask for:
 * 30 days.
 *
 * @example Usage
 * ```ts
 * import { MAX_CACHE_TTL_SECONDS } from "@switchyard/switchyard/gateway";
 * console.log(MAX_CACHE_TTL_SECONDS); // 2592000
 * ```
 */
export const MAX_CACHE_TTL_SECONDS = 30 * 24 * 3600;

/**
 * The gateway's `cache` option: where answers are kept and when they are
 * used. See docs/gateway/cache.md for the key, the headers and what a hit
 * charges.
 *
 * @example Every chat answer cached in memory for ten minutes
 * ```ts
 * import { createGateway, MemoryResponseCache } from "@switchyard/switchyard/gateway";
 * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
 * const gateway = createGateway({
 *   backends: [["echo", createEchoAdapter()]],
 *   cache: { cache: new MemoryResponseCache(), ttlSeconds: 600 },
 * });
 * gateway.dispose();
 * ```
 */
export interface GatewayCacheOptions {
  /** Where answers are kept. */
  readonly cache: ResponseCache;
  /** Seconds an answer is kept unless a request asks otherwise. Default 3600. */
  readonly ttlSeconds?: number;
  /**
   * Whether requests use the cache unless their key (`cache: false`) or the
   * request (`Cache-Control: no-store`) says otherwise. Default true. When
   * false, only keys with `cache: true` and requests sending
   * `x-switchyard-cache-ttl` use it.
   */
  readonly enabled?: boolean;
}

/**
 * The config file's `cache` section.
 *
 * @example Usage
 * ```ts
 * import type { CacheConfig } from "@switchyard/switchyard/gateway";
 * const cache: CacheConfig = { store: "shared", ttlSeconds: 600, namespace: "evals" };
 * ```
 */
export interface CacheConfig {
  /** `memory` (this process; default) or `shared` (the config's Redis). */
  store: "memory" | "shared";
  /** Seconds an answer is kept (default 3600). */
  ttlSeconds?: number;
  /** Bound of the `memory` store in bytes (default 64 MiB). */
  maxBytes?: number;
  /** Separates caches on one Redis (`shared` only). */
  namespace?: string;
  /** `false`: only keys with `cache: true` and requests sending a TTL use it. */
  enabled?: boolean;
}
