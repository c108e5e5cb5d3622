// Skips the literals of the code AROUND a pasted fetch() call, so a quote,
// a backtick or a `fetch(` inside them never moves the reader's place:
// strings with escaped quotes, template literals whose `${…}` substitutions
// hold strings, comments, braces and templates of their own, and regular
// expression literals (`/"/`). The call's own arguments are read by
// `_js_literal_read.ts`; this file only has to find where code resumes.
import type { LiteralReader } from "./_js_literal_read.ts";

/**
 * Words after which a `/` starts a regular expression, not a division
 * (`return /x/`, `typeof /x/`); after any other word or a number it divides.
 */
const REGEXP_AFTER_WORD: ReadonlySet<string> = new Set([
  "return",
  "typeof",
  "instanceof",
  "in",
  "of",
  "new",
  "delete",
  "void",
  "throw",
  "case",
  "do",
  "else",
  "yield",
  "await",
]);

/**
 * Whether a `/` that follows the token `previous` (an identifier, a
 * punctuator, `""` at the start, or `"value"` after a literal) starts a
 * regular expression. The rule every tokenizer without a full parser uses:
 * after an operand (`a / b`, `f() / 2`, `x[0] / 2`) it divides; after `<` it
 * is taken for a JSX closing tag.
 */
export function regExpMayStart(previous: string): boolean {
  if (previous === "") return true;
  if (previous === "value" || previous === ")" || previous === "]") {
    return false;
  }
  // `</p>` in pasted JSX is a closing tag far more often than `a < /re/` is
  // a comparison with a regular expression.
  if (previous === "<") return false;
  if (/^[A-Za-z_$]/.test(previous)) return REGEXP_AFTER_WORD.has(previous);
  return true;
}

function unterminated(reader: LiteralReader, start: number): never {
  const quote = reader.text[start];
  return reader.fail(
    `unterminated string: the ${quote} quote opened at offset ${start} is never closed`,
    start,
    "UNTERMINATED_QUOTE",
  );
}

/** Skips a '…' or "…" string at `reader.pos`; a backslash escapes any character. */
function skipQuoted(reader: LiteralReader): void {
  const text = reader.text;
  const start = reader.pos;
  const quote = text[start];
  reader.pos++;
  while (reader.pos < text.length) {
    const c = text[reader.pos];
    // A backslash escapes one character, or a CR LF line continuation.
    if (c === "\\") {
      reader.pos += text.startsWith("\r\n", reader.pos + 1) ? 3 : 2;
    } else if (c === quote) {
      reader.pos++;
      return;
    } else if (c === "\n" || c === "\r") break;
    else reader.pos++;
  }
  unterminated(reader, start);
}

/**
 * Skips a template literal at `reader.pos`, substitutions included. An
 * explicit stack (`` ` `` a template, `${` a substitution, `{` a brace in
 * one) instead of recursion, so thousands of nested templates are linear
 * and cannot overflow the call stack.
 */
function skipTemplate(reader: LiteralReader): void {
  const text = reader.text;
  const start = reader.pos;
  const stack = ["`"];
  reader.pos = start + 1;
  while (reader.pos < text.length) {
    const c = text[reader.pos];
    if (stack[stack.length - 1] === "`") {
      if (c === "\\") reader.pos += 2;
      else if (c === "`") {
        reader.pos++;
        stack.pop();
        if (stack.length === 0) return;
      } else if (c === "$" && text[reader.pos + 1] === "{") {
        reader.pos += 2;
        stack.push("${");
      } else reader.pos++;
      continue;
    }
    // Code inside a substitution.
    if (c === "`") {
      reader.pos++;
      stack.push("`");
    } else if (c === '"' || c === "'") skipQuoted(reader);
    else if (
      c === "/" &&
      (text[reader.pos + 1] === "/" || text[reader.pos + 1] === "*")
    ) {
      reader.skip();
    } else if (c === "{") {
      reader.pos++;
      stack.push("{");
    } else if (c === "}") {
      reader.pos++;
      stack.pop();
    } else reader.pos++;
  }
  unterminated(reader, start);
}

/** Skips a string or template literal at `reader.pos`. */
export function skipLiteral(reader: LiteralReader): void {
  if (reader.text[reader.pos] === "`") skipTemplate(reader);
  else skipQuoted(reader);
}

/**
 * Skips a regular expression literal at `reader.pos` (its `/`), flags
 * included: a `/` inside `[…]` or after a backslash does not end it. A line
 * break before the closing `/` means it was no regular expression: then only
 * the `/` is skipped, as a division.
 */
export function skipRegExp(reader: LiteralReader): void {
  const text = reader.text;
  const start = reader.pos;
  let inClass = false;
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === "\n" || c === "\r" || c === "\u2028" || c === "\u2029") break;
    if (c === "\\") i++;
    else if (c === "[") inClass = true;
    else if (c === "]") inClass = false;
    else if (c === "/" && !inClass) {
      let end = i + 1;
      while (end < text.length && /[\w$]/.test(text[end])) end++;
      reader.pos = end;
      return;
    }
  }
  reader.pos = start + 1;
}
