import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  AdapterError,
  createRouter,
  ErrorCode,
  type IRChatRequest,
  Router,
  RouterError,
} from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
  createHangingAdapter,
  createMockAdapter,
} from "../../src/models/testing.ts";
import {
  codeOf,
  collectWarnings,
  manualClock,
  reply,
  req,
  routingOf,
  to,
} from "./_helpers.ts";

describe("registry", () => {
  it("registers, lists in order, gets and has", () => {
    const a = createEchoAdapter(), b = createEchoAdapter();
    const router = createRouter().register("a", a).register("b", b);
    assert.deepEqual(router.listBackends(), ["a", "b"]);
    assert.equal(router.get("a"), a);
    assert.equal(router.has("b"), true);
    assert.equal(router.has("c"), false);
    assert.equal(router.get("c"), undefined);
    assert.ok(router instanceof Router);
  });

  it("rejects a duplicate name, replace of an unknown name and non-adapters", () => {
    const router = createRouter().register("a", createEchoAdapter());
    assert.throws(() => router.register("a", createEchoAdapter()), {
      code: ErrorCode.ROUTING_FAILED,
    });
    assert.throws(() => router.replace("zz", createEchoAdapter()), {
      code: ErrorCode.ROUTING_FAILED,
    });
    assert.throws(() => router.register("x", {} as never), {
      code: ErrorCode.INVALID_REQUEST,
    });
    assert.throws(() => router.register("", createEchoAdapter()), {
      code: ErrorCode.INVALID_REQUEST,
    });
  });

  it("replace keeps position and stats, resets breaker", async () => {
    const router = createRouter({ fallbackStrategy: "none" })
      .register("a", createFailingAdapter()).register("b", createEchoAdapter());
    await codeOf(router.execute(to("a")));
    router.openCircuitBreaker("a");
    const fresh = createEchoAdapter();
    router.replace("a", fresh);
    assert.deepEqual(router.listBackends(), ["a", "b"]);
    assert.equal(router.get("a"), fresh);
    assert.equal(router.isCircuitBreakerOpen("a"), false);
    assert.equal(router.getBackendStats("a")?.failedRequests, 1);
    assert.equal((await router.execute(to("a"))).message.content, "hello");
  });

  it("validates the fallback chain and the model mapping", () => {
    const router = createRouter().register("a", createEchoAdapter()).register(
      "b",
      createEchoAdapter(),
    );
    assert.throws(() => router.setFallbackChain(["a", "nope"]), {
      code: ErrorCode.ROUTING_FAILED,
    });
    assert.throws(() => router.setFallbackChain(["a", "a"]), {
      code: ErrorCode.ROUTING_FAILED,
    });
    assert.throws(() => router.setModelMapping({ m: "nope" }), {
      code: ErrorCode.ROUTING_FAILED,
    });
    router.setFallbackChain(["b", "a"]);
    assert.deepEqual(router.getFallbackChain(), ["b", "a"]);
    router.setModelMapping({ "gpt-*": "a" });
    const mapping = router.getModelMapping();
    assert.deepEqual({ ...mapping }, { "gpt-*": "a" });
    assert.ok(Object.isFrozen(mapping));
    assert.ok(Object.isFrozen(router.getFallbackChain()));
  });

  it("emits routing-config-changed for every routing change", () => {
    const { warnings, onWarning } = collectWarnings();
    const router = createRouter({ onWarning, defaultBackend: "a" });
    router.register("a", createEchoAdapter()).register(
      "b",
      createEchoAdapter(),
    );
    router.replace("b", createEchoAdapter());
    router.setFallbackChain(["b"]);
    router.setModelMapping({ x: "b" });
    router.unregister("a");
    router.unregister("unknown");
    assert.deepEqual(warnings.map((w) => [w.code, w.details?.action]), [
      ["routing-config-changed", "register"],
      ["routing-config-changed", "register"],
      ["routing-config-changed", "replace"],
      ["routing-config-changed", "setFallbackChain"],
      ["routing-config-changed", "setModelMapping"],
      ["routing-config-changed", "unregister"],
    ]);
    const last = warnings[warnings.length - 1];
    assert.match(last.message, /default backend/);
    assert.equal(last.details?.defaultBackendCleared, true);
    assert.equal(router.config.defaultBackend, undefined);
  });

  it("survives a throwing or rejecting warning listener", async () => {
    const router = createRouter({
      onWarning: () => {
        throw new Error("listener bug");
      },
    });
    router.register("a", createEchoAdapter());
    const rejecting = createRouter({
      onWarning: (() => Promise.reject(new Error("async bug"))) as never,
    });
    rejecting.register("a", createEchoAdapter());
    assert.equal((await router.execute(req())).message.content, "hello");
  });

  it("unregister keeps round-robin going over the remaining backends", async () => {
    const router = createRouter({ routingStrategy: "round-robin" })
      .register("a", createEchoAdapter()).register("b", createEchoAdapter())
      .register("c", createEchoAdapter());
    assert.equal(await router.selectBackend(req()), "a");
    await router.execute(req()); // a
    await router.execute(req()); // b
    router.unregister("a");
    assert.equal(await router.selectBackend(req()), "c");
  });

  it("clone copies config, backends, chain and mapping but not state", async () => {
    const { warnings, onWarning } = collectWarnings();
    const router = createRouter({ onWarning, defaultBackend: "b" })
      .register("a", createEchoAdapter()).register("b", createEchoAdapter())
      .setFallbackChain(["a"]).setModelMapping({ m: "a" });
    await router.execute(req());
    router.openCircuitBreaker("a");
    const before = warnings.length;
    const copy = router.clone({ routingStrategy: "round-robin" });
    assert.equal(warnings.length, before);
    assert.deepEqual(copy.listBackends(), ["a", "b"]);
    assert.deepEqual(copy.getFallbackChain(), ["a"]);
    assert.deepEqual({ ...copy.getModelMapping() }, { m: "a" });
    assert.equal(copy.config.routingStrategy, "round-robin");
    assert.equal(copy.config.defaultBackend, "b");
    assert.equal(copy.getStats().totalRequests, 0);
    assert.equal(copy.isCircuitBreakerOpen("a"), false);
  });

  it("dispose clears the registry and later routing fails", async () => {
    const router = createRouter().register("a", createEchoAdapter());
    router.dispose();
    router.dispose();
    assert.deepEqual(router.listBackends(), []);
    assert.equal(
      await codeOf(router.execute(req())),
      ErrorCode.NO_BACKEND_AVAILABLE,
    );
    assert.throws(() => router.register("b", createEchoAdapter()), {
      code: ErrorCode.ROUTING_FAILED,
    });
  });

  it("rejects invalid configuration", () => {
    assert.throws(
      () => createRouter({ routingStrategy: "priority" as never }),
      AdapterError,
    );
    assert.throws(
      () => createRouter({ routingStrategy: "custom" }),
      AdapterError,
    );
    assert.throws(
      () => createRouter({ fallbackStrategy: "custom" }),
      AdapterError,
    );
    assert.throws(
      () => createRouter({ circuitBreakerTimeout: -1 }),
      AdapterError,
    );
  });
});

