/**
 * Body parsing: detect what a body is and pretty-print it.
 *
 * Decisions:
 * - Types: `json`, `xml`, `html`, `form` (`application/x-www-form-urlencoded`),
 *   `text`, and `empty` (an empty or white-space-only body).
 * - The content type decides first (`application/json`, any `…+json`,
 *   `text/json`; `application/xml`, `text/xml`, any `…+xml`; `text/html`,
 *   `application/xhtml+xml`; `application/x-www-form-urlencoded`), but only
 *   when the body really has that form: invalid JSON is never `json`, and
 *   XML/HTML must start with `<`. Otherwise the body is sniffed: `{`/`[`
 *   and valid JSON is `json`; `<` is `html` when it has a doctype, an
 *   `<html>` element or starts with a common HTML element, else `xml`;
 *   `name=value&…` without white space (at least one `=`) is `form`; the
 *   rest is `text`.
 * - JSON is re-indented with two spaces (the layout of `JSON.stringify(v,
 *   null, 2)`) by a validating formatter that copies every number and string
 *   exactly as written: integers beyond 2^53, long decimals and `\u` escapes
 *   survive unchanged.
 * - XML and HTML get one tag per line, indented two spaces per level; a leaf
 *   element with short text stays on one line. Text is trimmed at its ends;
 *   comments, CDATA, declarations and the contents of `<pre>`, `<script>`,
 *   `<style>` and `<textarea>` are copied untouched. HTML void elements
 *   (`<br>`, `<img>` …) do not indent. For JSON and markup alike, indentation
 *   stops growing after 100 levels, and `formatted` is never longer than
 *   8 × the input's length + 65,536 characters: when indentation would pass
 *   that (hostile nesting such as a megabyte of `[[[…` or `<a><a>…`), it is
 *   capped at 32, 8, 2 and then 0 levels, the first that fits (without
 *   indentation, one line per token, the output is at most twice the input).
 *   Only whitespace is added, so nothing is lost. A close tag closes the innermost open element of its
 *   name and any left open inside it; one matching no open element closes
 *   nothing. Formatting takes linear time, mismatched tags included.
 * - Form bodies print one `name = value` line per pair, percent- and
 *   `+`-decoded: every valid escape is decoded, runs of them as UTF-8, and
 *   only a malformed escape or an escaped byte that is not UTF-8 stays as
 *   written (`50%+Jos%C3%A9` → `50% José`); a pair without `=` prints only
 *   its name; control characters in names and values are shown as `\n`,
 *   `\r`, `\t` or `\uXXXX` so that each pair stays on its line.
 * - Text is returned unchanged. `raw` is always the input as given.
 *
 * @example JSON with a big integer
 * ```ts
 * import { parseBody } from "@switchyard/switchyard/body";
 * const body = parseBody('{"id":9007199254740993,"tags":["a"]}', "application/json");
 * console.log(body.type); // "json"
 * console.log(body.formatted);
 * // {
 * //   "id": 9007199254740993,
 * //   "tags": [
 * //     "a"
 * //   ]
 * // }
 * ```
 *
 * @module
 */
import { ConversionError } from "./errors.ts";
import { formatJson } from "./_json_format.ts";
import { formatMarkup } from "./_markup_format.ts";
import { withinBudget } from "./_format_budget.ts";

import { percentDecode } from "./_percent_decode.ts";

/**
 * The kinds of body {@linkcode parseBody} detects.
 *
 * @example Usage
 * ```ts
 * import type { BodyType } from "@switchyard/switchyard/body";
 * const type: BodyType = "form";
 * ```
 */
export type BodyType = "json" | "xml" | "html" | "form" | "text" | "empty";

/**
 * The result of {@linkcode parseBody}.
 *
 * @example Usage
 * ```ts
 * import type { ParsedBody } from "@switchyard/switchyard/body";
 * const parsed: ParsedBody = { type: "text", formatted: "hi", raw: "hi" };
 * ```
 */
export interface ParsedBody {
  /** What the body is. */
  type: BodyType;
  /** The body pretty-printed for reading (the raw text for `text`, `""` for `empty`). */
  formatted: string;
  /** The body exactly as given. */
  raw: string;
}

const FORM = /^[^=&\s]+(?:=[^&\s]*)?(?:&[^=&\s]+(?:=[^&\s]*)?)*$/;
const HTML_START =
  /^(?:<!--[^]*?-->\s*)*<(?:!doctype\s+html|html|head|body|div|p|span|a|table|ul|ol|li|h[1-6]|form|section|article|nav|header|footer|main|script|style|link|meta|title|img|br)[\s>/]/i;

