// Bash's ANSI-C quoting, `$'…'`, for the curl reader's word scanner
// (`_curl_words.ts`): its escapes resolved as bash resolves them, bytes
// side by side decoded as one UTF-8 run, and what a request held as text
// cannot carry (NUL, a lone surrogate, bytes that are not UTF-8) refused.
import { ConversionError } from "./errors.ts";
import { unterminatedQuote as unterminated } from "./_curl_syntax_errors.ts";

const SIMPLE_ANSI_ESCAPES: Record<string, string> = {
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
};

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Scans `$'…'` starting at the `$`; returns the index after the closing quote. */
export function scanAnsiC(
  input: string,
  dollar: number,
  parts: string[],
): number {
  // `$''` is an empty word, as '' is: something must be pushed.
  const pushed = parts.length;
  let i = dollar + 2;
  let run = i;
  let bytes: number[] = [];
  let bytesOffset = 0;
  const flushBytes = () => {
    if (bytes.length === 0) return;
    try {
      parts.push(utf8.decode(new Uint8Array(bytes)));
    } catch (cause) {
      throw new ConversionError({
        code: "INVALID_ESCAPE",
        message:
          `The bytes written by the escapes at offset ${bytesOffset} are not valid UTF-8; ` +
          "a request held as text cannot carry them",
        offset: bytesOffset,
        cause,
      });
    }
    bytes = [];
  };
  for (;;) {
    if (i >= input.length) throw unterminated(dollar, "$'");
    const c = input[i];
    if (c === "'") {
      if (run < i) {
        flushBytes();
        parts.push(input.slice(run, i));
      }
      flushBytes();
      if (parts.length === pushed) parts.push("");
      return i + 1;
    }
    if (c !== "\\") {
      i++;
      continue;
    }
    if (run < i) {
      flushBytes();
      parts.push(input.slice(run, i));
    }
    const escape = i;
    const letter = input[i + 1];
    if (letter === undefined) throw unterminated(dollar, "$'");
    i += 2;
    const simple = SIMPLE_ANSI_ESCAPES[letter];
    if (simple !== undefined) {
      flushBytes();
      parts.push(simple);
    } else if (letter === "x" || (letter >= "0" && letter <= "7")) {
      const octal = letter !== "x";
      const start = octal ? i - 1 : i;
      const digits = readDigits(input, start, octal ? 3 : 2, octal ? 8 : 16);
      if (digits.length === 0) {
        flushBytes();
        parts.push("\\x"); // bash keeps a bare \x as written
      } else {
        const byte = parseInt(digits, octal ? 8 : 16) & 0xff;
        if (byte === 0) throw nul(escape);
        if (bytes.length === 0) bytesOffset = escape;
        bytes.push(byte);
        i = start + digits.length;
      }
    } else if (letter === "u" || letter === "U") {
      const digits = readDigits(input, i, letter === "u" ? 4 : 8, 16);
      flushBytes();
      if (digits.length === 0) {
        parts.push("\\" + letter);
      } else {
        const codePoint = parseInt(digits, 16);
        if (codePoint === 0) throw nul(escape);
        if (
          codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)
        ) {
          throw new ConversionError({
            code: "INVALID_ESCAPE",
            message:
              `\\${letter}${digits} at offset ${escape} is not a Unicode scalar value`,
            offset: escape,
          });
        }
        parts.push(String.fromCodePoint(codePoint));
        i += digits.length;
      }
    } else if (letter === "c") {
      const target = input[i];
      if (target === undefined) throw unterminated(dollar, "$'");
      const code = target === "?" ? 0x7f : target.charCodeAt(0) & 0x1f;
      if (code === 0) throw nul(escape);
      flushBytes();
      parts.push(String.fromCharCode(code));
      i++;
    } else {
      flushBytes();
      parts.push("\\" + letter); // unknown escapes stay as written, as in bash
    }
    run = i;
  }
}

function readDigits(
  input: string,
  from: number,
  max: number,
  radix: 8 | 16,
): string {
  const pattern = radix === 8 ? /[0-7]/ : /[0-9A-Fa-f]/;
  let end = from;
  while (end < input.length && end - from < max && pattern.test(input[end])) {
    end++;
  }
  return input.slice(from, end);
}

function nul(offset: number): ConversionError {
  return new ConversionError({
    code: "INVALID_ESCAPE",
    message:
      `The escape at offset ${offset} yields NUL, which no command argument can hold ` +
      "(bash would silently cut the word there)",
    offset,
  });
}
