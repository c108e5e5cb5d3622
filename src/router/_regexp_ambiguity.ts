// The linearity check of constraints: a backtracking engine (V8's) tries
// every way a regular expression can read the text; when two ways read the
// same text and arrive at the same place, everything after that place is
// tried twice, and such doublings compound (`(a+)+`, `a?a?…aa…`). This
// check accepts only expressions where every text is read in at most one
// way up to every place, so the engine visits each (text position, place)
// pair at most once: time linear in the text, for a given expression.
//
// Places are the positions of a Glushkov automaton: one per character set
// of the expression, a counted repetition written out as copies (`x{2,4}`
// as `xx(x(x)?)?`, one way per count, as V8 runs it). Two ways meet when
// (1) one step can be taken by two constructions (`(a+)+`: the inner and
// the outer loop both lead from `a` back to `a`), (2) two ways through
// nothing exist (`(a?)?`, `(a|)?`), or (3) two different places can read
// the same text and later reach the same place, or both end the expression
// (`(a|a)`, `\w+\d+`, `a?a`+`a`).
import {
  type CharSet,
  intersects,
  parseRegExp,
  type RegExpNode,
  RegExpSyntaxRefusal,
} from "./_regexp_tree.ts";

/** Why a constraint is refused, at which offset of its text. */
export interface Ambiguity {
  readonly offset: number;
  readonly why: string;
}

/** Places a constraint may have once written out; beyond, it is refused. */
export const MAX_PLACES = 400;
/** Pairs of places the check may visit; beyond, the constraint is refused. */
const MAX_PAIR_STEPS = 2_000_000;

/** Ways into or out of an expression: place → number of ways (1 or 2+). */
type Ways = Map<number, number>;

interface Part {
  /** Ways to read nothing: 0, 1 or 2 (two or more). */
  readonly empty: number;
  readonly first: Ways;
  readonly last: Ways;
}

class Found {
  constructor(readonly offset: number, readonly why: string) {}
}

const TWICE =
  "it can read the same text in two ways, so matching can take exponential or polynomial time";

function add(into: Ways, from: Ways, times: number): void {
  if (times === 0) return;
  for (const [place, count] of from) {
    into.set(place, Math.min(2, (into.get(place) ?? 0) + count * times));
  }
}

/**
 * Null when every text is read in at most one way up to every place of
 * `constraint` (see the file comment), else where and why not.
 */
export function findAmbiguity(constraint: string): Ambiguity | null {
  let tree: RegExpNode;
  try {
    tree = parseRegExp(constraint);
  } catch (refusal) {
    if (refusal instanceof RegExpSyntaxRefusal) return refusal;
    throw refusal;
  }
  const sets: CharSet[] = [];
  const offsets: number[] = [];
  const next: Ways[] = [];

  const step = (from: Ways, to: Ways, at: number) => {
    for (const [source, count] of from) {
      const ways = next[source];
      for (const [target, times] of to) {
        const total = (ways.get(target) ?? 0) + count * times;
        if (total > 1) {
          throw new Found(
            at,
            `${TWICE}: a repetition inside a repetition (write one loop)`,
          );
        }
        ways.set(target, total);
      }
    }
  };

  const build = (node: RegExpNode): Part => {
    switch (node.kind) {
      case "chars": {
        if (sets.length >= MAX_PLACES) {
          throw new Found(
            node.at,
            `more than ${MAX_PLACES} characters once repetitions are written out: too large to check`,
          );
        }
        const place = sets.length;
        sets.push(node.set);
        offsets.push(node.at);
        next.push(new Map());
        const only: Ways = new Map([[place, 1]]);
        return { empty: 0, first: only, last: new Map(only) };
      }
      case "empty":
        return { empty: 1, first: new Map(), last: new Map() };
      case "sequence": {
        let part = build(node.items[0]);
        for (let k = 1; k < node.items.length; k++) {
          part = concat(part, build(node.items[k]), offsetOf(node.items[k]));
        }
        return part;
      }
      case "choice": {
        let empty = 0;
        const first: Ways = new Map();
        const last: Ways = new Map();
        for (const option of node.options) {
          const part = build(option);
          empty += part.empty;
          add(first, part.first, 1);
          add(last, part.last, 1);
        }
        if (empty > 1) {
          throw new Found(node.at, `${TWICE}: two alternatives match nothing`);
        }
        return { empty, first, last };
      }
      case "repeat":
        return repeat(node);
    }
  };

  const concat = (a: Part, b: Part, at: number): Part => {
    step(a.last, b.first, at);
    const first = new Map(a.first);
    add(first, b.first, a.empty);
    const last = new Map(b.last);
    add(last, a.last, b.empty);
    return { empty: Math.min(2, a.empty * b.empty), first, last };
  };

  const optional = (part: Part, at: number): Part => {
    if (part.empty > 0) {
      throw new Found(at, `${TWICE}: an optional part that can match nothing`);
    }
    return { empty: 1, first: part.first, last: part.last };
  };

  const loop = (body: Part, at: number, orNone: boolean): Part => {
    if (body.empty > 0) {
      throw new Found(at, `${TWICE}: a repeated part that can match nothing`);
    }
    step(body.last, body.first, at);
    return { empty: orNone ? 1 : 0, first: body.first, last: body.last };
  };

  const repeat = (node: RegExpNode & { kind: "repeat" }): Part => {
    const { body, min, max, at } = node;
    // Written out: `min` copies, then a loop or nested optional copies.
    let head: Part | undefined;
    const append = (part: Part) => {
      head = head === undefined ? part : concat(head, part, at);
    };
    const mandatory = max === Infinity ? Math.max(0, min - 1) : min;
    for (let k = 0; k < mandatory; k++) append(build(body));
    if (max === Infinity) append(loop(build(body), at, min === 0));
    else if (max > min) {
      // x{0,3} is (x(x(x)?)?)?: one way to read each count.
      const copies = Array.from({ length: max - min }, () => build(body));
      let tail: Part | undefined;
      for (let k = copies.length - 1; k >= 0; k--) {
        const inner: Part = tail === undefined
          ? copies[k]
          : concat(copies[k], tail, at);
        tail = optional(inner, at);
      }
      append(tail!);
    }
    return head ?? { empty: 1, first: new Map(), last: new Map() };
  };

  let whole: Part;
  try {
    whole = build(tree);
    for (const ways of [whole.first, whole.last]) {
      for (const [place, count] of ways) {
        if (count > 1) throw new Found(offsets[place], TWICE);
      }
    }
    meetAgain(sets, next, offsets, whole.first, whole.last);
  } catch (found) {
    if (found instanceof Found) return found;
    throw found;
  }
  return null;
}

