// curl's URL handling: the scheme guess, credentials in the URL, the query
// that -G and --url-query add, -T naming, and the URL-encoding of
// --data-urlencode / --url-query.
import { ConversionError } from "./errors.ts";
import {
  type CurlCommand,
  fileReference,
  wellFormed,
} from "./_curl_command.ts";
import type { ShellWord } from "./_curl_words.ts";
import { percentDecode } from "./_percent_decode.ts";

/**
 * curl's --data-urlencode escaping (checked against curl 7.88): every byte
 * except ALPHA / DIGIT / "-" / "." / "_" / "~" is percent-encoded, and a
 * space becomes "+".
 */
export function curlEscape(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]|%20/g,
    (c) => c === "%20" ? "+" : "%" + c.charCodeAt(0).toString(16).toUpperCase(),
  );
}

/** `--data-urlencode` / `--url-query` argument forms: content, =content, name=content, @file, name@file. */
export function urlencodeArgument(
  cmd: CurlCommand,
  arg: string,
  written: string,
  at: number,
): string {
  wellFormed(arg, written, at);
  const eq = arg.indexOf("=");
  if (eq !== -1) {
    const content = curlEscape(arg.slice(eq + 1));
    return eq === 0 ? content : arg.slice(0, eq) + "=" + content;
  }
  const atSign = arg.indexOf("@");
  if (arg.slice(atSign + 1) === "-" && cmd.stdin !== undefined) {
    // `@-` and `name@-` encode the standard input, line ends and all.
    const content = curlEscape(cmd.readStdin());
    return atSign === 0 ? content : arg.slice(0, atSign) + "=" + content;
  }
  if (atSign !== -1) {
    fileReference(
      cmd,
      written,
      at,
      arg,
      "URL-encodes a file, which is never read; the reference is kept as text",
    );
    return arg;
  }
  return curlEscape(arg);
}
/** `query` added to the URL's query: after `?`, or `&` when it has one (curl treats a bare `?` as none). */
export function appendQuery(url: string, query: string): string {
  if (query === "") return url;
  const hash = url.indexOf("#");
  const base = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? "" : url.slice(hash);
  const separator = !base.includes("?") ? "?" : base.endsWith("?") ? "" : "&";
  return base + separator + query + fragment;
}

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;

// curl's URL parser refuses controls and the space anywhere in a URL
// ("Malformed input to a URL function", exit code 3).
// deno-lint-ignore no-control-regex
const URL_JUNK = /[\x00-\x20\x7f]/;

/** `url`, or INVALID_URL at the URL word when curl would refuse it. */
export function checkedUrl(
  url: string,
  word: ShellWord,
  source: string,
): string {
  if (!URL_JUNK.test(url)) return url;
  throw new ConversionError({
    code: "INVALID_URL",
    message:
      `The URL with the ${source} contains a space or control character, which curl rejects as malformed; write it percent-encoded (%20)`,
    offset: word.offset,
  });
}

/**
 * curl's -T naming: when the URL's path ends in "/", curl appends the
 * uploaded file's name (without directories): every byte but ALPHA / DIGIT /
 * "-" / "." / "_" / "~" percent-encoded, in lower-case hex as curl 7.88 sends
 * it (checked on the wire: `it's*é` → `it%27s%2a%c3%a9`). Standard input
 * (`-` or `.`) adds nothing.
 */
export function uploadUrl(url: string, file: string): string {
  if (file === "-" || file === ".") return url;
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.endsWith("/")) return url;
  const name = file.slice(
    Math.max(file.lastIndexOf("/"), file.lastIndexOf("\\")) + 1,
  );
  const escaped = encodeURIComponent(name).replace(
    /[!'()*]|%[0-9A-F]{2}/g,
    (c) =>
      c.length === 3 ? c.toLowerCase() : "%" + c.charCodeAt(0).toString(16),
  );
  return path + escaped + (end === -1 ? "" : url.slice(end));
}

