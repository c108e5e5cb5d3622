// What bugs planted by hand beside the keys+limits draw of seed 20261165
// (which left no survivor) showed unguarded in a key's rate-limit answers:
// the Anthropic reset time on a clock between two seconds, and a refusal
// whose store says there is nothing to wait for.
import assert from "node:assert/strict";
import {
  type BucketState,
  GatewayError,
  MemoryRateLimitStore,
  RateLimiter,
  type RateLimitStore,
} from "../../src/gateway/mod.ts";

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
