// What the models-core draw of seed 20261176 showed untested:
// - selectBackend() naming a backend that is out answers the backend
//   fallback would try for that (non-streaming) call: under capability
//   routing a backend that cannot stream is still the next choice.
import assert from "node:assert/strict";
import { createRouter } from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { to } from "./_helpers.ts";

Deno.test("selectBackend: a named backend that is out gives way to the next one fallback tries for a call that does not stream, one that cannot stream included", async () => {
  const router = createRouter({
    fallbackStrategy: "sequential",
    enableCircuitBreaker: true,
    capabilityBasedRouting: true,
  })
    .register("named", createEchoAdapter())
    .register(
      "no-stream",
      createEchoAdapter({ metadata: { capabilities: { streaming: false } } }),
    )
    .register("streams", createEchoAdapter());
  try {
    router.openCircuitBreaker("named");
    // Twice: selecting moves nothing.
    for (let i = 0; i < 2; i++) {
      assert.equal(
        await withTimeout(router.selectBackend(to("named")), 5_000, "select"),
        "no-stream",
      );
    }
  } finally {
    router.dispose();
  }
});
