// Model-router guards whose early return the eighth mutation round's
// planting by hand showed unguarded: in half-open, a call admitted before
// the breaker opened neither clears nor adds to its failure count, and a
// failed probe counts once; a backend that declares a wire without
// operate() does not speak it; an adapter that answers synchronously is
// served; a thrown plain object is named as JSON; a model mapping's glob
// does not catch a request without a model; a null stream chunk is
// INVALID_RESPONSE.
import assert from "node:assert/strict";
import {
  type BackendAdapter,
  createRouter,
  type IRChatResponse,
  type IRStreamChunk,
  RouterError,
} from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
} from "../../src/models/testing.ts";
import { drain, reply, req } from "./_helpers.ts";
import { breakerInfo, openWhileOneCallWaits } from "./_half_open_breaker.ts";

Deno.test("breaker: in half-open, a call admitted before the breaker opened neither closes it nor clears its failures, and a failed probe adds one failure", async () => {
  const { time, router, early, settle } = await openWhileOneCallWaits(2);
  assert.deepEqual(breakerInfo(router), ["open", 2]);
  time.t += 1_000;
  assert.deepEqual(breakerInfo(router), ["half-open", 2]);
  // The early call answers now: it is not the probe.
  settle[0](true);
  await early;
  assert.deepEqual(breakerInfo(router), ["half-open", 2]);
  // The probe fails: open again, one failure more.
  const probe = router.execute(req());
  settle[3](false);
  await assert.rejects(probe);
  assert.deepEqual(breakerInfo(router), ["open", 3]);
  router.dispose();
});

Deno.test("breaker: a call admitted before the breaker opened that fails in half-open adds no failure", async () => {
  const { time, router, early, settle } = await openWhileOneCallWaits(1);
  time.t += 1_000;
  assert.deepEqual(breakerInfo(router), ["half-open", 1]);
  settle[0](false);
  await assert.rejects(early);
  assert.deepEqual(breakerInfo(router), ["half-open", 1]);
  router.dispose();
});

Deno.test("speaks(): a backend that declares a wire but has no operate() does not speak it", () => {
  const router = createRouter().register("x", {
    ...createEchoAdapter(),
    wire: "openai",
  } as unknown as BackendAdapter);
  assert.equal(router.speaks("openai"), false);
  router.dispose();
});

Deno.test("execute: an adapter whose execute answers synchronously (no promise) is served", async () => {
  const router = createRouter().register("sync", {
    metadata: { name: "sync", provider: "testing", capabilities: {} },
    execute: () => reply("at once"),
    async *executeStream() {},
  } as unknown as BackendAdapter);
  const answer = await router.execute(req());
  assert.equal(answer.message.content, "at once");
  router.dispose();
});

Deno.test("failures: a backend that throws a plain object without message is named by its JSON", async () => {
  const router = createRouter().register(
    "x",
    createFailingAdapter({ error: { status: 500, reason: "overloaded" } }),
  );
  const error = await router.execute(req()).then(
    () => assert.fail("answered"),
    (e: unknown) => e,
  );
  assert.ok(error instanceof RouterError);
  assert.equal(
    error.message,
    'All backends failed: x (UNKNOWN: {"status":500,"reason":"overloaded"})',
  );
  router.dispose();
});

Deno.test("model-based routing: a catch-all glob does not catch a request that names no model", async () => {
  const router = createRouter({ routingStrategy: "model-based" })
    .register("a", createEchoAdapter())
    .register("b", createEchoAdapter());
  router.setModelMapping({ "*": "b" });
  const backendOf = async (model?: string) =>
    ((await router.execute(
      req("hi", model === undefined ? {} : { parameters: { model } }),
    )).metadata.routing as { backend: string }).backend;
  assert.equal(await backendOf("anything"), "b");
  assert.equal(await backendOf(), "a");
  router.dispose();
});

Deno.test("streams: a null chunk is INVALID_RESPONSE, before content (fallback) and after it (the stream ends)", async () => {
  const yielding = (...chunks: unknown[]) =>
    ({
      metadata: { name: "n", provider: "testing", capabilities: {} },
      execute: () => new Promise<IRChatResponse>(() => {}),
      async *executeStream() {
        for (const chunk of chunks) yield chunk as IRStreamChunk;
      },
    }) as unknown as BackendAdapter;
  const before = createRouter()
    .register("n", yielding(null))
    .register("backup", createEchoAdapter());
  const done = (await drain(before.executeStream(req()))).at(-1)!;
  assert.equal(done.type, "done");
  const routing = ((done as { metadata: unknown }).metadata as {
    routing: { backend: string; attempts: { errorCode?: string }[] };
  }).routing;
  assert.equal(routing.backend, "backup");
  assert.equal(routing.attempts[0].errorCode, "INVALID_RESPONSE");
  before.dispose();
  const after = createRouter().register(
    "n",
    yielding({ type: "content", sequence: 0, delta: "a" }, null),
  );
  const last = (await drain(after.executeStream(req()))).at(-1)!;
  assert.equal(last.type === "error" && last.error.code, "INVALID_RESPONSE");
  after.dispose();
});
