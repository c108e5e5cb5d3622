// Inside `$(…)`, a `[[ … ]]` read with bash's grammar of a conditional
// command, compared with real bash 5.2 (`set -n`). The reader used to skip
// its words and operators to the `]]`, reading what bash refuses: two words
// with no operator (`[[ a b ]]`), an operator with no operand (`[[ -f ]]`,
// `[[ a && ]]`), an empty test, a `)` with no `(`, `|`, `;` or `<<`, a line
// end between a condition's words, a quoted operator (`[[ a "=" b ]]`), and a comment
// after `<` that left the test open (`[[ a <#b ]]`).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { ConversionError } from "../../src/convert/errors.ts";
import { scanWords } from "../../src/convert/_curl_words.ts";
import { runBash } from "./_bash.ts";
import { assertAllReadAsBash } from "./_bash_syntax.ts";
import { assertLinear } from "../_complexity.ts";

/**
 * Each command, with `@` before the token the reader names, is refused by
 * the reader (INVALID_INPUT at that offset, naming the token) and by bash.
 * bash's wording differs from one conditional error to the next (some it
 * does not word at all inside an unquoted `$(…)`), so its status is compared.
 */
async function assertAllRefusedLikeBash(cases: [string, string][]) {
  for (const [marked, token] of cases) {
    const offset = marked.indexOf("@");
    const command = marked.replace("@", "");
    assert.ok(command.startsWith(token, offset), marked);
    assert.throws(
      () => scanWords(command),
      (error: unknown) =>
        error instanceof ConversionError && error.code === "INVALID_INPUT" &&
        error.offset === offset &&
        error.message.includes(token === "\n" ? "newline" : token),
      JSON.stringify(command),
    );
    const bash = await runBash("set -n\n" + command + "\n");
    assert.notEqual(bash.code, 0, JSON.stringify(command));
  }
}

