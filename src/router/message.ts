/**
 * `createRequest` and `createResponse`: build a `Request` or `Response` from
 * a template shaped like a raw HTTP message.
 *
 * @module
 */
import { RouteError } from "./errors.ts";
import {
  layoutTemplate,
  type Part,
  type TemplateLayout,
} from "./_template_parse.ts";
import {
  assertBodyAllowed,
  checkValues,
  evaluate,
  knownBody,
  parseHeaderLine,
  renderLine,
  resolveResponseHead,
  settle,
} from "./_render.ts";
import { bodyEncoding, encodingOf } from "./_escape.ts";
import { isNullBodyStatus } from "../_status.ts";
import { TOKEN } from "../_http_token.ts";

const responseLayouts = new WeakMap<TemplateStringsArray, TemplateLayout>();
const requestLayouts = new WeakMap<TemplateStringsArray, TemplateLayout>();

function startsWithStatusLine(line: readonly Part[]): boolean {
  const first = line[0];
  return typeof first === "string" && /^HTTP\/\d/.test(first.trimStart());
}

function cachedLayout(
  cache: WeakMap<TemplateStringsArray, TemplateLayout>,
  strings: TemplateStringsArray,
  hasHead: (line: readonly Part[]) => boolean,
): TemplateLayout {
  let layout = cache.get(strings);
  if (layout === undefined) {
    layout = layoutTemplate(strings, hasHead);
    cache.set(strings, layout);
  }
  return layout;
}

/**
 * Builds a `Response` from a template shaped like a raw HTTP response, with
 * the rules of `createRoute` (status line optional, indentation removed,
 * Content-Type default `text/html; charset=utf-8`, exact Content-Length,
 * bytes and streams substituted in place, control characters but tab rejected in the head).
 * Function substitutions are called without arguments and awaited. The
 * layout of a call site's template is parsed once and reused.
 *
 * @param strings Template strings.
 * @param substitutions Values, or functions returning them.
 * @returns A promise of the response.
 * @throws {RouteError} (as a rejection) for a malformed template or an unsafe substitution.
 *
 * @example A JSON response
 * ```ts
 * import { createResponse } from "@switchyard/switchyard/router";
 * const response = await createResponse`
 *   HTTP/1.1 201 Created
 *   Content-Type: application/json
 *   Location: /items/7
 *
 *   {"id":7}
 * `;
 * console.log(response.status, response.headers.get("location"), await response.json()); // 201 "/items/7" { id: 7 }
 * ```
 */
export async function createResponse(
  strings: TemplateStringsArray,
  ...substitutions: unknown[]
): Promise<Response> {
  checkValues(substitutions);
  const layout = cachedLayout(responseLayouts, strings, startsWithStatusLine);
  const results = evaluate(substitutions);
  await settle(results, layout.head?.flat() ?? []);
  const head = resolveResponseHead(
    layout.head?.map((line) => renderLine(line, results)),
    {},
  );
  const { status, statusText } = head;
  assertBodyAllowed(status, layout.body.length);
  if (isNullBodyStatus(status)) {
    return new Response(null, {
      status,
      statusText,
      headers: head.headers as [string, string][],
    });
  }
  await settle(results, layout.body);
  const { body, length } = knownBody(
    layout.body,
    results,
    undefined,
    encodingOf(head.headers, layout.body),
  );
  const headers = length === undefined
    ? head.headers as [string, string][]
    : [...head.headers, ["content-length", String(length)] as [string, string]];
  return new Response(body, { status, statusText, headers });
}

/**
 * Defaults of {@linkcode createRequest}.
 *
 * @example A base URL for relative targets
 * ```ts
 * import { createRequest, type CreateRequestInit } from "@switchyard/switchyard/router";
 * const init: CreateRequestInit = { baseUrl: "https://api.example.com" };
 * const request = await createRequest(init)`GET /users`;
 * console.log(request.url); // "https://api.example.com/users"
 * ```
 */
export interface CreateRequestInit {
  /** Resolves an origin-form target (`/path`) when the template has no `Host` header. */
  baseUrl?: string | URL;
  /** Headers added to every request; a template header of the same name replaces them. */
  headers?: ConstructorParameters<typeof Headers>[0];
  /** Abort signal given to every request. */
  signal?: AbortSignal;
}

/**
 * The tag returned by {@linkcode createRequest}.
 *
 * @example Reusing a tag
 * ```ts
 * import { createRequest, type RequestTag } from "@switchyard/switchyard/router";
 * const api: RequestTag = createRequest({ baseUrl: "https://api.example.com" });
 * console.log((await api`DELETE /items/1`).method); // "DELETE"
 * ```
 */
export type RequestTag = (
  strings: TemplateStringsArray,
  ...substitutions: unknown[]
) => Promise<Request>;

