// Cost in a backend's statistics (trackCost): a backend with no cost
// estimate yet reports 0, a number, never NaN (which JSON writes as null on
// an admin page or a metrics exporter and every sum turns into NaN).
import assert from "node:assert/strict";
import { createRouter } from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { req } from "./_helpers.ts";

Deno.test("with trackCost, a backend without a cost estimate yet reports an average cost of 0", async () => {
  const router = createRouter({ trackCost: true })
    .register("priced", createEchoAdapter({ cost: 0.5 }))
    .register("unpriced", createEchoAdapter());
  try {
    for (const name of ["priced", "unpriced"]) {
      const fresh = router.getBackendStats(name)!;
      assert.equal(fresh.averageCost, 0, `${name} before any call`);
      assert.equal(fresh.totalCost, 0);
    }
    await router.execute(req("x"));
    const priced = router.getBackendStats("priced")!;
    assert.equal(priced.averageCost, 0.5);
    const unpriced = router.getBackendStats("unpriced")!;
    assert.equal(unpriced.averageCost, 0);
    assert.equal(
      JSON.parse(JSON.stringify(router.getStats())).backendStats.unpriced
        .averageCost,
      0,
    );
  } finally {
    router.dispose();
  }
});
