// How a shell token looks at a point of a `$(…)`, for the curl reader's
// reading of command substitutions (`_curl_substitution.ts`): the operator
// or reserved word there, where a word ends, and where a quote or a
// backtick substitution inside ends.
import { unclosed, unterminatedInside } from "./_curl_syntax_errors.ts";

/** Operators of more than one character, longest first where one starts another. */
const LONG_OPERATORS = [
  "<<<",
  "<<-",
  ";;&",
  "&>>",
  "&&",
  "||",
  "|&",
  ";;",
  ";&",
  "<<",
  ">>",
  "<&",
  ">&",
  "<>",
  ">|",
  "&>",
];

/** The operator at `i`: the longest one bash reads there. */
export function operatorAt(input: string, i: number): string {
  for (const operator of LONG_OPERATORS) {
    if (input.startsWith(operator, i)) return operator;
  }
  return input[i];
}

/** `-p` (only right after `time`) or `--` as a whole word at `i`, else "". */
export function timeOption(input: string, i: number, lead: string): string {
  if (!endsAt(input, i + 2)) return "";
  if (input.startsWith("--", i)) return "--";
  return lead === "time" && input.startsWith("-p", i) ? "-p" : "";
}

/** The word at `i` when it is a plain word (letters, or `{`, `}` or `!` alone), else "". */
export function reservedWord(input: string, i: number): string {
  let j = i;
  while (j < input.length && input[j] >= "a" && input[j] <= "z") j++;
  if (j === i && "{}!".includes(input[i])) j++;
  // A line continuation is gone before bash reads the word: `done\` and a
  // line end, then `)`, is `done`.
  let end = j;
  while (input.startsWith("\\\n", end)) end += 2;
  return endsAt(input, end) ? input.slice(i, j) : "";
}

/**
 * Whether a word ends at `i`: the input's end, a blank, a line end (a CR
 * only before LF, as the reader reads a pasted CRLF command) or an operator.
 */
export function endsAt(input: string, i: number): boolean {
  const c = input[i];
  return c === undefined || " \t\n|&;<>()".includes(c) ||
    (c === "\r" && input[i + 1] === "\n");
}

/** After the `'` that closes a `'…'` whose text starts at `from`, in the expansion at `at`. */
export function singleQuotedEnd(
  input: string,
  from: number,
  at: number,
): number {
  const close = input.indexOf("'", from);
  if (close === -1) throw unterminatedInside(input, at);
  return close + 1;
}

/** After the `'` that closes a `$'…'` whose text starts at `from`, in the expansion at `at`. */
export function ansiCEnd(input: string, from: number, at: number): number {
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
export function backtickEnd(input: string, open: number, at: number): number {
  for (let i = open + 1; i < input.length; i++) {
    if (input[i] === "\\") i++;
    else if (input[i] === "`") return i + 1;
  }
  throw open === at ? unclosed(input, at) : unterminatedInside(input, at);
}

/** Whether `[[` opens a test command at `i` (a function's body too). */
export function opensTest(input: string, i: number): boolean {
  return input.startsWith("[[", i) && endsAt(input, i + 2);
}

/** The plain word at `i`, at most 40 characters of it, for a message. */
export function wordAt(input: string, i: number): string {
  let j = i;
  while (j < input.length && j - i < 40 && !endsAt(input, j)) j++;
  return input.slice(i, j);
}

/** Digits or `{name}` right before `<` or `>`: a redirection's file descriptor. */
const FD = /(?:\d+|\{[A-Za-z_]\w*\})(?=[<>])/y;

/**
 * The length of the redirection's file descriptor that starts at `i` (the
 * `2` of `2>&1`, the `{fd}` of `{fd}<f`), or 0 when the word there names
 * none. Asked at every word's start, so it reads no further than the
 * descriptor.
 */
export function fdLength(input: string, i: number): number {
  FD.lastIndex = i;
  return FD.test(input) ? FD.lastIndex - i : 0;
}

// A name bash takes for a variable (an array's element too: `a[1]`), then
// `=` or `+=`, all unquoted: a word that starts so is an assignment where a
// command's program word may stand.
const ASSIGNMENT = /[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?(?=\+?=)/y;

/**
 * The variable assigned by the word that starts at `i` (`NAME=value`,
 * `NAME+=value`, `NAME[…]=value`, the name unquoted), else undefined.
 */
export function assignmentAt(input: string, i: number): string | undefined {
  ASSIGNMENT.lastIndex = i;
  return ASSIGNMENT.exec(input)?.[0];
}
