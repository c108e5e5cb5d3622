// What the models-core draw of seed 20261170 showed untested:
// - a 429's Retry-After only ever lengthens the fleet's breaker opening: a
//   sibling's longer opening (its breaker tripped by failures, or opened by
//   hand) is kept, so a short Retry-After seen by a Router that has not yet
//   read it does not let the backend back in early;
// - invoke's model is what model-based routing reads (an operation has no
//   IR request of its own: its routing view carries the model);
// - a stream moves round-robin's cursor, as a call does (only
//   selectBackend() peeks);
// - createFlakyAdapter's `failEvery: 1` fails every call.
import assert from "node:assert/strict";
import {
  AdapterError,
  type BackendAdapter,
  createMemoryStore,
  createRouter,
  ErrorCode,
  type IRWarning,
} from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFlakyAdapter,
} from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { FakeTime } from "./_fake_time.ts";
import { drain, req, routingOf, tick } from "./_helpers.ts";
import { controlled, storeCodes } from "./stores/_controlled_store.ts";
import { fleetRouter } from "./stores/_fleet_router.ts";

Deno.test("fleet: a 429 with a short Retry-After keeps the longer opening a sibling gave the shared breaker", async () => {
  const time = new FakeTime();
  const warnings: IRWarning[] = [];
  const inner = createMemoryStore();
  // Behind promises, as a remote store answers: a read lands a turn later.
  const { store } = controlled(inner);
  const echo = createEchoAdapter();
  let limited = false;
  let calls = 0;
  const x = {
    ...echo,
    execute(...args: Parameters<typeof echo.execute>) {
      calls++;
      if (!limited) return echo.execute(...args);
      return Promise.reject(
        new AdapterError({
          code: ErrorCode.RATE_LIMITED,
          message: "slow down",
          retryAfter: 1_000,
        }),
      );
    },
  };
  const router = fleetRouter(time, store, warnings, {}, x);
  const backendOf = async (what: string) => {
    const response = await withTimeout(router.execute(req()), 5_000, what);
    await tick(); // the store's answers land
    return routingOf(response).backend;
  };
  try {
    assert.equal(await backendOf("first"), "x");
    // A sibling opens x's shared breaker for a minute; this Router has read
    // the fleet just now, so it does not see that opening yet.
    inner.openBreaker("x", time.t, 60_000, false);
    limited = true;
    time.t += 10;
    assert.equal(await backendOf("rate limited"), "backup");
    assert.equal(calls, 2);
    // Past the Retry-After (and the sync interval), x is still out: the
    // minute stands, for this Router (the first call reads the fleet, the
    // second would be x's half-open probe had the opening been cut to the
    // Retry-After) and for the store's every reader.
    limited = false;
    time.t += 2_000;
    assert.equal(await backendOf("after the retry-after"), "backup");
    assert.equal(await backendOf("and the call after"), "backup");
    assert.equal(calls, 2);
    const [record] = await inner.readBreakers(["x"], time.t);
    assert.equal(record.state, "open");
    assert.deepEqual(storeCodes(warnings), []);
  } finally {
    router.dispose();
  }
});

/** An embeddings backend that records the model each call was sent. */
function embeddingsBackend(sent: string[]): BackendAdapter {
  return {
    ...createEchoAdapter(),
    operations: { embeddings: "native" },
    operate(request) {
      sent.push(request.model ?? "(none)");
      return Promise.resolve(
        Response.json({ object: "list", data: [], model: request.model }),
      );
    },
  };
}

Deno.test("invoke: model-based routing reads an operation's model, as it reads chat's", async () => {
  const small: string[] = [];
  const large: string[] = [];
  const router = createRouter({ routingStrategy: "model-based" })
    .register("small", embeddingsBackend(small))
    .register("large", embeddingsBackend(large))
    .setModelMapping({ "embed-l": "large", "embed-s": "small" });
  const invoke = async (model: string) => {
    const { response, routing } = await withTimeout(
      router.invoke({ operation: "embeddings", model, body: { input: "x" } }),
      5_000,
      model,
    );
    await response.body?.cancel();
    return routing.backend;
  };
  try {
    // "large" is second in order: only the model's mapping sends it there.
    assert.equal(await invoke("embed-l"), "large");
    assert.equal(await invoke("embed-s"), "small");
    assert.deepEqual(large, ["embed-l"]);
    assert.deepEqual(small, ["embed-s"]);
  } finally {
    router.dispose();
  }
});

Deno.test("round-robin: a stream moves the cursor like a call, so streams and calls take turns across the backends", async () => {
  const router = createRouter({ routingStrategy: "round-robin" })
    .register("a", createEchoAdapter())
    .register("b", createEchoAdapter())
    .register("c", createEchoAdapter());
  const streamed = async (what: string) => {
    const chunks = await withTimeout(
      drain(router.executeStream(req())),
      5_000,
      what,
    );
    const done = chunks.at(-1)!;
    assert.equal(done.type, "done");
    return (done.metadata?.routing as { backend: string }).backend;
  };
  const called = async (what: string) =>
    routingOf(await withTimeout(router.execute(req()), 5_000, what)).backend;
  try {
    assert.deepEqual(
      [
        await streamed("first stream"),
        await streamed("second stream"),
        await called("a call"),
        await streamed("third stream"),
      ],
      ["a", "b", "c", "a"],
    );
  } finally {
    router.dispose();
  }
});

Deno.test("createFlakyAdapter: failEvery 1 fails every call, execute and stream alike; 0 fails none", async () => {
  const outcome = (p: Promise<unknown>) => p.then(() => "ok", () => "failed");
  const streamed = (adapter: BackendAdapter) =>
    outcome(drain(adapter.executeStream(req())));
  const every = createFlakyAdapter(createEchoAdapter(), { failEvery: 1 });
  const none = createFlakyAdapter(createEchoAdapter(), { failEvery: 0 });
  assert.deepEqual(
    [
      await outcome(every.execute(req())),
      await streamed(every),
      await outcome(every.execute(req())),
      await outcome(none.execute(req())),
      await streamed(none),
    ],
    ["failed", "failed", "failed", "ok", "ok"],
  );
});
