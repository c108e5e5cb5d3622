// `$$` (the shell's process id) is one parameter expansion: a `(`, `[` or
// `{` right after it opens nothing. In double quotes `"$$(echo a)"` is the
// PID and the text `(echo a)`, and `"$$((1) + 1"` is no unclosed `$((`;
// inside `$(…)` `echo $$(x)` is bash's syntax error at the `(`, not a
// substitution. Each case is compared with real bash: the reader's word as
// typed, bash's acceptance (`bash -n`) and, where bash runs the word as it
// parses it, the word it hands curl. (Run, `"$$((1) + 1"` fails: bash's
// expansion reads `$((` where its parser read `$$`; the reader follows the
// parser, as for every command it checks.)
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCurl } from "../../src/convert/curl.ts";
import { scanWords } from "../../src/convert/_curl_words.ts";
import { argvThroughBash, runBash } from "./_bash.ts";
import { assertMarkedRefusedAsBash } from "./_bash_syntax.ts";

describe("curl reader: $$ is one parameter", () => {
  it("what follows it in double quotes or a substitution is text, as bash's parser reads it", async () => {
    for (
      const command of [
        'curl "$$(echo a)"',
        'curl "$$((1) + 1"',
        'curl "$[ $$((1) + 1 ]"',
        "curl $$[1]",
        "curl $${a}",
        "curl $(echo $$)",
        "curl $$$(echo a)",
      ]
    ) {
      const scan = scanWords(command);
      assert.deepEqual(
        scan.words.map((word) => word.value),
        ["curl", command.slice(5).replaceAll('"', "")],
        command,
      );
      const bash = await runBash("set -n\n" + command + "\n");
      assert.equal(bash.code, 0, `${command}: ${bash.stderr}`);
    }
  });

  it("run, it is the PID and what follows is kept (where bash runs it as it parses it)", async () => {
    for (
      const [command, tail] of [
        ['curl "$$(echo a)"', "(echo a)"],
        ["curl $$[1]", "[1]"],
        ["curl $${a}", "{a}"],
        ["curl $$$(echo a)", "a"],
      ] as const
    ) {
      const [word] = await argvThroughBash(command);
      assert.match(word, /^\d+/, command);
      assert.ok(word.endsWith(tail), `${command}: ${word}`);
    }
  });

  it("unquoted at the top level, a ( after it ends the command's words; in a here-document it is one expansion", () => {
    const url = parseCurl("curl https://x.test/$$(echo a) -X PUT");
    assert.equal(url.request.url, "https://x.test/$$");
    assert.equal(url.request.method, "GET");
    assert.deepEqual(
      url.warnings.map((w) => [w.code, w.offset]),
      [["SHELL_EXPANSION", 20], ["SHELL_OPERATOR", 22]],
    );
    const doc = parseCurl("curl -d @- https://x.test/ <<E\n$$(echo a)\nE");
    assert.equal(doc.request.body, "$$(echo a)");
    assert.deepEqual(
      doc.warnings.map((w) => [w.code, w.offset]),
      [["SHELL_EXPANSION", 31]],
    );
  });

  it("a ( after $$ inside $(…) is bash's syntax error, not a substitution", async () => {
    await assertMarkedRefusedAsBash("curl $(echo $$@(x))", "(");
  });
});
