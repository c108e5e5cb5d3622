// The wire reader between and within heads: a client that sends requests
// back to back (pipelining, or a fast client's next request behind a large
// head) fills the listener's 16 KiB read buffer with a whole head and the
// start of the next, and reading on must first move the unread start to the
// front; a request sent behind an empty line leaves that line's CR or LF in
// the buffer, which the skip of empty lines must not read again once
// nothing is buffered; the scan for a head's end must never look past what
// was received (a stale byte of an earlier head), nor end a head at
// anything but an empty line; maxHeaderBytes bounds a head exactly; and a
// small body that came whole with its head is taken as read; and a head
// sent a byte at a time is scanned once, not once per byte.
import assert from "node:assert/strict";
import { HttpWireError, parseHead } from "../../src/serve/_http1.ts";
import { assertLinear } from "../_complexity.ts";
import { bodyOf, headOf } from "./_raw_client.ts";
import { source } from "./_wire_source.ts";
import { withServer } from "./_with_server.ts";

/** A GET head for `path` with a header of `pad` bytes. */
function head(path: string, pad: number): string {
  return `GET ${path} HTTP/1.1\r\nHost: x\r\nX-Pad: ${"p".repeat(pad)}\r\n\r\n`;
}

// Bug (planted by hand, `_http1.ts` `#fillNow`, the
// `copyWithin(0, start, end)` of a full buffer dropped): the indices were
// moved to the front but the bytes were not, so the second head read was
// the first one again (its start), the client's second request lost.
Deno.test("WireReader: a head that crosses the end of a full buffer is read whole after the one before it", async () => {
  // 8,000 bytes, then 9,000: the first read (16 KiB) ends inside the second.
  const first = head("/first", 8_000 - head("/first", 0).length);
  const second = head("/second", 9_000 - head("/second", 0).length);
  // One piece larger than the buffer: every read is filled, as by a fast
  // client.
  const reader = source(first + second);
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

/** What a head read from `pieces` is refused with (0: it is not). */
async function refusal(maxBytes: number, ...pieces: string[]) {
  try {
    const text = await source(...pieces).readHead(maxBytes, () => {});
    if (text !== null) parseHead(text);
  } catch (error) {
    assert.ok(error instanceof HttpWireError, String(error));
    return error.status;
  }
  return 0;
}

// Bugs (planted by hand, `_http1.ts` readHead, the byte after a line's LF
// read at `i < end` or `i + 1 <= end`): at the end of what was buffered the
// scan read the stale byte past it; after a first request with bare LF
// line ends, a second whose first piece ends with a line's LF over that
// first request's last LF was taken as ended there, its later lines lost.
Deno.test("WireReader: the second head of a connection, arriving in pieces, keeps every line (bare LF line ends)", async () => {
  const first = "GET /a HTTP/1.1\nHost: x\n\n";
  // Its first piece ends at the offset of the first head's last LF.
  const piece = "GET /b HTTP/1.1\nHost: y\n";
  assert.equal(piece.length, first.length - 1);
  const reader = source(first, piece, "X-More: 1\n\n");
  assert.equal(await reader.readHead(1024, () => {}), first.slice(0, -2));
  assert.equal(
    await reader.readHead(1024, () => {}),
    piece + "X-More: 1",
  );
});

// Bugs (planted by hand, `_http1.ts` readHead): with `next === CR &&
// afterCr === LF`→`||`, a line starting with a bare CR, or a one-byte line,
// was read as the head's end, so the request was served from the lines
// before it (a 200) instead of refused, and the rest read as a next
// request; with `i + 2 < end`→`<=`, the same for a bare CR that ended what
// was buffered, over a stale LF of the connection's first head.
Deno.test("WireReader: a line that starts with a bare CR, or a one-byte line, is a 400, not the head's end, also when the CR ends a piece", async () => {
  for (
    const text of [
      "GET / HTTP/1.1\r\nHost: x\r\n\rX: y\r\n\r\n",
      "GET / HTTP/1.1\nHost: x\nA\n\n",
    ]
  ) {
    assert.equal(await refusal(1024, text), 400, JSON.stringify(text));
  }
  const first = "GET /a HTTP/1.1\r\nHost: x\r\n\r\n";
  // Ends with the bare CR, at the offset of the first head's last LF.
  const piece = "GET /b HTTP/1.1\r\nHost: x\r\n\r";
  assert.equal(piece.length, first.length - 1);
  const reader = source(first, piece, "X: y\r\n\r\n");
  assert.equal(await reader.readHead(1024, () => {}), first.slice(0, -3));
  const second = await reader.readHead(1024, () => {});
  assert.throws(
    () => parseHead(second!),
    (error) => error instanceof HttpWireError && error.status === 400,
    JSON.stringify(second),
  );
});

// Bugs (planted by hand, `_http1.ts` readHead, the two size checks with
// `>=` for `>` and `>` for `>=`): maxHeaderBytes is the largest head taken,
// its empty line included; a head of exactly that size was refused, and an
// unfinished one that had reached it waited for more instead of its 431.
Deno.test("WireReader: a head of exactly maxHeaderBytes is read; an unfinished one that reaches it is a 431 at once", async () => {
  const max = 1024;
  const start = "GET / HTTP/1.1\r\nX-Pad: ";
  const exact = start + "p".repeat(max - start.length - 4) + "\r\n\r\n";
  assert.equal(exact.length, max);
  assert.equal(await refusal(max, exact), 0);
  assert.equal(await refusal(max, exact.slice(0, -4) + "p\r\n\r\n"), 431);
  // Exactly max bytes and no end yet: refused before the input ends (which
  // would make it a head cut off, a 400).
  assert.equal(await refusal(max, exact.slice(0, -4) + "pppp"), 431);
});

// Bug (planted by hand, `_http1.ts` takeBuffered, `buffered < n`→`<=`): a
// body that came with its head and nothing after it (what a client sends in
// one write) was not taken as whole, so a handler that left it unread (a
// route that answers a POST without reading it) had its connection closed,
// where node:http reads such a body and keeps the connection.
Deno.test("serve: a small body sent with its head and left unread by the handler keeps the connection for the next request", async () => {
  await withServer(
    (request) =>
      new Response(`${request.method} ${new URL(request.url).pathname}`),
    async (connect) => {
      const client = await connect();
      await client.write(
        "POST /ignored HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
      );
      const answer = await client.response();
      assert.equal(bodyOf(answer), "POST /ignored");
      assert.ok(!headOf(answer).includes("connection: close"), answer);
      await client.write("GET /next HTTP/1.1\r\nHost: x\r\n\r\n");
      assert.equal(bodyOf(await client.response()), "GET /next");
    },
  );
});

// Bug (planted by hand, `_http1.ts` readHead, `Math.max(0, …)`→`Math.min`
// for where the next scan starts): each read scanned the head from its
// start again, so a client sending its head a byte at a time (a slowloris)
// cost the listener time quadratic in the head's size, about two billion
// byte checks for one 64 KiB head. The scan goes on from where it stopped.
Deno.test("WireReader: a head arriving a byte at a time is read in time linear in its size", async () => {
  await assertLinear("a head sent a byte per read", 32 * 1024, async (n) => {
    const text = head("/slow", n - head("/slow", 0).length);
    const reader = source(...text.split(""));
    assert.equal(await reader.readHead(n + 1024, () => {}), text.slice(0, -3));
  });
});
