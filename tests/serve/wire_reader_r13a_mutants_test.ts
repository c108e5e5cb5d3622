// The wire reader's buffer, reused from request to request on a connection:
// pipelined requests whose bytes run past its 16 KiB (the unread rest is
// moved to its start to make room) arrive intact, a head is read from the
// bytes received for it, never from those an earlier request left, and a
// chunked body's lines may be cut anywhere between reads.
import assert from "node:assert/strict";
import {
  bodyStream,
  HttpWireError,
  parseHead,
  WireReader,
} from "../../src/serve/_http1.ts";
import { withTimeout } from "../_timeout.ts";
import { WAIT_MS } from "./_raw_client.ts";

const utf8 = new TextEncoder();

/**
 * A client's bytes, one piece per read (a piece larger than the room given
 * fills it, and the rest comes with the next read); then the end of the
 * input, or, `silent`, a read that never ends (the client is still there).
 */
function sent(...pieces: string[]): WireReader {
  return reading(pieces, false);
}

/** As {@link sent}, the client then silent but connected. */
function sentThenSilent(...pieces: string[]): WireReader {
  return reading(pieces, true);
}

function reading(pieces: string[], silent: boolean): WireReader {
  const queue = pieces.map((piece) => utf8.encode(piece));
  return new WireReader((buffer) => {
    const next = queue.shift();
    if (next === undefined) {
      return silent ? new Promise<never>(() => {}) : Promise.resolve(null);
    }
    const n = Math.min(buffer.byteLength, next.byteLength);
    buffer.set(next.subarray(0, n));
    if (n < next.byteLength) queue.unshift(next.subarray(n));
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
  const reader = sent(wire);
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

// Bug (`_http1.ts`, readHead's look past a line end reading `i < end`
// for `i + 1 < end`): a head whose read ends right after a line's LF is
// taken as ended when the byte past the read, left in the buffer by an
// earlier request on the connection, is an LF: the rest of the head is then
// read as the next request.
Deno.test("WireReader: a head cut right after a line end waits for its rest, whatever an earlier request left in the buffer", async () => {
  const reader = sent(
    // Its CRLF sits one byte further than the next head's first one.
    "GET /aa HTTP/1.1\r\nHost: x\r\n\r\n",
    "GET /b HTTP/1.1\r\n",
    "Host: y\r\nX-Two: 2\r\n\r\n",
  );
  const first = parseHead((await reader.readHead(64 * 1024, () => {}))!);
  assert.equal(first.target, "/aa");
  const text = await reader.readHead(64 * 1024, () => {});
  assert.equal(text, "GET /b HTTP/1.1\r\nHost: y\r\nX-Two: 2\r");
  const second = parseHead(text!);
  assert.equal(second.headers.get("host"), "y");
  assert.equal(second.headers.get("x-two"), "2");
  assert.equal(await reader.readHead(64 * 1024, () => {}), null);
});

// Bug (`_http1.ts`, readLine's `!` before `await this.#fill(…)` dropped, or
// its too-long check inverted): a chunk-size line, the CRLF after a chunk's
// data or a trailer cut across two reads (TCP splits a stream anywhere) is
// refused as a cut-off body, a 400 to a well-formed upload.
Deno.test("WireReader: a chunked body whose every line is cut across reads is read whole, and the next request after it", async () => {
  const reader = sent(
    "POST /up HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r",
    "\nhel",
    "lo\r",
    "\n1",
    "0\r\n0123456789abcdef\r\n0",
    "\r\nx-trailer: o",
    "ne\r\n\r",
    "\nGET /next HTTP/1.1\r\nHost: x\r\n\r\n",
  );
  const head = parseHead((await reader.readHead(64 * 1024, () => {}))!);
  let broken: unknown;
  const body = bodyStream(reader, head.body, {
    start: () => Promise.resolve(),
    done() {},
    broken(error) {
      broken = error;
    },
  });
  assert.equal(await new Response(body).text(), "hello0123456789abcdef");
  assert.equal(broken, undefined);
  const next = parseHead((await reader.readHead(64 * 1024, () => {}))!);
  assert.equal(next.target, "/next");
});

/** The status of the HttpWireError `work` fails with, within the bound. */
async function refusal(work: Promise<unknown>): Promise<number> {
  try {
    await withTimeout(work, WAIT_MS, "no answer while the client waits");
  } catch (error) {
    if (error instanceof HttpWireError) return error.status;
    throw error;
  }
  return 0;
}

// Bug (`_http1.ts`, readHead's `end - start >= maxBytes`→`>`, and
// readLine's `buffered >= maxBytes`→`>`): a client that sent exactly the
// bound's worth of head (or of a chunk line) without ending it, and then
// waits, is not refused: the reader asks for more, and the client gets a
// 408 at the timeout instead of its 431 (or 400) at once.
Deno.test("WireReader: a head or chunk line that reaches its bound unfinished is refused at once, not left waiting", async () => {
  const line = "GET / HTTP/1.1\r\nx: ";
  const head = line + "a".repeat(1024 - line.length);
  assert.equal(
    await refusal(sentThenSilent(head).readHead(1024, () => {})),
    431,
  );
  const chunked = sentThenSilent(
    "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n",
    // A chunk extension making the size line 4096 bytes, unfinished.
    "5;" + "e".repeat(4094),
  );
  const framing = parseHead((await chunked.readHead(1024, () => {}))!).body;
  const body = bodyStream(chunked, framing, {
    start: () => Promise.resolve(),
    done() {},
    broken() {},
  });
  assert.equal(await refusal(new Response(body).text()), 400);
});
