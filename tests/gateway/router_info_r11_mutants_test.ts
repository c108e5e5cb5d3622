// `GET /api/router` is the model router's backend info without the adapter
// objects (docs/gateway/operations.md): a backend that has been health
// checked shows when, as `lastHealthCheck`; one never checked has none.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway } from "../../src/gateway/mod.ts";
import { createRouter } from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

describe("GET /api/router", () => {
  // Bug (`_info.ts`, `lastHealthCheck !== undefined` → `===`): the time of
  // a backend's last health check was never shown.
  it("shows lastHealthCheck for a checked backend, none for the others", async () => {
    let now = 1_000;
    const router = createRouter({ now: () => now });
    router.register("checked", createEchoAdapter({ healthy: false }));
    router.register("never", createEchoAdapter());
    const gateway = createGateway({ router });
    try {
      now = 5_000;
      assert.equal(await router.checkHealth("checked"), false);
      now = 9_000;
      const response = await gateway(
        new Request("http://localhost/api/router"),
      );
      assert.equal(response.status, 200);
      const { backends } = await response.json();
      const byName = new Map<string, Record<string, unknown>>(
        backends.map((b: Record<string, unknown>) => [b.name, b]),
      );
      assert.equal(byName.get("checked")?.lastHealthCheck, 5_000);
      assert.equal(byName.get("checked")?.isHealthy, false);
      assert.equal("lastHealthCheck" in byName.get("never")!, false);
      assert.equal("adapter" in byName.get("never")!, false);
    } finally {
      gateway.dispose();
      router.dispose();
    }
  });
});
