// The Router's lifetime signal lives as long as the Router (dispose() aborts
// it). A call that links to it must unlink once it settles, or every request
// leaves a listener behind: a long-running gateway would grow that list (and
// the cost of adding to and scanning it) with its traffic. Here every abort
// listener added to a signal is counted, and once the calls have settled none
// may be left on a signal still alive: parallel dispatches of each strategy
// and outcome, health probes, and calls under an attempt timeout without a
// caller signal (whose attempts link to the lifetime's own signal).
import assert from "node:assert/strict";
import {
  type BackendAdapter,
  createRouter,
  type IRChatResponse,
} from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { waitUntil } from "../_timeout.ts";
import { noneLeft, watchingListeners } from "./_listeners.ts";
import { reply, req, to } from "./_helpers.ts";

/** A backend whose answers the test releases one by one. */
function held() {
  const calls: ((ok: boolean) => void)[] = [];
  const adapter = {
    metadata: { name: "held", provider: "testing", capabilities: {} },
    execute: () =>
      new Promise<IRChatResponse>((resolve, reject) =>
        calls.push((ok) =>
          ok ? resolve(reply("late")) : reject(new Error("500"))
        )
      ),
    async *executeStream() {},
  } as unknown as BackendAdapter;
  return { adapter, calls };
}

const failing = {
  metadata: { name: "down", provider: "testing", capabilities: {} },
  execute: () => Promise.reject(new Error("upstream 500")),
  async *executeStream() {},
} as unknown as BackendAdapter;

Deno.test("a settled parallel dispatch leaves no listener on the Router's lifetime signal, whatever its strategy or outcome", async () => {
  await watchingListeners(async (live) => {
    const slow = held();
    const router = createRouter()
      .register("a", createEchoAdapter())
      .register("b", createEchoAdapter())
      .register("slow", slow.adapter)
      .register("down", failing);
    try {
      // The counter sees a dispatch in flight (it links to the lifetime).
      const inFlight = router.dispatchParallel(req(), {
        strategy: "all",
        backends: ["a", "slow"],
      });
      await waitUntil(() => slow.calls.length === 1, "slow was called");
      assert.ok(live() > 0, "a dispatch in flight listens");
      slow.calls[0](true);
      await inFlight;
      await noneLeft(live, "strategy all");

      // Three requests, not one listener each.
      for (let i = 0; i < 3; i++) {
        await router.dispatchParallel(req(), { backends: ["a", "b"] });
      }
      await noneLeft(live, "strategy first, three dispatches");

      // The winner's loser is cancelled and settles as cancelled.
      await router.dispatchParallel(req(), {
        strategy: "fastest",
        backends: ["a", "slow"],
      });
      await noneLeft(live, "a cancelled loser");

      // A loser left running keeps its link (dispose() must reach it) only
      // until it answers.
      const result = await router.dispatchParallel(req(), {
        strategy: "first",
        backends: ["a", "slow"],
        cancelOnFirstSuccess: false,
      });
      assert.equal(result.response.message.content, "hello");
      assert.ok(live() > 0, "the loser still running is reachable");
      slow.calls.at(-1)!(true);
      await noneLeft(live, "a loser left running, once it answered");

      const caller = new AbortController();
      const before = slow.calls.length;
      const aborted = router.dispatchParallel(req(), {
        backends: ["slow"],
        signal: caller.signal,
      });
      await waitUntil(() => slow.calls.length > before, "slow was called");
      caller.abort(new Error("gone"));
      await assert.rejects(aborted, { code: "ABORTED" });
      await noneLeft(live, "the caller aborted");

      await assert.rejects(
        router.dispatchParallel(req(), { backends: ["down"] }),
        { code: "ALL_BACKENDS_FAILED" },
      );
      await noneLeft(live, "every backend failed");

      // Last: a timed-out backend cools down.
      const timedOut = router.dispatchParallel(req(), {
        backends: ["slow"],
        timeout: 1,
      });
      await assert.rejects(timedOut, { code: "ALL_BACKENDS_FAILED" });
      await noneLeft(live, "the dispatch timed out");
    } finally {
      router.dispose();
    }
  });
});

Deno.test("health probes and calls under an attempt timeout without a caller signal leave no listener on the lifetime signal", async () => {
  await watchingListeners(async (live) => {
    const router = createRouter({ attemptTimeout: 60_000 })
      .register("x", {
        ...createEchoAdapter(),
        healthCheck: () => Promise.resolve(true),
      })
      .register("down", failing);
    try {
      for (let i = 0; i < 3; i++) {
        assert.equal(await router.checkHealth("x"), true);
      }
      await noneLeft(live, "health probes");
      await router.execute(req());
      // Routed to the failing backend first, answered by the fallback.
      const answer = await router.execute(to("down"));
      assert.equal(answer.message.content, "hello");
      for await (const _ of router.executeStream(req())) { /* drain */ }
      await noneLeft(live, "execute and a stream under an attempt timeout");
    } finally {
      router.dispose();
    }
  });
});
