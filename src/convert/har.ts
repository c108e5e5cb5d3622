/**
 * HAR 1.2 conversion: plain or native requests and responses to HAR entries
 * and back, whole logs to request lists, and entries wrapped into a log.
 *
 * Decisions (the seed leaves these open):
 *
 * - **Output is valid HAR 1.2** (checked with har-validator in the tests):
 *   absolute request URLs, `HTTP/1.1`-style versions, every required field,
 *   `timings.blocked/dns/connect/ssl` = -1, `send/wait/receive` = 0 unless
 *   given, `cache: {}`, sizes in UTF-8 bytes, and no empty `serverIPAddress`.
 * - **Relative request URLs** are resolved against the `host` header, with the
 *   scheme of `options.defaultOrigin`; without a host header against
 *   `defaultOrigin` itself, which defaults to `http://localhost`.
 * - **startedDateTime** is the call time unless `options.startedDateTime` is
 *   given (pass it for deterministic output).
 * - **Request-only entries** ({@linkcode fromRequest}) carry a placeholder
 *   response with status `0`, the convention browsers use for a request that
 *   got no answer. **Response-only entries** ({@linkcode fromResponse} without
 *   a request) carry a `GET` of the native Response's `url`, or of
 *   `defaultOrigin`.
 * - **Cookies** are parsed from the `cookie` header and from each
 *   `set-cookie`; `Path`, `Domain`, `Expires` (ISO 8601), `Max-Age` (turned
 *   into `expires` relative to startedDateTime, winning over `Expires` as in
 *   RFC 6265), `HttpOnly`, `Secure` and `SameSite` become fields of their
 *   cookie, never cookies of their own. Cookie values are kept as written.
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
 *   bodies (decoded, `+` as space; a malformed `%` escape is kept as written).
 *   Multipart bodies keep their exact `text` and get no params. On input,
 *   `text` wins; `params` alone are rebuilt into a urlencoded body, or a
 *   multipart one when the mimeType says `multipart/form-data` (with its
 *   boundary, or a fixed one added to the `content-type` header). Param values
 *   are decoded text as HAR 1.2 says: a `%` in a value is a literal percent
 *   sign and is encoded, never an error.
 * - **queryString beside a query in the URL**: the URL is authoritative; a
 *   queryString pair is appended only when the URL does not already carry it
 *   (compared both as written, as Chrome exports, and decoded, as Firefox
 *   exports).
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
import {
  appendHeader,
  getHeader,
  headerEntries,
  headersToMap,
  isNativeRequest,
  isNativeResponse,
} from "./_message.ts";
import {
  decodeBase64,
  decodeUtf8,
  encodeBase64,
  isWellFormed,
  latin1Bytes,
  latin1String,
  utf8Bytes,
} from "./_bytes.ts";
import { utf8ByteLength } from "./_utf8.ts";
import { ConversionError } from "./errors.ts";
import type {
  HeaderMap,
  HttpRequest,
  HttpResponse,
  RequestInput,
  ResponseInput,
} from "./types.ts";

export type {
  HeaderMap,
  HttpRequest,
  HttpResponse,
  RequestInput,
  ResponseInput,
} from "./types.ts";

// ---------------------------------------------------------------- HAR types

/**
 * `T` with every field optional, deeply: what the readers accept, since
 * exporters leave out fields HAR 1.2 calls required (types are still checked
 * at run time).
 *
 * @example Usage
 * ```ts
 * import type { HarEntry, PartialHar } from "@switchyard/switchyard/har";
 * const entry: PartialHar<HarEntry> = { request: { method: "GET", url: "https://example.com/" } };
 * ```
 */
export type PartialHar<T> = T extends Array<infer U> ? Array<PartialHar<U>>
  : T extends object ? { [K in keyof T]?: PartialHar<T[K]> }
  : T;

/**
 * A name/value pair: a header or a query parameter.
 *
 * @example Usage
 * ```ts
 * import type { HarNameValue } from "@switchyard/switchyard/har";
 * const pair: HarNameValue = { name: "accept", value: "*\/*" };
 * ```
 */
export interface HarNameValue {
  /** Name as written. */
  name: string;
  /** Value as written (query parameters: decoded). */
  value: string;
  /** Free comment. */
  comment?: string;
}

/**
 * A HAR header.
 *
 * @example Usage
 * ```ts
 * import type { HarHeader } from "@switchyard/switchyard/har";
 * const header: HarHeader = { name: "content-type", value: "text/plain" };
 * ```
 */
export type HarHeader = HarNameValue;

/**
 * A HAR query parameter.
 *
 * @example Usage
 * ```ts
 * import type { HarQueryParam } from "@switchyard/switchyard/har";
 * const param: HarQueryParam = { name: "page", value: "2" };
 * ```
 */
export type HarQueryParam = HarNameValue;

/**
 * A HAR cookie, from a `cookie` or a `set-cookie` header.
 *
 * @example Usage
 * ```ts
 * import type { HarCookie } from "@switchyard/switchyard/har";
 * const cookie: HarCookie = { name: "sid", value: "1", path: "/", httpOnly: true };
 * ```
 */
export interface HarCookie {
  /** Cookie name. */
  name: string;
  /** Cookie value as written. */
  value: string;
  /** `Path` attribute. */
  path?: string;
  /** `Domain` attribute. */
  domain?: string;
  /** Expiry as an ISO 8601 date-time (`null` when a tool wrote so). */
  expires?: string | null;
  /** `HttpOnly` attribute. */
  httpOnly?: boolean;
  /** `Secure` attribute. */
  secure?: boolean;
  /** `SameSite` attribute (`Strict`, `Lax`, `None`), as Chrome exports it. */
  sameSite?: string;
  /** Free comment. */
  comment?: string;
}

/**
 * A posted parameter of a form body.
 *
 * @example Usage
 * ```ts
 * import type { HarParam } from "@switchyard/switchyard/har";
 * const param: HarParam = { name: "q", value: "a b" };
 * ```
 */
