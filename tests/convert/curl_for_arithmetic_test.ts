// A `for ((…))` loop inside `$(…)` takes three arithmetic expressions,
// separated by exactly two unquoted `;` (any of them may be empty): bash
// refuses one with fewer ("arithmetic expression required") or more ("`;'
// unexpected"), counting a `;` inside parentheses too, but not one inside
// quotes, a `$(…)`, `${…}` or `$((…))`. Each case is compared with
// `bash -n`; a refusal is INVALID_INPUT at the loop's `((`.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { ConversionError } from "../../src/convert/errors.ts";
import { runBash } from "./_bash.ts";
import { assertReadAsBash } from "./_bash_syntax.ts";
import { scanWords } from "../../src/convert/_curl_words.ts";

describe("curl reader: a for ((…)) inside $(…)", () => {
  it("without exactly two ; between its expressions is refused, as bash refuses it", async () => {
    for (
      const command of [
        "curl $(for ((i=0;i<1i++)); do :; done)",
        "curl $(for (( )); do :; done)",
        "curl $(for ((a;b)); do :; done)",
        "curl $(for ((i;j;k;l)); do :; done)",
        "curl $(for ((a;(b;c);d)); do :; done)",
      ]
    ) {
      const at = command.indexOf("((");
      assert.throws(
        () => scanWords(command),
        (error: unknown) =>
          error instanceof ConversionError && error.code === "INVALID_INPUT" &&
          error.offset === at && /for \(\(…\)\)/.test(error.message),
        command,
      );
      const bash = await runBash("set -n\n" + command + "\n");
      assert.notEqual(bash.code, 0, command);
      assert.match(
        bash.stderr,
        /arithmetic expression required|`;' unexpected/,
        command,
      );
    }
  });

  it("with two, empty expressions or ; inside quotes and expansions too, is read", async () => {
    for (
      const command of [
        "curl $(for ((;;)); do :; done)",
        "curl $(for ((i=0; i<2; i++)); do echo $i; done)",
        'curl $(for ((a;"b;c";d)); do :; done)',
        "curl $(for ((a;'b;c';d)); do :; done)",
        "curl $(for ((a;$(x;y);d)); do :; done)",
        "curl $(for ((a;$((1;2));d)); do :; done)",
        "curl $(for ((a;b;c))\ndo :; done)",
        "curl $( ((a;b)) )",
      ]
    ) {
      await assertReadAsBash(command);
    }
  });
});
