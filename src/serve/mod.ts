/**
 * The bounded HTTP listener, for any app on Deno and Node 20+: a template
 * router, the gateway, or any fetch handler. `Deno.serve` has no header
 * read, body or idle timeout, no connection cap and no body bound, so one
 * slow client ("slowloris") holds a connection for ever; `serve` bounds
 * each, with defaults, and answers past them with 408, 413, 431 or 503.
 *
 * | limit | default | past it |
 * |---|---|---|
 * | `headersTimeoutMs` | 10 000 | 408, connection closed |
 * | `bodyTimeoutMs` | 60 000 | 408, connection closed |
 * | `idleTimeoutMs` | 30 000 | connection closed (a write the client does not take, too) |
 * | `maxConnections` | 1024 | 503 with `Retry-After: 1` |
 * | `maxHeaderBytes` | 65 536 | 431 |
 * | `maxBodyBytes` | 1 MiB | 413 |
 *
 * On Deno the listener is its own HTTP/1.1 server on `Deno.listen`; on Node
 * it is `node:http` with Node's own timeouts set and the rest enforced here.
 * Neither is imported until `serve` is called, so this entry point bundles
 * for the browser. The gateway's `serveGateway` is `serve` with the body
 * bound left to the gateway.
 *
 * @example Serving a template router
 * ```ts
 * import { createRouter } from "@switchyard/switchyard/router";
 * import { serve } from "@switchyard/switchyard/serve";
 *
 * const router = createRouter().endpoint`GET /`(() => new Response("home"));
 * const server = await serve(router, { port: 0, headersTimeoutMs: 5_000 });
 * const response = await fetch(`http://127.0.0.1:${server.addr.port}/`);
 * console.log(await response.text()); // "home"
 * await server.shutdown();
 * ```
 *
 * @module
 */
export * from "./serve.ts";
export * from "./options.ts";
export * from "./errors.ts";
