// Two forms bash reads inside a word that the curl reader once split wrongly:
// a `case … in pattern) … ;; esac` inside `$(…)`, whose pattern's unbalanced
// `)` does not end the substitution, and `$[…]`, bash's old arithmetic form,
// one word part however many blanks it holds. Each case is compared with
// real bash: the words it hands to curl after running the substitution, or
// its refusal of the same command.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCurl } from "../../src/convert/curl.ts";
import { ConversionError } from "../../src/convert/errors.ts";
import { scanWords } from "../../src/convert/_curl_words.ts";
import { argvThroughBash, runBash } from "./_bash.ts";
import { assertLinear } from "../_complexity.ts";

const wordsOf = (command: string) =>
  scanWords(command).words.map((w) => w.value);

const shellWarnings = (command: string) =>
  parseCurl(command).warnings.filter((w) => w.code.startsWith("SHELL_")).map((
    w,
  ) => [w.code, w.option, w.offset]);

// [command, its words after `curl` as typed, what bash hands to curl once it
// has run each substitution (IFS empty and globbing off, so a result is not
// split again)].
const CASE_CASES: [string, string[], string[]][] = [
  ["curl x/$(case a in a) echo A;; esac)/z -s", [
    "x/$(case a in a) echo A;; esac)/z",
    "-s",
  ], ["x/A/z", "-s"]],
  // The pattern's optional leading (, a second clause, `|` in a pattern.
  ["curl x/$(case b in (a) echo A;; b|c) echo B;; esac)/z -s", [
    "x/$(case b in (a) echo A;; b|c) echo B;; esac)/z",
    "-s",
  ], ["x/B/z", "-s"]],
  // ;& and ;;& end a clause too; the last clause needs no ;; before esac.
  ["curl x/$(case a in a) echo A;& c) echo C;;& *) echo S; esac)/z -s", [
    "x/$(case a in a) echo A;& c) echo C;;& *) echo S; esac)/z",
    "-s",
  ], ["x/A\nC\nS/z", "-s"]],
  // A case with no clause at all, and `esac` written without blanks around.
  ["curl x/$(case a in esac)/z x/$(case a in a) echo E;;esac)/y -s", [
    "x/$(case a in esac)/z",
    "x/$(case a in a) echo E;;esac)/y",
    "-s",
  ], ["x//z", "x/E/y", "-s"]],
  // Not a command's first word: `case` is an argument, its `)` closes.
  ["curl x/$(echo case a in a) z -s", ["x/$(echo case a in a)", "z", "-s"], [
    "x/case a in a",
    "z",
    "-s",
  ]],
  // Nor after an assignment, as bash reads it.
  ["curl x/$(A=1 echo case a in a) z", ["x/$(A=1 echo case a in a)", "z"], [
    "x/case a in a",
    "z",
  ]],
  // Nested: a case in a clause, a subshell in a clause.
  [
    "curl x/$(case a in a) case b in b) (echo N);; esac;; esac)/z -s",
    ["x/$(case a in a) case b in b) (echo N);; esac;; esac)/z", "-s"],
    ["x/N/z", "-s"],
  ],
  // A command's first word after ;, |, &&, newline, if, then, {, ! and f().
  [
    "curl x/$(echo x; case a in a) echo Q;; esac | cat)/z -s",
    ["x/$(echo x; case a in a) echo Q;; esac | cat)/z", "-s"],
    ["x/x\nQ/z", "-s"],
  ],
  [
    "curl x/$(true && if case a in a) true;; esac; then { case a in a) echo T;; esac; }; fi)/z -s",
    [
      "x/$(true && if case a in a) true;; esac; then { case a in a) echo T;; esac; }; fi)/z",
      "-s",
    ],
    ["x/T/z", "-s"],
  ],
  // … and after |, while, until, do, elif and else.
  [
    "curl x/$(echo a | case a in a) cat;; esac; while case a in a) false;; esac; do :; done; until case a in a) true;; esac; do :; done; for i in 1; do case a in a) echo D;; esac; done)/z -s",
    [
      "x/$(echo a | case a in a) cat;; esac; while case a in a) false;; esac; do :; done; until case a in a) true;; esac; do :; done; for i in 1; do case a in a) echo D;; esac; done)/z",
      "-s",
    ],
    ["x/a\nD/z", "-s"],
  ],
  [
    "curl x/$(if false; then :; elif case a in a) true;; esac; then case b in b) echo E;; esac; else case c in c) echo L;; esac; fi)/z -s",
    [
      "x/$(if false; then :; elif case a in a) true;; esac; then case b in b) echo E;; esac; else case c in c) echo L;; esac; fi)/z",
      "-s",
    ],
    ["x/E/z", "-s"],
  ],
  [
    "curl x/$(! case a in a) false;; esac && echo B)/z -s",
    ["x/$(! case a in a) false;; esac && echo B)/z", "-s"],
    ["x/B/z", "-s"],
  ],
  [
    "curl x/$(f() case a in a) echo F;; esac; f)/z -s",
    ["x/$(f() case a in a) echo F;; esac; f)/z", "-s"],
    ["x/F/z", "-s"],
  ],
  // Over lines: `in` on the next line, a comment with a ) where a pattern
  // goes, a clause per line.
  [
    "curl x/$(echo y\ncase a\nin\n# a )\na) echo L;;\nesac)/z -s",
    ["x/$(echo y\ncase a\nin\n# a )\na) echo L;;\nesac)/z", "-s"],
    ["x/y\nL/z", "-s"],
  ],
  // Quoted and escaped ) in a pattern, a substitution as the subject.
  [
    `curl x/$(case "a)" in "a)"|\\)) echo R;; esac)/z x/$(case $(echo a) in a) echo S;; esac)/y`,
    [
      `x/$(case "a)" in "a)"|\\)) echo R;; esac)/z`,
      "x/$(case $(echo a) in a) echo S;; esac)/y",
    ],
    ["x/R/z", "x/S/y"],
  ],
  // In double quotes, and `esac` as a clause's argument or value is no end.
  [
    `curl "x/$(case a in a) echo "esac)";; esac)/z" -s`,
    ['x/$(case a in a) echo "esac)";; esac)/z', "-s"],
    ["x/esac)/z", "-s"],
  ],
  [
    "curl x/$(case a in a) echo esac; X=esac;; esac)/z -s",
    ["x/$(case a in a) echo esac; X=esac;; esac)/z", "-s"],
    ["x/esac/z", "-s"],
  ],
];

