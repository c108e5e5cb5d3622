// HAR conversion: writing valid entries, reading browser exports, and
// malformed input failing with the path of the offending field.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  contentBytes,
  fromRequest,
  fromRequests,
  fromResponse,
  type HarEntry,
  toExchanges,
  toLog,
  toRequest,
  toRequests,
  toResponse,
} from "../../src/convert/har.ts";
import { ConversionError } from "../../src/convert/string.ts";

const STARTED = "2024-05-01T12:00:00.000Z";
const at = { startedDateTime: STARTED };

function conversionError(code: string, path?: string) {
  return (error: unknown): boolean => {
    assert.ok(
      error instanceof ConversionError,
      `not a ConversionError: ${error}`,
    );
    assert.equal(error.code, code);
    if (path !== undefined) assert.equal(error.path, path);
    return true;
  };
}

describe("fromRequest", () => {
  it("writes every required field with defaults", async () => {
    const entry = await fromRequest(
      {
        method: "GET",
        url: "https://example.com/a?x=1",
        headers: { accept: "*/*" },
      },
      at,
    );
    assert.equal(entry.startedDateTime, STARTED);
    assert.equal(entry.time, 0);
    assert.deepEqual(entry.cache, {});
    assert.deepEqual(entry.timings, {
      blocked: -1,
      dns: -1,
      connect: -1,
      send: 0,
      wait: 0,
      receive: 0,
      ssl: -1,
    });
    assert.equal("serverIPAddress" in entry, false);
    assert.equal(entry.request.httpVersion, "HTTP/1.1");
    assert.deepEqual(entry.request.headers, [{ name: "accept", value: "*/*" }]);
    assert.deepEqual(entry.request.queryString, [{ name: "x", value: "1" }]);
    assert.equal(entry.request.bodySize, 0);
    assert.equal(entry.request.postData, undefined);
    // "GET /a?x=1 HTTP/1.1\r\n" (21) + "accept: */*\r\n" (13) + "\r\n" (2)
    assert.equal(entry.request.headersSize, 36);
    assert.equal(entry.response.status, 0);
  });

  it("counts the request line as sent: origin-form target whatever the scheme's case, no fragment", async () => {
    // "GET /a?x=1 HTTP/1.1\r\n" (21) + "accept: */*\r\n" (13) + "\r\n" (2)
    for (
      const url of [
        "https://example.com/a?x=1",
        "HTTPS://EXAMPLE.COM/a?x=1",
        "Http://example.com/a?x=1",
        "https://example.com/a?x=1#section",
      ]
    ) {
      const entry = await fromRequest(
        { method: "GET", url, headers: { accept: "*/*" } },
        at,
      );
      assert.equal(entry.request.headersSize, 36, url);
    }
  });

  it("writes no empty serverIPAddress, and resolves a host header with blanks around it", async () => {
    const entry = await fromRequest(
      { method: "GET", url: "/p", headers: { host: " api.test:8080 " } },
      { ...at, serverIPAddress: "" },
    );
    assert.equal("serverIPAddress" in entry, false);
    assert.equal(entry.request.url, "http://api.test:8080/p");
  });

  it("defaults startedDateTime to the call time; timings sum into time", async () => {
    const before = Date.now();
    const entry = await fromRequest(
      { method: "GET", url: "https://example.com/", headers: {} },
      {
        timings: { dns: 3, connect: 10, ssl: 6, send: 1, wait: 20, receive: 4 },
      },
    );
    const started = Date.parse(entry.startedDateTime);
    assert.ok(started >= before && started <= Date.now());
    assert.equal(entry.time, 38); // ssl is inside connect
    assert.equal(entry.timings.blocked, -1);
  });

  it("refuses a timing that HAR cannot carry, naming it, and keeps -1 and 0", async () => {
    const get = { method: "GET", url: "https://e.x/", headers: {} };
    for (
      const name of [
        "blocked",
        "dns",
        "connect",
        "ssl",
        "send",
        "wait",
        "receive",
      ]
    ) {
      for (const bad of [NaN, Infinity, -Infinity, -2, -0.5, "5", true]) {
        await assert.rejects(
          fromRequest(get, { ...at, timings: { [name]: bad as never } }),
          conversionError("INVALID_OPTION", `timings.${name}`),
          `${name}: ${String(bad)}`,
        );
      }
      // -1 ("does not apply") and 0 are both timings.
      for (const good of [-1, 0, 2.5]) {
        const entry = await fromRequest(get, {
          ...at,
          timings: { [name]: good },
        });
        assert.equal(entry.timings[name as "wait"], good, `${name}: ${good}`);
        assert.equal(entry.time, Math.max(0, name === "ssl" ? 0 : good));
        assert.equal(typeof JSON.parse(JSON.stringify(entry)).time, "number");
      }
    }
  });

  it("resolves relative URLs from the host header, else the default origin", async () => {
    const withHost = await fromRequest(
      { method: "GET", url: "/p?q=a+b", headers: { host: "api.test:8080" } },
      at,
    );
    assert.equal(withHost.request.url, "http://api.test:8080/p?q=a+b");
    assert.deepEqual(withHost.request.queryString, [{
      name: "q",
      value: "a b",
    }]);
    const https = await fromRequest(
      { method: "GET", url: "/p", headers: { host: "api.test" } },
      { ...at, defaultOrigin: "https://ignored.example" },
    );
    assert.equal(https.request.url, "https://api.test/p");
    const noHost = await fromRequest(
      { method: "GET", url: "/p", headers: {} },
      at,
    );
    assert.equal(noHost.request.url, "http://localhost/p");
    const origin = await fromRequest(
      { method: "GET", url: "/p", headers: {} },
      { ...at, defaultOrigin: "https://api.example.com" },
    );
    assert.equal(origin.request.url, "https://api.example.com/p");
  });

  it("normalises URLs that a URI cannot carry raw, keeps others as written", async () => {
    const spaced = await fromRequest(
      { method: "GET", url: "https://example.com/a b?é=1", headers: {} },
      at,
    );
    assert.equal(spaced.request.url, "https://example.com/a%20b?%C3%A9=1");
    assert.deepEqual(spaced.request.queryString, [{ name: "é", value: "1" }]);
    const kept = await fromRequest(
      { method: "GET", url: "https://EXAMPLE.com/x/../y", headers: {} },
      at,
    );
    assert.equal(kept.request.url, "https://EXAMPLE.com/x/../y");
  });

  it("writes form params (decoded, malformed escapes kept) and byte sizes", async () => {
    const entry = await fromRequest({
      method: "POST",
      url: "https://example.com/f",
      headers: {
        "content-type": "application/x-www-form-urlencoded; charset=UTF-8",
      },
      body: "a=1+2&b=%C3%A9&c=%zz&flag",
    }, at);
    assert.deepEqual(entry.request.postData, {
      mimeType: "application/x-www-form-urlencoded; charset=UTF-8",
      text: "a=1+2&b=%C3%A9&c=%zz&flag",
      params: [
        { name: "a", value: "1 2" },
        { name: "b", value: "é" },
        { name: "c", value: "%zz" },
        { name: "flag", value: "" },
      ],
    });
    const utf8 = await fromRequest(
      { method: "POST", url: "https://example.com/", headers: {}, body: "é😀" },
      at,
    );
    assert.equal(utf8.request.bodySize, 6);
    assert.deepEqual(utf8.request.postData, { mimeType: "", text: "é😀" });
  });

  it("decodes every valid escape of a param, keeping only the malformed ones", async () => {
    const entry = await fromRequest({
      method: "POST",
      url: "https://a.example/p?q=100%+Jos%C3%A9&r=%C3%A9%FF%41%E2%82",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "msg=50%+off+for+Jos%C3%A9&%zz%C3%A9=%F0%9F%98%80%",
    }, at);
    assert.deepEqual(entry.request.postData?.params, [
      { name: "msg", value: "50% off for José" },
      { name: "%zzé", value: "😀%" },
    ]);
    assert.deepEqual(entry.request.queryString, [
      { name: "q", value: "100% José" },
      { name: "r", value: "é%FFA%E2%82" },
    ]);
  });

  it("keeps multipart bodies as text without params", async () => {
    const body =
      '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n';
    const entry = await fromRequest({
      method: "POST",
      url: "https://example.com/",
      headers: { "content-type": "multipart/form-data; boundary=b" },
      body,
    }, at);
    assert.equal(entry.request.postData?.text, body);
    assert.equal(entry.request.postData?.params, undefined);
  });

  it("parses cookies from the cookie header", async () => {
    const entry = await fromRequest({
      method: "GET",
      url: "https://example.com/",
      headers: { cookie: "a=1; b=x=y;  c=" },
    }, at);
    assert.deepEqual(entry.request.cookies, [
      { name: "a", value: "1" },
      { name: "b", value: "x=y" },
      { name: "c", value: "" },
    ]);
  });

  it("writes versions in HTTP/x form", async () => {
    for (
      const [given, expected] of [
        ["1.0", "HTTP/1.0"],
        ["2", "HTTP/2"],
        ["3", "HTTP/3"],
        ["HTTP/1.1", "HTTP/1.1"],
        [undefined, "HTTP/1.1"],
      ] as const
    ) {
      const entry = await fromRequest(
        { method: "GET", url: "https://e.x/", headers: {}, httpVersion: given },
        at,
      );
      assert.equal(entry.request.httpVersion, expected);
    }
  });

  it("reads native Requests without consuming them; non-UTF-8 bodies go base64", async () => {
    const native = new Request("https://example.com/up", {
      method: "POST",
      headers: { "Content-Type": "application/octet-stream" },
      body: new Uint8Array([0xff, 0xfe, 0x00, 0x41]),
    });
    const entry = await fromRequest(native, at);
    assert.equal(native.bodyUsed, false);
    assert.deepEqual(entry.request.postData, {
      mimeType: "application/octet-stream",
      text: "//4AQQ==",
      _encoding: "base64",
    });
    assert.equal(entry.request.bodySize, 4);
    const back = toRequest(entry);
    assert.equal(back.body, "\xff\xfe\x00A");
    assert.deepEqual(
      contentBytes(entry.request.postData!),
      new Uint8Array([0xff, 0xfe, 0, 0x41]),
    );
  });

  it("reads latin1 binary strings with bodyEncoding: binary", async () => {
    const entry = await fromRequest(
      { method: "PUT", url: "https://e.x/", headers: {}, body: "\xff\x00" },
      { ...at, bodyEncoding: "binary" },
    );
    assert.equal(entry.request.postData?._encoding, "base64");
    const utf8 = await fromRequest(
      { method: "PUT", url: "https://e.x/", headers: {}, body: "\xc3\xa9" },
      { ...at, bodyEncoding: "binary" },
    );
    assert.deepEqual(utf8.request.postData, { mimeType: "", text: "é" });
    await assert.rejects(
      fromRequest(
        { method: "PUT", url: "https://e.x/", headers: {}, body: "é€" },
        { bodyEncoding: "binary" },
      ),
      conversionError("INVALID_INPUT", "body"),
    );
  });

  it("rejects bodies with lone surrogates, bad dates and bad input", async () => {
    await assert.rejects(
      fromRequest({
        method: "POST",
        url: "https://e.x/",
        headers: {},
        body: "a\ud800",
      }),
      conversionError("INVALID_INPUT", "body"),
    );
    await assert.rejects(
      fromRequest({ method: "GET", url: "https://e.x/", headers: {} }, {
        startedDateTime: "yesterday",
      }),
      conversionError("INVALID_OPTION", "startedDateTime"),
    );
    for (const startedDateTime of [0, null, {}, [], Symbol("t")]) {
      await assert.rejects(
        fromRequest({ method: "GET", url: "https://e.x/", headers: {} }, {
          startedDateTime: startedDateTime as never,
        }),
        conversionError("INVALID_OPTION", "startedDateTime"),
      );
    }
    await assert.rejects(
      fromRequest({ method: "GET", url: "https://e.x/", headers: {} }, {
        startedDateTime: new Date(NaN),
      }),
      conversionError("INVALID_OPTION", "startedDateTime"),
    );
    await assert.rejects(
      fromRequest(null as never),
      conversionError("INVALID_INPUT"),
    );
    await assert.rejects(
      fromRequest({ method: "GET", url: "http://[::1", headers: {} }),
      conversionError("INVALID_URL", "url"),
    );
  });
});

