/**
 * The gateway's JSON config file, validated. Comments (line and block) and
 * trailing commas are allowed, as in deno.json. Every error is one line naming
 * the field, e.g. `config: keys[0].rpm must be a positive integer`. A name
 * from the file with quotes, spaces or line breaks is shown JSON-quoted
 * (`aliases["a\nb"]`, `repeats "a\"b"`); a file that is not JSON is reported
 * by line and column only (`file is not valid JSON: unexpected character at
 * line 3 column 5`), never by quoting it, since it may hold a secret.
 *
 * ```json
 * {
 *   "backends": [
 *     { "name": "openai", "provider": "openai", "apiKey": "$OPENAI_API_KEY", "models": ["gpt-4o-mini"] },
 *     { "name": "local", "provider": "ollama", "baseURL": "http://127.0.0.1:11434", "defaultModel": "llama3.2" }
 *   ],
 *   "routing": { "strategy": "explicit", "fallback": "sequential", "fallbackChain": ["openai", "local"], "defaultBackend": "openai" },
 *   "aliases": { "fast": "local/llama3.2" },
 *   "breaker": { "threshold": 5, "timeoutMs": 30000 },
 *   "healthChecks": { "intervalMs": 30000, "timeoutMs": 5000 },
 *   "timeouts": { "requestMs": 60000, "attemptMs": 20000, "deadlineMs": 50000 },
 *   "retries": { "count": 2, "baseDelayMs": 500, "maxDelayMs": 10000 },
 *   "redis": { "url": "redis://127.0.0.1:6379", "prefix": "switchyard" },
 *   "maxBodyBytes": 4194304,
 *   "maxStreams": 256,
 *   "server": { "headersTimeoutMs": 10000, "bodyTimeoutMs": 60000, "idleTimeoutMs": 30000, "maxConnections": 1024, "maxHeaderBytes": 65536 },
 *   "keys": [
 *     { "id": "team-a", "key": "$TEAM_A_KEY", "models": ["fast", "gpt-4o-mini"], "rpm": 60, "tpm": 100000 },
 *     { "id": "ci", "sha256": "…64 hex digits…" }
 *   ]
 * }
 * ```
 *
 * | field | meaning |
 * |---|---|
 * | `backends[]` | `name` (no `/`), `provider` (a provider registry name: `openai`, `anthropic`, `gemini`, `ollama`, `cohere`, an OpenAI-compatible preset; or `echo`/`mock`, the in-process test backends), `apiKey` (`"$VAR"` reads the environment; a literal is refused, except for providers that need no key: `ollama`, `vllm`, `llamacpp`, `lmstudio`, `echo`, `mock`), `baseURL`, `models` (names this backend serves: each becomes an alias `name/model`, the first is the default model unless `defaultModel` is set), `defaultModel`, `maxTokensParameter`. Optional: without backends the environment shortcuts apply |
 * | `routing.strategy` | the model router's `routingStrategy` (`explicit`, `round-robin`, `random`, `latency-optimized`, `cost-optimized`, `model-based`) |
 * | `routing.fallback` | `none`, `sequential` (default) or `parallel` |
 * | `routing.fallbackChain` | backend names, in fallback order |
 * | `routing.defaultBackend` | default: the first backend |
 * | `routing.fallbackOnClientError` | `true`: fallback may answer a request a backend rejected as the client's error (400, 404 `model_not_found`, 422); default `false`, the rejection reaches the client (router `fallbackOnClientError`) |
 * | `routing.cooldownOnRateLimit` | `false`: a 429 with `Retry-After` does not take the backend out of routing for that long; default `true` (router `cooldownOnRateLimit`) |
 * | `aliases` | client model name → model name (`"backend/model"`, a backend, or any name). Aliases resolve once, so a target that is another alias (and not also a backend or a backend's model) is refused, as is `"backend/"` without a model; any other name goes to routing, which no config check can rule out |
 * | `breaker` | `enabled` (default true when the section is given; without it breakers stay off, the router's default), `threshold` (consecutive failures, default 5), `timeoutMs` (open → half-open, default 60000) |
 * | `healthChecks` | `intervalMs` (background health checks of every backend; 0, the default, disables them), `timeoutMs` (bound on one check, default 5000) |
 * | `timeouts.requestMs` | longest wait for an answer (a stream's first output); 504 past it |
 * | `timeouts.attemptMs` | longest one attempt on one backend may run; past it the attempt counts as a `TIMEOUT` failure (breaker, stats) and fallback goes on (router `attemptTimeout`) |
 * | `timeouts.deadlineMs` | overall budget of retries and fallbacks of one request (router `deadline`) |
 * | `retries` | on the same backend before falling back, for retryable failures: `count` (default 0), `baseDelayMs` (first backoff, doubled each time, with jitter; default 500), `maxDelayMs` (longest wait; a longer `Retry-After` falls back instead; default 10000) |
 * | `redis` | `url` (`redis://` or `rediss://`, its path a database number or none; `"$VAR"` reads the environment) and `prefix` (key namespace, default `switchyard`) and `timeoutMs` (longest wait for one Redis call before an instance counts on its own, default 100): breakers, cooldowns and per-key rate limits shared by every gateway on that Redis. `createGateway` takes the store itself (`store`); `examples/serve.ts` connects it |
 * | `maxBodyBytes` | largest request body (default 4 MiB) |
 * | `maxStreams` | most streamed answers open at once (default 256); 503 with `Retry-After: 1` past it |
 * | `passthrough` | `false` turns off same-wire passthrough: the client's body sent as is to a backend of its wire, and the upstream's answer relayed byte for byte (default `true`; see the gateway's module docs) |
 * | `passthroughTokens` | which passed-through streams have their tokens read: `"tpm"` (default: those of keys with a `tpm` limit) or `"all"` |
 * | `server` | the listener's limits, for `serveGateway`: `headersTimeoutMs`, `bodyTimeoutMs`, `idleTimeoutMs`, `maxConnections`, `maxHeaderBytes` (see `./serve`) |
 * | `admin` | the admin API and console, off without it: `key` (`"$VAR"`) or `sha256` of the admin key, `path` (default `/admin`), `consolePath` (default `/console`), `syncMs` (default 1000: how stale an instance's view of runtime keys may be). See docs/gateway/admin.md |
 * | `keys[]` | `id`, and `key` (`"$VAR"`, hashed when read; a literal secret is refused) or `sha256` (64 hex digits in either letter case; the secret itself is case-sensitive); `models`, `backends`, `rpm`, `tpm`, `cache` (true/false: this key's requests use the response cache or not), `budget` (`{ "usd": 5, "period": "day" }` or a list, one per period: `day`, `week`, `month` in UTC, or `total`; see `budgets.ts`) |
 * | `cache` | the response cache: `store` (`memory`, default, or `shared`: the config's Redis), `ttlSeconds` (default 3600), `maxBytes` (`memory` only, default 64 MiB), `namespace` (`shared` only), `enabled` (default true; `false`: only keys with `cache: true` and requests sending `x-switchyard-cache-ttl`). See docs/gateway/cache.md |
 * | `prices` | model name (or name prefix) → `{ input, output, cachedInput?, cacheWrite?, reasoning? }` in USD per million tokens: prices custom models and overrides the built-in table |
 *
 * Unknown fields are errors, so a typo never silently disables a setting.
 *
 * @module
 */
