// `maxStreams` counts the relayed operations' streams too (a streamed
// `/v1/completions` or `/v1/responses` relayed to its backend): one held open
// takes the slot a chat stream would, a non-streamed call never takes one,
// and a call that fails before its stream opens gives its slot back, so the
// count stays true across requests whichever way each one ended.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import type { Gateway, RequestLogEntry } from "../../src/gateway/mod.ts";
import {
  AdapterError,
  type BackendAdapter,
  ErrorCode,
} from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { jsonPost, withGateway } from "./_in_process.ts";
import { waitUntil, withTimeout } from "../_timeout.ts";

const WAIT_MS = 10_000;
const encoder = new TextEncoder();

/**
 * A backend relaying `/v1/completions` and `/v1/embeddings`: a streamed
 * completion sends one event and stays open until its call is aborted; a
 * prompt of "fail" is refused (a 400 from the provider), streamed or not.
 * `calls` counts the calls that reached it.
 */
function relayingBackend() {
  const calls: string[] = [];
  const adapter: BackendAdapter = {
    ...createEchoAdapter(),
    operations: { completions: "native", embeddings: "native" },
    operate(request, signal) {
      const body = request.body as Record<string, unknown>;
      calls.push(
        `${request.operation}${body.stream === true ? "+stream" : ""}`,
      );
      if (body.prompt === "fail") {
        return Promise.reject(
          new AdapterError({
            code: ErrorCode.INVALID_REQUEST,
            message: "refused",
            statusCode: 400,
          }),
        );
      }
      if (request.operation === "embeddings") {
        return Promise.resolve(Response.json({
          object: "list",
          data: [{ object: "embedding", index: 0, embedding: [0.5, 1] }],
          model: "m",
          usage: { prompt_tokens: 1, total_tokens: 1 },
        }));
      }
      if (body.stream !== true) {
        return Promise.resolve(Response.json({
          id: "cmpl-1",
          object: "text_completion",
          created: 1,
          model: "m",
          choices: [{ text: "Hi", index: 0, finish_reason: "stop" }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }));
      }
      const held = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(
            'data: {"id":"cmpl-1","object":"text_completion","created":1,"model":"m","choices":[{"text":"Hi","index":0,"finish_reason":null}]}\n\n',
          ));
          signal?.addEventListener("abort", () => {
            try {
              controller.error(signal.reason);
            } catch { /* already cancelled by the reader */ }
          }, { once: true });
        },
      });
      return Promise.resolve(
        new Response(held, {
          headers: { "content-type": "text/event-stream" },
        }),
      );
    },
  };
  return { adapter, calls };
}

const completion = (stream: boolean, prompt = "hi") =>
  jsonPost("/v1/completions", { model: "m", prompt, stream });

const chatStream = () =>
  jsonPost("/v1/chat/completions", {
    model: "m",
    stream: true,
    messages: [{ role: "user", content: "hi" }],
  });

/** The answer's status and error code (its body read whole), or a stream's. */
async function statusOf(
  gateway: Gateway,
  request: Request,
  what: string,
): Promise<[number, string | undefined]> {
  const response = await withTimeout(gateway(request), WAIT_MS, what);
  if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
    // A stream admitted where none should be: held open, so not read.
    await withTimeout(response.body!.cancel(), WAIT_MS, `${what}: cancel`);
    return [response.status, "(a stream)"];
  }
  const body = await withTimeout(response.json(), WAIT_MS, `${what}: body`);
  return [response.status, body?.error?.code];
}

/** A streamed completion held open: its first event read, then its reader. */
async function heldStream(
  gateway: Gateway,
  what: string,
): Promise<ReadableStreamDefaultReader<Uint8Array>> {
  const response = await withTimeout(
    gateway(completion(true)),
    WAIT_MS,
    what,
  );
  assert.equal(response.status, 200, what);
  const reader = response.body!.getReader();
  const first = await withTimeout(reader.read(), WAIT_MS, `${what}: event`);
  assert.match(new TextDecoder().decode(first.value), /"text":"Hi"/, what);
  return reader;
}

const REFUSED: [number, string] = [503, "too_many_streams"];