export interface HarParam {
  /** Parameter name (decoded). */
  name: string;
  /** Parameter value (decoded). */
  value?: string;
  /** File name of a multipart file part. */
  fileName?: string;
  /** Content type of a multipart file part. */
  contentType?: string;
  /** Free comment. */
  comment?: string;
}

/**
 * A HAR request body.
 *
 * @example Usage
 * ```ts
 * import type { HarPostData } from "@switchyard/switchyard/har";
 * const postData: HarPostData = { mimeType: "application/json", text: "{}" };
 * ```
 */
export interface HarPostData {
  /** Content type of the body (`""` when the request named none). */
  mimeType: string;
  /** The body text. */
  text?: string;
  /** Form parameters. */
  params?: HarParam[];
  /** Switchyard extension: `"base64"` when `text` holds a non-UTF-8 body. */
  _encoding?: string;
  /** Free comment. */
  comment?: string;
}

/**
 * A HAR request.
 *
 * @example Usage
 * ```ts
 * import type { HarRequest } from "@switchyard/switchyard/har";
 * const request: HarRequest = {
 *   method: "GET", url: "https://example.com/", httpVersion: "HTTP/1.1",
 *   cookies: [], headers: [], queryString: [], headersSize: -1, bodySize: 0,
 * };
 * ```
 */
export interface HarRequest {
  /** Request method. */
  method: string;
  /** Absolute URL. */
  url: string;
  /** Version such as `HTTP/1.1`. */
  httpVersion: string;
  /** Cookies sent. */
  cookies: HarCookie[];
  /** Headers in order. */
  headers: HarHeader[];
  /** Query parameters of the URL, decoded. */
  queryString: HarQueryParam[];
  /** The body, when there is one. */
  postData?: HarPostData;
  /** Bytes of the request line and headers, or -1. */
  headersSize: number;
  /** Bytes of the body, or -1. */
  bodySize: number;
  /** Free comment. */
  comment?: string;
}

/**
 * A HAR response body.
 *
 * @example Usage
 * ```ts
 * import type { HarContent } from "@switchyard/switchyard/har";
 * const content: HarContent = { size: 2, mimeType: "text/plain", text: "ok" };
 * ```
 */
export interface HarContent {
  /** Length of the decoded body in bytes. */
  size: number;
  /** Bytes saved by compression. */
  compression?: number;
  /** Content type (`""` when the response named none). */
  mimeType: string;
  /** The body: text, or base64 when `encoding` is `"base64"`. */
  text?: string;
  /** `"base64"` when the body is not valid UTF-8 text. */
  encoding?: string;
  /** Free comment. */
  comment?: string;
}

/**
 * A HAR response.
 *
 * @example Usage
 * ```ts
 * import type { HarResponse } from "@switchyard/switchyard/har";
 * const response: HarResponse = {
 *   status: 204, statusText: "No Content", httpVersion: "HTTP/1.1",
 *   cookies: [], headers: [], content: { size: 0, mimeType: "" },
 *   redirectURL: "", headersSize: -1, bodySize: 0,
 * };
 * ```
 */
export interface HarResponse {
  /** Status code (0: no response). */
  status: number;
  /** Reason phrase. */
  statusText: string;
  /** Version such as `HTTP/1.1`. */
  httpVersion: string;
  /** Cookies set. */
  cookies: HarCookie[];
  /** Headers in order. */
  headers: HarHeader[];
  /** The body. */
  content: HarContent;
  /** `location` header value, or `""`. */
  redirectURL: string;
  /** Bytes of the status line and headers, or -1. */
  headersSize: number;
  /** Bytes of the body as received, or -1. */
  bodySize: number;
  /** Free comment. */
  comment?: string;
}

/**
 * One side of a HAR cache record.
 *
 * @example Usage
 * ```ts
 * import type { HarCacheEntry } from "@switchyard/switchyard/har";
 * const entry: HarCacheEntry = { lastAccess: "2024-01-01T00:00:00Z", eTag: "", hitCount: 0 };
 * ```
 */
export interface HarCacheEntry {
  /** Expiry date-time. */
  expires?: string;
  /** Last access date-time. */
  lastAccess: string;
  /** ETag. */
  eTag: string;
  /** Number of hits. */
  hitCount: number;
  /** Free comment. */
  comment?: string;
}

/**
 * HAR cache information (usually `{}`).
 *
 * @example Usage
 * ```ts
 * import type { HarCache } from "@switchyard/switchyard/har";
 * const cache: HarCache = {};
 * ```
 */
export interface HarCache {
  /** State before the request. */
  beforeRequest?: HarCacheEntry | null;
  /** State after the request. */
  afterRequest?: HarCacheEntry | null;
  /** Free comment. */
  comment?: string;
}

/**
 * HAR timings in milliseconds; -1 means "does not apply".
 *
 * @example Usage
 * ```ts
 * import type { HarTimings } from "@switchyard/switchyard/har";
 * const timings: HarTimings = { send: 0, wait: 10, receive: 1 };
 * ```
 */
export interface HarTimings {
  /** Time queued. */
  blocked?: number;
  /** DNS resolution. */
  dns?: number;
  /** TCP connect. */
  connect?: number;
  /** Sending the request. */
  send: number;
  /** Waiting for the first byte. */
  wait: number;
  /** Reading the response. */
  receive: number;
  /** TLS handshake. */
  ssl?: number;
  /** Free comment. */
  comment?: string;
}

/**
 * One HAR entry: a request and its response.
 *
 * @example Usage
 * ```ts
 * import { fromRequest, type HarEntry } from "@switchyard/switchyard/har";
 * const entry: HarEntry = await fromRequest({ method: "GET", url: "/", headers: {} });
 * console.log(entry.request.url); // "http://localhost/"
 * ```
 */
