// An attempt whose setup throws after it linked its own signal (the
// Router's injected timers refuse the attempt timeout's timer) must unlink
// it. Without a caller signal the link is on the Router's lifetime signal,
// which lives as long as the Router: each such call would leave a listener
// there, holding the call and its request, until dispose().
import assert from "node:assert/strict";
import { createRouter } from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { noneLeft, watchingListeners } from "./_listeners.ts";
import { refusingTimers } from "./_refusing_timers.ts";
import { req } from "./_helpers.ts";

// Bug (`_attempt.ts`, the constructor's catch without
// `this.#linked?.removeEventListener("abort", this)`): every call that
// could not start kept its listener on the lifetime signal.
Deno.test("calls whose attempt timer the injected timers refuse leave no listener on the Router's lifetime signal", async () => {
  await watchingListeners(async (live) => {
    const refusal = new Error("no timer for you");
    const { timers, live: armed, refuse } = refusingTimers();
    const a = createEchoAdapter();
    const router = createRouter({ attemptTimeout: 1_000, timers })
      .register("a", a);
    try {
      refuse(refusal);
      for (let i = 0; i < 3; i++) {
        const error = await withTimeout(
          router.execute(req()).then(() => undefined, (e) => e),
          5_000,
          `call ${i + 1} without a timer`,
        );
        assert.equal(error, refusal);
      }
      assert.equal(a.calls.length, 0);
      await noneLeft(live, "three calls that could not start");
      // The timers work again: the next call is answered, nothing left.
      refuse(undefined);
      await withTimeout(router.execute(req()), 5_000, "with a timer");
      assert.equal(a.calls.length, 1);
      assert.equal(armed.size, 0);
      await noneLeft(live, "and one answered");
    } finally {
      router.dispose();
    }
  });
});
