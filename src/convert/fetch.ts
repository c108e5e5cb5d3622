/**
 * Fetch API conversion: a request to `fetch()` arguments and back, Fetch
 * `Response` objects to plain responses and back, and `fetch()` source code.
 *
 * Decisions:
 * - Headers in `fromRequest` (and in generated code) are a plain object, or a
 *   list of `[name, value]` pairs when a header repeats, so that no value is
 *   lost. Names are lowercase.
 * - A body is included whenever the request has one — also on `GET` or
 *   `HEAD`. Nothing is silently dropped; note that `fetch()` itself rejects
 *   such a request with a `TypeError`.
 * - `toRequest` is synchronous, so it reads only bodies that are available
 *   synchronously: strings, `URLSearchParams` (which also sets the
 *   `content-type` fetch would send), `ArrayBuffer` and typed arrays holding
 *   UTF-8 text. `FormData`, `Blob` and `ReadableStream` bodies, and bytes
 *   that are not UTF-8, throw a {@linkcode ConversionError} with code
 *   `INVALID_INPUT`. Methods are normalized the way `fetch()` does it (only
 *   `delete`, `get`, `head`, `options`, `post`, `put` are upper-cased).
 * - `toRequest` reads its arguments as `new Request` does: a `null` init is
 *   no init; `method` and header names and values are converted with
 *   `String()`, and the method must then be a token (fetch's forbidden
 *   `CONNECT`, `TRACE` and `TRACK` are kept, as a body on `GET` is); headers
 *   are a `Headers`, a record, or an iterable of two-item iterables. An init
 *   or `headers` that is not an object, a header pair that is not iterable,
 *   a symbol, or a value `String()` cannot convert is `INVALID_INPUT` (a pair
 *   without exactly two items, a header name that is not a token, or a
 *   value with NUL, CR or LF `INVALID_HEADER`), never a `TypeError`.
 * - A native `Request`/`Response` given to {@linkcode fromRequest},
 *   {@linkcode toCode} or {@linkcode toResponse} is read as bytes from a
 *   clone; bytes that are not valid UTF-8 throw `INVALID_INPUT` (as
 *   `toRequest` does) instead of turning into U+FFFD. `har.fromRequest` /
 *   `har.fromResponse` keep such bodies as base64.
 * - `createMockResponse` and `fromResponse` also take a native `Response`
 *   (as every function here does): without a new body the result is its
 *   `clone()` — status, status text, every `set-cookie` and the body kept,
 *   the original left unread; `fromResponse(native, body)` keeps its status
 *   and headers with the new body.
 * - `createMockResponse` returns a real `Response` (so `instanceof`,
 *   `text()`, `json()`, `headers.getSetCookie()` work). The `Response`
 *   constructor refuses 1xx statuses and a body on 204/205/304; for those the
 *   result is a `Response` subclass whose `status`, `ok` and `statusText`
 *   report the given values, while the body and headers are the real ones.
 * - `toCode` writes every string with JSON string encoding, and escapes
 *   U+2028, U+2029, `</script` (any letter case) and `<!--` on top, so the code parses in any
 *   engine and inside an HTML `<script>`, and reproduces each value exactly
 *   (lone surrogates included); a header named `__proto__` is written as a
 *   computed key, `["__proto__"]: …`, since a plain `"__proto__": …` would
 *   set the object's prototype and lose the header. The default is a
 *   `.then()` chain; with `async: true` it is `await` statements (for an ES
 *   module or the body of an async function). `pretty` (default `true`)
 *   spreads the init object over several lines.
 * - {@linkcode parseCode} is the way back: it reads `fetch()` source (ours,
 *   a browser's "Copy as fetch", hand-written) with a parser, never `eval`,
 *   so only literal arguments are understood; anything that would need
 *   running code is a `ConversionError` with the offset of the culprit.
 *
 * @example Request to fetch() and back
 * ```ts
 * import { fromRequest, toRequest } from "@switchyard/switchyard/fetch";
 * const { url, options } = await fromRequest({
 *   method: "POST",
 *   url: "https://example.com/users",
 *   headers: { "content-type": "application/json" },
 *   body: '{"name":"Ada"}',
 * });
 * console.log(toRequest(url, options).method); // "POST"
 * ```
 *
 * @module
 */