export interface HarEntry {
  /** Id of the page the entry belongs to. */
  pageref?: string;
  /** Start as an ISO 8601 date-time. */
  startedDateTime: string;
  /** Total time in milliseconds. */
  time: number;
  /** The request. */
  request: HarRequest;
  /** The response. */
  response: HarResponse;
  /** Cache information. */
  cache: HarCache;
  /** Timings. */
  timings: HarTimings;
  /** Server IP address. */
  serverIPAddress?: string;
  /** Connection id. */
  connection?: string;
  /** Free comment. */
  comment?: string;
}

/**
 * The application that wrote a log.
 *
 * @example Usage
 * ```ts
 * import type { HarCreator } from "@switchyard/switchyard/har";
 * const creator: HarCreator = { name: "my-tool", version: "1.0.0" };
 * ```
 */
export interface HarCreator {
  /** Name. */
  name: string;
  /** Version. */
  version: string;
  /** Free comment. */
  comment?: string;
}

/**
 * Page load timings.
 *
 * @example Usage
 * ```ts
 * import type { HarPageTimings } from "@switchyard/switchyard/har";
 * const timings: HarPageTimings = { onLoad: 120 };
 * ```
 */
export interface HarPageTimings {
  /** Milliseconds to DOMContentLoaded. */
  onContentLoad?: number;
  /** Milliseconds to load. */
  onLoad?: number;
  /** Free comment. */
  comment?: string;
}

/**
 * A page of a HAR log.
 *
 * @example Usage
 * ```ts
 * import type { HarPage } from "@switchyard/switchyard/har";
 * const page: HarPage = {
 *   startedDateTime: "2024-01-01T00:00:00Z", id: "page_1", title: "Home", pageTimings: {},
 * };
 * ```
 */
export interface HarPage {
  /** Start as an ISO 8601 date-time. */
  startedDateTime: string;
  /** Unique id referenced by `entry.pageref`. */
  id: string;
  /** Page title. */
  title: string;
  /** Load timings. */
  pageTimings: HarPageTimings;
  /** Free comment. */
  comment?: string;
}

/**
 * The `log` object of a HAR document.
 *
 * @example Usage
 * ```ts
 * import type { HarLog } from "@switchyard/switchyard/har";
 * const log: HarLog = { version: "1.2", creator: { name: "x", version: "1" }, entries: [] };
 * ```
 */
export interface HarLog {
  /** HAR format version, `"1.2"`. */
  version: string;
  /** The writing application. */
  creator: HarCreator;
  /** The browser, when a browser wrote the log. */
  browser?: HarCreator;
  /** Pages. */
  pages?: HarPage[];
  /** Entries. */
  entries: HarEntry[];
  /** Free comment. */
  comment?: string;
}

/**
 * A HAR document.
 *
 * @example Usage
 * ```ts
 * import { toLog, type Har } from "@switchyard/switchyard/har";
 * const har: Har = toLog([]);
 * console.log(har.log.version); // "1.2"
 * ```
 */
export interface Har {
  /** The log. */
  log: HarLog;
}

// ------------------------------------------------------------------ options

/**
 * Options of {@linkcode fromRequest} and {@linkcode fromResponse}.
 *
 * @example Usage
 * ```ts
 * import type { HarOptions } from "@switchyard/switchyard/har";
 * const options: HarOptions = {
 *   startedDateTime: "2024-01-01T00:00:00.000Z",
 *   timings: { wait: 12 },
 *   defaultOrigin: "https://api.example.com",
 * };
 * ```
 */
export interface HarOptions {
  /** Entry start (ISO string or Date); default: the time of the call. */
  startedDateTime?: string | Date;
  /** Timings to record; missing send/wait/receive are 0, others -1. */
  timings?: Partial<HarTimings>;
  /**
   * Origin for relative URLs: its scheme is used with a `host` header, the
   * whole origin without one. Default `http://localhost`.
   */
  defaultOrigin?: string;
  /**
   * How plain string bodies are read: `"utf-8"` (default) as text,
   * `"binary"` as latin1 binary strings (one char per byte).
   */
  bodyEncoding?: "utf-8" | "binary";
  /** Server IP address; omitted when empty. */
  serverIPAddress?: string;
  /** Connection id; omitted when empty. */
  connection?: string;
  /** Page id. */
  pageref?: string;
  /** Entry comment. */
  comment?: string;
}

/**
 * Options of {@linkcode toLog}.
 *
 * @example Usage
 * ```ts
 * import type { HarLogOptions } from "@switchyard/switchyard/har";
 * const options: HarLogOptions = { creator: { name: "my-tool", version: "2.0" } };
 * ```
 */
export interface HarLogOptions {
  /** Writing application; default `{ name: "switchyard", version: "0.1.0" }`. */
  creator?: HarCreator;
  /** Browser, if any. */
  browser?: HarCreator;
  /** Pages, if any. */
  pages?: HarPage[];
  /** Log comment. */
  comment?: string;
}

/**
 * A request and its response, as {@linkcode toExchanges} returns them.
 *
 * @example Usage
 * ```ts
 * import type { HarExchange } from "@switchyard/switchyard/har";
 * const exchange: HarExchange = {
 *   request: { method: "GET", url: "https://example.com/", headers: {} },
 *   response: { statusCode: 200, statusText: "OK", httpVersion: "1.1", headers: {} },
 * };
 * ```
 */
export interface HarExchange {
  /** The request. */
  request: HttpRequest;
  /** The response. */
  response: HttpResponse;
}

/** Default origin for relative URLs without a host header. */
export const DEFAULT_ORIGIN = "http://localhost";

const DEFAULT_CREATOR: HarCreator = { name: "switchyard", version: "0.1.0" };
const MULTIPART_BOUNDARY = "----SwitchyardFormBoundary7MA4YWxkTrZu0gW";
const FORM_TYPE = "application/x-www-form-urlencoded";

