// The shell-word scanner behind curl.toRequest: splits a bash command line
// into words the way bash does before it runs curl, without expanding
// anything. Literal runs are sliced, not appended char by char, so the cost is
// linear in the input length.
import { ConversionError } from "./errors.ts";
import { expansionEnd } from "./_curl_substitution.ts";
import {
  type HereDocument,
  hereDocumentStart,
  hereString,
  topLevelBodies,
} from "./_curl_heredoc.ts";
import { assignmentAt, fdLength } from "./_curl_shell_tokens.ts";
import { arrayStep } from "./_curl_array.ts";
import type { ArrayList, Frame } from "./_curl_shell_frames.ts";
import { scanAnsiC } from "./_curl_ansi_c.ts";
import { unterminatedQuote as unterminated } from "./_curl_syntax_errors.ts";

/** One word of the command line after quote removal. */
export interface ShellWord {
  /** The word's text, quotes removed and escapes resolved. */
  value: string;
  /** Offset in the input of the word's first character. */
  offset: number;
}

/** The words of a command, plus what the scanner saw but did not perform. */
export interface ScanResult {
  /** Every word before the end of the command. */
  words: ShellWord[];
  /**
   * Offsets of `$…`/backtick expansions, which are kept literally: one per
   * expansion, at its first character.
   */
  expansions: number[];
  /**
   * The first shell operator (`|`, `;`, `&`, `<`, `>`, `(`, `)`) in the
   * command; `redirection` when it is one (`>`, `<&`, `&>` …, not a process
   * substitution), after which the words are still the command's.
   */
  stop?: { operator: string; offset: number; redirection: boolean };
  /**
   * Where the next command of the input starts (after the unquoted newline,
   * `;`, `&`, `&&`, `|` or `||` that ended this one); absent at the end.
   */
  next?: number;
  /** Offset of the end of this command (its separator, or the input length). */
  end: number;
  /**
   * The command's standard input when a here-document (`<<`, `<<-`) or a
   * here-string (`<<<`) gives it: the last one, as bash redirects. Its
   * `body` is filled once the line that holds it ends, which may be in a
   * later command's scan (`curl … <<EOF | jq .`).
   */
  stdin?: HereDocument;
}

const OPERATORS = "|&;<>()";
const ESCAPABLE_IN_DOUBLE_QUOTES = '\\"$`';

/** A blank that separates words within a command (a newline ends the command). */
function isBlank(input: string, i: number): boolean {
  const c = input[i];
  // A CR at the very end is a line end with nothing after it.
  return c === " " || c === "\t" || (c === "\r" && i + 1 === input.length);
}

/** Characters that end a word: blanks, a newline (LF or CRLF) and the operators. */
function endsWord(input: string, i: number): boolean {
  return isBlank(input, i) || isLineEnd(input, i) ||
    OPERATORS.includes(input[i]);
}

/** Operators that separate commands; the others (`<>()`) only end this one. */
const SEPARATORS = "|&;";

/** Length of a backslash-newline continuation at `i` (LF or CRLF), else 0. */
function continuationLength(input: string, i: number): number {
  if (input[i] !== "\\") return 0;
  if (input[i + 1] === "\n") return 2;
  if (input[i + 1] === "\r" && input[i + 2] === "\n") return 3;
  return 0;
}

