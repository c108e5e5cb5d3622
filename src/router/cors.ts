/**
 * `cors`: CORS for a template router, built on its `options` hook (the
 * preflight answer, with the path's `Allow` list as the allowed methods)
 * and a wrapper that adds `Access-Control-Allow-Origin` to the other
 * responses.
 *
 * @module
 */
import { RouteError } from "./errors.ts";
import type { AllowHandler } from "./router.ts";

/**
 * Options of {@linkcode cors}; all optional.
 *
 * @example Two origins, cookies allowed
 * ```ts
 * import type { CorsOptions } from "@switchyard/switchyard/router";
 * const options: CorsOptions = {
 *   origin: ["https://app.example", "https://admin.example"],
 *   credentials: true,
 *   maxAge: 600,
 * };
 * console.log(options.origin); // ["https://app.example", "https://admin.example"]
 * ```
 */
export interface CorsOptions {
  /**
   * The origins allowed: `"*"` (default) for any, or a list of exact
   * origins (`https://app.example`), answered by echoing the request's
   * `Origin` with `Vary: Origin`.
   */
  origin?: "*" | readonly string[];
  /**
   * Request headers a preflight allows. Default: those the preflight asks
   * for (`Access-Control-Request-Headers`), echoed.
   */
  allowHeaders?: readonly string[];
  /** Response headers scripts may read (`Access-Control-Expose-Headers`). */
  exposeHeaders?: readonly string[];
  /**
   * Send `Access-Control-Allow-Credentials: true`. With `origin: "*"`, the
   * request's origin is echoed instead of `*`, as browsers require.
   */
  credentials?: boolean;
  /** Seconds a browser may cache a preflight answer (`Access-Control-Max-Age`). */
  maxAge?: number;
}

/**
 * What {@linkcode cors} returns: the router's `options` hook and a wrapper
 * for the router.
 *
 * @example Using both parts
 * ```ts
 * import { cors, createRouter, type Cors } from "@switchyard/switchyard/router";
 * const { options, wrap }: Cors = cors();
 * const router = createRouter({ options }).endpoint`GET /x`(() => new Response("x"));
 * const serve = wrap(router);
 * const response = await serve(new Request("http://localhost/x", { headers: { origin: "https://a.example" } }));
 * console.log(response.headers.get("access-control-allow-origin")); // "*"
 * ```
 */
export interface Cors {
  /** Give it to `createRouter({ options })`: it answers CORS preflights. */
  readonly options: AllowHandler;
  /**
   * Wraps a router (or any handler): responses to a request from an allowed
   * origin get `Access-Control-Allow-Origin` and the other headers.
   *
   * @param handler The router.
   * @returns A handler to serve instead.
   */
  wrap(
    handler: (request: Request, info?: unknown) => Response | Promise<Response>,
  ): (request: Request, info?: unknown) => Promise<Response>;
}

/**
 * CORS for a template router: preflights are answered by the router's
 * `options` hook (204, the path's methods as
 * `Access-Control-Allow-Methods`); `wrap` adds the origin headers to every
 * other response. A request without `Origin`, or from an origin not in the
 * list, gets no CORS header. Paths without routes stay 404, so a preflight
 * for them fails, as it should; an explicit `OPTIONS` route answers for
 * itself.
 *
 * @param init Allowed origins, headers, credentials and preflight cache time.
 * @returns The `options` hook and the router wrapper.
 * @throws {RouteError} `INVALID_OPTION` for a `maxAge` that is not a
 * non-negative integer or an origin that is not an origin.
 *
 * @example A preflight and a request
 * ```ts
 * import { cors, createRouter } from "@switchyard/switchyard/router";
 * const { options, wrap } = cors({ origin: ["https://app.example"] });
 * const router = createRouter({ options })
 *   .endpoint`PUT /items/:id`(() => new Response("saved"));
 * const serve = wrap(router);
 * const preflight = await serve(new Request("http://localhost/items/1", {
 *   method: "OPTIONS",
 *   headers: { origin: "https://app.example", "access-control-request-method": "PUT" },
 * }));
 * console.log(preflight.status, preflight.headers.get("access-control-allow-methods")); // 204 "PUT, OPTIONS"
 * const put = await serve(new Request("http://localhost/items/1", {
 *   method: "PUT",
 *   headers: { origin: "https://app.example" },
 * }));
 * console.log(put.headers.get("access-control-allow-origin")); // "https://app.example"
 * ```
 */
export function cors(init: CorsOptions = {}): Cors {
  const any = init.origin === undefined || init.origin === "*";
  const origins = new Set(any ? [] : init.origin as readonly string[]);
  for (const origin of origins) {
    if (!/^[a-z][a-z0-9+.-]*:\/\/[^/\s]+$/i.test(origin)) {
      throw new RouteError({
        code: "INVALID_OPTION",
        message: `CorsOptions.origin ${
          JSON.stringify(origin)
        } is not an origin (scheme://host[:port])`,
      });
    }
  }
  if (
    init.maxAge !== undefined &&
    (!Number.isInteger(init.maxAge) || init.maxAge < 0)
  ) {
    throw new RouteError({
      code: "INVALID_OPTION",
      message:
        `CorsOptions.maxAge must be a non-negative integer, got ${init.maxAge}`,
    });
  }

  /** The origin headers for a request, or null when it gets none. */
  const originHeaders = (request: Request): [string, string][] | null => {
    const origin = request.headers.get("origin");
    if (origin === null || (!any && !origins.has(origin))) return null;
    const echo = !any || init.credentials === true;
    const headers: [string, string][] = [
      ["access-control-allow-origin", echo ? origin : "*"],
    ];
    if (echo) headers.push(["vary", "Origin"]);
    if (init.credentials === true) {
      headers.push(["access-control-allow-credentials", "true"]);
    }
    return headers;
  };

  const options: AllowHandler = (request, { allow }) => {
    const method = request.headers.get("access-control-request-method");
    const headers = originHeaders(request);
    const answer: [string, string][] = [["allow", allow.join(", ")]];
    if (method !== null && headers !== null) {
      answer.push(...headers, [
        "access-control-allow-methods",
        allow.join(", "),
      ]);
      const asked = request.headers.get("access-control-request-headers");
      const allowed = init.allowHeaders?.join(", ") ?? asked;
      if (allowed) answer.push(["access-control-allow-headers", allowed]);
      // An echoed list depends on the request's list even when it is absent:
      // a cache must not answer a later preflight that asks with this one.
      if (init.allowHeaders === undefined) {
        answer.push(["vary", "Access-Control-Request-Headers"]);
      }
      if (init.maxAge !== undefined) {
        answer.push(["access-control-max-age", String(init.maxAge)]);
      }
    }
    return new Response(null, { status: 204, headers: answer });
  };

  const wrap: Cors["wrap"] = (handler) => async (request, info) => {
    const response = await handler(request, info);
    const headers = originHeaders(request);
    if (
      headers === null ||
      response.headers.has("access-control-allow-origin")
    ) return response;
    const merged = new Headers(response.headers);
    for (const [name, value] of headers) merged.append(name, value);
    if (init.exposeHeaders !== undefined && init.exposeHeaders.length > 0) {
      merged.set(
        "access-control-expose-headers",
        init.exposeHeaders.join(", "),
      );
    }
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers: merged,
    });
  };

  return { options, wrap };
}