// ------------------------------------------------------------ writing HAR

/** A body as either text or base64 of non-UTF-8 bytes. */
interface EncodedBody {
  text: string;
  base64: boolean;
  size: number;
}

async function readNativeBody(
  message: Request | Response,
): Promise<Uint8Array | undefined> {
  if (message.body === null) return undefined;
  return new Uint8Array(await message.clone().arrayBuffer());
}

function encodeBytes(bytes: Uint8Array): EncodedBody {
  const text = decodeUtf8(bytes);
  if (text !== undefined) return { text, base64: false, size: bytes.length };
  return { text: encodeBase64(bytes), base64: true, size: bytes.length };
}

function encodePlainBody(
  body: string,
  encoding: HarOptions["bodyEncoding"],
  path: string,
): EncodedBody {
  if (encoding === "binary") {
    const bytes = latin1Bytes(body);
    if (bytes === undefined) {
      throw new ConversionError({
        code: "INVALID_INPUT",
        message:
          'A "binary" body must hold only chars U+0000–U+00FF (one per byte)',
        path,
      });
    }
    return encodeBytes(bytes);
  }
  if (!isWellFormed(body)) {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message:
        'The body has a lone UTF-16 surrogate and no exact UTF-8 form; pass bytes as a latin1 string with bodyEncoding: "binary"',
      path,
    });
  }
  return { text: body, base64: false, size: utf8ByteLength(body) };
}

interface PlainMessage<T> {
  message: T;
  body?: EncodedBody;
}

async function plainRequest(
  input: RequestInput,
  options: HarOptions,
): Promise<PlainMessage<HttpRequest>> {
  if (isNativeRequest(input)) {
    const bytes = await readNativeBody(input);
    return {
      message: {
        method: input.method,
        url: input.url,
        headers: headersToMap(input.headers),
      },
      body: bytes === undefined ? undefined : encodeBytes(bytes),
    };
  }
  checkPlainMessage(input, "request");
  const body = input.body === undefined
    ? undefined
    : encodePlainBody(input.body, options.bodyEncoding, "body");
  return { message: input, body };
}

async function plainResponse(
  input: ResponseInput,
  options: HarOptions,
): Promise<PlainMessage<HttpResponse> & { url?: string }> {
  if (isNativeResponse(input)) {
    const bytes = await readNativeBody(input);
    return {
      message: {
        statusCode: input.status,
        statusText: input.statusText,
        httpVersion: "1.1",
        headers: headersToMap(input.headers),
      },
      body: bytes === undefined ? undefined : encodeBytes(bytes),
      url: input.url || undefined,
    };
  }
  checkPlainMessage(input, "response");
  const body = input.body === undefined
    ? undefined
    : encodePlainBody(input.body, options.bodyEncoding, "body");
  return { message: input, body };
}

function checkPlainMessage(value: unknown, kind: string): void {
  if (typeof value !== "object" || value === null) {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: `Expected a ${kind} object or a native ${
        kind === "request" ? "Request" : "Response"
      }`,
    });
  }
  const message = value as Record<string, unknown>;
  if (
    typeof message.headers !== "object" || message.headers === null ||
    Array.isArray(message.headers)
  ) {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: `The ${kind}'s headers must be a header map object`,
      path: "headers",
    });
  }
  if (message.body !== undefined && typeof message.body !== "string") {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: `The ${kind}'s body must be a string`,
      path: "body",
    });
  }
}

/** `1.1` → `HTTP/1.1`; already prefixed versions are normalised too. */
function harVersion(version: string | undefined): string {
  const digits = version === undefined || version === ""
    ? "1.1"
    : normalizeVersion(version) ?? version;
  return `HTTP/${digits}`;
}

function isoDate(value: string | Date | undefined): string {
  if (value === undefined) return new Date().toISOString();
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) {
    throw new ConversionError({
      code: "INVALID_OPTION",
      message: `startedDateTime is not a valid date: ${String(value)}`,
      path: "startedDateTime",
    });
  }
  return date.toISOString();
}

function buildTimings(given: Partial<HarTimings> | undefined): HarTimings {
  return {
    blocked: given?.blocked ?? -1,
    dns: given?.dns ?? -1,
    connect: given?.connect ?? -1,
    send: given?.send ?? 0,
    wait: given?.wait ?? 0,
    receive: given?.receive ?? 0,
    ssl: given?.ssl ?? -1,
  };
}

function totalTime(timings: HarTimings): number {
  // ssl is already counted inside connect (HAR 1.2).
  let total = 0;
  for (
    const value of [
      timings.blocked,
      timings.dns,
      timings.connect,
      timings.send,
      timings.wait,
      timings.receive,
    ]
  ) {
    if (value !== undefined && value > 0) total += value;
  }
  return total;
}

function harHeaders(headers: HeaderMap): HarHeader[] {
  return headerEntries(headers).map(([name, value]) => ({ name, value }));
}

