// A parser for the regular expressions of constraints (`:id{[0-9]+}`), read
// the way V8 reads a RegExp without flags, into a tree the linearity check
// (_regexp_ambiguity.ts) walks. What it cannot read with certainty it
// refuses, so the tree never differs from what the engine runs.

/** Code-unit ranges `[low, high]`, sorted and disjoint. */
export type CharSet = readonly (readonly [number, number])[];

/** A node of a constraint's regular expression; `at` is its offset. */
export type RegExpNode =
  | { readonly kind: "chars"; readonly set: CharSet; readonly at: number }
  | { readonly kind: "empty" }
  | { readonly kind: "sequence"; readonly items: readonly RegExpNode[] }
  | {
    readonly kind: "choice";
    readonly options: readonly RegExpNode[];
    readonly at: number;
  }
  | {
    readonly kind: "repeat";
    readonly body: RegExpNode;
    readonly min: number;
    readonly max: number;
    readonly at: number;
  };

/** Why a constraint cannot be read, at which offset of its text. */
export class RegExpSyntaxRefusal {
  constructor(readonly offset: number, readonly why: string) {}
}

const DIGITS: CharSet = [[48, 57]];
const WORD: CharSet = [[48, 57], [65, 90], [95, 95], [97, 122]];
const SPACE: CharSet = [
  [9, 13],
  [32, 32],
  [160, 160],
  [5760, 5760],
  [8192, 8202],
  [8232, 8233],
  [8239, 8239],
  [8287, 8287],
  [12288, 12288],
  [65279, 65279],
];

function normalize(ranges: (readonly [number, number])[]): CharSet {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [low, high] of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && low <= last[1] + 1) {
      last[1] = Math.max(last[1], high);
    } else out.push([low, high]);
  }
  return out;
}

function complement(set: CharSet): CharSet {
  const out: [number, number][] = [];
  let next = 0;
  for (const [low, high] of set) {
    if (low > next) out.push([next, low - 1]);
    next = high + 1;
  }
  if (next <= 0xffff) out.push([next, 0xffff]);
  return out;
}

/**
 * The set with both cases of every ASCII letter: the check then also holds
 * for a table compiled without case (`[a-z]+[A-Z]+` counts as ambiguous).
 * Applied after a class's complement, it covers what the class reads with
 * and without case (`[^a-z]` reads "A" with case, so it keeps "a" here).
 */
function foldCase(set: CharSet): CharSet {
  const extra: [number, number][] = [];
  for (const [low, high] of set) {
    for (const [from, to, shift] of [[65, 90, 32], [97, 122, -32]]) {
      const a = Math.max(low, from);
      const b = Math.min(high, to);
      if (a <= b) extra.push([a + shift, b + shift]);
    }
  }
  return normalize([...set, ...extra]);
}

/** True when two sets share a character. */
export function intersects(a: CharSet, b: CharSet): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i][1] < b[j][0]) i++;
    else if (b[j][1] < a[i][0]) j++;
    else return true;
  }
  return false;
}

const QUANTIFIER = /^\{(\d+)(?:(,)(\d*))?\}/;

/**
 * Parses a constraint's text. Refused: lookarounds, back-references, named
 * groups, anchors, `\c`, `\p`, `\u{…}` and escapes of unclear meaning; the
 * constraint checker has refused `.`, `/` and the classes holding it.
 */
