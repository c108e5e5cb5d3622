// The shared RouterStore behaviour on the memory store, and routers that
// share one memory store behaving as one fleet.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  createMemoryStore,
  createRouter,
  type RouterConfig,
} from "../../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
} from "../../../src/models/testing.ts";
import { storeSuite } from "./_suite.ts";

storeSuite("memory", (options) =>
  Promise.resolve({
    store: createMemoryStore(options),
    close: () => Promise.resolve(),
  }));

describe("routers sharing one memory store", () => {
  it("open every breaker after threshold failures in total, and admit one probe between them", async () => {
    let t = 0;
    const store = createMemoryStore();
    const config: RouterConfig = {
      store,
      enableCircuitBreaker: true,
      circuitBreakerThreshold: 3,
      circuitBreakerTimeout: 1_000,
      now: () => t,
    };
    const failing = [0, 1, 2].map(() => createFailingAdapter());
    const routers = failing.map((adapter) =>
      createRouter(config).register("x", adapter)
        .register("backup", createEchoAdapter())
    );
    const request = { messages: [{ role: "user" as const, content: "hi" }] };
    for (const router of routers) await router.execute(request);
    for (const router of routers) {
      assert.equal(router.isCircuitBreakerOpen("x"), true);
    }
    t += 1_000;
    await Promise.all(routers.map((router) => router.execute(request)));
    const probes = failing.reduce((n, a) => n + a.calls.length, 0) - 3;
    assert.equal(probes, 1, "one probe crosses the fleet");
    for (const router of routers) router.dispose();
  });

  it("a Router without a store keeps its breakers to itself", async () => {
    const config: RouterConfig = {
      enableCircuitBreaker: true,
      circuitBreakerThreshold: 1,
    };
    const a = createRouter(config).register("x", createFailingAdapter());
    const b = createRouter(config).register("x", createFailingAdapter());
    await a.execute({ messages: [] }).catch(() => {});
    assert.equal(a.isCircuitBreakerOpen("x"), true);
    assert.equal(b.isCircuitBreakerOpen("x"), false);
    a.dispose();
    b.dispose();
  });
});
