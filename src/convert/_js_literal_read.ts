// Reads JavaScript literals without evaluating anything: strings in any
// quotes (template literals without `${…}`), numbers, true/false/null/
// undefined, arrays and objects (bare, quoted or ["computed"] keys, trailing
// commas, comments), and the few constructor calls pasted request code holds:
// JSON.stringify(…), new Headers(…), new URLSearchParams(…), new URL(…).
// A recursive-descent parser over that subset, linear in the input, with a
// nesting bound so hostile input is an error with an offset, never a stack
// overflow. The writer side is `_js_string.ts`.
import { ConversionError, type ConversionErrorCodeValue } from "./errors.ts";

// Literals nest by recursion; the bound keeps thousands of `[` an error
// instead of a stack overflow.
const MAX_DEPTH = 256;
/** An ASCII identifier at `lastIndex` (sticky). */
export const IDENTIFIER = /[A-Za-z_$][\w$]*/y;
const NUMBER =
  /[+-]?(?:0[xX][\da-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d+)?|Infinity)/y;

/** JavaScript white space and line terminators a paste may hold. */
export function isSpace(c: string): boolean {
  return c === " " || c === "\t" || c === "\n" || c === "\r" ||
    c === "\u00a0" || c === "\ufeff" || c === "\u2028" || c === "\u2029";
}

/** A cursor over source text that reads one literal at a time. */
export class LiteralReader {
  /** The offset of the next character to read. */
  pos = 0;
  depth = 0;
  /**
   * @param text The source text.
   * @param what What the text is, the start of every error message.
   */
  constructor(readonly text: string, readonly what: string) {}

  fail(
    message: string,
    offset: number = this.pos,
    code: ConversionErrorCodeValue = "INVALID_INPUT",
  ): never {
    throw new ConversionError({
      code,
      message: `${this.what}: ${message}`,
      offset,
    });
  }

  /** Skips white space and comments. */
  skip(): void {
    const text = this.text;
    while (this.pos < text.length) {
      const c = text[this.pos];
      if (isSpace(c)) this.pos++;
      else if (c === "/" && text[this.pos + 1] === "/") {
        const end = text.indexOf("\n", this.pos);
        this.pos = end === -1 ? text.length : end + 1;
      } else if (c === "/" && text[this.pos + 1] === "*") {
        const end = text.indexOf("*/", this.pos + 2);
        if (end === -1) this.fail("unterminated /* comment", this.pos);
        this.pos = end + 2;
      } else return;
    }
  }

  peek(): string {
    this.skip();
    return this.text[this.pos] ?? "";
  }

  expect(token: string): void {
    this.skip();
    if (!this.text.startsWith(token, this.pos)) {
      this.fail(
        this.pos >= this.text.length
          ? `unexpected end of input, expected ${JSON.stringify(token)}`
          : `expected ${JSON.stringify(token)}`,
      );
    }
    this.pos += token.length;
  }

  identifier(): string {
    IDENTIFIER.lastIndex = this.pos;
    const match = IDENTIFIER.exec(this.text);
    if (!match) {
      return this.pos >= this.text.length
        ? this.fail("unexpected end of input")
        : this.fail("expected a value");
    }
    this.pos += match[0].length;
    return match[0];
  }

