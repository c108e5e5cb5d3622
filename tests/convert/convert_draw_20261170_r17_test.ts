// What the sixteenth round's fresh draw of convert (seed 20261170) showed no
// test checked:
// - a request line with only blanks between method and version (no target)
//   must be refused: without its check it parsed as a request for "";
// - the markup formatter's budget is the output's length: an output exactly
//   `budget` long fits (it counted a newline after the last line, so it gave
//   up one character early, unlike the JSON formatter);
// - a redirection needs a file name, as bash says: `curl URL >` (or `>` then
//   a comment, an operator or the line's end) is a syntax error at the token
//   bash names, where the reader accepted it and read on past the operator.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { ConversionError } from "../../src/convert/errors.ts";
import { parseRequest } from "../../src/convert/string.ts";
import { formatMarkup } from "../../src/convert/_markup_format.ts";
import { formatJson } from "../../src/convert/_json_format.ts";
import { OVER_BUDGET } from "../../src/convert/_format_budget.ts";
import { scanWords } from "../../src/convert/_curl_words.ts";
import { runBash } from "./_bash.ts";
import { assertRefusedAsBash } from "./_bash_syntax.ts";

describe("draw 20261170: a request line without a target", () => {
  it("is INVALID_REQUEST_LINE at the line's start, whatever blanks stand between", () => {
    for (
      const text of [
        "GET   HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET \t HTTP/1.1\nHost: a\n\n",
        "\r\nPOST  HTTP/1.0\n\n",
      ]
    ) {
      assert.throws(
        () => parseRequest(text),
        (error: unknown) =>
          error instanceof ConversionError &&
          error.code === "INVALID_REQUEST_LINE" &&
          error.offset === text.indexOf(text.trimStart()),
        JSON.stringify(text),
      );
    }
    // The blanks around a target are still only separators.
    assert.equal(
      parseRequest("GET  /x \t HTTP/1.1\nHost: a\n\n").url,
      "http://a/x",
    );
  });
});

describe("draw 20261170: the formatters' budget is the output's length", () => {
  it("an output exactly as long as the budget fits; one character less does not", () => {
    const cases: Array<[string, (budget: number) => unknown]> = [
      [
        "<a><b>x</b><c/></a>",
        (b) => formatMarkup("<a><b>x</b><c/></a>", false, 100, b),
      ],
      ['{"a":[1,{"b":2}]}', (b) => formatJson('{"a":[1,{"b":2}]}', 100, b)],
    ];
    for (const [input, format] of cases) {
      const whole = format(Infinity);
      assert.equal(typeof whole, "string", input);
      const length = (whole as string).length;
      assert.equal(format(length), whole, `${input}: budget ${length}`);
      assert.equal(format(length - 1), OVER_BUDGET, `${input}: ${length - 1}`);
    }
  });
});

describe("draw 20261170: a redirection needs a file name, as in bash", () => {
  it("refused at the token bash names: the line's end, a comment, an operator", async () => {
    const cases: Array<[string, string, number]> = [
      ["curl http://x >", "newline", 15],
      ["curl http://x >>", "newline", 16],
      ["curl http://x >& ", "newline", 17],
      ["curl http://x < #it's", "newline", 16],
      ["curl http://x >#it's", "newline", 15],
      ["curl http://x > ;", ";", 16],
      ["curl http://x > |o", "|", 16],
      ["curl http://x > )", ")", 16],
      ["curl http://x > (cat)", "(", 16],
      ["curl http://x ><o", "<", 15],
      ["curl http://x -o f > o 2>", "newline", 25],
    ];
    for (const [command, token, offset] of cases) {
      await assertRefusedAsBash(command, token, offset);
    }
  });

  it("every form with its file name is read, as bash reads it", async () => {
    for (
      const command of [
        "curl http://x >o",
        "curl http://x >|o",
        "curl http://x >&2",
        "curl http://x >>o",
        "curl http://x <>o",
        "curl http://x > 'a b'",
        "curl http://x >$(echo o)",
        "curl http://x >(cat)",
        "curl http://x <(cat)",
        "curl http://x 2>/dev/null",
      ]
    ) {
      const scan = scanWords(command);
      assert.equal(scan.words[1]?.value, "http://x", command);
      const bash = await runBash("set -n\n" + command + "\n");
      assert.equal(bash.code, 0, `${command}: ${bash.stderr}`);
    }
  });
});
