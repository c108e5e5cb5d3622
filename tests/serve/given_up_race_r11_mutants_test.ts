// Races of the Deno listener that take microseconds on a real socket, held
// open with connections of the test's own (`_fake_conn.ts`): a write of the
// listener's own answer (a 408, a 503) is held while the test moves on.
import assert from "node:assert/strict";
import { shutdownBounded } from "../_bounded.ts";
import { fakeConn, serveFake } from "./_fake_conn.ts";

const utf8 = new TextEncoder();

// The area's open survivor, `_deno_server.ts` `return "close"` after a
// given-up answer: a handler that answers while the listener's own 408 (its
// body timed out) is still being written must not have its answer written
// after the 408. Bug: the return dropped, so the late answer goes out after
// the 408, on a connection the client was told closes.
Deno.test("serve: a handler that answers while the listener's 408 is still being written has its answer given up, not written after the 408", async () => {
  const wire = fakeConn(
    "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n",
    { holdFirstWrite: true },
  );
  let answer!: (response: Response) => void;
  let cancelled = false;
  const server = await serveFake(
    () => new Promise<Response>((resolve) => answer = resolve),
    { port: 0, hostname: "127.0.0.1", bodyTimeoutMs: 100 },
    [wire],
  );
  try {
    // The body never comes: the sweeper answers 408, and that write hangs.
    await wire.until(
      () => wire.events.some((e) => "write" in e && / 408 /.test(e.write)),
      "the listener's 408",
    );
    // Now the handler answers, with a body that must be cancelled: one
    // piece, then nothing until it is.
    let pieces = 0;
    answer(
      new Response(
        new ReadableStream({
          pull(controller) {
            if (pieces++ > 0) return new Promise<void>(() => {});
            controller.enqueue(utf8.encode("late answer"));
          },
          cancel() {
            cancelled = true;
          },
        }),
      ),
    );
    await wire.until(
      () => wire.events.some((e) => "close" in e),
      "the connection's close",
    );
    assert.deepEqual(
      wire.summary().filter((e) => e !== "read"),
      ["HTTP/1.1 408", "close"],
    );
    assert.ok(cancelled, "the given-up answer's body was not cancelled");
  } finally {
    wire.releaseWrite();
    await shutdownBounded(server);
  }
});

// Bug (seed 20261164, `_deno_server.ts` the `continue` after a refused
// connection dropped): a connection past the cap gets its 503 and is then
// served anyway, its request read and handed to the handler while the 503
// is still going out, and counted among the open connections.
Deno.test("serve: a connection past the cap gets its 503 and nothing of it is read or handled", async () => {
  const holder = fakeConn(undefined);
  const refused = fakeConn("GET /over HTTP/1.1\r\nHost: x\r\n\r\n", {
    holdFirstWrite: true,
  });
  const handled: string[] = [];
  const server = await serveFake(
    (request) => {
      handled.push(new URL(request.url).pathname);
      return new Response("served");
    },
    { port: 0, hostname: "127.0.0.1", maxConnections: 1 },
    [holder, refused],
  );
  try {
    await refused.until(
      () => refused.events.some((e) => "write" in e),
      "the 503",
    );
    assert.equal(server.connections, 1, "the refused connection is counted");
    refused.releaseWrite();
    await refused.until(
      () => refused.events.some((e) => "close" in e),
      "the refused connection's close",
    );
    assert.deepEqual(refused.summary(), ["HTTP/1.1 503", "close"]);
    assert.deepEqual(handled, []);
  } finally {
    refused.releaseWrite();
    await shutdownBounded(server);
  }
});
