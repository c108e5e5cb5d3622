// Bugs planted by hand in the twelfth mutation round, on the models-core
// files with the fewest hand-list entries, that the suite let through:
// - under capability routing, a backend whose metadata declares no
//   capabilities (an untyped adapter) is taken to stream, as the Router's
//   own metadata already says, so a stream reaches it;
// - every strategy but custom answers a request that names its backend
//   (`metadata.custom.backend`) with that backend, even one it would not
//   have picked: the shared suite named the backend each strategy picks
//   first anyway, so cost-optimized ignoring the name went unseen.
import assert from "node:assert/strict";
import {
  type BackendAdapter,
  createRouter,
  type RouterConfig,
  type RoutingStrategy,
} from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { drain, req, routingOf, streamText } from "./_helpers.ts";

Deno.test("capability routing: a backend whose metadata declares no capabilities is taken to stream, twice (the cached reading too)", async () => {
  const echo = createEchoAdapter();
  const bare = {
    execute: echo.execute.bind(echo),
    executeStream: echo.executeStream.bind(echo),
  } as unknown as BackendAdapter;
  const router = createRouter({ capabilityBasedRouting: true })
    .register("bare", bare);
  try {
    for (const text of ["first", "second"]) {
      const chunks = await withTimeout(
        drain(router.executeStream(req(text))),
        5_000,
        text,
      );
      assert.equal(chunks.at(-1)?.type, "done");
      assert.equal(streamText(chunks), text);
    }
  } finally {
    router.dispose();
  }
});

const HONOURING: readonly [RoutingStrategy, RouterConfig][] = [
  ["explicit", {}],
  ["round-robin", {}],
  ["latency-optimized", {}],
  ["cost-optimized", { trackCost: true }],
  ["model-based", {}],
  ["random", { random: () => 0 }],
];

for (const [strategy, config] of HONOURING) {
  Deno.test(`${strategy}: a request naming a backend the strategy would not pick is answered by that backend, twice`, async () => {
    const adapters = ["a", "b", "c"].map((name) =>
      [name, createEchoAdapter({ cost: 1 })] as const
    );
    const router = createRouter({ ...config, routingStrategy: strategy });
    for (const [name, adapter] of adapters) router.register(name, adapter);
    // "c" is last in order, untried and no cheaper: no strategy picks it
    // unless the request names it.
    const named = req("x", { metadata: { custom: { backend: "c" } } });
    try {
      assert.equal(await router.selectBackend(req("x")), "a");
      for (let i = 0; i < 2; i++) {
        assert.equal(await router.selectBackend(named), "c");
        const response = await withTimeout(
          router.execute(named),
          5_000,
          `call ${i + 1}`,
        );
        assert.equal(routingOf(response).backend, "c");
        assert.equal(routingOf(response).reason, "explicit");
      }
      assert.deepEqual(adapters.map(([, a]) => a.calls.length), [0, 0, 2]);
    } finally {
      router.dispose();
    }
  });
}
