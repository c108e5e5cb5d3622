// A function definition or a coproc inside `$(…)` without what it needs:
// `function` without its name, a function without its body (a compound
// command, which may come on the next line), `coproc` without its command,
// or `function` or `coproc` with a line end after it. bash refuses each at
// the next token; the reader used to read them. Each case is compared with
// `bash -n`: the same refusal at the same token, or the same acceptance.
import { describe, it } from "../_harness.ts";
import {
  assertMarkedRefusedAsBash,
  assertReadAsBash,
  assertRefusedAsBash,
} from "./_bash_syntax.ts";

describe("curl reader: a function or coproc inside $(…) without its parts", () => {
  it("is refused at the token bash names", async () => {
    const cases: Array<[string, string]> = [
      ["curl $(function@)", ")"],
      ["curl $(function f@)", ")"],
      ["curl $(function @;)", ";"],
      ["curl $(function @&)", "&"],
      ["curl $(f() @)", ")"],
      ["curl $(function f\n@)", ")"],
      ["curl $(f()\n@)", ")"],
      ["curl $(coproc@)", ")"],
      ["curl $(case a in a) function@;; esac)", ";;"],
      ["curl $(case a in a) f() @;; esac)", ";;"],
    ];
    for (const [marked, token] of cases) {
      await assertMarkedRefusedAsBash(marked, token);
    }
    await assertRefusedAsBash("curl $(function\n f { :; })", "newline", 15);
    await assertRefusedAsBash("curl $(coproc\n x)", "newline", 13);
  });

  it("with its name and body, or its command, is read", async () => {
    for (
      const command of [
        "curl $(function f { :; })",
        "curl $(function f() { :; })",
        "curl $(f()\n{ :; })",
        "curl $(function f\n{ :; })",
        "curl $(f() ( : ))",
        "curl $(coproc x)",
        "curl $(coproc { :; })",
        "curl $(coproc n { :; })",
        "curl $(f() { :; }; f)",
      ]
    ) {
      await assertReadAsBash(command);
    }
  });
});