import type {
  FallbackStrategy,
  RouterConfig,
  RoutingStrategy,
} from "../models/mod.ts";
import { type ApiKey, hashKey } from "./keys.ts";
import type { AdminOptions } from "./gateway_types.ts";
import { adminPathProblem } from "./_admin_path.ts";
import { redisUrlProblem } from "./_redis_url.ts";
import {
  SERVE_DEFAULTS,
  type ServeLimits,
  type ServeOptions,
} from "../serve/options.ts";
import {
  boolean,
  GatewayConfigError,
  member,
  nonNegativeInteger,
  object,
  oneOf,
  only,
  positiveInteger,
  quote,
  setOwn,
  string,
  strings,
} from "./_config_fields.ts";

import { jsonErrorPosition } from "./_json_position.ts";
import { readCache } from "./cache/_config.ts";
import type { CacheConfig } from "./cache/options.ts";
import { readBudget, readPrices } from "./_config_cost.ts";
import type { ModelPrice } from "../models/adapters/_prices.ts";
import { blankJsonc } from "./_jsonc.ts";
import {
  type BackendConfig,
  checkAliasTarget,
  type Env,
  readBackends,
  secret,
} from "./_config_backends.ts";

export { GatewayConfigError };
export type { BackendConfig, Env };

/**
 * A validated config: the backends to build, and the gateway options.
 *
 * @example Usage
 * ```ts
 * import type { GatewayConfig } from "@switchyard/switchyard/gateway";
 * const config: GatewayConfig = { backends: [], keys: [], aliases: {}, routerConfig: {} };
 * ```
 */
