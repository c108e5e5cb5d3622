// Deno-only: a malformed `case` inside `$(…)` is refused at the token bash
// names, and the message says what the case needs there: a subject word, its
// `in`, or a clause's pattern. A draw's survivor (the `in` test of the
// message inverted) named "a pattern" where `in` was missing and the reverse,
// and no test looked at the words.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { ConversionError } from "../../src/convert/errors.ts";
import { scanWords } from "../../src/convert/_curl_words.ts";
import { assertMarkedRefusedAsBash } from "./_bash_syntax.ts";

describe("curl reader: what a malformed case inside $(…) needs", () => {
  it("names the subject word, `in` or a pattern, at the token bash refuses", async () => {
    const cases: [string, string, string][] = [
      ["curl x/$(case @; in b) c;; esac)/z", ";", "a word"],
      ["curl x/$(case a @; in b) c;; esac)/z", ";", "`in`"],
      ["curl x/$(case a\n@| b) c;; esac)/z", "|", "`in`"],
      ["curl x/$(case a in @; b) c;; esac)/z", ";", "a pattern"],
      ["curl x/$(case a in (b|@; c;; esac)/z", ";", "a pattern"],
      ["curl x/$(case a in b) c;; @) d;; esac)/z", ")", "a pattern"],
    ];
    for (const [marked, token, needs] of cases) {
      await assertMarkedRefusedAsBash(marked, token);
      const command = marked.replace("@", "");
      assert.throws(
        () => scanWords(command),
        (error: unknown) =>
          error instanceof ConversionError &&
          error.message.includes(`needs ${needs} where '${token}' stands`),
        command,
      );
    }
  });
});