import { ConversionError } from "./errors.ts";
import type {
  HeaderMap,
  HttpRequest,
  HttpResponse,
  RequestInput,
  ResponseInput,
} from "./types.ts";
import {
  appendHeader,
  checkedMessage,
  getHeader,
  headerEntries,
  headersToMap,
  isNativeRequest,
  isNativeResponse,
  nativeBodyText,
  responseHead,
  toHttpRequest,
} from "./_message.ts";
import { checkSendableRequest } from "./_sendable.ts";
import { TOKEN } from "../_http_token.ts";
import { fetchCode, fetchHeaders } from "./_fetch_code.ts";
import { readFetchCode } from "./_fetch_code_read.ts";

export type {
  HeaderMap,
  HttpRequest,
  HttpResponse,
  RequestInput,
  ResponseInput,
};
export { ConversionError };
// ConversionError.code's type, re-exported so the documented API is complete.
export {
  ConversionErrorCode,
  type ConversionErrorCodeValue,
} from "./errors.ts";

/**
 * The two arguments of a `fetch()` call.
 *
 * @example Usage
 * ```ts
 * import type { FetchArguments } from "@switchyard/switchyard/fetch";
 * const call: FetchArguments = { url: "https://example.com/", options: { method: "GET" } };
 * ```
 */
export interface FetchArguments {
  /** The URL, as the request has it. */
  url: string;
  /** The init object: `method`, `headers` and, when present, `body`. */
  options: RequestInit;
}

/**
 * Options of {@linkcode toCode}.
 *
 * @example Usage
 * ```ts
 * import type { ToCodeOptions } from "@switchyard/switchyard/fetch";
 * const options: ToCodeOptions = { pretty: false, async: true };
 * ```
 */
export interface ToCodeOptions {
  /** Spread the init object over several lines (default `true`). */
  pretty?: boolean;
  /** Write `await` statements instead of a `.then()` chain (default `false`). */
  async?: boolean;
}

// fetch() upper-cases only these methods; others are sent as written.
const NORMALIZED_METHODS = new Set([
  "DELETE",
  "GET",
  "HEAD",
  "OPTIONS",
  "POST",
  "PUT",
]);

/**
 * Turns a request into the arguments of a `fetch()` call.
 *
 * @param request A plain request or a native `Request`.
 * @returns The URL and the init object (`method`, `headers`, and `body` when the request has one).
 *
 * @example Arguments for fetch()
 * ```ts
 * import { fromRequest } from "@switchyard/switchyard/fetch";
 * const { url, options } = await fromRequest({
 *   method: "GET",
 *   url: "https://example.com/",
 *   headers: { accept: "text/html" },
 * });
 * console.log(url, options.headers); // "https://example.com/" { accept: "text/html" }
 * ```
 */
export async function fromRequest(
  request: RequestInput,
): Promise<FetchArguments> {
  const plain = checkSendableRequest(await toHttpRequest(request));
  const options: RequestInit = {
    method: plain.method,
    headers: fetchHeaders(plain.headers),
  };
  if (plain.body !== undefined) options.body = plain.body;
  return { url: plain.url, options };
}

function invalidBody(kind: string): ConversionError {
  return new ConversionError({
    code: "INVALID_INPUT",
    message:
      `toRequest cannot read a ${kind} body synchronously; read it first (e.g. await new Response(body).text()) and pass the text`,
  });
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(
      bytes,
    );
  } catch (cause) {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: "toRequest: the body bytes are not valid UTF-8 text",
      cause,
    });
  }
}

