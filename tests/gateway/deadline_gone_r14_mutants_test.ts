// A client that leaves while its request is still being admitted (the
// gateway waiting on a shared budget store, say) is gone before the model
// call starts. On the two paths where the call gets a signal of its own (a
// stream, and any request under `requestTimeoutMs`), that signal starts
// aborted: no backend is called for a client nobody will answer, and the
// request is logged ABORTED.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  type BudgetStore,
  createGateway,
  hashKey,
  MemoryBudgetStore,
  type RequestLogEntry,
} from "../../src/gateway/mod.ts";
import { createMockAdapter } from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";

const WAIT_MS = 10_000;

/** A budget store whose next read waits until `release()`. */
function heldBudgetStore() {
  const memory = new MemoryBudgetStore();
  let reached = (): void => {};
  const asked = new Promise<void>((resolve) => reached = resolve);
  let release = (): void => {};
  const held = new Promise<void>((resolve) => release = resolve);
  const store: BudgetStore = {
    async add(keys, usd) {
      reached();
      await held;
      return memory.add(keys, usd);
    },
  };
  return { store, asked, release };
}

/** A chat of the team's key, streamed or not, its client's signal given. */
function teamChat(stream: boolean, signal?: AbortSignal): Request {
  return new Request("http://localhost/v1/chat/completions", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: "Bearer sk-team",
    },
    body: JSON.stringify({
      model: "m",
      messages: [{ role: "user", content: "hi" }],
      stream,
    }),
    signal,
  });
}

describe("a client gone before the model call starts", () => {
  for (
    const c of [
      { name: "a streamed chat", stream: true, timeoutMs: undefined },
      {
        name: "a chat under requestTimeoutMs",
        stream: false,
        timeoutMs: 60_000,
      },
    ]
  ) {
    // Bug (`_deadline.ts`, `if (client.aborted) this.handleEvent();` without
    // its call): the call's own signal never aborted for a client already
    // gone, so the backend was called (and paid) for nobody.
    it(`calls no backend: ${c.name}, on the first and the second request`, async () => {
      const adapter = createMockAdapter({
        responses: {
          message: { role: "assistant", content: "hi" },
          finishReason: "stop",
          metadata: {},
        },
      });
      const logs: RequestLogEntry[] = [];
      const budgets = heldBudgetStore();
      const gateway = createGateway({
        backends: [["mock", adapter]],
        keys: [{
          id: "team",
          sha256: await hashKey("sk-team"),
          budget: { usd: 10, period: "day" },
        }],
        budgetStore: budgets.store,
        prices: { "mock/*": { input: 1, output: 1 } },
        ...(c.timeoutMs === undefined ? {} : { requestTimeoutMs: c.timeoutMs }),
        logger: (entry) => logs.push(entry),
      });
      try {
        const client = new AbortController();
        const answer = gateway(teamChat(c.stream, client.signal));
        await withTimeout(budgets.asked, WAIT_MS, "the budget read");
        client.abort();
        budgets.release();
        const response = await withTimeout(answer, WAIT_MS, "the answer");
        await response.body?.cancel();
        assert.equal(adapter.calls.length, 0, "no backend call");
        assert.equal(logs.at(-1)?.error_code, "ABORTED");

        // The next request of the same gateway, its client staying, is
        // answered: the first one's abort did not stick.
        const next = await withTimeout(
          gateway(teamChat(c.stream)),
          WAIT_MS,
          "the second answer",
        );
        assert.equal(next.status, 200);
        await next.text();
        assert.equal(adapter.calls.length, 1);
      } finally {
        gateway.dispose();
      }
    });
  }
});
