// The Deno listener's idle deadline on a kept-alive connection: set once an
// answer went, it closes a connection that stays quiet, and it ends when the
// next head's first byte comes, so a handler that then takes longer than
// idleTimeoutMs (a model call) is not cut off. The clock is held (see
// _held_clock.ts), so the deadline is passed exactly, whatever the load.
import assert from "node:assert/strict";
import { waitUntil } from "../_timeout.ts";
import { bodyOf } from "./_raw_client.ts";
import { holdClock, T0 } from "./_held_clock.ts";
import { withServer } from "./_with_server.ts";

// Bug (`_http1.ts`, readHead's `if (!announced) onFirstByte()` with its `!`
// dropped): a head that arrives in one read never announces its first byte,
// so the idle deadline set while the connection waited for it stays, and
// the sweeper closes the connection under a handler still working on the
// second request once idleTimeoutMs has passed.
Deno.test("serve: the second request on a connection, its head in one piece, may take longer than idleTimeoutMs to answer", async () => {
  const clock = holdClock(T0);
  const working: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => release = resolve);
  try {
    await withServer(async (request) => {
      const path = new URL(request.url).pathname;
      working.push(path);
      if (path === "/slow") await released;
      return new Response(`${path} done`);
    }, async (connect) => {
      const client = await connect();
      await client.write("GET /first HTTP/1.1\r\nHost: x\r\n\r\n");
      assert.equal(bodyOf(await client.response()), "/first done");
      await client.write("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n");
      await waitUntil(() => working.length === 2, "/slow not handled");
      // Far past every deadline: only one still set would end it.
      clock.at(T0 + 10_000);
      clock.sweep();
      release();
      const answer = await client.response();
      assert.match(answer, /^HTTP\/1\.1 200 /, answer);
      assert.equal(bodyOf(answer), "/slow done");
    }, { idleTimeoutMs: 1_000, headersTimeoutMs: 1_000 });
  } finally {
    release();
    clock.release();
  }
});

// Bug (`_deno_server.ts`, `if (!first) c.idleBy = …` with its `!` dropped):
// the idle deadline is set only before a connection's first head, never
// between requests, so a kept-alive connection that goes quiet after an
// answer is held for good (a slot, a descriptor) instead of closed at
// idleTimeoutMs.
Deno.test("serve: a kept-alive connection quiet after its answer is closed once idleTimeoutMs has passed", async () => {
  const clock = holdClock(T0);
  try {
    await withServer(() => new Response("ok"), async (connect, server) => {
      const client = await connect();
      for (const path of ["/first", "/second"]) {
        await client.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
        assert.equal(bodyOf(await client.response()), "ok");
      }
      // The idle deadline is set once the answer went, which the client may
      // see first: the clock moves a timeout's worth at a time, bounded.
      for (let step = 1; step <= 50 && !client.closed; step++) {
        clock.at(T0 + step * 1_001);
        clock.sweep();
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      await client.closedByServer();
      await waitUntil(() => server.connections === 0, "the slot held");
    }, { idleTimeoutMs: 1_000, headersTimeoutMs: 60_000 });
  } finally {
    clock.release();
  }
});
