// Two more things bash reads inside a `$(…)` that the curl reader once split
// wrongly: a here-document, whose lines are text up to its delimiter line
// (a `)` or a quote in them closes nothing), and the positions where `case`
// is a reserved word, an ordinary word, or a syntax error (after an
// assignment, a redirection, `time`, `function NAME`, `coproc`, the end of
// a compound command). Each case is compared with real bash 5.2: the words
// it hands to curl after running the substitution, how it printed the
// command it parsed, or its refusal of the same command.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCurl } from "../../src/convert/curl.ts";
import { ConversionError } from "../../src/convert/errors.ts";
import { scanWords } from "../../src/convert/_curl_words.ts";
import { argvThroughBash, runBash } from "./_bash.ts";
import { assertLinear } from "../_complexity.ts";

const wordsOf = (command: string) =>
  scanWords(command).words.map((w) => w.value);

/** The words of `command` after `curl`, and what bash hands to curl. */
async function assertSplitAsBash(
  command: string,
  typed: string[],
  fromBash: string[],
  setup = "",
): Promise<void> {
  assert.deepEqual(wordsOf(command), ["curl", ...typed], command);
  assert.deepEqual(
    await argvThroughBash(setup + "IFS=; set -f\n" + command),
    fromBash,
    command,
  );
}

/**
 * Refused by the reader with `code` at `offset`, and by bash with a syntax
 * error at the same token (`token`), or, for an unclosed one, at the end.
 */
async function assertRefusedAsBash(
  command: string,
  code: string,
  offset: number,
  bashSays: RegExp,
): Promise<void> {
  assert.throws(
    () => scanWords(command),
    (error: unknown) =>
      error instanceof ConversionError && error.code === code &&
      error.offset === offset && error.message.includes(`offset ${offset}`),
    command,
  );
  const bash = await runBash(command + "\n");
  assert.notEqual(bash.code, 0, command);
  assert.match(bash.stderr, bashSays, command);
}

