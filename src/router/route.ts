/**
 * `createRoute`: a route handler written as a raw HTTP response.
 *
 * @module
 */
import { RouterError } from "./errors.ts";
import type { RouteContext } from "./router.ts";
import { layoutTemplate, type Part } from "./_template_parse.ts";
import {
  checkValues,
  evaluate,
  hasSubstitution,
  headParts,
  knownBody,
  pending,
  renderLine,
  resolveResponseHead,
  settle,
  streamParts,
  textBody,
  utf8Length,
} from "./_render.ts";
import { isNullBodyStatus } from "../_status.ts";
import { Context, reporterOf, requestIndependentRoutes } from "./_context.ts";

/**
 * Defaults of a route; the template's own status line and headers win.
 *
 * @example Defaults for every response of a route
 * ```ts
 * import { createRoute, type RouteInit } from "@switchyard/switchyard/router";
 * const init: RouteInit = { status: 201, headers: { "x-powered-by": "switchyard" } };
 * const created = createRoute(init)`{"ok":true}`;
 * const response = await created(new Request("http://localhost/"));
 * console.log(response.status, response.headers.get("x-powered-by")); // 201 "switchyard"
 * ```
 */
export interface RouteInit {
  /** Headers added to every response; a template header of the same name replaces them. */
  headers?: HeadersInit;
  /** Status when the template has no status line (default 200). */
  status?: number;
  /** Reason phrase used with `status` (default: the registered phrase). */
  statusText?: string;
  /**
   * Send the status, headers and body text as soon as they are known, each
   * substitution when it resolves (no Content-Length). Default `false`: the
   * whole body is rendered first and Content-Length is exact.
   */
  streaming?: boolean;
}

/**
 * A request handler: a route made by {@linkcode createRoute}, or a handler
 * registered with a router. The context is optional so a route can be called
 * directly with a request.
 *
 * @example Calling a route directly
 * ```ts
 * import { createRoute, type Route } from "@switchyard/switchyard/router";
 * const hello: Route = createRoute()`Hello`;
 * console.log(await (await hello(new Request("http://localhost/"))).text()); // "Hello"
 * ```
 */
export type Route = (
  request: Request,
  context?: RouteContext,
) => Promise<Response>;

/**
 * A value substituted into a route template: a function of the request and
 * context (called per request, awaited), or a value rendered as is.
 *
 * @example A function substitution
 * ```ts
 * import { createRoute, type RouteSubstitution } from "@switchyard/switchyard/router";
 * const id: RouteSubstitution = (_request, context) => context.params.id;
 * console.log(typeof id); // "function"
 * ```
 */
export type RouteSubstitution =
  | ((request: Request, context: RouteContext) => unknown)
  | string
  | number
  | boolean
  | bigint
  | null
  | undefined
  | { toString(): string };

/**
 * The tag returned by {@linkcode createRoute}: takes a response template and
 * returns a {@linkcode Route}.
 *
 * @example A tag reused for several routes
 * ```ts
 * import { createRoute, type RouteTag } from "@switchyard/switchyard/router";
 * const json: RouteTag = createRoute({ headers: { "content-type": "application/json" } });
 * const ok = json`{"ok":true}`;
 * console.log((await ok(new Request("http://localhost/"))).headers.get("content-type")); // "application/json"
 * ```
 */
export type RouteTag = (
  strings: TemplateStringsArray,
  ...substitutions: RouteSubstitution[]
) => Route;

function startsWithStatusLine(line: readonly Part[]): boolean {
  const first = line[0];
  return typeof first === "string" && /^HTTP\/\d/.test(first.trimStart());
}

function validateInit(init: RouteInit): void {
  const { status } = init;
  if (
    status !== undefined &&
    (!Number.isInteger(status) || status < 200 || status > 599)
  ) {
    throw new RouterError({
      code: "INVALID_OPTION",
      message:
        `RouteInit.status must be an integer from 200 to 599, got ${status}`,
    });
  }
}

