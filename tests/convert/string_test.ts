import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { assertLinear } from "../_complexity.ts";
import { readdirSync, readFileSync } from "node:fs";
import {
  ConversionError,
  type HttpRequest,
  type HttpResponse,
  parse,
  parseRequest,
  parseResponse,
  stringify,
  stringifyRequest,
  stringifyResponse,
} from "../../src/convert/string.ts";

const FIXTURES = new URL("../fixtures/http/", import.meta.url);

function fixture(name: string): string {
  return readFileSync(new URL(name, FIXTURES), "utf8");
}

function conversionError(
  run: () => unknown,
  code: string,
  offset?: number,
): ConversionError {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  assert.ok(
    caught instanceof ConversionError,
    `expected a ConversionError, got ${caught}`,
  );
  assert.equal(caught.code, code);
  if (offset !== undefined) assert.equal(caught.offset, offset);
  return caught;
}

describe("parseRequest", () => {
  it("keeps repeated headers named like Object.prototype members as own entries", () => {
    const request = parseRequest(
      "GET / HTTP/1.1\r\nHost: x.test\r\n__proto__: a\r\n__Proto__: b\r\nhasOwnProperty: c\r\n\r\n",
    );
    assert.deepEqual(Object.keys(request.headers), [
      "host",
      "__proto__",
      "hasownproperty",
    ]);
    assert.deepEqual(
      Object.getOwnPropertyDescriptor(request.headers, "__proto__")?.value,
      ["a", "b"],
    );
    assert.equal(request.headers.hasownproperty, "c");
    assert.equal(Object.getPrototypeOf(request.headers), Object.prototype);
  });

  it("parses a Chrome request: origin-form with host gives an absolute http URL", () => {
    const request = parseRequest(fixture("chrome_get.http"));
    assert.equal(request.method, "GET");
    assert.equal(
      request.url,
      "http://api.example.com/api/v1/users?page=2&sort=name",
    );
    assert.equal(request.httpVersion, "1.1");
    assert.equal(request.headers["sec-ch-ua-platform"], '"Linux"');
    assert.equal(
      request.headers.cookie,
      "session=abc123; theme=dark; _ga=GA1.2.1234567890.1700000000",
    );
    assert.equal(request.body, undefined);
  });

  it("keeps the target as written with absoluteUrl: false, and uses the scheme option", () => {
    const text = "GET /a?b HTTP/1.1\r\nHost: example.com\r\n\r\n";
    assert.equal(parseRequest(text, { absoluteUrl: false }).url, "/a?b");
    assert.equal(
      parseRequest(text, { scheme: "https" }).url,
      "https://example.com/a?b",
    );
    assert.equal(
      parseRequest("GET / HTTP/1.1\nHost: example.com:443\n\n").url,
      "https://example.com:443/",
    );
  });

  it("keeps an origin-form target without a host header", () => {
    assert.equal(parseRequest("DELETE /items/1 HTTP/1.1\n\n").url, "/items/1");
  });

  it("keeps absolute-form, asterisk-form and authority-form targets", () => {
    const absolute = parseRequest(fixture("post_json.http"));
    assert.equal(absolute.url, "https://api.example.com/v2/orders");
    assert.equal(absolute.body?.includes("9007199254740993"), true);
    const star = parseRequest(fixture("options_star.http"));
    assert.equal(star.method, "OPTIONS");
    assert.equal(star.url, "*");
    const connect = parseRequest(fixture("connect.http"));
    assert.equal(connect.method, "CONNECT");
    assert.equal(connect.url, "example.com:443");
  });

  it("accepts any token method and every listed version", () => {
    for (const version of ["1.0", "1.1", "2", "2.0", "3", "3.0"]) {
      const request = parseRequest(`PROPFIND /dav HTTP/${version}\r\n\r\n`);
      assert.equal(request.method, "PROPFIND");
      assert.equal(request.httpVersion, version);
    }
    assert.equal(parseRequest("x-Custom_1! / HTTP/1.1").method, "x-Custom_1!");
    assert.equal(
      parseRequest("GET / http/2.0").httpVersion,
      "2.0",
      "HAR tools write http/2.0",
    );
    assert.equal(parseResponse("http/1.1 200 OK").statusCode, 200);
    assert.equal((parse("http/1.1 204") as HttpResponse).statusCode, 204);
  });

  it("parses LF-only text and joins obs-fold lines with one space", () => {
    const request = parseRequest(fixture("form_lf.http"));
    assert.equal(request.httpVersion, "1.0");
    assert.equal(request.url, "http://intranet.local:8080/login");
    assert.equal(request.headers["x-folded"], "first part second part");
    assert.equal(request.body, "user=ada&password=p%40ss+word&remember=on");
  });

  it("folds into the last of repeated values", () => {
    const request = parseRequest("GET / HTTP/1.1\nX-A: 1\nX-A: 2\n\t3\n\n");
    assert.deepEqual(request.headers["x-a"], ["1", "2 3"]);
  });

  it("keeps repeated headers as arrays in order, names lowercased", () => {
    const request = parseRequest(
      "GET / HTTP/1.1\r\nAccept: a\r\nX-Y: 1\r\naccept: b\r\nACCEPT: c\r\n\r\n",
    );
    assert.deepEqual(request.headers, { accept: ["a", "b", "c"], "x-y": "1" });
  });

  it("trims white space around values but keeps it inside", () => {
    const request = parseRequest(
      "GET / HTTP/1.1\r\nX:   a  b \t\r\nEmpty:\r\n\r\n",
    );
    assert.equal(request.headers.x, "a  b");
    assert.equal(request.headers.empty, "");
  });

  it("keeps the body byte-for-byte: CRLFs, NUL, non-ASCII, trailing blank lines", () => {
    const body = "line1\r\nline2\n\r\n\u0000end ✓ ünï 😀\r\n\r\n  ";
    const request = parseRequest(`POST /x HTTP/1.1\r\nHost: h\r\n\r\n${body}`);
    assert.equal(request.body, body);
    const lf = parseRequest(`POST /x HTTP/1.1\nHost: h\n\n${body}`);
    assert.equal(lf.body, body);
  });

  it("does not cut the body to content-length", () => {
    const request = parseRequest(
      "POST / HTTP/1.1\r\nContent-Length: 2\r\n\r\nabcdef",
    );
    assert.equal(request.body, "abcdef");
  });

  it("reports an empty body as absent", () => {
    assert.equal("body" in parseRequest("GET / HTTP/1.1\r\n\r\n"), false);
    assert.equal("body" in parseRequest("GET / HTTP/1.1"), false);
  });

  it("skips empty lines before the request line", () => {
    assert.equal(parseRequest("\r\n\nGET /x HTTP/1.1\r\n\r\n").url, "/x");
  });
});

