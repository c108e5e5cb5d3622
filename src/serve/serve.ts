/**
 * `serve(app, options)`: any fetch handler — a template router, the
 * gateway, a hono app's `fetch` — behind the bounded listener, on Deno
 * (its own HTTP/1.1 listener on `Deno.listen`) or on Node 20+ (`node:http`).
 *
 * @module
 */
import { ServeError } from "./errors.ts";
import {
  type BoundedServer,
  resolveServeOptions,
  type ServeHandler,
  type ServeOptions,
} from "./options.ts";

/**
 * What {@linkcode serve} serves: a fetch handler (a template router is one),
 * or an object with a `fetch` method (the shape `deno serve` takes).
 *
 * @example Both shapes
 * ```ts
 * import type { ServeApp } from "@switchyard/switchyard/serve";
 * const handler: ServeApp = () => new Response("hi");
 * const module: ServeApp = { fetch: () => new Response("hi") };
 * ```
 */
export type ServeApp = ServeHandler | { fetch: ServeHandler };

/** The runtime's listener, loaded only when `serve` is called. */
type Listen = (
  handler: ServeHandler,
  limits: ReturnType<typeof resolveServeOptions>,
) => BoundedServer | Promise<BoundedServer>;

async function listenerOfRuntime(): Promise<Listen> {
  const global = globalThis as {
    Deno?: { listen?: unknown };
    process?: { versions?: { node?: string } };
  };
  if (typeof global.Deno?.listen === "function") {
    return (await import("./_deno_server.ts")).listen;
  }
  if (typeof global.process?.versions?.node === "string") {
    return (await import("./_node_server.ts")).serveNode;
  }
  throw new ServeError(
    "UNSUPPORTED_RUNTIME",
    "serve needs Deno (Deno.listen) or Node 20+ (node:http)",
  );
}

/**
 * Serves `app` over HTTP/1.1 with the limits `Deno.serve` lacks: a header
 * read timeout and a body timeout (408), an idle timeout for keep-alive
 * connections and for clients that stop reading, a connection cap (503), a
 * head bound (431) and a body bound (413). See {@linkcode ServeOptions}
 * for every limit and its default. On Deno it listens with its own
 * HTTP/1.1 listener, on Node through `node:http`; the module that touches
 * the runtime is loaded only when this is called, so a file importing
 * `serve` still bundles for the browser.
 *
 * As with `Deno.serve` and `node:http`, a request of any method but GET and
 * HEAD has a body stream, empty when the client sent none. A streamed
 * answer's status and headers go out at once, before its first chunk is
 * ready; an answer is framed once whatever `Transfer-Encoding` it names;
 * a `Content-Length` the handler declares goes out as declared (a body
 * past it is cut there, one short of it closes the connection; a body
 * built whole, up to 64 KiB, goes with its real length; a HEAD answer says
 * what its GET would, the declared length when it has no body; a GET
 * answer with no body goes with 0), as `Deno.serve`
 * sends it; and an answer the listener gives up (its 413 came first) has its body
 * cancelled, so a relayed upstream stops. A client that leaves once its
 * request is whole (its connection ends) aborts the handler's
 * `request.signal` and cancels the answer's body, even one still waiting for
 * its first byte.
 *
 * @param app A fetch handler (a template router is one) or `{ fetch }`.
 * @param options Address and limits.
 * @returns The running server, once it listens.
 * @throws {ServeError} `INVALID_OPTION` naming the field, `INVALID_APP`, or
 * `UNSUPPORTED_RUNTIME` outside Deno and Node.
 *
 * @example Serving a template router with a body bound and a header timeout
 * ```ts
 * import { createRoute, createRouter } from "@switchyard/switchyard/router";
 * import { serve } from "@switchyard/switchyard/serve";
 *
 * const router = createRouter()
 *   .endpoint`GET /hello/:name`(createRoute()`HTTP/1.1 200 OK
 * Content-Type: text/plain
 *
 * Hello, ${(_request: Request, context: { params: Record<string, string> }) => context.params.name}!`)
 *   .endpoint`POST /echo`(async (request) => new Response(await request.text()));
 *
 * const server = await serve(router, { port: 0, headersTimeoutMs: 5_000, maxBodyBytes: 16 });
 * const origin = `http://127.0.0.1:${server.addr.port}`;
 * const hello = await fetch(`${origin}/hello/Ada`);
 * console.log(await hello.text()); // "Hello, Ada!"
 * const big = await fetch(`${origin}/echo`, { method: "POST", body: "x".repeat(17) });
 * console.log(big.status); // 413
 * await big.body?.cancel();
 * await server.shutdown();
 * ```
 *
 * @example An object with a `fetch` method, as `deno serve` takes it
 * ```ts
 * import { serve } from "@switchyard/switchyard/serve";
 * const app = { fetch: (request: Request) => new Response(new URL(request.url).pathname) };
 * const server = await serve(app, { port: 0, maxConnections: 64 });
 * const response = await fetch(`http://127.0.0.1:${server.addr.port}/ping`);
 * console.log(await response.text()); // "/ping"
 * await server.shutdown();
 * ```
 */
export async function serve(
  app: ServeApp,
  options: ServeOptions = {},
): Promise<BoundedServer> {
  const handler = handlerOf(app);
  const limits = resolveServeOptions(options);
  const listen = await listenerOfRuntime();
  return await listen(handler, limits);
}

function handlerOf(app: ServeApp): ServeHandler {
  if (typeof app === "function") return app;
  const fetch = (app as { fetch?: unknown } | null)?.fetch;
  if (typeof fetch === "function") {
    return (request, info) => fetch.call(app, request, info);
  }
  throw new ServeError(
    "INVALID_APP",
    "serve needs a fetch handler (request) => Response, or an object with a fetch method",
  );
}
