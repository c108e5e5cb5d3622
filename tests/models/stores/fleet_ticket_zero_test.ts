// The RouterStore contract makes -1 the only refused claim: ticket 0 is a
// probe like any other. A store of the user's own (a SQL table, a store that
// numbers epochs from the first opening) can hand out 0, and the Router must
// send that probe and report it, not treat the claim as refused and leave the
// backend out of the fleet until the claim's lease runs out.
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
import { tick } from "../_helpers.ts";
import { fleetRouter } from "./_fleet_router.ts";

/**
 * An asynchronous store whose record of "x" starts half-open in epoch 0
 * (every other key goes to a memory store); it counts the calls per method.
 * While `hold.claims` is set, a claim's answer waits in `hold.held`.
 */
function epochZeroStore() {
  const hold = { claims: false, held: [] as (() => void)[] };
  const inner = createMemoryStore();
  let x: BreakerRecord = {
    state: "half-open",
    failures: 0,
    openUntil: 0,
    epoch: 0,
    probe: false,
  };
  const called: Record<string, number> = {};
  const own: Partial<RouterStore> = {
    readBreakers: (keys, now) =>
      (inner.readBreakers(keys, now) as BreakerRecord[]).map((r, i) =>
        keys[i] === "x" ? x : r
      ),
    claimProbe: (key, now) => {
      if (key !== "x") return inner.claimProbe(key, now);
      if (x.state !== "half-open" || x.probe) return -1;
      x = { ...x, probe: true, probeAt: now };
      const ticket = x.epoch;
      if (!hold.claims) return ticket;
      return new Promise<number>((resolve) =>
        hold.held.push(() => resolve(ticket))
      );
    },
    recordSuccess: (key, now, ticket) => {
      if (key !== "x") return inner.recordSuccess(key, now, ticket);
      if (x.state === "half-open" && ticket === x.epoch) {
        x = {
          state: "closed",
          failures: 0,
          openUntil: Infinity,
          epoch: x.epoch + 1,
          probe: false,
        };
      }
      return x;
    },
    releaseProbe: (key, ticket) => {
      if (key !== "x") return inner.releaseProbe(key, ticket);
      if (ticket === x.epoch) x = { ...x, probe: false };
    },
  };
  const store = new Proxy(inner, {
    get(target, name) {
      const method = (Reflect.get(own, name) ?? Reflect.get(target, name)) as (
        ...args: unknown[]
      ) => unknown;
      if (typeof method !== "function") return method;
      return (...args: unknown[]) => {
        called[String(name)] = (called[String(name)] ?? 0) + 1;
        return Promise.resolve().then(() =>
          method.apply(name in own ? own : target, args)
        );
      };
    },
  });
  return {
    store,
    called,
    hold,
    record: () => x,
    set: (record: BreakerRecord) => void (x = record),
  };
}

const request = { messages: [{ role: "user" as const, content: "hi" }] };
const served = (answer: { metadata?: unknown }) =>
  (answer.metadata as { routing: { backend: string } }).routing.backend;

/** Fires timers until the Router has read the fleet's records once. */
async function firstRead(time: FakeTime, called: Record<string, number>) {
  for (let i = 0; i < 100 && !called.readBreakers; i++) {
    await tick();
    if (!called.readBreakers) time.fire();
  }
  assert.ok(called.readBreakers, "the fleet's records read");
  for (let i = 0; i < 5; i++) await tick();
}

