// The behaviour every RouterStore implementation must have, run against the
// memory store (memory_test.ts) and the Redis store (redis_test.ts). Times
// are the Router's `now` values passed in: no wall clock.
import { describe, it, type TestOptions } from "../../_harness.ts";
import assert from "node:assert/strict";
import type { BreakerRules, RouterStore } from "../../../src/models/mod.ts";

/** A fresh, empty store and how to let go of it. */
export interface StoreFixture {
  readonly store: RouterStore;
  readonly close: () => Promise<void>;
}

const RULES: BreakerRules = { enabled: true, threshold: 3, timeout: 1_000 };

/** What a suite asks of a store beyond the defaults. */
export interface StoreOptions {
  readonly probeLease?: number;
}

/** Runs the shared behaviour against stores made by `make`. */
export function storeSuite(
  name: string,
  make: (options: StoreOptions) => Promise<StoreFixture>,
  options: TestOptions = {},
): void {
  const withStore = (
    fn: (store: RouterStore) => Promise<void>,
    storeOptions: StoreOptions = {},
  ) =>
  async () => {
    const fixture = await make(storeOptions);
    try {
      await fn(fixture.store);
    } finally {
      await fixture.close();
    }
  };

  describe(`RouterStore behaviour: ${name}`, options, () => {
    it(
      "an unknown breaker reads closed, with no failures",
      withStore(async (s) => {
        const [record] = await s.readBreakers(["x"], 0);
        assert.equal(record.state, "closed");
        assert.equal(record.failures, 0);
        assert.equal(record.probe, false);
      }),
    );

    it(
      "opens exactly at the threshold, and only when enabled",
      withStore(async (s) => {
        let record = await s.recordFailure("x", 10, 0, RULES);
        assert.deepEqual([record.state, record.failures], ["closed", 1]);
        record = await s.recordFailure("x", 11, 0, RULES);
        assert.equal(record.state, "closed");
        record = await s.recordFailure("x", 12, 0, RULES);
        assert.deepEqual([record.state, record.failures], ["open", 3]);
        assert.equal(record.openUntil, 1_012);
        for (let i = 0; i < 5; i++) {
          record = await s.recordFailure("off", i, 0, {
            ...RULES,
            enabled: false,
          });
        }
        assert.deepEqual([record.state, record.failures], ["closed", 5]);
        record = await s.recordFailure("many", 0, 0, RULES, 4);
        assert.deepEqual([record.state, record.failures], ["open", 4]);
      }),
    );

    it(
      "a success resets the count; keys are independent",
      withStore(async (s) => {
        await s.recordFailure("x", 0, 0, RULES);
        await s.recordFailure("x", 0, 0, RULES);
        const after = await s.recordSuccess("x", 0, 0);
        assert.deepEqual([after.state, after.failures], ["closed", 0]);
        await s.recordFailure("y", 0, 0, RULES);
        const [x, y] = await s.readBreakers(["x", "y"], 0);
        assert.equal(x.failures, 0);
        assert.equal(y.failures, 1);
      }),
    );

    it(
      "goes half-open at openUntil and hands the probe to exactly one caller",
      withStore(async (s) => {
        for (let i = 0; i < 3; i++) await s.recordFailure("x", 100, 0, RULES);
        assert.equal((await s.readBreakers(["x"], 1_099))[0].state, "open");
        assert.equal(await s.claimProbe("x", 1_099), -1, "no probe while open");
        const claims = await Promise.all(
          Array.from({ length: 8 }, () => s.claimProbe("x", 1_100)),
        );
        const granted = claims.filter((t) => t >= 0);
        assert.equal(granted.length, 1);
        const [record] = await s.readBreakers(["x"], 1_100);
        assert.deepEqual([record.state, record.probe], ["half-open", true]);
        assert.equal(record.epoch, granted[0]);
      }),
    );

    it(
      "only the probe's outcome moves a half-open breaker",
      withStore(async (s) => {
        for (let i = 0; i < 3; i++) await s.recordFailure("x", 0, 0, RULES);
        const stale = (await s.readBreakers(["x"], 0))[0].epoch;
        const probe = await s.claimProbe("x", 1_000);
        assert.ok(probe >= 0 && probe !== stale);
        let record = await s.recordSuccess("x", 1_000, stale);
        assert.equal(
          record.state,
          "half-open",
          "a stale success does not close",
        );
        record = await s.recordFailure("x", 1_000, stale, RULES);
        assert.equal(
          record.state,
          "half-open",
          "a stale failure does not re-open",
        );
        record = await s.recordFailure("x", 1_500, probe, RULES);
        assert.equal(record.state, "open");
        assert.equal(record.openUntil, 2_500, "a failed probe re-opens afresh");
        const next = await s.claimProbe("x", 2_500);
        record = await s.recordSuccess("x", 2_500, next);
        assert.deepEqual([record.state, record.failures], ["closed", 0]);
      }),
    );

    it(
      "a released probe can be claimed again",
      withStore(async (s) => {
        await s.openBreaker("x", 0, 10, false);
        const first = await s.claimProbe("x", 10);
        assert.ok(first >= 0);
        assert.equal(await s.claimProbe("x", 10), -1);
        await s.releaseProbe("x", first);
        assert.ok(await s.claimProbe("x", 10) >= 0);
      }),
    );

    it(
      "a claim unreported for probeLease reads as none and is handed out again in a new epoch",
      withStore(async (s) => {
        assert.equal(s.probeLease, 500);
        await s.openBreaker("x", 0, 10, false);
        const lost = await s.claimProbe("x", 10);
        assert.ok(lost >= 0);
        let [record] = await s.readBreakers(["x"], 509);
        assert.deepEqual(
          [record.probe, record.probeAt, record.epoch],
          [true, 10, lost],
          "the record carries the claim's time",
        );
        assert.equal(await s.claimProbe("x", 509), -1, "within the lease");
        [record] = await s.readBreakers(["x"], 510);
        assert.deepEqual(
          [record.state, record.probe, record.epoch],
          ["half-open", false, lost + 1],
          "past the lease the claim reads as none",
        );
        const next = await s.claimProbe("x", 510);
        assert.equal(next, lost + 1);
        // The lost prober's late report moves nothing; the new one's does.
        await s.releaseProbe("x", lost);
        assert.equal(await s.claimProbe("x", 511), -1);
        record = await s.recordSuccess("x", 520, lost);
        assert.equal(record.state, "half-open");
        record = await s.recordFailure("x", 520, lost, RULES);
        assert.equal(record.state, "half-open");
        record = await s.recordSuccess("x", 520, next);
        assert.deepEqual([record.state, record.probe], ["closed", false]);
        // A claim expires for a failure too: the next claimant's probe fails.
        await s.openBreaker("y", 0, 10, false);
        const first = await s.claimProbe("y", 10);
        const second = await s.claimProbe("y", 2_000);
        assert.equal(second, first + 1);
        record = await s.recordFailure("y", 2_000, second, RULES);
        assert.deepEqual([record.state, record.openUntil], ["open", 3_000]);
      }, { probeLease: 500 }),
    );

    it(
      "openBreaker: forced for good, or extended but never shortened",
      withStore(async (s) => {
        let record = await s.openBreaker("x", 0, Infinity, false);
        assert.equal(record.state, "open");
        assert.equal((await s.readBreakers(["x"], 1e12))[0].state, "open");
        await s.closeBreaker("x");
        record = (await s.readBreakers(["x"], 0))[0];
        assert.deepEqual([record.state, record.failures], ["closed", 0]);
        await s.openBreaker("y", 0, 5_000, true);
        record = await s.openBreaker("y", 100, 1_000, true);
        assert.equal(
          record.openUntil,
          5_000,
          "a shorter cooldown keeps the longer one",
        );
        record = await s.openBreaker("y", 200, 9_000, true);
        assert.equal(record.openUntil, 9_200);
      }),
    );

    it(
      "health and counters",
      withStore(async (s) => {
        assert.equal(await s.readHealth("x"), undefined);
        await s.setHealth("x", false, 42);
        assert.deepEqual(await s.readHealth("x"), { healthy: false, at: 42 });
        await s.addCounters("x", { total: 2, ok: 1 });
        await s.addCounters("x", { total: 1, failed: 1 });
        assert.deepEqual(await s.readCounters("x"), {
          total: 3,
          ok: 1,
          failed: 1,
        });
        assert.deepEqual(await s.readCounters("nothing"), {});
      }),
    );

    it(
      "a token bucket admits its capacity, then refills at its rate",
      withStore(async (s) => {
        const take = (now: number, cost = 1) =>
          s.takeTokens("k", cost, 5, 1, now);
        const results = await Promise.all(
          Array.from({ length: 7 }, () => take(0)),
        );
        assert.equal(results.filter((r) => r.allowed).length, 5);
        const refused = await take(0);
        assert.equal(refused.allowed, false);
        assert.equal(refused.retryAfterMs, 1_000);
        assert.equal((await take(999)).allowed, false);
        const later = await take(1_000);
        assert.equal(later.allowed, true);
        assert.ok(Math.abs(later.remaining) < 1e-9);
        const full = await take(1_000_000, 5);
        assert.equal(full.allowed, true, "refills up to capacity, not beyond");
        assert.equal((await take(1_000_000)).allowed, false);
        assert.equal((await s.takeTokens("k", 10, 5, 1, 2e6)).allowed, false);
      }),
    );
  });
}
