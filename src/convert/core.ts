/**
 * Core utilities of the conversion library: format detection, header
 * normalization, query strings, URLs, byte sizes and header blocks. Also
 * re-exports the shared message types and the error type, so users of
 * `@switchyard/switchyard/core/utils` get everything from one place.
 *
 * Decisions:
 * - `detectType` gives `curl` exactly when `curl.toRequest` would find the
 *   curl program word: the first shell word (after comments, line
 *   continuations and a copied `$ ` prompt, quotes removed) is `curl`, a
 *   path ending in `/curl`, or `curl.exe` — `curl\<newline>` and
 *   `/usr/bin/curl` count, `curl` followed by U+00A0 does not. Otherwise it
 *   looks at the first line of text: a valid status line is `response`; a
 *   valid request line is `request`; JSON text is parsed and classified like
 *   an object. For objects, HAR means a log (`{ log: { entries: [] } }`), an
 *   entry (`{ request: { method, url } }`) or a HAR request (`{ method, url,
 *   headers: [...] }`); a plain `HttpRequest`/`HttpResponse` or a native
 *   `Request`/`Response` is `request`/`response`. Text that is none of
 *   these and holds a call of the global `fetch` (`fetch(`,
 *   `window.fetch(`, `globalThis.fetch(`; not `x.fetch(` or `prefetch(`)
 *   outside comments and strings, or starts as a `{ url: … }` object, is
 *   `fetch`, as is an object with only `url` (a string) and `options` (an
 *   object): what `fetch.parseCode` reads. Everything else is `unknown`.
 *   Adding `fetch` widened `DetectedType`: a `switch` over every value
 *   needs a `fetch` case.
 * - `normalizeHeaders` lowercases names; a repeated name becomes an array of
 *   its values in order; `null`/`undefined` values are skipped, numbers are
 *   written as text. Every `set-cookie` of a `Headers` object is kept.
 * - `parseQueryString` returns `Record<string, string | string[]>`: a key
 *   seen once maps to its value, a repeated key to all its values in order.
 *   Decoding is `application/x-www-form-urlencoded`, as URLSearchParams does
 *   it (`+` is a space; a malformed `%` escape stays as written while the
 *   valid ones beside it are decoded; an escaped byte that is not UTF-8
 *   becomes U+FFFD). It takes a full URL, a path with a query, `?a=1` or
 *   `a=1`; the fragment is ignored.
 * - `buildUrl` appends parameters with `encodeURIComponent` (space is
 *   `%20`), after any query already in `baseUrl` and before its fragment;
 *   an array repeats the key; `null`/`undefined` are skipped.
 * - `getByteSize` counts UTF-8 bytes, a lone surrogate as 3 (TextEncoder
 *   writes U+FFFD for it).
 * - `formatHeaders` writes one `name: value\r\n` line per value (lowercase
 *   names, repeats on separate lines) and refuses CR, LF or NUL in a value.
 * - Plain requests and responses from untyped (JavaScript) callers are
 *   checked by every function that takes one: a missing `method` is `GET`,
 *   missing `headers` is `{}`, a number, boolean or bigint header value is
 *   written as text (as `Headers` does) and `null`/`undefined` values are
 *   skipped; anything else of the wrong type (a non-string `url`, `method`
 *   or `body`, headers that are not an object, an object as a header value)
 *   is a `ConversionError` `INVALID_INPUT` whose `path` names the field.
 *   `buildUrl` refuses a lone UTF-16 surrogate (`INVALID_INPUT`) rather than
 *   percent-encode U+FFFD in its place.
 *
 * @example Utilities together
 * ```ts
 * import { buildUrl, detectType, parseQueryString } from "@switchyard/switchyard/core/utils";
 * const url = buildUrl("https://example.com/search", { q: "deno", tag: ["a", "b"] });
 * console.log(url); // "https://example.com/search?q=deno&tag=a&tag=b"
 * console.log(parseQueryString(url)); // { q: "deno", tag: ["a", "b"] }
 * console.log(detectType("curl https://example.com")); // "curl"
 * ```
 *
 * @module
 */
import type { HeaderMap } from "./types.ts";
import {
  appendHeader,
  headerEntries,
  headersToMap,
  isNativeRequest,
  isNativeResponse,
} from "./_message.ts";
import {
  checkHeaderField,
  looksLikeRequest,
  looksLikeResponse,
} from "./_http_text.ts";
import { utf8ByteLength } from "./_utf8.ts";
import { startsWithCurl } from "./_curl_words.ts";
import { isFetchArguments, looksLikeFetchCode } from "./_fetch_code_read.ts";
import { ConversionError } from "./errors.ts";

