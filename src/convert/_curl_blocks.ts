// The compound commands a `$(…)` may hold besides a subshell and a `case`:
// `{ … }`, `if … then … elif … else … fi` and the `while`, `until`, `for` and
// `select` loops' `do … done`. The curl reader never runs them, but bash
// parses the whole `$(…)` before anything runs and refuses the command when
// their reserved words do not balance: a closing word with nothing open
// (`$(})`), one that closes another kind (`if x; then y; done`), a part left
// without a command (`{ }`, `if x; then fi`), or a `)`, `;;` or `esac` while
// one is still open (`$({ x; )`). The reader refuses the same, at the token
// bash names, instead of reading on into a URL bash would never build.
import { unexpected } from "./_curl_syntax_errors.ts";

/**
 * A compound command still open in a frame of commands: the reserved word
 * that opened its current part (`if`, `then`, `do`, `{` …), where, and
 * whether a command has come in that part yet (bash refuses an empty one).
 */
export interface Block {
  word: string;
  at: number;
  filled: boolean;
}

/** Each word that goes on or closes a compound command, and the parts it may end. */
const ENDS = new Map<string, readonly string[]>([
  ["then", ["if", "elif"]],
  ["elif", ["then"]],
  ["else", ["then"]],
  ["fi", ["then", "else"]],
  ["do", ["while", "until", "for", "select"]],
  ["done", ["do"]],
  ["}", ["{"]],
]);

/** Reserved words that open a compound command of this kind. */
const OPENS = new Set(["{", "if", "while", "until", "for", "select"]);

/** Reserved words that close one (the others start its next part). */
const CLOSES = new Set(["fi", "done", "}"]);

/** Whether `word` ends a part of a compound command, so a command must come before it. */
export function endsPart(word: string): boolean {
  return ENDS.has(word);
}

/**
 * A command's first word `token` (`word` is the reserved word it is, or ""
 * for an ordinary word, a redirection or a subshell's `(`), read against the
 * frame's open compound commands: it opens one, goes on to its next part,
 * closes it, or is a command in the current part.
 *
 * @throws {ConversionError} INVALID_INPUT at `at` where bash refuses the
 * word there: a part's word with no matching part open or after an empty
 * part, anything but `do` after a `for` loop's list, and `esac` or `in`
 * outside a `case` or a loop's head.
 */
export function blockWord(
  blocks: Block[],
  word: string,
  token: string,
  at: number,
): void {
  const top = blocks[blocks.length - 1];
  const ends = ENDS.get(word);
  if (ends === undefined) {
    if (top?.word === "for" || top?.word === "select") {
      throw unexpected(
        token,
        at,
        `the ${top.word} loop at offset ${top.at} needs do here`,
      );
    }
    if (word === "esac" || word === "in") {
      throw unexpected(word, at, "no case or for loop is open to read it");
    }
    if (top !== undefined) top.filled = true;
    if (OPENS.has(word)) {
      // A loop's head (name, list) is no command list: it may not be empty.
      blocks.push({ word, at, filled: word === "for" || word === "select" });
    }
    return;
  }
  if (top === undefined || !ends.includes(top.word)) {
    throw unexpected(
      word,
      at,
      top === undefined
        ? "no compound command is open for it to close"
        : `the ${top.word} at offset ${top.at} is still open`,
    );
  }
  if (!top.filled) {
    throw unexpected(word, at, `no command comes after the ${top.word}`);
  }
  blocks.pop();
  if (!CLOSES.has(word)) blocks.push({ word, at, filled: false });
}

/**
 * INVALID_INPUT at `token` (a `)`, `;;` or `esac` that ends the frame's
 * commands) while a compound command is still open in it.
 */
export function noBlockOpen(blocks: Block[], token: string, at: number): void {
  const top = blocks[blocks.length - 1];
  if (top !== undefined) {
    throw unexpected(
      token,
      at,
      `the ${top.word} at offset ${top.at} is still open`,
    );
  }
}
