// The gateway config file: validation (one line naming the field), "$VAR"
// references, key hashing, and settings that reach the running gateway.
import assert from "node:assert/strict";
import {
  checkListenHost,
  createGateway,
  GatewayConfigError,
  hashKey,
  isLoopback,
  parseGatewayConfig,
} from "../../src/gateway/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
  createFlakyAdapter,
} from "../../src/models/testing.ts";

const ENV: Record<string, string> = {
  TEAM_KEY: "sk-team",
  OPENAI_KEY: "sk-up",
};
const env = (name: string) => ENV[name];

async function problem(config: unknown): Promise<string> {
  const text = typeof config === "string" ? config : JSON.stringify(config);
  const error = await parseGatewayConfig(text, env).then(
    () => assert.fail(`accepted ${text}`),
    (e) => e,
  );
  assert.ok(error instanceof GatewayConfigError, String(error));
  assert.ok(!error.message.includes("\n"), "one line");
  return error.message;
}

Deno.test("config: every invalid field is one line naming it", async () => {
  const cases: Array<[unknown, string]> = [
    ["{", "config: file is not valid JSON"],
    [[], "config: file must be an object"],
    [{ rotuing: {} }, "config: rotuing is not a known field"],
    [
      { keys: [{ id: "a", key: "$TEAM_KEY", rpm: 0 }] },
      "config: keys[0].rpm must be a positive integer",
    ],
    [{ maxStreams: 0 }, "config: maxStreams must be a positive integer"],
    [{ passthrough: "no" }, "config: passthrough must be true or false"],
    [
      { passthroughTokens: "some" },
      "config: passthroughTokens must be one of tpm, all",
    ],
    [{ server: [] }, "config: server must be an object"],
    [{ server: { port: 80 } }, "config: server.port is not a known field"],
    [
      { server: { headersTimeoutMs: "10s" } },
      "config: server.headersTimeoutMs must be a positive integer",
    ],
    [
      { server: { maxConnections: -1 } },
      "config: server.maxConnections must be a positive integer",
    ],
    [
      { keys: [{ id: "a", key: "$TEAM_KEY", tpm: 1.5 }] },
      "config: keys[0].tpm must be a positive integer",
    ],
    [
      { keys: [{ id: "a", key: "sk-literal" }] },
      "config: keys[0].key must name an environment variable",
    ],
    [
      { keys: [{ id: "a", key: "$NOPE" }] },
      "config: keys[0].key names environment variable NOPE, which is not set",
    ],
    [
      { keys: [{ id: "a" }] },
      "config: keys[0] needs exactly one of key or sha256",
    ],
    [
      { keys: [{ id: "a", sha256: "abc" }] },
      "config: keys[0].sha256 must be 64 hex digits",
    ],
    [
      { keys: [{ id: "a", key: "$TEAM_KEY" }, { id: "a", key: "$TEAM_KEY" }] },
      'config: keys[1].id repeats "a"',
    ],
    [
      { keys: [{ id: "a", key: "$TEAM_KEY", colour: 1 }] },
      "config: keys[0].colour is not a known field",
    ],
    [
      { backends: [{ name: "a/b", provider: "echo" }] },
      'config: backends[0].name must not contain "/"',
    ],
    [
      { backends: [{ name: "a" }] },
      "config: backends[0].provider must be a non-empty string",
    ],
    [
      { backends: [{ name: "a", provider: "openai", apiKey: "$NOPE" }] },
      "config: backends[0].apiKey names environment variable NOPE",
    ],
    [
      { backends: [{ name: "a", provider: "openai", baseURL: "ftp://x" }] },
      "config: backends[0].baseURL must be an http(s) URL",
    ],
    [
      { backends: [{ name: "a", provider: "echo", models: "m" }] },
      "config: backends[0].models must be an array of strings",
    ],
    [
      { routing: { strategy: "fastest" } },
      "config: routing.strategy must be one of explicit",
    ],
    [
      { routing: { fallback: "all" } },
      "config: routing.fallback must be one of none, sequential, parallel",
    ],
    [
      {
        backends: [{ name: "a", provider: "echo" }],
        routing: { fallbackChain: ["a", "b"] },
      },
      'config: routing.fallbackChain[1] names no backend ("b")',
    ],
    [{
      backends: [{ name: "a", provider: "echo" }],
      routing: { defaultBackend: "z" },
    }, "config: routing.defaultBackend names no backend"],
    [
      { breaker: { threshold: -1 } },
      "config: breaker.threshold must be a positive integer",
    ],
    [
      { breaker: { enabled: "yes" } },
      "config: breaker.enabled must be true or false",
    ],
    [
      { timeouts: { requestMs: "60s" } },
      "config: timeouts.requestMs must be a positive integer",
    ],
    [
      { timeouts: { attemptMs: 0 } },
      "config: timeouts.attemptMs must be a positive integer",
    ],
    [
      { timeouts: { deadlineMs: 1.5 } },
      "config: timeouts.deadlineMs must be a positive integer",
    ],
    [
      { timeouts: { totalMs: 1 } },
      "config: timeouts.totalMs is not a known field",
    ],
    [
      { retries: { count: -1 } },
      "config: retries.count must be a non-negative integer",
    ],
    [
      { retries: { baseDelayMs: "1s" } },
      "config: retries.baseDelayMs must be a non-negative integer",
    ],
    [
      { retries: { maxDelayMs: 100 } },
      "config: retries.baseDelayMs must not exceed retries.maxDelayMs",
    ],
    [
      { retries: { tries: 2 } },
      "config: retries.tries is not a known field",
    ],
    [
      { healthChecks: { intervalMs: -5 } },
      "config: healthChecks.intervalMs must be a non-negative integer",
    ],
    [
      { healthChecks: { timeoutMs: 0 } },
      "config: healthChecks.timeoutMs must be a positive integer",
    ],
    [
      { routing: { fallbackOnClientError: "yes" } },
      "config: routing.fallbackOnClientError must be true or false",
    ],
    [
      { routing: { cooldownOnRateLimit: 0 } },
      "config: routing.cooldownOnRateLimit must be true or false",
    ],
    [{ redis: "redis://x" }, "config: redis must be an object"],
    [
      { redis: { url: "http://127.0.0.1:6379" } },
      "config: redis.url must be a redis:// or rediss:// URL",
    ],
    [
      { redis: { url: "$NO_REDIS" } },
      "config: redis.url names environment variable NO_REDIS, which is not set",
    ],
    [
      { redis: { url: "redis://127.0.0.1", prefix: "" } },
      "config: redis.prefix must be a non-empty string",
    ],
    [
      { redis: { url: "redis://127.0.0.1", timeoutMs: 0 } },
      "config: redis.timeoutMs must be a positive integer",
    ],
    [
      { redis: { url: "redis://127.0.0.1", db: 2 } },
      "config: redis.db is not a known field",
    ],
    [{ maxBodyBytes: 0 }, "config: maxBodyBytes must be a positive integer"],
    [
      { aliases: { fast: 1 } },
      "config: aliases.fast must be a non-empty string",
    ],
  ];
  for (const [config, expected] of cases) {
    const message = await problem(config);
    assert.ok(
      message.startsWith(expected),
      `${JSON.stringify(config)}\n  got:  ${message}\n  want: ${expected}`,
    );
  }
});

