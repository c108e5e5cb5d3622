// The model behind the curl reader's differential test against bash
// (curl_reader_bash_fuzz_test.ts, _bash_command_generator.ts): a seeded
// random source, and a fragment of a command line as typed with what the
// reader keeps of it and what bash makes of it.

// ---------------------------------------------------------------------------
// A small seeded generator: a Weyl sequence mixed by a 32-bit avalanche.

export class Rng {
  #state: number;
  constructor(seed: number) {
    this.#state = seed >>> 0;
  }
  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let z = this.#state;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return ((z ^ (z >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [low, high]. */
  int(low: number, high: number): number {
    return low + Math.floor(this.next() * (high - low + 1));
  }
  pick(items: string): string;
  pick<T>(items: readonly T[]): T;
  pick<T>(items: readonly T[] | string): T | string {
    return items[Math.floor(this.next() * items.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  chars(alphabet: string, low: number, high: number): string {
    let out = "";
    for (let n = this.int(low, high); n > 0; n--) out += this.pick(alphabet);
    return out;
  }
}

// ---------------------------------------------------------------------------
// The model: a fragment's text, what the reader keeps of it, what bash
// makes of it.

export interface Piece {
  /** As typed. */
  text: string;
  /** The reader's value: quotes removed, escapes resolved, expansions as typed. */
  reader: string;
  /** bash's value once every substitution has run. */
  bash: string;
  /** Quoted (or escaped): the word stays even when its value is empty. */
  quoted: boolean;
  /** Offsets in `text` where the reader notes an expansion. */
  marks: number[];
  /** [from, to) ranges of `text` inside expansions, where edits go. */
  inner: [number, number][];
  /** [from, to) ranges no edit goes in (see `expansion`). */
  blocked: [number, number][];
}

export function literal(text: string, value: string, quoted: boolean): Piece {
  return {
    text,
    reader: value,
    bash: value,
    quoted,
    marks: [],
    inner: [],
    blocked: [],
  };
}

/** Pieces joined into one. */
export function join(pieces: Piece[]): Piece {
  const out: Piece = literal("", "", false);
  for (const p of pieces) {
    const base = out.text.length;
    out.text += p.text;
    out.reader += p.reader;
    out.bash += p.bash;
    out.quoted ||= p.quoted;
    out.marks.push(...p.marks.map((m) => m + base));
    out.inner.push(...shift(p.inner, base));
    out.blocked.push(...shift(p.blocked, base));
  }
  return out;
}

/** A word as bash hands it over: gone when unquoted and empty. */
export function argv(word: Piece): string[] {
  return !word.quoted && word.bash === "" ? [] : [word.bash];
}

/** Output of a command substitution: trailing newlines dropped. */
export const stripped = (text: string) => text.replace(/\n+$/, "");

export const shift = (ranges: [number, number][], by: number) =>
  ranges.map(([a, b]) => [a + by, b + by] as [number, number]);

/**
 * An expansion piece, as typed, that bash replaces by `output`. Edits go
 * anywhere inside it but in `blocked` ranges (a nested word's, shifted to
 * where it stands), or nowhere when it is not `editable`: inside a `((`
 * read twice an edit mostly finds bash's quirks of that re-reading, not
 * the reader's, and an array's list is not checked by design.
 */
export function expansion(
  text: string,
  output: string,
  editable = true,
  blocked: [number, number][] = [],
): Piece {
  const whole: [number, number] = [0, text.length];
  const inner: [number, number][] = [];
  let from = 2;
  for (const [a, b] of editable ? blocked : [whole]) {
    if (a > from) inner.push([from, a]);
    from = Math.max(from, b);
  }
  if (from < text.length) inner.push([from, text.length]);
  return {
    text,
    reader: text,
    bash: output,
    quoted: false,
    marks: [0],
    inner: editable ? inner : [],
    blocked: editable ? blocked : [whole],
  };
}
