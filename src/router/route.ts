/**
 * `createRoute`: a route handler written as a raw HTTP response.
 *
 * @module
 */
import { RouteError } from "./errors.ts";
import type { RouteContext } from "./types.ts";
import { layoutTemplate, type Part } from "./_template_parse.ts";
import {
  assertBodyAllowed,
  checkValues,
  evaluate,
  hasSubstitution,
  headParts,
  isBinary,
  isReasonPhrase,
  isThenable,
  knownBody,
  pending,
  renderLine,
  resolveResponseHead,
  settle,
  streamParts,
  utf8Length,
} from "./_render.ts";
import { type BodyEncoding, encodingOf } from "./_escape.ts";
import { isNullBodyStatus } from "../_status.ts";
import {
  Context,
  directRoutes,
  reporterOf,
  requestIndependentRoutes,
} from "./_context.ts";

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
  headers?: ConstructorParameters<typeof Headers>[0];
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

/**
 * The init every response of a fixed head is built with. One Headers object
 * copied by every Response costs about a third of the same list given as
 * pairs in Deno 2.9; 200 is the default status, so it is left out.
 */
function responseInit(
  status: number,
  statusText: string,
  headers: readonly [string, string][],
): ResponseInit {
  // Deno checks a given statusText against a pattern on every Response, so
  // the Fetch default ("") and status 200 are left out rather than passed.
  const init: ResponseInit = {
    headers: new Headers(headers as [string, string][]),
  };
  if (statusText !== "") init.statusText = statusText;
  if (status !== 200) init.status = status;
  return init;
}

