// A stream under parallel fallback whose racers all refuse admission. In a
// fleet a half-open backend looks available to routing, but admitting it
// first claims the fleet's probe from the store, and until the claim is
// answered the call is refused: every backend of the group can refuse at
// once. The race of no racers must end at once, as the stream's error,
// not wait for an outcome that will never come.
import assert from "node:assert/strict";
import {
  createMemoryStore,
  type IRStreamChunk,
  type IRWarning,
} from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { FakeTime } from "./_fake_time.ts";
import { req } from "./_helpers.ts";
import { fireUntil, lateClaims } from "./stores/_controlled_store.ts";
import { fleetRouter } from "./stores/_fleet_router.ts";

// Bug (`streaming/race.ts`, the resolve of a race with nothing admitted
// dropped): the stream never yielded nor ended.
Deno.test("parallel fallback, every half-open backend's probe being claimed: the stream ends with its error, it does not hang", async () => {
  const time = new FakeTime();
  const warnings: IRWarning[] = [];
  const inner = createMemoryStore();
  const { store, deliveries } = lateClaims(inner);
  const router = fleetRouter(
    time,
    store,
    warnings,
    { fallbackStrategy: "parallel" },
    createEchoAdapter(),
  ).register("y", createEchoAdapter());
  try {
    // A sibling opened every backend; this Router sees it, then the clock
    // passes the opening: all three are half-open.
    for (const name of ["x", "y", "backup"]) {
      inner.openBreaker(name, time.t, 1_000, false);
    }
    await fireUntil(
      time,
      () => ["x", "y", "backup"].every((n) => router.isCircuitBreakerOpen(n)),
      "all open",
    );
    time.t += 1_000;
    const chunks: IRStreamChunk[] = [];
    await withTimeout(
      (async () => {
        for await (const chunk of router.executeStream(req())) {
          chunks.push(chunk);
        }
      })(),
      5_000,
      "the stream's end",
    );
    assert.deepEqual(chunks.map((c) => c.type), ["error"]);
    assert.equal(deliveries.length, 3, "one claim started per backend");
  } finally {
    router.dispose();
  }
});
