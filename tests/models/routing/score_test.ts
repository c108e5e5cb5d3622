// Capability-based routing's pick by score (`optimization`,
// `optimizationWeights`): cost and latency min–max normalised over the
// candidates with data, quality the success rate; a candidate without data
// scores the neutral 0.5 on that axis; ties keep registration order. Each
// case is set up through the Router on a manual clock: a backend's latency
// is what its answer moves the clock by, its cost its `estimateCost`.
import assert from "node:assert/strict";
import {
  createRouter,
  type IRChatResponse,
  type Router,
  type RouterConfig,
} from "../../../src/models/mod.ts";
import { createMockAdapter } from "../../../src/models/testing.ts";
import { manualClock, reply, req, routingOf, to } from "../_helpers.ts";

interface Spec {
  readonly name: string;
  /** estimateCost's answer; none: the adapter has no estimateCost. */
  readonly cost?: number;
  readonly ms: number;
}

/** A scoring router over `specs` (registration order), on a manual clock. */
function scoring(config: RouterConfig, specs: readonly Spec[]): Router {
  const clock = manualClock();
  const router = createRouter({
    capabilityBasedRouting: true,
    trackCost: true,
    now: clock.now,
    ...config,
  });
  for (const spec of specs) {
    router.register(
      spec.name,
      createMockAdapter({
        ...(spec.cost === undefined ? {} : { cost: spec.cost }),
        responses: (): IRChatResponse => {
          clock.t += spec.ms;
          return reply(spec.name);
        },
      }),
    );
  }
  return router;
}

/** Calls each named backend once, by name, so it has data. */
async function warm(router: Router, names: readonly string[]): Promise<void> {
  for (const name of names) await router.execute(to(name));
}

async function picked(router: Router): Promise<string> {
  const routing = routingOf(await router.execute(req()));
  assert.equal(routing.reason, "best-score");
  return routing.backend;
}

const CHEAP_SLOW = { name: "cheap", cost: 0.1, ms: 100 };
const DEAR_FAST = { name: "dear", cost: 1, ms: 1 };

Deno.test("explicit optimizationWeights override the optimization preset", async () => {
  const router = scoring({
    optimization: "speed",
    optimizationWeights: { cost: 1, speed: 0, quality: 0 },
  }, [DEAR_FAST, CHEAP_SLOW]);
  const preset = scoring({ optimization: "speed" }, [DEAR_FAST, CHEAP_SLOW]);
  try {
    await warm(router, ["dear", "cheap"]);
    await warm(preset, ["dear", "cheap"]);
    assert.equal(await picked(router), "cheap");
    assert.equal(await picked(preset), "dear");
  } finally {
    router.dispose();
    preset.dispose();
  }
});

Deno.test("a weight that is not a finite positive number counts as 0", async () => {
  for (const cost of [Infinity, -1, NaN]) {
    const router = scoring(
      { optimizationWeights: { cost, speed: 1, quality: 0 } },
      [CHEAP_SLOW, DEAR_FAST],
    );
    try {
      await warm(router, ["cheap", "dear"]);
      assert.equal(await picked(router), "dear", `cost weight ${cost}`);
    } finally {
      router.dispose();
    }
  }
});

Deno.test("a backend never called scores the neutral 0.5 on quality, below one that always answered", async () => {
  const router = scoring(
    { optimizationWeights: { cost: 0, speed: 0, quality: 1 } },
    [{ name: "new", cost: 1, ms: 1 }, { name: "proven", cost: 1, ms: 1 }],
  );
  try {
    await warm(router, ["proven"]);
    assert.equal(await picked(router), "proven");
  } finally {
    router.dispose();
  }
});

Deno.test("candidates with the same known cost score full marks, above one without data", async () => {
  const router = scoring(
    { optimizationWeights: { cost: 1, speed: 0, quality: 0 } },
    [
      { name: "unknown", ms: 1 },
      { name: "a", cost: 0.5, ms: 1 },
      { name: "b", cost: 0.5, ms: 1 },
    ],
  );
  try {
    await warm(router, ["a", "b"]);
    assert.equal(await picked(router), "a");
  } finally {
    router.dispose();
  }
});

Deno.test("a backend without data ranks level with one best on one axis and worst on the other, ties in registration order", async () => {
  const specs = [
    { name: "unknown", cost: 0.5, ms: 50 },
    DEAR_FAST,
    CHEAP_SLOW,
  ];
  const router = scoring({
    optimizationWeights: { cost: 1, speed: 1, quality: 0 },
  }, specs);
  // The same with the unknown one registered last: the first tied wins.
  const last = scoring(
    { optimizationWeights: { cost: 1, speed: 1, quality: 0 } },
    [DEAR_FAST, CHEAP_SLOW, specs[0]],
  );
  try {
    await warm(router, ["dear", "cheap"]);
    await warm(last, ["dear", "cheap"]);
    assert.equal(await picked(router), "unknown");
    assert.equal(await picked(last), "dear");
  } finally {
    router.dispose();
    last.dispose();
  }
});
