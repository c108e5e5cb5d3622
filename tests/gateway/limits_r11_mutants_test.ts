// What the keys+limits draw of seed 20261161 left unguarded: how many calls
// a shared rate-limit bucket's overrun charge costs the store.
import assert from "node:assert/strict";
import {
  MemoryRateLimitStore,
  perMinute,
  SharedRateLimitStore,
} from "../../src/gateway/mod.ts";
import {
  createMemoryStore,
  type IRWarning,
  type RouterStore,
} from "../../src/models/mod.ts";

/** The memory store with its takeTokens calls recorded (cost of each). */
function counted(): { store: RouterStore; costs: number[] } {
  const memory = createMemoryStore();
  const costs: number[] = [];
  const store: RouterStore = Object.assign(Object.create(memory), {
    takeTokens(...args: Parameters<RouterStore["takeTokens"]>) {
      costs.push(args[1]);
      return Promise.resolve(memory.takeTokens(...args));
    },
  });
  return { store, costs };
}

// Bug (seed 20261161, `shared_rate_limit_store.ts`, `result.remaining > 0`
// → `>= 0` in `adjust`): a charge that overruns an already empty bucket (a
// key at its tokens-per-minute limit whose answer used more than estimated)
// sent a second, zero-cost take after the refused one: one more Redis round
// trip on the request's path for nothing to take. A bucket with something
// left still gets the second take that empties it (with `> 1`, a last token
// was left in the bucket).
Deno.test("shared limits: an overrun charge asks the store for what is left only when something is", async () => {
  const limit = perMinute(100);
  const empty = counted();
  const emptied = new SharedRateLimitStore(empty.store);
  assert.equal((await emptied.take("t", 100, limit, 0)).remaining, 0);
  const charged = await emptied.adjust("t", 20, limit, 0);
  assert.deepEqual(
    { allowed: charged.allowed, remaining: charged.remaining },
    { allowed: true, remaining: 0 },
  );
  assert.equal(charged.retryAfterMs, 0);
  assert.deepEqual(empty.costs, [100, 20], "no zero-cost take after");

  // Whatever is left, down to one token, is taken by the second call, so
  // the next request waits for the refill.
  for (const remaining of [10, 1]) {
    const partial = counted();
    const left = new SharedRateLimitStore(partial.store);
    const first = await left.take("t", 100 - remaining, limit, 0);
    assert.equal(first.remaining, remaining);
    const overrun = await left.adjust("t", 20, limit, 0);
    assert.equal(overrun.remaining, 0);
    assert.deepEqual(partial.costs, [100 - remaining, 20, remaining]);
    assert.equal((await left.take("t", 1, limit, 0)).allowed, false);
  }
});

// Bug (seed 20261161, `shared_rate_limit_store.ts`, `typeof answer ===
// "string" || this.#up` → `&&` in the background probe): a probe the store
// refused counted as its recovery: "recovered" was announced while Redis was
// still out, and the next request went to it again, timing out or failing
// before it counted locally ("unavailable" once more, a flapping pair of
// warnings every retry period).
Deno.test("shared limits: a probe the store refuses leaves the limits local, with no recovery announced", async () => {
  const memory = createMemoryStore();
  const keys: string[] = [];
  let failing = false;
  const store: RouterStore = Object.assign(Object.create(memory), {
    takeTokens(...args: Parameters<RouterStore["takeTokens"]>) {
      keys.push(args[0]);
      if (failing) return Promise.reject(new Error("ECONNREFUSED"));
      return Promise.resolve(memory.takeTokens(...args));
    },
  });
  const warnings: IRWarning[] = [];
  const shared = new SharedRateLimitStore(store, {
    retryMs: 1_000,
    onWarning: (w) => warnings.push(w),
  });
  const limit = perMinute(100);
  failing = true;
  await shared.take("k", 1, limit, 0);
  assert.equal(shared.shared, false);
  const probes = () => keys.filter((key) => key === "ratelimit:probe").length;
  // Each retry period a take starts one probe; a second probe proves the
  // first one's refusal was handled (one probe at a time).
  for (let t = 1_000; t <= 10_000 && probes() < 2; t += 1_000) {
    await shared.take("k", 1, limit, t);
  }
  assert.equal(probes(), 2, "two refused probes");
  assert.equal(shared.shared, false);
  assert.deepEqual(warnings.map((w) => w.code), [
    "rate-limit-store-unavailable",
  ]);
  assert.deepEqual(
    keys.filter((key) => key !== "ratelimit:probe"),
    ["ratelimit:k"],
    "no request sent to the store while it is out",
  );
});

// Bug (seed 20261162, `memory_rate_limit_store.ts`, `adjust` answering
// `allowed: false`): `BucketState.allowed` says whether the cost was taken,
// and `adjust` removes its delta whatever the bucket holds, so a caller of
// the public store (a limiter of the application's own, a wrapper like the
// `RateLimitStore` example) read an overrun charge or a refund as refused.
// Both stores answer the same.
Deno.test("rate-limit stores: adjust always takes its delta and says so, in memory and shared alike", async () => {
  const limit = perMinute(100);
  const stores = [
    new MemoryRateLimitStore(),
    new SharedRateLimitStore(createMemoryStore()),
  ];
  for (const store of stores) {
    const name = store.constructor.name;
    assert.equal((await store.take("t", 90, limit, 0)).remaining, 10, name);
    // An overrun (the memory store goes below zero, the shared one
    // empties), a refund, another charge.
    for (const delta of [50, -30, 5]) {
      const state = await store.adjust("t", delta, limit, 0);
      assert.deepEqual(
        [state.allowed, state.retryAfterMs],
        [true, 0],
        `${name}: adjust ${delta}`,
      );
    }
  }
});