describe("parseResponse", () => {
  it("parses status line, repeated set-cookie and an HTML body", () => {
    const text = fixture("response_html.http");
    const response = parseResponse(text);
    assert.equal(response.statusCode, 200);
    assert.equal(response.statusText, "OK");
    assert.equal(response.httpVersion, "1.1");
    assert.deepEqual(response.headers["set-cookie"], [
      "id=a3fWa; Expires=Thu, 31 Oct 2027 07:28:00 GMT; Secure; HttpOnly",
      "lang=en-US; Path=/; SameSite=Lax",
    ]);
    assert.equal(response.body, text.slice(text.indexOf("\r\n\r\n") + 4));
  });

  it("accepts HTTP/2 and HTTP/3 status lines without a reason", () => {
    const h2 = parseResponse(fixture("response_h2_json.http"));
    assert.equal(h2.httpVersion, "2");
    assert.equal(h2.statusCode, 201);
    assert.equal(h2.statusText, "");
    assert.equal(parseResponse("HTTP/3 204\n\n").httpVersion, "3");
    assert.equal(parseResponse("HTTP/2.0 200 OK\n\n").httpVersion, "2.0");
  });

  it("keeps a multi-word reason", () => {
    assert.equal(
      parseResponse("HTTP/1.1 404 Not  Found Here\r\n\r\n").statusText,
      "Not  Found Here",
    );
  });
});

