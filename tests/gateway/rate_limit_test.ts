// RateLimiter.admit's refusals: the 429 names the limit of the bucket that
// refused and waits for that bucket, whichever of the two it is.
import assert from "node:assert/strict";
import {
  GatewayError,
  MemoryRateLimitStore,
  RateLimiter,
} from "../../src/gateway/mod.ts";

async function refusalOf(promise: Promise<unknown>): Promise<GatewayError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof GatewayError);
    return error;
  }
  throw new Error("expected a 429");
}

Deno.test("rate limiter: a refusal on requests names the rpm limit and waits for that bucket", async () => {
  const limiter = new RateLimiter(new MemoryRateLimitStore(), () => 1_000_000);
  const key = { id: "a", rpm: 1, tpm: 6_000 };
  await limiter.admit(key, 10);
  const refused = await refusalOf(limiter.admit(key, 10));
  assert.equal(refused.status, 429);
  assert.match(refused.message, /: 1 requests per minute\. Retry after 60 s\./);
  assert.equal(refused.headers["retry-after-ms"], "60000");
  // The tokens bucket was looked at, not charged.
  assert.equal(refused.headers["x-ratelimit-remaining-tokens"], "5990");
});

Deno.test("rate limiter: a refusal on tokens names the tpm limit, waits for that bucket and gives the request back", async () => {
  const limiter = new RateLimiter(new MemoryRateLimitStore(), () => 1_000_000);
  const key = { id: "a", rpm: 100, tpm: 100 };
  await limiter.admit(key, 100);
  const refused = await refusalOf(limiter.admit(key, 50));
  assert.equal(refused.status, 429);
  assert.match(refused.message, /: 100 tokens per minute\. Retry after 30 s\./);
  assert.equal(refused.headers["retry-after-ms"], "30000");
  assert.equal(refused.headers["x-ratelimit-remaining-requests"], "99");
});
