// The config file's `cache` section and a key's `cache` switch: what is
// accepted, the one-line error for what is not, a `shared` store without a
// Redis refused at startup, and a memory cache built from the file.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  createGatewayFromConfig,
  parseGatewayConfig,
  planGateway,
} from "../../src/gateway/mod.ts";

const env = (name: string) => name === "K" ? "sk-k" : undefined;

async function refusal(text: string): Promise<string> {
  try {
    await parseGatewayConfig(text, env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`accepted: ${text}`);
}

describe("cache config", () => {
  it("reads the section and a key's switch", async () => {
    const config = await parseGatewayConfig(
      `{ "cache": { "store": "shared", "ttlSeconds": 0, "namespace": "evals", "enabled": false },
         "keys": [{ "id": "k", "key": "$K", "cache": true }] }`,
      env,
    );
    assert.deepEqual(config.responseCache, {
      store: "shared",
      ttlSeconds: 0,
      namespace: "evals",
      enabled: false,
    });
    assert.equal(config.keys[0].cache, true);
    const memory = await parseGatewayConfig(`{ "cache": {} }`, env);
    assert.deepEqual(memory.responseCache, { store: "memory" });
  });

  it("names the field of a bad value", async () => {
    const cases: Array<[string, string]> = [
      [
        `{"cache": {"store": "disk"}}`,
        "config: cache.store must be one of memory, shared",
      ],
      [
        `{"cache": {"ttlSeconds": -1}}`,
        "config: cache.ttlSeconds must be a non-negative integer",
      ],
      [
        `{"cache": {"ttlSeconds": 2592001}}`,
        "config: cache.ttlSeconds must be at most 2592000 (30 days)",
      ],
      [
        `{"cache": {"maxBytes": 0}}`,
        "config: cache.maxBytes must be a positive integer",
      ],
      [
        `{"cache": {"store": "shared", "maxBytes": 10}}`,
        'config: cache.maxBytes applies to the "memory" store only (Redis bounds its own memory)',
      ],
      [
        `{"cache": {"namespace": "a b"}}`,
        "config: cache.namespace must be 1 to 64 letters, digits, or _ . : -",
      ],
      [
        `{"cache": {"enabled": "yes"}}`,
        "config: cache.enabled must be true or false",
      ],
      [
        `{"keys": [{"id": "k", "key": "$K", "cache": 1}]}`,
        "config: keys[0].cache must be true or false",
      ],
    ];
    for (const [text, message] of cases) {
      assert.equal(await refusal(text), message, text);
    }
  });

  it("refuses a shared cache without a Redis when the gateway is planned", async () => {
    const text = `{ "cache": { "store": "shared" } }`;
    await assert.rejects(
      planGateway(
        (name) => name === "SWITCHYARD_CONFIG" ? "c.json" : undefined,
        () => text,
      ),
      /cache\.store is "shared" but no Redis is configured/,
    );
    const plan = await planGateway(
      (name) =>
        name === "SWITCHYARD_CONFIG"
          ? "c.json"
          : name === "REDIS_URL"
          ? "redis://127.0.0.1:6379"
          : undefined,
      () => text,
    );
    assert.equal(plan.cache?.store, "shared");
    assert.equal(
      plan.options.cache,
      undefined,
      "built on the command's connection",
    );
  });

  it("builds a memory cache from the file", async () => {
    const config = await parseGatewayConfig(
      `{ "backends": [{ "name": "echo", "provider": "echo" }], "cache": { "ttlSeconds": 60 } }`,
      env,
    );
    const gateway = createGatewayFromConfig(config);
    try {
      const send = () =>
        gateway(
          new Request("http://gw/v1/chat/completions", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              model: "echo",
              messages: [{ role: "user", content: "hi" }],
            }),
          }),
        );
      const first = await send();
      await first.body?.cancel();
      const second = await send();
      await second.body?.cancel();
      assert.deepEqual(
        [
          first.headers.get("x-switchyard-cache"),
          second.headers.get("x-switchyard-cache"),
        ],
        ["miss", "hit"],
      );
    } finally {
      gateway.dispose();
    }
  });
});
