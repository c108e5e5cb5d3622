// A health probe that outlives its backend: a backend unregistered while its
// check runs, then registered again under the same name (a config reload, an
// operator swapping a node). The old check's late verdict belongs to nothing
// any more, so it must not reach the fleet's shared store, where the new
// backend's own verdict lives under the same name.
import assert from "node:assert/strict";
import {
  type BackendAdapter,
  createMemoryStore,
  createRouter,
} from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { FakeTime } from "./_fake_time.ts";
import { controlled } from "./stores/_controlled_store.ts";
import { withTimeout } from "../_timeout.ts";

const WAIT_MS = 5_000;

/** An echo backend whose health check answers when the test says. */
function deferredCheck(): {
  adapter: BackendAdapter;
  called: Promise<void>;
  answer: (healthy: boolean) => void;
} {
  let answer!: (healthy: boolean) => void;
  let called!: () => void;
  const verdict = new Promise<boolean>((resolve) => (answer = resolve));
  const reached = new Promise<void>((resolve) => (called = resolve));
  const adapter: BackendAdapter = {
    ...createEchoAdapter(),
    healthCheck: () => {
      called();
      return verdict;
    },
  };
  return { adapter, called: reached, answer };
}

Deno.test("an unregistered backend's late probe answer does not overwrite the re-registered backend's health in the shared store", async () => {
  const time = new FakeTime();
  const inner = createMemoryStore();
  const { store, control } = controlled(inner);
  const router = createRouter({
    store,
    now: time.now,
    timers: time.timers,
    healthCheckInterval: 0,
  });
  try {
    const old = deferredCheck();
    router.register("x", old.adapter);
    const oldProbe = router.checkHealth("x");
    await withTimeout(old.called, WAIT_MS, "the old check called");
    router.unregister("x");

    // The same name again, on a node that is up: its probe is recorded.
    router.register("x", createEchoAdapter());
    time.t += 10;
    assert.equal(await router.checkHealth("x"), true);
    assert.equal(control.called.setHealth, 1);
    assert.deepEqual(await store.readHealth("x"), {
      healthy: true,
      at: time.now(),
    });

    // Now the old node's check fails, late. Its caller still hears it...
    time.t += 10;
    old.answer(false);
    assert.equal(await withTimeout(oldProbe, WAIT_MS, "the old probe"), false);
    // ...but neither the store nor the new backend does: the store call
    // would have been sent before the probe answered.
    assert.equal(control.called.setHealth, 1, "a late setHealth was sent");
    assert.deepEqual(await store.readHealth("x"), {
      healthy: true,
      at: time.now() - 10,
    });
    assert.equal(router.getBackendInfo("x")!.isHealthy, true);
  } finally {
    router.dispose();
  }
});

Deno.test("a probe answering after unregister() sends the store nothing, the second unregistered backend too", async () => {
  const time = new FakeTime();
  const { store, control } = controlled(createMemoryStore());
  const router = createRouter({
    store,
    now: time.now,
    timers: time.timers,
    healthCheckInterval: 0,
  });
  try {
    const first = deferredCheck();
    const second = deferredCheck();
    router.register("a", first.adapter).register("b", second.adapter);
    const probes = router.checkHealth();
    await withTimeout(
      Promise.all([first.called, second.called]),
      WAIT_MS,
      "both checks called",
    );
    router.unregister("a");
    router.unregister("b");
    first.answer(true);
    second.answer(false);
    assert.deepEqual(await withTimeout(probes, WAIT_MS, "the probes"), {
      a: true,
      b: false,
    });
    assert.equal(control.called.setHealth ?? 0, 0);
    assert.equal(await store.readHealth("a"), undefined);
    assert.equal(await store.readHealth("b"), undefined);
  } finally {
    router.dispose();
  }
});
