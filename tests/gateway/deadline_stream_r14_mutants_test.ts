// A streamed call's own signal once its first output is out: the gateway's
// `requestTimeoutMs` bounds the wait for that first output only (a long
// answer is not cut when the timeout passes mid-stream), and a client that
// stops reading mid-stream ends the backend's call.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway, type RequestLogEntry } from "../../src/gateway/mod.ts";
import type { BackendAdapter, IRStreamChunk } from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { waitUntil, withTimeout } from "../_timeout.ts";

const WAIT_MS = 10_000;

/**
 * A backend streaming "first ", then `rest(signal)`'s chunks: its signal is
 * kept, so a test can see whether the call was ended.
 */
function twoPartBackend(
  rest: (signal: AbortSignal) => AsyncGenerator<IRStreamChunk>,
) {
  const signals: AbortSignal[] = [];
  const adapter: BackendAdapter = {
    metadata: createEchoAdapter().metadata,
    execute: () => Promise.reject(new Error("not used")),
    async *executeStream(_request, signal) {
      signals.push(signal!);
      yield { type: "start", sequence: 0, metadata: {} };
      yield { type: "content", sequence: 1, delta: "first " };
      yield* rest(signal!);
    },
  };
  return { adapter, signals };
}

function streamedChat(): Request {
  return new Request("http://localhost/v1/chat/completions", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      model: "m",
      stream: true,
      messages: [{ role: "user", content: "hi" }],
    }),
  });
}

describe("a stream's call after its first output", () => {
  // Bug (`_deadline.ts`, `stopTimer`'s `clearTimeout` dropped or its
  // condition inverted): the request timeout still fired after the first
  // output, so every answer streaming longer than requestTimeoutMs was cut.
  it("is not cut when requestTimeoutMs passes mid-stream", async () => {
    const backend = twoPartBackend(async function* () {
      // Armed after the gateway's 20 ms timer, so it fires after it.
      await new Promise((resolve) => setTimeout(resolve, 60));
      yield { type: "content", sequence: 2, delta: "second" };
      yield { type: "done", sequence: 3, finishReason: "stop" };
    });
    const logs: RequestLogEntry[] = [];
    const gateway = createGateway({
      backends: [["slow", backend.adapter]],
      requestTimeoutMs: 20,
      logger: (entry) => logs.push(entry),
    });
    try {
      for (const round of [1, 2]) {
        const response = await withTimeout(
          gateway(streamedChat()),
          WAIT_MS,
          `round ${round}: the head`,
        );
        assert.equal(response.status, 200);
        const text = await withTimeout(
          response.text(),
          WAIT_MS,
          `round ${round}: the stream`,
        );
        const deltas = text.split("\n")
          .filter((line) => line.startsWith("data: {"))
          .map((line) => JSON.parse(line.slice(6)))
          .map((chunk) => chunk.choices?.[0]?.delta?.content ?? "")
          .join("");
        assert.equal(deltas, "first second", `round ${round}`);
        assert.match(text, /data: \[DONE\]/);
        assert.doesNotMatch(text, /TIMEOUT|error/);
        await waitUntil(() => logs.length === round, `round ${round}: logged`);
        assert.equal(logs[round - 1].error_code, undefined);
        assert.equal(backend.signals[round - 1].aborted, false);
      }
    } finally {
      gateway.dispose();
    }
  });

  // Bug (`_deadline.ts`, `abort(reason)`'s call dropped): a client that
  // stopped reading left the backend's call running (and billed) for
  // nobody, its signal never aborted.
  it("is ended when the client stops reading, on the first and the second request", async () => {
    const backend = twoPartBackend(async function* (signal) {
      await new Promise<never>((_, reject) => {
        if (signal.aborted) reject(signal.reason);
        signal.addEventListener("abort", () => reject(signal.reason), {
          once: true,
        });
      });
      yield { type: "done", sequence: 2, finishReason: "stop" }; // never
    });
    const logs: RequestLogEntry[] = [];
    const gateway = createGateway({
      backends: [["slow", backend.adapter]],
      logger: (entry) => logs.push(entry),
    });
    try {
      for (const round of [1, 2]) {
        const response = await withTimeout(
          gateway(streamedChat()),
          WAIT_MS,
          `round ${round}: the head`,
        );
        const reader = response.body!.getReader();
        const first = await withTimeout(reader.read(), WAIT_MS, "a chunk");
        assert.match(new TextDecoder().decode(first.value), /first /);
        assert.equal(backend.signals[round - 1].aborted, false);
        // The cancel settles once the backend's call has ended.
        const cancelled = reader.cancel();
        await waitUntil(
          () => backend.signals[round - 1].aborted,
          `round ${round}: the backend's call ended`,
        );
        await withTimeout(cancelled, WAIT_MS, `round ${round}: the cancel`);
        await waitUntil(() => logs.length === round, `round ${round}: logged`);
        assert.equal(logs[round - 1].error_code, "ABORTED");
      }
    } finally {
      gateway.dispose();
    }
  });
});
