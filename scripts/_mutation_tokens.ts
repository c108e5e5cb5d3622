// A light TypeScript tokenizer for the mutant generator: enough to tell code
// from comments, strings, template text and regular expressions, so a rule
// never plants a bug inside a comment or a message. It does not build a
// syntax tree; the rules read the token stream and the bracket pairs.

/** What a token is; whitespace and comments are dropped. */
export type TokenKind =
  | "ident"
  | "number"
  | "string"
  | "template"
  | "regex"
  | "punct";

/** One token: its text, where it is, and whether blanks precede it. */
export interface Token {
  kind: TokenKind;
  text: string;
  start: number;
  end: number;
  /** 1-based line of its first character. */
  line: number;
  /** Whitespace or a comment right before it. */
  spaced: boolean;
  /** For an opening bracket, the index of its closing one (and back). */
  pair?: number;
}

const PUNCTUATORS = [
  ">>>=",
  "...",
  "===",
  "!==",
  "**=",
  "<<=",
  ">>=",
  ">>>",
  "&&=",
  "||=",
  "??=",
  "=>",
  "==",
  "!=",
  "<=",
  ">=",
  "&&",
  "||",
  "??",
  "?.",
  "++",
  "--",
  "+=",
  "-=",
  "*=",
  "/=",
  "%=",
  "&=",
  "|=",
  "^=",
  "**",
  "<<",
  ">>",
];

// After these words a `/` starts a regular expression, not a division.
const REGEX_AFTER_WORDS = new Set([
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
]);

function regexAllowed(previous: Token | undefined): boolean {
  if (!previous) return true;
  if (previous.kind === "ident") return REGEX_AFTER_WORDS.has(previous.text);
  if (previous.kind === "punct") {
    return previous.text !== ")" && previous.text !== "]";
  }
  return false;
}

/**
 * Splits TypeScript source into tokens, with bracket pairs resolved.
 * Throws on an unterminated string, template, comment or regex.
 */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  // Each open `{` pushes "brace"; a template's `${` pushes "template" so its
  // `}` resumes the template text.
  const braces: Array<"brace" | "template"> = [];
  const opens: number[] = [];
  let line = 1;
  let i = 0;
  let spaced = false;
  const n = source.length;

  const push = (kind: TokenKind, start: number, end: number) => {
    const text = source.slice(start, end);
    tokens.push({ kind, text, start, end, line, spaced });
    for (let k = start; k < end; k++) {
      if (source.charCodeAt(k) === 10) line++;
    }
    spaced = false;
  };

  // Template text from `i` (just after "`" or "}") to "`" or "${".
  const templatePart = (start: number): void => {
    let j = i;
    for (;;) {
      if (j >= n) throw new Error(`unterminated template at line ${line}`);
      const c = source[j];
      if (c === "\\") {
        j += 2;
        continue;
      }
      if (c === "`") {
        j++;
        break;
      }
      if (c === "$" && source[j + 1] === "{") {
        j += 2;
        braces.push("template");
        break;
      }
      j++;
    }
    push("template", start, j);
    i = j;
  };

  while (i < n) {
    const c = source[i];
    if (c === "\n") {
      line++;
      i++;
      spaced = true;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r") {
      i++;
      spaced = true;
      continue;
    }
    if (c === "/" && source[i + 1] === "/") {
      while (i < n && source[i] !== "\n") i++;
      spaced = true;
      continue;
    }
    if (c === "/" && source[i + 1] === "*") {
      const close = source.indexOf("*/", i + 2);
      if (close === -1) throw new Error(`unterminated comment at line ${line}`);
      for (let k = i; k < close; k++) {
        if (source.charCodeAt(k) === 10) line++;
      }
      i = close + 2;
      spaced = true;
      continue;
    }
    const start = i;
    if (c === '"' || c === "'") {
      i++;
      while (i < n && source[i] !== c) {
        if (source[i] === "\n") {
          throw new Error(`unterminated string at line ${line}`);
        }
        i += source[i] === "\\" ? 2 : 1;
      }
      i++;
      push("string", start, i);
      continue;
    }
    if (c === "`") {
      i++;
      templatePart(start);
      continue;
    }
    if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(source[i + 1] ?? ""))) {
      const match =
        /^(?:0[xXoObB][0-9a-fA-F_]+|[0-9_]*\.?[0-9_]*(?:[eE][+-]?[0-9_]+)?)n?/
          .exec(source.slice(i, i + 64))!;
      i += Math.max(1, match[0].length);
      push("number", start, i);
      continue;
    }
    if (/[A-Za-z_$#]/.test(c)) {
      i++;
      while (i < n && /[\w$]/.test(source[i])) i++;
      push("ident", start, i);
      continue;
    }
    if (c === "/" && regexAllowed(tokens.at(-1))) {
      i++;
      let inClass = false;
      while (i < n) {
        const d = source[i];
        if (d === "\n") throw new Error(`unterminated regex at line ${line}`);
        if (d === "\\") {
          i += 2;
          continue;
        }
        if (d === "[") inClass = true;
        else if (d === "]") inClass = false;
        else if (d === "/" && !inClass) break;
        i++;
      }
      i++;
      while (i < n && /[a-z]/.test(source[i])) i++;
      push("regex", start, i);
      continue;
    }
    if (c === "}" && braces.at(-1) === "template") {
      braces.pop();
      i++;
      templatePart(start);
      continue;
    }
    let text = c;
    for (const p of PUNCTUATORS) {
      if (source.startsWith(p, i)) {
        text = p;
        break;
      }
    }
    // `a?.5:b` is a conditional, not optional chaining.
    if (text === "?." && /[0-9]/.test(source[i + 2] ?? "")) text = "?";
    i += text.length;
    push("punct", start, i);
    const index = tokens.length - 1;
    if (text === "{" || text === "(" || text === "[") {
      if (text === "{") braces.push("brace");
      opens.push(index);
    } else if (text === "}" || text === ")" || text === "]") {
      if (text === "}") braces.pop();
      const open = opens.pop();
      if (open !== undefined) {
        tokens[open].pair = index;
        tokens[index].pair = open;
      }
    }
  }
  return tokens;
}
