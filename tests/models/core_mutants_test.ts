// Model-router edges the mutation sample showed unguarded: what a backend
// threw is named in the failure whatever its type, what counts as a valid
// answer, the Router's own metadata when no backend lists models, model
// translation for a backend serving a single model, a caller's abort with a
// reason that has no message, the echo adapter given no messages, and a
// stream's error chunk that carries no error object, and one half-open probe
// between Routers sharing an asynchronous store; latency routing after a
// backend is registered or replaced; per-request options that are not
// non-negative numbers; timers missing one of their two functions;
// capability routing for a plain request and for a turn carrying tool
// parts without a tools list; a 429, and failures that open the breaker,
// shared across Routers on one store; a half-open probe that never reports,
// freed after the store's probeLease.
import assert from "node:assert/strict";
import {
  AdapterError,
  type BackendAdapter,
  createMemoryStore,
  createRouter,
  ErrorCode,
  type IRChatRequest,
  RouterError,
  type RouterStore,
} from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
  createHangingAdapter,
} from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { FakeTime } from "./_fake_time.ts";
import { tick } from "./_helpers.ts";
import { fleetRouter } from "./stores/_fleet_router.ts";

const request: IRChatRequest = {
  messages: [{ role: "user", content: "hi" }],
};

/** A backend whose execute does what `execute` does; streaming unused. */
function backend(
  execute: (request: IRChatRequest, signal?: AbortSignal) => Promise<unknown>,
  capabilities: Record<string, unknown> = {},
  defaultModel?: string,
): BackendAdapter {
  return {
    execute,
    async *executeStream() {},
    metadata: { name: "x", provider: "p", capabilities, defaultModel },
  } as unknown as BackendAdapter;
}

/**
 * `inner` with every answer a tick later, as from Redis; `called` hears
 * each method called.
 */
function tickLate(
  inner: RouterStore,
  called: (name: string | symbol) => void = () => {},
): RouterStore {
  return new Proxy(inner, {
    get(target, name) {
      const value = Reflect.get(target, name);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        called(name);
        return Promise.resolve().then(() => value.apply(target, args));
      };
    },
  });
}

/**
 * Two Routers on one memory store that answers a tick later, "x" (`x`)
 * then an echo "backup" in each, on one fake clock (the fleet tests'
 * Router: a breaker that opens at two failures).
 */
function siblings(x: BackendAdapter) {
  const time = new FakeTime();
  const inner = createMemoryStore();
  const store = tickLate(inner);
  const make = () => fleetRouter(time, store, [], {}, x);
  return { time, inner, a: make(), b: make() };
}

async function failureOf(promise: Promise<unknown>): Promise<RouterError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof RouterError, String(error));
    return error;
  }
  throw new Error("expected the router to fail");
}

Deno.test("router: what a backend threw is named in the failure, whether a string, null, an Error without message or an error-like object", async () => {
  const cases: [unknown, string][] = [
    ["boom", "boom"],
    [null, "null"],
    [new TypeError(), "TypeError"],
    [new RangeError("out of range"), "out of range"],
    [{ message: "error-like" }, "error-like"],
  ];
  for (const [thrown, named] of cases) {
    const router = createRouter().register(
      "x",
      backend(() => Promise.reject(thrown)),
    );
    const error = await failureOf(router.execute(request));
    assert.equal(error.code, "ALL_BACKENDS_FAILED");
    assert.equal(
      error.message,
      `All backends failed: x (UNKNOWN: ${named})`,
      `thrown: ${String(thrown)}`,
    );
    router.dispose();
  }
});

Deno.test("router: an answer whose content is a list of parts is served; content that is neither text nor a list, or metadata that is not an object, is malformed and falls back", async () => {
  const answers: [unknown, string][] = [
    [{ message: { role: "assistant", content: [] } }, "x"],
    [{
      message: { role: "assistant", content: [{ type: "text", text: "a" }] },
    }, "x"],
    [{ message: { role: "assistant", content: "a" }, metadata: {} }, "x"],
    [{ message: { role: "assistant", content: 42 } }, "backup"],
    [{ message: { role: "assistant", content: "a" }, metadata: "m" }, "backup"],
    [
      { message: { role: "assistant", content: "a" }, metadata: null },
      "backup",
    ],
    [{ message: null }, "backup"],
  ];
  for (const [answer, served] of answers) {
    const router = createRouter()
      .register("x", backend(() => Promise.resolve(answer)))
      .register("backup", createEchoAdapter());
    const response = await router.execute(request);
    assert.equal(
      (response.metadata as { routing: { backend: string } }).routing.backend,
      served,
      JSON.stringify(answer),
    );
    router.dispose();
  }
});

