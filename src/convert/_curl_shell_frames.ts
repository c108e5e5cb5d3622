// The frames the curl reader keeps while it reads a `$(…)` as bash parses
// it (`_curl_substitution.ts`): what the grammar remembers in a frame of
// commands, how a subshell, an arithmetic command `((…))` or a function's
// `()` opens at a `(`, and what a frame's close leaves behind it.
import type { HereDocument } from "./_curl_heredoc.ts";
import { type Block, blockWord } from "./_curl_blocks.ts";
import { noFileName, unexpected } from "./_curl_syntax_errors.ts";
import { operatorAt, wordAt } from "./_curl_shell_tokens.ts";

/**
 * What the shell grammar remembers at a point of a frame of commands:
 * whether the next word is a command's first word (where `case` and the
 * other reserved words are read as such), whether `time` is a reserved
 * word there too (read only at a command's first word, so set wherever
 * `command` turns true) (bash's rule: not after `|`, nor as the first word of a
 * `$(…)`), what the previous reserved word asks of the next word (`lead`),
 * whether a compound command just ended (where bash refuses a `case`), the
 * here-documents of the enclosing `$(…)` whose lines are still to come,
 * whether the last token was a simple command's first word (where a `(`
 * can only start a function's `()`), a `[[ … ]]` open and where it stands
 * (`test`), where a `NAME=(` may start an array assignment (`assign`), how
 * many brackets are open in a subscript at a command's start (`subscript`:
 * `x[a b]` is one word there), and, for the whole expansion being read,
 * where the `)` of each `(` read inside a `((` is, and of each `$(`
 * (`closes`, by the index of the `(`).
 */
export interface Grammar {
  command: boolean;
  time: boolean;
  lead: Lead;
  ended: boolean;
  word: boolean;
  docs: HereDocument[];
  blocks: Block[];
  first: boolean;
  test?: Conditional;
  assign: Assign;
  subscript: number;
  closes: Map<number, number>;
}

/**
 * A `[[ … ]]` being read (`_curl_conditional.ts`): what bash's conditional
 * expression wants next (`term`: a condition, after `[[`, `(`, `!`, `&&` or
 * `||`; `operand`: a unary or binary operator's operand; `binary`: after a
 * condition's first word, its binary operator or the condition's end;
 * `regex`: the regular expression after `=~`, whose parentheses still open
 * are `regex`; `after`: a condition ended), and how many of its `(` groups
 * are open (`depth`).
 */
export interface Conditional {
  next: "term" | "operand" | "binary" | "regex" | "after";
  depth: number;
  regex: number;
}

/**
 * The frame a process substitution (`<(` or `>(` at `i`, in `frame`) opens:
 * its commands, or, when a `(` follows at once, parentheses balanced as
 * words with no command read (bash 5.2 checks nothing else in `<((…)…)`:
 * `<((a;;b))` passes `bash -n`) unless it stands where bash refuses a word
 * (`refused`, named at its `)`).
 */
export function processFrame(
  input: string,
  i: number,
  frame: Pick<Grammar, "docs" | "closes">,
  refused?: number,
): Commands {
  return {
    kind: "commands",
    open: 1,
    arithmetic: input[i + 2] === "(" && refused === undefined,
    opened: "process",
    refused,
    ...grammar(frame.docs, frame.closes),
  };
}

/**
 * Where bash reads `NAME=(` as an array assignment (a parenthesis
 * anywhere else is its syntax error): at a command's start (`start`, kept
 * across redirections that come first), among the assignments before the
 * program word (`prefix`, which a redirection ends), and in the arguments
 * of `declare` and the other assignment builtins (`builtin`, which a
 * redirection or a process substitution ends); `""` after anything else.
 */
export type Assign = "" | "start" | "prefix" | "builtin";

/** The builtins whose arguments bash reads `NAME=(` in, named unquoted. */
const ASSIGNMENT_BUILTINS = new Set([
  "alias",
  "declare",
  "eval",
  "export",
  "let",
  "local",
  "readonly",
  "typeset",
]);

