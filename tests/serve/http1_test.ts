// The HTTP/1.1 framing of serveGateway's listener, without sockets: heads,
// bodies (Content-Length and chunked) and the statuses bad framing gets.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { withTimeout } from "../_timeout.ts";
import { BodyFailed } from "../../src/serve/_body_failed.ts";
import {
  bodyStream,
  HttpWireError,
  parseHead,
  responseHead,
  WireReader,
} from "../../src/serve/_http1.ts";
import { chunkFrame, writeBody } from "../../src/serve/_write_body.ts";
import { bodyText, source } from "./_wire_source.ts";

const utf8 = new TextEncoder();

async function headOf(reader: WireReader) {
  const text = await reader.readHead(64 * 1024, () => {});
  assert.notEqual(text, null);
  return parseHead(text!);
}

async function statusOf(work: () => Promise<unknown>): Promise<number> {
  try {
    await work();
  } catch (error) {
    assert.ok(error instanceof HttpWireError, String(error));
    return error.status;
  }
  return 0;
}

describe("serveGateway's HTTP/1.1 framing", () => {
  it("reads a head split across reads, and a chunked body split mid-chunk", async () => {
    const reader = source(
      "\r\nPOST /v1/x HTTP/1.1\r\nHo",
      "st: a\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nab",
      "cd\r\n3;ext=1\r\nefg\r\n0\r\nx-trailer: 1\r\n\r\n",
    );
    const head = await headOf(reader);
    assert.equal(head.method, "POST");
    assert.equal(head.target, "/v1/x");
    assert.equal(head.headers.get("host"), "a");
    assert.deepEqual(head.body, { kind: "chunked" });
    assert.equal(head.keepAlive, true);
    assert.equal(await bodyText(reader, head.body), "abcdefg");
  });

  // The body ends at its last chunk's trailers: the bytes after them are the
  // next request on the connection, not more body.
  it("ends a chunked body at its trailers, leaving the next request's head to be read", async () => {
    const reader = source(
      "POST /a HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n" +
        "2\r\nhi\r\n0\r\nx-trailer: 1\r\n\r\n" +
        "GET /next HTTP/1.1\r\nHost: x\r\n\r\n",
    );
    const first = await headOf(reader);
    assert.equal(await bodyText(reader, first.body), "hi");
    const second = await headOf(reader);
    assert.equal(second.method, "GET");
    assert.equal(second.target, "/next");
  });

  it("reads a Content-Length body, LF-only heads and HTTP/1.0 keep-alive rules", async () => {
    const reader = source("PUT / HTTP/1.0\nContent-Length: 3\n\nabcGET");
    const head = await headOf(reader);
    assert.equal(head.version, "1.0");
    assert.equal(head.keepAlive, false);
    assert.equal(await bodyText(reader, head.body), "abc");
  });

  it("answers bad heads with 400, 431, 501 and 505", async () => {
    const cases: Array<[string, number]> = [
      ["GET /\r\n\r\n", 400],
      // A request line is exactly three words (RFC 9112 §3): a fourth one,
      // a space inside the target, a method that is no token are 400s.
      ["GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n", 400],
      ["GET /a b HTTP/1.1\r\nHost: x\r\n\r\n", 400],
      ["G@T / HTTP/1.1\r\nHost: x\r\n\r\n", 400],
      ["GET  / HTTP/1.1\r\nHost: x\r\n\r\n", 400],
      ["GET / HTTP/2.0\r\n\r\n", 505],
      ["GET / HTTP/1.1\r\nBad Name: x\r\n\r\n", 400],
      ["GET / HTTP/1.1\r\nx: a\r\n folded\r\n\r\n", 400],
      [
        "POST / HTTP/1.1\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n",
        400,
      ],
      ["POST / HTTP/1.1\r\nContent-Length: 1, 2\r\n\r\n", 400],
      ["POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400],
      ["POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n", 501],
    ];
    for (const [text, status] of cases) {
      assert.equal(
        await statusOf(async () =>
          parseHead((await source(text).readHead(1024, () => {}))!)
        ),
        status,
        JSON.stringify(text),
      );
    }
    const big = `GET / HTTP/1.1\r\nx: ${"a".repeat(2000)}\r\n\r\n`;
    assert.equal(
      await statusOf(() => source(big).readHead(1024, () => {})),
      431,
    );
    assert.equal(
      await statusOf(() => source("GET / HT").readHead(1024, () => {})),
      400,
    );
    assert.equal(await source("").readHead(1024, () => {}), null);
  });

  it("joins a repeated header's values, trimming only SP and HTAB; a bare CR, obs-fold or control character at a value's start or end is a 400", async () => {
    const joined: Array<[string, string]> = [
      ["x-a: one\r\nX-A:\t two \t\r\n", "one, two"],
      ["x-a: one\nx-a:two\n", "one, two"], // bare LF line ends
      ["X-A: one\r\nx-a:\r\n", "one, "], // an empty second value
    ];
    for (const [lines, value] of joined) {
      const reader = source(`GET / HTTP/1.1\r\nHost: a\r\n${lines}\r\n`);
      const head = await headOf(reader);
      assert.equal(head.headers.get("x-a"), value, JSON.stringify(lines));
    }
    const refused = [
      "x-a: one\r\nx-a: \rInjected: yes\r\n", // bare CR at the start
      "x-a: one\r\nx-a: two\r\r\n", // bare CR at the end
      "x-a: one\r\nx-a: two\rInjected: yes\r\n", // bare CR inside
      "x-a: one\r\nx-a:\r\n Injected: yes\r\n", // obs-fold after an empty value
      "x-a: one\r\nx-a: two\r\n\tInjected: yes\r\n", // obs-fold with HTAB
      "x-a: one\r\nx-a: two\x0b\r\n", // VT at the end (trim() would drop it)
      "x-a: \x00one\r\n", // NUL
      "Host: b\r\n", // a second Host
    ];
    for (const lines of refused) {
      const text = `GET / HTTP/1.1\r\nHost: a\r\n${lines}\r\n`;
      assert.equal(
        await statusOf(async () =>
          parseHead((await source(text).readHead(1024, () => {}))!)
        ),
        400,
        JSON.stringify(lines),
      );
    }
    for (const line of ["GET /a\rb HTTP/1.1", "GET /a\tb HTTP/1.1"]) {
      assert.equal(
        await statusOf(async () =>
          parseHead((await source(`${line}\r\n\r\n`).readHead(1024, () => {}))!)
        ),
        400,
        JSON.stringify(line),
      );
    }
  });

  it("fails broken chunked framing mid-body with a 400, telling the connection", async () => {
    const bodies = [
      "5\r\nabcde\r\nZZ\r\nxx\r\n", // a chunk size that is not hex
      "2\r\nabc\r\n0\r\n\r\n", // more data than the size said
      "5\r\nab", // cut off
    ];
    for (const text of bodies) {
      const reader = source(text);
      let broken: HttpWireError | undefined;
      const body = bodyStream(reader, { kind: "chunked" }, {
        start: () => Promise.resolve(),
        done() {},
        broken(error) {
          broken = error;
        },
      })!;
      assert.equal(await statusOf(() => new Response(body).text()), 400, text);
      assert.equal(broken?.status, 400);
    }
  });

  it("pulls the body one piece per read, reading nothing ahead", async () => {
    let reads = 0;
    const reader = new WireReader((buffer) => {
      reads++;
      buffer.fill(97, 0, 10);
      return Promise.resolve(10);
    });
    const body = bodyStream(reader, { kind: "length", length: 1000 }, {
      start: () => Promise.resolve(),
      done() {},
      broken() {},
    })!;
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(reads, 0);
    const pieces = body.getReader();
    await pieces.read();
    assert.equal(reads, 1);
    await pieces.cancel();
  });

  it("frames answers: chunked on 1.1, none for HEAD and 204, close-delimited on 1.0", () => {
    const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
    const ok = responseHead(new Response("x", { headers: { "x-a": "1" } }), {
      version: "1.1",
      keepAlive: true,
      head: false,
    });
    assert.equal(ok.framing, "chunked");
    assert.match(decode(ok.bytes), /^HTTP\/1\.1 200 OK\r\n/);
    assert.match(decode(ok.bytes), /transfer-encoding: chunked\r\n/);
    assert.doesNotMatch(decode(ok.bytes), /connection:/);
    const head = responseHead(new Response("x"), {
      version: "1.1",
      keepAlive: true,
      head: true,
    });
    assert.equal(head.framing, "none");
    const empty = responseHead(new Response(null, { status: 204 }), {
      version: "1.1",
      keepAlive: false,
      head: false,
    });
    assert.match(
      decode(empty.bytes),
      /^HTTP\/1\.1 204 No Content\r\ndate: [A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT\r\nconnection: close\r\n\r\n$/,
    );
    const old = responseHead(new Response("x"), {
      version: "1.0",
      keepAlive: true,
      head: false,
    });
    assert.equal(old.framing, "close");
    assert.match(decode(old.bytes), /connection: close/);
    assert.equal(
      decode(chunkFrame(utf8.encode("hello world, 16b"))),
      "10\r\nhello world, 16b\r\n",
    );
  });

  it("keeps every header line as a name/value pair, in order, for the handler's Request", () => {
    const head = parseHead(
      "POST /v1/chat/completions HTTP/1.1\r\nHost: a\r\nX-Tag: one \t\r\n" +
        "Content-Type: application/json\r\nx-tag:\ttwo\r\nContent-Length: 2",
    );
    assert.deepEqual(head.fields, [
      ["Host", "a"],
      ["X-Tag", "one"],
      ["Content-Type", "application/json"],
      ["x-tag", "two"],
      ["Content-Length", "2"],
    ]);
    const request = new Request("http://a/v1/chat/completions", {
      method: head.method,
      headers: head.fields,
    });
    assert.equal(request.headers.get("x-tag"), "one, two");
    assert.equal(head.headers.get("x-tag"), "one, two");
  });

  it("writes each header of the answer once, each Set-Cookie on its own line, never the handler's framing headers", () => {
    const headers = new Headers([
      ["content-type", "text/event-stream"],
      ["set-cookie", "a=1; Path=/"],
      ["x-one", "1"],
      ["set-cookie", "b=2, c=3"],
      ["content-length", "999"],
      ["connection", "upgrade"],
      ["x-two", "2"],
    ]);
    const { bytes } = responseHead(new Response("x", { headers }), {
      version: "1.1",
      keepAlive: true,
      head: false,
      length: 1,
    });
    // (The Date line, the listener's own, is tested in date_header_test.ts.)
    assert.equal(
      new TextDecoder().decode(bytes).replace(/\r\ndate: [^\r]*/, ""),
      "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nx-one: 1\r\n" +
        "x-two: 2\r\nset-cookie: a=1; Path=/\r\nset-cookie: b=2, c=3\r\n" +
        "content-length: 1\r\n\r\n",
    );
  });

  describe("writeBody", () => {
    const HEAD = utf8.encode("HTTP/1.1 200 OK\r\n\r\n");

    /** A byte stream (as a fetch body is) or a plain one, of `chunks`. */
    function streamOf(
      bytes: boolean,
      chunks: Uint8Array[],
    ): ReadableStream<Uint8Array> {
      const queue = [...chunks];
      return bytes
        ? new ReadableStream({
          type: "bytes",
          pull(controller) {
            const next = queue.shift();
            if (next === undefined) controller.close();
            else controller.enqueue(next.slice());
          },
        })
        : new ReadableStream({
          pull(controller) {
            const next = queue.shift();
            if (next === undefined) controller.close();
            else controller.enqueue(next);
          },
        });
    }

    /** The writes, each copied as a socket copies what it is given. */
    function recorder(): {
      writes: Uint8Array[];
      write: (bytes: Uint8Array) => Promise<void>;
    } {
      const writes: Uint8Array[] = [];
      return {
        writes,
        write(bytes) {
          writes.push(bytes.slice());
          return Promise.resolve();
        },
      };
    }

    /** Undoes the chunked framing of `wire` (after the head). */
    function unchunk(wire: Uint8Array): Uint8Array[] {
      const text = new TextDecoder("latin1").decode(wire);
      const chunks: Uint8Array[] = [];
      let at = 0;
      for (;;) {
        const eol = text.indexOf("\r\n", at);
        assert.ok(eol > at, `a size line at ${at}`);
        const size = parseInt(text.slice(at, eol), 16);
        assert.match(text.slice(at, eol), /^[0-9a-f]+$/);
        if (size === 0) {
          assert.equal(text.slice(eol), "\r\n\r\n");
          return chunks;
        }
        chunks.push(wire.slice(eol + 2, eol + 2 + size));
        assert.equal(text.slice(eol + 2 + size, eol + 4 + size), "\r\n");
        at = eol + 4 + size;
      }
    }

    const concat = (parts: Uint8Array[]): Uint8Array => {
      const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
      let at = 0;
      for (const part of parts) {
        out.set(part, at);
        at += part.byteLength;
      }
      return out;
    };

    for (const bytes of [true, false]) {
      it(`frames each chunk of a ${bytes ? "byte" : "plain"} stream in order, sizes of every hex length, the head with the first`, async () => {
        // Sizes whose hex lengths differ (1 to 4 digits) and one past a
        // single read (16 KiB): each chunk's bytes distinct, so a frame
        // written over another's bytes shows.
        const sizes = [1, 15, 16, 255, 256, 4095, 4096, 20_000, 3];
        const chunks = sizes.map((size, k) =>
          Uint8Array.from({ length: size }, (_, i) => (i * 7 + k * 31) & 255)
        );
        const { writes, write } = recorder();
        await writeBody(streamOf(bytes, chunks), HEAD, true, write);
        assert.deepEqual(writes[0].subarray(0, HEAD.byteLength), HEAD);
        const wire = concat(writes).subarray(HEAD.byteLength);
        const got = unchunk(wire);
        // A byte stream may split a chunk larger than one read: compare the
        // bytes and the framing, not the chunk boundaries.
        assert.deepEqual(concat(got), concat(chunks));
        if (!bytes) assert.deepEqual(got.map((c) => c.byteLength), sizes);
        else assert.ok(got.length >= sizes.length);
        // One write per chunk read, and the last chunk on its own.
        assert.equal(writes.length, got.length + 1);
      });
    }

    it("ends a byte stream that closes with a read waiting, whether or not its source answers the read (respond(0))", async () => {
      for (const answers of [true, false]) {
        let sent = false;
        const body = new ReadableStream({
          type: "bytes",
          pull(controller) {
            if (!sent) {
              sent = true;
              controller.enqueue(utf8.encode("data: [DONE]\n\n"));
              return;
            }
            controller.close();
            // The spec asks the source to answer the waiting BYOB read;
            // many sources forget, and a default reader never notices.
            if (answers) controller.byobRequest?.respond(0);
          },
        });
        const { writes, write } = recorder();
        await withTimeout(
          writeBody(body, HEAD, true, write),
          5000,
          `a byte stream closed ${
            answers ? "with" : "without"
          } respond(0) never ended`,
        );
        assert.equal(
          new TextDecoder().decode(concat(writes)),
          "HTTP/1.1 200 OK\r\n\r\ne\r\ndata: [DONE]\n\n\r\n0\r\n\r\n",
        );
      }
    });

    it("writes an HTTP/1.0 body as is, and the head alone for an empty body", async () => {
      const { writes, write } = recorder();
      await writeBody(
        streamOf(true, [
          utf8.encode("data: a\n\n"),
          utf8.encode("data: b\n\n"),
        ]),
        HEAD,
        false,
        write,
      );
      assert.equal(
        new TextDecoder().decode(concat(writes)),
        "HTTP/1.1 200 OK\r\n\r\ndata: a\n\ndata: b\n\n",
      );
      const empty = recorder();
      await writeBody(streamOf(true, []), HEAD, true, empty.write);
      assert.deepEqual(empty.writes, [HEAD, utf8.encode("0\r\n\r\n")]);
    });

    for (const bytes of [true, false]) {
      it(`writes each event of a ${bytes ? "byte" : "plain"} stream before the next exists`, async () => {
        // The stream makes its next event only once the previous one was
        // written: a writer that waited for a second event (to batch them)
        // would never write the first, and the bound would fail the test.
        let controller!: {
          enqueue(chunk: Uint8Array): void;
          close(): void;
        };
        let made = 0;
        const events = ["data: 1\n\n", "data: 2\n\n", "data: 3\n\n"];
        const next = () => {
          if (made < events.length) {
            controller.enqueue(utf8.encode(events[made++]));
          } else controller.close();
        };
        const body: ReadableStream<Uint8Array> = bytes
          ? new ReadableStream({
            type: "bytes",
            start(c) {
              controller = c;
              next();
            },
          })
          : new ReadableStream<Uint8Array>({
            start(c) {
              controller = c;
              next();
            },
          });
        const seen: string[] = [];
        await withTimeout(
          writeBody(body, HEAD, true, (out) => {
            seen.push(new TextDecoder().decode(out));
            if (seen.length <= events.length) next();
            return Promise.resolve();
          }),
          5000,
          "an event was held back waiting for the next",
        );
        assert.deepEqual(seen, [
          "HTTP/1.1 200 OK\r\n\r\n9\r\ndata: 1\n\n\r\n",
          "9\r\ndata: 2\n\n\r\n",
          "9\r\ndata: 3\n\n\r\n",
          "0\r\n\r\n",
        ]);
      });
    }

    it("tells a body that failed (BodyFailed, with its cause) from a write that failed, cancelling the body", async () => {
      const cut = new Error("upstream reset");
      let sent = 0;
      const failing = new ReadableStream<Uint8Array>({
        type: "bytes",
        pull(controller) {
          if (sent++ === 0) controller.enqueue(utf8.encode("data: 1\n\n"));
          else controller.error(cut);
        },
      });
      const { writes, write } = recorder();
      const failure = await writeBody(failing, HEAD, true, write).then(
        () => undefined,
        (error: unknown) => error,
      );
      assert.ok(failure instanceof BodyFailed, String(failure));
      assert.equal(failure.cause, cut);
      assert.equal(writes.length, 1);

      let cancelled: unknown;
      const endless = new ReadableStream<Uint8Array>({
        type: "bytes",
        pull(controller) {
          controller.enqueue(utf8.encode("data: x\n\n"));
        },
        cancel(reason) {
          cancelled = reason;
        },
      });
      const gone = new Error("client gone");
      const writeFailure = await writeBody(
        endless,
        HEAD,
        true,
        () => Promise.reject(gone),
      ).then(() => undefined, (error: unknown) => error);
      assert.equal(writeFailure, gone);
      assert.equal(cancelled, gone);
    });
  });
});
