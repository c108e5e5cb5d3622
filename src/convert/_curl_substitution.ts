// Where a `$(…)` command substitution (or `$((…))` arithmetic), a `${…}`
// parameter expansion, a `$[…]` arithmetic expansion (bash's old form) or a
// `` `…` `` command substitution ends, read as bash reads it before running
// anything: the whole of it is one part of the word it sits in, however many
// blanks, parentheses and quotes it holds. The curl reader keeps it as typed
// and never runs it; it only has to know where it ends so that its `(`, `)`,
// quotes and blanks neither end the command nor split the word.
import {
  forExpressions,
  noFileName,
  syntaxError,
  unclosed,
  unexpected,
} from "./_curl_syntax_errors.ts";
import { hereDocumentBodies } from "./_curl_heredoc.ts";
import { blockWord, endsPart, noBlockOpen } from "./_curl_blocks.ts";
import {
  assignAfter,
  assignHere,
  type Case,
  close,
  type Commands,
  dparenStep,
  endWord,
  type Frame,
  grammar,
  OPEN_END,
} from "./_curl_shell_frames.ts";
import { conditionalStep } from "./_curl_conditional.ts";
import { arrayStep } from "./_curl_array.ts";
import { caseOperator, commandsOperator } from "./_curl_shell_operators.ts";
import {
  ansiCEnd,
  assignmentAt,
  backtickEnd,
  fdLength,
  opensTest,
  reservedWord,
  singleQuotedEnd,
  timeOption,
  wordAt,
} from "./_curl_shell_tokens.ts";

/** Reserved words that open a compound command, a function's body. */
const COMPOUND = new Set(["{", "if", "while", "until", "for", "case"]);
COMPOUND.add("select");

/** Reserved words after which the next word is a command's first word. */
const LEADING = new Set(["if", "then", "elif", "else", "while", "until", "do"]);
LEADING.add("{").add("!");

/** Reserved words that end a compound command. */
const CLOSING = new Set(["}", "fi", "done"]);

/**
 * Index just after the end of the expansion that opens at `at`: the `)` that
 * closes a `$(`, the `}` that closes a `${`, the `]` that closes a `$[`, the
 * backtick that closes a backtick.
 *
 * Inside `$(…)`, `${…}` and `$[…]`, as bash's parser reads them: `'…'`,
 * `$'…'`, `"…"` (in which a nested expansion may hold quotes of its own),
 * backticks, backslash escapes and nested `$(…)` and `$[…]`; in `$(…)` and
 * `${…}` also nested `${…}` (in `$[…]` a `${` is text: its `}` is not looked
 * for); in `$(…)` nested parentheses, `#` comments at a word start, and a
 * `case … in pattern) … ;; esac`, whose patterns' `)` closes nothing (a
 * `case` is a reserved word only where bash reads one: at a command's first
 * word, not after an assignment, a redirection, or a `time` that is itself
 * an ordinary word), and here-documents, whose lines are text; in
 * `$[…]` nested brackets. Inside backticks nothing nests: the first backtick
 * not escaped by a backslash closes it, quotes and all. The frames live on
 * an explicit stack, so no nesting depth can overflow the call stack.
 *
 * @throws {ConversionError} UNTERMINATED_QUOTE at `at` when nothing closes
 * it, as bash refuses it ("unexpected EOF while looking for matching …");
 * INVALID_INPUT at the token where a `case` inside it is malformed (no `in`,
 * a `)` or `;` where a pattern belongs, a `(` inside a pattern, a `)` in a
 * clause's commands, a `case` right after a compound command, a `;;`
 * outside a case), which bash refuses as a syntax error; INVALID_INPUT at the
 * `<<` of a here-document this reader does not follow (no delimiter, an
 * empty one, one with an expansion, or a body bash would read after the
 * whole command because the `$(…)` closes on the `<<` line).
 */