describe("fromResponse", () => {
  it("merges request and response into one entry", async () => {
    const entry = await fromResponse(
      {
        statusCode: 302,
        statusText: "Found",
        httpVersion: "1.1",
        headers: { location: "/next", "content-type": "text/plain" },
        body: "moved",
      },
      { method: "GET", url: "https://example.com/old", headers: {} },
      { ...at, timings: { wait: 7, receive: 2 }, serverIPAddress: "10.0.0.1" },
    );
    assert.equal(entry.request.url, "https://example.com/old");
    assert.equal(entry.response.status, 302);
    assert.equal(entry.response.redirectURL, "/next");
    assert.deepEqual(entry.response.content, {
      size: 5,
      mimeType: "text/plain",
      text: "moved",
    });
    assert.equal(entry.response.bodySize, 5);
    // "HTTP/1.1 302 Found\r\n" (20) + "location: /next\r\n" (17) + "content-type: text/plain\r\n" (26) + 2
    assert.equal(entry.response.headersSize, 65);
    assert.equal(entry.time, 9);
    assert.equal(entry.serverIPAddress, "10.0.0.1");
  });

  it("turns Set-Cookie attributes into cookie fields, one cookie per header", async () => {
    const entry = await fromResponse(
      {
        statusCode: 200,
        statusText: "OK",
        httpVersion: "1.1",
        headers: {
          "set-cookie": [
            "sid=abc=; Path=/; Domain=.example.com; Expires=Wed, 21 Oct 2026 07:28:00 GMT; HttpOnly; Secure; SameSite=Strict",
            "theme=dark; Max-Age=3600; Expires=Wed, 21 Oct 2015 07:28:00 GMT",
            "gone=; Max-Age=0; Priority=High; Partitioned",
          ],
        },
      },
      undefined,
      at,
    );
    assert.deepEqual(entry.response.cookies, [
      {
        name: "sid",
        value: "abc=",
        path: "/",
        domain: ".example.com",
        expires: "2026-10-21T07:28:00.000Z",
        httpOnly: true,
        secure: true,
        sameSite: "Strict",
      },
      { name: "theme", value: "dark", expires: "2024-05-01T13:00:00.000Z" },
      { name: "gone", value: "", expires: STARTED },
    ]);
    assert.equal(entry.request.url, "http://localhost/");
  });

  it("caps a Max-Age expiry past the latest Date at that date", async () => {
    const latest = "+275760-09-13T00:00:00.000Z";
    const response = (cookie: string) => ({
      statusCode: 200,
      statusText: "OK",
      httpVersion: "1.1",
      headers: { "set-cookie": cookie },
    });
    const huge = await fromResponse(
      response(
        `sid=1; Max-Age=9000000000000; Path=/; Max-Age=${"9".repeat(400)}`,
      ),
      undefined,
      at,
    );
    assert.deepEqual(huge.response.cookies, [
      { name: "sid", value: "1", path: "/", expires: latest },
    ]);
    const late = await fromResponse(response("a=1; Max-Age=100"), undefined, {
      startedDateTime: latest,
    });
    assert.deepEqual(late.response.cookies, [
      { name: "a", value: "1", expires: latest },
    ]);
  });

  it("writes base64 only for bodies that are not UTF-8 text", async () => {
    for (const text of ["abcd", "true", "aGVsbG8=", "", "é"]) {
      const entry = await fromResponse(new Response(text), undefined, at);
      assert.equal(entry.response.content.encoding, undefined, text);
      assert.equal(entry.response.content.text, text);
    }
    const png = new Uint8Array([
      0x89,
      0x50,
      0x4e,
      0x47,
      0x0d,
      0x0a,
      0x1a,
      0x0a,
      0xff,
    ]);
    const entry = await fromResponse(
      new Response(png, { headers: { "content-type": "image/png" } }),
      undefined,
      at,
    );
    assert.equal(entry.response.content.encoding, "base64");
    assert.equal(entry.response.content.size, 9);
    assert.deepEqual(contentBytes(entry), png);
    assert.equal(toResponse(entry).body, "\x89PNG\r\n\x1a\n\xff");
  });

  it("uses the native Response url for a response-only entry", async () => {
    const response = Response.redirect("https://example.com/x", 301);
    const entry = await fromResponse(response, undefined, at);
    assert.equal(entry.response.redirectURL, "https://example.com/x");
  });

  it("round-trips through toResponse", async () => {
    const response = {
      statusCode: 404,
      statusText: "Not Found",
      httpVersion: "2",
      headers: {
        "content-type": "application/json",
        "set-cookie": ["a=1", "b=2"],
      },
      body: '{"error":"nope"}',
    };
    const entry = await fromResponse(response, undefined, at);
    assert.deepEqual(toResponse(JSON.parse(JSON.stringify(entry))), response);
  });
});

