import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  allFormats,
  type AllFormatsOptions,
  type HttpRequest,
} from "../../src/convert/core.ts";

const STARTED = "2024-01-02T03:04:05.000Z";

const request: HttpRequest = {
  method: "POST",
  url: "https://example.com/users?page=2",
  headers: { "content-type": "application/json", accept: ["a/b", "c/d"] },
  body: '{"name":"Ada"}',
};

/** A Request that counts how often it is cloned. */
class CountingRequest extends Request {
  clones = 0;
  override clone(): Request {
    this.clones++;
    return super.clone();
  }
}

describe("allFormats", () => {
  it("routes each option to its own format", async () => {
    const options: AllFormatsOptions = {
      curl: { pretty: true },
      fetch: { async: true },
      string: { absoluteUrl: false },
      har: { startedDateTime: STARTED },
    };
    const formats = await allFormats(request, options);
    assert.ok(
      formats.curl.includes(" \\\n  -H "),
      `curl.pretty gives one option per line:\n${formats.curl}`,
    );
    assert.match(formats.fetchCode, /await fetch\(/);
    assert.doesNotMatch(formats.fetchCode, /\.then\(/);
    assert.equal(
      formats.httpString.split("\r\n")[0],
      "POST /users?page=2 HTTP/1.1",
    );
    assert.equal(formats.har.startedDateTime, STARTED);
  });

  it("without options each format uses its own defaults", async () => {
    const formats = await allFormats(request);
    assert.ok(!formats.curl.includes("\n"));
    assert.match(formats.fetchCode, /\.then\(/);
    assert.equal(
      formats.httpString.split("\r\n")[0],
      "POST https://example.com/users?page=2 HTTP/1.1",
    );
  });

  it("gives each format exactly as written by hand", async () => {
    const options: AllFormatsOptions = {
      curl: { pretty: true },
      fetch: { async: true, pretty: false },
      string: { absoluteUrl: false },
      har: { startedDateTime: STARTED },
    };
    const formats = await allFormats(request, options);
    assert.equal(
      formats.httpString,
      "POST /users?page=2 HTTP/1.1\r\nhost: example.com\r\n" +
        "content-type: application/json\r\naccept: a/b\r\naccept: c/d\r\n" +
        'content-length: 14\r\n\r\n{"name":"Ada"}',
    );
    assert.equal(
      formats.curl,
      "curl 'https://example.com/users?page=2' \\\n" +
        "  -H 'content-type: application/json' \\\n" +
        "  -H 'accept: a/b' \\\n" +
        "  -H 'accept: c/d' \\\n" +
        `  --data-raw '{"name":"Ada"}'`,
    );
    assert.equal(
      formats.fetchCode,
      'const response = await fetch("https://example.com/users?page=2", ' +
        '{ method: "POST", headers: [ ["content-type", "application/json"], ' +
        '["accept", "a/b"], ["accept", "c/d"] ], body: "{\\"name\\":\\"Ada\\"}" });\n' +
        "const text = await response.text();\nconsole.log(text);\n",
    );
    assert.equal(formats.har.startedDateTime, STARTED);
    assert.deepEqual(formats.har.request, {
      method: "POST",
      url: "https://example.com/users?page=2",
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: [
        { name: "content-type", value: "application/json" },
        { name: "accept", value: "a/b" },
        { name: "accept", value: "c/d" },
      ],
      queryString: [{ name: "page", value: "2" }],
      postData: { mimeType: "application/json", text: '{"name":"Ada"}' },
      // "POST /users?page=2 HTTP/1.1\r\n" (29) + three header lines
      // (32 + 13 + 13) + the blank line (2)
      headersSize: 89,
      bodySize: 14,
    });
  });

  it("reads a native Request once, from one clone, leaving it unread", async () => {
    const native = new CountingRequest(request.url, {
      method: request.method,
      headers: { "content-type": "application/json" },
      body: request.body,
    });
    const options: AllFormatsOptions = { har: { startedDateTime: STARTED } };
    const formats = await allFormats(native, options);
    assert.equal(native.clones, 1);
    assert.equal(native.bodyUsed, false);
    assert.equal(await native.text(), request.body);
    const plain: HttpRequest = {
      method: "POST",
      url: request.url,
      headers: { "content-type": "application/json" },
      body: request.body,
    };
    // The native request reads as `plain`: the same text as from `plain`.
    assert.deepEqual(formats, await allFormats(plain, options));
    assert.equal(
      formats.curl,
      "curl 'https://example.com/users?page=2' -H 'content-type: application/json' " +
        `--data-raw '{"name":"Ada"}'`,
    );
    assert.deepEqual(formats.har.request.headers, [
      { name: "content-type", value: "application/json" },
    ]);
    assert.equal(formats.har.request.postData?.text, '{"name":"Ada"}');
  });

  it("reads a native Request without a body without cloning it", async () => {
    const native = new CountingRequest("https://example.com/");
    const formats = await allFormats(native);
    assert.equal(native.clones, 0);
    assert.equal(formats.har.request.method, "GET");
  });
});