export function expansionEnd(input: string, at: number): number {
  if (input[at] === "`") return backtickEnd(input, at, at);
  const n = input.length;
  // Where each `(` read inside a `((` closes, for the whole expansion.
  const closes = new Map<number, number>();
  const stack: Frame[] = [opening(input, at, closes)];
  let i = at + 2;
  while (i < n) {
    const top = stack[stack.length - 1];
    if (
      top.kind === "case" || (top.kind === "commands" && !top.arithmetic)
    ) {
      const next = shellStep(input, i, stack, top);
      if (stack.length === 0) return next;
      if (next !== -1) {
        i = next;
        continue;
      }
    } else if (top.kind === "array") {
      const next = arrayStep(input, i, stack, top);
      if (next !== -1) {
        i = next;
        continue;
      }
    }
    const c = input[i];
    const after = input[i + 1];
    if (c === "\\") {
      i += 2;
      continue;
    }
    if (c === "`") {
      i = backtickEnd(input, i, at);
      continue;
    }
    if (c === "$" && after === "$") {
      // `$$` is one parameter (the shell's PID): a `(`, `[` or `{` after
      // it opens nothing.
      i += 2;
      continue;
    }
    if (
      c === "$" &&
      (after === "(" || after === "[" ||
        (after === "{" && top.kind !== "bracket"))
    ) {
      const known = after === "(" ? closes.get(i + 1) : undefined;
      if (known !== undefined) {
        // A `$(…)` read before, inside a `((` now read again as subshells:
        // it reads the same anywhere, so it is not read twice (nested ones
        // would be read once per level).
        if (top.kind === "commands" || top.kind === "case") top.command = false;
        i = known + 1;
        continue;
      }
      stack.push(opening(input, i, closes));
      i += 2;
      continue;
    }
    if (top.kind === "quote") {
      if (c === '"') stack.pop();
      i++;
      continue;
    }
    if (c === "'") {
      i = singleQuotedEnd(input, i + 1, at);
      continue;
    }
    if (c === "$" && after === "'") {
      i = ansiCEnd(input, i + 2, at);
      continue;
    }
    if (c === '"') {
      stack.push({ kind: "quote" });
      i++;
      continue;
    }
    i++;
    if (top.kind === "brace") {
      if (c === "}") stack.pop();
    } else if (top.kind === "bracket") {
      if (c === "[") top.open++;
      else if (c === "]" && --top.open === 0) stack.pop();
    } else if (top.kind === "commands" && top.arithmetic) {
      if (top.dparen !== undefined) i = dparenStep(i, c, stack, top);
      else if (c === "(") top.open++;
      else if (c === ";" && top.semicolons !== undefined) top.semicolons++;
      else if (c === ")" && --top.open === 0) {
        if (top.semicolons !== undefined && top.semicolons !== 2) {
          throw forExpressions(top.forAt ?? i);
        }
        stack.pop();
      }
    }
    if (stack.length === 0) return i;
  }
  throw unclosed(input, at);
}

/** The frame of the expansion whose `$` is at `i`. */
function opening(
  input: string,
  i: number,
  closes: Map<number, number>,
): Frame {
  const c = input[i + 1];
  if (c === "{") return { kind: "brace" };
  if (c === "[") return { kind: "bracket", open: 1 };
  const arithmetic = input[i + 2] === "(";
  return {
    kind: "commands",
    open: 1,
    arithmetic,
    opened: "dollar",
    at: i,
    ...grammar([], closes),
    // bash 5.2 reads `time` as an ordinary word as a `$(…)`'s first word.
    time: false,
  };
}

/**
 * Reads what the shell grammar decides at `i` in a frame of commands: a
 * blank, a line end (and the here-documents' lines after it), a comment, an
 * operator or a reserved word. Returns the index after it, or -1 for a
 * character of an ordinary word (read by the caller as in any frame).
 */
