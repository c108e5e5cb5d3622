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
import { drain, req, routingOf } from "../_helpers.ts";

/** Every policy, with the config that makes it choose. */
import { localSource } from "../../../src/models/_backend_state.ts";
const CASES: readonly { name: FallbackStrategy; config: RouterConfig }[] = [
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

for (const { name, config } of CASES) {
  describe(`fallback policy "${name}" (shared suite)`, () => {
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
  });
}
