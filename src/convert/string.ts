/**
 * Raw HTTP message text: parse a request or response, and write one.
 *
 * Parsing (RFC 9112, made lenient where real-world copies need it):
 * - Lines end in CRLF or LF; empty lines before the start line are skipped.
 * - Request lines: any token method; origin-form (`/path`), absolute-form
 *   (`GET https://…`), asterisk-form (`OPTIONS *`) and authority-form
 *   (`CONNECT host:443`); `HTTP/1.0`, `1.1`, `2`, `2.0`, `3`, `3.0`.
 *   `httpVersion` holds the digits as written. `HTTP` may be in any case
 *   (HAR tools write `http/2.0`).
 * - Status lines: `HTTP/version code [reason]`; the reason may be empty.
 * - Header names are lowercased; a repeated header becomes an array in order
 *   (never dropped). Obsolete line folding (a line starting with a space or
 *   tab) is joined to the previous value with one space. White space around
 *   a value is not part of it.
 * - The body is everything after the first empty line, byte-for-byte:
 *   nothing is trimmed, and `content-length` / `transfer-encoding` do not cut
 *   or decode it. An empty body is reported as absent (no `body` field).
 * - URL of an origin-form request: with a `host` header, `url` is the
 *   absolute URL `http://host/path` (RFC 9112 §3.3 reconstruction), the form
 *   curl, HAR and fetch() need. The scheme is `http` unless the host names
 *   port 443 or the `scheme` option says `https`. With `absoluteUrl: false`,
 *   or without a host header, `url` is the target as written. Other forms are
 *   kept as written (`*`, `host:port`, `https://…`).
 * - Malformed input throws a {@linkcode ConversionError} with a code
 *   (`EMPTY_INPUT`, `INVALID_REQUEST_LINE`, `INVALID_STATUS_LINE`,
 *   `INVALID_HEADER`) and the character offset of the problem.
 *
 * Writing:
 * - CRLF line ends, lowercase header names, one line per repeated value.
 * - The request target is the absolute URL for an absolute `url` (the
 *   default), or its path and query with `absoluteUrl: false`; a fragment is
 *   never sent. Characters that cannot appear in a request line (controls and
 *   white space) are percent-encoded; everything else is written as given,
 *   except that a `\` ending the authority of a special-scheme URL
 *   (`http://host\path`, which the WHATWG parser reads as `/path`) starts
 *   the path as `/`.
 * - A `host` header derived from an absolute url is written first, unless the
 *   request already has one (which is kept as it is).
 * - The request line never carries userinfo (RFC 9110 §4.2.4 forbids sending
 *   it), with either `absoluteUrl` setting. Credentials in the url
 *   (`http://user:pw@host/`) are written, after `host`, as
 *   `authorization: Basic base64(user:pw)` — percent-decoded, UTF-8, `user@`
 *   as `user:`, as curl sends them. An `authorization` header that already
 *   says the same is written once; any other `authorization` header throws
 *   `INVALID_URL` rather than drop the header or the credentials. An empty
 *   userinfo (`http://@host/`) carries nothing and is dropped.
 * - `content-length` (UTF-8 bytes) is added when the body is non-empty and the
 *   message has neither `content-length` nor `transfer-encoding`.
 * - An empty `statusText` is replaced by the registered IANA reason phrase.
 * - A header value containing CR, LF or NUL, a header name or method that is
 *   not a token, or a version the parser would not read back (anything but
 *   `1.0`, `1.1`, `2`, `2.0`, `3`, `3.0`; the default is `1.1`) throws a
 *   `ConversionError` (`INVALID_HEADER`, `INVALID_REQUEST_LINE` or
 *   `INVALID_STATUS_LINE`): no input can inject a line, and whatever is
 *   written parses back.
 * - A native `Request`/`Response` body is read as bytes from a clone; bytes
 *   that are not valid UTF-8 throw `INVALID_INPUT` rather than being written
 *   with U+FFFD (raw text cannot carry them here; `har.fromRequest` can).
 *
 * Round trips: for a request with an absolute `http(s)` URL and no fragment,
 * `parseRequest(await stringifyRequest(r))` gives `r` back plus the added
 * `host` and `content-length` headers, with either `absoluteUrl` setting
 * (give `scheme: "https"` when parsing origin-form output of an https URL);
 * credentials in the URL come back as the added `authorization` header, the
 * url without them.
 *
 * @example Parse and write a request
 * ```ts
 * import { parseRequest, stringifyRequest } from "@switchyard/switchyard/string";
 * const request = parseRequest("POST /users HTTP/1.1\nHost: example.com\n\nname=Ada");
 * console.log(request.url); // "http://example.com/users"
 * console.log(await stringifyRequest(request, { absoluteUrl: false }));
 * // POST /users HTTP/1.1
 * // host: example.com
 * // content-length: 8
 * //
 * // name=Ada
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
  getHeader,
  headerEntries,
  isNativeResponse,
  toHttpRequest,
  toHttpResponse,
} from "./_message.ts";
import {
  ABSOLUTE_URL,
  checkHeaderField,
  fail,
  firstLineStart,
  type Line,
  parseRequestLine,
  parseStatusLine,
  readLine,
  trimBlanks,
  UNSAFE_TARGET_CHARS,
  VERSION,
} from "./_http_text.ts";
import { utf8ByteLength } from "./_utf8.ts";
import { encodeBase64, utf8Bytes } from "./_bytes.ts";
import { reasonPhrase } from "../_status.ts";
import { NOT_TOKEN_CHAR, TOKEN } from "../_http_token.ts";
import { percentDecode } from "./_percent_decode.ts";
import { checkSendableRequest } from "./_sendable.ts";

export type * from "./types.ts";
export { ConversionError };
// ConversionError.code's type, re-exported so the documented API is complete.
export {
  ConversionErrorCode,
  type ConversionErrorCodeValue,
} from "./errors.ts";

/**
 * Options of {@linkcode parse} and {@linkcode parseRequest}.
 *
 * @example Usage
 * ```ts
 * import type { ParseOptions } from "@switchyard/switchyard/string";
 * const options: ParseOptions = { absoluteUrl: true, scheme: "https" };
 * ```
 */
