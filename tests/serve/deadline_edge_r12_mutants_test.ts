// The Deno listener's deadlines at their exact edge: a client has the whole
// headersTimeoutMs (and bodyTimeoutMs) it was given, and is cut off once
// that much time has passed, not a millisecond before. The test holds the
// clock: Date.now is frozen where the test puts it, and the sweeper (the one
// setInterval the listener starts) is run by hand at each instant, so the
// edge is met exactly, however loaded the machine.
import assert from "node:assert/strict";
import { serve } from "../../src/serve/mod.ts";
import { shutdownBounded } from "../_bounded.ts";
import { waitUntil, withTimeout } from "../_timeout.ts";
import { bodyOf, WAIT_MS } from "./_raw_client.ts";
import { holdClock, T0 } from "./_held_clock.ts";
import { withServer } from "./_with_server.ts";

// Bug (planted by hand, the twin of seed 20261165's `_deno_server.ts:181`
// survivor below, `now > c.headBy`→`>=`): a client was cut off with a 408
// at the very millisecond its headers timeout ended, with none of it left,
// instead of once it had passed.
Deno.test("serve: a head finished at exactly headersTimeoutMs is answered; one a millisecond later gets a 408", async () => {
  const clock = holdClock(T0);
  try {
    await withServer(() => new Response("on time"), async (connect, server) => {
      const first = await connect();
      await first.write("GET /a HT");
      // Accepted: its head deadline was set from the frozen clock.
      await waitUntil(() => server.connections === 1, "first not accepted");
      clock.at(T0 + 1_000);
      clock.sweep();
      await first.write("TP/1.1\r\nHost: x\r\n\r\n");
      const answer = await first.response();
      assert.match(answer, /^HTTP\/1\.1 200 /, answer);
      assert.equal(bodyOf(answer), "on time");

      const second = await connect();
      await second.write("GET /b HT");
      await waitUntil(() => server.connections === 2, "second not accepted");
      clock.at(T0 + 2_001);
      clock.sweep();
      const late = await second.response();
      assert.match(late, /^HTTP\/1\.1 408 /, late);
    }, { headersTimeoutMs: 1_000, idleTimeoutMs: 60_000 });
  } finally {
    clock.release();
  }
});

// Bug (seed 20261165, `_deno_server.ts:181`, `now > c.bodyBy`→`>=`): a
// body finished at the very millisecond its timeout ended was cut off with
// a 408.
Deno.test("serve: a body finished at exactly bodyTimeoutMs is read whole; one a millisecond later gets a 408", async () => {
  const clock = holdClock(T0);
  const reading: string[] = [];
  try {
    await withServer(async (request) => {
      const path = new URL(request.url).pathname;
      reading.push(path);
      return new Response(`${path} ${await request.text()}`);
    }, async (connect) => {
      const post = (path: string) =>
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhe`;
      const first = await connect();
      await first.write(post("/a"));
      // The handler runs once the head is read and the body deadline set.
      await waitUntil(() => reading.length === 1, "/a not handled");
      clock.at(T0 + 1_000);
      clock.sweep();
      await first.write("llo");
      const answer = await first.response();
      assert.match(answer, /^HTTP\/1\.1 200 /, answer);
      assert.equal(bodyOf(answer), "/a hello");

      const second = await connect();
      await second.write(post("/b"));
      await waitUntil(() => reading.length === 2, "/b not handled");
      clock.at(T0 + 2_001);
      clock.sweep();
      const late = await second.response();
      assert.match(late, /^HTTP\/1\.1 408 /, late);
    }, { bodyTimeoutMs: 1_000, idleTimeoutMs: 60_000 });
  } finally {
    clock.release();
  }
});

// Bug (planted by hand, `_deno_server.ts`, the linger's bound
// `Math.min(LINGER_MS, idleTimeoutMs)`→`Math.max`): a refused upload's
// lingering close held its connection for 5 s whatever idleTimeoutMs said,
// so a listener configured to drop silent clients after a second kept one
// that neither finished its body nor closed for five.
Deno.test("serve: a lingering close after a 413 ends at idleTimeoutMs when that is shorter than the linger", async () => {
  const clock = holdClock(T0);
  const server = await serve(() => new Response("never"), {
    port: 0,
    hostname: "127.0.0.1",
    maxBodyBytes: 10,
    idleTimeoutMs: 1_000,
  });
  // Deno's own connection: it keeps its side open after the server's FIN,
  // as a client still sending its body does.
  const client = await Deno.connect({
    hostname: "127.0.0.1",
    port: server.addr.port,
  });
  try {
    await client.write(
      new TextEncoder().encode(
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nsome",
      ),
    );
    let received = "";
    const buffer = new Uint8Array(4096);
    for (;;) {
      const n = await withTimeout(client.read(buffer), WAIT_MS, "no EOF");
      if (n === null) break;
      received += new TextDecoder().decode(buffer.subarray(0, n));
    }
    assert.match(received, /^HTTP\/1\.1 413 /);
    // Half-closed and lingering (its end was set before the FIN went out).
    assert.equal(server.connections, 1);
    clock.at(T0 + 1_001);
    clock.sweep();
    await waitUntil(
      () => server.connections === 0,
      "the linger outlived idleTimeoutMs",
    );
  } finally {
    client.close();
    clock.release();
    await shutdownBounded(server);
  }
});
