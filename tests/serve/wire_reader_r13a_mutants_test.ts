// Pipelined requests whose bytes run past the wire reader's 16 KiB buffer:
// once the requests read so far are consumed, the rest is moved to the
// buffer's start to make room, and must arrive intact, heads and bodies.
import assert from "node:assert/strict";
import { bodyStream, parseHead, WireReader } from "../../src/serve/_http1.ts";

const utf8 = new TextEncoder();

/** A client that sent `text` at once: each read fills all the room given. */
function sentAtOnce(text: string): WireReader {
  const bytes = utf8.encode(text);
  let at = 0;
  return new WireReader((buffer) => {
    if (at === bytes.byteLength) return Promise.resolve(null);
    const n = Math.min(buffer.byteLength, bytes.byteLength - at);
    buffer.set(bytes.subarray(at, at + n));
    at += n;
    return Promise.resolve(n);
  });
}

// Bug (`_http1.ts`, the `copyWithin` that moves the unread bytes to the
// buffer's start dropped): the reader then goes on from the start with the
// bytes of requests already read, so the request whose bytes straddle the
// buffer's end gets another's header value, a corrupt body, or a 400.
Deno.test("WireReader: pipelined requests past its 16 KiB buffer are read intact, heads and bodies, declared and chunked", async () => {
  const requests = [0, 1, 2, 3, 4].map((i) => {
    const pad = String.fromCharCode(97 + i).repeat(5_000 + 397 * i);
    const body = String(i).repeat(2_000 + 131 * i);
    return { pad, body, chunked: i % 2 === 1 };
  });
  const wire = requests.map(({ pad, body, chunked }, i) =>
    `POST /r${i} HTTP/1.1\r\nHost: x\r\nX-Pad: ${pad}\r\n` +
    (chunked
      ? `Transfer-Encoding: chunked\r\n\r\n${
        body.length.toString(16)
      }\r\n${body}\r\n0\r\n\r\n`
      : `Content-Length: ${body.length}\r\n\r\n${body}`)
  ).join("");
  assert.ok(wire.length > 32 * 1024, "past two buffers' worth");
  const reader = sentAtOnce(wire);
  for (const [i, sent] of requests.entries()) {
    const text = await reader.readHead(64 * 1024, () => {});
    assert.notEqual(text, null, `request ${i}`);
    const head = parseHead(text!);
    assert.equal(head.target, `/r${i}`);
    assert.equal(head.headers.get("x-pad"), sent.pad, `request ${i}'s head`);
    const body = bodyStream(reader, head.body, {
      start: () => Promise.resolve(),
      done() {},
      broken() {},
    });
    assert.equal(await new Response(body).text(), sent.body, `request ${i}`);
  }
  assert.equal(await reader.readHead(64 * 1024, () => {}), null);
});
