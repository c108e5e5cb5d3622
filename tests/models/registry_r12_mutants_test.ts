// The registry at two edges the eleventh mutation round planted by hand:
// unregistering a backend moves every later one up, so unregistering one of
// those afterwards removes that backend and no other; and a Router whose
// backends list a single model between them says so in its metadata.
import assert from "node:assert/strict";
import { type BackendAdapter, createRouter } from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { req, routingOf } from "./_helpers.ts";

Deno.test("unregister: after an earlier backend left, unregistering a later one removes exactly it, and routing follows", async () => {
  const router = createRouter({ routingStrategy: "round-robin" })
    .register("a", createEchoAdapter())
    .register("b", createEchoAdapter())
    .register("c", createEchoAdapter())
    .register("d", createEchoAdapter());
  try {
    router.unregister("a");
    router.unregister("c");
    assert.deepEqual(router.listBackends(), ["b", "d"]);
    assert.deepEqual(router.getBackendInfo().map((i) => i.name), ["b", "d"]);
    router.unregister("b");
    assert.deepEqual(router.listBackends(), ["d"]);
    const picks: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await withTimeout(router.execute(req()), 5_000, "call");
      picks.push(routingOf(response).backend);
    }
    assert.deepEqual(picks, ["d", "d", "d"]);
  } finally {
    router.dispose();
  }
});

Deno.test("metadata: a single model listed by the backends is the Router's model list", () => {
  const listing = (models: string[]): BackendAdapter => {
    const echo = createEchoAdapter();
    return {
      ...echo,
      metadata: {
        ...echo.metadata,
        capabilities: { ...echo.metadata.capabilities, models },
      },
    };
  };
  const one = createRouter().register("x", listing(["m-1"]));
  assert.deepEqual(one.metadata.capabilities.models, ["m-1"]);
  // The same one model from two backends is still one.
  one.register("y", listing(["m-1"]));
  assert.deepEqual(one.metadata.capabilities.models, ["m-1"]);
  one.dispose();
});