/** `%XX`-decodes with `+` as space; a malformed escape keeps the raw text. */
function decodeFormComponent(text: string): string {
  if (text.indexOf("%") === -1 && text.indexOf("+") === -1) return text;
  const spaced = text.replaceAll("+", " ");
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

function safeDecode(text: string): string {
  if (text.indexOf("%") === -1) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Splits `a=1&b=2` into decoded pairs; empty segments are skipped. */
function parsePairs(query: string): HarNameValue[] {
  const pairs: HarNameValue[] = [];
  if (query === "") return pairs;
  for (const segment of query.split("&")) {
    if (segment === "") continue;
    const eq = segment.indexOf("=");
    const name = eq === -1 ? segment : segment.slice(0, eq);
    const value = eq === -1 ? "" : segment.slice(eq + 1);
    pairs.push({
      name: decodeFormComponent(name),
      value: decodeFormComponent(value),
    });
  }
  return pairs;
}

/** Query part of a URL (no `?`, no fragment). */
function queryOf(url: string): string {
  const hash = url.indexOf("#");
  const withoutHash = hash === -1 ? url : url.slice(0, hash);
  const question = withoutHash.indexOf("?");
  return question === -1 ? "" : withoutHash.slice(question + 1);
}

const ABSOLUTE_URL = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//;
// Characters a URI may carry unescaped; anything else needs normalising.
const URI_SAFE = /^[\x21-\x7e]*$/;

/** The absolute URL of a request, resolved per the module decisions. */
function absoluteUrl(
  request: HttpRequest,
  defaultOrigin: string,
): string {
  const url = request.url;
  if (typeof url !== "string") {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: "The request url must be a string",
      path: "url",
    });
  }
  let base: URL;
  try {
    base = new URL(defaultOrigin);
  } catch (cause) {
    throw new ConversionError({
      code: "INVALID_OPTION",
      message: `defaultOrigin is not a URL: ${defaultOrigin}`,
      path: "defaultOrigin",
      cause,
    });
  }
  let resolved: URL;
  try {
    if (ABSOLUTE_URL.test(url)) {
      resolved = new URL(url);
      // Kept as written when a URI can carry it raw: a round trip then gives
      // the same string back.
      if (URI_SAFE.test(url)) return url;
    } else {
      const host = getHeader(request.headers, "host")?.trim();
      const origin = host ? `${base.protocol}//${host}` : base.origin;
      resolved = new URL(url.startsWith("/") ? url : `/${url}`, origin);
    }
  } catch (cause) {
    throw new ConversionError({
      code: "INVALID_URL",
      message: `Cannot make an absolute URL of ${JSON.stringify(url)}`,
      path: "url",
      cause,
    });
  }
  return resolved.href;
}

function requestLineSize(method: string, url: string, version: string): number {
  let target = url;
  const match = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]*/.exec(url);
  if (match) target = url.slice(match[0].length) || "/";
  const hash = target.indexOf("#");
  if (hash !== -1) target = target.slice(0, hash);
  return utf8ByteLength(`${method} ${target} ${version}\r\n`);
}

function headerBlockSize(headers: HarHeader[]): number {
  let size = 2; // the blank line ending the block
  for (const header of headers) {
    size += utf8ByteLength(header.name) + utf8ByteLength(header.value) + 4;
  }
  return size;
}

/** Cookies of a `cookie` request header (`a=1; b=2`). */
function requestCookies(headers: HeaderMap): HarCookie[] {
  const cookies: HarCookie[] = [];
  const value = headers["cookie"];
  const lines = value === undefined
    ? []
    : Array.isArray(value)
    ? value
    : [value];
  for (const line of lines) {
    for (const part of line.split(";")) {
      const trimmed = part.trim();
      if (trimmed === "") continue;
      const eq = trimmed.indexOf("=");
      cookies.push(
        eq === -1 ? { name: "", value: trimmed } : {
          name: trimmed.slice(0, eq).trim(),
          value: trimmed.slice(eq + 1).trim(),
        },
      );
    }
  }
  return cookies;
}

/** One `set-cookie` value as a cookie with its attributes as fields. */
function parseSetCookie(line: string, started: string): HarCookie {
  const parts = line.split(";");
  const first = parts[0];
  const eq = first.indexOf("=");
  const cookie: HarCookie = eq === -1
    ? { name: "", value: first.trim() }
    : { name: first.slice(0, eq).trim(), value: first.slice(eq + 1).trim() };
  let maxAge: number | undefined;
  for (let i = 1; i < parts.length; i++) {
    const attribute = parts[i];
    const at = attribute.indexOf("=");
    const key = (at === -1 ? attribute : attribute.slice(0, at)).trim()
      .toLowerCase();
    const value = at === -1 ? "" : attribute.slice(at + 1).trim();
    switch (key) {
      case "path":
        cookie.path = value;
        break;
      case "domain":
        cookie.domain = value;
        break;
      case "expires": {
        const time = Date.parse(value);
        if (!Number.isNaN(time)) cookie.expires = new Date(time).toISOString();
        break;
      }
      case "max-age":
        if (/^-?\d+$/.test(value)) maxAge = Number(value);
        break;
      case "httponly":
        cookie.httpOnly = true;
        break;
      case "secure":
        cookie.secure = true;
        break;
      case "samesite":
        if (value !== "") cookie.sameSite = value;
        break;
    }
  }
  if (maxAge !== undefined) {
    const expiry = Date.parse(started) + Math.max(maxAge, 0) * 1000;
    if (Number.isFinite(expiry)) {
      cookie.expires = new Date(expiry).toISOString();
    }
  }
  return cookie;
}

function responseCookies(headers: HeaderMap, started: string): HarCookie[] {
  const value = headers["set-cookie"];
  const lines = value === undefined
    ? []
    : Array.isArray(value)
    ? value
    : [value];
  return lines.map((line) => parseSetCookie(line, started));
}

function mediaType(contentType: string): string {
  const semi = contentType.indexOf(";");
  return (semi === -1 ? contentType : contentType.slice(0, semi)).trim()
    .toLowerCase();
}

function buildHarRequest(
  request: HttpRequest,
  body: EncodedBody | undefined,
  options: HarOptions,
): HarRequest {
  const url = absoluteUrl(request, options.defaultOrigin ?? DEFAULT_ORIGIN);
  const httpVersion = harVersion(request.httpVersion);
  const headers = harHeaders(request.headers);
  const method = typeof request.method === "string" && request.method !== ""
    ? request.method
    : "GET";
  let postData: HarPostData | undefined;
  if (body !== undefined) {
    const mimeType = getHeader(request.headers, "content-type") ?? "";
    postData = { mimeType, text: body.text };
    if (body.base64) postData._encoding = "base64";
    else if (mediaType(mimeType) === FORM_TYPE) {
      postData.params = parsePairs(body.text);
    }
  }
  const har: HarRequest = {
    method,
    url,
    httpVersion,
    cookies: requestCookies(request.headers),
    headers,
    queryString: parsePairs(queryOf(url)),
    ...(postData === undefined ? {} : { postData }),
    headersSize: requestLineSize(method, url, httpVersion) +
      headerBlockSize(headers),
    bodySize: body?.size ?? 0,
  };
  return har;
}

