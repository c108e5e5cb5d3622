// The word generator of the curl reader's differential test against bash
// (curl_reader_bash_fuzz_test.ts): random words built from fragments —
// quotes, escapes, expansions and the commands inside them, nested — each
// with the text the reader keeps of it and the text bash hands to curl once
// it has run it. What is generated and what is kept away, and why, is said
// at the head of the test.
import {
  expansion,
  join,
  literal,
  type Piece,
  type Rng,
  shift,
  stripped,
} from "./_bash_fragment_model.ts";

const PLAIN = "abcdefghijklmnopqrstuvwxyzABCXYZ0123456789._/:=@%+-,";
const RESERVED = [
  "case",
  "esac",
  "in",
  "done",
  "do",
  "select",
  "{",
  "}",
  "if",
  "then",
  "fi",
  "elif",
  "else",
  "while",
  "until",
  "for",
  "!",
  "time",
  "function",
  "coproc",
];
const ESCAPED = "abz09 '\"$\\`()|&;<>#{}!*?[]~\t";
const SINGLE_QUOTED = 'abc xyz"$\\`()|&;<>#{}!*\n';
const DOUBLE_QUOTED = "abc xyz'()|&;<>#{}!*~\n";
const HEREDOC_BODY = "abc xyz()'\";|&#{}<>";
export const COMMENT = "abc ()'\"`;|&$#{}";
const DOLLAR_NEXT = "/.:%=,+";
export const SEPARATORS = [" ", " ", " ", "  ", "\t", " \\\n", " \\\n  "];

export class Generator {
  constructor(private rng: Rng) {}

  /** A word: 1–3 pieces (or a reserved word alone). */
  word(depth: number): Piece {
    const r = this.rng;
    if (r.chance(0.08)) return this.reserved();
    const pieces: Piece[] = [];
    const count = r.int(1, 3);
    for (let k = 0; k < count; k++) {
      pieces.push(this.piece(depth, k === 0));
      if (k + 1 < count && r.chance(0.08)) {
        pieces.push(literal("\\\n", "", false));
      }
    }
    return join(pieces);
  }

  reserved(): Piece {
    const word = this.rng.pick(RESERVED);
    return literal(word, word, false);
  }

  piece(depth: number, first: boolean): Piece {
    const r = this.rng;
    const roll = r.next();
    if (roll < 0.14) return this.plain(first);
    if (roll < 0.22) return this.escape(depth > 0);
    if (roll < 0.3) return this.singleQuoted();
    if (roll < 0.4) return this.doubleQuoted(depth, "");
    if (roll < 0.43) return this.doubleQuoted(depth, "$");
    if (roll < 0.52) return this.ansiC();
    if (roll < 0.55) {
      const text = "$" + r.pick(DOLLAR_NEXT);
      return literal(text, text, false);
    }
    return this.expansion(depth);
  }

  plain(first: boolean): Piece {
    let text = this.rng.chars(PLAIN, 1, 5);
    if (!first && this.rng.chance(0.2)) {
      text += "#" + this.rng.chars(PLAIN, 0, 2);
    }
    return literal(text, text, false);
  }

  escape(nested: boolean): Piece {
    // (bash 5.2 runs `$({ x \&; })` as `{ x \& }`, which it then refuses:
    // no `\&` in a nested word.)
    const c = this.rng.pick(nested ? ESCAPED.replace("&", "") : ESCAPED);
    return literal("\\" + c, c, true);
  }

  singleQuoted(): Piece {
    const body = this.rng.chars(SINGLE_QUOTED, 0, 6);
    return literal(`'${body}'`, body, true);
  }

