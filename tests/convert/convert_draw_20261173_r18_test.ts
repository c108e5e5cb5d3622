// What the seventeenth round's draw of convert (seed 20261173) showed no
// test checked:
// - `select` opens a compound command, so it may be a function's body
//   (`f() select x in a; do …; done`), which bash accepts;
// - in `$'…'`, a `\c` control character after `\x` bytes comes after them:
//   the bytes are flushed first.
// Each case is compared with real bash.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCurl } from "../../src/convert/curl.ts";
import { argvThroughBash } from "./_bash.ts";

const URL = "https://x.example/";

describe("draw 20261173: select as a function's body", () => {
  it("is accepted inside $(…), as bash runs it", async () => {
    const data = '"$(f() select x in a; do break; done; echo ok)"';
    const command = `curl ${URL} -d ${data}`;
    assert.deepEqual(await argvThroughBash(command), [URL, "-d", "ok"]);
    assert.equal(parseCurl(command).request.body, data.slice(1, -1));
  });
});

describe("draw 20261173: \\c after \\x bytes in $'…'", () => {
  it("keeps the order bash gives", async () => {
    for (
      const [word, expected] of [
        ["$'\\x41\\ca\\x42'", "A\x01B"],
        ["$'\\xc3\\xa9\\c?z'", "é\x7fz"],
      ]
    ) {
      const command = `curl ${URL} -d ${word}`;
      assert.deepEqual(await argvThroughBash(command), [URL, "-d", expected]);
      assert.equal(parseCurl(command).request.body, expected, word);
    }
  });
});
