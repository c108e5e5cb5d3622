// planBackends and OLLAMA_HOST parsing, as pure functions of an environment
// record.
import assert from "node:assert/strict";
import {
  type BackendPlan,
  GatewayConfigError,
  LOCAL_BACKENDS,
  ollamaBaseURL,
  planBackends,
} from "../../src/gateway/mod.ts";

function plan(
  env: Record<string, string>,
  files: Record<string, string> = {},
): BackendPlan {
  return planBackends(
    (name) => env[name],
    (path) => {
      if (!Object.hasOwn(files, path)) {
        throw new Deno.errors.NotFound(`No such file: ${path}`);
      }
      return files[path];
    },
  );
}

function configError(fn: () => unknown, pattern: RegExp): void {
  assert.throws(fn, (error: unknown) => {
    assert.ok(error instanceof GatewayConfigError, String(error));
    assert.match(error.message, pattern);
    return true;
  });
}

Deno.test("planBackends: nothing set → the local echo and mock backends", () => {
  const result = plan({});
  assert.equal(result.source, "local");
  assert.deepEqual(result.specs, LOCAL_BACKENDS);
  assert.notEqual(
    result.specs[0],
    LOCAL_BACKENDS[0],
    "a copy, not the constant",
  );
  // Empty values count as unset (a `KEY=` line in an env file).
  assert.equal(plan({ OPENAI_API_KEY: "", OLLAMA_HOST: "" }).source, "local");
});

Deno.test("planBackends: provider variables → one backend each, in a fixed order", () => {
  const result = plan({
    OLLAMA_HOST: "0.0.0.0",
    GEMINI_API_KEY: "g-key",
    ANTHROPIC_API_KEY: "a-key",
    OPENAI_API_KEY: "o-key",
    OPENAI_BASE_URL: "http://127.0.0.1:9999/v1",
  });
  assert.equal(result.source, "env");
  assert.deepEqual(result.specs, [
    {
      name: "openai",
      provider: "openai",
      apiKey: "o-key",
      baseURL: "http://127.0.0.1:9999/v1",
    },
    { name: "anthropic", provider: "anthropic", apiKey: "a-key" },
    { name: "gemini", provider: "gemini", apiKey: "g-key" },
    { name: "ollama", provider: "ollama", baseURL: "http://127.0.0.1:11434" },
  ]);
  assert.deepEqual(plan({ OPENAI_API_KEY: "k" }).specs, [
    { name: "openai", provider: "openai", apiKey: "k" },
  ]);
});

Deno.test('planBackends: SWITCHYARD_CONFIG wins, and "$VAR" keys come from the environment', () => {
  const config = JSON.stringify([
    { name: "fast", provider: "groq", apiKey: "$GROQ_KEY", defaultModel: "m" },
    { name: "local", provider: "echo" },
    { name: "box", provider: "ollama", baseURL: "http://gpu:11434" },
    { name: "literal", provider: "openai", apiKey: "sk-inline" },
  ]);
  const result = plan({
    SWITCHYARD_CONFIG: "/etc/sy.json",
    GROQ_KEY: "gsk-from-env",
    OPENAI_API_KEY: "ignored: the config file is the only source",
  }, { "/etc/sy.json": config });
  assert.equal(result.source, "config");
  assert.deepEqual(result.specs, [
    {
      name: "fast",
      provider: "groq",
      apiKey: "gsk-from-env",
      defaultModel: "m",
    },
    { name: "local", provider: "echo" },
    { name: "box", provider: "ollama", baseURL: "http://gpu:11434" },
    { name: "literal", provider: "openai", apiKey: "sk-inline" },
  ]);
});

