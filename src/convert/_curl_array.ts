// An array assignment's list in a `$(…)` (`NAME=(…)` where bash reads
// one): words, as in a command, with blanks, line ends and comments
// between them, and no operator but a process substitution's `<(` or `>(`.
import {
  type ArrayList,
  type Frame,
  processFrame,
} from "./_curl_shell_frames.ts";
import { unexpected } from "./_curl_syntax_errors.ts";
import { operatorAt } from "./_curl_shell_tokens.ts";

/**
 * Reads what the list's grammar decides at `i`: a blank, a line end, a
 * comment, the `)` that ends the list (what follows it at once is more of
 * the assignment's word) or a process substitution's opening. Returns the
 * index after it, or -1 for a character of a word (read by the caller, as
 * in any frame).
 *
 * @throws {ConversionError} INVALID_INPUT at any other operator, bash's
 * syntax error, and at a line end while a here-document waits for its
 * body, which bash reads in a way this reader does not follow.
 */
export function arrayStep(
  input: string,
  i: number,
  stack: Frame[],
  list: ArrayList,
): number {
  const c = input[i];
  if (c === ")") {
    stack.pop();
    return i + 1;
  }
  if (c === " " || c === "\t" || (c === "\r" && input[i + 1] === "\n")) {
    list.word = false;
    return i + 1;
  }
  if (c === "\n") {
    if (list.docs.length > 0) {
      throw unexpected(
        "newline",
        i,
        "a line end in an array assignment's list while a here-document waits for its body is not followed by this reader",
      );
    }
    list.word = false;
    return i + 1;
  }
  if (c === "\\" && input[i + 1] === "\n") return i + 2;
  if (c === "#" && !list.word) {
    const newline = input.indexOf("\n", i);
    return newline === -1 ? input.length : newline;
  }
  if ((c === "<" || c === ">") && input[i + 1] === "(") {
    list.word = true;
    stack.push(processFrame(input, i, list));
    return i + 2;
  }
  if ("|&;<>(".includes(c)) {
    throw unexpected(
      operatorAt(input, i),
      i,
      "an array assignment's list holds only words",
    );
  }
  list.word = true;
  return -1;
}
