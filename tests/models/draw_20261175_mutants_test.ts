// What the models-core draw of seed 20261175 showed untested:
// - a failure's cooldown ends at its end: latency-optimized ranks the
//   backend first again at the very millisecond the cooldown runs out, not
//   one later (the tests before stepped past the end, never onto it).
import assert from "node:assert/strict";
import {
  AdapterError,
  type BackendAdapter,
  createRouter,
  ErrorCode,
} from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { manualClock, reply, req, routingOf } from "./_helpers.ts";

Deno.test("latency-optimized: a backend's failure cooldown (1 s) ends exactly 1 s after the failure — cooling at 999 ms, first again at 1000 ms", async () => {
  const clock = manualClock();
  const fast = { failing: false, failedAt: 0 };
  const fastBackend: BackendAdapter = {
    ...createEchoAdapter(),
    execute() {
      clock.t += 1;
      if (!fast.failing) return Promise.resolve(reply("fast"));
      fast.failedAt = clock.t;
      return Promise.reject(
        new AdapterError({ code: ErrorCode.PROVIDER_ERROR, message: "down" }),
      );
    },
  };
  const slowBackend: BackendAdapter = {
    ...createEchoAdapter(),
    execute() {
      clock.t += 5;
      return Promise.resolve(reply("slow"));
    },
  };
  const router = createRouter({
    routingStrategy: "latency-optimized",
    now: clock.now,
  }).register("fast", fastBackend).register("slow", slowBackend);
  const backendOf = async (what: string) =>
    routingOf(await withTimeout(router.execute(req()), 5_000, what)).backend;
  try {
    assert.equal(await backendOf("fast, untried"), "fast");
    assert.equal(await backendOf("slow, untried"), "slow");
    assert.equal(await router.selectBackend(req()), "fast");
    fast.failing = true;
    // fast fails (its first failure: a 1 s cooldown), slow answers.
    assert.equal(await backendOf("the failure"), "slow");
    fast.failing = false;
    clock.t = fast.failedAt + 999;
    assert.equal(await router.selectBackend(req()), "slow");
    clock.t = fast.failedAt + 1_000;
    assert.equal(await router.selectBackend(req()), "fast");
    const answer = await withTimeout(router.execute(req()), 5_000, "at 1 s");
    assert.equal(routingOf(answer).backend, "fast");
    assert.equal(routingOf(answer).reason, "lowest-latency");
  } finally {
    router.dispose();
  }
});