/**
 * Creates a route from a template shaped like a raw HTTP response: status
 * line, header lines, a blank line, the body. The template is parsed once,
 * here; each request only evaluates the substitutions.
 *
 * - The status line may be omitted (then `init.status` or 200 applies);
 *   header lines need a status line before them. CRLF or LF.
 * - Common indentation is removed. When the template starts with a line
 *   break, that first line and a blank last line (before the closing
 *   backtick) are dropped; the body keeps its own relative indentation.
 * - Substitutions: a function is called with `(request, context)` and
 *   awaited; all functions of a template are called once per request, in
 *   source order, when the route is invoked. `null`, `undefined` or a
 *   function returning them render nothing. `ReadableStream`, `Blob`,
 *   `ArrayBuffer`, `Uint8Array` and other `ArrayBufferView` results are sent
 *   in place as bytes. Anything else is `String(value)`.
 * - A substitution in the status or a header line must not hold CR, LF or
 *   NUL (or binary data): the route then rejects with a `RouterError`
 *   `UNSAFE_SUBSTITUTION` and the router's error path answers.
 * - Content-Type defaults to `text/html; charset=utf-8`. Content-Length is
 *   computed (a template's own Content-Length or Transfer-Encoding line is
 *   dropped), set when the body size is known. 204, 205 and 304 responses
 *   have no body. Request headers are never copied into the response.
 *
 * @param init Defaults: status, status text, headers, streaming.
 * @returns A tag that turns a response template into a {@linkcode Route}.
 * @throws {RouterError} `INVALID_TEMPLATE` (from the tag) for a malformed
 * status or header line, or a body on a 204/205/304 status.
 *
 * @example A route with a path parameter
 * ```ts
 * import { createRouter, createRoute } from "@switchyard/switchyard/router";
 * const router = createRouter().endpoint`GET /hello/:name`(createRoute()`
 *   HTTP/1.1 200 OK
 *   Content-Type: text/plain
 *
 *   Hello ${(_request, context) => context.params.name}!
 * `);
 * const response = await router(new Request("http://localhost/hello/world"));
 * console.log(await response.text()); // "Hello world!"
 * ```
 *
 * @example Streaming a slow part
 * ```ts
 * import { createRoute } from "@switchyard/switchyard/router";
 * const slow = () => new Promise((resolve) => setTimeout(() => resolve("done"), 10));
 * const page = createRoute({ streaming: true })`<p>working…</p>${slow}`;
 * console.log(await (await page(new Request("http://localhost/"))).text()); // "<p>working…</p>done"
 * ```
 */
export function createRoute(init: RouteInit = {}): RouteTag {
  validateInit(init);
  const defaults = { ...init };
  return (
    strings: TemplateStringsArray,
    ...values: RouteSubstitution[]
  ): Route => {
    checkValues(values);
    const layout = layoutTemplate(strings, startsWithStatusLine);
    const head = layout.head;
    const dynamicHead = hasSubstitution(headParts(layout));
    const staticHead = dynamicHead ? undefined : resolveResponseHead(
      head?.map((line) => renderLine(line, [])),
      defaults,
    );
    if (
      staticHead !== undefined && isNullBodyStatus(staticHead.status) &&
      layout.body.length > 0
    ) {
      throw new RouterError({
        code: "INVALID_TEMPLATE",
        message: `A ${staticHead.status} response cannot have a body`,
      });
    }
    const hasFunctions = values.some((value) => typeof value === "function");
    const streaming = init.streaming === true;
    const allHead = headParts(layout);

    // Fast path: fixed head, not streaming, every result already text.
    function respondNow(
      request: Request,
      context: RouteContext,
    ): Promise<Response> {
      let results: unknown[];
      try {
        results = hasFunctions
          ? evaluate(values, request, context)
          : values as unknown[];
      } catch (error) {
        return Promise.reject(error);
      }
      const text =
        staticHead !== undefined && !isNullBodyStatus(staticHead.status)
          ? textBody(layout.body, results)
          : undefined;
      if (text === undefined) return respond(results, request, context);
      const { status, statusText } = staticHead!;
      // The runtime sends an exact Content-Length for a string body; an
      // explicit header costs several µs per response, so only HEAD gets one.
      const headers = request.method === "HEAD"
        ? [...staticHead!.headers, ["content-length", String(utf8Length(text))]]
        : staticHead!.headers;
      return Promise.resolve(
        new Response(text, {
          status,
          statusText,
          headers: headers as [string, string][],
        }),
      );
    }

    async function respond(
      results: unknown[],
      request: Request,
      context: RouteContext,
    ): Promise<Response> {
      if (results === values) results = values.slice();
      let resolved = staticHead;
      if (resolved === undefined) {
        await settle(results, allHead);
        resolved = resolveResponseHead(
          head!.map((line) => renderLine(line, results)),
          defaults,
        );
      }
      const { status, statusText } = resolved;
      if (isNullBodyStatus(status)) {
        return new Response(null, {
          status,
          statusText,
          headers: resolved.headers as [string, string][],
        });
      }
      const report = reporterOf(context);
      if (streaming) {
        return new Response(streamParts(layout.body, results, report), {
          status,
          statusText,
          headers: resolved.headers as [string, string][],
        });
      }
      if (pending(results, layout.body)) await settle(results, layout.body);
      const { body, length } = knownBody(layout.body, results, report);
      const headers = length === undefined || request.method !== "HEAD"
        ? resolved.headers as [string, string][]
        : [...resolved.headers, ["content-length", String(length)]];
      return new Response(body, { status, statusText, headers });
    }

    const route: Route = (request, context) => {
      const ctx = context ?? new Context(request, null, undefined, undefined);
      if (streaming) {
        try {
          return respond(evaluate(values, request, ctx), request, ctx);
        } catch (error) {
          return Promise.reject(error);
        }
      }
      return respondNow(request, ctx);
    };
    if (!hasFunctions) requestIndependentRoutes.add(route);
    return route;
  };
}