describe("parse", () => {
  it("auto-detects requests and responses", () => {
    assert.equal(
      (parse(fixture("response_304.http")) as HttpResponse).statusCode,
      304,
    );
    assert.equal(
      (parse(fixture("chrome_get.http")) as HttpRequest).method,
      "GET",
    );
  });

  it("parses each fixture to the message written by hand from its bytes", () => {
    const expected: Record<string, unknown> = {
      "response_304.http": {
        statusCode: 304,
        statusText: "Not Modified",
        httpVersion: "1.1",
        headers: {
          etag: '"33a64df551425fcc55e4d42a148795d9f25f89d4"',
          "cache-control": "max-age=60",
        },
      },
      "response_h2_json.http": {
        statusCode: 201,
        statusText: "",
        httpVersion: "2",
        headers: {
          "content-type": "application/json",
          location: "/v2/orders/42",
          "x-request-id": "7f9c2ba4e88f827d616045507605853e",
        },
        body: '{"id":42,"total":"19.99","createdAt":"2026-11-21T21:00:00Z"}',
      },
      "response_html.http": {
        statusCode: 200,
        statusText: "OK",
        httpVersion: "1.1",
        headers: {
          date: "Sat, 21 Nov 2026 21:00:00 GMT",
          "content-type": "text/html; charset=utf-8",
          "set-cookie": [
            "id=a3fWa; Expires=Thu, 31 Oct 2027 07:28:00 GMT; Secure; HttpOnly",
            "lang=en-US; Path=/; SameSite=Lax",
          ],
          "cache-control": "no-cache",
        },
        body: "<!doctype html>\r\n<html><head><title>Example</title></head>" +
          "<body><p>Hello, w\u00f6rld \u2014 \u2713</p></body></html>\r\n",
      },
      "post_json.http": {
        method: "POST",
        url: "https://api.example.com/v2/orders",
        headers: {
          "content-type": "application/json; charset=utf-8",
          authorization: "Bearer eyJhbGciOiJIUzI1NiJ9." +
            "eyJzdWIiOiIxMjM0NTY3ODkwIn0." +
            "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
          "content-length": "112",
        },
        httpVersion: "1.1",
        body:
          '{"customer":{"id":9007199254740993,"name":"Zo\u00eb O\'Brien"},' +
          '"items":[{"sku":"A-1","qty":2},{"sku":"B-7","qty":1}]}',
      },
      "options_star.http": {
        method: "OPTIONS",
        url: "*",
        headers: {
          host: "example.com",
          origin: "https://app.example.com",
          "access-control-request-method": "PUT",
        },
        httpVersion: "1.1",
      },
      "form_lf.http": {
        method: "POST",
        url: "/login",
        headers: {
          host: "intranet.local:8080",
          "content-type": "application/x-www-form-urlencoded",
          // obs-fold: the line break and its leading blanks become one space
          "x-folded": "first part second part",
        },
        httpVersion: "1.0",
        body: "user=ada&password=p%40ss+word&remember=on",
      },
      "connect.http": {
        method: "CONNECT",
        url: "example.com:443",
        headers: {
          host: "example.com:443",
          "proxy-authorization": "Basic YWxhZGRpbjpvcGVuc2VzYW1l",
        },
        httpVersion: "1.1",
      },
    };
    for (const [name, want] of Object.entries(expected)) {
      assert.deepEqual(
        parse(fixture(name), { absoluteUrl: false }),
        want,
        name,
      );
    }
    const chrome = parse(fixture("chrome_get.http"), { absoluteUrl: false });
    assert.equal((chrome as HttpRequest).url, "/api/v1/users?page=2&sort=name");
    assert.deepEqual(Object.keys(chrome.headers), [
      "host",
      "connection",
      "sec-ch-ua",
      "accept",
      "user-agent",
      "sec-ch-ua-platform",
      "sec-fetch-site",
      "sec-fetch-mode",
      "sec-fetch-dest",
      "referer",
      "accept-encoding",
      "accept-language",
      "cookie",
    ]);
    assert.equal(
      chrome.headers["sec-ch-ua"],
      '"Chromium";v="130", "Google Chrome";v="130", "Not?A_Brand";v="99"',
    );
    assert.equal(chrome.body, undefined);
  });

  it("parses every fixture and round-trips it through stringify", async () => {
    const names = readdirSync(FIXTURES).filter((name) =>
      name.endsWith(".http")
    );
    assert.ok(names.length >= 8);
    for (const name of names) {
      const message = parse(fixture(name), { absoluteUrl: false });
      const again = parse(await stringify(message), { absoluteUrl: false });
      // stringify may add host and content-length, and a reason phrase for
      // an empty statusText; nothing else changes.
      const strip = (headers: Record<string, unknown>) => {
        const { host: _host, "content-length": _length, ...rest } = headers;
        return rest;
      };
      assert.deepEqual(strip(again.headers), strip(message.headers), name);
      assert.equal(again.body, message.body, name);
      if ("statusCode" in message) {
        const response = again as HttpResponse;
        assert.equal(response.statusCode, message.statusCode, name);
        if (message.statusText !== "") {
          assert.equal(response.statusText, message.statusText);
        }
      } else {
        assert.equal((again as HttpRequest).url, message.url, name);
        assert.equal((again as HttpRequest).method, message.method, name);
      }
    }
  });
});