// Trimmed-down but faithful shapes of real browser exports.
const chromeEntry = {
  _initiator: { type: "script" },
  _priority: "High",
  _resourceType: "fetch",
  cache: {},
  connection: "443",
  pageref: "page_1",
  request: {
    method: "POST",
    url: "https://api.example.com/search?q=caf%C3%A9&tag=a+b",
    httpVersion: "http/2.0",
    headers: [
      { name: ":authority", value: "api.example.com" },
      { name: ":method", value: "POST" },
      { name: ":path", value: "/search?q=caf%C3%A9&tag=a+b" },
      { name: ":scheme", value: "https" },
      { name: "accept", value: "application/json" },
      { name: "content-type", value: "application/json" },
      { name: "cookie", value: "sid=1; lang=en" },
    ],
    queryString: [
      { name: "q", value: "caf%C3%A9" },
      { name: "tag", value: "a+b" },
    ],
    cookies: [
      {
        name: "sid",
        value: "1",
        path: "/",
        domain: "api.example.com",
        expires: "2030-01-01T00:00:00.000Z",
        httpOnly: true,
        secure: true,
        sameSite: "Lax",
      },
      {
        name: "lang",
        value: "en",
        path: "/",
        domain: "api.example.com",
        expires: null,
        httpOnly: false,
        secure: false,
      },
    ],
    headersSize: -1,
    bodySize: 13,
    postData: { mimeType: "application/json", text: '{"q":"café"}' },
  },
  response: {
    status: 200,
    statusText: "",
    httpVersion: "http/2.0",
    headers: [{ name: "content-type", value: "application/json" }],
    cookies: [],
    content: { size: 2, mimeType: "application/json", text: "{}" },
    redirectURL: "",
    headersSize: -1,
    bodySize: -1,
    _transferSize: 120,
    _error: null,
  },
  serverIPAddress: "93.184.216.34",
  startedDateTime: "2024-05-01T12:00:00.000Z",
  time: 54.2,
  timings: {
    blocked: 1.2,
    dns: -1,
    ssl: -1,
    connect: -1,
    send: 0.1,
    wait: 50,
    receive: 2.9,
    _blocked_queueing: 0.8,
  },
};