// [command, its words after `curl` as typed, what bash hands to curl].
const HERE_DOCUMENTS: [string, string[], string[]][] = [
  // A ) and unbalanced quotes in the body, in double quotes and unquoted.
  ['curl "x/$(cat <<EOF\na ) b\nEOF\n)/z" -s', [
    "x/$(cat <<EOF\na ) b\nEOF\n)/z",
    "-s",
  ], ["x/a ) b/z", "-s"]],
  [`curl x/$(cat <<EOF\na ) b " '\nEOF\n)/z -s`, [
    `x/$(cat <<EOF\na ) b " '\nEOF\n)/z`,
    "-s",
  ], [`x/a ) b " '/z`, "-s"]],
  // Two on one line, read in order; <<- ignores the lines' leading tabs,
  // << does not.
  [
    "curl x/$(cat <<A <<-B\na)\nA\n\tb)\n\tB\n)/z x/$(cat <<C\n\tC)\nC\n)/y -s",
    [
      "x/$(cat <<A <<-B\na)\nA\n\tb)\n\tB\n)/z",
      "x/$(cat <<C\n\tC)\nC\n)/y",
      "-s",
    ],
    ["x/b)/z", "x/\tC)/y", "-s"],
  ],
  // A quoted delimiter, partly quoted, escaped, after a blank; a line that
  // is the delimiter with a blank after it is body.
  [
    `curl x/$(cat <<"E F"\na )\nE F\n)/z x/$(cat <<A"B"\nb)\nAB\n)/y x/$(cat <<\\C\nc)\nC\n)/w x/$(cat << D\nD \nD\n)/v`,
    [
      `x/$(cat <<"E F"\na )\nE F\n)/z`,
      `x/$(cat <<A"B"\nb)\nAB\n)/y`,
      `x/$(cat <<\\C\nc)\nC\n)/w`,
      `x/$(cat << D\nD \nD\n)/v`,
    ],
    ["x/a )/z", "x/b)/y", "x/c)/w", "x/D /v"],
  ],
  // Single quotes around a blank, a plain $ and a quote inside the word.
  [
    "curl x/$(cat <<'E F'\ne)\nE F\n)/z x/$(cat <<E$\nf)\nE$\n)/y x/$(cat <<F'G'\ng)\nFG\n)/w -s",
    [
      "x/$(cat <<'E F'\ne)\nE F\n)/z",
      "x/$(cat <<E$\nf)\nE$\n)/y",
      "x/$(cat <<F'G'\ng)\nFG\n)/w",
      "-s",
    ],
    ["x/e)/z", "x/f)/y", "x/g)/w", "-s"],
  ],
  // In double quotes: a plain $ and ( are text, a backslash escapes only
  // what it escapes in double quotes.
  [
    'curl x/$(cat <<"E$F(G"\ne)\nE$F(G\n)/z x/$(cat <<"H\\I\\"J"\nh)\nH\\I"J\n)/y -s',
    [
      'x/$(cat <<"E$F(G"\ne)\nE$F(G\n)/z',
      'x/$(cat <<"H\\I\\"J"\nh)\nH\\I"J\n)/y',
      "-s",
    ],
    ["x/e)/z", "x/h)/y", "-s"],
  ],
  // A command after it on its line; in a subshell, whose ) comes before
  // the body; in a case clause.
  ["curl x/$(cat <<EOF; echo b\na )\nEOF\n)/z -s", [
    "x/$(cat <<EOF; echo b\na )\nEOF\n)/z",
    "-s",
  ], ["x/a )\nb/z", "-s"]],
  [
    "curl x/$( (cat <<A) \na)\nA\n)/z x/$(case a in a) cat <<A;;\na)\nA\nesac)/y",
    [
      "x/$( (cat <<A) \na)\nA\n)/z",
      "x/$(case a in a) cat <<A;;\na)\nA\nesac)/y",
    ],
    ["x/a)/z", "x/a)/y"],
  ],
  // A nested $(…) that spans lines before the body: its line end is its
  // own, and the body starts at the next line end of the outer one.
  [`curl x/$(cat <<A; echo "$(echo x\n)"\na)\nA\n)/z -s`, [
    `x/$(cat <<A; echo "$(echo x\n)"\na)\nA\n)/z`,
    "-s",
  ], ["x/a)\nx/z", "-s"]],
  // An expansion in the body is still the body's.
  [`curl x/$(cat <<EOF\n$(echo ")")\nEOF\n)/z -s`, [
    `x/$(cat <<EOF\n$(echo ")")\nEOF\n)/z`,
    "-s",
  ], ["x/)/z", "-s"]],
  // Pasted with CRLF line ends.
  ["curl x/$(cat <<A\r\na)\r\nA\r\n)/z -s", [
    "x/$(cat <<A\r\na)\r\nA\r\n)/z",
    "-s",
  ], ["x/a)\r/z", "-s"]],
  // bash 5.2 (with a warning) ends the body at a line that starts with the
  // delimiter and holds a ) after it, and reads the rest as a new line's
  // commands: a ) that closes the substitution, a subshell or both, a
  // command, a redirection; after <<-, past the tabs.
  [
    "curl x/$(cat <<B\nb)\nB)/y x/$(cat <<C\nc)\nC )/x x/$( (cat <<D\nd)\nD) )/w -s",
    [
      "x/$(cat <<B\nb)\nB)/y",
      "x/$(cat <<C\nc)\nC )/x",
      "x/$( (cat <<D\nd)\nD) )/w",
      "-s",
    ],
    ["x/b)/y", "x/c)/x", "x/d)/w", "-s"],
  ],
  [
    "curl x/$(cat <<E\ne)\nE echo f)/v x/$(cat <<G\ng)\nG >/dev/null)/u x/$(cat <<-H\nh)\n\tH echo i)/t -s",
    [
      "x/$(cat <<E\ne)\nE echo f)/v",
      "x/$(cat <<G\ng)\nG >/dev/null)/u",
      "x/$(cat <<-H\nh)\n\tH echo i)/t",
      "-s",
    ],
    ["x/e)\nf/v", "x/g)/u", "x/h)\ni/t", "-s"],
  ],
];

