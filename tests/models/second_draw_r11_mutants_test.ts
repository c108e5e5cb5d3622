// What the models-core draw of seed 20261167 showed untested:
// - a Router on a shared store reads the fleet's breakers as it admits a
//   call once its last read is older than storeSyncInterval, not only on its
//   background poll: a breaker a sibling opened keeps the next call away
//   without waiting for the poll.
import assert from "node:assert/strict";
import {
  createMemoryStore,
  type IRWarning,
  type RouterStore,
} from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { FakeTime } from "./_fake_time.ts";
import { req, tick } from "./_helpers.ts";
import { fleetRouter } from "./stores/_fleet_router.ts";

/** The memory store behind promises, as a remote store answers. */
function remote(inner: RouterStore): RouterStore {
  return new Proxy(inner, {
    get(target, name) {
      const member = Reflect.get(target, name);
      if (typeof member !== "function") return member;
      return (...args: unknown[]) =>
        Promise.resolve().then(() => member.apply(target, args));
    },
  });
}

Deno.test("fleet: admitting a call past storeSyncInterval reads the fleet, so a breaker a sibling opened keeps the next call away before any poll", async () => {
  const time = new FakeTime();
  const warnings: IRWarning[] = [];
  const inner = createMemoryStore();
  const x = createEchoAdapter();
  const router = fleetRouter(time, remote(inner), warnings, {}, x);
  const backendOf = async (what: string) => {
    const response = await withTimeout(router.execute(req()), 5_000, what);
    await tick(); // the store's answers land
    return (response.metadata.routing as { backend: string }).backend;
  };
  try {
    assert.equal(await backendOf("first"), "x");
    // A sibling opens x's breaker in the shared store.
    inner.openBreaker("x", time.t, 60_000, false);
    // Within the sync interval nothing is read: x still serves.
    time.t += 10;
    assert.equal(await backendOf("within"), "x");
    // Past it (no poll fired: the fake clock's timers wait for the test),
    // the next admission reads the fleet; this call was already admitted,
    // the one after it is kept away.
    time.t += 50;
    assert.equal(await backendOf("past"), "x");
    assert.equal(router.isCircuitBreakerOpen("x"), true);
    assert.equal(await backendOf("after"), "backup");
    assert.equal(x.calls.length, 3);
    // The store answered every call in time: no local-state fallback.
    assert.deepEqual(
      warnings.filter((w) => w.code.startsWith("store-")),
      [],
    );
  } finally {
    router.dispose();
  }
});
