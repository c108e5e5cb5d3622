// What the convert draw 20261188 (round 21) led to: in fetch() code, a
// `JSON.` call other than `JSON.stringify` is refused at the `JSON`, naming
// what the reader understands. The drawn survivor read `JSON.parse(x)` as
// `JSON.stringify(x)`, sending a body the code never sends; no test had
// another `JSON.` call. (Its other survivor, a HAR multipart boundary taken
// from the Content-Type header, is tested in har_test.ts.)
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { ConversionError } from "../../src/convert/errors.ts";
import { parseCode } from "../../src/convert/fetch.ts";

describe("draw 20261188: a JSON call other than JSON.stringify", () => {
  it("is refused at the JSON, naming the one the reader understands", () => {
    for (const call of ["JSON.parse('{\"a\":1}')", "JSON.rawJSON('1')"]) {
      const code =
        `fetch("https://a.test/", { method: "POST", body: ${call} })`;
      assert.throws(
        () => parseCode(code),
        (error: unknown) =>
          error instanceof ConversionError && error.code === "INVALID_INPUT" &&
          error.offset === code.indexOf("JSON") &&
          error.message.includes("only JSON.stringify(…) is understood"),
        code,
      );
    }
    // JSON.stringify itself is read, its value sent as the code sends it.
    assert.equal(
      parseCode(
        'fetch("https://a.test/", { method: "POST", body: JSON.stringify({ a: 1 }) })',
      ).body,
      '{"a":1}',
    );
  });
});