/** curl's URL defaults: a missing scheme is guessed, an empty path is "/", userinfo becomes Basic auth. */
export function normalizeUrl(
  word: ShellWord,
  protoDefault: string | undefined,
  pathAsIs = false,
): { url: string; credentials?: string } {
  const raw = word.value;
  if (raw === "" || URL_JUNK.test(raw)) {
    throw new ConversionError({
      code: "INVALID_URL",
      message: raw === ""
        ? "The URL is empty"
        : "The URL contains a space or control character, which curl rejects as malformed; write it percent-encoded (%20)",
      offset: word.offset,
    });
  }
  if (raw.startsWith("/")) return { url: curlPath(raw, 0, pathAsIs, word) };
  let url = raw;
  const scheme = SCHEME.exec(raw);
  if (!scheme) url = (protoDefault ?? guessScheme(raw)) + "://" + raw;
  const authorityStart = url.indexOf("://") + 3;
  let authorityEnd = url.slice(authorityStart).search(/[/?#]/);
  authorityEnd = authorityEnd === -1
    ? url.length
    : authorityStart + authorityEnd;
  const authority = url.slice(authorityStart, authorityEnd);
  if (authority === "") {
    throw new ConversionError({
      code: "INVALID_URL",
      message: `${JSON.stringify(raw)} has no host`,
      offset: word.offset,
    });
  }
  let credentials: string | undefined;
  const at = authority.lastIndexOf("@");
  if (at !== -1) {
    credentials = percentDecode(authority.slice(0, at), false);
    url = url.slice(0, authorityStart) + authority.slice(at + 1) +
      url.slice(authorityEnd);
    authorityEnd -= at + 1;
  }
  if (url[authorityEnd] !== "/") {
    url = url.slice(0, authorityEnd) + "/" + url.slice(authorityEnd);
  }
  url = curlPath(url, authorityEnd, pathAsIs, word);
  return credentials === undefined ? { url } : { url, credentials };
}

function guessScheme(raw: string): string {
  const host = raw.toLowerCase();
  for (const scheme of ["ftp", "dict", "ldap", "imap", "smtp", "pop3"]) {
    if (host.startsWith(scheme + ".")) return scheme;
  }
  return "http";
}

/**
 * The URL with its path (from `start` to the query or fragment) as curl
 * 7.88 sends it (checked on the wire): `.` and `..` segments removed as RFC
 * 3986 section 5.2.4 says, unless --path-as-is (`%2e` is not a dot: kept);
 * then every non-ASCII character percent-encoded as its UTF-8 bytes in
 * lower-case hex (`/café` → `/caf%c3%a9`). The query is sent as written.
 */
function curlPath(
  url: string,
  start: number,
  pathAsIs: boolean,
  word: ShellWord,
): string {
  // One pass finds the path's end and whether it needs any work at all (a
  // dot, or a character beyond ASCII); most paths need none.
  let end = start;
  let plain = true;
  for (; end < url.length; end++) {
    const code = url.charCodeAt(end);
    if (code === 0x3f || code === 0x23) break; // ? #
    if (code === 0x2e || code >= 0x80) plain = false;
  }
  if (plain) return url;
  let path = url.slice(start, end);
  if (!pathAsIs) path = removeDotSegments(path);
  if (!path.isWellFormed()) {
    throw new ConversionError({
      code: "INVALID_URL",
      message:
        "The URL's path holds a lone UTF-16 surrogate, which has no UTF-8 form to percent-encode",
      offset: word.offset,
    });
  }
  path = path.replace(
    /[\u0080-\u{10ffff}]+/gu,
    (text) =>
      Array.from(
        new TextEncoder().encode(text),
        (byte) => "%" + byte.toString(16).padStart(2, "0"),
      ).join(""),
  );
  return url.slice(0, start) + path + url.slice(end);
}

/** RFC 3986 section 5.2.4 on an absolute path. */
function removeDotSegments(path: string): string {
  if (!/(^|\/)\.\.?(\/|$)/.test(path)) return path;
  const segments = path.split("/").slice(1);
  const out: string[] = [];
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === ".") {
      if (last) out.push("");
    } else if (segment === "..") {
      out.pop();
      if (last) out.push("");
    } else out.push(segment);
  });
  return "/" + out.join("/");
}
