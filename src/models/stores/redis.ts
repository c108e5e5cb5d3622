/**
 * A {@linkcode RouterStore} on Redis, so a fleet of routers (gateway
 * instances behind a load balancer) shares breakers, cooldowns, health,
 * counters and token buckets. It runs on a Redis client the application
 * already has — node-redis, ioredis, or anything that can run a Lua script
 * — so the package keeps zero runtime dependencies.
 *
 * - **Atomic.** Every state change is one Lua script: a breaker opens in the
 *   script that counts the threshold-th failure (counted across the fleet,
 *   not per instance), exactly one caller in the fleet gets the half-open
 *   probe, a token bucket never admits more than its capacity.
 * - **Keys** are `<prefix>b:<backend>` (breaker), `h:` (health), `c:`
 *   (counters), `t:` (token buckets) and `s:` (the gateway's spend per key
 *   and budget period, each expiring after its period, and `s:ledger:<id>`,
 *   the charges each gateway instance made, so a charge sent again after a
 *   lost answer is added once), with `prefix` default
 *   `switchyard:`; every write renews an expiry (`ttl`, default one day;
 *   a bucket expires once it would be full again). Records (`r:<space>`,
 *   a hash, and its version `v:<space>`; the gateway's keys created at run
 *   time) never expire.
 * - **Propagation.** A Router re-reads the fleet's breakers in the
 *   background every `storeSyncInterval` ms (default 50) and adopts the
 *   record every script returns, so a breaker opened by a sibling is seen
 *   at its next background read: within that interval plus one round trip
 *   (about 30 ms median on loopback, `bench/models_store_bench.ts`).
 *   LiteLLM's proxy re-reads its cooldowns every second.
 * - **One probe.** In half-open one Router of the fleet claims the probe;
 *   the record carries the claim's time, and a claim unreported for
 *   `probeLease` (its Router died or lost Redis mid-call) reads as none in
 *   every script and in every Router, so the next request probes again.
 * - **Faults.** Routing never waits on Redis. A script that fails or takes
 *   longer than `storeTimeout` (default 100 ms) switches the Router to its
 *   local state (`store-unavailable` warning); the next answer switches it
 *   back and adopts the fleet's state (`store-recovered`). A probe claim
 *   answered too late is handed back, and a probe's outcome or hand-back
 *   that Redis refused (an error such as `NOREPLICAS`) is sent again at its
 *   next answer, so the fleet does not wait `probeLease` for a probe that
 *   did report.
 * - **Clocks.** Times are the Routers' `now()` readings (default
 *   `Date.now`): keep the fleet's clocks in sync (NTP), as breaker timeouts
 *   are compared across machines.
 *
 * @example A fleet on node-redis
 * ```ts ignore
 * import { createClient } from "redis";
 * import { createRouter } from "@switchyard/switchyard/models";
 * import { createRedisStore, fromNodeRedis } from "@switchyard/switchyard/models/redis";
 *
 * const client = await createClient({ url: "redis://127.0.0.1:6379" }).connect();
 * const router = createRouter({
 *   store: createRedisStore(fromNodeRedis(client), { prefix: "gw:" }),
 *   enableCircuitBreaker: true,
 * });
 * ```
 *
 * @module
 */

import type {
  BreakerRecord,
  BreakerRules,
  RecordSpace,
  RecordWrite,
  RouterStore,
  TokenResult,
} from "../store.ts";
import * as lua from "./_redis_scripts.ts";
import { checkAmount, checkDelta } from "./_delta.ts";
import { AdapterError, ErrorCode } from "../errors.ts";

export type {
  BreakerRecord,
  BreakerRules,
  MaybePromise,
  RecordSpace,
  RecordWrite,
  RouterStore,
  TokenResult,
} from "../store.ts";

/**
 * What the Redis store needs of a client: run a Lua script with keys and
 * arguments and resolve with its reply (arrays, integers, strings).
 *
 * @example A client over any `EVAL`
 * ```ts
 * import type { RedisScriptClient } from "@switchyard/switchyard/models/redis";
 * const client: RedisScriptClient = {
 *   eval: (script, keys, args) => Promise.resolve([script.length, keys.length, args.length]),
 * };
 * ```
 */
