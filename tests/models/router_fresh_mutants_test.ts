// Model-router edges a fresh mutation draw (seed 20261160) showed
// unguarded: NO_BACKEND_AVAILABLE when there was nothing to wait for (no
// backend at all, or none the request may use) carries no reopening time;
// a breaker opened by hand for 0 ms is half-open at once for the whole
// fleet, not open forever; a request without parameters passes through a
// model translation untouched; an empty or wrongly cased strategy name is
// refused rather than read as the default; an error its backend marked not
// retryable is not retried.
import assert from "node:assert/strict";
import {
  AdapterError,
  type BackendAdapter,
  type BreakerRecord,
  createMemoryStore,
  createRouter,
  ErrorCode,
  type IRWarning,
  type RouterConfig,
  RouterError,
  type RouterStore,
} from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
} from "../../src/models/testing.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { FakeTime } from "./_fake_time.ts";
import { drain, req, streamText, tick } from "./_helpers.ts";
import { fleetRouter } from "./stores/_fleet_router.ts";

async function rejection(promise: Promise<unknown>): Promise<RouterError> {
  const error = await promise.then(() => undefined, (e) => e);
  assert.ok(error instanceof RouterError, String(error));
  return error;
}

Deno.test("NO_BACKEND_AVAILABLE with no candidate at all (none registered, none allowed) names no time to retry at, in execute and in a stream", async () => {
  const empty = createRouter();
  const scoped = createRouter().register("a", createEchoAdapter());
  const cases: [string, ReturnType<typeof createRouter>, string[]?][] = [
    ["no backend", empty],
    ["none allowed", scoped, ["elsewhere"]],
  ];
  for (const [what, router, backends] of cases) {
    const options = backends === undefined ? undefined : { backends };
    const call = router.execute(req(), undefined, options);
    const stream = router.executeStream(req(), undefined, options);
    const error = await rejection(call);
    assert.equal(error.code, ErrorCode.NO_BACKEND_AVAILABLE, what);
    assert.equal(error.retryAfter, undefined, what);
    assert.equal(error.details, undefined, what);
    assert.doesNotMatch(error.message, /available again|cooling/, what);
    const chunks = await drain(stream);
    const last = chunks.at(-1)!;
    assert.equal(last.type, "error", what);
    if (last.type === "error") {
      assert.equal(last.error.code, ErrorCode.NO_BACKEND_AVAILABLE, what);
      assert.equal(last.error.retryAfter, undefined, what);
    }
  }
  empty.dispose();
  scoped.dispose();
});

/** The memory store behind promises: an asynchronous store, as Redis is. */
function asynchronous(inner: RouterStore): RouterStore {
  return new Proxy(inner, {
    get(target, name) {
      const method = Reflect.get(target, name) as (
        ...args: unknown[]
      ) => unknown;
      if (typeof method !== "function") return method;
      return (...args: unknown[]) =>
        Promise.resolve().then(() => method.apply(target, args));
    },
  });
}

Deno.test("fleet: openCircuitBreaker(name, 0) opens the fleet's breaker for 0 ms: half-open at once in the store, and the Router probes the backend again", async () => {
  const time = new FakeTime();
  const warnings: IRWarning[] = [];
  const inner = createMemoryStore();
  const x = createEchoAdapter();
  const router = fleetRouter(
    time,
    asynchronous(inner),
    warnings,
    {},
    x,
  );
  router.openCircuitBreaker("x", 0);
  for (let i = 0; i < 5; i++) await tick();
  const record = (inner.readBreakers(["x"], time.t) as BreakerRecord[])[0];
  assert.equal(record.state, "half-open");
  assert.equal(record.openUntil, time.t);
  // In half-open the first request claims the fleet's probe and falls back;
  // a later one is the probe: x answers again within a few requests.
  let served = "";
  for (let i = 0; i < 5 && served !== "x"; i++) {
    const answer = await time.settle(router.execute(req()));
    served = (answer.metadata.routing as { backend: string }).backend;
    for (let j = 0; j < 5; j++) await tick();
  }
  assert.equal(served, "x");
  assert.equal(router.isCircuitBreakerOpen("x"), false);
  assert.deepEqual(warnings.filter((w) => w.code.startsWith("store-")), []);
  router.dispose();
});