Deno.test("config: a full file reads into backends, hashed keys, aliases and router settings", async () => {
  const config = await parseGatewayConfig(
    JSON.stringify({
      backends: [
        {
          name: "up",
          provider: "openai",
          apiKey: "$OPENAI_KEY",
          baseURL: "http://127.0.0.1:9/v1",
          models: ["gpt-a", "gpt-b"],
        },
        { name: "echo", provider: "echo" },
      ],
      routing: {
        strategy: "round-robin",
        fallback: "none",
        fallbackChain: ["echo", "up"],
        defaultBackend: "echo",
      },
      aliases: { fast: "echo", "gpt-b": "echo" },
      breaker: { threshold: 3, timeoutMs: 5000 },
      timeouts: { requestMs: 1000 },
      maxBodyBytes: 1024,
      keys: [{
        id: "team",
        key: "$TEAM_KEY",
        models: ["fast"],
        backends: ["echo"],
        rpm: 5,
        tpm: 500,
      }],
    }),
    env,
  );
  assert.deepEqual(config.backends[0], {
    name: "up",
    provider: "openai",
    apiKey: "sk-up",
    baseURL: "http://127.0.0.1:9/v1",
    models: ["gpt-a", "gpt-b"],
    defaultModel: "gpt-a",
  });
  assert.deepEqual(config.keys, [{
    id: "team",
    sha256: await hashKey("sk-team"),
    models: ["fast"],
    backends: ["echo"],
    rpm: 5,
    tpm: 500,
  }]);
  assert.ok(
    !JSON.stringify(config.keys).includes("sk-team"),
    "only the digest is kept",
  );
  assert.deepEqual(config.aliases, {
    "gpt-a": "up/gpt-a",
    "gpt-b": "echo",
    fast: "echo",
  });
  assert.deepEqual(config.routerConfig, {
    routingStrategy: "round-robin",
    fallbackStrategy: "none",
    defaultBackend: "echo",
    enableCircuitBreaker: true,
    circuitBreakerThreshold: 3,
    circuitBreakerTimeout: 5000,
  });
  assert.deepEqual(config.fallbackChain, ["echo", "up"]);
  assert.equal(config.requestTimeoutMs, 1000);
  assert.equal(config.maxBodyBytes, 1024);
});

