// A `$(…)` command substitution or `$((…))` arithmetic is one part of the
// word it sits in, as bash reads it: its parentheses, blanks and quotes
// neither end the command nor split the word. The curl reader keeps it as
// typed, with one SHELL_EXPANSION warning at its `$`; real bash (which runs
// it) splits the same command into the same words.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCommands, parseCurl } from "../../src/convert/curl.ts";
import { ConversionError } from "../../src/convert/errors.ts";
import { scanWords } from "../../src/convert/_curl_words.ts";
import { argvThroughBash, runBash } from "./_bash.ts";

type Warning = { code: string; option?: string; offset?: number };

const shellWarnings = (warnings: readonly Warning[]) =>
  warnings.filter((w) => w.code.startsWith("SHELL_")).map((w) => [
    w.code,
    w.option,
    w.offset,
  ]);

// [command, its words after `curl` as typed, what bash hands to curl once it
// has run each substitution (IFS empty and globbing off, so a result is not
// split again)].
const CASES: [string, string[], string[]][] = [
  ["curl https://x.test/$(echo me)", ["https://x.test/$(echo me)"], [
    "https://x.test/me",
  ]],
  ['curl "https://x.test/$(echo "a b")"/z -s', [
    'https://x.test/$(echo "a b")/z',
    "-s",
  ], ["https://x.test/a b/z", "-s"]],
  ["curl https://x.test/$((1+(2*3)))/n", ["https://x.test/$((1+(2*3)))/n"], [
    "https://x.test/7/n",
  ]],
  // A quoted ) and an escaped ) do not close it; a nested one does not either.
  [`curl x.test/$(echo ')' "(" \\) $(echo n))/z`, [
    `x.test/$(echo ')' "(" \\) $(echo n))/z`,
  ], ["x.test/) ( ) n/z"]],
  // In double quotes, the quotes inside a nested substitution are its own.
  [`curl "x.test/$(echo "$(echo ")")")"/z -H "a: b"`, [
    `x.test/$(echo "$(echo ")")")/z`,
    "-H",
    "a: b",
  ], ["x.test/)/z", "-H", "a: b"]],
  // A comment inside runs to its line end, ) and all.
  ["curl x.test/$(echo c # )\n)/z -s", ["x.test/$(echo c # )\n)/z", "-s"], [
    "x.test/c/z",
    "-s",
  ]], // Backticks: a blank inside does not split the word.
  [
    "curl https://x.test/`echo a b`/z -s",
    ["https://x.test/`echo a b`/z", "-s"],
    [
      "https://x.test/a b/z",
      "-s",
    ],
  ],
  // In double quotes, the quotes inside backticks are the substitution's own.
  ['curl "x.test/`echo "a b"`/z" -H "a: b"', [
    'x.test/`echo "a b"`/z',
    "-H",
    "a: b",
  ], ["x.test/a b/z", "-H", "a: b"]],
  // An escaped backtick does not close it; nothing but a backtick does.
  ["curl x.test/`echo \\`echo q\\` ')'`/z", [
    "x.test/`echo \\`echo q\\` ')'`/z",
  ], ["x.test/q )/z"]],
  // ${…}: a blank inside does not split the word, unquoted or quoted.
  ["curl https://x.test/${A:-a b}/z -s", ["https://x.test/${A:-a b}/z", "-s"], [
    "https://x.test/a b/z",
    "-s",
  ]],
  ['curl "x.test/${A:-a b}/z" -s', ["x.test/${A:-a b}/z", "-s"], [
    "x.test/a b/z",
    "-s",
  ]],
  // Nested, and the } of a nested one does not close the outer one.
  ["curl x.test/${A:-${B:-x y}}/z", ["x.test/${A:-${B:-x y}}/z"], [
    "x.test/x y/z",
  ]],
  // A quoted or escaped }, or one in a nested substitution, does not close it.
  [`curl "x.test/\${A:-"}"}/z" x.test/\${A:-'}' \\}}/z`, [
    'x.test/${A:-"}"}/z',
    "x.test/${A:-'}' \\}}/z",
  ], ["x.test/}/z", "x.test/} }/z"]],
  ["curl x.test/${A:-`echo }`$(echo })}/z", [
    "x.test/${A:-`echo }`$(echo })}/z",
  ], ["x.test/}}/z"]],
  // Its first } closes it: a bare { does not nest.
  ["curl x.test/${A:-{} z}", ["x.test/${A:-{}", "z}"], [
    "x.test/{",
    "z}",
  ]],
  // Inside $(…), a ) in ${…} does not close the substitution.
  ["curl x.test/$(echo ${A:-)})/z", ["x.test/$(echo ${A:-)})/z"], [
    "x.test/)/z",
  ]],
  // Quotes inside ${…}: a $'…' is ANSI-C quoted (a \' does not end it) and
  // a '…' plain (a \ before its closing quote is literal), so the
  // expansion closes at bash's }.
  ["curl x.test/${A:-$'a\\'}'}/z -s", ["x.test/${A:-$'a\\'}'}/z", "-s"], [
    "x.test/a'}/z",
    "-s",
  ]],
  ["curl x.test/${A:-'a\\'} -s", ["x.test/${A:-'a\\'}", "-s"], [
    "x.test/a\\",
    "-s",
  ]],
  ["curl x.test/${A:-b'}'$'\\''}/z", ["x.test/${A:-b'}'$'\\''}/z"], [
    "x.test/b}'/z",
  ]],
];

