// The Deno listener's idle deadline at its edges, with the clock held
// (`_held_clock.ts`) and the test's own connections (`_fake_conn.ts`): a
// kept-alive connection has the whole idleTimeoutMs before it is closed,
// and a new connection is bound by the headers timeout alone (its 408),
// not by the idle timeout, however short.
import assert from "node:assert/strict";
import { shutdownBounded } from "../_bounded.ts";
import { fakeConn, serveFake } from "./_fake_conn.ts";
import { holdClock, T0 } from "./_held_clock.ts";

// Bug (`_deno_server.ts`, `now > c.idleBy` made `>=`): a kept-alive
// connection is closed at the very millisecond its idle timeout ends.
Deno.test("serve: a kept-alive connection quiet for exactly idleTimeoutMs stays; a millisecond later it is closed", async () => {
  const clock = holdClock(T0);
  const wire = fakeConn("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
  const closed = () => wire.events.some((e) => "close" in e);
  const server = await serveFake(
    () => new Response("ok"),
    { port: 0, hostname: "127.0.0.1", idleTimeoutMs: 1_000 },
    [wire],
  );
  try {
    // Answered, the connection waits for its next request (a second read).
    await wire.until(
      () =>
        wire.events.findIndex((e) => "write" in e) >= 0 &&
        wire.events.filter((e) => "read" in e).length >= 2,
      "the answer, then the wait for a next request",
    );
    clock.at(T0 + 1_000);
    clock.sweep();
    assert.ok(!closed(), "closed at the very millisecond its idle time ended");
    clock.at(T0 + 1_001);
    clock.sweep();
    assert.ok(closed(), "a connection idle past its timeout was kept");
  } finally {
    clock.release();
    await shutdownBounded(server);
  }
});

// Bug (`_deno_server.ts`, the serve loop's `first` starting false): a new
// connection also gets the idle deadline meant for the wait between
// requests, so with idleTimeoutMs shorter than headersTimeoutMs a client
// still to send its first request is cut off silently at the idle timeout,
// where the headers timeout answers it with a 408.
Deno.test("serve: a new connection that sends nothing gets its 408 at headersTimeoutMs, not a close at a shorter idleTimeoutMs", async () => {
  const clock = holdClock(T0);
  const wire = fakeConn(undefined);
  const closed = () => wire.events.some((e) => "close" in e);
  const server = await serveFake(
    () => new Response("ok"),
    {
      port: 0,
      hostname: "127.0.0.1",
      idleTimeoutMs: 1_000,
      headersTimeoutMs: 5_000,
    },
    [wire],
  );
  try {
    await wire.until(
      () => wire.events.some((e) => "read" in e),
      "the wait for the first request",
    );
    clock.at(T0 + 1_001);
    clock.sweep();
    assert.ok(!closed(), "closed at the idle timeout before its first head");
    clock.at(T0 + 5_001);
    clock.sweep();
    await wire.until(closed, "the close after the 408");
    const writes = wire.events.flatMap((e) => "write" in e ? [e.write] : []);
    assert.equal(writes.length, 1);
    assert.match(writes[0], /^HTTP\/1\.1 408 /);
  } finally {
    clock.release();
    await shutdownBounded(server);
  }
});
