// A shared rate-limit store that went out is asked again by one background
// probe at a time: when the store hangs longer than `retryMs` (a timeout of
// seconds, a retry every second), the requests that keep coming must not
// pile probe on probe onto a store that is already struggling.
import assert from "node:assert/strict";
import { perMinute, SharedRateLimitStore } from "../../src/gateway/mod.ts";
import {
  createMemoryStore,
  type IRWarning,
  type RouterStore,
  type TokenResult,
} from "../../src/models/mod.ts";
import { waitUntil } from "../_timeout.ts";

/**
 * A store that refuses every request's take and holds each probe's (key
 * `probe`) until the test answers it: `answer(true)` says the store is back.
 */
function heldProbes() {
  const memory = createMemoryStore();
  const held: Array<(up: boolean) => void> = [];
  const store: RouterStore = Object.assign(Object.create(memory), {
    takeTokens(key: string) {
      if (!key.endsWith("probe")) {
        return Promise.reject(new Error("ECONNREFUSED"));
      }
      return new Promise<TokenResult>((resolve, reject) => {
        held.push((up) =>
          up
            ? resolve({ allowed: true, remaining: 1, retryAfterMs: 0 })
            : reject(new Error("ECONNREFUSED"))
        );
      });
    },
  });
  return { store, held };
}

// Bug (`shared_rate_limit_store.ts`, `#probing = true` → `false`): every
// request past `retryMs` started a probe of its own while the last still
// waited, so a hung store got one more call per retry period.
Deno.test("shared limits: while a probe waits, later requests start no other; once it fails, the next one probes again", async () => {
  const { store, held } = heldProbes();
  const warnings: IRWarning[] = [];
  const shared = new SharedRateLimitStore(store, {
    timeoutMs: 60_000,
    retryMs: 10,
    onWarning: (w) => warnings.push(w),
  });
  const limit = perMinute(100);
  try {
    // Out: counted locally, one warning.
    assert.equal((await shared.take("k", 1, limit, 0)).allowed, true);
    assert.equal(shared.shared, false);
    // Requests each retry period past the first, the probe still waiting.
    for (const now of [10, 20, 30, 40, 50]) {
      assert.equal((await shared.take("k", 1, limit, now)).allowed, true);
    }
    assert.equal(held.length, 1, "one probe in flight");
    held[0](false);
    // The failed probe is over: the next request past retryMs probes again.
    // Bounded by count: each take lets the failed probe's end run.
    for (let i = 0; i < 100 && held.length < 2; i++) {
      await shared.take("k", 1, limit, 60 + i);
    }
    assert.equal(held.length, 2, "a second probe after the first failed");
    for (const now of [200, 210]) await shared.take("k", 1, limit, now);
    assert.equal(held.length, 2, "still one probe in flight");
    held[1](true);
    await waitUntil(() => shared.shared, "the store counted back in");
    assert.deepEqual(warnings.map((w) => w.code), [
      "rate-limit-store-unavailable",
      "rate-limit-store-recovered",
    ]);
  } finally {
    // No probe is left waiting (its timer would outlive the test).
    for (const answer of held) answer(false);
  }
});
