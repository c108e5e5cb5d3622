// The config file's `cache` section reaches the gateway as written
// (docs/gateway/cache.md): `ttlSeconds` bounds how long an answer is kept
// (0: not at all, where the default keeps it an hour), `enabled: false`
// leaves requests uncached unless they ask, and `maxBytes` bounds the memory
// store (an answer larger than it is not kept). An unknown field is refused.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  createGatewayFromConfig,
  parseGatewayConfig,
} from "../../src/gateway/mod.ts";

async function gatewayWith(cache: Record<string, unknown>, now: () => number) {
  const config = await parseGatewayConfig(
    JSON.stringify({ backends: [{ name: "echo", provider: "echo" }], cache }),
    () => undefined,
  );
  return createGatewayFromConfig(config, () => undefined, { now });
}

async function cacheHeader(
  gateway: (request: Request) => Promise<Response>,
  text = "hi",
): Promise<string | null> {
  const response = await gateway(
    new Request("http://localhost/v1/chat/completions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        model: "echo",
        messages: [{ role: "user", content: text }],
      }),
    }),
  );
  assert.equal(response.status, 200);
  await response.body?.cancel();
  return response.headers.get("x-switchyard-cache");
}

describe("the config's cache section", () => {
  // Bug (`cache/_config.ts`, `config.ttlSeconds === undefined` → `!==`):
  // the configured TTL was dropped for the default hour.
  it("ttlSeconds: 0 keeps nothing, where the default hour keeps the answer", async () => {
    const none = await gatewayWith({ ttlSeconds: 0 }, () => 1_000_000);
    try {
      assert.equal(await cacheHeader(none), "miss");
      assert.equal(await cacheHeader(none), "miss", "TTL 0: not kept");
    } finally {
      none.dispose();
    }
    const hour = await gatewayWith({}, () => 1_000_000);
    try {
      assert.equal(await cacheHeader(hour), "miss");
      assert.equal(await cacheHeader(hour), "hit");
    } finally {
      hour.dispose();
    }
  });

  // Bug (`cache/_config.ts`, `config.enabled === undefined` → `!==`):
  // `enabled: false` was dropped, so every request used the cache.
  it("enabled: false: requests bypass it", async () => {
    const gateway = await gatewayWith({ enabled: false }, () => 1_000_000);
    try {
      assert.equal(await cacheHeader(gateway), "bypass");
      assert.equal(await cacheHeader(gateway), "bypass");
    } finally {
      gateway.dispose();
    }
  });

  // Bug (`cache/_config.ts`, `config.maxBytes === undefined` → `!==`): the
  // memory store's bound was dropped for the default 64 MiB.
  it("maxBytes: an answer larger than the bound is not kept", async () => {
    const gateway = await gatewayWith({ maxBytes: 64 }, () => 1_000_000);
    try {
      const long = "x".repeat(1_000);
      assert.equal(await cacheHeader(gateway, long), "miss");
      assert.equal(await cacheHeader(gateway, long), "miss", "never stored");
    } finally {
      gateway.dispose();
    }
  });

  // Bug (`cache/_config.ts`, the `only(raw, "cache", …)` check dropped): a
  // misspelt field (`ttl`) was ignored without a word.
  it("refuses an unknown field, naming it", async () => {
    const error = await gatewayWith({ ttl: 60 }, () => 0).then(
      () => assert.fail("accepted"),
      (e: unknown) => e,
    );
    assert.match(String(error), /cache\.ttl is not a known field/);
  });

  // Bug (`cache/_config.ts`, `ttl > MAX_CACHE_TTL_SECONDS` → `>=`): the
  // documented maximum (30 days) was refused.
  it("takes the maximum TTL of 30 days and refuses one second more", async () => {
    const max = 30 * 24 * 3600;
    const gateway = await gatewayWith({ ttlSeconds: max }, () => 0);
    gateway.dispose();
    const error = await gatewayWith({ ttlSeconds: max + 1 }, () => 0).then(
      () => assert.fail("accepted"),
      (e: unknown) => e,
    );
    assert.match(String(error), /cache\.ttlSeconds must be at most/);
  });
});
