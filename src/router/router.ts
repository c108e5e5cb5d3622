/**
 * `createRouter`: a request handler with an `endpoint` tag for routes.
 *
 * @module
 */
import { RouteError } from "./errors.ts";
import { ANY_METHOD } from "./_matcher.ts";
import { RouteSet } from "./_routes.ts";
import { endpointHost, type HostPattern } from "./_host.ts";
import { parsePattern, type Pattern } from "./_pattern.ts";
import { readOptions } from "./_options.ts";
import { collapseSlashes, getPath } from "./_path.ts";
import { isThenable } from "./_render.ts";
import { Context, directRoutes, requestIndependentRoutes } from "./_context.ts";
import { ResponseCache } from "./_cache.ts";
import { TOKEN } from "../_http_token.ts";
import type {
  CacheOptions,
  ErrorHandler,
  Handler,
  RouteContext,
} from "./types.ts";

export type { CacheOptions, ErrorHandler, Handler, RouteContext };

/**
 * Options of {@linkcode createRouter}; all optional.
 *
 * @example Every option
 * ```ts
 * import { createRouter, createRoute, type RouterInit } from "@switchyard/switchyard/router";
 * const init: RouterInit = {
 *   baseUrl: "/api",
 *   defaultHandler: createRoute({ status: 404 })`nothing here`,
 *   errorHandler: () => new Response("sorry", { status: 500 }),
 *   methodNotAllowed: (_request, { allow }) =>
 *     new Response(null, { status: 405, headers: { allow: allow.join(", ") } }),
 *   options: (_request, { allow }) =>
 *     new Response(null, { status: 204, headers: { allow: allow.join(", ") } }),
 *   cache: { etag: true },
 *   trailingSlash: "redirect",
 *   caseSensitive: false,
 *   ignoreDuplicateSlashes: true,
 *   maxParamLength: 200,
 * };
 * const router = createRouter(init).endpoint`GET /Users/:id`(
 *   (_request, { params }) => new Response(params.id),
 * );
 * console.log((await router(new Request("http://localhost/x"))).status); // 404
 * const user = await router(new Request("http://localhost//API/users//Ada"));
 * console.log(await user.text()); // "Ada"
 * ```
 *
 * @example Options are checked when the router is created
 * ```ts
 * import { createRouter, RouteError } from "@switchyard/switchyard/router";
 * try {
 *   createRouter({ errorHandler: 42 } as never);
 * } catch (error) {
 *   console.log(error instanceof RouteError && error.code); // "INVALID_OPTION"
 * }
 * ```
 */