/** The bytes of a buffer body; a detached buffer is INVALID_INPUT. */
function bufferBytes(body: ArrayBuffer | ArrayBufferView): Uint8Array {
  try {
    return body instanceof ArrayBuffer
      ? new Uint8Array(body)
      : new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  } catch (cause) {
    throw invalidInit("the body's buffer cannot be read (detached)", cause);
  }
}

function bodyText(body: unknown, headers: HeaderMap): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return body;
  if (
    typeof URLSearchParams !== "undefined" && body instanceof URLSearchParams
  ) {
    if (getHeader(headers, "content-type") === undefined) {
      appendHeader(
        headers,
        "content-type",
        "application/x-www-form-urlencoded;charset=UTF-8",
      );
    }
    return body.toString();
  }
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) {
    return decodeUtf8(bufferBytes(body));
  }
  if (typeof FormData !== "undefined" && body instanceof FormData) {
    throw invalidBody("FormData");
  }
  if (typeof Blob !== "undefined" && body instanceof Blob) {
    throw invalidBody("Blob");
  }
  if (typeof ReadableStream !== "undefined" && body instanceof ReadableStream) {
    throw invalidBody("ReadableStream");
  }
  throw new ConversionError({
    code: "INVALID_INPUT",
    message: `toRequest: unsupported body of type ${typeof body}`,
  });
}

function invalidInit(message: string, cause?: unknown): ConversionError {
  return new ConversionError({
    code: "INVALID_INPUT",
    message: `toRequest: ${message}`,
    cause,
  });
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value;
}

function isObjectLike(value: unknown): value is object {
  return (typeof value === "object" && value !== null) ||
    typeof value === "function";
}

/**
 * A string field of the fetch() arguments converted as `new Request` does
 * (String(value)); a symbol, or a value whose conversion throws (an object
 * without a prototype), is INVALID_INPUT instead of a TypeError.
 */
function initString(value: unknown, what: string): string {
  if (typeof value === "string") return value;
  if (typeof value === "symbol") {
    throw invalidInit(`${what} is a symbol, not a string`);
  }
  try {
    return String(value);
  } catch (cause) {
    throw invalidInit(`${what} cannot be converted to a string`, cause);
  }
}

/** The method as fetch() reads it: String(method), a token, normalized. */
function initMethod(value: unknown): string {
  if (value === undefined) return "GET";
  const written = initString(value, "the method");
  if (!TOKEN.test(written)) {
    throw invalidInit(
      `the method ${JSON.stringify(written)} is not an HTTP token`,
    );
  }
  const upper = written.toUpperCase();
  return NORMALIZED_METHODS.has(upper) ? upper : written;
}

function initHeaders(init: unknown): HeaderMap {
  if (init === undefined) return {};
  if (typeof Headers !== "undefined" && init instanceof Headers) {
    return headersToMap(init);
  }
  if (!isObjectLike(init)) {
    throw invalidInit(
      `headers must be a Headers, an object or a list of [name, value] pairs, got ${
        describe(init)
      }`,
    );
  }
  const headers: HeaderMap = {};
  if (!(Symbol.iterator in init)) {
    for (const [name, value] of Object.entries(init)) {
      appendInitHeader(headers, name, initString(value, `header ${name}`));
    }
    return headers;
  }
  for (const pair of init as Iterable<unknown>) {
    if (!isObjectLike(pair) || !(Symbol.iterator in pair)) {
      throw invalidInit(
        `a header pair must be a [name, value] list, got ${describe(pair)}`,
      );
    }
    const items = [...(pair as Iterable<unknown>)];
    if (items.length !== 2) {
      throw new ConversionError({
        code: "INVALID_HEADER",
        message:
          "toRequest: a header pair must have exactly a name and a value",
      });
    }
    const name = initString(items[0], "a header name");
    appendInitHeader(headers, name, initString(items[1], `header ${name}`));
  }
  return headers;
}