export interface GatewayConfig {
  /** Backends in fallback order (empty: use the environment shortcuts). */
  backends: BackendConfig[];
  /** Client keys. */
  keys: ApiKey[];
  /** Aliases, including one per backend model. */
  aliases: Record<string, string>;
  /** Router settings: strategy, fallback, default backend, breaker. */
  routerConfig: RouterConfig;
  /** Fallback order, when given. */
  fallbackChain?: string[];
  /** `timeouts.requestMs`. */
  requestTimeoutMs?: number;
  /** `maxBodyBytes`. */
  maxBodyBytes?: number;
  /** `maxStreams`. */
  maxStreams?: number;
  /** `passthrough` (default true). */
  passthrough?: boolean;
  /** `passthroughTokens` (default `"tpm"`). */
  passthroughTokens?: "tpm" | "all";
  /** `server`: the listener's limits (hostname and port come from elsewhere). */
  server?: Omit<ServeOptions, "hostname" | "port" | "maxBodyBytes">;
  /** `redis`: where a fleet of gateways keeps its shared state. */
  redis?: RedisConfig;
  /**
   * `cache`: the response cache (off when absent). Not named `cache`, so a
   * config spread into `createGateway`'s options does not pass a section
   * where a built cache is expected.
   */
  responseCache?: CacheConfig;
  /** `admin`: the admin API and console (off without it). */
  admin?: AdminOptions;
  /** `prices`: USD per million tokens by model, over the built-in table. */
  prices?: Record<string, ModelPrice>;
}

/**
 * The `redis` section: the server a fleet of gateways shares.
 *
 * @example Usage
 * ```ts
 * import type { RedisConfig } from "@switchyard/switchyard/gateway";
 * const redis: RedisConfig = { url: "redis://127.0.0.1:6379", prefix: "switchyard" };
 * ```
 */
export interface RedisConfig {
  /** `redis://` or `rediss://` URL (already read from `$VAR`). */
  url: string;
  /** Key namespace, when not the store's default. */
  prefix?: string;
  /**
   * Longest wait for one Redis call, in ms, before an instance counts on
   * its own (breakers, rate limits, budgets). Default 100.
   */
  timeoutMs?: number;
}

// The listener's limits: every ServeOptions field but the address and the
// body bound, which is the gateway's own `maxBodyBytes` (answered in the
// client's wire shape).
type ServerField = Exclude<
  keyof ServeLimits,
  "hostname" | "port" | "maxBodyBytes"
>;
const SERVER_FIELDS = (Object.keys(SERVE_DEFAULTS) as (keyof ServeLimits)[])
  .filter((field) =>
    field !== "hostname" && field !== "port" && field !== "maxBodyBytes"
  ) as ServerField[];

/** The router's millisecond and count settings the config sets directly. */
type RouterNumber =
  | "circuitBreakerThreshold"
  | "circuitBreakerTimeout"
  | "healthCheckInterval"
  | "healthCheckTimeout"
  | "attemptTimeout"
  | "deadline"
  | "maxRetries"
  | "retryBaseDelay"
  | "retryMaxDelay";

type NumberCheck = (value: unknown, field: string) => number;

/** Config section → field → the router setting it sets, and its check. */
const ROUTER_NUMBERS: Readonly<
  Record<string, Readonly<Record<string, readonly [RouterNumber, NumberCheck]>>>
