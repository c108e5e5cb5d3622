// The config file's `cache` section, checked, and the gateway option it
// makes. The `shared` store needs the Redis connection the command opens,
// so it is built where that connection is (src/cli/gateway.ts).
import type { RedisScriptClient } from "../../models/stores/redis.ts";
import {
  boolean,
  GatewayConfigError,
  nonNegativeInteger,
  object,
  oneOf,
  only,
  positiveInteger,
  string,
} from "../_config_fields.ts";
import { MemoryResponseCache } from "./memory.ts";
import {
  type CacheConfig,
  type GatewayCacheOptions,
  MAX_CACHE_TTL_SECONDS,
} from "./options.ts";
import { SharedResponseCache } from "./shared.ts";

/** Reads `cache`; one-line errors naming the field. */
export function readCache(value: unknown): CacheConfig {
  const raw = object(value, "cache");
  only(raw, "cache", [
    "store",
    "ttlSeconds",
    "maxBytes",
    "namespace",
    "enabled",
  ]);
  const cache: CacheConfig = {
    store: raw.store === undefined
      ? "memory"
      : oneOf(raw.store, "cache.store", ["memory", "shared"] as const),
  };
  if (raw.ttlSeconds !== undefined) {
    const ttl = nonNegativeInteger(raw.ttlSeconds, "cache.ttlSeconds");
    if (ttl > MAX_CACHE_TTL_SECONDS) {
      throw new GatewayConfigError(
        "cache.ttlSeconds",
        `must be at most ${MAX_CACHE_TTL_SECONDS} (30 days)`,
      );
    }
    cache.ttlSeconds = ttl;
  }
  if (raw.maxBytes !== undefined) {
    if (cache.store !== "memory") {
      throw new GatewayConfigError(
        "cache.maxBytes",
        'applies to the "memory" store only (Redis bounds its own memory)',
      );
    }
    cache.maxBytes = positiveInteger(raw.maxBytes, "cache.maxBytes");
  }
  if (raw.namespace !== undefined) {
    const namespace = string(raw.namespace, "cache.namespace");
    if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(namespace)) {
      throw new GatewayConfigError(
        "cache.namespace",
        "must be 1 to 64 letters, digits, or _ . : -",
      );
    }
    cache.namespace = namespace;
  }
  if (raw.enabled !== undefined) {
    cache.enabled = boolean(raw.enabled, "cache.enabled");
  }
  return cache;
}

/**
 * The gateway's `cache` option for a config's section: a memory cache, or a
 * shared one over `client` (undefined when `shared` has no client yet).
 */
export function cacheOptionsOf(
  config: CacheConfig,
  client?: { client: RedisScriptClient; prefix?: string },
): GatewayCacheOptions | undefined {
  let cache;
  if (config.store === "memory") {
    cache = new MemoryResponseCache(
      config.maxBytes === undefined ? {} : { maxBytes: config.maxBytes },
    );
  } else if (client) {
    cache = new SharedResponseCache(client.client, {
      ...(client.prefix === undefined ? {} : { prefix: client.prefix }),
      ...(config.namespace === undefined
        ? {}
        : { namespace: config.namespace }),
    });
  } else {
    return undefined;
  }
  return {
    cache,
    ...(config.ttlSeconds === undefined
      ? {}
      : { ttlSeconds: config.ttlSeconds }),
    ...(config.enabled === undefined ? {} : { enabled: config.enabled }),
  };
}
