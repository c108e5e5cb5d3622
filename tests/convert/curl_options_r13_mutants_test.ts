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