describe("explicit routing", () => {
  it("routes to the named backend in any strategy", async () => {
    for (
      const routingStrategy of [
        "explicit",
        "round-robin",
        "latency-optimized",
      ] as const
    ) {
      const router = createRouter({ routingStrategy })
        .register("a", createMockAdapter({ responses: reply("A") }))
        .register("b", createMockAdapter({ responses: reply("B") }));
      const response = await router.execute(to("b"));
      assert.equal(response.message.content, "B");
      assert.equal(routingOf(response).reason, "explicit");
      assert.equal(routingOf(response).requestedBackend, "b");
    }
  });

  it("an unknown or non-string name is ROUTING_FAILED, never a reroute", async () => {
    const echo = createEchoAdapter();
    const router = createRouter().register("a", echo);
    const error = await router.execute(to("nope")).catch((e) => e);
    assert.ok(error instanceof RouterError);
    assert.equal(error.code, ErrorCode.ROUTING_FAILED);
    assert.equal(
      await codeOf(router.selectBackend(to("nope"))),
      ErrorCode.ROUTING_FAILED,
    );
    const bad = req("x", { metadata: { custom: { backend: 42 } } });
    assert.equal(await codeOf(router.execute(bad)), ErrorCode.ROUTING_FAILED);
    assert.equal(echo.calls.length, 0);
  });

  it("falls back from an unavailable named backend; with none it is NO_BACKEND_AVAILABLE", async () => {
    const router = createRouter().register("a", createEchoAdapter()).register(
      "b",
      createEchoAdapter(),
    );
    router.openCircuitBreaker("a");
    const response = await router.execute(to("a"));
    assert.equal(routingOf(response).backend, "b");
    assert.equal(routingOf(response).reason, "explicit-unavailable");
    assert.equal(routingOf(response).fallbacks, 1);
    assert.equal(await router.selectBackend(to("a")), "b");
    const strict = createRouter({ fallbackStrategy: "none" })
      .register("a", createEchoAdapter()).register("b", createEchoAdapter());
    strict.openCircuitBreaker("a");
    assert.equal(
      await codeOf(strict.execute(to("a"))),
      ErrorCode.NO_BACKEND_AVAILABLE,
    );
    assert.equal(
      await codeOf(strict.selectBackend(to("a"))),
      ErrorCode.NO_BACKEND_AVAILABLE,
    );
  });

  it("uses defaultBackend, then the first available backend", async () => {
    const router = createRouter({ defaultBackend: "b" })
      .register("a", createEchoAdapter()).register("b", createEchoAdapter());
    assert.equal(await router.selectBackend(req()), "b");
    assert.equal(routingOf(await router.execute(req())).reason, "default");
    router.openCircuitBreaker("b");
    assert.equal(await router.selectBackend(req()), "a");
    assert.equal(
      routingOf(await router.execute(req())).reason,
      "first-available",
    );
  });

  it("NO_BACKEND_AVAILABLE when nothing is available, whatever the fallback", async () => {
    for (
      const fallbackStrategy of ["none", "sequential", "parallel"] as const
    ) {
      const router = createRouter({ fallbackStrategy });
      assert.equal(
        await codeOf(router.execute(req())),
        ErrorCode.NO_BACKEND_AVAILABLE,
      );
      router.register("a", createMockAdapter({ healthy: false }));
      await router.checkHealth();
      assert.equal(
        await codeOf(router.execute(req())),
        ErrorCode.NO_BACKEND_AVAILABLE,
      );
      assert.equal(
        await codeOf(router.selectBackend(req())),
        ErrorCode.NO_BACKEND_AVAILABLE,
      );
    }
    const custom = createRouter({
      fallbackStrategy: "custom",
      customFallback: () => Promise.resolve(null),
    })
      .register("a", createEchoAdapter());
    custom.openCircuitBreaker("a");
    assert.equal(
      await codeOf(custom.execute(req())),
      ErrorCode.NO_BACKEND_AVAILABLE,
    );
  });

  it("never mutates the caller's request", async () => {
    const request: IRChatRequest = {
      messages: [{ role: "user", content: "hi" }],
      parameters: {
        model: "gpt-4o",
        temperature: 0.1,
        vendorKnob: { deep: true },
      },
      metadata: { requestId: "r1", custom: { backend: "b", tag: [1] } },
    };
    const snapshot = structuredClone(request);
    const router = createRouter({
      modelTranslation: { defaultModels: { b: "small" } },
    })
      .register("a", createFailingAdapter())
      .register(
        "b",
        createEchoAdapter({
          metadata: { capabilities: { streaming: true, models: ["small"] } },
        }),
      );
    await router.execute(request);
    for await (const _ of router.executeStream(request)) { /* drain */ }
    await router.dispatchParallel(request, { strategy: "all" });
    assert.deepEqual(request, snapshot);
  });
});