export interface ParseOptions {
  /**
   * Build an absolute `url` from an origin-form target and the `host`
   * header (default `true`); `false` keeps the target as written.
   */
  absoluteUrl?: boolean;
  /**
   * Scheme of that absolute URL (default `http`, or `https` for port 443), in
   * any letter case; any other value is `INVALID_OPTION`.
   */
  scheme?: "http" | "https";
}

/**
 * Options of {@linkcode stringifyRequest}.
 *
 * @example Usage
 * ```ts
 * import type { StringifyRequestOptions } from "@switchyard/switchyard/string";
 * const options: StringifyRequestOptions = { absoluteUrl: false };
 * ```
 */
export interface StringifyRequestOptions {
  /**
   * For an absolute `url`: write the absolute URL as the request target
   * (default `true`) or only its path and query (`false`).
   */
  absoluteUrl?: boolean;
}

interface ParsedHead {
  start: Line;
  headers: HeaderMap;
  body?: string;
}

function setLastValue(headers: HeaderMap, name: string, value: string): void {
  const current = headers[name];
  if (Array.isArray(current)) current[current.length - 1] = value;
  else headers[name] = value;
}

function lastValue(headers: HeaderMap, name: string): string {
  const current = headers[name];
  return Array.isArray(current) ? current[current.length - 1] : current;
}

function parseHeaderLine(line: Line): [string, string] {
  const colon = line.text.indexOf(":");
  if (colon === -1) {
    throw fail(
      "INVALID_HEADER",
      "expected a header line (name: value) or an empty line",
      line.start,
    );
  }
  const name = line.text.slice(0, colon);
  if (!TOKEN.test(name)) {
    const bad = name.search(NOT_TOKEN_CHAR);
    throw fail(
      "INVALID_HEADER",
      name === ""
        ? "a header line has no name"
        : `the header name ${
          JSON.stringify(name.slice(0, 40))
        } is not an HTTP token`,
      line.start + Math.max(bad, 0),
    );
  }
  const raw = line.text.slice(colon + 1);
  const bad = raw.search(/[\r\0]/);
  if (bad !== -1) {
    throw fail(
      "INVALID_HEADER",
      `the value of header ${name} contains a bare CR or NUL`,
      line.start + colon + 1 + bad,
    );
  }
  return [name.toLowerCase(), trimBlanks(raw)];
}

