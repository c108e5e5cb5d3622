// One behavioural suite run against every fallback policy: each
// implementation of fallback/policy.ts goes through the same cases directly,
// and through a Router, where execute() and executeStream() must agree
// (fallback is written once, in fallback/run.ts).
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  createRouter,
  type FallbackStrategy,
  type RouterConfig,
} from "../../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
} from "../../../src/models/testing.ts";
import { resolveSettings } from "../../../src/models/_config.ts";
import { Registry } from "../../../src/models/_registry.ts";
import { Warnings } from "../../../src/models/_warnings.ts";
import type { BackendEntry } from "../../../src/models/_state.ts";
import { createPolicy } from "../../../src/models/fallback/create.ts";
import { FallbackState } from "../../../src/models/fallback/policy.ts";
import { Selector } from "../../../src/models/routing/selector.ts";
import { ExplicitStrategy } from "../../../src/models/routing/explicit.ts";
import { AdapterError } from "../../../src/models/errors.ts";
import { withTimeout } from "../../_timeout.ts";
import {
  drain,
  gated,
  manualClock,
  outcomesOf,
  req,
  routingOf,
  to,
} from "../_helpers.ts";

/** Every policy, with the config that makes it choose. */
import { localSource } from "../../../src/models/_backend_state.ts";
const CASES: readonly {
  name: FallbackStrategy;
  config: RouterConfig;
  label?: string;
}[] = [
  { name: "none", config: {} },
  { name: "sequential", config: {} },
  { name: "parallel", config: {} },
  {
    name: "custom",
    config: {
      customFallback: (_request, _failed, _error, attempted, available) =>
        Promise.resolve(
          available.find((n) => n !== "a" && !attempted.includes(n)) ?? null,
        ),
    },
  },
];

/**
 * The custom policy with a hook written as CustomFallbackFunction's docs
 * show it: the first name of `availableBackends`, trusting that list to hold
 * only backends it may choose.
 */
const FIRST_AVAILABLE: RouterConfig = {
  customFallback: (_request, _failed, _error, _attempted, available) =>
    Promise.resolve(available[0] ?? null),
};

/** A 503 from a provider. */
const unavailable = () =>
  new AdapterError({
    code: "PROVIDER_ERROR",
    statusCode: 503,
    message: "503 Service Unavailable",
  });

/** A 400 from a provider: the request's fault. */
const badRequest = () =>
  new AdapterError({
    code: "INVALID_REQUEST",
    statusCode: 400,
    message: "messages[0].content: field required",
  });

const ALL_CASES = [
  ...CASES,
  { name: "custom", config: FIRST_AVAILABLE, label: "custom, first available" },
] as const;

const NAMES = ["a", "b", "c", "d"];

/** A registry of four backends, the policy, and a state whose primary is "a". */
function setup(
  name: FallbackStrategy,
  config: RouterConfig,
  allowed?: readonly string[],
) {
  const full = { ...config, fallbackStrategy: name };
  const settings = resolveSettings(full);
  const registry = new Registry(
    undefined,
    localSource(settings.breaker),
    new Warnings(undefined),
  );
  for (const n of NAMES) registry.register(n, createEchoAdapter());
  const selector = new Selector(new ExplicitStrategy(), registry, settings);
  const state = new FallbackState(
    req(),
    "a",
    undefined,
    registry,
    selector,
    undefined,
    new AdapterError({ code: "PROVIDER_ERROR", message: "a failed" }),
    allowed,
  );
  return { policy: createPolicy(settings, full), registry, state };
}

/** Asks the policy until it stops (at most 10 times), marking each group tried. */
async function offers(
  name: FallbackStrategy,
  config: RouterConfig,
  before?: (registry: Registry) => void,
  allowed?: readonly string[],
): Promise<string[][]> {
  const { policy, registry, state } = setup(name, config, allowed);
  before?.(registry);
  const groups: string[][] = [];
  for (let i = 0; i < 10; i++) {
    const group: readonly BackendEntry[] = await policy.next(state);
    if (group.length === 0) break;
    const names = group.map((e) => e.name);
    groups.push(names);
    state.tried(names);
    state.failed(names[0], state.lastError);
  }
  return groups;
}

