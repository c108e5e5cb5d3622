// What a routing strategy that keeps the signal it is given (Selection's
// `signal`, the call's own) sees of it after select() answered. The call's
// signal means "this call was given up": a relayed call is not over until
// its body is read, so the caller abandoning that body (RelayResult.abort,
// what the gateway does when its client leaves) aborts it, with the
// caller's reason. A call that ends normally never aborts it, and the
// caller's own signal aborting after the hand-over bounds nothing any more
// (`signal` bounds the wait for the head). The strategy here is the Router's
// custom one with its select() wrapped to keep what it was given: the
// Selection a strategy sees is built by the Selector, not by this test.
import assert from "node:assert/strict";
import {
  createRouter,
  type RelayResult,
  type Router,
} from "../../../src/models/mod.ts";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import { CustomStrategy } from "../../../src/models/routing/custom.ts";
import type { Selection } from "../../../src/models/routing/strategy.ts";
import { req, routingOf } from "../_helpers.ts";

/** Runs `body` with every CustomStrategy keeping the signals it is given. */
async function keepingSignals(
  body: (kept: (AbortSignal | undefined)[]) => Promise<void>,
): Promise<void> {
  const select = CustomStrategy.prototype.select;
  const kept: (AbortSignal | undefined)[] = [];
  CustomStrategy.prototype.select = function (
    this: CustomStrategy,
    selection: Selection,
  ) {
    kept.push(selection.signal);
    return select.call(this, selection);
  };
  try {
    await body(kept);
  } finally {
    CustomStrategy.prototype.select = select;
  }
}

/** A router on one OpenAI-compatible backend, routed by customRouter. */
function relayingRouter(): Router {
  return createRouter({
    routingStrategy: "custom",
    customRouter: (_request, available) => Promise.resolve(available[0]),
  }).register(
    "up",
    createOpenAIAdapter({
      apiKey: "sk-test-upstream",
      defaultModel: "m",
      fetch: () =>
        Promise.resolve(
          Response.json({
            id: "c1",
            object: "chat.completion",
            created: 1,
            model: "m",
            choices: [{
              index: 0,
              message: { role: "assistant", content: "hello" },
              finish_reason: "stop",
            }],
          }),
        ),
    }),
  );
}

Deno.test("a kept strategy signal aborts, with the caller's reason, when the relayed body is abandoned", async () => {
  await keepingSignals(async (kept) => {
    const router = relayingRouter();
    try {
      for (const call of ["first", "second"]) {
        const caller = new AbortController();
        const relayed: RelayResult = await router.relayResponse(
          req("hi"),
          caller.signal,
        );
        const signal = kept.at(-1)!;
        assert.equal(kept.length, call === "first" ? 1 : 2);
        assert.equal(signal.aborted, false, `${call}: aborted at the head`);
        const reason = new Error("client left mid-body");
        relayed.abort(reason);
        assert.equal(signal.aborted, true, `${call}: abandoned, not told`);
        assert.equal(signal.reason, reason);
        // The caller's own signal stays the caller's.
        assert.equal(caller.signal.aborted, false);
        await relayed.response.body?.cancel();
      }
    } finally {
      router.dispose();
    }
  });
});

Deno.test("a kept strategy signal never aborts when the call ends normally, relayed or not", async () => {
  await keepingSignals(async (kept) => {
    const router = relayingRouter();
    try {
      const caller = new AbortController();
      const relayed = await router.relayResponse(req("hi"), caller.signal);
      assert.equal((await relayed.response.json()).id, "c1");
      const executed = await router.execute(req("hi"), caller.signal);
      assert.equal(routingOf(executed).backend, "up");
      // After the hand-over the caller's signal bounds nothing of the call.
      caller.abort(new Error("the caller is done"));
      assert.equal(kept.length, 2);
      for (const [i, signal] of kept.entries()) {
        assert.notEqual(signal, undefined);
        assert.equal(signal!.aborted, false, `call ${i + 1} aborted`);
      }
    } finally {
      router.dispose();
    }
  });
});