Deno.test("config: a sha256 in any hex case and a $VAR key both authenticate their secret, not its case twins", async () => {
  const secret = "sk-QxZ-wVy";
  const digest = await hashKey(secret);
  const other = await hashKey("sk-Mix-EdY");
  const envOf = (name: string) =>
    name === "MIXED_CASE_KEY" ? "sk-Env-KeY" : undefined;
  const config = await parseGatewayConfig(
    JSON.stringify({
      backends: [{ name: "echo", provider: "echo" }],
      keys: [
        { id: "upper", sha256: digest.toUpperCase(), models: ["upper"] },
        {
          id: "mixed",
          sha256: other.replace(
            /[a-f]/g,
            (c, i: number) => i % 2 ? c.toUpperCase() : c,
          ),
          models: ["mixed"],
        },
        { id: "env", key: "$MIXED_CASE_KEY", models: ["env"] },
      ],
      aliases: { upper: "echo", mixed: "echo", env: "echo" },
    }),
    envOf,
  );
  assert.deepEqual(config.keys.map((key) => key.sha256), [
    digest,
    other,
    await hashKey("sk-Env-KeY"),
  ], "digests are kept lowercase, as hashKey writes them");
  const gateway = createGateway({
    backends: [["echo", createEchoAdapter()]],
    keys: config.keys,
    aliases: config.aliases,
  });
  const ask = async (model: string, headers: Record<string, string>) => {
    const response = await gateway(
      new Request("http://localhost/v1/chat/completions", {
        method: "POST",
        headers,
        body: JSON.stringify({
          model,
          messages: [{ role: "user", content: "hi" }],
        }),
      }),
    );
    await response.body?.cancel();
    return response.status;
  };
  try {
    for (
      const [model, right] of [
        ["upper", secret],
        ["mixed", "sk-Mix-EdY"],
        ["env", "sk-Env-KeY"],
      ]
    ) {
      // Each key is limited to its own model: a 200 proves which key matched.
      assert.equal(await ask(model, { authorization: `Bearer ${right}` }), 200);
      assert.equal(await ask(model, { "X-Api-Key": right }), 200);
      for (const twin of [right.toLowerCase(), right.toUpperCase()]) {
        assert.equal(
          await ask(model, { authorization: `Bearer ${twin}` }),
          401,
          `${model} accepted ${twin}`,
        );
        assert.equal(await ask(model, { "x-api-key": twin }), 401);
      }
    }
    // A variable's name is case-sensitive too: $mixed_case_key is unset.
    await assert.rejects(
      parseGatewayConfig(
        '{"keys":[{"id":"a","key":"$mixed_case_key"}]}',
        envOf,
      ),
      {
        message:
          "config: keys[0].key names environment variable mixed_case_key, which is not set",
      },
    );
    assert.equal(
      await problem({ keys: [{ id: "a", sha256: "G".repeat(64) }] }),
      "config: keys[0].sha256 must be 64 hex digits",
    );
  } finally {
    gateway.dispose();
  }
});

