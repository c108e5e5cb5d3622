/**
 * The error `serve` and `resolveServeOptions` throw for what they are
 * given: a bad option, something that is not an app, or a runtime with
 * neither `Deno.listen` nor `node:http`.
 *
 * @module
 */

/** What a {@linkcode ServeError} is about. */
export type ServeErrorCode =
  | "INVALID_OPTION"
  | "INVALID_APP"
  | "UNSUPPORTED_RUNTIME";

/**
 * A bad option (`INVALID_OPTION`, the message names the field), an app that
 * is neither a fetch handler nor an object with a `fetch` method
 * (`INVALID_APP`), or a runtime without a listener (`UNSUPPORTED_RUNTIME`).
 * A `RangeError`, as `resolveServeOptions` has always thrown for a bad
 * option.
 *
 * @example Telling a bad option by its code
 * ```ts
 * import { resolveServeOptions, ServeError } from "@switchyard/switchyard/serve";
 * try {
 *   resolveServeOptions({ maxBodyBytes: -1 });
 * } catch (error) {
 *   console.log(error instanceof ServeError && error.code); // "INVALID_OPTION"
 *   console.log((error as Error).message); // "maxBodyBytes must be a positive integer or Infinity"
 * }
 * ```
 */
export class ServeError extends RangeError {
  /** What went wrong, for code that tells the cases apart. */
  readonly code: ServeErrorCode;
  /**
   * Makes the error.
   *
   * @param code What went wrong.
   * @param message One line saying what, naming the field for an option.
   */
  constructor(code: ServeErrorCode, message: string) {
    super(message);
    this.name = "ServeError";
    this.code = code;
  }
}
