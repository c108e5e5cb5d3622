// What the convert draw 20261191 (round 22) led to:
// - fetch() code's `false` is read as false: the drawn survivor fell
//   through to `null`, and no test had a `false` in a literal;
// - a JSON.stringify replacer (a function or an array of names) is
//   refused, since applying it takes running code; the drawn survivor
//   dropped the refusal for an array, and the body lost nothing visible in
//   the tests, which had none;
// - a template literal's CRLF line break is one LF, as JavaScript reads it
//   (the survivor made it two);
// - randomRequest types a string body as JSON only when it is a JSON object
//   or array (leading blanks allowed): a bare number or string is text.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCode } from "../../src/convert/fetch.ts";
import { randomRequest } from "../../src/convert/random.ts";
import { ConversionError } from "../../src/convert/errors.ts";

const post = (body: string) =>
  `fetch("https://a.test/", { method: "POST", body: ${body} })`;

describe("draw 20261191: fetch() code's literals", () => {
  it("reads true, false, null and undefined as JavaScript does", () => {
    const body =
      "JSON.stringify({ a: false, b: null, c: true, d: undefined, e: [false] })";
    assert.equal(
      parseCode(post(body)).body,
      '{"a":false,"b":null,"c":true,"e":[false]}',
    );
    // JavaScript itself says so.
    assert.equal(
      parseCode(post(body)).body,
      JSON.stringify({ a: false, b: null, c: true, d: undefined, e: [false] }),
    );
  });

  it("refuses a JSON.stringify replacer, a function or a list of names", () => {
    for (const replacer of ['["a"]', "(k, v) => v", "replacer"]) {
      assert.throws(
        () => parseCode(post(`JSON.stringify({ a: 1, b: 2 }, ${replacer})`)),
        (error: unknown) =>
          error instanceof ConversionError && error.code === "INVALID_INPUT",
        replacer,
      );
    }
    assert.throws(
      () => parseCode(post('JSON.stringify({ a: 1, b: 2 }, ["a"])')),
      /replacer cannot be applied/,
    );
    // null (or nothing) as the replacer is no replacer.
    assert.equal(
      parseCode(post("JSON.stringify({ a: 1 }, null, 2)")).body,
      '{\n  "a": 1\n}',
    );
  });

  it("reads a template literal's CRLF line break as one LF", () => {
    assert.equal(parseCode(post("`a\r\nb\rc\nd`")).body, "a\nb\nc\nd");
  });
});

describe("draw 20261191: randomRequest's type for a given body", () => {
  it("is JSON only for a JSON object or array", () => {
    const cases: Array<[string, string]> = [
      ['{"a":1}', "application/json"],
      [" \n[1]", "application/json"],
      ["{not json", "text/plain; charset=utf-8"],
      ["123", "text/plain; charset=utf-8"],
      ['"x"', "text/plain; charset=utf-8"],
      ["true", "text/plain; charset=utf-8"],
      ["a=1&b=2", "application/x-www-form-urlencoded"],
    ];
    for (const [body, type] of cases) {
      const request = randomRequest({ seed: 1, body });
      assert.equal(request.body, body);
      assert.equal(request.headers["content-type"], type, JSON.stringify(body));
    }
  });
});
