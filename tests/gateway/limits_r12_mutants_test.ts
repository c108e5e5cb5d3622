// What bugs planted by hand beside the keys+limits draw of seed 20261165
// (which left no survivor) showed unguarded in a key's rate limits: the
// Anthropic reset time on a clock between two seconds, a refusal whose store
// says there is nothing to wait for, the shared store's probes while Redis
// stays out, and a memory bucket read with a clock behind its last reading.
import assert from "node:assert/strict";
import {
  type BucketState,
  GatewayError,
  MemoryRateLimitStore,
  perMinute,
  RateLimiter,
  type RateLimitStore,
  SharedRateLimitStore,
} from "../../src/gateway/mod.ts";
import { createMemoryStore, type RouterStore } from "../../src/models/mod.ts";

// Bug (`rate_limit.ts`, `Math.ceil` → `Math.floor` in the Anthropic reset
// time): on a clock between two whole seconds the reset was rounded down,
// to a moment before the bucket is full again; a client that waits until
// `anthropic-ratelimit-requests-reset` (the Anthropic SDK's users do) was
// refused once more. It must be rounded up.
Deno.test("limits: the Anthropic reset time is the first whole second at which the bucket is full again", async () => {
  const now = 1_000_400; // 0.4 s past a whole second
  const limiter = new RateLimiter(new MemoryRateLimitStore(), () => now);
  const key = { id: "anth", rpm: 1, tpm: 1_000 };
  const admitted = await limiter.admit(key, 100, "anthropic");
  // The 1-a-minute bucket is empty: full again at now + 60 s.
  const reset = admitted.headers["anthropic-ratelimit-requests-reset"];
  assert.equal(reset, new Date(1_061_000).toISOString().replace(".000Z", "Z"));
  assert.ok(Date.parse(reset) >= now + 60_000, reset);
  // 100 of 1 000 tokens taken refill in 6 s: full at 1 006.4 s.
  assert.equal(
    admitted.headers["anthropic-ratelimit-tokens-reset"],
    new Date(1_007_000).toISOString().replace(".000Z", "Z"),
  );
});

// Bug (`rate_limit.ts`, the `Math.max(1, …)` around a refusal's wait
// dropped): a store of the application's own (`rateLimitStore`) that
// refuses with `retryAfterMs: 0` (its own rounding, a bucket refilled by
// the time it answered) made the 429 say `retry-after: 0` and
// `retry-after-ms: 0`, which the OpenAI and Anthropic SDKs honour by
// retrying at once, in a loop against a key at its limit.
Deno.test("limits: a refusal always asks the client to wait, even when the store says there is no wait", async () => {
  const memory = new MemoryRateLimitStore();
  const store: RateLimitStore = {
    take: (key, cost, limit, now): BucketState => {
      const state = memory.take(key, cost, limit, now);
      return state.allowed ? state : { ...state, retryAfterMs: 0 };
    },
    adjust: (key, delta, limit, now) => memory.adjust(key, delta, limit, now),
  };
  const limiter = new RateLimiter(store, () => 0);
  const key = { id: "k", rpm: 1 };
  await limiter.admit(key, 0);
  const error = await limiter.admit(key, 0).then(
    () => assert.fail("the second request in a minute is refused"),
    (e: unknown) => e,
  );
  assert.ok(error instanceof GatewayError, String(error));
  assert.equal(error.status, 429);
  assert.equal(error.headers["retry-after"], "1");
  assert.ok(Number(error.headers["retry-after-ms"]) >= 1);
  assert.match(error.message, /Retry after 1 s\./);
});

// Bug (`shared_rate_limit_store.ts`, the probe's `#nextProbe = now +
// retryMs` dropped): a probe the store refused left the next probe due at
// once, so while Redis stayed out every request sent it another probe (one
// round trip each, against a server that is already struggling), where
// `retryMs` promises one per period.
Deno.test("shared limits: while the store stays out, it is probed once per retry period, not at every request", async () => {
  const memory = createMemoryStore();
  const asked: number[] = [];
  let last: Promise<unknown> = Promise.resolve();
  const store: RouterStore = Object.assign(Object.create(memory), {
    takeTokens(...args: Parameters<RouterStore["takeTokens"]>) {
      asked.push(args[4]);
      last = Promise.reject(new Error("ECONNREFUSED"));
      return last;
    },
  });
  const shared = new SharedRateLimitStore(store, { retryMs: 1_000 });
  const limit = perMinute(100);
  /** One request at `now`; then the store's refusal has been handled. */
  const request = async (now: number) => {
    await shared.take("k", 1, limit, now);
    await last.catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  await request(0); // refused: the store is out
  await request(1_000); // the retry period's probe, refused too
  assert.deepEqual(asked, [0, 1_000]);
  for (let now = 1_100; now < 2_000; now += 100) await request(now);
  assert.deepEqual(asked, [0, 1_000], "no probe before the next period");
  await request(2_000);
  assert.deepEqual(asked, [0, 1_000, 2_000], "the next period's probe");
  assert.equal(shared.shared, false);
});

// Bugs (`memory_rate_limit_store.ts`, the `Math.max` of the refill dropped,
// on the elapsed time or on the bucket's time): a clock read earlier than
// the bucket's last (the system clock stepped back; a `now` of the
// application's own) drained tokens for the negative interval, refusing a
// request the bucket could serve, or moved the bucket's time back so the
// same interval refilled twice. The Redis bucket and the model router's
// memory store already behave so.
Deno.test("limits: a memory bucket read with an earlier now neither drains nor refills twice", () => {
  const store = new MemoryRateLimitStore();
  const limit = { capacity: 5, perMs: 1 / 1_000 }; // one a second
  assert.equal(store.take("k", 1, limit, 10_000).remaining, 4);
  const behind = store.take("k", 1, limit, 5_000);
  assert.equal(behind.allowed, true);
  assert.equal(behind.remaining, 3);
  // Back at 10 s: those 5 s were never elapsed time, so nothing refills.
  const again = store.take("k", 1, limit, 10_000);
  assert.equal(again.remaining, 2);
  assert.equal(store.adjust("k", 0, limit, 7_000).remaining, 2);
});
