/**
 * Reads pasted `fetch()` code into fetch arguments WITHOUT evaluating it.
 *
 * Accepted input:
 * - a `fetch(url, init?)` call anywhere in the text (e.g. the output of
 *   `toCode`, `await fetch(…)`, browser "Copy as fetch"); everything around
 *   the call (`const response = await`, `.then(…)` chains) is ignored;
 * - or the JSON/JS object form `{ "url": …, "options": {…} }`.
 *
 * The arguments must be literals: strings (single, double or backtick quotes
 * without `${}`), numbers, `true`/`false`/`null`/`undefined`, arrays and
 * objects (quoted or bare keys, trailing commas, comments). Three constructor
 * calls are understood because browsers and `toCode` write them:
 * `JSON.stringify(literal)`, `new Headers(literal)` and
 * `new URLSearchParams(literal)`. Anything else (variables, function calls,
 * spreads, `${}`) is a `ConversionError` `INVALID_INPUT` with the offset of
 * the offending character.
 *
 * @module
 */
import { ConversionError } from "../src/convert/errors.ts";

/** The two arguments of a `fetch()` call, as read from code. */
export interface FetchCall {
  /** The URL argument. */
  url: string;
  /** The init object (empty when the call had none). */
  options: Record<string, unknown>;
}

// Literals nest by recursion; a bound keeps hostile input (thousands of
// `[`) a clear error instead of a stack overflow.
const MAX_DEPTH = 256;

class LiteralReader {
  pos = 0;
  depth = 0;
  constructor(readonly text: string) {}

  enter(): void {
    if (++this.depth > MAX_DEPTH) {
      this.fail(`Literals nested deeper than ${MAX_DEPTH} levels.`);
    }
  }

  fail(message: string, offset: number = this.pos): never {
    throw new ConversionError({ code: "INVALID_INPUT", message, offset });
  }

  skip(): void {
    const text = this.text;
    while (this.pos < text.length) {
      const c = text[this.pos];
      if (
        c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\u00a0"
      ) {
        this.pos++;
      } else if (text.startsWith("//", this.pos)) {
        const end = text.indexOf("\n", this.pos);
        this.pos = end === -1 ? text.length : end + 1;
      } else if (text.startsWith("/*", this.pos)) {
        const end = text.indexOf("*/", this.pos + 2);
        if (end === -1) this.fail("Unterminated comment.");
        this.pos = end + 2;
      } else return;
    }
  }

  expect(token: string): void {
    this.skip();
    if (!this.text.startsWith(token, this.pos)) {
      this.fail(`Expected ${JSON.stringify(token)}.`);
    }
    this.pos += token.length;
  }

  peek(): string {
    this.skip();
    return this.text[this.pos] ?? "";
  }

  identifier(): string {
    const match = /^[A-Za-z_$][\w$]*/.exec(
      this.text.slice(this.pos, this.pos + 256),
    );
    if (!match) this.fail("Expected a name.");
    this.pos += match[0].length;
    return match[0];
  }

  value(): unknown {
    this.skip();
    const start = this.pos;
    const c = this.text[this.pos];
    if (c === undefined) this.fail("Unexpected end of input.");
    if (c === '"' || c === "'" || c === "`") return this.string();
    if (c === "{") return this.object();
    if (c === "[") return this.array();
    if (c === "-" || c === "+" || c === "." || (c >= "0" && c <= "9")) {
      return this.number();
    }
    const name = this.identifier();
    switch (name) {
      case "true":
        return true;
      case "false":
        return false;
      case "null":
        return null;
      case "undefined":
        return undefined;
      case "JSON": {
        this.expect(".");
        if (this.identifier() !== "stringify") {
          this.fail("Only JSON.stringify is understood.", start);
        }
        return JSON.stringify(this.call());
      }
      case "new": {
        this.skip();
        const ctor = this.identifier();
        if (ctor === "Headers") return this.call() ?? {};
        if (ctor === "URLSearchParams") {
          const init = this.call();
          if (
            init !== undefined && typeof init !== "string" &&
            !Array.isArray(init) && (typeof init !== "object" || init === null)
          ) {
            this.fail("Unsupported URLSearchParams argument.", start);
          }
          return new URLSearchParams(
            init as string | Record<string, string> | string[][] | undefined,
          );
        }
        return this.fail(
          `Cannot read \`new ${ctor}\` without running code.`,
          start,
        );
      }
      default:
        return this.fail(
          `Cannot read \`${name}\`: only literal values are understood (no variables or calls).`,
          start,
        );
    }
  }