> = {
  breaker: {
    threshold: ["circuitBreakerThreshold", positiveInteger],
    timeoutMs: ["circuitBreakerTimeout", positiveInteger],
  },
  healthChecks: {
    intervalMs: ["healthCheckInterval", nonNegativeInteger],
    timeoutMs: ["healthCheckTimeout", positiveInteger],
  },
  timeouts: {
    attemptMs: ["attemptTimeout", positiveInteger],
    deadlineMs: ["deadline", positiveInteger],
  },
  retries: {
    count: ["maxRetries", nonNegativeInteger],
    baseDelayMs: ["retryBaseDelay", nonNegativeInteger],
    maxDelayMs: ["retryMaxDelay", nonNegativeInteger],
  },
};

/** The fields of `section` that map to router settings. */
function fieldsOf(section: string): string[] {
  return Object.keys(ROUTER_NUMBERS[section]);
}

/** Copies `section`'s router settings into `target`, each checked by name. */
function readRouterNumbers(
  values: Record<string, unknown>,
  section: string,
  target: { -readonly [K in RouterNumber]?: number },
): void {
  for (
    const [field, [setting, check]] of Object.entries(ROUTER_NUMBERS[section])
  ) {
    if (values[field] !== undefined) {
      target[setting] = check(values[field], `${section}.${field}`);
    }
  }
}

const STRATEGIES: readonly RoutingStrategy[] = [
  "explicit",
  "model-based",
  "cost-optimized",
  "latency-optimized",
  "round-robin",
  "random",
];
const FALLBACKS: readonly FallbackStrategy[] = [
  "none",
  "sequential",
  "parallel",
];

async function readKeys(value: unknown, env: Env): Promise<ApiKey[]> {
  if (!Array.isArray(value)) {
    throw new GatewayConfigError("keys", "must be an array");
  }
  const ids = new Set<string>();
  const keys: ApiKey[] = [];
  for (const [i, item] of value.entries()) {
    const where = `keys[${i}]`;
    const raw = object(item, where);
    only(raw, where, [
      "id",
      "key",
      "sha256",
      "models",
      "backends",
      "rpm",
      "tpm",
      "cache",
      "budget",
    ]);
    const id = string(raw.id, `${where}.id`);
    if (ids.has(id)) {
      throw new GatewayConfigError(`${where}.id`, `repeats ${quote(id)}`);
    }
    ids.add(id);
    let sha256: string;
    if ((raw.key === undefined) === (raw.sha256 === undefined)) {
      throw new GatewayConfigError(where, "needs exactly one of key or sha256");
    }
    if (raw.key !== undefined) {
      const ref = string(raw.key, `${where}.key`);
      if (!ref.startsWith("$")) {
        throw new GatewayConfigError(
          `${where}.key`,
          'must name an environment variable ("$VAR"); a secret in the file is refused (or give sha256)',
        );
      }
      sha256 = await hashKey(secret(ref, `${where}.key`, env));
    } else {
      sha256 = string(raw.sha256, `${where}.sha256`).toLowerCase();
      if (!/^[0-9a-f]{64}$/.test(sha256)) {
        throw new GatewayConfigError(
          `${where}.sha256`,
          "must be 64 hex digits",
        );
      }
    }
    const key: ApiKey = { id, sha256 };
    if (raw.models !== undefined) {
      key.models = strings(raw.models, `${where}.models`);
    }
    if (raw.backends !== undefined) {
      key.backends = strings(raw.backends, `${where}.backends`);
    }
    if (raw.rpm !== undefined) {
      key.rpm = positiveInteger(raw.rpm, `${where}.rpm`);
    }
    if (raw.tpm !== undefined) {
      key.tpm = positiveInteger(raw.tpm, `${where}.tpm`);
    }
    if (raw.cache !== undefined) {
      key.cache = boolean(raw.cache, `${where}.cache`);
    }
    if (raw.budget !== undefined) {
      key.budget = readBudget(raw.budget, `${where}.budget`);
    }
    keys.push(key);
  }
  return keys;
}