Deno.test("config: every resilience setting reaches the model router's config", async () => {
  const config = await parseGatewayConfig(
    JSON.stringify({
      routing: {
        strategy: "latency-optimized",
        fallback: "parallel",
        fallbackOnClientError: true,
        cooldownOnRateLimit: false,
      },
      breaker: { enabled: false, threshold: 2, timeoutMs: 9000 },
      healthChecks: { intervalMs: 15000, timeoutMs: 2000 },
      timeouts: { requestMs: 60000, attemptMs: 20000, deadlineMs: 50000 },
      retries: { count: 2, baseDelayMs: 250, maxDelayMs: 4000 },
      redis: { url: "$REDIS", prefix: "gw", timeoutMs: 500 },
    }),
    (name) => name === "REDIS" ? "redis://:pw@127.0.0.1:6390" : undefined,
  );
  assert.deepEqual(config.routerConfig, {
    routingStrategy: "latency-optimized",
    fallbackStrategy: "parallel",
    fallbackOnClientError: true,
    cooldownOnRateLimit: false,
    enableCircuitBreaker: false,
    circuitBreakerThreshold: 2,
    circuitBreakerTimeout: 9000,
    healthCheckInterval: 15000,
    healthCheckTimeout: 2000,
    attemptTimeout: 20000,
    deadline: 50000,
    maxRetries: 2,
    retryBaseDelay: 250,
    retryMaxDelay: 4000,
  });
  assert.equal(config.requestTimeoutMs, 60000);
  assert.deepEqual(config.redis, {
    url: "redis://:pw@127.0.0.1:6390",
    prefix: "gw",
    timeoutMs: 500,
  });
});

Deno.test("config: retries and the breaker act in the running gateway", async () => {
  const config = await parseGatewayConfig(
    JSON.stringify({
      retries: { count: 1, baseDelayMs: 0, maxDelayMs: 0 },
      breaker: { threshold: 2, timeoutMs: 60000 },
    }),
    env,
  );
  // Fails once, then answers: one retry on the same backend hides it.
  const flaky = createFlakyAdapter(createEchoAdapter(), {
    pattern: [true, false],
  });
  const down = createFailingAdapter();
  const gateway = createGateway({
    ...config,
    backends: [["flaky", flaky], ["down", down]],
    routerConfig: {
      ...config.routerConfig,
      fallbackStrategy: "none",
      // The router's own retry timer does not keep a process alive; with no
      // server listening here, one that does keeps the test waiting for it.
      timers: {
        setTimeout: (run, ms) => setTimeout(run, ms),
        clearTimeout: (id) => clearTimeout(id as number),
      },
    },
  });
  try {
    const post = (model: string) =>
      gateway(
        new Request("http://localhost/v1/chat/completions", {
          method: "POST",
          body: JSON.stringify({
            model,
            messages: [{ role: "user", content: "hi" }],
          }),
        }),
      );
    const retried = await post("flaky");
    assert.equal(retried.status, 200);
    await retried.body?.cancel();
    assert.equal(flaky.calls.length, 2, "the failure was retried once");
    // threshold 2: a failure and its retry open the breaker.
    const failed = await post("down");
    assert.equal(failed.status, 502);
    await failed.body?.cancel();
    assert.equal(down.calls.length, 2);
    const open = await post("down");
    assert.equal(open.status, 503);
    assert.equal((await open.json()).error.code, "NO_BACKEND_AVAILABLE");
    assert.equal(down.calls.length, 2, "the open breaker spares the backend");
  } finally {
    gateway.dispose();
  }
});

