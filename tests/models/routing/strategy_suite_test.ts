// One behavioural suite run against every routing strategy (the hono
// "common case" pattern): each implementation of routing/strategy.ts goes
// through the same cases, directly and through a Router configured with it.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  createRouter,
  type RouterConfig,
  type RoutingStrategy,
} from "../../../src/models/mod.ts";
import { createEchoAdapter } from "../../../src/models/testing.ts";
import { resolveSettings } from "../../../src/models/_config.ts";
import { RouterCounters } from "../../../src/models/_stats.ts";
import { BackendEntry } from "../../../src/models/_state.ts";
import type {
  EntryFilter,
  Plan,
  Selection,
  Strategy,
} from "../../../src/models/routing/strategy.ts";
import { createStrategy } from "../../../src/models/routing/create.ts";
import { ModelStrategy } from "../../../src/models/routing/model.ts";
import { req } from "../_helpers.ts";

/** Every strategy, with the config that makes it choose. */
import { localSource } from "../../../src/models/_backend_state.ts";
const CASES: readonly { name: RoutingStrategy; config: RouterConfig }[] = [
  { name: "explicit", config: {} },
  { name: "round-robin", config: {} },
  { name: "latency-optimized", config: {} },
  { name: "cost-optimized", config: { trackCost: true } },
  { name: "model-based", config: {} },
  { name: "random", config: { random: () => 0.5 } },
  {
    name: "custom",
    config: {
      customRouter: (_request, available) =>
        Promise.resolve(available[available.length - 1] ?? null),
    },
  },
];

const NAMES = ["a", "b", "c"];

function strategyFor(
  name: RoutingStrategy,
  config: RouterConfig,
): Strategy {
  const full = { ...config, routingStrategy: name };
  const settings = resolveSettings(full);
  const strategy = createStrategy(settings, full, new RouterCounters(0));
  if (strategy instanceof ModelStrategy) strategy.setMapping({ "m-*": "b" });
  return strategy;
}

function entries(): BackendEntry[] {
  const breaker = localSource({ enabled: false, threshold: 5, timeout: 1_000 });
  return NAMES.map((name, i) =>
    new BackendEntry(name, createEchoAdapter({ cost: i + 1 }), i, breaker)
  );
}

function selection(
  order: readonly BackendEntry[],
  usable: EntryFilter,
  peek = false,
): Selection {
  return {
    request: req("x", { parameters: { model: "m-1" } }),
    order,
    entries: new Map(order.map((e) => [e.name, e])),
    usable,
    now: 0,
    peek,
    named: undefined,
    signal: undefined,
  };
}

async function choose(
  strategy: Strategy,
  input: Selection,
): Promise<Plan | undefined> {
  return await strategy.select(input);
}

for (const { name, config } of CASES) {
  describe(`routing strategy "${name}" (shared suite)`, () => {
    it("chooses only a registered backend the availability test admits", async () => {
      const order = entries();
      for (const allowed of NAMES) {
        const usable: EntryFilter = (e) => e.name === allowed;
        const plan = await choose(
          strategyFor(name, config),
          selection(order, usable),
        );
        if (plan !== undefined) {
          assert.ok(order.includes(plan.entry!), "a registered entry");
          assert.equal(plan.entry!.name, allowed);
        }
      }
    });

    it("chooses nothing when no backend is available", async () => {
      const plan = await choose(
        strategyFor(name, config),
        selection(entries(), () => false),
      );
      assert.equal(plan, undefined);
    });

    it("a peek answers what the next real selection chooses", async () => {
      const strategy = strategyFor(name, config);
      const order = entries();
      const peeked = await choose(strategy, selection(order, () => true, true));
      const again = await choose(strategy, selection(order, () => true, true));
      const chosen = await choose(strategy, selection(order, () => true));
      assert.equal(peeked?.entry?.name, again?.entry?.name);
      assert.equal(peeked?.entry?.name, chosen?.entry?.name);
    });

    it("through a Router: routes to the one backend whose breaker is closed", async () => {
      const router = createRouter({ ...config, routingStrategy: name });
      for (const n of NAMES) router.register(n, createEchoAdapter({ cost: 1 }));
      router.setModelMapping({ "m-*": "b" });
      router.openCircuitBreaker("a");
      router.openCircuitBreaker("b");
      const request = req("x", { parameters: { model: "m-1" } });
      assert.equal(await router.selectBackend(request), "c");
      const response = await router.execute(request);
      assert.equal(
        (response.metadata.routing as { backend: string }).backend,
        "c",
      );
      router.dispose();
    });

    it("through a Router: a named backend is honoured (custom sees it as preferred)", async () => {
      const router = createRouter({ ...config, routingStrategy: name });
      for (const n of NAMES) router.register(n, createEchoAdapter({ cost: 1 }));
      const request = req("x", { metadata: { custom: { backend: "a" } } });
      const chosen = await router.selectBackend(request);
      assert.equal(chosen, name === "custom" ? "c" : "a");
      router.dispose();
    });
  });
}
