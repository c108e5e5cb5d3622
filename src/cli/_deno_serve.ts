// `switchyard gateway --listener deno-serve`: the gateway on `Deno.serve`,
// Deno's own HTTP server. A passed-through body then moves in Rust, never
// waking JavaScript per chunk, which is the fastest path the gateway has on
// Deno (docs/performance.md, "Where each path stands"); but `Deno.serve` has
// no header-read, body or idle timeout and no connection cap, so it is for
// a gateway behind a proxy that bounds slow clients itself. The command's
// default stays `serveGateway`'s bounded listener.
import type { GatewayServer } from "../gateway/serve.ts";
import type { ServeHandler } from "../serve/options.ts";

/** The part of `Deno.serve` used here (no Deno types in the npm build). */
type DenoServe = (
  options: {
    hostname: string;
    port: number;
    onListen(): void;
  },
  handler: (
    request: Request,
    info: { remoteAddr: unknown; completed: Promise<void> },
  ) => Response | Promise<Response>,
) => {
  addr: { hostname: string; port: number };
  finished: Promise<void>;
  shutdown(): Promise<void>;
};

/**
 * Serves `handler` with `Deno.serve` on `hostname`:`port`, shaped as the
 * bounded listener's server so the command drains it the same way:
 * `connections` counts the requests in progress (Deno.serve does not tell
 * its connections), and `shutdown` stops accepting and waits for them,
 * streams included.
 *
 * @throws {Error} Outside Deno, or when the address cannot be listened on.
 */
export function serveWithDeno(
  handler: ServeHandler,
  hostname: string,
  port: number,
): GatewayServer {
  const serve = (globalThis as { Deno?: { serve?: DenoServe } }).Deno?.serve;
  if (typeof serve !== "function") {
    throw new Error("--listener deno-serve needs Deno (Deno.serve)");
  }
  let busy = 0;
  const settled = () => {
    busy--;
  };
  const server = serve({
    hostname,
    port,
    // The command prints its own listening line.
    onListen() {},
  }, (request, info) => {
    busy++;
    info.completed.then(settled, settled);
    return handler(request, info);
  });
  return {
    addr: { hostname: server.addr.hostname, port: server.addr.port },
    finished: server.finished,
    get connections() {
      return busy;
    },
    shutdown: () => server.shutdown(),
  };
}
