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
import { codeOf, drain, req, routingOf } from "../_helpers.ts";

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
  allowed?: readonly string[],
): Selection {
  return {
    request: req("x", { parameters: { model: "m-1" } }),
    order,
    entries: new Map(order.map((e) => [e.name, e])),
    // The Selector narrows `usable` by the allow-list before a strategy runs.
    usable: allowed === undefined
      ? usable
      : (e) => allowed.includes(e.name) && usable(e),
    now: 0,
    peek,
    named: undefined,
    signal: undefined,
    allowed,
  };
}

/** Each entry tried once, successfully: latency 10, 20, 30 ms; cost as given. */
function measured(order: BackendEntry[]): BackendEntry[] {
  const clocks = {
    now: () => 0,
    trackLatency: true,
    cooldownOnRateLimit: true,
  };
  order.forEach((entry, i) => {
    const ticket = entry.admit(0);
    entry.settle(
      {
        ok: true,
        backend: entry.name,
        response: { message: { role: "assistant", content: "" } },
        latencyMs: 10 * (i + 1),
      } as never,
      ticket,
      clocks,
    );
    entry.recordCost(i + 1);
  });
  return order;
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

    it("a scoped selection (allow-list) does not change what the next unscoped ones choose", async () => {
      // With data, so that ranking strategies rank: "a" is the fastest and
      // cheapest, "c" (the scoped requests' only choice) the slowest.
      const order = measured(entries());
      const all = () => true;
      const plain = strategyFor(name, config);
      const mixed = strategyFor(name, config);
      const expected: (string | undefined)[] = [];
      const got: (string | undefined)[] = [];
      for (let i = 0; i < 4; i++) {
        expected.push(
          (await choose(plain, selection(order, all)))?.entry?.name,
        );
      }
      for (let i = 0; i < 4; i++) {
        got.push((await choose(mixed, selection(order, all)))?.entry?.name);
        // A request scoped to "c" alone comes between every two.
        const scoped = await choose(
          mixed,
          selection(order, all, false, ["c"]),
        );
        if (scoped !== undefined) assert.equal(scoped.entry?.name, "c");
      }
      assert.deepEqual(got, expected);
    });

    it("through a Router: an unregistered backend is never chosen, whatever it was next", async () => {
      const router = createRouter({ ...config, routingStrategy: name });
      for (const n of ["a", "b", "c", "d"]) {
        router.register(n, createEchoAdapter({ cost: 1 }));
      }
      router.setModelMapping({ "m-*": "b" });
      const request = req("x", { parameters: { model: "m-1" } });
      const chosen: string[] = [];
      // Five calls: every backend has been tried, so a strategy that ranks
      // (latency) has a leader of its own by now.
      for (let i = 0; i < 5; i++) {
        chosen.push(routingOf(await router.execute(request)).backend);
      }
      // The backend the strategy would choose next leaves.
      const next = await router.selectBackend(request);
      router.unregister(next);
      for (let i = 0; i < 6; i++) {
        const peeked = await router.selectBackend(request);
        const backend = routingOf(await router.execute(request)).backend;
        assert.notEqual(backend, next);
        assert.equal(peeked, backend, "selectBackend told the next choice");
        chosen.push(backend);
      }
      if (name === "round-robin") {
        // a b c d a, then b leaves: the cursor moves on to c, not back to a.
        assert.deepEqual(chosen, [
          ..."abcda",
          ..."cdacda",
        ]);
      }
      router.dispose();
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

    it("through a Router: a request's allow-list is the only place it goes", async () => {
      // "north" is the default, the model mapping's choice and first in
      // registration order: every strategy would pick it without the list.
      const router = createRouter({
        ...config,
        routingStrategy: name,
        defaultBackend: "north",
      });
      const adapters = new Map(
        ["north", "south", "west"].map((n) => [n, createEchoAdapter()]),
      );
      for (const [n, adapter] of adapters) router.register(n, adapter);
      router.setModelMapping({ "m-*": "north" });
      const request = req("x", { parameters: { model: "m-1" } });
      const options = { backends: ["west"] };
      const response = await router.execute(request, undefined, options);
      assert.equal(routingOf(response).backend, "west");
      const chunks = await drain(
        router.executeStream(request, undefined, options),
      );
      const done = chunks.at(-1)!;
      assert.equal(done.type, "done");
      assert.equal(
        (done.metadata as { routing: { backend: string } }).routing.backend,
        "west",
      );
      // A named backend outside the list is refused before any call.
      const named = req("x", { metadata: { custom: { backend: "north" } } });
      assert.equal(
        await codeOf(router.execute(named, undefined, options)),
        "ROUTING_FAILED",
      );
      // The only allowed backend unavailable: no other backend is called,
      // and the error names none of them.
      router.openCircuitBreaker("west");
      let message = "";
      try {
        await router.execute(request, undefined, options);
        assert.fail("expected NO_BACKEND_AVAILABLE");
      } catch (error) {
        assert.equal((error as { code: string }).code, "NO_BACKEND_AVAILABLE");
        message = (error as Error).message;
      }
      const streamed = (await drain(
        router.executeStream(request, undefined, options),
      )).at(-1)!;
      assert.equal(
        streamed.type === "error" ? streamed.error.code : streamed.type,
        "NO_BACKEND_AVAILABLE",
      );
      for (const text of [message, JSON.stringify(streamed)]) {
        assert.doesNotMatch(text, /north|south/);
      }
      assert.equal(adapters.get("north")!.calls.length, 0);
      assert.equal(adapters.get("south")!.calls.length, 0);
      assert.equal(adapters.get("west")!.calls.length, 2);
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

describe('routing strategy "custom" and a request\'s allow-list', () => {
  it("a customRouter choosing a backend outside the list is ROUTING_FAILED, without its name", async () => {
    const router = createRouter({
      routingStrategy: "custom",
      customRouter: () => Promise.resolve("north"),
    });
    const north = createEchoAdapter();
    router.register("north", north).register("west", createEchoAdapter());
    try {
      await router.execute(req("x"), undefined, { backends: ["west"] });
      assert.fail("expected ROUTING_FAILED");
    } catch (error) {
      assert.equal((error as { code: string }).code, "ROUTING_FAILED");
      assert.doesNotMatch((error as Error).message, /north/);
    }
    assert.equal(north.calls.length, 0);
    router.dispose();
  });

  it("a malformed allow-list is INVALID_REQUEST", async () => {
    const router = createRouter().register("west", createEchoAdapter());
    const bad = { backends: "west" as unknown as string[] };
    assert.equal(
      await codeOf(router.execute(req("x"), undefined, bad)),
      "INVALID_REQUEST",
    );
    router.dispose();
  });
});

describe('routing strategy "round-robin" and allow-lists', () => {
  it("scoped requests rotate among their own backends; unscoped ones keep their turn", async () => {
    const router = createRouter({ routingStrategy: "round-robin" });
    for (const n of ["a", "b", "c", "d"]) {
      router.register(n, createEchoAdapter());
    }
    const scoped = { backends: ["b", "d"] };
    const picks: string[] = [];
    const run = async (options?: { backends: string[] }) =>
      picks.push(
        routingOf(await router.execute(req("x"), undefined, options)).backend,
      );
    await run();
    await run(scoped);
    await run();
    await run(scoped);
    await run(scoped);
    await run();
    assert.deepEqual(picks, ["a", "b", "b", "d", "b", "c"]);
    // "a" leaves: the scoped cursor (after "b") still points at "d".
    router.unregister("a");
    await run(scoped);
    await run();
    assert.deepEqual(picks.slice(6), ["d", "d"]);
    router.dispose();
  });
});