export function parseRegExp(text: string): RegExpNode {
  let i = 0;
  const refuse = (at: number, why: string): never => {
    throw new RegExpSyntaxRefusal(at, why);
  };

  /** One escaped character or class after a `\` at `i - 1`. */
  const escape = (inClass: boolean): CharSet | "assertion" => {
    const at = i - 1;
    const char = text[i++] ?? "";
    if (char === "d") return DIGITS;
    if (char === "D") return complement(DIGITS);
    if (char === "w") return WORD;
    if (char === "W") return complement(WORD);
    if (char === "s") return SPACE;
    if (char === "S") return complement(SPACE);
    if (char === "b") return inClass ? [[8, 8]] : "assertion";
    if (char === "B" && !inClass) return "assertion";
    const simple = "tnvfr".indexOf(char);
    if (simple !== -1) {
      const code = [9, 10, 11, 12, 13][simple];
      return [[code, code]];
    }
    if (char === "0" && !/[0-9]/.test(text[i] ?? "")) return [[0, 0]];
    if (char === "x" && /^[0-9a-fA-F]{2}/.test(text.slice(i))) {
      const code = parseInt(text.slice(i, i + 2), 16);
      i += 2;
      return [[code, code]];
    }
    if (char === "u" && /^[0-9a-fA-F]{4}/.test(text.slice(i))) {
      const code = parseInt(text.slice(i, i + 4), 16);
      i += 4;
      return [[code, code]];
    }
    if (/[0-9a-zA-Z]/.test(char) || char === "") {
      return refuse(at, `"\\${char}" is not supported in a constraint`);
    }
    const code = char.charCodeAt(0);
    return [[code, code]];
  };

  const charClass = (): CharSet => {
    const at = i - 1;
    const negated = text[i] === "^";
    if (negated) i++;
    const ranges: (readonly [number, number])[] = [];
    // One item: a single code unit, or a class escape (never a range end).
    const item = (): number | CharSet => {
      const char = text[i++];
      if (char !== "\\") return char.charCodeAt(0);
      const set = escape(true);
      if (set === "assertion") return refuse(i - 2, "unexpected assertion");
      // A class escape (`\d`, `\w`, `\s` and their complements) is never a
      // single code unit; the last character read cannot tell them apart
      // (`\x4d` ends in `d`).
      return set.length === 1 && set[0][0] === set[0][1] ? set[0][0] : set;
    };
    while (text[i] !== "]") {
      if (i >= text.length) refuse(at, 'unclosed "["');
      const low = item();
      if (
        typeof low === "number" && text[i] === "-" && text[i + 1] !== "]" &&
        i + 1 < text.length
      ) {
        i++;
        const high = item();
        if (typeof high === "number") {
          if (high < low) refuse(at, "a range out of order");
          ranges.push([low, high]);
          continue;
        }
        // `[a-\d]`: the dash is literal in a RegExp without flags.
        ranges.push([low, low], [45, 45], ...high);
        continue;
      }
      if (typeof low === "number") ranges.push([low, low]);
      else ranges.push(...low);
    }
    i++;
    const set = normalize(ranges);
    return negated ? complement(set) : set;
  };

  const atom = (): RegExpNode => {
    const at = i;
    const char = text[i++];
    if (char === "(") {
      if (text[i] === "?") {
        if (text[i + 1] !== ":") {
          return refuse(
            at,
            "lookarounds and named groups are not supported in a constraint",
          );
        }
        i += 2;
      }
      const inner = alternation();
      if (text[i] !== ")") refuse(at, 'unclosed "("');
      i++;
      return inner;
    }
    if (char === "[") return { kind: "chars", set: foldCase(charClass()), at };
    if (char === "\\") {
      const set = escape(false);
      return set === "assertion"
        ? { kind: "empty" }
        : { kind: "chars", set: foldCase(set), at };
    }
    if ("*+?".includes(char)) return refuse(at, `nothing to repeat`);
    if (char === "." || char === "^" || char === "$") {
      return refuse(at, `"${char}" is not supported in a constraint`);
    }
    if (char === "{" && QUANTIFIER.test(text.slice(at))) {
      return refuse(at, "nothing to repeat");
    }
    const code = char.charCodeAt(0);
    return { kind: "chars", set: foldCase([[code, code]]), at };
  };

  const sequence = (): RegExpNode => {
    const items: RegExpNode[] = [];
    while (i < text.length && text[i] !== "|" && text[i] !== ")") {
      const node = atom();
      const at = i;
      const char = text[i];
      const counted = char === "{" ? QUANTIFIER.exec(text.slice(i)) : null;
      let min = 1;
      let max = 1;
      if (char === "*") [min, max] = [0, Infinity];
      else if (char === "+") [min, max] = [1, Infinity];
      else if (char === "?") [min, max] = [0, 1];
      else if (counted !== null) {
        min = Number(counted[1]);
        max = counted[2] === undefined
          ? min
          : counted[3] === ""
          ? Infinity
          : Number(counted[3]);
        if (max < min) refuse(at, "numbers out of order in a quantifier");
      } else {
        items.push(node);
        continue;
      }
      i += counted === null ? 1 : counted[0].length;
      if (text[i] === "?") i++; // lazy: the same paths, in another order
      if (node.kind === "empty") refuse(at, "nothing to repeat");
      if (isQuantifierAt(text, i)) refuse(i, "nothing to repeat");
      items.push({ kind: "repeat", body: node, min, max, at });
    }
    return items.length === 0
      ? { kind: "empty" }
      : items.length === 1
      ? items[0]
      : { kind: "sequence", items };
  };

  const alternation = (): RegExpNode => {
    const at = i;
    const options = [sequence()];
    while (text[i] === "|") {
      i++;
      options.push(sequence());
    }
    return options.length === 1 ? options[0] : { kind: "choice", options, at };
  };

  const tree = alternation();
  if (i < text.length) refuse(i, `unmatched "${text[i]}"`);
  return tree;
}

function isQuantifierAt(text: string, at: number): boolean {
  const char = text[at];
  if (char === "*" || char === "+" || char === "?") return true;
  return char === "{" && QUANTIFIER.test(text.slice(at));
}