describe("curl reader: $(…) command substitutions", () => {
  it("one word part, as bash splits the command", async () => {
    for (const [command, typed, fromBash] of CASES) {
      const words = scanWords(command).words.map((w) => w.value);
      assert.deepEqual(words, ["curl", ...typed], command);
      assert.deepEqual(
        await argvThroughBash("IFS=; set -f\n" + command),
        fromBash,
        command,
      );
    }
  });

  it("kept as typed in the URL, with one SHELL_EXPANSION warning at its $ and no SHELL_OPERATOR", () => {
    const cases: [string, string, number][] = [
      ["curl https://x.test/$(whoami)", "https://x.test/$(whoami)", 20],
      ['curl "https://x.test/$(whoami)"', "https://x.test/$(whoami)", 21],
      ["curl https://x.test/$((1+2))/n", "https://x.test/$((1+2))/n", 20],
    ];
    for (const [command, url, at] of cases) {
      const parsed = parseCurl(command);
      assert.equal(parsed.request.url, url, command);
      assert.deepEqual(
        shellWarnings(parsed.warnings),
        [["SHELL_EXPANSION", "$", at]],
        command,
      );
    }
    // The second step: what follows the substitution is still curl's.
    const { request } = parseCurl("curl https://x.test/$(id)/z -X PUT");
    assert.equal(request.method, "PUT");
    // A blank inside leaves a URL as typed that curl would refuse.
    assert.throws(
      () => parseCurl("curl https://x.test/$(id -u)"),
      (error: unknown) =>
        error instanceof ConversionError && error.code === "INVALID_URL",
    );
  });

  it("a header value keeps it whole, blanks and all, and the next command still starts after it", () => {
    const [first, second] = parseCommands(
      'curl https://a.test -H "Authorization: Bearer $(cat /tmp/t | tr -d x)" -X POST; curl https://b.test/$(date)',
    );
    assert.equal(
      first.request.headers.authorization,
      "Bearer $(cat /tmp/t | tr -d x)",
    );
    assert.equal(first.request.method, "POST");
    assert.equal(second.request.url, "https://b.test/$(date)");
  });

  it("an unclosed $( is UNTERMINATED_QUOTE at its $, as bash refuses it", () => {
    for (
      const [command, at] of [
        ["curl https://x.test/$(whoami", 20],
        ['curl "https://x.test/$(echo ")"', 21],
        ["curl https://x.test/$(echo 'a)", 20],
      ] as const
    ) {
      assert.throws(
        () => parseCurl(command),
        (error: unknown) =>
          error instanceof ConversionError &&
          error.code === "UNTERMINATED_QUOTE" && error.offset === at,
        command,
      );
    }
  });

  it("a deep nesting of substitutions and quotes is read, not a stack overflow", () => {
    const depth = 20_000;
    const word = "x.test/" + '$("'.repeat(depth) + '")'.repeat(depth) + "/z";
    const words = scanWords(`curl ${word} -s`).words.map((w) => w.value);
    assert.deepEqual(words, ["curl", word, "-s"]);
  });
});

