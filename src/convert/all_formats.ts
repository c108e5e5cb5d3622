// allFormats: one request in every form at once. Re-exported by core.ts (and
// so by the package root); it lives in its own file because it depends on
// every format module while core.ts must not.
import { toHttpRequest } from "./_message.ts";
import {
  fromRequest as toCurl,
  type FromRequestOptions as CurlOptions,
} from "./curl.ts";
import { toCode, type ToCodeOptions } from "./fetch.ts";
import {
  fromRequest as toHarEntry,
  type HarEntry,
  type HarOptions,
} from "./har.ts";
import { stringifyRequest, type StringifyRequestOptions } from "./string.ts";
import type { RequestInput } from "./types.ts";
import { ConversionError } from "./errors.ts";
import { TARGETS } from "./targets/_table.ts";

/**
 * Options of {@linkcode allFormats}, routed to each format's converter.
 *
 * @example Usage
 * ```ts
 * import type { AllFormatsOptions } from "@switchyard/switchyard/core/utils";
 * const options: AllFormatsOptions = {
 *   curl: { pretty: true },
 *   fetch: { async: true },
 *   string: { absoluteUrl: false },
 *   har: { startedDateTime: "2024-01-01T00:00:00.000Z" },
 * };
 * ```
 */
export interface AllFormatsOptions {
  /** Options of `curl.fromRequest` (`pretty`). */
  curl?: CurlOptions;
  /** Options of `fetch.toCode` (`pretty`, `async`). */
  fetch?: ToCodeOptions;
  /** Options of `string.stringifyRequest` (`absoluteUrl`). */
  string?: StringifyRequestOptions;
  /** Options of `har.fromRequest` (`startedDateTime`, `timings`, …). */
  har?: HarOptions;
}

/**
 * One request in every form.
 *
 * @example Usage
 * ```ts
 * import { allFormats, type AllFormats } from "@switchyard/switchyard/core/utils";
 * const formats: AllFormats = await allFormats({ method: "GET", url: "https://example.com/", headers: {} });
 * console.log(Object.keys(formats)); // ["httpString", "curl", "fetchCode", "har", "code", "codeRefused"]
 * ```
 */
export interface AllFormats {
  /** Raw HTTP text (`string.stringifyRequest`). */
  httpString: string;
  /** curl command (`curl.fromRequest`). */
  curl: string;
  /** fetch() source code (`fetch.toCode`). */
  fetchCode: string;
  /** HAR 1.2 entry (`har.fromRequest`). */
  har: HarEntry;
  /**
   * The code of every target of `@switchyard/switchyard/code` that can send
   * the request, by target id (`python-requests`, `wget`, …).
   */
  code: Record<string, string>;
  /** Why each other target refused (`UNSUPPORTED_BY_TARGET`, …), by target id. */
  codeRefused: Record<string, ConversionError>;
}

/**
 * Converts one request into raw HTTP, curl, fetch() code, a HAR entry and
 * the code of every code-generation target (`code`, by target id; the
 * targets that cannot send it are in `codeRefused` with the reason). A
 * native `Request` is read once (as bytes, from one clone) and the plain
 * request is reused, so its body is never consumed four times.
 *
 * A native body that is not valid UTF-8 throws `INVALID_INPUT`: three of the
 * four forms are text and cannot carry those bytes, and a partial result
 * would hide that. Call `har.fromRequest` for a HAR entry with base64
 * content instead.
 *
 * @param request A plain request or a native `Request`.
 * @param options Per-format options: `curl`, `fetch`, `string`, `har`.
 * @returns `{ httpString, curl, fetchCode, har, code, codeRefused }`.
 * @throws {ConversionError} Whatever the first failing converter throws; `INVALID_INPUT` for a native body that is not UTF-8.
 *
 * @example Every form of one request
 * ```ts
 * import { allFormats } from "@switchyard/switchyard/core/utils";
 * const formats = await allFormats(
 *   { method: "POST", url: "https://example.com/users", headers: { "content-type": "application/json" }, body: '{"name":"Ada"}' },
 *   { curl: { pretty: true }, har: { startedDateTime: "2024-01-01T00:00:00.000Z" } },
 * );
 * console.log(formats.httpString.split("\r\n")[0]); // "POST https://example.com/users HTTP/1.1"
 * console.log(formats.curl.startsWith("curl 'https://example.com/users'")); // true
 * console.log(formats.har.request.postData?.text); // '{"name":"Ada"}'
 * console.log(formats.code["python-requests"].includes("requests.post(")); // true
 * ```
 *
 * @example A native Request
 * ```ts
 * import { allFormats } from "@switchyard/switchyard/core/utils";
 * const request = new Request("https://example.com/", { method: "PUT", body: "x" });
 * const { fetchCode } = await allFormats(request);
 * console.log(fetchCode.includes('"PUT"'), request.bodyUsed); // true false
 * ``` *
 * @example Text in any form: read it first (fetch() code with `fetch.parseCode`)
 * ```ts
 * import { allFormats, detectType } from "@switchyard/switchyard/core/utils";
 * import { parseCode } from "@switchyard/switchyard/fetch";
 * const pasted = 'fetch("https://a.example/x", { method: "DELETE" })';
 * console.log(detectType(pasted)); // "fetch"
 * const { curl } = await allFormats(parseCode(pasted));
 * console.log(curl); // "curl 'https://a.example/x' -X 'DELETE'"
 * ```
 */
export async function allFormats(
  request: RequestInput,
  options: AllFormatsOptions = {},
): Promise<AllFormats> {
  const plain = await toHttpRequest(request);
  const [httpString, curl, fetchCode, har] = await Promise.all([
    stringifyRequest(plain, options.string),
    toCurl(plain, options.curl),
    toCode(plain, options.fetch),
    toHarEntry(plain, options.har),
  ]);
  const code: Record<string, string> = {};
  const codeRefused: Record<string, ConversionError> = {};
  for (const target of TARGETS) {
    const targetOptions = target.id === "curl"
      ? options.curl
      : target.id === "fetch"
      ? options.fetch
      : {};
    try {
      code[target.id] = target.generate(plain, targetOptions ?? {}).code;
    } catch (error) {
      if (!(error instanceof ConversionError)) throw error;
      codeRefused[target.id] = error;
    }
  }
  return { httpString, curl, fetchCode, har, code, codeRefused };
}