function validateInit(init: RouteInit): void {
  const { status, statusText } = init;
  if (statusText !== undefined && !isReasonPhrase(statusText)) {
    throw new RouteError({
      code: "INVALID_OPTION",
      message: `RouteInit.statusText ${
        JSON.stringify(statusText)
      } is not a reason phrase: only tab, space, visible ASCII and U+0080-U+00FF can be sent`,
    });
  }
  if (
    status !== undefined &&
    (!Number.isInteger(status) || status < 200 || status > 599)
  ) {
    throw new RouteError({
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
 *   header lines need a status line before them. CRLF or LF. The blank
 *   line may hold spaces and tabs (indentation), no other white space.
 * - `statusText` is the reason the template writes; a status line without
 *   one gets the registered reason (`HTTP/1.1 404` → "Not Found"). Without a
 *   status line it is `init.statusText` or Fetch's default "", as for
 *   `new Response()`; servers write the registered reason on the wire.
 * - Common indentation is removed. When the template starts with a line
 *   break, that first line and a blank last line (before the closing
 *   backtick) are dropped; the body keeps its own relative indentation.
 * - Substitutions: a function is called with `(request, context)` and
 *   awaited; all functions of a template are called once per request, in
 *   source order, when the route is invoked. `null`, `undefined` or a
 *   function returning them render nothing. `ReadableStream`, `Blob`,
 *   `ArrayBuffer`, `Uint8Array` and other `ArrayBufferView` results are sent
 *   in place as bytes. Anything else is text, encoded for the body's
 *   Content-Type: escaped (`& < > " '`) in HTML and XML bodies (the default
 *   type is HTML), JSON-encoded in JSON bodies (string content inside a
 *   string literal of the template, a JSON value outside one), as is in
 *   other types. Text marked with `raw()` is inserted as written.
 * - A substitution in the status or a header line must not hold CR, LF or
 *   NUL (or binary data): the route then rejects with a `RouteError`
 *   `UNSAFE_SUBSTITUTION` and the router's error path answers.
 * - Content-Type defaults to `text/html; charset=utf-8`. Content-Length is
 *   computed (a template's own Content-Length or Transfer-Encoding line is
 *   dropped), set when the body size is known. 204, 205 and 304 responses
 *   have no body. Request headers are never copied into the response.
 *
 * @param init Defaults: status, status text, headers, streaming.
 * @returns A tag that turns a response template into a {@linkcode Route}.
 * @throws {RouteError} `INVALID_TEMPLATE` (from the tag) for a malformed
 * status or header line (a reason phrase beyond tab, space, visible ASCII
 * and U+0080-U+00FF included), or a body on a 204/205/304 status;
 * `INVALID_OPTION` for an `init` status outside 200-599 or such a
 * `statusText`.
 *
 * @example A route with a path parameter
 * ```ts
 * import { createRouter, createRoute } from "@switchyard/switchyard/router";
 * const router = createRouter().endpoint`GET /hello/:name`(createRoute()`
 *   HTTP/1.1 200 OK
 *
 *   <p>Hello ${(_request, context) => context.params.name}!</p>
 * `);
 * const response = await router(new Request("http://localhost/hello/%3Cb%3E"));
 * console.log(await response.text()); // "<p>Hello &lt;b&gt;!</p>"
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
    if (staticHead !== undefined) {
      assertBodyAllowed(staticHead.status, layout.body.length);
    }
    const hasFunctions = values.some((value) => typeof value === "function");
    const streaming = init.streaming === true;
    const allHead = headParts(layout);

    // The static head fixes how body substitutions are encoded.
    const staticEncoding: BodyEncoding | undefined = staticHead === undefined
      ? undefined
      : encodingOf(staticHead.headers, layout.body);
    const fastInit: ResponseInit | undefined =
      staticHead === undefined || isNullBodyStatus(staticHead.status)
        ? undefined
        : responseInit(
          staticHead.status,
          staticHead.statusText,
          staticHead.headers,
        );

    // Fast path (fixed head, not streaming): functions are called while the
    // text is joined, no results array. The first value that is not text
    // (a promise, bytes, a stream) hands the rest to `respond`. It may return
    // the Response itself (the router calls it directly) and throws
    // synchronously for a substitution that throws synchronously.
    function respondNow(
      request: Request,
      context: RouteContext,
    ): Response | Promise<Response> {
      if (fastInit === undefined) {
        const results = hasFunctions
          ? evaluate(values, request, context)
          : values.slice();
        return respond(results, request, context, layout.body);
      }
      const parts = layout.body;
      let text = "";
      for (let i = 0; i < parts.length; i++) {
        const part = parts[i];
        if (typeof part === "string") {
          text += part;
          continue;
        }
        let value = values[part];
        if (typeof value === "function") value = value(request, context);
        if (
          typeof value === "string" || typeof value !== "object" ||
          value === null || !(isThenable(value) || isBinary(value))
        ) text += staticEncoding!.value(value, part);
        else {
          const results = values.slice();
          results[part] = value;
          if (value instanceof Promise) value.catch(() => {});
          const rest = parts.slice(i + 1);
          Object.assign(results, evaluateParts(rest, request, context));
          return respond(results, request, context, [text, part, ...rest]);
        }
      }
      if (request.method !== "HEAD") return new Response(text, fastInit);
      // The runtime sends an exact Content-Length for a string body; an
      // explicit header costs several µs per response, so only HEAD gets one.
      return new Response(text, {
        ...fastInit,
        headers: [...staticHead!.headers, [
          "content-length",
          String(utf8Length(text)),
        ]],
      });
    }

    function evaluateParts(
      parts: readonly Part[],
      request: Request,
      context: RouteContext,
    ): Record<number, unknown> {
      const computed: Record<number, unknown> = {};
      const indices = parts.filter((part): part is number =>
        typeof part === "number"
      );
      const results = evaluate(
        indices.map((index) => values[index]),
        request,
        context,
      );
      indices.forEach((index, i) => computed[index] = results[i]);
      return computed;
    }

    async function respond(
      results: unknown[],
      request: Request,
      context: RouteContext,
      body: readonly Part[],
    ): Promise<Response> {
      let resolved = staticHead;
      if (resolved === undefined) {
        await settle(results, allHead);
        resolved = resolveResponseHead(
          head!.map((line) => renderLine(line, results)),
          defaults,
        );
      }
      const { status, statusText } = resolved;
      const encoding = staticEncoding ??
        encodingOf(resolved.headers, layout.body);
      if (isNullBodyStatus(status)) {
        return new Response(null, {
          status,
          statusText,
          headers: resolved.headers as [string, string][],
        });
      }
      const report = reporterOf(context);
      if (streaming) {
        return new Response(streamParts(body, results, report, encoding), {
          status,
          statusText,
          headers: resolved.headers as [string, string][],
        });
      }
      if (pending(results, body)) await settle(results, body);
      const rendered = knownBody(body, results, report, encoding);
      // A HEAD answer has no body to measure, and Deno.serve streams a Blob
      // chunked: both need the length named for GET and HEAD to agree.
      const named = rendered.length !== undefined &&
        (request.method === "HEAD" || rendered.body instanceof Blob);
      const headers = named
        ? [...resolved.headers, ["content-length", String(rendered.length)]]
        : resolved.headers as [string, string][];
      return new Response(rendered.body, { status, statusText, headers });
    }

    const route: Route = (request, context) => {
      const ctx = context ??
        new Context(request, null, undefined, undefined);
      try {
        return streaming
          ? respond(evaluate(values, request, ctx), request, ctx, layout.body)
          : Promise.resolve(respondNow(request, ctx));
      } catch (error) {
        return Promise.reject(error);
      }
    };
    if (!streaming) directRoutes.set(route, respondNow);
    if (!hasFunctions) requestIndependentRoutes.add(route);
    return route;
  };
}
