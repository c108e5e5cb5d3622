// Request → curl command text that bash hands to curl with every value intact.
import { ConversionError } from "./errors.ts";
import type { HttpRequest } from "./types.ts";
import { getHeader, headerEntries } from "./_message.ts";
import { isBlankHeaderValue } from "./_curl_options.ts";
import { checkSendableRequest } from "./_sendable.ts";
import { COMPRESSED_ACCEPT_ENCODING } from "./_curl_command.ts";

// Control characters (other than LF) would be mangled by a terminal on paste
// (CR becomes LF, TAB triggers completion), so such words use $'…'.
// deno-lint-ignore no-control-regex
const NEEDS_ANSI_C = /[\x00-\x09\x0b-\x1f\x7f]/;
// deno-lint-ignore no-control-regex
const ANSI_C_ESCAPES = /[\x00-\x1f\x7f\\']/g;

/**
 * Quotes one word for bash. Plain single quotes (an apostrophe becomes
 * `'\''`) keep every byte literal; words with control characters use `$'…'`
 * with escapes. Either way nothing inside can end the quoting or expand.
 */
export function quoteShell(word: string, what: string): string {
  if (word.includes("\0")) {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message:
        `The ${what} contains NUL, which no command-line argument can carry`,
    });
  }
  if (NEEDS_ANSI_C.test(word)) {
    return "$'" + word.replace(ANSI_C_ESCAPES, (c) => {
      if (c === "\\") return "\\\\";
      if (c === "'") return "\\'";
      if (c === "\n") return "\\n";
      if (c === "\r") return "\\r";
      if (c === "\t") return "\\t";
      return "\\x" + c.charCodeAt(0).toString(16).padStart(2, "0");
    }) + "'";
  }
  return "'" + word.replace(/'/g, "'\\''") + "'";
}

function versionFlag(version: string | undefined): string | undefined {
  if (version === undefined) return undefined;
  const digits = version.replace(/^HTTP\//i, "");
  if (digits === "1.0") return "--http1.0";
  if (digits === "2" || digits === "2.0") return "--http2";
  if (digits === "3" || digits === "3.0") return "--http3";
  return undefined; // 1.1 is what curl negotiates for http:// anyway
}

// curl refuses a URL holding a space or a control character (exit code 3),
// so those are percent-encoded: no raw one can be sent in a request line, and
// the encoded URL names the same resource (WHATWG URL encodes them the same).
// deno-lint-ignore no-control-regex
const URL_JUNK = /[\x00-\x20\x7f]/g;

/** `url` with spaces and control characters percent-encoded. */
export function curlUrl(url: string): string {
  return url.replace(
    URL_JUNK,
    (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0"),
  );
}

/** Whether the URL's path (before `?`/`#`) holds a `.` or `..` segment. */
export function hasDotSegments(url: string): boolean {
  if (!url.includes("/.")) return false; // the common case, natively
  let i = 0;
  const scheme = url.indexOf("://");
  if (scheme !== -1) {
    // Skip the authority: the path starts at the first "/" after it.
    for (i = scheme + 3; i < url.length; i++) {
      const code = url.charCodeAt(i);
      if (code === 0x2f) break; // /
      if (code === 0x3f || code === 0x23) return false; // ? #: no path
    }
  }
  for (; i < url.length; i++) {
    const code = url.charCodeAt(i);
    if (code === 0x3f || code === 0x23) return false;
    if (code !== 0x2e || url.charCodeAt(i - 1) !== 0x2f) continue;
    // "/." or "/..", then the segment's end.
    const end = url.charCodeAt(i + 1) === 0x2e ? i + 2 : i + 1;
    const next = url.charCodeAt(end);
    if (end === url.length || next === 0x2f || next === 0x3f || next === 0x23) {
      return true;
    }
  }
  return false;
}

/** The curl arguments for `request`, each already quoted. */
export function curlArguments(request: HttpRequest): string[] {
  checkSendableRequest(request);
  const args: string[] = [];
  const url = curlUrl(request.url);
  const hasBody = request.body !== undefined;
  // An argument curl would read as an option must be given through --url.
  if (url.startsWith("-")) args.push("--url " + quoteShell(url, "URL"));
  else args.push(quoteShell(url, "URL"));
  // curl globs [] and {} in URLs; -g keeps them literal.
  if (/[[\]{}]/.test(url)) args.push("--globoff");
  // curl removes . and .. segments from the path; the request has them.
  if (hasDotSegments(url)) args.push("--path-as-is");
  const method = request.method;
  if (method === "HEAD" && !hasBody) args.push("--head");
  else if (method !== (hasBody ? "POST" : "GET")) {
    args.push("-X " + quoteShell(method, "method"));
  }
  const version = versionFlag(request.httpVersion);
  if (version) args.push(version);
  // The header --compressed sends (what toRequest reads it as) is written
  // back as --compressed: curl then also decodes the response, as the
  // original command did; a bare header would print the encoded bytes.
  let encodings = 0;
  let compressedAt = -1;
  for (const [name, value] of headerEntries(request.headers)) {
    if (name.length === 15 && name.toLowerCase() === "accept-encoding") {
      encodings++;
      if (value.trim() === COMPRESSED_ACCEPT_ENCODING) {
        compressedAt = args.length;
      }
    }
    // curl's "Name;" form sends an empty header; "Name:" with nothing but
    // blanks after it would remove it, so a blank value goes that way too.
    args.push(
      "-H " +
        quoteShell(
          isBlankHeaderValue(value) ? `${name};` : `${name}: ${value}`,
          `header ${name}`,
        ),
    );
  }
  if (encodings === 1 && compressedAt !== -1) {
    args[compressedAt] = "--compressed";
  }
  if (hasBody) {
    // Without this, curl would add its own form content type.
    if (getHeader(request.headers, "content-type") === undefined) {
      args.push("-H 'Content-Type:'");
    }
    args.push("--data-raw " + quoteShell(request.body as string, "body"));
  }
  return args;
}

/** The whole command, on one line or one option per line. */
export function curlCommand(request: HttpRequest, pretty: boolean): string {
  const args = curlArguments(request);
  return pretty ? "curl " + args.join(" \\\n  ") : "curl " + args.join(" ");
}