function shellStep(
  input: string,
  i: number,
  stack: Frame[],
  frame: Commands | Case,
): number {
  // A `[[ … ]]` has a grammar of its own, line ends and comments too.
  if (frame.test !== undefined) {
    return conditionalStep(input, i, stack, frame, frame.test);
  }
  const c = input[i];
  if (frame.subscript > 0) {
    // Brackets nest in a subscript; anything else is the word's (quotes
    // and expansions are read by the caller).
    if (c !== "[" && c !== "]") return -1;
    frame.subscript += c === "[" ? 1 : -1;
    return i + 1;
  }
  // A CR before LF ends the line, as the curl reader reads a pasted CRLF
  // command; any other CR is part of a word, as in bash.
  if (c === " " || c === "\t" || (c === "\r" && input[i + 1] === "\n")) {
    endWord(frame);
    return i + 1;
  }
  if (c === "\n") {
    if (frame.kind === "case" && frame.state === "patterns") {
      throw unexpected("newline", i, "a pattern list ends with )");
    }
    if (frame.kind === "case" && frame.state === "subject" && !frame.word) {
      throw unexpected("newline", i, "a case's word comes on its line");
    }
    endWord(frame);
    return lineEnd(input, i, frame);
  }
  if (c === "\\" && input[i + 1] === "\n") {
    // A line continuation is gone before bash reads words: it neither
    // starts a word nor ends one, so a `#` after it starts a comment only
    // where it would have without it.
    return i + 2;
  }
  // A `#` starts a comment only at a word's start: after a blank or an
  // operator bash read as one, not after an escaped blank (`a\ #`) or
  // operator (`\;#`), nor in a word after a `$(…)`.
  if (c === "#" && !frame.word) {
    const newline = input.indexOf("\n", i);
    return newline === -1 ? input.length : newline;
  }
  if ("|&;<>()".includes(c)) {
    endWord(frame);
    return frame.kind === "commands"
      ? commandsOperator(input, i, stack, frame)
      : caseOperator(input, i, stack, frame);
  }
  if (frame.word) return -1;
  frame.word = true;
  const reserved = reservedWord(input, i);
  if (frame.kind === "case" && frame.state !== "body") {
    if (frame.state === "subject") return -1;
    if (frame.state === "patterns") {
      // One word a pattern: `b c)` is bash's syntax error at `c`.
      if (frame.patternWords++ > 0) {
        throw unexpected(wordAt(input, i), i, "a pattern is one word");
      }
      return -1;
    }
    if (frame.state === "in") {
      if (reserved !== "in") throw syntaxError(input, i, frame.at, "`in`");
      frame.state = "pattern";
      return i + 2;
    }
    if (reserved === "esac") return close(stack, i + 4);
    frame.state = "patterns";
    frame.patternWords = 1;
    return -1;
  }
  // Where a word may be an assignment, bash reads `NAME[` on to the `]`
  // that closes it, blanks, line ends and parentheses too (`x[a ( b]` is
  // one word), as an array's subscript.
  const state = assignHere(frame);
  const assignable = frame.lead !== "target" &&
    (state === "start" || state === "prefix");
  const next = commandWord(input, i, stack, frame, reserved);
  if (next !== -1 || !assignable) return next;
  SUBSCRIPTED.lastIndex = i;
  if (!SUBSCRIPTED.test(input)) return -1;
  frame.subscript = 1;
  return SUBSCRIPTED.lastIndex;
}

