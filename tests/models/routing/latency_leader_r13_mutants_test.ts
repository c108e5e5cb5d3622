// latency-optimized keeps its leader between re-ranks: it re-ranks at most
// once per 32 selections (or when the registry changes, the leader fails or
// a cooldown ends), which keeps a selection's cost flat at any number of
// backends. A leader that merely got slower is kept until the next re-rank;
// a re-rank time read from a cooldown long over (every backend's is 0
// before any failure) re-ranked on every pick, and a cache kept one pick
// longer than its 32 (`RERANK_EVERY - 1` picks after the ranking one) held a
// slow leader a request past the documented window.
import assert from "node:assert/strict";
import { createRouter } from "../../../src/models/mod.ts";
import { manualClock, req, routingOf, timedAdapter } from "../_helpers.ts";

Deno.test("latency-optimized: a leader that got slower (no failure, no cooldown) keeps the picks until the next re-rank, then loses", async () => {
  const clock = manualClock();
  const ok = { on: false };
  let slowdown = 0;
  const fast = timedAdapter(clock, ok, 2);
  const router = createRouter({
    routingStrategy: "latency-optimized",
    now: clock.now,
  })
    .register("fast", {
      ...fast,
      execute(request, signal) {
        clock.t += slowdown;
        return fast.execute(request, signal);
      },
    })
    .register("steady", timedAdapter(clock, ok, 9));
  const pick = async () => routingOf(await router.execute(req())).backend;
  try {
    assert.equal(await pick(), "fast"); // untried
    assert.equal(await pick(), "steady"); // untried
    assert.equal(await pick(), "fast"); // the first ranking: fast leads
    slowdown = 1_000;
    const picks: string[] = [];
    for (let i = 0; i < 40; i++) picks.push(await pick());
    // Its mean is far above steady's after the first slow call, yet the
    // cached leader keeps the picks until the ranking is due again: the
    // ranking pick and 31 more make the 32 requests of one ranking, and the
    // next request ranks anew (not one later).
    assert.deepEqual(picks.slice(0, 31), new Array(31).fill("fast"));
    assert.equal(picks[31], "steady", "the 33rd request since the ranking");
    assert.equal(picks.at(-1), "steady");
  } finally {
    router.dispose();
  }
});
