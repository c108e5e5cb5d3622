// A Router's background reads of an asynchronous store (Redis), at the edges
// a fresh mutation draw showed unguarded: a Router with no backend reads
// nothing, a slow store gets one read at a time, never one per
// syncInterval piling up behind it, and a Router disposed by its own warning
// handler during a background read leaves no timer behind; a probe claim
// the store refuses (a sibling holds the probe) sends nothing back; a store
// of the application's own that answers synchronously is followed too.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  createMemoryStore,
  createRouter,
  type IRWarning,
  type RouterConfig,
  type RouterStore,
} from "../../../src/models/mod.ts";
import { createEchoAdapter } from "../../../src/models/testing.ts";
import { FakeTime } from "../_fake_time.ts";
import { routingOf, tick } from "../_helpers.ts";
import { fleetRouter as failingX } from "./_fleet_router.ts";
import { intercepted } from "./_controlled_store.ts";

/**
 * The memory store behind promises, every call counted by method; while
 * `holding`, readBreakers answers only when the test releases it.
 */
function slowStore(inner: RouterStore) {
  const { store, called } = intercepted(inner, (key, call) => {
    if (key === "readBreakers" && control.refusing) {
      throw new Error("The client is closed");
    }
    if (key === "readBreakers" && control.holding) {
      const read = new Promise((resolve, reject) =>
        control.held.push((answer = true) =>
          answer ? resolve(call()) : reject(
            new Error("READONLY You can't write against a read only replica."),
          )
        )
      );
      control.reads.push(read);
      return read;
    }
    return Promise.resolve().then(call);
  });
  const control = {
    /** readBreakers throws before answering (a client not connected). */
    refusing: false,
    holding: false,
    /** Answers a held read (true, the default) or refuses it (false). */
    held: [] as ((answer?: boolean) => void)[],
    /** The held reads' promises, as the Router got them. */
    reads: [] as Promise<unknown>[],
    called,
  };
  return { store, control };
}

function fleetRouter(
  time: FakeTime,
  store: RouterStore,
  onWarning?: RouterConfig["onWarning"],
) {
  return createRouter({
    store,
    onWarning,
    now: time.now,
    timers: time.timers,
    enableCircuitBreaker: true,
    storeSyncInterval: 50,
    // Far beyond the reads below: a held read is slow, not timed out.
    storeTimeout: 60_000,
  });
}

/** Fires the earliest timer `count` times, letting promises settle between. */
async function fire(time: FakeTime, count: number) {
  for (let i = 0; i < count; i++) {
    await tick();
    assert.ok(time.fire(), "a timer to fire");
  }
  await tick();
}

const reads = (control: { called: Record<string, number> }) =>
  control.called.readBreakers ?? 0;

