// The fetch() code READER (the generator is `_fetch_code.ts`): finds the
// first `fetch(url, init)` call in pasted JavaScript, or a `{ url, options }`
// object, and reads its arguments with the literal reader of
// `_js_literal_read.ts`. Nothing is evaluated.
import { ConversionError } from "./errors.ts";
import { IDENTIFIER, isSpace, LiteralReader } from "./_js_literal_read.ts";
import { regExpMayStart, skipLiteral, skipRegExp } from "./_js_code_skip.ts";

/** The arguments of a `fetch()` call read from code, with where they are. */
export interface FetchCodeCall {
  /** The URL argument. */
  url: string;
  /** The init object (empty when the call had none). */
  options: Record<string, unknown>;
  /** Offset of the URL argument. */
  urlOffset: number;
  /** Offset of the init object, when there is one. */
  optionsOffset?: number;
  /** Offset of the value of each top-level init field (`method`, `headers`, `body` …). */
  fieldOffsets: Record<string, number>;
}

// How many `fetch(` candidates are tried before giving up.
const MAX_CANDIDATES = 8;
// Global objects a `fetch` may be called through: `window.fetch(…)`.
const GLOBALS: ReadonlySet<string> = new Set(["window", "globalThis", "self"]);

function newReader(text: string): LiteralReader {
  return new LiteralReader(text, "fetch code");
}

/** Is the `fetch` at `at` the global function (not `x.fetch`, unless x is a global)? */
function isGlobalFetch(text: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && isSpace(text[i])) i--;
  if (text[i] !== ".") return true;
  i--;
  while (i >= 0 && isSpace(text[i])) i--;
  const end = i + 1;
  while (i >= 0 && /[\w$]/.test(text[i])) i--;
  const owner = text.slice(i + 1, end);
  while (i >= 0 && isSpace(text[i])) i--;
  return GLOBALS.has(owner) && text[i] !== ".";
}

/**
 * Offset of the `(` of the first global `fetch(` call outside comments and
 * strings, or -1.
 */
function findFetchCall(reader: LiteralReader, from = 0): number {
  const text = reader.text;
  reader.pos = from;
  // The token before the cursor, which tells a regular expression's `/`
  // from a division's (a resumed search starts after an identifier).
  let previous = from === 0 ? "" : "(";
  while (reader.pos < text.length) {
    reader.skip();
    const c = text[reader.pos];
    if (c === undefined) break;
    if (c === '"' || c === "'" || c === "`") {
      skipLiteral(reader);
      previous = "value";
      continue;
    }
    if (c === "/") {
      if (regExpMayStart(previous)) {
        skipRegExp(reader);
        previous = "value";
      } else {
        reader.pos++;
        previous = "/";
      }
      continue;
    }
    IDENTIFIER.lastIndex = reader.pos;
    const name = IDENTIFIER.exec(text)?.[0];
    if (name === undefined) {
      // A number is an operand too (`2 / x`).
      previous = /[\d.]/.test(c) ? "value" : c;
      reader.pos++;
      continue;
    }
    const at = reader.pos;
    reader.pos += name.length;
    previous = name;
    if (name !== "fetch" || !isGlobalFetch(text, at)) continue;
    if (reader.peek() === "(") return reader.pos;
  }
  return -1;
}

function optionsObject(
  reader: LiteralReader,
  value: unknown,
  at: number,
  what: string,
): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    reader.fail(`${what} must be an object`, at);
  }
  return value as Record<string, unknown>;
}

/** Reads the `{ url, options }` object form. */
function readObjectForm(reader: LiteralReader): FetchCodeCall {
  const start = reader.pos;
  const fields: Record<string, number> = {};
  const object = reader.object(fields);
  if (typeof object.url !== "string") {
    reader.fail("the object needs a string `url`", fields.url ?? start);
  }
  const fieldOffsets: Record<string, number> = {};
  const optionsOffset = fields.options;
  if (optionsOffset !== undefined) {
    // Re-read the options object for the offsets of its fields.
    const again: LiteralReader = newReader(reader.text);
    again.pos = optionsOffset;
    if (again.peek() === "{") again.object(fieldOffsets);
  }
  return {
    url: object.url,
    options: optionsObject(
      reader,
      object.options,
      optionsOffset ?? start,
      "`options`",
    ),
    urlOffset: fields.url,
    optionsOffset,
    fieldOffsets,
  };
}

