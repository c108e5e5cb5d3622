// A validating JSON pretty-printer that re-indents the token stream and
// never converts a value: numbers (2^53 + 1, 0.1000000000000000055511) and
// string escapes come out exactly as written. Iterative, so deep nesting
// cannot overflow the call stack; linear in the input length.
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS = ["true", "false", "null"];
const ESCAPABLE = new Set([0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74]);

import { OVER_BUDGET } from "./_format_budget.ts";

// Indentation stops growing at this depth (by default), so that hostile
// nesting ("[[[[…") gives output linear in the input, not quadratic;
// _format_budget.ts lowers it when even that is too much.
export const MAX_INDENT_DEPTH = 100;

const indents: string[] = [""];
function indent(nesting: number, maxDepth: number): string {
  const depth = Math.min(nesting, maxDepth);
  while (indents.length <= depth) {
    indents.push(`${indents[indents.length - 1]}  `);
  }
  return indents[depth];
}

function isHex(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x46) ||
    (code >= 0x61 && code <= 0x66);
}

/** End of the JSON string starting at `start` (a `"`), or -1 if it is invalid. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 0x22) return i + 1;
    if (code < 0x20) return -1;
    if (code === 0x5c) {
      const escape = text.charCodeAt(i + 1);
      if (escape === 0x75) {
        for (let k = 2; k < 6; k++) {
          if (!isHex(text.charCodeAt(i + k))) return -1;
        }
        i += 6;
        continue;
      }
      if (!ESCAPABLE.has(escape)) return -1;
      i += 2;
      continue;
    }
    i++;
  }
  return -1;
}

/**
 * `text` re-indented with two spaces (the layout of JSON.stringify(value,
 * null, 2)) up to `maxDepth` levels, or undefined when `text` is not exactly
 * one JSON value, or OVER_BUDGET as soon as the output passes `budget`
 * characters.
 */
export function formatJson(
  text: string,
  maxDepth: number = MAX_INDENT_DEPTH,
  budget: number = Infinity,
): string | undefined | typeof OVER_BUDGET {
  const out: string[] = [];
  let size = 0;
  let over = false;
  // Every push goes through here; the budget is checked once per token.
  const emit = (...parts: string[]): boolean => {
    for (const part of parts) {
      out.push(part);
      size += part.length;
    }
    over = size > budget;
    return !over;
  };
  const stack: boolean[] = []; // true: object, false: array
  const length = text.length;
  let i = 0;
  const skipSpace = () => {
    while (i < length) {
      const code = text.charCodeAt(i);
      if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) i++;
      else break;
    }
  };
  const readKey = (): boolean => {
    skipSpace();
    if (text.charCodeAt(i) !== 0x22) return false;
    const end = stringEnd(text, i);
    if (end === -1) return false;
    if (!emit(text.slice(i, end), ": ")) return false;
    i = end;
    skipSpace();
    if (text.charCodeAt(i) !== 0x3a) return false;
    i++;
    return true;
  };
  let expectValue = true;
  for (;;) {
    skipSpace();
    if (expectValue) {
      if (i >= length) return undefined;
      const code = text.charCodeAt(i);
      if (code === 0x7b || code === 0x5b) {
        const isObject = code === 0x7b;
        i++;
        skipSpace();
        if (text.charCodeAt(i) === (isObject ? 0x7d : 0x5d)) {
          i++;
          if (!emit(isObject ? "{}" : "[]")) return OVER_BUDGET;
          expectValue = false;
          continue;
        }
        stack.push(isObject);
        if (!emit(isObject ? "{\n" : "[\n", indent(stack.length, maxDepth))) {
          return OVER_BUDGET;
        }
        if (isObject && !readKey()) return over ? OVER_BUDGET : undefined;
        continue;
      }
      if (code === 0x22) {
        const end = stringEnd(text, i);
        if (end === -1) return undefined;
        if (!emit(text.slice(i, end))) return OVER_BUDGET;
        i = end;
        expectValue = false;
        continue;
      }
      NUMBER.lastIndex = i;
      const number = NUMBER.exec(text);
      if (number !== null) {
        if (!emit(number[0])) return OVER_BUDGET;
        i += number[0].length;
        expectValue = false;
        continue;
      }
      const literal = LITERALS.find((word) => text.startsWith(word, i));
      if (literal === undefined) return undefined;
      if (!emit(literal)) return OVER_BUDGET;
      i += literal.length;
      expectValue = false;
      continue;
    }
    if (stack.length === 0) return i === length ? out.join("") : undefined;
    const code = text.charCodeAt(i);
    const inObject = stack[stack.length - 1];
    if (code === 0x2c) {
      i++;
      if (!emit(",\n", indent(stack.length, maxDepth))) return OVER_BUDGET;
      if (inObject && !readKey()) return over ? OVER_BUDGET : undefined;
      expectValue = true;
      continue;
    }
    if (code !== (inObject ? 0x7d : 0x5d)) return undefined;
    i++;
    stack.pop();
    if (!emit("\n", indent(stack.length, maxDepth), inObject ? "}" : "]")) {
      return OVER_BUDGET;
    }
  }
}
