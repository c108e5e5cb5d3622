// The Node listener's write loop when a piece of the answer's body is read
// at the very moment its client leaves, through real Node (bundled as the
// npm package ships it, driven over a raw socket; skipped outside CI when
// node is missing).
import assert from "node:assert/strict";
import { needs } from "../_programs.ts";
import { waitUntil } from "../_timeout.ts";
import { withBundledNodeServe } from "./_node_serve.ts";
import { rawClient } from "./_raw_client.ts";

const LATE_CHUNK = new URL(
  "./fixtures/node_late_chunk_serve.ts",
  import.meta.url,
);

// Bug (`_node_server.ts`, `drained`'s early `return` for a destroyed
// response dropped): the write of the piece read as the client left fails,
// and the loop then waits for a drain that never comes, up to the idle
// bound (an hour here), before it gives up: a timer that holds the process
// that long after its server was shut down.
Deno.test({
  name:
    "serve on Node: a piece read as its client leaves ends the answer at once; the process ends when the server is shut down",
  ignore: needs("serve on Node", "node").ignore,
  async fn() {
    await withBundledNodeServe(
      LATE_CHUNK,
      {},
      async ({ port, printed, ended }) => {
        const client = await rawClient(port);
        try {
          await client.write("GET /late HTTP/1.1\r\nHost: x\r\n\r\n");
          await waitUntil(
            () => client.received.includes("first piece\n"),
            "the answer's first piece",
          );
        } finally {
          await client.destroy();
        }
        await printed("released");
        await printed("cancelled");
        // The process has nothing left to wait for once the server stops.
        const status = await ended();
        assert.equal(status.code, 0);
      },
    );
  },
});