export interface RouterInit {
  /**
   * Mounts every route under this path prefix. A full URL (`https://x/api`)
   * contributes only its path. `/` registered under `/api` answers `/api`.
   */
  baseUrl?: string;
  /** Answers requests no route's path matches (default: 404 `Not Found`). */
  defaultHandler?: Handler;
  /**
   * Answers after a handler or substitution threw or rejected. Errors that
   * happen after a streamed response started are passed too (the response
   * it returns is then discarded). Default: 500 `Internal Server Error`
   * without detail, and the error logged with `console.error`.
   */
  errorHandler?: ErrorHandler;
  /** Cache request-independent template routes; `true` means `{}`. */
  cache?: CacheOptions | boolean;
  /**
   * What a path that differs from a route only by a trailing slash gets:
   * `"strict"` (default) a 404, as any other path; `"ignore"` the route's
   * answer (`/a/` is served by `/a`, and `/a` by `/a/`); `"redirect"` a 308
   * to the route's form, query kept (never to a `//host` location). Only
   * when the path as sent has no route
   * for the method. Under `baseUrl: "/api"`, `/api/` reaches the `/` route.
   */
  trailingSlash?: "strict" | "ignore" | "redirect";
  /**
   * Answers a request whose path has routes for other methods only (default:
   * 405 `Method Not Allowed`, text, with `Allow`). The response is sent as
   * returned: set `Allow` from `details.allow`.
   */
  methodNotAllowed?: AllowHandler;
  /**
   * Answers an `OPTIONS` request for a path that has routes but no OPTIONS
   * route (default: 204 with `Allow`), e.g. to add CORS preflight headers in
   * one place. The response is sent as returned.
   */
  options?: AllowHandler;
  /**
   * `false` compares the literal text of patterns without letter case, as
   * find-my-way's option of the same name: `/Users/:id` answers `/USERS/Ada`.
   * Parameters keep the request's case (`id` is `"Ada"`); a `{regex}`
   * constraint compares without case too. Default `true`.
   */
  caseSensitive?: boolean;
  /**
   * `true` reads every run of slashes in a request path as one slash, and
   * patterns alike, before matching: `//a///b` is `/a/b` (parameters and
   * wildcards see the collapsed path). Then `trailingSlash` applies to the
   * collapsed path: `/a//` is `/a/`. Default `false`.
   */
  ignoreDuplicateSlashes?: boolean;
  /**
   * The most characters a one-segment parameter (`:id`, `:id?`,
   * `:id{regex}`, `v:version`, the `*` of `*.png`) may capture, counted in
   * the path as sent (percent-escapes count three). A longer value does not
   * match that route: the next route that matches answers, else the 404
   * path. Multi-segment captures (`*`, `:name*`, `:name+`, `/assets*`) are
   * not limited. Default 1024; `Infinity` for none.
   */
  maxParamLength?: number;
}

/**
 * What the automatic 405 and OPTIONS answers know about the path.
 *
 * @example Reading the Allow list
 * ```ts
 * import type { AllowDetails } from "@switchyard/switchyard/router";
 * const details: AllowDetails = { allow: ["GET", "HEAD", "OPTIONS"], info: undefined };
 * console.log(details.allow.join(", ")); // "GET, HEAD, OPTIONS"
 * ```
 */
export interface AllowDetails {
  /** The methods the path answers, as the `Allow` header lists them (`OPTIONS` included). */
  readonly allow: readonly string[];
  /** The router's second argument (`Deno.ServeHandlerInfo` under `Deno.serve`). */
  readonly info: unknown;
}

/**
 * A `methodNotAllowed` or `options` hook of {@linkcode RouterInit}.
 *
 * @example A JSON 405
 * ```ts
 * import { createRouter, type AllowHandler } from "@switchyard/switchyard/router";
 * const methodNotAllowed: AllowHandler = (_request, { allow }) =>
 *   Response.json({ error: "method not allowed" }, {
 *     status: 405,
 *     headers: { allow: allow.join(", ") },
 *   });
 * const router = createRouter({ methodNotAllowed }).endpoint`GET /x`(() => new Response("x"));
 * const response = await router(new Request("http://localhost/x", { method: "DELETE" }));
 * console.log(response.status, response.headers.get("allow")); // 405 "GET, HEAD, OPTIONS"
 * ```
 */
export type AllowHandler = (
  request: Request,
  details: AllowDetails,
) => Response | Promise<Response>;

/**
 * One registered route, as listed by `router.routes()`.
 *
 * @example Printing the route table
 * ```ts
 * import { createRouter, type RouteInfo } from "@switchyard/switchyard/router";
 * const router = createRouter().endpoint`GET /users/:id`(() => new Response("user"));
 * const routes: RouteInfo[] = router.routes();
 * console.log(routes); // [{ method: "GET", pattern: "/users/:id", params: ["id"] }]
 * ```
 */
export interface RouteInfo {
  /** Upper-case method, or `ALL` for a route that answers every method. */
  method: string;
  /** The pattern including the base path. */
  pattern: string;
  /**
   * Parameter names in order (`*` for a bare wildcard), the Host pattern's
   * after the path's.
   */
  params: string[];
  /** The route's Host pattern (labels in lower case), when it has a `Host:` line. */
  host?: string;
}