  /** `"…"` (or `$"…"`, untranslated), expansions inside. */
  doubleQuoted(depth: number, prefix: string): Piece {
    const r = this.rng;
    const parts: Piece[] = [literal(prefix + '"', "", true)];
    this.dquoted++;
    for (let n = r.int(0, 4); n > 0; n--) {
      const roll = r.next();
      if (roll < 0.35) {
        const text = r.chars(DOUBLE_QUOTED, 1, 5);
        parts.push(literal(text, text, true));
      } else if (roll < 0.5) {
        const c = r.pick(['"', "\\", "$", "`"]);
        parts.push(literal("\\" + c, c, true));
      } else if (roll < 0.55) {
        // Any other backslash stays.
        const c = r.pick(["a", "n", "'", "("]);
        parts.push(literal("\\" + c, "\\" + c, true));
      } else if (roll < 0.58) {
        parts.push(literal("\\\n", "", true));
      } else if (roll < 0.62) {
        const text = "$" + r.pick(DOLLAR_NEXT + " ");
        parts.push(literal(text, text, true));
      } else if (roll < 0.66) {
        // `$zz` then a character no name holds.
        const [text, output] = r.pick([
          ["$zz/", "/"],
          ["${zz}", ""],
          ["${#zz}", "0"],
        ]);
        parts.push({ ...expansion(text, output, false), quoted: true });
      } else {
        parts.push(this.expansion(depth));
      }
    }
    this.dquoted--;
    // A `$` right before the closing quote is a `$`.
    if (r.chance(0.05)) parts.push(literal("$", "$", true));
    parts.push(literal('"', "", true));
    const out = join(parts);
    out.quoted = true;
    return out;
  }

  /**
   * `$'…'`: escapes, bytes, control characters, next to each other.
   * Outputs bash changes, which the reader never sees, are not generated:
   * in double quotes, where bash translates a `$'…'` of a `$(…)` twice
   * when the `$(…)` holds a `((` read twice, only escapes that read the
   * same again; in a `((` read twice no \x01 or \x7f (bash puts its
   * internal quoting byte before them in a substitution's output).
   */
  ansiC(): Piece {
    const r = this.rng;
    const safe = this.dquoted > 0;
    const control = safe || this.arithmetic > 0
      ? [["\\cZ", 26], ["\\c[", 27]] as const
      : [["\\cZ", 26], ["\\c[", 27], ["\\c?", 0x7f], ["\\cA", 1], [
        "\\ca",
        1,
      ]] as const;
    const named = safe ? [["\\e", "\x1b"], ["\\a", "\x07"]] : [
      ["\\n", "\n"],
      ["\\t", "\t"],
      ["\\\\", "\\"],
      ["\\'", "'"],
      ['\\"', '"'],
      ["\\?", "?"],
      ["\\e", "\x1b"],
      ["\\a", "\x07"],
    ];
    const byte = safe
      ? () => r.pick("abcxyzABCXYZ0129").charCodeAt(0)
      : () => r.int(0x21, 0x7e);
    let text = "$'";
    let value = "";
    for (let n = r.int(0, 5); n > 0; n--) {
      const roll = r.next();
      if (roll < 0.2) {
        const run = r.chars(safe ? "abcXYZ" : 'abc XYZ"()', 1, 3);
        text += run;
        value += run;
      } else if (roll < 0.4) {
        const code = byte();
        const hex = code.toString(16);
        text += "\\x" + (r.chance(0.5) ? hex : hex.toUpperCase());
        value += String.fromCharCode(code);
      } else if (roll < 0.47) {
        // Two bytes of one UTF-8 character.
        text += r.pick(["\\xc3\\xa9", "\\xC3\\xA9", "\\303\\251"]);
        value += "é";
      } else if (roll < 0.6) {
        const [escape, code] = r.pick(control);
        text += escape;
        value += String.fromCharCode(code);
      } else if (roll < 0.75) {
        const [escape, result] = r.pick(named);
        text += escape;
        value += result;
      } else if (roll < 0.83) {
        const code = safe ? byte() : r.int(0o101, 0o172);
        text += "\\" + code.toString(8).padStart(3, "0");
        value += String.fromCharCode(code);
      } else if (roll < 0.9 || safe) {
        const [escape, result] = r.pick([
          ["\\u00e9", "é"],
          ["\\u20AC", "€"],
          ["\\U0001F600", "😀"],
        ]);
        text += escape;
        value += result;
      } else {
        // Escapes bash keeps as written.
        const escape = r.pick(["\\q", "\\xg", "\\("]);
        text += escape;
        value += escape;
      }
    }
    text += "'";
    return literal(text, value, true);
  }

