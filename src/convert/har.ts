/**
 * HAR 1.2 conversion: plain or native requests and responses to HAR entries
 * and back, whole logs to request lists, and entries wrapped into a log.
 *
 * Decisions (the seed leaves these open):
 *
 * - **Output is valid HAR 1.2** (checked with har-validator in the tests):
 *   absolute request URLs, `HTTP/1.1`-style versions, every required field,
 *   `timings.blocked/dns/connect/ssl` = -1, `send/wait/receive` = 0 unless
 *   given (a given timing is a finite number ≥ 0 or -1, else
 *   `INVALID_OPTION`), `cache: {}`, sizes in UTF-8 bytes, and no empty
 *   `serverIPAddress`.
 * - **Relative request URLs** are resolved against the `host` header, with the
 *   scheme of `options.defaultOrigin`; without a host header against
 *   `defaultOrigin` itself, which defaults to `http://localhost`.
 * - **startedDateTime** is the call time unless `options.startedDateTime` is
 *   given (pass it for deterministic output): a date string or a `Date`;
 *   anything else, or an invalid date, is `INVALID_OPTION`.
 * - **Request-only entries** ({@linkcode fromRequest}) carry a placeholder
 *   response with status `0`, the convention browsers use for a request that
 *   got no answer. **Response-only entries** ({@linkcode fromResponse} without
 *   a request) carry a `GET` of the native Response's `url`, or of
 *   `defaultOrigin`.
 * - **Cookies** are parsed from the `cookie` header and from each
 *   `set-cookie`; `Path`, `Domain`, `Expires` (ISO 8601), `Max-Age` (turned
 *   into `expires` relative to startedDateTime, winning over `Expires` as in
 *   RFC 6265; an expiry past the latest date a `Date` holds is capped to it,
 *   `+275760-09-13T00:00:00.000Z`, as RFC 6265 §5.2 allows), `HttpOnly`,
 *   `Secure` and `SameSite` become fields of their cookie, never cookies of
 *   their own. Cookie values are kept as written.
 * - **Bodies and binary.** Bodies are strings. A plain body is UTF-8 text;
 *   with `bodyEncoding: "binary"` it is a latin1 "binary string" (one char per
 *   byte, what `atob` returns). A native Request/Response body is read as
 *   bytes. Bytes that are valid UTF-8 are written as text; anything else as
 *   `content.encoding: "base64"` (a body such as `abcd` or `true` stays
 *   text). HAR 1.2 has no encoding for request bodies, so a non-UTF-8 request
 *   body is written base64 with our `_encoding: "base64"` extension field.
 * - **Reading base64** ({@linkcode toResponse}, {@linkcode toRequest}): the
 *   decoded bytes become UTF-8 text when valid, otherwise a latin1 binary
 *   string. {@linkcode contentBytes} gives the exact bytes of any content.
 *   Invalid base64 throws `INVALID_BASE64` — never a wrong body.
 * - **postData**: `params` are written for `application/x-www-form-urlencoded`
 *   bodies, decoded as `queryString` is: `+` as space, every valid `%XX`
 *   escape decoded (runs of them as UTF-8), and only a malformed `%` escape or
 *   an escaped byte that is not UTF-8 kept as written (`50%+Jos%C3%A9` gives
 *   `50% José`, `%FF%41` gives `%FFA`).
 *   Multipart bodies keep their exact `text` and get no params. On input,
 *   `text` wins; `params` alone are rebuilt into a urlencoded body, or a
 *   multipart one when the mimeType says `multipart/form-data` (with its
 *   boundary, or a fixed one added to the `content-type` header). Param values
 *   are decoded text as HAR 1.2 says: a `%` in a value is a literal percent
 *   sign and is encoded, never an error. A name or value holding a lone
 *   UTF-16 surrogate (legal in JSON text as `"\ud800"`) has no UTF-8 bytes
 *   to encode: `INVALID_HAR` at its path, as for a `queryString` pair that
 *   has to be appended to the URL.
 * - **queryString beside a query in the URL**: the URL is authoritative; a
 *   queryString pair is appended only when the URL does not already carry it
 *   (compared as written, as Chrome exports, and decoded, as Firefox exports:
 *   by our decoding and by URLSearchParams's, which reads an escaped byte
 *   that is not UTF-8 as U+FFFD).
 * - **Input tolerance**: missing optional fields and missing arrays are
 *   treated as empty; versions `http/2.0`, `HTTP/2`, `h2`, `h2c`, `h3`,
 *   `HTTP/3` become `2`/`3`; HTTP/2 pseudo-headers (`:authority` …) are
 *   dropped (the URL and method carry them); `_`-prefixed custom fields are
 *   ignored, except our own `postData._encoding`. A `cookies` list without a
 *   `cookie` header becomes one. Wrong types throw `ConversionError`
 *   `INVALID_HAR` whose `path` names the field, relative to the argument
 *   (`request.headers[1].value`, or `log.entries[3].request.url` for logs).
 *
 * @example Request to HAR and back
 * ```ts
 * import { fromRequest, toRequest } from "@switchyard/switchyard/har";
 * const entry = await fromRequest(
 *   { method: "GET", url: "https://example.com/a?b=1", headers: {} },
 *   { startedDateTime: "2024-01-01T00:00:00.000Z" },
 * );
 * console.log(entry.request.queryString); // [{ name: "b", value: "1" }]
 * console.log(toRequest(entry).url); // "https://example.com/a?b=1"
 * ```
 *
 * @module
 */
