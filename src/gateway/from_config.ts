/**
 * A gateway from a config: {@linkcode createGatewayFromConfig} takes what
 * `parseGatewayConfig` returns (backends by provider name, keys, aliases,
 * routing, timeouts) and builds the adapters and the gateway;
 * {@linkcode planGateway} decides, from the environment and an optional
 * config file, everything `switchyard gateway` serves.
 *
 * - A config file (`SWITCHYARD_CONFIG`) that is a JSON **object** is the
 *   gateway config of `parseGatewayConfig`; a JSON **array** is the older
 *   backends-only list of `planBackends`. Comments and trailing commas are
 *   allowed in both. A config without `backends` keeps the environment
 *   shortcuts (`OPENAI_API_KEY`, … see `env_backends.ts`) or the local test
 *   backends.
 * - `HOST` is the listen address (default `127.0.0.1`); anything but loopback
 *   without keys is refused.
 * - The config's `redis: { url, prefix? }`, else `REDIS_URL`, names the Redis
 *   a fleet of gateways shares. Connecting it is the caller's (the
 *   `switchyard` command does it with the client it finds), since this
 *   package has no runtime dependency: pass the store as `store`.
 *
 * @module
 */
import { type BackendSpec, createAdapter } from "./providers.ts";
import { planBackends } from "./env_backends.ts";
import { blankJsonc } from "./_jsonc.ts";
import {
  checkListenHost,
  type Env,
  type GatewayConfig,
  GatewayConfigError,
  parseGatewayConfig,
  type RedisConfig,
} from "./config.ts";
import { createGateway } from "./gateway.ts";
import type { Gateway, GatewayOptions } from "./gateway_types.ts";
import { configError } from "./_whole_config_error.ts";
import { redisUrlProblem } from "./_redis_url.ts";
import { cacheOptionsOf } from "./cache/_config.ts";
import type { CacheConfig } from "./cache/options.ts";

/**
 * Gateway options a config sets: everything but the backends.
 *
 * @example Usage
 * ```ts
 * import type { ConfigOptions } from "@switchyard/switchyard/gateway";
 * const options: ConfigOptions = { aliases: { fast: "echo" }, maxStreams: 8 };
 * ```
 */
export type ConfigOptions = Omit<GatewayOptions, "router" | "backends">;

/**
 * The gateway to start.
 *
 * @example Usage
 * ```ts
 * import { planGateway, type GatewayPlan } from "@switchyard/switchyard/gateway";
 * const plan: GatewayPlan = await planGateway(() => undefined, () => "");
 * console.log(plan.specs.length); // 2
 * ```
 */
export interface GatewayPlan {
  /** Where the backends came from. */
  source: "config" | "env" | "local";
  /** The backends, in fallback order. */
  specs: BackendSpec[];
  /** Gateway options from the config (keys, aliases, routing, timeouts). */
  options: ConfigOptions;
  /** Listen address. */
  host: string;
  /** The listener's limits from the config's `server` (defaults otherwise). */
  server: NonNullable<GatewayConfig["server"]>;
  /** Shared state for a fleet: the config's `redis`, else `REDIS_URL`. */
  redis?: RedisConfig;
  /** The config's `cache`; a `shared` one is built on the Redis connection. */
  cache?: CacheConfig;
}

/**
 * The gateway options a parsed config sets (all but its backends).
 *
 * @param config A config from `parseGatewayConfig`.
 * @returns Keys, aliases, router settings, timeouts and limits.
 *
 * @example Usage
 * ```ts
 * import { configOptions, parseGatewayConfig } from "@switchyard/switchyard/gateway";
 * const config = await parseGatewayConfig('{"maxStreams": 8}', () => undefined);
 * console.log(configOptions(config).maxStreams); // 8
 * ```
 */
