// How a body substitution becomes text, by the body's media type: escaped
// for HTML and XML, JSON-encoded for JSON, as is for every other type.
import { escapeMarkup, markupText, RawText } from "./markup.ts";
import type { Part } from "./_template_parse.ts";

/** How the substitutions of one body become text. */
export interface BodyEncoding {
  /** The text of a value that is not bytes, a Blob or a stream, at body part `part`. */
  value(value: unknown, part: number): string;
  /** A text chunk read from a stream substituted at body part `part`. */
  chunk(text: string, part: number): string;
}

/** Other media types: the value's text as is; `null`/`undefined` nothing. */
export const PLAIN: BodyEncoding = {
  value: (value) =>
    typeof value === "string"
      ? value
      : value === null || value === undefined
      ? ""
      : String(value),
  chunk: (text) => text,
};

const MARKUP: BodyEncoding = {
  value: markupText,
  chunk: escapeMarkup,
};

function essence(contentType: string): string {
  const semicolon = contentType.indexOf(";");
  return (semicolon === -1 ? contentType : contentType.slice(0, semicolon))
    .trim().toLowerCase();
}

function isMarkup(type: string): boolean {
  return type === "text/html" || type === "application/xhtml+xml" ||
    type === "text/xml" || type === "application/xml" ||
    type.endsWith("+xml");
}

function isJson(type: string): boolean {
  return type === "application/json" || type.endsWith("+json");
}

/**
 * The substitution parts of a JSON body that sit inside a string literal of
 * the template text (between unescaped double quotes).
 */
function partsInStrings(body: readonly Part[]): ReadonlySet<number> {
  const inside = new Set<number>();
  let inString = false;
  let escaped = false;
  for (const part of body) {
    if (typeof part === "number") {
      if (inString) inside.add(part);
      escaped = false;
      continue;
    }
    for (let i = 0; i < part.length; i++) {
      const char = part[i];
      if (escaped) escaped = false;
      else if (char === "\\" && inString) escaped = true;
      else if (char === '"') inString = !inString;
    }
  }
  return inside;
}

function jsonStringContent(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

function jsonEncoding(inStrings: ReadonlySet<number>): BodyEncoding {
  return {
    value(value, part) {
      if (value instanceof RawText) return value.text;
      if (inStrings.has(part)) {
        if (value === null || value === undefined) return "";
        return jsonStringContent(String(value));
      }
      // A value outside a string literal is written as JSON: text becomes
      // a quoted string, so it cannot add keys or end the document.
      // A bigint is a JSON number as it is (JSON.stringify would throw).
      if (typeof value === "bigint") return String(value);
      return JSON.stringify(value) ?? "null";
    },
    // A stream outside a string literal is the handler's own serialized
    // output, like bytes; inside one, its text is string content.
    chunk: (text, part) => inStrings.has(part) ? jsonStringContent(text) : text,
  };
}

const jsonEncodings = new WeakMap<readonly Part[], BodyEncoding>();

/** The encoding of a body with this Content-Type. */
export function bodyEncoding(
  contentType: string,
  body: readonly Part[],
): BodyEncoding {
  const type = essence(contentType);
  if (isMarkup(type)) return MARKUP;
  if (!isJson(type)) return PLAIN;
  let encoding = jsonEncodings.get(body);
  if (encoding === undefined) {
    encoding = jsonEncoding(partsInStrings(body));
    jsonEncodings.set(body, encoding);
  }
  return encoding;
}

/** The encoding for a resolved header list (lower-case names). */
export function encodingOf(
  headers: readonly (readonly [string, string])[],
  body: readonly Part[],
): BodyEncoding {
  const pair = headers.find(([name]) => name === "content-type");
  return pair === undefined ? PLAIN : bodyEncoding(pair[1], body);
}
