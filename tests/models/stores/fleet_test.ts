// A Router on an asynchronous store, without Redis: a memory store behind
// promises that can hang or fail, on a fake clock. Routing never waits on
// the store; a store that does not answer within storeTimeout switches the
// Router to local state, and the next answer switches it back.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  createMemoryStore,
  createRouter,
  type IRWarning,
  type RouterConfig,
  type RouterStore,
} from "../../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
} from "../../../src/models/testing.ts";
import { FakeTime } from "../_fake_time.ts";
import { tick } from "../_helpers.ts";
import { withTimeout } from "../../_timeout.ts";

/** A store answering through promises; `mode` makes it hang or fail. */
function asyncStore(inner: RouterStore) {
  const control = { mode: "up" as "up" | "hang" | "fail", calls: 0 };
  const store = new Proxy(inner, {
    get(target, name) {
      const method = Reflect.get(target, name) as (
        ...args: unknown[]
      ) => unknown;
      if (typeof method !== "function") return method; // probeLease
      return (...args: unknown[]) => {
        control.calls++;
        if (control.mode === "hang") return new Promise(() => {});
        if (control.mode === "fail") {
          return Promise.reject(new Error("ECONNREFUSED"));
        }
        return Promise.resolve().then(() => method.apply(target, args));
      };
    },
  });
  return { store, control };
}

const request = { messages: [{ role: "user" as const, content: "hi" }] };

function fleetRouter(
  time: FakeTime,
  store: RouterStore,
  warnings: IRWarning[],
  extra: RouterConfig = {},
) {
  return createRouter({
    store,
    now: time.now,
    timers: time.timers,
    enableCircuitBreaker: true,
    circuitBreakerThreshold: 2,
    circuitBreakerTimeout: 10_000,
    storeTimeout: 100,
    storeSyncInterval: 50,
    onWarning: (w) => void warnings.push(w),
    ...extra,
  }).register("x", createFailingAdapter())
    .register("backup", createEchoAdapter());
}

/** Fires timers (moving the fake clock) until `done()` or the bound. */
async function fireUntil(time: FakeTime, done: () => boolean) {
  for (let i = 0; i < 100 && !done(); i++) {
    await tick();
    if (!done()) time.fire();
  }
  assert.ok(done(), "reached within 100 timers");
}

describe("a Router on an asynchronous store", () => {
  for (const mode of ["hang", "fail"] as const) {
    it(
      `a store that ${
        mode === "hang" ? "hangs" : "fails"
      } never holds a request; local state takes over, then the fleet's again`,
      async () => {
        const time = new FakeTime();
        const warnings: IRWarning[] = [];
        const { store, control } = asyncStore(createMemoryStore());
        const router = fleetRouter(time, store, warnings);
        control.mode = mode;
        // Answered without any timer firing: nothing waited on the store.
        const first = await withTimeout(
          router.execute(request),
          5_000,
          "execute waited on the store",
        );
        assert.equal(first.message.content, "hi");
        await fireUntil(
          time,
          () => warnings.some((w) => w.code === "store-unavailable"),
        );
        await router.execute(request);
        assert.equal(router.isCircuitBreakerOpen("x"), true, "local breaker");

        control.mode = "up";
        await fireUntil(
          time,
          () => warnings.some((w) => w.code === "store-recovered"),
        );
        await tick();
        // The fleet's record wins: nothing reached the store while it was
        // down, so its breaker is closed.
        assert.equal(router.isCircuitBreakerOpen("x"), false);
        assert.deepEqual(
          warnings.filter((w) => w.code.startsWith("store-")).map((w) =>
            w.code
          ),
          ["store-unavailable", "store-recovered"],
        );
        router.dispose();
        assert.equal(time.pending, 0, "dispose() leaves no timer");
      },
    );
  }

  it("two routers on one store open the breaker after threshold failures in total", async () => {
    const time = new FakeTime();
    const warnings: IRWarning[] = [];
    const { store } = asyncStore(createMemoryStore());
    const a = fleetRouter(time, store, warnings);
    const b = fleetRouter(time, store, warnings);
    await a.execute(request);
    await tick();
    await b.execute(request);
    await tick();
    assert.equal(
      b.isCircuitBreakerOpen("x"),
      true,
      "the second failure opened it",
    );
    await fireUntil(time, () => a.isCircuitBreakerOpen("x"));
    assert.deepEqual(warnings.filter((w) => w.code.startsWith("store-")), []);
    a.dispose();
    b.dispose();
    assert.equal(time.pending, 0);
  });
});
