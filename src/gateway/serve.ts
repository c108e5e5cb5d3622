/**
 * `serveGateway`: the bounded listener of `./serve` with the gateway's
 * default for request bodies. The gateway bounds its own bodies
 * (`maxBodyBytes`, 4 MiB by default) and answers an oversize one in the
 * client's wire shape, so the listener's own body bound is off unless
 * asked for; every other limit (header, body and idle timeouts, the
 * connection cap, the head bound) is `serve`'s, with its defaults. Runs on
 * Deno and on Node 20+.
 *
 * @module
 */
import { serve } from "../serve/serve.ts";
import type {
  BoundedServer,
  ServeHandler,
  ServeOptions,
} from "../serve/options.ts";

/**
 * A server started by {@linkcode serveGateway}: the `./serve` entry's
 * `BoundedServer` under the name this entry point has always used.
 *
 * @example Usage
 * ```ts
 * import type { GatewayServer } from "@switchyard/switchyard/gateway";
 * async function stop(server: GatewayServer) {
 *   await server.shutdown();
 * }
 * ```
 */
export type GatewayServer = BoundedServer;

/**
 * Serves `handler` with bounded connections (see {@linkcode ServeOptions}
 * for the limits and their defaults), as `serve` from `./serve` does, but
 * with `maxBodyBytes` defaulting to `Infinity`: the gateway's own
 * `maxBodyBytes` bounds its bodies.
 *
 * @param handler The gateway, or any fetch handler.
 * @param options Address and limits.
 * @returns The running server.
 * @throws {ServeError} A bad option (`INVALID_OPTION`, a `RangeError`), naming the field.
 *
 * @example Serving a gateway on a free loopback port
 * ```ts
 * import { createGateway, serveGateway } from "@switchyard/switchyard/gateway";
 * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
 * const gateway = createGateway({ backends: [["echo", createEchoAdapter()]] });
 * const server = await serveGateway(gateway, { port: 0, headersTimeoutMs: 5000 });
 * const response = await fetch(`http://127.0.0.1:${server.addr.port}/v1/models`);
 * console.log(response.status); // 200
 * await response.body?.cancel();
 * await server.shutdown();
 * gateway.dispose();
 * ```
 */
export function serveGateway(
  handler: ServeHandler,
  options: ServeOptions = {},
): Promise<GatewayServer> {
  return serve(handler, {
    ...options,
    maxBodyBytes: options.maxBodyBytes ?? Infinity,
  });
}
