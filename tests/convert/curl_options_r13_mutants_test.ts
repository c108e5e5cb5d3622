// Tests for the curl option table's survivors of the twelfth round's hand
// planting, each asserting what a user of parseCurl relies on.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCurl } from "../../src/convert/curl.ts";

describe("curl options: a bare --no-", () => {
  it("is an unknown option, as curl says, not the negation of a nameless flag", () => {
    // curl 7.88: "option --no-: is unknown". The table has no option with
    // an empty name for --no- to negate (its blank separators are no name).
    for (
      const command of ["curl --no- https://e.x/", "curl https://e.x/ --no-"]
    ) {
      const { request, warnings } = parseCurl(command);
      assert.equal(request.url, "https://e.x/", command);
      assert.deepEqual(
        warnings.map((w) => [w.code, w.option]),
        [["UNKNOWN_OPTION", "--no-"]],
        command,
      );
    }
  });
});

describe("curl options: an unambiguous prefix of a flag", () => {
  it("turns the flag on, as the whole name does", () => {
    // Checked with curl 7.88 on the wire: `--path-as` sent GET /a/../b and
    // `--ge -d a=1` sent GET /x?a=1, as --path-as-is and --get do.
    const asIs = parseCurl("curl --path-as https://e.x/a/../b");
    assert.equal(asIs.request.url, "https://e.x/a/../b");
    assert.deepEqual(asIs.warnings, []);
    const get = parseCurl("curl --ge -d a=1 https://e.x/x");
    assert.equal(get.request.method, "GET");
    assert.equal(get.request.url, "https://e.x/x?a=1");
    assert.equal(get.request.body, undefined);
  });
});

describe("curl options: a one-letter prefix", () => {
  it("is the one option it starts, so its value is never taken as the URL", () => {
    // curl 7.88 reads `--q QUIT` as --quote QUIT (checked: it then fetched
    // the URL after it) and refuses `--g` as ambiguous.
    const quote = parseCurl("curl --q QUIT https://e.x/");
    assert.equal(quote.request.url, "https://e.x/");
    assert.deepEqual(quote.warnings.map((w) => [w.code, w.option]), [
      ["IGNORED_OPTION", "--q"],
    ]);
    const ambiguous = parseCurl("curl --g https://e.x/");
    assert.equal(ambiguous.request.url, "https://e.x/");
    assert.deepEqual(ambiguous.warnings.map((w) => [w.code, w.option]), [
      ["UNKNOWN_OPTION", "--g"],
    ]);
  });
});
