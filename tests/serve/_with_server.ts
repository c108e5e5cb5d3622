/**
 * One listener under test on a free loopback port, with raw clients that
 * are all closed, and the listener shut down within its bound, whatever the
 * test's end.
 *
 * @module
 */
import {
  type BoundedServer,
  serve,
  type ServeHandler,
  type ServeOptions,
} from "../../src/serve/mod.ts";
import { shutdownBounded } from "../_bounded.ts";
import { type RawClient, rawClient } from "./_raw_client.ts";

/**
 * Serves `handler` with `options`; `use` gets a client maker, and the
 * server (its `connections` tell when a client has been accepted).
 */
export async function withServer(
  handler: ServeHandler,
  use: (
    connect: () => Promise<RawClient>,
    server: BoundedServer,
  ) => Promise<void>,
  options: Omit<ServeOptions, "port" | "hostname"> = {},
): Promise<void> {
  const server = await serve(handler, {
    ...options,
    port: 0,
    hostname: "127.0.0.1",
  });
  const clients: RawClient[] = [];
  try {
    await use(async () => {
      const client = await rawClient(server.addr.port);
      clients.push(client);
      return client;
    }, server);
  } finally {
    for (const client of clients) await client.destroy();
    await shutdownBounded(server);
  }
}