describe("curl reader: a case statement inside $(…)", () => {
  it("one word part, as bash splits the command", async () => {
    for (const [command, typed, fromBash] of CASE_CASES) {
      assert.deepEqual(wordsOf(command), ["curl", ...typed], command);
      assert.deepEqual(
        await argvThroughBash("IFS=; set -f\n" + command),
        fromBash,
        command,
      );
    }
  });

  it("kept as typed, with one SHELL_EXPANSION warning at its $, and curl's options after it", () => {
    // As the data, where a blank is allowed, so the word is seen whole.
    const command = "curl https://x.test -d $(case a in a) id;; esac)/z -X PUT";
    const { request } = parseCurl(command);
    assert.equal(request.body, "$(case a in a) id;; esac)/z");
    assert.equal(request.method, "PUT");
    assert.deepEqual(shellWarnings(command), [["SHELL_EXPANSION", "$", 23]]);
  });

  it("a case bash refuses as a syntax error is INVALID_INPUT at the token, never a wrong split", async () => {
    const cases: [string, number][] = [
      // A ) among a clause's commands.
      ["curl x/$(case a in a) echo ) ;; esac)/z -s", 27],
      // No `in`.
      ["curl x/$(case a b) echo;; esac)/z -s", 16],
      // No word after `case`.
      ["curl x/$(case ) echo;; esac)/z -s", 14],
      // ;; where a pattern goes, and a ( inside a pattern (extglob is off).
      ["curl x/$(case a in ;; esac)/z -s", 19],
      ["curl x/$(case a in @(a|b)) echo E;; esac)/z -s", 20],
      ["curl x/$(case a in (a)) echo P;; esac)/z -s", 22],
    ];
    for (const [command, at] of cases) {
      assert.throws(
        () => scanWords(command),
        (error: unknown) =>
          error instanceof ConversionError &&
          error.code === "INVALID_INPUT" && error.offset === at &&
          error.message.includes(`offset ${at}`),
        command,
      );
      const bash = await runBash(command + "\n");
      assert.notEqual(bash.code, 0, command);
      assert.match(bash.stderr, /syntax error near unexpected token/, command);
    }
  });

  it("an unclosed one is UNTERMINATED_QUOTE at the $, where bash refuses the command too", async () => {
    for (
      const command of [
        "curl x/$(case a in a) echo A;;",
        "curl x/$(case a in a) echo A;; esac",
        "curl x/$(case a in",
      ]
    ) {
      assert.throws(
        () => scanWords(command),
        (error: unknown) =>
          error instanceof ConversionError &&
          error.code === "UNTERMINATED_QUOTE" && error.offset === 7,
        command,
      );
      const bash = await runBash(command + "\n");
      assert.notEqual(bash.code, 0, command);
      assert.match(bash.stderr, /unexpected EOF|syntax error/, command);
    }
  });

  it("reads in time linear in the number of clauses and words", async () => {
    await assertLinear("case clauses in $(…)", 8_000, (n) => {
      const word = "x/$(case a in " + "a|b) echo c d e;; ".repeat(n) +
        "esac)/z";
      assert.equal(wordsOf(`curl ${word} -s`)[1], word);
    });
  });

  it("a deep nesting of case statements is read, not a stack overflow", () => {
    const depth = 20_000;
    // Each inner case is the outer clause's command: `;;` ends that clause
    // (bash refuses a word right after an `esac`).
    const word = "x/$(" + "case a in a) ".repeat(depth) + "echo;; esac" +
      " ;; esac".repeat(depth - 1) + ")/z";
    assert.deepEqual(wordsOf(`curl ${word} -s`), ["curl", word, "-s"]);
  });
});