Deno.test("config: fallback and body-size settings reach the running gateway", async () => {
  const config = await parseGatewayConfig(
    JSON.stringify({
      backends: [{ name: "down", provider: "echo" }, {
        name: "echo",
        provider: "echo",
      }],
      routing: { fallback: "none" },
      maxBodyBytes: 200,
    }),
    env,
  );
  const gateway = createGateway({
    ...config,
    backends: [["down", createFailingAdapter()], ["echo", createEchoAdapter()]],
  });
  try {
    const post = (body: string) =>
      gateway(
        new Request("http://localhost/v1/chat/completions", {
          method: "POST",
          body,
        }),
      );
    const failed = await post(
      JSON.stringify({
        model: "down",
        messages: [{ role: "user", content: "hi" }],
      }),
    );
    assert.equal(
      failed.status,
      502,
      "fallback none: the failing backend's error, no fallback",
    );
    assert.equal((await failed.json()).error.code, "PROVIDER_ERROR");
    const large = await post(
      JSON.stringify({
        model: "echo",
        messages: [{ role: "user", content: "x".repeat(300) }],
      }),
    );
    assert.equal(large.status, 413);
    await large.body?.cancel();
  } finally {
    gateway.dispose();
  }
});

Deno.test("config: requestTimeoutMs turns a hanging backend into a 504", async () => {
  const hanging = {
    metadata: createEchoAdapter().metadata,
    execute: (_r: unknown, signal?: AbortSignal) =>
      new Promise<never>((_, reject) =>
        signal?.addEventListener("abort", () => reject(signal.reason), {
          once: true,
        })
      ),
    async *executeStream(_r: unknown, signal?: AbortSignal) {
      yield await new Promise<never>((_, reject) =>
        signal?.addEventListener("abort", () => reject(signal.reason), {
          once: true,
        })
      );
    },
  };
  const gateway = createGateway({
    backends: [["hang", hanging]],
    requestTimeoutMs: 20,
  });
  try {
    for (const stream of [false, true]) {
      const response = await gateway(
        new Request("http://localhost/v1/chat/completions", {
          method: "POST",
          body: JSON.stringify({
            model: "hang",
            stream,
            messages: [{ role: "user", content: "hi" }],
          }),
        }),
      );
      assert.equal(response.status, 504, `stream: ${stream}`);
      assert.equal((await response.json()).error.code, "TIMEOUT");
    }
  } finally {
    gateway.dispose();
  }
});

Deno.test("HOST: loopback addresses pass; anything else needs keys", () => {
  for (const host of ["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]"]) {
    assert.equal(isLoopback(host), true, host);
    checkListenHost(host, 0);
  }
  for (const host of ["0.0.0.0", "::", "192.168.1.2", "example.com"]) {
    assert.equal(isLoopback(host), false, host);
    assert.throws(
      () => checkListenHost(host, 0),
      /is not a loopback address and no keys are configured/,
    );
    checkListenHost(host, 1);
  }
});

Deno.test("config and gateway: model and alias names such as __proto__ or constructor are plain names", async () => {
  const config = await parseGatewayConfig(
    '{"aliases":{"__proto__":"echo"},"backends":[{"name":"echo","provider":"echo","models":["constructor"]}]}',
    env,
  );
  assert.equal(Object.getPrototypeOf(config.aliases), Object.prototype);
  assert.deepEqual(Object.keys(config.aliases).sort(), [
    "__proto__",
    "constructor",
  ]);
  const gateway = createGateway({
    ...config,
    backends: [["echo", createEchoAdapter()]],
  });
  try {
    for (
      const model of ["__proto__", "constructor", "toString", "hasOwnProperty"]
    ) {
      const response = await gateway(
        new Request("http://localhost/v1/chat/completions", {
          method: "POST",
          body: JSON.stringify({
            model,
            messages: [{ role: "user", content: "hi" }],
          }),
        }),
      );
      assert.equal(response.status, 200, model);
      assert.equal((await response.json()).choices[0].message.content, "hi");
    }
  } finally {
    gateway.dispose();
  }
});

