// Tests for the raw HTTP reader's survivors of the eleventh round's hand
// planting, each asserting what a user of parseRequest relies on.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  parseRequest,
  parseResponse,
  stringifyResponse,
} from "../../src/convert/string.ts";
import { ConversionError } from "../../src/convert/errors.ts";

function refusedWith(code: string, text: string) {
  return (error: unknown): boolean => {
    assert.ok(error instanceof ConversionError, String(error));
    assert.equal(error.code, code);
    assert.ok(error.message.includes(text), error.message);
    return true;
  };
}

describe("raw HTTP: a message that is no string", () => {
  it("is INVALID_INPUT naming what was given", () => {
    for (
      const [text, named] of [[null, "got null"], [5, "got number"]] as const
    ) {
      assert.throws(
        () => parseRequest(text as never),
        refusedWith("INVALID_INPUT", named),
      );
      assert.throws(
        () => parseResponse(text as never),
        refusedWith("INVALID_INPUT", named),
      );
    }
  });
});

describe("raw HTTP: a header line whose name is no token", () => {
  it("names an empty name as missing and any other by its text", () => {
    assert.throws(
      () => parseRequest("GET / HTTP/1.1\r\nHost: e.x\r\n: v\r\n\r\n"),
      refusedWith("INVALID_HEADER", "a header line has no name"),
    );
    assert.throws(
      () => parseRequest("GET / HTTP/1.1\r\nHost: e.x\r\nb@d: v\r\n\r\n"),
      refusedWith(
        "INVALID_HEADER",
        'the header name "b@d" is not an HTTP token',
      ),
    );
  });
});

describe("raw HTTP: the scheme option", () => {
  it("builds the URL in any letter case and refuses a scheme that is neither http nor https", () => {
    const text = "GET /a HTTP/1.1\r\nHost: e.x:443\r\n\r\n";
    assert.equal(
      parseRequest(text, { scheme: "http" }).url,
      "http://e.x:443/a",
    );
    assert.equal(parseRequest(text).url, "https://e.x:443/a");
    const upper = "HTTPS" as "https";
    assert.equal(
      parseRequest("GET /a HTTP/1.1\r\nHost: e.x\r\n\r\n", { scheme: upper })
        .url,
      "https://e.x/a",
    );
    // Empty, another scheme, or no string: refused, not a URL "://e.x/a".
    for (
      const [scheme, named] of [["", '""'], ["ftp", '"ftp"'], [
        5,
        "number",
      ]] as const
    ) {
      assert.throws(
        () => parseRequest(text, { scheme: scheme as "http" }),
        (error: unknown) => {
          assert.ok(refusedWith("INVALID_OPTION", `got ${named}`)(error));
          assert.equal((error as ConversionError).path, "scheme");
          return true;
        },
      );
    }
  });
});

describe("raw HTTP: the status a response is written with", () => {
  it("is any three-digit code, 100 and 999 included, and nothing else", async () => {
    const response = (statusCode: number) => ({
      statusCode,
      statusText: "",
      httpVersion: "1.1",
      headers: {},
    });
    assert.equal(
      await stringifyResponse(response(999)),
      "HTTP/1.1 999 \r\n\r\n",
    );
    assert.equal(
      await stringifyResponse(response(100)),
      "HTTP/1.1 100 Continue\r\n\r\n",
    );
    for (const statusCode of [99, 1000, 200.5]) {
      await assert.rejects(
        stringifyResponse(response(statusCode)),
        (error: unknown) => {
          assert.ok(error instanceof ConversionError, String(error));
          assert.equal(error.code, "INVALID_STATUS_LINE");
          return true;
        },
      );
    }
  });
});