Deno.test("router: its metadata lists models only when a backend lists some (no list: any model), and has each capability some backend has", () => {
  const open = createRouter()
    .register("x", backend(() => Promise.resolve(undefined)))
    .register("y", createEchoAdapter());
  assert.equal(open.metadata.capabilities.models, undefined);
  const listed = createRouter()
    .register("x", backend(() => Promise.resolve(undefined), { models: ["a"] }))
    .register(
      "y",
      backend(() => Promise.resolve(undefined), { models: ["b", "a"] }),
    );
  assert.deepEqual(listed.metadata.capabilities.models, ["a", "b"]);
  // Each capability is the union of the backends'.
  const able = createRouter()
    .register("x", backend(() => Promise.resolve(undefined), { tools: true }))
    .register(
      "y",
      backend(() => Promise.resolve(undefined), {
        vision: true,
        systemMessages: true,
        maxContextTokens: 8_000,
      }),
    )
    .register(
      "z",
      backend(() => Promise.resolve(undefined), { maxContextTokens: 200_000 }),
    );
  const c = able.metadata.capabilities;
  assert.deepEqual(
    [c.tools, c.vision, c.systemMessages, c.maxContextTokens],
    [true, true, true, 200_000],
  );
  const bare = listed.metadata.capabilities;
  assert.deepEqual(
    [bare.tools, bare.vision, bare.systemMessages, bare.maxContextTokens],
    [undefined, undefined, undefined, undefined],
  );
  able.dispose();
  open.dispose();
  listed.dispose();
});

Deno.test("router: a backend serving a single model gets its default model for a model it does not serve", async () => {
  const seen: unknown[] = [];
  const only = backend(
    (r) => {
      seen.push(r.parameters?.model);
      return Promise.resolve({ message: { role: "assistant", content: "ok" } });
    },
    { models: ["only-model"] },
    "only-model",
  );
  // The default strategy: a model the backend does not list becomes its
  // defaultModel.
  const router = createRouter({ modelTranslation: {} }).register("x", only);
  await router.execute({ ...request, parameters: { model: "gpt-4o" } });
  await router.execute({ ...request, parameters: { model: "only-model" } });
  assert.deepEqual(seen, ["only-model", "only-model"]);
  router.dispose();
});

Deno.test("router: a caller's abort whose reason is an Error without message reports the generic abort message", async () => {
  for (const reason of [new Error(""), "user left"]) {
    const controller = new AbortController();
    const router = createRouter().register(
      "x",
      backend((_r, signal) =>
        new Promise((_, reject) => {
          signal?.addEventListener("abort", () => reject(signal.reason));
        })
      ),
    );
    const pending = router.execute(request, controller.signal);
    controller.abort(reason);
    const error = await withTimeout(
      pending.then(() => undefined, (e) => e as Error & { code?: string }),
      5_000,
      "the aborted call",
    );
    assert.equal(error?.code, "ABORTED");
    assert.equal(error?.message, "The operation was aborted");
    router.dispose();
  }
});

Deno.test("echo adapter: a request without messages (a plain JavaScript caller) answers empty text, it does not throw", async () => {
  const echo = createEchoAdapter();
  const response = await echo.execute({} as IRChatRequest);
  assert.equal(response.message.content, "");
});

