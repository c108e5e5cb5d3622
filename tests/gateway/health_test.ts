// The probes: /healthz (alive) and /readyz (a backend usable, the shared
// store answering), unauthenticated and unlogged, as orchestrators call them.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway, hashKey } from "../../src/gateway/mod.ts";
import { createMemoryStore } from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
} from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";

function get(path: string, method = "GET"): Request {
  return new Request(`http://localhost${path}`, { method });
}

describe("gateway probes", () => {
  it("/healthz and /readyz answer without a key and write no log line", async () => {
    const logged: unknown[] = [];
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
      keys: [{ id: "a", sha256: await hashKey("sk-a") }],
      logger: (entry) => logged.push(entry),
    });
    try {
      const health = await gateway(get("/healthz"));
      assert.equal(health.status, 200);
      assert.deepEqual(await health.json(), { status: "ok" });
      const ready = await gateway(get("/readyz"));
      assert.equal(ready.status, 200);
      assert.deepEqual(await ready.json(), {
        status: "ready",
        backends: { echo: "closed" },
        store: "none",
      });
      const head = await gateway(get("/readyz", "HEAD"));
      assert.equal(head.status, 200);
      const post = await gateway(get("/healthz", "POST"));
      assert.equal(post.status, 405);
      assert.equal(post.headers.get("allow"), "GET, HEAD");
      // Other routes still need the key.
      assert.equal((await gateway(get("/v1/models"))).status, 401);
      assert.equal(logged.length, 1, "only the /v1/models request is logged");
    } finally {
      gateway.dispose();
    }
  });

  it("/readyz is 503 once every backend's breaker is open, 200 while one is closed", async () => {
    const failing = () =>
      createFailingAdapter({
        error: { code: "PROVIDER_ERROR", retryable: true },
      });
    const build = (second: "failing" | "echo") =>
      createGateway({
        backends: [
          ["a", failing()],
          ["b", second === "failing" ? failing() : createEchoAdapter()],
        ],
        routerConfig: {
          enableCircuitBreaker: true,
          circuitBreakerThreshold: 1,
          fallbackStrategy: "none",
        },
      });
    for (const second of ["failing", "echo"] as const) {
      const gateway = build(second);
      try {
        for (const model of ["a", "b"]) {
          const response = await gateway(
            new Request("http://localhost/v1/chat/completions", {
              method: "POST",
              body: JSON.stringify({
                model,
                messages: [{ role: "user", content: "hi" }],
              }),
            }),
          );
          await response.body?.cancel();
        }
        const ready = await gateway(get("/readyz"));
        const body = await ready.json();
        if (second === "failing") {
          assert.equal(ready.status, 503);
          assert.deepEqual(body.backends, { a: "open", b: "open" });
          assert.deepEqual(body.reasons, [
            "every backend's circuit is open (a, b)",
          ]);
        } else {
          assert.equal(ready.status, 200, JSON.stringify(body));
          assert.deepEqual(body.backends, { a: "open", b: "closed" });
        }
      } finally {
        gateway.dispose();
      }
    }
  });

  it("/readyz is 503 when the shared store fails or does not answer within its bound", async () => {
    for (const fault of ["rejects", "hangs"] as const) {
      const store = createMemoryStore();
      store.readHealth = () =>
        fault === "rejects"
          ? Promise.reject(new Error("ECONNREFUSED"))
          : new Promise(() => {});
      const gateway = createGateway({
        backends: [["echo", createEchoAdapter()]],
        store,
      });
      try {
        const ready = await withTimeout(
          gateway(get("/readyz")),
          10_000,
          `/readyz with a store that ${fault}`,
        );
        assert.equal(ready.status, 503);
        const body = await ready.json();
        assert.equal(body.store, "unavailable");
        assert.match(
          body.reasons[0],
          fault === "rejects"
            ? /^the shared store \(Redis\) failed the probe read$/
            : /^the shared store \(Redis\) did not answer within 1000 ms$/,
        );
        assert.doesNotMatch(JSON.stringify(body), /ECONNREFUSED/);
      } finally {
        gateway.dispose();
      }
    }
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
      store: createMemoryStore(),
    });
    try {
      const ready = await gateway(get("/readyz"));
      assert.equal(ready.status, 200);
      assert.equal((await ready.json()).store, "ok");
    } finally {
      gateway.dispose();
    }
  });
});