function buildHarResponse(
  response: HttpResponse,
  body: EncodedBody | undefined,
  started: string,
): HarResponse {
  const httpVersion = harVersion(response.httpVersion);
  const headers = harHeaders(response.headers);
  const content: HarContent = {
    size: body?.size ?? 0,
    mimeType: getHeader(response.headers, "content-type") ?? "",
  };
  if (body !== undefined) {
    content.text = body.text;
    if (body.base64) content.encoding = "base64";
  }
  const status = Number(response.statusCode);
  if (!Number.isInteger(status) || status < 0) {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: `statusCode must be a non-negative integer, got ${
        String(response.statusCode)
      }`,
      path: "statusCode",
    });
  }
  const statusText = typeof response.statusText === "string"
    ? response.statusText
    : "";
  return {
    status,
    statusText,
    httpVersion,
    cookies: responseCookies(response.headers, started),
    headers,
    content,
    redirectURL: getHeader(response.headers, "location") ?? "",
    headersSize: utf8ByteLength(`${httpVersion} ${status} ${statusText}\r\n`) +
      headerBlockSize(headers),
    bodySize: body?.size ?? 0,
  };
}

function placeholderResponse(httpVersion: string): HarResponse {
  return {
    status: 0,
    statusText: "",
    httpVersion,
    cookies: [],
    headers: [],
    content: { size: 0, mimeType: "" },
    redirectURL: "",
    headersSize: -1,
    bodySize: -1,
  };
}

function buildEntry(
  request: HarRequest,
  response: HarResponse,
  started: string,
  options: HarOptions,
): HarEntry {
  const timings = buildTimings(options.timings);
  const entry: HarEntry = {
    startedDateTime: started,
    time: totalTime(timings),
    request,
    response,
    cache: {},
    timings,
  };
  if (options.pageref) entry.pageref = options.pageref;
  if (options.serverIPAddress) entry.serverIPAddress = options.serverIPAddress;
  if (options.connection) entry.connection = options.connection;
  if (options.comment) entry.comment = options.comment;
  return entry;
}

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
  const started = isoDate(options.startedDateTime);
  const plain = await plainRequest(request, options);
  const harRequest = buildHarRequest(plain.message, plain.body, options);
  return buildEntry(
    harRequest,
    placeholderResponse(harRequest.httpVersion),
    started,
    options,
  );
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
  const started = isoDate(options.startedDateTime);
  const plain = await plainResponse(response, options);
  let harRequest: HarRequest;
  if (request !== undefined) {
    const plainReq = await plainRequest(request, options);
    harRequest = buildHarRequest(plainReq.message, plainReq.body, options);
  } else {
    harRequest = buildHarRequest(
      {
        method: "GET",
        url: plain.url ?? "/",
        headers: {},
        httpVersion: plain.message.httpVersion,
      },
      undefined,
      options,
    );
  }
  return buildEntry(
    harRequest,
    buildHarResponse(plain.message, plain.body, started),
    started,
    options,
  );
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
  const log: HarLog = {
    version: "1.2",
    creator: options.creator ?? { ...DEFAULT_CREATOR },
    entries,
  };
  if (options.browser) log.browser = options.browser;
  if (options.pages) log.pages = options.pages;
  if (options.comment) log.comment = options.comment;
  return { log };
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

// ------------------------------------------------------------ reading HAR

type Json = Record<string, unknown>;

function invalid(path: string, message: string): ConversionError {
  return new ConversionError({
    code: "INVALID_HAR",
    message: `${path ? path + ": " : ""}${message}`,
    path,
  });
}

function join(path: string, key: string): string {
  return path === "" ? key : `${path}.${key}`;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `${typeof value}`;
}

function objectAt(value: unknown, path: string): Json {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw invalid(path, `expected an object, got ${describe(value)}`);
  }
  return value as Json;
}

function stringAt(value: unknown, path: string): string {
  if (typeof value !== "string") {
    throw invalid(path, `expected a string, got ${describe(value)}`);
  }
  return value;
}

function optionalString(
  object: Json,
  key: string,
  path: string,
): string | undefined {
  const value = object[key];
  return value === undefined || value === null
    ? undefined
    : stringAt(value, join(path, key));
}

/** An array field; missing or null is an empty list (tolerance). */
function arrayAt(object: Json, key: string, path: string): unknown[] {
  const value = object[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    throw invalid(join(path, key), `expected an array, got ${describe(value)}`);
  }
  return value;
}

/** Name/value pairs of a list field; values may be missing (empty). */
function pairsAt(object: Json, key: string, path: string): HarNameValue[] {
  const list = arrayAt(object, key, path);
  const pairs: HarNameValue[] = new Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const itemPath = `${join(path, key)}[${i}]`;
    const item = objectAt(list[i], itemPath);
    const name = stringAt(item.name, `${itemPath}.name`);
    const value = item.value === undefined || item.value === null
      ? ""
      : stringAt(item.value, `${itemPath}.value`);
    pairs[i] = { name, value };
  }
  return pairs;
}

/**
 * Version digits of `HTTP/1.1`, `http/2.0`, `h2`, `h3`, `HTTP/3`…, or
 * `undefined` for unknown forms such as `""` or `unknown`.
 */