describe("maxStreams and the relayed operations' streams", () => {
  // Bugs (`_operation.ts`): `if (stream) checkStreams(ex)` dropped (a
  // relayed stream past the bound reached its backend), or inverted (a
  // non-streamed call refused while a stream is open, a stream never);
  // `if (stream) ctx.streams.opened()` dropped (a relayed stream took no
  // slot, so a chat stream beside it passed the bound).
  it("a streamed completion held open takes the one slot; a plain call still passes", async () => {
    const backend = relayingBackend();
    const logged: RequestLogEntry[] = [];
    await withGateway({
      backends: [["b", backend.adapter]],
      maxStreams: 1,
      logger: (entry) => logged.push(entry),
    }, async (gateway) => {
      const reader = await heldStream(gateway, "the first stream");
      assert.deepEqual(
        await statusOf(gateway, completion(true), "a second relayed stream"),
        REFUSED,
      );
      assert.deepEqual(
        await statusOf(gateway, chatStream(), "a chat stream"),
        REFUSED,
      );
      assert.deepEqual(
        await statusOf(gateway, completion(false), "a plain completion"),
        [200, undefined],
      );
      assert.deepEqual(
        await statusOf(
          gateway,
          jsonPost("/v1/embeddings", { model: "m", input: "hi" }),
          "embeddings",
        ),
        [200, undefined],
      );
      // The refused stream never reached the backend.
      assert.deepEqual(backend.calls, [
        "completions+stream",
        "completions",
        "embeddings",
      ]);
      await withTimeout(reader.cancel(), WAIT_MS, "the cancel");
      await waitUntil(() => logged.length === 5, "the held stream's end");
      // Given back once read no more: the next stream is admitted.
      const next = await heldStream(gateway, "the stream after the cancel");
      await withTimeout(next.cancel(), WAIT_MS, "the second cancel");
    });
  });

  // Bugs (`_operation.ts`): `if (stream) ctx.streams.opened()` inverted (a
  // plain call took a slot it never gave back), and the failed call's
  // `if (stream) ctx.streams.closed()` inverted (a failed plain call gave
  // back a slot it never took, so the bound let more streams through; a
  // failed stream kept its slot for ever). Each kind is checked on its own:
  // the two inverted edits together would cancel out.
  it("plain calls, and calls that fail streamed or not, leave the count as it was", async () => {
    const backend = relayingBackend();
    const logged: RequestLogEntry[] = [];
    await withGateway({
      backends: [["b", backend.adapter]],
      routerConfig: { maxRetries: 0 },
      maxStreams: 1,
      logger: (entry) => logged.push(entry),
    }, async (gateway) => {
      for (let i = 0; i < 2; i++) {
        assert.deepEqual(
          await statusOf(gateway, completion(false), `plain call ${i}`),
          [200, undefined],
        );
        assert.deepEqual(
          await statusOf(gateway, completion(false, "fail"), `failed ${i}`),
          [400, "INVALID_REQUEST"],
        );
      }
      // The one slot is free, and it is one: a second stream is refused.
      const reader = await heldStream(gateway, "the stream after them");
      assert.deepEqual(
        await statusOf(gateway, chatStream(), "a chat stream beside it"),
        REFUSED,
      );
      await withTimeout(reader.cancel(), WAIT_MS, "the cancel");
      // Its log line is written once its slot is given back.
      await waitUntil(() => logged.length === 6, "the held stream's end");
      for (let i = 0; i < 2; i++) {
        assert.deepEqual(
          await statusOf(gateway, completion(true, "fail"), `failed ${i}`),
          [400, "INVALID_REQUEST"],
        );
      }
      const after = await heldStream(gateway, "the stream after two failed");
      await withTimeout(after.cancel(), WAIT_MS, "the second cancel");
    });
  });

  // Bug (`_operation.ts`, the failed call's `deadline.release()` dropped):
  // a call refused by its backend left its requestTimeoutMs timer running
  // after its answer, one timer per failed request on a busy server; the
  // test runner's op sanitizer fails this test when a timer outlives it.
  it("a call its backend refuses leaves no timer behind", async () => {
    const backend = relayingBackend();
    await withGateway({
      backends: [["b", backend.adapter]],
      routerConfig: { maxRetries: 0 },
      requestTimeoutMs: 60_000,
    }, async (gateway) => {
      for (const stream of [false, true]) {
        assert.deepEqual(
          await statusOf(gateway, completion(stream, "fail"), "refused"),
          [400, "INVALID_REQUEST"],
        );
      }
    });
  });
});
