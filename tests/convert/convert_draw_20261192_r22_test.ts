// What the convert draw 20261192 (round 22) led to: curl's `--expand-`
// options (curl 8.3's {{variable}} expansion) are read as the option they
// expand, the text kept as written, and each says so with an
// UNSUPPORTED_OPTION warning naming it at its offset. The drawn survivor
// dropped the warning; no test had one.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCurl } from "../../src/convert/curl.ts";

describe("draw 20261192: curl's --expand- options", () => {
  it("are the option they expand, the {{…}} kept, with a warning naming them", () => {
    const command =
      "curl --expand-data 'a={{x}}' --expand-header 'X-A: {{y}}' https://a.test/";
    const { request, warnings } = parseCurl(command);
    assert.equal(request.body, "a={{x}}");
    assert.equal(request.headers["x-a"], "{{y}}");
    assert.deepEqual(
      warnings.map((w) => [w.code, w.option, w.offset]),
      [
        ["UNSUPPORTED_OPTION", "--expand-data", 5],
        [
          "UNSUPPORTED_OPTION",
          "--expand-header",
          command.indexOf("--expand-header"),
        ],
      ],
    );
    assert.match(warnings[0].message, /expansion is not performed/);
  });

  it("an --expand- name with no option behind it is an unknown option", () => {
    const { warnings } = parseCurl("curl --expand-nope https://a.test/");
    assert.deepEqual(warnings.map((w) => [w.code, w.option]), [
      ["UNKNOWN_OPTION", "--expand-nope"],
    ]);
  });
});