describe("parse errors carry a code and the character offset", () => {
  it("EMPTY_INPUT for empty or blank text", () => {
    conversionError(() => parse(""), "EMPTY_INPUT", 0);
    conversionError(() => parseRequest(" \r\n\t"), "EMPTY_INPUT", 0);
    conversionError(() => parseResponse(""), "EMPTY_INPUT", 0);
  });

  it("INVALID_REQUEST_LINE with the offset of the bad part", () => {
    conversionError(() => parseRequest("hello"), "INVALID_REQUEST_LINE", 0);
    conversionError(() => parseRequest("GET /"), "INVALID_REQUEST_LINE", 0);
    conversionError(
      () => parseRequest("G(T / HTTP/1.1"),
      "INVALID_REQUEST_LINE",
      1,
    );
    conversionError(
      () => parseRequest("GET / HTTP/1.2"),
      "INVALID_REQUEST_LINE",
      6,
    );
    conversionError(
      () => parseRequest("GET / FTP/1.1"),
      "INVALID_REQUEST_LINE",
      6,
    );
    conversionError(
      () => parseRequest("GET /a b HTTP/1.1"),
      "INVALID_REQUEST_LINE",
      6,
    );
    conversionError(
      () => parseRequest("\n\nGET /a\u0001 HTTP/1.1"),
      "INVALID_REQUEST_LINE",
      8,
    );
  });

  it("INVALID_STATUS_LINE", () => {
    conversionError(
      () => parseResponse("HTTP/1.1 2000 OK"),
      "INVALID_STATUS_LINE",
      0,
    );
    conversionError(
      () => parseResponse("HTTP/9 200 OK"),
      "INVALID_STATUS_LINE",
      0,
    );
    conversionError(
      () => parseResponse("GET / HTTP/1.1"),
      "INVALID_STATUS_LINE",
      0,
    );
    conversionError(
      () => parseResponse("HTTP/1.1 200 O\rK\n\n"),
      "INVALID_STATUS_LINE",
      14,
    );
  });

  it("INVALID_HEADER for a line without colon, a bad name, a bare CR, a leading fold", () => {
    conversionError(
      () => parseRequest("GET / HTTP/1.1\r\nno colon\r\n\r\n"),
      "INVALID_HEADER",
      16,
    );
    conversionError(
      () => parseRequest("GET / HTTP/1.1\r\nBad Name: x\r\n\r\n"),
      "INVALID_HEADER",
      19,
    );
    conversionError(
      () => parseRequest("GET / HTTP/1.1\r\n: x\r\n\r\n"),
      "INVALID_HEADER",
      16,
    );
    conversionError(
      () => parseRequest("GET / HTTP/1.1\r\nX: a\rb\r\n\r\n"),
      "INVALID_HEADER",
      20,
    );
    conversionError(
      () => parseRequest("GET / HTTP/1.1\r\nX: a\u0000\r\n\r\n"),
      "INVALID_HEADER",
      20,
    );
    conversionError(
      () => parseRequest("GET / HTTP/1.1\r\n folded\r\n\r\n"),
      "INVALID_HEADER",
      16,
    );
  });

  it("binary junk is rejected, not hung on", () => {
    let junk = "";
    let seed = 7;
    for (let i = 0; i < 4096; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      junk += String.fromCharCode(seed % 256);
    }
    const error = conversionError(
      () => parse(`\u0000\u00ff${junk}`),
      "INVALID_REQUEST_LINE",
    );
    assert.equal(typeof error.offset, "number");
  });

  it("throws INVALID_INPUT for a non-string", () => {
    conversionError(() => parse(42 as unknown as string), "INVALID_INPUT");
  });
});