Deno.test("router stream: a backend's error chunk without an error object is a PROVIDER_ERROR with a generic message, not a crash", async () => {
  const x = {
    execute: () => Promise.reject(new Error("unused")),
    async *executeStream() {
      yield { type: "error" };
    },
    metadata: { name: "x", provider: "p", capabilities: { streaming: true } },
  } as unknown as BackendAdapter;
  const router = createRouter().register("x", x);
  const chunks: unknown[] = [];
  for await (const chunk of router.executeStream(request)) chunks.push(chunk);
  assert.equal(chunks.length, 1);
  const { error } = chunks[0] as {
    error: {
      code: string;
      failures: { error: { code: string; message: string } }[];
    };
  };
  assert.equal(error.code, "ALL_BACKENDS_FAILED");
  assert.deepEqual(
    error.failures.map((f) => [f.error.code, f.error.message]),
    [["PROVIDER_ERROR", "Backend stream reported an error"]],
  );
  router.dispose();
});

Deno.test("router: two Routers on one asynchronous store in half-open send one probe between them", async () => {
  const hanging = createHangingAdapter();
  const { time, inner, a, b } = siblings(hanging);
  inner.openBreaker("x", time.t, 1_000, false);
  for (let i = 0; i < 100; i++) {
    if (a.isCircuitBreakerOpen("x") && b.isCircuitBreakerOpen("x")) break;
    await tick();
    time.fire();
  }
  assert.ok(a.isCircuitBreakerOpen("x") && b.isCircuitBreakerOpen("x"));
  time.t += 1_000; // half-open
  const calls: Promise<unknown>[] = [];
  for (let i = 0; i < 4; i++) {
    for (const router of [a, b]) {
      calls.push(router.execute(request).catch(() => undefined));
      await tick();
    }
  }
  // The probe hangs, so nothing reports: every other request went to backup.
  assert.equal(hanging.calls.length, 1);
  a.dispose();
  b.dispose();
  await withTimeout(Promise.all(calls), 5_000, "calls settled by dispose()");
});

Deno.test("latency routing: a backend registered or replaced after the leader was chosen is used at the next request", async () => {
  const clock = { t: 0, now: () => clock.t };
  const served: string[] = [];
  const timed = (name: string, ms: number): BackendAdapter => ({
    ...createEchoAdapter(),
    execute() {
      clock.t += ms;
      served.push(name);
      return Promise.resolve({
        message: { role: "assistant", content: name },
      });
    },
  } as unknown as BackendAdapter);
  const router = createRouter({
    routingStrategy: "latency-optimized",
    now: clock.now,
  }).register("a", timed("a", 1)).register("b", timed("b", 5));
  for (let i = 0; i < 3; i++) await router.execute(request);
  assert.deepEqual(served, ["a", "b", "a"], "untried first, then the fastest");
  // A new backend is untried: it goes first, ahead of the cached leader.
  router.register("c", timed("c", 9));
  await router.execute(request);
  assert.equal(served.at(-1), "c");
  await router.execute(request);
  assert.equal(served.at(-1), "a", "then the fastest again");
  // The leader's adapter swapped: the new one answers, never the old.
  router.replace("a", timed("a2", 1));
  await router.execute(request);
  assert.equal(served.at(-1), "a2");
  router.dispose();
});

Deno.test("execute options: a timeout, retry count or deadline that is NaN, a string or negative is refused with INVALID_REQUEST", async () => {
  const router = createRouter().register("x", createEchoAdapter());
  for (const field of ["attemptTimeout", "maxRetries", "deadline"]) {
    for (const value of [NaN, "5", -1]) {
      const options = { [field]: value } as Record<string, unknown>;
      const error = await router.execute(request, undefined, options).then(
        () => undefined,
        (e) => e as { code?: string; message?: string },
      );
      assert.equal(error?.code, "INVALID_REQUEST", `${field}: ${value}`);
      assert.match(error?.message ?? "", new RegExp(field));
    }
  }
  const ok = await router.execute(request, undefined, {
    attemptTimeout: 0,
    maxRetries: 0,
  });
  assert.equal(ok.message.content, "hi", "zero is a number like any other");
  router.dispose();
});