/**
 * The tag `router.endpoint` returns after the pattern: give it the handler.
 *
 * @example Registering through the returned function
 * ```ts
 * import { createRouter, type EndpointRegistrar } from "@switchyard/switchyard/router";
 * const router = createRouter();
 * const register: EndpointRegistrar = router.endpoint`GET /`;
 * register(() => new Response("home"));
 * console.log(router.routes().length); // 1
 * ```
 */
export type EndpointRegistrar = (handler: Handler) => Router;

/**
 * A request handler function with a route table. Hand it to
 * `Deno.serve(router)` or export `{ fetch: router }` (or the router itself:
 * it has a `fetch` property) as the default export for `deno serve`.
 *
 * @example Chained registrations
 * ```ts
 * import { createRouter, type Router } from "@switchyard/switchyard/router";
 * const router: Router = createRouter()
 *   .endpoint`GET /`(() => new Response("home"))
 *   .endpoint`POST /echo`(async (request) => new Response(await request.text()));
 * console.log((await router(new Request("http://localhost/echo", { method: "POST", body: "hi" }))).status); // 200
 * ```
 */
export interface Router {
  /**
   * Answers a request; never rejects.
   *
   * @param request The request.
   * @returns A promise of the response.
   */
  (request: Request): Promise<Response>;
  /**
   * Answers a request the way a server calls a handler, with connection
   * info; never rejects. The response comes back synchronously when the
   * matched handler returned it synchronously, and as a promise otherwise:
   * `Deno.serve` finishes a synchronous response without a promise round
   * trip, worth about 4% of requests/s (see docs/performance.md, "Template
   * router"). Called with the request alone, the router always returns a
   * promise.
   *
   * @param request The request.
   * @param info Passed to handlers as `context.info` (Deno.serve's connection info).
   * @returns The response, or a promise of it.
   */
  (request: Request, info: unknown): Response | Promise<Response>;
  /**
   * Registers a route: ``router.endpoint`GET /users/:id`(handler)``. The
   * template is `METHOD /pattern`; `ALL` (or `*`) matches every method.
   * A `Host: pattern` line may follow (`api.example.com`,
   * `:tenant.example.com`): then the route answers that host only, and a
   * `:name` label joins `context.params`. Returns a function that takes
   * the handler and returns the router, so registrations chain.
   *
   * @param strings Template strings.
   * @param substitutions Values joined into the pattern as text.
   * @returns The function that takes the handler.
   * @throws {RouteError} `INVALID_ENDPOINT`, `INVALID_PATTERN` or (when the
   * handler is given) `DUPLICATE_ROUTE`.
   */
  endpoint(
    strings: TemplateStringsArray,
    ...substitutions: unknown[]
  ): EndpointRegistrar;
  /**
   * Removes a route at run time: ``router.remove`GET /users/:id` `` (with
   * its `Host:` line, if it has one). The route table is compiled again at
   * the next request, as after a registration: removing costs what adding
   * costs (10,000 routes compile in about 0.2 s), so batch changes. A
   * request already dispatched finishes with the route it matched.
   *
   * @param strings Template strings, as for `endpoint`.
   * @param substitutions Values joined into the pattern as text.
   * @returns Whether a route with this method, an equivalent pattern and
   * this host was registered (and is now gone).
   * @throws {RouteError} `INVALID_ENDPOINT` or `INVALID_PATTERN`, as `endpoint`.
   */
  remove(strings: TemplateStringsArray, ...substitutions: unknown[]): boolean;
  /**
   * Lists the registered routes in registration order.
   *
   * @returns Method, pattern and parameter names of every route.
   */
  routes(): RouteInfo[];
  /** The router itself, so `{ fetch: router }` and `router` both serve. */
  readonly fetch: Router;
}

const TEXT_PLAIN = "text/plain; charset=utf-8";

// The endpoint is read raw, as String.raw reads a template: a pattern is a
// small language of its own, where `\:` is a literal colon and `\d` in a
// constraint must reach the RegExp (cooking would turn both into letters).
function rawEndpoint(
  strings: TemplateStringsArray,
  values: unknown[],
): string {
  let text = strings.raw[0];
  for (let i = 0; i < values.length; i++) {
    text += String(values[i]) + strings.raw[i + 1];
  }
  return text;
}