describe("large input stays linear", () => {
  it("parses a 1 MB header line and rejects a 1 MB junk line in linear time", async () => {
    await assertLinear("long header and junk lines", 1 << 20, (size) => {
      const big = "v".repeat(size);
      const request = parseRequest(`GET / HTTP/1.1\r\nX-Big: ${big}\r\n\r\n`);
      assert.equal((request.headers["x-big"] as string).length, size);
      conversionError(
        () => parseRequest(`GET / HTTP/1.1\r\n${big}\r\n\r\n`),
        "INVALID_HEADER",
        16,
      );
      conversionError(
        () => parseRequest(`${big} ${big}`),
        "INVALID_REQUEST_LINE",
      );
      conversionError(
        () => parseRequest(`GET ${" ".repeat(size)}/ HTTP/1.1 x`),
        "INVALID_REQUEST_LINE",
      );
      conversionError(
        () => parseResponse(`HTTP/1.1${" ".repeat(size)}x`),
        "INVALID_STATUS_LINE",
      );
    });
  });
});

describe("stringifyRequest", () => {
  it("writes absolute-form by default and the path with absoluteUrl: false, host in both", async () => {
    const request = {
      method: "POST",
      url: "https://example.com:8443/a/b?c=1#frag",
      headers: { "Content-Type": "text/plain" },
      body: "héllo",
    };
    assert.equal(
      await stringifyRequest(request),
      "POST https://example.com:8443/a/b?c=1 HTTP/1.1\r\nhost: example.com:8443\r\n" +
        "content-type: text/plain\r\ncontent-length: 6\r\n\r\nhéllo",
    );
    assert.equal(
      await stringifyRequest(request, { absoluteUrl: false }),
      "POST /a/b?c=1 HTTP/1.1\r\nhost: example.com:8443\r\n" +
        "content-type: text/plain\r\ncontent-length: 6\r\n\r\nhéllo",
    );
  });

  it("writes / for an absolute URL without a path and keeps a given host header", async () => {
    const text = await stringifyRequest(
      {
        method: "GET",
        url: "http://example.com?x=1",
        headers: { Host: "other" },
      },
      { absoluteUrl: false },
    );
    assert.equal(text, "GET /?x=1 HTTP/1.1\r\nhost: other\r\n\r\n");
  });

  it("reads a \\ ending the authority as the path's first / (special schemes)", async () => {
    for (
      const [url, target] of [
        ["http://a.example\\path?x=1", "/path?x=1"],
        ["https://user:pw@a.example\\p\\q#f", "/p\\q"],
        ["http://a.example\\\\two", "/\\two"],
        ["ws://a.example\\s", "/s"],
      ]
    ) {
      const text = await stringifyRequest(
        { method: "GET", url, headers: {} },
        { absoluteUrl: false },
      );
      assert.equal(text.split("\r\n")[0], `GET ${target} HTTP/1.1`, url);
      const scheme = url.startsWith("https:") ? "https" : "http";
      const back = parseRequest(text, { scheme });
      const expected = new URL(url);
      expected.username = expected.password = expected.hash = "";
      if (!url.startsWith("ws:")) {
        assert.equal(new URL(back.url).href, expected.href, url);
      }
    }
  });

  it("keeps relative, asterisk and authority targets", async () => {
    assert.equal(
      await stringifyRequest({ method: "OPTIONS", url: "*", headers: {} }),
      "OPTIONS * HTTP/1.1\r\n\r\n",
    );
    assert.equal(
      await stringifyRequest({
        method: "CONNECT",
        url: "example.com:443",
        headers: {},
        httpVersion: "1.0",
      }),
      "CONNECT example.com:443 HTTP/1.0\r\n\r\n",
    );
  });

  it("percent-encodes white space and controls in the target", async () => {
    const text = await stringifyRequest({
      method: "GET",
      url: "/a b\tc\r\n",
      headers: {},
    });
    assert.equal(text, "GET /a%20b%09c%0D%0A HTTP/1.1\r\n\r\n");
  });

  it("counts content-length in UTF-8 bytes and respects given length / transfer-encoding", async () => {
    const emoji = await stringifyRequest({
      method: "POST",
      url: "/",
      headers: {},
      body: "😀é",
    });
    assert.match(emoji, /content-length: 6\r\n/);
    const given = await stringifyRequest({
      method: "POST",
      url: "/",
      headers: { "Content-Length": "99" },
      body: "x",
    });
    assert.equal(given, "POST / HTTP/1.1\r\ncontent-length: 99\r\n\r\nx");
    const chunked = await stringifyRequest({
      method: "POST",
      url: "/",
      headers: { "transfer-encoding": "chunked" },
      body: "1\r\nx\r\n0\r\n\r\n",
    });
    assert.doesNotMatch(chunked, /content-length/);
  });

  it("writes repeated headers one line each", async () => {
    const text = await stringifyRequest({
      method: "GET",
      url: "/",
      headers: { a: ["1", "2"] },
    });
    assert.equal(text, "GET / HTTP/1.1\r\na: 1\r\na: 2\r\n\r\n");
  });

  it("rejects CR/LF/NUL in header values and bad names: no line injection", async () => {
    for (const value of ["a\r\nx-injected: 1", "a\nb", "a\rb", "a\u0000"]) {
      await assert.rejects(
        stringifyRequest({ method: "GET", url: "/", headers: { x: value } }),
        (error: unknown) =>
          error instanceof ConversionError && error.code === "INVALID_HEADER",
      );
    }
    await assert.rejects(
      stringifyRequest({
        method: "GET",
        url: "/",
        headers: { "bad name": "x" },
      }),
      (error: unknown) =>
        error instanceof ConversionError && error.code === "INVALID_HEADER",
    );
  });

  it("rejects a method that is not a token, a bad version and an unparsable URL", async () => {
    const bad = [
      [
        { method: "GET /x HTTP/1.1\r\n", url: "/", headers: {} },
        "INVALID_REQUEST_LINE",
      ],
      [
        { method: "GET", url: "/", headers: {}, httpVersion: "1.1\r\nx: y" },
        "INVALID_REQUEST_LINE",
      ],
      [{ method: "GET", url: "http://[bad/", headers: {} }, "INVALID_URL"],
    ] as const;
    for (const [request, code] of bad) {
      await assert.rejects(
        stringifyRequest(request),
        (error: unknown) =>
          error instanceof ConversionError && error.code === code,
      );
    }
  });

  it("writes only versions the parser reads back, and refuses the rest", async () => {
    const request = (httpVersion: string) => ({
      method: "GET",
      url: "http://a.example/",
      headers: {},
      httpVersion,
    });
    const response = (httpVersion: string) => ({
      statusCode: 200,
      statusText: "OK",
      headers: {},
      httpVersion,
    });
    for (const version of ["1.0", "1.1", "2", "2.0", "3", "3.0"]) {
      const text = await stringifyRequest(request(version));
      assert.equal(parseRequest(text).httpVersion, version);
      const status = await stringifyResponse(response(version));
      assert.equal(parseResponse(status).httpVersion, version);
    }
    const refused = (code: string) => (error: unknown) =>
      error instanceof ConversionError && error.code === code;
    for (const version of ["1.2", "0.9", "2.1", "4", "1", "11", "1.10"]) {
      await assert.rejects(
        stringifyRequest(request(version)),
        refused("INVALID_REQUEST_LINE"),
        version,
      );
      await assert.rejects(
        stringifyResponse(response(version)),
        refused("INVALID_STATUS_LINE"),
        version,
      );
    }
  });

  it("never writes userinfo in the request line: URL credentials become Basic authorization", async () => {
    const request = {
      method: "GET",
      url: "http://user:pw@example.com/a#top",
      headers: {},
    };
    const head =
      "host: example.com\r\nauthorization: Basic dXNlcjpwdw==\r\n\r\n";
    assert.equal(
      await stringifyRequest(request),
      `GET http://example.com/a HTTP/1.1\r\n${head}`,
    );
    assert.equal(
      await stringifyRequest(request, { absoluteUrl: false }),
      `GET /a HTTP/1.1\r\n${head}`,
    );
    // Percent-decoded and UTF-8 encoded, as curl sends them; a user alone is `user:`.
    const cases: Array<[string, string]> = [
      ["http://us%20er:p%40%C3%BC@h.example/", "us er:p@ü"],
      ["https://a@b:c@h.example/x?y@z", "a@b:c"],
      ["http://user@h.example", "user:"],
      ["http://:pw@h.example/", ":pw"],
      // One malformed escape leaves only itself as written.
      ["http://us%zz%C3%A9r:p%41ss@h.example/", "us%zzér:pAss"],
    ];
    for (const [url, credentials] of cases) {
      const bytes = new TextEncoder().encode(credentials);
      const basic = `Basic ${btoa(String.fromCharCode(...bytes))}`;
      for (const absoluteUrl of [true, false]) {
        const text = await stringifyRequest(
          { method: "GET", url, headers: {} },
          { absoluteUrl },
        );
        const line = text.slice(0, text.indexOf("\r\n"));
        assert.ok(!line.includes("@h.example"), line);
        assert.equal(parseRequest(text).headers.authorization, basic, url);
      }
    }
    // An empty userinfo carries nothing.
    assert.equal(
      await stringifyRequest({
        method: "GET",
        url: "http://@example.com/",
        headers: {},
      }),
      "GET http://example.com/ HTTP/1.1\r\nhost: example.com\r\n\r\n",
    );
  });

  it("URL credentials beside an authorization header: the same one is written once, another is INVALID_URL", async () => {
    assert.equal(
      await stringifyRequest({
        method: "GET",
        url: "http://user:pw@example.com/",
        headers: { Authorization: "basic dXNlcjpwdw==" },
      }, { absoluteUrl: false }),
      "GET / HTTP/1.1\r\nhost: example.com\r\nauthorization: basic dXNlcjpwdw==\r\n\r\n",
    );
    for (
      const authorization of ["Bearer t", "Basic b3RoZXI6eA==", [
        "Basic dXNlcjpwdw==",
        "Basic dXNlcjpwdw==",
      ]]
    ) {
      for (const absoluteUrl of [true, false]) {
        await assert.rejects(
          stringifyRequest({
            method: "GET",
            url: "http://user:pw@example.com/",
            headers: { authorization },
          }, { absoluteUrl }),
          (error: unknown) =>
            error instanceof ConversionError && error.code === "INVALID_URL",
        );
      }
    }
  });

  it("accepts a native Request", async () => {
    const text = await stringifyRequest(
      new Request("https://example.com/p", {
        method: "PUT",
        body: "data",
        headers: { "X-A": "1" },
      }),
    );
    assert.ok(
      text.startsWith(
        "PUT https://example.com/p HTTP/1.1\r\nhost: example.com\r\n",
      ),
    );
    assert.match(text, /\r\nx-a: 1\r\n/);
    assert.ok(text.endsWith("\r\ncontent-length: 4\r\n\r\ndata"));
  });
});