Deno.test("router config: timers missing setTimeout or clearTimeout are refused at construction with INVALID_REQUEST", () => {
  const set = (() => 0) as unknown;
  const clear = (() => {}) as unknown;
  for (const timers of [{ setTimeout: set }, { clearTimeout: clear }, {}]) {
    assert.throws(
      () => createRouter({ timers } as never),
      (e: { code?: string; message?: string }) =>
        e.code === "INVALID_REQUEST" && /timers/.test(e.message ?? ""),
      JSON.stringify(Object.keys(timers)),
    );
  }
  createRouter({ timers: { setTimeout: set, clearTimeout: clear } as never })
    .dispose();
});

Deno.test("capability routing: a plain text request goes to a backend without tools, vision or system messages; one with a system message does not", async () => {
  const plain = backend(
    () => Promise.resolve({ message: { role: "assistant", content: "plain" } }),
    { tools: false, vision: false, systemMessages: false },
  );
  const router = createRouter({ capabilityBasedRouting: true })
    .register("plain", plain)
    .register("full", createEchoAdapter());
  const backendOf = async (r: IRChatRequest) =>
    ((await router.execute(r)).metadata as { routing: { backend: string } })
      .routing.backend;
  assert.equal(await backendOf(request), "plain");
  assert.equal(
    await backendOf({
      messages: [{ role: "system", content: "be brief" }, ...request.messages],
    }),
    "full",
  );
  router.dispose();
});

Deno.test("breaker: a half-open probe that never reports holds the backend until probeLease has passed, then the next request probes", async () => {
  const time = new FakeTime();
  const hanging = createHangingAdapter();
  const router = createRouter({
    store: createMemoryStore({ probeLease: 5_000 }),
    now: time.now,
    timers: time.timers,
    enableCircuitBreaker: true,
    circuitBreakerThreshold: 1,
    circuitBreakerTimeout: 1_000,
  }).register("x", hanging).register("backup", createEchoAdapter());
  router.openCircuitBreaker("x", 1_000);
  time.t += 1_000; // half-open
  const calls = [router.execute(request).catch(() => undefined)];
  await tick();
  assert.equal(hanging.calls.length, 1, "the probe");
  time.t += 4_999;
  calls.push(router.execute(request)); // backup: the probe holds x
  await tick();
  assert.equal(hanging.calls.length, 1);
  time.t += 1; // the lease has passed
  calls.push(router.execute(request).catch(() => undefined));
  await tick();
  assert.equal(hanging.calls.length, 2, "a new probe after the lease");
  router.dispose();
  await withTimeout(Promise.all(calls), 5_000, "calls settled by dispose()");
});

Deno.test("capability routing: a turn carrying a tool call or a tool result, without a tools list, goes to a backend with tools", async () => {
  const plain = backend(
    () => Promise.resolve({ message: { role: "assistant", content: "plain" } }),
    { tools: false, vision: true, systemMessages: true },
  );
  const router = createRouter({ capabilityBasedRouting: true })
    .register("plain", plain)
    .register("full", createEchoAdapter());
  const backendOf = async (r: IRChatRequest) =>
    ((await router.execute(r)).metadata as { routing: { backend: string } })
      .routing.backend;
  const call = {
    type: "tool_use" as const,
    id: "call_1",
    name: "weather",
    input: { city: "Oslo" },
  };
  const result = {
    type: "tool_result" as const,
    toolUseId: "call_1",
    content: "4°C",
  };
  assert.equal(
    await backendOf({
      messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
    }),
    "plain",
    "text parts need no tools (asked first: the score then favours a backend that answered)",
  );
  assert.equal(
    await backendOf({
      messages: [...request.messages, { role: "assistant", content: [call] }],
    }),
    "full",
    "a tool call in the history",
  );
  assert.equal(
    await backendOf({
      messages: [...request.messages, { role: "user", content: [result] }],
    }),
    "full",
    "a tool result alone",
  );
  router.dispose();
});

Deno.test("rate limit: a 429 with Retry-After seen by one Router on an asynchronous store keeps its siblings off that backend too", async () => {
  const limited = createFailingAdapter({
    error: new AdapterError({
      code: ErrorCode.RATE_LIMITED,
      message: "slow down",
      statusCode: 429,
      retryAfter: 30_000,
    }),
  });
  const { time, a, b } = siblings(limited);
  const served = async (router: typeof a) =>
    ((await router.execute(request)).metadata as {
      routing: { backend: string };
    }).routing.backend;
  assert.equal(await served(a), "backup"); // x answered 429 to a
  for (let i = 0; i < 100 && !b.isCircuitBreakerOpen("x"); i++) {
    await tick();
    time.fire();
  }
  assert.equal(b.isCircuitBreakerOpen("x"), true, "b sees x held off");
  assert.equal(await served(b), "backup");
  assert.equal(limited.calls.length, 1, "b sent x nothing");
  a.dispose();
  b.dispose();
});

