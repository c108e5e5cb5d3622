// Here-documents: bash reads the lines after the one that holds `<<WORD`
// as text, up to a line that is WORD alone, so a `)` or a quote in them
// neither closes a substitution nor opens anything. Inside a `$(…)` the curl
// reader skips them; at the top level it reads their text, a command's
// standard input, as bash hands it over. It never runs anything.
import { ConversionError } from "./errors.ts";

/** A `<<WORD` (or `<<-WORD`) whose body has not been read yet. */
export interface HereDocument {
  /** Offset of its `<<`. */
  at: number;
  /** The line that ends the body, quotes removed. */
  delimiter: string;
  /** `<<-`: leading tabs of each line are ignored. */
  strip: boolean;
  /** Part of the delimiter word is quoted: the body is not expanded. */
  quoted: boolean;
  /**
   * The text handed to the command (read at the top level only, once the
   * line that holds the `<<` ends).
   */
  body?: string;
  /** Offsets of the `$…` and backtick expansions kept as typed in the body. */
  expansions?: number[];
}

const WORD_END = " \t\n|&;<>()";
// Sticky, so that skipping blanks or tabs reads only what it skips.
const BLANKS = /[ \t]*/y;
const TABS = /\t*/y;

function endsWord(input: string, i: number): boolean {
  const c = input[i];
  return c === undefined || WORD_END.includes(c) ||
    (c === "\r" && input[i + 1] === "\n");
}

/**
 * Reads the `<<WORD` or `<<-WORD` at `at`: returns the here-document and
 * the index after its delimiter word.
 *
 * @throws {ConversionError} INVALID_INPUT at the `<<` when no word follows
 * (bash refuses it as a syntax error), when the word is empty once its
 * quotes are removed (bash then never finds its end), or when it holds an
 * expansion (`$(`, `${`, `$[`, `$'` or a backtick), which this reader does
 * not follow in a delimiter; UNTERMINATED_QUOTE at a quote nothing closes.
 */
export function hereDocumentStart(
  input: string,
  at: number,
): [HereDocument, number] {
  const strip = input[at + 2] === "-";
  BLANKS.lastIndex = at + (strip ? 3 : 2);
  BLANKS.test(input);
  let i = BLANKS.lastIndex;
  if (endsWord(input, i)) {
    throw refused(at, "has no delimiter word (bash refuses it)");
  }
  let delimiter = "";
  let quoted = false;
  while (i < input.length && !endsWord(input, i)) {
    const c = input[i];
    if (c === "'" || c === '"' || c === "\\") quoted = true;
    if (c === "`" || (c === "$" && "({['".includes(input[i + 1]))) {
      throw refused(at, "has an expansion in its delimiter word");
    }
    if (c === "'") {
      const close = input.indexOf("'", i + 1);
      if (close === -1) throw unterminated(i);
      delimiter += input.slice(i + 1, close);
      i = close + 1;
    } else if (c === '"') {
      [delimiter, i] = doubleQuoted(input, at, i + 1, delimiter);
    } else if (c === "\\") {
      delimiter += input.slice(i + 1, i + 2);
      i += 2;
    } else {
      delimiter += c;
      i++;
    }
  }
  if (delimiter === "") {
    throw refused(at, "has an empty delimiter (bash never finds its end)");
  }
  return [{ at, delimiter, strip, quoted }, i];
}

/**
 * The delimiter with the `"…"` from `from` appended, and the index after
 * it, in the here-document at `at`.
 */
function doubleQuoted(
  input: string,
  at: number,
  from: number,
  delimiter: string,
): [string, number] {
  let i = from;
  while (input[i] !== '"') {
    const c = input[i];
    if (c === undefined) throw unterminated(from - 1);
    if (c === "`" || (c === "$" && "({[".includes(input[i + 1]))) {
      throw refused(at, "has an expansion in its delimiter word");
    }
    if (c === "\\" && '\\"$`'.includes(input[i + 1])) i++;
    delimiter += input[i];
    i++;
  }
  return [delimiter, i + 1];
}

/**
 * Skips the bodies of `docs`, in order, from the line that starts at
 * `from`; returns where reading goes on and removes the bodies read from
 * `docs`. A pasted CRLF line is read as its LF line. A line that starts
 * with the delimiter and holds a `)` after it also ends the body, as bash
 * 5.2 reads it in a `$(…)` (with a warning): the rest of that line is read
 * as commands on a line of their own, so the `)` can close the
 * substitution. At the end of the input with a body unfinished, returns the
 * input's length: the substitution is then unclosed, as bash finds it.
 */
export function hereDocumentBodies(
  input: string,
  from: number,
  docs: HereDocument[],
): number {
  let i = from;
  let read = 0;
  // With an unquoted delimiter, a line ending in a backslash goes on on the
  // next line (bash joins them before it compares the delimiter): `parts`
  // holds where each piece of the joined line stands, without the
  // backslashes that join.
  let parts: [number, number][] = [];
  // `<<-` drops a line's leading tabs while the joined line is empty.
  let empty = true;
  while (read < docs.length && i < input.length) {
    const { delimiter } = docs[read];
    const line = bodyLine(input, i, docs[read], empty);
    i = line.next;
    const piece: [number, number] = [
      line.start,
      line.joins ? line.stop - 1 : line.stop,
    ];
    parts.push(piece);
    empty &&= piece[0] === piece[1];
    if (line.joins) continue;
    const text = parts.map(([a, b]) => input.slice(a, b)).join("");
    const named = text.startsWith(delimiter);
    if (named && text.length === delimiter.length) read++;
    else if (
      named &&
      (text.slice(delimiter.length) + input.slice(line.stop, line.end))
        .includes(")")
    ) {
      docs.splice(0, read + 1);
      return afterDelimiter(parts, delimiter.length);
    }
    parts = [];
    empty = true;
  }
  docs.splice(0, read);
  return i;
}

