// A Router's link to an asynchronous store, at the edges the mutation sample
// showed unguarded: an idle Router writes nothing, an outage warns once
// however many calls see it, a read refused synchronously does not stop
// later reads, a probe handed back at dispose() to a store that refuses it
// fails quietly, a success after a failure resets the fleet's count, and
// with the store out the local breaker's half-open probe goes through; an
// ordinary failure the store refused is not sent again (only a probe's is),
// a probe's report refused after the store came back is sent again, and an
// answer that comes after dispose() changes nothing, and routing reads the
// fleet's state at most once per syncInterval.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createMemoryStore } from "../../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFlakyAdapter,
} from "../../../src/models/testing.ts";
import { tick } from "../_helpers.ts";
import { fleet } from "./_fleet_router.ts";
import { fireUntil, storeCodes } from "./_controlled_store.ts";

const request = { messages: [{ role: "user" as const, content: "hi" }] };

describe("a Router's fleet link, at its edges", () => {
  it("an idle Router reads the fleet's state but writes no counters until something happened", async () => {
    // A fleet of idle instances must not send Redis an empty write per
    // backend every syncInterval.
    const { time, control, r } = fleet();
    await fireUntil(
      time,
      () => (control.called.readBreakers ?? 0) >= 3,
      "three background reads",
    );
    assert.equal(control.called.addCounters ?? 0, 0);
    await r.execute(request);
    await fireUntil(
      time,
      () => (control.called.addCounters ?? 0) > 0,
      "the outcome's counters sent",
    );
    // Sent once: the next reads carry no empty write.
    const sent = control.called.addCounters;
    const reads = control.called.readBreakers ?? 0;
    await fireUntil(
      time,
      () => (control.called.readBreakers ?? 0) >= reads + 3,
      "three more reads",
    );
    assert.equal(control.called.addCounters, sent);
    r.dispose();
    assert.equal(time.pending, 0);
  });

  it("an outage seen by several store calls in a row gives one store-unavailable, then one store-recovered", async () => {
    const { time, warnings, control, r } = fleet();
    control.fail.add("*");
    for (let i = 0; i < 3; i++) {
      await r.execute(request); // x fails (a store write), backup answers
      await tick();
      time.fire();
    }
    assert.ok((control.called.recordFailure ?? 0) >= 2, "refused twice");
    assert.deepEqual(storeCodes(warnings), ["store-unavailable"]);
    control.fail.clear();
    await fireUntil(
      time,
      () => storeCodes(warnings).includes("store-recovered"),
      "recovery",
    );
    assert.deepEqual(storeCodes(warnings), [
      "store-unavailable",
      "store-recovered",
    ]);
    r.dispose();
  });

  it("a read the store refuses synchronously does not stop later reads: the fleet's opening is seen once it answers", async () => {
    const { time, warnings, inner, control, r } = fleet();
    control.throwing.add("readBreakers");
    await fireUntil(
      time,
      () => storeCodes(warnings).includes("store-unavailable"),
      "the refused read",
    );
    control.throwing.clear();
    // A sibling opens x in the store; only a read can tell this Router.
    inner.openBreaker("x", time.t, 60_000, false);
    await fireUntil(
      time,
      () => r.isCircuitBreakerOpen("x"),
      "the fleet's opening adopted",
    );
    assert.deepEqual(storeCodes(warnings), [
      "store-unavailable",
      "store-recovered",
    ]);
    r.dispose();
  });

  it("dispose() hands an unused probe claim back; a store refusing that is no unhandled rejection", async () => {
    const { time, control, r, record, halfOpen } = fleet();
    await halfOpen();
    // Half-open: this request starts the claim (backup answers it) ...
    await r.execute(request);
    await fireUntil(
      time,
      () => control.called.claimProbe === 1 && record().probe,
      "the claim taken from the store",
    );
    // ... and the Router goes away before using it.
    control.fail.add("releaseProbe");
    r.dispose();
    assert.equal(control.called.releaseProbe, 1, "the claim handed back");
    // The refusal settles here; an unhandled one would fail this test.
    for (let i = 0; i < 5; i++) await tick();
  });

  it("a success after a failure, with the breaker still closed, resets the fleet's failure count", async () => {
    // Otherwise failures far apart add up across the fleet and open the
    // breaker of a backend that answers.
    const flaky = createFlakyAdapter(createEchoAdapter(), {
      pattern: [true, false],
    });
    const { time, r, record } = fleet({}, flaky);
    const failures = () => record().failures;
    await r.execute(request); // x fails, backup answers
    await fireUntil(time, () => failures() === 1, "the failure counted");
    const served = await r.execute(request); // x answers
    assert.equal(
      (served.metadata as { routing: { backend: string } }).routing.backend,
      "x",
    );
    await fireUntil(time, () => failures() === 0, "the success reported");
    r.dispose();
  });

  it("with the store out, the local breaker half-opens and its probe reaches the backend (no claim is asked of a store that is out)", async () => {
    const flaky = createFlakyAdapter(createEchoAdapter(), {
      pattern: [true, true, false],
    });
    const { time, warnings, control, r } = fleet({}, flaky);
    control.fail.add("*");
    await r.execute(request);
    await r.execute(request); // the second failure opens x locally
    await fireUntil(
      time,
      () => storeCodes(warnings).includes("store-unavailable"),
      "the outage seen",
    );
    assert.equal(r.isCircuitBreakerOpen("x"), true);
    time.t += 10_000; // circuitBreakerTimeout: half-open
    const probe = await r.execute(request);
    assert.equal(
      (probe.metadata as { routing: { backend: string } }).routing.backend,
      "x",
    );
    assert.equal(r.isCircuitBreakerOpen("x"), false);
    assert.equal(control.called.claimProbe ?? 0, 0);
    r.dispose();
  });

  it("an ordinary failure the store refused is not sent again when it comes back (only a probe's report is owed)", async () => {
    const { time, warnings, control, r, record } = fleet();
    control.fail.add("recordFailure");
    await r.execute(request); // x fails once: below the threshold
    await fireUntil(
      time,
      () => storeCodes(warnings).includes("store-unavailable"),
      "the refused write",
    );
    control.fail.clear();
    // Recovery is when owed reports are sent again (repay()).
    await fireUntil(
      time,
      () => storeCodes(warnings).includes("store-recovered"),
      "recovery",
    );
    await tick();
    assert.equal(control.called.recordFailure, 1);
    assert.equal(record().failures, 0);
    r.dispose();
  });

  it("a probe's success refused after its timeout, once other calls brought the store back, is sent again: the fleet's breaker closes", async () => {
    const { time, warnings, control, r, record, claimProbe } = fleet(
      {},
      createEchoAdapter(),
    );
    await claimProbe();
    control.hold.add("recordSuccess");
    const probe = await r.execute(request); // the probe: x answers
    assert.equal(
      (probe.metadata as { routing: { backend: string } }).routing.backend,
      "x",
    );
    // The report gets no answer in time; a later read brings the store back.
    await fireUntil(
      time,
      () => storeCodes(warnings).includes("store-recovered"),
      "timeout, then recovery",
    );
    assert.equal(control.held.length, 1);
    control.release(false);
    await fireUntil(
      time,
      () => record().state === "closed",
      "the probe's success sent again",
    );
    assert.equal(control.called.recordSuccess, 2);
    r.dispose();
  });

  it("a store answer that comes after dispose() changes nothing: no store-recovered from a Router that is gone", async () => {
    const { time, warnings, control, r } = fleet();
    control.fail.add("*");
    await r.execute(request); // a refused failure report: the store is out
    await fireUntil(
      time,
      () => storeCodes(warnings).includes("store-unavailable"),
      "the outage",
    );
    control.fail.clear();
    control.hold.add("readBreakers");
    await fireUntil(time, () => control.held.length > 0, "a read in flight");
    r.dispose();
    control.release(true);
    for (let i = 0; i < 5; i++) await tick();
    assert.deepEqual(storeCodes(warnings), ["store-unavailable"]);
  });

  it("routing reads the fleet's state at most once per syncInterval, however many requests it routes", async () => {
    const { time, control, r } = fleet({}, createEchoAdapter());
    for (let i = 0; i < 10; i++) {
      await r.execute(request);
      await tick();
    }
    assert.equal(control.called.readBreakers, 1, "one read, clock unmoved");
    time.t += 50; // storeSyncInterval
    await r.execute(request);
    assert.equal(control.called.readBreakers, 2);
    r.dispose();
  });

  it("a half-open backend under load costs one probe claim in flight, not one per request", async () => {
    const { control, r, halfOpen } = fleet({}, createEchoAdapter());
    await halfOpen();
    control.hold.add("claimProbe");
    for (let i = 0; i < 3; i++) await r.execute(request); // backup answers
    assert.equal(control.called.claimProbe, 1);
    control.release(true);
    r.dispose();
  });

  it("a probe's success the store refused is still sent at dispose(): the fleet's breaker closes", async () => {
    const { control, r, record, claimProbe } = fleet({}, createEchoAdapter());
    await claimProbe();
    control.fail.add("recordSuccess");
    const probe = await r.execute(request); // the probe: x answers
    assert.equal(
      (probe.metadata as { routing: { backend: string } }).routing.backend,
      "x",
    );
    for (let i = 0; i < 5; i++) await tick();
    assert.equal(control.called.recordSuccess, 1, "refused once");
    control.fail.clear();
    r.dispose(); // before any read brought the store back
    for (let i = 0; i < 5; i++) await tick();
    assert.equal(control.called.recordSuccess, 2, "sent again at dispose()");
    assert.equal(record().state, "closed");
  });

  it("a backend unregistered is no longer read or written in the store: a Router whose backends come and go does not read ever more keys", async () => {
    const inner = createMemoryStore();
    const asked: string[][] = [];
    const read = inner.readBreakers.bind(inner);
    inner.readBreakers = (keys, now) => {
      asked.push([...keys]);
      return read(keys, now);
    };
    const { time, r } = fleet({}, undefined, inner);
    for (let i = 0; i < 20; i++) {
      r.register(`tmp${i}`, createEchoAdapter()).unregister(`tmp${i}`);
    }
    r.unregister("x");
    const before = asked.length;
    await fireUntil(time, () => asked.length > before, "a background read");
    assert.deepEqual(asked.at(-1), ["backup"]);
    r.dispose();
  });

  it("a probe's failure batched behind an older failure still reopens the fleet's breaker (the batch carries the newest ticket)", async () => {
    // A high threshold: only the fleet's record opens x; a long store
    // timeout: the held report stays in flight while the polls run.
    const { time, control, r, record, probeBatched } = fleet({
      circuitBreakerThreshold: 10,
      storeTimeout: 600_000,
    });
    control.hold.add("recordFailure");
    await r.execute(request); // x fails: its report is held in flight
    await r.execute(request); // x fails again: batched behind it (epoch 0)
    assert.equal(control.held.length, 1);
    // Meanwhile a sibling opens x; this Router sees it, then half-open.
    const probe = await probeBatched();
    assert.deepEqual(
      (probe.metadata as { routing: { attempts: { backend: string }[] } })
        .routing.attempts.map((a) => a.backend),
      ["x", "backup"],
    );
    control.release(true);
    await fireUntil(time, () => record().state === "open", "x reopened");
    r.dispose();
  });

  it("an ordinary failure report refused after its timeout is dropped quietly, not an unhandled rejection", async () => {
    const { time, warnings, control, r } = fleet();
    control.hold.add("recordFailure");
    await r.execute(request); // x fails: its report gets no answer in time
    await fireUntil(
      time,
      () => storeCodes(warnings).includes("store-unavailable"),
      "the timeout",
    );
    control.release(false);
    // An unhandled rejection here would fail this test.
    for (let i = 0; i < 5; i++) await tick();
    assert.equal(control.called.recordFailure, 1, "not sent again");
    r.dispose();
  });

  it("a batch holding a probe's failure is owed like the probe's own report: refused, it is sent again once the store is back", async () => {
    const { time, warnings, control, r, record, probeBatched } = fleet({
      circuitBreakerThreshold: 10,
      storeTimeout: 600_000,
    });
    control.hold.add("recordFailure");
    await r.execute(request); // x fails: its report is held in flight
    await r.execute(request); // an ordinary failure, batched behind it
    await probeBatched(); // the probe fails: joins the batch
    control.fail.add("recordFailure"); // the batch will be refused
    control.release(true);
    await fireUntil(
      time,
      () => storeCodes(warnings).includes("store-unavailable"),
      "the batch refused",
    );
    control.fail.clear();
    await fireUntil(time, () => record().state === "open", "the batch resent");
    r.dispose();
  });
});