function toError(error: unknown): Error {
  return error instanceof Error
    ? error
    : new Error(String(error), { cause: error });
}

/** Bodies a HEAD answer measures to send their Content-Length. */
const HEAD_MEASURE_LIMIT = 1 << 20;

/**
 * The byte length of a body that is already complete (a string, bytes, a
 * Blob), or undefined for one still being produced (a stream, which is
 * never waited for) or larger than {@linkcode HEAD_MEASURE_LIMIT}.
 */
async function measure(
  body: ReadableStream<Uint8Array>,
): Promise<number | undefined> {
  const reader = body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), 0);
  });
  let length = 0;
  try {
    while (length <= HEAD_MEASURE_LIMIT) {
      const next = await Promise.race([reader.read(), late]);
      if (next === undefined) return undefined;
      if (next.done) return length;
      length += next.value.byteLength;
    }
    return undefined;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
    reader.cancel().catch(() => {});
  }
}

/**
 * The HEAD answer for a GET response: same status and headers, no body.
 * Without a Content-Length header, a server would announce
 * `content-length: 0` for the empty body (Deno.serve does), so a complete
 * body is measured; a streamed one gets no Content-Length, like its GET.
 */
async function withoutBody(response: Response): Promise<Response> {
  if (response.body === null) return response;
  const init = {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  };
  if (response.headers.has("content-length")) {
    response.body.cancel().catch(() => {});
    return new Response(null, init);
  }
  const length = await measure(response.body);
  if (length === undefined) {
    return new Response(new ReadableStream({ start: (c) => c.close() }), init);
  }
  const headers = new Headers(response.headers);
  headers.set("content-length", String(length));
  return new Response(null, { ...init, headers });
}

/** A 308 to `path` with the request's query, for `trailingSlash: "redirect"`. */
function redirect(request: Request, path: string): Response {
  // A fragment (kept in Request.url) ends the URL: a "?" inside it is no
  // query.
  const hash = request.url.indexOf("#");
  const url = hash === -1 ? request.url : request.url.slice(0, hash);
  const query = url.indexOf("?");
  const search = query === -1 ? "" : url.slice(query);
  return new Response(null, {
    status: 308,
    statusText: "Permanent Redirect",
    headers: { location: path + search },
  });
}

function notAResponse(context: Context): RouteError {
  return new RouteError({
    code: "INVALID_RESPONSE",
    message: `The handler of ${
      context.pattern || "the default route"
    } did not return a Response`,
  });
}

function plain(
  status: number,
  statusText: string,
  headers: [string, string][] = [],
): Response {
  return new Response(statusText, {
    status,
    statusText,
    headers: [["content-type", TEXT_PLAIN], ...headers],
  });
}

