// A relayed call's abort chain, counted. The gateway relays every same-wire
// request through `invoke`, with the client's signal: each abort listener
// on that chain is an object, a registration and a removal per request.
// The first attempt without a timeout takes the call's own signal as its
// own (one listener: the call's on the caller's), and the adapter's scope
// races its own waits (one listener: the scope's on the call's), so the
// call adds two in all, on the first and on the second call of a router.
// What they carry is checked beside the count: the caller leaving aborts
// the signal the upstream's fetch got, and so does the relayed answer's
// `abort` after the hand-over, when the caller is no longer linked.
import assert from "node:assert/strict";
import { createRouter, type RelayResult } from "../../src/models/mod.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { withTimeout } from "../_timeout.ts";
import { watchingListeners } from "./_listeners.ts";

const WAIT_MS = 5_000;

/** Counts the abort listeners added to any signal while `body` runs. */
async function countingAdds<T>(body: () => Promise<T>): Promise<[T, number]> {
  let counted!: [T, number];
  await watchingListeners(async (_live, adds) => {
    const result = await body();
    counted = [result, adds()];
  });
  return counted;
}

/** An OpenAI-compatible backend on a fetch that records its signal. */
function backend(answers: "at once" | "never") {
  const signals: AbortSignal[] = [];
  const adapter = createOpenAIAdapter({
    apiKey: "sk-test-upstream",
    defaultModel: "m",
    // Deaf to its signal, as an injected fetch may be: the scope's race
    // must still end the wait. It registers no listener of its own, so the
    // count is the chain's.
    fetch: (_input, init) => {
      signals.push(init!.signal!);
      return answers === "at once"
        ? Promise.resolve(Response.json({ id: "c1", choices: [] }))
        : new Promise<Response>(() => {});
    },
  });
  return { adapter, signals };
}

const chat = {
  operation: "chat" as const,
  wire: "openai" as const,
  model: "m",
  body: { model: "m", messages: [{ role: "user", content: "hi" }] },
};

Deno.test("a relayed call adds two abort listeners, on the first and the second call", async () => {
  const { adapter, signals } = backend("at once");
  const router = createRouter().register("up", adapter);
  try {
    for (const call of ["first", "second"]) {
      const caller = new AbortController();
      const [relayed, adds] = await countingAdds(() =>
        router.invoke(chat, caller.signal)
      );
      assert.equal(adds, 2, `${call} call: ${adds} abort listeners added`);
      assert.equal((await relayed.response.json()).id, "c1");
    }
    assert.equal(signals.length, 2);
  } finally {
    router.dispose();
  }
});

Deno.test("the caller leaving while the upstream is silent aborts the fetch's signal and ends the call", async () => {
  const { adapter, signals } = backend("never");
  const router = createRouter().register("up", adapter);
  try {
    const caller = new AbortController();
    const call = router.invoke(chat, caller.signal);
    const error = call.then(() => undefined, (e) => e);
    const reason = new Error("client left");
    caller.abort(reason);
    assert.equal(
      ((await withTimeout(error, WAIT_MS, "the call to end")) as {
        code: string;
      }).code,
      "ABORTED",
    );
    assert.equal(signals.length, 1);
    assert.equal(signals[0].aborted, true);
    assert.equal(signals[0].reason, reason);
  } finally {
    router.dispose();
  }
});

Deno.test("a relayed answer's abort after the hand-over reaches the fetch's signal, the caller unlinked", async () => {
  const { adapter, signals } = backend("at once");
  const router = createRouter().register("up", adapter);
  try {
    const caller = new AbortController();
    const relayed: RelayResult = await router.invoke(chat, caller.signal);
    // The caller is no longer linked once the head was handed over.
    caller.abort(new Error("late"));
    assert.equal(signals[0].aborted, false);
    const reason = new Error("body no longer wanted");
    relayed.abort(reason);
    assert.equal(signals[0].aborted, true);
    assert.equal(signals[0].reason, reason);
    await relayed.response.body?.cancel();
  } finally {
    router.dispose();
  }
});