function parseRequestLine(line: string): { method: string; target: string } {
  const words = line.trim().split(/[ \t]+/);
  if (words.length > 1 && /^HTTP\/\d(\.\d)?$/.test(words[words.length - 1])) {
    words.pop();
  }
  if (words.length === 1 && /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(words[0])) {
    return { method: "GET", target: words[0] };
  }
  if (words.length !== 2 || !TOKEN.test(words[0])) {
    throw new RouteError({
      code: "INVALID_TEMPLATE",
      message: `Invalid request line ${
        JSON.stringify(line)
      }: expected "METHOD URL [HTTP/1.1]"`,
    });
  }
  // Fetch refuses these methods outright (`new Request` throws a TypeError).
  if (/^(?:connect|trace|track)$/i.test(words[0])) {
    throw new RouteError({
      code: "INVALID_TEMPLATE",
      message: `The method ${
        words[0]
      } cannot be used in a Request (Fetch forbids CONNECT, TRACE and TRACK)`,
    });
  }
  return { method: words[0], target: words[1] };
}

function resolveUrl(
  target: string,
  host: string | undefined,
  base: string | URL | undefined,
): string {
  try {
    if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(target)) {
      return new URL(target).href;
    }
    if (host !== undefined) return new URL(target, `http://${host}`).href;
    if (base !== undefined) return new URL(target, base).href;
  } catch (cause) {
    throw new RouteError({
      code: "INVALID_TEMPLATE",
      message: `Invalid request target ${JSON.stringify(target)}`,
      cause,
    });
  }
  throw new RouteError({
    code: "INVALID_TEMPLATE",
    message: `The request target ${
      JSON.stringify(target)
    } is relative: add a Host header or CreateRequestInit.baseUrl`,
  });
}

/**
 * Returns a tag that builds a `Request` from a template shaped like a raw
 * HTTP request: request line (`METHOD URL [HTTP/1.1]`; a URL alone means
 * GET), header lines, a blank line, the body. A relative target is resolved
 * against the `Host` header (as `http://host`), else `init.baseUrl`.
 * Indentation, CRLF/LF, substitution and framing rules are those of
 * `createRoute`; function substitutions are called without arguments. A
 * body with GET or HEAD is rejected. No Content-Type is added.
 *
 * @param init Base URL, default headers, signal.
 * @returns A tag whose result is a promise of the request.
 *
 * @example A JSON POST
 * ```ts
 * import { createRequest } from "@switchyard/switchyard/router";
 * const body = JSON.stringify({ name: "Ada" });
 * const request = await createRequest()`
 *   POST https://example.com/users HTTP/1.1
 *   Content-Type: application/json
 *
 *   ${body}
 * `;
 * console.log(request.method, request.url, await request.json()); // "POST" "https://example.com/users" { name: "Ada" }
 * ```
 */
export function createRequest(init: CreateRequestInit = {}): RequestTag {
  const { baseUrl, signal } = init;
  return async (strings, ...substitutions) => {
    checkValues(substitutions);
    const layout = cachedLayout(
      requestLayouts,
      strings,
      (line) => line.length > 0,
    );
    if (layout.head === undefined || layout.head.length === 0) {
      throw new RouteError({
        code: "INVALID_TEMPLATE",
        message: "A request template needs a request line",
      });
    }
    const results = evaluate(substitutions);
    await settle(results, layout.head.flat());
    const lines = layout.head.map((line) => renderLine(line, results));
    const { method, target } = parseRequestLine(lines[0]);
    const own = lines.slice(1).map(parseHeaderLine);
    const names = new Set(own.map(([name]) => name));
    const headers = new Headers();
    if (init.headers !== undefined) {
      for (const [name, value] of new Headers(init.headers)) {
        if (!names.has(name)) headers.append(name, value);
      }
    }
    for (const [name, value] of own) {
      if (name !== "content-length" && name !== "transfer-encoding") {
        headers.append(name, value);
      }
    }
    const url = resolveUrl(target, headers.get("host") ?? undefined, baseUrl);
    await settle(results, layout.body);
    const { body, length } = knownBody(
      layout.body,
      results,
      undefined,
      bodyEncoding(headers.get("content-type") ?? "", layout.body),
    );
    const empty = length === 0;
    const upper = method.toUpperCase();
    if (!empty && (upper === "GET" || upper === "HEAD")) {
      throw new RouteError({
        code: "INVALID_TEMPLATE",
        message: `A ${upper} request cannot have a body`,
      });
    }
    return new Request(url, {
      method,
      headers,
      body: empty ? null : body,
      signal,
      ...(length === undefined ? { duplex: "half" } : {}),
    } as RequestInit);
  };
}
