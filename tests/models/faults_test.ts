// Fault injection: every kind of misbehaving adapter at once, under 1,000
// concurrent calls. Every call must settle exactly once with a typed error or
// a response, and the statistics must add up.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  AdapterError,
  createRouter,
  type FallbackStrategy,
} from "../../src/models/mod.ts";
import {
  createDelayedAdapter,
  createEchoAdapter,
  createFailingAdapter,
  createFlakyAdapter,
  createHangingAdapter,
  createMockAdapter,
} from "../../src/models/testing.ts";
import { tick, to } from "./_helpers.ts";
import { waitUntil } from "../_timeout.ts";

const BACKENDS = [
  "plain",
  "late",
  "hang",
  "deaf",
  "malformed",
  "flaky",
  "echo",
  "slow",
] as const;

function faultyRouter(fallbackStrategy: FallbackStrategy) {
  return createRouter({
    fallbackStrategy,
    enableCircuitBreaker: true,
    circuitBreakerThreshold: 5,
    circuitBreakerTimeout: 2,
    customFallback: (_request, _failed, _error, attempted, available) =>
      Promise.resolve(
        available.find((name) => !attempted.includes(name)) ?? null,
      ),
  })
    .register(
      "plain",
      createFailingAdapter({ error: { status: 500, detail: "plain object" } }),
    )
    .register(
      "late",
      createDelayedAdapter(createFailingAdapter({ error: "late string" }), 1),
    )
    .register("hang", createHangingAdapter())
    .register("deaf", createHangingAdapter({ ignoreAbort: true }))
    .register(
      "malformed",
      createMockAdapter({ responses: () => ({ message: 42 }) as never }),
    )
    .register(
      "flaky",
      createFlakyAdapter(createEchoAdapter(), {
        failEvery: 3,
        error: { flaky: true },
      }),
    )
    .register("echo", createEchoAdapter())
    .register("slow", createDelayedAdapter(createEchoAdapter(), 2));
}

/** Small deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("fault injection", () => {
  for (
    const strategy of ["sequential", "parallel", "custom", "none"] as const
  ) {
    it(`1,000 concurrent calls settle exactly once (${strategy} fallback)`, async () => {
      const router = faultyRouter(strategy);
      const random = prng(42);
      const N = 1_000;
      const settled = new Array<number>(N).fill(0);
      const controllers: AbortController[] = [];
      let resolved = 0;
      let rejected = 0;
      const badRejections: unknown[] = [];
      const calls: Promise<void>[] = [];
      for (let i = 0; i < N; i++) {
        const controller = new AbortController();
        controllers.push(controller);
        const backend = BACKENDS[Math.floor(random() * BACKENDS.length)];
        calls.push(
          router.execute(to(backend, `call ${i}`), controller.signal).then(
            (response) => {
              settled[i]++;
              resolved++;
              assert.equal(response.message.content, `call ${i}`);
            },
            (error) => {
              settled[i]++;
              rejected++;
              if (
                !(error instanceof AdapterError) ||
                typeof error.code !== "string"
              ) badRejections.push(error);
            },
          ),
        );
      }
      await tick(20);
      for (const controller of controllers) controller.abort();
      await Promise.all(calls);

      assert.deepEqual(badRejections, []);
      assert.ok(
        settled.every((n) => n === 1),
        "every call settled exactly once",
      );
      assert.equal(resolved + rejected, N);
      assert.ok(resolved > 0, "some calls succeed");
      const stats = router.getStats();
      assert.equal(stats.totalRequests, N);
      assert.equal(stats.successfulRequests, resolved);
      assert.equal(stats.failedRequests, rejected);
      let backendSuccesses = 0;
      for (const name of BACKENDS) {
        const b = stats.backendStats[name];
        assert.equal(
          b.totalRequests,
          b.successfulRequests + b.failedRequests,
          name,
        );
        assert.ok(b.successRate >= 0 && b.successRate <= 100);
        backendSuccesses += b.successfulRequests;
      }
      if (strategy !== "parallel") assert.equal(backendSuccesses, resolved);
      else assert.ok(backendSuccesses >= resolved);
      assert.equal(
        stats.backendStats.hang.totalRequests,
        0,
        "aborted calls are not failures",
      );
      router.dispose();
    });
  }

  it("error chunks, mid-stream breaks and deaf streams under concurrency", async () => {
    const router = createRouter()
      .register("chunk", createFailingAdapter({ errorChunk: true }))
      .register(
        "mid",
        createFailingAdapter({ failAfterChunks: 1, error: { plain: 1 } }),
      )
      .register("deaf", createHangingAdapter({ ignoreAbort: true }))
      .register("echo", createEchoAdapter())
      .setFallbackChain(["echo"]);
    const controller = new AbortController();
    const outcomes: string[] = [];
    const runs: Promise<void>[] = [];
    for (let i = 0; i < 200; i++) {
      const backend = ["chunk", "mid", "deaf", "echo"][i % 4];
      runs.push((async () => {
        let last = "";
        let previous = -1;
        for await (
          const chunk of router.executeStream(
            to(backend, "a b"),
            controller.signal,
          )
        ) {
          assert.ok(chunk.sequence > previous);
          previous = chunk.sequence;
          last = chunk.type === "error" ? chunk.error.code : chunk.type;
        }
        outcomes.push(`${backend}:${last}`);
      })());
    }
    // Every stream but the deaf ones ends on its own: wait for those 150,
    // then abort the 50 that can only end that way.
    await waitUntil(
      () => outcomes.length === 150,
      "the streams that end on their own did not",
    );
    controller.abort();
    await Promise.all(runs);
    const count = (s: string) => outcomes.filter((o) => o === s).length;
    assert.equal(outcomes.length, 200);
    assert.equal(
      count("chunk:done"),
      50,
      "error chunk before content falls back",
    );
    assert.equal(
      count("mid:UNKNOWN"),
      50,
      "a break after content ends with an error chunk",
    );
    assert.equal(count("deaf:ABORTED"), 50);
    assert.equal(count("echo:done"), 50);
    const stats = router.getStats();
    assert.equal(stats.totalRequests, 200);
    assert.equal(stats.successfulRequests, 100);
  });
});