function offsetOf(node: RegExpNode): number {
  if (node.kind === "sequence") return offsetOf(node.items[0]);
  return node.kind === "empty" ? 0 : node.at;
}

/**
 * Throws when two different places that read the same character after the
 * same place can go on reading the same text to one place, or both end
 * the expression.
 */
function meetAgain(
  sets: readonly CharSet[],
  next: readonly Ways[],
  offsets: readonly number[],
  starts: Ways,
  ends: Ways,
): void {
  const seen = new Set<number>();
  // A pair of places two ways stand on after reading the same text, with
  // the pair where they split (for the message).
  const queue: [number, number, number, number][] = [];
  const visit = (p: number, q: number, from: readonly [number, number]) => {
    const [a, b] = p < q ? [p, q] : [q, p];
    const key = a * sets.length + b;
    if (!seen.has(key)) {
      seen.add(key);
      queue.push([a, b, from[0], from[1]]);
    }
  };
  // Ways split at the start or after any place (every place is assumed
  // reachable: assuming so only refuses more).
  const splits = [[...starts.keys()], ...next.map((ways) => [...ways.keys()])];
  for (const successors of splits) {
    for (let x = 0; x < successors.length; x++) {
      for (let y = x + 1; y < successors.length; y++) {
        const [p, q] = [successors[x], successors[y]];
        if (intersects(sets[p], sets[q])) visit(p, q, [p, q]);
      }
    }
  }
  let steps = 0;
  while (queue.length > 0) {
    const [p, q, splitP, splitQ] = queue.pop()!;
    if (p === q || (ends.has(p) && ends.has(q))) {
      const [early, late] = [offsets[splitP], offsets[splitQ]].sort((a, b) =>
        a - b
      );
      const how = p === q ? "meet again" : "both end";
      throw new Found(
        late,
        early === late
          ? `${TWICE}: two repetitions of the part at its offset ${late} can read the same text, and the two ways ${how}`
          : `${TWICE}: a text read from its offset ${early} can also be read from its offset ${late}, and the two ways ${how}`,
      );
    }
    for (const r of next[p].keys()) {
      for (const s of next[q].keys()) {
        if (++steps > MAX_PAIR_STEPS) {
          throw new Found(0, "too complex to check");
        }
        if (intersects(sets[r], sets[s])) visit(r, s, [splitP, splitQ]);
      }
    }
  }
}

/**
 * True when some text `constraint` matches can hold `char` (letters in
 * either case). For a constraint that `findAmbiguity` accepted.
 */
export function canRead(constraint: string, char: string): boolean {
  const code = char.charCodeAt(0);
  const target: CharSet = [[code, code]];
  const walk = (node: RegExpNode): boolean => {
    switch (node.kind) {
      case "chars":
        return intersects(node.set, target);
      case "empty":
        return false;
      case "sequence":
        return node.items.some(walk);
      case "choice":
        return node.options.some(walk);
      case "repeat":
        return node.max > 0 && walk(node.body);
    }
  };
  return walk(parseRegExp(constraint));
}
