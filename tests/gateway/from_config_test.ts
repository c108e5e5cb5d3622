// A gateway from a config file's text: parseGatewayConfig's result goes to
// createGatewayFromConfig as it is (Deno only: a loopback upstream).
import assert from "node:assert/strict";
import {
  createGatewayFromConfig,
  parseGatewayConfig,
  planBackends,
} from "../../src/gateway/mod.ts";
import { startUpstream } from "../cli/_upstream.ts";

Deno.test("createGatewayFromConfig: a config with comments and trailing commas serves its backends, aliases and keys", async () => {
  const upstream = startUpstream();
  try {
    const config = await parseGatewayConfig(
      `{
        // an OpenAI-compatible server on this machine
        "backends": [
          { "name": "up", "provider": "vllm", "baseURL": "${upstream.origin}/v1", "models": ["m-1", "m-2"], },
        ],
        "aliases": { "fast": "up/m-2", /* the small one */ },
        "keys": [{ "id": "team", "key": "$TEAM_KEY" }],
      }`,
      (name) => name === "TEAM_KEY" ? "sk-team" : undefined,
    );
    const gateway = createGatewayFromConfig(config);
    try {
      const ask = (key?: string) =>
        gateway(
          new Request("http://localhost/v1/chat/completions", {
            method: "POST",
            headers: key ? { authorization: `Bearer ${key}` } : {},
            body: JSON.stringify({
              model: "fast",
              messages: [{ role: "user", content: "hi" }],
            }),
          }),
        );
      const refused = await ask();
      assert.equal(refused.status, 401);
      await refused.body?.cancel();
      const answered = await ask("sk-team");
      assert.equal(answered.status, 200);
      assert.equal(
        (await answered.json()).choices[0].message.content,
        "hello from upstream",
      );
      assert.deepEqual(upstream.models, ["m-2"], "the alias was applied");
    } finally {
      gateway.dispose();
    }
  } finally {
    await upstream.close();
  }
});

Deno.test("createGatewayFromConfig: without backends in the config, the environment shortcuts apply", async () => {
  const upstream = startUpstream();
  try {
    const env: Record<string, string> = {
      OPENAI_API_KEY: "sk-up",
      OPENAI_BASE_URL: `${upstream.origin}/v1`,
      SWITCHYARD_DEFAULT_MODEL: "default-model",
    };
    const config = await parseGatewayConfig("{}", (name) => env[name]);
    const gateway = createGatewayFromConfig(config, (name) => env[name]);
    try {
      const response = await gateway(
        new Request("http://localhost/v1/chat/completions", {
          method: "POST",
          body: JSON.stringify({
            model: "openai",
            messages: [{ role: "user", content: "hi" }],
          }),
        }),
      );
      assert.equal(response.status, 200, await response.clone().text());
      await response.body?.cancel();
      assert.deepEqual(upstream.models, ["default-model"]);
    } finally {
      gateway.dispose();
    }
  } finally {
    await upstream.close();
  }
});

Deno.test("planBackends: OPENAI_MODEL is the openai backend's model; SWITCHYARD_DEFAULT_MODEL fills the first backend's only", () => {
  const plan = (env: Record<string, string>) =>
    planBackends((name) => env[name], () => "").specs.map((spec) => [
      spec.name,
      spec.defaultModel,
    ]);
  assert.deepEqual(
    plan({ OPENAI_API_KEY: "k", OPENAI_MODEL: "m-openai" }),
    [["openai", "m-openai"]],
  );
  assert.deepEqual(
    plan({
      OPENAI_API_KEY: "k",
      OPENAI_MODEL: "m-openai",
      SWITCHYARD_DEFAULT_MODEL: "m-any",
    }),
    [["openai", "m-openai"]],
    "the backend's own variable wins",
  );
  assert.deepEqual(
    plan({
      ANTHROPIC_API_KEY: "k",
      OLLAMA_HOST: "127.0.0.1",
      SWITCHYARD_DEFAULT_MODEL: "m-any",
    }),
    [["anthropic", "m-any"], ["ollama", undefined]],
  );
});

Deno.test("parseGatewayConfig: comments and trailing commas, never inside strings; errors keep the file's line and column", async () => {
  const none = () => undefined;
  const config = await parseGatewayConfig(
    `{
      "aliases": {
        "a//b": "x/*y*/", // a comment after a string holding comment marks
        "c,": "d,}",
      },
    }`,
    none,
  );
  assert.deepEqual(config.aliases, { "a//b": "x/*y*/", "c,": "d,}" });
  for (
    const [text, message] of [
      ['{\n  // fine\n  "maxStreams": 5 6\n}', /line 3 column 19/],
      ['{"aliases": {,}}', /line 1 column 14/],
      ['{"backends": [,]}', /line 1 column 15/],
      ['{"maxStreams": 5,,}', /line 1 column 18/],
      ["{ /* never closed ", /not valid JSON/],
    ] as const
  ) {
    await assert.rejects(
      parseGatewayConfig(text, none),
      (error: Error) => {
        assert.match(error.message, message, text);
        return true;
      },
    );
  }
});

Deno.test("planBackends: a broken backends-only file is reported by position, never by its text (it may hold a key)", () => {
  const text =
    '[{"name": "a", "provider": "openai", "apiKey": "sk-live-secret" x}]';
  assert.throws(
    () =>
      planBackends(
        (name) => name === "SWITCHYARD_CONFIG" ? "c.json" : undefined,
        () => text,
      ),
    (error: Error) => {
      assert.equal(
        error.message,
        "c.json: not valid JSON (unexpected character at line 1 column 65)",
      );
      return true;
    },
  );
});
