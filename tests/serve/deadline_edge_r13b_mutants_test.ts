// The Deno listener's write deadline at its exact edge: an answer a client
// reads slowly has the whole idleTimeoutMs for each write, and its
// connection is closed once that much time has passed, not a millisecond
// before. The clock is held (`_held_clock.ts`) and the connection is the
// test's own (`_fake_conn.ts`), whose write of the answer is held: the write
// is pending, as a client that stopped reading leaves it, for as long as
// the test needs.
import assert from "node:assert/strict";
import { shutdownBounded } from "../_bounded.ts";
import { fakeConn, serveFake } from "./_fake_conn.ts";
import { holdClock, T0 } from "./_held_clock.ts";

// Bug (seed 20261167, `_deno_server.ts:186`, `now > c.writeBy`→`>=`): a
// connection whose answer was still being written was closed at the very
// millisecond its write deadline ended, cutting the answer off.
Deno.test("serve: a write still pending at exactly idleTimeoutMs goes on; a millisecond later its connection is closed", async () => {
  const clock = holdClock(T0);
  const wire = fakeConn("GET /slow-reader HTTP/1.1\r\nHost: x\r\n\r\n", {
    holdFirstWrite: true,
  });
  const closed = () => wire.events.some((e) => "close" in e);
  const server = await serveFake(
    () => new Response("an answer read slowly"),
    { port: 0, hostname: "127.0.0.1", idleTimeoutMs: 1_000 },
    [wire],
  );
  try {
    // The answer's write started at T0 (its deadline set just before) and
    // waits: the client is not reading.
    await wire.until(
      () => wire.events.some((e) => "write" in e),
      "the answer's write",
    );
    assert.match(wire.summary().find((e) => e !== "read")!, /^HTTP\/1\.1 200/);
    // The sweep is synchronous, and so is the close it makes.
    clock.at(T0 + 1_000);
    clock.sweep();
    assert.ok(!closed(), "closed at the very millisecond its deadline ended");
    clock.at(T0 + 1_001);
    clock.sweep();
    assert.ok(closed(), "a write past its deadline kept its connection");
  } finally {
    wire.releaseWrite();
    clock.release();
    await shutdownBounded(server);
  }
});