function parseHead(text: string): ParsedHead {
  if (typeof text !== "string") {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: `expected the message as a string, got ${
        text === null ? "null" : typeof text
      }`,
    });
  }
  if (text.trim() === "") {
    throw fail("EMPTY_INPUT", "the message is empty", 0);
  }
  const first = readLine(text, firstLineStart(text));
  const headers: HeaderMap = {};
  let previous: string | undefined;
  let next = first.next;
  while (next !== -1) {
    const line = readLine(text, next);
    next = line.next;
    if (line.text === "") {
      const body = text.slice(next === -1 ? text.length : next);
      return body === "" ? { start: first, headers } : {
        start: first,
        headers,
        body,
      };
    }
    const lead = line.text.charCodeAt(0);
    if (lead === 0x20 || lead === 0x09) {
      // obs-fold: a continuation of the previous value.
      if (previous === undefined) {
        throw fail(
          "INVALID_HEADER",
          "a folded (indented) line has no header to continue",
          line.start,
        );
      }
      // Parsed as the value of a dummy "x:" line, so offsets stay right.
      const [, more] = parseHeaderLine({
        text: `x:${line.text}`,
        start: line.start - 2,
      });
      const joined = lastValue(headers, previous);
      if (more !== "") {
        setLastValue(
          headers,
          previous,
          joined === "" ? more : `${joined} ${more}`,
        );
      }
      continue;
    }
    const [name, value] = parseHeaderLine(line);
    appendHeader(headers, name, value);
    previous = name;
  }
  return { start: first, headers };
}

