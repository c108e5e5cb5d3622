// The Deno listener's answer bodies (src/serve/_write_body.ts and the
// whole-body path of _deno_server.ts) at the edges the earlier tests left: a
// streamed body whose first piece, ready at once, is a single byte (the
// writer reads what is ready before choosing between a whole body with its
// length and chunks; a piece read then must go out whatever its size), and
// a body declaring exactly the 64 KiB the listener reads whole.
import assert from "node:assert/strict";
import { serve } from "../../src/serve/mod.ts";
import { shutdownBounded } from "../_bounded.ts";
import { waitUntil } from "../_timeout.ts";
import { bodyOf, headOf, rawClient } from "./_raw_client.ts";

const utf8 = new TextEncoder();

/**
 * A body whose first piece is ready at once and whose second waits for
 * what `release` gives when it is asked for: a stream still being
 * produced, as a model's answer is.
 */
function heldAfterFirst(
  first: string,
  rest: string,
  bytes: boolean,
  release: () => Promise<void>,
): ReadableStream<Uint8Array> {
  const source = {
    start(controller: ReadableStreamDefaultController<Uint8Array>) {
      controller.enqueue(utf8.encode(first));
    },
    async pull(controller: ReadableStreamDefaultController<Uint8Array>) {
      await release();
      controller.enqueue(utf8.encode(rest));
      controller.close();
    },
  };
  return bytes
    ? new ReadableStream({ ...source, type: "bytes" } as UnderlyingByteSource)
    : new ReadableStream(source);
}

// Bug (`_write_body.ts`, `data.byteLength > 0` → `> 1` after the first
// reads): a first piece of one byte was read and then dropped, the head
// going out alone and the body starting at the second piece.
Deno.test("serve on Deno: a streamed body whose first piece is one byte keeps that byte (byte stream and plain stream)", async () => {
  let release!: () => void;
  let released = Promise.resolve();
  const server = await serve((request) => {
    released = new Promise((resolve) => release = resolve);
    const bytes = new URL(request.url).pathname === "/bytes";
    return new Response(heldAfterFirst("a", "bc", bytes, () => released));
  }, { port: 0, hostname: "127.0.0.1" });
  try {
    for (const path of ["/bytes", "/plain"]) {
      const client = await rawClient(server.addr.port);
      try {
        await client.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
        // The second piece waits until the head is out: the body cannot be
        // sent whole, so it goes chunked, its first byte first.
        await waitUntil(
          () => client.received.includes("\r\n\r\n"),
          `${path}: the head`,
        );
        release();
        const answer = await client.response();
        assert.ok(
          headOf(answer).includes("transfer-encoding: chunked"),
          `${path}: ${answer}`,
        );
        assert.equal(bodyOf(answer), "abc", path);
      } finally {
        await client.destroy();
      }
    }
  } finally {
    await shutdownBounded(server);
  }
});

// Bug (planted by hand, `_deno_server.ts` wholeBody, `Number(declared) >
// WHOLE_BODY_MAX_BYTES`→`>=`): an answer declaring exactly 64 KiB, its body
// still arriving, lost its Content-Length and went chunked. Deno.serve and
// node:http send a declared length as declared; the listener does so up to
// 64 KiB by reading the body whole.
Deno.test("serve on Deno: an answer declaring exactly 64 KiB, its body arriving over time, goes with that Content-Length", async () => {
  const size = 64 * 1024;
  const half = "x".repeat(size / 2);
  // The second half comes on a timer started when it is asked for: no read
  // of it settles within the turn the writer looks at (a setImmediate).
  const later = () => new Promise<void>((resolve) => setTimeout(resolve, 10));
  const server = await serve(
    () =>
      new Response(heldAfterFirst(half, half, false, later), {
        headers: { "content-length": String(size) },
      }),
    { port: 0, hostname: "127.0.0.1" },
  );
  try {
    const client = await rawClient(server.addr.port);
    try {
      await client.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
      const answer = await client.response();
      const head = headOf(answer);
      assert.ok(head.includes(`content-length: ${size}`), head.join("\n"));
      assert.ok(!head.includes("transfer-encoding: chunked"), head.join("\n"));
      assert.equal(bodyOf(answer).length, size);
    } finally {
      await client.destroy();
    }
  } finally {
    await shutdownBounded(server);
  }
});