const UNSENDABLE_VALUE = /[\0\r\n]/;

/**
 * Appends a header as `new Headers` would accept it: the name a token, the
 * value without NUL, CR or LF (which no request can carry).
 */
function appendInitHeader(headers: HeaderMap, name: string, value: string) {
  if (!TOKEN.test(name) || UNSENDABLE_VALUE.test(value)) {
    throw new ConversionError({
      code: "INVALID_HEADER",
      message: `toRequest: header ${JSON.stringify(name)} has ${
        TOKEN.test(name)
          ? "a NUL, CR or LF in its value"
          : "a name that is not an HTTP token"
      }, which fetch() refuses`,
    });
  }
  appendHeader(headers, name, value);
}

/**
 * Turns the arguments of a `fetch()` call into a plain request.
 *
 * @param url The URL (a string or a `URL`), or a native `Request`, as
 * `fetch(request, init)` takes it: its URL, method and headers, each unless
 * the init gives its own.
 * @param options The init object (`null` is no init, as for `new Request`); `method` defaults to `GET`.
 * @returns The plain request; `body` only when the init has one.
 * @throws {ConversionError} `INVALID_INPUT` for an init `new Request` refuses (a non-object init or headers, a method that is not a token), for bodies that cannot be read synchronously and for a `Request` with a body and no init body (read it with an async converter such as `har.fromRequest`); `INVALID_HEADER` for a header pair that is not a name and a value.
 *
 * @example From fetch() arguments
 * ```ts
 * import { toRequest } from "@switchyard/switchyard/fetch";
 * const request = toRequest("https://example.com/login", {
 *   method: "post",
 *   body: new URLSearchParams({ user: "ada" }),
 * });
 * console.log(request.method, request.body); // "POST" "user=ada"
 * console.log(request.headers["content-type"]); // "application/x-www-form-urlencoded;charset=UTF-8"
 * ```
 */
export function toRequest(
  url: string | URL | Request,
  options?: RequestInit | null,
): HttpRequest {
  if (options !== undefined && options !== null && !isObjectLike(options)) {
    throw invalidInit(`the init must be an object, got ${describe(options)}`);
  }
  const init: RequestInit = options ?? {};
  // fetch(request, init): the request's fields, each unless init has one.
  const native = isNativeRequest(url) ? url : undefined;
  if (native?.body && init.body === undefined) {
    throw invalidInit(
      "a Request with a body cannot be read synchronously; read it with an async converter (har.fromRequest, string.stringify)",
    );
  }
  const method = native && init.method === undefined
    ? native.method
    : initMethod(init.method);
  const headers = native && init.headers === undefined
    ? headersToMap(native.headers)
    : initHeaders(init.headers);
  const request: HttpRequest = {
    method,
    url: native ? native.url : initString(url, "the url"),
    headers,
  };
  const body = bodyText(init.body, headers);
  if (body !== undefined) request.body = body;
  return request;
}

// The init fields whose value toRequest reads, in the order it reads them:
// a failure is reported at the first one that fails on its own.
const READ_FIELDS = ["method", "headers", "body"] as const;

