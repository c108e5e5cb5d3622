// Issue 11 point 8: no writer (raw HTTP, curl, fetch() code and arguments,
// HAR) and no reader that feeds one (HAR, curl) lets a CR, LF or NUL into a
// method or header, where it would put a line on the wire the request did not
// have. All refuse with the raw-HTTP writer's codes, from one shared check.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { allFormats, ConversionError } from "../../src/convert/core.ts";
import type { HttpRequest } from "../../src/convert/core.ts";
import { stringifyRequest } from "../../src/convert/string.ts";
import * as curl from "../../src/convert/curl.ts";
import * as fetchApi from "../../src/convert/fetch.ts";
import * as har from "../../src/convert/har.ts";
import { onTheWire, SKIP_WITHOUT_CURL, wireBody } from "./_curl_wire.ts";

/** The examples, and the code every writer must refuse them with. */
const INJECTIONS: Array<[string, HttpRequest, string]> = [
  ["CRLF in a header value", {
    method: "GET",
    url: "http://127.0.0.1:9/",
    headers: { "x-a": "1\r\nX-Injected: yes" },
  }, "INVALID_HEADER"],
  ["a bare LF in a header value", {
    method: "GET",
    url: "http://127.0.0.1:9/",
    headers: { "x-a": "1\nX-Injected: yes" },
  }, "INVALID_HEADER"],
  ["a bare CR in a repeated value", {
    method: "GET",
    url: "http://127.0.0.1:9/",
    headers: { "set-cookie": ["a=1", "b=2\rX-Injected: yes"] },
  }, "INVALID_HEADER"],
  ["a header name with a line break", {
    method: "GET",
    url: "http://127.0.0.1:9/",
    headers: { "x-a\r\nX-Injected": "yes" },
  }, "INVALID_HEADER"],
  ["a whole request line in the method", {
    method: "GET / HTTP/1.1\r\nX-Injected: yes\r\nX-Pad:",
    url: "http://127.0.0.1:9/",
    headers: {},
  }, "INVALID_REQUEST_LINE"],
  ["a bare LF in the method", {
    method: "GET\nX-Injected: yes",
    url: "http://127.0.0.1:9/",
    headers: {},
  }, "INVALID_REQUEST_LINE"],
];

const WRITERS: Array<[string, (r: HttpRequest) => Promise<unknown>]> = [
  ["string.stringifyRequest", (r) => stringifyRequest(r)],
  ["curl.fromRequest", (r) => curl.fromRequest(r)],
  ["curl.fromRequest pretty", (r) => curl.fromRequest(r, { pretty: true })],
  ["fetch.toCode", (r) => fetchApi.toCode(r)],
  ["fetch.fromRequest", (r) => fetchApi.fromRequest(r)],
  ["har.fromRequest", (r) => har.fromRequest(r)],
  ["allFormats", (r) => allFormats(r)],
];

function refusedWith(code: string) {
  return (error: unknown) => {
    assert.ok(error instanceof ConversionError, String(error));
    assert.equal(error.code, code);
    return true;
  };
}

/** A HAR entry carrying `request` as a browser would write it. */
function hostileHar(request: HttpRequest) {
  return {
    request: {
      method: request.method,
      url: request.url,
      httpVersion: "HTTP/1.1",
      headers: Object.entries(request.headers).flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value]).map((v) => ({
          name,
          value: v,
        }))
      ),
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: -1,
    },
  };
}

describe("writers refuse CR, LF and NUL in methods and headers", () => {
  for (const [what, request, code] of INJECTIONS) {
    it(`${what}: every writer throws ${code}`, async () => {
      for (const [name, write] of WRITERS) {
        await assert.rejects(write(request), refusedWith(code), name);
      }
    });
    it(`${what}: har.toRequest of a hostile HAR throws ${code}`, () => {
      assert.throws(
        () => har.toRequest(hostileHar(request)),
        refusedWith(code),
      );
      assert.throws(
        () => har.toRequests({ log: { entries: [hostileHar(request)] } }),
        refusedWith(code),
      );
    });
  }

  it("a NUL in a header value is refused too", async () => {
    const request = {
      method: "GET",
      url: "http://h.test/",
      headers: { a: "x\0y" },
    };
    for (const [name, write] of WRITERS) {
      await assert.rejects(
        write(request),
        refusedWith("INVALID_HEADER"),
        name,
      );
    }
  });

  it("HAR response headers are checked on the way in and out", async () => {
    const response = {
      statusCode: 200,
      statusText: "OK",
      httpVersion: "1.1",
      headers: { "set-cookie": "a=1\r\nX-Injected: yes" },
    };
    await assert.rejects(
      har.fromResponse(response),
      refusedWith("INVALID_HEADER"),
    );
    assert.throws(
      () =>
        har.toResponse({
          status: 200,
          statusText: "OK",
          httpVersion: "HTTP/1.1",
          headers: [{ name: "x-a", value: "1\nX-Injected: yes" }],
          cookies: [],
          content: { size: 0, mimeType: "text/plain" },
          redirectURL: "",
          headersSize: -1,
          bodySize: -1,
        }),
      refusedWith("INVALID_HEADER"),
    );
  });
});

