// A config file's gateway-wide settings reach the gateway built from it:
// `routing.fallbackChain`, `timeouts.requestMs`, `maxBodyBytes`,
// `maxStreams`, `passthrough`, `passthroughTokens`, `cache`, `admin` and
// `prices` are in `configOptions`' result (the options
// `createGatewayFromConfig` builds the gateway with), and the body limit is
// enforced by that gateway: a body past it is a 413, one under it answered. The config tests checked the
// parsed config only, so a setting parsed and then left behind went unseen.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  configOptions,
  createGatewayFromConfig,
  hashKey,
  parseGatewayConfig,
} from "../../src/gateway/mod.ts";

const ADMIN_SHA256 = await hashKey("sk-admin-options");

const CONFIG = JSON.stringify({
  backends: [
    { name: "a", provider: "echo" },
    { name: "b", provider: "echo" },
  ],
  routing: { fallbackChain: ["b", "a"] },
  timeouts: { requestMs: 1_500 },
  maxBodyBytes: 400,
  maxStreams: 3,
  passthrough: false,
  passthroughTokens: "all",
  cache: { store: "memory", ttlSeconds: 60 },
  admin: { sha256: ADMIN_SHA256 },
  prices: { "echo-model": { input: 1, output: 2 } },
});

function chat(text: string): Request {
  return new Request("http://localhost/v1/chat/completions", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      model: "a",
      messages: [{ role: "user", content: text }],
    }),
  });
}

describe("a config file's gateway-wide settings", () => {
  it("are the options the gateway is built with", async () => {
    const config = await parseGatewayConfig(CONFIG, () => undefined);
    const options = configOptions(config);
    assert.deepEqual(options.fallbackChain, ["b", "a"]);
    assert.equal(options.requestTimeoutMs, 1_500);
    assert.equal(options.maxBodyBytes, 400);
    assert.equal(options.maxStreams, 3);
    assert.equal(options.passthrough, false);
    assert.equal(options.passthroughTokens, "all");
    assert.equal(options.cache?.ttlSeconds, 60);
    assert.equal(options.admin?.sha256, ADMIN_SHA256);
    assert.ok(config.prices !== undefined);
    assert.deepEqual(options.prices, config.prices);
  });

  it("hold the gateway to the file's body limit", async () => {
    // Without the admin section, which would make every route need a key.
    const { admin: _, ...open } = JSON.parse(CONFIG);
    const gateway = createGatewayFromConfig(
      await parseGatewayConfig(JSON.stringify(open), () => undefined),
    );
    try {
      const small = await gateway(chat("hi"));
      assert.equal(small.status, 200, await small.text());
      const large = await gateway(chat("x".repeat(500)));
      assert.equal(large.status, 413, await large.text());
    } finally {
      gateway.dispose();
    }
  });
});