/**
 * Reads pasted `fetch()` source code into a plain request, without running
 * it: the library's own {@linkcode toCode} output, a browser's "Copy as
 * fetch", or hand-written code.
 *
 * The first call of the global `fetch` (also `window.fetch`,
 * `globalThis.fetch`) outside comments, strings, template literals and
 * regular expression literals is read; code around it
 * (`const response = await …`, a `.then()` chain) is ignored. Without a call,
 * a `{ url, options }` object (JSON or JavaScript) is read. The arguments must
 * be literals: strings in any quotes (a template literal without `${…}`),
 * numbers, `true`/`false`/`null`/`undefined`, arrays and objects (quoted,
 * bare or `["computed"]` keys, trailing commas, comments), plus the calls
 * browsers and people write: `JSON.stringify(literal)`,
 * `new Headers(literal)`, `new URLSearchParams(literal)` and
 * `new URL("…")`. The init is then read as {@linkcode toRequest} reads it
 * (fields it does not use, such as `mode` or `credentials`, are ignored).
 *
 * @param code JavaScript source holding a `fetch(url, init)` call.
 * @returns The plain request the call would send.
 * @throws {ConversionError} Always with the `offset` of the problem in `code`:
 * `EMPTY_INPUT`; `UNTERMINATED_QUOTE` for a string that never ends;
 * `INVALID_ESCAPE` for a malformed escape; `MISSING_URL` for `fetch()`;
 * `INVALID_INPUT` for anything that would need running code (a variable, a
 * call, `${…}`, spread), for no call at all, or nesting deeper than 256
 * levels; and what {@linkcode toRequest} throws, at the offending field.
 *
 * @example Code from toCode, read back
 * ```ts
 * import { parseCode, toCode } from "@switchyard/switchyard/fetch";
 * const request = { method: "DELETE", url: "https://a.example/x", headers: {} };
 * const back = parseCode(await toCode(request));
 * console.log(back.method, back.url); // "DELETE" "https://a.example/x"
 * ```
 *
 * @example A browser's "Copy as fetch"
 * ```ts
 * import { parseCode } from "@switchyard/switchyard/fetch";
 * const request = parseCode(`await fetch("https://example.com/api", {
 *   "headers": { "content-type": "application/json" },
 *   "body": JSON.stringify({ name: 'Ada' }), // comments are fine
 *   "method": "POST",
 *   "mode": "cors"
 * });`);
 * console.log(request.method, request.body); // "POST" '{"name":"Ada"}'
 * ```
 *
 * @example Code that needs running is refused, with where
 * ```ts
 * import { ConversionError, parseCode } from "@switchyard/switchyard/fetch";
 * try {
 *   parseCode("fetch(`${base}/users`)");
 * } catch (error) {
 *   console.log((error as ConversionError).code, (error as ConversionError).offset); // "INVALID_INPUT" 7
 * }
 * ```
 */
export function parseCode(code: string): HttpRequest {
  const call = readFetchCode(code);
  try {
    return toRequest(call.url, call.options as RequestInit);
  } catch (error) {
    if (!(error instanceof ConversionError)) throw error;
    let offset = call.optionsOffset ?? call.urlOffset;
    for (const field of READ_FIELDS) {
      const at = call.fieldOffsets[field];
      if (at === undefined) continue;
      try {
        toRequest(call.url, { [field]: call.options[field] } as RequestInit);
      } catch {
        offset = at;
        break;
      }
    }
    throw new ConversionError({
      code: error.code,
      message: error.message.replace(/^toRequest: /, "fetch code: "),
      offset,
      cause: error,
    });
  }
}

function checkedStatus(status: number): number {
  if (!Number.isInteger(status) || status < 100 || status > 999) {
    throw new ConversionError({
      code: "INVALID_OPTION",
      message: `status ${status} is not an integer from 100 to 999`,
    });
  }
  return status;
}

function toHeaders(headers: HeaderMap): Headers {
  const result = new Headers();
  for (const [name, value] of headerEntries(headers)) {
    try {
      result.append(name, value);
    } catch (cause) {
      throw new ConversionError({
        code: "INVALID_HEADER",
        message: `header ${JSON.stringify(name)} has an invalid name or value`,
        cause,
      });
    }
  }
  return result;
}

/**
 * A Response whose status line is reported as given, for the statuses the
 * Response constructor refuses (1xx, or a body with 204/205/304). The
 * underlying native response has status 200; only the getters differ.
 */
// Status and text live outside the instance because Node's Response
// constructor reads `this.status` before a subclass's fields exist.
const reportedStatus = new WeakMap<
  Response,
  { status: number; statusText: string }
