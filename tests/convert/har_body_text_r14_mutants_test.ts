// Tests for the HAR writer's body text, written for the survivors of the
// thirteenth round's hand planting in the byte helpers: which strings have an
// exact UTF-8 form (the language's own String.prototype.isWellFormed is the
// reference), and a byte-order mark at the start of a body's bytes.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  contentBytes,
  fromRequest,
  fromResponse,
} from "../../src/convert/har.ts";
import { ConversionError } from "../../src/convert/errors.ts";

const at = { startedDateTime: "2024-05-01T12:00:00.000Z" };

function post(body: string) {
  return fromRequest(
    {
      method: "POST",
      url: "https://e.x/",
      headers: { "content-type": "text/plain" },
      body,
    },
    at,
  );
}

describe("HAR writer: a body string's UTF-8 form", () => {
  // Each a body a caller may hand over: pairs at both ends of the surrogate
  // ranges (U+10000, U+10FFFF, U+103FF, U+FFC00), and the lone or swapped
  // halves at those ends, alone, before a character or before another half.
  const bodies = [
    "\u{10000}",
    "\u{10ffff}",
    "a\ud800\udfffb",
    "\udbff\udc00",
    "\ud800",
    "\udbff",
    "\udc00",
    "\udfff",
    "a\udc00b",
    "a\udfffb",
    "\udc00\udc00",
    "\udc01\udc02",
    "\udfff\udfff",
    "\ud800\ud800",
    "\ud800a",
    "\udc00\ud800",
    "\ud800\udc00\udc00",
  ];

  for (const body of bodies) {
    const name = JSON.stringify(body).replace(
      /[\ud800-\udfff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16)}`,
    );
    if (body.isWellFormed()) {
      it(`writes ${name} as its text, with its UTF-8 size`, async () => {
        const entry = await post(body);
        assert.equal(entry.request.postData?.text, body);
        assert.equal(
          entry.request.bodySize,
          new TextEncoder().encode(body).length,
        );
      });
    } else {
      it(`refuses ${name}: it has no exact UTF-8 form`, async () => {
        await assert.rejects(post(body), (error: unknown) => {
          assert.ok(error instanceof ConversionError, `${error}`);
          assert.equal(error.code, "INVALID_INPUT");
          assert.equal(error.path, "body");
          return true;
        });
      });
    }
  }
});

describe("HAR writer: a byte-order mark at the start of a body", () => {
  it("is kept in the text of a native request's UTF-8 body, and read back as its bytes", async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x3d, 0x31]);
    const entry = await fromRequest(
      new Request("https://e.x/upload", { method: "POST", body: bytes }),
      at,
    );
    const postData = entry.request.postData!;
    assert.equal(postData.text, "\ufeffa=1");
    assert.equal(entry.request.bodySize, 6);
    assert.deepEqual(contentBytes(postData), bytes);
  });

  it("is kept in the content text of a native response's UTF-8 body", async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]);
    const entry = await fromResponse(
      new Response(bytes, { headers: { "content-type": "application/json" } }),
      undefined,
      at,
    );
    assert.equal(entry.response.content.text, "\ufeff{}");
    assert.equal(entry.response.content.size, 5);
    assert.deepEqual(contentBytes(entry.response.content), bytes);
  });
});
