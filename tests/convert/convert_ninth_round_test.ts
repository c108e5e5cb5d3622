// Behaviour the mutation draw of seed 20261162 (and the bugs planted by hand
// beside it) found unguarded in the converter: each test names the planted
// bug it catches (`deno task mutation --sample`).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCurl } from "../../src/convert/curl.ts";
import { parseCode, toRequest } from "../../src/convert/fetch.ts";
import { normalizeHeaders } from "../../src/convert/core.ts";
import { fromResponse } from "../../src/convert/har.ts";
import { ConversionError } from "../../src/convert/errors.ts";

describe("curl: the end of the options", () => {
  // _curl_arguments.ts:51: `--` read as an unknown option after ending them.
  it("-- ends the options without a warning of its own, and a word after it is a URL", () => {
    const { request, warnings } = parseCurl("curl -X PUT -- -x.test/a");
    assert.equal(request.url, "http://-x.test/a");
    assert.equal(request.method, "PUT");
    assert.deepEqual(warnings, []);
  });

  // _curl_arguments.ts:57: an unknown long option without `=` looked up
  // without its last letter, so `--dataa` became `--data dataa`.
  it("an unknown long option is a flag with a warning, never the option it nearly names", () => {
    for (const option of ["--dataa", "--headerr", "--urll"]) {
      const { request, warnings } = parseCurl(`curl https://x.test ${option}`);
      assert.equal(request.method, "GET", option);
      assert.equal(request.body, undefined, option);
      assert.deepEqual(request.headers, {}, option);
      assert.equal(request.url, "https://x.test/", option);
      assert.deepEqual(warnings.map((w) => [w.code, w.option]), [
        ["UNKNOWN_OPTION", option],
      ]);
    }
  });
});

describe("curl: a comment before a CRLF line end", () => {
  // _curl_words.ts:159: after a comment, a CRLF's CR not taken as the line
  // end, so the command's end (where MISSING_URL points) moved onto the LF.
  it("MISSING_URL points at the line end, LF or CRLF, after a comment or not", () => {
    for (
      const [command, at] of [
        ["curl -s # c\ncurl x", 11],
        ["curl -s # c\r\ncurl x", 11],
        ["curl -s\r\ncurl x", 7],
      ] as const
    ) {
      assert.throws(
        () => parseCurl(command),
        (error: unknown) =>
          error instanceof ConversionError && error.code === "MISSING_URL" &&
          error.offset === at,
        JSON.stringify(command),
      );
    }
  });
});

describe("fetch code: escapes in string literals", () => {
  // _js_literal_read.ts:295: \0 not followed by a digit refused as an octal
  // escape, where JavaScript reads NUL.
  it("\\0 before a non-digit is NUL, as JavaScript reads it; \\0 before a digit is refused", () => {
    for (const literal of ['"a\\0b"', "'a\\0'", '"\\0x"']) {
      const code =
        `fetch("https://x.test/", { method: "POST", body: ${literal} })`;
      // The literal as JavaScript itself reads it.
      const expected = new Function(`return ${literal};`)();
      assert.equal(parseCode(code).body, expected, literal);
    }
    assert.throws(
      () =>
        parseCode(
          'fetch("https://x.test/", { method: "POST", body: "a\\01" })',
        ),
      (error: unknown) =>
        error instanceof ConversionError && error.code === "INVALID_ESCAPE" &&
        error.offset === 51,
    );
  });
});

describe("HAR: Set-Cookie attributes with blanks around =", () => {
  // _har_cookies.ts:57: an attribute's value kept its blanks, so `Max-Age = 60`
  // was no number and `Path = /p` a path " /p ".
  it("an attribute's value loses the blanks around it (RFC 6265 §5.2), Max-Age included", async () => {
    const entry = await fromResponse(
      {
        statusCode: 200,
        statusText: "OK",
        httpVersion: "1.1",
        headers: {
          "set-cookie":
            "sid=1; Path = /p ; Max-Age = 60; Domain= x.test ;SameSite = Lax",
        },
      },
      undefined,
      { startedDateTime: "2026-01-01T00:00:00.000Z" },
    );
    assert.deepEqual(entry.response.cookies, [{
      name: "sid",
      value: "1",
      path: "/p",
      domain: "x.test",
      sameSite: "Lax",
      expires: "2026-01-01T00:01:00.000Z",
    }]);
  });
});

describe("fetch init: a Headers object", () => {
  // fetch.ts:298: a Headers init read as a list of pairs instead of as the
  // library reads any Headers, so its set-cookie values moved among the
  // other headers (stringify writes the lines in the map's order).
  it("reads as normalizeHeaders reads the same Headers, key order included", () => {
    const headers = new Headers([
      ["z-last", "1"],
      ["set-cookie", "a=1"],
      ["set-cookie", "b=2"],
      ["accept", "x"],
      ["accept", "y"],
    ]);
    const read = toRequest("https://x.test/", { headers }).headers;
    const expected = normalizeHeaders(headers);
    assert.deepEqual(read, expected);
    assert.deepEqual(Object.keys(read), Object.keys(expected));
    assert.deepEqual(Object.keys(read), ["accept", "z-last", "set-cookie"]);
  });
});

describe("fetch.toRequest: a native Request where the URL goes", () => {
  // Found beside the draw: a Request was read as the URL text
  // "[object Request]" with no headers, where fetch(request, init) reads it.
  it("reads its URL, method and headers as fetch(request, init) does, init's fields first", () => {
    const input = new Request("https://x.test/a?b=1", {
      method: "DELETE",
      headers: { "X-Token": "t", accept: "text/plain" },
    });
    for (
      const init of [
        undefined,
        { method: "put" },
        { headers: { "x-other": "2" } },
        { method: "POST", body: new URLSearchParams({ a: "1" }) },
      ]
    ) {
      const read = toRequest(input, init);
      // What the runtime's own Request makes of the same arguments.
      const native = new Request(input, init);
      assert.equal(read.url, native.url, JSON.stringify(init));
      assert.equal(read.method, native.method, JSON.stringify(init));
      assert.deepEqual(
        read.headers,
        normalizeHeaders(native.headers),
        JSON.stringify(init),
      );
      assert.equal(
        read.body,
        init?.body === undefined ? undefined : String(init.body),
        JSON.stringify(init),
      );
    }
  });

  it("a Request with a body and no init body is INVALID_INPUT, never an empty request", () => {
    const input = new Request("https://x.test/", { method: "POST", body: "a" });
    assert.throws(
      () => toRequest(input),
      (error: unknown) =>
        error instanceof ConversionError && error.code === "INVALID_INPUT" &&
        /cannot be read synchronously/.test(error.message),
    );
  });
});