async function readAdmin(value: unknown, env: Env): Promise<AdminOptions> {
  const raw = object(value, "admin");
  only(raw, "admin", ["key", "sha256", "path", "consolePath", "syncMs"]);
  if ((raw.key === undefined) === (raw.sha256 === undefined)) {
    throw new GatewayConfigError("admin", "needs exactly one of key or sha256");
  }
  let sha256: string;
  if (raw.key !== undefined) {
    const ref = string(raw.key, "admin.key");
    if (!ref.startsWith("$")) {
      throw new GatewayConfigError(
        "admin.key",
        'must name an environment variable ("$VAR"); a secret in the file is refused (or give sha256)',
      );
    }
    sha256 = await hashKey(secret(ref, "admin.key", env));
  } else {
    sha256 = string(raw.sha256, "admin.sha256").toLowerCase();
    if (!/^[0-9a-f]{64}$/.test(sha256)) {
      throw new GatewayConfigError("admin.sha256", "must be 64 hex digits");
    }
  }
  const admin: AdminOptions = { sha256 };
  for (const field of ["path", "consolePath"] as const) {
    if (raw[field] === undefined) continue;
    const path = string(raw[field], `admin.${field}`);
    const problem = adminPathProblem(path);
    if (problem !== undefined) {
      throw new GatewayConfigError(`admin.${field}`, problem);
    }
    admin[field] = path;
  }
  if (raw.syncMs !== undefined) {
    admin.syncMs = nonNegativeInteger(raw.syncMs, "admin.syncMs");
  }
  return admin;
}

function readRedis(value: unknown, env: Env): RedisConfig {
  const raw = object(value, "redis");
  only(raw, "redis", ["url", "prefix", "timeoutMs"]);
  const url = secret(raw.url, "redis.url", env);
  const problem = redisUrlProblem(url);
  if (problem !== undefined) throw new GatewayConfigError("redis.url", problem);
  const redis: RedisConfig = { url };
  if (raw.prefix !== undefined) {
    redis.prefix = string(raw.prefix, "redis.prefix");
  }
  if (raw.timeoutMs !== undefined) {
    redis.timeoutMs = positiveInteger(raw.timeoutMs, "redis.timeoutMs");
  }
  return redis;
}

function checkNames(
  names: readonly string[],
  known: ReadonlySet<string>,
  field: string,
): void {
  if (known.size === 0) return; // backends come from the environment
  names.forEach((name, i) => {
    if (!known.has(name)) {
      throw new GatewayConfigError(
        `${field}[${i}]`,
        `names no backend (${quote(name)})`,
      );
    }
  });
}

/**
 * Reads and validates a config file's text.
 *
 * @param text The JSON text.
 * @param env Reads an environment variable (for `"$VAR"` values).
 * @returns The validated config.
 * @throws {GatewayConfigError} One line naming the field.
 *
 * @example A key limit that is not a number
 * ```ts
 * import { parseGatewayConfig } from "@switchyard/switchyard/gateway";
 * const error = await parseGatewayConfig(
 *   '{"keys":[{"id":"a","key":"$A","rpm":"ten"}]}',
 *   () => "sk-a",
 * ).catch((e) => e.message);
 * console.log(error); // "config: keys[0].rpm must be a positive integer"
 * ```
 */
