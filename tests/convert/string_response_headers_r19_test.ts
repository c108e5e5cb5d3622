// `stringifyResponse` refuses a header it would write as more than one line
// or as no header at all: a value with CR, LF or NUL (a response splitting
// attack: `a\r\nx-injected: 1` would add a header) and a name that is not
// an HTTP token, each with INVALID_HEADER and nothing written. The convert
// draw of the nineteenth round (seed 20261177) dropped the check and no test
// saw it: the request's writer checks its headers a second time, the
// response's only here.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { ConversionError } from "../../src/convert/errors.ts";
import { stringifyResponse } from "../../src/convert/string.ts";

describe("stringifyResponse: a header that is no single header line", () => {
  it("is INVALID_HEADER, whatever the letter case of its name", async () => {
    const cases: Record<string, string>[] = [
      { "X-A": "a\r\nx-injected: 1" },
      { "x-a": "a\nx-injected: 1" },
      { "x-a": "a\rb" },
      { "Set-Cookie": "a=1\u0000b" },
      { "x a": "b" },
      { "x:a": "b" },
    ];
    for (const headers of cases) {
      const error = await stringifyResponse({
        statusCode: 200,
        statusText: "OK",
        httpVersion: "1.1",
        headers,
      }).then(() => undefined, (e: unknown) => e);
      assert.ok(
        error instanceof ConversionError && error.code === "INVALID_HEADER",
        `${JSON.stringify(headers)}: ${error}`,
      );
    }
  });

  it("writes a plain header as its one line", async () => {
    const text = await stringifyResponse({
      statusCode: 200,
      statusText: "OK",
      httpVersion: "1.1",
      headers: { "X-A": "a b" },
    });
    assert.equal(text, "HTTP/1.1 200 OK\r\nx-a: a b\r\n\r\n");
  });
});
