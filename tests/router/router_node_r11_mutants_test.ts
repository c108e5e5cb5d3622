// createRequest on Node (Node 20 on PATH; skipped outside CI when it is
// missing), bundled as the npm package ships it: Node's Request, unlike
// Deno's, refuses a stream body without `duplex: "half"`.
import assert from "node:assert/strict";
import { run } from "../_bounded.ts";
import { needs, programPath } from "../_programs.ts";
import { bundle } from "../serve/_node_serve.ts";

const FIXTURE = new URL("./_node_stream_request.ts", import.meta.url);

// message.ts:275 (`length === undefined` inverted): a body of unknown
// length went out without `duplex: "half"`, which Node's Request refuses
// with a TypeError, and one of known length with it.
Deno.test({
  name: "createRequest on Node: a streamed body is sent",
  ignore: needs("createRequest on Node", "node").ignore,
  async fn() {
    const dir = await Deno.makeTempDir();
    try {
      const script = await bundle(dir, FIXTURE);
      const result = await run(programPath("node"), {
        args: [script],
        cwd: dir,
      });
      assert.equal(result.code, 0, result.err);
      assert.equal(result.out, "streamed\n");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