Deno.test("model translation: a request without parameters passes through untouched, to a backend with a mapping and default models", async () => {
  const x = createEchoAdapter({
    metadata: { capabilities: { streaming: true, models: ["served"] } },
  });
  const router = createRouter({
    modelTranslation: {
      mapping: { x: { "gpt-4o": "served" } },
      defaultModels: { x: "served" },
    },
  }).register("x", x);
  const request = req("no parameters");
  const answer = await router.execute(request);
  assert.equal(answer.message.content, "no parameters");
  assert.equal((answer.metadata.routing as { backend: string }).backend, "x");
  assert.equal(x.calls.length, 1);
  assert.equal(x.calls[0].request?.parameters, undefined);
  const chunks = await drain(router.executeStream(request));
  assert.equal(chunks.at(-1)?.type, "done");
  router.dispose();
});

Deno.test("config: an empty or wrongly cased strategy name is refused with INVALID_REQUEST, not read as the default", () => {
  const bad: [string, RouterConfig][] = [
    ['routingStrategy ""', { routingStrategy: "" as never }],
    ['fallbackStrategy ""', { fallbackStrategy: "" as never }],
    ['routingStrategy "Round-Robin"', {
      routingStrategy: "Round-Robin" as never,
    }],
    ['fallbackStrategy "Sequential"', {
      fallbackStrategy: "Sequential" as never,
    }],
  ];
  for (const [what, config] of bad) {
    assert.throws(
      () => createRouter(config),
      (e) =>
        e instanceof AdapterError && e.code === ErrorCode.INVALID_REQUEST &&
        /Unknown (routing|fallback)Strategy/.test(e.message),
      what,
    );
  }
});

Deno.test("dispatchParallel: an empty strategy name is refused with ROUTING_FAILED, not read as first", async () => {
  const router = createRouter().register("a", createEchoAdapter());
  await assert.rejects(
    router.dispatchParallel(req(), { strategy: "" as never }),
    (e) =>
      e instanceof AdapterError && e.code === ErrorCode.ROUTING_FAILED &&
      /Unknown parallel strategy ""/.test(e.message),
  );
  router.dispose();
});

Deno.test("retries: a backend error of a retryable code marked isRetryable: false is not retried, and keeps that mark", async () => {
  const error = new AdapterError({
    code: ErrorCode.PROVIDER_ERROR,
    message: "the provider says: do not retry this one",
    isRetryable: false,
  });
  assert.equal(error.isRetryable, false);
  let calls = 0;
  const router = createRouter({ maxRetries: 2, retryBaseDelay: 0 }).register(
    "a",
    {
      metadata: { name: "a", provider: "testing", capabilities: {} },
      execute: () => {
        calls++;
        return Promise.reject(error);
      },
      async *executeStream() {},
    } as unknown as BackendAdapter,
  );
  await assert.rejects(router.execute(req()), { code: "ALL_BACKENDS_FAILED" });
  assert.equal(calls, 1);
  assert.equal(router.getBackendStats("a")!.retries, 0);
  router.dispose();
});

