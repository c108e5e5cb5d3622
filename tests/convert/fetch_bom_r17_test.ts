// A fetch() body of bytes is what goes on the wire, a UTF-8 byte order mark
// included: the request's text keeps U+FEFF, so converting it back sends the
// same bytes. Decoding with the BOM dropped (the second convert draw of the
// sixteenth round, seed 20261171, `ignoreBOM: true` → `false`) lost those
// three bytes silently. Portable: the harness only.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { toRequest } from "../../src/convert/fetch.ts";

describe("fetch.toRequest: a byte body starting with a UTF-8 BOM", () => {
  it("keeps the BOM, whichever view of the bytes is given", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]);
    const views: BodyInit[] = [
      bytes,
      bytes.buffer,
      new DataView(bytes.buffer),
      new Uint8Array([0, 0xef, 0xbb, 0xbf, 0x68, 0x69]).subarray(1),
    ];
    for (const body of views) {
      const request = toRequest("http://a.test/", { method: "POST", body });
      assert.equal(request.body, "\ufeffhi", String(body));
      assert.deepEqual(
        new TextEncoder().encode(request.body as string),
        bytes,
      );
    }
  });
});
