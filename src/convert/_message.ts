// Private helpers shared by the conversion modules: native Request/Response
// to plain form, and header-map manipulation that never drops a value.
import { decodeUtf8 } from "./_bytes.ts";
import { ConversionError } from "./errors.ts";
import type {
  HeaderMap,
  HttpRequest,
  HttpResponse,
  RequestInput,
  ResponseInput,
} from "./types.ts";

/** Appends `value` under lowercase `name`, turning repeats into an array. */
export function appendHeader(
  headers: HeaderMap,
  name: string,
  value: string,
): void {
  const key = name.toLowerCase();
  const existing = Object.hasOwn(headers, key) ? headers[key] : undefined;
  if (existing === undefined) setHeader(headers, key, value);
  else if (Array.isArray(existing)) existing.push(value);
  else headers[key] = [existing, value];
}

/** Sets `key` as an own property, whatever Object.prototype holds. */
function setHeader(headers: HeaderMap, key: string, value: string): void {
  if (key in headers && !Object.hasOwn(headers, key)) {
    // An inherited name (`__proto__`, `constructor`…): assignment would call
    // its setter or, with frozen intrinsics, throw.
    Object.defineProperty(headers, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    // Plain assignment otherwise: defineProperty is several times slower.
    headers[key] = value;
  }
}

/** Every value stored under exactly `key` (no case folding), in order. */
export function headerValues(headers: HeaderMap, key: string): string[] {
  const value = Object.hasOwn(headers, key) ? headers[key] : undefined;
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Every `[name, value]` pair of a header map, repeated headers expanded in order. */
export function headerEntries(headers: HeaderMap): Array<[string, string]> {
  const entries: Array<[string, string]> = [];
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    if (Array.isArray(value)) {
      for (const item of value) entries.push([name, item]);
    } else if (value !== undefined) {
      entries.push([name, value]);
    }
  }
  return entries;
}

/** The first value of header `name` (case-insensitive), if any. */
export function getHeader(
  headers: HeaderMap,
  name: string,
): string | undefined {
  const key = name.toLowerCase();
  let value = Object.hasOwn(headers, key) ? headers[key] : undefined;
  if (value === undefined) {
    for (const candidate of Object.keys(headers)) {
      if (candidate.toLowerCase() === key) {
        value = headers[candidate];
        break;
      }
    }
  }
  return Array.isArray(value) ? value[0] : value;
}

/** A Fetch `Headers` as a header map; keeps every `set-cookie` value. */
export function headersToMap(headers: Headers): HeaderMap {
  const map: HeaderMap = {};
  for (const [name, value] of headers) {
    if (name === "set-cookie") continue;
    appendHeader(map, name, value);
  }
  const cookies = typeof headers.getSetCookie === "function"
    ? headers.getSetCookie()
    : [];
  for (const cookie of cookies) appendHeader(map, "set-cookie", cookie);
  return map;
}

/** True when `value` is a native Fetch Request (also across realms). */
export function isNativeRequest(value: unknown): value is Request {
  return typeof Request !== "undefined" && value instanceof Request;
}

/** True when `value` is a native Fetch Response. */
export function isNativeResponse(value: unknown): value is Response {
  return typeof Response !== "undefined" && value instanceof Response;
}

/**
 * A request in plain form. A native Request's body is read from a clone, so
 * the caller's Request stays usable.
 *
 * @throws {ConversionError} `INVALID_INPUT` when a native body is not UTF-8
 * (see {@linkcode nativeBodyText}).
 */
export async function toHttpRequest(input: RequestInput): Promise<HttpRequest> {
  if (!isNativeRequest(input)) return checkedMessage(input, "request");
  const request = requestHead(input);
  const body = await nativeBodyText(input, "request");
  if (body !== undefined) request.body = body;
  return request;
}

/**
 * A response in plain form; a native Response's body is read from a clone.
 *
 * @throws {ConversionError} `INVALID_INPUT` when a native body is not UTF-8.
 */
export async function toHttpResponse(
  input: ResponseInput,
): Promise<HttpResponse> {
  if (!isNativeResponse(input)) return checkedMessage(input, "response");
  const response = responseHead(input);
  const body = await nativeBodyText(input, "response");
  if (body !== undefined) response.body = body;
  return response;
}

/**
 * A native message's body as text, read as bytes from one clone. Bytes that
 * are not UTF-8 throw instead of becoming U+FFFD: the text forms (raw HTTP,
 * curl, fetch code) cannot carry them, and a silently wrong body is worse
 * than an error. HAR can: `har.fromRequest` writes them as base64.
 *
 * @throws {ConversionError} `INVALID_INPUT` when the bytes are not UTF-8, or
 * the body was already read.
 */
export async function nativeBodyText(
  message: Request | Response,
  kind: "request" | "response",
): Promise<string | undefined> {
  if (message.body === null) return undefined;
  if (message.bodyUsed) {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: `The ${kind} body was already read`,
    });
  }
  const bytes = new Uint8Array(await message.clone().arrayBuffer());
  const text = decodeUtf8(bytes);
  if (text === undefined) {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: `The native ${
        kind === "request" ? "Request" : "Response"
      }'s body (${bytes.length} bytes) is not valid UTF-8 text, which raw HTTP, curl and fetch code cannot carry; use har.from${
        kind === "request" ? "Request" : "Response"
      } (base64 content) or read the bytes yourself (arrayBuffer(), har.contentBytes)`,
    });
  }
  return text;
}