describe("stringifyResponse", () => {
  it("writes the registered reason phrase when statusText is empty", async () => {
    const cases: Array<[number, string]> = [
      [200, "OK"],
      [103, "Early Hints"],
      [
        422,
        "Unprocessable Content",
      ],
      [
        511,
        "Network Authentication Required",
      ],
      [418, "I'm a teapot"],
      [510, "Not Extended"],
      [413, "Content Too Large"],
    ];
    for (const [status, reason] of cases) {
      const text = await stringifyResponse({
        statusCode: status,
        statusText: "",
        httpVersion: "1.1",
        headers: {},
      });
      assert.equal(text, `HTTP/1.1 ${status} ${reason}\r\n\r\n`);
    }
    // Every registered code has a phrase, and none is registry placeholder text.
    for (let status = 100; status <= 599; status++) {
      const line = (await stringifyResponse({
        statusCode: status,
        statusText: "",
        httpVersion: "1.1",
        headers: {},
      })).split("\r\n")[0];
      assert.doesNotMatch(line, /\(|\)|OBSOLETED|Unassigned/, line);
    }
    assert.equal(
      await stringifyResponse({
        statusCode: 599,
        statusText: "",
        httpVersion: "2",
        headers: {},
      }),
      "HTTP/2 599 \r\n\r\n",
    );
  });

  it("refuses a statusText that would end the status line (CR, LF or NUL)", async () => {
    // Without the check, "OK\nSet-Cookie: …" came out as an extra header line.
    for (
      const statusText of [
        "OK\nSet-Cookie: session=evil",
        "OK\r\nX-Injected: 1",
        "OK\rX",
        "OK\u0000",
        "\n",
      ]
    ) {
      await assert.rejects(
        stringifyResponse({
          statusCode: 200,
          statusText,
          httpVersion: "1.1",
          headers: {},
        }),
        { name: "ConversionError", code: "INVALID_STATUS_LINE" },
        JSON.stringify(statusText),
      );
    }
  });

  it("keeps a given statusText and every set-cookie", async () => {
    const text = await stringifyResponse({
      statusCode: 200,
      statusText: "Fine",
      httpVersion: "1.1",
      headers: { "Set-Cookie": ["a=1", "b=2"] },
      body: "ok",
    });
    assert.equal(
      text,
      "HTTP/1.1 200 Fine\r\nset-cookie: a=1\r\nset-cookie: b=2\r\ncontent-length: 2\r\n\r\nok",
    );
  });

  it("accepts a native Response, keeping every set-cookie", async () => {
    const headers = new Headers([["set-cookie", "a=1"], ["set-cookie", "b=2"]]);
    const text = await stringify(
      new Response("body", { status: 404, headers }),
    );
    const parsed = parseResponse(text);
    assert.equal(parsed.statusText, "Not Found");
    assert.deepEqual(parsed.headers["set-cookie"], ["a=1", "b=2"]);
    assert.equal(parsed.body, "body");
  });

  it("rejects bad statuses and injected status texts", async () => {
    for (
      const response of [
        { statusCode: 42, statusText: "", httpVersion: "1.1", headers: {} },
        { statusCode: 200.5, statusText: "", httpVersion: "1.1", headers: {} },
        {
          statusCode: 200,
          statusText: "OK\r\nx: y",
          httpVersion: "1.1",
          headers: {},
        },
      ]
    ) {
      await assert.rejects(
        stringifyResponse(response),
        (error: unknown) =>
          error instanceof ConversionError &&
          error.code === "INVALID_STATUS_LINE",
      );
    }
  });
});

