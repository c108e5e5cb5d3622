// The testing adapters at an edge the eighth mutation round showed
// unguarded: a flaky adapter's failure pattern of a single entry.
import assert from "node:assert/strict";
import {
  createEchoAdapter,
  createFlakyAdapter,
} from "../../src/models/testing.ts";
import { req } from "./_helpers.ts";

Deno.test("createFlakyAdapter: a pattern of one entry applies to every call, and takes precedence over failEvery", async () => {
  const outcome = (p: Promise<unknown>) => p.then(() => "ok", () => "failed");
  const always = createFlakyAdapter(createEchoAdapter(), { pattern: [true] });
  const never = createFlakyAdapter(createEchoAdapter(), {
    pattern: [false],
    failEvery: 1,
  });
  const seen: string[] = [];
  for (let i = 0; i < 3; i++) {
    seen.push(await outcome(always.execute(req())));
    seen.push(await outcome(never.execute(req())));
  }
  assert.deepEqual(seen, ["failed", "ok", "failed", "ok", "failed", "ok"]);
});