export type * from "./types.ts";
export {
  ConversionError,
  ConversionErrorCode,
  type ConversionErrorCodeValue,
  type ConversionErrorOptions,
} from "./errors.ts";

/**
 * What {@linkcode detectType} recognized.
 *
 * @example Usage
 * ```ts
 * import type { DetectedType } from "@switchyard/switchyard/core/utils";
 * const kind: DetectedType = "har";
 * ```
 */
export type DetectedType =
  | "request"
  | "response"
  | "curl"
  | "har"
  | "fetch"
  | "unknown";

/**
 * Header inputs {@linkcode normalizeHeaders} accepts: a plain object (values
 * may be arrays), HAR's `[{ name, value }]`, a Fetch `Headers`, or any
 * iterable of `[name, value]` pairs.
 *
 * @example Usage
 * ```ts
 * import type { HeadersInput } from "@switchyard/switchyard/core/utils";
 * const har: HeadersInput = [{ name: "Accept", value: "*\/*" }];
 * ```
 */
export type HeadersInput =
  | Readonly<
    Record<string, string | readonly string[] | number | null | undefined>
  >
  | ReadonlyArray<{ readonly name: string; readonly value: string }>
  | Headers
  | Iterable<readonly [string, string]>;

/**
 * One query parameter value for {@linkcode buildUrl}.
 *
 * @example Usage
 * ```ts
 * import type { QueryValue } from "@switchyard/switchyard/core/utils";
 * const page: QueryValue = 2;
 * ```
 */
export type QueryValue = string | number | boolean;

/**
 * Query parameters for {@linkcode buildUrl}: arrays repeat the key,
 * `null` and `undefined` are skipped.
 *
 * @example Usage
 * ```ts
 * import type { QueryParams } from "@switchyard/switchyard/core/utils";
 * const params: QueryParams = { page: 2, tag: ["a", "b"], draft: undefined };
 * ```
 */
export type QueryParams = Readonly<
  Record<
    string,
    QueryValue | readonly (QueryValue | null | undefined)[] | null | undefined
  >
>;

type Loose = Record<string, unknown>;

function isObject(value: unknown): value is Loose {
  return typeof value === "object" && value !== null;
}

function isHarRequest(value: unknown): boolean {
  return isObject(value) && typeof value.method === "string" &&
    typeof value.url === "string" && Array.isArray(value.headers);
}

function detectObject(value: unknown): DetectedType {
  if (!isObject(value)) return "unknown";
  if (isNativeRequest(value)) return "request";
  if (isNativeResponse(value)) return "response";
  if (isObject(value.log) && Array.isArray(value.log.entries)) return "har";
  if (
    isObject(value.request) && typeof value.request.method === "string" &&
    typeof value.request.url === "string"
  ) {
    return "har";
  }
  if (isHarRequest(value)) return "har";
  // As the original library's own tests have it: a numeric `statusCode` or
  // `status` is a response, and `method` with `url` a request, headers or not.
  if (
    typeof value.statusCode === "number" || typeof value.status === "number"
  ) return "response";
  if (
    typeof value.method === "string" && typeof value.url === "string" &&
    (value.headers === undefined || isObject(value.headers))
  ) {
    return "request";
  }
  if (isFetchArguments(value)) return "fetch";
  return "unknown";
}

/**
 * Detects what form an input is in.
 *
 * @param input Text (raw HTTP, a curl command, HAR JSON) or an object.
 * @returns `request`, `response`, `curl`, `har`, `fetch` or `unknown`.
 *
 * @example Text and objects
 * ```ts
 * import { detectType } from "@switchyard/switchyard/core/utils";
 * console.log(detectType("GET /users HTTP/1.1\r\nHost: example.com\r\n\r\n")); // "request"
 * console.log(detectType("HTTP/2 204\n\n")); // "response"
 * console.log(detectType("curl -X POST https://example.com")); // "curl"
 * console.log(detectType({ log: { entries: [] } })); // "har"
 * console.log(detectType('{"request":{"method":"GET","url":"https://a.example/"}}')); // "har"
 * console.log(detectType('await fetch("https://a.example/", { method: "DELETE" })')); // "fetch"
 * console.log(detectType("hello")); // "unknown"
 * ```
 */