function normalizeVersion(version: string): string | undefined {
  const text = version.trim().toLowerCase();
  if (text === "h2" || text === "h2c" || text === "spdy/3.1") return "2";
  if (text === "h3" || text.startsWith("h3-")) return "3";
  const match = /^(?:https?\/)?(\d+(?:\.\d+)?)$/.exec(text);
  if (!match) return undefined;
  const digits = match[1];
  if (digits === "2.0" || digits === "3.0") return digits[0];
  return digits;
}

function decodeContentText(
  text: string,
  encoding: string | undefined,
  path: string,
  encodingPath: string,
): Uint8Array | string {
  if (encoding === undefined || encoding === "") return text;
  if (encoding.toLowerCase() !== "base64") {
    throw invalid(
      encodingPath,
      `unsupported encoding ${JSON.stringify(encoding)} (only "base64")`,
    );
  }
  const result = decodeBase64(text);
  if ("offset" in result) {
    throw new ConversionError({
      code: "INVALID_BASE64",
      message: `${path}: invalid base64 at character ${result.offset}`,
      path,
      offset: result.offset,
    });
  }
  return result.bytes;
}

/** Bytes as UTF-8 text when valid, else as a latin1 binary string. */
function bytesToBody(bytes: Uint8Array): string {
  return decodeUtf8(bytes) ?? latin1String(bytes);
}

function encodeFormComponent(text: string): string {
  return encodeURIComponent(text).replace(/%20/g, "+");
}

