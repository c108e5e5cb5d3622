// A parallel race's losers are listed as their backends' statistics count
// them. A loser whose failure was recorded in the very turn the winner
// answered (its outcome already counted against its backend and breaker)
// used to be listed as cancelled (ABORTED) in execute's routing trace and
// left out of dispatchParallel's failedBackends. The loser fails after 0, 1,
// 2… microtask turns while the winner answers after a fixed few, so the
// sweep meets that turn whatever the Router's own count of turns.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  type BackendAdapter,
  createRouter,
  ErrorCode,
  type IRChatRequest,
  type Router,
} from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
} from "../../src/models/testing.ts";
import { req, routingOf } from "./_helpers.ts";
import { withTimeout } from "../_timeout.ts";
import { listedAsCounted, turns, unavailable } from "./_race_losers.ts";

/** "winner" answers after 6 turns, "failing" fails after `depth`. */
function fleet(depth: number): Router {
  const echo = createEchoAdapter();
  const winner: BackendAdapter = {
    ...echo,
    metadata: { ...echo.metadata, name: "winner" },
    async execute(request: IRChatRequest, signal?: AbortSignal) {
      await turns(6);
      return echo.execute(request, signal);
    },
  };
  const failing: BackendAdapter = {
    ...echo,
    metadata: { ...echo.metadata, name: "failing" },
    async execute() {
      await turns(depth);
      throw unavailable();
    },
  };
  return createRouter({ fallbackStrategy: "parallel" })
    .register("primary", createFailingAdapter({ error: unavailable() }))
    .register("winner", winner)
    .register("failing", failing);
}

describe("a parallel loser that failed in the turn the winner answered", () => {
  it("execute's fallback race: its trace record is what its statistics counted", async () => {
    const seen = new Set<boolean>();
    for (let depth = 0; depth < 16; depth++) {
      const router = fleet(depth);
      try {
        const response = await withTimeout(
          router.execute(req()),
          5_000,
          "the call never settled",
        );
        const trace = routingOf(response);
        assert.equal(trace.backend, "winner");
        seen.add(listedAsCounted(router, trace.attempts, "failing", depth));
      } finally {
        router.dispose();
      }
    }
    assert.equal(seen.size, 2, "both sides of the race were met");
  });

  it("dispatchParallel: it is among failedBackends exactly when its statistics count the failure", async () => {
    const seen = new Set<number>();
    for (let depth = 0; depth < 16; depth++) {
      const router = fleet(depth);
      try {
        const result = await withTimeout(
          router.dispatchParallel(req(), { backends: ["winner", "failing"] }),
          5_000,
          "the dispatch never settled",
        );
        assert.deepEqual(result.successfulBackends, ["winner"]);
        const counted = router.getStats().backendStats.failing.failedRequests;
        assert.deepEqual(
          result.failedBackends.map((f) => [f.backend, f.error.code]),
          counted === 1 ? [["failing", ErrorCode.PROVIDER_ERROR]] : [],
          `after ${depth} turns: the result and the statistics disagree`,
        );
        seen.add(counted);
      } finally {
        router.dispose();
      }
    }
    assert.equal(seen.size, 2, "both sides of the race were met");
  });
});