/**
 * Creates a router: a `(request, info?) => Promise<Response>` function with
 * an `endpoint` tag.
 *
 * Matching, decided where the spec is open:
 * - The route table is compiled once, at the first request after a change:
 *   a map of static paths plus one combined RegExp per method (per 256
 *   routes, for big tables).
 * - Patterns: `:name` (one segment, also mid-segment `/v:version`; a `-`
 *   ends the name: `/:from-:to`), `:name?` (optional whole segment,
 *   anywhere, at most four; `/:lang?` answers `/` too), `:name{regex}`
 *   (constrained to one segment, linear regexes only), `*` or `:name*`
 *   (zero or more segments, bound to `params["*"]` or `params.name`) and
 *   `:name+` (one or more), one multi-segment parameter per pattern,
 *   anywhere; `*` glued to text: `/files/*.png` (one segment, `params["0"]`)
 *   or, ending a pattern, `/assets*` (the rest of the path).
 *   `\` makes `:`, `*`, `{`, `}`, `(`, `)`, `+`, `-` literal; other
 *   characters are literal; syntax the language lacks throws at
 *   registration. The endpoint template is read raw, like `String.raw`.
 * - When several routes match a path, the most specific wins whatever the
 *   registration order. Patterns are compared segment by segment, the first
 *   difference decides: literal, then literal with parameter (more literal
 *   characters first), constrained parameter, parameter, end of pattern,
 *   optional, one-or-more, zero-or-more. So a route that matches without an
 *   optional or wildcard part beats one that needs it (`/a/:id` beats
 *   `/a/:id/*` and `/a/:id?` on `/a/1`). A method-specific route beats
 *   `ALL` at equal specificity; patterns still tied are ordered by their
 *   text, never by registration.
 * - Paths are compared as sent, after percent-escape normalization
 *   (RFC 3986 §6.2.2); trailing slashes follow `trailingSlash` (strict by
 *   default: `/a/` ≠ `/a`).
 * - No route for the path → `defaultHandler` or 404. The path is known but
 *   not for the method → 405 with `Allow` (or `methodNotAllowed`); a
 *   catch-all route (`/*`, `/:rest*`, `/:rest+` below the base) makes no
 *   path known. `HEAD` uses `GET` routes and drops the body (headers kept).
 *   `OPTIONS` without its own route → 204 with `Allow` (or `options`).
 *
 * - Host routes: a `Host:` line under `METHOD /pattern`; the path decides
 *   first, then an exact host beats a host pattern, which beats a route
 *   without Host. Routes of other hosts make no path known (404, not 405).
 *
 * @param init Base path, handlers, cache, trailing-slash and path options.
 * @returns The router.
 * @throws {RouteError} `INVALID_OPTION` naming the option, for any option of
 * the wrong type or range and for an unknown key.
 *
 * @example Serving with Deno.serve
 * ```ts ignore
 * import { createRouter } from "@switchyard/switchyard/router";
 * const router = createRouter().endpoint`GET /users/:id`(
 *   (_request, { params }) => Response.json({ id: params.id }),
 * );
 * Deno.serve({ hostname: "127.0.0.1", port: 8000 }, router);
 * ```
 *
 * @example 404, 405 and HEAD
 * ```ts
 * import { createRouter } from "@switchyard/switchyard/router";
 * const router = createRouter().endpoint`GET /users/:id`(() => new Response("user"));
 * const missing = await router(new Request("http://localhost/nope"));
 * const wrong = await router(new Request("http://localhost/users/1", { method: "DELETE" }));
 * const head = await router(new Request("http://localhost/users/1", { method: "HEAD" }));
 * console.log(missing.status, wrong.status, wrong.headers.get("allow"), head.body); // 404 405 "GET, HEAD, OPTIONS" null
 * ```
 *
 * @example A route per tenant host, removed at run time
 * ```ts
 * import { createRouter } from "@switchyard/switchyard/router";
 * const router = createRouter()
 *   .endpoint`GET /
 *     Host: :tenant.example.com`((_request, { params }) => new Response(params.tenant));
 * const home = await router(new Request("http://acme.example.com/"));
 * console.log(await home.text()); // "acme"
 * console.log(router.remove`GET /
 *   Host: :tenant.example.com`); // true
 * console.log((await router(new Request("http://acme.example.com/"))).status); // 404
 * ```
 */
