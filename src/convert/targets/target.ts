/**
 * The one interface every code-generation target implements, and the
 * types of what it returns. A target turns a plain request into a program
 * (or a command line) that sends that request; what it cannot express it
 * refuses with a {@linkcode ConversionError} (code `UNSUPPORTED_BY_TARGET`)
 * instead of writing code that would send something else.
 *
 * @example A target of your own
 * ```ts
 * import type { CodeTarget } from "@switchyard/switchyard/code";
 * const echo: CodeTarget = {
 *   id: "echo",
 *   language: "Shell",
 *   title: "echo (prints the URL)",
 *   generate: (request) => ({ code: `echo ${request.url}\n`, warnings: [] }),
 * };
 * console.log(echo.generate({ method: "GET", url: "https://a.test/", headers: {} }, {}).code);
 * ```
 *
 * @module
 */
import type { HttpRequest } from "../types.ts";

/**
 * Reasons a target warns about a request it still converts: the generated
 * code sends the same method, target, headers and body, but something around
 * them differs.
 *
 * @example Usage
 * ```ts
 * import { CodeWarningCode } from "@switchyard/switchyard/code";
 * console.log(CodeWarningCode.HTTP_VERSION_IGNORED); // "HTTP_VERSION_IGNORED"
 * ```
 */
export const CodeWarningCode = {
  /** The client speaks HTTP/1.1 only; the request asked for another version. */
  HTTP_VERSION_IGNORED: "HTTP_VERSION_IGNORED",
  /** Text that is not well-formed UTF-16 (a lone surrogate) is sent as U+FFFD, as every UTF-8 encoder does. */
  LONE_SURROGATE_REPLACED: "LONE_SURROGATE_REPLACED",
  /** The client sets this header itself; the request's value is not what goes out (the warning's `header` names it). */
  HEADER_SET_BY_CLIENT: "HEADER_SET_BY_CLIENT",
} as const;

/**
 * One of the {@linkcode CodeWarningCode} values.
 *
 * @example Usage
 * ```ts
 * import type { CodeWarningCodeValue } from "@switchyard/switchyard/code";
 * const code: CodeWarningCodeValue = "HTTP_VERSION_IGNORED";
 * ```
 */
export type CodeWarningCodeValue =
  (typeof CodeWarningCode)[keyof typeof CodeWarningCode];

/**
 * Something the generated code does differently from the request, or leaves
 * to the client.
 *
 * @example Usage
 * ```ts
 * import type { CodeWarning } from "@switchyard/switchyard/code";
 * const warning: CodeWarning = { code: "HTTP_VERSION_IGNORED", message: "HTTP/2 asked, HTTP/1.1 sent" };
 * ```
 */
export interface CodeWarning {
  /** Machine-readable reason. */
  code: CodeWarningCodeValue;
  /** Human-readable explanation. */
  message: string;
  /** The header concerned (lowercase), for `HEADER_SET_BY_CLIENT`. */
  header?: string;
}

/**
 * What a target generates: the source (or command line) and its warnings.
 *
 * @example Usage
 * ```ts
 * import type { CodeResult } from "@switchyard/switchyard/code";
 * const result: CodeResult = { code: "curl 'https://a.test/'", warnings: [] };
 * ```
 */
export interface CodeResult {
  /** The program or command, ending with a line break for programs. */
  code: string;
  /** What the code does not reflect (empty for most requests). */
  warnings: CodeWarning[];
}

/**
 * Options every target accepts; a target ignores those that mean nothing
 * in its language.
 *
 * @example Usage
 * ```ts
 * import type { TargetOptions } from "@switchyard/switchyard/code";
 * const options: TargetOptions = { pretty: true, async: true };
 * ```
 */
export interface TargetOptions {
  /** Spread a command or an object over several lines (targets choose their default). */
  pretty?: boolean;
  /** fetch(): `await` statements instead of a `.then()` chain. */
  async?: boolean;
}

/**
 * A code-generation target: one language and one client library.
 *
 * @example Usage
 * ```ts
 * import { targets } from "@switchyard/switchyard/code";
 * const target = targets.find((t) => t.id === "python-requests")!;
 * console.log(target.language, target.title); // "Python" "Python requests"
 * ```
 */
export interface CodeTarget {
  /** Stable identifier, `language-client` (`python-requests`, `node-axios`). */
  readonly id: string;
  /** The language, as a picker groups targets (`Python`, `JavaScript`, `Shell`). */
  readonly language: string;
  /** A human-readable name (`Python requests`). */
  readonly title: string;
  /**
   * The code for a plain request.
   *
   * @throws {ConversionError} `UNSUPPORTED_BY_TARGET` for what the client cannot send; the codes of the shared checks (`INVALID_HEADER`, `INVALID_REQUEST_LINE`, `INVALID_INPUT`) for requests nothing can send.
   */
  generate(request: HttpRequest, options: TargetOptions): CodeResult;
}