/** Whether the `$` at `i` starts an expansion (else it is a literal `$`). */
function isExpansionStart(input: string, i: number): boolean {
  const next = input[i + 1];
  return next !== undefined && /[A-Za-z0-9_{([@*#?!$-]/.test(next);
}

function isLineEnd(input: string, i: number): boolean {
  return input[i] === "\n" || (input[i] === "\r" && input[i + 1] === "\n");
}

/**
 * A redirection (`>`, `>>`, `>|`, `>&`, `<`, `<>`, `<&`, `&>`, `&>>`) at `at` needs a
 * file name after it, as bash does: the end of the line, a comment or an
 * operator there is a syntax error, named at the token bash names. A `(`
 * right after the `<` or `>` is a process substitution, a word.
 */
function checkRedirectionTarget(input: string, at: number): void {
  if (input[at + 1] === "(") return;
  let j = at + redirectionLength(input, at);
  while (isBlank(input, j)) j++;
  const c = input[j];
  // Digits (or `{name}`) against a `<` or `>` are the next redirection's
  // descriptor, no file name.
  const fd = fdLength(input, j);
  if (
    c !== undefined && !isLineEnd(input, j) && c !== "#" &&
    !OPERATORS.includes(c) && fd === 0
  ) {
    return;
  }
  const token = fd > 0
    ? input.slice(j, j + fd)
    : c === undefined || isLineEnd(input, j) || c === "#"
    ? "newline"
    : c;
  throw new ConversionError({
    code: "INVALID_INPUT",
    message:
      `Syntax error at offset ${j}: unexpected ${token} where the redirection at offset ${at} needs a file name (bash refuses this command)`,
    offset: j,
  });
}

/** Length of the redirection operator at `at` (`>`, `>>`, `>|`, `>&`, `<`, `<>`, `<&`, `&>`, `&>>`). */
function redirectionLength(input: string, at: number): number {
  const next = input[at + 1];
  if (input[at] === "&") return input[at + 2] === ">" ? 3 : 2;
  return next === "&" ||
      (input[at] === ">" && (next === ">" || next === "|")) ||
      (input[at] === "<" && next === ">")
    ? 2
    : 1;
}

/**
 * Refuses the other shells' "Copy as cURL" forms at a word start: Windows
 * cmd (`^"…^"` quoting, `^` line continuation) and PowerShell (backtick line
 * continuation). Read as bash they give a mangled URL and headers named
 * `^"a`, so a clear error is better than a wrong request.
 */
function checkOtherShell(input: string, i: number): void {
  const c = input[i];
  const cmd = c === "^" && (input[i + 1] === '"' || isLineEnd(input, i + 1));
  const powershell = c === "`" && isLineEnd(input, i + 1);
  if (!cmd && !powershell) return;
  throw new ConversionError({
    code: "INVALID_INPUT",
    message: cmd
      ? 'This is Windows cmd syntax (^" quoting or a ^ line continuation); use the browser\'s "Copy as cURL (bash)"'
      : 'This is PowerShell syntax (a backtick line continuation); use the browser\'s "Copy as cURL (bash)" or join the lines',
    offset: i,
  });
}

/**
 * Splits the command that starts at `from` into shell words, up to the
 * unquoted newline or control operator that ends it, as bash does; with
 * `limit`, stops after that many words without looking at the rest.
 * Words after a parenthesis or process substitution (`(`, `)`, `<(…)`) are
 * not the command's and are skipped up to the end of the command; a
 * redirection's file name is not the command's either, nor its file
 * descriptor written against it (the `2` of `2>&1`), but the words after
 * them are.
 *
 * @throws {ConversionError} UNTERMINATED_QUOTE at the opening quote (the `$`
 * of `$'…'`) or the opening of an unclosed `$(…)`, `${…}` or backtick
 * substitution, INVALID_ESCAPE for a `$'…'` escape that yields NUL, a surrogate,
 * a code point above U+10FFFF, or bytes that are not UTF-8; INVALID_INPUT at
 * a `;;`, `;&` or `;;&` (bash's syntax error outside a case clause), at
 * a here-document or here-string bash refuses, and where a `$(…)` holds
 * what bash refuses or this reader does not follow.
 *
 * `pending` holds the here-documents opened on the current line and not
 * read yet: the scan adds its own, and reads their bodies where the line
 * ends (the caller passes the same array to the scan of the line's next
 * command).
 */
export function scanWords(
  input: string,
  limit = Infinity,
  from = 0,
  pending: HereDocument[] = [],
): ScanResult {
  const words: ShellWord[] = [];
  const expansions: number[] = [];
  const n = input.length;
  let stop: ScanResult["stop"];
  let stdin: HereDocument | undefined;
  // Where the file descriptor written before a redirection ends (`2<<EOF`,
  // `0<f`), and whether it is stdin's: the redirection acts on it.
  let fdEnd = -1;
  let fdIsStdin = false;
  // The next word is a redirection's file name, which is bash's, not curl's;
  // `replacesStdin`: that redirection acts on stdin, and `duplicates`: it is
  // `<&` or `>&`, whose word names a descriptor.
  let target = false;
  let replacesStdin = false;
  let duplicates = false;
  // After a `(`, `)` or process substitution the words are not curl's.
  let ignoreRest = false;
  // Whether a `NAME=(` here starts an array assignment.
  let arrays = true;
  let i = from;
  const result = (end: number, next?: number): ScanResult => {
    const scan: ScanResult = {
      words,
      expansions,
      end,
    };
    if (stop !== undefined) scan.stop = stop;
    if (stdin !== undefined) scan.stdin = stdin;
    if (next !== undefined && next < n) scan.next = next;
    return scan;
  };
  while (i < n) {
    if (isBlank(input, i)) {
      i++; // A blank only separates words.
      continue;
    }
    const skip = continuationLength(input, i);
    if (skip > 0) {
      i += skip;
      continue;
    }
    // An unquoted newline ends the command, as in bash; the bodies of the
    // line's here-documents come next.
    if (isLineEnd(input, i)) {
      const after = i + (input[i] === "\r" ? 2 : 1);
      return result(i, topLevelBodies(input, after, pending));
    }
    const c = input[i];
    if (c === "#") {
      const end = input.indexOf("\n", i);
      i = end === -1 ? n : end;
      if (input[i - 1] === "\r") i--;
      continue;
    }
    if (c === ";" && (input[i + 1] === ";" || input[i + 1] === "&")) {
      // `;;`, `;&` and `;;&` end a case clause; bash refuses them anywhere else.
      throw new ConversionError({
        code: "INVALID_INPUT",
        message: `Syntax error at offset ${i}: ${
          input.startsWith(";;&", i) ? ";;&" : input.slice(i, i + 2)
        } outside a case clause (bash refuses this command)`,
        offset: i,
      });
    }
    if (c === "<" && input[i + 1] === "<") {
      // A here-document or here-string: the command's stdin (unless a
      // descriptor other than 0 is written before it), no end of it.
      const fed = fdEnd !== i || fdIsStdin;
      if (input[i + 2] === "<") {
        const [word, after] = hereStringWord(input, i, expansions);
        if (fed) stdin = hereString(i, word);
        i = after;
      } else {
        // Its lines are read either way: they are no commands.
        const [doc, after] = hereDocumentStart(input, i);
        pending.push(doc);
        if (fed) stdin = doc;
        i = after;
      }
      continue;
    }
    if (OPERATORS.includes(c)) {
      if (c === "<" || c === ">" || (c === "&" && input[i + 1] === ">")) {
        checkRedirectionTarget(input, i);
        stop ??= { operator: c, offset: i, redirection: input[i + 1] !== "(" };
        if (input[i + 1] === "(") {
          // `<(…)`, `>(…)`: a process substitution, read no further.
          ignoreRest = true;
          i++;
          continue;
        }
        if (words.length > 0) arrays = false;
        replacesStdin = fdEnd === i ? fdIsStdin : c === "<";
        duplicates = c !== "&" && input[i + 1] === "&";
        // `>&`, `<&`, `>>`, `>|`, `<>`, `&>` and `&>>` are one operator:
        // the `&` of `>& file` separates no command (bash). Its file name
        // comes next; the words after that are curl's again, as bash
        // hands them over.
        i += redirectionLength(input, i);
        target = true;
        continue;
      }
      stop ??= { operator: c, offset: i, redirection: false };
      if (c === "(" || c === ")") ignoreRest = true;
      if (SEPARATORS.includes(c)) {
        // `&&` and `||` are one operator.
        const length = (c === "&" || c === "|") && input[i + 1] === c ? 2 : 1;
        return result(i, i + length);
      }
      i++;
      continue;
    }
    const fd = fdLength(input, i);
    if (fd > 0) {
      // `2>&1`, `2>/dev/null`, `2<<EOF`: digits (or `{name}`) right before
      // `<` or `>` name the file descriptor the redirection acts on; bash
      // passes curl no such word. Only descriptor 0 is stdin.
      fdEnd = i + fd;
      fdIsStdin = /^0+$/.test(input.slice(i, fdEnd));
      i = fdEnd;
      continue;
    }
    checkOtherShell(input, i);
    const start = i;
    const parts: string[] = [];
    i = readWord(input, i, parts, expansions);
    if (target) {
      // A redirection of stdin (`<`, `<>`, `<&3`, or any with 0 before it)
      // replaces what a here-document before it gave; `<&0` leaves it.
      if (replacesStdin && !(duplicates && /^0+$/.test(parts.join("")))) {
        stdin = undefined;
      }
      target = false;
      continue;
    }
    if (parts.length === 0 || ignoreRest) continue;
    if (input[i] === "(" && arrays && arrayOpens(input, start, i)) {
      // `NAME=(…)` before the program word: the list is the assignment's,
      // and a word that goes on after its `)` too (`a=(b)c`).
      const close = arrayEnd(input, i, expansions, pending);
      parts.push(input.slice(i, close));
      i = readWord(input, close, parts, expansions);
    }
    // bash reads `NAME=(` only among the assignments before the program
    // word (a copied prompt's `$` aside), and a redirection after one of
    // them ends that.
    if (
      arrays && assignmentAt(input, start) === undefined &&
      !(words.length === 0 && input[start] === "$" && i === start + 1)
    ) arrays = false;
    words.push({
      value: parts.length === 1 ? parts[0] : parts.join(""),
      offset: start,
    });
    if (words.length >= limit) break;
  }
  // At the input's end, a here-document has an empty body (bash warns).
  if (i >= n) topLevelBodies(input, n, pending);
  return result(Math.min(i, n));
}

/** Whether the word from `start` to the `(` at `paren` is `NAME=` or `NAME+=`. */
function arrayOpens(input: string, start: number, paren: number): boolean {
  const name = assignmentAt(input, start);
  if (name === undefined) return false;
  return start + name.length + (input[start + name.length] === "+" ? 2 : 1) ===
    paren;
}

/**
 * The index after the `)` that ends the array assignment's list whose `(`
 * is at `at`, read by the list's grammar (`arrayStep`, which `$(…)` reads
 * lists with too); the words themselves are read here, and a process
 * substitution is skipped whole, as the rest of the top level does.
 *
 * @throws {ConversionError} INVALID_INPUT at an operator in the list (bash's
 * syntax error) and at a line end while a here-document waits for its body
 * (which this reader does not follow); UNTERMINATED_QUOTE at the `(` when
 * nothing closes it.
 */
function arrayEnd(
  input: string,
  at: number,
  expansions: number[],
  pending: HereDocument[],
): number {
  const list: ArrayList = {
    kind: "array",
    word: false,
    docs: pending,
    closes: new Map(),
  };
  const stack: Frame[] = [list];
  let i = at + 1;
  while (i < input.length) {
    if ((input[i] === "<" || input[i] === ">") && input[i + 1] === "(") {
      // One word with what touches it: `<(x)#c` has no comment.
      list.word = true;
      i = expansionEnd(input, i);
    } else {
      const next = arrayStep(input, i, stack, list);
      if (stack.length === 0) return next;
      i = next === -1 ? readWord(input, i, [], expansions) : next;
    }
  }
  throw new ConversionError({
    code: "UNTERMINATED_QUOTE",
    message:
      `Unterminated array assignment: nothing closes the ( at offset ${at} with )`,
    offset: at,
  });
}

/**
 * Reads the word that starts at `from` into `parts` (quotes removed,
 * escapes resolved, expansions kept as typed and noted in `expansions`);
 * returns the index after it.
 */
function readWord(
  input: string,
  from: number,
  parts: string[],
  expansions: number[],
): number {
  const n = input.length;
  let i = from;
  if (input[i] === "~") expansions.push(i); // bash expands a word-initial ~
  while (i < n && !endsWord(input, i)) {
    const ch = input[i];
    if (ch === "'") {
      const close = input.indexOf("'", i + 1);
      if (close === -1) throw unterminated(i, "'");
      parts.push(input.slice(i + 1, close));
      i = close + 1;
    } else if (ch === '"') {
      i = scanDoubleQuoted(input, i, parts, expansions);
    } else if (ch === "$" && input[i + 1] === "'") {
      i = scanAnsiC(input, i, parts);
    } else if (ch === "$" && input[i + 1] === "(") {
      // $(…) and $((…)) are one part of the word, blanks and all.
      expansions.push(i);
      const end = expansionEnd(input, i);
      parts.push(input.slice(i, end));
      i = end;
    } else if (ch === "$" && (input[i + 1] === "{" || input[i + 1] === "[")) {
      // So is ${…}, nested ones and quotes inside included, and $[…].
      expansions.push(i);
      const end = expansionEnd(input, i);
      parts.push(input.slice(i, end));
      i = end;
    } else if (ch === "`") {
      // So is `…`: one expansion, at its opening backtick.
      const after = expansionEnd(input, i);
      expansions.push(i);
      parts.push(input.slice(i, after));
      i = after;
    } else if (ch === "$" && input[i + 1] === '"') {
      // $"…" is bash's locale-translated string; untranslated it is "…".
      i = scanDoubleQuoted(input, i + 1, parts, expansions);
    } else if (ch === "\\") {
      const skipped = continuationLength(input, i);
      if (skipped > 0) {
        i += skipped;
      } else {
        // A backslash at the very end has nothing to escape and stays,
        // as `bash -c` keeps it.
        parts.push(i + 1 < n ? input[i + 1] : "\\");
        i += 2;
      }
    } else {
      if (ch === "$" && isExpansionStart(input, i)) expansions.push(i);
      // `$$` is one parameter (the shell's PID): a `(` after it opens no
      // substitution.
      let j = ch === "$" && input[i + 1] === "$" ? i + 2 : i + 1;
      while (j < n && !isSpecial(input, j)) j++;
      parts.push(input.slice(i, j));
      i = j;
    }
  }
  return i;
}

/**
 * The word of the here-string whose `<<<` is at `at`, and the index after
 * it: its text, quotes removed, as bash hands it to the command.
 */
function hereStringWord(
  input: string,
  at: number,
  expansions: number[],
): [string, number] {
  let i = at + 3;
  while (isBlank(input, i) || continuationLength(input, i) > 0) {
    i += Math.max(1, continuationLength(input, i));
  }
  if (i >= input.length || endsWord(input, i)) {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message:
        `The here-string at offset ${at} has no word after <<< (bash refuses it)`,
      offset: at,
    });
  }
  const parts: string[] = [];
  const end = readWord(input, i, parts, expansions);
  return [parts.join(""), end];
}

/**
 * Index in `words` of the command's program word: after a copied shell
 * prompt (a first word `$`, written unquoted, with more after it) and the
 * variable assignments bash reads before it (`NO_PROXY=x curl …`, which set
 * the program's environment); the last word is the program whatever it is.
 */
export function programIndex(input: string, words: ShellWord[]): number {
  let i = words.length > 1 && words[0].value === "$" &&
      input[words[0].offset] === "$"
    ? 1
    : 0;
  while (
    i < words.length - 1 && assignmentName(input, words[i]) !== undefined
  ) {
    i++;
  }
  return i;
}

/**
 * The variable `word` assigns, when it is an assignment as bash reads one
 * before a program word (`NAME=value`, `NAME+=value`, `NAME[…]=value`, the
 * name unquoted); else undefined.
 */
export function assignmentName(
  input: string,
  word: ShellWord,
): string | undefined {
  return assignmentAt(input, word.offset);
}

/** Whether a program word names curl: `curl` or `curl.exe`, any directory. */
export function isCurlProgram(word: string): boolean {
  const base = word.slice(
    Math.max(word.lastIndexOf("/"), word.lastIndexOf("\\")) + 1,
  );
  return base === "curl" || base.toLowerCase() === "curl.exe";
}

/**
 * Whether `input` starts as a command the curl parser accepts: its program
 * word (after a `$` prompt, comments and line continuations, quotes removed)
 * names curl. Only the words up to the program word are scanned, so a
 * problem later in the command does not count here; never throws.
 */
export function startsWithCurl(input: string): boolean {
  let words: ShellWord[];
  try {
    // Blank and comment-only lines before the command are no command.
    let scan = scanWords(input, 1);
    while (
      scan.words.length === 0 && scan.stop === undefined &&
      scan.next !== undefined
    ) {
      scan = scanWords(input, 1, scan.next);
    }
    words = scan.words;
    // A `$` prompt and assignments come before the program word: read on
    // while the last word read may be one of them (twice as far each time).
    for (
      let limit = 2;
      words.length === limit / 2 &&
      (assignmentName(input, words[words.length - 1]) !== undefined ||
        (words.length === 1 && words[0].value === "$"));
      limit *= 2
    ) {
      words = scanWords(input, limit, words[0].offset).words;
    }
  } catch {
    return false;
  }
  const program = words[programIndex(input, words)];
  return program !== undefined && isCurlProgram(program.value);
}

// Characters that end a literal run: quotes, escapes, expansions, blanks,
// line ends and operators. A CR only counts before LF or at the end.
const SPECIAL = new Uint8Array(128);
for (const c of "'\"\\$` \t\n\r" + OPERATORS) SPECIAL[c.charCodeAt(0)] = 1;

function isSpecial(input: string, j: number): boolean {
  const code = input.charCodeAt(j);
  if (code >= 128 || SPECIAL[code] === 0) return false;
  return code !== 0x0d || endsWord(input, j);
}

/** Scans `"…"` starting at the quote; returns the index after the closing quote. */
function scanDoubleQuoted(
  input: string,
  quote: number,
  parts: string[],
  expansions: number[],
): number {
  let i = quote + 1;
  let run = i;
  for (;;) {
    if (i >= input.length) throw unterminated(quote, '"');
    const c = input[i];
    if (c === '"') {
      parts.push(input.slice(run, i));
      return i + 1;
    }
    if (c === "\\") {
      parts.push(input.slice(run, i));
      const skipped = continuationLength(input, i);
      const next = input[i + 1];
      if (skipped > 0) {
        i += skipped;
      } else if (
        next !== undefined && ESCAPABLE_IN_DOUBLE_QUOTES.includes(next)
      ) {
        parts.push(next);
        i += 2;
      } else {
        // Any other backslash stays, as in bash.
        parts.push("\\");
        i++;
      }
      run = i;
      continue;
    }
    if (c === "`" || (c === "$" && isExpansionStart(input, i))) {
      expansions.push(i);
      // A quote inside $(…), ${…}, $[…] or `…` belongs to it, not to this
      // string; `$$` is one parameter, whatever follows it.
      const next = input[i + 1];
      if (next === "$" && c === "$") {
        i += 2;
        continue;
      }
      if (c === "`" || next === "(" || next === "{" || next === "[") {
        i = expansionEnd(input, i);
        continue;
      }
    }
    i++;
  }
}
