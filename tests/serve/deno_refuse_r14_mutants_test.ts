// The Deno listener answers a connection it refuses once: a 408 still going
// out is not followed by a second refusal of the same connection. The clock
// is held (`_held_clock.ts`) and the connection is the test's own
// (`_fake_conn.ts`), whose first write (the 408) is held, so the race of a
// head timing out as its last line arrives stays open while the rest of
// the head comes.
import assert from "node:assert/strict";
import { shutdownBounded } from "../_bounded.ts";
import { fakeConn, serveFake } from "./_fake_conn.ts";
import { holdClock, T0 } from "./_held_clock.ts";

// Bug (`_deno_server.ts`, refuse's guard `c.closed || c.answered` made
// `&&`, or its `return` dropped): a head that ends just after its timeout's
// 408 went out, declaring a body past the bound, gets its 413 written too:
// two answers to one request, the second read by the client (or a proxy)
// as the answer to its next one; and the connection, lingering for that
// 413, is not closed.
Deno.test("serve: a head that times out as it ends gets its 408 only, and its connection is closed", async () => {
  const clock = holdClock(T0);
  const wire = fakeConn(
    "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 99999\r\n",
    { holdFirstWrite: true },
  );
  const reads = () => wire.events.filter((e) => "read" in e).length;
  const handled: string[] = [];
  const server = await serveFake(
    (request) => {
      handled.push(request.url);
      return new Response("handled");
    },
    {
      port: 0,
      hostname: "127.0.0.1",
      headersTimeoutMs: 1_000,
      maxBodyBytes: 1024,
    },
    [wire],
  );
  try {
    // The listener has the head's first lines and waits for the rest.
    await wire.until(() => reads() >= 2, "the read of the head's rest");
    clock.at(T0 + 1_001);
    clock.sweep();
    await wire.until(
      () => wire.events.some((e) => "write" in e),
      "the 408's write",
    );
    // The head's end comes while the 408 is still going out.
    wire.feed("\r\n");
    const writes = () =>
      wire.events.flatMap((e) => "write" in e ? [e.write] : []);
    await wire.until(
      () => wire.events.some((e) => "close" in e) || writes().length > 1,
      "the connection's close",
    );
    assert.equal(writes().length, 1, writes().join("\n---\n"));
    assert.match(writes()[0], /^HTTP\/1\.1 408 /);
    assert.ok(wire.events.some((e) => "close" in e));
    assert.deepEqual(handled, []);
  } finally {
    wire.releaseWrite();
    clock.release();
    await shutdownBounded(server);
  }
});

// Bug (`_deno_server.ts`, the sweeper's close of an answered connection
// dropped): a 408 whose write hangs (a client that neither reads nor
// closes) holds its connection for good, where the next sweep is
// documented to close it.
Deno.test("serve: a connection whose 408 cannot be written is closed on the next sweep", async () => {
  const clock = holdClock(T0);
  const wire = fakeConn("GET /slow HTTP/1.1\r\nHost: x\r\n", {
    holdFirstWrite: true,
  });
  const closed = () => wire.events.some((e) => "close" in e);
  const server = await serveFake(
    () => new Response("handled"),
    { port: 0, hostname: "127.0.0.1", headersTimeoutMs: 1_000 },
    [wire],
  );
  try {
    await wire.until(
      () => wire.events.filter((e) => "read" in e).length >= 2,
      "the read of the head's rest",
    );
    clock.at(T0 + 1_001);
    clock.sweep();
    await wire.until(
      () => wire.events.some((e) => "write" in e),
      "the 408's write",
    );
    assert.ok(!closed(), "closed before its 408 was written");
    // The sweep is synchronous, and so is the close it makes.
    clock.at(T0 + 1_002);
    clock.sweep();
    assert.ok(closed(), "a connection whose 408 hangs was kept");
  } finally {
    wire.releaseWrite();
    clock.release();
    await shutdownBounded(server);
  }
});

// Bug (`_deno_server.ts`, refuse's `lingerMs > 0` made `> 1`): with the
// smallest idleTimeoutMs (1 ms, the linger's bound) a refused upload's
// connection is closed at once after its 413, unread bytes and all, which
// resets it (issue 20's item 6), instead of closing in stages: the answer,
// then reading what the client still sends, then the close.
Deno.test("serve: with idleTimeoutMs 1 a refused upload's connection still closes in stages", async () => {
  const clock = holdClock(T0);
  const wire = fakeConn(
    "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 99999\r\n\r\nxxxx",
  );
  const closed = () => wire.events.some((e) => "close" in e);
  const server = await serveFake(
    () => new Response("handled"),
    { port: 0, hostname: "127.0.0.1", idleTimeoutMs: 1, maxBodyBytes: 1024 },
    [wire],
  );
  try {
    const written = () => wire.events.findIndex((e) => "write" in e);
    // After the 413: a read of what the client still sends, or the close.
    await wire.until(
      () =>
        written() >= 0 &&
        wire.events.slice(written()).some((e) => "read" in e || "close" in e),
      "what follows the 413",
    );
    assert.match(wire.summary()[written()], /^HTTP\/1\.1 4/);
    assert.match((wire.events[written()] as { write: string }).write, / 413 /);
    assert.ok(!closed(), "closed at once after the 413, unread bytes and all");
    // The linger lasts its whole bound (Bug: `now > c.lingerBy` made
    // `>=`, which ends it a millisecond early) and ends at the next sweep
    // past it.
    clock.at(T0 + 1);
    clock.sweep();
    assert.ok(!closed(), "the linger ended at its bound, not past it");
    clock.at(T0 + 2);
    clock.sweep();
    assert.ok(closed(), "the linger outlived its bound");
  } finally {
    clock.release();
    await shutdownBounded(server);
  }
});