describe("a probe claim of ticket 0", () => {
  it("is sent to the backend and its success closes the fleet's breaker", async () => {
    const time = new FakeTime();
    const { store, called, record } = epochZeroStore();
    const r = fleetRouter(time, store, [], {}, createEchoAdapter());
    await firstRead(time, called);
    // The first request reads the fleet's half-open record and starts the
    // claim; backup answers it meanwhile.
    assert.equal(served(await r.execute(request)), "backup");
    for (let i = 0; i < 20 && record().probe === false; i++) await tick();
    assert.equal(record().probe, true, "the claim taken");
    for (let i = 0; i < 5; i++) await tick();
    // The claim is this Router's: its next request is the probe.
    assert.equal(served(await r.execute(request)), "x");
    for (let i = 0; i < 20 && record().state !== "closed"; i++) await tick();
    assert.equal(record().state, "closed", "the probe's success reported");
    assert.equal(called.claimProbe, 1);
    r.dispose();
  });

  it("held at dispose() is handed back with its ticket", async () => {
    const time = new FakeTime();
    const { store, called, record } = epochZeroStore();
    const r = fleetRouter(time, store, [], {}, createEchoAdapter());
    await firstRead(time, called);
    await r.execute(request);
    for (let i = 0; i < 20 && record().probe === false; i++) await tick();
    for (let i = 0; i < 5; i++) await tick();
    r.dispose();
    for (let i = 0; i < 20 && record().probe; i++) await tick();
    assert.equal(record().probe, false, "ticket 0 released");
  });

  it("answered after the store timeout is handed back, not kept by the fleet", async () => {
    const time = new FakeTime();
    const { store, called, hold, record } = epochZeroStore();
    const warnings: IRWarning[] = [];
    const r = fleetRouter(time, store, warnings, {}, createEchoAdapter());
    await firstRead(time, called);
    hold.claims = true;
    await r.execute(request); // starts the claim; backup answers
    for (let i = 0; i < 20 && hold.held.length === 0; i++) await tick();
    assert.equal(hold.held.length, 1, "the claim in flight");
    // storeTimeout: the Router stops waiting for it.
    const out = () => warnings.some((w) => w.code === "store-unavailable");
    for (let i = 0; i < 100 && !out(); i++) {
      time.fire();
      await tick();
    }
    assert.ok(out(), "the claim timed out");
    hold.held.splice(0).forEach((answer) => answer());
    for (let i = 0; i < 20 && record().probe; i++) await tick();
    assert.equal(record().probe, false, "the late ticket 0 released");
    r.dispose();
  });

  it("gone stale before use (a sibling's newer probe in flight) is not sent", async () => {
    const time = new FakeTime();
    const { store, called, record, set } = epochZeroStore();
    const r = fleetRouter(time, store, [], {}, createEchoAdapter());
    await firstRead(time, called);
    await r.execute(request); // claims ticket 0; backup answers
    for (let i = 0; i < 20 && record().probe === false; i++) await tick();
    for (let i = 0; i < 5; i++) await tick();
    // The claim's lease passed; a sibling probes epoch 2 and this Router
    // reads that before it uses its own claim.
    set({ ...record(), epoch: 2, probe: true, probeAt: time.t });
    const reads = called.readBreakers;
    time.t += 50; // storeSyncInterval
    for (let i = 0; i < 100 && called.readBreakers === reads; i++) {
      await tick();
      if (called.readBreakers === reads) time.fire();
    }
    for (let i = 0; i < 5; i++) await tick();
    assert.equal(served(await r.execute(request)), "backup");
    r.dispose();
  });

  it("is kept through a background read that finds it unchanged: the next request is the probe", async () => {
    const time = new FakeTime();
    const { store, called, record } = epochZeroStore();
    const r = fleetRouter(time, store, [], {}, createEchoAdapter());
    await firstRead(time, called);
    await r.execute(request); // claims; backup answers
    for (let i = 0; i < 20 && record().probe === false; i++) await tick();
    for (let i = 0; i < 5; i++) await tick();
    const reads = called.readBreakers;
    for (let i = 0; i < 100 && called.readBreakers === reads; i++) {
      await tick();
      if (called.readBreakers === reads) time.fire();
    }
    for (let i = 0; i < 5; i++) await tick();
    assert.equal(served(await r.execute(request)), "x");
    r.dispose();
  });
});
