import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  allFormats,
  type AllFormatsOptions,
  type HttpRequest,
} from "../../src/convert/core.ts";
import { stringifyRequest } from "../../src/convert/string.ts";
import { fromRequest as curlFromRequest } from "../../src/convert/curl.ts";
import { toCode } from "../../src/convert/fetch.ts";
import { fromRequest as harFromRequest } from "../../src/convert/har.ts";

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

  it("agrees with calling each module directly", async () => {
    const options: AllFormatsOptions = {
      curl: { pretty: true },
      fetch: { async: true, pretty: false },
      string: { absoluteUrl: false },
      har: { startedDateTime: STARTED },
    };
    const formats = await allFormats(request, options);
    assert.deepEqual(formats, {
      httpString: await stringifyRequest(request, options.string),
      curl: await curlFromRequest(request, options.curl),
      fetchCode: await toCode(request, options.fetch),
      har: await harFromRequest(request, options.har),
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
    assert.deepEqual(formats, {
      httpString: await stringifyRequest(plain),
      curl: await curlFromRequest(plain),
      fetchCode: await toCode(plain),
      har: await harFromRequest(plain, options.har),
    });
  });

  it("reads a native Request without a body without cloning it", async () => {
    const native = new CountingRequest("https://example.com/");
    const formats = await allFormats(native);
    assert.equal(native.clones, 0);
    assert.equal(formats.har.request.method, "GET");
  });
});