/** A name and the `[` of its subscript, at a word's start. */
const SUBSCRIPTED = /[A-Za-z_]\w*\[/y;

/**
 * A word starts in a frame's commands: a reserved word where bash reads one
 * (a `case` opens its frame), else an ordinary word, read by the caller.
 */
function commandWord(
  input: string,
  i: number,
  stack: Frame[],
  frame: Commands | Case,
  reserved: string,
): number {
  const lead = frame.lead;
  frame.lead = "";
  frame.first = false;
  // A redirection's file name is a plain word, whatever it spells, but
  // digits against a `<` or `>` are the next redirection's descriptor.
  if (lead === "target") {
    if (fdLength(input, i) > 0) throw noFileName(wordAt(input, i), i);
    // A file name is no assignment: bash reads no array's `(` after it.
    const name = assignmentAt(input, i);
    const paren = name === undefined
      ? -1
      : i + name.length + (input[i + name.length] === "+" ? 2 : 1);
    if (input[paren] === "(") {
      throw unexpected("(", paren, "a redirection's file name ends before it");
    }
    return -1;
  }
  // (Digits against a `<` or `>` are no word: the redirection decides.)
  if (fdLength(input, i) === 0) {
    frame.assign = assignAfter(frame, {
      assignment: assignmentAt(input, i) !== undefined,
      reserved,
    });
  }
  if (frame.ended && fdLength(input, i) === 0) {
    // Only a redirection may follow a compound command before a separator.
    throw unexpected(wordAt(input, i), i, "a compound command ends before it");
  }
  if (lead === "forname" || lead === "forin") {
    // The loop's name, or a word of its list: no command's first word.
    frame.lead = lead === "forin" ? lead : "fordo";
    return -1;
  }
  if (lead === "fordo" && reserved === "in") {
    frame.lead = "forin";
    frame.command = false;
    return i + 2;
  }
  // Any other word after the name is read where a command's first word
  // would be: the open loop (blockWord) lets only its `do` stand there.
  if (lead === "fordo") frame.command = true;
  if (lead === "function") {
    // The function's name: its body, a compound command, comes next.
    frame.command = true;
    frame.lead = "body";
    return -1;
  }
  if (lead === "body" && !COMPOUND.has(reserved) && !opensTest(input, i)) {
    throw unexpected(
      wordAt(input, i),
      i,
      "a function's body must be a compound command",
    );
  }
  if (lead === "pipegap" && reserved === "time") {
    throw unexpected(
      "time",
      i,
      "bash 5.2 refuses `time` after `|` and two line ends",
    );
  }
  if (!frame.command) return -1;
  if (opensTest(input, i)) {
    // `[[ … ]]`, a compound command: its words and operators are no
    // commands (see conditionalStep) up to its `]]`.
    blockWord(frame.blocks, "", "[[", i);
    frame.test = { next: "term", depth: 0, regex: 0 };
    frame.command = false;
    return i + 2;
  }
  if (endsPart(reserved) && OPEN_END.has(lead)) {
    throw unexpected(reserved, i, "a command must come before it");
  }
  if (frame.kind === "case" && reserved === "esac") {
    noBlockOpen(frame.blocks, "esac", i);
    return close(stack, i + 4);
  }
  const option = lead === "time" || lead === "timeopt"
    ? timeOption(input, i, lead)
    : "";
  if (option !== "") {
    // `time -p`, `time --` and `time -p --`: a pipeline still comes next
    // (or none, as after `time`); only `-p` may take `--` after it.
    frame.lead = option === "-p" ? "timeopt" : "bare";
    return i + 2;
  }
  blockWord(frame.blocks, reserved, wordAt(input, i), i);
  if (reserved === "for" || reserved === "select") {
    frame.lead = "forname";
    frame.command = false;
    return i + reserved.length;
  }
  if (reserved === "case") {
    // Its subject, `in` and patterns are read by the case frame; its
    // clauses' commands start at each pattern's `)`.
    stack.push({
      kind: "case",
      at: i,
      state: "subject",
      patternWords: 0,
      ...grammar(frame.docs, frame.closes),
    });
    return i + 4;
  }
  if (
    (reserved === "time" && frame.time) || reserved === "function" ||
    reserved === "coproc"
  ) {
    frame.lead = reserved;
    frame.command = reserved !== "function";
    frame.time = reserved === "time";
    return i + reserved.length;
  }
  if (LEADING.has(reserved)) {
    frame.time = true;
    if (reserved === "!") frame.lead = "bare";
    return i + reserved.length;
  }
  if (lead === "coproc") {
    // `coproc NAME`: the word after the name is a command's first word too.
    frame.time = false;
    frame.lead = "complete";
    return -1;
  }
  if (CLOSING.has(reserved)) frame.ended = true;
  else {
    // A name before `(`, `)` defines a function; an assignment is no name.
    frame.first = assignmentAt(input, i) === undefined;
  }
  frame.command = false;
  return -1;
}

/**
 * A line ends in a frame of commands: a command's first word comes next
 * (where `time` is reserved unless a `|` ends the line before), and the
 * bodies of the here-documents opened on that line are skipped.
 */
function lineEnd(input: string, i: number, frame: Commands | Case): number {
  // (A case frame reads this only in a clause's commands: before its
  // first clause, the subject, `in` and the patterns do not look at it.)
  const lead = frame.lead;
  if (lead === "target") throw noFileName("newline", i);
  if (lead === "function" || lead === "coproc") {
    // `function` and `coproc` want their name or command on their line.
    throw unexpected("newline", i, `a word must follow ${lead}`);
  }
  frame.command = true;
  const piped = lead === "pipe" || lead === "pipeline" || lead === "pipegap";
  frame.time = !piped;
  // bash 5.2 reads `time` after `|` and one line end as an ordinary word,
  // and refuses it after more; a function's body may follow its line, and
  // a loop's `in` or `do` the line of its name.
  frame.lead = lead === "pipe"
    ? "pipeline"
    : piped
    ? "pipegap"
    : lead === "body" || lead === "list"
    ? lead
    : lead === "fordo"
    ? lead
    : "";
  frame.ended = false;
  frame.first = false;
  return hereDocumentBodies(input, i + 1, frame.docs);
}
