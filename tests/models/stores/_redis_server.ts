// A private redis-server for one test: a free 127.0.0.1 port, no
// persistence, bounded start and stop (SIGTERM, then SIGKILL), and a
// node-redis client per router, or an ioredis one (both dev-only, pinned).
import { createClient } from "npm:redis@6.3.1";
import { Redis as IoRedis } from "npm:ioredis@6.0.0";
import { stopChild } from "../../_bounded.ts";
import { programPath } from "../../_programs.ts";
import { withTimeout } from "../../_timeout.ts";
import {
  fromIoRedis,
  fromNodeRedis,
  type RedisScriptClient,
} from "../../../src/models/stores/redis.ts";

/** One running redis-server. */
export interface RedisServer {
  readonly port: number;
  /** Stops it (SIGTERM, SIGKILL after the grace period). */
  stop(): Promise<void>;
  /** Kills it at once, as a crash would. */
  kill(): Promise<void>;
  /**
   * Freezes it (SIGSTOP): connections stay open, commands queue unanswered
   * until {@linkcode RedisServer.resume} (SIGCONT), as a stalled host does.
   */
  pause(): void;
  /** Lets a paused server run again; stop() resumes it first. */
  resume(): void;
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

async function accepting(port: number): Promise<boolean> {
  try {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    conn.close();
    return true;
  } catch {
    return false;
  }
}

/** Starts redis-server on `port` (a free one by default); bounded. */
export async function startRedis(port = freePort()): Promise<RedisServer> {
  const child = new Deno.Command(programPath("redis-server"), {
    args: [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
    ],
    stdout: "null",
    stderr: "null",
  }).spawn();
  for (let i = 0; i < 250 && !(await accepting(port)); i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (!(await accepting(port))) {
    await stopChild(child);
    throw new Error(`redis-server did not listen on ${port} after 250 polls`);
  }
  let stopped = false;
  let paused = false;
  const resume = () => {
    if (paused && !stopped) child.kill("SIGCONT");
    paused = false;
  };
  return {
    port,
    async stop() {
      resume();
      if (stopped) return;
      stopped = true;
      await stopChild(child);
    },
    pause() {
      if (stopped || paused) return;
      paused = true;
      child.kill("SIGSTOP");
    },
    resume,
    async kill() {
      if (stopped) return;
      stopped = true;
      child.kill("SIGKILL");
      await withTimeout(child.status, 3_000, "redis-server ignored SIGKILL");
    },
  };
}

/**
 * A connected node-redis client for `port`, and how to close it.
 * `disableOfflineQueue` rejects commands while reconnecting instead of
 * replaying them later (what examples/serve.ts does for rate limits).
 */
export async function connect(
  port: number,
  options: { disableOfflineQueue?: boolean; reconnect?: boolean } = {},
): Promise<{
  client: RedisScriptClient;
  /** Sends one command (`CONFIG SET …`) on this connection. */
  command: (args: string[]) => Promise<unknown>;
  close: () => Promise<void>;
}> {
  const raw = createClient({
    url: `redis://127.0.0.1:${port}`,
    disableOfflineQueue: options.disableOfflineQueue ?? false,
    // reconnect: false for a test that kills its server and ends: a retry
    // in flight would leave the client's connect timer behind.
    socket: {
      reconnectStrategy: options.reconnect === false ? false : () => 50,
      connectTimeout: 2_000,
    },
  });
  raw.on("error", () => {}); // reconnects are the store's business
  await withTimeout(raw.connect(), 5_000, "connecting to redis-server");
  return {
    client: fromNodeRedis(raw),
    command: (args) => raw.sendCommand(args),
    close: async () => {
      await withTimeout(
        raw.close().catch(() => raw.destroy()),
        3_000,
        "closing the redis client",
      ).catch(() => raw.destroy());
    },
  };
}

/**
 * A connected ioredis client for `port` through `fromIoRedis`, and how to
 * close it: the other client the store's users bring.
 */
export async function connectIoRedis(port: number): Promise<{
  client: RedisScriptClient;
  close: () => Promise<void>;
}> {
  const raw = new IoRedis({
    host: "127.0.0.1",
    port,
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
  });
  raw.on("error", () => {}); // reconnects are the store's business
  await withTimeout(raw.connect(), 5_000, "connecting to redis-server");
  return {
    client: fromIoRedis(raw),
    close: async () => {
      await withTimeout(
        raw.quit().then(() => {}),
        3_000,
        "closing the ioredis client",
      ).catch(() => raw.disconnect());
    },
  };
}

/**
 * Runs `fn` with a private redis-server and one client on it; the client
 * is closed and the server stopped afterwards (both bounded), pass or fail.
 */
export async function withRedis(
  fn: (redis: Awaited<ReturnType<typeof connect>>) => Promise<void>,
): Promise<void> {
  const server = await startRedis();
  try {
    const connection = await connect(server.port);
    try {
      await fn(connection);
    } finally {
      await connection.close();
    }
  } finally {
    await server.stop();
  }
}
