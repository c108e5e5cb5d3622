// An edge a fresh models-core mutation draw (seed 20261165) found unguarded:
// when every backend with data is cooling down after a failure and their
// mean latencies tie, `latency-optimized` keeps registration order as the
// tie-break, as it does for backends that are not cooling.
import assert from "node:assert/strict";
import { createRouter } from "../../src/models/mod.ts";
import { manualClock, req, timedAdapter } from "./_helpers.ts";

Deno.test("latency-optimized: among cooling backends of equal latency the first registered is chosen", async () => {
  const clock = manualClock();
  const failing = { on: false };
  const timed = (ms: number) => timedAdapter(clock, failing, ms);
  const router = createRouter({
    routingStrategy: "latency-optimized",
    now: clock.now,
  }).register("first", timed(5)).register("second", timed(5));
  try {
    await router.execute(req()); // first, untried
    await router.execute(req()); // second, untried
    assert.equal(await router.selectBackend(req()), "first");
    failing.on = true;
    await assert.rejects(router.execute(req()));
    failing.on = false;
    const first = router.getBackendInfo("first")!;
    const second = router.getBackendInfo("second")!;
    // Both failed once and are within their failure cooldown.
    assert.ok(
      first.stats.failedRequests >= 1 && second.stats.failedRequests >= 1,
    );
    // The second call in a row must give the same answer (the cached leader).
    assert.equal(await router.selectBackend(req()), "first");
    assert.equal(await router.selectBackend(req()), "first");
  } finally {
    router.dispose();
  }
});
