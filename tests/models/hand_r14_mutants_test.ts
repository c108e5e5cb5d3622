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
//   the new adapter either way).
import assert from "node:assert/strict";
import { createRouter, RouterError } from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createMockAdapter,
} from "../../src/models/testing.ts";
import {
  collectWarnings,
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
