// What an operator does in a `$(…)`'s frames of commands, as bash's grammar
// reads it (for `_curl_substitution.ts`): a `)` that closes the frame, a
// `(` that opens a subshell, a function's body or an array, a redirection
// and its file name or here-document, a process substitution, a separator
// or a pipe; in a `case`, its patterns' `(`, `|` and `)` and a clause's `;;`.
import {
  noFileName,
  outsideCase,
  syntaxError,
  unexpected,
} from "./_curl_syntax_errors.ts";
import { bodyAfterClose, hereDocumentStart } from "./_curl_heredoc.ts";
import { blockWord, noBlockOpen } from "./_curl_blocks.ts";
import {
  assignAfter,
  type Case,
  close,
  type Commands,
  EMPTY_PIPELINE,
  type Frame,
  LOOP_HEAD,
  missingBefore,
  openGroup,
  openParen,
  processFrame,
} from "./_curl_shell_frames.ts";
import { operatorAt } from "./_curl_shell_tokens.ts";

/** An operator in `$(…)` or a subshell: a `)` closes it; `;;` belongs to no case here. */
export function commandsOperator(
  input: string,
  i: number,
  stack: Frame[],
  frame: Commands,
): number {
  const operator = operatorAt(input, i);
  if (operator === ")") {
    missingBefore(frame, ")", i);
    noBlockOpen(frame.blocks, ")", i);
    if (frame.refused !== undefined) {
      // bash names the whole `<(…)` word, read before it is refused.
      const token = input.slice(frame.refused, i + 1);
      throw unexpected(
        token,
        frame.refused,
        "a compound command ends before it",
      );
    }
    if (frame.opened === "dollar" && frame.docs.length > 0) {
      throw bodyAfterClose(frame.docs[0]);
    }
    if (frame.at !== undefined) frame.closes.set(frame.at + 1, i);
    return close(stack, i + 1);
  }
  if (operator === ";;" || operator === ";&" || operator === ";;&") {
    throw outsideCase(i, operator);
  }
  return commandOperator(input, i, stack, frame, operator);
}

/**
 * What an operator does to a frame's commands, in `$(…)`, a subshell or a
 * case clause: `(` opens a subshell (`()` after a name defines a function,
 * whose body comes next), a redirection takes the next word as its file
 * name (or here-document delimiter), a separator or a pipe starts a command.
 */
function commandOperator(
  input: string,
  i: number,
  stack: Frame[],
  frame: Commands | Case,
  operator: string,
): number {
  const lead = frame.lead;
  const first = frame.first;
  if (
    lead === "target" && !(operator.length === 1 && input[i + 1] === "(" &&
      (operator === "<" || operator === ">"))
  ) {
    // Only a word, or a process substitution, is a redirection's file name.
    throw noFileName(operator, i);
  }
  if (lead === "function") {
    throw unexpected(operator, i, "a function needs its name");
  }
  frame.lead = "";
  frame.first = false;
  if (lead === "forname" && input.startsWith("((", i)) {
    // `for ((…))`: arithmetic, no commands; `do` comes after it. Its
    // unquoted `;`s are counted: bash wants exactly two.
    openGroup(stack, frame, true, { forAt: i });
    frame.lead = "fordo";
    return i + 1;
  }
  const redirection = operator[0] === "<" || operator[0] === ">" ||
    operator[1] === ">";
  // `<(…)` or `>(…)`: a process substitution, which bash reads as a word,
  // a word of a `for` loop's list too.
  const process = redirection && input[i + 1] === "(" &&
    operator.length === 1;
  if (
    LOOP_HEAD.has(lead) && !(lead === "forin" && process) &&
    (operator !== ";" || lead === "forname")
  ) {
    throw unexpected(operator, i, "only ; or a line end ends a loop's head");
  }
  if (operator === "(") return openParen(input, i, stack, frame, lead, first);
  if (lead === "body" && redirection) {
    // bash reads no redirection between `f()` and its body, only after it.
    throw unexpected(
      operator,
      i,
      "a function's body must be a compound command",
    );
  }
  if (process) {
    const refused = lead !== "target" && frame.ended ? i : undefined;
    // A word of its own (unless a redirection's file name): no `NAME=(`
    // follows it, not even in declare's arguments.
    if (lead !== "target") frame.assign = "";
    if (frame.command) blockWord(frame.blocks, "", operator, i);
    // No command's first word follows it: close() says so at its `)`
    // (read as words, it closes without close(): said here).
    // In a loop's list, the words after it are the list's still.
    if (lead === "forin") frame.lead = lead;
    // What follows its `)` at once is more of the same word.
    frame.word = true;
    const opened = processFrame(input, i, frame, refused);
    if (opened.arithmetic) frame.command = false;
    stack.push(opened);
    return i + 2;
  }
  if (redirection && frame.command) {
    blockWord(frame.blocks, "", operator, i);
  }
  if (redirection) frame.assign = assignAfter(frame);
  if (operator === "<<" || operator === "<<-") {
    const [doc, next] = hereDocumentStart(input, i);
    frame.docs.push(doc);
    frame.command = false;
    return next;
  }
  if (redirection) {
    // A redirection: the next word is its file name, no command's first
    // word, and a compound command before it has still just ended.
    frame.command = false;
    frame.lead = "target";
    return i + operator.length;
  }
  // After `!` or `time` with no pipeline only `;` may end the command
  // (bash: `! | x`, `time &&`), after `coproc NAME` any separator.
  const empty = lead === "complete" ||
    (operator === ";" && EMPTY_PIPELINE.has(lead));
  if (frame.command && !empty) {
    // A separator where a command's first word belongs: bash's syntax error.
    throw unexpected(operator, i, "no command comes before it");
  }
  frame.command = true;
  frame.ended = false;
  const pipe = operator === "|" || operator === "|&";
  if (pipe) frame.lead = "pipe";
  if (operator === "&&" || operator === "||") frame.lead = "list";
  frame.time = !pipe;
  return i + operator.length;
}

/** An operator in a `case`: a pattern list's `|` and `)`, a clause's `;;`. */
export function caseOperator(
  input: string,
  i: number,
  stack: Frame[],
  frame: Case,
): number {
  const c = input[i];
  if (frame.state === "pattern" && c === "(") {
    frame.state = "patterns";
    frame.patternWords = 0;
    return i + 1;
  }
  if (frame.state === "patterns" && (c === "|" || c === ")")) {
    // `()`, `(|a)`, `a|)`: each pattern needs its word.
    if (frame.patternWords === 0) {
      throw unexpected(c, i, "a pattern must come before it");
    }
    frame.patternWords = 0;
    if (c === ")") {
      frame.state = "body";
      frame.command = true;
      frame.time = true;
    }
    return i + 1;
  }
  if (frame.state !== "body") {
    const expected = frame.state === "subject"
      ? "a word"
      : frame.state === "in"
      ? "`in`"
      : "a pattern";
    throw syntaxError(input, i, frame.at, expected);
  }
  if (c === ")") throw syntaxError(input, i, frame.at, "`;;` or `esac`");
  if (c === ";" && (input[i + 1] === ";" || input[i + 1] === "&")) {
    // `;;`, `;&` or `;;&` ends the clause: patterns come next.
    noBlockOpen(frame.blocks, operatorAt(input, i), i);
    missingBefore(frame, operatorAt(input, i), i);
    frame.state = "pattern";
    frame.lead = "";
    frame.ended = false;
    return input[i + 1] === ";" && input[i + 2] === "&" ? i + 3 : i + 2;
  }
  return commandOperator(input, i, stack, frame, operatorAt(input, i));
}