describe("strategies", () => {
  it("model-based: exact names beat globs; unmapped models fall through", async () => {
    const router = createRouter({
      routingStrategy: "model-based",
      defaultBackend: "c",
    })
      .register("a", createEchoAdapter()).register("b", createEchoAdapter())
      .register("c", createEchoAdapter());
    router.setModelMapping({
      "gpt-*": "a",
      "gpt-4o-special": "b",
      "claude-?": "b",
    });
    const model = (m: string) => req("x", { parameters: { model: m } });
    assert.equal(await router.selectBackend(model("gpt-4o")), "a");
    assert.equal(await router.selectBackend(model("gpt-4o-special")), "b");
    assert.equal(await router.selectBackend(model("claude-3")), "b");
    assert.equal(await router.selectBackend(model("claude-35")), "c");
    assert.equal(await router.selectBackend(req()), "c");
    assert.equal(
      routingOf(await router.execute(model("gpt-4o"))).reason,
      "model-mapping",
    );
  });

  it("cost-optimized needs trackCost, tries untried backends once, then the cheapest", async () => {
    const off = createRouter({
      routingStrategy: "cost-optimized",
      defaultBackend: "b",
    })
      .register("a", createMockAdapter({ cost: 1 })).register(
        "b",
        createMockAdapter({ cost: 5 }),
      );
    assert.equal(await off.selectBackend(req()), "b");

    const router = createRouter({
      routingStrategy: "cost-optimized",
      trackCost: true,
    })
      .register("pricey", createMockAdapter({ cost: 5 }))
      .register("plain", createEchoAdapter())
      .register("cheap", createMockAdapter({ cost: 1 }));
    const picks: string[] = [];
    for (let i = 0; i < 4; i++) {
      picks.push(routingOf(await router.execute(req())).backend);
    }
    assert.deepEqual(picks, ["pricey", "cheap", "cheap", "cheap"]);
    assert.equal(router.getBackendStats("cheap")?.totalCost, 3);
    assert.equal(router.getBackendStats("pricey")?.averageCost, 5);
  });

  it("latency-optimized tries each untried backend once, then the fastest", async () => {
    const clock = manualClock();
    const slowBy = (ms: number) =>
      createMockAdapter({
        responses: () => {
          clock.t += ms;
          return reply(`${ms}`);
        },
      });
    const router = createRouter({
      routingStrategy: "latency-optimized",
      now: clock.now,
    })
      .register("slow", slowBy(50)).register("fast", slowBy(5)).register(
        "mid",
        slowBy(20),
      );
    const picks: string[] = [];
    const reasons: string[] = [];
    for (let i = 0; i < 5; i++) {
      const trace = routingOf(await router.execute(req()));
      picks.push(trace.backend);
      reasons.push(trace.reason);
    }
    assert.deepEqual(picks, ["slow", "fast", "mid", "fast", "fast"]);
    assert.deepEqual(reasons, [
      "untried",
      "untried",
      "untried",
      "lowest-latency",
      "lowest-latency",
    ]);
    const late = createEchoAdapter();
    router.register("late", late);
    assert.equal(routingOf(await router.execute(req())).backend, "late");
  });

  it("latency-optimized without trackLatency falls through to the default", async () => {
    const router = createRouter({
      routingStrategy: "latency-optimized",
      trackLatency: false,
      defaultBackend: "b",
    })
      .register("a", createEchoAdapter()).register("b", createEchoAdapter());
    assert.equal(await router.selectBackend(req()), "b");
  });

  it("round-robin cycles in registration order and is stable under availability changes", async () => {
    const router = createRouter({ routingStrategy: "round-robin" })
      .register("a", createEchoAdapter()).register("b", createEchoAdapter())
      .register("c", createEchoAdapter());
    const next = async () => routingOf(await router.execute(req())).backend;
    assert.deepEqual([await next(), await next(), await next(), await next()], [
      "a",
      "b",
      "c",
      "a",
    ]);
    router.openCircuitBreaker("c");
    assert.deepEqual([await next(), await next(), await next()], [
      "b",
      "a",
      "b",
    ]);
    router.closeCircuitBreaker("c");
    assert.deepEqual([await next(), await next(), await next()], [
      "c",
      "a",
      "b",
    ]);
  });

  it("random uses the injected random source over available backends", async () => {
    const values = [0.0, 0.99, 0.5];
    let i = 0;
    const router = createRouter({
      routingStrategy: "random",
      random: () => values[i++ % values.length],
    })
      .register("a", createEchoAdapter()).register("b", createEchoAdapter())
      .register("c", createEchoAdapter());
    const picks = [];
    for (let k = 0; k < 3; k++) {
      picks.push(routingOf(await router.execute(req())).backend);
    }
    assert.deepEqual(picks, ["a", "c", "b"]);
    router.openCircuitBreaker("a");
    assert.equal(routingOf(await router.execute(req())).backend, "b"); // 0.0 over [b, c]
  });

  it("custom: uses the result, validates it, null falls through", async () => {
    let choice: unknown = "b";
    const seen: {
      available: readonly string[];
      preferred?: string;
      tag?: unknown;
    }[] = [];
    const router = createRouter({
      routingStrategy: "custom",
      defaultBackend: "c",
      customRouter: (_request, available, context) => {
        seen.push({
          available,
          preferred: context.preferredBackend,
          tag: context.metadata.tag,
        });
        assert.equal(typeof context.stats.totalRequests, "number");
        return Promise.resolve(choice as string | null);
      },
    }).register("a", createEchoAdapter()).register("b", createEchoAdapter())
      .register("c", createEchoAdapter());
    router.openCircuitBreaker("a");
    assert.equal(routingOf(await router.execute(req())).backend, "b");
    assert.deepEqual(seen[0].available, ["b", "c"]);
    choice = null;
    assert.equal(routingOf(await router.execute(req())).backend, "c");
    choice = "zzz";
    assert.equal(await codeOf(router.execute(req())), ErrorCode.ROUTING_FAILED);
    choice = "a";
    assert.equal(await codeOf(router.execute(req())), ErrorCode.ROUTING_FAILED);
    choice = 7;
    assert.equal(await codeOf(router.execute(req())), ErrorCode.ROUTING_FAILED);
    choice = "b";
    await router.execute(
      req("x", { metadata: { custom: { backend: "c", tag: "t" } } }),
    );
    assert.equal(seen[seen.length - 1].preferred, "c");
    assert.equal(seen[seen.length - 1].tag, "t");
    const throwing = createRouter({
      routingStrategy: "custom",
      customRouter: () => Promise.reject(new Error("x")),
    })
      .register("a", createEchoAdapter());
    assert.equal(
      await codeOf(throwing.execute(req())),
      ErrorCode.ROUTING_FAILED,
    );
  });

  it("capability-based routing skips adapters that cannot serve the request", async () => {
    const router = createRouter({ capabilityBasedRouting: true })
      .register(
        "plain",
        createEchoAdapter({
          metadata: {
            capabilities: { streaming: false, tools: false, vision: false },
          },
        }),
      )
      .register("full", createEchoAdapter());
    const withTools = req("x", { tools: [{ name: "t", parameters: {} }] });
    const withImage: IRChatRequest = {
      messages: [{
        role: "user",
        content: [{
          type: "image",
          source: { type: "url", url: "https://x/y.png" },
        }],
      }],
    };
    assert.equal(await router.selectBackend(withTools), "full");
    assert.equal(await router.selectBackend(withImage), "full");
    assert.equal(await router.selectBackend(req()), "plain");
    let streamedBy = "";
    for await (const chunk of router.executeStream(req())) {
      if (chunk.type === "done") {
        streamedBy = (chunk.metadata?.routing as { backend: string }).backend;
      }
    }
    assert.equal(streamedBy, "full");
    router.openCircuitBreaker("full");
    assert.equal(
      await codeOf(router.execute(withTools)),
      ErrorCode.NO_BACKEND_AVAILABLE,
    );
  });

  it("capability-based routing picks by optimisation score", async () => {
    const clock = manualClock();
    const slow = createMockAdapter({
      cost: 0.1,
      responses: () => {
        clock.t += 100;
        return reply("slow");
      },
    });
    const fast = createMockAdapter({
      cost: 1,
      responses: () => {
        clock.t += 1;
        return reply("fast");
      },
    });
    const base = {
      capabilityBasedRouting: true,
      trackCost: true,
      now: clock.now,
    } as const;
    const speed = createRouter({ ...base, optimization: "speed" }).register(
      "slow",
      slow,
    ).register("fast", fast);
    const cost = createRouter({
      ...base,
      optimizationWeights: { cost: 1, speed: 0, quality: 0 },
    })
      .register("slow", slow).register("fast", fast);
    for (const router of [speed, cost]) {
      await router.execute(to("slow"));
      await router.execute(to("fast"));
    }
    assert.equal(routingOf(await speed.execute(req())).backend, "fast");
    assert.equal(routingOf(await speed.execute(req())).reason, "best-score");
    assert.equal(routingOf(await cost.execute(req())).backend, "slow");
  });

  it("model translation substitutes unserved models and warns", async () => {
    const { warnings, onWarning } = collectWarnings();
    const claude = createEchoAdapter({
      metadata: {
        defaultModel: "claude-haiku",
        capabilities: {
          streaming: true,
          models: ["claude-haiku", "claude-sonnet"],
        },
      },
    });
    const router = createRouter({
      onWarning,
      modelTranslation: {
        strategy: "default",
        mapping: { claude: { "gpt-4o*": "claude-sonnet" } },
      },
    }).register("claude", claude);
    const model = (m: string) => req("x", { parameters: { model: m } });
    await router.execute(model("gpt-4o-mini"));
    await router.execute(model("llama3"));
    await router.execute(model("claude-haiku"));
    assert.deepEqual(claude.calls.map((c) => c.request?.parameters?.model), [
      "claude-sonnet",
      "claude-haiku",
      "claude-haiku",
    ]);
    const subs = warnings.filter((w) => w.code === "model-substituted");
    assert.deepEqual(subs.map((w) => [w.details?.from, w.details?.to]), [[
      "gpt-4o-mini",
      "claude-sonnet",
    ], ["llama3", "claude-haiku"]]);

    const exact = createRouter({
      modelTranslation: {
        strategy: "exact",
        mapping: { c: { "gpt-*": "x", "gpt-4": "y" } },
      },
    });
    const c = createEchoAdapter();
    exact.register("c", c);
    await exact.execute(model("gpt-4"));
    await exact.execute(model("gpt-5"));
    assert.deepEqual(c.calls.map((call) => call.request?.parameters?.model), [
      "y",
      "gpt-5",
    ]);
  });
});

