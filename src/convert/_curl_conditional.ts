// A `[[ … ]]` inside a `$(…)`, read as bash's parser reads a conditional
// command (bash 5.2): terms (`!`, a `(` group, a unary operator and its
// operand, a word, or a word, a binary operator and a word) joined by `&&`
// and `||`, line ends only where a term must come, and after `=~` a regular
// expression whose `(`, `)` and `|` (and, inside its parentheses, blanks and
// operators) belong to the word. What bash refuses is INVALID_INPUT at the
// token, as everywhere else in a `$(…)`.
import {
  type Case,
  type Commands,
  type Conditional,
  type Frame,
  processFrame,
} from "./_curl_shell_frames.ts";
import { hereDocumentBodies } from "./_curl_heredoc.ts";
import { unexpected } from "./_curl_syntax_errors.ts";
import { endsAt, operatorAt, wordAt } from "./_curl_shell_tokens.ts";

/** Operators bash reads before one operand (`-f file`), written unquoted. */
const UNARY = new Set(
  "abcdefghknoprstuvwxzGLNORS".split("").map((c) => "-" + c),
);

/** Operators bash reads between two operands, written unquoted (`<` and `>` are operators). */
const BINARY = new Set(["=", "==", "!=", "=~"]);
for (const name of ["eq", "ne", "lt", "le", "gt", "ge", "nt", "ot", "ef"]) {
  BINARY.add("-" + name);
}

/**
 * The word at `i` as bash compares it with an operator's name (its
 * characters up to its end, line continuations left out; a quote or an
 * escape stays in it, so a quoted `"-f"` names no operator), and the index
 * of its end.
 */
function plainWord(input: string, i: number): [string, number] {
  let text = "";
  let j = i;
  while (j < input.length) {
    if (input.startsWith("\\\n", j)) {
      j += 2;
      continue;
    }
    if (endsAt(input, j)) break;
    text += input[j++];
  }
  return [text, j];
}

/**
 * Reads what the conditional command open in `frame` decides at `i`: a
 * blank, a line end, a comment, an operator, the start of a word (an
 * operator's name, or `]]`, which ends it), or a character of a regular
 * expression. Returns the index after it, or -1 for a character of an
 * ordinary word (read by the caller as in any frame).
 */
export function conditionalStep(
  input: string,
  i: number,
  stack: Frame[],
  frame: Commands | Case,
  test: Conditional,
): number {
  const c = input[i];
  if (c === "\\" && input[i + 1] === "\n") return i + 2;
  if (test.next === "regex") {
    // The regular expression after `=~`: its `(`, `)` and `|` belong to
    // it, and inside its parentheses blanks, line ends, `#` and operators
    // too, read by the caller as any character of a word (with quotes and
    // expansions). A `)` with none of its `(` open ends it, and is read
    // after it.
    if (c === "(" || c === "|" || (c === ")" && test.regex > 0)) {
      test.regex += c === "(" ? 1 : c === ")" ? -1 : 0;
      frame.word = true;
      return i + 1;
    }
    if (test.regex > 0) return -1;
  }
  const lineEnd = c === "\n" || (c === "\r" && input[i + 1] === "\n");
  if (c === " " || c === "\t" || lineEnd) {
    if (frame.word) endTerm(test);
    frame.word = false;
    if (!lineEnd) return i + 1;
    // bash reads a line end where a condition begins or has ended, not
    // between a condition's words (`[[ a` newline `]]` is refused).
    if (test.next !== "term" && test.next !== "after") {
      throw unexpected(
        "newline",
        i,
        "a line may end inside [[ … ]] only where a condition begins or has ended",
      );
    }
    return hereDocumentBodies(input, input.indexOf("\n", i) + 1, frame.docs);
  }
  if (c === "#" && !frame.word) {
    // A comment: the line end after it is read as any other.
    const newline = input.indexOf("\n", i);
    return newline === -1 ? input.length : newline;
  }
  if ("|&;<>()".includes(c)) {
    if (frame.word) endTerm(test);
    frame.word = false;
    return operator(input, i, stack, frame, test);
  }
  if (frame.word) return -1;
  return wordStart(input, i, frame, test);
}

/** A word just ended: the one after `=~` ends its term. */
function endTerm(test: Conditional): void {
  if (test.next === "regex") test.next = "after";
}

/** A word starts at `i`, where the conditional expression's state decides what it is. */
function wordStart(
  input: string,
  i: number,
  frame: Commands | Case,
  test: Conditional,
): number {
  const [word, end] = plainWord(input, i);
  frame.word = true;
  if (word === "]]") {
    if (test.next === "binary" || test.next === "after") {
      if (test.depth > 0) {
        throw unexpected("]]", i, "a ( inside [[ … ]] is still open");
      }
      // The end of the compound command: a redirection or a separator may
      // follow it, nothing else.
      frame.test = undefined;
      frame.ended = true;
      return end;
    }
    throw unexpected("]]", i, NEEDS[test.next]);
  }
  switch (test.next) {
    case "term":
      if (word === "!") {
        frame.word = false;
        return end;
      }
      test.next = UNARY.has(word) ? "operand" : "binary";
      return -1;
    case "operand":
      test.next = "after";
      return -1;
    case "binary":
      if (BINARY.has(word)) {
        test.next = word === "=~" ? "regex" : "operand";
        frame.word = false;
        return end;
      }
      throw unexpected(wordAt(input, i), i, NEEDS.binary);
    case "regex":
      return -1;
    case "after":
      throw unexpected(wordAt(input, i), i, NEEDS.after);
  }
}

/** What bash wants where it refuses a token, by what comes next. */
const NEEDS: Record<Conditional["next"], string> = {
  term: "a condition must come first inside [[ … ]]",
  operand: "an operator inside [[ … ]] needs its operand first",
  binary: "a conditional binary operator, &&, || or ]] must come here",
  regex: "=~ needs its regular expression first",
  after: "only &&, ||, ) or ]] may follow a condition",
};

/** An operator inside `[[ … ]]` at `i`, read by what comes next. */
function operator(
  input: string,
  i: number,
  stack: Frame[],
  frame: Commands | Case,
  test: Conditional,
): number {
  const op = operatorAt(input, i);
  const c = input[i];
  if ((c === "<" || c === ">") && input[i + 1] === "(" && op.length === 1) {
    // `<(…)`, `>(…)`: a process substitution, a word of its own.
    if (test.next === "binary" || test.next === "after") {
      throw unexpected(op, i, NEEDS[test.next]);
    }
    // It is a word: a condition's first word, the operand that ends one,
    // or a regular expression's start.
    frame.word = true;
    if (test.next === "term") test.next = "binary";
    else if (test.next === "operand") test.next = "after";
    stack.push(processFrame(input, i, frame));
    return i + 2;
  }
  if (op === "(" && test.next === "term") {
    test.depth++;
    return i + 1;
  }
  const joined = test.next === "binary" || test.next === "after";
  if (op === ")" && joined && test.depth > 0) {
    test.depth--;
    test.next = "after";
    return i + 1;
  }
  if ((op === "&&" || op === "||") && joined) {
    test.next = "term";
    return i + 2;
  }
  if ((op === "<" || op === ">") && test.next === "binary") {
    test.next = "operand";
    return i + 1;
  }
  throw unexpected(
    op,
    i,
    op === ")" && test.depth === 0 && joined
      ? "no ( inside [[ … ]] is open"
      : NEEDS[test.next],
  );
}