/** Where a `NAME=(` stands if a word starts in `frame` now. */
export function assignHere(frame: Grammar): Assign {
  return frame.command ? "start" : frame.assign;
}

/**
 * Where a `NAME=(` may stand after a word that starts in `frame`
 * (`assignment` when bash reads that word as one, `reserved` its unquoted
 * lower-case letters), or, with `word` undefined, after a redirection.
 */
export function assignAfter(
  frame: Grammar,
  word?: { assignment: boolean; reserved: string },
): Assign {
  const state = assignHere(frame);
  if (word === undefined) return state === "start" ? "start" : "";
  if (state === "start" || state === "prefix") {
    if (word.assignment) return "prefix";
    // The program word.
    return ASSIGNMENT_BUILTINS.has(word.reserved) ? "builtin" : "";
  }
  return state === "builtin" ? "builtin" : "";
}

/**
 * What the words just read ask of the next: `pipe` after `|` (then
 * `pipeline` past one line end, `pipegap` past more, where bash 5.2 refuses
 * a `time`), `time` and `timeopt` (after `time`, `time -p` or `time --`),
 * `bare` after `!`, `time --` or `time -p --`, where the pipeline may be
 * missing but then only `;` or a line end may follow (as after `time`),
 * `complete` after `coproc NAME`, where any separator may follow, `list`
 * after `&&` or `||` (across line ends), `function` before a function's
 * name, `body` where a function's body, a compound command, must come,
 * `coproc`, and a loop's head: `forname` before its name, `fordo` after it
 * (`in` or `do` next), `forin` in its list of words; `target` after a
 * redirection, whose file name comes next.
 */
export type Lead =
  | ""
  | "pipe"
  | "pipeline"
  | "pipegap"
  | "time"
  | "timeopt"
  | "bare"
  | "complete"
  | "list"
  | "function"
  | "body"
  | "coproc"
  | "forname"
  | "fordo"
  | "forin"
  | "target";

/** Leads after which `;` may come where a command's first word would. */
export const EMPTY_PIPELINE = new Set<Lead>([
  "time",
  "timeopt",
  "bare",
  "complete",
]);

/** Leads after which a closing `)` or a clause's `;;` finds a command missing. */
export const OPEN_END = new Set<Lead>(["time", "timeopt", "bare", "list"]);
OPEN_END.add("pipe").add("pipeline").add("pipegap").add("coproc");

/** Leads of a loop's head, which only `;` or a line end may end. */
export const LOOP_HEAD = new Set<Lead>(["forname", "fordo", "forin"]);

/**
 * A `$(…)`, or in one a subshell's `(…)` or a process substitution's
 * `<(…)`: the parentheses still open in it (in `$((…))` arithmetic, which
 * holds no commands) and how it opened, a `$(` at `at`. `dparen` is where a `((` at a
 * command's first word opened it, read as arithmetic until its inner `(`
 * closes, with the `(`s still open in it (`opens`); `refused` where a
 * process substitution stands that bash refuses as a word after a compound
 * command, once its end is known.
 */
export interface Commands extends Grammar {
  kind: "commands";
  open: number;
  arithmetic: boolean;
  opened: "dollar" | "subshell" | "process";
  at?: number;
  dparen?: number;
  opens?: number[];
  refused?: number;
  /** In a `for ((…))` opened at `forAt`: the unquoted `;`s read so far. */
  semicolons?: number;
  forAt?: number;
}

/**
 * A `case … in … esac` inside a `$(…)`: its patterns end at an unbalanced
 * `)`, which must not close the substitution. `state` is what comes next:
 * the subject word, `in`, a clause's patterns (`pattern` before the first,
 * `patterns` inside the list), or a clause's commands (`body`).
 */