function quoteMultipart(text: string): string {
  // The HTML form-data encoding: quote, CR and LF are percent-escaped.
  return text.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

function multipartBody(params: HarParam[], boundary: string): string {
  let body = "";
  for (const param of params) {
    body += `--${boundary}\r\nContent-Disposition: form-data; name="${
      quoteMultipart(param.name)
    }"`;
    if (param.fileName !== undefined) {
      body += `; filename="${quoteMultipart(param.fileName)}"`;
    }
    body += "\r\n";
    if (param.contentType) body += `Content-Type: ${param.contentType}\r\n`;
    body += `\r\n${param.value ?? ""}\r\n`;
  }
  return `${body}--${boundary}--\r\n`;
}

function boundaryOf(contentType: string): string | undefined {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? match[1] ?? match[2] : undefined;
}

/**
 * A multipart mimeType without a boundary (as some exporters write it) gets
 * the boundary the body's first line uses, so the header matches the body.
 */
function withBoundary(mimeType: string, body: string): string {
  if (
    !mediaType(mimeType).startsWith("multipart/") ||
    boundaryOf(mimeType) !== undefined
  ) return mimeType;
  const match = /^--([^\r\n]{1,70})\r?\n/.exec(body);
  return match ? `${mimeType}; boundary=${match[1]}` : mimeType;
}

function paramsAt(postData: Json, path: string): HarParam[] {
  const list = arrayAt(postData, "params", path);
  return list.map((raw, i) => {
    const itemPath = `${join(path, "params")}[${i}]`;
    const item = objectAt(raw, itemPath);
    const param: HarParam = { name: stringAt(item.name, `${itemPath}.name`) };
    const value = optionalString(item, "value", itemPath);
    if (value !== undefined) param.value = value;
    const fileName = optionalString(item, "fileName", itemPath);
    if (fileName !== undefined) param.fileName = fileName;
    const contentType = optionalString(item, "contentType", itemPath);
    if (contentType !== undefined) param.contentType = contentType;
    return param;
  });
}

/** Appends queryString pairs the URL does not already carry. */
function mergeQuery(url: string, queryString: HarNameValue[]): string {
  if (queryString.length === 0) return url;
  const hash = url.indexOf("#");
  const fragment = hash === -1 ? "" : url.slice(hash);
  const beforeHash = hash === -1 ? url : url.slice(0, hash);
  const question = beforeHash.indexOf("?");
  const query = question === -1 ? "" : beforeHash.slice(question + 1);
  const counts = new Map<string, number>();
  const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  if (query !== "") {
    for (const segment of query.split("&")) {
      if (segment === "") continue;
      const eq = segment.indexOf("=");
      const name = eq === -1 ? segment : segment.slice(0, eq);
      const value = eq === -1 ? "" : segment.slice(eq + 1);
      count(`${name}\0${value}`);
      const decoded = `${decodeFormComponent(name)}\0${
        decodeFormComponent(value)
      }`;
      if (decoded !== `${name}\0${value}`) count(decoded);
    }
  }
  const take = (key: string): boolean => {
    const left = counts.get(key) ?? 0;
    if (left === 0) return false;
    counts.set(key, left - 1);
    return true;
  };
  const missing: string[] = [];
  for (const { name, value } of queryString) {
    if (
      take(`${name}\0${value}`) ||
      take(`${safeDecode(name)}\0${safeDecode(value)}`)
    ) continue;
    // %20 rather than "+": a space in a query is only "+" to form decoders.
    missing.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  if (missing.length === 0) return url;
  const separator = question === -1 ? "?" : query === "" ? "" : "&";
  return `${beforeHash}${separator}${missing.join("&")}${fragment}`;
}

function readRequest(value: unknown, path: string): HttpRequest {
  const har = objectAt(value, path);
  const method = stringAt(har.method, join(path, "method"));
  if (method === "") throw invalid(join(path, "method"), "method is empty");
  const rawUrl = stringAt(har.url, join(path, "url"));
  if (rawUrl === "") throw invalid(join(path, "url"), "url is empty");
  const headers: HeaderMap = {};
  for (const { name, value } of pairsAt(har, "headers", path)) {
    // HTTP/2 pseudo-headers are not headers; method and url carry them.
    if (name.startsWith(":")) continue;
    appendHeader(headers, name, value);
  }
  const cookies = arrayAt(har, "cookies", path);
  if (headers["cookie"] === undefined && cookies.length > 0) {
    const pairs = pairsAt(har, "cookies", path);
    headers["cookie"] = pairs.map((c) => `${c.name}=${c.value}`).join("; ");
  }
  const request: HttpRequest = {
    method,
    url: mergeQuery(rawUrl, pairsAt(har, "queryString", path)),
    headers,
  };
  const version = optionalString(har, "httpVersion", path);
  const digits = version === undefined ? undefined : normalizeVersion(version);
  if (digits !== undefined) request.httpVersion = digits;
  if (har.postData !== undefined && har.postData !== null) {
    const body = readPostData(har.postData, join(path, "postData"), headers);
    if (body !== undefined) request.body = body;
  }
  return request;
}

function readPostData(
  value: unknown,
  path: string,
  headers: HeaderMap,
): string | undefined {
  const postData = objectAt(value, path);
  const mimeType = optionalString(postData, "mimeType", path) ?? "";
  const text = optionalString(postData, "text", path);
  const params = paramsAt(postData, path);
  let body: string | undefined;
  if (text !== undefined && (text !== "" || params.length === 0)) {
    const encoding = optionalString(postData, "_encoding", path);
    const decoded = decodeContentText(
      text,
      encoding,
      join(path, "text"),
      join(path, "_encoding"),
    );
    body = typeof decoded === "string" ? decoded : bytesToBody(decoded);
  } else if (params.length > 0) {
    if (mediaType(mimeType) === "multipart/form-data") {
      let boundary = boundaryOf(mimeType);
      const header = getHeader(headers, "content-type");
      boundary ??= header === undefined ? undefined : boundaryOf(header);
      if (boundary === undefined) {
        boundary = MULTIPART_BOUNDARY;
        headers["content-type"] = `multipart/form-data; boundary=${boundary}`;
      }
      body = multipartBody(params, boundary);
    } else {
      body = params.map((p) =>
        `${encodeFormComponent(p.name)}=${encodeFormComponent(p.value ?? "")}`
      ).join("&");
    }
  }
  if (
    body !== undefined && mimeType !== "" &&
    getHeader(headers, "content-type") === undefined
  ) {
    headers["content-type"] = withBoundary(mimeType, body);
  }
  return body;
}

function readResponse(value: unknown, path: string): HttpResponse {
  const har = objectAt(value, path);
  const status = har.status;
  if (typeof status !== "number" || !Number.isInteger(status) || status < 0) {
    throw invalid(
      join(path, "status"),
      `expected a non-negative integer, got ${
        JSON.stringify(status) ?? "undefined"
      }`,
    );
  }
  const headers: HeaderMap = {};
  for (const { name, value } of pairsAt(har, "headers", path)) {
    if (name.startsWith(":")) continue;
    appendHeader(headers, name, value);
  }
  const version = optionalString(har, "httpVersion", path) ?? "";
  const response: HttpResponse = {
    statusCode: status,
    statusText: optionalString(har, "statusText", path) ?? "",
    httpVersion: normalizeVersion(version) ?? "1.1",
    headers,
  };
  const bytes = readContent(har, path);
  if (bytes !== undefined) {
    response.body = typeof bytes === "string" ? bytes : bytesToBody(bytes);
  }
  return response;
}

function readContent(
  har: Json,
  path: string,
): Uint8Array | string | undefined {
  if (har.content === undefined || har.content === null) return undefined;
  const contentPath = join(path, "content");
  const content = objectAt(har.content, contentPath);
  const text = optionalString(content, "text", contentPath);
  if (text === undefined) return undefined;
  return decodeContentText(
    text,
    optionalString(content, "encoding", contentPath),
    join(contentPath, "text"),
    join(contentPath, "encoding"),
  );
}

/** Where the request of an entry-or-request argument lives. */
function locateRequest(value: unknown, path: string): [unknown, string] {
  const object = objectAt(value, path);
  if ("request" in object) return [object.request, join(path, "request")];
  if ("log" in object) {
    throw invalid(path, "this is a HAR log; use toRequests() for logs");
  }
  if ("method" in object && "url" in object) return [object, path];
  throw invalid(join(path, "request"), "the entry has no request");
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
  const [request, path] = locateRequest(entry, "");
  return readRequest(request, path);
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
  const object = objectAt(entry, "");
  if ("response" in object) return readResponse(object.response, "response");
  if ("status" in object) return readResponse(object, "");
  throw invalid("response", "the entry has no response");
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
  let object = objectAt(content, "");
  let path = "";
  if ("response" in object) {
    path = "response.content";
    object = objectAt(objectAt(object.response, "response").content, path);
  }
  const text = optionalString(object, "text", path);
  if (text === undefined) return new Uint8Array(0);
  const encoding = optionalString(object, "encoding", path) ??
    optionalString(object, "_encoding", path);
  const decoded = decodeContentText(
    text,
    encoding,
    join(path, "text"),
    join(path, "encoding"),
  );
  return typeof decoded === "string" ? utf8Bytes(decoded) : decoded;
}

function parseHarText(har: PartialHar<Har> | string): unknown {
  if (typeof har !== "string") return har;
  try {
    return JSON.parse(har);
  } catch (cause) {
    throw new ConversionError({
      code: "INVALID_HAR",
      message: `HAR text is not JSON: ${(cause as Error).message}`,
      cause,
    });
  }
}

function entriesOf(har: PartialHar<Har> | string): unknown[] {
  const root = objectAt(parseHarText(har), "");
  const log = objectAt(root.log, "log");
  const entries = log.entries;
  if (!Array.isArray(entries)) {
    throw invalid("log.entries", `expected an array, got ${describe(entries)}`);
  }
  return entries;
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
  return entriesOf(har).map((entry, i) => {
    const [request, path] = locateRequest(entry, `log.entries[${i}]`);
    return readRequest(request, path);
  });
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
  return entriesOf(har).map((entry, i) => {
    const path = `log.entries[${i}]`;
    const [request, requestPath] = locateRequest(entry, path);
    const object = entry as Json;
    return {
      request: readRequest(request, requestPath),
      response: readResponse(object.response, join(path, "response")),
    };
  });
}
