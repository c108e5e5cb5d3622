// The Deno listener's connections after an answer: one cut by its body's
// failure is closed, the only way a client can tell a chunked answer was
// cut; and every connection has Nagle's algorithm off, so an answer written
// in two pieces (a chunked body's last chunk goes alone) does not wait for
// the client's delayed ACK (40 ms a request on Linux).
import assert from "node:assert/strict";
import { withTimeout } from "../_bounded.ts";
import { waitUntil } from "../_timeout.ts";
import { fakeConn, withFake } from "./_fake_conn.ts";
import { bodyOf } from "./_raw_client.ts";
import { withServer } from "./_with_server.ts";

const utf8 = new TextEncoder();

// Bug (`_deno_server.ts`, the `return "close"` of an answer not written to
// its end dropped): a keep-alive connection whose answer's body failed
// midway is kept for a next request, so the client, given no last chunk and
// no close, waits for the rest of an answer that never comes.
Deno.test("serve: a keep-alive connection whose answer's body fails midway is closed after the part sent", async () => {
  let fail!: () => void;
  await withServer(() => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(utf8.encode("partial"));
        fail = () => controller.error(new Error("the upstream cut it"));
      },
    });
    return new Response(body);
  }, async (connect) => {
    const client = await connect();
    await client.write("GET /cut HTTP/1.1\r\nHost: x\r\n\r\n");
    await waitUntil(
      () => client.received.includes("partial"),
      "the answer's first piece",
    );
    assert.match(client.received, /^HTTP\/1\.1 200 /);
    assert.match(client.received, /\r\ntransfer-encoding: chunked\r\n/i);
    fail();
    await client.closedByServer();
    assert.match(client.received, /partial/);
    assert.doesNotMatch(client.received, /\r\n0\r\n\r\n$/);
  });
});

// Bug (`_deno_server.ts`, `setNoDelay(true)` made false): Nagle's algorithm
// stays on, and the second write of an answer waits for the client's
// delayed ACK.
Deno.test("serve: every accepted connection has Nagle's algorithm off", async () => {
  const wire = fakeConn(
    "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
  );
  await withFake([wire], async () => {
    await wire.written("the answer's write");
    assert.equal(wire.noDelay, true);
  });
});

// Bug (`_deno_server.ts`, the refusal's task not kept with the others):
// shutdown resolves while a connection refused past the cap still has its
// 503 going out, though `finished` is documented to wait for every
// connection to close.
Deno.test("serve: shutdown waits for a connection refused past the cap to be answered and closed", async () => {
  const busy = fakeConn(undefined);
  const refused = fakeConn("GET / HTTP/1.1\r\nHost: x\r\n\r\n", {
    holdFirstWrite: true,
  });
  await withFake([busy, refused], async (server) => {
    await refused.written("the 503's write");
    assert.match(refused.summary().find((e) => e !== "read")!, / 503/);
    // Whether the refused connection was closed when shutdown resolved.
    const stopped = server.shutdown().then(() =>
      refused.events.some((e) => "close" in e)
    );
    // Every reaction shutdown sets off runs before this timer: the idle
    // connection's close, the accept loop's end.
    await new Promise((resolve) => setTimeout(resolve, 0));
    refused.releaseWrite();
    assert.equal(
      await withTimeout(stopped, 10_000, "shutdown"),
      true,
      "shutdown resolved first",
    );
  }, { maxConnections: 1 });
});

