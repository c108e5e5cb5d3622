// What the convert draw 20261183 (round 21) led to:
// - fetch() code whose quoted string runs to the input's end says the quote
//   is never closed; one cut by a line end says so. The drawn survivor (the
//   `break` at the input's end dropped) reported the first as the second,
//   and no test read the message;
// - the PHP target writes the characters PHP names (`\n`, `\t`, `\r`, `\"`,
//   `\$`, `\\`) with their names, as a reader writes them, and only the
//   others in hex. The drawn survivor wrote them all in hex (`\x0a`): the
//   same bytes in PHP, so the wire tests passed, but no test read the code.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { ConversionError } from "../../src/convert/errors.ts";
import { parseCode } from "../../src/convert/fetch.ts";
import { toCode } from "../../src/convert/code.ts";

describe("draw 20261183: an unterminated string in fetch() code", () => {
  it("says whether the input ended or a line did", () => {
    for (
      const [code, words] of [
        ["fetch('https://x/", "is never closed"],
        ['fetch("https://x/', "is never closed"],
        ["fetch(`https://x/", "is never closed"],
        ["fetch('https://x/\n')", "ends at the end of its line"],
        ['fetch("https://x/\r\n")', "ends at the end of its line"],
      ]
    ) {
      assert.throws(
        () => parseCode(code),
        (error: unknown) =>
          error instanceof ConversionError &&
          error.code === "UNTERMINATED_QUOTE" && error.offset === 6 &&
          error.message.includes(words),
        JSON.stringify(code),
      );
    }
  });
});

describe("draw 20261183: the PHP target's string literals", () => {
  it("write the escapes PHP names by their names, the rest in hex", async () => {
    const { code } = await toCode({
      method: "POST",
      url: "https://a.test/p",
      headers: { "content-type": "text/plain" },
      body: 'a\nb\tc\r"$d\\e\x01\x7f',
    }, { target: "php-curl" });
    assert.ok(
      code.includes(String.raw`"a\nb\tc\r\"\$d\\e\x01\x7f"`),
      code,
    );
  });
});