import { buildLog, requestEntry, responseEntry } from "./_har_write.ts";
import {
  readContentBytes,
  readEntryRequest,
  readEntryResponse,
  readLogExchanges,
  readLogRequests,
} from "./_har_read.ts";
import type {
  Har,
  HarContent,
  HarEntry,
  HarExchange,
  HarLogOptions,
  HarOptions,
  HarPostData,
  HarRequest,
  HarResponse,
  PartialHar,
} from "./har_types.ts";
import type {
  HttpRequest,
  HttpResponse,
  RequestInput,
  ResponseInput,
} from "./types.ts";

export type * from "./types.ts";
export type * from "./har_types.ts";
export { DEFAULT_ORIGIN } from "./_har_write.ts";

/**
 * Converts a request into a HAR 1.2 entry. The entry's response is a
 * placeholder with status 0 (no response recorded).
 *
 * @param request A plain request or a native `Request` (its body is read from
 * a clone, as bytes).
 * @param options Start time, timings, default origin, body encoding.
 * @returns The HAR entry.
 * @throws {ConversionError} `INVALID_INPUT` for a malformed request,
 * `INVALID_URL` when no absolute URL can be made.
 *
 * @example Form request
 * ```ts
 * import { fromRequest } from "@switchyard/switchyard/har";
 * const entry = await fromRequest({
 *   method: "POST",
 *   url: "/login",
 *   headers: { host: "example.com", "content-type": "application/x-www-form-urlencoded" },
 *   body: "user=ada&note=hi+there",
 * }, { startedDateTime: "2024-01-01T00:00:00.000Z" });
 * console.log(entry.request.url); // "http://example.com/login"
 * console.log(entry.request.postData?.params); // [{ name: "user", value: "ada" }, { name: "note", value: "hi there" }]
 * ```
 */
export async function fromRequest(
  request: RequestInput,
  options: HarOptions = {},
): Promise<HarEntry> {
  return await requestEntry(request, options);
}

