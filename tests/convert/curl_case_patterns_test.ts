// A case statement's pattern list inside `$(…)`, checked as bash checks it:
// each pattern between `(`, `|` and `)` is one word, so an empty pattern
// (`()`, `(|a)`, `a|)`), two words in one (`b c)`) and a line end inside
// the list are syntax errors, as is a line end between `case` and its word.
// Quoted or escaped blanks, a `$(…)` in a pattern and line ends before a
// pattern stay accepted. Each case is compared with `bash -n`: the same
// refusal at the same token, or the same acceptance.
import { describe, it } from "../_harness.ts";
import {
  assertMarkedRefusedAsBash,
  assertReadAsBash,
  assertRefusedAsBash,
} from "./_bash_syntax.ts";

describe("curl reader: a case statement's patterns inside $(…)", () => {
  it("an empty pattern or two words in one is refused at the token bash names", async () => {
    const cases: Array<[string, string]> = [
      ["curl $(case a in (@) x;; esac)", ")"],
      ["curl $(case a in (@|a) x;; esac)", "|"],
      ["curl $(case a in a|@) x;; esac)", ")"],
      ["curl $(case a in b @c) x;; esac)", "c"],
      ["curl $(case a in a) x;; b|@) y;; esac)", ")"],
    ];
    for (const [marked, token] of cases) {
      await assertMarkedRefusedAsBash(marked, token);
    }
  });

  it("a line end inside the list, or between case and its word, is refused", async () => {
    await assertRefusedAsBash("curl $(case a in a\n) x;; esac)", "newline", 18);
    await assertRefusedAsBash(
      "curl $(case a in a|\nb) x;; esac)",
      "newline",
      19,
    );
    await assertRefusedAsBash(
      "curl $(case a in a #c\n) x;; esac)",
      "newline",
      21,
    );
    await assertRefusedAsBash("curl $(case\n a in a) x;; esac)", "newline", 11);
  });

  it("one word a pattern, however it is quoted, is read", async () => {
    for (
      const command of [
        "curl $(case a in\n a) x;; esac)",
        "curl $(case a\n in a) x;; esac)",
        "curl $(case a in a) x;;\n b) y;; esac)",
        "curl $(case a in (a) x;; esac)",
        "curl $(case a in a | b ) x;; esac)",
        'curl $(case a in "a b") x;; esac)',
        "curl $(case a in a\\ b) x;; esac)",
        "curl $(case a in $(echo a)b) x;; esac)",
        "curl $(case a in a) x;; (b|c) y;; esac)",
        "curl $(case a in a|\\\nb) x;; esac)",
      ]
    ) {
      await assertReadAsBash(command);
    }
  });
});
