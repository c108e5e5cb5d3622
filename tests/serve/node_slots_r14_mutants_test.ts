// Connections on the node:http listener run by Node itself (skipped
// outside CI when Node is missing): a client refused past the cap holds no
// slot, however long it keeps its side of the connection open; and a
// keep-alive connection whose answer ends after shutdown began is closed
// then, so the server finishes.
import assert from "node:assert/strict";
import { needs } from "../_programs.ts";
import { waitUntil, withTimeout } from "../_timeout.ts";
import {
  FIXTURE as NODE_SERVE,
  holdWait,
  leaveWait,
  withBundledNodeServe,
} from "./_node_serve.ts";
import { ask, bodyOf, rawClient } from "./_raw_client.ts";

const FIXTURE = new URL("./fixtures/node_given_up_serve.ts", import.meta.url);
const WAIT_MS = 10_000;

/** Reads `conn` to the server's end of it (its FIN), as latin1 text. */
async function readToEnd(conn: Deno.Conn): Promise<string> {
  const buffer = new Uint8Array(4096);
  let text = "";
  for (;;) {
    const n = await conn.read(buffer);
    if (n === null) return text;
    text += new TextDecoder("latin1").decode(buffer.subarray(0, n));
  }
}

// Bug (`_node_server.ts`, the `return` after a refused socket's 503
// dropped): the refused socket is counted as open too, until it closes; a
// client that reads its 503 but keeps its side open (a pooled connection
// nobody reuses, a client that never closes) holds a slot, and with a cap
// of one every later client is refused while the server is idle.
Deno.test({
  name:
    "serve on Node: a client refused past the cap that keeps its side open holds no slot",
  ignore: needs("serve on Node", "node").ignore,
  async fn() {
    await withBundledNodeServe(
      FIXTURE,
      { MAX_CONNECTIONS: "1" },
      async (serve) => {
        const port = serve.port;
        const holding = await holdWait(serve);
        let refused: Deno.Conn | undefined;
        try {
          refused = await Deno.connect({ hostname: "127.0.0.1", port });
          // The 503 and the server's end of the connection; this side
          // stays open, never written to, never closed.
          const answer = await withTimeout(
            readToEnd(refused),
            WAIT_MS,
            "the refusal and the server's end",
          );
          assert.match(answer, /^HTTP\/1\.1 503 /);
          await leaveWait(holding, serve);
          const after = await ask(
            port,
            "GET /after HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
          );
          assert.match(after, /^HTTP\/1\.1 200 /);
          assert.equal(bodyOf(after), "GET /after");
        } finally {
          await holding.destroy();
          refused?.close();
        }
      },
    );
  },
});

// Bug (`_node_server.ts`, the close of a connection whose last answer ends
// during shutdown dropped, or made to need answers still in progress): an
// answer whose head went out before shutdown (so without `Connection:
// close`) leaves its keep-alive connection open once it ends; the server
// does not finish, and the process is held until the idle timeout (ten
// minutes here).
Deno.test({
  name:
    "serve on Node: a keep-alive connection whose streamed answer ends during shutdown is closed after it, and the process ends",
  ignore: needs("serve on Node", "node").ignore,
  async fn() {
    await withBundledNodeServe(
      NODE_SERVE,
      { IDLE_TIMEOUT_MS: "600000" },
      async ({ port, printed, ended }) => {
        const client = await rawClient(port);
        try {
          await client.write("GET /hold-stream HTTP/1.1\r\nHost: x\r\n\r\n");
          await printed("holding /hold-stream");
          await waitUntil(
            () => client.received.includes("first"),
            "the answer's head and first piece",
          );
          assert.ok(!/\r\nconnection: close/i.test(client.received));
          // Shutdown releases the answer's end.
          const status = ended();
          await client.closedByServer();
          assert.match(bodyOf(client.received), /^first\nlast\n$/);
          assert.equal((await status).code, 0);
        } finally {
          await client.destroy();
        }
      },
    );
  },
});