  call(): unknown {
    this.expect("(");
    if (this.peek() === ")") {
      this.pos++;
      return undefined;
    }
    const value = this.value();
    if (this.peek() === ",") this.pos++;
    this.expect(")");
    return value;
  }

  number(): number {
    const match = /^[+-]?(0[xX][\da-fA-F]+|(\d[\d_]*)?\.?\d*([eE][+-]?\d+)?)/
      .exec(this.text.slice(this.pos, this.pos + 64));
    const raw = match?.[0] ?? "";
    const value = Number(raw.replaceAll("_", ""));
    if (raw === "" || Number.isNaN(value)) this.fail("Invalid number.");
    this.pos += raw.length;
    return value;
  }

  string(): string {
    const text = this.text;
    const quote = text[this.pos];
    const start = this.pos++;
    let out = "";
    while (this.pos < text.length) {
      const c = text[this.pos];
      if (c === quote) {
        this.pos++;
        return out;
      }
      if (quote === "`" && c === "$" && text[this.pos + 1] === "{") {
        this.fail(
          "Template substitutions `${…}` cannot be read without running code.",
        );
      }
      if ((c === "\n" || c === "\r") && quote !== "`") {
        this.fail("Unterminated string.", start);
      }
      if (c !== "\\") {
        out += c;
        this.pos++;
        continue;
      }
      out += this.escape();
    }
    return this.fail("Unterminated string.", start);
  }

  escape(): string {
    const text = this.text;
    const at = this.pos;
    const c = text[this.pos + 1];
    this.pos += 2;
    switch (c) {
      case undefined:
        return this.fail("Unterminated escape.", at);
      case "n":
        return "\n";
      case "t":
        return "\t";
      case "r":
        return "\r";
      case "b":
        return "\b";
      case "f":
        return "\f";
      case "v":
        return "\v";
      case "0":
        if (!/[0-9]/.test(text[this.pos] ?? "")) return "\0";
        return this.fail("Octal escapes are not allowed.", at);
      case "\r":
        if (text[this.pos] === "\n") this.pos++;
        return "";
      case "\n":
      case "\u2028":
      case "\u2029":
        return "";
      case "x": {
        const hex = text.slice(this.pos, this.pos + 2);
        if (!/^[\da-fA-F]{2}$/.test(hex)) this.fail("Invalid \\x escape.", at);
        this.pos += 2;
        return String.fromCharCode(parseInt(hex, 16));
      }
      case "u": {
        if (text[this.pos] === "{") {
          const end = text.indexOf("}", this.pos);
          const hex = end === -1 ? "" : text.slice(this.pos + 1, end);
          if (!/^[\da-fA-F]{1,6}$/.test(hex) || parseInt(hex, 16) > 0x10ffff) {
            this.fail("Invalid \\u{…} escape.", at);
          }
          this.pos = end + 1;
          return String.fromCodePoint(parseInt(hex, 16));
        }
        const hex = text.slice(this.pos, this.pos + 4);
        if (!/^[\da-fA-F]{4}$/.test(hex)) this.fail("Invalid \\u escape.", at);
        this.pos += 4;
        return String.fromCharCode(parseInt(hex, 16));
      }
      default:
        if (c >= "1" && c <= "9") {
          return this.fail("Octal escapes are not allowed.", at);
        }
        return c;
    }
  }