function requestUrl(
  target: string,
  headers: HeaderMap,
  options: ParseOptions,
): string {
  const scheme = checkedScheme(options.scheme);
  if (!target.startsWith("/") || options.absoluteUrl === false) return target;
  const host = headers.host;
  // Only one plausible authority makes a trustworthy URL.
  if (typeof host !== "string" || !/^[^\s/?#@\\]+$/.test(host)) return target;
  return `${
    scheme ?? (host.endsWith(":443") ? "https" : "http")
  }://${host}${target}`;
}

/** The scheme option, lower-cased; anything but http or https is refused. */
function checkedScheme(scheme: unknown): "http" | "https" | undefined {
  if (scheme === undefined) return undefined;
  const lower = typeof scheme === "string" ? scheme.toLowerCase() : scheme;
  if (lower === "http" || lower === "https") return lower;
  throw new ConversionError({
    code: "INVALID_OPTION",
    message: `scheme must be "http" or "https", got ${
      typeof scheme === "string" ? JSON.stringify(scheme) : typeof scheme
    }`,
    path: "scheme",
  });
}

/**
 * Parses raw request text.
 *
 * @param text The request: request line, header lines, empty line, body.
 * @param options How to build `url` from an origin-form target (see {@linkcode ParseOptions}).
 * @returns The request; `body` only when the message has a non-empty one.
 * @throws {ConversionError} `EMPTY_INPUT`, `INVALID_REQUEST_LINE` or `INVALID_HEADER`, with the character offset.
 *
 * @example Origin-form with a host header
 * ```ts
 * import { parseRequest } from "@switchyard/switchyard/string";
 * const request = parseRequest(
 *   "GET /search?q=1 HTTP/1.1\r\nHost: example.com\r\nAccept: text/html\r\n\r\n",
 * );
 * console.log(request.url, request.headers.accept); // "http://example.com/search?q=1" "text/html"
 * ```
 *
 * @example Errors carry a code and an offset
 * ```ts
 * import { ConversionError, parseRequest } from "@switchyard/switchyard/string";
 * try {
 *   parseRequest("GET / HTTP/1.1\nbad header\n\n");
 * } catch (error) {
 *   console.log((error as ConversionError).code, (error as ConversionError).offset); // "INVALID_HEADER" 15
 * }
 * ```
 */
export function parseRequest(
  text: string,
  options: ParseOptions = {},
): HttpRequest {
  const head = parseHead(text);
  const { method, target, version } = parseRequestLine(head.start);
  const request: HttpRequest = {
    method,
    url: requestUrl(target, head.headers, options),
    headers: head.headers,
    httpVersion: version,
  };
  if (head.body !== undefined) request.body = head.body;
  return request;
}

/**
 * Parses raw response text.
 *
 * @param text The response: status line, header lines, empty line, body.
 * @returns The response; `statusText` is the reason as written (may be empty).
 * @throws {ConversionError} `EMPTY_INPUT`, `INVALID_STATUS_LINE` or `INVALID_HEADER`, with the character offset.
 *
 * @example A response with two cookies
 * ```ts
 * import { parseResponse } from "@switchyard/switchyard/string";
 * const response = parseResponse(
 *   "HTTP/2 200\nset-cookie: a=1\nset-cookie: b=2\ncontent-type: text/plain\n\nhello",
 * );
 * console.log(response.statusCode, response.headers["set-cookie"], response.body);
 * // 200 ["a=1", "b=2"] "hello"
 * ```
 */
export function parseResponse(text: string): HttpResponse {
  const head = parseHead(text);
  const { version, status, reason } = parseStatusLine(head.start);
  const response: HttpResponse = {
    statusCode: status,
    statusText: reason,
    httpVersion: version,
    headers: head.headers,
  };
  if (head.body !== undefined) response.body = head.body;
  return response;
}

/**
 * Parses raw HTTP text as a response when it starts with `HTTP/` (any case), otherwise as a request.
 *
 * @param text A raw request or response.
 * @param options Request URL options (see {@linkcode ParseOptions}).
 * @returns The request or the response.
 * @throws {ConversionError} As {@linkcode parseRequest} or {@linkcode parseResponse}.
 *
 * @example Auto-detection
 * ```ts
 * import { parse } from "@switchyard/switchyard/string";
 * const message = parse("HTTP/1.1 404 Not Found\r\n\r\n");
 * console.log("statusCode" in message && message.statusCode); // 404
 * ```
 */
export function parse(
  text: string,
  options: ParseOptions = {},
): HttpRequest | HttpResponse {
  if (typeof text !== "string") {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: "parse expects the message as a string",
    });
  }
  const start = firstLineStart(text);
  return text.slice(start, start + 5).toUpperCase() === "HTTP/"
    ? parseResponse(text)
    : parseRequest(text, options);
}

function encodeUnsafe(target: string): string {
  return target.replace(
    UNSAFE_TARGET_CHARS,
    (char) =>
      `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`,
  );
}

function withoutFragment(url: string): string {
  const hash = url.indexOf("#");
  return hash === -1 ? url : url.slice(0, hash);
}

/** Path and query of an absolute URL, as written. */
function originForm(url: string): string {
  const rest = withoutFragment(url.slice(authority(url).end));
  // A `\` ending the authority is, to the WHATWG parser, the path's first
  // `/` (special schemes only; for others it cannot end it): written as `/`,
  // since `/\path` would be read as `//path`.
  if (rest.startsWith("\\")) return `/${rest.slice(1)}`;
  return rest.startsWith("/") ? rest : `/${rest}`;
}

/**
 * Where the authority of an absolute url starts and ends: after `//`, up to
 * where the WHATWG URL parser ends it — `/`, `?`, `#`, and for special
 * schemes `\\`.
 */
function authority(url: string): { start: number; end: number } {
  const start = url.indexOf("//") + 2;
  const ends = /^(?:https?|wss?|ftp|file):/i.test(url) ? "/?#\\" : "/?#";
  let end = start;
  while (end < url.length && !ends.includes(url[end])) end++;
  return { start, end };
}

/**
 * The userinfo of an absolute url as written (before the authority's last
 * `@`), and the url without it.
 */
function splitUserinfo(url: string): { userinfo?: string; url: string } {
  const { start, end } = authority(url);
  const at = url.lastIndexOf("@", end - 1);
  if (at < start) return { url };
  return {
    userinfo: url.slice(start, at),
    url: url.slice(0, start) + url.slice(at + 1),
  };
}