Deno.test("config: maxStreams, passthrough and the listener's limits are read", async () => {
  const config = await parseGatewayConfig(
    JSON.stringify({
      maxStreams: 8,
      passthrough: false,
      passthroughTokens: "all",
      server: {
        headersTimeoutMs: 5000,
        bodyTimeoutMs: 20000,
        idleTimeoutMs: 15000,
        maxConnections: 64,
        maxHeaderBytes: 8192,
      },
    }),
    env,
  );
  assert.equal(config.maxStreams, 8);
  assert.equal(config.passthrough, false);
  assert.equal(config.passthroughTokens, "all");
  assert.deepEqual(config.server, {
    headersTimeoutMs: 5000,
    bodyTimeoutMs: 20000,
    idleTimeoutMs: 15000,
    maxConnections: 64,
    maxHeaderBytes: 8192,
  });
});

Deno.test("config: broken JSON is reported by line and column, never by its text", async () => {
  const cases: Array<[string, string]> = [
    [
      '{"a":\n\n tru}',
      "config: file is not valid JSON: unexpected character at line 3 column 5",
    ],
    [
      '{"keys":[{"id":"a","key":"sk-live-SECRET"}}',
      "config: file is not valid JSON: unexpected character at line 1 column 43",
    ],
    [
      '{"backends":[',
      "config: file is not valid JSON: unexpected end at line 1 column 14",
    ],
    [
      '{\n  "a": "x\ny"\n}',
      "config: file is not valid JSON: unexpected character at line 2 column 10",
    ],
    [
      "\uFEFF{}",
      "config: file is not valid JSON: unexpected character at line 1 column 1",
    ],
    ["", "config: file is not valid JSON: unexpected end at line 1 column 1"],
    [
      '{"a":1} x',
      "config: file is not valid JSON: unexpected character at line 1 column 9",
    ],
    [
      '{"a":01}',
      "config: file is not valid JSON: unexpected character at line 1 column 7",
    ],
    [
      '["\\x"]',
      "config: file is not valid JSON: unexpected character at line 1 column 4",
    ],
  ];
  for (const [text, expected] of cases) {
    assert.equal(await problem(text), expected, JSON.stringify(text));
  }
});

