/**
 * The shared state of a fleet of `deno task start` gateways: the config
 * file's `redis: { url, prefix? }`, else `REDIS_URL`, connects a node-redis
 * client (npm `redis`, pinned) and wraps it in the Redis store of
 * `./models/redis`, which the gateway uses for breakers, cooldowns and
 * per-key rate limits.
 *
 * - The client is imported only here, only when Redis is configured: a start
 *   without Redis fetches nothing, and the published package has no runtime
 *   dependency (the store takes the client it is given).
 * - The client runs without its offline queue: a command sent while Redis is
 *   down fails at once instead of being replayed later (a rate-limit take the
 *   gateway already counted locally would count twice); it reconnects on its
 *   own every 500 ms.
 * - Redis not answering at startup does not stop the start: the gateway runs
 *   on local state (with a warning) until Redis answers.
 *
 * @module
 */
import { createRedisStore, fromNodeRedis } from "../src/models/stores/redis.ts";
import type { RouterStore } from "../src/models/store.ts";
import type { RedisConfig } from "../src/gateway/mod.ts";

/** The pinned client (also the tests'); kept in one place. */
const CLIENT = "npm:redis@6.3.1";
const CONNECT_MS = 2_000;

/** The part of a node-redis client used here. */
interface NodeRedisClient {
  on(event: "error", listener: (error: unknown) => void): unknown;
  connect(): Promise<unknown>;
  sendCommand(args: string[]): Promise<unknown>;
  close(): Promise<unknown>;
  destroy(): unknown;
}

/** A connected store and how to let it go. */
export interface SharedState {
  /** The Redis store for `createGateway({ store })`. */
  readonly store: RouterStore;
  /** Where it points (the URL without its password), for the startup line. */
  readonly where: string;
  /** Whether Redis answered at startup. */
  readonly connected: boolean;
  /** Closes the client (bounded). */
  close(): Promise<void>;
}

/**
 * Which Redis to use: the config's `redis`, else `REDIS_URL`, else none.
 *
 * @param config The config file's `redis` section, if any.
 * @param env Reads an environment variable.
 * @returns The Redis settings, or undefined.
 * @throws {Error} For a `REDIS_URL` that is not a redis:// or rediss:// URL.
 */
export function redisSettings(
  config: RedisConfig | undefined,
  env: (name: string) => string | undefined,
): RedisConfig | undefined {
  if (config) return config;
  const url = env("REDIS_URL");
  if (!url) return undefined;
  if (!URL.canParse(url) || !/^rediss?:$/.test(new URL(url).protocol)) {
    throw new Error("REDIS_URL must be a redis:// or rediss:// URL");
  }
  return { url };
}

/**
 * Imports the client, connects (bounded) and builds the store.
 *
 * @param settings URL and key prefix.
 * @returns The store, and how to close it.
 */
export async function connectRedis(
  settings: RedisConfig,
): Promise<SharedState> {
  // A computed specifier: nothing analyses (and fetches) it unless this runs.
  const specifier = CLIENT;
  const { createClient } = await import(specifier) as {
    createClient(options: unknown): NodeRedisClient;
  };
  const client = createClient({
    url: settings.url,
    disableOfflineQueue: true,
    socket: { reconnectStrategy: () => 500, connectTimeout: CONNECT_MS },
  });
  client.on("error", () => {}); // the store reports outages through onWarning
  let timer: ReturnType<typeof setTimeout> | undefined;
  const connected = await Promise.race([
    client.connect().then(() => true, () => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), CONNECT_MS);
    }),
  ]);
  clearTimeout(timer);
  const url = new URL(settings.url);
  url.password = "";
  url.username = "";
  return {
    store: createRedisStore(fromNodeRedis(client), {
      ...(settings.prefix ? { prefix: `${settings.prefix}:` } : {}),
    }),
    where: url.href,
    connected,
    async close() {
      let closeTimer: ReturnType<typeof setTimeout> | undefined;
      const closed = await Promise.race([
        client.close().then(() => true, () => false),
        new Promise<boolean>((resolve) => {
          closeTimer = setTimeout(() => resolve(false), 3_000);
        }),
      ]);
      clearTimeout(closeTimer);
      if (!closed) {
        try {
          client.destroy();
        } catch {
          // Already closed.
        }
      }
    },
  };
}
