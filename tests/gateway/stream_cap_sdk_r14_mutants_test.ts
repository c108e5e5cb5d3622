// A stream past `maxStreams` seen by the official openai SDK: a 503 it
// reads as an InternalServerError whose body is OpenAI's error object,
// `type: "server_error"` and `code: "too_many_streams"`, with the
// `Retry-After` the SDK waits before a retry.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import OpenAI from "npm:openai@7.57.0";
import { openAIClient } from "./_openai_client.ts";
import type { BackendAdapter } from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { serveGateway } from "./_serve.ts";

/**
 * A backend whose stream sends one piece, then stays open until its call
 * is aborted: a stream a listener cannot finish by writing ahead.
 */
function heldOpen(): BackendAdapter {
  return {
    metadata: createEchoAdapter().metadata,
    execute: () => Promise.reject(new Error("not used")),
    async *executeStream(_request, signal) {
      yield { type: "start", sequence: 0, metadata: {} };
      yield { type: "content", sequence: 1, delta: "piece " };
      await new Promise<never>((_, reject) => {
        if (signal?.aborted) reject(signal.reason);
        signal?.addEventListener("abort", () => reject(signal.reason), {
          once: true,
        });
      });
      yield { type: "done", sequence: 2, finishReason: "stop" }; // never
    },
  };
}

describe("a stream past maxStreams, read by the openai SDK", () => {
  // Bug (`_admission.ts`, the refusal's `type: "server_error"` emptied):
  // the 503 carried an error of type "", which OpenAI never sends.
  it("is a 503 server_error, too_many_streams, Retry-After 1", async () => {
    const served = serveGateway({
      backends: [["b", heldOpen()]],
      maxStreams: 1,
    });
    let reader: AsyncIterator<unknown> | undefined;
    try {
      const client = openAIClient(served.origin);
      const open = await client.chat.completions.create({
        model: "b",
        stream: true,
        messages: [{ role: "user", content: "hi" }],
      });
      reader = open[Symbol.asyncIterator]();
      assert.equal((await reader.next()).done, false);
      const error = await client.chat.completions.create({
        model: "b",
        stream: true,
        messages: [{ role: "user", content: "hi" }],
      }).then(() => assert.fail("a second stream was opened"), (e) => e);
      assert.ok(error instanceof OpenAI.InternalServerError, String(error));
      assert.equal(error.status, 503);
      assert.equal(error.type, "server_error");
      assert.equal(error.code, "too_many_streams");
      assert.equal(error.headers?.get("retry-after"), "1");
    } finally {
      // The held stream ends (its call aborted) before the server closes.
      await reader?.return?.();
      await served.close();
    }
  });
});