/**
 * The `authorization` header that carries a url's credentials, as curl sends
 * them: Basic, the userinfo percent-decoded (a malformed escape as written)
 * and UTF-8 encoded, `user` alone as `user:`. `undefined` when the request
 * already has exactly that header; INVALID_URL when it has another one, which
 * would leave no room for the credentials.
 */
function credentialsHeader(
  userinfo: string,
  headers: HeaderMap,
): string | undefined {
  let decoded = percentDecode(userinfo, false);
  if (!decoded.includes(":")) decoded += ":";
  const basic = `Basic ${encodeBase64(utf8Bytes(decoded))}`;
  const given = headerEntries(headers).filter(([name]) =>
    name.toLowerCase() === "authorization"
  );
  if (given.length === 0) return basic;
  if (
    given.length === 1 && given[0][1].trim().replace(/^basic\s+/i, "Basic ") ===
      basic
  ) return undefined;
  throw new ConversionError({
    code: "INVALID_URL",
    message:
      "the url carries credentials (user:password@), which a request line must not, and the request already has another authorization header to carry them; remove one of the two",
  });
}

/**
 * `version` when the parser accepts it back (the same VERSION rule), so that
 * written text always parses; anything else throws `code`.
 */
function checkVersion(
  version: string,
  code: "INVALID_REQUEST_LINE" | "INVALID_STATUS_LINE",
): string {
  if (!VERSION.test(version)) {
    throw new ConversionError({
      code,
      message: `httpVersion ${
        JSON.stringify(version)
      } is not one of 1.0, 1.1, 2, 2.0, 3, 3.0`,
    });
  }
  return version;
}

function headerBlock(
  headers: HeaderMap,
  body: string | undefined,
  first: Array<[string, string]>,
): string {
  const lines: string[] = [];
  for (const [name, value] of [...first, ...headerEntries(headers)]) {
    const lower = name.toLowerCase();
    checkHeaderField(lower, value);
    lines.push(`${lower}: ${value}\r\n`);
  }
  if (
    body !== undefined && body !== "" &&
    getHeader(headers, "content-length") === undefined &&
    getHeader(headers, "transfer-encoding") === undefined
  ) {
    lines.push(`content-length: ${utf8ByteLength(body)}\r\n`);
  }
  return `${lines.join("")}\r\n${body ?? ""}`;
}

/**
 * Writes a request as raw HTTP/1.1-style text.
 *
 * @param request A plain request or a native `Request`.
 * @param options `absoluteUrl` (default `true`): the request target for an absolute url.
 * @returns The message text with CRLF line ends.
 * @throws {ConversionError} `INVALID_REQUEST_LINE` (method not a token, bad version), `INVALID_URL` (unparsable, or credentials in the url beside a different `authorization` header), `INVALID_HEADER` (CR/LF/NUL in a value), `INVALID_INPUT` (a native body that is not UTF-8).
 *
 * @example Absolute-form and origin-form targets
 * ```ts
 * import { stringifyRequest } from "@switchyard/switchyard/string";
 * const request = { method: "GET", url: "https://example.com/a?b=1", headers: {} };
 * console.log((await stringifyRequest(request)).split("\r\n")[0]);
 * // "GET https://example.com/a?b=1 HTTP/1.1"
 * console.log(await stringifyRequest(request, { absoluteUrl: false }));
 * // GET /a?b=1 HTTP/1.1
 * // host: example.com
 * ```
 *
 * @example URL credentials become an authorization header
 * ```ts
 * import { stringifyRequest } from "@switchyard/switchyard/string";
 * const text = await stringifyRequest({ method: "GET", url: "http://user:pw@example.com/a", headers: {} });
 * console.log(text.split("\r\n").slice(0, 3));
 * // ["GET http://example.com/a HTTP/1.1", "host: example.com", "authorization: Basic dXNlcjpwdw=="]
 * ```
 */
