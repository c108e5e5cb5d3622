/**
 * {@linkcode SharedResponseCache}: answers in Redis, one key per answer with
 * its own expiry (`SET … PX`), so every gateway of a fleet reads what any
 * of them stored, and Redis, not the gateway, bounds the memory
 * (`maxmemory` with an eviction policy).
 *
 * @module
 */
import type { RedisScriptClient } from "../../models/stores/redis.ts";
import type { ResponseCache } from "./response_cache.ts";

/**
 * Options of {@linkcode SharedResponseCache}.
 *
 * @example Usage
 * ```ts
 * import type { SharedResponseCacheOptions } from "@switchyard/switchyard/gateway";
 * const options: SharedResponseCacheOptions = { prefix: "gw:", namespace: "eval" };
 * ```
 */
export interface SharedResponseCacheOptions {
  /** The store's key prefix, as the Redis store's `prefix`. Default `switchyard:`. */
  readonly prefix?: string;
  /** Separates caches that share a Redis (and a prefix). Default none. */
  readonly namespace?: string;
  /**
   * Longest wait for Redis, in ms: a slower read is a miss and a slower
   * write is not waited for, so a stalled Redis never holds a request.
   * Default 100. 0 is taken as given, as by the shared rate-limit store:
   * no answer that takes any time (a real Redis's) is waited for, so every
   * read is a miss; it is not "no bound" and not the default.
   */
  readonly timeoutMs?: number;
}

const GET = "return redis.call('GET', KEYS[1])";
const SET = "redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1";

/**
 * A {@linkcode ResponseCache} in Redis, through the same
 * {@linkcode RedisScriptClient} as the Redis store. Keys are
 * `<prefix>cache:<namespace>:<hash>` (`<prefix>cache:<hash>` without a
 * namespace). A Redis that fails or does not answer in `timeoutMs` reads
 * as a miss and drops the write: the request goes upstream.
 *
 * @example Over a client (here a stand-in that records the command)
 * ```ts
 * import { SharedResponseCache } from "@switchyard/switchyard/gateway";
 * const seen: string[][] = [];
 * const cache = new SharedResponseCache({
 *   eval: (_script, keys, args) => { seen.push([...keys, ...args]); return Promise.resolve(1); },
 * }, { prefix: "gw:", namespace: "eval" });
 * await cache.set("abc", "{}", 60_000);
 * console.log(seen[0]); // [ "gw:cache:eval:abc", "{}", "60000" ]
 * ```
 */
export class SharedResponseCache implements ResponseCache {
  readonly #client: RedisScriptClient;
  readonly #base: string;
  readonly #timeoutMs: number;

  /**
   * Creates the cache over a connected client.
   *
   * @param client The script client (`fromNodeRedis`, `fromIoRedis`).
   * @param options Prefix, namespace and timeout.
   */
  constructor(
    client: RedisScriptClient,
    options: SharedResponseCacheOptions = {},
  ) {
    this.#client = client;
    const prefix = options.prefix ?? "switchyard:";
    this.#base = options.namespace
      ? `${prefix}cache:${options.namespace}:`
      : `${prefix}cache:`;
    this.#timeoutMs = options.timeoutMs ?? 100;
  }

  /** Runs one script, undefined when Redis fails or is too slow. */
  async #run(script: string, keys: string[], args: string[]) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), this.#timeoutMs);
    });
    try {
      return await Promise.race([
        this.#client.eval(script, keys, args).catch(() => undefined),
        late,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The entry under `key`.
   *
   * @param key The cache key.
   * @returns The value, or undefined when missing, expired or unreachable.
   */
  async get(key: string): Promise<string | undefined> {
    const reply = await this.#run(GET, [this.#base + key], []);
    return typeof reply === "string" ? reply : undefined;
  }

  /**
   * Keeps `value` under `key` for `ttlMs` (Redis expires it).
   *
   * @param key The cache key.
   * @param value The serialized answer.
   * @param ttlMs Milliseconds to keep it; 0 or less keeps nothing.
   */
  async set(key: string, value: string, ttlMs: number): Promise<void> {
    if (!(ttlMs > 0)) return;
    await this.#run(SET, [this.#base + key], [
      value,
      String(Math.ceil(ttlMs)),
    ]);
  }
}