describe("a Router's background reads of its store", () => {
  it("read nothing while the Router has no backend, and start with the first one", async () => {
    // Every instance of an idle fleet would otherwise ask Redis for an empty
    // list of breakers every syncInterval.
    const time = new FakeTime();
    const { store, control } = slowStore(createMemoryStore());
    const r = fleetRouter(time, store);
    await fire(time, 5);
    assert.equal(time.pending, 1, "the background read stays scheduled");
    assert.equal(reads(control), 0);
    // It wakes every syncInterval, not more often (each wake costs the
    // process a turn even when it reads nothing).
    assert.deepEqual(time.delays, [50, 50, 50, 50, 50, 50]);
    r.register("a", createEchoAdapter());
    for (let i = 0; i < 20 && reads(control) === 0; i++) await fire(time, 1);
    assert.ok(reads(control) > 0, "the new backend's breaker is read");
    r.dispose();
    assert.equal(time.pending, 0);
  });

  it("send one read at a time to a slow store, and the next once it answers", async () => {
    const time = new FakeTime();
    const { store, control } = slowStore(createMemoryStore());
    const r = fleetRouter(time, store).register("a", createEchoAdapter());
    control.holding = true;
    for (let i = 0; i < 20 && reads(control) === 0; i++) await fire(time, 1);
    assert.equal(reads(control), 1, "the first read is in flight");
    // Ten more sync intervals pass while it is in flight (the store's
    // timeout is far off, so only the background read's timer fires).
    const before = time.t;
    for (let i = 0; i < 10; i++) {
      await tick();
      time.fire();
    }
    await tick();
    assert.ok(time.t - before >= 500, `${time.t - before} ms passed`);
    assert.equal(reads(control), 1, "no read piles up behind the slow one");
    control.holding = false;
    control.held.shift()!();
    for (let i = 0; i < 20 && reads(control) === 1; i++) await fire(time, 1);
    assert.equal(reads(control), 2, "the next read follows the answer");
    r.dispose();
    assert.equal(time.pending, 0);
  });

  it("leave no timer behind when the Router is disposed by its warning handler during one", async () => {
    // An application that drops its Router when the store goes away does it
    // from onWarning, which the background read itself calls.
    const time = new FakeTime();
    const { store, control } = slowStore(createMemoryStore());
    const codes: string[] = [];
    const r = fleetRouter(time, store, (warning) => {
      if (!warning.code.startsWith("store-")) return;
      codes.push(warning.code);
      if (warning.code === "store-unavailable") r.dispose();
    }).register("a", createEchoAdapter());
    control.refusing = true;
    for (let i = 0; i < 20 && codes.length === 0; i++) await fire(time, 1);
    assert.deepEqual(codes, ["store-unavailable"]);
    assert.equal(time.pending, 0, "no background read scheduled after dispose");
  });

  it("a probe claim the store refuses, because a sibling holds the probe, sends nothing back", async () => {
    // Every Router of a fleet asks for the probe while one holds it: a
    // release per refused claim would double the store's traffic then.
    const time = new FakeTime();
    const inner = createMemoryStore();
    const { store, control } = slowStore(inner);
    const r = failingX(time, store, []);
    const request = { messages: [{ role: "user" as const, content: "hi" }] };
    for (let i = 0; i < 2; i++) await time.settle(r.execute(request));
    for (let i = 0; i < 20 && !r.isCircuitBreakerOpen("x"); i++) {
      await fire(time, 1);
    }
    assert.ok(r.isCircuitBreakerOpen("x"), "x's breaker opened");
    time.t += 10_000; // circuitBreakerTimeout: half-open
    const sibling = inner.claimProbe("x", time.t) as number;
    assert.ok(sibling >= 0, "a sibling holds the probe");
    const claims = () => control.called.claimProbe ?? 0;
    const answer = await time.settle(r.execute(request));
    assert.equal(routingOf(answer).backend, "backup", "x's probe is taken");
    assert.equal(claims(), 1, "x's probe claimed from the store");
    // The claim's answer is handled when its storeTimeout timer is cleared:
    // then only the background read's timer is left.
    for (let i = 0; i < 20 && time.pending > 1; i++) await tick();
    assert.equal(time.pending, 1, "the refused claim answered");
    assert.equal(control.called.releaseProbe ?? 0, 0);
    r.dispose();
    assert.equal(time.pending, 0);
  });

  it("follow a store of the application's own that answers synchronously: a sibling's open breaker is adopted", async () => {
    // Not the memory store itself (whose breakers a Router shares
    // directly): a store that wraps it, as an application's cache or
    // metrics layer would, answers plain values through the fleet link.
    const inner = createMemoryStore();
    const store = new Proxy(inner, {
      get(target, name) {
        const value = Reflect.get(target, name);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const time = new FakeTime();
    const a = failingX(time, store, []);
    const b = failingX(time, store, []);
    const request = { messages: [{ role: "user" as const, content: "hi" }] };
    for (let i = 0; i < 2; i++) await time.settle(a.execute(request));
    const [record] = await inner.readBreakers(["x"], time.t);
    assert.equal(record.state, "open", "the fleet's record");
    assert.ok(a.isCircuitBreakerOpen("x"), "the Router that failed");
    for (let i = 0; i < 20 && !b.isCircuitBreakerOpen("x"); i++) {
      await fire(time, 1);
    }
    assert.ok(b.isCircuitBreakerOpen("x"), "its sibling, at its next read");
    a.dispose();
    b.dispose();
    assert.equal(time.pending, 0);
  });

  it("follow a store that answers synchronously back from its outage", async () => {
    const inner = createMemoryStore();
    let refusing = false;
    const store = new Proxy(inner, {
      get(target, name) {
        const value = Reflect.get(target, name);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          if (refusing) throw new Error("The client is closed");
          return value.apply(target, args);
        };
      },
    });
    const time = new FakeTime();
    const warnings: IRWarning[] = [];
    const r = failingX(time, store, warnings);
    const codes = () =>
      warnings.map((w) => w.code).filter((c) => c.startsWith("store-"));
    refusing = true;
    for (let i = 0; i < 20 && codes().length === 0; i++) await fire(time, 1);
    assert.deepEqual(codes(), ["store-unavailable"]);
    refusing = false;
    for (let i = 0; i < 20 && codes().length === 1; i++) await fire(time, 1);
    assert.deepEqual(codes(), ["store-unavailable", "store-recovered"]);
    r.dispose();
    assert.equal(time.pending, 0);
  });

  it("warn nobody of a read refused after dispose()", async () => {
    const time = new FakeTime();
    const { store, control } = slowStore(createMemoryStore());
    const warnings: IRWarning[] = [];
    const r = failingX(time, store, warnings);
    control.holding = true;
    for (let i = 0; i < 20 && control.held.length === 0; i++) {
      await fire(time, 1);
    }
    assert.equal(control.held.length, 1, "a read in flight");
    r.dispose();
    assert.equal(time.pending, 0);
    control.held.shift()!(false);
    // The link's handler was attached to the read before this test's, so
    // once the test sees the refusal, the link has handled it.
    await control.reads[0].catch(() => {});
    await tick();
    assert.deepEqual(
      warnings.map((w) => w.code).filter((c) => c.startsWith("store-")),
      [],
    );
    assert.equal(time.pending, 0);
  });
});
