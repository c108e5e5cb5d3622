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