describe("round trips", () => {
  it("request → raw → request is lossless for an absolute URL with both absoluteUrl settings", async () => {
    const request: HttpRequest = {
      method: "PATCH",
      url: "http://example.com/a/%20b?x=1&y=%F0%9F%98%80",
      headers: { accept: ["a", "b"], "x-empty": "" },
      body: "\r\n\u0000 line\r\n\r\n",
      httpVersion: "1.1",
    };
    for (const absoluteUrl of [true, false]) {
      const again = parseRequest(
        await stringifyRequest(request, { absoluteUrl }),
      );
      assert.deepEqual(again, {
        ...request,
        headers: {
          host: "example.com",
          ...request.headers,
          "content-length": String(
            new TextEncoder().encode(request.body).length,
          ),
        },
      });
    }
  });

  it("URL credentials come back as the authorization header, with either absoluteUrl setting", async () => {
    const request: HttpRequest = {
      method: "GET",
      url: "http://user:pw@example.com/a",
      headers: { accept: "*/*" },
      httpVersion: "1.1",
    };
    for (const absoluteUrl of [true, false]) {
      assert.deepEqual(
        parseRequest(await stringifyRequest(request, { absoluteUrl })),
        {
          ...request,
          url: "http://example.com/a",
          headers: {
            host: "example.com",
            authorization: "Basic dXNlcjpwdw==",
            accept: "*/*",
          },
        },
      );
    }
  });
});
