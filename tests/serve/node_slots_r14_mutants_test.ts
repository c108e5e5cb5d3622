// Connection slots on the node:http listener run by Node itself (skipped
// outside CI when Node is missing): a client refused past the cap holds no
// slot, however long it keeps its side of the connection open.
import assert from "node:assert/strict";
import { needs } from "../_programs.ts";
import { withTimeout } from "../_timeout.ts";
import { withBundledNodeServe } from "./_node_serve.ts";
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
      async ({ port, printed }) => {
        const holding = await rawClient(port);
        let refused: Deno.Conn | undefined;
        try {
          await holding.write("GET /wait HTTP/1.1\r\nHost: x\r\n\r\n");
          await printed("handling /wait");
          refused = await Deno.connect({ hostname: "127.0.0.1", port });
          // The 503 and the server's end of the connection; this side
          // stays open, never written to, never closed.
          const answer = await withTimeout(
            readToEnd(refused),
            WAIT_MS,
            "the refusal and the server's end",
          );
          assert.match(answer, /^HTTP\/1\.1 503 /);
          await holding.destroy();
          await printed("completed /wait Error");
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
