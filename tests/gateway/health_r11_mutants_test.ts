// The probes (docs/gateway/operations.md, "Health probes"): their answers
// say `cache-control: no-store`, so no proxy between a load balancer and the
// gateway serves a stale "ready"; a wrong method is a 405 typed as the
// gateway's other 405s (`invalid_request_error`, `method_not_allowed`); and
// a gateway with no backend registered is not ready, saying why.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway } from "../../src/gateway/mod.ts";
import { createRouter } from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

function probe(path: string, method = "GET"): Request {
  return new Request(`http://localhost${path}`, { method });
}

describe("the health probes", () => {
  // Bugs (`_health.ts`: the `no-store` value emptied; the 405's type or
  // code emptied): a cached readiness answer, or a 405 a client cannot
  // tell by its code.
  it("answer no-store, and a wrong method with a typed 405", async () => {
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
    });
    try {
      for (const path of ["/healthz", "/readyz"]) {
        const ok = await gateway(probe(path));
        assert.equal(ok.status, 200, path);
        assert.equal(ok.headers.get("cache-control"), "no-store", path);
        await ok.body?.cancel();
        const refused = await gateway(probe(path, "DELETE"));
        assert.equal(refused.status, 405);
        assert.equal(refused.headers.get("allow"), "GET, HEAD");
        assert.equal(refused.headers.get("cache-control"), "no-store");
        const { error } = await refused.json();
        assert.equal(error.type, "invalid_request_error");
        assert.equal(error.code, "method_not_allowed");
      }
    } finally {
      gateway.dispose();
    }
  });

  // Bug (`_health.ts`, the "no backend is registered" reason dropped): a
  // gateway that can call nothing answered ready.
  it("/readyz is 503 when no backend is registered, saying so", async () => {
    const router = createRouter();
    const gateway = createGateway({ router });
    try {
      const response = await gateway(probe("/readyz"));
      assert.equal(response.status, 503);
      const body = await response.json();
      assert.equal(body.status, "not ready");
      assert.deepEqual(body.reasons, ["no backend is registered"]);
    } finally {
      gateway.dispose();
      router.dispose();
    }
  });
});