describe("curl reader: a here-document inside $(…)", () => {
  it("its lines are text up to the delimiter line, as bash splits the command", async () => {
    for (const [command, typed, fromBash] of HERE_DOCUMENTS) {
      await assertSplitAsBash(command, typed, fromBash);
    }
  });

  it("kept as typed, with one SHELL_EXPANSION warning, and curl's options after it", () => {
    const command = "curl https://x.test -d $(cat <<EOF\na ) b\nEOF\n) -X PUT";
    const { request, warnings } = parseCurl(command);
    assert.equal(request.body, "$(cat <<EOF\na ) b\nEOF\n)");
    assert.equal(request.method, "PUT");
    assert.deepEqual(
      warnings.filter((w) => w.code.startsWith("SHELL_")).map((w) => w.offset),
      [23],
    );
  });

  it("one this reader does not follow is INVALID_INPUT at its <<, never a wrong split", async () => {
    // The $(…) closes on the << line: bash reads the body from the lines
    // after the whole command (here `a` and `A`, so curl gets x/a/z), which
    // would otherwise be read as commands of their own.
    const later = "curl x/$(cat <<A)/z -s\na\nA";
    assert.deepEqual(await argvThroughBash(later), ["x/a/z", "-s"]);
    const cases: [string, number, RegExp, string][] = [
      [later, 13, /unterminated here-document/, "closes on the same line"],
      // No delimiter word: bash's syntax error, at a line end, an operator
      // or the end of the input.
      [
        "curl x/$(cat <<\n)/z -s",
        13,
        /syntax error near unexpected token `newline'/,
        "no delimiter word",
      ],
      [
        "curl x/$(cat <<;)/z -s",
        13,
        /syntax error near unexpected token `;'/,
        "no delimiter word",
      ],
      [
        "curl x/$(cat <<- ",
        13,
        /syntax error near unexpected token `newline'/,
        "no delimiter word",
      ],
      // An empty delimiter: bash never ends the body at an empty line.
      [
        "curl x/$(cat <<''\na)\n\n)/z -s",
        13,
        /delimited by end-of-file/,
        "empty delimiter",
      ],
    ];
    for (const [command, at, bashSays, why] of cases) {
      assert.throws(
        () => scanWords(command),
        (error: unknown) =>
          error instanceof ConversionError &&
          error.code === "INVALID_INPUT" && error.offset === at &&
          error.message.includes("here-document at offset " + at) &&
          error.message.includes(why),
        command,
      );
      const bash = await runBash(command + "\n");
      assert.match(bash.stderr, bashSays, command);
    }
    // An expansion in the delimiter word, unquoted or in double quotes.
    for (const word of ["$(echo A)", '"$(echo A)"', "`echo A`", "${A}"]) {
      const command = `curl x/$(cat <<${word}\na\nA\n)/z`;
      assert.throws(
        () => scanWords(command),
        (error: unknown) =>
          error instanceof ConversionError &&
          error.code === "INVALID_INPUT" && error.offset === 13,
        command,
      );
    }
  });

  it("a body with no delimiter line leaves the $( unclosed: UNTERMINATED_QUOTE at its $, as bash refuses it", async () => {
    for (
      const command of [
        // A line that starts with the delimiter and holds no ) is body.
        "curl x/$(cat <<A\nA x\n)/z -s",
        "curl x/$(cat <<A\na)",
        "curl x/$(cat <<A",
        // The rest of the delimiter's line opens a quote that never closes.
        'curl "x/$(cat <<A\na)\nA")"/z -s',
      ]
    ) {
      assert.throws(
        () => scanWords(command),
        (error: unknown) =>
          error instanceof ConversionError &&
          error.code === "UNTERMINATED_QUOTE" &&
          error.offset === command.indexOf("$("),
        command,
      );
      const bash = await runBash(command + "\n");
      assert.notEqual(bash.code, 0, command);
      assert.match(bash.stderr, /unexpected EOF/, command);
    }
    // A quote in the delimiter word that nothing closes.
    assert.throws(
      () => scanWords(`curl x/$(cat <<"A\n)`),
      (error: unknown) =>
        error instanceof ConversionError &&
        error.code === "UNTERMINATED_QUOTE" && error.offset === 15,
    );
  });

  it("reads in time linear in the number of here-documents and body lines", async () => {
    await assertLinear("here-documents in $(…)", 2_000, (n) => {
      const word = "x/$(cat" + " <<A".repeat(n) + "\n" +
        "a ) b\nA\n".repeat(n) + ")/z";
      assert.equal(wordsOf(`curl ${word} -s`)[1], word);
    });
  });
});

// [command, its words after `curl` as typed, what bash hands to curl].
const CASE_READ: [string, string[], string[]][] = [
  // `time` as a reserved word: after ;, a line end, &&, ||, &, {, (, !,
  // if, a case pattern, another time, and with -p and --.
  ["curl x/$(echo; time case a in a) echo A;; esac)/z -s", [
    "x/$(echo; time case a in a) echo A;; esac)/z",
    "-s",
  ], ["x/\nA/z", "-s"]],
  [
    "curl x/$(true && time -p case a in a) echo A;; esac; false || time -- case b in b) echo B;; esac; time -p -- case c in c) echo C;; esac)/z -s",
    [
      "x/$(true && time -p case a in a) echo A;; esac; false || time -- case b in b) echo B;; esac; time -p -- case c in c) echo C;; esac)/z",
      "-s",
    ],
    ["x/A\nB\nC/z", "-s"],
  ],
  [
    "curl x/$(true & time case a in a) echo A;; esac)/z x/$({ time case b in b) echo B;; esac; })/y x/$( (time case c in c) echo C;; esac) )/w -s",
    [
      "x/$(true & time case a in a) echo A;; esac)/z",
      "x/$({ time case b in b) echo B;; esac; })/y",
      "x/$( (time case c in c) echo C;; esac) )/w",
      "-s",
    ],
    ["x/A/z", "x/B/y", "x/C/w", "-s"],
  ],
  [
    "curl x/$(echo; ! time case a in a) false;; esac && echo N; time ! time case b in b) false;; esac || echo T)/z -s",
    [
      "x/$(echo; ! time case a in a) false;; esac && echo N; time ! time case b in b) false;; esac || echo T)/z",
      "-s",
    ],
    ["x/\nN/z", "-s"],
  ],
  [
    "curl x/$(if time case a in a) true;; esac; then case b in b) time case c in c) echo C;; esac;; esac; fi)/z -s",
    [
      "x/$(if time case a in a) true;; esac; then case b in b) time case c in c) echo C;; esac;; esac; fi)/z",
      "-s",
    ],
    ["x/C/z", "-s"],
  ],
  // After a line end, in $(…) and in a case clause's commands.
  [
    "curl x/$(echo\ntime case a in a) echo A;; esac)/z x/$(case a in a) echo B\ncase b in b) echo C;; esac;; esac)/y -s",
    [
      "x/$(echo\ntime case a in a) echo A;; esac)/z",
      "x/$(case a in a) echo B\ncase b in b) echo C;; esac;; esac)/y",
      "-s",
    ],
    ["x/\nA/z", "x/B\nC/y", "-s"],
  ],
  ["curl x/$(echo; time time case a in a) echo A;; esac)/z -s", [
    "x/$(echo; time time case a in a) echo A;; esac)/z",
    "-s",
  ], ["x/\nA/z", "-s"]],
  ["curl x/$(echo; time\ncase a in a) echo A;; esac)/z -s", [
    "x/$(echo; time\ncase a in a) echo A;; esac)/z",
    "-s",
  ], ["x/\nA/z", "-s"]],
  // A function's body after `function NAME` (over a line end too) and
  // after `function NAME()`; coproc's command, with or without a name.
  [
    "curl x/$(function f case a in a) echo F;; esac; function g\ncase b in b) echo G;; esac; function h() case c in c) echo H;; esac; f; g; h)/z -s",
    [
      "x/$(function f case a in a) echo F;; esac; function g\ncase b in b) echo G;; esac; function h() case c in c) echo H;; esac; f; g; h)/z",
      "-s",
    ],
    ["x/F\nG\nH/z", "-s"],
  ],
  [
    "curl x/$(coproc case a in a) echo A;; esac)/z x/$(coproc N case a in a) echo A;; esac)/y x/$(coproc echo case a in a) echo A;; esac)/w x/$(coproc if time case a in a) true;; esac; then echo A; fi)/v -s",
    [
      "x/$(coproc case a in a) echo A;; esac)/z",
      "x/$(coproc N case a in a) echo A;; esac)/y",
      "x/$(coproc echo case a in a) echo A;; esac)/w",
      "x/$(coproc if time case a in a) true;; esac; then echo A; fi)/v",
      "-s",
    ],
    // A coprocess's output goes to its pipe, not the substitution.
    ["x//z", "x//y", "x//w", "x//v", "-s"],
  ],
  // `case` as an ordinary word (the first ) closes the substitution):
  // after an assignment, after `time` where `time` is itself an ordinary
  // word (the first word of a $(…), after a |), after `time -p -p` and
  // `time -- -p`, and as a redirection's file name.
  // After `coproc NAME time` (a simple command: time is no reserved word).
  ["curl x/$(coproc N time case a in a) z -s", [
    "x/$(coproc N time case a in a)",
    "z",
    "-s",
  ], ["x/", "z", "-s"]],
  ["curl x/$(x=1 case a in a) z x/$(echo; x=1 time case a in a) y -s", [
    "x/$(x=1 case a in a)",
    "z",
    "x/$(echo; x=1 time case a in a)",
    "y",
    "-s",
  ], ["x/", "z", "x/", "y", "-s"]],
  [
    "curl x/$(time -p case a in a) z x/$(true | time case a in a) y x/$(true |\ntime case a in a) w -s",
    [
      "x/$(time -p case a in a)",
      "z",
      "x/$(true | time case a in a)",
      "y",
      "x/$(true |\ntime case a in a)",
      "w",
      "-s",
    ],
    ["x/", "z", "x/", "y", "x/", "w", "-s"],
  ],
  [
    "curl x/$(echo; time -p -p case a in a) z x/$(echo; time -- -p case a in a) y x/$(echo; time -pxx case a in a) w -s",
    [
      "x/$(echo; time -p -p case a in a)",
      "z",
      "x/$(echo; time -- -p case a in a)",
      "y",
      "x/$(echo; time -pxx case a in a)",
      "w",
      "-s",
    ],
    ["x/", "z", "x/", "y", "x/", "w", "-s"],
  ],
  // A -p on the line after `time` is no option of it: a command's name.
  [
    "curl x/$(echo; time\n-p case a in a) z -s",
    ["x/$(echo; time\n-p case a in a)", "z", "-s"],
    ["x/", "z", "-s"],
  ],
  [
    "curl x/$(>case a in a) z x/$(echo; time >case a in a) y x/$(echo <(echo) case a in a) w -s",
    [
      "x/$(>case a in a)",
      "z",
      "x/$(echo; time >case a in a)",
      "y",
      "x/$(echo <(echo) case a in a)",
      "w",
      "-s",
    ],
    ["x/", "z", "x/", "y", "x//dev/fd/63 case a in a", "w", "-s"],
  ],
  // &> takes a file name too; a case clause after one that held a case
  // statement starts with a reserved word again.
  [
    "curl x/$(echo; &>case a in a) v x/$(case a in b) case b in b) :;; esac;; a) case c in c) echo N;; esac;; esac)/u -s",
    [
      "x/$(echo; &>case a in a)",
      "v",
      "x/$(case a in b) case b in b) :;; esac;; a) case c in c) echo N;; esac;; esac)/u",
      "-s",
    ],
    ["x/", "v", "x/N/u", "-s"],
  ],
];

describe("curl reader: where `case` is a reserved word inside $(…)", () => {
  it("as bash reads it after time, function NAME and coproc, or as an ordinary word after an assignment and a redirection", async () => {
    const scratch = await Deno.makeTempDir();
    try {
      for (const [command, typed, fromBash] of CASE_READ) {
        // `>case` creates a file: in a scratch directory.
        await assertSplitAsBash(command, typed, fromBash, `cd ${scratch}\n`);
      }
    } finally {
      await Deno.remove(scratch, { recursive: true });
    }
  });

  it("after a redirection and its file name, as bash's parser reads it (its run then fails on its own reprint)", async () => {
    // bash 5.2 reads the ) after `a` as the end (the case is an ordinary
    // word), then runs the text it prints from its parse, where the
    // redirection has moved to the end and `case` starts it: a syntax
    // error at run time. How it read the command shows in `declare -f`.
    for (
      const [command, typed] of [
        [
          "curl x/$(>/dev/null case a in a) z -s",
          "x/$(>/dev/null case a in a)",
        ],
        [
          "curl x/$(echo; 2>/dev/null case a in a) z -s",
          "x/$(echo; 2>/dev/null case a in a)",
        ],
      ]
    ) {
      assert.deepEqual(wordsOf(command), ["curl", typed, "z", "-s"], command);
      const bash = await runBash(`f() { ${command}\n}\ndeclare -f f\n`);
      assert.equal(bash.code, 0, bash.stderr);
      assert.match(
        new TextDecoder().decode(bash.stdout),
        /curl x\/\$\([^)]*case a in a[^)]*\) z -s/,
        command,
      );
    }
  });

  it("where bash refuses it, INVALID_INPUT at the token bash names", async () => {
    // [command, the token bash names: the first `;;` or the last `case`]
    const cases: [string, string][] = [
      // An ordinary `case` word: the first ) closes the substitution, and
      // the clause's ;; is then outside any case.
      ["curl x/$(x=1 case a in a) echo A;; esac)/z -s", ";;"],
      ["curl x/$(>/dev/null case a in a) echo A;; esac)/z -s", ";;"],
      ["curl x/$(time case a in a) echo A;; esac)/z -s", ";;"],
      ["curl x/$(true | time case a in a) echo A;; esac)/z -s", ";;"],
      // Right after the end of a compound command, even past a redirection.
      [
        "curl x/$(case a in a) echo A;; esac case b in b) echo B;; esac)/z -s",
        "case",
      ],
      ["curl x/$( (echo a) case b in b) echo B;; esac)/z -s", "case"],
      ["curl x/$({ echo a; } case b in b) echo B;; esac)/z -s", "case"],
      [
        "curl x/$(if true; then :; fi case a in a) echo A;; esac)/z -s",
        "case",
      ],
      [
        "curl x/$(while false; do :; done case a in a) :;; esac)/z -s",
        "case",
      ],
      ["curl x/$(echo; { echo; } >/dev/null case a in a) z", "case"],
      // ;; outside a case, in $(…) and outside it.
      ["curl x/$(echo a;; echo b)/z -s", ";;"],
      ["curl x -s;; echo b", ";;"],
      ["curl x -s;& echo b", ";&"],
      ["curl x -s;;& echo b", ";;&"],
    ];
    for (const [command, token] of cases) {
      const at = token === "case"
        ? command.lastIndexOf(token)
        : command.indexOf(token);
      await assertRefusedAsBash(
        command,
        "INVALID_INPUT",
        at,
        new RegExp(`syntax error near unexpected token \`${token}'`),
      );
    }
  });

  it("a deep nesting of subshells is read, not a stack overflow", () => {
    const depth = 20_000;
    const word = "x/$(" + "( ".repeat(depth) + "echo" + " )".repeat(depth) +
      ")/z";
    assert.deepEqual(wordsOf(`curl ${word} -s`), ["curl", word, "-s"]);
  });
});
