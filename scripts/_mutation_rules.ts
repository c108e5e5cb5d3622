// The mutation operators: each reads the token stream of one source file and
// proposes realistic one-edit bugs (a flipped comparison, a dropped early
// return, a forgotten default…). Type-only code, imports, logging and
// error-message text are never mutated: a bug there is no bug a test should
// catch, or it is one the type checker catches.
import { type Token, tokenize } from "./_mutation_tokens.ts";

/** One planted bug: replace source[start, end) with `replacement`. */
export interface Mutant {
  /** File under the repository root. */
  file: string;
  /** 1-based line of the edit. */
  line: number;
  /** The operator's name. */
  rule: string;
  start: number;
  end: number;
  replacement: string;
  /** The line(s) before and after the edit, blanks collapsed. */
  before: string;
  after: string;
  /** The nearest non-blank line above, blanks collapsed: tells repeats apart. */
  context: string;
}

interface Edit {
  rule: string;
  start: number;
  end: number;
  replacement: string;
}

const COMPARISON_SWAPS: Record<string, string> = {
  "<": "<=",
  "<=": "<",
  ">": ">=",
  ">=": ">",
  "===": "!==",
  "!==": "===",
  "==": "!=",
  "!=": "==",
};
const CASE_CALLS = new Set(["toLowerCase", "toUpperCase", "trim"]);
const MATH_SWAPS: Record<string, string> = {
  min: "max",
  max: "min",
  floor: "ceil",
  ceil: "floor",
};
const CONTROL = new Set(["if", "for", "while", "switch"]);
const KEYWORDS = new Set([
  "return",
  "typeof",
  "case",
  "do",
  "else",
  "in",
  "of",
  "new",
  "delete",
  "void",
  "throw",
  "yield",
  "await",
  "instanceof",
  "if",
  "while",
  "for",
  "switch",
  "const",
  "let",
  "var",
  "function",
  "class",
  "super",
  "import",
  "export",
]);
const CODE_LIKE = /^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+$/i;
const WORD = /^[a-z][a-z0-9]*$/i;
const WORD_CONTEXT = /header|\bcode\b|\.(?:get|has|set|delete)\(/i;
const MESSAGE_CONTEXT = /throw |Error\(|message|typeof|console\./;

/** Ends a value: what can stand before a binary operator. */
function isValue(token: Token | undefined): boolean {
  if (!token) return false;
  if (token.kind === "ident") return !KEYWORDS.has(token.text);
  if (token.kind === "punct") return token.text === ")" || token.text === "]";
  return true;
}

/** Token indices that are type-only, imports or declarations. */
function skippedTokens(tokens: Token[]): Set<number> {
  const skipped = new Set<number>();
  const skipTo = (from: number, to: number) => {
    for (let k = from; k <= to; k++) skipped.add(k);
  };
  // The `;` that ends the statement at `from`, brackets jumped over.
  const statementEnd = (from: number): number => {
    let k = from;
    while (k < tokens.length && tokens[k].text !== ";") {
      const pair = tokens[k].pair;
      k = pair !== undefined && pair > k ? pair + 1 : k + 1;
    }
    return k;
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== "ident") continue;
    const previous = tokens[i - 1];
    const atStart = !previous || previous.text === ";" ||
      previous.text === "}" || previous.text === "{" ||
      previous.text === "export";
    if (!atStart) continue;
    const next = tokens[i + 1];
    if (t.text === "import" && next?.text !== "(" && next?.text !== ".") {
      skipTo(i, statementEnd(i));
    } else if (
      t.text === "export" && (next?.text === "{" || next?.text === "*" ||
        next?.text === "type")
    ) {
      skipTo(i, statementEnd(i));
    } else if (t.text === "interface") {
      let k = i;
      while (k < tokens.length && tokens[k].text !== "{") k++;
      skipTo(i, tokens[k]?.pair ?? k);
    } else if (
      (t.text === "type" || t.text === "declare") && next?.kind === "ident"
    ) {
      skipTo(i, statementEnd(i));
    }
  }
  return skipped;
}

/** The operators that read one token at `i`. */
function editsAt(tokens: Token[], i: number, source: string): Edit[] {
  const t = tokens[i];
  const previous = tokens[i - 1];
  const next = tokens[i + 1];
  const edits: Edit[] = [];
  const replace = (rule: string, replacement: string, from = t, to = t) =>
    edits.push({ rule, start: from.start, end: to.end, replacement });

  if (t.kind === "punct") {
    const swap = COMPARISON_SWAPS[t.text];
    // deno fmt spaces binary operators; `Array<T>` has no blanks.
    if (swap && t.spaced && next?.spaced && isValue(previous)) {
      replace("comparison", swap);
      const relational = t.text[0] === "<" || t.text[0] === ">";
      if (relational && next.kind === "number" && /^\d+$/.test(next.text)) {
        replace("off-by-one", String(Number(next.text) + 1), next, next);
      }
    }
    if (t.text === "&&") replace("logical", "||");
    if (t.text === "||") replace("logical", "&&");
    if (t.text === "??") {
      replace("nullish", "||");
      const end = operandEnd(tokens, i + 1);
      if (end > i) {
        edits.push({
          rule: "default-dropped",
          start: previous.end,
          end: tokens[end].end,
          replacement: "",
        });
      }
    }
    if (t.text === "?.") {
      const bracket = next?.text === "(" || next?.text === "[";
      replace("optional-chain", bracket ? "" : ".");
    }
    if (
      (t.text === "+" || t.text === "-") && t.spaced && next?.text === "1" &&
      isValue(previous)
    ) {
      edits.push({
        rule: "off-by-one",
        start: previous.end,
        end: next.end,
        replacement: "",
      });
    }
    if (
      t.text === "!" && !isValue(previous) && next?.text !== "=" &&
      tokens[i + 1]?.text !== "!"
    ) {
      replace("negation-dropped", "");
    }
    if (
      t.text === "[" && isValue(previous) && !t.spaced &&
      (next?.text === "0" || next?.text === "1") &&
      tokens[i + 2]?.text === "]"
    ) {
      replace("index", next.text === "0" ? "1" : "0", next, next);
    }
    return edits;
  }
  if (t.kind === "string") {
    const content = t.text.slice(1, -1);
    const lineText = lineOf(source, t.start);
    if (
      !MESSAGE_CONTEXT.test(lineText) &&
      (CODE_LIKE.test(content) ||
        (WORD.test(content) && WORD_CONTEXT.test(lineText)))
    ) {
      replace("string-emptied", t.text[0] + t.text[0]);
    }
    return edits;
  }
  if (t.kind !== "ident") return edits;
  if (t.text === "true") replace("boolean", "false");
  if (t.text === "false") replace("boolean", "true");
  if (
    previous?.text === "." && tokens[i - 2]?.text === "Math" &&
    MATH_SWAPS[t.text]
  ) {
    replace("math", MATH_SWAPS[t.text]);
  }
  if (
    CASE_CALLS.has(t.text) && previous?.text === "." && next?.text === "(" &&
    tokens[i + 2]?.text === ")"
  ) {
    replace("case-dropped", "", previous, tokens[i + 2]);
  }
  // `if (!x)` inverted is `if (x)`, which negation-dropped already plants.
  if (
    (t.text === "if" || t.text === "while") && next?.text === "(" &&
    tokens[i + 2]?.text !== "!"
  ) {
    const close = tokens[next.pair!];
    edits.push({
      rule: "condition-inverted",
      start: next.end,
      end: close.start,
      replacement: `!(${source.slice(next.end, close.start)})`,
    });
  }
  if (
    (t.text === "continue" || t.text === "break") &&
    (isStatementStart(tokens, i) || previous?.text === ":")
  ) {
    let k = i;
    while (tokens[k + 1] && tokens[k + 1].text !== ";") k++;
    replace(`${t.text}-dropped`, "", t, tokens[k]);
  }
  if (
    t.text === "return" && next?.text !== "{" && isInControlBody(tokens, i)
  ) {
    edits.push({
      rule: "return-dropped",
      start: t.start,
      end: next?.text === ";" ? t.end : next.start,
      replacement: "",
    });
  }
  if (isStatementStart(tokens, i)) {
    const end = callStatementEnd(tokens, i);
    if (end !== -1) {
      edits.push({
        rule: "call-dropped",
        start: t.start,
        end: tokens[end].start,
        replacement: "",
      });
    }
  }
  return edits;
}

/** Index of the last token of the operand after a low-precedence operator. */
function operandEnd(tokens: Token[], from: number): number {
  const stops = new Set([",", ";", ")", "]", "}", "?", ":", "||", "&&", "??"]);
  let k = from;
  let last = -1;
  // A template's `}…` text ends an operand inside `${…}`.
  const ends = (t: Token) =>
    stops.has(t.text) || (t.kind === "template" && t.text[0] === "}");
  while (k < tokens.length && !ends(tokens[k])) {
    const pair = tokens[k].pair;
    last = pair !== undefined && pair > k ? pair : k;
    k = last + 1;
  }
  return last;
}

function isControlHeaderEnd(tokens: Token[], i: number): boolean {
  const t = tokens[i];
  if (t?.text !== ")" || t.pair === undefined) return false;
  return CONTROL.has(tokens[t.pair - 1]?.text ?? "");
}

function isStatementStart(tokens: Token[], i: number): boolean {
  const previous = tokens[i - 1];
  if (!previous) return true;
  if (previous.kind === "punct") {
    return previous.text === ";" || previous.text === "{" ||
      previous.text === "}" || isControlHeaderEnd(tokens, i - 1);
  }
  return previous.text === "else";
}

/** A `return` that is not a function's own last word: inside an if, a loop or a case. */
function isInControlBody(tokens: Token[], i: number): boolean {
  const previous = tokens[i - 1];
  if (previous?.text === "else" || isControlHeaderEnd(tokens, i - 1)) {
    return true;
  }
  if (previous?.text === ":") return true;
  // The innermost open `{` before the return.
  let depth = 0;
  for (let k = i - 1; k >= 0; k--) {
    const text = tokens[k].text;
    if (text === "}") depth++;
    else if (text === "{") {
      if (depth === 0) {
        const before = tokens[k - 1];
        return before?.text === "else" || before?.text === ":" ||
          isControlHeaderEnd(tokens, k - 1);
      }
      depth--;
    }
  }
  return false;
}

/** The `;` index ending a statement that is only a call chain, else -1. */
function callStatementEnd(tokens: Token[], i: number): number {
  let k = i;
  if (tokens[k].text === "await") k++;
  const head = tokens[k];
  if (
    head?.kind !== "ident" || head.text === "console" ||
    head.text === "super" ||
    (KEYWORDS.has(head.text) && head.text !== "this")
  ) return -1;
  k++;
  let called = false;
  let lastWasCall = false;
  while (k < tokens.length) {
    const text = tokens[k].text;
    if ((text === "." || text === "?.") && tokens[k + 1]?.kind === "ident") {
      k += 2;
      lastWasCall = false;
    } else if (text === "(" || text === "[") {
      lastWasCall = text === "(";
      called ||= lastWasCall;
      k = tokens[k].pair! + 1;
    } else if (text === "!") {
      k++;
    } else break;
  }
  return called && lastWasCall && tokens[k]?.text === ";" ? k : -1;
}

function lineOf(source: string, offset: number): string {
  const start = source.lastIndexOf("\n", offset - 1) + 1;
  const end = source.indexOf("\n", offset);
  return source.slice(start, end === -1 ? source.length : end);
}

/** The whole lines an edit touches, blanks collapsed. */
function span(text: string, start: number, end: number): string {
  const from = text.lastIndexOf("\n", start - 1) + 1;
  let to = text.indexOf("\n", end);
  if (to === -1) to = text.length;
  return text.slice(from, to).replace(/\s+/g, " ").trim();
}

/** The nearest non-blank line above the one holding `offset`, collapsed. */
function lineAbove(source: string, offset: number): string {
  let end = source.lastIndexOf("\n", offset - 1);
  while (end > 0) {
    const start = source.lastIndexOf("\n", end - 1) + 1;
    const text = source.slice(start, end).replace(/\s+/g, " ").trim();
    if (text !== "") return text;
    end = start - 1;
  }
  return "";
}

/** Every mutant the operators propose for one file, in source order. */
export function generateMutants(file: string, source: string): Mutant[] {
  const tokens = tokenize(source);
  const skipped = skippedTokens(tokens);
  const seen = new Set<string>();
  const mutants: Mutant[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (skipped.has(i)) continue;
    if (/console\.|deno-lint/.test(lineOf(source, tokens[i].start))) continue;
    for (const edit of editsAt(tokens, i, source)) {
      const key = `${edit.start}:${edit.end}:${edit.replacement}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const mutated = source.slice(0, edit.start) + edit.replacement +
        source.slice(edit.end);
      const line = source.slice(0, edit.start).split("\n").length;
      mutants.push({
        file,
        line,
        ...edit,
        before: span(source, edit.start, edit.end),
        context: lineAbove(source, edit.start),
        after: span(
          mutated,
          edit.start,
          edit.start + edit.replacement.length,
        ),
      });
    }
  }
  return mutants;
}
