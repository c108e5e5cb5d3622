// Where a `#` starts a comment inside `$(…)`: at a word's start only, as
// bash reads it. After a blank, an operator (`;`, a subshell's or a case
// pattern's `)`, `))`) it starts one; after an escaped blank or operator
// (`a\ #`, `\;#`), after a `$(…)` in the same word, or after a line
// continuation in the middle of a word it is part of the word. A line
// continuation at a word's start leaves the `#` at a word's start. The
// reader keeps a `$(…)` as typed, so what shows is where the substitution
// ends: a comment read where bash reads a word swallows the `)` and more.
// A line continuation right after a compound command, or right after its
// closing word (`done\` and a line end), is gone too: what follows is
// read as if it were not there. Each case is compared with real bash: the
// words it hands to curl after running the substitutions.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { scanWords } from "../../src/convert/_curl_words.ts";
import { argvThroughBash } from "./_bash.ts";

const wordsOf = (command: string) =>
  scanWords(command).words.map((w) => w.value);

/** A command, the words the reader keeps after `curl`, bash's argv. */
const CASES: [string, string[], string[]][] = [
  // Escaped operator, then `#`: one word.
  [`curl "$(echo \\;#)" -s`, ["$(echo \\;#)", "-s"], [";#", "-s"]],
  // Escaped blank, then `#`: the comment the reader once read here took
  // the `)`, the quote and the next word.
  [
    `curl "$(printf %s a\\ #x)" "b"`,
    ["$(printf %s a\\ #x)", "b"],
    ["a #x", "b"],
  ],
  [
    `curl "$(echo x\\;# a)" "b\n)"`,
    ["$(echo x\\;# a)", "b\n)"],
    ["x;# a", "b\n)"],
  ],
  // After a `$(…)` in the same word.
  [`curl "$(echo $(echo b)#x)" -s`, ["$(echo $(echo b)#x)", "-s"], [
    "b#x",
    "-s",
  ]],
  // A line continuation in a word: gone, the word goes on.
  [`curl "$(echo a\\\n#x)" -s`, ["$(echo a\\\n#x)", "-s"], ["a#x", "-s"]],
  // A line continuation at a word's start: the `#` starts a comment, and
  // the quote in it is no quote.
  [`curl "$(echo \\\n#x" y\n)" -s`, ['$(echo \\\n#x" y\n)', "-s"], [
    "",
    "-s",
  ]],
  // After operators: a subshell's `)`, a case pattern's `)`, `;`.
  [`curl "$( (echo a)# x)\n)" -s`, ["$( (echo a)# x)\n)", "-s"], ["a", "-s"]],
  [
    `curl "$(case a in a)# x)\n echo y;; esac)" -s`,
    ["$(case a in a)# x)\n echo y;; esac)", "-s"],
    ["y", "-s"],
  ],
  [`curl "$(echo a;#x)\n)" -s`, ["$(echo a;#x)\n)", "-s"], ["a", "-s"]],
  [`curl "$( ((1))# x)\n echo a)" -s`, ["$( ((1))# x)\n echo a)", "-s"], [
    "a",
    "-s",
  ]],
];

describe("curl reader: a # inside $(…)", () => {
  it("starts a comment where bash starts one, and nowhere else", async () => {
    for (const [command, typed, fromBash] of CASES) {
      assert.deepEqual(wordsOf(command), ["curl", ...typed], command);
      assert.deepEqual(
        await argvThroughBash("IFS=; set -f\n" + command),
        fromBash,
        command,
      );
    }
  });
});

/** Line continuations after a compound command: accepted, as bash does. */
const CONTINUED: [string, string[]][] = [
  [`curl "$( (echo a) \\\n)" -s`, ["a", "-s"]],
  [`curl "$({ echo a; } \\\n)" -s`, ["a", "-s"]],
  [`curl "$(for i in a; do echo $i; done\\\n)" -s`, ["a", "-s"]],
  [`curl "$(if true; then echo a; fi\\\n\\\n)" -s`, ["a", "-s"]],
  [`curl "$(case a in a) echo a;; esac\\\n)" -s`, ["a", "-s"]],
  // Not a reserved word when the word goes on after the line end.
  [`curl "$(echo done\\\nx)" -s`, ["donex", "-s"]],
];

describe("curl reader: a line continuation inside $(…)", () => {
  it("after a compound command or its closing word, is gone, as in bash", async () => {
    for (const [command, fromBash] of CONTINUED) {
      const quoted = command.slice(command.indexOf('"') + 1, -4);
      assert.deepEqual(wordsOf(command), ["curl", quoted, "-s"], command);
      assert.deepEqual(
        await argvThroughBash("IFS=; set -f\n" + command),
        fromBash,
        command,
      );
    }
  });
});