const firefoxEntry = {
  startedDateTime: "2024-05-01T12:00:00.000+02:00",
  request: {
    bodySize: 17,
    method: "POST",
    url: "https://example.com/login",
    httpVersion: "HTTP/1.1",
    headers: [
      { name: "Host", value: "example.com" },
      { name: "Content-Type", value: "application/x-www-form-urlencoded" },
    ],
    cookies: [],
    queryString: [],
    headersSize: 320,
    postData: {
      mimeType: "application/x-www-form-urlencoded",
      params: [{ name: "user", value: "ada" }, { name: "pw", value: "a&b c" }],
      text: "user=ada&pw=a%26b+c",
    },
  },
  response: {
    status: 200,
    statusText: "OK",
    httpVersion: "HTTP/1.1",
    headers: [],
    cookies: [],
    content: { mimeType: "text/html; charset=utf-8", size: 0, text: "" },
    redirectURL: "",
    headersSize: 100,
    bodySize: 0,
  },
  cache: {},
  timings: {
    blocked: 0,
    dns: 0,
    connect: 0,
    ssl: 0,
    send: 0,
    wait: 10,
    receive: 0,
  },
  time: 10,
  _securityState: "secure",
};

// Safari writes few optional fields; some tools write params without text.
const sparseEntry = {
  request: {
    method: "POST",
    url: "https://example.com/form",
    httpVersion: "h3",
    headers: [{ name: "Accept", value: "*/*" }],
    postData: {
      mimeType: "application/x-www-form-urlencoded",
      params: [{ name: "q", value: "a b&c" }, { name: "empty" }, {
        name: "pct",
        value: "100%",
      }],
    },
  },
  response: { status: 204, content: { mimeType: "x-unknown" } },
};

