// latency-optimized when every backend with data is cooling down after a
// failure: the fastest of them is still the choice (reason
// "lowest-latency"), not whichever the default fall-through would give (the
// first registered, here the slow one); and when their mean latencies tie,
// registration order is the tie-break, as for backends that are not cooling
// (an edge a models-core mutation draw, seed 20261165, found unguarded).
import assert from "node:assert/strict";
import { createRouter, type Router } from "../../../src/models/mod.ts";
import { manualClock, req, routingOf, timedAdapter } from "../_helpers.ts";

/**
 * A latency-optimized router over two backends answering in the given
 * milliseconds, each called once, then both failed once (the first choice,
 * then its fallback), so that both are within their failure cooldown.
 */
async function bothCooling(
  [a, aMs]: [string, number],
  [b, bMs]: [string, number],
): Promise<Router> {
  const clock = manualClock();
  const failing = { on: false };
  const timed = (ms: number) => timedAdapter(clock, failing, ms);
  const router = createRouter({
    routingStrategy: "latency-optimized",
    now: clock.now,
  }).register(a, timed(aMs)).register(b, timed(bMs));
  await router.execute(req()); // a, untried
  await router.execute(req()); // b, untried
  failing.on = true;
  await assert.rejects(router.execute(req()));
  failing.on = false;
  for (const name of [a, b]) {
    assert.equal(router.getBackendInfo(name)!.stats.failedRequests, 1, name);
  }
  return router;
}

Deno.test("latency-optimized: with every backend cooling down, the fastest of them is chosen", async () => {
  const router = await bothCooling(["slow", 9], ["fast", 2]);
  try {
    assert.equal(await router.selectBackend(req()), "fast");
    const answer = await router.execute(req());
    assert.equal(routingOf(answer).backend, "fast");
    assert.equal(routingOf(answer).reason, "lowest-latency");
  } finally {
    router.dispose();
  }
});

Deno.test("latency-optimized: among cooling backends of equal latency the first registered is chosen", async () => {
  const router = await bothCooling(["first", 5], ["second", 5]);
  try {
    // The second call in a row must give the same answer (the cached leader).
    assert.equal(await router.selectBackend(req()), "first");
    assert.equal(await router.selectBackend(req()), "first");
  } finally {
    router.dispose();
  }
});