export interface RedisScriptClient {
  /** Runs `EVAL script numkeys ...keys ...args`. */
  eval(script: string, keys: string[], args: string[]): Promise<unknown>;
}

/**
 * Adapts a node-redis client (v4 or later) through its `sendCommand`.
 *
 * @param client A connected node-redis client.
 * @returns The script client the store runs on.
 *
 * @example Usage
 * ```ts
 * import { fromNodeRedis } from "@switchyard/switchyard/models/redis";
 * const client = fromNodeRedis({ sendCommand: (args) => Promise.resolve(args.length) });
 * console.log(await client.eval("return 1", [], [])); // 3
 * ```
 */
export function fromNodeRedis(
  client: { sendCommand(args: string[]): Promise<unknown> },
): RedisScriptClient {
  return {
    eval: (script, keys, args) =>
      client.sendCommand([
        "EVAL",
        script,
        String(keys.length),
        ...keys,
        ...args,
      ]),
  };
}

/**
 * Adapts an ioredis client through its `eval(script, numKeys, ...)`.
 *
 * @param client An ioredis client.
 * @returns The script client the store runs on.
 *
 * @example Usage
 * ```ts
 * import { fromIoRedis } from "@switchyard/switchyard/models/redis";
 * const client = fromIoRedis({ eval: (_script, n) => Promise.resolve(n) });
 * console.log(await client.eval("return 1", ["k"], [])); // 1
 * ```
 */
export function fromIoRedis(
  client: {
    eval(script: string, numKeys: number, ...args: string[]): Promise<unknown>;
  },
): RedisScriptClient {
  return {
    eval: (script, keys, args) =>
      client.eval(script, keys.length, ...keys, ...args),
  };
}

/**
 * Options of {@linkcode createRedisStore}; a `ttl` or `probeLease` that is
 * not a positive, finite number throws an `AdapterError` with code
 * `INVALID_REQUEST`.
 *
 * @example Usage
 * ```ts
 * import type { RedisStoreOptions } from "@switchyard/switchyard/models/redis";
 * const options: RedisStoreOptions = { prefix: "gateway:", ttl: 3_600_000 };
 * ```
 */
export interface RedisStoreOptions {
  /** Prepended to every key. Default `switchyard:`. */
  readonly prefix?: string;
  /** Expiry (ms) renewed by every write of a breaker, health or counters key. Default 86 400 000. */
  readonly ttl?: number;
  /**
   * How long (ms) a half-open probe may go unreported before another router
   * may probe (its router died or lost Redis mid-call); keep it above the
   * longest call a probe may make. Default 60 000.
   */
  readonly probeLease?: number;
}

const STATES = ["closed", "open", "half-open"] as const;

function num(value: unknown): number {
  return typeof value === "number" ? value : Number(value);
}

function breakerOf(reply: unknown): BreakerRecord {
  const [s, f, u, e, p, a] = reply as unknown[];
  const until = num(u);
  const record = {
    state: STATES[num(s)] ?? "closed",
    failures: num(f),
    openUntil: until < 0 ? Infinity : until,
    epoch: num(e),
    probe: num(p) === 1,
  };
  return record.probe ? { ...record, probeAt: num(a) } : record;
}

/** A millisecond argument; Infinity (and only that) becomes -1. */
function ms(value: number): string {
  return value === Infinity ? "-1" : String(value);
}

class RedisStore implements RouterStore {
  readonly probeLease: number;
  readonly #client: RedisScriptClient;
  readonly #prefix: string;
  readonly #ttl: string;
  readonly #lease: string;

