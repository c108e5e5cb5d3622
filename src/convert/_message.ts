// Private helpers shared by the conversion modules: native Request/Response
// to plain form, and header-map manipulation that never drops a value.
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
 */
export async function toHttpRequest(input: RequestInput): Promise<HttpRequest> {
  if (!isNativeRequest(input)) return input;
  const request = requestHead(input);
  if (input.body !== null) request.body = await input.clone().text();
  return request;
}

/** A response in plain form; a native Response's body is read from a clone. */
export async function toHttpResponse(
  input: ResponseInput,
): Promise<HttpResponse> {
  if (!isNativeResponse(input)) return input;
  const response = responseHead(input);
  if (input.body !== null) response.body = await input.clone().text();
  return response;
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
