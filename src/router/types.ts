/**
 * The types shared by the router, its routes and its cache: what a handler
 * receives and returns, and the cache options. In their own file so that
 * `router.ts`, `route.ts`, `_context.ts` and `_cache.ts` import them without
 * importing each other.
 *
 * @module
 */
/**
 * What a handler receives besides the request.
 *
 * @example Reading a parameter and the query
 * ```ts
 * import { createRouter, type RouteContext } from "@switchyard/switchyard/router";
 * const router = createRouter().endpoint`GET /items/:id`(
 *   (_request: Request, context: RouteContext) =>
 *     new Response(`${context.params.id} ${context.url.searchParams.get("q")}`),
 * );
 * const response = await router(new Request("http://localhost/items/7?q=x"));
 * console.log(await response.text()); // "7 x"
 * ```
 *
 * @example A fetch handler mounted as a route sees the server's info
 * ```ts
 * import { createRouter } from "@switchyard/switchyard/router";
 * const api = (_request: Request, info?: { completed?: Promise<void> }) =>
 *   new Response(info?.completed ? "told when delivered" : "not told");
 * const router = createRouter({ defaultHandler: api });
 * // As Deno.serve and serveGateway call a handler:
 * const info = { remoteAddr: { transport: "tcp", hostname: "127.0.0.1", port: 4000 }, completed: Promise.resolve() };
 * const response = await router(new Request("http://localhost/v1/models"), info);
 * console.log(await response.text()); // "told when delivered"
 * ```
 */
export interface RouteContext {
  /**
   * Path parameters by name, percent-decoded (a malformed escape stays as
   * written). An optional parameter that is absent has no key; a wildcard
   * that matched nothing is `""`. A bare `*` binds `"*"`. Inherits nothing
   * (`params.constructor` is undefined unless a parameter has that name).
   */
  readonly params: Readonly<Record<string, string>>;
  /** The matched pattern with the base path, e.g. `/api/users/:id`; `""` for the default handler. */
  readonly pattern: string;
  /** The second argument the router was called with (`Deno.ServeHandlerInfo` under `Deno.serve`). */
  readonly info: unknown;
  /** The request URL, parsed on first use. */
  readonly url: URL;
  /**
   * `info.remoteAddr`, the server's peer address (`Deno.NetAddr` under
   * `Deno.serve` and `serveGateway`); undefined when the server passes none.
   */
  readonly remoteAddr?: unknown;
  /**
   * `info.completed`: settles when the server has delivered the response
   * (rejects when it could not), under `Deno.serve` and `serveGateway`;
   * undefined when the server passes none. With `remoteAddr`, it makes the
   * context a server handler info, so a fetch handler `(request, info)`
   * mounted as a route or `defaultHandler` sees what it would see served
   * on its own: the gateway of `./gateway` needs `completed` to pass
   * streams through.
   */
  readonly completed?: Promise<void>;
}

/**
 * A function that answers a request; it may be async.
 *
 * @example A plain handler
 * ```ts
 * import type { Handler } from "@switchyard/switchyard/router";
 * const ping: Handler = () => new Response("pong");
 * console.log(await (await ping(new Request("http://localhost/"), {} as never)).text()); // "pong"
 * ```
 */
export type Handler = (
  request: Request,
  context: RouteContext,
) => Response | Promise<Response>;

/**
 * Turns an error thrown by a handler or substitution into a response.
 *
 * @example A JSON error handler
 * ```ts
 * import type { ErrorHandler } from "@switchyard/switchyard/router";
 * const onError: ErrorHandler = (error) => Response.json({ error: error.message }, { status: 500 });
 * console.log((await onError(new Error("boom"), new Request("http://localhost/"))).status); // 500
 * ```
 */
export type ErrorHandler = (
  error: Error,
  request: Request,
) => Response | Promise<Response>;

/**
 * Response caching of routes whose template has no function substitution
 * (their bytes are the same for every request). Other handlers are never
 * cached.
 *
 * Such a route is rendered once; its response is kept (within
 * `maxEntries` and `maxEntryBytes`) and served again without rendering.
 * Every response of such a route gets the `ETag` and `Cache-Control`
 * below and answers `If-None-Match`, whether or not its bytes fit in the
 * cache: a response too large to keep is rendered again for each request,
 * and its ETag computed from those bytes.
 *
 * @example Cache for a minute, with ETags
 * ```ts
 * import { createRouter, createRoute, type CacheOptions } from "@switchyard/switchyard/router";
 * const cache: CacheOptions = { cacheControl: "public, max-age=60" };
 * const router = createRouter({ cache }).endpoint`GET /`(createRoute()`<h1>Home</h1>`);
 * const first = await router(new Request("http://localhost/"));
 * const etag = first.headers.get("etag")!;
 * const again = await router(new Request("http://localhost/", { headers: { "if-none-match": etag } }));
 * console.log(first.headers.get("cache-control"), again.status); // "public, max-age=60" 304
 * ```
 */
export interface CacheOptions {
  /**
   * Most rendered responses kept; the least recently used is dropped first
   * and rendered again when asked for. Default 1000; 0 keeps none (ETags
   * and `Cache-Control` still apply).
   */
  maxEntries?: number;
  /**
   * Bodies larger than this many bytes are not kept: they are rendered for
   * every request, still with their ETag, `Cache-Control` and 304 answers.
   * Default 1 MiB.
   */
  maxEntryBytes?: number;
  /**
   * `Cache-Control` value added to the responses of cacheable routes whose
   * template sets none (the template's own line wins). Default: none added.
   */
  cacheControl?: string;
  /**
   * Add a strong `ETag` (hash and length of the body bytes) and answer a
   * GET or HEAD whose `If-None-Match` names it (a list, `W/` tags or `*`)
   * with 304 Not Modified, when the route answers 2xx (RFC 9110 §13.2.1:
   * a cached 404 or 410 stays what it is). A template that writes its own
   * `ETag` line keeps it, and that tag is the one compared (an empty
   * `ETag:` line is none, and gets the computed tag). With `false`,
   * no ETag is added and no 304 sent. Default `true`.
   */
  etag?: boolean;
}
