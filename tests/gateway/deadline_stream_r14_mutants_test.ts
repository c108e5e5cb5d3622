// A streamed call's own signal once its first output is out: the gateway's
// `requestTimeoutMs` bounds the wait for that first output only (a long
// answer is not cut when the timeout passes mid-stream), and a client that
// stops reading mid-stream ends the backend's call.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import type { GatewayOptions, RequestLogEntry } from "../../src/gateway/mod.ts";
import type { BackendAdapter, IRStreamChunk } from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { waitUntil, withTimeout } from "../_timeout.ts";
import { jsonPost, withGateway } from "./_in_process.ts";

const WAIT_MS = 10_000;

/** What a test sees of its gateway and of the backend behind it. */
interface TwoPartRun {
  /** The head of round `round`'s streamed chat (1-based). */
  send(round: number): Promise<Response>;
  /** The backend call's signal, per call. */
  signals: AbortSignal[];
  /** The gateway's log lines. */
  logs: RequestLogEntry[];
}

/**
 * Runs `use` on a gateway (`options` besides its backend and logger) whose
 * one backend streams "first ", then `rest(signal)`'s chunks, and disposes
 * it: each call's signal is kept, so a test can see whether it was ended.
 */
async function withTwoPartBackend(
  rest: (signal: AbortSignal) => AsyncGenerator<IRStreamChunk>,
  options: Partial<GatewayOptions>,
  use: (run: TwoPartRun) => Promise<void>,
): Promise<void> {
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
  const logs: RequestLogEntry[] = [];
  await withGateway({
    ...options,
    backends: [["slow", adapter]],
    logger: (entry) => logs.push(entry),
  }, (gateway) =>
    use({
      send: (round) =>
        withTimeout(
          gateway(jsonPost("/v1/chat/completions", {
            model: "m",
            stream: true,
            messages: [{ role: "user", content: "hi" }],
          })),
          WAIT_MS,
          `round ${round}: the head`,
        ),
      signals,
      logs,
    }));
}

describe("a stream's call after its first output", () => {
  // Bug (`_deadline.ts`, `stopTimer`'s `clearTimeout` dropped or its
  // condition inverted): the request timeout still fired after the first
  // output, so every answer streaming longer than requestTimeoutMs was cut.
  it("is not cut when requestTimeoutMs passes mid-stream", async () => {
    await withTwoPartBackend(
      async function* () {
        // Armed after the gateway's 20 ms timer, so it fires after it.
        await new Promise((resolve) => setTimeout(resolve, 60));
        yield { type: "content", sequence: 2, delta: "second" };
        yield { type: "done", sequence: 3, finishReason: "stop" };
      },
      { requestTimeoutMs: 20 },
      async ({ send, signals, logs }) => {
        for (const round of [1, 2]) {
          const response = await send(round);
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
          await waitUntil(
            () => logs.length === round,
            `round ${round}: logged`,
          );
          assert.equal(logs[round - 1].error_code, undefined);
          assert.equal(signals[round - 1].aborted, false);
        }
      },
    );
  });

  // Bug (`_deadline.ts`, `abort(reason)`'s call dropped): a client that
  // stopped reading left the backend's call running (and billed) for
  // nobody, its signal never aborted.
  it("is ended when the client stops reading, on the first and the second request", async () => {
    await withTwoPartBackend(
      async function* (signal) {
        await new Promise<never>((_, reject) => {
          if (signal.aborted) reject(signal.reason);
          signal.addEventListener("abort", () => reject(signal.reason), {
            once: true,
          });
        });
        yield { type: "done", sequence: 2, finishReason: "stop" }; // never
      },
      {},
      async ({ send, signals, logs }) => {
        for (const round of [1, 2]) {
          const response = await send(round);
          const reader = response.body!.getReader();
          const first = await withTimeout(reader.read(), WAIT_MS, "a chunk");
          assert.match(new TextDecoder().decode(first.value), /first /);
          assert.equal(signals[round - 1].aborted, false);
          // The cancel settles once the backend's call has ended.
          const cancelled = reader.cancel();
          await waitUntil(
            () => signals[round - 1].aborted,
            `round ${round}: the backend's call ended`,
          );
          await withTimeout(cancelled, WAIT_MS, `round ${round}: the cancel`);
          await waitUntil(
            () => logs.length === round,
            `round ${round}: logged`,
          );
          assert.equal(logs[round - 1].error_code, "ABORTED");
        }
      },
    );
  });
});