export function configOptions(config: GatewayConfig): ConfigOptions {
  const options: ConfigOptions = {
    keys: config.keys,
    aliases: config.aliases,
    routerConfig: config.routerConfig,
  };
  if (config.fallbackChain) options.fallbackChain = config.fallbackChain;
  if (config.requestTimeoutMs !== undefined) {
    options.requestTimeoutMs = config.requestTimeoutMs;
  }
  if (config.maxBodyBytes !== undefined) {
    options.maxBodyBytes = config.maxBodyBytes;
  }
  if (config.maxStreams !== undefined) options.maxStreams = config.maxStreams;
  if (config.passthrough !== undefined) {
    options.passthrough = config.passthrough;
  }
  if (config.passthroughTokens !== undefined) {
    options.passthroughTokens = config.passthroughTokens;
  }
  // The shared cache needs the Redis client: the command adds it.
  const cache = config.responseCache && cacheOptionsOf(config.responseCache);
  if (cache) options.cache = cache;
  if (config.admin !== undefined) options.admin = config.admin;
  if (config.prices !== undefined) options.prices = config.prices;
  return options;
}

/** The config's backends as specs, each checked by building it once. */
function configSpecs(config: GatewayConfig): BackendSpec[] {
  return config.backends.map((backend, i): BackendSpec => {
    const { models: _models, ...spec } = backend;
    try {
      createAdapter(spec); // checks the provider and its key now
    } catch (error) {
      if (error instanceof GatewayConfigError) {
        throw configError(`config: backends[${i}] ${error.message}`);
      }
      throw error;
    }
    return spec;
  });
}

/**
 * The backends a config names, or, when it names none, the environment
 * shortcuts (`OPENAI_API_KEY`, …) or else the local test backends.
 *
 * @param config A parsed config, or undefined for none.
 * @param env Reads an environment variable.
 * @returns The backends and where they came from.
 * @throws {GatewayConfigError} For a backend that cannot be built.
 *
 * @example Nothing configured
 * ```ts
 * import { backendsOf } from "@switchyard/switchyard/gateway";
 * console.log(backendsOf(undefined, () => undefined).source); // "local"
 * ```
 */
export function backendsOf(
  config: GatewayConfig | undefined,
  env: Env,
): Pick<GatewayPlan, "source" | "specs"> {
  if (config && config.backends.length > 0) {
    return { source: "config", specs: configSpecs(config) };
  }
  // The config (if any) was read already: the shortcuts must not read it
  // again as a backends-only list.
  return planBackends(
    (name) => name === "SWITCHYARD_CONFIG" ? undefined : env(name),
    () => "",
  );
}

/**
 * Builds a gateway from a parsed config: its backends by provider name
 * (`"$VAR"` keys already read by `parseGatewayConfig`), keys, aliases,
 * routing, breaker, timeouts and limits. Without `backends` in the config,
 * the environment shortcuts of `env` apply (`OPENAI_API_KEY` with
 * `OPENAI_BASE_URL` and `OPENAI_MODEL`, `ANTHROPIC_API_KEY`,
 * `GEMINI_API_KEY`, `OLLAMA_HOST`, `SWITCHYARD_DEFAULT_MODEL`), else two
 * local test backends. The config's `redis` is not connected here: give the
 * store in `extra.store`.
 *
 * @param config What `parseGatewayConfig` returned.
 * @param env Reads an environment variable (default: none set).
 * @param extra Options the file does not hold: `logger`, `store`, `onWarning`, `now`.
 * @returns The gateway; `dispose()` it when done.
 * @throws {GatewayConfigError} For a backend that cannot be built.
 *
 * @example A gateway in front of a local OpenAI-compatible server
 * ```ts
 * import { createGatewayFromConfig, parseGatewayConfig } from "@switchyard/switchyard/gateway";
 * const config = await parseGatewayConfig(`{
 *   // a vLLM server on this machine
 *   "backends": [{ "name": "local", "provider": "vllm", "baseURL": "http://127.0.0.1:8001/v1", "models": ["qwen"] }],
 * }`, () => undefined);
 * const gateway = createGatewayFromConfig(config);
 * const models = await gateway(new Request("http://localhost/v1/models"));
 * console.log((await models.json()).data.map((m: { id: string }) => m.id).includes("qwen")); // true
 * gateway.dispose();
 * ```
 */
