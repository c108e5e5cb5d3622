// Inside `$(…)`, where a `(` may stand and what bash reads after a compound
// command, compared with real bash. The curl reader used to read on where
// bash refuses: a word after a compound command's redirection whose file
// name holds a `$(…)` or a process substitution (`{ x; } < <(y) z`), a
// process substitution as a word after a compound command (`{ x; } >(y)`),
// and a `(` after a compound command or after a command's arguments. And it
// read a first word `((…))` as two nested subshells, refusing arithmetic
// commands bash accepts (`(( ; ))`): bash reads an arithmetic command when
// the inner `(`'s `)` is followed at once by another `)`, else two
// subshells, and the reader now does the same. At the top level the
// reader stays what docs/convert.md says it is: no syntax check of the
// commands around curl's.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCurl } from "../../src/convert/curl.ts";
import { scanWords } from "../../src/convert/_curl_words.ts";
import { assertLinear } from "../_complexity.ts";
import { runBash } from "./_bash.ts";
import { assertAllReadAsBash, assertAllRefusedAsBash } from "./_bash_syntax.ts";

describe("curl reader: ( and (( inside $(…) as bash reads them", () => {
  it("a word after a compound command's redirection to an expansion", async () => {
    await assertAllRefusedAsBash([
      ["curl x/$({ x; } < <(y) @z)/z", "z"],
      ["curl x/$({ x; } > <(y) @z)/z", "z"],
      ["curl x/$({ x; } <<<$(y) @z)/z", "z"],
      ["curl x/$(if a; then b; fi >$(y)z @w)/z", "w"],
      ["curl x/$( (a) < <(y)z @w)/z", "w"],
    ]);
    // The file name may go on right after the `)`: one word.
    await assertAllReadAsBash([
      "curl x/$({ x; } < <(y))/z",
      "curl x/$({ x; } < <(y)z)/z",
      "curl x/$({ x; } >$(y)z; w)/z",
      "curl x/$(<(y)z)/z",
      "curl x/$(cat <(a) >(b) c)/z",
    ]);
  });

  it("a process substitution is a word: refused right after a compound command", async () => {
    await assertAllRefusedAsBash([
      ["curl x/$({ x; } @>(y) z)/z", ">(y)"],
      ["curl x/$({ x; } @<(y))/z", "<(y)"],
      ["curl x/$(while a; do b; done @<(c))/z", "<(c)"],
    ]);
  });

  it("a ( after a compound command, an argument or a redirection", async () => {
    await assertAllRefusedAsBash([
      ["curl x/$( (a) @(b) )/z", "("],
      ["curl x/$( (a)@(b) )/z", "("],
      ["curl x/$( { a; } @(b) )/z", "("],
      ["curl x/$( (a) >f @(b) )/z", "("],
      ["curl x/$(echo a @(b))/z", "("],
      ["curl x/$(echo a @())/z", "("],
      ["curl x/$(>f @(a))/z", "("],
      ["curl x/$(A=1 @(b))/z", "("],
      ["curl x/$(echo >f @(a))/z", "("],
      ["curl x/$(echo > @(a))/z", "("],
      ["curl x/$(echo <(y) @(z))/z", "("],
      // An empty subshell.
      ["curl x/$( (@) )/z", ")"],
    ]);
  });

  it("a ( after a command's first word opens a function's (): ) must follow", async () => {
    await assertAllRefusedAsBash([
      ["curl x/$(echo (@a))/z", "a"],
      ['curl x/$(echo (@"a"))/z', '"a"'],
      ["curl x/$(x (@(a)))/z", "("],
      // `time` is an ordinary word as a `$(…)`'s first word (bash 5.2).
      ["curl x/$(time (@a))/z", "a"],
    ]);
    await assertAllReadAsBash([
      "curl x/$(f () { a; })/z",
      "curl x/$(f ( ) (a))/z",
      "curl x/$(function g () { a; })/z",
      "curl x/$(a; time (b))/z",
      // After `NAME=` a ( holds an array's words: no function, no commands.
      "curl x/$(a=(b c) d; e+=(f))/z",
      'curl x/$(declare -a x=([k]=v "q r" $(c)) y[1]=(done))/z',
      "curl x/$(x | (a))/z",
      "curl x/$( (a)\n(b) )/z",
    ]);
  });

  it("(( at a command's first word is an arithmetic command when )) closes it", async () => {
    // Its text is arithmetic, no commands: what a subshell refuses stands.
    await assertAllReadAsBash([
      "curl x/$( (( ; )) )/z",
      "curl x/$( (( done )) )/z",
      "curl x/$( (( } )) )/z",
      "curl x/$( ((a|)) )/z",
      "curl x/$( ((;;)) )/z",
      "curl x/$(if ((;)); then a; fi)/z",
      "curl x/$(while ((a<3)); do b; done)/z",
      "curl x/$(! ((a)))/z",
      "curl x/$(f() ((a)))/z",
      "curl x/$(case a in (b) ((c));; esac)/z",
      // A compound command: a redirection, a pipe or a separator follows.
      "curl x/$( ((a)) >f; b )/z",
      "curl x/$( ((a))>f )/z",
      "curl x/$( ((a)) | b )/z",
    ]);
    await assertAllRefusedAsBash([
      ["curl x/$( ((a)) @b )/z", "b"],
      ["curl x/$( ((a)) @(b) )/z", "("],
      ["curl x/$( ((a)) @<(b) )/z", "<(b)"],
      ["curl x/$(if ((a)) @b; then c; fi)/z", "b"],
    ]);
  });

  it("(( whose inner ) is not followed by ) is two subshells, read as such", async () => {
    await assertAllReadAsBash([
      "curl x/$( ((a) | b) )/z",
      "curl x/$( ((echo a) ) )/z",
      "curl x/$( ((a);(b)) )/z",
    ]);
    await assertAllRefusedAsBash([
      ["curl x/$( ((a )@b) )/z", "b"],
      ["curl x/$( ((a) @(b)) )/z", "("],
      // The inner `((a))` is an arithmetic command again.
      ["curl x/$( (((a)) @b) )/z", "b"],
      ["curl x/$(case a in b) (c) @d;; esac)/z", "d"],
    ]);
  });

  it("inside [[ … ]] a ( groups and &&, ||, < and > compare: no commands", async () => {
    // The reader used to read them as subshells and separators, refusing
    // the `]]` after a group (`[[ ! (a) ]]`) or a regex's `(`.
    await assertAllReadAsBash([
      "curl x/$([[ a =~ ^(x|y)$ ]] && c)/z",
      "curl x/$([[ ( a ) && b ]])/z",
      "curl x/$([[ a && ( b || c ) ]])/z",
      "curl x/$([[ ! (a) ]])/z",
      'curl x/$([[ a < b ]]; [[ "(" == a ]])/z',
      "curl x/$(if [[ (a) ]]; then b; fi >f)/z",
      "curl x/$(f() [[ a ]])/z",
      "curl x/$(echo [[ a)/z",
    ]);
    // `]]` ends a compound command.
    await assertAllRefusedAsBash([
      ["curl x/$([[ a ]] @b)/z", "b"],
      ["curl x/$([[ (a) ]] @(b))/z", "("],
    ]);
  });

  it("nested (( read again as subshells stay linear, not a rescan at each level", async () => {
    // Each `((` here is two subshells, found only at its inner `)`: bash
    // rescans every level (quadratic); the reader keeps where each `(` and
    // each `$(…)` it read closes, and reads none of them twice.
    const shapes: [string, number, (n: number) => string][] = [
      [
        "subshells",
        4_000,
        (n) => "x/$( " + "(".repeat(n) + "a)" + " )".repeat(n - 1) + ")/z",
      ],
      [
        "$(…) after the inner )",
        4_000,
        (n) =>
          "x/$( " + "((a) | $( ".repeat(n) + "b" + " ) )".repeat(n) + " )/z",
      ],
      [
        // Quadratic when each `$(…)` is read again: 64× from 200 to 1600,
        // where 500 gave 34×, too near the check's 32× to fail every time.
        "$(…) inside the inner (",
        1_600,
        (n) =>
          "x/$( " + "((a $( ".repeat(n) + "b" + " ) ) | y)".repeat(n) + " )/z",
      ],
    ];
    for (const [what, large, shape] of shapes) {
      await assertLinear(`nested ((: ${what}`, large, (n) => {
        const word = shape(n);
        assert.equal(scanWords(`curl ${word}`).words[1].value, word);
      });
    }
    await assertAllReadAsBash(shapes.map(([, , shape]) => `curl ${shape(2)}`));
  });

  it("at the top level a command after curl's is skipped unread, not checked (documented)", async () => {
    // Not a syntax check of the whole script: the reader converts the curl
    // commands and skips the others with SHELL_OPERATOR (docs/convert.md),
    // so their syntax errors, which make bash refuse the whole script, pass.
    for (
      const script of [
        "curl x.test; { x; } < <(y) z",
        "curl x.test && ((a)) b",
        "curl x.test | (a) (b)",
      ]
    ) {
      const { request, warnings } = parseCurl(script);
      assert.equal(request.url, "http://x.test/", script);
      assert.ok(warnings.some((w) => w.code === "SHELL_OPERATOR"), script);
      const bash = await runBash("set -n\n" + script + "\n");
      assert.match(bash.stderr, /syntax error near unexpected token/, script);
    }
  });
});
