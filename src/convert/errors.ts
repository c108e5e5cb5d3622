/**
 * The one error type the conversion library throws.
 *
 * @module
 */

/**
 * Machine-readable reasons a conversion fails.
 *
 * @example Usage
 * ```ts
 * import { ConversionErrorCode } from "@switchyard/switchyard";
 * console.log(ConversionErrorCode.UNTERMINATED_QUOTE); // "UNTERMINATED_QUOTE"
 * ```
 */
export const ConversionErrorCode = {
  /** The input is empty or only white space. */
  EMPTY_INPUT: "EMPTY_INPUT",
  /** The input is of the wrong kind or type for this function. */
  INVALID_INPUT: "INVALID_INPUT",
  /** Text given to the curl parser does not start with `curl`. */
  NOT_CURL: "NOT_CURL",
  /** A quote is opened and never closed. */
  UNTERMINATED_QUOTE: "UNTERMINATED_QUOTE",
  /** A backslash or `$'…'` escape is malformed. */
  INVALID_ESCAPE: "INVALID_ESCAPE",
  /** An option that needs a value is the last word. */
  MISSING_OPTION_VALUE: "MISSING_OPTION_VALUE",
  /** A command or message names no URL. */
  MISSING_URL: "MISSING_URL",
  /** A URL cannot be parsed. */
  INVALID_URL: "INVALID_URL",
  /** The first line is not a valid request line. */
  INVALID_REQUEST_LINE: "INVALID_REQUEST_LINE",
  /** The first line is not a valid status line. */
  INVALID_STATUS_LINE: "INVALID_STATUS_LINE",
  /** A header line or header value is malformed. */
  INVALID_HEADER: "INVALID_HEADER",
  /** A HAR document, entry or field is malformed. */
  INVALID_HAR: "INVALID_HAR",
  /** Base64 content cannot be decoded. */
  INVALID_BASE64: "INVALID_BASE64",
  /** A value is out of the allowed range or otherwise invalid. */
  INVALID_OPTION: "INVALID_OPTION",
  /** A code-generation target's client cannot send this request as it is. */
  UNSUPPORTED_BY_TARGET: "UNSUPPORTED_BY_TARGET",
} as const;

/**
 * One of the {@linkcode ConversionErrorCode} values.
 *
 * @example Usage
 * ```ts
 * import type { ConversionErrorCodeValue } from "@switchyard/switchyard";
 * const code: ConversionErrorCodeValue = "NOT_CURL";
 * ```
 */
export type ConversionErrorCodeValue =
  (typeof ConversionErrorCode)[keyof typeof ConversionErrorCode];

/**
 * Options of a {@linkcode ConversionError}.
 *
 * @example Usage
 * ```ts
 * import type { ConversionErrorOptions } from "@switchyard/switchyard";
 * const options: ConversionErrorOptions = { code: "NOT_CURL", message: "not curl", offset: 0 };
 * ```
 */
export interface ConversionErrorOptions {
  /** Why the conversion failed. */
  code: ConversionErrorCodeValue;
  /** Human-readable explanation. */
  message: string;
  /** Character offset in the input text where the problem was found. */
  offset?: number;
  /** Path of the offending field in structured input, e.g. `log.entries[2].request.url`. */
  path?: string;
  /** The underlying error, if any. */
  cause?: unknown;
}

/**
 * Thrown by every conversion function for input it cannot convert faithfully.
 *
 * @example Catching a parse error
 * ```ts
 * import { ConversionError } from "@switchyard/switchyard";
 * const error = new ConversionError({ code: "NOT_CURL", message: "expected curl", offset: 0 });
 * console.log(error instanceof Error, error.code, error.offset); // true "NOT_CURL" 0
 * ```
 */
export class ConversionError extends Error {
  /** Why the conversion failed. */
  readonly code: ConversionErrorCodeValue;
  /** Character offset in the input text, when the input was text. */
  readonly offset?: number;
  /** Path of the offending field, when the input was structured. */
  readonly path?: string;

  /**
   * Creates the error from one options object.
   *
   * @param options Code, message, and where the problem is.
   */
  constructor(options: ConversionErrorOptions) {
    super(options.message, { cause: options.cause });
    this.name = "ConversionError";
    this.code = options.code;
    if (options.offset !== undefined) this.offset = options.offset;
    if (options.path !== undefined) this.path = options.path;
  }
}
