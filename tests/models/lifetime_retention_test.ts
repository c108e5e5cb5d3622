// A Router holds nothing of a call once it is answered. Calls without a
// caller signal are raced against dispose() through the lifetime's set of
// pending calls; an answered or failed call must leave that set, or a
// long-lived Router keeps every answer and every error it ever saw (the
// set's entries hold the settled promises). Measured in a child with
// --expose-gc (forced collections are only available there): of 200 calls'
// answers and errors, none may stay reachable.
import assert from "node:assert/strict";
import { run } from "../_bounded.ts";

Deno.test("a Router keeps no answer or error of its answered calls (without a caller signal)", async () => {
  const result = await run(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--v8-flags=--expose-gc",
      new URL("./_lifetime_retention_probe.ts", import.meta.url).pathname,
      "200",
    ],
    timeoutMs: 60_000,
  });
  assert.equal(result.code, 0, `probe failed: ${result.err}`);
  const { calls, alive } = JSON.parse(result.out.trim().split("\n").at(-1)!);
  assert.equal(calls, 200);
  // Each leaked entry keeps its answer; a few may sit in V8's caches.
  assert.ok(alive <= 5, `${alive} of ${calls} answers and errors still held`);
});