describe("curl reader: [[ … ]] inside $(…), with bash's grammar", () => {
  it("reads the conditions bash reads", async () => {
    await assertAllReadAsBash([
      "curl x/$([[ a ]])/z",
      "curl x/$([[ -f a ]] && [[ -n $b ]])/z",
      "curl x/$([[ a = b ]])/z",
      "curl x/$([[ a -eq 1 || b -nt c ]])/z",
      "curl x/$([[ a<b ]])/z",
      "curl x/$([[ a > b ]] >f)/z",
      "curl x/$([[ ! ! ( a ) ]])/z",
      "curl x/$([[ (a)&&(b) ]])/z",
      "curl x/$([[ ((a)) || ! b ]])/z",
      // An operator's name alone is a word; an operand may spell one.
      "curl x/$([[ = ]])/z",
      "curl x/$([[ -f = ]])/z",
      "curl x/$([[ a = = ]])/z",
      "curl x/$([[ a = ! ]])/z",
      'curl x/$([[ "-f" ]])/z',
      "curl x/$([[ -- ]])/z",
      "curl x/$([[ -fa ]])/z",
      "curl x/$([[ a]] ]])/z",
      // A process substitution and an expansion are words.
      "curl x/$([[ -f <(x) ]])/z",
      "curl x/$([[ <(x) = a ]] || [[ a = >(y) ]])/z",
      "curl x/$([[ $(x) = `y` ]])/z",
      'curl x/$([[ "$(a ]])" ]])/z',
    ]);
  });

  it("reads a regular expression after =~ with its own (, ) and |", async () => {
    await assertAllReadAsBash([
      "curl x/$([[ a =~ ^(x|y)$ ]])/z",
      "curl x/$([[ a =~ (x y) ]])/z",
      "curl x/$([[ a =~ (x;y<z) ]])/z",
      "curl x/$([[ a =~ ( #x) ]])/z",
      "curl x/$([[ a =~ x|(y)z ]])/z",
      "curl x/$([[ a =~ || ]])/z",
      "curl x/$([[ a =~ ((x)) && b ]])/z",
      "curl x/$([[ ( a =~ x) ]])/z",
      "curl x/$([[ ( a =~ (x)) ]])/z",
      'curl x/$([[ a =~ "("x ]])/z',
      "curl x/$([[ a =~ (x\ny) ]])/z",
    ]);
  });

  it("reads line ends where bash does: where a condition begins or has ended", async () => {
    await assertAllReadAsBash([
      // After a whole condition (bash refuses one only between its words,
      // as below); the reader refused these until a fuzz seed found one.
      "curl x/$([[ a = b\n]])/z",
      "curl x/$([[ -f a \n\n && b ]])/z",
      "curl x/$([[ a =~ x\n]])/z",
      "curl x/$([[ a =~ (x\ny) \n]])/z",
      "curl x/$([[ ( a < b )\n]])/z",
      "curl x/$([[ a = b # c\n|| c ]])/z",
      "curl x/$([[\n\na ]])/z",
      "curl x/$([[ a &&\n\n b ]])/z",
      "curl x/$([[ a ||\n b ]])/z",
      "curl x/$([[ !\n a ]])/z",
      "curl x/$([[ (\n a ) ]])/z",
      "curl x/$([[ a && # a comment\n b ]])/z",
      // A line continuation is gone before bash reads an operator.
      "curl x/$([[ -\\\nf a ]])/z",
      "curl x/$([[ a -\\\neq b ]])/z",
      "curl x/$([[ a ]\\\n] )/z",
      // A here-document's lines come after the line that opens it.
      "curl x/$(cat <<E; [[ a &&\nbody\nE\nb ]])/z",
    ]);
  });

  it("refuses what bash refuses, at the token", async () => {
    await assertAllRefusedLikeBash([
      ["curl x/$([[ @]])/z", "]]"],
      ["curl x/$([[ ! @]])/z", "]]"],
      ["curl x/$([[ a && @]])/z", "]]"],
      ["curl x/$([[ a||@]] ]])/z", "]]"],
      ["curl x/$([[ @&& a ]])/z", "&&"],
      ["curl x/$([[ a @b ]])/z", "b"],
      ["curl x/$([[ a @-a b ]])/z", "-a"],
      ["curl x/$([[ -f @]])/z", "]]"],
      ["curl x/$([[ a = @]])/z", "]]"],
      ["curl x/$([[ a < @]])/z", "]]"],
      ["curl x/$([[ a = b @c ]])/z", "c"],
      ["curl x/$([[ -n a @= b ]])/z", "="],
      ["curl x/$([[ a < b @< c ]])/z", "<"],
      ["curl x/$([[ ( a ) @b ]])/z", "b"],
      ["curl x/$([[ a @) ]])/z", ")"],
      ["curl x/$([[ (@) ]])/z", ")"],
      ["curl x/$([[ ( a @]])/z", "]]"],
      ["curl x/$([[ a = @( ]])/z", "("],
      ["curl x/$([[ -f @< ]])/z", "<"],
      // A process substitution is a word, no operator.
      ["curl x/$([[ a @<(x) ]])/z", "<"],
      ["curl x/$([[ a = b @<(x) ]])/z", "<"],
      // Operators that are no conditional's.
      ["curl x/$([[ a @| b ]])/z", "|"],
      ["curl x/$([[ a @; b ]])/z", ";"],
      ["curl x/$([[ a @& b ]])/z", "&"],
      ["curl x/$([[ a @<< b ]])/z", "<<"],
      ["curl x/$([[ a @>> b ]])/z", ">>"],
      // A quoted or escaped operator is a word.
      ['curl x/$([[ a @"=" b ]])/z', '"="'],
      ['curl x/$([[ "-f" @a ]])/z', "a"],
      ["curl x/$([[ \\-f @a ]])/z", "a"],
      // The regular expression's `)` with no `(`, and an operator after it.
      ["curl x/$([[ a =~ @]])/z", "]]"],
      ["curl x/$([[ a =~ x@) ]])/z", ")"],
      ["curl x/$([[ a =~ x@<y ]])/z", "<"],
      ["curl x/$([[ a =~ x@;y ]])/z", ";"],
      // A line end between a condition's words: after its first word, an
      // operator or `=~` (and a word after a whole condition's line end).
      ["curl x/$([[ a@\n]])/z", "\n"],
      ["curl x/$([[ a = b ||\n c@\n]])/z", "\n"],
      ["curl x/$([[ a = b\n @c ]])/z", "c"],
      ["curl x/$([[ a =@\n b ]])/z", "\n"],
      ["curl x/$([[ -f@\n a ]])/z", "\n"],
      ["curl x/$([[ a =~@\nx ]])/z", "\n"],
      // A comment after `<` leaves the operand missing at the line end.
      ["curl x/$([[ a <#b ]]@\n)/z", "\n"],
    ]);
  });

  it("reads a pasted CRLF as a line end, and a lone CR as a word's", async () => {
    // bash reads a CR as part of a word anywhere; a pasted CRLF the reader
    // reads as the LF line end it stands for, in [[ … ]] as everywhere.
    await assertAllReadAsBash(["curl x/$([[ a\rb = c ]])/z"]);
    for (
      const command of [
        "curl x/$([[ x &&\r\n a ]])/z",
        "curl x/$([[ (\r\n a ) ]])/z",
      ]
    ) {
      assert.equal(
        scanWords(command).words[1].value,
        command.slice(5),
        JSON.stringify(command),
      );
    }
    assert.throws(
      () => scanWords("curl x/$([[ a\r\n]])/z"),
      (error: unknown) =>
        error instanceof ConversionError && error.code === "INVALID_INPUT" &&
        error.offset === 13 && error.message.includes("newline"),
    );
  });

  it("reads long conditions in linear time", async () => {
    const shapes: [string, (n: number) => string][] = [
      ["terms", (n) => "x/$([[ " + "-f a && ".repeat(n) + "b ]])/z"],
      [
        "groups",
        (n) => "x/$([[ " + "( ! ".repeat(n) + "a" + " )".repeat(n) + " ]])/z",
      ],
      [
        "a regex's parentheses",
        (n) => "x/$([[ a =~ " + "(x|".repeat(n) + ")".repeat(n) + " ]])/z",
      ],
    ];
    for (const [what, shape] of shapes) {
      await assertLinear(`[[ … ]]: ${what}`, 40_000, (n) => {
        const word = shape(n);
        assert.equal(scanWords(`curl ${word}`).words[1].value, word);
      });
    }
  });
});
