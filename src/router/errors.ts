/**
 * The one error type the template router throws at definition time.
 *
 * @module
 */

/**
 * Machine-readable reasons a route, template or route directory is rejected.
 *
 * @example Usage
 * ```ts
 * import { RouterErrorCode } from "@switchyard/switchyard/router";
 * console.log(RouterErrorCode.INVALID_PATTERN); // "INVALID_PATTERN"
 * ```
 */
export const RouterErrorCode = {
  /** A path pattern cannot be compiled (bad parameter, misplaced `*`, `?` or `#`). */
  INVALID_PATTERN: "INVALID_PATTERN",
  /** An endpoint template is not `METHOD /pattern`. */
  INVALID_ENDPOINT: "INVALID_ENDPOINT",
  /** The same method and pattern are registered twice. */
  DUPLICATE_ROUTE: "DUPLICATE_ROUTE",
  /** A message template is malformed (status line, request line, header line, body rules). */
  INVALID_TEMPLATE: "INVALID_TEMPLATE",
  /** A substitution in a status, request or header line holds CR, LF or NUL, or binary data. */
  UNSAFE_SUBSTITUTION: "UNSAFE_SUBSTITUTION",
  /** A handler returned something that is not a `Response`. */
  INVALID_RESPONSE: "INVALID_RESPONSE",
  /** A route directory, file name or route module cannot be used by `createFSRouter`. */
  INVALID_ROUTE_MODULE: "INVALID_ROUTE_MODULE",
  /** An option has a value out of its range. */
  INVALID_OPTION: "INVALID_OPTION",
} as const;

/**
 * One of the {@linkcode RouterErrorCode} values.
 *
 * @example Usage
 * ```ts
 * import type { RouterErrorCodeValue } from "@switchyard/switchyard/router";
 * const code: RouterErrorCodeValue = "INVALID_PATTERN";
 * console.log(code);
 * ```
 */
export type RouterErrorCodeValue =
  (typeof RouterErrorCode)[keyof typeof RouterErrorCode];

/**
 * Options of a {@linkcode RouterError}.
 *
 * @example Usage
 * ```ts
 * import type { RouterErrorOptions } from "@switchyard/switchyard/router";
 * const options: RouterErrorOptions = { code: "INVALID_PATTERN", message: "bad", offset: 3 };
 * console.log(options.code);
 * ```
 */
export interface RouterErrorOptions {
  /** Why the definition was rejected. */
  code: RouterErrorCodeValue;
  /** Human-readable explanation. */
  message: string;
  /** Character offset in the pattern or template text where the problem was found. */
  offset?: number;
  /** The underlying error, if any. */
  cause?: unknown;
}

/**
 * Thrown for invalid patterns, templates and route modules — at definition
 * time whenever the problem is visible then — and passed to `errorHandler`
 * for problems only a request reveals (an unsafe header substitution).
 *
 * @example Catching an invalid pattern
 * ```ts
 * import { createRouter, RouterError } from "@switchyard/switchyard/router";
 * try {
 *   createRouter().endpoint`GET /search?q`(() => new Response("never"));
 * } catch (error) {
 *   console.log(error instanceof RouterError && error.code); // "INVALID_PATTERN"
 * }
 * ```
 */
export class RouterError extends Error {
  /** Why the definition was rejected. */
  readonly code: RouterErrorCodeValue;
  /** Character offset in the pattern or template text, when known. */
  readonly offset?: number;

  /**
   * Creates the error from one options object.
   *
   * @param options Code, message, and where the problem is.
   */
  constructor(options: RouterErrorOptions) {
    super(options.message, { cause: options.cause });
    this.name = "RouterError";
    this.code = options.code;
    if (options.offset !== undefined) this.offset = options.offset;
  }
}
