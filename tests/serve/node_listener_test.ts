// The node:http listener (what `serve` uses on Node) run under Deno's
// node:http, so that the Deno suite reaches it too (the npm build runs the
// portable tests under Node 20): an upload past the body bound gets its 413
// and the server goes on serving; a handler that cancels a body the client
// is still sending answers, and the late pieces of that body are dropped,
// not pushed into the cancelled stream (which would throw in node:http's
// data event, outside any handler).
import assert from "node:assert/strict";
import { serveNode } from "../../src/serve/_node_server.ts";
import { resolveServeOptions, type ServeHandler } from "../../src/serve/mod.ts";
import { fetchSignal, shutdownBounded } from "../_bounded.ts";

const LIMIT = 64 * 1024;

/** A body of `pieces` pieces of 16 KiB, each sent once the last was read. */
function slowBody(pieces: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ === pieces) return controller.close();
      controller.enqueue(new Uint8Array(16 * 1024).fill(120));
    },
  });
}

async function withNodeListener(
  handler: ServeHandler,
  run: (origin: string) => Promise<void>,
): Promise<void> {
  const server = await serveNode(
    handler,
    resolveServeOptions({
      port: 0,
      hostname: "127.0.0.1",
      maxBodyBytes: LIMIT,
    }),
  );
  try {
    await run(`http://127.0.0.1:${server.addr.port}`);
  } finally {
    await shutdownBounded(server);
  }
}

async function post(
  origin: string,
  body: ReadableStream<Uint8Array> | string,
): Promise<{ status: number; text: string }> {
  const response = await fetch(`${origin}/upload`, {
    method: "POST",
    body,
    signal: fetchSignal(),
    ...(typeof body === "string" ? {} : { duplex: "half" }),
  } as RequestInit);
  return { status: response.status, text: await response.text() };
}

Deno.test("node listener: a chunked upload past the bound is a 413, and the next request is served", async () => {
  await withNodeListener(async (request) => {
    const text = await request.text();
    return new Response(`read ${text.length}`);
  }, async (origin) => {
    // Twice past the bound, in pieces: more arrive after the bound is hit.
    const over = await post(origin, slowBody(8));
    assert.equal(over.status, 413);
    const small = await post(origin, "hello");
    assert.deepEqual(small, { status: 200, text: "read 5" });
  });
});

Deno.test("node listener: a handler that cancels a body still arriving answers, and the server goes on", async () => {
  await withNodeListener(async (request) => {
    const reader = request.body!.getReader();
    const first = await reader.read();
    await reader.cancel();
    return new Response(`first ${first.value?.byteLength ?? 0}`);
  }, async (origin) => {
    for (let i = 0; i < 2; i++) {
      const answer = await post(origin, slowBody(3));
      assert.equal(answer.status, 200, `request ${i + 1}`);
      assert.match(answer.text, /^first \d+$/);
    }
  });
});