/**
 * Converts a response, and optionally the request it answers, into one HAR
 * 1.2 entry.
 *
 * @param response A plain response or a native `Response` (read from a clone,
 * as bytes: non-UTF-8 bodies become base64 content).
 * @param request The request; without one the entry holds a `GET` of the
 * native Response's `url` or of `defaultOrigin`.
 * @param options Start time, timings, default origin, body encoding.
 * @returns The HAR entry.
 * @throws {ConversionError} `INVALID_INPUT` for a malformed message.
 *
 * @example Merged entry
 * ```ts
 * import { fromResponse } from "@switchyard/switchyard/har";
 * const entry = await fromResponse(
 *   {
 *     statusCode: 200,
 *     statusText: "OK",
 *     httpVersion: "1.1",
 *     headers: { "set-cookie": "sid=42; Path=/; HttpOnly; SameSite=Lax" },
 *     body: "hello",
 *   },
 *   { method: "GET", url: "https://example.com/", headers: {} },
 *   { startedDateTime: "2024-01-01T00:00:00.000Z", timings: { wait: 5 } },
 * );
 * console.log(entry.response.cookies); // [{ name: "sid", value: "42", path: "/", httpOnly: true, sameSite: "Lax" }]
 * console.log(entry.time); // 5
 * ```
 *
 * @example Binary body
 * ```ts
 * import { fromResponse } from "@switchyard/switchyard/har";
 * const entry = await fromResponse(new Response(new Uint8Array([0xff, 0x00])));
 * console.log(entry.response.content); // { size: 2, mimeType: "", text: "/wA=", encoding: "base64" }
 * ```
 */
export async function fromResponse(
  response: ResponseInput,
  request?: RequestInput,
  options: HarOptions = {},
): Promise<HarEntry> {
  return await responseEntry(response, request, options);
}

/**
 * Wraps entries into a HAR 1.2 document.
 *
 * @param entries The entries, in order.
 * @param options Creator, browser, pages, comment.
 * @returns `{ log: { version: "1.2", creator, entries } }`.
 *
 * @example Two requests in one log
 * ```ts
 * import { fromRequest, toLog } from "@switchyard/switchyard/har";
 * const entries = await Promise.all([
 *   fromRequest({ method: "GET", url: "https://example.com/a", headers: {} }),
 *   fromRequest({ method: "GET", url: "https://example.com/b", headers: {} }),
 * ]);
 * const har = toLog(entries, { creator: { name: "my-tool", version: "1.0" } });
 * console.log(har.log.entries.length, har.log.creator.name); // 2 "my-tool"
 * ```
 */
export function toLog(entries: HarEntry[], options: HarLogOptions = {}): Har {
  return buildLog(entries, options);
}

/**
 * Converts many requests into one HAR 1.2 document.
 *
 * @param requests Plain or native requests.
 * @param options Entry options (shared by every entry) and log options.
 * @returns The HAR document.
 *
 * @example A log of two requests
 * ```ts
 * import { fromRequests } from "@switchyard/switchyard/har";
 * const har = await fromRequests([
 *   { method: "GET", url: "https://example.com/", headers: {} },
 *   { method: "DELETE", url: "https://example.com/x", headers: {} },
 * ]);
 * console.log(har.log.entries.map((e) => e.request.method)); // ["GET", "DELETE"]
 * ```
 */
export async function fromRequests(
  requests: RequestInput[],
  options: HarOptions & HarLogOptions = {},
): Promise<Har> {
  const entries: HarEntry[] = [];
  for (const request of requests) {
    entries.push(await fromRequest(request, options));
  }
  return toLog(entries, options);
}

/**
 * Converts a HAR entry (or a bare HAR request object) into a plain request.
 *
 * @param entry A HAR entry from any exporter (Chrome, Firefox, Safari,
 * httpsnippet…), or a HAR request object.
 * @returns The request; `body` is present only when the entry has postData.
 * @throws {ConversionError} `INVALID_HAR` (with `path`) for wrong types or a
 * missing request, `INVALID_BASE64` for undecodable `_encoding: "base64"` text.
 *
 * @example Chrome export with HTTP/2
 * ```ts
 * import { toRequest } from "@switchyard/switchyard/har";
 * const request = toRequest({
 *   request: {
 *     method: "POST",
 *     url: "https://example.com/search?q=a",
 *     httpVersion: "http/2.0",
 *     headers: [{ name: ":authority", value: "example.com" }, { name: "Accept", value: "*\/*" }],
 *     queryString: [{ name: "q", value: "a" }, { name: "page", value: "2" }],
 *     postData: { mimeType: "application/x-www-form-urlencoded", params: [{ name: "x", value: "1 2" }] },
 *   },
 * });
 * console.log(request);
 * // { method: "POST", url: "https://example.com/search?q=a&page=2",
 * //   headers: { accept: "*\/*", "content-type": "application/x-www-form-urlencoded" },
 * //   httpVersion: "2", body: "x=1+2" }
 * ```
 */
