// Bugs planted by hand in the thirteenth mutation round, on the models-core
// files and Router methods the suite reads least, that it let through:
// - clone() mutes the copy's warnings while it rebuilds the registry and
//   must unmute them after: a copy that stays muted never reports a later
//   routing change to `onWarning` (the test before only checked the
//   rebuild was silent);
// - estimateCost() answers null for an estimate that is not a finite
//   number (NaN, Infinity), as for an unknown one, instead of passing it on
//   to a caller that would sum or compare it;
// - invoke() refused before any call (no backend serves the operation)
//   counts as a failed call in getStats(), as execute() refused for an
//   unknown backend does;
// - replace() starts the backend's adapter fresh, untried, so
//   latency-optimized tries it at the next request, ahead of its cached
//   leader (the test before replaced the leader itself, which answers with
//   the new adapter either way);
// - healthCheck() and checkHealth(name) are the caller's wait, as
//   checkHealth() of every backend is: a probe that never answers is false
//   once healthCheckTimeout passes, and its timer keeps a script alive until
//   then (the background loop's unref'd timer let the script end silently);
// - a relayed answer's `failed()` (the body broke off after the head) counts
//   the backend's failure in its statistics and breaker, and does nothing
//   once the backend was unregistered while the call was in flight: no
//   models test called it, only the gateway's did;
// - with fallbackStrategy "none", a named backend behind an open breaker is
//   NO_BACKEND_AVAILABLE naming that backend and when it reopens (the
//   reopening tests fell back to other backends only).
import assert from "node:assert/strict";
import {
  AdapterError,
  createRouter,
  ErrorCode,
  RouterError,
} from "../../src/models/mod.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { run } from "../_bounded.ts";
import { withTimeout } from "../_timeout.ts";
import {
  createEchoAdapter,
  createMockAdapter,
} from "../../src/models/testing.ts";
import { FakeTime } from "./_fake_time.ts";
import {
  collectWarnings,
  drain,
  manualClock,
  req,
  routingOf,
  timedAdapter,
  to,
} from "./_helpers.ts";

Deno.test("clone(): the copy rebuilds silently, then reports its own routing changes to onWarning", () => {
  const { warnings, onWarning } = collectWarnings();
  const router = createRouter({ onWarning })
    .register("a", createEchoAdapter())
    .setFallbackChain(["a"]);
  const copy = router.clone();
  try {
    const before = warnings.length;
    copy.register("b", createEchoAdapter());
    copy.setFallbackChain(["b", "a"]);
    copy.unregister("b");
    const after = warnings.slice(before).map((w) => [
      w.code,
      w.details?.action,
    ]);
    assert.deepEqual(after, [
      ["routing-config-changed", "register"],
      ["routing-config-changed", "setFallbackChain"],
      ["routing-config-changed", "unregister"],
    ]);
  } finally {
    copy.dispose();
    router.dispose();
  }
});

Deno.test("estimateCost(): an estimate that is not a finite number is unknown (null), a finite one passes, zero too", async () => {
  for (
    const [cost, expected] of [
      [Number.NaN, null],
      [Infinity, null],
      [-Infinity, null],
      [0, 0],
      [0.125, 0.125],
    ] as const
  ) {
    const router = createRouter().register("m", createMockAdapter({ cost }));
    try {
      assert.equal(await router.estimateCost(req()), expected, String(cost));
    } finally {
      router.dispose();
    }
  }
});

Deno.test("invoke(): an operation no backend serves fails the call in getStats(), as an execute() naming an unknown backend does", async () => {
  const router = createRouter().register("echo", createEchoAdapter());
  try {
    const unserved = await router.invoke({
      operation: "embeddings",
      body: { input: "x" },
    }).catch((e) => e);
    assert.ok(unserved instanceof RouterError);
    assert.equal(unserved.code, "ROUTING_FAILED");
    let stats = router.getStats();
    assert.deepEqual(
      [stats.totalRequests, stats.successfulRequests, stats.failedRequests],
      [1, 0, 1],
    );
    const named = await router.execute(to("nowhere")).catch((e) => e);
    assert.ok(named instanceof RouterError);
    stats = router.getStats();
    assert.deepEqual(
      [stats.totalRequests, stats.successfulRequests, stats.failedRequests],
      [2, 0, 2],
    );
  } finally {
    router.dispose();
  }
});

Deno.test("replace(): latency-optimized tries the replaced backend's new adapter at the next request, ahead of the cached leader", async () => {
  const clock = manualClock();
  const ok = { on: false };
  const router = createRouter({
    routingStrategy: "latency-optimized",
    now: clock.now,
  })
    .register("fast", timedAdapter(clock, ok, 1))
    .register("slow", timedAdapter(clock, ok, 5));
  const pick = async () => {
    const { backend, reason } = routingOf(await router.execute(req()));
    return `${backend} ${reason}`;
  };
  try {
    assert.equal(await pick(), "fast untried");
    assert.equal(await pick(), "slow untried");
    assert.equal(await pick(), "fast lowest-latency");
    router.replace("slow", timedAdapter(clock, ok, 5));
    assert.equal(await pick(), "slow untried");
    assert.equal(await pick(), "fast lowest-latency");
  } finally {
    router.dispose();
  }
});

