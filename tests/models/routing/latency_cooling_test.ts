// latency-optimized when every backend with data is cooling down after a
// failure: the fastest of them is still the choice (reason
// "lowest-latency"), not whichever the default fall-through would give (the
// first registered, here the slow one).
import assert from "node:assert/strict";
import { createRouter } from "../../../src/models/mod.ts";
import { manualClock, req, routingOf, timedAdapter } from "../_helpers.ts";

Deno.test("latency-optimized: with every backend cooling down, the fastest of them is chosen", async () => {
  const clock = manualClock();
  const failing = { on: false };
  const timed = (ms: number) => timedAdapter(clock, failing, ms);
  const router = createRouter({
    routingStrategy: "latency-optimized",
    now: clock.now,
  }).register("slow", timed(9)).register("fast", timed(2));
  try {
    await router.execute(req()); // slow, untried
    await router.execute(req()); // fast, untried
    assert.equal(await router.selectBackend(req()), "fast");
    failing.on = true;
    // fast fails, then slow (the fallback): both cool down.
    await assert.rejects(router.execute(req()));
    failing.on = false;
    for (const name of ["slow", "fast"]) {
      assert.equal(router.getBackendInfo(name)!.stats.failedRequests, 1, name);
    }
    assert.equal(await router.selectBackend(req()), "fast");
    const answer = await router.execute(req());
    assert.equal(routingOf(answer).backend, "fast");
    assert.equal(routingOf(answer).reason, "lowest-latency");
  } finally {
    router.dispose();
  }
});