describe("toRequest: browser exports", () => {
  it("keeps headers named like Object.prototype members as ordinary entries", () => {
    const request = toRequest({
      request: {
        method: "GET",
        url: "https://example.com/",
        headers: [
          { name: "Constructor", value: "a" },
          { name: "constructor", value: "b" },
          { name: "__proto__", value: "c" },
          { name: "toString", value: "d" },
        ],
      },
    });
    const headers = request.headers;
    assert.deepEqual(Object.keys(headers), [
      "constructor",
      "__proto__",
      "tostring",
    ]);
    assert.deepEqual(headers.constructor, ["a", "b"]);
    assert.equal(
      Object.getOwnPropertyDescriptor(headers, "__proto__")?.value,
      "c",
    );
    assert.equal(headers.tostring, "d");
    assert.equal(Object.getPrototypeOf(headers), Object.prototype);
  });

  it("Chrome: drops pseudo-headers, normalises http/2.0, no duplicate query", () => {
    const request = toRequest(chromeEntry as never);
    assert.deepEqual(request, {
      method: "POST",
      url: "https://api.example.com/search?q=caf%C3%A9&tag=a+b",
      headers: {
        accept: "application/json",
        "content-type": "application/json",
        cookie: "sid=1; lang=en",
      },
      httpVersion: "2",
      body: '{"q":"café"}',
    });
  });

  it("Firefox: text wins over params, headers lowercased", () => {
    assert.deepEqual(toRequest(firefoxEntry as never), {
      method: "POST",
      url: "https://example.com/login",
      headers: {
        host: "example.com",
        "content-type": "application/x-www-form-urlencoded",
      },
      httpVersion: "1.1",
      body: "user=ada&pw=a%26b+c",
    });
  });

  it("params only: rebuilds the urlencoded body; h3 → 3", () => {
    assert.deepEqual(toRequest(sparseEntry), {
      method: "POST",
      url: "https://example.com/form",
      headers: {
        accept: "*/*",
        "content-type": "application/x-www-form-urlencoded",
      },
      httpVersion: "3",
      body: "q=a+b%26c&empty=&pct=100%25",
    });
    assert.deepEqual(toResponse(sparseEntry), {
      statusCode: 204,
      statusText: "",
      httpVersion: "1.1",
      headers: {},
    });
  });

  it("params only, multipart: rebuilds with the mimeType boundary or adds one", () => {
    const params = [
      { name: "field", value: "v" },
      {
        name: 'up"load',
        fileName: "a.txt",
        contentType: "text/plain",
        value: "hi",
      },
    ];
    const withBoundary = toRequest({
      request: {
        method: "POST",
        url: "https://e.x/",
        postData: { mimeType: "multipart/form-data; boundary=XyZ", params },
      },
    });
    assert.equal(
      withBoundary.headers["content-type"],
      "multipart/form-data; boundary=XyZ",
    );
    assert.equal(
      withBoundary.body,
      '--XyZ\r\nContent-Disposition: form-data; name="field"\r\n\r\nv\r\n' +
        '--XyZ\r\nContent-Disposition: form-data; name="up%22load"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhi\r\n' +
        "--XyZ--\r\n",
    );
    const without = toRequest({
      request: {
        method: "POST",
        url: "https://e.x/",
        postData: { mimeType: "multipart/form-data", params },
      },
    });
    const type = String(without.headers["content-type"]);
    const boundary = /boundary=(.+)$/.exec(type)![1];
    assert.ok(without.body!.startsWith(`--${boundary}\r\n`));
    assert.ok(without.body!.endsWith(`--${boundary}--\r\n`));
    // A boundary-less mimeType beside a Content-Type header that has one
    // (any letter case): the header's boundary, the header kept (the
    // convert draw 20261188's survivor replaced both with its own).
    for (const name of ["content-type", "Content-Type"]) {
      const fromHeader = toRequest({
        request: {
          method: "POST",
          url: "https://e.x/",
          headers: [{ name, value: "multipart/form-data; boundary=HdR" }],
          postData: { mimeType: "multipart/form-data", params },
        },
      });
      assert.deepEqual(
        fromHeader.headers,
        { "content-type": "multipart/form-data; boundary=HdR" },
        name,
      );
      assert.ok(fromHeader.body!.startsWith("--HdR\r\n"), name);
      assert.ok(fromHeader.body!.endsWith("--HdR--\r\n"), name);
    }
  });

  it("multipart text with a boundary-less mimeType gets the body's boundary", () => {
    const text =
      '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--XyZ--\r\n';
    const request = toRequest({
      request: {
        method: "POST",
        url: "https://e.x/",
        postData: { mimeType: "multipart/form-data", text },
      },
    });
    assert.equal(
      request.headers["content-type"],
      "multipart/form-data; boundary=XyZ",
    );
    assert.equal(request.body, text);
  });

  it("merges queryString with the URL query without duplication", () => {
    const request = toRequest({
      request: {
        method: "GET",
        url: "https://e.x/p?a=1&b=x%20y#frag",
        queryString: [
          { name: "a", value: "1" },
          { name: "b", value: "x y" },
          { name: "c", value: "3 4" },
          { name: "a", value: "1" },
        ],
      },
    });
    assert.equal(request.url, "https://e.x/p?a=1&b=x%20y&c=3%204&a=1#frag");
    const noQuery = toRequest({
      request: {
        method: "GET",
        url: "https://e.x/p",
        queryString: [{ name: "k", value: "v&w" }],
      },
    });
    assert.equal(noQuery.url, "https://e.x/p?k=v%26w");
  });

  it("recognises a URL pair with a malformed escape in any exporter's decoding", () => {
    const url = "https://a.example/p?d=50%+Jos%C3%A9&e=%FF%41";
    for (
      const queryString of [
        [...new URL(url).searchParams].map(([name, value]) => ({
          name,
          value,
        })),
        [{ name: "d", value: "50% José" }, { name: "e", value: "%FFA" }],
        [{ name: "d", value: "50%+Jos%C3%A9" }, { name: "e", value: "%FF%41" }],
      ]
    ) {
      const request = toRequest({
        request: { method: "GET", url, headers: [], queryString },
      });
      assert.equal(request.url, url, JSON.stringify(queryString));
    }
  });

  it("normalises every version spelling", () => {
    const cases: Array<[string, string | undefined]> = [
      ["HTTP/1.1", "1.1"],
      ["http/1.0", "1.0"],
      ["http/2.0", "2"],
      ["HTTP/2", "2"],
      ["h2", "2"],
      ["h2c", "2"],
      ["h3", "3"],
      ["HTTP/3", "3"],
      ["h3-29", "3"],
      ["", undefined],
      ["unknown", undefined],
    ];
    for (const [written, expected] of cases) {
      const request = toRequest({
        request: { method: "GET", url: "https://e.x/", httpVersion: written },
      });
      assert.equal(request.httpVersion, expected, written);
    }
  });

  it("builds a cookie header from cookies when the headers have none", () => {
    const request = toRequest({
      request: {
        method: "GET",
        url: "https://e.x/",
        cookies: [{ name: "a", value: "1" }, { name: "b", value: "2" }],
      },
    });
    assert.equal(request.headers.cookie, "a=1; b=2");
  });

  it("accepts a bare HAR request object", () => {
    assert.equal(toRequest(chromeEntry.request as never).method, "POST");
  });

  it("reads content.encoding and form and multipart media types in any letter case", async () => {
    for (const encoding of ["Base64", "BASE64"]) {
      const binary = {
        response: { status: 200, content: { text: "AP8=", encoding } },
      };
      assert.equal(toResponse(binary).body, "\x00\xff", encoding);
      assert.deepEqual(contentBytes(binary), new Uint8Array([0, 255]));
    }
    // Media types are case-insensitive (RFC 9110 §8.3.1).
    const form = await fromRequest({
      method: "POST",
      url: "https://example.com/f",
      headers: { "content-type": "Application/X-WWW-Form-URLEncoded" },
      body: "a=1+2&b=%c3%a9",
    }, at);
    assert.deepEqual(form.request.postData?.params, [
      { name: "a", value: "1 2" },
      { name: "b", value: "é" },
    ]);
    const multipart = toRequest({
      request: {
        method: "POST",
        url: "https://e.x/",
        postData: {
          mimeType: "Multipart/Form-Data; Boundary=XyZ",
          params: [{ name: "field", value: "v" }],
        },
      },
    });
    assert.equal(
      multipart.body,
      '--XyZ\r\nContent-Disposition: form-data; name="field"\r\n\r\nv\r\n--XyZ--\r\n',
    );
  });

  it("decodes base64 response content to text or latin1, and contentBytes is exact", () => {
    const utf8 = toResponse({
      response: { status: 200, content: { text: "w6k=", encoding: "base64" } },
    });
    assert.equal(utf8.body, "é");
    const binary = {
      response: { status: 200, content: { text: "AP8=", encoding: "base64" } },
    };
    assert.equal(toResponse(binary).body, "\x00\xff");
    assert.deepEqual(contentBytes(binary), new Uint8Array([0, 255]));
    assert.deepEqual(
      contentBytes({ text: "é", mimeType: "" }),
      new Uint8Array([0xc3, 0xa9]),
    );
    // MIME-wrapped and unpadded base64 are accepted.
    assert.equal(
      toResponse({
        response: {
          status: 200,
          content: { text: "aGVs\r\nbG8", encoding: "base64" },
        },
      }).body,
      "hello",
    );
  });
});