>();

class StatusResponse extends Response {
  constructor(
    body: BodyInit | null,
    status: number,
    statusText: string,
    headers: Headers,
  ) {
    super(body, { status: 200, headers });
    reportedStatus.set(this, { status, statusText });
  }

  override get status(): number {
    return reportedStatus.get(this)?.status ?? super.status;
  }

  override get ok(): boolean {
    return this.status >= 200 && this.status <= 299;
  }

  override get statusText(): string {
    return reportedStatus.get(this)?.statusText ?? super.statusText;
  }

  override clone(): Response {
    const copy = super.clone();
    return new StatusResponse(
      copy.body,
      this.status,
      this.statusText,
      new Headers(this.headers),
    );
  }
}

/**
 * Builds a real `Response` from a plain response, for any status from 100 to
 * 999. A native `Response` is copied with `clone()`, which keeps its status,
 * status text, every header (each `set-cookie`) and body, and leaves the
 * given one unread.
 *
 * @param response The plain response (`body` may be absent), or a native `Response`.
 * @returns A `Response` reporting the given status, status text, every header (each `set-cookie` separately) and body.
 * @throws {ConversionError} `INVALID_OPTION` for a status outside 100–999, `INVALID_HEADER` for a header Fetch refuses, `INVALID_INPUT` for a native Response whose body was already read.
 *
 * @example A 204 and a 103 response
 * ```ts
 * import { createMockResponse } from "@switchyard/switchyard/fetch";
 * const noContent = createMockResponse({
 *   statusCode: 204, statusText: "", httpVersion: "1.1", headers: {},
 * });
 * console.log(noContent.status, noContent.body); // 204 null
 * const hints = createMockResponse({
 *   statusCode: 103, statusText: "Early Hints", httpVersion: "1.1",
 *   headers: { link: "</style.css>; rel=preload" },
 * });
 * console.log(hints.status, hints.headers.get("link")); // 103 "</style.css>; rel=preload"
 * ```
 *
 * @example A copy of a native Response
 * ```ts
 * import { createMockResponse } from "@switchyard/switchyard/fetch";
 * const original = new Response("created", { status: 201, statusText: "Created" });
 * const copy = createMockResponse(original);
 * console.log(copy.status, await copy.text(), original.bodyUsed); // 201 "created" false
 * ```
 */
export function createMockResponse(response: ResponseInput): Response {
  if (isNativeResponse(response)) return nativeCopy(response);
  response = checkedMessage(response, "response");
  const status = checkedStatus(response.statusCode);
  const statusText = response.statusText ?? "";
  if (/[\r\n]/.test(statusText)) {
    throw new ConversionError({
      code: "INVALID_OPTION",
      message: "statusText must not contain CR or LF",
    });
  }
  const headers = toHeaders(response.headers ?? {});
  // Bytes, not a string: a string body would make the constructor add a
  // content-type the response does not have.
  const body = response.body === undefined
    ? null
    : new TextEncoder().encode(response.body);
  try {
    return new Response(body, { status, statusText, headers });
  } catch {
    // 1xx, status 600-999, a body on a null-body status, or a status text
    // the constructor refuses.
    return new StatusResponse(body, status, statusText, headers);
  }
}

/** A clone of a native Response; refused once its body was read. */
function nativeCopy(response: Response): Response {
  if (response.bodyUsed) {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: "The Response body was already read; it cannot be copied",
    });
  }
  return response.clone();
}

