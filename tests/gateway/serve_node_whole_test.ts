// serveNode (src/serve/node.ts, the listener of `switchyard gateway` on
// Node) moves small bodies of declared length whole: these tests check that
// the handler still gets every request body byte for byte — small, at the
// 64 KiB edge, past it, chunked, on the second request of a connection — and
// that a small answer goes out with its real length, or as a 500 when its
// body fails before a byte was sent. Run here through Deno's node:http; the
// npm build runs the command on Node itself (tests/cli/bin_node_test.ts).
import assert from "node:assert/strict";
import { fetchSignal, shutdownBounded, withTimeout } from "../_bounded.ts";
import { serveNode } from "../../src/serve/node.ts";

const BOUND_MS = 15_000;

/** A body of `n` bytes that differ from one position to the next. */
function bytes(n: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = (i * 31 + 7) & 0xff;
  return out;
}

async function digest(
  data: ArrayBuffer | Uint8Array<ArrayBuffer>,
): Promise<string> {
  const view = data instanceof Uint8Array ? data : new Uint8Array(data);
  const hash = await crypto.subtle.digest("SHA-256", view);
  return Array.from(new Uint8Array(hash), (b) => b.toString(16)).join("");
}

/** Echoes the request body's length and digest. */
async function echo(request: Request): Promise<Response> {
  const body = await request.arrayBuffer();
  return Response.json({ length: body.byteLength, sha: await digest(body) });
}

Deno.test("serveNode: every request body reaches the handler byte for byte, small or large, by length or chunked, first or second on a connection", async () => {
  const server = await serveNode(echo, { port: 0 });
  const origin = `http://127.0.0.1:${server.addr.port}`;
  try {
    // Twice each, so the second request reuses the connection.
    for (const size of [1, 1000, 65_535, 65_536, 65_537, 200_000, 1000, 1]) {
      const body = bytes(size);
      const response = await withTimeout(
        fetch(`${origin}/v1/chat/completions`, {
          method: "POST",
          body,
          signal: fetchSignal(),
        }),
        BOUND_MS,
        `a ${size}-byte body got no answer`,
      );
      assert.deepEqual(await response.json(), {
        length: size,
        sha: await digest(body),
      }, `a ${size}-byte body`);
    }
    // Chunked (no Content-Length): streamed to the handler, still whole.
    const body = bytes(5000);
    const chunked = await withTimeout(
      fetch(`${origin}/`, {
        method: "POST",
        body: new ReadableStream({
          start(controller) {
            controller.enqueue(body.subarray(0, 1234));
            controller.enqueue(body.subarray(1234));
            controller.close();
          },
        }),
        duplex: "half",
        signal: fetchSignal(),
      } as RequestInit),
      BOUND_MS,
      "a chunked body got no answer",
    );
    assert.deepEqual(await chunked.json(), {
      length: 5000,
      sha: await digest(body),
    });
  } finally {
    await shutdownBounded(server);
  }
});

Deno.test("serveNode: a small answer goes out with the length of its real bytes, and one whose body fails before a byte is a 500", async () => {
  const server = await serveNode((request) => {
    const path = new URL(request.url).pathname;
    if (path === "/wrong-length") {
      // A handler that declares more than it sends: the client must get the
      // three bytes and their real length, not wait for seven more.
      return new Response("abc", { headers: { "content-length": "10" } });
    }
    if (path === "/fails") {
      return new Response(
        new ReadableStream({
          pull(controller) {
            controller.error(new Error("upstream cut"));
          },
        }),
        { headers: { "content-length": "20" } },
      );
    }
    return new Response("hello", {
      headers: {
        "content-type": "text/plain",
        "content-length": "5",
        "x-kept": "yes",
      },
    });
  }, { port: 0 });
  const origin = `http://127.0.0.1:${server.addr.port}`;
  try {
    const get = (path: string) =>
      withTimeout(
        fetch(`${origin}${path}`, { signal: fetchSignal() }).then(
          async (r) => ({ r, text: await r.text() }),
        ),
        BOUND_MS,
        `GET ${path} got no whole answer`,
      );
    for (let i = 0; i < 2; i++) {
      const plain = await get("/");
      assert.equal(plain.text, "hello");
      assert.equal(plain.r.headers.get("content-length"), "5");
      assert.equal(plain.r.headers.get("x-kept"), "yes");
    }
    const wrong = await get("/wrong-length");
    assert.equal(wrong.text, "abc");
    assert.equal(wrong.r.headers.get("content-length"), "3");
    const failed = await get("/fails");
    assert.equal(failed.r.status, 500);
  } finally {
    await shutdownBounded(server);
  }
});