Deno.test("planBackends: a bad config file is a ConfigError naming the file and the field", () => {
  const env = { SWITCHYARD_CONFIG: "c.json" };
  const cases: Array<[string | undefined, RegExp]> = [
    [undefined, /^c\.json: cannot read \(No such file/],
    ["{ not json", /^c\.json: not valid JSON/],
    ["[]", /^c\.json: expected a non-empty JSON array/],
    ['{"name":"a"}', /^c\.json: expected a non-empty JSON array/],
    ["[1]", /^c\.json\[0\]: expected an object/],
    ['[{"provider":"echo"}]', /^c\.json\[0\]\.name: expected a non-empty/],
    ['[{"name":"a/b","provider":"echo"}]', /\[0\]\.name: .*without "\/"/],
    [
      '[{"name":"a","provider":"echo"},{"name":"a","provider":"echo"}]',
      /^c\.json\[1\]\.name: duplicate name "a"/,
    ],
    ['[{"name":"a"}]', /^c\.json\[0\]\.provider: expected a string/],
    [
      '[{"name":"a","provider":"echo","baseURL":1}]',
      /\[0\]\.baseURL: expected a string/,
    ],
    [
      '[{"name":"a","provider":"openai","apiKey":"$MISSING_KEY"}]',
      /^c\.json\[0\]\.apiKey: environment variable MISSING_KEY is not set/,
    ],
    [
      '[{"name":"a","provider":"openai"}]',
      /backend "a": provider openai needs an apiKey/,
    ],
    [
      '[{"name":"a","provider":"nope"}]',
      /backend "a": unknown provider "nope"/,
    ],
    [
      '[{"name":"a","provider":"vllm","maxTokensParameter":"max_length"}]',
      /\[0\]\.maxTokensParameter: expected "max_tokens" or "max_completion_tokens"/,
    ],
    [
      '[{"name":"a","provider":"anthropic","apiKey":"k","maxTokensParameter":"max_tokens"}]',
      /backend "a": maxTokensParameter applies to openai and the OpenAI-compatible presets only/,
    ],
  ];
  for (const [text, pattern] of cases) {
    configError(
      () => plan(env, text === undefined ? {} : { "c.json": text }),
      pattern,
    );
  }
});

Deno.test("planBackends: the token-limit wire name, for a proxy in front of OpenAI", () => {
  assert.deepEqual(
    plan({
      OPENAI_API_KEY: "k",
      OPENAI_BASE_URL: "https://llm-proxy.example/v1",
      OPENAI_MAX_TOKENS_PARAMETER: "max_completion_tokens",
    }).specs,
    [{
      name: "openai",
      provider: "openai",
      apiKey: "k",
      baseURL: "https://llm-proxy.example/v1",
      maxTokensParameter: "max_completion_tokens",
    }],
  );
  configError(
    () => plan({ OPENAI_API_KEY: "k", OPENAI_MAX_TOKENS_PARAMETER: "tokens" }),
    /^OPENAI_MAX_TOKENS_PARAMETER: expected/,
  );
  const config = JSON.stringify([
    {
      name: "local",
      provider: "vllm",
      maxTokensParameter: "max_completion_tokens",
    },
  ]);
  assert.equal(
    plan({ SWITCHYARD_CONFIG: "c.json" }, { "c.json": config }).specs[0]
      .maxTokensParameter,
    "max_completion_tokens",
  );
});

Deno.test("ollamaBaseURL: every form of OLLAMA_HOST Ollama's client accepts", () => {
  const cases: Array<[string, string]> = [
    // host only: Ollama's default port, bind-all addresses on loopback
    ["127.0.0.1", "http://127.0.0.1:11434"],
    ["0.0.0.0", "http://127.0.0.1:11434"],
    ["localhost", "http://localhost:11434"],
    ["gpu-box.lan", "http://gpu-box.lan:11434"],
    ["::", "http://[::1]:11434"],
    ["[::]", "http://[::1]:11434"],
    ["::1", "http://[::1]:11434"],
    ["fe80::1", "http://[fe80::1]:11434"],
    // host:port
    ["127.0.0.1:11435", "http://127.0.0.1:11435"],
    ["0.0.0.0:8080", "http://127.0.0.1:8080"],
    ["gpu-box:80", "http://gpu-box:80"],
    ["[::]:9000", "http://[::1]:9000"],
    ["[2001:db8::7]:11434", "http://[2001:db8::7]:11434"],
    [":11434", "http://127.0.0.1:11434"],
    // scheme://host[:port][/path]: the scheme's own default port, as in Ollama
    ["http://gpu-box:11434", "http://gpu-box:11434"],
    ["http://0.0.0.0:11434/", "http://127.0.0.1:11434"],
    ["http://gpu-box", "http://gpu-box:80"],
    ["https://ollama.example", "https://ollama.example:443"],
    ["HTTPS://ollama.example:8443/", "https://ollama.example:8443"],
    ["https://proxy.example/ollama/", "https://proxy.example:443/ollama"],
    // quotes and spaces from env files are ignored, as Ollama does
    [' "0.0.0.0:11434" ', "http://127.0.0.1:11434"],
    ["'localhost'", "http://localhost:11434"],
  ];
  for (const [value, expected] of cases) {
    assert.equal(ollamaBaseURL(value), expected, JSON.stringify(value));
    // What the adapter will fetch must be a valid URL with that port.
    assert.equal(new URL(expected).protocol.startsWith("http"), true);
  }
});

Deno.test("ollamaBaseURL: invalid ports and schemes are clear errors, not a guessed port", () => {
  configError(() => ollamaBaseURL("localhost:abc"), /invalid port "abc"/);
  configError(() => ollamaBaseURL("localhost:70000"), /invalid port "70000"/);
  configError(() => ollamaBaseURL("localhost:"), /invalid port ""/);
  configError(() => ollamaBaseURL("ftp://box"), /unsupported scheme "ftp"/);
  configError(() => ollamaBaseURL("bad host:1"), /not a host/);
  // planBackends passes the error on, so serve.ts can exit with it.
  configError(
    () => plan({ OLLAMA_HOST: "box:port" }),
    /OLLAMA_HOST: invalid port/,
  );
});