export function toRequest(
  entry: PartialHar<HarEntry> | PartialHar<HarRequest>,
): HttpRequest {
  return readEntryRequest(entry);
}

/**
 * Converts the response of a HAR entry into a plain response. Base64 content
 * is decoded: to UTF-8 text when valid, else to a latin1 binary string (use
 * {@linkcode contentBytes} for the bytes).
 *
 * @param entry A HAR entry, or a bare HAR response object.
 * @returns The response; `body` is present only when `content.text` is.
 * @throws {ConversionError} `INVALID_HAR` (with `path`), `INVALID_BASE64`.
 *
 * @example Base64 content
 * ```ts
 * import { toResponse } from "@switchyard/switchyard/har";
 * const response = toResponse({
 *   response: {
 *     status: 200, statusText: "OK", httpVersion: "h3",
 *     headers: [{ name: "Content-Type", value: "text/plain" }],
 *     content: { size: 5, mimeType: "text/plain", text: "aGVsbG8=", encoding: "base64" },
 *   },
 * });
 * console.log(response.body, response.httpVersion); // "hello" "3"
 * ```
 */
export function toResponse(
  entry: PartialHar<HarEntry> | PartialHar<HarResponse>,
): HttpResponse {
  return readEntryResponse(entry);
}

/**
 * The exact bytes of a HAR content (or postData) body: base64 decoded, text
 * encoded as UTF-8.
 *
 * @param content A `content` object, a `postData` object, or an entry (its
 * response content).
 * @returns The bytes (empty when there is no text).
 * @throws {ConversionError} `INVALID_BASE64`, `INVALID_HAR`.
 *
 * @example Binary content
 * ```ts
 * import { contentBytes } from "@switchyard/switchyard/har";
 * const bytes = contentBytes({ size: 2, mimeType: "image/png", text: "/wA=", encoding: "base64" });
 * console.log(bytes); // Uint8Array(2) [ 255, 0 ]
 * ```
 */
export function contentBytes(
  content: PartialHar<HarContent | HarPostData | HarEntry>,
): Uint8Array {
  return readContentBytes(content);
}

/**
 * Converts every entry of a HAR log into a plain request, in order.
 *
 * @param har A HAR document `{ log: { entries } }`, or its JSON text.
 * @returns One request per entry.
 * @throws {ConversionError} `INVALID_HAR` with the path of the offending
 * field, e.g. `log.entries[3].request.headers[1].value`.
 *
 * @example A browser export
 * ```ts
 * import { toRequests } from "@switchyard/switchyard/har";
 * const requests = toRequests({
 *   log: {
 *     version: "1.2",
 *     creator: { name: "Firefox", version: "125" },
 *     entries: [{ request: { method: "GET", url: "https://example.com/", headers: [] } }],
 *   },
 * });
 * console.log(requests[0].url); // "https://example.com/"
 * ```
 */
export function toRequests(har: PartialHar<Har> | string): HttpRequest[] {
  return readLogRequests(har);
}

/**
 * Converts every entry of a HAR log into a request and its response.
 * Entries without a response get none: use {@linkcode toRequests} then.
 *
 * @param har A HAR document, or its JSON text.
 * @returns One exchange per entry.
 * @throws {ConversionError} `INVALID_HAR` / `INVALID_BASE64` with the path.
 *
 * @example Requests with responses
 * ```ts
 * import { fromResponse, toExchanges, toLog } from "@switchyard/switchyard/har";
 * const entry = await fromResponse(
 *   { statusCode: 201, statusText: "Created", httpVersion: "1.1", headers: {} },
 *   { method: "PUT", url: "https://example.com/x", headers: {}, body: "x" },
 * );
 * const [exchange] = toExchanges(toLog([entry]));
 * console.log(exchange.request.method, exchange.response.statusCode); // "PUT" 201
 * ```
 */
export function toExchanges(har: PartialHar<Har> | string): HarExchange[] {
  return readLogExchanges(har);
}