Deno.test("config: every JSON.parse failure gets a position (bounded mutations of a valid file)", async () => {
  const valid = JSON.stringify(
    {
      backends: [{ name: "a", provider: "echo", models: ["m", "n"] }],
      aliases: { "x\u2028y": "a/m" },
      routing: { fallbackChain: ["a"], fallbackOnClientError: true },
      retries: { count: 2, baseDelayMs: 1.5e2, maxDelayMs: 1000 },
      nothing: null,
    },
    null,
    1,
  );
  const junk = ['"', "}", "]", ",", ":", "\\", "\n", "-", "e", "0", "t", " "];
  let seed = 7;
  const next = (n: number) =>
    (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  let broken = 0;
  for (let round = 0; round < 400; round++) {
    const at = next(valid.length);
    const text = next(2) === 0
      ? valid.slice(0, at) + valid.slice(at + 1)
      : valid.slice(0, at) + junk[next(junk.length)] + valid.slice(at);
    try {
      JSON.parse(text);
      continue;
    } catch {
      broken++;
    }
    const message = await problem(text);
    assert.match(message, / at line \d+ column \d+$/, JSON.stringify(text));
  }
  assert.ok(broken > 100, `only ${broken} mutations broke the file`);
});

Deno.test("config: names with quotes or line breaks are JSON-quoted, so errors stay one line", async () => {
  const cases: Array<[string, string]> = [
    [
      '{"rot\\nuing":{}}',
      'config: ["rot\\nuing"] is not a known field',
    ],
    [
      '{"routing":{"a\\"b":1}}',
      'config: routing["a\\"b"] is not a known field',
    ],
    [
      '{"aliases":{"fa\\"st\\nx":1}}',
      'config: aliases["fa\\"st\\nx"] must be a non-empty string',
    ],
    [
      '{"aliases":{"x\\u2028y":1}}',
      'config: aliases["x\\u2028y"] must be a non-empty string',
    ],
    [
      '{"keys":[{"id":"a\\"\\nb","key":"$TEAM_KEY"},{"id":"a\\"\\nb","key":"$TEAM_KEY"}]}',
      'config: keys[1].id repeats "a\\"\\nb"',
    ],
    [
      '{"backends":[{"name":"a\\r","provider":"echo"},{"name":"a\\r","provider":"echo"}]}',
      'config: backends[1].name repeats "a\\r"',
    ],
    [
      '{"backends":[{"name":"a","provider":"echo"}],"routing":{"fallbackChain":["b\\n"]}}',
      'config: routing.fallbackChain[0] names no backend ("b\\n")',
    ],
    [
      '{"keys":[{"id":"a","key":"$A\\nB"}]}',
      'config: keys[0].key names environment variable "A\\nB", which is not set',
    ],
  ];
  for (const [text, expected] of cases) {
    assert.equal((await problem(text)).split(" (known:")[0], expected, text);
  }
});

Deno.test("config: a backend's apiKey is a $NAME reference unless the provider needs no key", async () => {
  for (const provider of ["openai", "anthropic", "groq", "gemini"]) {
    assert.equal(
      await problem({
        backends: [{ name: "a", provider, apiKey: "sk-live-literal" }],
      }),
      'config: backends[0].apiKey must name an environment variable ("$NAME"); a secret in the file is refused',
    );
  }
  // Local servers and test backends take any placeholder: no secret there.
  const config = await parseGatewayConfig(
    JSON.stringify({
      backends: [
        { name: "ol", provider: "ollama", apiKey: "ollama" },
        { name: "vl", provider: "vllm", apiKey: "token-abc" },
        { name: "up", provider: "openai", apiKey: "$OPENAI_KEY" },
        { name: "echo", provider: "echo" },
      ],
    }),
    env,
  );
  assert.deepEqual(config.backends.map((b) => b.apiKey), [
    "ollama",
    "token-abc",
    "sk-up",
    undefined,
  ]);
});

Deno.test("config: backends[].provider must be a registry name (or echo/mock)", async () => {
  const message = await problem({
    backends: [{ name: "a", provider: "echo" }, {
      name: "b",
      provider: "opnai",
    }],
  });
  assert.match(
    message,
    /^config: backends\[1\]\.provider names no known provider \("opnai"; known: .*\bopenai\b.*\bollama\b.*\becho, mock\)$/,
  );
  assert.match(
    await problem({ backends: [{ name: "a", provider: "__proto__" }] }),
    /^config: backends\[0\]\.provider names no known provider \("__proto__";/,
  );
});

Deno.test("config: an alias may not target another alias or a backend without a model", async () => {
  const backends = [{ name: "up", provider: "echo", models: ["gpt-a"] }];
  assert.equal(
    await problem({ backends, aliases: { fast: "cheap", cheap: "up/gpt-a" } }),
    'config: aliases.fast targets another alias ("cheap"); aliases resolve once, so give that alias\'s target',
  );
  assert.equal(
    await problem({ backends, aliases: { fast: "up/" } }),
    'config: aliases.fast names backend "up" but no model after "/"',
  );
  // What the config cannot rule out stays allowed: backends, their models,
  // any other model name (routing decides), a backend's model that is also
  // an alias, and the automatic `model` aliases.
  const config = await parseGatewayConfig(
    JSON.stringify({
      backends,
      aliases: {
        a: "up",
        b: "up/gpt-b",
        c: "gpt-4o",
        d: "gpt-a",
        "gpt-a": "up/gpt-a",
        e: "vendor/model",
      },
    }),
    env,
  );
  assert.equal(config.aliases.d, "gpt-a");
  assert.equal(config.aliases.e, "vendor/model");
});
