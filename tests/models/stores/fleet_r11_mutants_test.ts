// What the models-stores draw of seed 20261165 left unguarded in a Router's
// reads of its store.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  type BreakerRecord,
  createMemoryStore,
  type IRWarning,
  type RouterStore,
} from "../../../src/models/mod.ts";
import { createEchoAdapter } from "../../../src/models/testing.ts";
import { FakeTime } from "../_fake_time.ts";
import { routingOf, tick } from "../_helpers.ts";
import { fleetRouter } from "./_fleet_router.ts";

/** Fires the earliest timer `count` times, letting promises settle between. */
async function fire(time: FakeTime, count: number) {
  for (let i = 0; i < count; i++) {
    await tick();
    assert.ok(time.fire(), "a timer to fire");
  }
  await tick();
}

describe("a Router's reads of a store of the application's own", () => {
  // Bug (seed 20261165, `_fleet.ts`, `i < links.length` → `i <=`): a store
  // answering more records than it was asked for (a wrapper that appends
  // what it holds beyond the keys, a script returning a trailing entry)
  // made the Router adopt a record into a link that does not exist: a
  // TypeError out of the background read, or out of the request that read.
  // The records asked for are adopted in order and the rest ignored.
  it("adopts the records it asked for and ignores any the store adds after them", async () => {
    const inner = createMemoryStore();
    const asked: number[] = [];
    const store = new Proxy(inner, {
      get(target, name) {
        const value = Reflect.get(target, name);
        if (typeof value !== "function") return value;
        if (name !== "readBreakers") return value.bind(target);
        return (keys: readonly string[], now: number) => {
          asked.push(keys.length);
          const records = target.readBreakers(keys, now) as BreakerRecord[];
          const extra = target.readBreakers(
            ["elsewhere"],
            now,
          ) as BreakerRecord[];
          return [...records, ...extra, ...extra];
        };
      },
    }) as RouterStore;
    const time = new FakeTime();
    const warnings: IRWarning[] = [];
    const a = fleetRouter(time, store, warnings);
    const b = fleetRouter(time, store, warnings);
    const request = { messages: [{ role: "user" as const, content: "hi" }] };
    for (let i = 0; i < 2; i++) await time.settle(a.execute(request));
    assert.ok(a.isCircuitBreakerOpen("x"), "the Router that failed");
    for (let i = 0; i < 20 && !b.isCircuitBreakerOpen("x"); i++) {
      await fire(time, 1);
    }
    assert.ok(asked.length > 0, "the store was read");
    assert.ok(b.isCircuitBreakerOpen("x"), "its sibling adopts x's record");
    assert.equal(b.isCircuitBreakerOpen("backup"), false);
    const answer = await time.settle(b.execute(request));
    assert.equal(routingOf(answer).backend, "backup");
    await fire(time, 3);
    assert.equal(b.isCircuitBreakerOpen("x"), true, "still adopted");
    assert.deepEqual(
      warnings.filter((w) => w.code.startsWith("store-")),
      [],
      "the store never counted as failing",
    );
    a.dispose();
    b.dispose();
    assert.equal(time.pending, 0);
  });
});

describe("a Router's failure reports to a slow store", () => {
  // Bug (seed 20261166, `_fleet.ts`, the `return` after queueing a failure
  // dropped): a failure that came while the first report was in flight was
  // both sent at once and queued, then sent again with the queue: the store
  // counted three failures for two, opening a fleet's breaker early.
  it("count every failure once: one sent, the ones during it gathered into the next", async () => {
    const inner = createMemoryStore();
    const counts: number[] = [];
    const held: (() => void)[] = [];
    const store = new Proxy(inner, {
      get(target, name) {
        const value = Reflect.get(target, name);
        if (typeof value !== "function") return value;
        if (name !== "recordFailure") {
          return (...args: unknown[]) =>
            Promise.resolve().then(() => value.apply(target, args));
        }
        return (...args: Parameters<RouterStore["recordFailure"]>) => {
          counts.push(args[4] ?? 1);
          return new Promise((resolve) =>
            held.push(() => resolve(value.apply(target, args)))
          );
        };
      },
    }) as RouterStore;
    const time = new FakeTime();
    const r = fleetRouter(time, store, [], {
      circuitBreakerThreshold: 10,
      storeTimeout: 60_000,
    });
    const request = { messages: [{ role: "user" as const, content: "hi" }] };
    for (let i = 0; i < 3; i++) {
      const answer = await time.settle(r.execute(request));
      assert.equal(routingOf(answer).backend, "backup");
    }
    assert.deepEqual(counts, [1], "one report in flight, two gathered");
    held.shift()!();
    for (let i = 0; i < 20 && counts.length < 2; i++) await tick();
    assert.deepEqual(counts, [1, 2]);
    r.dispose();
    held.shift()!();
  });
});

describe("a probe's report the store refuses twice", () => {
  // Bug (seed 20261166, `_fleet.ts`, `repay()` sending the owed report as
  // no probe's): a probe's success report refused by a store going out is
  // owed and sent again when the store is back; refused once more (the
  // store flapping), it was dropped, and the fleet's record kept the probe
  // claim, the backend half-open for every sibling until probeLease.
  it("is owed again and reaches the store at its next recovery", async () => {
    const inner = createMemoryStore();
    let refuse = 0;
    const successes: string[] = [];
    const store = new Proxy(inner, {
      get(target, name) {
        const value = Reflect.get(target, name);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          if (name === "recordSuccess") {
            successes.push(refuse > 0 ? "refused" : "taken");
            if (refuse > 0) {
              refuse--;
              return Promise.reject(new Error("READONLY replica"));
            }
          }
          return Promise.resolve().then(() => value.apply(target, args));
        };
      },
    }) as RouterStore;
    let failing = true;
    const echo = createEchoAdapter();
    const x = new Proxy(echo, {
      get(target, name) {
        const value = Reflect.get(target, name);
        if (name !== "execute") {
          return typeof value === "function" ? value.bind(target) : value;
        }
        return (...args: Parameters<typeof echo.execute>) =>
          failing
            ? Promise.reject(new Error("upstream down"))
            : target.execute(...args);
      },
    });
    const time = new FakeTime();
    const warnings: IRWarning[] = [];
    const r = fleetRouter(time, store, warnings, {}, x);
    const request = { messages: [{ role: "user" as const, content: "hi" }] };
    for (let i = 0; i < 2; i++) await time.settle(r.execute(request));
    const state = async () =>
      ((await inner.readBreakers(["x"], time.t)) as BreakerRecord[])[0].state;
    for (let i = 0; i < 20 && (await state()) !== "open"; i++) await tick();
    assert.equal(await state(), "open");
    time.t += 10_000; // circuitBreakerTimeout: half-open
    failing = false;
    refuse = 2;
    // The claim goes to the store first: requests go to backup until the
    // Router holds the probe.
    let prober = "";
    for (let i = 0; i < 20 && prober !== "x"; i++) {
      prober = routingOf(await time.settle(r.execute(request))).backend;
      await tick();
    }
    assert.equal(prober, "x", "x's probe");
    for (
      let i = 0;
      i < 200 && (await state()) !== "closed" && successes.length < 4;
      i++
    ) await fire(time, 1);
    assert.deepEqual(successes, ["refused", "refused", "taken"]);
    assert.equal(await state(), "closed", "the fleet's record closed");
    r.dispose();
  });
});