// Bug (`_deno_server.ts`, the accept loop's backoff: `pause === 0` made
// `!==`, `Math.min` made `Math.max`, or its `continue` dropped): a listener
// whose accepts fail (out of file descriptors) retries at once, spinning,
// or waits longer each time without bound (the port dead for minutes after
// a burst of failures), or goes on with no connection and, at the cap,
// throws out of its accept loop. Documented: 5 ms, doubling, up to 1 s,
// and the next connection is taken as usual. The waits are recorded, and
// made at once, by a stand-in setTimeout.
Deno.test("serve: failed accepts are retried after 5 ms, doubling up to 1 s, and the next connection is taken", async () => {
  const busy = fakeConn(undefined);
  const next = fakeConn("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
  const failures = Array.from(
    { length: 12 },
    () => new Error("accept: too many open files"),
  );
  const waits: number[] = [];
  const realSetTimeout = globalThis.setTimeout;
  globalThis.setTimeout = ((fn: () => void, ms = 0) => {
    // The test's own bounds (10 s) wait for real.
    if (ms >= 10_000) return realSetTimeout(fn, ms);
    waits.push(ms);
    return realSetTimeout(fn, 0);
  }) as typeof setTimeout;
  try {
    await withFake([busy, ...failures, next], async () => {
      // The busy connection holds the one slot: the next one is refused.
      await next.written("the next connection's answer");
      assert.match(next.summary().find((e) => e !== "read")!, / 503/);
    }, { maxConnections: 1 });
  } finally {
    globalThis.setTimeout = realSetTimeout;
  }
  assert.deepEqual(waits, [
    5,
    10,
    20,
    40,
    80,
    160,
    320,
    640,
    1000,
    1000,
    1000,
    1000,
  ]);
});

// Bug (`_deno_server.ts`, wholeBody's `return` for a declared length past
// 64 KiB dropped): an answer declaring a large body (a relayed download)
// is read whole into memory before a byte of it is sent, so a client gets
// nothing until its last byte exists.
Deno.test("serve: an answer declaring more than 64 KiB goes out as it comes", async () => {
  const half = 40_000;
  let release!: () => void;
  const released = new Promise<void>((resolve) => release = resolve);
  await withServer(() => {
    let step = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (step++ === 0) {
          return controller.enqueue(new Uint8Array(half).fill(97));
        }
        await released;
        controller.enqueue(new Uint8Array(half).fill(98));
        controller.close();
      },
    });
    return new Response(body, {
      headers: { "content-length": String(2 * half) },
    });
  }, async (connect) => {
    const client = await connect();
    await client.write("GET /download HTTP/1.1\r\nHost: x\r\n\r\n");
    try {
      // The first half arrives while the second does not exist yet.
      await waitUntil(
        () => client.received.includes("a".repeat(half)),
        "the first half, before the second exists",
      );
    } finally {
      release();
    }
    const answer = await client.response();
    assert.match(answer, /^HTTP\/1\.1 200 /);
    assert.equal(bodyOf(answer), "a".repeat(half) + "b".repeat(half));
  });
});

// Bug (`_deno_server.ts`, the serve loop's `!c.closed && !stopping` made
// `||`): a keep-alive answer still being written when shutdown begins
// leaves its connection waiting for a next request, so shutdown waits for
// the client (or serves it) instead of closing the connection after the
// answer.
Deno.test("serve: a keep-alive answer being written when shutdown begins closes its connection after it", async () => {
  const wire = fakeConn("GET / HTTP/1.1\r\nHost: x\r\n\r\n", {
    holdFirstWrite: true,
  });
  await withFake([wire], async (server) => {
    await wire.written("the answer's write");
    const stopped = server.shutdown();
    wire.releaseWrite();
    await wire.until(
      () => wire.events.some((e) => "close" in e),
      "the connection's close after its answer",
    );
    await withTimeout(stopped, 10_000, "shutdown");
  });
});

// Bug (`_deno_server.ts`, closeQuietly's `c.closed = true` made false): a
// connection its client left is not known as closed, so the answer the
// handler then gives is written anyway; one of small declared length is
// first read whole, waiting on an upstream that may never finish, instead
// of being cancelled at once, as the serve docs say of a client that
// leaves.
Deno.test("serve: the answer to a client that left is cancelled, even one of small declared length still arriving", async () => {
  let cancelled!: () => void;
  const wasCancelled = new Promise<void>((resolve) => cancelled = resolve);
  let left!: () => void;
  const clientLeft = new Promise<void>((resolve) => left = resolve);
  await withServer((request) =>
    new Promise<Response>((resolve) => {
      request.signal.addEventListener("abort", () => {
        left();
        resolve(
          new Response(
            new ReadableStream<Uint8Array>({
              pull: () => new Promise<void>(() => {}),
              cancel: () => cancelled(),
            }),
            { headers: { "content-length": "10" } },
          ),
        );
      });
    }), async (connect) => {
    const client = await connect();
    await client.write("GET /relay HTTP/1.1\r\nHost: x\r\n\r\n");
    await client.destroy();
    await withTimeout(clientLeft, 10_000, "the request's abort");
    await withTimeout(wasCancelled, 10_000, "the answer's body cancelled");
  });
});