/**
 * Builds a Fetch `Response` from a plain response and an optional body.
 *
 * @param response The plain response, or a native `Response`.
 * @param body Body text to use instead of the response's own body. With a
 * native `Response` its status, status text and headers (as they are,
 * `content-length` included) are kept with the new body; without one the
 * result is a copy, as {@linkcode createMockResponse} makes.
 * @returns A real `Response`, built as {@linkcode createMockResponse} does.
 * @throws {ConversionError} As {@linkcode createMockResponse} does.
 *
 * @example Response with a separate body
 * ```ts
 * import { fromResponse } from "@switchyard/switchyard/fetch";
 * const response = fromResponse(
 *   { statusCode: 200, statusText: "OK", httpVersion: "1.1", headers: { "content-type": "application/json" } },
 *   '{"ok":true}',
 * );
 * console.log(await response.json()); // { ok: true }
 * ```
 *
 * @example A native Response with a new body
 * ```ts
 * import { fromResponse } from "@switchyard/switchyard/fetch";
 * const original = new Response("old", { status: 202, headers: { "x-id": "7" } });
 * const replaced = fromResponse(original, "new");
 * console.log(replaced.status, replaced.headers.get("x-id"), await replaced.text()); // 202 "7" "new"
 * ```
 */
export function fromResponse(
  response: ResponseInput,
  body?: string,
): Response {
  if (isNativeResponse(response)) {
    if (body === undefined) return nativeCopy(response);
    return createMockResponse({ ...responseHead(response), body });
  }
  return createMockResponse(
    body === undefined ? response : { ...response, body },
  );
}

/**
 * Reads a Fetch `Response` into a plain response. The body is read from a
 * clone, so the given response stays usable.
 *
 * @param response A Fetch `Response`.
 * @param includeBody Read the body (default `true`).
 * @returns The plain response, `httpVersion` `"1.1"`; `body` only when included and present.
 * @throws {ConversionError} `INVALID_INPUT` when the body was already consumed or is not UTF-8 text.
 *
 * @example From a Response
 * ```ts
 * import { toResponse } from "@switchyard/switchyard/fetch";
 * const headers = new Headers();
 * headers.append("set-cookie", "a=1");
 * headers.append("set-cookie", "b=2");
 * const plain = await toResponse(new Response("hi", { status: 201, headers }));
 * console.log(plain.statusCode, plain.headers["set-cookie"], plain.body); // 201 ["a=1","b=2"] "hi"
 * ```
 */
export async function toResponse(
  response: Response,
  includeBody = true,
): Promise<HttpResponse> {
  if (!isNativeResponse(response)) {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: "toResponse expects a Fetch Response",
    });
  }
  const plain: HttpResponse = {
    statusCode: response.status,
    statusText: response.statusText,
    httpVersion: "1.1",
    headers: headersToMap(response.headers),
  };
  if (includeBody) {
    const body = await nativeBodyText(response, "response");
    if (body !== undefined) plain.body = body;
  }
  return plain;
}

/**
 * Generates JavaScript source that sends the request with `fetch()` and logs
 * the response text.
 *
 * @param request A plain request or a native `Request`.
 * @param options `pretty` (default `true`) and `async` (default `false`: a `.then()` chain).
 * @returns The source code; every string in it is a JSON-encoded literal.
 *
 * @example Generating fetch() code
 * ```ts
 * import { toCode } from "@switchyard/switchyard/fetch";
 * const code = await toCode({
 *   method: "POST",
 *   url: "https://example.com/it's",
 *   headers: { "content-type": "text/plain" },
 *   body: "a 'quoted' value",
 * });
 * console.log(code.startsWith('fetch("https://example.com/it\'s", {')); // true
 * ```
 *
 * @example async/await form
 * ```ts
 * import { toCode } from "@switchyard/switchyard/fetch";
 * const code = await toCode(
 *   { method: "GET", url: "https://example.com/", headers: {} },
 *   { async: true, pretty: false },
 * );
 * console.log(code);
 * // const response = await fetch("https://example.com/");
 * // const text = await response.text();
 * // console.log(text);
 * ```
 */
export async function toCode(
  request: RequestInput,
  options: ToCodeOptions = {},
): Promise<string> {
  return fetchCode(await toHttpRequest(request), options);
}
