// Native Request/Response bodies that are not UTF-8: the text forms cannot
// carry them, so they must throw INVALID_INPUT instead of writing U+FFFD.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { allFormats, ConversionError } from "../../src/convert/core.ts";
import {
  stringifyRequest,
  stringifyResponse,
} from "../../src/convert/string.ts";
import { fromRequest as curlFromRequest } from "../../src/convert/curl.ts";
import {
  fromRequest as fetchFromRequest,
  toCode,
  toResponse,
} from "../../src/convert/fetch.ts";
import {
  contentBytes,
  fromRequest as harFromRequest,
} from "../../src/convert/har.ts";

const URL_ = "https://example.com/upload";
const BINARY = new Uint8Array([0xff, 0x41]);

function binaryRequest(): Request {
  return new Request(URL_, { method: "POST", body: BINARY });
}

function isInvalidUtf8(error: unknown): boolean {
  assert.ok(error instanceof ConversionError, String(error));
  assert.equal(error.code, "INVALID_INPUT");
  assert.match(error.message, /not valid UTF-8/);
  assert.match(error.message, /har\.from/);
  return true;
}

describe("native bodies that are not UTF-8", () => {
  const requestConverters: Array<[string, (r: Request) => Promise<unknown>]> = [
    ["string.stringifyRequest", (r) => stringifyRequest(r)],
    ["curl.fromRequest", (r) => curlFromRequest(r)],
    ["fetch.fromRequest", (r) => fetchFromRequest(r)],
    ["fetch.toCode", (r) => toCode(r)],
    ["allFormats", (r) => allFormats(r)],
  ];
  for (const [name, convert] of requestConverters) {
    it(`${name} throws INVALID_INPUT and leaves the Request unread`, async () => {
      const request = binaryRequest();
      await assert.rejects(convert(request), isInvalidUtf8);
      assert.equal(request.bodyUsed, false);
    });
  }

  it("string.stringifyResponse and fetch.toResponse throw INVALID_INPUT", async () => {
    await assert.rejects(
      stringifyResponse(new Response(BINARY)),
      isInvalidUtf8,
    );
    await assert.rejects(toResponse(new Response(BINARY)), isInvalidUtf8);
  });

  it("har.fromRequest still keeps the exact bytes (the documented way out)", async () => {
    const entry = await harFromRequest(binaryRequest(), {
      startedDateTime: "2024-01-01T00:00:00.000Z",
    });
    const postData = entry.request.postData!;
    const bytes = contentBytes({
      size: 2,
      mimeType: postData.mimeType,
      text: postData.text,
      encoding: "base64",
    });
    assert.deepEqual([...bytes], [...BINARY]);
  });

  it("valid UTF-8 bytes are read exactly, multi-byte text and BOM included", async () => {
    const text = "\ufeffé✓😀";
    const bytes = new TextEncoder().encode(text);
    const request = new Request(URL_, { method: "POST", body: bytes });
    const raw = await stringifyRequest(request);
    assert.ok(raw.endsWith("\r\n\r\n" + text));
    assert.match(raw, new RegExp(`content-length: ${bytes.length}\r\n`));
    const { har, curl } = await allFormats(request);
    assert.equal(har.request.postData?.text, text);
    assert.ok(curl.includes(text));
    assert.equal((await toResponse(new Response(bytes))).body, text);
  });

  it("a body that was already read is INVALID_INPUT, not a TypeError", async () => {
    const request = new Request(URL_, { method: "POST", body: "x" });
    await request.text();
    await assert.rejects(stringifyRequest(request), (error: unknown) => {
      assert.ok(error instanceof ConversionError);
      assert.equal(error.code, "INVALID_INPUT");
      return true;
    });
  });
});