describe("fallback", () => {
  it("sequential follows the chain, else registration order; ALL_BACKENDS_FAILED keeps every error", async () => {
    const plain = { status: 503, message: "plain object" };
    const router = createRouter({ defaultBackend: "a" })
      .register("a", createFailingAdapter())
      .register("b", createFailingAdapter({ error: plain }))
      .register("c", createFailingAdapter({ error: "just a string" }));
    const error = await router.execute(req()).catch((e) => e);
    assert.ok(error instanceof RouterError);
    assert.equal(error.code, ErrorCode.ALL_BACKENDS_FAILED);
    assert.equal(error.isRetryable, true);
    assert.deepEqual(error.attemptedBackends, ["a", "b", "c"]);
    assert.deepEqual(error.errors.map((f) => f.error.code), [
      "PROVIDER_ERROR",
      "UNKNOWN",
      "UNKNOWN",
    ]);
    assert.ok(error.errors.every((f) => f.error instanceof AdapterError));
    assert.equal(error.errors[1].error.cause, plain);
    assert.equal(error.errors[1].error.message, "plain object");
    assert.equal(error.errors[2].error.cause, "just a string");
    router.setFallbackChain(["c"]);
    const chained = await router.execute(req()).catch((e) => e);
    assert.deepEqual(chained.attemptedBackends, ["a", "c"]);
  });

  it("sequential returns the first success with the trace of every attempt", async () => {
    const router = createRouter({ defaultBackend: "a" })
      .register("a", createFailingAdapter())
      .register("b", createFailingAdapter())
      .register("c", createEchoAdapter());
    router.setFallbackChain(["c", "b"]);
    const response = await router.execute(req());
    const trace = routingOf(response);
    assert.equal(trace.backend, "c");
    assert.deepEqual(
      trace.attempts.map((a) => [a.backend, a.ok, a.errorCode]),
      [
        ["a", false, "PROVIDER_ERROR"],
        ["c", true, undefined],
      ],
    );
    assert.equal(trace.fallbacks, 1);
    assert.equal(router.getStats().totalFallbacks, 1);
  });

  it("none rethrows the original error as-is", async () => {
    const original = new AdapterError({
      code: ErrorCode.RATE_LIMITED,
      message: "slow down",
      retryAfter: 5,
    });
    const router = createRouter({ fallbackStrategy: "none" })
      .register("a", createFailingAdapter({ error: original })).register(
        "b",
        createEchoAdapter(),
      );
    assert.equal(await router.execute(req()).catch((e) => e), original);
    const plain = createRouter({ fallbackStrategy: "none" }).register(
      "a",
      createFailingAdapter({ error: { oops: 1 } }),
    );
    const wrapped = await plain.execute(req()).catch((e) => e);
    assert.equal(wrapped.code, ErrorCode.UNKNOWN);
    assert.deepEqual(wrapped.cause, { oops: 1 });
  });

  it("parallel takes the first success and aborts the losers", async () => {
    const hanging = createHangingAdapter();
    const router = createRouter({
      fallbackStrategy: "parallel",
      defaultBackend: "a",
    })
      .register("a", createFailingAdapter())
      .register("h", hanging)
      .register("bad", createFailingAdapter())
      .register("ok", createEchoAdapter());
    const response = await router.execute(req());
    const trace = routingOf(response);
    assert.equal(trace.backend, "ok");
    assert.deepEqual(
      trace.attempts.map((a) => [a.backend, a.ok, a.errorCode]),
      [
        ["a", false, "PROVIDER_ERROR"],
        ["h", false, "ABORTED"],
        ["bad", false, "PROVIDER_ERROR"],
        ["ok", true, undefined],
      ],
    );
    assert.equal(hanging.calls.length, 1);
    assert.equal(
      router.getBackendStats("h")?.totalRequests,
      0,
      "a cancelled loser is not a failure",
    );
  });

  it("parallel: all failures are ALL_BACKENDS_FAILED", async () => {
    const router = createRouter({ fallbackStrategy: "parallel" })
      .register("a", createFailingAdapter()).register(
        "b",
        createFailingAdapter({ error: { x: 1 } }),
      )
      .register("c", createFailingAdapter());
    const error = await router.execute(req()).catch((e) => e);
    assert.equal(error.code, ErrorCode.ALL_BACKENDS_FAILED);
    assert.deepEqual(error.attemptedBackends, ["a", "b", "c"]);
    assert.equal(error.errors.length, 3);
  });

  it("custom: follows the function, null stops, bad names are ROUTING_FAILED", async () => {
    const calls: {
      failed: string;
      attempted: readonly string[];
      code: string;
    }[] = [];
    let plan: (string | null)[] = ["c", "b"];
    const router = createRouter({
      fallbackStrategy: "custom",
      customFallback: (_r, failed, error, attempted) => {
        calls.push({ failed, attempted, code: error.code });
        return Promise.resolve(plan.shift() ?? null);
      },
    })
      .register("a", createFailingAdapter())
      .register("b", createEchoAdapter())
      .register("c", createFailingAdapter({ error: { nope: true } }));
    assert.equal(routingOf(await router.execute(req())).backend, "b");
    assert.deepEqual(calls, [
      { failed: "a", attempted: ["a"], code: "PROVIDER_ERROR" },
      { failed: "c", attempted: ["a", "c"], code: "UNKNOWN" },
    ]);
    plan = [null];
    const stopped = await router.execute(req()).catch((e) => e);
    assert.equal(stopped.code, ErrorCode.ALL_BACKENDS_FAILED);
    assert.deepEqual(stopped.attemptedBackends, ["a"]);
    plan = ["a"];
    assert.equal(await codeOf(router.execute(req())), ErrorCode.ROUTING_FAILED);
    plan = ["missing"];
    assert.equal(await codeOf(router.execute(req())), ErrorCode.ROUTING_FAILED);
  });

  it("custom fallback that always answers the same failing name is bounded", async () => {
    const router = createRouter({
      fallbackStrategy: "custom",
      customFallback: () => Promise.resolve("b"),
    })
      .register("a", createFailingAdapter()).register(
        "b",
        createFailingAdapter(),
      );
    const error = await router.execute(req()).catch((e) => e);
    assert.equal(error.code, ErrorCode.ROUTING_FAILED);
    assert.deepEqual(error.attemptedBackends, ["a", "b"]);
  });

  it("an abort stops fallback with ABORTED", async () => {
    const controller = new AbortController();
    const later = createEchoAdapter();
    const router = createRouter()
      .register("h", createHangingAdapter())
      .register("b", later);
    const pending = router.execute(req(), controller.signal);
    controller.abort();
    const error = await pending.catch((e) => e);
    assert.ok(error instanceof RouterError);
    assert.equal(error.code, ErrorCode.ABORTED);
    assert.equal(later.calls.length, 0);
    assert.equal(
      await codeOf(router.execute(req(), controller.signal)),
      ErrorCode.ABORTED,
    );
  });

  it("malformed responses are INVALID_RESPONSE and trigger fallback", async () => {
    const router = createRouter()
      .register(
        "bad",
        createMockAdapter({ responses: () => ({ nope: true }) as never }),
      )
      .register("null", createMockAdapter({ responses: () => null as never }))
      .register("good", createEchoAdapter());
    const trace = routingOf(await router.execute(req()));
    assert.deepEqual(trace.attempts.map((a) => a.errorCode ?? "ok"), [
      "INVALID_RESPONSE",
      "INVALID_RESPONSE",
      "ok",
    ]);
  });

  it("an adapter that throws synchronously is a normal failure", async () => {
    const sync = {
      ...createEchoAdapter(),
      execute: () => {
        throw new TypeError("sync boom");
      },
    };
    const router = createRouter().register("s", sync).register(
      "e",
      createEchoAdapter(),
    );
    assert.equal(routingOf(await router.execute(req())).backend, "e");
  });
});