describe("curl.toRequest refuses what curl would inject", () => {
  it("CR/LF in -H, -X or a header an option sets", () => {
    const cases: Array<[string, string, number | undefined]> = [
      [
        "curl http://h.test/ -H $'x-a: 1\\r\\nX-Injected: yes'",
        "INVALID_HEADER",
        20,
      ],
      ["curl http://h.test/ -H $'x-a\\nX: 1'", "INVALID_HEADER", 20],
      ["curl http://h.test/ -H $'x-a\\r\\nX;'", "INVALID_HEADER", 20],
      [
        "curl http://h.test/ -X $'GET / HTTP/1.1\\r\\nX-Injected: yes\\r\\nX-Pad:'",
        "INVALID_REQUEST_LINE",
        20,
      ],
      [
        "curl http://h.test/ -A $'ua\\r\\nX-Injected: yes'",
        "INVALID_HEADER",
        undefined,
      ],
      [
        "curl http://h.test/ -b $'a=1\\nX-Injected: yes'",
        "INVALID_HEADER",
        undefined,
      ],
    ];
    for (const [command, code, offset] of cases) {
      assert.throws(() => curl.toRequest(command), (error: unknown) => {
        assert.ok(error instanceof ConversionError, command);
        assert.equal(error.code, code, command);
        if (offset !== undefined) assert.equal(error.offset, offset, command);
        return true;
      });
    }
  });
});

describe("on the wire, a generated command sends no injected line", {
  skip: SKIP_WITHOUT_CURL,
}, () => {
  it("CR/LF in the URL and body stay inside them; nothing else goes out", async () => {
    const injected = "\r\nX-Injected: yes\r\n\r\nGET /smuggled HTTP/1.1\r\n";
    const body = `a=1${injected}`;
    for (const pretty of [false, true]) {
      const { requests, stderr } = await onTheWire((origin) =>
        curl.fromRequest({
          method: "POST",
          url: `${origin}/p${injected}`,
          headers: { "content-type": "text/plain", "x-ok": "1" },
          body,
        }, { pretty })
      );
      assert.equal(requests.length, 1, stderr);
      const [sent] = requests;
      // One request line, the URL's CR/LF percent-encoded in it.
      assert.equal(sent.method, "POST");
      assert.equal(
        sent.target,
        "/p%0D%0AX-Injected:%20yes%0D%0A%0D%0AGET%20/smuggled%20HTTP/1.1%0D%0A",
      );
      assert.deepEqual(
        sent.headers.map(([name]) => name.toLowerCase()).sort(),
        [
          "accept",
          "content-length",
          "content-type",
          "host",
          "user-agent",
          "x-ok",
        ],
      );
      assert.doesNotMatch(sent.head, /\r\n(?:X-Injected|GET \/smuggled)/);
      assert.equal(wireBody(sent), body);
    }
  });

  it("a command curl.toRequest refuses would inject on the wire: it is not converted", async () => {
    // What the refusal protects from: real curl sends the CRLF as written.
    const command = (origin: string) =>
      `curl -s ${origin}/h -H $'x-a: 1\r\nX-Injected: yes'`;
    const { requests } = await onTheWire(command);
    assert.equal(requests.length, 1);
    assert.match(requests[0].head, /\r\nX-Injected: yes(\r\n|$)/);
    assert.throws(
      () => curl.toRequest(command("http://h.test")),
      refusedWith("INVALID_HEADER"),
    );
  });
});