Deno.test("NO_BACKEND_AVAILABLE names no time to retry at when the backend behind an open breaker is also misconfigured or unhealthy: it will not be back when the breaker times out", async () => {
  const time = new FakeTime();
  const breaker: RouterConfig = {
    now: time.now,
    timers: time.timers,
    enableCircuitBreaker: true,
    circuitBreakerThreshold: 1,
    circuitBreakerTimeout: 20_000,
  };
  // A 401: the operator's key is wrong, the breaker opened on it too.
  const misconfigured = createRouter(breaker).register(
    "a",
    createFailingAdapter({
      error: new AdapterError({
        code: ErrorCode.AUTHENTICATION_FAILED,
        message: "invalid api key",
        statusCode: 401,
      }),
    }),
  );
  await assert.rejects(misconfigured.execute(req()));
  assert.equal(misconfigured.isCircuitBreakerOpen("a"), true);
  // A failure opened the breaker, then a health check found it down.
  let up = true;
  const unhealthy = createRouter(breaker).register(
    "a",
    createFailingAdapter({ healthy: () => up }),
  );
  await assert.rejects(unhealthy.execute(req()));
  up = false;
  assert.equal(await unhealthy.checkHealth("a"), false);
  for (
    const [what, router] of [["misconfigured", misconfigured], [
      "unhealthy",
      unhealthy,
    ]] as const
  ) {
    const error = await rejection(router.execute(req()));
    assert.equal(error.code, ErrorCode.NO_BACKEND_AVAILABLE, what);
    assert.equal(error.retryAfter, undefined, what);
    assert.equal(error.details, undefined, what);
    router.dispose();
  }
});

Deno.test("NO_BACKEND_AVAILABLE while the half-open probe is in flight names no time to retry at (not 0 ms)", async () => {
  const time = new FakeTime();
  let calls = 0;
  let answer!: () => void;
  const probeHeld = new Promise<void>((resolve) => (answer = resolve));
  const router = createRouter({
    now: time.now,
    timers: time.timers,
    enableCircuitBreaker: true,
    circuitBreakerThreshold: 1,
    circuitBreakerTimeout: 1_000,
  }).register("a", {
    metadata: { name: "a", provider: "testing", capabilities: {} },
    execute: async () => {
      calls++;
      if (calls === 1) throw new Error("upstream 500");
      await probeHeld;
      return {
        message: { role: "assistant", content: "back" },
        metadata: {},
      };
    },
    async *executeStream() {},
  } as unknown as BackendAdapter);
  await assert.rejects(router.execute(req()));
  time.t += 1_000; // half-open
  const probe = router.execute(req());
  assert.equal(calls, 2, "the probe is in flight");
  const error = await rejection(router.execute(req()));
  assert.equal(error.code, ErrorCode.NO_BACKEND_AVAILABLE);
  assert.equal(error.retryAfter, undefined);
  assert.equal(error.details, undefined);
  answer();
  assert.equal((await probe).message.content, "back");
  router.dispose();
});

Deno.test("serves() and speaks() with a list naming a backend that is not registered (a key's scope after it was removed) skip that name", () => {
  const router = createRouter().register("echo", createEchoAdapter());
  assert.equal(router.serves("chat", ["gone"]), false);
  assert.equal(router.serves("chat", ["gone", "echo"]), true);
  assert.equal(router.speaks("openai", ["gone"]), false);
  router.dispose();
});

Deno.test('config: timers that are not an object of two functions (false, 0, "") are refused with INVALID_REQUEST, not replaced by the defaults', () => {
  for (const timers of [false, 0, ""]) {
    assert.throws(
      () => createRouter({ timers: timers as never }),
      (e) =>
        e instanceof AdapterError && e.code === ErrorCode.INVALID_REQUEST &&
        /timers needs setTimeout and clearTimeout/.test(e.message),
      JSON.stringify(timers),
    );
  }
});

Deno.test("setModelMapping: an array (or null) is refused with ROUTING_FAILED, even one whose values name registered backends", () => {
  const router = createRouter().register("a", createEchoAdapter());
  for (const mapping of [["a"], null, "a"]) {
    assert.throws(
      () => router.setModelMapping(mapping as never),
      (e) =>
        e instanceof AdapterError && e.code === ErrorCode.ROUTING_FAILED &&
        /expects an object of model name → backend name/.test(e.message),
      JSON.stringify(mapping),
    );
  }
  assert.deepEqual(router.getModelMapping(), {});
  router.dispose();
});

