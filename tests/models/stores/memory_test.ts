// The shared RouterStore behaviour on the memory store, and routers that
// share one memory store behaving as one fleet.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  AdapterError,
  createMemoryStore,
  createRouter,
  ErrorCode,
  type RouterConfig,
  type RouterStore,
} from "../../../src/models/mod.ts";
import {
  createRedisStore,
  type RedisScriptClient,
} from "../../../src/models/stores/redis.ts";
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

/** Whether `fn` throws an INVALID_REQUEST AdapterError naming `field`. */
function refuses(fn: () => unknown, field: string, what: string): void {
  assert.throws(fn, (error: unknown) => {
    assert.ok(error instanceof AdapterError, `${what}: ${error}`);
    assert.equal(error.code, ErrorCode.INVALID_REQUEST, what);
    assert.match(error.message, new RegExp(field.replaceAll(".", "\\.")));
    return true;
  });
}

describe("probeLease", () => {
  const BAD = [0, -1, NaN, "60000", null] as unknown as number[];

  it("the Redis store takes a positive, finite lease (rounded up to whole ms) and passes it to every breaker script", async () => {
    const calls: string[][] = [];
    const client: RedisScriptClient = {
      eval: (_script, _keys, args) => {
        calls.push(args);
        return Promise.resolve([]);
      },
    };
    for (const lease of [...BAD, Infinity]) {
      refuses(
        () => createRedisStore(client, { probeLease: lease }),
        "RedisStoreOptions.probeLease",
        String(lease),
      );
    }
    refuses(() => createRedisStore(client, { ttl: -1 }), "ttl", "ttl");
    assert.equal(createRedisStore(client).probeLease, 60_000);
    const store = createRedisStore(client, { probeLease: 1_234.2 });
    assert.equal(store.probeLease, 1_235);
    await store.claimProbe("x", 7);
    await store.readBreakers(["x"], 8);
    await store.releaseProbe("x", 3);
    assert.deepEqual(calls.map((args) => args.slice(1, 3)), [
      ["7", "1235"],
      ["8", "1235"],
      ["0", "1235"],
    ]);
  });

  it("the memory store takes a positive lease, Infinity (the default) included", () => {
    for (const lease of BAD) {
      refuses(
        () => createMemoryStore({ probeLease: lease }),
        "probeLease",
        String(lease),
      );
    }
    assert.equal(createMemoryStore().probeLease, Infinity);
    assert.equal(createMemoryStore({ probeLease: 5 }).probeLease, 5);
  });

  it("a Router refuses a store whose probeLease is not a positive number", () => {
    const inner = createMemoryStore();
    for (const lease of BAD) {
      const store = new Proxy(inner, {
        get: (target, name) =>
          name === "probeLease" ? lease : Reflect.get(target, name),
      }) as RouterStore;
      refuses(
        () => createRouter({ store }),
        "RouterConfig.store.probeLease",
        String(lease),
      );
    }
  });

  it("a Router on a memory store with a lease hands a probe nobody reported out again", async () => {
    let t = 0;
    const store = createMemoryStore({ probeLease: 1_000 });
    const config: RouterConfig = {
      store,
      enableCircuitBreaker: true,
      circuitBreakerThreshold: 1,
      circuitBreakerTimeout: 100,
      now: () => t,
    };
    const x = createEchoAdapter();
    const router = createRouter(config).register("x", x)
      .register("backup", createEchoAdapter());
    router.openCircuitBreaker("x", 100);
    t = 100;
    // A second router on the store takes the probe and never reports.
    const [{ epoch }] = await store.readBreakers(["x"], t);
    assert.equal(await store.claimProbe("x", t), epoch);
    await router.execute(request);
    assert.equal(x.calls.length, 0, "the claim holds");
    t = 1_099;
    await router.execute(request);
    assert.equal(x.calls.length, 0, "the claim holds within the lease");
    t = 1_100;
    await router.execute(request);
    assert.equal(x.calls.length, 1, "past the lease the router probes");
    assert.equal(router.isCircuitBreakerOpen("x"), false);
    assert.equal(router.getBackendInfo("x")?.circuitBreakerState, "closed");
    router.dispose();
  });
});

const request = { messages: [{ role: "user" as const, content: "hi" }] };