/**
 * The index in the input right after the first `length` characters of a
 * line joined from `parts` (each piece's start and end).
 */
function afterDelimiter(parts: [number, number][], length: number): number {
  let left = length;
  for (const [start, end] of parts) {
    if (left <= end - start) return start + left;
    left -= end - start;
  }
  return parts[parts.length - 1][1];
}

/**
 * The here-string `<<<` at `at` whose word, quotes removed, is `word`: bash
 * hands the command the word and a line end.
 */
export function hereString(at: number, word: string): HereDocument {
  return { at, delimiter: "", strip: false, quoted: true, body: word + "\n" };
}

/**
 * Reads the bodies of `docs`, in order, from the line that starts at `from`
 * at the top level, as bash reads them: lines up to the delimiter line (a
 * CRLF line as its LF line), leading tabs dropped for `<<-`; with an
 * unquoted delimiter, a line ending in a backslash goes on on the next
 * line, `\\`, `\$` and `` \` `` lose their backslash and `$…` and
 * backtick expansions are kept as typed and noted. A body that reaches the
 * input's end ends there (bash warns and runs). Empties `docs`; returns
 * where reading goes on.
 */
export function topLevelBodies(
  input: string,
  from: number,
  docs: HereDocument[],
): number {
  let i = from;
  for (const doc of docs) {
    const text: string[] = [];
    const marks: number[] = [];
    while (i < input.length) {
      let raw = "";
      let line = "";
      for (;;) {
        const part = bodyLine(input, i, doc, raw === "");
        i = part.next;
        const last = part.joins ? part.stop - 1 : part.stop;
        raw += input.slice(part.start, last);
        line += doc.quoted
          ? input.slice(part.start, last)
          : unquotedText(input, part.start, last, marks);
        if (!part.joins) break;
      }
      if (raw === doc.delimiter) break;
      text.push(line, "\n");
    }
    doc.body = text.join("");
    if (marks.length > 0) doc.expansions = marks;
  }
  docs.length = 0;
  return i;
}

/** One physical line of a here-document's body, as bash reads it. */
interface BodyLine {
  /** Where its text starts: after the tabs `<<-` drops. */
  start: number;
  /** Where its text ends: before the line end (a pasted CRLF's too). */
  stop: number;
  /** Where the line ends: its newline, or the input's end. */
  end: number;
  /** Where the next line starts. */
  next: number;
  /** It ends in an odd run of backslashes, and goes on on the next line. */
  joins: boolean;
}

/**
 * The body line of `doc` that starts at `i`. `<<-` drops the tabs that
 * start a line, and those after a join while the logical line (`fresh`)
 * holds nothing yet: bash strips them as it reads. With an unquoted
 * delimiter, a line that ends in an odd run of backslashes joins the next
 * (not at the input's end, where there is no next).
 */
function bodyLine(
  input: string,
  i: number,
  doc: HereDocument,
  fresh: boolean,
): BodyLine {
  const newline = input.indexOf("\n", i);
  const end = newline === -1 ? input.length : newline;
  TABS.lastIndex = i;
  const start = doc.strip && fresh && TABS.test(input) ? TABS.lastIndex : i;
  const stop = input[end - 1] === "\r" && newline !== -1 ? end - 1 : end;
  return {
    start,
    stop,
    end,
    next: newline === -1 ? input.length : newline + 1,
    joins: !doc.quoted && newline !== -1 &&
      trailingBackslashes(input, start, stop) % 2 === 1,
  };
}

function trailingBackslashes(input: string, start: number, stop: number) {
  let j = stop;
  while (j > start && input[j - 1] === "\\") j--;
  return stop - j;
}

/**
 * `input` from `start` to `stop` as an unquoted here-document's line: `\\`,
 * `\$` and `` \` `` lose the backslash; expansions are noted in `marks`.
 */
function unquotedText(
  input: string,
  start: number,
  stop: number,
  marks: number[],
): string {
  let out = "";
  let run = start;
  for (let j = start; j < stop; j++) {
    const c = input[j];
    if (c === "\\" && "\\$`".includes(input[j + 1]) && j + 1 < stop) {
      out += input.slice(run, j);
      run = j + 1;
      j++;
    } else if (c === "`") {
      // One expansion, at its opening backtick: the closing one is skipped.
      marks.push(j);
      const close = input.indexOf("`", j + 1);
      if (close !== -1 && close < stop) j = close;
    } else if (c === "$" && /[A-Za-z0-9_{([@*#?!$-]/.test(input[j + 1])) {
      marks.push(j);
      // `$$` is one expansion: the second `$` opens none.
      if (input[j + 1] === "$") j++;
    }
  }
  return out + input.slice(run, stop);
}

/** A here-document left unread when the `$(…)` that holds it closes. */
export function bodyAfterClose(doc: HereDocument): ConversionError {
  return refused(
    doc.at,
    "is in a $(…) that closes on the same line: bash reads its body from the lines after the whole command; put the ) on a line after the body",
  );
}

function refused(at: number, why: string): ConversionError {
  return new ConversionError({
    code: "INVALID_INPUT",
    message: `The here-document at offset ${at} ${why}`,
    offset: at,
  });
}

function unterminated(at: number): ConversionError {
  return new ConversionError({
    code: "UNTERMINATED_QUOTE",
    message:
      `Unterminated quote at offset ${at} in a here-document's delimiter word`,
    offset: at,
  });
}
