// What the models-core draw of seed 20261176 showed untested:
// - selectBackend() naming a backend that is out answers the backend
//   fallback would try for that (non-streaming) call: under capability
//   routing a backend that cannot stream is still the next choice;
// - checkHealth() over every backend is the caller's wait, as healthCheck()
//   is: a probe that never answers is false once healthCheckTimeout passes,
//   and its timer keeps a script alive until then (a background probe's
//   timer would let the script end with the answer never printed).
import assert from "node:assert/strict";
import { createRouter } from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { run } from "../_bounded.ts";
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

Deno.test("checkHealth() of every backend: a probe that never answers is false once healthCheckTimeout passes; the wait keeps a script alive", async () => {
  const url = (path: string) =>
    JSON.stringify(new URL(path, import.meta.url).href);
  const script = `
import { createRouter } from ${url("../../src/models/mod.ts")};
import { createEchoAdapter } from ${url("../../src/models/testing.ts")};
const deaf = { ...createEchoAdapter(), healthCheck: () => new Promise(() => {}) };
const router = createRouter({ healthCheckTimeout: 200 })
  .register("deaf", deaf)
  .register("up", createEchoAdapter());
// Not awaited at top level: only pending timers keep the process alive.
router.checkHealth().then((health) => {
  console.log(JSON.stringify(health));
  router.dispose();
});
`;
  const result = await run(Deno.execPath(), {
    args: ["eval", "--no-lock", script],
    timeoutMs: 30_000,
  });
  assert.deepEqual(JSON.parse(result.out.trim() || "null"), {
    deaf: false,
    up: true,
  }, result.err);
  assert.equal(result.code, 0);
});