function declaredType(contentType: string | undefined): BodyType | undefined {
  if (contentType === undefined) return undefined;
  const media = contentType.split(";")[0].trim().toLowerCase();
  if (
    media === "application/json" || media === "text/json" ||
    media.endsWith("+json")
  ) {
    return "json";
  }
  if (media === "text/html" || media === "application/xhtml+xml") return "html";
  if (
    media === "application/xml" || media === "text/xml" ||
    media.endsWith("+xml")
  ) {
    return "xml";
  }
  if (media === "application/x-www-form-urlencoded") return "form";
  return undefined;
}

function decodeComponent(text: string): string {
  return percentDecode(text, true);
}

function showControls(text: string): string {
  // deno-lint-ignore no-control-regex -- control characters are what it finds
  return text.replace(/[\x00-\x1f\x7f]/g, (char) => {
    const named: Record<string, string> = {
      "\n": "\\n",
      "\r": "\\r",
      "\t": "\\t",
    };
    return named[char] ??
      `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}

function formatForm(text: string): string {
  const lines: string[] = [];
  for (const pair of text.trim().split("&")) {
    if (pair === "") continue;
    const eq = pair.indexOf("=");
    const name = showControls(
      decodeComponent(eq === -1 ? pair : pair.slice(0, eq)),
    );
    lines.push(
      eq === -1
        ? name
        : `${name} = ${showControls(decodeComponent(pair.slice(eq + 1)))}`,
    );
  }
  return lines.join("\n");
}

function markupType(trimmed: string): "html" | "xml" {
  return HTML_START.test(trimmed.slice(0, 4096)) ? "html" : "xml";
}

/**
 * Detects a body's type and pretty-prints it.
 *
 * @param text The body text.
 * @param contentType The `content-type` header value, if known (parameters such as `charset` are ignored).
 * @returns The type, the formatted text and the raw text.
 * @throws {ConversionError} `INVALID_INPUT` when `text` (or a given `contentType`) is not a string; never for any string.
 *
 * @example Form, HTML and plain text
 * ```ts
 * import { parseBody } from "@switchyard/switchyard/body";
 * console.log(parseBody("name=Ada+Lovelace&lang=en").formatted);
 * // name = Ada Lovelace
 * // lang = en
 * console.log(parseBody("<ul><li>one</li><li>two</li></ul>", "text/html").formatted);
 * // <ul>
 * //   <li>one</li>
 * //   <li>two</li>
 * // </ul>
 * console.log(parseBody("hello", "text/plain").type); // "text"
 * console.log(parseBody("{not json", "application/json").type); // "text"
 * ```
 */
export function parseBody(text: string, contentType?: string): ParsedBody {
  if (typeof text !== "string") {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: `parseBody expects the body as a string, got ${
        text === null ? "null" : typeof text
      }`,
    });
  }
  if (contentType !== undefined && typeof contentType !== "string") {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: "parseBody: contentType must be a string",
    });
  }
  const raw = text;
  const trimmed = text.trim();
  if (trimmed === "") return { type: "empty", formatted: "", raw };
  const declared = declaredType(contentType);
  const looksLikeMarkup = trimmed.startsWith("<");
  if (
    declared === "json" || trimmed.startsWith("{") || trimmed.startsWith("[")
  ) {
    const formatted = withinBudget(
      text.length,
      (depth, budget) => formatJson(text, depth, budget),
    );
    if (formatted !== undefined) return { type: "json", formatted, raw };
  }
  if ((declared === "xml" || declared === "html") && looksLikeMarkup) {
    return {
      type: declared,
      formatted: boundedMarkup(trimmed, declared === "html"),
      raw,
    };
  }
  if (declared === "form") {
    return { type: "form", formatted: formatForm(text), raw };
  }
  if (looksLikeMarkup) {
    const type = markupType(trimmed);
    return { type, formatted: boundedMarkup(trimmed, type === "html"), raw };
  }
  if (trimmed.includes("=") && FORM.test(trimmed)) {
    return { type: "form", formatted: formatForm(text), raw };
  }
  return { type: "text", formatted: text, raw };
}

/** Markup formatted within the output budget of _format_budget.ts. */
function boundedMarkup(text: string, html: boolean): string {
  return withinBudget(
    text.length,
    (depth, budget) => formatMarkup(text, html, depth, budget),
  );
}
