/**
 * What `deno task start` serves: the backends, the gateway options and the
 * listen address, from the environment and the optional config file.
 *
 * - `SWITCHYARD_CONFIG=path` names a JSON file. A JSON **object** is the
 *   gateway config of `./gateway` (`parseGatewayConfig`: backends, routing,
 *   aliases, breaker, timeouts, keys and limits); a JSON **array** is the
 *   older backends-only list that `_backends.ts` reads. A config without
 *   `backends` keeps the environment shortcuts (`OPENAI_API_KEY`, …) or the
 *   local test backends.
 * - Backends of the config are built by `_backends.ts` (`createAdapter`) for
 *   now; a provider registry replaces it later.
 * - `HOST` is the listen address (default `127.0.0.1`); anything but loopback
 *   without keys is refused.
 * - The config's `redis: { url, prefix? }`, else `REDIS_URL`, names the Redis
 *   a fleet of gateways shares (see `_redis.ts`).
 *
 * @module
 */
import {
  type BackendSpec,
  ConfigError,
  createAdapter,
  type EnvReader,
  planBackends,
} from "./_backends.ts";
import {
  checkListenHost,
  type GatewayConfig,
  GatewayConfigError,
  type GatewayOptions,
  parseGatewayConfig,
  type RedisConfig,
} from "../src/gateway/mod.ts";
import { redisSettings } from "./_redis.ts";

/** The gateway to start. */
export interface GatewayPlan {
  /** Where the backends came from. */
  source: "config" | "env" | "local";
  /** The backends, in fallback order. */
  specs: BackendSpec[];
  /** Gateway options from the config (keys, aliases, routing, timeouts). */
  options: Omit<GatewayOptions, "router" | "backends">;
  /** Listen address. */
  host: string;
  /** The listener's limits from the config's `server` (defaults otherwise). */
  server: NonNullable<GatewayConfig["server"]>;
  /** Shared state for a fleet: the config's `redis`, else `REDIS_URL`. */
  redis?: RedisConfig;
}

function fromConfig(config: GatewayConfig): GatewayPlan["options"] {
  const options: GatewayPlan["options"] = {
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
  return options;
}

/**
 * Decides what to serve.
 *
 * @param env Reads an environment variable.
 * @param readTextFile Reads the config file.
 * @returns Backends, options and host.
 * @throws {ConfigError} One line saying what is wrong.
 *
 * @example Nothing configured
 * ```ts
 * import { planGateway } from "./_gateway_setup.ts";
 * const plan = await planGateway(() => undefined, () => "");
 * console.log(plan.source, plan.host); // "local" "127.0.0.1"
 * ```
 */
export async function planGateway(
  env: EnvReader,
  readTextFile: (path: string) => string,
): Promise<GatewayPlan> {
  const host = env("HOST") || "127.0.0.1";
  const path = env("SWITCHYARD_CONFIG");
  let config: GatewayConfig | undefined;
  if (path) {
    let text: string;
    try {
      text = readTextFile(path);
    } catch (error) {
      throw new ConfigError(
        `${path}: cannot read (${(error as Error).message})`,
      );
    }
    if (!text.trimStart().startsWith("[")) {
      try {
        config = await parseGatewayConfig(text, env);
      } catch (error) {
        if (error instanceof GatewayConfigError) {
          throw new ConfigError(error.message);
        }
        throw error;
      }
    }
  }
  let plan: Pick<GatewayPlan, "source" | "specs">;
  if (config && config.backends.length > 0) {
    const specs = config.backends.map((backend, i): BackendSpec => {
      const { models: _models, ...spec } = backend;
      try {
        createAdapter(spec); // checks the provider and its key now
      } catch (error) {
        if (error instanceof ConfigError) {
          throw new ConfigError(`config: backends[${i}] ${error.message}`);
        }
        throw error;
      }
      return spec;
    });
    plan = { source: "config", specs };
  } else {
    // No config, a backends-only list, or a config without backends.
    plan = planBackends(
      (name) => name === "SWITCHYARD_CONFIG" && config ? undefined : env(name),
      readTextFile,
    );
  }
  const options = config ? fromConfig(config) : {};
  try {
    checkListenHost(host, options.keys?.length ?? 0);
  } catch (error) {
    if (error instanceof GatewayConfigError) {
      throw new ConfigError(error.message);
    }
    throw error;
  }
  let redis: RedisConfig | undefined;
  try {
    redis = redisSettings(config?.redis, env);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  return {
    ...plan,
    options,
    host,
    server: config?.server ?? {},
    ...(redis ? { redis } : {}),
  };
}
