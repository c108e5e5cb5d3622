// A custom routing hook is the operator's code: when it fails (throws, or
// picks a backend that does not exist or that the key may not use) the
// client gets a 500, not a 400 that blames its request nor a 503 that both
// SDKs would retry.
// Portable: the npm build runs this file under Node too.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway, hashKey } from "../../src/gateway/mod.ts";
import { createRouter } from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

function chat(model: string, key?: string): Request {
  return new Request("http://localhost/v1/chat/completions", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(key === undefined ? {} : { authorization: `Bearer ${key}` }),
    },
    body: JSON.stringify({
      model,
      messages: [{ role: "user", content: "hi" }],
    }),
  });
}

describe("routing hook failures through the gateway", () => {
  for (
    const [what, hook] of [
      ["fails", () => Promise.reject(new Error("hook bug"))],
      ["picks an unknown backend", () => Promise.resolve("nope")],
    ] as const
  ) {
    it(`a customRouter that ${what} is a 500 with a generic message`, async () => {
      const router = createRouter({
        routingStrategy: "custom",
        customRouter: hook,
      })
        .register("a", createEchoAdapter())
        .register("b", createEchoAdapter());
      const gateway = createGateway({ router });
      try {
        const response = await gateway(chat("anything"));
        assert.equal(response.status, 500);
        const body = await response.json();
        assert.equal(body.error.type, "server_error");
        assert.equal(body.error.code, "ROUTING_FAILED");
        assert.doesNotMatch(body.error.message, /hook bug|nope/);
      } finally {
        gateway.dispose();
        router.dispose();
      }
    });
  }

  it("a customRouter choosing a backend outside the key's list is a 500, and the other backend is not called", async () => {
    let bCalls = 0;
    const b = createEchoAdapter();
    const counted = {
      ...b,
      metadata: b.metadata,
      execute: (
        request: Parameters<typeof b.execute>[0],
        signal?: AbortSignal,
      ) => {
        bCalls++;
        return b.execute(request, signal);
      },
      executeStream: b.executeStream.bind(b),
    };
    const router = createRouter({
      routingStrategy: "custom",
      customRouter: () => Promise.resolve("b"),
    })
      .register("a", createEchoAdapter())
      .register("b", counted);
    const gateway = createGateway({
      router,
      keys: [{ id: "k", sha256: await hashKey("sk-k"), backends: ["a"] }],
    });
    try {
      const response = await gateway(chat("anything", "sk-k"));
      assert.equal(response.status, 500);
      assert.equal(bCalls, 0);
    } finally {
      gateway.dispose();
      router.dispose();
    }
  });
});