export function createGatewayFromConfig(
  config: GatewayConfig,
  env: Env = () => undefined,
  extra: Pick<GatewayOptions, "logger" | "store" | "onWarning" | "now"> = {},
): Gateway {
  const { specs } = backendsOf(config, env);
  return createGateway({
    ...configOptions(config),
    ...extra,
    backends: specs.map((spec) => [spec.name, createAdapter(spec)]),
  });
}

/**
 * Which Redis to use: the config's `redis`, else `REDIS_URL`, else none.
 *
 * @param config The config file's `redis` section, if any.
 * @param env Reads an environment variable.
 * @returns The Redis settings, or undefined.
 * @throws {GatewayConfigError} For a `REDIS_URL` that is not a redis:// or rediss:// URL, or whose path is not a database number.
 *
 * @example Usage
 * ```ts
 * import { redisSettings } from "@switchyard/switchyard/gateway";
 * console.log(redisSettings(undefined, () => "redis://127.0.0.1:6379")); // { url: "redis://127.0.0.1:6379" }
 * ```
 */
export function redisSettings(
  config: RedisConfig | undefined,
  env: Env,
): RedisConfig | undefined {
  if (config) return config;
  const url = env("REDIS_URL");
  if (!url) return undefined;
  const problem = redisUrlProblem(url);
  if (problem !== undefined) {
    throw new GatewayConfigError("REDIS_URL", problem, `REDIS_URL ${problem}`);
  }
  return { url };
}

/**
 * Decides what to serve from the environment and the config file it names
 * (`SWITCHYARD_CONFIG`, read with `readTextFile`; give an absolute path, as
 * the command does, so the file read is the one the user meant).
 *
 * @param env Reads an environment variable.
 * @param readTextFile Reads the config file.
 * @returns Backends, options, host, listener limits and Redis settings.
 * @throws {GatewayConfigError} One line saying what is wrong.
 *
 * @example Nothing configured
 * ```ts
 * import { planGateway } from "@switchyard/switchyard/gateway";
 * const plan = await planGateway(() => undefined, () => "");
 * console.log(plan.source, plan.host); // "local" "127.0.0.1"
 * ```
 */
export async function planGateway(
  env: Env,
  readTextFile: (path: string) => string,
): Promise<GatewayPlan> {
  const host = env("HOST") || "127.0.0.1";
  const path = env("SWITCHYARD_CONFIG");
  let config: GatewayConfig | undefined;
  let plan: Pick<GatewayPlan, "source" | "specs"> | undefined;
  if (path) {
    let text: string;
    try {
      text = readTextFile(path);
    } catch (error) {
      throw configError(`${path}: cannot read (${(error as Error).message})`);
    }
    if (blankJsonc(text).trimStart().startsWith("[")) {
      plan = planBackends(env, () => text); // the older backends-only list
    } else {
      config = await parseGatewayConfig(text, env);
    }
  }
  plan ??= backendsOf(config, env);
  const options = config ? configOptions(config) : {};
  // An admin key guards the admin API and makes every model route need a
  // key, so it counts as one for the loopback rule.
  checkListenHost(
    host,
    (options.keys?.length ?? 0) + (options.admin === undefined ? 0 : 1),
  );
  const redis = redisSettings(config?.redis, env);
  if (config?.responseCache?.store === "shared" && !redis) {
    throw new GatewayConfigError(
      "cache.store",
      'is "shared" but no Redis is configured (the config\'s redis, or REDIS_URL)',
    );
  }
  return {
    ...plan,
    options,
    host,
    server: config?.server ?? {},
    ...(redis ? { redis } : {}),
    ...(config?.responseCache ? { cache: config.responseCache } : {}),
  };
}
