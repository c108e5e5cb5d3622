// Starting the node:http listener on a port already taken, run by Node
// itself (skipped outside CI when Node is missing): `serve` rejects with
// Node's error, so a program can say so (or try another port), as it can
// on Deno.
import assert from "node:assert/strict";
import { needs, programPath } from "../_programs.ts";
import { run } from "../_bounded.ts";
import { bundle } from "./_node_serve.ts";

const FIXTURE = new URL("./fixtures/node_listen_serve.ts", import.meta.url);

// Bug (`_node_server.ts`, the listen's `server.once("error", reject)`
// dropped): the server's error has no listener, so a taken port throws out
// of node:http and takes the process down; `serve` never settles.
Deno.test({
  name:
    "serve on Node: a port already taken makes serve reject with EADDRINUSE",
  ignore: needs("serve on Node", "node").ignore,
  async fn() {
    const taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const dir = await Deno.makeTempDir();
    try {
      const script = await bundle(dir, FIXTURE);
      const port = String((taken.addr as Deno.NetAddr).port);
      const refused = await run(programPath("node"), {
        args: [script],
        env: { PORT: port },
      });
      assert.equal(refused.out, "refused EADDRINUSE\n", refused.err);
      assert.equal(refused.code, 0, refused.err);
      // The port free: the same program listens.
      taken.close();
      const served = await run(programPath("node"), {
        args: [script],
        env: { PORT: port },
      });
      assert.equal(served.out, "listening\n", served.err);
    } finally {
      try {
        taken.close();
      } catch {
        // Closed above.
      }
      await Deno.remove(dir, { recursive: true });
    }
  },
});