export async function stringifyRequest(
  request: RequestInput,
  options: StringifyRequestOptions = {},
): Promise<string> {
  const plain = checkSendableRequest(await toHttpRequest(request));
  const version = checkVersion(
    plain.httpVersion ?? "1.1",
    "INVALID_REQUEST_LINE",
  );
  let url = String(plain.url ?? "");
  const first: Array<[string, string]> = [];
  if (ABSOLUTE_URL.test(url)) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch (cause) {
      throw new ConversionError({
        code: "INVALID_URL",
        message: `the url ${JSON.stringify(url)} cannot be parsed`,
        cause,
      });
    }
    if (parsed.host !== "" && getHeader(plain.headers, "host") === undefined) {
      first.push(["host", parsed.host]);
    }
    const split = splitUserinfo(url);
    url = split.url;
    if (parsed.username !== "" || parsed.password !== "") {
      const authorization = credentialsHeader(
        split.userinfo ?? "",
        plain.headers,
      );
      if (authorization !== undefined) {
        first.push(["authorization", authorization]);
      }
    }
  }
  let target = options.absoluteUrl === false && ABSOLUTE_URL.test(url)
    ? originForm(url)
    : withoutFragment(url);
  if (target === "") target = "/";
  const line = `${plain.method} ${encodeUnsafe(target)} HTTP/${version}\r\n`;
  return line + headerBlock(plain.headers, plain.body, first);
}

/**
 * Writes a response as raw HTTP text.
 *
 * @param response A plain response or a native `Response`.
 * @returns The message text with CRLF line ends; an empty `statusText` becomes the registered reason phrase.
 * @throws {ConversionError} `INVALID_STATUS_LINE` (status not 100–999, CR/LF in the status text, bad version), `INVALID_HEADER`, `INVALID_INPUT` (a native body that is not UTF-8).
 *
 * @example Registered reason phrase
 * ```ts
 * import { stringifyResponse } from "@switchyard/switchyard/string";
 * const text = await stringifyResponse({
 *   statusCode: 429, statusText: "", httpVersion: "1.1", headers: {}, body: "slow down",
 * });
 * console.log(text.split("\r\n").slice(0, 2)); // ["HTTP/1.1 429 Too Many Requests", "content-length: 9"]
 * ```
 */
export async function stringifyResponse(
  response: ResponseInput,
): Promise<string> {
  const plain = await toHttpResponse(response);
  const status = plain.statusCode;
  if (!Number.isInteger(status) || status < 100 || status > 999) {
    throw new ConversionError({
      code: "INVALID_STATUS_LINE",
      message: `statusCode ${status} is not an integer from 100 to 999`,
    });
  }
  const reason = plain.statusText || reasonPhrase(status);
  if (/[\r\n\0]/.test(reason)) {
    throw new ConversionError({
      code: "INVALID_STATUS_LINE",
      message: "statusText contains CR, LF or NUL",
    });
  }
  const version = checkVersion(
    plain.httpVersion || "1.1",
    "INVALID_STATUS_LINE",
  );
  return `HTTP/${version} ${status} ${reason}\r\n` +
    headerBlock(plain.headers, plain.body, []);
}

/**
 * Writes a request or a response as raw HTTP text; a value with a
 * `statusCode` (or a native `Response`) is a response.
 *
 * @param message A plain or native request or response.
 * @param options Request options (see {@linkcode StringifyRequestOptions}); ignored for responses.
 * @returns The message text with CRLF line ends.
 * @throws {ConversionError} As {@linkcode stringifyRequest} or {@linkcode stringifyResponse}.
 *
 * @example A native Response
 * ```ts
 * import { stringify } from "@switchyard/switchyard/string";
 * const text = await stringify(new Response("hi", { status: 201 }));
 * console.log(text.startsWith("HTTP/1.1 201 Created\r\n")); // true
 * ```
 */
export function stringify(
  message: RequestInput | ResponseInput,
  options: StringifyRequestOptions = {},
): Promise<string> {
  if (typeof message !== "object" || message === null) {
    return Promise.reject(
      new ConversionError({
        code: "INVALID_INPUT",
        message: `stringify expects a request or response object, got ${
          message === null ? "null" : typeof message
        }`,
      }),
    );
  }
  if (isNativeResponse(message) || "statusCode" in message) {
    return stringifyResponse(message as ResponseInput);
  }
  return stringifyRequest(message as RequestInput, options);
}
