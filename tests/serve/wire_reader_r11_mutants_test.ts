// The wire reader's buffer grows with what a client has sent, never to the
// configured bound at once: with a large `maxHeaderBytes`, a connection that
// sent a little more than the initial buffer must not cost the whole bound.
import assert from "node:assert/strict";
import { WireReader } from "../../src/serve/_http1.ts";

// Bug (seed 20261163, `_http1.ts:65`, `Math.min`→`Math.max` in the growth
// step): past its first 16 KiB the buffer jumped to the bound (8 MiB here)
// instead of doubling, for every connection whose head passed 16 KiB.
Deno.test("WireReader: a head past the first buffer grows it step by step, not to the bound", async () => {
  const head = `GET / HTTP/1.1\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`;
  const bytes = new TextEncoder().encode(head);
  let at = 0;
  let largest = 0;
  const reader = new WireReader((buffer) => {
    largest = Math.max(largest, buffer.byteLength);
    if (at >= bytes.byteLength) return Promise.resolve(null);
    const n = Math.min(1024, buffer.byteLength, bytes.byteLength - at);
    buffer.set(bytes.subarray(at, at + n));
    at += n;
    return Promise.resolve(n);
  });
  const text = await reader.readHead(8 * 1024 * 1024, () => {});
  assert.equal(text, head.slice(0, -3)); // up to its last field line's LF
  // Room asked for at most one doubling past the 16 KiB it started with.
  assert.ok(largest <= 32 * 1024, `asked to fill ${largest} bytes at once`);
});
