// A process substitution (`<(…)`, `>(…)`) inside `$(…)` is a word: bash
// reads one as the command of an `if` or `while` condition and as a word of
// a `for` loop's list, and refuses one where only `;` or a line end may
// stand (after the loop's name) and a redirection or pipe in the list.
// Each case is compared with `bash -n`. The convert draw of the nineteenth
// round (seed 20261176) planted the condition's case (`frame.command`
// inverted before `blockWord`) and no test saw it; the list's case was the
// reader's own refusal of what bash accepts. One whose `(` is followed at
// once by another (`<((…)…)`) bash 5.2 reads as balanced parentheses, no
// commands checked inside; the reader refused what it holds (`>(( (1+2)*3
// )) )`, found by the differential test in round 21).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { ConversionError } from "../../src/convert/errors.ts";
import { scanWords } from "../../src/convert/_curl_words.ts";
import { runBash } from "./_bash.ts";
import { assertAllReadAsBash, assertAllRefusedAsBash } from "./_bash_syntax.ts";

describe("curl reader: a process substitution inside $(…)", () => {
  it("opened by <(( holds balanced parentheses, read as bash reads them", async () => {
    await assertAllReadAsBash([
      "curl $(echo >(( (1+2)*3 )) )",
      "curl $(echo <((a;;b)) x)",
      "curl $(echo <((fi done)) if)",
      'curl $(echo <(("a)" $(echo ")") )))',
      "curl $(<((a)) if)",
      "curl $(for x in <((a)); do :; done)",
      "curl $([[ -f <((a) ) ]])",
    ]);
    // After a compound command it is still a word bash refuses.
    await assertAllRefusedAsBash([["curl $({ x; } @<((a)))", "<((a))"]]);
  });

  it("is the command of an if or while condition, as bash reads it", async () => {
    await assertAllReadAsBash([
      "curl $(if <(true); then :; fi)",
      "curl $(while >(cat); do break; done)",
      "curl $(until <(false)\ndo break; done)",
      "curl $(if ! <(true); then :; fi)",
    ]);
  });

  it("is a word of a for loop's list, anywhere in it", async () => {
    await assertAllReadAsBash([
      "curl $(for x in <(true); do :; done)",
      "curl $(for x in a <(true) b >(cat); do :; done)",
      "curl $(for x in <(true)\ndo :; done)",
      "curl $(for x in <(true)y do; do :; done)",
      "curl $(select x in <(true); do break; done)",
    ]);
  });

  it("is refused after a loop's name, and a redirection or pipe in the list still is", async () => {
    // bash names the whole `<(true)` as the token; the reader its `<`.
    const named = "curl $(for x <(true); do :; done)";
    const at = named.indexOf("<");
    assert.throws(
      () => scanWords(named),
      (error: unknown) =>
        error instanceof ConversionError && error.code === "INVALID_INPUT" &&
        error.offset === at && /loop's head/.test(error.message),
    );
    const bash = await runBash("set -n\n" + named + "\n");
    assert.match(bash.stderr, /syntax error near unexpected token `<\(true\)'/);
    await assertAllRefusedAsBash([
      ["curl $(for x in <(true) @> f; do :; done)", ">"],
      ["curl $(for x in <(true) @| y; do :; done)", "|"],
    ]);
  });
});
