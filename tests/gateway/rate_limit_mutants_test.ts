// Rate-limit edges the mutation sample showed unguarded: the reset header's
// rounding at each unit's boundary, and SharedRateLimitStore's defaults (key
// prefix, a zero timeout or retry period taken as given) and its single
// warning when several requests in flight see the same outage.
import assert from "node:assert/strict";
import {
  formatReset,
  perMinute,
  SharedRateLimitStore,
} from "../../src/gateway/mod.ts";
import {
  createMemoryStore,
  type IRWarning,
  type RouterStore,
  type TokenResult,
} from "../../src/models/mod.ts";
import { waitUntil, withTimeout } from "../_timeout.ts";

Deno.test("formatReset: a full bucket resets in 0s, never 0ms or a negative duration", () => {
  // OpenAI's headers write "0s" for a bucket that is already full; a client
  // parsing the unit must not see "-3ms".
  assert.equal(formatReset(0), "0s");
  assert.equal(formatReset(-3), "0s");
  assert.equal(formatReset(-0.5), "0s");
});

Deno.test("formatReset: under a second in whole milliseconds rounded up, a second and past in seconds rounded up", () => {
  assert.equal(formatReset(0.2), "1ms", "a fraction of a ms is still a wait");
  assert.equal(formatReset(999), "999ms");
  assert.equal(formatReset(999.5), "1000ms");
  assert.equal(formatReset(1000), "1s", "one second is written in seconds");
  assert.equal(formatReset(1001), "2s", "seconds round up: never too early");
  assert.equal(formatReset(1500), "2s");
  assert.equal(formatReset(59_001), "1m0s");
  assert.equal(formatReset(3_600_000), "1h0m0s");
});

/** A store that records the bucket keys it is asked for. */
function recording(): { store: RouterStore; keys: string[] } {
  const memory = createMemoryStore();
  const keys: string[] = [];
  const store: RouterStore = Object.assign(Object.create(memory), {
    takeTokens(...args: Parameters<RouterStore["takeTokens"]>) {
      keys.push(args[0]);
      return Promise.resolve(memory.takeTokens(...args));
    },
  });
  return { store, keys };
}

Deno.test("shared limits: bucket keys in the store carry the default prefix ratelimit:, or the one given", async () => {
  // Other tools (and older instances) read the same Redis: the key names are
  // part of the contract, documented as prefixed "ratelimit:".
  const plain = recording();
  await new SharedRateLimitStore(plain.store).take(
    "rpm:team",
    1,
    perMinute(5),
    0,
  );
  assert.deepEqual(plain.keys, ["ratelimit:rpm:team"]);
  const given = recording();
  await new SharedRateLimitStore(given.store, { prefix: "" })
    .take("rpm:team", 1, perMinute(5), 0);
  assert.deepEqual(
    given.keys,
    ["rpm:team"],
    "an empty prefix is taken as given",
  );
});

/**
 * A store whose takeTokens answers only after `ms` (`answered` settles
 * then), or with `ms` negative hangs until `release`.
 */
function slow(ms: number): {
  store: RouterStore;
  release: () => void;
  calls: () => number;
  answered: Promise<void>;
} {
  const memory = createMemoryStore();
  const waiting: (() => void)[] = [];
  let calls = 0;
  let answeredNow = () => {};
  const answered = new Promise<void>((resolve) => (answeredNow = resolve));
  const store: RouterStore = Object.assign(Object.create(memory), {
    takeTokens(...args: Parameters<RouterStore["takeTokens"]>) {
      calls++;
      return new Promise<TokenResult>((resolve) => {
        const answer = () => {
          resolve(memory.takeTokens(...args));
          answeredNow();
        };
        if (ms >= 0) setTimeout(answer, ms);
        else waiting.push(answer);
      });
    },
  });
  return {
    store,
    release: () => waiting.splice(0).forEach((f) => f()),
    calls: () => calls,
    answered,
  };
}

