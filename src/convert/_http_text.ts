// The raw HTTP/1.x message grammar shared by string.ts (parse, stringify)
// and core.ts (detectType). Everything is a linear scan: no regular
// expression here can backtrack over a long line.
import { ConversionError } from "./errors.ts";
import type { ConversionErrorCodeValue } from "./errors.ts";
import { NOT_TOKEN_CHAR, TOKEN } from "../_http_token.ts";

/** Version digits accepted after `HTTP/` in a start line. */
export const VERSION: RegExp = /^(?:1\.[01]|[23](?:\.0)?)$/;
/** `scheme://…`: an absolute URL (authority-form `host:port` is not). */
export const ABSOLUTE_URL: RegExp = /^[A-Za-z][A-Za-z0-9+.\-]*:\/\//;
/** Characters that cannot appear in a request-target on the wire. */
// deno-lint-ignore no-control-regex -- control characters are what it finds
export const UNSAFE_TARGET_CHARS: RegExp = /[\x00-\x20\x7f]/g;
// deno-lint-ignore no-control-regex -- the same set, for search()
const UNSAFE_TARGET_CHAR = /[\x00-\x20\x7f]/;

/** One line of the message head: its text without the terminator, and where it starts. */
export interface Line {
  text: string;
  start: number;
}

/** A start line split into its three parts, with their offsets. */
export interface StartLine {
  parts: [string, string, string];
  offsets: [number, number, number];
}

export function fail(
  code: ConversionErrorCodeValue,
  message: string,
  offset: number,
): ConversionError {
  return new ConversionError({ code, message, offset });
}

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/**
 * The line that starts at `start`: text up to LF, a CR before the LF
 * removed; `next` is where the following line starts (-1 at the end).
 */
export function readLine(text: string, start: number): Line & { next: number } {
  const lf = text.indexOf("\n", start);
  const end = lf === -1 ? text.length : lf;
  const stop = end > start && text.charCodeAt(end - 1) === 0x0d ? end - 1 : end;
  return {
    text: text.slice(start, stop),
    start,
    next: lf === -1 ? -1 : lf + 1,
  };
}

/** Where the first line of content starts: empty lines before it are skipped (RFC 9112 §2.2). */
export function firstLineStart(text: string): number {
  let pos = 0;
  for (;;) {
    if (text.startsWith("\r\n", pos)) pos += 2;
    else if (text.startsWith("\n", pos)) pos += 1;
    else return pos;
  }
}

/**
 * Splits a start line at its first and last run of blanks: `METHOD target
 * HTTP/x` or `HTTP/x code reason`. Null when it has fewer than three parts.
 */
export function splitRequestLine(line: Line): StartLine | null {
  const text = line.text;
  let end = text.length;
  while (end > 0 && isBlank(text.charCodeAt(end - 1))) end--;
  let firstBlank = 0;
  while (firstBlank < end && !isBlank(text.charCodeAt(firstBlank))) {
    firstBlank++;
  }
  let lastBlank = end - 1;
  while (lastBlank > firstBlank && !isBlank(text.charCodeAt(lastBlank))) {
    lastBlank--;
  }
  if (firstBlank >= end || lastBlank <= firstBlank) return null;
  let targetStart = firstBlank;
  while (isBlank(text.charCodeAt(targetStart))) targetStart++;
  let targetEnd = lastBlank;
  while (isBlank(text.charCodeAt(targetEnd))) targetEnd--;
  if (targetStart > targetEnd) return null;
  return {
    parts: [
      text.slice(0, firstBlank),
      text.slice(targetStart, targetEnd + 1),
      text.slice(lastBlank + 1, end),
    ],
    offsets: [line.start, line.start + targetStart, line.start + lastBlank + 1],
  };
}

