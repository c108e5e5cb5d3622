// The HAR 1.2 document types and the options of the HAR converters. They live
// apart from har.ts so the reading and writing helpers can share them without
// importing the entry point; har.ts re-exports every one of them.
import type { HttpRequest, HttpResponse } from "./types.ts";

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