  value(): unknown {
    this.skip();
    const start = this.pos;
    const c = this.text[this.pos];
    if (c === undefined) this.fail("unexpected end of input");
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
      case "Infinity":
      case "NaN":
        return Number(name);
      case "JSON":
        return this.jsonStringify(start);
      case "new":
        return this.construct(start);
      default:
        return this.fail(
          `cannot read \`${name}\` without running code: only literals, JSON.stringify(…), new Headers(…), new URLSearchParams(…) and new URL(…) are understood`,
          start,
        );
    }
  }

  /** `JSON.stringify(value[, null[, space]])`, as browsers and people write it. */
  jsonStringify(start: number): string | undefined {
    this.expect(".");
    this.skip();
    if (this.identifier() !== "stringify") {
      this.fail("only JSON.stringify(…) is understood", start);
    }
    const args = this.call(3);
    const [value, replacer, space] = args;
    if (replacer !== undefined && replacer !== null) {
      this.fail("a JSON.stringify replacer cannot be applied", start);
    }
    if (
      space !== undefined && typeof space !== "number" &&
      typeof space !== "string"
    ) {
      this.fail(
        "JSON.stringify indentation must be a number or a string",
        start,
      );
    }
    return JSON.stringify(value, null, space as number | string | undefined);
  }

  construct(start: number): unknown {
    this.skip();
    const name = this.identifier();
    const [init] = this.call(1);
    switch (name) {
      case "Headers":
        // A real Headers, so repeated names combine as fetch() combines them.
        if (typeof Headers === "undefined") return init ?? {};
        try {
          return new Headers(init as HeadersInit | undefined);
        } catch {
          return this.fail(
            "new Headers(…) refuses this argument (a name that is not a token, a pair that is not [name, value], or CR, LF or NUL in a value)",
            start,
            "INVALID_HEADER",
          );
        }
      case "URLSearchParams":
        try {
          return new URLSearchParams(
            init as string | Record<string, string> | string[][] | undefined,
          );
        } catch {
          return this.fail("unsupported URLSearchParams argument", start);
        }
      case "URL":
        if (typeof init !== "string") {
          return this.fail("new URL(…) needs a string", start);
        }
        return init;
      default:
        return this.fail(
          `cannot read \`new ${name}\` without running code`,
          start,
        );
    }
  }

  /** A parenthesized argument list of at most `max` literals. */
  call(max: number): unknown[] {
    this.skip();
    if (this.text[this.pos] !== "(") this.expect("(");
    // Calls nest like arrays (`JSON.stringify(JSON.stringify(…))`): the
    // same bound applies.
    this.enter();
    const args: unknown[] = [];
    while (this.peek() !== ")") {
      if (args.length === max) this.fail("too many arguments");
      args.push(this.value());
      if (this.peek() !== ",") break;
      this.pos++;
    }
    this.expect(")");
    this.depth--;
    return args;
  }

  number(): number {
    NUMBER.lastIndex = this.pos;
    const raw = NUMBER.exec(this.text)?.[0] ?? "";
    // A sign is JavaScript's unary operator on the literal after it:
    // Number() reads one only before a decimal (`-0x10` is NaN to it).
    const signed = raw[0] === "-" || raw[0] === "+";
    const digits = (signed ? raw.slice(1) : raw).replaceAll("_", "");
    if (/^0\d/.test(digits)) {
      // 017 is 15 in sloppy JavaScript and an error in strict code.
      this.fail("legacy octal numbers (a leading 0) are not allowed");
    }
    const value = (raw[0] === "-" ? -1 : 1) * Number(digits);
    if (raw === "" || Number.isNaN(value)) this.fail("invalid number");
    this.pos += raw.length;
    return value;
  }

  string(): string {
    const text = this.text;
    const quote = text[this.pos];
    const start = this.pos++;
    let out = "";
    while (this.pos < text.length) {
      // Copy the run of ordinary characters in one slice.
      let end = this.pos;
      while (end < text.length) {
        const c = text[end];
        if (
          c === quote || c === "\\" || c === "\n" || c === "\r" ||
          (c === "$" && quote === "`")
        ) break;
        end++;
      }
      out += text.slice(this.pos, end);
      this.pos = end;
      const c = text[this.pos];
      if (c === undefined) break;
      if (c === quote) {
        this.pos++;
        return out;
      }
      if (c === "$") {
        if (text[this.pos + 1] === "{") {
          this.fail(
            "template substitutions `${…}` cannot be read without running code",
          );
        }
        out += c;
        this.pos++;
      } else if (c === "\\") {
        out += this.escape();
      } else if (quote === "`") {
        // A template literal may span lines; CRLF reads as LF there.
        out += "\n";
        this.pos += c === "\r" && text[this.pos + 1] === "\n" ? 2 : 1;
      } else {
        this.fail(
          `unterminated string: the ${quote} quote opened at offset ${start} ends at the end of its line`,
          start,
          "UNTERMINATED_QUOTE",
        );
      }
    }
    return this.fail(
      `unterminated string: the ${quote} quote opened at offset ${start} is never closed`,
      start,
      "UNTERMINATED_QUOTE",
    );
  }

  escape(): string {
    const text = this.text;
    const at = this.pos;
    const c = text[this.pos + 1];
    this.pos += 2;
    const bad = (what: string): never => this.fail(what, at, "INVALID_ESCAPE");
    switch (c) {
      case undefined:
        return bad("a backslash ends the input");
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
        return bad("octal escapes are not allowed");
      case "\r":
        if (text[this.pos] === "\n") this.pos++;
        return "";
      case "\n":
      case "\u2028":
      case "\u2029":
        return "";
      case "x": {
        const hex = text.slice(this.pos, this.pos + 2);
        if (!/^[\da-fA-F]{2}$/.test(hex)) bad("invalid \\x escape");
        this.pos += 2;
        return String.fromCharCode(parseInt(hex, 16));
      }
      case "u": {
        if (text[this.pos] === "{") {
          const end = text.indexOf("}", this.pos);
          const hex = end === -1 ? "" : text.slice(this.pos + 1, end);
          if (!/^[\da-fA-F]{1,6}$/.test(hex) || parseInt(hex, 16) > 0x10ffff) {
            bad("invalid \\u{…} escape");
          }
          this.pos = end + 1;
          return String.fromCodePoint(parseInt(hex, 16));
        }
        const hex = text.slice(this.pos, this.pos + 4);
        if (!/^[\da-fA-F]{4}$/.test(hex)) bad("invalid \\u escape");
        this.pos += 4;
        return String.fromCharCode(parseInt(hex, 16));
      }
      default:
        if (c >= "1" && c <= "9") return bad("octal escapes are not allowed");
        return c;
    }
  }

  enter(): void {
    if (++this.depth > MAX_DEPTH) {
      this.fail(`literals nested deeper than ${MAX_DEPTH} levels`);
    }
    this.pos++;
  }

  noSpread(): void {
    if (this.text.startsWith("...", this.pos)) {
      this.fail("spread syntax cannot be read without running code");
    }
  }

  array(): unknown[] {
    this.enter();
    const out: unknown[] = [];
    while (this.peek() !== "]") {
      this.noSpread();
      out.push(this.value());
      if (this.peek() !== ",") break;
      this.pos++;
    }
    this.expect("]");
    this.depth--;
    return out;
  }

  key(): string {
    const c = this.text[this.pos];
    if (c === '"' || c === "'") return this.string();
    if (c >= "0" && c <= "9") return String(this.number());
    if (c === "[") {
      // A computed key holding a string literal: the generator writes
      // `["__proto__"]: …` so that name stays an ordinary property.
      this.pos++;
      this.skip();
      const at = this.pos;
      const key = this.value();
      if (typeof key !== "string") {
        this.fail("a computed key must be a string", at);
      }
      this.expect("]");
      return key;
    }
    this.noSpread();
    return this.identifier();
  }

  object(offsets?: Record<string, number>): Record<string, unknown> {
    this.enter();
    // Null prototype while filling: `__proto__` stays a plain key.
    const out: Record<string, unknown> = Object.create(null);
    while (this.peek() !== "}") {
      const key = this.key();
      this.expect(":");
      this.skip();
      if (offsets) offsets[key] = this.pos;
      out[key] = this.value();
      if (this.peek() !== ",") break;
      this.pos++;
    }
    this.expect("}");
    this.depth--;
    return { ...out };
  }
}
