// The command lines of the curl reader's differential test against bash
// (curl_reader_bash_fuzz_test.ts): `curl` and random words
// (_bash_word_generator.ts) with what the reader and bash make of them,
// lines with a fragment bash refuses, and lines with one random edit inside
// an expansion.
import { argv, type Rng, shift } from "./_bash_fragment_model.ts";
import { COMMENT, type Generator, SEPARATORS } from "./_bash_word_generator.ts";

export interface Command {
  text: string;
  /** The reader's words after `curl`, with offsets. */
  words: { value: string; offset: number }[];
  /** What bash hands to curl after `curl`. */
  argv: string[];
  /** The reader's expansion offsets. */
  marks: number[];
  /**
   * Where the reader notes a shell operator (the first redirection, after
   * which the words are still curl's), if anywhere.
   */
  stop?: { operator: string; offset: number; redirection: boolean };
  /** Ranges inside expansions, for edits. */
  inner: [number, number][];
  /** The command without its redirection and comment. */
  bare: string;
}

const SUFFIXES: [string, number][] = [
  [" >/dev/null", 1],
  [" 2>/dev/null", 2],
  [" >/dev/null 2>&1", 1],
  [" </dev/null", 1],
  [" >>/dev/null", 1],
  [" >| /dev/null", 1],
];

/** Redirections between two words, each with where its operator starts. */
const BETWEEN: [string, number][] = [
  [" >/dev/null", 1],
  [" 2>/dev/null", 2],
  [" &>/dev/null", 1],
  [" &>> /dev/null", 1],
  [" >& /dev/null", 1],
  [" <>/dev/null", 1],
  [" 2>&1", 2],
];

export function command(gen: Generator, rng: Rng): Command {
  let text = "curl";
  const words: Command["words"] = [];
  const args: string[] = [];
  const marks: number[] = [];
  const inner: [number, number][] = [];
  let stop: Command["stop"];
  for (let n = rng.int(1, 4); n > 0; n--) {
    if (words.length > 0 && rng.chance(0.12)) {
      // Its file name is bash's; the words after it are curl's again.
      const [redirection, at] = rng.pick(BETWEEN);
      stop ??= {
        operator: redirection[at],
        offset: text.length + at,
        redirection: true,
      };
      text += redirection;
    }
    text += rng.pick(SEPARATORS);
    const word = gen.word(0);
    const base = text.length;
    words.push({ value: word.reader, offset: base });
    marks.push(...word.marks.map((m) => m + base));
    inner.push(...shift(word.inner, base));
    args.push(...argv(word));
    text += word.text;
  }
  const bare = text;
  if (rng.chance(0.25)) {
    const [suffix, at] = rng.pick(SUFFIXES);
    stop ??= {
      operator: suffix[at],
      offset: text.length + at,
      redirection: true,
    };
    text += suffix;
  }
  if (rng.chance(0.1)) text += " # " + rng.chars(COMMENT, 0, 8);
  return { text, words, argv: args, marks, stop, inner, bare };
}

/** Fragments bash refuses; `W` is a nested word. */
function brokenFragment(rng: Rng, W: string): string {
  return rng.pick([
    `$(printf %s ${W};; )`,
    `$(printf %s ${W} ;& )`,
    `$(case a b) printf %s ${W};; esac)`,
    `$(case a in a) printf ) ;; esac)`,
    `$(case a in a) printf %s ${W};; esac`,
    `$(case a in a)) printf %s ${W};; esac)`,
    `$(case a in a (b)) :;; esac)`,
    `$(true && )`,
    `$(| printf %s ${W})`,
    `$(printf %s ${W} |)`,
    `$(printf %s ${W}; fi)`,
    `$(if true; then fi)`,
    `$(if true; then printf %s ${W}; done)`,
    `$({ })`,
    `$({ printf %s ${W}; )`,
    `$({ printf %s ${W}; } x)`,
    `$( (printf %s ${W}) x)`,
    `$(done)`,
    `$(in)`,
    `$(printf %s ${W}; esac)`,
    `$(for x y; do :; done)`,
    `$(for x in a do :; done)`,
    `$(f() printf %s ${W})`,
    `$(f() ; { :; })`,
    `$(printf %s ${W} (b))`,
    `$( (true) printf %s ${W})`,
    `$( ((1 )`,
    `$( ((1) )`,
    `$( ((1)) printf %s ${W} )`,
    `$( (($(echo echo) ${W}) )`,
    `$(f() select x in a; break; done)`,
    `$(select x in a; do; done)`,
    `$(select x in a; printf %s ${W}; done)`,
    `$(while true; printf %s ${W}; done)`,
    `$(: <<)`,
    `$(printf %s ${W}`,
    `"$(printf %s ${W})`,
    `'${W}`,
    `$'\\x41${W}`,
    "${zz:-d",
    "$[1+1",
    "$((1+2)",
    "`echo q",
    '"`echo q"',
    `$(echo ${W} ')`,
    `$(echo ${W} "a)`,
    `$(case a in a) echo;; esac) ;; x`,
  ]);
}

export function brokenCommand(gen: Generator, rng: Rng): string {
  const a = command(gen, rng);
  const w = gen.nested(1).text;
  const fragment = brokenFragment(rng, w);
  // A redirection without its file name, at the end or before a comment.
  if (rng.chance(0.1)) return a.bare + " >";
  if (rng.chance(0.05)) return a.bare + " 2> # x";
  // The broken fragment right before one of the words (a part of it, or a
  // word of its own).
  const at = rng.pick(a.words).offset;
  return a.text.slice(0, at) + fragment + (rng.chance(0.5) ? " " : "") +
    a.text.slice(at);
}

const INSERTIONS = [
  ")",
  "(",
  ";",
  ";;",
  "|",
  "&&",
  "{",
  "}",
  " fi",
  " done",
  " esac",
  " in",
  " case ",
  "'",
  '"',
  "`",
  "\n",
  " ",
  "$(",
  "((",
  ">",
  " do ",
  " then",
  "\\",
  "#",
];

/** A command to check for acceptance only, with where it was edited. */
export interface Edited {
  text: string;
  /** The text up to the edit. */
  site: string;
  /** The same, with the token put in. */
  edited: string;
}

/** A well-formed command with one edit inside one of its expansions. */
export function editedCommand(gen: Generator, rng: Rng): Edited | undefined {
  const a = command(gen, rng);
  if (a.inner.length === 0) return undefined;
  const [from, to] = rng.pick(a.inner);
  const at = rng.int(from, to - 1);
  // Deleted, or a token put in; `before` ends where the edit does.
  const inserted = rng.chance(0.5) ? rng.pick(INSERTIONS) : undefined;
  const before = a.text.slice(0, at) + (inserted ?? "");
  const text = before + a.text.slice(inserted === undefined ? at + 1 : at);
  return { text, site: a.text.slice(0, at), edited: before };
}
