// What bugs planted by hand beside the keys+limits draw of seed 20261169
// (which left no survivor) showed unguarded in a key's rate limits: the
// remaining count rounded up to a unit the bucket does not hold, and a
// usage charge dated before the answer ended. Each runs on the in-process
// store and the shared one.
import assert from "node:assert/strict";
import {
  type Admission,
  GatewayError,
  type KeyLimits,
  MemoryRateLimitStore,
  RateLimiter,
  type RateLimitStore,
  SharedRateLimitStore,
} from "../../src/gateway/mod.ts";
import { createMemoryStore } from "../../src/models/mod.ts";

/** A limiter per store kind, on a clock the test moves. */
function limiters(): {
  name: string;
  limiter: RateLimiter;
  at(ms: number): void;
}[] {
  const stores: Record<string, RateLimitStore> = {
    memory: new MemoryRateLimitStore(),
    shared: new SharedRateLimitStore(createMemoryStore()),
  };
  return Object.entries(stores).map(([name, store]) => {
    let now = 0;
    return {
      name,
      limiter: new RateLimiter(store, () => now),
      at: (ms: number) => void (now = ms),
    };
  });
}

/** The 429 of an admission the key's limits refuse. */
async function refusal(
  limiter: RateLimiter,
  key: KeyLimits,
  tokens: number,
): Promise<GatewayError> {
  const error = await limiter.admit(key, tokens).then(
    (admitted: Admission) =>
      assert.fail(`admitted: ${JSON.stringify(admitted.headers)}`),
    (e: unknown) => e,
  );
  assert.ok(error instanceof GatewayError, String(error));
  assert.equal(error.status, 429);
  return error;
}

// Bug (planted by hand in `rate_limit.ts`: `Math.floor` → `Math.round` on
// the remaining count): a bucket two thirds of the way to its next request
// was announced as `x-ratelimit-remaining-requests: 1`, and the request a
// client sent on that word was refused.
Deno.test("limits: remaining counts only whole units the bucket holds, on a refusal and after a take", async () => {
  const key = { id: "team", rpm: 2 };
  for (const { name, limiter, at } of limiters()) {
    await limiter.admit(key, 0);
    await limiter.admit(key, 0);
    at(20_000); // two thirds of a request refilled
    const refused = await refusal(limiter, key, 0);
    assert.equal(
      refused.headers["x-ratelimit-remaining-requests"],
      "0",
      `${name}: refused`,
    );
    at(50_000); // 1 2/3 refilled: one is taken, 2/3 left
    const admitted = await limiter.admit(key, 0);
    assert.equal(
      admitted.headers["x-ratelimit-remaining-requests"],
      "0",
      `${name}: taken`,
    );
    await refusal(limiter, key, 0);
  }
});

// Bug (planted by hand: the usage charge dated at time 0, as a charge dated
// at its admission would be): a streamed answer that ended a minute after
// it was admitted was charged against the bucket as it was then, and the
// minute's refill landed on top of it: the key had its usage for free.
Deno.test("limits: usage is charged as of when the answer ended, not when it was admitted", async () => {
  const key = { id: "team", tpm: 60 };
  for (const { name, limiter, at } of limiters()) {
    const admitted = await limiter.admit(key, 0);
    at(60_000);
    await limiter.charge(key, admitted, 60);
    const refused = await refusal(limiter, key, 1);
    assert.equal(
      refused.headers["x-ratelimit-remaining-tokens"],
      "0",
      name,
    );
  }
});
