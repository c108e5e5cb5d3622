import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  AdapterError,
  createRouter,
  ErrorCode,
  type IRStreamChunk,
} from "../../src/models/mod.ts";
import {
  createDelayedAdapter,
  createEchoAdapter,
  createFailingAdapter,
  createFlakyAdapter,
  createHangingAdapter,
  createMockAdapter,
  sleep,
} from "../../src/models/testing.ts";
import {
  backgroundRunsPassed,
  codeOf,
  manualClock,
  reply,
  req,
} from "./_helpers.ts";

async function drain(
  stream: AsyncIterable<IRStreamChunk>,
): Promise<IRStreamChunk[]> {
  const out: IRStreamChunk[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

describe("testing adapters", () => {
  it("echo answers the last user message and streams it word by word", async () => {
    const echo = createEchoAdapter({
      name: "e1",
      metadata: { defaultModel: "x" },
    });
    const request = req("", {
      messages: [
        { role: "user", content: "first" },
        { role: "assistant", content: "ignored" },
        { role: "user", content: [{ type: "text", text: "second one" }] },
      ],
      metadata: { requestId: "r9" },
    });
    const response = await echo.execute(request);
    assert.equal(response.message.content, "second one");
    assert.equal(response.metadata.requestId, "r9");
    assert.equal(echo.metadata.name, "e1");
    assert.equal(echo.metadata.defaultModel, "x");
    const chunks = await drain(echo.executeStream(request));
    assert.deepEqual(
      chunks.map((c) => (c.type === "content" ? c.delta : c.type)),
      ["start", "second ", "one", "done"],
    );
    assert.deepEqual(echo.calls.map((c) => c.kind), ["execute", "stream"]);
  });

  it("mock cycles scripted responses, throws scripted errors and scripts chunks", async () => {
    const boom = new AdapterError({
      code: ErrorCode.RATE_LIMITED,
      message: "429",
    });
    const mock = createMockAdapter({
      responses: [reply("a"), boom, (_r, i) => reply(`call ${i}`)],
      chunks: [{ type: "done", sequence: 0, finishReason: "length" }],
      cost: (r) => r.messages.length,
      healthy: false,
    });
    assert.equal((await mock.execute(req())).message.content, "a");
    assert.equal(await mock.execute(req()).catch((e) => e), boom);
    assert.equal((await mock.execute(req())).message.content, "call 2");
    assert.equal((await mock.execute(req())).message.content, "a");
    assert.deepEqual(
      (await drain(mock.executeStream(req()))).map((c) => c.type),
      ["done"],
    );
    assert.equal(await mock.estimateCost?.(req()), 1);
    assert.equal(await mock.healthCheck?.(), false);
  });

  it("mock latency uses the injected sleep", async () => {
    const clock = manualClock(0);
    const mock = createMockAdapter({
      latencyMs: 7,
      sleep: (ms) => {
        clock.t += ms;
        return Promise.resolve();
      },
    });
    await mock.execute(req());
    assert.equal(clock.t, 7);
  });

  it("failing adapter throws what it was given, in execute and streams", async () => {
    assert.equal(
      await codeOf(createFailingAdapter().execute(req())),
      ErrorCode.PROVIDER_ERROR,
    );
    const plain = { any: "thing" };
    assert.equal(
      await createFailingAdapter({ error: plain }).execute(req()).catch((e) =>
        e
      ),
      plain,
    );
    const undef = await createFailingAdapter({ error: undefined }).execute(
      req(),
    ).then(() => "resolved", (e) => e);
    assert.equal(undef, undefined);
    const mid = createFailingAdapter({ failAfterChunks: 2, error: plain });
    const seen: string[] = [];
    await assert.rejects(async () => {
      for await (const c of mid.executeStream(req())) seen.push(c.type);
    }, (e) => e === plain);
    assert.deepEqual(seen, ["start", "content", "content"]);
    const chunked = await drain(
      createFailingAdapter({ errorChunk: true }).executeStream(req()),
    );
    assert.deepEqual(chunked.map((c) => c.type === "error" && c.error.code), [
      "PROVIDER_ERROR",
    ]);
  });

  it("delayed adapter waits, honours abort and forwards health and cost", async () => {
    const inner = createMockAdapter({ cost: 3, healthy: true });
    const delayed = createDelayedAdapter(inner, 2);
    assert.equal(
      (await delayed.execute(req())).message.content,
      "mock response",
    );
    assert.equal(await delayed.estimateCost?.(req()), 3);
    assert.equal(await delayed.healthCheck?.(), true);
    const controller = new AbortController();
    const pending = createDelayedAdapter(inner, 60_000).execute(
      req(),
      controller.signal,
    );
    controller.abort();
    assert.equal(await codeOf(pending), ErrorCode.ABORTED);
    const chunks = await drain(delayed.executeStream(req()));
    assert.equal(chunks.at(-1)?.type, "done");
  });

  it("flaky adapter follows failEvery or the pattern, shared by execute and stream", async () => {
    const every = createFlakyAdapter(createEchoAdapter(), { failEvery: 3 });
    const outcomes: string[] = [];
    for (let i = 0; i < 6; i++) {
      outcomes.push(await every.execute(req()).then(() => "ok", () => "x"));
    }
    assert.deepEqual(outcomes, ["ok", "ok", "x", "ok", "ok", "x"]);
    const pattern = createFlakyAdapter(createEchoAdapter(), {
      pattern: [true, false],
      error: "nope",
    });
    assert.equal(await pattern.execute(req()).catch((e) => e), "nope");
    assert.equal(
      (await drain(pattern.executeStream(req()))).at(-1)?.type,
      "done",
    );
  });

  it("hanging adapter settles only on abort unless it ignores aborts", async () => {
    const hanging = createHangingAdapter();
    const controller = new AbortController();
    const call = hanging.execute(req(), controller.signal);
    const health = hanging.healthCheck!(controller.signal);
    let settled = false;
    call.catch(() => (settled = true));
    // Several timer turns have passed (a control's 1 ms background probe ran
    // three times): an adapter that settles on its own would have by now.
    await backgroundRunsPassed(1);
    assert.equal(settled, false);
    controller.abort();
    assert.equal(await codeOf(call), ErrorCode.ABORTED);
    assert.equal(await codeOf(health), ErrorCode.ABORTED);
    const deaf = createHangingAdapter({ ignoreAbort: true, healthy: true });
    assert.equal(
      await deaf.healthCheck!(),
      true,
      "healthy overrides the hanging probe",
    );
  });

  it("latency-optimized re-ranks after a leader degrades", async () => {
    const clock = manualClock();
    const latency: Record<string, number> = { a: 5, b: 10 };
    const timed = (name: string) =>
      createMockAdapter({
        responses: () => {
          clock.t += latency[name];
          return reply(name);
        },
      });
    const router = createRouter({
      routingStrategy: "latency-optimized",
      now: clock.now,
    })
      .register("a", timed("a")).register("b", timed("b"));
    const pick = async () =>
      ((await router.execute(req())).metadata.routing as { backend: string })
        .backend;
    await pick();
    await pick();
    assert.equal(await pick(), "a");
    latency.a = 1_000;
    const picks: string[] = [];
    for (let i = 0; i < 40; i++) picks.push(await pick());
    assert.equal(
      picks.at(-1),
      "b",
      "a slow leader loses within the re-rank window",
    );
    assert.ok(picks.filter((p) => p === "a").length <= 32);
  });
});

describe("sleep", () => {
  it("leaves no abort listener on the caller's signal once it has slept: a long-lived signal does not gather one per call", async () => {
    const signal = new AbortController().signal;
    let listening = 0;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = ((...args: Parameters<typeof add>) => {
      listening++;
      add(...args);
    }) as typeof signal.addEventListener;
    signal.removeEventListener = ((...args: Parameters<typeof remove>) => {
      listening--;
      remove(...args);
    }) as typeof signal.removeEventListener;
    for (let i = 0; i < 3; i++) await sleep(1, signal);
    assert.equal(listening, 0);
  });
});