Deno.test("router: an AbortError a backend threw on its own is ABORTED with its message, or the generic one when it has none", async () => {
  for (
    const [thrown, named] of [
      [
        new DOMException("upstream reset the stream", "AbortError"),
        "upstream reset the stream",
      ],
      [new DOMException("", "AbortError"), "Aborted"],
    ] as const
  ) {
    const router = createRouter().register(
      "x",
      backend(() => Promise.reject(thrown)),
    );
    const error = await failureOf(router.execute(request));
    const failure = error.errors[0]?.error;
    assert.equal(failure?.code, "ABORTED", error.message);
    assert.equal(failure?.message, named);
    router.dispose();
  }
});

Deno.test("breaker: failures one Router sees on an asynchronous store open the backend's breaker for its siblings too", async () => {
  const failing = createFailingAdapter();
  const { time, a, b } = siblings(failing);
  await a.execute(request); // x fails, backup answers
  for (let i = 0; i < 5; i++) await tick(); // the first report lands
  await a.execute(request); // the second failure: the threshold
  for (let i = 0; i < 100 && !b.isCircuitBreakerOpen("x"); i++) {
    await tick();
    time.fire();
  }
  assert.equal(b.isCircuitBreakerOpen("x"), true, "b sees x open");
  const calls = failing.calls.length;
  await b.execute(request);
  assert.equal(failing.calls.length, calls, "b sent x nothing");
  a.dispose();
  b.dispose();
});

Deno.test("fallback: a named backend and its fallbacks all behind open breakers answer with the soonest any of them is back, the named one included", async () => {
  const time = new FakeTime();
  const router = createRouter({
    now: time.now,
    timers: time.timers,
    enableCircuitBreaker: true,
  }).register("x", createEchoAdapter()).register("y", createEchoAdapter());
  router.openCircuitBreaker("x", 1_000);
  router.openCircuitBreaker("y", 5_000);
  const error = await failureOf(router.execute({
    ...request,
    metadata: { custom: { backend: "x" } },
  }));
  assert.equal(error.code, "NO_BACKEND_AVAILABLE");
  assert.equal(error.retryAfter, 1_000, error.message);
  router.dispose();
});

Deno.test("dispose: a Router on an asynchronous store stops reading it and leaves no timer behind", async () => {
  const time = new FakeTime();
  let reads = 0;
  const store = tickLate(createMemoryStore(), (name) => {
    if (name === "readBreakers") reads++;
  });
  const router = createRouter({
    store,
    now: time.now,
    timers: time.timers,
    storeSyncInterval: 50,
  }).register("x", createEchoAdapter());
  await router.execute(request);
  for (let i = 0; i < 5; i++) await tick();
  router.dispose();
  const before = reads;
  for (let i = 0; i < 10 && time.fire(); i++) await tick();
  assert.equal(reads, before, "no read after dispose()");
  assert.equal(time.pending, 0);
});

Deno.test("dispatchParallel: with no backend callable it names why each is out: unhealthy, or behind an open breaker", async () => {
  const router = createRouter({ enableCircuitBreaker: true })
    .register("sick", createEchoAdapter({ healthy: false }))
    .register("open", createEchoAdapter());
  assert.equal(await router.checkHealth("sick"), false);
  router.openCircuitBreaker("open");
  const error = await failureOf(
    router.dispatchParallel(request, { backends: ["sick", "open"] }),
  );
  assert.equal(error.code, "NO_BACKEND_AVAILABLE");
  assert.deepEqual(error.errors.map((f) => f.error.message), [
    'Backend "sick" is unhealthy',
    'Backend "open" is circuit open',
  ]);
  router.dispose();
});
