// Inside `$(…)`, bash parses `{ … }`, `if … fi` and the `while`, `until`,
// `for` and `select` loops' `do … done` before anything runs, and refuses the
// whole command when their reserved words do not balance. The curl reader
// used to read such a `$(…)` on to its `)` and then refuse the URL it made
// (INVALID_URL for `$(! ; })`), or build a request bash would never send
// (`$(done)`). It now refuses each at the token bash names, and reads the
// balanced forms (a `for ((…))` loop and a redirection to a file called
// `case` after a compound command among them) as bash does. Each case is
// compared with real bash.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { toRequest } from "../../src/convert/curl.ts";
import { ConversionError } from "../../src/convert/errors.ts";
import {
  assertAllReadAsBash,
  assertAllRefusedAsBash,
  assertMarkedRefusedAsBash,
} from "./_bash_syntax.ts";

describe("curl reader: compound commands inside $(…) balance as bash reads them", () => {
  it("a stray `}` after `! ;` is a syntax error at the `}`, not a malformed URL", async () => {
    const command = "curl $(! ; })";
    assert.throws(
      () => toRequest(command),
      (error: unknown) =>
        error instanceof ConversionError && error.code === "INVALID_INPUT" &&
        error.offset === 11 && error.message.includes("offset 11"),
    );
    await assertMarkedRefusedAsBash("curl $(! ; @})", "}");
  });

  it("a word that goes on or closes a compound command with none of its kind open", async () => {
    await assertAllRefusedAsBash([
      ["curl x/$(@})/z", "}"],
      ["curl x/$(@fi)/z", "fi"],
      ["curl x/$(echo a; @done)/z", "done"],
      ["curl x/$(@then)/z", "then"],
      ["curl x/$(echo\n@do)/z", "do"],
      ["curl x/$(@else)/z", "else"],
      ["curl x/$(@elif)/z", "elif"],
      ["curl x/$(@esac)/z", "esac"],
      ["curl x/$(echo; @in)/z", "in"],
      // Closed by the other kind's word; a second closer.
      ["curl x/$(while x; do y; @fi)/z", "fi"],
      ["curl x/$(if x; then y; @done)/z", "done"],
      ["curl x/$(until x; do y; @})/z", "}"],
      ["curl x/$({ x; @done)/z", "done"],
      ["curl x/$(if x; then y; else z; @elif w; then v; fi)/z", "elif"],
      ["curl x/$(if x; then y; fi; @fi)/z", "fi"],
      // Upper case is an ordinary word: `IF` opens nothing for `then`.
      ["curl x/$(IF x; @then y; fi)/z", "then"],
      // The second one nested: the inner `{` closes, the `done` finds the
      // outer `{`.
      ["curl x/$({ { y; }; @done)/z", "done"],
    ]);
  });

  it("a part of a compound command left without a command", async () => {
    await assertAllRefusedAsBash([
      ["curl x/$({ @})/z", "}"],
      ["curl x/$(if @then y; fi)/z", "then"],
      ["curl x/$(if x; then @fi)/z", "fi"],
      ["curl x/$(if x; then y; else @fi)/z", "fi"],
      ["curl x/$(if x; then y; elif @then w; fi)/z", "then"],
      ["curl x/$(while @do x; done)/z", "do"],
      ["curl x/$(while x; do @done)/z", "done"],
      // A line end is no command either.
      ["curl x/$(until x\ndo\n@done)/z", "done"],
    ]);
  });

  it("a word that ends a part right after `&&`, `||` or `|`", async () => {
    await assertAllRefusedAsBash([
      ["curl x/$({ x && @})/z", "}"],
      ["curl x/$({ x | @})/z", "}"],
      ["curl x/$(if x ||\n@then y; fi)/z", "then"],
      ["curl x/$(while x; do y && @done)/z", "done"],
    ]);
  });

  it("a `)`, `;;` or `esac` while a compound command is open", async () => {
    await assertAllRefusedAsBash([
      ["curl x/$({ echo; @)/z", ")"],
      ["curl x/$({ x @)/z", ")"],
      ["curl x/$(if true; then x; @)/z", ")"],
      ["curl x/$(while x; do y; @)/z", ")"],
      ["curl x/$(for x in a b@)/z", ")"],
      // A subshell's `)` inside a `{`; the `{` in a case clause.
      ["curl x/$( ( { x; @) } ))/z", ")"],
      ["curl x/$(case a in b) { x; @;; esac)/z", ";;"],
      ["curl x/$(case a in b) if x; then @esac)/z", "esac"],
      // Inside double quotes and inside a `${…}`.
      ['curl "x/$({ x; @)/z"', ")"],
      ["curl x/${a:-$(if x; then y; @)}/z", ")"],
    ]);
  });

  it("a word right after a compound command ends, before a separator", async () => {
    await assertAllRefusedAsBash([
      ["curl x/$({ x; } @y)/z", "y"],
      ["curl x/$(if x; then y; fi @z)/z", "z"],
      ["curl x/$(while x; do y; done @z)/z", "z"],
      ["curl x/$( (x) @y)/z", "y"],
      ["curl x/$(case a in b) ;; esac @z)/z", "z"],
      // After a redirection of it, and a second closer.
      ["curl x/$({ x; } >f @y)/z", "y"],
      ["curl x/$({ x; } @})/z", "}"],
      ["curl x/$(for x in a; do x; done @done)/z", "done"],
    ]);
  });

  it("a for loop's head: a name, then `in` and words or `do`, ended by `;` or a line end", async () => {
    await assertAllRefusedAsBash([
      ["curl x/$(for@; do y; done)/z", ";"],
      ["curl x/$(for x @y; do z; done)/z", "y"],
      ["curl x/$(for x in a @| b; do z; done)/z", "|"],
      ["curl x/$(for x in a @&& b; do z; done)/z", "&&"],
      ["curl x/$(for x in a; @b; do z; done)/z", "b"],
      ["curl x/$(for x in a\n@b; do x; done)/z", "b"],
      ["curl x/$(select x in a; @b)/z", "b"],
    ]);
  });

  it("balanced compound commands are read whole, as bash reads them", async () => {
    const commands = [
      "curl x/$({ x; })/z",
      "curl x/$(if a; then b; elif c; then d; else e; fi)/z",
      "curl x/$(while a; do b; done)/z",
      "curl x/$(until a; do { b; }; done)/z",
      "curl x/$(if { a; }; then (b); fi; c)/z",
      // The words as arguments, quoted, in a comment, in a here-document.
      "curl x/$(if a; then echo fi done } esac; fi)/z",
      "curl x/$(if a; then 'fi'; \"done\"; f\\i; fi)/z",
      "curl x/$(if a; then b # fi\nfi)/z",
      "curl x/$(while a; do cat <<E\ndone\nE\ndone)/z",
      // Every form of a loop's head.
      "curl x/$(for a do b; done)/z",
      "curl x/$(for a; do b; done)/z",
      "curl x/$(for a in b c; do d; done)/z",
      "curl x/$(for a\ndo b; done)/z",
      "curl x/$(for a\nin b; do c; done)/z",
      "curl x/$(for a in b c\ndo d\ndone)/z",
      "curl x/$(for in in in; do a; done)/z",
      "curl x/$(for do do a; done)/z",
      "curl x/$(for ((i=0;i<3;i++)); do a; done)/z",
      "curl x/$(for ((;;)) do a; done)/z",
      "curl x/$(select a in b; do c; done)/z",
      // A command in each part: `!` and `time` alone, a redirection alone.
      "curl x/$({ ! ; })/z",
      "curl x/$(echo; { time; })/z",
      "curl x/$({ >f; })/z",
      // What may follow a compound command: redirections (a file named
      // `case` among them), then a separator or a pipe.
      "curl x/$({ a; } 2>&1 >f)/z",
      "curl x/$({ a; } {fd}>f)/z",
      "curl x/$({ a; } >case)/z",
      "curl x/$(if a; then b; fi >f <g 2>h | c)/z",
      "curl x/$({ a; }&& { b; }\n{ c; })/z",
      // Function bodies, a coprocess, a case inside.
      "curl x/$(f() { a; }; function g { b; })/z",
      "curl x/$(coproc { a; })/z",
      "curl x/$({ case a in b) c;; esac; })/z",
      "curl x/$(while a; do case b in c) d;; esac; done)/z",
      // Upper case words are ordinary: nothing to balance.
      "curl x/$(echo; FI; DONE; Then)/z",
    ];
    await assertAllReadAsBash(commands);
  });
});
