// Inside `$(…)`, where bash reads `NAME=(` as an array assignment, compared
// with real bash. The reader used to open the array's words wherever a `(`
// followed `NAME=`, so it read `$(echo a=(b))` and `$(>a=(b))`, which bash
// refuses as a syntax error at the `(`. bash takes it only among the
// assignments before a command's name (redirections may come first) and in
// the arguments of `declare` and the other assignment builtins, named
// unquoted, up to a redirection or a process substitution. Where a word
// may be an assignment, bash also reads a subscript (`x[a ( b]`) to its `]`
// as part of the word, blanks and parentheses too; the reader split it
// (found by the differential test in round 21, `$( esac[[ ( a ) ]])`).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { assertAllReadAsBash, assertAllRefusedAsBash } from "./_bash_syntax.ts";
import { ConversionError } from "../../src/convert/errors.ts";
import { scanWords } from "../../src/convert/_curl_words.ts";

describe("curl reader: an array assignment's ( inside $(…), as bash reads it", () => {
  it("before a command's name, after redirections that come first", async () => {
    await assertAllReadAsBash([
      "curl x/$(a=(b))/z",
      "curl x/$(a=(b) c=(d) echo x)/z",
      "curl x/$(x=1 a+=(b) echo)/z",
      "curl x/$(a[1]=(b))/z",
      // What follows the `)` at once is more of the word: no comment.
      "curl x/$(z=(1)#x; echo)/z",
      "curl x/$(declare -a z=(1)# y=(2))/z",
      "curl x/$(>f a=(b) echo)/z",
      "curl x/$(2>f <g a=(b))/z",
      "curl x/$(< <(y) a=(b))/z",
      "curl x/$(a=(b) >f echo)/z",
      // A command's start after a separator, a reserved word, `!`, a `time`
      // bash reads as reserved (not a `$(…)`'s first word), `coproc`.
      "curl x/$(x; a=(b))/z",
      "curl x/$(x | a=(b))/z",
      "curl x/$(x && a=(b))/z",
      "curl x/$(if a=(b); then c=(d); fi)/z",
      "curl x/$(! a=(b))/z",
      "curl x/$(x; time -p a=(b))/z",
      "curl x/$(coproc a=(b))/z",
      "curl x/$(case x in x) a=(b);; esac)/z",
    ]);
  });

  it("in the arguments of an assignment builtin, named unquoted", async () => {
    await assertAllReadAsBash([
      "curl x/$(declare a=(b))/z",
      "curl x/$(declare -a x a=(b) c=(d))/z",
      "curl x/$(local -r a=(b))/z",
      "curl x/$(export a=(b))/z",
      "curl x/$(readonly a=(b))/z",
      "curl x/$(typeset a=(b))/z",
      "curl x/$(alias x a=(b))/z",
      "curl x/$(eval echo a=(b))/z",
      "curl x/$(let a=(b))/z",
      'curl x/$(declare $(x) "$y" `z` a=(b))/z',
      "curl x/$(a=1 declare b=(c))/z",
      "curl x/$(declare a=(b) >f)/z",
    ]);
  });

  it("anywhere else: bash's syntax error at the (", async () => {
    await assertAllRefusedAsBash([
      ["curl x/$(echo a=@(b))/z", "("],
      ["curl x/$(echo declare a=@(b))/z", "("],
      ["curl x/$(command a=@(b))/z", "("],
      ["curl x/$(builtin declare a=@(b))/z", "("],
      ['curl x/$("declare" a=@(b))/z', "("],
      ["curl x/$(declar\\e a=@(b))/z", "("],
      ["curl x/$(DECLARE a=@(b))/z", "("],
      // A redirection ends the builtin's arguments, and the prefix too once
      // an assignment was read.
      ["curl x/$(declare >f a=@(b))/z", "("],
      ["curl x/$(declare 2>f a=@(b))/z", "("],
      ["curl x/$(declare <<<f a=@(b))/z", "("],
      ["curl x/$(a=(b) 2>f c=@(d) echo)/z", "("],
      ["curl x/$(y=1 >f a=@(b))/z", "("],
      // A process substitution is a word: it ends the builtin's arguments.
      ["curl x/$(declare <(x) a=@(b))/z", "("],
      ["curl x/$(<(x) a=@(b))/z", "("],
      // A redirection's file name is no assignment.
      ["curl x/$(>a=@(b))/z", "("],
      ["curl x/$(> a+=@(b))/z", "("],
      ["curl x/$(echo <<<a[1]=@(b))/z", "("],
      // `time` as a `$(…)`'s first word is an ordinary word in bash 5.2.
      ["curl x/$(time a=@(b))/z", "("],
      ["curl x/$(for x in a=@(b); do :; done)/z", "("],
      ["curl x/$(declare a=(b) && echo c=@(d))/z", "("],
      // A word that goes on after an array's `)` is no assignment.
      ["curl x/$(declare -a z=(1)y=@(2))/z", "("],
      ["curl x/$(z=(1)y=@(2) echo)/z", "("],
    ]);
  });

  it("its list holds words, blanks, line ends and comments, as bash reads it", async () => {
    await assertAllReadAsBash([
      "curl x/$(a=(b c) true)/z",
      "curl x/$(a=() b=( ) true)/z",
      // A `)` quoted, in an expansion or a comment ends no list. (Nor does
      // an escaped one, at the top level and in a `"$(…)"`; in an unquoted
      // `$(…)` bash 5.2 refuses `a=(\))`, a quirk the reader does not copy.)
      `curl x/$(a=("b )" 'c )' $(echo ")") \`echo x\` \${d}) true)/z`,
      "curl x/$(a=(b # c)\n d) true)/z",
      "curl x/$(a=(b\n\n c\\\n d) true)/z",
      // A `#` inside a word starts no comment.
      "curl x/$(a=(b#c) true)/z",
      "curl x/$(a=([1]=b [k]+=c) true)/z",
      "curl x/$(a=(<(x) >(y) b) true)/z",
      "curl x/$(declare a=(b <(x)) c)/z",
    ]);
    await assertAllRefusedAsBash([
      ["curl x/$(a=(b@; c) true)/z", ";"],
      ["curl x/$(a=(b @;; c) true)/z", ";;"],
      ["curl x/$(a=(b @& c) true)/z", "&"],
      ["curl x/$(a=(b @&& c) true)/z", "&&"],
      ["curl x/$(a=(b @| c) true)/z", "|"],
      ["curl x/$(a=(b @|| c) true)/z", "||"],
      ["curl x/$(a=(b @<c) true)/z", "<"],
      ["curl x/$(a=(b c@>d) true)/z", ">"],
      ["curl x/$(a=(b @(c)) true)/z", "("],
      ["curl x/$(declare a=(b @( c))/z", "("],
    ]);
  });

  it("a line end in the list while a here-document waits is refused, not misread", () => {
    const command = "curl x/$(cat <<E; a=(b\nE\nc))/z";
    assert.throws(
      () => scanWords(command),
      (error: unknown) =>
        error instanceof ConversionError && error.code === "INVALID_INPUT" &&
        error.offset === command.indexOf("\n"),
    );
  });

  it("a subscript at a command's start is one word to its ], as bash reads it", async () => {
    await assertAllReadAsBash([
      "curl x/$( x[a ( b] )/z",
      "curl x/$( esac[[ ( a ) ]])/z",
      "curl x/$(>f x[a [b] ( c] )/z",
      "curl x/$(y=1 x[a ( c] )/z",
      'curl x/$(x["a ]" b] )/z',
      "curl x/$(x[$(echo ]) b] )/z",
      "curl x/$(a[1 2]=3 echo)/z",
      "curl x/$(x[a\nb] )/z",
    ]);
    // An argument is no assignment: its `(` is bash's syntax error.
    await assertAllRefusedAsBash([
      ["curl x/$( echo x[a @( b] )/z", "("],
      ["curl x/$( declare x[a @( b]=1 )/z", "("],
      ["curl x/$( >x[a @( b] )/z", "("],
      // A redirection after an assignment ends where assignments may stand.
      ["curl x/$(y=1 >f x[a [b] @( c] )/z", "("],
    ]);
  });
});
