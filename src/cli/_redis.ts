/**
 * The shared state of a fleet of `switchyard gateway` processes: the config
 * file's `redis: { url, prefix? }`, else `REDIS_URL`, connects a node-redis
 * client (on Deno npm `redis`, pinned; on Node the `redis` package the user
 * installed, or a clear error) and wraps it in the Redis store of
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
import {
  createRedisStore,
  fromNodeRedis,
  type RedisScriptClient,
} from "../models/stores/redis.ts";
import type { RouterStore } from "../models/store.ts";
import type { RedisConfig } from "../gateway/config.ts";
import type { Runtime } from "./_runtime.ts";

/** The pinned client on Deno (also the tests'); kept in one place. */
const DENO_CLIENT = "npm:redis@6.3.1";
/** On Node: the user's own installed client. */
const NODE_CLIENT = "redis";

/** The client could not be loaded (Node without the `redis` package). */
export class RedisClientMissing extends Error {
  /** Always `REDIS_CLIENT_MISSING`. */
  readonly code = "REDIS_CLIENT_MISSING";
}
const CONNECT_MS = 2_000;

/** The part of a node-redis client used here. */
export interface NodeRedisClient {
  /** Listens for connection errors (without one, reconnecting stops). */
  on(event: "error", listener: (error: unknown) => void): unknown;
  /** Connects; rejects when Redis does not answer. */
  connect(): Promise<unknown>;
  /** Sends one command. */
  sendCommand(args: string[]): Promise<unknown>;
  /** Closes once pending commands are answered (may never settle). */
  close(): Promise<unknown>;
  /** Closes the socket at once. */
  destroy(): unknown;
}

/**
 * Loads the client's module by its specifier: a dynamic import, unless a
 * test hands in a client whose connect or close it controls (a close that
 * never settles cannot be had from a real Redis on demand).
 */
export type RedisClientLoader = (
  specifier: string,
) => Promise<{ createClient(options: unknown): NodeRedisClient }>;

/** A connected store and how to let it go. */
export interface SharedState {
  /** The Redis store for `createGateway({ store })`. */
  readonly store: RouterStore;
  /** The script client and key prefix, for the shared response cache. */
  readonly scripts: { client: RedisScriptClient; prefix?: string };
  /** Where it points (the URL without its password), for the startup line. */
  readonly where: string;
  /** Whether Redis answered at startup. */
  readonly connected: boolean;
  /** Closes the client (bounded). */
  close(): Promise<void>;
}

/**
 * Imports the client, connects (bounded) and builds the store.
 *
 * @param settings URL and key prefix.
 * @param runtime Which client to import.
 * @param load How to import it (the tests' own client).
 * @returns The store, and how to close it.
 * @throws {RedisClientMissing} When the client cannot be imported.
 */
export async function connectRedis(
  settings: RedisConfig,
  runtime: Pick<Runtime, "name">,
  load: RedisClientLoader = (specifier) => import(specifier),
): Promise<SharedState> {
  // A computed specifier: nothing analyses (and fetches) it unless this runs.
  const specifier = runtime.name === "deno" ? DENO_CLIENT : NODE_CLIENT;
  let createClient: (options: unknown) => NodeRedisClient;
  try {
    ({ createClient } = await load(specifier));
  } catch (error) {
    throw new RedisClientMissing(
      runtime.name === "node"
        ? "Redis is configured but the npm package redis is not installed here: run `npm install redis@6` in this directory, or unset REDIS_URL / the config's redis"
        : `Redis is configured but ${DENO_CLIENT} cannot be loaded (${
          (error as Error)?.message ?? error
        })`,
    );
  }
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
  const scripts = fromNodeRedis(client);
  const prefix = settings.prefix ? `${settings.prefix}:` : undefined;
  return {
    store: createRedisStore(scripts, prefix ? { prefix } : {}),
    scripts: { client: scripts, ...(prefix ? { prefix } : {}) },
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
