// What the convert draw 20261186 (round 21) led to:
// - `--opt=value` (the reader's convenience; curl itself refuses it) with a
//   one-letter prefix: `--q` is `--quote`, one letter being a prefix curl
//   7.88 takes, so `--q=QUIT` is `--quote QUIT`. The drawn survivor (`eq >
//   0` → `> 1`) read it as an unknown flag, and no test had a one-letter
//   name before the `=`;
// - parseBody reads a body as JSON only when JSON.parse would: an object's
//   member whose name is no string (`{"a":1,2}`, `{1:2}`) makes it text. The
//   drawn survivor took a missing name as read and pretty-printed such a
//   body as JSON; no test had a member without its name.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCurl } from "../../src/convert/curl.ts";
import { parseBody } from "../../src/convert/body.ts";

describe("draw 20261186: --opt=value after a one-letter prefix", () => {
  it("is the option the prefix names, with the value after the =", () => {
    for (const option of ["--q=QUIT", "--quote=QUIT", "--q"]) {
      const words = option === "--q" ? [option, "QUIT"] : [option];
      const parsed = parseCurl(["curl", ...words, "https://a.test/"].join(" "));
      assert.deepEqual(
        parsed.warnings.map((w) => [w.code, w.option]),
        [["IGNORED_OPTION", option]],
        option,
      );
    }
    // A one-letter prefix that names no option taking a value stays unknown.
    assert.deepEqual(
      parseCurl("curl --x=1 https://a.test/").warnings.map((w) => w.code),
      ["UNKNOWN_OPTION"],
    );
  });
});

describe("draw 20261186: a JSON object's member without a string name", () => {
  it("is no JSON: the body is text, as JSON.parse refuses it", () => {
    for (
      const text of ['{"a":1,2}', "{1:2}", "{true}", '{"a":1, b:2}', "{,}"]
    ) {
      assert.throws(() => JSON.parse(text), SyntaxError, text);
      const parsed = parseBody(text, "application/json");
      assert.notEqual(parsed.type, "json", text);
      assert.equal(parsed.formatted, text, text);
    }
    // The same members named are JSON, formatted.
    assert.deepEqual(parseBody('{"a":1,"b":2}'), {
      type: "json",
      formatted: '{\n  "a": 1,\n  "b": 2\n}',
      raw: '{"a":1,"b":2}',
    });
  });
});
