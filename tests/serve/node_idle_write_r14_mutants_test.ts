// A client that stops reading its answer, on the node:http listener run by
// Node itself (skipped outside CI when Node is missing): the listener's
// module docs say a write the client does not take for `idleTimeoutMs`
// closes the connection and aborts the request, so an answer produced for
// ever (a model stream, a relay) is not produced into a socket nobody reads;
// and one larger than the socket buffers still reaches a client that reads.
import assert from "node:assert/strict";
import { needs } from "../_programs.ts";
import { withTimeout } from "../_timeout.ts";
import { FIXTURE, withBundledNodeServe } from "./_node_serve.ts";
import { ask, bodyOf } from "./_raw_client.ts";

const ignore = needs("serve on Node", "node").ignore;
const WAIT_MS = 20_000;

/** Asks for `path` over a connection that never reads, until given up. */
async function stallOn(
  port: number,
  path: string,
  printed: (line: string) => Promise<void>,
): Promise<void> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    await conn.write(
      new TextEncoder().encode(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`),
    );
    // Not a byte read until the server has given up: the socket buffers
    // fill, and the listener's write waits on them.
    await printed(`cancelled ${path}`);
    await printed(`completed ${path} Error`);
    // What was buffered still comes, then the connection's end.
    const scratch = new Uint8Array(256 * 1024);
    let received = 0;
    const drained = (async () => {
      for (;;) {
        const n = await conn.read(scratch).catch(() => null);
        if (n === null) return;
        received += n;
      }
    })();
    await withTimeout(drained, WAIT_MS, "the connection's close");
    assert.ok(received > 0, "the answer's head and first pieces came");
  } finally {
    conn.close();
  }
}

// Bug (`_node_server.ts`, `drained`'s timer resolving true): a stalled
// write is taken as drained once the idle bound passes, so the loop writes
// on and waits again, for ever: the body is never cancelled, `completed`
// never settles and the connection stays open. And (`drained`'s
// `res.off("drain")` or `res.off("close")` dropped): each wait for a drain
// leaves its listeners on the response, so a long answer written faster
// than it is read piles them up (Node warns past ten).
Deno.test({
  name:
    "serve on Node: an answer the client stops reading is given up after idleTimeoutMs: body cancelled, completed rejected, connection closed, no listener left behind",
  ignore,
  async fn() {
    await withBundledNodeServe(
      FIXTURE,
      { IDLE_TIMEOUT_MS: "300" },
      async ({ port, printed, lines }) => {
        await stallOn(port, "/endless", printed);
        // Every drain waited for before the stall was a listener added.
        assert.deepEqual(lines().filter((l) => l.startsWith("warning")), []);
        // Bug (`_node_server.ts`, the `res.destroy()` of the first pieces'
        // loop dropped): when the pieces read before the head are the
        // ones that stall (a first piece larger than the socket buffers),
        // the answer given up is left open.
        await stallOn(port, "/endless-big", printed);
      },
    );
  },
});

// Bug (`_node_server.ts`, the write loop's `!(await drained(res))` made
// `await drained(res)`): an answer larger than the socket buffers, to a
// client that reads it all, is cut at its first wait for a drain.
Deno.test({
  name:
    "serve on Node: a streamed answer larger than the socket buffers reaches a reading client whole",
  ignore,
  async fn() {
    await withBundledNodeServe(FIXTURE, {}, async ({ port, printed }) => {
      const answer = await ask(port, "GET /long HTTP/1.1\r\nHost: x\r\n\r\n");
      assert.match(answer, /^HTTP\/1\.1 200 /);
      const body = bodyOf(answer);
      assert.equal(body.length, 4 * 1024 * 1024);
      assert.equal(body, "y".repeat(4 * 1024 * 1024));
      await printed("completed /long ok");
    });
  },
});