/** A native Request's method, url and headers in plain form (no body). */
export function requestHead(input: Request): HttpRequest {
  return {
    method: input.method,
    url: input.url,
    headers: headersToMap(input.headers),
  };
}

/**
 * A native Response's status and headers in plain form (no body). Fetch does
 * not expose the wire version, so it is `1.1`.
 */
export function responseHead(input: Response): HttpResponse {
  return {
    statusCode: input.status,
    statusText: input.statusText,
    httpVersion: "1.1",
    headers: headersToMap(input.headers),
  };
}

/**
 * A plain request or response from an untyped caller, checked: the caller's
 * object when its fields already have the documented types, else a copy with
 * header values coerced as Fetch's `Headers` would. Missing `method` is
 * `GET`; missing `headers` is `{}`; `null`/`undefined` header values are
 * absent; a number, boolean or bigint header value becomes its string form.
 *
 * @throws {ConversionError} `INVALID_INPUT` (with `path`) for anything else:
 * not an object, a non-string `method`, `url`, `body`, `statusText` or
 * `httpVersion`, a non-object `headers`, an object or function header value.
 */
export function checkedMessage<T extends HttpRequest | HttpResponse>(
  value: T,
  kind: "request" | "response",
): T {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: `Expected a ${kind} object or a native ${
        kind === "request" ? "Request" : "Response"
      }, got ${describe(value)}`,
    });
  }
  const fields = value as unknown as Record<string, unknown>;
  const strings = kind === "request"
    ? ["method", "url", "body", "httpVersion"]
    : ["statusText", "httpVersion", "body"];
  for (const field of strings) {
    const item = fields[field];
    const optional = field !== "url";
    if (typeof item === "string" || (optional && item === undefined)) continue;
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: `The ${kind}'s ${field} must be a string, got ${describe(item)}`,
      path: field,
    });
  }
  // Every writer reads the status through Number() or a template: a value
  // neither a number nor a string (a symbol, a prototype-less object) would
  // throw a TypeError there.
  if (
    kind === "response" && typeof fields.statusCode !== "number" &&
    typeof fields.statusCode !== "string"
  ) {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: `The response's statusCode must be a number, got ${
        describe(fields.statusCode)
      }`,
      path: "statusCode",
    });
  }
  const headers = checkedHeaders(fields.headers, kind);
  if (
    headers === fields.headers &&
    (kind === "response" || fields.method !== undefined)
  ) return value;
  const copy = { ...value, headers };
  if (kind === "request" && fields.method === undefined) {
    (copy as HttpRequest).method = "GET";
  }
  return copy;
}

function checkedHeaders(value: unknown, kind: string): HeaderMap {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: `The ${kind}'s headers must be a header map object, got ${
        describe(value)
      }`,
      path: "headers",
    });
  }
  const headers = value as Record<string, unknown>;
  let copy: HeaderMap | undefined;
  for (const name of Object.keys(headers)) {
    const item = headers[name];
    const checked = Array.isArray(item)
      ? checkedValues(item, name)
      : checkedValue(item, name);
    if (checked === item && copy === undefined) continue;
    if (copy === undefined) {
      copy = {};
      for (const earlier of Object.keys(headers)) {
        if (earlier === name) break;
        const kept = headers[earlier] as string | string[] | undefined;
        if (kept !== undefined) define(copy, earlier, kept);
      }
    }
    if (checked !== undefined) define(copy, name, checked);
  }
  return copy ?? (headers as HeaderMap);
}

function checkedValues(items: unknown[], name: string): string[] {
  let copy: string[] | undefined;
  for (let i = 0; i < items.length; i++) {
    const checked = checkedValue(items[i], `${name}[${i}]`);
    if (checked === items[i] && copy === undefined) continue;
    copy ??= items.slice(0, i) as string[];
    if (checked !== undefined) copy.push(checked);
  }
  return copy ?? (items as string[]);
}

function checkedValue(item: unknown, path: string): string | undefined {
  if (typeof item === "string" || item === undefined) return item;
  if (item === null) return undefined;
  if (
    typeof item === "number" || typeof item === "boolean" ||
    typeof item === "bigint"
  ) return String(item);
  throw new ConversionError({
    code: "INVALID_INPUT",
    message: `The header value at ${path} must be a string, got ${
      describe(item)
    }`,
    path: `headers.${path}`,
  });
}

function define(map: HeaderMap, key: string, value: string | string[]): void {
  Object.defineProperty(map, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value;
}
