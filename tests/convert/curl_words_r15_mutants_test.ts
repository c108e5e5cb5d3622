// The survivors of the second fresh draw of the fourteenth round in the curl
// reader's word scanner: a backslash before an ordinary character at a
// word's start escapes that character, even right before a line end (only a
// backslash right before the line end, LF or CRLF, continues the command),
// and MISSING_URL for a command ending in a line end points at the input's
// end, as curl.ts documents. Each escape is compared with real bash.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { toRequest } from "../../src/convert/curl.ts";
import { ConversionError } from "../../src/convert/errors.ts";
import { argvThroughBash } from "./_bash.ts";

describe("curl reader: backslashes and line ends at a word's start", () => {
  it("`\\a` before a line end is the word `a`, and `\\` before a lone CR keeps the CR", async () => {
    const cases: [string, string][] = [
      ["curl http://a.test/ -d \\a\n", "a"],
      ["curl http://a.test/ -d \\a\nb", "a"],
      ["curl http://a.test/ -d \\\rb", "\rb"],
      // The continuation itself, for contrast: the word is on the next line.
      ["curl http://a.test/ -d \\\nb", "b"],
      ["curl http://a.test/ -d \\\r\nb", "b"],
    ];
    for (const [command, body] of cases) {
      assert.equal(toRequest(command).body, body, JSON.stringify(command));
    }
    // bash hands curl the same words (not for the pasted CRLF, which bash
    // would keep as a CR, nor for `b` run as a second command).
    for (const [command, body] of [cases[0], cases[2], cases[3]]) {
      const argv = await argvThroughBash(command);
      assert.deepEqual(argv, ["http://a.test/", "-d", body], command);
    }
  });

  it("MISSING_URL for a command ending in a line end is at the input's end", () => {
    for (
      const command of ["curl -s\n", "curl -s\r\n", "curl -s", "curl -s \\\n"]
    ) {
      assert.throws(
        () => toRequest(command),
        (error: unknown) =>
          error instanceof ConversionError && error.code === "MISSING_URL" &&
          error.offset === command.length,
        JSON.stringify(command),
      );
    }
  });
});