export function detectType(input: string | object): DetectedType {
  if (typeof input !== "string") return detectObject(input);
  // The untrimmed input: to the shell, only space, tab and newline separate
  // words, so a leading U+00A0 belongs to the first word, as for the parser.
  if (startsWithCurl(input)) return "curl";
  const text = input.trimStart();
  if (text.startsWith("{") || text.startsWith("[")) {
    try {
      return detectObject(JSON.parse(text));
    } catch {
      // Not JSON: a JavaScript `{ url: …, options }` object is fetch code.
      return looksLikeFetchCode(text) ? "fetch" : "unknown";
    }
  }
  if (looksLikeResponse(input)) return "response";
  if (looksLikeRequest(input)) return "request";
  if (looksLikeFetchCode(input)) return "fetch";
  return "unknown";
}

function appendValue(headers: HeaderMap, name: string, value: unknown): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const item of value) appendValue(headers, name, item);
    return;
  }
  appendHeader(headers, asText(name), asText(value));
}

/**
 * Normalizes headers in any accepted form to a plain header map.
 *
 * @param headers A plain object, HAR `[{ name, value }]`, a `Headers`, or `[name, value]` pairs.
 * @returns Lowercase names to a value, or to every value in order when a name repeats.
 *
 * @example Every form gives the same map
 * ```ts
 * import { normalizeHeaders } from "@switchyard/switchyard/core/utils";
 * const fetchHeaders = new Headers([["Set-Cookie", "a=1"], ["Set-Cookie", "b=2"]]);
 * console.log(normalizeHeaders(fetchHeaders)); // { "set-cookie": ["a=1", "b=2"] }
 * console.log(normalizeHeaders([{ name: "Accept", value: "text/html" }])); // { accept: "text/html" }
 * console.log(normalizeHeaders({ "X-Count": 2, Vary: ["a", "b"] })); // { "x-count": "2", vary: ["a", "b"] }
 * ```
 */
export function normalizeHeaders(headers: HeadersInput): HeaderMap {
  const result: HeaderMap = {};
  if (headers === null || headers === undefined) return result;
  if (typeof Headers !== "undefined" && headers instanceof Headers) {
    return headersToMap(headers);
  }
  if (Symbol.iterator in Object(headers)) {
    for (const item of headers as Iterable<unknown>) {
      if (Array.isArray(item)) appendValue(result, item[0], item[1]);
      else if (isObject(item)) {
        appendValue(result, asText(item.name), item.value);
      }
    }
    return result;
  }
  for (const [name, value] of Object.entries(headers)) {
    appendValue(result, name, value);
  }
  return result;
}

/**
 * A string argument as text: strings as they are, URLs, numbers and other
 * values through String(); a symbol, or a value String() cannot convert (an
 * object without a prototype, a throwing toString), is a ConversionError
 * (`INVALID_INPUT`) instead of a TypeError or the caller's own error.
 */
function asText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "symbol") {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: "expected a string, got a symbol",
    });
  }
  try {
    return String(value);
  } catch (cause) {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: "expected a string, got a value that cannot be converted to one",
      cause,
    });
  }
}

function queryPart(url: string): string {
  const hash = url.indexOf("#");
  const withoutHash = hash === -1 ? url : url.slice(0, hash);
  const question = withoutHash.indexOf("?");
  // With its "?": URLSearchParams drops one leading "?", so in "??a=1" the
  // second is the key's, as the URL parser reads it.
  if (question !== -1) return withoutHash.slice(question);
  // No "?": a bare query ("a=1&b=2") unless it is clearly a URL or a path.
  return withoutHash.includes("://") || withoutHash.startsWith("/")
    ? ""
    : withoutHash;
}

/**
 * Parses the query of a URL.
 *
 * @param url A URL, a path with a query, `?a=1` or `a=1`.
 * @returns Each key to its decoded value, or to an array of values in order when the key repeats.
 *
 * @example Repeated keys
 * ```ts
 * import { parseQueryString } from "@switchyard/switchyard/core/utils";
 * console.log(parseQueryString("https://example.com/?a=1&b=x+y&a=2#top"));
 * // { a: ["1", "2"], b: "x y" }
 * ```
 */
