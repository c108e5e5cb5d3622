// JavaScript fetch(), the code of fetch.toCode, as a target of the table.
// The target refuses what fetch() itself would reject at run time, which
// fetch.toCode (documented to keep every part of the request) writes anyway.
import type { HttpRequest } from "../types.ts";
import { fetchCode } from "../_fetch_code.ts";
import { headerEntries } from "../_message.ts";
import type {
  CodeResult,
  CodeTarget,
  CodeWarning,
  TargetOptions,
} from "./target.ts";
import {
  assertUrl,
  escapePathBackslashes,
  isNonAscii,
  refuseDotSegments,
  removesDotSegments,
  unsupported,
} from "./_request.ts";

// Headers fetch() computes or sets itself whatever the code says (undici in
// Node; a browser forbids them outright, with Cookie, Origin and Referer).
const SET_BY_FETCH = new Set([
  "connection",
  "content-length",
  "expect",
  "host",
  "keep-alive",
  "sec-fetch-mode",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

const TITLE = "JavaScript fetch()";

function generate(plain: HttpRequest, options: TargetOptions): CodeResult {
  assertUrl(plain.url);
  // fetch() reads the URL as a WHATWG URL, where a path's `\` means `/`.
  const request = { ...plain, url: escapePathBackslashes(plain.url) };
  if (removesDotSegments(request.url, "dots and %2e")) {
    refuseDotSegments(TITLE);
  }
  const method = request.method.toUpperCase();
  if (request.body !== undefined && (method === "GET" || method === "HEAD")) {
    unsupported(TITLE, `fetch() rejects a ${method} request with a body`);
  }
  const warnings: CodeWarning[] = [];
  const seen = new Set<string>();
  for (const [name, value] of headerEntries(request.headers)) {
    const key = name.toLowerCase();
    if (seen.has(key)) {
      unsupported(
        TITLE,
        `fetch() joins a repeated header into one line, so the ${name} values cannot be sent as separate lines`,
      );
    }
    seen.add(key);
    if (SET_BY_FETCH.has(key)) {
      warnings.push({
        code: "HEADER_SET_BY_CLIENT",
        message: `fetch() sets ${name} itself; the request's value is not sent`,
        header: key,
      });
    }
    // Headers are ByteStrings: é would go out as one Latin-1 byte, 😀 throws.
    if (isNonAscii(value)) {
      unsupported(
        TITLE,
        `fetch() sends header values as Latin-1, so the UTF-8 text of ${name} cannot be sent`,
      );
    }
  }
  return { code: fetchCode(request, options), warnings };
}

/**
 * JavaScript `fetch()`, the code `fetch.toCode` writes (`pretty`, `async`).
 *
 * @example Usage
 * ```ts
 * import { findTarget } from "@switchyard/switchyard/code";
 * const fetchTarget = findTarget("fetch");
 * const { code } = fetchTarget.generate({ method: "GET", url: "https://a.test/", headers: {} }, { async: true });
 * console.log(code.startsWith('const response = await fetch("https://a.test/")')); // true
 * ```
 */
export const fetchTarget: CodeTarget = {
  id: "fetch",
  language: "JavaScript",
  title: TITLE,
  generate,
};
