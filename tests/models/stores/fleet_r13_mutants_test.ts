// What bugs planted by hand beside the models-stores draw of seed 20261171
// (which left no survivor) showed unguarded in a Router's batch of failures:
// a call admitted before the breaker half-opened that fails after the
// probe's failure joined the batch must not take the probe's ticket or its
// "owed" mark away from it.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  createDelayedAdapter,
  createFailingAdapter,
} from "../../../src/models/testing.ts";
import { tick } from "../_helpers.ts";
import { fleet } from "./_fleet_router.ts";
import { fireUntil, storeCodes } from "./_controlled_store.ts";

const request = { messages: [{ role: "user" as const, content: "hi" }] };

/**
 * An x that fails every call at once except the first, which fails when
 * the test lets it go.
 */
function slowFirstFailure() {
  let letGo: () => void = () => {};
  const first = new Promise<void>((resolve) => letGo = resolve);
  let calls = 0;
  const x = createDelayedAdapter(createFailingAdapter(), 1, {
    sleep: () => calls++ === 0 ? first : Promise.resolve(),
  });
  return { x, letGo: () => letGo() };
}

/**
 * A fleet Router whose x has a call admitted while closed still in flight,
 * a failure report held in the store, and then the half-open probe's
 * failure batched behind that report; `late` lets the old call fail.
 */
async function probeFailureBatched() {
  const { x, letGo } = slowFirstFailure();
  // A high threshold: only the fleet's record opens x; a long store
  // timeout: the held report stays in flight while the polls run.
  const f = fleet({ circuitBreakerThreshold: 10, storeTimeout: 600_000 }, x);
  const { control, r } = f;
  const old = r.execute(request); // admitted in epoch 0; x answers later
  await tick();
  control.hold.add("recordFailure");
  await r.execute(request); // x fails: its report is held in flight
  const probe = await f.probeBatched(); // a sibling opens x; x's probe fails
  assert.deepEqual(
    (probe.metadata as { routing: { attempts: { backend: string }[] } })
      .routing.attempts.map((a) => a.backend),
    ["x", "backup"],
  );
  assert.equal(control.held.length, 1, "one failure script in flight");
  /** The old call fails now, after the probe's failure: batched too. */
  const late = async () => {
    letGo();
    const answer = await old;
    assert.deepEqual(
      (answer.metadata as { routing: { attempts: { backend: string }[] } })
        .routing.attempts.map((a) => a.backend),
      ["x", "backup"],
    );
  };
  return { ...f, late };
}

describe("a Router's batch of failures, beside the thirteenth round's draw", () => {
  // Bug (`_fleet.ts`, `queued.ticket = Math.max(queued.ticket, ticket)` →
  // `queued.ticket = ticket`): the batch took the ticket of whichever
  // failure came last, so an old call's failure after the probe's sent the
  // batch with the old epoch, which the store ignores in half-open: the
  // fleet's breaker stayed half-open with its probe claimed, the failing
  // backend kept from every Router's probe until probeLease.
  it("an old call failing after the probe's failure joined the batch: the batch still reopens the fleet's breaker", async () => {
    const { time, control, r, record, late } = await probeFailureBatched();
    await late();
    control.release(true);
    await fireUntil(
      time,
      () => control.called.recordFailure === 2,
      "the batch sent",
    );
    for (let i = 0; i < 5; i++) await tick();
    assert.deepEqual([record().state, record().probe], ["open", false]);
    // The held report reached a half-open record with epoch 0's ticket: not
    // counted. The batch counts the probe's failure and the old call's.
    assert.equal(record().failures, 2);
    r.dispose();
  });

  // Bug (`_fleet.ts`, `queued.probe ||= probe` → `queued.probe = probe`):
  // the old call's failure took the probe's mark off the batch, so a batch
  // the store refused was not owed and never sent again: the fleet's record
  // kept the probe's claim, and every Router refused x, for probeLease.
  it("an old call failing after the probe's failure joined the batch: refused, the batch is still sent again once the store is back", async () => {
    const { time, warnings, control, r, record, late } =
      await probeFailureBatched();
    await late();
    control.fail.add("recordFailure"); // the batch will be refused
    control.release(true);
    await fireUntil(
      time,
      () => storeCodes(warnings).includes("store-unavailable"),
      "the batch refused",
    );
    control.fail.clear();
    await fireUntil(time, () => record().state === "open", "the batch resent");
    assert.equal(record().probe, false);
    r.dispose();
  });
});
