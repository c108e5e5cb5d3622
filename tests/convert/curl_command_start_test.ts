// Where a command must start inside a `$(…)`, bash 5.2 refuses what cannot
// start one: a separator (`;`, `|`, `&`, `&&`, `||`, `|&`) with no command
// before it, a `time` after `|` and two line ends, and a function body that
// is no compound command (`f() time …`, `function f echo`). The curl reader
// refuses each with INVALID_INPUT at the token bash names, and keeps reading
// what bash reads (`time ;`, `! ;`, `coproc NAME ;`, `f()` then `{` on the
// next line). Each case is compared with real bash.
import { describe, it } from "../_harness.ts";
import { assertReadAsBash, assertRefusedAsBash } from "./_bash_syntax.ts";

describe("curl reader: what cannot start a command inside $(…)", () => {
  it("a separator with no command before it: INVALID_INPUT at it, as bash refuses it", async () => {
    // [command, the token bash names]; the token's first place is refused.
    const cases: [string, string][] = [
      ["curl x/$(; echo)/z -s", ";"],
      ["curl x/$(| x)/z -s", "|"],
      ["curl x/$(|& x)/z", "|&"],
      ["curl x/$(&& x)/z", "&&"],
      ["curl x/$(|| x)/z", "||"],
      ["curl x/$(& x)/z", "&"],
      // At a line's start, the first line or a later one.
      ["curl x/$(\n; echo)/z", ";"],
      ["curl x/$(echo a\n| cat)/z", "|"],
      // The second separator of a list, and after a reserved word.
      ["curl x/$(true && ; echo)/z", ";"],
      ["curl x/$(if ; then :; fi)/z", ";"],
      ["curl x/$({ ; })/z", ";"],
      ["curl x/$(echo ( ; ) )/z", ";"],
      ["curl x/$(coproc ;)/z", ";"],
      ["curl x/$(function f ;)/z", ";"],
      ["curl x/$(f() ;)/z", ";"],
      // A case clause with no command before its separator.
      ["curl x/$(case a in a) ; ;; esac)/z", ";"],
    ];
    for (const [command, token] of cases) {
      const from = command.indexOf("$(") + 2;
      const at = token === ";" && command.includes("( ;")
        ? command.indexOf("( ;") + 2
        : command.indexOf(token, from);
      await assertRefusedAsBash(command, token, at);
    }
  });

  it("time after | and two line ends, and a function body that is no compound command", async () => {
    const cases: [string, string][] = [
      ["curl x/$(true |\n\ntime echo a)/z", "time"],
      ["curl x/$(true |\n# a comment\ntime echo a)/z", "time"],
      ["curl x/$(true |\n\n\ntime)/z", "time"],
      ["curl x/$(f() time echo a)/z", "time"],
      ["curl x/$(f()\ntime echo a)/z", "time"],
      ["curl x/$(f() echo a)/z", "echo"],
      ["curl x/$(function f time)/z", "time"],
      ["curl x/$(function f() echo)/z", "echo"],
    ];
    for (const [command, token] of cases) {
      const at = command.indexOf(token, command.indexOf("$(") + 2);
      await assertRefusedAsBash(command, token, at);
    }
  });

  it("still reads what bash reads: time or ! alone, coproc NAME, a body on the next line, time after | and one line end", async () => {
    const accepted = [
      "curl x/$(time ;)/z",
      "curl x/$(time -p ;)/z",
      "curl x/$(time -- ;)/z",
      "curl x/$(time && echo)/z",
      "curl x/$(! ;)/z",
      "curl x/$(coproc cat ;)/z",
      "curl x/$(coproc cat | cat)/z",
      "curl x/$(f() { :; })/z",
      "curl x/$(f()\n{ :; }\nf)/z",
      "curl x/$(function f\n{ :; })/z",
      "curl x/$(f() [[ a ]])/z",
      "curl x/$(f() ( : ))/z",
      "curl x/$(f() for a in b; do :; done)/z",
      "curl x/$(f() if :; then :; fi)/z",
      "curl x/$(true |\ntime echo a)/z",
      "curl x/$(true | time echo a)/z",
      "curl x/$(true ||\n\ntime echo a)/z",
      "curl x/$(true |\n\necho a)/z",
      "curl x/$(echo a &\n)/z",
      "curl x/$(echo a; echo b & echo c | cat && :)/z",
      "curl x/$(case a in a) ;; esac)/z",
      "curl x/$(>/dev/null; echo)/z",
    ];
    for (const command of accepted) await assertReadAsBash(command);
  });
});