// [command, its words after `curl` as typed, what bash hands to curl].
const BRACKET_CASES: [string, string[], string[]][] = [
  ["curl x/$[1 + 2]/z -s", ["x/$[1 + 2]/z", "-s"], ["x/3/z", "-s"]],
  // In double quotes; nested brackets; beside $((…)).
  ['curl "x/$[ 1 + 2 ]/z" x/$[a[1] + 2]/$((1 + 1)) -s', [
    "x/$[ 1 + 2 ]/z",
    "x/$[a[1] + 2]/$((1 + 1))",
    "-s",
  ], ["x/3/z", "x/2/2", "-s"]],
  // A quoted, escaped or backticked ] does not close it; a nested $[ does not.
  ["curl x/$[ 1 ${A:+']'} ${A:+\\]} ${A:+`: ]`} + $[ 2 ] ]/z -s", [
    "x/$[ 1 ${A:+']'} ${A:+\\]} ${A:+`: ]`} + $[ 2 ] ]/z",
    "-s",
  ], ["x/3/z", "-s"]],
  // Inside $(…), its ) does not close the substitution; inside ${…}, its }
  // does not close the parameter expansion (bash reads one word, then
  // expands the ${…} up to its first }).
  ["curl x/$(echo $[ 1 ${A:+)} ])/z x/${A:+$[ } ]}/y -s", [
    "x/$(echo $[ 1 ${A:+)} ])/z",
    "x/${A:+$[ } ]}/y",
    "-s",
  ], ["x/1/z", "x/ ]}/y", "-s"]],
];