  /**
   * Inside a `((` bash reads first as arithmetic and then again as
   * subshells, a here-document meets bash's quirks of that re-reading (a
   * quoted one's `$(` is refused, its command loses its output, or the
   * substitution fails when it runs), which the reader does not follow:
   * none is generated in the other's nested word. (`arithmetic`: how many
   * such `((` hold the word being made, `heredoc`: how many
   * here-documents.)
   */
  private arithmetic = 0;
  private heredoc = 0;
  /** How many `"…"` hold the word being made. */
  private dquoted = 0;

  /** A nested word for `printf %s W` (or a plain one past the depth). */
  nested(depth: number, kind: boolean | "heredoc" = false): Piece {
    if (depth >= 2) {
      const text = this.rng.chars(PLAIN, 1, 4);
      return literal(text, text, false);
    }
    const counter = kind === true
      ? "arithmetic"
      : kind === "heredoc"
      ? "heredoc"
      : undefined;
    if (counter !== undefined) this[counter]++;
    try {
      return this.word(depth + 1);
    } finally {
      if (counter !== undefined) this[counter]--;
    }
  }

  /** One expansion, from the catalogue; most hold a nested word. */
  expansion(depth: number): Piece {
    const r = this.rng;
    if (r.chance(0.3)) {
      const [text, output, editable] = r.pick(this.leaves());
      return expansion(text, output, editable);
    }
    const [make, kind] = r.pick(this.templates());
    if (
      (kind === "heredoc" && this.arithmetic > 0) ||
      (kind === true && this.heredoc > 0)
    ) {
      return this.expansion(depth);
    }
    const w = this.nested(depth, kind);
    const value = w.quoted || w.bash !== "" ? w.bash : undefined;
    const [text, output] = make(w.text, value ?? "", value !== undefined);
    // Where the nested word stands in the text (a mark no word holds).
    const at = make("\0", "", true)[0].indexOf("\0");
    const blocked = at < 0 ? [] : shift(w.blocked, at);
    return expansion(text, output, kind !== true, blocked);
  }

  /** Expansions without a nested word: [text, output, editable]. */
  leaves(): [string, string, boolean][] {
    const reserved = this.rng.pick(RESERVED);
    const tick = this.rng.chars(PLAIN, 1, 4);
    return [
      ["$((1+2))", "3", true],
      ["$(( (1+2)*3 ))", "9", true],
      ["$(( $(printf 4) * 2 ))", "8", true],
      ["$((2#101))", "5", true],
      ["$(( 1 ? 2 : 3 ))", "2", true],
      ["$[1+1]", "2", true],
      ["$[ (2+3)*2 ]", "10", true],
      ["$[ $(printf 3) + 1 ]", "4", true],
      ["${zz:-d}", "d", true],
      ["${zz:-a b}", "a b", true],
      ['${zz:-"q}"}', "q}", true],
      ["${zz:-$(printf %s ')')}", ")", true],
      ["`echo q`", "q", true],
      ["`echo ')'`", ")", true],
      ['`echo "a b"`', "a b", true],
      [`\`printf %s ${tick}\``, tick, true],
      ["$(echo x)", "x", true],
      ["$( (echo x) )", "x", true],
      ["$(echo ')' \"(\" \\) $(echo n))", ") ( ) n", true],
      ['$(echo "$(echo ")")")', ")", true],
      ["$(echo case a in a)", "case a in a", true],
      [`$(echo ${reserved} x)`, `${reserved} x`, true],
      // An array's list is not checked by the reader (documented): no edits.
      ["$(a=(1 2); printf %s ${a[1]})", "2", false],
      ["$(f() select x in a; do break; done; echo ok)", "ok", true],
      ["$(f() select x; do break; done; echo ok)", "ok", true],
      ["$(for i do :; done; printf f)", "f", true],
      ["$(for ((i=0;i<1;i++)); do echo fo; done)", "fo", true],
    ];
  }

