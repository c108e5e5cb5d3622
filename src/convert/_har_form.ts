// Query strings and form bodies as HAR sees them: `queryString` and
// `postData.params` hold decoded text, URLs and bodies hold encoded text.
import { ConversionError } from "./errors.ts";
import { percentDecode } from "./_percent_decode.ts";
import type { HarNameValue, HarParam } from "./har_types.ts";

/** The media type of `application/x-www-form-urlencoded` bodies. */
export const FORM_TYPE = "application/x-www-form-urlencoded";

/** The media type of a content-type value, lowercase, without parameters. */
export function mediaType(contentType: string): string {
  const semi = contentType.indexOf(";");
  return (semi === -1 ? contentType : contentType.slice(0, semi)).trim()
    .toLowerCase();
}

/** Query part of a URL (no `?`, no fragment). */
export function queryOf(url: string): string {
  const hash = url.indexOf("#");
  const withoutHash = hash === -1 ? url : url.slice(0, hash);
  const question = withoutHash.indexOf("?");
  return question === -1 ? "" : withoutHash.slice(question + 1);
}

/** Splits `a=1&b=2` into decoded pairs; empty segments are skipped. */
export function parsePairs(query: string): HarNameValue[] {
  const pairs: HarNameValue[] = [];
  forEachPair(query, (name, value) => {
    pairs.push({
      name: decodeFormComponent(name),
      value: decodeFormComponent(value),
    });
  });
  return pairs;
}

/**
 * Appends queryString pairs the URL does not already carry. A pair counts as
 * carried when the URL has it as written (Chrome exports) or decoded
 * (Firefox exports); each URL pair vouches for one queryString pair only.
 * `path` is the queryString field's, for the error of a pair that cannot be
 * percent-encoded.
 */
export function mergeQuery(
  url: string,
  queryString: HarNameValue[],
  path: string,
): string {
  if (queryString.length === 0) return url;
  const hash = url.indexOf("#");
  const fragment = hash === -1 ? "" : url.slice(hash);
  const beforeHash = hash === -1 ? url : url.slice(0, hash);
  const question = beforeHash.indexOf("?");
  const query = question === -1 ? "" : beforeHash.slice(question + 1);
  const carried = carriedPairs(query);
  const missing: string[] = [];
  queryString.forEach(({ name, value }, i) => {
    if (
      takePair(carried, `${name}\0${value}`) ||
      takePair(carried, `${safeDecode(name)}\0${safeDecode(value)}`)
    ) return;
    // %20 rather than "+": a space in a query is only "+" to form decoders.
    missing.push(
      `${percentEncode(name, `${path}[${i}].name`)}=${
        percentEncode(value, `${path}[${i}].value`)
      }`,
    );
  });
  if (missing.length === 0) return url;
  const separator = question === -1 ? "?" : query === "" ? "" : "&";
  return `${beforeHash}${separator}${missing.join("&")}${fragment}`;
}

/**
 * An `application/x-www-form-urlencoded` body of decoded params; `path` is
 * the params field's, for the error of a param that cannot be encoded.
 */
export function urlencodedBody(params: HarParam[], path: string): string {
  return params.map((p, i) =>
    `${encodeFormComponent(p.name, `${path}[${i}].name`)}=${
      encodeFormComponent(p.value ?? "", `${path}[${i}].value`)
    }`
  ).join("&");
}

/** A `multipart/form-data` body of params, as an HTML form would send it. */
export function multipartBody(params: HarParam[], boundary: string): string {
  let body = "";
  for (const param of params) {
    body += `--${boundary}\r\nContent-Disposition: form-data; name="${
      quoteMultipart(param.name)
    }"`;
    if (param.fileName !== undefined) {
      body += `; filename="${quoteMultipart(param.fileName)}"`;
    }
    body += "\r\n";
    if (param.contentType) body += `Content-Type: ${param.contentType}\r\n`;
    body += `\r\n${param.value ?? ""}\r\n`;
  }
  return `${body}--${boundary}--\r\n`;
}

/** The `boundary` parameter of a content-type value, if any. */
export function boundaryOf(contentType: string): string | undefined {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? match[1] ?? match[2] : undefined;
}

/**
 * A multipart mimeType without a boundary (as some exporters write it) gets
 * the boundary the body's first line uses, so the header matches the body.
 */
export function withBoundary(mimeType: string, body: string): string {
  if (
    !mediaType(mimeType).startsWith("multipart/") ||
    boundaryOf(mimeType) !== undefined
  ) return mimeType;
  const match = /^--([^\r\n]{1,70})\r?\n/.exec(body);
  return match ? `${mimeType}; boundary=${match[1]}` : mimeType;
}

/** Calls `visit` with the raw name and value of each non-empty segment. */
function forEachPair(
  query: string,
  visit: (name: string, value: string) => void,
): void {
  if (query === "") return;
  for (const segment of query.split("&")) {
    if (segment === "") continue;
    const eq = segment.indexOf("=");
    visit(
      eq === -1 ? segment : segment.slice(0, eq),
      eq === -1 ? "" : segment.slice(eq + 1),
    );
  }
}

/**
 * How often each `name\0value` of a query occurs: as written, decoded, and
 * decoded as URLSearchParams does it (bytes that are not UTF-8 as U+FFFD),
 * the forms exporters write; each distinct form counted once per pair.
 */
function carriedPairs(query: string): Map<string, number> {
  const counts = new Map<string, number>();
  const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  forEachPair(query, (name, value) => {
    const forms = new Set([
      `${name}\0${value}`,
      `${decodeFormComponent(name)}\0${decodeFormComponent(value)}`,
      `${percentDecode(name, true, "replace")}\0${
        percentDecode(value, true, "replace")
      }`,
    ]);
    for (const form of forms) count(form);
  });
  return counts;
}

/** Uses up one occurrence of `key`; false when none is left. */
function takePair(counts: Map<string, number>, key: string): boolean {
  const left = counts.get(key) ?? 0;
  if (left === 0) return false;
  counts.set(key, left - 1);
  return true;
}

/** Form decoding: `+` as space, every valid `%XX`; the rest as written. */
function decodeFormComponent(text: string): string {
  return percentDecode(text, true);
}

/** `%XX`-decodes (`+` stays); what is not a valid escape stays as written. */
function safeDecode(text: string): string {
  return percentDecode(text, false);
}

function encodeFormComponent(text: string, path: string): string {
  return percentEncode(text, path).replace(/%20/g, "+");
}

/**
 * encodeURIComponent, or INVALID_HAR at `path` for a lone UTF-16 surrogate
 * (legal in JSON text), which has no UTF-8 bytes to percent-encode; writing
 * U+FFFD in its place would change the value silently.
 */
function percentEncode(text: string, path: string): string {
  try {
    return encodeURIComponent(text);
  } catch (cause) {
    throw new ConversionError({
      code: "INVALID_HAR",
      message: `${path}: ${
        JSON.stringify(text.slice(0, 40))
      } has a lone UTF-16 surrogate, which has no UTF-8 percent-encoding`,
      path,
      cause,
    });
  }
}

/** The HTML form-data encoding: quote, CR and LF are percent-escaped. */
function quoteMultipart(text: string): string {
  return text.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}