describe("malformed HAR", () => {
  it("names the offending field", () => {
    const cases: Array<[unknown, string]> = [
      [{ response: {} }, "request"],
      [{ request: "GET /" }, "request"],
      [{ request: { url: "https://e.x/" } }, "request.method"],
      [{ request: { method: "GET", url: 42 } }, "request.url"],
      [{ request: { method: "GET", url: "" } }, "request.url"],
      [
        { request: { method: "GET", url: "https://e.x/", headers: {} } },
        "request.headers",
      ],
      [{
        request: {
          method: "GET",
          url: "https://e.x/",
          headers: [{ name: "a", value: 1 }],
        },
      }, "request.headers[0].value"],
      [
        { request: { method: "GET", url: "https://e.x/", headers: [null] } },
        "request.headers[0]",
      ],
      [{
        request: {
          method: "GET",
          url: "https://e.x/",
          queryString: [{ value: "x" }],
        },
      }, "request.queryString[0].name"],
      [
        { request: { method: "POST", url: "https://e.x/", postData: "x=1" } },
        "request.postData",
      ],
      [{
        request: {
          method: "POST",
          url: "https://e.x/",
          postData: { mimeType: "", text: 5 },
        },
      }, "request.postData.text"],
      [{
        request: {
          method: "POST",
          url: "https://e.x/",
          postData: { params: [{ name: "a", value: {} }] },
        },
      }, "request.postData.params[0].value"],
      [{
        request: {
          method: "POST",
          url: "https://e.x/",
          postData: { text: "x", _encoding: "gzip" },
        },
      }, "request.postData._encoding"],
      [{ log: { entries: [] } }, ""],
      [null, ""],
    ];
    for (const [input, path] of cases) {
      assert.throws(
        () => toRequest(input as never),
        conversionError("INVALID_HAR", path),
        JSON.stringify(input),
      );
    }
  });

  it("a lone surrogate in queryString or urlencoded params is INVALID_HAR at its field", () => {
    // Legal JSON text ("\ud800"), but it has no UTF-8 bytes to percent-encode.
    const query = String.raw`{"log":{"entries":[{"request":{"method":"GET",` +
      String.raw`"url":"http://a.com/","headers":[],` +
      String.raw`"queryString":[{"name":"a","value":"\ud800"}]}}]}}`;
    assert.throws(
      () => toRequests(query),
      conversionError(
        "INVALID_HAR",
        "log.entries[0].request.queryString[0].value",
      ),
    );
    assert.throws(
      () =>
        toRequest({
          request: {
            method: "GET",
            url: "http://a.com/",
            queryString: [{ name: "ok", value: "1" }, {
              name: "\udc00",
              value: "x",
            }],
          },
        } as never),
      conversionError("INVALID_HAR", "request.queryString[1].name"),
    );
    for (
      const [param, field] of [[{ name: "a", value: "\ud800" }, "value"], [
        { name: "\ud800", value: "a" },
        "name",
      ]] as const
    ) {
      assert.throws(
        () =>
          toRequest({
            method: "POST",
            url: "http://a.com/",
            headers: [],
            postData: {
              mimeType: "application/x-www-form-urlencoded",
              params: [param],
            },
          } as never),
        conversionError("INVALID_HAR", `postData.params[0].${field}`),
      );
    }
    // A pair the URL already carries as written is not re-encoded: no error.
    assert.equal(
      toRequest({
        method: "GET",
        url: "http://a.com/?a=\ud800",
        headers: [],
        queryString: [{ name: "a", value: "\ud800" }],
      } as never).url,
      "http://a.com/?a=\ud800",
    );
  });

  it("response errors: status type, content types, bad base64", () => {
    assert.throws(
      () => toResponse({ response: { status: "200" } } as never),
      conversionError("INVALID_HAR", "response.status"),
    );
    assert.throws(
      () => toResponse({ request: {} } as never),
      conversionError("INVALID_HAR", "response"),
    );
    assert.throws(
      () =>
        toResponse({
          response: {
            status: 200,
            content: { text: "ab$d", encoding: "base64" },
          },
        }),
      (error: unknown) =>
        conversionError("INVALID_BASE64", "response.content.text")(error) &&
        (error as ConversionError).offset === 2,
    );
    for (const text of ["abcde", "ab=c", "a===", "€€€€"]) {
      assert.throws(
        () =>
          toResponse({
            response: { status: 200, content: { text, encoding: "base64" } },
          }),
        conversionError("INVALID_BASE64", "response.content.text"),
        text,
      );
    }
    assert.throws(
      () =>
        toResponse({
          response: {
            status: 200,
            content: { text: "x", encoding: "quoted-printable" },
          },
        }),
      conversionError("INVALID_HAR", "response.content.encoding"),
    );
  });

  it("log-level paths include the entry index", () => {
    const entries: unknown[] = [0, 1, 2].map(() => ({
      request: { method: "GET", url: "https://e.x/" },
    }));
    entries.push({
      request: {
        method: "GET",
        url: "https://e.x/",
        headers: [{ name: "a", value: "b" }, { name: "c", value: false }],
      },
    });
    assert.throws(
      () => toRequests({ log: { entries } } as never),
      conversionError("INVALID_HAR", "log.entries[3].request.headers[1].value"),
    );
    assert.throws(
      () => toRequests({} as never),
      conversionError("INVALID_HAR", "log"),
    );
    assert.throws(
      () => toRequests({ log: {} } as never),
      conversionError("INVALID_HAR", "log.entries"),
    );
    assert.throws(
      () => toRequests("{not json"),
      conversionError("INVALID_HAR"),
    );
  });
});

