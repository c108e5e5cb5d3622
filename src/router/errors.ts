/**
 * The one error type the template router throws at definition time.
 *
 * @module
 */

/**
 * Machine-readable reasons a route, template or route directory is rejected.
 *
 * @example Telling a duplicate route from a bad pattern
 * ```ts
 * import { createRouter, RouteError, RouteErrorCode } from "@switchyard/switchyard/router";
 * const router = createRouter().endpoint`GET /a`(() => new Response("a"));
 * try {
 *   router.endpoint`GET /a`(() => new Response("again"));
 * } catch (error) {
 *   if (!(error instanceof RouteError)) throw error;
 *   console.log(error.code === RouteErrorCode.DUPLICATE_ROUTE); // true
 * }
 * ```
 */
export const RouteErrorCode = {
  /** A path pattern cannot be compiled (bad parameter, misplaced `*`, `?` or `#`). */
  INVALID_PATTERN: "INVALID_PATTERN",
  /** An endpoint template is not `METHOD /pattern`. */
  INVALID_ENDPOINT: "INVALID_ENDPOINT",
  /** The same method and pattern are registered twice. */
  DUPLICATE_ROUTE: "DUPLICATE_ROUTE",
  /** A message template is malformed (status line, request line, header line, body rules). */
  INVALID_TEMPLATE: "INVALID_TEMPLATE",
  /** A substitution in a status, request or header line holds a control character other than tab, or binary data. */
  UNSAFE_SUBSTITUTION: "UNSAFE_SUBSTITUTION",
  /** A handler returned something that is not a `Response`. */
  INVALID_RESPONSE: "INVALID_RESPONSE",
  /** A route directory, file name or route module cannot be used by `createFSRouter`. */
  INVALID_ROUTE_MODULE: "INVALID_ROUTE_MODULE",
  /** An option has a value out of its range. */
  INVALID_OPTION: "INVALID_OPTION",
} as const;

/**
 * One of the {@linkcode RouteErrorCode} values.
 *
 * @example The code of a rejected option
 * ```ts
 * import { createRouter, RouteError, type RouteErrorCodeValue } from "@switchyard/switchyard/router";
 * let code: RouteErrorCodeValue | undefined;
 * try {
 *   createRouter({ maxParamLength: 0 });
 * } catch (error) {
 *   if (error instanceof RouteError) code = error.code;
 * }
 * console.log(code); // "INVALID_OPTION"
 * ```
 */
export type RouteErrorCodeValue =
  (typeof RouteErrorCode)[keyof typeof RouteErrorCode];

/**
 * Options of a {@linkcode RouteError}.
 *
 * @example A route module loader of your own, failing as the router does
 * ```ts
 * import { RouteError, type RouteErrorOptions } from "@switchyard/switchyard/router";
 * function checkModule(path: string, module: Record<string, unknown>): void {
 *   if (typeof module.default === "function") return;
 *   const options: RouteErrorOptions = {
 *     code: "INVALID_ROUTE_MODULE",
 *     message: `${path} has no default export`,
 *   };
 *   throw new RouteError(options);
 * }
 * try {
 *   checkModule("routes/index.ts", {});
 * } catch (error) {
 *   console.log((error as RouteError).code); // "INVALID_ROUTE_MODULE"
 * }
 * ```
 */
export interface RouteErrorOptions {
  /** Why the definition was rejected. */
  code: RouteErrorCodeValue;
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
 * import { createRouter, RouteError } from "@switchyard/switchyard/router";
 * try {
 *   createRouter().endpoint`GET /search?q`(() => new Response("never"));
 * } catch (error) {
 *   console.log(error instanceof RouteError && error.code); // "INVALID_PATTERN"
 * }
 * ```
 */
export class RouteError extends Error {
  /** Why the definition was rejected. */
  readonly code: RouteErrorCodeValue;
  /** Character offset in the pattern or template text, when known. */
  readonly offset?: number;

  /**
   * Creates the error from one options object.
   *
   * @param options Code, message, and where the problem is.
   */
  constructor(options: RouteErrorOptions) {
    super(options.message, { cause: options.cause });
    this.name = "RouteError";
    this.code = options.code;
    if (options.offset !== undefined) this.offset = options.offset;
  }
}
