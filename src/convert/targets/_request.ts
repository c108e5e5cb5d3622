// The request as a target writes it: checked once, the way every target
// needs it (absolute URL, header values as the wire carries them, refusals
// for what the client cannot send), so each target only formats.
import { ConversionError } from "../errors.ts";
import type { HttpRequest } from "../types.ts";
import { headerEntries } from "../_message.ts";
import { checkSendableRequest } from "../_sendable.ts";
import { curlUrl, hasDotSegments } from "../_curl_generate.ts";
import { ABSOLUTE_URL, trimBlanks } from "../_http_text.ts";
import type { CodeWarning } from "./target.ts";

/** What a client can express; a request beyond it is refused. */
export interface ClientLimits {
  /** The target's title, for messages. */
  title: string;
  /** The client upper-cases the method (requests, httpx, node:http, axios). */
  upperCasesMethod?: boolean;
  /** The client sends each name once (a repeated header would be joined). */
  oneValuePerName?: boolean;
  /**
   * The client removes the path's `.` and `..` segments before sending
   * (httpx, wget: `"dots"`), or also reads `%2e` as a dot (`"dots and
   * %2e"`: a WHATWG URL, which removes those too, and requests, which sends
   * them decoded), so such a path reaches another resource than the
   * request names.
   */
  removesDotSegments?: "dots" | "dots and %2e";
}

/** A request ready to format. */
export interface TargetRequest {
  method: string;
  /** Absolute, with spaces and control characters percent-encoded. */
  url: string;
  /** In order, names as the request has them, values without outer blanks. */
  headers: Array<[string, string]>;
  body?: string;
  httpVersion?: string;
  warnings: CodeWarning[];
}

const LONE_SURROGATE =
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function wellFormed(text: string, what: string, warnings: CodeWarning[]) {
  if (!LONE_SURROGATE.test(text)) return text;
  LONE_SURROGATE.lastIndex = 0;
  warnings.push({
    code: "LONE_SURROGATE_REPLACED",
    message: `the ${what} holds a lone surrogate, sent as U+FFFD`,
  });
  return text.replace(LONE_SURROGATE, "\ufffd");
}

/** Throws `UNSUPPORTED_BY_TARGET` with `message`. */
export function unsupported(title: string, message: string): never {
  throw new ConversionError({
    code: "UNSUPPORTED_BY_TARGET",
    message: `${title}: ${message}`,
  });
}

/** Whether a client that removes `which` dot segments would change `url`'s path. */
export function removesDotSegments(
  url: string,
  which: ClientLimits["removesDotSegments"],
): boolean {
  if (which === undefined) return false;
  // WHATWG URL and requests read `%2e` (either case) as a dot in a path segment.
  return hasDotSegments(which === "dots" ? url : url.replace(/%2e/gi, "."));
}

/** A URL's scheme and authority, then its path (up to `?` or `#`). */
const PATH = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*)([^?#]*)/;

/**
 * `url` with each `\` of its path written `%5C`. A WHATWG URL (fetch,
 * node:http, axios) reads a `\` in an http(s) URL's path as `/`, so `/a\b`
 * would reach `/a/b` and `/a\..\b` `/b`; `%5C` is the escape of the `\`
 * curl sends as typed, and names the same resource (Python, Go, Ruby and
 * Java send it so too). A query keeps its `\`: WHATWG leaves it there.
 */
export function escapePathBackslashes(url: string): string {
  return url.replace(
    PATH,
    (_, head: string, path: string) => head + path.replaceAll("\\", "%5C"),
  );
}

/**
 * The request target a client sends for the absolute `url`: its path and
 * query as written (`/` when it has no path), without the fragment, any
 * character outside printable ASCII as its UTF-8 escapes (a raw one would go
 * out as Latin-1, or be refused).
 */
export function requestTarget(url: string): string {
  const match = PATH.exec(url);
  let target = match === null ? url : url.slice(match[1].length);
  const hash = target.indexOf("#");
  if (hash !== -1) target = target.slice(0, hash);
  if (!target.startsWith("/")) target = "/" + target;
  return target.replace(/[^\x21-\x7e]+/g, encodeURIComponent);
}

/** UNSUPPORTED_BY_TARGET: the client would send the path without its dot segments. */
export function refuseDotSegments(title: string): never {
  unsupported(
    title,
    "the client removes the . and .. segments of the URL's path (or sends %2e ones as dots), so the request would reach another path than the one it names",
  );
}

/**
 * MISSING_URL unless `url` is a string that is not empty: no target can
 * send a request without one (a JavaScript caller may pass anything).
 */
export function assertUrl(url: unknown): asserts url is string {
  if (typeof url !== "string" || url === "") {
    throw new ConversionError({
      code: "MISSING_URL",
      message: "the request has no URL",
    });
  }
}

/**
 * The checked request. A path-only URL is made absolute from the `host`
 * header (a raw HTTP message's form); without one it is `INVALID_URL`.
 */
export function targetRequest(
  request: HttpRequest,
  limits: ClientLimits,
): TargetRequest {
  checkSendableRequest(request);
  const warnings: CodeWarning[] = [];
  const headers = headerEntries(request.headers).map((
    [name, value],
  ): [string, string] => [
    name,
    wellFormed(trimBlanks(value), `header ${name}`, warnings),
  ]);
  let url = request.url;
  assertUrl(url);
  if (!ABSOLUTE_URL.test(url)) {
    const host = headers.find(([name]) => name.toLowerCase() === "host")?.[1];
    if (host === undefined || !url.startsWith("/")) {
      throw new ConversionError({
        code: "INVALID_URL",
        message: `the URL ${
          JSON.stringify(url)
        } is not absolute and no host header names the server`,
      });
    }
    url = `http://${host}${url}`;
  }
  url = curlUrl(wellFormed(url, "URL", warnings));
  if (removesDotSegments(url, limits.removesDotSegments)) {
    refuseDotSegments(limits.title);
  }
  const method = request.method;
  if (limits.upperCasesMethod && method !== method.toUpperCase()) {
    unsupported(
      limits.title,
      `the client upper-cases the method, so ${
        JSON.stringify(method)
      } would be sent as ${JSON.stringify(method.toUpperCase())}`,
    );
  }
  if (limits.oneValuePerName) {
    const seen = new Set<string>();
    for (const [name] of headers) {
      const key = name.toLowerCase();
      if (seen.has(key)) {
        unsupported(
          limits.title,
          `the client sends each header name once, so the repeated ${name} header cannot be sent as separate lines (join the values with ", " if the header is a list)`,
        );
      }
      seen.add(key);
    }
  }
  const out: TargetRequest = { method, url, headers, warnings };
  if (request.body !== undefined) {
    out.body = wellFormed(request.body, "body", warnings);
  }
  if (request.httpVersion !== undefined) out.httpVersion = request.httpVersion;
  return out;
}

/**
 * A warning unless the request asks for HTTP/1.1 (or nothing): the client
 * writes HTTP/1.1 in its request line, for a request that asked for HTTP/1.0
 * as for 2 or 3.
 */
export function onlyHttp1(request: TargetRequest, title: string): void {
  const version = request.httpVersion?.replace(/^HTTP\//i, "");
  if (version === undefined || version === "1.1") return;
  request.warnings.push({
    code: "HTTP_VERSION_IGNORED",
    message: `${title} sends HTTP/1.1; the request asked for HTTP/${version}`,
  });
}

/** Whether `text` has a character outside ASCII. */
export function isNonAscii(text: string): boolean {
  // deno-lint-ignore no-control-regex
  return /[^\x00-\x7f]/.test(text);
}
