// Deno-only: the bounded waits of tests/_bounded.ts end what they start.
import assert from "node:assert/strict";
import { run, stopChild, withTimeout } from "./_bounded.ts";

Deno.test("stopChild kills a child that ignores SIGTERM", async () => {
  const child = new Deno.Command("bash", {
    args: ["-c", 'trap "" TERM; echo ready; while :; do sleep 0.05; done'],
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const reader = child.stdout.getReader();
  await withTimeout(reader.read(), 10_000, "bash never started");
  reader.releaseLock();
  await child.stdout.cancel();
  const status = await stopChild(child, 200);
  assert.equal(status.signal, "SIGKILL");
});

Deno.test("run fails with a message when the program outlives its bound", async () => {
  await assert.rejects(
    run("bash", { args: ["-c", "sleep 30"], timeoutMs: 100 }),
    /did not finish within 100 ms \(killed\)/,
  );
});

Deno.test("run passes stdin and returns both outputs", async () => {
  const result = await run("bash", {
    args: ["-c", "tr a-z A-Z; echo oops >&2; exit 3"],
    stdin: "quiet\n",
  });
  assert.deepEqual([result.code, result.out, result.err], [
    3,
    "QUIET\n",
    "oops\n",
  ]);
});

Deno.test("withTimeout rejects a promise that never settles", async () => {
  await assert.rejects(
    withTimeout(new Promise(() => {}), 10, "stuck"),
    /stuck \(no result after 10 ms\)/,
  );
});
