// What the convert draw 20261178 (round 20) found untested:
// - a script's command that is `curl` alone, with no URL, is refused with
//   MISSING_URL at its offset, not skipped as a command that does not run
//   curl (which would drop one of the script's requests without a word);
// - fetch code whose second argument is `undefined` or `null` is a GET with
//   no options, as fetch() and Request take it; any other value that is no
//   object is refused at its offset, as they refuse it.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCommands } from "../../src/convert/curl.ts";
import { parseCode } from "../../src/convert/fetch.ts";
import { ConversionError } from "../../src/convert/errors.ts";

describe("parseCommands: a command that is curl alone", () => {
  it("is MISSING_URL at its end, first, second or after another program", () => {
    const cases: [string, number][] = [
      ["curl", 4],
      ["  curl  ", 8],
      ["curl\ncurl https://a.test", 4],
      ["curl https://a.test\ncurl", 24],
      ["echo hi; curl", 13],
      ["curl ; curl https://a.test", 5],
      ["'curl'", 6],
    ];
    for (const [script, offset] of cases) {
      assert.throws(
        () => parseCommands(script),
        (error: unknown) =>
          error instanceof ConversionError &&
          error.code === "MISSING_URL" && error.offset === offset,
        JSON.stringify(script),
      );
    }
  });
});

describe("parseCode: fetch()'s second argument", () => {
  it("undefined or null is a GET with no options, as fetch() takes it", () => {
    for (
      const code of [
        'fetch("https://a.test/x", undefined)',
        'fetch("https://a.test/x", null)',
        'fetch("https://a.test/x", undefined, )',
        '{ "url": "https://a.test/x", "options": null }',
      ]
    ) {
      assert.deepEqual(parseCode(code), {
        method: "GET",
        url: "https://a.test/x",
        headers: {},
      }, code);
    }
    // The runtime takes both too (its types say RequestInit | undefined).
    for (const init of [undefined, null as unknown as RequestInit]) {
      assert.equal(new Request("https://a.test/x", init).method, "GET");
    }
  });

  it("any other value that is no object is INVALID_INPUT at its offset", () => {
    for (const value of ["5", '"POST"', "true", "[]"]) {
      const code = `fetch("https://a.test/x", ${value})`;
      assert.throws(
        () => parseCode(code),
        (error: unknown) =>
          error instanceof ConversionError &&
          error.code === "INVALID_INPUT" && error.offset === 26 &&
          /second fetch\(\) argument must be an object/.test(error.message),
        code,
      );
    }
  });
});
