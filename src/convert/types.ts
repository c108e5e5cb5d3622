/**
 * The message shapes every conversion module reads and writes.
 *
 * @module
 */

/**
 * Header map: lowercase name to a value, or to every value in order when the
 * header repeats (`set-cookie` above all), so no value is ever dropped.
 *
 * @example Usage
 * ```ts
 * import type { HeaderMap } from "@switchyard/switchyard";
 * const headers: HeaderMap = { "set-cookie": ["a=1", "b=2"], accept: "*\/*" };
 * ```
 */
export type HeaderMap = Record<string, string | string[]>;

/**
 * A plain HTTP request.
 *
 * @example Usage
 * ```ts
 * import type { HttpRequest } from "@switchyard/switchyard";
 * const request: HttpRequest = {
 *   method: "POST",
 *   url: "https://example.com/users",
 *   headers: { "content-type": "application/json" },
 *   body: '{"name":"Ada"}',
 * };
 * ```
 */
export interface HttpRequest {
  /** Request method as written, e.g. `GET`. */
  method: string;
  /** Absolute URL (`https://host/path?q`) or a path (`/path?q`). */
  url: string;
  /** Lowercase header names to values. */
  headers: HeaderMap;
  /** Body text; absent when the request has none. */
  body?: string;
  /** Version digits such as `1.1`, `2` or `3`. */
  httpVersion?: string;
}

/**
 * A plain HTTP response.
 *
 * @example Usage
 * ```ts
 * import type { HttpResponse } from "@switchyard/switchyard";
 * const response: HttpResponse = {
 *   statusCode: 200,
 *   statusText: "OK",
 *   httpVersion: "1.1",
 *   headers: { "content-type": "text/plain" },
 *   body: "hello",
 * };
 * ```
 */
export interface HttpResponse {
  /** Numeric status code. */
  statusCode: number;
  /** Reason phrase; may be empty. */
  statusText: string;
  /** Version digits such as `1.1`. */
  httpVersion: string;
  /** Lowercase header names to values. */
  headers: HeaderMap;
  /** Body text; absent when the response has none. */
  body?: string;
}

/**
 * A request in either plain or native Fetch form; every function that takes a
 * request accepts both.
 *
 * @example Usage
 * ```ts
 * import type { RequestInput } from "@switchyard/switchyard";
 * const input: RequestInput = new Request("https://example.com/");
 * ```
 */
export type RequestInput = HttpRequest | Request;

/**
 * A response in either plain or native Fetch form.
 *
 * @example Usage
 * ```ts
 * import type { ResponseInput } from "@switchyard/switchyard";
 * const input: ResponseInput = new Response("ok");
 * ```
 */
export type ResponseInput = HttpResponse | Response;
