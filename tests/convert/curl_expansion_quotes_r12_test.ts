// Quotes inside a ${…} parameter expansion, as bash reads them: a $'…'
// there is ANSI-C quoted (a \' does not end it) and a '…' is plain (a \
// before its closing quote is literal). The curl reader keeps the expansion
// as typed; real bash splits the command into the same words.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { scanWords } from "../../src/convert/_curl_words.ts";
import { argvThroughBash } from "./_bash.ts";

// [command, its words after `curl` as typed, what bash hands to curl].
const CASES: [string, string[], string[]][] = [
  ["curl x.test/${A:-$'a\\'}'}/z -s", ["x.test/${A:-$'a\\'}'}/z", "-s"], [
    "x.test/a'}/z",
    "-s",
  ]],
  ["curl x.test/${A:-'a\\'} -s", ["x.test/${A:-'a\\'}", "-s"], [
    "x.test/a\\",
    "-s",
  ]],
  ["curl x.test/${A:-b'}'$'\\''}/z", ["x.test/${A:-b'}'$'\\''}/z"], [
    "x.test/b}'/z",
  ]],
];

describe("curl reader: quotes inside ${…}", () => {
  it("end where bash ends them, so the expansion closes at bash's }", async () => {
    for (const [command, typed, fromBash] of CASES) {
      const words = scanWords(command).words.map((w) => w.value);
      assert.deepEqual(words, ["curl", ...typed], command);
      assert.deepEqual(
        await argvThroughBash("IFS=; set -f\n" + command),
        fromBash,
        command,
      );
    }
  });
});
