// Writing HAR: plain or native requests and responses to HAR 1.2 entries and
// logs, per the decisions in har.ts's module documentation.
import { checkSendableHeaders, checkSendableRequest } from "./_sendable.ts";
import {
  checkedMessage,
  getHeader,
  headerEntries,
  isNativeRequest,
  isNativeResponse,
  requestHead,
  responseHead,
} from "./_message.ts";
import {
  decodeUtf8,
  encodeBase64,
  isWellFormed,
  latin1Bytes,
} from "./_bytes.ts";
import { utf8ByteLength } from "./_utf8.ts";
import { ABSOLUTE_URL } from "./_http_text.ts";
import { requestCookies, responseCookies } from "./_har_cookies.ts";
import { FORM_TYPE, mediaType, parsePairs, queryOf } from "./_har_form.ts";
import { normalizeVersion } from "./_har_read.ts";
import { ConversionError } from "./errors.ts";
import type {
  Har,
  HarContent,
  HarCreator,
  HarEntry,
  HarHeader,
  HarLog,
  HarLogOptions,
  HarOptions,
  HarPostData,
  HarRequest,
  HarResponse,
  HarTimings,
} from "./har_types.ts";
import type {
  HeaderMap,
  HttpRequest,
  HttpResponse,
  RequestInput,
  ResponseInput,
} from "./types.ts";

/**
 * Default origin for relative URLs without a host header.
 *
 * @example Resolving a path-only request
 * ```ts
 * import { DEFAULT_ORIGIN, fromRequest } from "@switchyard/switchyard/har";
 * const entry = await fromRequest({ method: "GET", url: "/health", headers: {} });
 * console.log(entry.request.url === `${DEFAULT_ORIGIN}/health`); // true
 * ```
 */
export const DEFAULT_ORIGIN = "http://localhost";

const DEFAULT_CREATOR: HarCreator = { name: "switchyard", version: "0.1.0" };
// Characters a URI may carry unescaped; anything else needs normalising.
const URI_SAFE = /^[\x21-\x7e]*$/;

/** A request-only entry: its response is the status-0 placeholder. */
export async function requestEntry(
  input: RequestInput,
  options: HarOptions,
): Promise<HarEntry> {
  const started = isoDate(options.startedDateTime);
  const request = await harRequest(input, options);
  return buildEntry(
    request,
    placeholderResponse(request.httpVersion),
    started,
    options,
  );
}

/** An entry of a response and, when given, the request it answers. */
export async function responseEntry(
  input: ResponseInput,
  requestInput: RequestInput | undefined,
  options: HarOptions,
): Promise<HarEntry> {
  const started = isoDate(options.startedDateTime);
  const response = await plainResponse(input, options);
  const request = requestInput !== undefined
    ? await harRequest(requestInput, options)
    // No request: a GET of what the response says it answers.
    : buildHarRequest(
      {
        method: "GET",
        url: response.url ?? "/",
        headers: {},
        httpVersion: response.message.httpVersion,
      },
      undefined,
      options,
    );
  return buildEntry(
    request,
    buildHarResponse(response.message, response.body, started),
    started,
    options,
  );
}

/** Entries wrapped into a HAR 1.2 document. */
export function buildLog(entries: HarEntry[], options: HarLogOptions): Har {
  const log: HarLog = {
    version: "1.2",
    // A copy: callers may edit the log they get without touching our default.
    creator: options.creator ?? { ...DEFAULT_CREATOR },
    entries,
  };
  if (options.browser) log.browser = options.browser;
  if (options.pages) log.pages = options.pages;
  if (options.comment) log.comment = options.comment;
  return { log };
}

// ------------------------------------------------------ messages and bodies

/** A body as either text or base64 of non-UTF-8 bytes. */
interface EncodedBody {
  text: string;
  base64: boolean;
  size: number;
}

interface PlainMessage<T> {
  message: T;
  body?: EncodedBody;
  /** A native Response's url, the request it answers. */
  url?: string;
}

async function harRequest(
  input: RequestInput,
  options: HarOptions,
): Promise<HarRequest> {
  const plain = await plainRequest(input, options);
  return buildHarRequest(plain.message, plain.body, options);
}

async function plainRequest(
  input: RequestInput,
  options: HarOptions,
): Promise<PlainMessage<HttpRequest>> {
  if (isNativeRequest(input)) {
    return { message: requestHead(input), body: await nativeBody(input) };
  }
  const message = checkSendableRequest(checkedMessage(input, "request"));
  return { message, body: plainBody(message, options) };
}

async function plainResponse(
  input: ResponseInput,
  options: HarOptions,
): Promise<PlainMessage<HttpResponse>> {
  if (isNativeResponse(input)) {
    return {
      message: responseHead(input),
      body: await nativeBody(input),
      url: input.url || undefined,
    };
  }
  const message = checkedMessage(input, "response");
  checkSendableHeaders(message.headers);
  return { message, body: plainBody(message, options) };
}

/** A native message's body, read from a clone so the caller's stays usable. */
async function nativeBody(
  message: Request | Response,
): Promise<EncodedBody | undefined> {
  if (message.body === null) return undefined;
  return encodeBytes(new Uint8Array(await message.clone().arrayBuffer()));
}