export function createRouter(init: RouterInit = {}): Router {
  const options = readOptions(init);
  const { base, defaultHandler, errorHandler, trailingSlash } = options;
  const routes = new RouteSet<Handler>({
    caseSensitive: options.caseSensitive,
    maxParamLength: options.maxParamLength,
  });
  const listed: RouteInfo[] = [];
  const redirecting = trailingSlash === "redirect";
  const collapsing = options.ignoreDuplicateSlashes;
  const cache = options.cache === undefined
    ? undefined
    : new ResponseCache(options.cache);

  const reportStreamError = (error: unknown, request: Request): void => {
    if (errorHandler === undefined) {
      console.error("Error while streaming a response:", error);
      return;
    }
    try {
      Promise.resolve(errorHandler(toError(error), request)).then(
        (response) => response?.body?.cancel().catch(() => {}),
        () => {},
      );
    } catch {
      // The response has started; nothing else can be told.
    }
  };

  async function fail(error: unknown, request: Request): Promise<Response> {
    if (errorHandler !== undefined) {
      try {
        const response = await errorHandler(toError(error), request);
        if (response instanceof Response) return response;
        error = new RouteError({
          code: "INVALID_RESPONSE",
          message: "errorHandler did not return a Response",
        });
      } catch (secondary) {
        error = secondary;
      }
    }
    console.error("Unhandled error in a route handler:", error);
    return plain(500, "Internal Server Error");
  }

  async function call(
    handler: Handler,
    request: Request,
    context: Context,
  ): Promise<Response> {
    try {
      let response: unknown = handler(request, context);
      if (isThenable(response)) response = await response;
      if (!(response instanceof Response)) throw notAResponse(context);
      return response;
    } catch (error) {
      return await fail(error, request);
    }
  }

  /** Calls a 405 or OPTIONS hook through the error path, like a handler. */
  function answerAllowed(
    hook: AllowHandler,
    request: Request,
    allow: string[],
    info: unknown,
  ): Promise<Response> {
    return call(
      (request) => hook(request, { allow, info }),
      request,
      new Context(request, null, info, reportStreamError),
    );
  }

  async function miss(
    request: Request,
    method: string,
    info: unknown,
    path: string,
  ): Promise<Response> {
    if (trailingSlash !== "strict" && path !== "/") {
      const other = path.endsWith("/") ? path.slice(0, -1) : path + "/";
      const found = routes.match(method, other, request.url);
      // A Location starting with "//" names another host: never sent.
      if (found !== null && !(redirecting && other.startsWith("//"))) {
        if (redirecting) return redirect(request, other);
        return await call(
          found.route.value,
          request,
          new Context(request, found, info, reportStreamError),
        );
      }
    }
    const methods = routes.allowed(path, request.url);
    if (methods.length > 0) {
      if (!methods.includes("OPTIONS")) methods.push("OPTIONS");
      if (method === "OPTIONS") {
        if (options.options !== undefined) {
          return await answerAllowed(options.options, request, methods, info);
        }
        return new Response(null, {
          status: 204,
          statusText: "No Content",
          headers: { allow: methods.join(", ") },
        });
      }
      if (options.methodNotAllowed !== undefined) {
        return await answerAllowed(
          options.methodNotAllowed,
          request,
          methods,
          info,
        );
      }
      return plain(405, "Method Not Allowed", [["allow", methods.join(", ")]]);
    }
    if (defaultHandler === undefined) return plain(404, "Not Found");
    return await call(
      defaultHandler,
      request,
      new Context(request, null, info, reportStreamError),
    );
  }

  async function finish(
    pending: unknown,
    request: Request,
    head: boolean,
    context: Context,
  ): Promise<Response> {
    try {
      const response = await pending;
      if (!(response instanceof Response)) throw notAResponse(context);
      return head ? await withoutBody(response) : response;
    } catch (error) {
      const answer = await fail(error, request);
      return head ? await withoutBody(answer) : answer;
    }
  }

  // Not async: a handler that returns a Response synchronously costs one
  // resolved promise, not a chain of async frames, and no promise at all
  // when a server passes `info` (Deno.serve completes a synchronous answer
  // in the same turn; a promise costs it ~1.9k instructions a request under
  // callgrind). `request.method` and `request.url` are getters (Deno's check
  // the receiver each time): each is read once.
  function dispatch(
    request: Request,
    info?: unknown,
  ): Response | Promise<Response> {
    const method = request.method;
    const url = request.url;
    const path = collapsing ? collapseSlashes(getPath(url)) : getPath(url);
    const found = routes.match(method, path, url);
    if (found === null) {
      const answer = miss(request, method, info, path);
      return method === "HEAD" ? answer.then(withoutBody) : answer;
    }
    const context = new Context(request, found, info, reportStreamError);
    const head = method === "HEAD";
    let response: unknown;
    try {
      response = found.route.value(request, context);
    } catch (error) {
      return finish(Promise.reject(error), request, head, context);
    }
    if (!head && response instanceof Response) {
      return info === undefined ? Promise.resolve(response) : response;
    }
    return finish(response, request, head, context);
  }

  function register(
    method: string,
    pattern: Pattern,
    handler: Handler,
    catchAll: boolean,
    host: HostPattern | undefined,
  ): void {
    if (typeof handler !== "function") {
      throw new RouteError({
        code: "INVALID_ENDPOINT",
        message: `The handler of ${method} ${pattern.source} is not a function`,
      });
    }
    const onHost = host === undefined ? "" : ` on host ${host.source}`;
    if (routes.find(method, pattern, host) !== undefined) {
      throw new RouteError({
        code: "DUPLICATE_ROUTE",
        message: `${method} ${pattern.source}${onHost} is already registered`,
      });
    }
    const shared = host?.names.find((name) => pattern.params.includes(name));
    if (shared !== undefined) {
      throw new RouteError({
        code: "INVALID_PATTERN",
        message:
          `${method} ${pattern.source}${onHost}: the host and the path both name the parameter ":${shared}"`,
      });
    }
    const served = cache !== undefined && requestIndependentRoutes.has(handler)
      ? cache.wrap(handler)
      : directRoutes.get(handler) ?? handler;
    routes.add(method, pattern, served, catchAll, host);
    listed.push({
      method,
      pattern: pattern.source,
      params: [...pattern.params, ...host?.names ?? []],
      ...host && { host: host.source },
    });
  }

  /** The method, pattern and host of an endpoint template, checked. */
  function readEndpoint(
    strings: TemplateStringsArray,
    substitutions: unknown[],
  ) {
    const text = rawEndpoint(strings, substitutions).trim();
    const [line, ...headers] = text.split(/\r?\n/);
    const parts = line.trim().split(/\s+/);
    if (parts.length !== 2 || !TOKEN.test(parts[0])) {
      throw new RouteError({
        code: "INVALID_ENDPOINT",
        message: `Invalid endpoint ${
          JSON.stringify(text)
        }: expected "METHOD /pattern", then optionally a "Host: pattern" line`,
      });
    }
    const host = endpointHost(headers, text);
    const upper = parts[0].toUpperCase();
    const method = upper === "*" ? ANY_METHOD : upper;
    let path = parts[1] === "*" ? "/*" : parts[1];
    if (collapsing) path = collapseSlashes(path);
    // A route for every path below the base (`/*`, `/:rest*`, `/:rest+`)
    // answers its method everywhere; it does not make a path exist for
    // the 405 rule (see Matcher.allowed).
    const catchAll = /^\/(?:\*|:[A-Za-z0-9_]+[*+])$/.test(path);
    const pattern = parsePattern(
      base === "" ? path : path === "/" ? base : base + path,
    );
    return { method, pattern, catchAll, host };
  }

  const router = dispatch as Router;
  router.endpoint = (strings, ...substitutions) => {
    const { method, pattern, catchAll, host } = readEndpoint(
      strings,
      substitutions,
    );
    return (handler: Handler): Router => {
      register(method, pattern, handler, catchAll, host);
      return router;
    };
  };
  router.remove = (strings, ...substitutions) => {
    const { method, pattern, host } = readEndpoint(strings, substitutions);
    const removed = routes.remove(method, pattern, host);
    if (removed === undefined) return false;
    const at = listed.findIndex((route) =>
      route.method === method && route.pattern === removed.source &&
      route.host === host?.source
    );
    if (at !== -1) listed.splice(at, 1);
    return true;
  };
  router.routes = () =>
    listed.map((route) => ({ ...route, params: [...route.params] }));
  Object.defineProperty(router, "fetch", { value: router, enumerable: true });
  return router;
}
