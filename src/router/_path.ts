// Request-path helpers used on the hot path: no URL object, no exceptions.

const HEX = "0123456789ABCDEF";

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 70) return code - 55;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

function isUnreserved(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) ||
    (code >= 48 && code <= 57) || code === 45 || code === 46 || code === 95 ||
    code === 126;
}

/**
 * The pathname of an absolute URL string (`Request.url`), without query or
 * fragment, normalized by {@linkcode normalizePercent} when it holds a `%`.
 */
export function getPath(url: string): string {
  const start = url.indexOf("/", url.indexOf(":") + 3);
  if (start === -1) return "/";
  // Native searches beat a per-character loop; a "?" inside the fragment
  // does not end the path earlier than the "#" that starts it.
  let end = url.indexOf("?", start);
  if (end === -1) end = url.length;
  const hash = url.indexOf("#", start);
  if (hash !== -1 && hash < end) end = hash;
  const path = url.slice(start, end);
  return path.indexOf("%") === -1 ? path : normalizePercent(path);
}

/**
 * RFC 3986 §6.2.2 normalization of percent-escapes: escapes of unreserved
 * characters are decoded and every other escape gets upper-case hex. Nothing
 * is decoded twice and `%2F` stays an escape, so a path keeps its segments.
 */
export function normalizePercent(path: string): string {
  let out = "";
  let last = 0;
  for (let i = path.indexOf("%"); i !== -1; i = path.indexOf("%", i + 1)) {
    const high = hexValue(path.charCodeAt(i + 1));
    const low = hexValue(path.charCodeAt(i + 2));
    if (high < 0 || low < 0) continue;
    const code = high * 16 + low;
    out += path.slice(last, i) +
      (isUnreserved(code)
        ? String.fromCharCode(code)
        : "%" + HEX[high] + HEX[low]);
    last = i + 3;
    i += 2;
  }
  return last === 0 ? path : out + path.slice(last);
}

const DECODER = new TextDecoder("utf-8", { fatal: true });

/**
 * Percent-decodes a path parameter. Runs of valid escapes that form UTF-8 are
 * decoded; a malformed escape or an invalid byte sequence stays as written.
 */
export function decodeParam(value: string): string {
  if (value.indexOf("%") === -1) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return decodeLeniently(value);
  }
}

function decodeLeniently(value: string): string {
  let out = "";
  let i = 0;
  while (i < value.length) {
    if (value.charCodeAt(i) !== 37) {
      out += value[i++];
      continue;
    }
    const start = i;
    const bytes: number[] = [];
    while (value.charCodeAt(i) === 37) {
      const high = hexValue(value.charCodeAt(i + 1));
      const low = hexValue(value.charCodeAt(i + 2));
      if (high < 0 || low < 0) break;
      bytes.push(high * 16 + low);
      i += 3;
    }
    if (bytes.length === 0) {
      out += value[i++];
      continue;
    }
    try {
      out += DECODER.decode(new Uint8Array(bytes));
    } catch {
      out += value.slice(start, i);
    }
  }
  return out;
}

/**
 * Encodes the literal text of a pattern the way a WHATWG URL parser encodes a
 * request path (space, quotes, `<`, `>`, backtick, braces, non-ASCII), so a
 * pattern written as `/café` matches the request path `/caf%C3%A9`.
 */
export function encodePathLiteral(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (
      code <= 0x20 || code >= 0x7f || char === '"' || char === "<" ||
      char === ">" || char === "`" || char === "{" || char === "}"
    ) {
      for (const byte of new TextEncoder().encode(char)) {
        out += "%" + HEX[byte >> 4] + HEX[byte & 15];
      }
    } else {
      out += char;
    }
  }
  return normalizePercent(out);
}

/** `path` with every run of "/" made one (`ignoreDuplicateSlashes`). */
export function collapseSlashes(path: string): string {
  return path.indexOf("//") === -1 ? path : path.replace(/\/{2,}/g, "/");
}
