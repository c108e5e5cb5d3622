// A backend unregistered from one Router of a fleet while that Router holds
// the fleet's half-open probe (claimed, not yet used), or while its claim is
// in flight: the probe must go back to the store at once. Kept, the fleet's
// record holds the claim and every sibling refuses the backend, which may
// be healthy again, until probeLease (a day unless configured). The Router
// must also stop reading the backend's record on its background reads.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { tick } from "./_helpers.ts";
import { fireUntil } from "./stores/_controlled_store.ts";
import { fleet, lateClaimFleet } from "./stores/_fleet_router.ts";

describe("unregister() in a fleet", () => {
  // Bug (`_registry.ts`, `entry.state.detach()` dropped from unregister()):
  // the Router kept the backend's link, so its claim stayed taken and every
  // background read asked the store for a backend it no longer has.
  it("a probe claim held when its backend is unregistered goes back to the store: a sibling may probe at once", async () => {
    const { time, inner, control, r, record, claimProbe } = fleet(
      {},
      createEchoAdapter(),
    );
    try {
      await claimProbe();
      assert.equal(record().probe, true, "this Router holds the claim");
      r.unregister("x");
      await fireUntil(time, () => record().probe === false, "the claim back");
      assert.equal(control.called.releaseProbe, 1);
      // A sibling's claim is granted now, not a lease later.
      assert.ok((inner.claimProbe("x", time.t) as number) >= 0);
      const reads = control.called.readBreakers ?? 0;
      const asked: string[][] = [];
      const read = inner.readBreakers.bind(inner);
      inner.readBreakers = (keys, now) => {
        asked.push([...keys]);
        return read(keys, now);
      };
      await fireUntil(
        time,
        () => (control.called.readBreakers ?? 0) > reads,
        "a background read",
      );
      assert.deepEqual(asked.at(-1), ["backup"]);
    } finally {
      r.dispose();
    }
  });

  it("a probe claim answered after its backend was unregistered goes back too: a sibling may probe at once", async () => {
    const x = createEchoAdapter();
    const { time, inner, called, deliveries, router, record, claimInFlight } =
      lateClaimFleet(x);
    try {
      await claimInFlight();
      assert.equal(record().probe, true, "granted in the store");
      router.unregister("x");
      deliveries[0]();
      for (let i = 0; i < 5 && record().probe; i++) await tick();
      assert.equal(record().probe, false, "the late claim handed back");
      assert.equal(called.releaseProbe, 1);
      assert.ok((inner.claimProbe("x", time.t) as number) >= 0);
      assert.equal(x.calls.length, 0);
    } finally {
      router.dispose();
    }
  });
});