export interface Case extends Grammar {
  kind: "case";
  at: number;
  state: "subject" | "in" | "pattern" | "patterns" | "body";
  /** Words of the pattern being read (bash takes one, between `|`s). */
  patternWords: number;
}

/**
 * A `${…}` (its first unquoted `}` closes it; a bare `{` does not nest), a
 * `$[…]` (its brackets nest), or a `"…"` inside one of the others.
 */
export type Frame =
  | Commands
  | Case
  | { kind: "brace" }
  | { kind: "bracket"; open: number }
  | { kind: "quote" }
  | ArrayList;

/**
 * An array assignment's list being read (`_curl_array.ts`): whether a word
 * is under way (a `#` starts a comment only at a word's start), and the
 * enclosing `$(…)`'s here-documents still to come and `closes` (see
 * `Grammar`), which a process substitution in the list shares.
 */
export interface ArrayList {
  kind: "array";
  word: boolean;
  docs: HereDocument[];
  closes: Map<number, number>;
}

/** The grammar at a command's first word, where `time` is reserved too. */
export function grammar(
  docs: HereDocument[],
  closes: Map<number, number>,
): Grammar {
  return {
    command: true,
    time: true,
    lead: "",
    ended: false,
    word: false,
    docs,
    blocks: [],
    first: false,
    assign: "start",
    subscript: 0,
    closes,
  };
}

/**
 * A `(` or `)` (`c`, before `i`) in the `((` opened at `frame.dparen`, read
 * as arithmetic: each `)` is recorded as its `(`'s close, and when the inner
 * `(` closes, reading goes back to the `((`, where `openParen` now knows
 * what bash reads there. Returns where reading goes on.
 */
export function dparenStep(
  i: number,
  c: string,
  stack: Frame[],
  frame: Commands,
): number {
  const opens = frame.opens!;
  if (c === "(") opens.push(i - 1);
  if (c !== ")") return i;
  frame.closes.set(opens.pop()!, i - 1);
  if (opens.length > 0) return i;
  stack.pop();
  return frame.dparen!;
}

/** An assignment word up to its `=`: `NAME=`, `NAME+=`, `NAME[…]=`. */
const ASSIGNED = /^[A-Za-z_]\w*(?:\[[^\]]*\])?\+?=$/;

/** The word that ends right before `i` (back to a blank or an operator). */
function wordBefore(input: string, i: number): string {
  let j = i;
  while (j > 0 && !" \t\n;&|()<>".includes(input[j - 1])) j--;
  return input.slice(j, i);
}

/**
 * A `(` in a frame's commands: at a command's first word it opens a
 * subshell, or a `((` an arithmetic command (see `dparenStep`); after a
 * simple command's first word (or `function NAME`) it is a function's `()`,
 * whose body comes next; right after `NAME=` it holds an array's words.
 * bash refuses it anywhere else: after a compound command, an argument, a
 * redirection, or a name's `(` with no `)` next.
 */
