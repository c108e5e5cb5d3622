// requestTimeoutMs arms one timer per request; an answered request clears
// it, on every route, so a gateway that has answered holds no timer for the
// rest of the timeout (a script or a serverless function that answered its
// one request ends then, not requestTimeoutMs later). The timers armed while
// each request ran are counted by wrapping setTimeout for the test's length.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

/** Timers armed and neither fired nor cleared, while `run` runs. */
async function armedAfter(run: () => Promise<void>): Promise<number> {
  const { setTimeout: set, clearTimeout: clear } = globalThis;
  const live = new Set<unknown>();
  globalThis.setTimeout =
    ((fn: () => void, ms?: number, ...args: unknown[]) => {
      const id = set(() => {
        live.delete(id);
        fn(...(args as []));
      }, ms);
      live.add(id);
      return id;
    }) as typeof setTimeout;
  globalThis.clearTimeout = ((id?: number) => {
    live.delete(id);
    clear(id);
  }) as typeof clearTimeout;
  try {
    await run();
    return live.size;
  } finally {
    globalThis.setTimeout = set;
    globalThis.clearTimeout = clear;
    for (const id of live) clear(id as number);
  }
}

function post(path: string, body: Record<string, unknown>): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("requestTimeoutMs's timer", () => {
  // Bug (`_handle_responses.ts`, `deadline.release()` dropped after a
  // non-streamed Responses answer): its timer stayed armed for the whole
  // timeout after the answer.
  for (
    const [path, body] of [
      ["/v1/responses", { model: "echo", input: "hi" }],
      ["/v1/chat/completions", {
        model: "echo",
        messages: [{ role: "user", content: "hi" }],
      }],
      ["/v1/messages", {
        model: "echo",
        max_tokens: 16,
        messages: [{ role: "user", content: "hi" }],
      }],
    ] as const
  ) {
    it(`is cleared once ${path} has answered`, async () => {
      const gateway = createGateway({
        backends: [["echo", createEchoAdapter()]],
        requestTimeoutMs: 600_000,
        passthrough: false,
      });
      try {
        const armed = await armedAfter(async () => {
          const response = await gateway(post(path, body));
          assert.equal(response.status, 200);
          await response.body?.cancel();
        });
        assert.equal(armed, 0, "timers left armed after the answer");
      } finally {
        gateway.dispose();
      }
    });
  }
});