for (const { name, config, label } of ALL_CASES) {
  describe(`fallback policy "${label ?? name}" (shared suite)`, () => {
    it("never offers the primary or a backend twice, and stops", async () => {
      const groups = await offers(name, config);
      const all = groups.flat();
      assert.ok(!all.includes("a"));
      assert.equal(new Set(all).size, all.length);
      assert.ok(groups.length < 10, "the policy stops");
      if (name === "none") assert.deepEqual(all, []);
      else assert.deepEqual([...all].sort(), ["b", "c", "d"]);
    });

    it("never offers a backend that is unavailable", async () => {
      const all = (await offers(name, config, (registry) => {
        registry.require("c").breaker.forceOpen(0);
      })).flat();
      assert.ok(!all.includes("c"));
    });

    it("never offers a backend outside the request's allow-list", async () => {
      const all = (await offers(name, config, undefined, ["a", "c", "d"]))
        .flat();
      assert.deepEqual([...all].sort(), name === "none" ? [] : ["c", "d"]);
    });

    it("through a Router: fallback keeps to the allow-list, execute and executeStream alike", async () => {
      // "b" is next in line after the failing default "a": the list skips it.
      const b = createEchoAdapter();
      const c = createEchoAdapter();
      const router = createRouter({
        ...config,
        fallbackStrategy: name,
        defaultBackend: "a",
      })
        .register("a", createFailingAdapter())
        .register("b", b)
        .register("c", c);
      const outcomes = async (backends: string[]): Promise<string[]> => {
        const options = { backends };
        let executed: string;
        try {
          executed =
            routingOf(await router.execute(req("hi"), undefined, options))
              .backend;
        } catch (error) {
          executed = `error:${(error as { code: string }).code}`;
        }
        const last = (await drain(
          router.executeStream(req("hi"), undefined, options),
        )).at(-1)!;
        const streamed = last.type === "done"
          ? (last.metadata as { routing: { backend: string } }).routing.backend
          : `error:${last.type === "error" ? last.error.code : "?"}`;
        return [executed, streamed];
      };
      const failed = name === "none" ? "error:PROVIDER_ERROR" : "c";
      assert.deepEqual(await outcomes(["a", "c"]), [failed, failed]);
      // Only the failing backend allowed: its failure, no other backend.
      const alone = name === "none"
        ? "error:PROVIDER_ERROR"
        : "error:ALL_BACKENDS_FAILED";
      assert.deepEqual(await outcomes(["a"]), [alone, alone]);
      assert.equal(b.calls.length, 0);
      assert.equal(c.calls.length, name === "none" ? 0 : 2);
      router.dispose();
    });

    it("offers nothing when every other backend is unavailable", async () => {
      const all = (await offers(name, config, (registry) => {
        for (const n of ["b", "c", "d"]) {
          registry.require(n).breaker.forceOpen(0);
        }
      })).flat();
      assert.deepEqual(all, []);
    });

    it("execute and executeStream agree after the primary fails", async () => {
      const router = createRouter({
        ...config,
        fallbackStrategy: name,
        defaultBackend: "a",
      })
        .register("a", createFailingAdapter())
        .register("b", createEchoAdapter());
      let executed: string;
      try {
        executed = routingOf(await router.execute(req("hi"))).backend;
      } catch (error) {
        executed = `error:${(error as { code: string }).code}`;
      }
      const chunks = await drain(router.executeStream(req("hi")));
      const last = chunks[chunks.length - 1];
      const streamed = last.type === "done"
        ? (last.metadata as { routing: { backend: string } }).routing.backend
        : `error:${last.type === "error" ? last.error.code : "?"}`;
      assert.equal(streamed, executed);
      assert.equal(executed, name === "none" ? "error:PROVIDER_ERROR" : "b");
      router.dispose();
    });

    it("the second step: a client error after a 503 reaches the caller; no third backend answers", async () => {
      const clientError = badRequest();
      const b = createFailingAdapter({ error: clientError });
      const c = createEchoAdapter();
      const router = createRouter({
        ...config,
        fallbackStrategy: name,
        defaultBackend: "a",
      })
        .register("a", createFailingAdapter({ error: unavailable() }))
        .register("b", b)
        .register("c", c);
      const thrown = await router.execute(req("hi")).then(
        () => undefined,
        (error) => error,
      );
      const outcomes = await outcomesOf(router, req("hi"));
      if (name === "none") {
        assert.deepEqual(outcomes, [
          "error:PROVIDER_ERROR",
          "error:PROVIDER_ERROR",
        ]);
        assert.equal(b.calls.length, 0);
      } else if (name === "parallel") {
        // b and c race: the first success wins, as for any failure of b.
        assert.deepEqual(outcomes, ["c", "c"]);
      } else {
        assert.equal(thrown, clientError, "b's own error, not a fallback's");
        assert.deepEqual(outcomes, [
          "error:INVALID_REQUEST",
          "error:INVALID_REQUEST",
        ]);
        assert.equal(c.calls.length, 0, "c never hides b's client error");
        const info = router.getBackendInfo("b")!;
        assert.equal(info.stats.clientErrors, 3);
        assert.equal(info.stats.failedRequests, 0, "not b's failure");
      }
      router.dispose();
    });

    it("the first choice's failure, when final, is the very object its adapter threw", async () => {
      // `none` rethrows the original error; every policy does so for a
      // client error, which no fallback may hide.
      const own = new RangeError("backend bug: index out of range");
      const client = badRequest();
      for (const [error, final] of [[own, name === "none"], [client, true]]) {
        const router = createRouter({
          ...config,
          fallbackStrategy: name,
          defaultBackend: "a",
        })
          .register("a", createFailingAdapter({ error }))
          .register("b", createEchoAdapter());
        const outcome = await router.execute(req("hi")).then(
          (response) => routingOf(response).backend,
          (thrown) => thrown,
        );
        assert.equal(outcome, final ? error : "b");
        router.dispose();
      }
    });

    it("the second step: after two failures the third backend answers; all failing lists them in attempt order", async () => {
      const router = createRouter({
        ...config,
        fallbackStrategy: name,
        defaultBackend: "a",
      })
        .register("a", createFailingAdapter())
        .register("b", createFailingAdapter({ error: unavailable() }))
        .register("c", createEchoAdapter());
      assert.deepEqual(
        await outcomesOf(router, req("hi")),
        name === "none"
          ? ["error:PROVIDER_ERROR", "error:PROVIDER_ERROR"]
          : ["c", "c"],
      );
      assert.equal(router.getStats().totalFallbacks, name === "none" ? 0 : 4);
      if (name !== "none") {
        const trace = routingOf(await router.execute(req("hi")));
        const order = trace.attempts.map((a) => `${a.backend}:${a.ok}`);
        assert.equal(order[0], "a:false");
        // parallel starts b and c together: their order is the race's.
        assert.deepEqual(
          name === "parallel" ? order.slice(1).sort() : order.slice(1),
          ["b:false", "c:true"],
        );
        assert.equal(trace.fallbacks, 2);
      }
      router.dispose();

      const down = createRouter({
        ...config,
        fallbackStrategy: name,
        defaultBackend: "a",
      });
      for (const n of ["a", "b", "c"]) {
        down.register(n, createFailingAdapter({ error: unavailable() }));
      }
      const error = await down.execute(req("hi")).then(
        () => assert.fail("every backend fails"),
        (e) => e,
      );
      if (name === "none") assert.equal(error.code, "PROVIDER_ERROR");
      else {
        assert.equal(error.code, "ALL_BACKENDS_FAILED");
        const tried = error.attemptedBackends as string[];
        assert.equal(tried[0], "a");
        assert.deepEqual(
          name === "parallel" ? tried.slice(1).sort() : tried.slice(1),
          ["b", "c"],
        );
        assert.equal(error.errors.length, 3, "each backend's error kept");
      }
      down.dispose();
    });

    for (const mode of ["execute", "executeStream"] as const) {
      it(`${mode}: a backend unregistered while an earlier step is in flight is never started`, async () => {
        // While the first choice is in flight, "b" (next in line) leaves.
        const a = gated(unavailable());
        const b = createEchoAdapter();
        const router = createRouter({
          ...config,
          fallbackStrategy: name,
          defaultBackend: "a",
        })
          .register("a", a.adapter)
          .register("b", b)
          .register("c", createEchoAdapter())
          .register("d", createEchoAdapter());
        const pending = outcomeOf(router, mode, req("hi"));
        await withTimeout(a.started(), 5_000, "a was never called");
        router.unregister("b");
        a.open();
        const outcome = await withTimeout(pending, 5_000, "no outcome");
        if (name === "none") assert.equal(outcome, "error:PROVIDER_ERROR");
        else if (name === "parallel") assert.match(outcome, /^[cd]$/);
        else assert.equal(outcome, "c");
        assert.equal(b.calls.length, 0);
        router.dispose();
        if (name === "none" || name === "parallel") return;

        // One step later: "c" leaves while the fallback "b" is in flight,
        // after fallback has already listed its candidates.
        const second = gated(unavailable());
        const c = createEchoAdapter();
        const later = createRouter({
          ...config,
          fallbackStrategy: name,
          defaultBackend: "a",
        })
          .register("a", createFailingAdapter())
          .register("b", second.adapter)
          .register("c", c)
          .register("d", createEchoAdapter());
        const next = outcomeOf(later, mode, req("hi"));
        await withTimeout(second.started(), 5_000, "b was never called");
        later.unregister("c");
        second.open();
        assert.equal(await withTimeout(next, 5_000, "no outcome"), "d");
        assert.equal(c.calls.length, 0);
        later.dispose();
      });

      it(`${mode}: a named first choice that comes back between fallback steps is not called again`, async () => {
        const clock = manualClock();
        const a = createEchoAdapter();
        const b = gated(unavailable());
        const seen: string[][] = [];
        const hook = config.customFallback;
        const router = createRouter({
          ...config,
          ...(hook === undefined ? {} : {
            customFallback: (request, failed, error, attempted, available) => {
              seen.push([...available]);
              return hook(request, failed, error, attempted, available);
            },
          }),
          fallbackStrategy: name,
          now: clock.now,
        })
          .register("a", a)
          .register("b", b.adapter)
          .register("c", createEchoAdapter())
          .register("d", createEchoAdapter())
          // A chain naming the first choice too: it is skipped all the same.
          .setFallbackChain(["b", "a", "c", "d"]);
        router.openCircuitBreaker("a", 100);
        const pending = outcomeOf(router, mode, to("a", "hi"));
        if (name === "none") {
          assert.equal(await pending, "error:NO_BACKEND_AVAILABLE");
          assert.equal(b.calls, 0);
        } else {
          await withTimeout(b.started(), 5_000, "b was never called");
          clock.t += 100; // "a" half-open: available again
          b.open();
          const outcome = await withTimeout(pending, 5_000, "no outcome");
          if (name === "parallel") assert.match(outcome, /^[cd]$/);
          else assert.equal(outcome, "c");
        }
        assert.equal(a.calls.length, 0, "the named backend was not retried");
        for (const available of seen) {
          assert.ok(!available.includes("a"), "never offered as available");
        }
        router.dispose();
      });
    }
  });
}

/** What one execute() or executeStream() ends with: the backend, or `error:CODE`. */
async function outcomeOf(
  router: ReturnType<typeof createRouter>,
  mode: "execute" | "executeStream",
  request: ReturnType<typeof req>,
): Promise<string> {
  if (mode === "execute") {
    return await router.execute(request).then(
      (response) => routingOf(response).backend,
      (error) => `error:${error.code}`,
    );
  }
  const last = (await drain(router.executeStream(request))).at(-1)!;
  return last.type === "done"
    ? (last.metadata as { routing: { backend: string } }).routing.backend
    : `error:${last.type === "error" ? last.error.code : last.type}`;
}
