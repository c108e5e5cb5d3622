// What an exploratory mutation draw over the fetch() code reader (round 23,
// seed 990024, narrowed to src/convert/_js_*) showed no test checked:
// - a regular-expression literal before the call that holds a quote or a
//   backtick after its first character is skipped whole, as JavaScript
//   reads it; the survivor ended the literal at its first character, then
//   read the quote as a string's start and lost the call;
// - a spread in an object (`{ ...opts }`, `{ a: 1, ...b }`) is refused as a
//   spread, the one thing the reader cannot do without running code, and
//   not as a missing value.
// The code is JavaScript that runs: the reader must find what it would do.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCode } from "../../src/convert/fetch.ts";
import { ConversionError } from "../../src/convert/errors.ts";

describe("fetch() code: a regular expression before the call", () => {
  it("is skipped whole whatever quote it holds", () => {
    for (
      const literal of [
        '/ab"/',
        "/a'b/",
        "/a`b/g",
        '/[/"]x/',
        '/a\\/"/i',
      ]
    ) {
      // The literal is valid JavaScript, as the reader assumes.
      assert.ok(new Function(`return ${literal}`)() instanceof RegExp);
      const code = `const re = ${literal};\nfetch("https://a.test/real")`;
      assert.equal(parseCode(code).url, "https://a.test/real", literal);
    }
  });
});

describe("fetch() code: a spread in an object", () => {
  it("is refused as a spread, at its offset", () => {
    for (
      const code of [
        'fetch("https://a.test/", { ...options })',
        'fetch("https://a.test/", { method: "POST", body: JSON.stringify({ a: 1, ...b }) })',
        'fetch("https://a.test/", { method: "POST", body: JSON.stringify([1, ...b]) })',
      ]
    ) {
      assert.throws(
        () => parseCode(code),
        (error: unknown) =>
          error instanceof ConversionError && error.code === "INVALID_INPUT" &&
          /spread/.test(error.message) && error.offset === code.indexOf("..."),
        code,
      );
    }
  });
});