Deno.test("healthCheck() and checkHealth(name): a probe that never answers is false once healthCheckTimeout passes; each wait keeps a script alive", async () => {
  const url = (path: string) =>
    JSON.stringify(new URL(path, import.meta.url).href);
  // Each wait runs alone: only its own pending timers keep the process alive.
  const script = `
import { createRouter } from ${url("../../src/models/mod.ts")};
import { createEchoAdapter } from ${url("../../src/models/testing.ts")};
const deaf = { ...createEchoAdapter(), healthCheck: () => new Promise(() => {}) };
const router = createRouter({ healthCheckTimeout: 200 }).register("deaf", deaf);
router.healthCheck().then(async (any) => {
  console.log(JSON.stringify({ any }));
  const one = await router.checkHealth("deaf");
  console.log(JSON.stringify({ one }));
  router.dispose();
});
`;
  const result = await run(Deno.execPath(), {
    args: ["eval", "--no-lock", script],
    timeoutMs: 30_000,
  });
  assert.deepEqual(
    result.out.trim().split("\n").filter((l) => l !== "").map((l) =>
      JSON.parse(l)
    ),
    [{ any: false }, { one: false }],
    result.err,
  );
  assert.equal(result.code, 0);
});

/** An OpenAI adapter whose every fetch waits for `gate`, then answers 200. */
function relaying(gate: Promise<void> = Promise.resolve()) {
  return createOpenAIAdapter({
    apiKey: "sk-upstream-example",
    defaultModel: "m",
    fetch: async () => {
      await gate;
      return new Response('{"id":"c1","object":"chat.completion"}');
    },
  });
}

const CUT = new AdapterError({
  code: ErrorCode.NETWORK_ERROR,
  message: "the upstream cut the body",
});

Deno.test("relayResponse(): failed() counts the body's failure in the backend's statistics and breaker, beside its head's success", async () => {
  const router = createRouter({
    enableCircuitBreaker: true,
    circuitBreakerThreshold: 1,
  }).register("up", relaying());
  try {
    const result = await withTimeout(
      router.relayResponse(req()),
      5_000,
      "relay",
    );
    await result.response.body?.cancel();
    assert.equal(router.isCircuitBreakerOpen("up"), false);
    result.failed?.(CUT);
    const stats = router.getBackendStats("up");
    assert.deepEqual(
      [stats?.successfulRequests, stats?.failedRequests],
      [1, 1],
    );
    assert.equal(router.isCircuitBreakerOpen("up"), true);
  } finally {
    router.dispose();
  }
});

Deno.test("relayResponse(): failed() after the backend was unregistered mid-call changes nothing and throws nothing", async () => {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const router = createRouter().register("up", relaying(gate))
    .register("other", createEchoAdapter());
  try {
    const pending = router.relayResponse(req());
    router.unregister("up");
    open();
    const result = await withTimeout(pending, 5_000, "relay");
    await result.response.body?.cancel();
    assert.equal(result.routing.backend, "up");
    assert.equal(typeof result.failed, "function");
    assert.doesNotThrow(() => result.failed?.(CUT));
    assert.deepEqual(router.listBackends(), ["other"]);
    assert.equal(router.getBackendStats("other")?.failedRequests, 0);
  } finally {
    router.dispose();
  }
});

Deno.test("fallbackStrategy none: a named backend behind an open breaker is NO_BACKEND_AVAILABLE naming it and its reopening, streamed too", async () => {
  const time = new FakeTime();
  const router = createRouter({
    fallbackStrategy: "none",
    now: time.now,
    timers: time.timers,
  }).register("a", createEchoAdapter()).register("b", createEchoAdapter());
  try {
    router.openCircuitBreaker("a", 5_000);
    time.t += 1_000;
    const error = await router.execute(to("a")).catch((e) => e);
    assert.ok(error instanceof RouterError, String(error));
    assert.equal(error.code, ErrorCode.NO_BACKEND_AVAILABLE);
    assert.match(error.message, /Backend "a" is unavailable/);
    assert.equal(error.retryAfter, 4_000);
    assert.deepEqual(error.details, {
      availableAt: 6_000,
      cooldown: "circuit-open",
    });
    const chunks = await withTimeout(
      drain(router.executeStream(to("a"))),
      5_000,
      "stream",
    );
    assert.deepEqual(chunks.map((c) => c.type), ["error"]);
    const last = chunks[0];
    assert.equal(last.type === "error" && last.error.message, error.message);
    assert.equal(last.type === "error" && last.error.retryAfter, 4_000);
  } finally {
    router.dispose();
  }
});