export async function parseGatewayConfig(
  text: string,
  env: Env,
): Promise<GatewayConfig> {
  // Its type says string, but a JavaScript caller may hand over the object
  // it already parsed: say so instead of failing inside the comment blanker
  // (an object is checked as the file's text is, so it goes as JSON).
  if (typeof text !== "string") {
    throw new GatewayConfigError(
      "file",
      `must be the file's text, a string (got ${
        text === null ? "null" : typeof text
      }); JSON.stringify an object first`,
    );
  }
  const plain = blankJsonc(text);
  let value: unknown;
  try {
    value = JSON.parse(plain);
  } catch {
    // Never JSON.parse's message: V8 quotes the source, newlines and all.
    const at = jsonErrorPosition(plain);
    throw new GatewayConfigError(
      "file",
      at === undefined
        ? "is not valid JSON"
        : `is not valid JSON: ${
          at.end ? "unexpected end" : "unexpected character"
        } at line ${at.line} column ${at.column}`,
    );
  }
  const raw = object(value, "file");
  only(raw, "", [
    "backends",
    "routing",
    "aliases",
    "breaker",
    "healthChecks",
    "timeouts",
    "retries",
    "redis",
    "maxBodyBytes",
    "maxStreams",
    "passthrough",
    "passthroughTokens",
    "server",
    "keys",
    "cache",
    "admin",
    "prices",
  ]);
  const backends = raw.backends === undefined
    ? []
    : readBackends(raw.backends, env);
  const known = new Set(backends.map((backend) => backend.name));
  const config: GatewayConfig = {
    backends,
    keys: raw.keys === undefined ? [] : await readKeys(raw.keys, env),
    aliases: {},
    routerConfig: {},
  };
  if (raw.cache !== undefined) config.responseCache = readCache(raw.cache);
  const routerConfig: { -readonly [K in keyof RouterConfig]: RouterConfig[K] } =
    {};
  if (raw.routing !== undefined) {
    const routing = object(raw.routing, "routing");
    only(routing, "routing", [
      "strategy",
      "fallback",
      "fallbackChain",
      "defaultBackend",
      "fallbackOnClientError",
      "cooldownOnRateLimit",
    ]);
    if (routing.fallbackOnClientError !== undefined) {
      routerConfig.fallbackOnClientError = boolean(
        routing.fallbackOnClientError,
        "routing.fallbackOnClientError",
      );
    }
    if (routing.cooldownOnRateLimit !== undefined) {
      routerConfig.cooldownOnRateLimit = boolean(
        routing.cooldownOnRateLimit,
        "routing.cooldownOnRateLimit",
      );
    }
    if (routing.strategy !== undefined) {
      routerConfig.routingStrategy = oneOf(
        routing.strategy,
        "routing.strategy",
        STRATEGIES,
      );
    }
    if (routing.fallback !== undefined) {
      routerConfig.fallbackStrategy = oneOf(
        routing.fallback,
        "routing.fallback",
        FALLBACKS,
      );
    }
    if (routing.defaultBackend !== undefined) {
      const name = string(routing.defaultBackend, "routing.defaultBackend");
      if (known.size > 0 && !known.has(name)) {
        throw new GatewayConfigError(
          "routing.defaultBackend",
          `names no backend (${quote(name)})`,
        );
      }
      routerConfig.defaultBackend = name;
    }
    if (routing.fallbackChain !== undefined) {
      const chain = strings(routing.fallbackChain, "routing.fallbackChain");
      checkNames(chain, known, "routing.fallbackChain");
      config.fallbackChain = chain;
    }
  }
  if (raw.breaker !== undefined) {
    const breaker = object(raw.breaker, "breaker");
    only(breaker, "breaker", ["enabled", ...fieldsOf("breaker")]);
    // A breaker section turns breakers on unless it says otherwise: a
    // threshold without breakers would silently do nothing.
    routerConfig.enableCircuitBreaker = breaker.enabled === undefined
      ? true
      : boolean(breaker.enabled, "breaker.enabled");
    readRouterNumbers(breaker, "breaker", routerConfig);
  }
  if (raw.healthChecks !== undefined) {
    const checks = object(raw.healthChecks, "healthChecks");
    only(checks, "healthChecks", fieldsOf("healthChecks"));
    readRouterNumbers(checks, "healthChecks", routerConfig);
  }
  if (raw.timeouts !== undefined) {
    const timeouts = object(raw.timeouts, "timeouts");
    only(timeouts, "timeouts", ["requestMs", ...fieldsOf("timeouts")]);
    if (timeouts.requestMs !== undefined) {
      config.requestTimeoutMs = positiveInteger(
        timeouts.requestMs,
        "timeouts.requestMs",
      );
    }
    readRouterNumbers(timeouts, "timeouts", routerConfig);
  }
  if (raw.retries !== undefined) {
    const retries = object(raw.retries, "retries");
    only(retries, "retries", fieldsOf("retries"));
    readRouterNumbers(retries, "retries", routerConfig);
    if (
      (routerConfig.retryBaseDelay ?? 500) >
        (routerConfig.retryMaxDelay ?? 10_000)
    ) {
      throw new GatewayConfigError(
        "retries.baseDelayMs",
        "must not exceed retries.maxDelayMs",
      );
    }
  }
  config.routerConfig = routerConfig;
  if (raw.redis !== undefined) {
    config.redis = readRedis(raw.redis, env);
  }
  if (raw.admin !== undefined) {
    config.admin = await readAdmin(raw.admin, env);
  }
  if (raw.maxBodyBytes !== undefined) {
    config.maxBodyBytes = positiveInteger(raw.maxBodyBytes, "maxBodyBytes");
  }
  if (raw.maxStreams !== undefined) {
    config.maxStreams = positiveInteger(raw.maxStreams, "maxStreams");
  }
  if (raw.passthrough !== undefined) {
    config.passthrough = boolean(raw.passthrough, "passthrough");
  }
  if (raw.passthroughTokens !== undefined) {
    config.passthroughTokens = oneOf(
      raw.passthroughTokens,
      "passthroughTokens",
      ["tpm", "all"] as const,
    );
  }
  if (raw.prices !== undefined) config.prices = readPrices(raw.prices);
  if (raw.server !== undefined) {
    const server = object(raw.server, "server");
    only(server, "server", SERVER_FIELDS);
    config.server = {};
    for (const field of SERVER_FIELDS) {
      if (server[field] !== undefined) {
        config.server[field] = positiveInteger(
          server[field],
          `server.${field}`,
        );
      }
    }
  }
  for (const backend of backends) {
    for (const model of backend.models ?? []) {
      if (!Object.hasOwn(config.aliases, model)) {
        setOwn(config.aliases, model, `${backend.name}/${model}`);
      }
    }
  }
  if (raw.aliases !== undefined) {
    const aliases = object(raw.aliases, "aliases");
    for (const [alias, target] of Object.entries(aliases)) {
      const field = member("aliases", alias);
      const value = string(target, field);
      checkAliasTarget(alias, value, aliases, backends, field);
      setOwn(config.aliases, alias, value);
    }
  }
  for (const [i, key] of config.keys.entries()) {
    checkNames(key.backends ?? [], known, `keys[${i}].backends`);
  }
  return config;
}

