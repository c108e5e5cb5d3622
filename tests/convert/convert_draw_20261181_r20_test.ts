// What the convert draw 20261181 (round 20) found untested:
// - a curl input of comments only is NOT_CURL at offset 0: every parser
//   error carries an offset, also where there is no word to point at;
// - a HAR request holding both a Cookie header (in any letter case) and a
//   `cookies` array keeps the header, the bytes the browser sent; only a
//   request without one gets its header from the array;
// - the node-axios target adds its identity `transformRequest` only for a
//   JSON-typed body axios would not send as written (one that is not JSON,
//   or has blanks around it), so the code for an ordinary JSON body stays
//   plain.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCommands, parseCurl } from "../../src/convert/curl.ts";
import { toRequest } from "../../src/convert/har.ts";
import { findTarget } from "../../src/convert/code.ts";
import { ConversionError } from "../../src/convert/errors.ts";

describe("curl reader: comments only", () => {
  it("is NOT_CURL at offset 0, for one command or a script", () => {
    for (const input of ["# only a comment", "# a\n# b\n", "  # x"]) {
      for (const parse of [parseCurl, parseCommands]) {
        assert.throws(
          () => parse(input),
          (error: unknown) =>
            error instanceof ConversionError && error.code === "NOT_CURL" &&
            error.offset === 0,
          `${parse.name}: ${JSON.stringify(input)}`,
        );
      }
    }
  });
});

describe("HAR reader: a Cookie header and a cookies array", () => {
  const harRequest = (headers: { name: string; value: string }[]) => ({
    method: "GET",
    url: "https://a.test/",
    httpVersion: "HTTP/1.1",
    headers,
    cookies: [{ name: "b", value: "2" }, { name: "c", value: "3" }],
    queryString: [],
    headersSize: -1,
    bodySize: -1,
  });

  it("keeps the header, in any letter case", () => {
    for (const name of ["Cookie", "cookie", "COOKIE"]) {
      assert.deepEqual(
        toRequest(harRequest([{ name, value: "a=1" }])).headers,
        { cookie: "a=1" },
        name,
      );
    }
  });

  it("builds the header from the array when there is none", () => {
    assert.deepEqual(toRequest(harRequest([])).headers, {
      cookie: "b=2; c=3",
    });
  });
});

describe("node-axios target: a JSON-typed body", () => {
  it("gets the identity transform only when axios would not send it as written", () => {
    const cases: [string, boolean][] = [
      ['{"a":1}', false],
      ['"a"', false],
      ['{"a":1} ', true],
      ["a", true],
    ];
    for (const [body, transform] of cases) {
      const { code } = findTarget("node-axios").generate({
        method: "POST",
        url: "https://a.test/",
        headers: { "content-type": "application/json" },
        body,
      }, {});
      assert.equal(code.includes("transformRequest"), transform, body);
    }
  });
});
