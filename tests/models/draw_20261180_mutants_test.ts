// What the models-core draw of seed 20261180 showed untested:
// dispatchParallel's `timeout` is checked before any backend is called: a
// negative number, NaN or a number written as a string is ROUTING_FAILED
// naming the option, never taken as no bound (or as a bound of 0 ms);
// 0 and a positive bound are accepted.
import assert from "node:assert/strict";
import { AdapterError, createRouter, ErrorCode } from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { req } from "./_helpers.ts";

Deno.test("dispatchParallel: a timeout that is negative, NaN or a string is ROUTING_FAILED before any call; 0 and 5000 are accepted", async () => {
  const a = createEchoAdapter();
  const router = createRouter().register("a", a);
  try {
    for (const timeout of [-1, -0.5, Number.NaN, "5", null]) {
      const error = await withTimeout(
        router.dispatchParallel(req(), { timeout: timeout as number })
          .then(() => undefined, (e) => e),
        5_000,
        String(timeout),
      );
      assert.ok(error instanceof AdapterError, String(timeout));
      assert.equal(error.code, ErrorCode.ROUTING_FAILED, String(timeout));
      assert.match(error.message, /options\.timeout/, String(timeout));
    }
    assert.equal(a.calls.length, 0);
    for (const timeout of [0, 5_000]) {
      await withTimeout(
        router.dispatchParallel(req(), { timeout }).then(() => undefined),
        5_000,
        String(timeout),
      );
    }
    assert.equal(a.calls.length, 2);
  } finally {
    router.dispose();
  }
});