Deno.test("shared limits: timeoutMs 0 is taken as given (any asynchronous answer is too late), not replaced by the default", async () => {
  // The store answers after 30 ms: inside the default 100 ms, outside 0 ms.
  const { store, answered } = slow(30);
  const warnings: IRWarning[] = [];
  const shared = new SharedRateLimitStore(store, {
    timeoutMs: 0,
    onWarning: (w) => warnings.push(w),
  });
  await withTimeout(
    shared.take("k", 1, perMinute(5), 0),
    5_000,
    "take with timeoutMs 0",
  );
  assert.equal(shared.shared, false, "the store counts as out");
  assert.deepEqual(warnings.map((w) => w.code), [
    "rate-limit-store-unavailable",
  ]);
  // The late answer lands before the test ends (no timer left behind).
  await withTimeout(answered, 5_000, "the late answer");
});

Deno.test("shared limits: by default a store answering within 100 ms is waited for (a few ms of Redis latency is not an outage)", async () => {
  const { store, calls } = slow(20);
  const warnings: IRWarning[] = [];
  const shared = new SharedRateLimitStore(store, {
    onWarning: (w) => warnings.push(w),
  });
  const limit = perMinute(1);
  const first = await withTimeout(
    shared.take("k", 1, limit, 0),
    5_000,
    "take on a slow store",
  );
  assert.equal(first.allowed, true);
  assert.equal(shared.shared, true);
  // The store's bucket answered, so the second take is refused there.
  const second = await shared.take("k", 1, limit, 0);
  assert.equal(second.allowed, false);
  assert.equal(calls(), 2);
  assert.deepEqual(warnings, []);
});

Deno.test("shared limits: retryMs 0 probes the store again at the very next request, not a second later", async () => {
  const memory = createMemoryStore();
  let failing = true;
  let probes = 0;
  const store: RouterStore = Object.assign(Object.create(memory), {
    takeTokens(...args: Parameters<RouterStore["takeTokens"]>) {
      if (failing) return Promise.reject(new Error("ECONNREFUSED"));
      if (args[0] === "ratelimit:probe") probes++;
      return Promise.resolve(memory.takeTokens(...args));
    },
  });
  const warnings: string[] = [];
  const shared = new SharedRateLimitStore(store, {
    retryMs: 0,
    onWarning: (w) => warnings.push(w.code),
  });
  const limit = perMinute(5);
  await shared.take("k", 1, limit, 1_000);
  assert.equal(shared.shared, false);
  failing = false;
  // Same clock reading: with a retry period of 0 the probe is due already.
  await shared.take("k", 1, limit, 1_000);
  // The probe runs in the background; with the default retry period it would
  // not start at all, and the store would stay out.
  await waitUntil(() => probes > 0, "a probe reached the store", 200);
  await waitUntil(() => shared.shared, "the store counts again", 200);
  assert.equal(probes, 1);
  assert.equal(shared.shared, true);
  assert.deepEqual(warnings, [
    "rate-limit-store-unavailable",
    "rate-limit-store-recovered",
  ]);
});

Deno.test("shared limits: requests in flight when the store goes out give one warning, not one each", async () => {
  const { store, release, calls } = slow(-1);
  const warnings: IRWarning[] = [];
  const shared = new SharedRateLimitStore(store, {
    timeoutMs: 5,
    retryMs: 60_000,
    onWarning: (w) => warnings.push(w),
  });
  const limit = perMinute(10);
  const states = await withTimeout(
    Promise.all([1, 2, 3].map(() => shared.take("k", 1, limit, 0))),
    5_000,
    "three takes on a hanging store",
  );
  assert.equal(calls(), 3, "all three asked the store");
  // Each counted locally, in one local bucket.
  assert.deepEqual(states.map((s) => s.remaining), [9, 8, 7]);
  assert.deepEqual(warnings.map((w) => w.code), [
    "rate-limit-store-unavailable",
  ]);
  release();
});

Deno.test("shared limits: while the store is out, requests count locally without asking it (until the retry period's probe)", async () => {
  const memory = createMemoryStore();
  let asked = 0;
  const store: RouterStore = Object.assign(Object.create(memory), {
    takeTokens() {
      asked++;
      return Promise.reject(new Error("ECONNREFUSED"));
    },
  });
  const shared = new SharedRateLimitStore(store, { retryMs: 1_000 });
  const limit = perMinute(10);
  await shared.take("k", 1, limit, 0);
  assert.equal(shared.shared, false);
  for (let i = 0; i < 3; i++) await shared.take("k", 1, limit, 0);
  assert.equal(asked, 1, "a store that is out is not asked per request");
  assert.equal((await shared.take("k", 1, limit, 0)).remaining, 5);
});
