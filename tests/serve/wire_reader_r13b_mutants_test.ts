// The wire reader between requests: a client that sends requests back to
// back (pipelining, or a fast client's next request behind a large head)
// fills the listener's 16 KiB read buffer with a whole head and the start
// of the next, and reading on must first move the unread start to the
// front; and a request sent behind an empty line leaves that line's CR or
// LF in the buffer, which the skip of empty lines must not read again once
// nothing is buffered. Either way the next head is read byte for byte.
import assert from "node:assert/strict";
import { WireReader } from "../../src/serve/_http1.ts";
import { bodyOf } from "./_raw_client.ts";
import { withServer } from "./_with_server.ts";

/** A GET head for `path` with a header of `pad` bytes. */
function head(path: string, pad: number): string {
  return `GET ${path} HTTP/1.1\r\nHost: x\r\nX-Pad: ${"p".repeat(pad)}\r\n\r\n`;
}

/** A read function over `bytes` that fills each buffer it is given. */
function fastClient(bytes: Uint8Array) {
  let at = 0;
  return (buffer: Uint8Array): Promise<number | null> => {
    if (at >= bytes.byteLength) return Promise.resolve(null);
    const n = Math.min(buffer.byteLength, bytes.byteLength - at);
    buffer.set(bytes.subarray(at, at + n));
    at += n;
    return Promise.resolve(n);
  };
}

// Bug (planted by hand, `_http1.ts` `#fillNow`, the
// `copyWithin(0, start, end)` of a full buffer dropped): the indices were
// moved to the front but the bytes were not, so the second head read was
// the first one again (its start), the client's second request lost.
Deno.test("WireReader: a head that crosses the end of a full buffer is read whole after the one before it", async () => {
  // 8,000 bytes, then 9,000: the first read (16 KiB) ends inside the second.
  const first = head("/first", 8_000 - head("/first", 0).length);
  const second = head("/second", 9_000 - head("/second", 0).length);
  const reader = new WireReader(
    fastClient(new TextEncoder().encode(first + second)),
  );
  assert.equal(await reader.readHead(64 * 1024, () => {}), first.slice(0, -3));
  assert.equal(
    await reader.readHead(64 * 1024, () => {}),
    second.slice(0, -3),
  );
  assert.equal(await reader.readHead(64 * 1024, () => {}), null);
});

// The same on the listener: both requests of one write are answered, in
// order (the first read takes the 16 KiB the loopback has ready).
Deno.test("serve: two requests sent in one write past the 16 KiB read buffer are each answered, in order", async () => {
  await withServer(
    (request) => new Response(new URL(request.url).pathname),
    async (connect) => {
      const client = await connect();
      await client.write(head("/first", 8_000) + head("/second", 9_000));
      assert.equal(bodyOf(await client.response()), "/first");
      assert.equal(bodyOf(await client.response()), "/second");
    },
  );
});

// Bug (planted by hand, `_http1.ts` readHead, the empty-line skip's
// `start < end`→`<=`): with nothing buffered the skip looked at the byte
// past the end, a stale one; after a request sent behind an empty line
// (which RFC 9112 §2.2 lets a server ignore, and some clients send after a
// body) that byte is its CR or LF, so the next request lost its first byte
// and was handled as method "ET".
Deno.test("serve: a request sent behind an empty line is answered, and so is the next one on the connection, its method whole", async () => {
  await withServer(
    (request) =>
      new Response(`${request.method} ${new URL(request.url).pathname}`),
    async (connect) => {
      for (const empty of ["\r\n", "\n"]) {
        const client = await connect();
        await client.write(`${empty}GET /a HTTP/1.1\r\nHost: x\r\n\r\n`);
        assert.equal(bodyOf(await client.response()), "GET /a");
        await client.write("GET /b HTTP/1.1\r\nHost: x\r\n\r\n");
        assert.equal(bodyOf(await client.response()), "GET /b", empty);
      }
    },
  );
});
