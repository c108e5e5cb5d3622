// SharedRateLimitStore on a RouterStore that answers, hangs or fails: limits
// count in the store while it answers, locally (with one warning) while it
// does not, and in the store again once a background probe gets an answer.
import assert from "node:assert/strict";
import {
  createGateway,
  hashKey,
  perMinute,
  SharedRateLimitStore,
} from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import {
  createMemoryStore,
  type IRWarning,
  type RouterStore,
  type TokenResult,
} from "../../src/models/mod.ts";

/** A store whose takeTokens answers asynchronously, hangs or rejects. */
function switchable(): {
  store: RouterStore;
  mode: { now: "up" | "hang" | "fail" };
  takes: () => number;
} {
  const memory = createMemoryStore();
  const mode = { now: "up" as "up" | "hang" | "fail" };
  let takes = 0;
  const store: RouterStore = Object.assign(Object.create(memory), {
    takeTokens(...args: Parameters<RouterStore["takeTokens"]>) {
      if (mode.now === "hang") return new Promise<TokenResult>(() => {});
      if (mode.now === "fail") {
        return Promise.reject(new Error("ECONNREFUSED"));
      }
      takes++;
      return Promise.resolve(memory.takeTokens(...args));
    },
  });
  return { store, mode, takes: () => takes };
}

Deno.test("shared limits: store answers, then hangs or fails (local limits, one warning), then recovers", async () => {
  for (const outage of ["hang", "fail"] as const) {
    const { store, mode, takes } = switchable();
    const warnings: IRWarning[] = [];
    const shared = new SharedRateLimitStore(store, {
      timeoutMs: 10,
      retryMs: 1_000,
      onWarning: (w) => warnings.push(w),
    });
    const limit = perMinute(2);
    assert.equal((await shared.take("k", 1, limit, 0)).allowed, true);
    assert.equal((await shared.take("k", 1, limit, 0)).allowed, true);
    const refused = await shared.take("k", 1, limit, 0);
    assert.equal(refused.allowed, false);
    assert.equal(refused.retryAfterMs, 30_000);
    assert.equal(takes(), 3);

    mode.now = outage;
    // Local buckets: a fresh allowance of 2 in this instance.
    assert.equal((await shared.take("k", 1, limit, 0)).allowed, true);
    assert.equal(shared.shared, false);
    assert.equal((await shared.take("k", 1, limit, 0)).allowed, true);
    assert.equal((await shared.take("k", 1, limit, 0)).allowed, false);
    assert.deepEqual(warnings.map((w) => w.code), [
      "rate-limit-store-unavailable",
    ], outage);

    mode.now = "up";
    // Before retryMs nothing asks the store; at it, one background probe.
    await shared.take("k", 1, limit, 500);
    assert.equal(shared.shared, false);
    await shared.take("k", 1, limit, 1_000);
    for (let i = 0; i < 10 && !shared.shared; i++) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    assert.equal(shared.shared, true, outage);
    assert.deepEqual(warnings.map((w) => w.code), [
      "rate-limit-store-unavailable",
      "rate-limit-store-recovered",
    ]);
    // The shared bucket again: still spent from before the outage.
    assert.equal((await shared.take("k", 1, limit, 1_000)).allowed, false);
  }
});

Deno.test("shared limits: an overrun charge empties the shared bucket, a refund fills it", async () => {
  const shared = new SharedRateLimitStore(createMemoryStore());
  const limit = perMinute(100);
  assert.equal((await shared.take("t", 40, limit, 0)).remaining, 60);
  const charged = await shared.adjust("t", 500, limit, 0);
  assert.equal(charged.allowed, true);
  assert.equal(charged.remaining, 0);
  assert.equal((await shared.adjust("t", -30, limit, 0)).remaining, 30);
});

Deno.test("shared limits: two gateways given one store admit a key's N requests per minute N times in total", async () => {
  // The wiring redis_limits_test.ts leaves out (it sets its own limiter):
  // `store` alone shares the buckets. A memory store answers at once, so
  // no timeout can send a take to an instance's own bucket.
  const store = createMemoryStore();
  const warnings: IRWarning[] = [];
  const gateways = await Promise.all([0, 1].map(async () =>
    createGateway({
      backends: [["echo", createEchoAdapter()]],
      keys: [{ id: "team", sha256: await hashKey("sk-team"), rpm: 2 }],
      store,
      onWarning: (w) => void warnings.push(w),
      now: () => 1_000_000,
    })
  ));
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await gateways[i % 2](
        new Request("http://localhost/v1/chat/completions", {
          method: "POST",
          headers: { authorization: "Bearer sk-team" },
          body: JSON.stringify({
            model: "echo",
            messages: [{ role: "user", content: "hi" }],
          }),
        }),
      );
      await response.body?.cancel();
      statuses.push(response.status);
    }
    assert.deepEqual(statuses, [200, 200, 429, 429, 429, 429]);
    assert.deepEqual(
      warnings.filter((w) => w.code.startsWith("rate-limit-store")),
      [],
    );
  } finally {
    for (const gateway of gateways) gateway.dispose();
  }
});
