/**
 * The template-literal HTTP router: routes and responses written as tagged
 * templates shaped like raw HTTP messages, on standard `Request`/`Response`.
 *
 * ```ts
 * import { createRoute, createRouter } from "@switchyard/switchyard/router";
 *
 * const router = createRouter()
 *   .endpoint`GET /hello/:name`(createRoute()`
 *     HTTP/1.1 200 OK
 *     Content-Type: text/plain
 *
 *     Hello ${(_request, context) => context.params.name}!
 *   `)
 *   .endpoint`POST /echo`(async (request) => new Response(await request.text()));
 *
 * const response = await router(new Request("http://localhost/hello/world"));
 * console.log(await response.text()); // "Hello world!"
 * // Deno.serve(router)  or  export default { fetch: router }  (deno serve, --parallel too)
 * // or serve(router) from "@switchyard/switchyard/serve": the same app with
 * // header, body and idle timeouts, a body limit and a connection cap, on
 * // Deno and on Node 20+ (docs/router.md#serving)
 * ```
 *
 * Decisions where the spec is open:
 * - `router.endpoint` returns a function taking the handler, which returns
 *   the router: registrations chain. `router.routes()` lists them.
 * - Matching: a map of static paths plus one combined RegExp per method
 *   (one per 256 routes in big tables: 10,000 routes compile in ~0.2 s),
 *   compiled at the first request after a change. Static segments beat
 *   parameters whatever the registration order. `:name` (a `-`, `.` or
 *   any other character but a letter, digit or `_` ends the name, as in
 *   Express and find-my-way: `/a/:p1-:p2-baz`), `:name?` (anywhere, at
 *   most four per pattern), `:name{regex}` (one segment; a regex that can
 *   match `/`, or that could backtrack — it must read every text in one
 *   way — is refused), `*` / `:name*` (zero or more segments) and `:name+`
 *   (one or more), one multi-segment parameter per pattern, anywhere; a `*`
 *   glued to text matches inside its segment (`/files/*.png`, params `"0"`,
 *   `"1"`…) or, ending the pattern, the rest of the path (`/assets*`);
 *   `\` makes `:`, `*`, `{`, `}`, `(`, `)`, `+`, `-` literal; other text is
 *   literal, and syntax the language lacks throws {@linkcode RouteError} at
 *   registration with its offset. Matching is linear in the path length
 *   (docs/router.md states what the constraint check guarantees). The endpoint template is read raw (`String.raw`). Trailing
 *   slashes: `trailingSlash` strict (default), ignore or redirect (308).
 *   Parameters are percent-decoded (a malformed escape stays as written)
 *   into a null-prototype object. Several parameters in one segment
 *   (`/:a-:b`): the first is greedy and a later one never contains the
 *   literal before it, so matching stays linear in the path length (no
 *   ReDoS).
 * - Options are checked at creation (`INVALID_OPTION`, unknown keys too):
 *   `caseSensitive: false`, `ignoreDuplicateSlashes` and `maxParamLength`
 *   (default 1024, one-segment params only) as in find-my-way. A `Host:`
 *   line under `METHOD /pattern` keeps a route to a host or host pattern
 *   (`:tenant.example.com`, params beside the path's; path first, then
 *   host). `router.remove` takes a route out; the table is compiled again
 *   at the next request.
 * - No match → `defaultHandler` or 404 `Not Found`; method mismatch → 405
 *   with `Allow` (`methodNotAllowed` hook); a catch-all route (`/*`,
 *   `/:rest*`, `/:rest+`) makes no path known, so it never causes a 405; `HEAD` from `GET` without body (a body that is already
 *   complete, up to 1 MiB, is measured for its Content-Length, else a
 *   server would announce 0; a stream gets none); `OPTIONS` → 204 with
 *   `Allow` (`options` hook). A thrown error → `errorHandler`, else 500 without detail
 *   (logged with `console.error`); the router never throws or rejects.
 *   `router(request)` returns a promise; `router(request, info)`, as
 *   servers call it, returns a synchronous handler's Response unwrapped.
 * - A handler's context carries the server info's `remoteAddr` and
 *   `completed` besides `info`, so a fetch handler `(request, info)`
 *   mounted as a route or `defaultHandler` (a gateway) gets what the
 *   server would give it directly.
 * - Templates are parsed once; common indentation removed; the template's
 *   status and headers win over `RouteInit`; Content-Type defaults to
 *   `text/html; charset=utf-8`; Content-Length is computed, never trusted.
 *   Body substitutions are encoded for the body's Content-Type: escaped in
 *   HTML and XML, JSON-encoded in JSON, as is otherwise; {@linkcode raw}
 *   and {@linkcode html} mark trusted markup.
 *   A control character (CR, LF, NUL, DEL, … but tab) in a head
 *   substitution fails the request (error path).
 * - `cache` keeps the bytes of routes without function substitutions, with
 *   a strong ETag and 304 for `If-None-Match`.
 * - `createFSRouter` imports every module eagerly, and the file-system
 *   built-ins at its first call, so the router bundles for browsers.
 * - `cors()` answers preflights through the `options` hook and adds the
 *   origin headers to other responses by wrapping the router.
 *
 * @module
 */
export {
  type AllowDetails,
  type AllowHandler,
  type CacheOptions,
  createRouter,
  type EndpointRegistrar,
  type ErrorHandler,
  type Handler,
  type RouteContext,
  type RouteInfo,
  type Router,
  type RouterInit,
} from "./router.ts";
export {
  createRoute,
  type Route,
  type RouteInit,
  type RouteSubstitution,
  type RouteTag,
} from "./route.ts";
export {
  HTTPExpression,
  type HTTPExpressionMatcher,
  type HTTPExpressionResult,
} from "./expression.ts";
export {
  createRequest,
  type CreateRequestInit,
  createResponse,
  type RequestTag,
} from "./message.ts";
export { createFSRouter, type FSRouterInit } from "./fs_router.ts";
export { html, raw, RawText } from "./markup.ts";
export { type Cors, cors, type CorsOptions } from "./cors.ts";
export { cook, deconstruct, type DeconstructedTemplate } from "./template.ts";
export {
  RouteError,
  RouteErrorCode,
  type RouteErrorCodeValue,
  type RouteErrorOptions,
} from "./errors.ts";
