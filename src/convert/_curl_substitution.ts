// Where a `$(…)` command substitution (or `$((…))` arithmetic), a `${…}`
// parameter expansion or a `` `…` `` command substitution ends, read as bash
// reads it before running anything: the whole of it is one part of the word
// it sits in, however many blanks, parentheses and quotes it holds. The curl
// reader keeps it as typed and never runs it; it only has to know where it
// ends so that its `(`, `)`, quotes and blanks neither end the command nor
// split the word.
import { ConversionError } from "./errors.ts";

/**
 * A `$(` frame (parentheses still open in it), a `${` frame (its first
 * unquoted `}` closes it; a bare `{` does not nest), or a `"…"` frame inside
 * one of them.
 */
type Frame = number | "brace" | "quote";

/**
 * Index just after the end of the expansion that opens at `at`: the `)` that
 * closes a `$(`, the `}` that closes a `${`, the backtick that closes a
 * backtick.
 *
 * Inside `$(…)` and `${…}`, as in bash: `'…'`, `$'…'`, `"…"` (in which a
 * nested `$(…)` or `${…}` may hold quotes of its own), backticks, backslash
 * escapes, nested `$(…)` and `${…}`; in `$(…)` also nested parentheses and
 * `#` comments at a word start. Inside backticks nothing nests: the first
 * backtick not escaped by a backslash closes it, quotes and all. The frames
 * live on an explicit stack, so no nesting depth can overflow the call stack.
 * Not followed: the unbalanced `)` of a `case` pattern, which bash's full
 * parser accepts.
 *
 * @throws {ConversionError} UNTERMINATED_QUOTE at `at` when nothing closes
 * it, as bash refuses it ("unexpected EOF while looking for matching …").
 */
export function expansionEnd(input: string, at: number): number {
  if (input[at] === "`") return backtickEnd(input, at, at);
  const n = input.length;
  const stack: Frame[] = [input[at + 1] === "{" ? "brace" : 1];
  let i = at + 2;
  while (i < n) {
    const top = stack[stack.length - 1];
    const c = input[i];
    if (c === "\\") {
      i += 2;
      continue;
    }
    if (c === "`") {
      i = backtickEnd(input, i, at);
      continue;
    }
    if (c === "$" && (input[i + 1] === "(" || input[i + 1] === "{")) {
      stack.push(input[i + 1] === "{" ? "brace" : 1);
      i += 2;
      continue;
    }
    if (top === "quote") {
      if (c === '"') stack.pop();
      i++;
      continue;
    }
    if (c === "'") {
      i = singleQuotedEnd(input, i + 1, at);
    } else if (c === "$" && input[i + 1] === "'") {
      i = ansiCEnd(input, i + 2, at);
    } else if (c === '"') {
      stack.push("quote");
      i++;
    } else if (top === "brace") {
      if (c === "}") {
        stack.pop();
        if (stack.length === 0) return i + 1;
      }
      i++;
    } else if (c === "#" && startsWord(input, i)) {
      const newline = input.indexOf("\n", i);
      i = newline === -1 ? n : newline;
    } else if (c === "(") {
      stack[stack.length - 1] = top + 1;
      i++;
    } else if (c === ")") {
      if (top === 1) {
        stack.pop();
        if (stack.length === 0) return i + 1;
      } else {
        stack[stack.length - 1] = top - 1;
      }
      i++;
    } else {
      i++;
    }
  }
  throw unclosed(input, at);
}

/** Whether a `#` at `i` starts a word, so bash reads a comment. */
function startsWord(input: string, i: number): boolean {
  return " \t\n;&|(".includes(input[i - 1]);
}

function singleQuotedEnd(input: string, from: number, at: number): number {
  const close = input.indexOf("'", from);
  if (close === -1) throw unterminatedInside(input, at);
  return close + 1;
}

function ansiCEnd(input: string, from: number, at: number): number {
  for (let i = from; i < input.length; i++) {
    if (input[i] === "\\") i++;
    else if (input[i] === "'") return i + 1;
  }
  throw unterminatedInside(input, at);
}

/**
 * After the backtick that closes the one at `open`, which sits in the
 * expansion opened at `at` (or is it).
 */
function backtickEnd(input: string, open: number, at: number): number {
  for (let i = open + 1; i < input.length; i++) {
    if (input[i] === "\\") i++;
    else if (input[i] === "`") return i + 1;
  }
  throw open === at ? unclosed(input, at) : unterminatedInside(input, at);
}

/** How the expansion at `at` opens, and what closes it. */
function form(input: string, at: number): [string, string, string] {
  if (input[at] === "`") return ["`", "command substitution", "`"];
  return input[at + 1] === "{"
    ? ["${", "parameter expansion", "}"]
    : ["$(", "command substitution", ")"];
}

function unclosed(input: string, at: number): ConversionError {
  const [opening, name, closing] = form(input, at);
  return new ConversionError({
    code: "UNTERMINATED_QUOTE",
    message:
      `Unterminated ${opening} ${name} opened at offset ${at}: nothing closes it with ${closing}`,
    offset: at,
  });
}

function unterminatedInside(input: string, at: number): ConversionError {
  const [opening, name] = form(input, at);
  return new ConversionError({
    code: "UNTERMINATED_QUOTE",
    message:
      `Unterminated quote inside the ${opening} ${name} opened at offset ${at}`,
    offset: at,
  });
}
