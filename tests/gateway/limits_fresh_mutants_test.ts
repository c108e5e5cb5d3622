// Rate-limit store behaviours a fresh mutation draw of the keys+limits area
// found untested: a bucket that never refills (`perMs: 0`, a fixed quota)
// reports its reset and its wait as numbers a header can carry, on the
// in-process store and on the shared one alike; and a fractional token
// estimate is charged in whole tokens, rounded up, so no request is free.
import assert from "node:assert/strict";
import {
  type BucketLimit,
  type BucketState,
  MemoryRateLimitStore,
  RateLimiter,
  SharedRateLimitStore,
} from "../../src/gateway/mod.ts";
import { createMemoryStore } from "../../src/models/mod.ts";

Deno.test("limits: a bucket that never refills resets in 0 ms while full, never once used, and a refusal waits forever (memory and shared stores)", async () => {
  const quota: BucketLimit = { capacity: 2, perMs: 0 };
  const stores = {
    memory: new MemoryRateLimitStore(),
    shared: new SharedRateLimitStore(createMemoryStore()),
  };
  for (const [name, store] of Object.entries(stores)) {
    const take = (cost: number, now: number): Promise<BucketState> =>
      Promise.resolve(store.take("k", cost, quota, now));
    // A look (cost 0) at the full bucket: nothing to wait for.
    const full = await take(0, 0);
    assert.deepEqual(
      [full.allowed, full.remaining, full.resetMs, full.retryAfterMs],
      [true, 2, 0, 0],
      `${name}: full`,
    );
    const used = await take(2, 0);
    assert.equal(used.allowed, true, name);
    assert.equal(used.resetMs, Infinity, `${name}: never full again`);
    const refused = await take(1, 1e9);
    assert.equal(refused.allowed, false, name);
    assert.equal(refused.retryAfterMs, Infinity, `${name}: never allowed`);
  }
});

Deno.test("limits: a fractional token estimate is charged whole tokens, rounded up, so a token limit still holds", async () => {
  // The gateway's own estimates are whole; a caller of RateLimiter may pass
  // its own, and half a token rounded down would cost nothing at all.
  const limiter = new RateLimiter(new MemoryRateLimitStore(), () => 0);
  const key = { id: "k", tpm: 3 };
  for (let i = 0; i < 3; i++) {
    assert.equal((await limiter.admit(key, 0.5)).estimatedTokens, 1);
  }
  await assert.rejects(limiter.admit(key, 0.5), (error: unknown) => {
    assert.equal((error as { status?: number }).status, 429);
    return true;
  });
});
