/**
 * `serveGateway`: serves a gateway (or any fetch handler) over HTTP/1.1 on
 * Deno with the limits a public gateway needs and `Deno.serve` lacks: a
 * header-read timeout, a body timeout (408), an idle timeout for keep-alive
 * connections and for clients that stop reading, a connection cap (503) and
 * a head size bound (431); broken chunked framing gets a 400. See
 * `serve_options.ts` for every limit and default.
 *
 * Why not `Deno.serve`: it has no such option, and a client that dribbles
 * header bytes holds its connection forever; `node:http`'s `headersTimeout`
 * is not enforced under Deno 2.9. The listener (`Deno.listen`) is loaded
 * lazily, so this file, like the rest of `./gateway`, imports no `Deno.*`
 * and bundles for the browser. Under Node, serve the fetch handler through
 * `node:http`, whose `headersTimeout`, `requestTimeout` and `maxConnections`
 * Node enforces.
 *
 * @module
 */
import {
  type GatewayServer,
  resolveServeOptions,
  type ServeHandler,
  type ServeOptions,
} from "../serve/options.ts";

/**
 * Serves `handler` on Deno with bounded connections (see
 * {@linkcode ServeOptions} for the limits and their defaults).
 *
 * @param handler The gateway, or any fetch handler.
 * @param options Address and limits.
 * @returns The running server.
 * @throws {RangeError} A bad option, naming the field.
 * @throws {TypeError} Outside Deno.
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
export async function serveGateway(
  handler: ServeHandler,
  options: ServeOptions = {},
): Promise<GatewayServer> {
  const limits = resolveServeOptions(options);
  // deno-lint-ignore no-explicit-any
  if (typeof (globalThis as any).Deno?.listen !== "function") {
    throw new TypeError(
      "serveGateway needs Deno; on Node serve the handler with node:http (headersTimeout, requestTimeout, maxConnections)",
    );
  }
  const { listen } = await import("../serve/_deno_server.ts");
  return listen(handler, limits);
}
