// A long stream through the listener keeps no state per chunk: an event
// stream open for hours (a router app's events, a long model answer) would
// otherwise grow the heap with every event until it ends. Measured in a
// child with --expose-gc (heap after GC is only meaningful there).
import assert from "node:assert/strict";
import { run } from "../_bounded.ts";

Deno.test("writeBody: a long byte stream's heap stays flat while it is written (no state kept per chunk)", async () => {
  const result = await run(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--v8-flags=--expose-gc",
      new URL("./_write_body_probe.ts", import.meta.url).pathname,
      "100000",
    ],
    timeoutMs: 60_000,
  });
  assert.equal(result.code, 0, `probe failed: ${result.err}`);
  const { chunks, growth } = JSON.parse(result.out.trim().split("\n").at(-1)!);
  // Measured: under 10 bytes a chunk; a promise reaction kept per read
  // (each read raced against the reader's `closed`) was about 550.
  assert.ok(
    growth / chunks < 64,
    `${
      (growth / chunks).toFixed(0)
    } bytes of heap kept per chunk (${chunks} chunks, ${growth} bytes)`,
  );
});
