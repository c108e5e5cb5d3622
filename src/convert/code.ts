/**
 * Code generation: a request as a program in the language people paste
 * into — curl, fetch(), Python requests and httpx, Node's http and axios,
 * Ruby's net/http, Java's HttpClient, HTTPie, wget — from one table of
 * targets.
 *
 * Decisions:
 * - Every target writes code that sends the request's method, URL, headers
 *   and body bytes as they are; each client adds its own default headers
 *   (User-Agent, Accept, Accept-Encoding, Connection: see docs/convert.md)
 *   unless the request sets them. The test suite runs every target's code
 *   with the real interpreter and compares what arrives with what curl sends.
 * - What a client cannot send is refused with a {@linkcode ConversionError}
 *   of code `UNSUPPORTED_BY_TARGET` (a repeated header in a client that
 *   keeps one value per name, a lower-case method in a client that
 *   upper-cases it, a NUL in a command-line argument): never code that sends
 *   something else. A request nothing can send (CR/LF in a header, a method
 *   that is not a token) keeps the codes of the other writers.
 * - Text goes on the wire as UTF-8; a lone surrogate is sent as U+FFFD, with
 *   a warning.
 *
 * @example Python requests
 * ```ts
 * import { toCode } from "@switchyard/switchyard/code";
 * const { code } = await toCode(
 *   { method: "POST", url: "https://api.example.com/users", headers: { "content-type": "application/json" }, body: '{"name":"Ada"}' },
 *   { target: "python-requests" },
 * );
 * console.log(code.includes("requests.post(url, headers=headers, data=data)")); // true
 * ```
 *
 * @module
 */
import { ConversionError } from "./errors.ts";
import type { HttpRequest, RequestInput } from "./types.ts";
import { checkedMessage, toHttpRequest } from "./_message.ts";
import { TARGETS } from "./targets/_table.ts";
import type {
  CodeResult,
  CodeTarget,
  TargetOptions,
} from "./targets/target.ts";

export type {
  CodeResult,
  CodeTarget,
  CodeWarning,
  CodeWarningCodeValue,
  TargetOptions,
} from "./targets/target.ts";
export { CodeWarningCode } from "./targets/target.ts";
export type { HeaderMap } from "./types.ts";
export type { HttpRequest, RequestInput };
export { ConversionError };
// ConversionError.code's type, re-exported so the documented API is complete.
export {
  ConversionErrorCode,
  type ConversionErrorCodeValue,
} from "./errors.ts";

/**
 * Every target, in the order a picker shows them.
 *
 * @example Usage
 * ```ts
 * import { targets } from "@switchyard/switchyard/code";
 * console.log(targets.map((target) => target.id).includes("python-requests")); // true
 * ```
 */
export const targets: readonly CodeTarget[] = TARGETS;

/**
 * Options of {@linkcode toCode}: the target's id and its options.
 *
 * @example A multi-line curl command from a native Request
 * ```ts
 * import { toCode, type ToCodeOptions } from "@switchyard/switchyard/code";
 * const options: ToCodeOptions = { target: "curl", pretty: true };
 * const { code } = await toCode(
 *   new Request("https://a.test/items", { method: "POST", body: "{}" }),
 *   options,
 * );
 * console.log(code.startsWith("curl")); // true
 * ```
 */
export interface ToCodeOptions extends TargetOptions {
  /** A target id, e.g. `python-requests` (see {@linkcode targets}). */
  target: string;
}

/**
 * The target with id `id`.
 *
 * @param id A target id.
 * @returns The target.
 * @throws {ConversionError} `INVALID_OPTION` for an unknown id (the message lists the known ones).
 *
 * @example Usage
 * ```ts
 * import { findTarget } from "@switchyard/switchyard/code";
 * console.log(findTarget("wget").title); // "wget"
 * ```
 */
export function findTarget(id: string): CodeTarget {
  const target = TARGETS.find((candidate) => candidate.id === id);
  if (target === undefined) {
    throw new ConversionError({
      code: "INVALID_OPTION",
      message: `unknown target ${JSON.stringify(id)}; known: ${
        TARGETS.map((candidate) => candidate.id).join(", ")
      }`,
      path: "target",
    });
  }
  return target;
}

/**
 * The code that sends `request` with the chosen target (synchronous, for a
 * plain request).
 *
 * @param request A plain request.
 * @param options `target` and the target's options.
 * @returns The code and its warnings.
 * @throws {ConversionError} `INVALID_OPTION` for an unknown target, `INVALID_INPUT` for what is no request (a URL, method, body or header value that is no string), `MISSING_URL` for an empty URL, `UNSUPPORTED_BY_TARGET` for what the client cannot send, `INVALID_HEADER`/`INVALID_REQUEST_LINE` for what nothing can send.
 *
 * @example A method the client upper-cases is refused
 * ```ts
 * import { ConversionError, generateCode } from "@switchyard/switchyard/code";
 * try {
 *   generateCode({ method: "patch", url: "https://a.test/", headers: {} }, { target: "python-requests" });
 * } catch (error) {
 *   console.log((error as ConversionError).code); // "UNSUPPORTED_BY_TARGET"
 * }
 * ```
 */
export function generateCode(
  request: HttpRequest,
  options: ToCodeOptions,
): CodeResult {
  const { target, ...rest } = options;
  const chosen = findTarget(target);
  // The check toCode makes: a JavaScript caller may pass anything, and a
  // target would otherwise fail deep inside with a TypeError.
  return chosen.generate(checkedMessage(request, "request"), rest);
}

/**
 * The code that sends `request` with the chosen target; a native `Request`
 * is read from a clone.
 *
 * @param request A plain request or a native `Request`.
 * @param options `target` and the target's options.
 * @returns The code and its warnings.
 * @throws {ConversionError} As {@linkcode generateCode}; `INVALID_INPUT` for a native body that is not UTF-8.
 *
 * @example HTTPie from a native Request
 * ```ts
 * import { toCode } from "@switchyard/switchyard/code";
 * const request = new Request("https://a.test/items", { method: "DELETE" });
 * console.log((await toCode(request, { target: "httpie" })).code); // "http DELETE 'https://a.test/items'"
 * ```
 */
export async function toCode(
  request: RequestInput,
  options: ToCodeOptions,
): Promise<CodeResult> {
  const target = findTarget(options.target);
  const { target: _, ...rest } = options;
  return target.generate(await toHttpRequest(request), rest);
}