Deno.test("capability routing: a backend that lists a single model serves only that one", async () => {
  const listing = (model: string) =>
    createEchoAdapter({
      metadata: { capabilities: { streaming: true, models: [model] } },
    });
  const router = createRouter({ capabilityBasedRouting: true })
    .register("a", listing("model-a"))
    .register("b", listing("model-b"));
  for (const model of ["model-b", "model-a"]) {
    const answer = await router.execute(req("hi", { parameters: { model } }));
    assert.equal(
      (answer.metadata.routing as { backend: string }).backend,
      model.slice(-1),
      model,
    );
  }
  router.dispose();
});

Deno.test("invoke: a custom strategy sees whether the call streams, in the routing view of a call without one", async () => {
  const seen: (boolean | undefined)[] = [];
  const router = createRouter({
    routingStrategy: "custom",
    customRouter: (request) => {
      seen.push(request.stream);
      return Promise.resolve("up");
    },
  }).register(
    "up",
    createOpenAIAdapter({
      apiKey: "sk-test",
      fetch: (_input, init) =>
        Promise.resolve(
          JSON.parse(String(init?.body)).stream === true
            ? new Response("data: [DONE]\n\n", {
              headers: { "content-type": "text/event-stream" },
            })
            : Response.json({ object: "list", data: [] }),
        ),
    }),
  );
  for (const stream of [true, false]) {
    const { response } = await router.invoke({
      operation: "chat",
      model: "m",
      body: { messages: [{ role: "user", content: "hi" }], stream },
      stream,
    });
    await response.body?.cancel();
  }
  assert.deepEqual(seen, [true, undefined]);
  router.dispose();
});

Deno.test('config: a Router refuses a store whose probeLease is not a positive number (0, -1, NaN, "100") with INVALID_REQUEST, and takes one of 1 ms', () => {
  // A memory store that reports another lease (its methods still its own).
  const storeWith = (probeLease: unknown): RouterStore =>
    new Proxy(createMemoryStore(), {
      get(target, name) {
        if (name === "probeLease") return probeLease;
        const value = Reflect.get(target, name);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  for (const lease of [0, -1, NaN, "100"]) {
    assert.throws(
      () => createRouter({ store: storeWith(lease) }),
      (e) =>
        e instanceof AdapterError && e.code === ErrorCode.INVALID_REQUEST &&
        /probeLease must be a positive number/.test(e.message),
      String(lease),
    );
  }
  createRouter({ store: storeWith(1) }).dispose();
});

Deno.test('config: a number option given as a string ("5") is refused with INVALID_REQUEST, not taken as a number', () => {
  for (
    const field of [
      "circuitBreakerThreshold",
      "circuitBreakerTimeout",
      "maxRetries",
      "storeTimeout",
    ]
  ) {
    assert.throws(
      () => createRouter({ [field]: "5" } as RouterConfig),
      (e) =>
        e instanceof AdapterError && e.code === ErrorCode.INVALID_REQUEST &&
        e.message.includes(`RouterConfig.${field} must be a non-negative`),
      field,
    );
  }
});

Deno.test("register: a backend that is null or lacks executeStream is refused with INVALID_REQUEST naming it, not a TypeError", () => {
  const router = createRouter();
  for (
    const adapter of [null, { execute: () => Promise.resolve(undefined) }]
  ) {
    assert.throws(
      () => router.register("x", adapter as never),
      (e) =>
        e instanceof AdapterError && e.code === ErrorCode.INVALID_REQUEST &&
        /Backend "x" is not a BackendAdapter/.test(e.message),
      JSON.stringify(adapter),
    );
  }
  assert.deepEqual(router.listBackends(), []);
  router.dispose();
});

Deno.test("metadata: a backend whose metadata declares no capabilities streams through the Router, and the Router's metadata says it streams", async () => {
  const echo = createEchoAdapter();
  const bare = {
    execute: echo.execute.bind(echo),
    executeStream: echo.executeStream.bind(echo),
  } as unknown as BackendAdapter;
  const router = createRouter().register("bare", bare);
  assert.equal(router.metadata.capabilities.streaming, true);
  const chunks = await drain(router.executeStream(req("streamed")));
  assert.equal(chunks.at(-1)?.type, "done");
  assert.equal(streamText(chunks), "streamed");
  router.dispose();
});