export function parseQueryString(
  url: string,
): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(queryPart(asText(url)))) {
    const existing = Object.hasOwn(result, key) ? result[key] : undefined;
    if (Array.isArray(existing)) {
      // Push, not copy: copying the array on every repeat is quadratic.
      existing.push(value);
      continue;
    }
    const next = existing === undefined ? value : [existing, value];
    // defineProperty keeps a key such as "__proto__" an ordinary entry.
    Object.defineProperty(result, key, {
      value: next,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return result;
}

/**
 * Adds query parameters to a URL.
 *
 * @param baseUrl An absolute URL or a path; its query and fragment are kept.
 * @param queryParams Parameters to append; arrays repeat the key, `null`/`undefined` are skipped.
 * @returns The URL with the parameters appended before any fragment.
 * @throws {ConversionError} `INVALID_INPUT` when `baseUrl` is not a string or a key or value holds a lone UTF-16 surrogate.
 *
 * @example Appending to an existing query
 * ```ts
 * import { buildUrl } from "@switchyard/switchyard/core/utils";
 * console.log(buildUrl("/items?sort=asc#list", { page: 2, q: "a b", skip: null }));
 * // "/items?sort=asc&page=2&q=a%20b#list"
 * ```
 */
export function buildUrl(
  baseUrl: string,
  queryParams: QueryParams = {},
): string {
  if (typeof baseUrl !== "string") {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: `buildUrl expects the base URL as a string, got ${
        baseUrl === null ? "null" : typeof baseUrl
      }`,
    });
  }
  const hashAt = baseUrl.indexOf("#");
  const base = hashAt === -1 ? baseUrl : baseUrl.slice(0, hashAt);
  const fragment = hashAt === -1 ? "" : baseUrl.slice(hashAt);
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(queryParams ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === null || item === undefined) continue;
      pairs.push(
        `${encodeQueryPart(key)}=${encodeQueryPart(asText(item))}`,
      );
    }
  }
  if (pairs.length === 0) return baseUrl;
  const separator = !base.includes("?")
    ? "?"
    : base.endsWith("?") || base.endsWith("&")
    ? ""
    : "&";
  return `${base}${separator}${pairs.join("&")}${fragment}`;
}

// encodeURIComponent throws a URIError for a lone surrogate, which has no
// UTF-8 form; replacing it with U+FFFD would change the value silently.
function encodeQueryPart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch (cause) {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: `buildUrl: ${
        JSON.stringify(text.slice(0, 40))
      } has a lone UTF-16 surrogate, which has no UTF-8 percent-encoding`,
      cause,
    });
  }
}

/**
 * Size of a string in UTF-8 bytes, without encoding it.
 *
 * @param text Any string.
 * @returns The number of bytes `new TextEncoder().encode(text)` would produce.
 *
 * @example ASCII, accents and emoji
 * ```ts
 * import { getByteSize } from "@switchyard/switchyard/core/utils";
 * console.log(getByteSize("abc"), getByteSize("é"), getByteSize("😀")); // 3 2 4
 * ```
 */
export function getByteSize(text: string): number {
  return utf8ByteLength(asText(text));
}

/**
 * Writes headers as an HTTP header block.
 *
 * @param headers Headers in any form {@linkcode normalizeHeaders} accepts.
 * @returns One `name: value\r\n` line per value; `""` for no headers.
 * @throws {ConversionError} `INVALID_HEADER` for a name that is not a token or a value with CR, LF or NUL.
 *
 * @example Repeated headers
 * ```ts
 * import { formatHeaders } from "@switchyard/switchyard/core/utils";
 * console.log(JSON.stringify(formatHeaders({ "Set-Cookie": ["a=1", "b=2"], Accept: "*\/*" })));
 * // "set-cookie: a=1\r\nset-cookie: b=2\r\naccept: *\/*\r\n"
 * ```
 */
export function formatHeaders(headers: HeadersInput): string {
  let block = "";
  for (const [name, value] of headerEntries(normalizeHeaders(headers))) {
    checkHeaderField(name, value);
    block += `${name}: ${value}\r\n`;
  }
  return block;
}

export { allFormats } from "./all_formats.ts";
export type { AllFormats, AllFormatsOptions } from "./all_formats.ts";
// The option and result types allFormats names, so that this entry's public
// API is complete (deno doc --lint private-type-ref). Type-only: no runtime import.
export type { FromRequestOptions as CurlOptions } from "./curl.ts";
export type { ToCodeOptions } from "./fetch.ts";
export type {
  HarCache,
  HarCacheEntry,
  HarContent,
  HarCookie,
  HarEntry,
  HarHeader,
  HarNameValue,
  HarOptions,
  HarParam,
  HarPostData,
  HarQueryParam,
  HarRequest,
  HarResponse,
  HarTimings,
} from "./har.ts";
export type { StringifyRequestOptions } from "./string.ts";
