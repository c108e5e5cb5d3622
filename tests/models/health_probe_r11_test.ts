// Health checks as an adapter author and an operator meet them: only a
// `false` answer (or a throw, or a timeout) is unhealthy, so a check that
// resolves with nothing passes; an adapter whose `healthCheck` is not a
// function has no check and is healthy; and probes of one backend share one
// call, even across a replace() while an old probe is still running.
import assert from "node:assert/strict";
import { type BackendAdapter, createRouter } from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { waitUntil, withTimeout } from "../_timeout.ts";

const WAIT_MS = 5_000;

function withCheck(check: unknown): BackendAdapter {
  return { ...createEchoAdapter(), healthCheck: check as never };
}

Deno.test("a health check that resolves with nothing, or a truthy value, passes; only false fails", async () => {
  const router = createRouter()
    .register("void", withCheck(() => Promise.resolve(undefined)))
    .register("ok", withCheck(() => Promise.resolve("ok")))
    .register("down", withCheck(() => Promise.resolve(false)));
  try {
    assert.deepEqual(await router.checkHealth(), {
      void: true,
      ok: true,
      down: false,
    });
  } finally {
    router.dispose();
  }
});

Deno.test("an adapter whose healthCheck is not a function has no check and is healthy", async () => {
  const router = createRouter().register("none", withCheck(null));
  try {
    assert.equal(await router.checkHealth("none"), true);
    assert.equal(router.getBackendInfo("none")!.isHealthy, true);
  } finally {
    router.dispose();
  }
});

Deno.test("after replace() during a probe, the old probe ending does not unshare the new adapter's", async () => {
  const gates: ((healthy: boolean) => void)[] = [];
  let newCalls = 0;
  const gated = (count: () => void): BackendAdapter =>
    withCheck(() => {
      count();
      return new Promise<boolean>((resolve) => gates.push(resolve));
    });
  const router = createRouter().register("x", gated(() => {}));
  try {
    const old = router.checkHealth("x");
    router.replace("x", gated(() => newCalls++));
    const first = router.checkHealth("x");
    await waitUntil(() => gates.length === 2, "both checks called");
    assert.equal(newCalls, 1);
    // The old adapter's probe ends first.
    gates[0](false);
    assert.equal(await withTimeout(old, WAIT_MS, "the old probe"), false);
    // A caller arriving now still shares the new adapter's probe.
    const second = router.checkHealth("x");
    // The new adapter's one check answers both callers: a probe of the
    // second caller's own would wait on a third gate nobody opens.
    gates[1](true);
    assert.equal(await withTimeout(first, WAIT_MS, "the new probe"), true);
    assert.equal(await withTimeout(second, WAIT_MS, "the shared probe"), true);
    assert.equal(newCalls, 1, "a second call of the new adapter's check");
    assert.equal(gates.length, 2);
  } finally {
    router.dispose();
  }
});