describe("curl reader: $[…], bash's old arithmetic form", () => {
  it("one word part, as bash splits the command", async () => {
    for (const [command, typed, fromBash] of BRACKET_CASES) {
      assert.deepEqual(wordsOf(command), ["curl", ...typed], command);
      assert.deepEqual(
        await argvThroughBash("IFS=; set -f\n" + command),
        fromBash,
        command,
      );
    }
  });

  it("a ${ inside it is text, so the first ] closes it, as bash's parser reads it", async () => {
    // bash reads `x/$[ 1 ${A:+] ;} ]` as `x/$[ 1 ${A:+]`, a blank, then `;`
    // ends the command: its parser refuses the `}` of the next command.
    const command = "curl x/$[ 1 ${A:+] ;} ]/z -s";
    const scan = scanWords(command);
    assert.deepEqual(scan.words.map((w) => w.value), ["curl", "x/$[ 1 ${A:+]"]);
    assert.deepEqual(scan.stop, {
      operator: ";",
      offset: 19,
      redirection: false,
    });
    const bash = await runBash(`f() { ${command}\n}\n`);
    assert.match(bash.stderr, /syntax error near unexpected token `\]\/z'/);
  });

  it("kept as typed, with one SHELL_EXPANSION warning at its $, unquoted or in double quotes", () => {
    // As the data, where a blank is allowed, so the word is seen whole.
    const cases: [string, string, number[]][] = [
      ["curl https://x.test -d $[1 + 2]/n -X PUT", "$[1 + 2]/n", [23]],
      ['curl https://x.test -d "$[1 + 2]/$[3]" -X PUT', "$[1 + 2]/$[3]", [
        24,
        33,
      ]],
      // A nested one is part of the outer one.
      ["curl https://x.test -d $[$[1] + 2] -X PUT", "$[$[1] + 2]", [23]],
    ];
    for (const [command, body, offsets] of cases) {
      const { request } = parseCurl(command);
      assert.equal(request.body, body, command);
      assert.equal(request.method, "PUT", command);
      assert.deepEqual(
        shellWarnings(command),
        offsets.map((at) => ["SHELL_EXPANSION", "$", at]),
        command,
      );
    }
  });

  it("an unclosed one is UNTERMINATED_QUOTE at its $, as bash refuses it", async () => {
    for (
      const [command, at, opening] of [
        ["curl x/$[1 + 2", 7, "$[ arithmetic expansion"],
        ['curl "x/$[1 + "2"', 8, "$[ arithmetic expansion"],
        ["curl x/$[ a[1 ]", 7, "$[ arithmetic expansion"],
        ["curl x/$(echo $[ ) ]", 7, "$( command substitution"],
      ] as const
    ) {
      assert.throws(
        () => scanWords(command),
        (error: unknown) =>
          error instanceof ConversionError &&
          error.code === "UNTERMINATED_QUOTE" && error.offset === at &&
          error.message.includes(
            `Unterminated ${opening} opened at offset ${at}`,
          ),
        command,
      );
      const bash = await runBash(command + "\n");
      assert.notEqual(bash.code, 0, command);
      assert.match(bash.stderr, /unexpected EOF while looking for matching/);
    }
  });

  it("a deep nesting of $[…] and quotes is read, not a stack overflow", () => {
    const depth = 20_000;
    const word = "x/" + '$["'.repeat(depth) + '"]'.repeat(depth) + "/z";
    assert.deepEqual(wordsOf(`curl ${word} -s`), ["curl", word, "-s"]);
  });
});

describe("curl reader: $((…)) arithmetic", () => {
  it("a # in it is no comment: the first )) closes it, as bash's parser reads it", async () => {
    const command = "curl x/$(( 1 # )) -s";
    assert.deepEqual(wordsOf(command), ["curl", "x/$(( 1 # ))", "-s"]);
    const bash = await runBash(`f() { ${command}\n}\ndeclare -f f\n`);
    assert.equal(bash.code, 0, bash.stderr);
    assert.match(
      new TextDecoder().decode(bash.stdout),
      /curl x\/\$\(\( 1 # \)\) -s/,
    );
  });
});

describe("curl reader: what an unclosed expansion's error names", () => {
  it("the opening and the character that would close it, for each form", () => {
    const cases: [string, string][] = [
      [
        "curl x/`id",
        "Unterminated ` command substitution opened at offset 7: nothing closes it with `",
      ],
      [
        "curl x/${A",
        "Unterminated ${ parameter expansion opened at offset 7: nothing closes it with }",
      ],
      [
        "curl x/$(id",
        "Unterminated $( command substitution opened at offset 7: nothing closes it with )",
      ],
      [
        "curl x/$[1",
        "Unterminated $[ arithmetic expansion opened at offset 7: nothing closes it with ]",
      ],
      [
        "curl x/$[ '1",
        "Unterminated quote inside the $[ arithmetic expansion opened at offset 7",
      ],
    ];
    for (const [command, message] of cases) {
      assert.throws(
        () => scanWords(command),
        (error: unknown) =>
          error instanceof ConversionError &&
          error.code === "UNTERMINATED_QUOTE" && error.offset === 7 &&
          error.message === message,
        command,
      );
    }
  });
});