/**
 * True for a loopback listen address: `localhost`, `127.0.0.0/8`, `::1`.
 *
 * @param host The host name or address.
 * @returns Whether only this machine can connect.
 *
 * @example Usage
 * ```ts
 * import { isLoopback } from "@switchyard/switchyard/gateway";
 * console.log(isLoopback("127.0.0.1"), isLoopback("0.0.0.0")); // true false
 * ```
 */
export function isLoopback(host: string): boolean {
  const bare = host.trim().toLowerCase().replace(/^\[|\]$/g, "");
  return bare === "localhost" || bare === "::1" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare) ||
    bare === "0:0:0:0:0:0:0:1";
}

/**
 * Refuses to listen beyond loopback without keys: anyone who reaches the port
 * could spend the configured providers' credits.
 *
 * @param host The listen address (`HOST`).
 * @param keyCount Number of configured client keys.
 * @throws {GatewayConfigError} For a non-loopback address with no keys.
 *
 * @example Usage
 * ```ts
 * import { checkListenHost } from "@switchyard/switchyard/gateway";
 * checkListenHost("127.0.0.1", 0);
 * checkListenHost("0.0.0.0", 1);
 * try {
 *   checkListenHost("0.0.0.0", 0);
 * } catch (error) {
 *   console.log((error as Error).message.startsWith("HOST=0.0.0.0 is not a loopback address")); // true
 * }
 * ```
 */
export function checkListenHost(host: string, keyCount: number): void {
  if (keyCount > 0 || isLoopback(host)) return;
  const problem =
    "is not a loopback address and no keys are configured: anyone who can reach the port could use your providers; " +
    "add keys to the config file, or listen on 127.0.0.1";
  throw new GatewayConfigError("HOST", problem, `HOST=${host} ${problem}`);
}
