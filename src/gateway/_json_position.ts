// Where a JSON text first goes wrong, as line and column, for the config
// file's one-line error. JSON.parse's own message cannot be used: V8 quotes
// the source (raw newlines, and whatever the file holds, a secret included)
// and gives no position for some errors ("Unexpected token").

/** Where the text stops being JSON, 1-based; `end` when it ends too soon. */
export interface JsonErrorPosition {
  line: number;
  column: number;
  end: boolean;
}

const WHITESPACE = " \t\n\r";
const ESCAPES = '"\\/bfnrt';

/**
 * The first offset at which `text` is not JSON (`text.length` when it ends
 * too soon), or undefined when it is JSON. Iterative, so nesting depth
 * costs no stack.
 */
function errorOffset(text: string): number | undefined {
  const n = text.length;
  let i = 0;
  const stack: string[] = [];
  const skip = () => {
    while (i < n && WHITESPACE.includes(text[i])) i++;
  };
  const string = (): boolean => {
    i++; // the opening quote
    while (i < n) {
      const code = text.charCodeAt(i);
      if (code === 0x22) {
        i++;
        return true;
      }
      if (code < 0x20) return false;
      if (code !== 0x5c) {
        i++;
        continue;
      }
      i++;
      if (i >= n) return false;
      if (ESCAPES.includes(text[i])) {
        i++;
        continue;
      }
      if (text[i] !== "u") return false;
      i++;
      for (let k = 0; k < 4; k++, i++) {
        if (i >= n || !/[0-9a-fA-F]/.test(text[i])) return false;
      }
    }
    return false;
  };
  const scalar = (): boolean => {
    const c = text[i];
    if (c === '"') return string();
    for (const word of ["true", "false", "null"]) {
      if (c !== word[0]) continue;
      for (const expected of word) {
        if (text[i] !== expected) return false;
        i++;
      }
      return true;
    }
    return number();
  };
  /**
   * A number, read to the first character that cannot continue it (as
   * V8's JSON.parse reports it): `-"` fails at the quote, `6ee` at the
   * second `e`, not at the number's start.
   */
  const number = (): boolean => {
    if (text[i] === "-") i++;
    if (text[i] === "0") i++;
    else if (!digits()) return false;
    if (text[i] === ".") {
      i++;
      if (!digits()) return false;
    }
    if (text[i] === "e" || text[i] === "E") {
      i++;
      if (text[i] === "+" || text[i] === "-") i++;
      if (!digits()) return false;
    }
    return true;
  };
  /** One or more decimal digits. */
  const digits = (): boolean => {
    const start = i;
    while (i < n && text[i] >= "0" && text[i] <= "9") i++;
    return i > start;
  };
  /** A member's key and colon, leaving `i` at its value. */
  const key = (): boolean => {
    if (text[i] !== '"' || !string()) return false;
    skip();
    if (text[i] !== ":") return false;
    i++;
    return true;
  };
  for (;;) {
    // A value is expected at i.
    skip();
    if (i >= n) return n;
    if (text[i] === "{" || text[i] === "[") {
      const open = text[i++];
      skip();
      if (text[i] !== (open === "{" ? "}" : "]")) {
        stack.push(open);
        if (open === "{" && !key()) return i;
        continue;
      }
      i++;
    } else if (!scalar()) return i;
    // After a value: closers, then a comma (and the next key) or the end.
    for (;;) {
      skip();
      if (stack.length === 0) return i < n ? i : undefined;
      if (i >= n) return n;
      const open = stack[stack.length - 1];
      if (text[i] === (open === "{" ? "}" : "]")) {
        stack.pop();
        i++;
        continue;
      }
      if (text[i] !== ",") return i;
      i++;
      if (open === "{") {
        skip();
        if (!key()) return i;
      }
      break;
    }
  }
}

/**
 * Where `text` first fails to be JSON, or undefined when it parses.
 *
 * @param text The JSON text.
 * @returns The 1-based line and column (UTF-16 units) of the first error.
 */
export function jsonErrorPosition(
  text: string,
): JsonErrorPosition | undefined {
  const offset = errorOffset(text);
  if (offset === undefined) return undefined;
  const before = text.slice(0, offset);
  const lastBreak = before.lastIndexOf("\n");
  return {
    line: before.split("\n").length,
    column: offset - lastBreak,
    end: offset >= text.length,
  };
}