/** Parses a request line, or throws INVALID_REQUEST_LINE at the offending part. */
export function parseRequestLine(
  line: Line,
): { method: string; target: string; version: string } {
  const split = splitRequestLine(line);
  if (split === null) {
    throw fail(
      "INVALID_REQUEST_LINE",
      "expected a request line: METHOD target HTTP/version",
      line.start,
    );
  }
  const [method, target, protocol] = split.parts;
  const [methodAt, targetAt, versionAt] = split.offsets;
  if (!TOKEN.test(method)) {
    const bad = method.search(NOT_TOKEN_CHAR);
    throw fail(
      "INVALID_REQUEST_LINE",
      `the method ${JSON.stringify(method)} is not an HTTP token`,
      methodAt + Math.max(bad, 0),
    );
  }
  const badTarget = target.search(UNSAFE_TARGET_CHAR);
  if (badTarget !== -1) {
    throw fail(
      "INVALID_REQUEST_LINE",
      "the request target contains white space or a control character",
      targetAt + badTarget,
    );
  }
  // HTTP-name is case-sensitive in RFC 9112, but HAR files and tools built
  // on them write "http/2.0"; accepting it loses nothing.
  const version = /^http\//i.test(protocol) ? protocol.slice(5) : "";
  if (!VERSION.test(version)) {
    throw fail(
      "INVALID_REQUEST_LINE",
      `expected HTTP/1.0, HTTP/1.1, HTTP/2 or HTTP/3, found ${
        JSON.stringify(protocol.slice(0, 20))
      }`,
      versionAt,
    );
  }
  return { method, target, version };
}

/** Parses `HTTP/x code [reason]`, or throws INVALID_STATUS_LINE. */
export function parseStatusLine(
  line: Line,
): { version: string; status: number; reason: string } {
  const text = line.text;
  const match = /^HTTP\/([0-9.]{1,3})[ \t]+(\d{3})(?=[ \t]|$)/i.exec(text);
  if (match === null || !VERSION.test(match[1])) {
    throw fail(
      "INVALID_STATUS_LINE",
      "expected a status line: HTTP/version code reason",
      line.start,
    );
  }
  let reasonStart = match[0].length;
  while (isBlank(text.charCodeAt(reasonStart))) reasonStart++;
  let reasonEnd = text.length;
  while (reasonEnd > reasonStart && isBlank(text.charCodeAt(reasonEnd - 1))) {
    reasonEnd--;
  }
  const reason = text.slice(reasonStart, reasonEnd);
  const bad = reason.search(/[\r\0]/);
  if (bad !== -1) {
    throw fail(
      "INVALID_STATUS_LINE",
      "the reason phrase contains CR or NUL",
      line.start + reasonStart + bad,
    );
  }
  return { version: match[1], status: Number(match[2]), reason };
}

/** True when the first line of `text` looks like a request line. */
export function looksLikeRequest(text: string): boolean {
  return firstLineParses(text, parseRequestLine);
}

/** True when the first line of `text` looks like a status line. */
export function looksLikeResponse(text: string): boolean {
  return firstLineParses(text, parseStatusLine);
}

// Detection only: the parsers' errors (with offsets) matter when parsing.
function firstLineParses(
  text: string,
  parse: (line: Line) => unknown,
): boolean {
  try {
    parse(readLine(text, firstLineStart(text)));
    return true;
  } catch {
    return false;
  }
}

/** Trims SP and HTAB (optional white space), not other white space. */
export function trimBlanks(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isBlank(text.charCodeAt(start))) start++;
  while (end > start && isBlank(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

/** Throws INVALID_HEADER unless `name` is a token and `value` has no CR, LF or NUL. */
export function checkHeaderField(name: string, value: string): void {
  if (!TOKEN.test(name)) {
    throw new ConversionError({
      code: "INVALID_HEADER",
      message: `the header name ${JSON.stringify(name)} is not an HTTP token`,
    });
  }
  if (/[\r\n\0]/.test(value)) {
    throw new ConversionError({
      code: "INVALID_HEADER",
      message:
        `the value of header ${name} contains CR, LF or NUL, which would inject a line`,
    });
  }
}