/**
 * Reads the first `fetch(url, init)` call in `code`, or a `{ url, options }`
 * object, without evaluating anything.
 */
export function readFetchCode(code: string): FetchCodeCall {
  if (typeof code !== "string") {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: `fetch code must be a string, got ${typeof code}`,
    });
  }
  const reader: LiteralReader = newReader(code);
  reader.skip();
  if (reader.pos >= code.length) {
    throw new ConversionError({
      code: "EMPTY_INPUT",
      message: "The input is empty.",
      offset: 0,
    });
  }
  const first = reader.pos;
  let open = findFetchCall(reader);
  if (open === -1) {
    reader.pos = first;
    if (code[first] === "{") return readObjectForm(reader);
    reader.fail(
      "expected a fetch(url, options) call or a { url, options } object",
      first,
    );
  }
  // A `fetch(` that is not the call (a method `fetch() {}`, a
  // `function fetch(url)`) fails to read: try the next few, and report the
  // failure that got furthest past its `(` when none reads. The bound keeps
  // hostile input (thousands of `fetch(`) linear.
  let best: ConversionError | undefined;
  let bestProgress = -1;
  for (let tries = 0; open !== -1 && tries < MAX_CANDIDATES; tries++) {
    try {
      return readCall(newReader(code), open);
    } catch (error) {
      if (!(error instanceof ConversionError)) throw error;
      const progress = (error.offset ?? open) - open;
      if (progress > bestProgress) [best, bestProgress] = [error, progress];
    }
    try {
      open = findFetchCall(reader, open + 1);
    } catch {
      break;
    }
  }
  throw best;
}

/** Reads the arguments of the call whose `(` is at `open`. */
function readCall(reader: LiteralReader, open: number): FetchCodeCall {
  reader.pos = open + 1;
  if (reader.peek() === ")") {
    reader.fail("fetch() needs a URL", reader.pos, "MISSING_URL");
  }
  const urlOffset = reader.pos;
  const url = reader.value();
  if (typeof url !== "string") {
    reader.fail("the first fetch() argument must be a string URL", urlOffset);
  }
  let options: Record<string, unknown> = {};
  let optionsOffset: number | undefined;
  const fieldOffsets: Record<string, number> = {};
  if (reader.peek() === ",") {
    reader.pos++;
    if (reader.peek() !== ")") {
      optionsOffset = reader.pos;
      const value = reader.peek() === "{"
        ? reader.object(fieldOffsets)
        : reader.value();
      options = optionsObject(
        reader,
        value,
        optionsOffset,
        "the second fetch() argument",
      );
      if (reader.peek() === ",") reader.pos++;
    }
  }
  reader.expect(")");
  return { url, options, urlOffset, optionsOffset, fieldOffsets };
}

const FETCH_CALL = /(?<![\w$.])fetch\s*\(/;
const OBJECT_FORM = /^\{\s*(?:"url"|'url'|url)\s*:/;

/**
 * Whether `text` holds a global `fetch(` call outside comments and strings,
 * or starts as a `{ url: … }` object (detectType's test; cheap, linear).
 */
export function looksLikeFetchCode(text: string): boolean {
  const trimmed = text.trimStart();
  if (OBJECT_FORM.test(trimmed)) return true;
  try {
    return findFetchCall(newReader(text)) !== -1;
  } catch {
    // Code around the call that this reader cannot skip (a quote inside a
    // regular expression literal, say): fall back to the plain pattern.
    return FETCH_CALL.test(text);
  }
}

/** Whether an object is `{ url, options? }`, the fetch arguments form. */
export function isFetchArguments(value: Record<string, unknown>): boolean {
  const keys = Object.keys(value);
  return typeof value.url === "string" &&
    keys.every((key) => key === "url" || key === "options") &&
    (value.options === undefined ||
      (typeof value.options === "object" && value.options !== null &&
        !Array.isArray(value.options)));
}