  constructor(client: RedisScriptClient, options: RedisStoreOptions) {
    if (typeof client?.eval !== "function") {
      throw configError("createRedisStore needs a client with eval()");
    }
    if (options.prefix !== undefined && typeof options.prefix !== "string") {
      throw configError("RedisStoreOptions.prefix must be a string");
    }
    this.#client = client;
    this.#prefix = options.prefix ?? "switchyard:";
    this.#ttl = String(positive(options.ttl, "ttl", 86_400_000));
    this.probeLease = positive(options.probeLease, "probeLease", 60_000);
    this.#lease = String(this.probeLease);
  }

  #key(kind: string, key: string): string {
    return `${this.#prefix}${kind}:${key}`;
  }

  /** The arguments every breaker script starts with: ttl, now, lease. */
  #head(now: number): string[] {
    return [this.#ttl, String(now), this.#lease];
  }

  async readBreakers(
    keys: readonly string[],
    now: number,
  ): Promise<BreakerRecord[]> {
    if (keys.length === 0) return [];
    const reply = await this.#client.eval(
      lua.READ,
      keys.map((key) => this.#key("b", key)),
      this.#head(now),
    );
    return (reply as unknown[]).map(breakerOf);
  }

  async recordFailure(
    key: string,
    now: number,
    ticket: number,
    rules: BreakerRules,
    count = 1,
  ): Promise<BreakerRecord> {
    return breakerOf(
      await this.#client.eval(lua.FAILURE, [this.#key("b", key)], [
        ...this.#head(now),
        String(ticket),
        rules.enabled ? "1" : "0",
        String(rules.threshold),
        ms(rules.timeout),
        String(count),
      ]),
    );
  }

  async recordSuccess(
    key: string,
    now: number,
    ticket: number,
  ): Promise<BreakerRecord> {
    return breakerOf(
      await this.#client.eval(lua.SUCCESS, [this.#key("b", key)], [
        ...this.#head(now),
        String(ticket),
      ]),
    );
  }

  async claimProbe(key: string, now: number): Promise<number> {
    return num(
      await this.#client.eval(
        lua.CLAIM,
        [this.#key("b", key)],
        this.#head(now),
      ),
    );
  }

  async releaseProbe(key: string, ticket: number): Promise<void> {
    // No time is passed in: the release moves nothing but the probe (as the
    // memory store's).
    await this.#client.eval(lua.RELEASE, [this.#key("b", key)], [
      ...this.#head(0),
      String(ticket),
    ]);
  }

  async openBreaker(
    key: string,
    now: number,
    duration: number,
    extendOnly: boolean,
  ): Promise<BreakerRecord> {
    return breakerOf(
      await this.#client.eval(lua.OPEN, [this.#key("b", key)], [
        ...this.#head(now),
        ms(duration),
        extendOnly ? "1" : "0",
      ]),
    );
  }

  async closeBreaker(key: string): Promise<void> {
    await this.#client.eval(lua.CLOSE, [this.#key("b", key)], this.#head(0));
  }

  async setHealth(key: string, healthy: boolean, at: number): Promise<void> {
    await this.#client.eval(lua.SET_HEALTH, [this.#key("h", key)], [
      this.#ttl,
      healthy ? "1" : "0",
      String(at),
    ]);
  }

  async readHealth(
    key: string,
  ): Promise<{ healthy: boolean; at: number } | undefined> {
    const [h, at] = await this.#client.eval(
      lua.READ_HEALTH,
      [this.#key("h", key)],
      [],
    ) as unknown[];
    if (h === null || h === undefined) return undefined;
    return { healthy: num(h) === 1, at: num(at) };
  }

  async addCounters(
    key: string,
    delta: Readonly<Record<string, number>>,
  ): Promise<void> {
    checkDelta(delta);
    const args = [this.#ttl];
    for (const name in delta) args.push(name, String(delta[name]));
    if (args.length === 1) return;
    await this.#client.eval(lua.ADD_COUNTERS, [this.#key("c", key)], args);
  }

  async readCounters(key: string): Promise<Record<string, number>> {
    const flat = await this.#client.eval(
      lua.READ_COUNTERS,
      [this.#key("c", key)],
      [],
    ) as unknown[];
    const counters: Record<string, number> = {};
    for (let i = 0; i + 1 < flat.length; i += 2) {
      counters[String(flat[i])] = num(flat[i + 1]);
    }
    return counters;
  }

  async addTotals(
    keys: readonly string[],
    amount: number,
    ttls: readonly number[],
    once?: {
      readonly writer: string;
      readonly seq: number;
      readonly floor: number;
    },
  ): Promise<number[]> {
    checkAmount(amount);
    if (keys.length === 0) return [];
    const totals = keys.map((key) => this.#key("s", key));
    const args = [
      String(amount),
      ...keys.map((_, i) => String(Math.ceil(ttls[i] ?? 0))),
    ];
    const reply =
      (once === undefined
        ? await this.#client.eval(lua.ADD_TOTALS, totals, args)
        : await this.#client.eval(
          lua.ADD_TOTALS_ONCE,
          [...totals, this.#key("s", `ledger:${once.writer}`)],
          [...args, String(once.seq), String(once.floor), this.#ttl],
        )) as unknown[];
    return reply.map(num);
  }

  async takeTokens(
    key: string,
    cost: number,
    capacity: number,
    refillPerSecond: number,
    now: number,
  ): Promise<TokenResult> {
    const [allowed, remaining, wait] = await this.#client.eval(
      lua.TAKE,
      [this.#key("t", key)],
      [String(cost), String(capacity), String(refillPerSecond), String(now)],
    ) as unknown[];
    const retry = num(wait);
    return {
      allowed: num(allowed) === 1,
      remaining: num(remaining),
      retryAfterMs: retry < 0 ? Infinity : retry,
    };
  }

  /** The records hash and the version key of a space: `r:` and `v:`. */
  #space(space: string): string[] {
    return [this.#key("r", space), this.#key("v", space)];
  }

  async readRecords(space: string): Promise<RecordSpace> {
    const [version, flat] = await this.#client.eval(
      lua.READ_RECORDS,
      this.#space(space),
      [],
    ) as [unknown, unknown[]];
    const records: Record<string, string> = {};
    for (let i = 0; i + 1 < flat.length; i += 2) {
      Object.defineProperty(records, String(flat[i]), {
        value: String(flat[i + 1]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return { version: num(version), records };
  }

  async recordsVersion(space: string): Promise<number> {
    return num(
      await this.#client.eval(
        lua.RECORDS_VERSION,
        [this.#key("v", space)],
        [],
      ),
    );
  }

  async writeRecord(
    space: string,
    id: string,
    mode: "create" | "replace" | "delete",
    value = "",
  ): Promise<RecordWrite> {
    const [ok, version] = await this.#client.eval(
      lua.WRITE_RECORD,
      this.#space(space),
      [id, mode, value],
    ) as unknown[];
    return { ok: num(ok) === 1, version: num(version) };
  }
}

/** Bad options: a typed error, like a bad RouterConfig's. */
function configError(message: string): AdapterError {
  return new AdapterError({ code: ErrorCode.INVALID_REQUEST, message });
}

function positive(value: number | undefined, field: string, fallback: number) {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !(value > 0) || !Number.isFinite(value)) {
    throw configError(
      `RedisStoreOptions.${field} must be a positive, finite number of milliseconds`,
    );
  }
  return Math.ceil(value);
}

/**
 * A {@linkcode RouterStore} on Redis for `RouterConfig.store`.
 *
 * @param client A script client: {@linkcode fromNodeRedis}, {@linkcode fromIoRedis} or your own.
 * @param options Key prefix, expiry and probe lease.
 * @returns The store; closing the client is the application's business.
 *
 * @example Usage
 * ```ts
 * import { createRedisStore, type RedisScriptClient } from "@switchyard/switchyard/models/redis";
 * const client: RedisScriptClient = { eval: () => Promise.resolve(-1) };
 * const store = createRedisStore(client, { prefix: "gw:" });
 * console.log(await store.claimProbe("openai", Date.now())); // -1
 * ```
 */
export function createRedisStore(
  client: RedisScriptClient,
  options: RedisStoreOptions = {},
): RouterStore {
  return new RedisStore(client, options);
}
