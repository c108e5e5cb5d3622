// Constraints of path parameters (`:id{[0-9]+}`): where they end, whether
// their regular expression stays inside one path segment, and whether it
// matches in linear time.
import { findAmbiguity } from "./_regexp_ambiguity.ts";

/** Where a `{…}` constraint that opens at `open` closes, or -1. */
export function constraintEnd(text: string, open: number): number {
  let depth = 0;
  let inClass = false;
  for (let i = open; i < text.length; i++) {
    const char = text[i];
    if (char === "\\") i++;
    else if (inClass) inClass = char !== "]";
    else if (char === "[") inClass = true;
    else if (char === "{") depth++;
    else if (char === "}" && --depth === 0) return i;
  }
  return -1;
}

/** The one-letter escapes of a class that name a control character. */
const CONTROL_ESCAPES: Readonly<Record<string, string>> = {
  b: "\b",
  t: "\t",
  n: "\n",
  v: "\v",
  f: "\f",
  r: "\r",
  "0": "\0",
};

/** True when a character-class body (without brackets) can hold "/". */
function classHasSlash(body: string): boolean {
  const chars: (string | null)[] = [];
  // An escaped "-" is a literal, never the range operator.
  const literalDash = new Set<number>();
  for (let i = 0; i < body.length; i++) {
    if (body[i] !== "\\") {
      chars.push(body[i]);
      continue;
    }
    const next = body[++i] ?? "";
    if ("DSW".includes(next)) return true;
    if (next === "/") return true;
    // An escape that names one character is that character, a range end
    // like any other: `[\x21-\x7e]` and `[\t-0]` hold "/" as RegExp reads
    // them, and `\x2f` or `\u002f` is "/" itself.
    const hex = /^x[0-9a-f]{2}|^u[0-9a-f]{4}/i.exec(body.slice(i))?.[0];
    if (hex !== undefined) {
      chars.push(String.fromCharCode(parseInt(hex.slice(1), 16)));
      i += hex.length - 1;
      continue;
    }
    if (next === "-") literalDash.add(chars.length);
    chars.push(CONTROL_ESCAPES[next] ?? ("dswB".includes(next) ? null : next));
  }
  for (let i = 0; i < chars.length; i++) {
    if (chars[i] === "/") return true;
    const low = chars[i];
    const high = chars[i + 2];
    if (
      chars[i + 1] === "-" && !literalDash.has(i + 1) && low && high &&
      low <= "/" && "/" <= high
    ) {
      return true;
    }
  }
  return false;
}

/** Why a constraint is refused, at which offset of its text. */
export interface ConstraintProblem {
  readonly offset: number;
  readonly why: string;
}

/**
 * Checks a `{…}` constraint (the text between the braces) and returns the
 * regular-expression source to use: capturing groups become non-capturing
 * (the route's capture groups are numbered by the router). Refused:
 * anything that can match "/" (`.`, `\D`, `\S`, `\W`, a class holding `/`,
 * a negated class without it, `/` itself), anchors, named groups,
 * lookarounds, back-references, an invalid RegExp, one that matches "", and
 * one that can read the same text in two ways (see _regexp_ambiguity.ts):
 * an accepted constraint matches in time linear in the path.
 */
export function checkConstraint(
  constraint: string,
): string | ConstraintProblem {
  try {
    return constraintRegExpSource(constraint);
  } catch (problem) {
    if (problem instanceof Refusal) return problem;
    throw problem;
  }
}

class Refusal implements ConstraintProblem {
  constructor(readonly offset: number, readonly why: string) {}
}

function constraintRegExpSource(constraint: string): string {
  const refuse = (offset: number, why: string): never => {
    throw new Refusal(offset, why);
  };
  let out = "";
  for (let i = 0; i < constraint.length; i++) {
    const char = constraint[i];
    if (char === "\\") {
      const next = constraint[i + 1] ?? "";
      if (/[1-9k]/.test(next)) refuse(i, "back-references are not supported");
      if (
        "DSW/".includes(next) || /^x2f/i.test(constraint.slice(i + 1)) ||
        /^u002f/i.test(constraint.slice(i + 1))
      ) {
        refuse(
          i,
          `"\\${next}" can match "/"; a constraint stays in one segment`,
        );
      }
      out += char + next;
      i++;
    } else if (char === "[") {
      let end = i + 1;
      if (constraint[end] === "^") end++;
      // A "]" right after "[" or "[^" closes the class, as RegExp reads it
      // (`[^]` is any character, "/" too), never a literal as in POSIX.
      while (end < constraint.length && constraint[end] !== "]") {
        if (constraint[end] === "\\") end++;
        end++;
      }
      const negated = constraint[i + 1] === "^";
      const body = constraint.slice(i + (negated ? 2 : 1), end);
      if (negated !== classHasSlash(body)) {
        refuse(
          i,
          negated
            ? 'a negated class must exclude "/" (write [^/…])'
            : `[${body}] can match "/"; a constraint stays in one segment`,
        );
      }
      out += constraint.slice(i, end + 1);
      i = end;
    } else if (char === ".") {
      refuse(i, '"." can match "/"; write [^/] for any character but "/"');
    } else if (char === "/") {
      refuse(i, 'a constraint cannot match "/"');
    } else if (char === "^" || char === "$") {
      refuse(i, `"${char}": a constraint already spans the whole value`);
    } else if (char === "(") {
      if (constraint[i + 1] !== "?") out += "(?:";
      else {
        const prefix = /^\(\?(?::|=|!|<=|<!)/.exec(constraint.slice(i))?.[0];
        if (prefix === undefined) refuse(i, "named groups are not supported");
        out += prefix;
        i += prefix!.length - 1;
      }
    } else out += char;
  }
  let regexp: RegExp;
  try {
    regexp = new RegExp(`^(?:${out})$`);
  } catch (cause) {
    return refuse(
      0,
      `not a valid regular expression (${(cause as Error).message})`,
    );
  }
  if (regexp.test("")) refuse(0, "it matches the empty string");
  const ambiguity = findAmbiguity(constraint);
  if (ambiguity !== null) refuse(ambiguity.offset, ambiguity.why);
  return out;
}
