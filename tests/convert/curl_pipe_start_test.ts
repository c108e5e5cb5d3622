// Inside `$(…)`, bash 5.2 lets `!` and `time` (with `-p` or `--`) stand with
// no pipeline after them only before `;` or a line end: `! | x`, `time &&`
// or a `)` right after them is a syntax error at that token. A `)` or a
// clause's `;;` after `|`, `&&` or `||` finds no command either, and no
// redirection may stand between `f()` and its body. The curl reader refuses
// each with INVALID_INPUT at the token bash names. As a `$(…)`'s first word
// `time` is an ordinary command name, so `$(time | x)` is read as bash reads
// it, a pipeline. Each case is compared with real bash.
import { describe, it } from "../_harness.ts";
import { assertMarkedRefusedAsBash, assertReadAsBash } from "./_bash_syntax.ts";

describe("curl reader: `!`, `time`, `|` and `f()` with nothing after them inside $(…)", () => {
  it("`!` or a reserved `time` before a separator other than `;`: INVALID_INPUT at it", async () => {
    const cases: [string, string][] = [
      ["curl x/$(! @| x)/z", "|"],
      ["curl x/$(! @|& x)/z", "|&"],
      ["curl x/$(! @&& x)/z", "&&"],
      ["curl x/$(! @|| x)/z", "||"],
      ["curl x/$(! @& x)/z", "&"],
      // `time` is reserved after `;`, a line end, `&&` or `{`.
      ["curl x/$(echo; time @| x)/z", "|"],
      ["curl x/$(echo\ntime -p @| x)/z", "|"],
      ["curl x/$(echo && time -- @|& x)/z", "|&"],
      ["curl x/$(echo; time -p -- @&& x)/z", "&&"],
      ["curl x/$({ time @| x; })/z", "|"],
      // Both words, in either order; the second command of a list.
      ["curl x/$(echo; ! time @| x)/z", "|"],
      ["curl x/$(echo; time ! @| x)/z", "|"],
      ["curl x/$(echo; ! ! @| x)/z", "|"],
      ["curl x/$(if ! @| x; then :; fi)/z", "|"],
    ];
    for (const [marked, token] of cases) {
      await assertMarkedRefusedAsBash(marked, token);
    }
  });

  it("a `)` or `;;` where a command must still come: INVALID_INPUT at it", async () => {
    const cases: [string, string][] = [
      // `time` as the first word is a command name: the `|` lacks one.
      ["curl x/$(time |@)/z", ")"],
      ["curl x/$(time -p |@)/z", ")"],
      ["curl x/$(echo |\n@)/z", ")"],
      ["curl x/$(echo &&@)/z", ")"],
      ["curl x/$(echo ||\n# a comment\n@)/z", ")"],
      ["curl x/$(!@)/z", ")"],
      ["curl x/$(echo; time@)/z", ")"],
      ["curl x/$(echo; ! time @)/z", ")"],
      // A subshell's `)`, the second substitution of a word, a clause's `;;`.
      ["curl x/$( (! @) )/z", ")"],
      ["curl x/$(echo a)$(echo a |@)/z", ")"],
      ["curl x/$(case a in a) ! @;; esac)/z", ";;"],
      ["curl x/$(case a in a) echo | @;; esac)/z", ";;"],
    ];
    for (const [marked, token] of cases) {
      await assertMarkedRefusedAsBash(marked, token);
    }
  });

  it("a redirection between `f()` and its body: INVALID_INPUT at it", async () => {
    const cases: [string, string][] = [
      ["curl x/$(f() @>x { :; })/z", ">"],
      ["curl x/$(f() @<x { :; })/z", "<"],
      ["curl x/$(f() @&>x { :; })/z", "&>"],
      ["curl x/$(f() @>x ( : ))/z", ">"],
      ["curl x/$(f()\n@>x { :; })/z", ">"],
      ["curl x/$(function f @>>x { :; })/z", ">>"],
      ["curl x/$(function f() @>x { :; })/z", ">"],
      ["curl x/$(f() @<<E { :; }\nE\n)/z", "<<"],
    ];
    for (const [marked, token] of cases) {
      await assertMarkedRefusedAsBash(marked, token);
    }
  });

  it("still reads what bash reads: `time` as a first word, `;` or a line end after `!`, a redirection after the body", async () => {
    const accepted = [
      "curl x/$(time | x)/z",
      "curl x/$(time |& x)/z",
      "curl x/$(time ! | x)/z",
      "curl x/$(time -p | x | y)/z",
      "curl x/$(echo | time | x)/z",
      "curl x/$(echo; TIME | x)/z",
      "curl x/$(echo; Time && x)/z",
      "curl x/$(! ;)/z",
      "curl x/$(!\n)/z",
      "curl x/$(echo; time -- ;)/z",
      "curl x/$(echo; ! time\n)/z",
      "curl x/$(echo; ! x | y)/z",
      "curl x/$(echo && time x | y)/z",
      "curl x/$(coproc cat | x)/z",
      "curl x/$(coproc cat &)/z",
      "curl x/$(coproc cat)/z",
      "curl x/$(echo a &\n)/z",
      "curl x/$()/z",
      "curl x/$(echo;)/z",
      "curl x/$(echo a &&\n\necho b)/z",
      "curl x/$(echo a |\n\necho b)/z",
      "curl x/$(case a in a) ! x;; esac)/z",
      "curl x/$(f() { :; } >x)/z",
      "curl x/$(f() ( : ) 2>x <y)/z",
      "curl x/$(f() { :; } <<E\nE\n)/z",
      "curl x/$(>x; echo)/z",
    ];
    for (const command of accepted) await assertReadAsBash(command);
  });
});