  array(): unknown[] {
    this.enter();
    this.pos++;
    const out: unknown[] = [];
    while (this.peek() !== "]") {
      if (this.text.startsWith("...", this.pos)) {
        this.fail("Spread syntax cannot be read without running code.");
      }
      out.push(this.value());
      if (this.peek() !== ",") break;
      this.pos++;
    }
    this.expect("]");
    this.depth--;
    return out;
  }

  object(): Record<string, unknown> {
    this.enter();
    this.pos++;
    // Null prototype: keys such as `__proto__` stay plain data.
    const out: Record<string, unknown> = Object.create(null);
    while (this.peek() !== "}") {
      const c = this.text[this.pos];
      let key: string;
      if (c === '"' || c === "'") key = this.string();
      else if (c >= "0" && c <= "9") key = String(this.number());
      else if (this.text.startsWith("...", this.pos)) {
        return this.fail("Spread syntax cannot be read without running code.");
      } else key = this.identifier();
      this.expect(":");
      out[key] = this.value();
      if (this.peek() !== ",") break;
      this.pos++;
    }
    this.expect("}");
    this.depth--;
    return { ...out };
  }
}

/** Offset of the first `fetch(` call that is not part of a longer name. */
function findFetchCall(code: string): number {
  const pattern = /(?<![\w$.])fetch\s*\(/g;
  const match = pattern.exec(code);
  return match ? match.index : -1;
}

/**
 * Reads the arguments of the first `fetch(url, init)` call in `code`, or a
 * `{ url, options }` object, without evaluating anything.
 *
 * @param code Pasted JavaScript.
 * @returns The URL and init object.
 * @throws {ConversionError} `EMPTY_INPUT`, or `INVALID_INPUT` with the offset of
 * the first thing that is not a literal.
 *
 * @example toCode output back to arguments
 * ```ts
 * import { parseFetchCode } from "./_fetch_code.ts";
 * const call = parseFetchCode(`fetch("https://example.com/", {
 *   method: "POST",
 *   headers: { "content-type": "text/plain" },
 *   body: 'it\\'s',
 * }).then((r) => r.text());`);
 * console.log(call.url, call.options.method, call.options.body); // "https://example.com/" "POST" "it's"
 * ```
 */
export function parseFetchCode(code: string): FetchCall {
  if (code.trim() === "") {
    throw new ConversionError({
      code: "EMPTY_INPUT",
      message: "The input is empty.",
      offset: 0,
    });
  }
  const reader: LiteralReader = new LiteralReader(code);
  const at = findFetchCall(code);
  if (at === -1) {
    reader.skip();
    if (reader.text[reader.pos] !== "{") {
      reader.fail(
        "Expected a fetch(url, options) call or a { url, options } object.",
      );
    }
    const start = reader.pos;
    const object = reader.object();
    if (typeof object.url !== "string") {
      reader.fail("The object needs a string `url`.", start);
    }
    const options = object.options ?? {};
    if (
      typeof options !== "object" || options === null || Array.isArray(options)
    ) {
      reader.fail("`options` must be an object.", start);
    }
    return { url: object.url, options: options as Record<string, unknown> };
  }
  reader.pos = code.indexOf("(", at) + 1;
  const urlAt = (reader.skip(), reader.pos);
  const url = reader.value();
  if (typeof url !== "string") {
    reader.fail("The first fetch() argument must be a string URL.", urlAt);
  }
  let options: unknown = {};
  if (reader.peek() === ",") {
    reader.pos++;
    if (reader.peek() !== ")") {
      const optionsAt = reader.pos;
      options = reader.value() ?? {};
      if (
        typeof options !== "object" || options === null ||
        Array.isArray(options)
      ) {
        reader.fail(
          "The second fetch() argument must be an object.",
          optionsAt,
        );
      }
      if (reader.peek() === ",") reader.pos++;
    }
  }
  reader.expect(")");
  return { url, options: options as Record<string, unknown> };
}