describe("logs", () => {
  it("toLog wraps entries; toRequests/toExchanges read them back (also from JSON text)", async () => {
    const entries: HarEntry[] = [
      await fromRequest(
        { method: "GET", url: "https://e.x/a", headers: {} },
        at,
      ),
      await fromResponse(
        {
          statusCode: 201,
          statusText: "Created",
          httpVersion: "1.1",
          headers: {},
          body: "ok",
        },
        {
          method: "POST",
          url: "https://e.x/b",
          headers: { "content-type": "text/plain" },
          body: "hi",
        },
        at,
      ),
    ];
    const har = toLog(entries, {
      creator: { name: "t", version: "9" },
      comment: "c",
    });
    assert.equal(har.log.version, "1.2");
    assert.deepEqual(har.log.creator, { name: "t", version: "9" });
    assert.equal(toLog([]).log.creator.name, "switchyard");
    const text = JSON.stringify(har);
    assert.deepEqual(toRequests(text).map((r) => r.url), [
      "https://e.x/a",
      "https://e.x/b",
    ]);
    const exchanges = toExchanges(har);
    assert.equal(exchanges[1].request.body, "hi");
    assert.equal(exchanges[1].response.body, "ok");
    assert.equal(exchanges[0].response.statusCode, 0);
  });

  it("fromRequests builds a log with shared options", async () => {
    const har = await fromRequests(
      [
        { method: "GET", url: "https://e.x/", headers: {} },
        new Request("https://e.x/n", { method: "DELETE" }),
      ],
      { ...at, creator: { name: "x", version: "1" } },
    );
    assert.deepEqual(
      har.log.entries.map((e) => [e.request.method, e.startedDateTime]),
      [
        ["GET", STARTED],
        ["DELETE", STARTED],
      ],
    );
    assert.equal(har.log.creator.name, "x");
  });
});
