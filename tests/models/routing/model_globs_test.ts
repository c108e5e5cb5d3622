// Model mapping globs (`model-based` routing, setModelMapping): `*` and `?`
// are the only wildcards; every other character of a model name matches
// itself, the dot of a version number included.
import assert from "node:assert/strict";
import { createRouter } from "../../../src/models/mod.ts";
import { createEchoAdapter } from "../../../src/models/testing.ts";
import { req, routingOf } from "../_helpers.ts";

Deno.test("a dot in a model glob matches a dot only", async () => {
  const router = createRouter({
    routingStrategy: "model-based",
    defaultBackend: "general",
  })
    .register("general", createEchoAdapter())
    .register("four-one", createEchoAdapter())
    .setModelMapping({ "gpt-4.1*": "four-one", "o?-mini": "four-one" });
  const routed = async (model: string) =>
    routingOf(await router.execute(req("x", { parameters: { model } })));
  try {
    assert.equal((await routed("gpt-4.1-mini")).backend, "four-one");
    assert.equal((await routed("gpt-4.1")).reason, "model-mapping");
    for (const model of ["gpt-401", "gpt-4o1-mini", "gpt-4-1"]) {
      assert.equal((await routed(model)).backend, "general", model);
    }
    assert.equal((await routed("o3-mini")).backend, "four-one");
    assert.equal((await routed("o3x-mini")).backend, "general");
  } finally {
    router.dispose();
  }
});