function plainBody(
  input: HttpRequest | HttpResponse,
  options: HarOptions,
): EncodedBody | undefined {
  return input.body === undefined
    ? undefined
    : encodePlainBody(input.body, options.bodyEncoding, "body");
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

// ---------------------------------------------------------- HAR objects

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
  const postData = body === undefined
    ? undefined
    : buildPostData(request.headers, body);
  return {
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
}

/** postData with params for form bodies; HAR 1.2 has no request encoding. */
function buildPostData(headers: HeaderMap, body: EncodedBody): HarPostData {
  const mimeType = getHeader(headers, "content-type") ?? "";
  const postData: HarPostData = { mimeType, text: body.text };
  if (body.base64) postData._encoding = "base64";
  else if (mediaType(mimeType) === FORM_TYPE) {
    postData.params = parsePairs(body.text);
  }
  return postData;
}

function buildHarResponse(
  response: HttpResponse,
  body: EncodedBody | undefined,
  started: string,
): HarResponse {
  const httpVersion = harVersion(response.httpVersion);
  const headers = harHeaders(response.headers);
  const content = buildContent(response.headers, body);
  const status = checkedStatus(response.statusCode);
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

function buildContent(
  headers: HeaderMap,
  body: EncodedBody | undefined,
): HarContent {
  const content: HarContent = {
    size: body?.size ?? 0,
    mimeType: getHeader(headers, "content-type") ?? "",
  };
  if (body !== undefined) {
    content.text = body.text;
    if (body.base64) content.encoding = "base64";
  }
  return content;
}

function checkedStatus(statusCode: unknown): number {
  const status = Number(statusCode);
  if (!Number.isInteger(status) || status < 0) {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: `statusCode must be a non-negative integer, got ${
        String(statusCode)
      }`,
      path: "statusCode",
    });
  }
  return status;
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
  // Empty optional fields are left out, not written empty (an empty
  // serverIPAddress is no address).
  if (options.pageref) entry.pageref = options.pageref;
  if (options.serverIPAddress) entry.serverIPAddress = options.serverIPAddress;
  if (options.connection) entry.connection = options.connection;
  if (options.comment) entry.comment = options.comment;
  return entry;
}

// ------------------------------------------------------------ fields

/** `1.1` → `HTTP/1.1`; already prefixed versions are normalised too. */
function harVersion(version: string | undefined): string {
  const digits = version === undefined || version === ""
    ? "1.1"
    : normalizeVersion(version) ?? version;
  return `HTTP/${digits}`;
}

/**
 * `startedDateTime` as an ISO string. JavaScript callers may pass anything;
 * what is neither a date string nor a `Date` (any realm's) is
 * `INVALID_OPTION`, as is an invalid date.
 */
function isoDate(value: string | Date | undefined): string {
  if (value === undefined) return new Date().toISOString();
  let time: number;
  if (typeof value === "string") {
    time = Date.parse(value);
  } else {
    try {
      // Throws for anything without a Date's internal time value.
      time = Date.prototype.getTime.call(value);
    } catch {
      throw new ConversionError({
        code: "INVALID_OPTION",
        message: `startedDateTime must be a string or a Date, got ${
          value === null ? "null" : typeof value
        }`,
        path: "startedDateTime",
      });
    }
  }
  if (Number.isNaN(time)) {
    throw new ConversionError({
      code: "INVALID_OPTION",
      message: `startedDateTime is not a valid date: ${
        typeof value === "string" ? value : "Invalid Date"
      }`,
      path: "startedDateTime",
    });
  }
  return new Date(time).toISOString();
}

function buildTimings(given: Partial<HarTimings> | undefined): HarTimings {
  return {
    blocked: timing(given, "blocked", -1),
    dns: timing(given, "dns", -1),
    connect: timing(given, "connect", -1),
    send: timing(given, "send", 0),
    wait: timing(given, "wait", 0),
    receive: timing(given, "receive", 0),
    ssl: timing(given, "ssl", -1),
  };
}

/**
 * One given timing: milliseconds, or -1 for "does not apply". NaN and the
 * infinities would be written as `null`, and a string would be summed into
 * `time` as text, so anything else is `INVALID_OPTION` naming the field.
 */
function timing(
  given: Partial<HarTimings> | undefined,
  name: keyof HarTimings,
  fallback: number,
): number {
  const value: unknown = given?.[name];
  if (value === undefined || value === null) return fallback;
  // Number.isFinite is false for NaN, the infinities and any non-number.
  if (Number.isFinite(value) && ((value as number) >= 0 || value === -1)) {
    return value as number;
  }
  throw new ConversionError({
    code: "INVALID_OPTION",
    message: `timings.${name} must be a finite number of milliseconds ` +
      `or -1, got ${typeof value === "number" ? value : typeof value}`,
    path: `timings.${name}`,
  });
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

/** The absolute URL of a request, resolved per the module decisions. */
function absoluteUrl(request: HttpRequest, defaultOrigin: string): string {
  const url = request.url;
  if (typeof url !== "string") {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: "The request url must be a string",
      path: "url",
    });
  }
  const base = parseOrigin(defaultOrigin);
  try {
    if (ABSOLUTE_URL.test(url)) {
      const resolved = new URL(url);
      // Kept as written when a URI can carry it raw: a round trip then gives
      // the same string back.
      return URI_SAFE.test(url) ? url : resolved.href;
    }
    const host = getHeader(request.headers, "host")?.trim();
    const origin = host ? `${base.protocol}//${host}` : base.origin;
    return new URL(url.startsWith("/") ? url : `/${url}`, origin).href;
  } catch (cause) {
    throw new ConversionError({
      code: "INVALID_URL",
      message: `Cannot make an absolute URL of ${JSON.stringify(url)}`,
      path: "url",
      cause,
    });
  }
}

function parseOrigin(defaultOrigin: string): URL {
  try {
    return new URL(defaultOrigin);
  } catch (cause) {
    throw new ConversionError({
      code: "INVALID_OPTION",
      message: `defaultOrigin is not a URL: ${defaultOrigin}`,
      path: "defaultOrigin",
      cause,
    });
  }
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
