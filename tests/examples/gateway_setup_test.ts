// What `deno task start` serves, decided from the environment and the config
// file (in process; serve_startup_test.ts runs serve.ts itself).
import assert from "node:assert/strict";
import { GatewayConfigError, planGateway } from "../../src/gateway/mod.ts";

function plan(vars: Record<string, string>, file = "") {
  return planGateway((name) => vars[name], () => file);
}

Deno.test("planGateway: a config object without backends keeps the environment shortcuts", async () => {
  const result = await plan(
    {
      SWITCHYARD_CONFIG: "gw.json",
      OPENAI_API_KEY: "sk-up",
      TEAM: "sk-team",
      HOST: "0.0.0.0",
    },
    JSON.stringify({
      keys: [{ id: "team", key: "$TEAM", rpm: 5 }],
      aliases: { fast: "openai/gpt-4o-mini" },
    }),
  );
  assert.equal(result.source, "env");
  assert.deepEqual(result.specs.map((spec) => spec.name), ["openai"]);
  assert.equal(result.options.keys?.[0].id, "team");
  assert.deepEqual(result.options.aliases, { fast: "openai/gpt-4o-mini" });
  assert.equal(
    result.host,
    "0.0.0.0",
    "keys make a non-loopback HOST acceptable",
  );
});

Deno.test("planGateway: config backends become specs; the older array form still works", async () => {
  const fromObject = await plan(
    { SWITCHYARD_CONFIG: "gw.json", UP_KEY: "sk-up" },
    JSON.stringify({
      backends: [
        {
          name: "up",
          provider: "openai",
          apiKey: "$UP_KEY",
          models: ["gpt-a"],
        },
        { name: "echo", provider: "echo" },
      ],
      routing: { fallback: "none" },
    }),
  );
  assert.equal(fromObject.source, "config");
  assert.deepEqual(fromObject.specs, [
    { name: "up", provider: "openai", apiKey: "sk-up", defaultModel: "gpt-a" },
    { name: "echo", provider: "echo" },
  ]);
  assert.deepEqual(fromObject.options.routerConfig, {
    fallbackStrategy: "none",
  });

  const fromArray = await plan(
    { SWITCHYARD_CONFIG: "list.json" },
    JSON.stringify([{ name: "echo", provider: "echo" }]),
  );
  assert.equal(fromArray.source, "config");
  assert.deepEqual(fromArray.specs, [{ name: "echo", provider: "echo" }]);
  assert.deepEqual(fromArray.options, {});
});

Deno.test("planGateway: errors are one GatewayConfigError line", async () => {
  const cases: Array<[Record<string, string>, string, RegExp]> = [
    [
      { SWITCHYARD_CONFIG: "gw.json" },
      '{"backends":[{"name":"a","provider":"nope"}]}',
      /^config: backends\[0\]\.provider names no known provider \("nope"/,
    ],
    [
      { SWITCHYARD_CONFIG: "gw.json" },
      '{"backends":[{"name":"a","provider":"openai"}]}',
      /^config: backends\[0\] .*needs an apiKey/,
    ],
    [
      { SWITCHYARD_CONFIG: "gw.json" },
      '{"keys":[{"id":"a","key":"$A","rpm":-1}]}',
      /^config: keys\[0\]\.key names environment variable A/,
    ],
    [
      { HOST: "192.168.0.9" },
      "",
      /^HOST=192\.168\.0\.9 is not a loopback address and no keys are configured/,
    ],
  ];
  for (const [vars, file, expected] of cases) {
    const error = await plan(vars, file).then(
      () => assert.fail(file),
      (e) => e,
    );
    assert.ok(error instanceof GatewayConfigError, String(error));
    assert.match(error.message, expected);
    assert.ok(!error.message.includes("\n"));
  }
});

Deno.test("planGateway: the config's maxStreams, passthrough settings and server limits reach the gateway and the listener", async () => {
  const result = await plan(
    { SWITCHYARD_CONFIG: "gw.json" },
    JSON.stringify({
      maxStreams: 4,
      passthrough: false,
      passthroughTokens: "all",
      server: { headersTimeoutMs: 2000, maxConnections: 10 },
    }),
  );
  assert.equal(result.options.maxStreams, 4);
  assert.equal(result.options.passthrough, false);
  assert.equal(result.options.passthroughTokens, "all");
  assert.deepEqual(result.server, {
    headersTimeoutMs: 2000,
    maxConnections: 10,
  });
  assert.deepEqual((await plan({})).server, {}, "defaults without a config");
});

Deno.test("planGateway: Redis from the config's redis, else REDIS_URL; a bad REDIS_URL is one line", async () => {
  const none = await planGateway(() => undefined, () => "");
  assert.equal(none.redis, undefined, "no Redis unless asked");
  const fromEnv = await planGateway(
    (name) => name === "REDIS_URL" ? "redis://10.0.0.5:6379" : undefined,
    () => "",
  );
  assert.deepEqual(fromEnv.redis, { url: "redis://10.0.0.5:6379" });
  const fromConfig = await planGateway(
    (name) =>
      ({
        SWITCHYARD_CONFIG: "gw.json",
        REDIS_URL: "redis://10.0.0.5:6379",
      } as Record<string, string>)[name],
    () =>
      JSON.stringify({ redis: { url: "rediss://cache:6380", prefix: "a" } }),
  );
  assert.deepEqual(fromConfig.redis, {
    url: "rediss://cache:6380",
    prefix: "a",
  });
  const bad = await planGateway(
    (name) => name === "REDIS_URL" ? "http://10.0.0.5" : undefined,
    () => "",
  ).catch((e) => e);
  assert.ok(bad instanceof GatewayConfigError, String(bad));
  assert.equal(bad.message, "REDIS_URL must be a redis:// or rediss:// URL");
});