  /**
   * Expansions around a nested word W: each makes [text, output] from W's
   * text, its value and whether bash hands it over (an unquoted empty one
   * it drops); the flag says whether W sits in a `((` read twice
   * (`true`) or the expansion holds a here-document (`"heredoc"`).
   */
  templates(): [
    (W: string, v: string, kept: boolean) => [string, string],
    boolean | "heredoc",
  ][] {
    const r = this.rng;
    const reserved = r.pick(RESERVED);
    const body = r.chars(HEREDOC_BODY, 0, 8);
    const comment = r.chars(COMMENT, 0, 8);
    const o = stripped;
    return [
      [(W, v) => [`$(printf %s ${W})`, o(v)], false],
      [(W, v) => [`$( (printf %s ${W}) )`, o(v)], false],
      [(W, v) => [`$((printf %s ${W}) )`, o(v)], true],
      [(W, v) => [`$({ printf %s ${W}; })`, o(v)], false],
      [(W, v) => [`$( ((1)) && printf %s ${W} )`, o(v)], false],
      [(W, v) => [`$( (( (1+2)*3 )) && printf %s ${W} )`, o(v)], false],
      [
        (W, v) => [`$( (( 1 + $(printf 2) )) && printf %s ${W} )`, o(v)],
        false,
      ],
      [(W, v) => [`$( ((printf %s ${W}) ) )`, o(v)], true],
      [(W, v) => [`$( ((printf %s ${W}) ; (printf :)) )`, o(v + ":")], true],
      [
        (W, v, kept) => [
          `$( (($(echo echo) ${reserved} ${W}) ) )`,
          o(reserved + (kept ? " " + v : "")),
        ],
        true,
      ],
      [() => [`$( (($(echo ec)ho ${reserved}) ) )`, reserved], true],
      [(W, v) => [`$(case a in a) printf %s ${W};; esac)`, o(v)], false],
      [(W, v) => [`$(case a in (a) printf %s ${W};; esac)`, o(v)], false],
      [
        (W, v) => [`$(case a in b|a) printf %s ${W};& c) :;; esac)`, o(v)],
        false,
      ],
      [(W, v) => [`$(case a in b) ;; a) printf %s ${W};;esac)`, o(v)], false],
      // A compound command as a clause's first command.
      [(W, v) => [`$(case a in a) (printf %s ${W});; esac)`, o(v)], false],
      [
        (W, v) => [
          `$(case a in a) case b in b) printf %s ${W};; esac;; esac)`,
          o(v),
        ],
        false,
      ],
      [
        (W, v) => [
          `$(case a in a) if true; then printf %s ${W}; fi;; esac)`,
          o(v),
        ],
        false,
      ],
      [
        (W, v) => [`$(case $(echo a) in a) printf %s ${W};; esac)`, o(v)],
        false,
      ],
      [(W, v) => [`$(f() { printf %s ${W}; }; f)`, o(v)], false],
      [(W, v) => [`$(function g { printf %s ${W}; }; g)`, o(v)], false],
      [(W, v) => [`$(g() ( printf %s ${W} ); g)`, o(v)], false],
      [
        (W, v) => [
          `$(f() select x in a; do break; done; printf %s ${W})`,
          o(v),
        ],
        false,
      ],
      [(W, v) => [`$(for i in 1; do printf %s ${W}; done)`, o(v)], false],
      [
        (W, v) => [`$(for i in a b; do :; done; printf %s ${W})`, o(v)],
        false,
      ],
      [
        (W, v) => [
          `$(if false; then :; elif true; then printf %s ${W}; else :; fi)`,
          o(v),
        ],
        false,
      ],
      [(W, v) => [`$(if true; then printf %s ${W}; fi)`, o(v)], false],
      [
        (W, v) => [`$(while false; do :; done; printf %s ${W})`, o(v)],
        false,
      ],
      [(W, v) => [`$(until true; do :; done; printf %s ${W})`, o(v)], false],
      [(W, v) => [`$(true | printf %s ${W})`, o(v)], false],
      [(W, v) => [`$(false || printf %s ${W})`, o(v)], false],
      [(W, v) => [`$(! false && printf %s ${W})`, o(v)], false],
      [(W, v) => [`$(\ntrue\nprintf %s ${W}\n)`, o(v)], false],
      // A compound command first on a line.
      [(W, v) => [`$(true\n(printf %s ${W})\n)`, o(v)], false],
      [
        (W, v) => [`$(true\ncase a in a) printf %s ${W};; esac\n)`, o(v)],
        false,
      ],
      [
        (W, v) => [
          `$(: <<EOF\n${body}\nEOF\n(printf %s ${W})\n)`,
          o(v),
        ],
        "heredoc",
      ],
      [(W, v) => [`$(printf %s ${W} 2>/dev/null)`, o(v)], false],
      // A conditional command, and arrays where bash takes their `(`.
      [
        (W, v) => [`$([[ a = a && -n b ]] && printf %s ${W})`, o(v)],
        false,
      ],
      [
        (W, v) => [
          `$([[ ! ( a > b ) ||\n c =~ ^(x|y)$ ]]; printf %s ${W})`,
          o(v),
        ],
        false,
      ],
      [
        (W, v) => [`$(declare -a z=(1) y=(2) && printf %s ${W})`, o(v)],
        false,
      ],
      // An array's list: a comment (a `)` in it too), line ends, a `)`
      // quoted and in an expansion, a process substitution.
      [
        (W, v) => [
          `$(z=(1 # ${comment})\n ")" $(echo ')') <(true)) && printf %s ${W})`,
          o(v),
        ],
        false,
      ],
      [(W, v) => [`$({ printf %s ${W}; } </dev/null)`, o(v)], false],
      [(W, v) => [`$(: <(true); printf %s ${W})`, o(v)], false],
      [(W, v) => [`$(x=1 printf %s ${W})`, o(v)], false],
      [
        (W, v) => [`$(echo ${reserved} >/dev/null; printf %s ${W})`, o(v)],
        false,
      ],
      [(W, v) => [`$(printf %s ${W} # ${comment}\n)`, o(v)], false],
      // A comment right after `(`, `;`, `&&`.
      [(W, v) => [`$(# ${comment}\nprintf %s ${W})`, o(v)], false],
      [(W, v) => [`$( (# ${comment}\nprintf %s ${W}) )`, o(v)], false],
      [(W, v) => [`$(true;# ${comment}\nprintf %s ${W})`, o(v)], false],
      [(W, v) => [`$(true &&# ${comment}\nprintf %s ${W})`, o(v)], false],
      [
        (W, v) => [`$(: <<EOF\n${body}\nEOF\nprintf %s ${W}\n)`, o(v)],
        "heredoc",
      ],
      [
        (W, v) => [
          `$(: <<'EOF'\n${body}$(\nEOF\nprintf %s ${W}\n)`,
          o(v),
        ],
        "heredoc",
      ],
      [
        (W, v) => [
          `$(: <<-EOF\n\t${body}\n\tEOF\nprintf %s ${W}\n)`,
          o(v),
        ],
        "heredoc",
      ],
      [
        (W, v) => [`$(printf %s ${W}; : <<EOF\n${body}\nEOF\n)`, o(v)],
        "heredoc",
      ],
    ];
  }
}
