// A redirection needs a file name, inside `$(…)` as at the top level: a
// line end, a comment, an operator or the `)` that closes the substitution
// right after `>` is bash's syntax error, and so are digits (or `{name}`)
// against a `<` or `>` there, which bash reads as the next redirection's
// descriptor (`>2>y`). A quoted `"2"`, a process substitution, a `$(…)` or
// `&2` after `>&` are file names. Each case is compared with `bash -n`: the
// same refusal at the same token, or the same acceptance.
import { describe, it } from "../_harness.ts";
import {
  assertMarkedRefusedAsBash,
  assertReadAsBash,
  assertRefusedAsBash,
} from "./_bash_syntax.ts";

describe("curl reader: a redirection without its file name", () => {
  it("is refused at the token bash names, in $(…) and at the top level", async () => {
    const cases: Array<[string, string]> = [
      ["curl $(x >@)", ")"],
      ["curl $(x 2> @;)", ";"],
      ["curl $(: <> @<x)", "<"],
      ["curl $(x >@2>y)", "2"],
      ["curl $(x > @2>y)", "2"],
      ["curl $(case a in a) x > @;; esac)", ";;"],
      ["curl http://x >@2>y", "2"],
      ["curl http://x > @2>y", "2"],
    ];
    for (const [marked, token] of cases) {
      await assertMarkedRefusedAsBash(marked, token);
    }
    // A line end (or a comment up to it) where the file name belongs.
    await assertRefusedAsBash("curl $(x <\n)", "newline", 10);
    await assertRefusedAsBash("curl $(x > #c\n)", "newline", 13);
  });

  it("is not missing where a word, a process substitution or a descriptor follows", async () => {
    for (
      const command of [
        'curl $(x > "2">y)',
        "curl $(x > >(cat))",
        "curl $(x >&2)",
        "curl $(x >& 2)",
        "curl $(x > $(y))",
        "curl $(x 2>&1)",
        "curl $(cat <<E\nE\n)",
        "curl $(case a in a) x > f;; esac)",
      ]
    ) {
      await assertReadAsBash(command);
    }
  });
});
