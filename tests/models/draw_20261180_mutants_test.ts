// What the models-core draw of seed 20261180 showed untested:
// - dispatchParallel's `timeout` is checked before any backend is called: a
//   negative number, NaN or a number written as a string is ROUTING_FAILED
//   naming the option, never taken as no bound (or as a bound of 0 ms); 0
//   and a positive bound are accepted;
// - cost-optimized says why it picked a backend: `untried` for each backend
//   with a cost estimate and no call yet (registration order), then
//   `lowest-cost` (the test before read the picks, not the reasons).
import assert from "node:assert/strict";
import { AdapterError, createRouter, ErrorCode } from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createMockAdapter,
} from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { req, routingOf } from "./_helpers.ts";

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

Deno.test("cost-optimized: each backend with an estimate is picked first as untried, in registration order, then the cheapest as lowest-cost", async () => {
  const router = createRouter({
    routingStrategy: "cost-optimized",
    trackCost: true,
  })
    .register("pricey", createMockAdapter({ cost: 5 }))
    .register("cheap", createMockAdapter({ cost: 1 }));
  try {
    const picks: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { backend, reason } = routingOf(await router.execute(req()));
      picks.push(`${backend} ${reason}`);
    }
    assert.deepEqual(picks, [
      "pricey untried",
      "cheap untried",
      "cheap lowest-cost",
    ]);
  } finally {
    router.dispose();
  }
});
