// The Deno listener's answer bodies (src/serve/_write_body.ts) at the edges
// the earlier tests left: a streamed body whose first piece, ready at once,
// is a single byte. The writer reads what is ready before choosing between
// a whole body with its length and chunks; a piece read then must go out
// whatever its size, or the client gets the rest of the body without it.
import assert from "node:assert/strict";
import { serve } from "../../src/serve/mod.ts";
import { shutdownBounded } from "../_bounded.ts";
import { waitUntil } from "../_timeout.ts";
import { bodyOf, headOf, rawClient } from "./_raw_client.ts";

const utf8 = new TextEncoder();

/**
 * A body whose first piece is ready at once and whose second waits for
 * `release`: a stream still being produced, as a model's answer is.
 */
function heldAfterFirst(
  first: string,
  rest: string,
  bytes: boolean,
  release: Promise<void>,
): ReadableStream<Uint8Array> {
  const source = {
    start(controller: ReadableStreamDefaultController<Uint8Array>) {
      controller.enqueue(utf8.encode(first));
    },
    async pull(controller: ReadableStreamDefaultController<Uint8Array>) {
      await release;
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
    return new Response(heldAfterFirst("a", "bc", bytes, released));
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