export function openParen(
  input: string,
  i: number,
  stack: Frame[],
  frame: Commands | Case,
  lead: Lead,
  first: boolean,
): number {
  const word = wordBefore(input, i);
  // (A word that goes on after a `)`, an array's or an expansion's, is no
  // assignment: `z=(1)y=(2)`.)
  if (
    input[i - 1] === "=" && ASSIGNED.test(word) &&
    input[i - word.length - 1] !== ")"
  ) {
    // `NAME=(…)`: a compound (array) assignment. Its list holds words, no
    // commands (`_curl_array.ts`).
    if (frame.assign === "") {
      throw unexpected(
        "(",
        i,
        "an array assignment stands only before a command's name or in the arguments of declare, export, local, readonly, typeset, alias, eval or let",
      );
    }
    // What follows its `)` at once is more of the same word (`a=(1)#` is
    // no comment).
    frame.word = true;
    stack.push({
      kind: "array",
      word: false,
      docs: frame.docs,
      closes: frame.closes,
    });
    return i + 1;
  }
  let j = i + 1;
  while (input[j] === " " || input[j] === "\t") j++;
  if (input[j] === ")" && (first || lead === "body")) {
    // `NAME()`: the function's body, a compound command, comes next.
    frame.command = true;
    frame.time = true;
    frame.ended = false;
    frame.lead = "body";
    return j + 1;
  }
  if (first) {
    const token = "|&;<>()".includes(input[j])
      ? operatorAt(input, j)
      : wordAt(input, j);
    throw unexpected(token, j, "a function's name needs `)` after its `(`");
  }
  if (!frame.command) {
    throw unexpected(
      "(",
      i,
      frame.ended
        ? "a compound command ends before it"
        : "only a command's first word may stand before it",
    );
  }
  if (input[j] === ")") throw unexpected(")", j, "no command comes before it");
  blockWord(frame.blocks, "", "(", i);
  if (input[i + 1] === "(") {
    // bash reads an arithmetic command when the inner `(` is closed by
    // `))` (a compound command: a redirection or a separator may follow),
    // else two subshells. Where that `)` is, is read once, as arithmetic,
    // and then known: a `((` read again as subshells is not read twice, so
    // nested ones stay linear.
    const close = frame.closes.get(i + 1);
    if (close === undefined) {
      openGroup(stack, frame, true, { dparen: i });
      return i + 1;
    }
    if (input[close + 1] === ")") {
      frame.command = false;
      frame.ended = true;
      return close + 2;
    }
  }
  openGroup(stack, frame, false);
  return i + 1;
}

/**
 * Opens a `(…)` in `frame`'s commands: read as arithmetic (parentheses
 * counted, words and expansions, no commands: a `((…))`, a `for ((…))`, an
 * array's words) or as a subshell's commands; a
 * `((` at `dparen` is read as arithmetic until its inner `(` closes, and
 * the `((` of a `for ((…))` at `forAt` has its `;`s counted.
 */
export function openGroup(
  stack: Frame[],
  frame: Commands | Case,
  arithmetic: boolean,
  at: { dparen?: number; forAt?: number } = {},
): void {
  const { dparen, forAt } = at;
  stack.push({
    kind: "commands",
    open: 1,
    arithmetic,
    opened: "subshell",
    dparen,
    opens: dparen === undefined ? undefined : [],
    ...(forAt === undefined ? {} : { semicolons: 0, forAt }),
    ...grammar(frame.docs, frame.closes),
  });
}

/**
 * INVALID_INPUT at `token` (a `)` or `;;` that ends the commands) where a
 * command must still come: after `|`, `&&`, `||`, `!` or `time`.
 */
export function missingBefore(frame: Grammar, token: string, i: number): void {
  if (frame.lead === "target") throw noFileName(token, i);
  if (frame.lead === "function" || frame.lead === "body") {
    throw unexpected(token, i, "a function needs its name and its body");
  }
  if (frame.command && OPEN_END.has(frame.lead)) {
    throw unexpected(token, i, "a command must come before it");
  }
}

/**
 * Pops the frame that just closed; what follows it is no command's first
 * word, and after a subshell or a `case` (compound commands) bash refuses
 * a `case`. Returns `next`, where reading goes on.
 */
export function close(stack: Frame[], next = 0): number {
  const closed = stack.pop();
  const top = stack[stack.length - 1];
  if (top !== undefined && (top.kind === "commands" || top.kind === "case")) {
    top.command = false;
    // A `$(…)` or a process substitution is part of a word: a compound
    // command before that word (a redirection's file name) has still just
    // ended, so a word after it is refused too.
    if (
      closed?.kind === "case" ||
      (closed?.kind === "commands" && closed.opened === "subshell")
    ) top.ended = true;
  }
  return next;
}

/** A word ends: after a `case`'s subject comes `in`. */
export function endWord(frame: Commands | Case): void {
  if (frame.kind === "case" && frame.state === "subject" && frame.word) {
    frame.state = "in";
  }
  frame.word = false;
}
