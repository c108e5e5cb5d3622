// Where a `$(…)` command substitution (or `$((…))` arithmetic) ends, read as
// bash reads it before running anything: the whole of it is one part of the
// word it sits in, however many blanks, parentheses and quotes it holds. The
// curl reader keeps it as typed and never runs it; it only has to know where
// it ends so that its `(`, `)` and blanks neither end the command nor split
// the word.
import { ConversionError } from "./errors.ts";

/** A `$(` frame (parentheses still open in it) or a `"…"` frame inside one. */
type Frame = number | "quote";

/**
 * Index just after the `)` that closes the `$(` at `dollar`.
 *
 * Inside, as in bash: `'…'`, `$'…'`, `"…"` (in which a nested `$(…)` may hold
 * quotes of its own), backticks, backslash escapes, nested parentheses and
 * `#` comments at a word start. The frames live on an explicit stack, so no
 * nesting depth can overflow the call stack. Not followed: the unbalanced `)`
 * of a `case` pattern, which bash's full parser accepts.
 *
 * @throws {ConversionError} UNTERMINATED_QUOTE at the `$` when nothing closes
 * it, as bash refuses it ("unexpected EOF while looking for matching `)'").
 */
export function substitutionEnd(input: string, dollar: number): number {
  const n = input.length;
  const stack: Frame[] = [1];
  let i = dollar + 2;
  while (i < n) {
    const top = stack[stack.length - 1];
    const c = input[i];
    if (c === "\\") {
      i += 2;
      continue;
    }
    if (c === "`") {
      i = backtickEnd(input, i);
      continue;
    }
    if (c === "$" && input[i + 1] === "(") {
      stack.push(1);
      i += 2;
      continue;
    }
    if (top === "quote") {
      if (c === '"') stack.pop();
      i++;
      continue;
    }
    if (c === "'") {
      i = singleQuotedEnd(input, i + 1, dollar);
    } else if (c === "$" && input[i + 1] === "'") {
      i = ansiCEnd(input, i + 2, dollar);
    } else if (c === '"') {
      stack.push("quote");
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
  throw new ConversionError({
    code: "UNTERMINATED_QUOTE",
    message:
      `Unterminated $( command substitution opened at offset ${dollar}: nothing closes it with )`,
    offset: dollar,
  });
}

/** Whether a `#` at `i` starts a word, so bash reads a comment. */
function startsWord(input: string, i: number): boolean {
  return " \t\n;&|(".includes(input[i - 1]);
}

function singleQuotedEnd(input: string, from: number, dollar: number): number {
  const close = input.indexOf("'", from);
  if (close === -1) throw unterminatedInside(dollar);
  return close + 1;
}

function ansiCEnd(input: string, from: number, dollar: number): number {
  for (let i = from; i < input.length; i++) {
    if (input[i] === "\\") i++;
    else if (input[i] === "'") return i + 1;
  }
  throw unterminatedInside(dollar);
}

/** After the backtick that closes the one at `open`; an unclosed one runs to the end. */
function backtickEnd(input: string, open: number): number {
  for (let i = open + 1; i < input.length; i++) {
    if (input[i] === "\\") i++;
    else if (input[i] === "`") return i + 1;
  }
  return input.length;
}

function unterminatedInside(dollar: number): ConversionError {
  return new ConversionError({
    code: "UNTERMINATED_QUOTE",
    message:
      `Unterminated quote inside the $( command substitution opened at offset ${dollar}`,
    offset: dollar,
  });
}