// Backticks and ${…} read the same way: each is one part of its word, kept
// as typed, with one SHELL_EXPANSION warning at its opening.
describe("curl reader: backticks and ${…} with blanks inside", () => {
  it("one SHELL_EXPANSION warning at the opening, unquoted or in double quotes, and curl's options after it", () => {
    const cases: [string, string, [string, number][]][] = [
      ["curl x.test/`id -u`/z -X PUT", "x.test/`id -u`/z", [["`", 12]]],
      ['curl "x.test/`echo "a b"`/z" -X PUT', 'x.test/`echo "a b"`/z', [[
        "`",
        13,
      ]]],
      ["curl x.test/${A:-a b}/z -X PUT", "x.test/${A:-a b}/z", [["$", 12]]],
      ['curl "x.test/${A:-"a b"}/z" -X PUT', 'x.test/${A:-"a b"}/z', [[
        "$",
        13,
      ]]],
      // A nested one is part of the outer one: one warning.
      ["curl x.test/${A:-${B}}/z -X PUT", "x.test/${A:-${B}}/z", [["$", 12]]],
      // Two side by side: two, each at its own opening.
      ["curl x.test/`a b`${C:-c d} -X PUT", "x.test/`a b`${C:-c d}", [
        ["`", 12],
        ["$", 17],
      ]],
    ];
    for (const [command, data, expected] of cases) {
      // As the data, where a blank is allowed, so the word is seen whole.
      const parsed = parseCurl(
        command.replace("curl ", "curl https://h.test -d "),
      );
      assert.equal(parsed.request.body, data, command);
      assert.equal(parsed.request.method, "PUT", command);
      const shift = "https://h.test -d ".length;
      assert.deepEqual(
        shellWarnings(parsed.warnings),
        expected.map(([sign, at]) => ["SHELL_EXPANSION", sign, at + shift]),
        command,
      );
    }
  });

  it("an unclosed one is UNTERMINATED_QUOTE at its opening, where bash refuses the command too", async () => {
    const cases: [string, number][] = [
      ["curl x.test/`id -u", 12],
      ['curl "x.test/`echo "a b"', 13],
      ["curl x.test/${A:-a b", 12],
      ['curl "x.test/${A:-"}"', 13],
      ["curl x.test/${A:-${B}", 12],
      // An unclosed backtick inside is reported at the outer opening.
      ["curl x.test/${A:-`}", 12],
      ["curl x.test/$(echo `)", 12],
    ];
    for (const [command, at] of cases) {
      assert.throws(
        () => scanWords(command),
        (error: unknown) =>
          error instanceof ConversionError &&
          error.code === "UNTERMINATED_QUOTE" && error.offset === at,
        command,
      );
      const bash = await runBash(command + "\n");
      assert.notEqual(bash.code, 0, command);
      assert.match(bash.stderr, /unexpected EOF while looking for matching/);
    }
  });

  it("a deep nesting of ${…}, quotes and backticks is read, not a stack overflow", () => {
    const depth = 20_000;
    for (
      const word of [
        "x.test/" + "${A:-".repeat(depth) + "}".repeat(depth) + "/z",
        "x.test/" + '${A:-"'.repeat(depth) + "`a b`" + '"}'.repeat(depth),
      ]
    ) {
      const scan = scanWords(`curl ${word} -s`);
      assert.deepEqual(scan.words.map((w) => w.value), ["curl", word, "-s"]);
      assert.deepEqual(scan.expansions, [12]);
    }
  });
});
