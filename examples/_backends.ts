/**
 * Gateway backends from the environment.
 *
 * Sources, first match wins:
 * 1. `SWITCHYARD_CONFIG=path`: a JSON array of
 *    `{ name, provider, apiKey?, baseURL?, defaultModel? }` (only this file is
 *    used; `provider` is a name in the provider registry,
 *    `src/models/adapters/registry.ts` — `openai`, `anthropic`, `gemini`,
 *    `ollama`, `cohere`, an OpenAI-compatible preset such as `groq` or
 *    `vllm` — or `echo`/`mock` for a local test backend). An `apiKey` written `"$NAME"` is read from the
 *    environment variable `NAME`, so keys need not sit in the file.
 * 2. `OPENAI_API_KEY` (with `OPENAI_BASE_URL`, the API root including `/v1`,
 *    and `OPENAI_MAX_TOKENS_PARAMETER`, `max_tokens` or `max_completion_tokens`),
 *    `ANTHROPIC_API_KEY`, `GEMINI_API_KEY`, `OLLAMA_HOST` (read as Ollama's
 *    own client reads it, see {@linkcode ollamaBaseURL}): one backend each,
 *    named after the provider, in that order.
 * 3. Nothing set: two deterministic local backends from `./models/testing`,
 *    `echo` (repeats the last user message) and `mock` (a fixed answer), so the
 *    gateway works offline.
 *
 * The first backend is the router's default; fallback is sequential in this
 * order.
 *
 * @module
 */
import {
  createRouter as createModelRouter,
  type Router as ModelRouter,
} from "../src/models/mod.ts";
import type { BackendAdapter } from "../src/models/types.ts";
import {
  createEchoAdapter,
  createMockAdapter,
  type TestAdapter,
} from "../src/models/testing.ts";
import { providerEntry } from "../src/models/adapters/registry.ts";

/** One backend to register. */
export interface BackendSpec {
  /** Registered name (also the model-name prefix in the gateway). */
  name: string;
  /** Provider: a name in the provider registry (openai, anthropic, gemini, ollama, cohere, an OpenAI-compatible preset), or echo/mock. */
  provider: string;
  /** Credential. */
  apiKey?: string;
  /** API root override. */
  baseURL?: string;
  /** Model used when a request names none. */
  defaultModel?: string;
  /**
   * Wire name of the token limit, for `openai` and the OpenAI-compatible
   * presets only (e.g. `max_completion_tokens` for a proxy in front of
   * OpenAI); the adapter's default otherwise.
   */
  maxTokensParameter?: "max_tokens" | "max_completion_tokens";
}

const TOKEN_LIMIT_NAMES = ["max_tokens", "max_completion_tokens"];

/** Where the backends came from. */
export type BackendSource = "config" | "env" | "local";

/** The backends to start with and their source. */
export interface BackendPlan {
  /** Where they came from. */
  source: BackendSource;
  /** The backends, in fallback order. */
  specs: BackendSpec[];
}

/** Reads one environment variable; `undefined` when unset. */
export type EnvReader = (name: string) => string | undefined;

/** Thrown for an invalid `SWITCHYARD_CONFIG` file. */
export class ConfigError extends Error {
  /**
   * Creates the error.
   *
   * @param message What is wrong, naming the file.
   */
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** The two deterministic local backends used when nothing is configured. */
export const LOCAL_BACKENDS: readonly BackendSpec[] = [
  { name: "echo", provider: "echo" },
  { name: "mock", provider: "mock" },
];

/**
 * The URL a client reaches Ollama at for an `OLLAMA_HOST` value, by the rule
 * of Ollama's own client (`envconfig.Host`): `host`, `host:port`, `:port`,
 * `[v6]:port` or `scheme://host[:port][/path]`; surrounding quotes and spaces
 * are ignored. Without a scheme the port defaults to 11434; with `http://` or
 * `https://` to 80 or 443, as in Ollama. A bind-all address (`0.0.0.0`,
 * `::`), which is how a server is told to listen everywhere, is reached on
 * loopback (`127.0.0.1`, `::1`); an empty host also means loopback.
 *
 * @param value The `OLLAMA_HOST` value.
 * @returns The server root, e.g. `http://127.0.0.1:11434`.
 * @throws {ConfigError} For a scheme other than http(s) or an invalid port
 *   (Ollama falls back to the default port there; a server started on a port
 *   nobody meant is worse than a clear error).
 *
 * @example Forms
 * ```ts
 * import { ollamaBaseURL } from "./_backends.ts";
 * console.log(ollamaBaseURL("0.0.0.0")); // "http://127.0.0.1:11434"
 * console.log(ollamaBaseURL("gpu-box:8080")); // "http://gpu-box:8080"
 * console.log(ollamaBaseURL("https://ollama.example")); // "https://ollama.example:443"
 * ```
 */
export function ollamaBaseURL(value: string): string {
  const trimmed = value.trim().replace(/^["']+|["']+$/g, "").trim();
  const schemeMatch = /^([a-z][a-z0-9+.-]*):\/\//i.exec(trimmed);
  const scheme = schemeMatch ? schemeMatch[1].toLowerCase() : "http";
  if (scheme !== "http" && scheme !== "https") {
    throw new ConfigError(
      `OLLAMA_HOST: unsupported scheme "${scheme}" in ${
        JSON.stringify(value)
      } (use http or https)`,
    );
  }
  const defaultPort = !schemeMatch
    ? "11434"
    : scheme === "https"
    ? "443"
    : "80";
  const rest = trimmed.slice(schemeMatch ? schemeMatch[0].length : 0);
  const slash = rest.indexOf("/");
  const hostPort = slash === -1 ? rest : rest.slice(0, slash);
  const path = slash === -1 ? "" : rest.slice(slash).replace(/\/+$/, "");

  let host: string;
  let port: string | undefined;
  const bracketed = /^\[([^\]]*)\](?::(.*))?$/.exec(hostPort);
  if (bracketed) {
    [, host, port] = bracketed;
  } else if (hostPort.indexOf(":") !== hostPort.lastIndexOf(":")) {
    host = hostPort; // a bare IPv6 address has no room for a port
  } else {
    const colon = hostPort.indexOf(":");
    host = colon === -1 ? hostPort : hostPort.slice(0, colon);
    port = colon === -1 ? undefined : hostPort.slice(colon + 1);
  }
  port ??= defaultPort;
  if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) {
    throw new ConfigError(
      `OLLAMA_HOST: invalid port "${port}" in ${JSON.stringify(value)}`,
    );
  }
  if (host === "" || host === "0.0.0.0") host = "127.0.0.1";
  else if (/^[0:]+$/.test(host) && host.includes(":")) host = "::1";
  const url = `${scheme}://${host.includes(":") ? `[${host}]` : host}:${
    Number(port)
  }${path}`;
  try {
    new URL(url);
  } catch {
    throw new ConfigError(`OLLAMA_HOST: not a host ${JSON.stringify(value)}`);
  }
  return url;
}

function readConfig(path: string, text: string, env: EnvReader): BackendSpec[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(
      `${path}: not valid JSON (${(error as Error).message})`,
    );
  }
  if (!Array.isArray(value) || value.length === 0) {
    throw new ConfigError(
      `${path}: expected a non-empty JSON array of backends`,
    );
  }
  const names = new Set<string>();
  return value.map((item, i): BackendSpec => {
    const where = `${path}[${i}]`;
    if (typeof item !== "object" || item === null) {
      throw new ConfigError(`${where}: expected an object`);
    }
    const {
      name,
      provider,
      apiKey,
      baseURL,
      defaultModel,
      maxTokensParameter,
    } = item as Record<string, unknown>;
    if (typeof name !== "string" || name === "" || name.includes("/")) {
      throw new ConfigError(
        `${where}.name: expected a non-empty string without "/"`,
      );
    }
    if (names.has(name)) {
      throw new ConfigError(`${where}.name: duplicate name "${name}"`);
    }
    names.add(name);
    if (typeof provider !== "string") {
      throw new ConfigError(`${where}.provider: expected a string`);
    }
    for (
      const [key, field] of Object.entries({ apiKey, baseURL, defaultModel })
    ) {
      if (field !== undefined && typeof field !== "string") {
        throw new ConfigError(`${where}.${key}: expected a string`);
      }
    }
    const spec: BackendSpec = { name, provider };
    if (typeof apiKey === "string") {
      const key = apiKey.startsWith("$") ? env(apiKey.slice(1)) : apiKey;
      if (key === undefined) {
        throw new ConfigError(
          `${where}.apiKey: environment variable ${apiKey.slice(1)} is not set`,
        );
      }
      spec.apiKey = key;
    }
    if (typeof baseURL === "string") spec.baseURL = baseURL;
    if (typeof defaultModel === "string") spec.defaultModel = defaultModel;
    if (maxTokensParameter !== undefined) {
      spec.maxTokensParameter = tokenLimitName(
        maxTokensParameter,
        `${where}.maxTokensParameter`,
      );
    }
    createAdapter(spec); // validates the provider and required keys now, not at the first request
    return spec;
  });
}

/**
 * Decides which backends to start from environment variables.
 *
 * @param env Reads an environment variable.
 * @param readTextFile Reads the `SWITCHYARD_CONFIG` file.
 * @returns The backends and their source.
 * @throws {ConfigError} For an unreadable or invalid config file.
 *
 * @example Nothing configured
 * ```ts
 * import { planBackends } from "./_backends.ts";
 * const plan = planBackends(() => undefined, () => "");
 * console.log(plan.source, plan.specs.map((s) => s.name)); // "local" ["echo", "mock"]
 * ```
 */
export function planBackends(
  env: EnvReader,
  readTextFile: (path: string) => string,
): BackendPlan {
  const configPath = env("SWITCHYARD_CONFIG");
  if (configPath) {
    let text: string;
    try {
      text = readTextFile(configPath);
    } catch (error) {
      throw new ConfigError(
        `${configPath}: cannot read (${(error as Error).message})`,
      );
    }
    return { source: "config", specs: readConfig(configPath, text, env) };
  }
  const specs: BackendSpec[] = [];
  const openaiKey = env("OPENAI_API_KEY");
  if (openaiKey) {
    const baseURL = env("OPENAI_BASE_URL");
    const limit = env("OPENAI_MAX_TOKENS_PARAMETER");
    specs.push({
      name: "openai",
      provider: "openai",
      apiKey: openaiKey,
      ...(baseURL ? { baseURL } : {}),
      ...(limit
        ? {
          maxTokensParameter: tokenLimitName(
            limit,
            "OPENAI_MAX_TOKENS_PARAMETER",
          ),
        }
        : {}),
    });
  }
  const anthropicKey = env("ANTHROPIC_API_KEY");
  if (anthropicKey) {
    specs.push({
      name: "anthropic",
      provider: "anthropic",
      apiKey: anthropicKey,
    });
  }
  const geminiKey = env("GEMINI_API_KEY");
  if (geminiKey) {
    specs.push({ name: "gemini", provider: "gemini", apiKey: geminiKey });
  }
  const ollamaHost = env("OLLAMA_HOST");
  if (ollamaHost) {
    specs.push({
      name: "ollama",
      provider: "ollama",
      baseURL: ollamaBaseURL(ollamaHost),
    });
  }
  if (specs.length > 0) return { source: "env", specs };
  return {
    source: "local",
    specs: LOCAL_BACKENDS.map((spec) => ({ ...spec })),
  };
}

/**
 * Builds the adapter for one backend.
 *
 * @param spec The backend.
 * @returns The adapter.
 * @throws {ConfigError} For an unknown provider or a missing key.
 *
 * @example Usage
 * ```ts
 * import { createAdapter } from "./_backends.ts";
 * console.log(createAdapter({ name: "echo", provider: "echo" }).metadata.provider); // "testing"
 * ```
 */
export function createAdapter(spec: BackendSpec): BackendAdapter {
  if (spec.provider === "echo") return withoutCallLog(createEchoAdapter());
  if (spec.provider === "mock") {
    return withoutCallLog(createMockAdapter({ responses: MOCK_REPLY }));
  }
  const entry = providerEntry(spec.provider);
  if (entry === undefined) {
    throw new ConfigError(
      `backend "${spec.name}": unknown provider "${spec.provider}"`,
    );
  }
  if (spec.maxTokensParameter !== undefined && entry.family !== "openai") {
    throw new ConfigError(
      `backend "${spec.name}": maxTokensParameter applies to openai and the OpenAI-compatible presets only`,
    );
  }
  if (entry.requiresKey && !spec.apiKey) {
    throw new ConfigError(
      `backend "${spec.name}": provider ${spec.provider} needs an apiKey`,
    );
  }
  return entry.create({
    name: spec.name,
    ...(spec.apiKey ? { apiKey: spec.apiKey } : {}),
    ...(spec.baseURL === undefined ? {} : { baseURL: spec.baseURL }),
    ...(spec.defaultModel === undefined
      ? {}
      : { defaultModel: spec.defaultModel }),
    ...(spec.maxTokensParameter === undefined
      ? {}
      : { maxTokensParameter: spec.maxTokensParameter }),
  });
}

/** `value` as a token-limit wire name, or a ConfigError naming `where`. */
function tokenLimitName(
  value: unknown,
  where: string,
): "max_tokens" | "max_completion_tokens" {
  if (typeof value !== "string" || !TOKEN_LIMIT_NAMES.includes(value)) {
    throw new ConfigError(
      `${where}: expected "max_tokens" or "max_completion_tokens"`,
    );
  }
  return value as "max_tokens" | "max_completion_tokens";
}

const MOCK_REPLY = {
  message: {
    role: "assistant" as const,
    content:
      "Hello from the local mock backend. Set OPENAI_API_KEY, ANTHROPIC_API_KEY, " +
      "GEMINI_API_KEY or OLLAMA_HOST (or SWITCHYARD_CONFIG) to reach real models.",
  },
  finishReason: "stop" as const,
  metadata: {},
};

/**
 * Wraps a testing adapter so its `calls` log (kept for test assertions, one
 * entry per call, never trimmed) stays at most one entry long: a server that
 * runs for days must not grow with every request.
 *
 * @param adapter A testing adapter.
 * @returns An adapter with the same behaviour and a bounded log.
 *
 * @example Usage
 * ```ts
 * import { createEchoAdapter } from "../src/models/testing.ts";
 * import { withoutCallLog } from "./_backends.ts";
 * const echo = createEchoAdapter();
 * const bounded = withoutCallLog(echo);
 * for (let i = 0; i < 3; i++) await bounded.execute({ messages: [{ role: "user", content: "hi" }] });
 * console.log(echo.calls.length); // 1
 * ```
 */
export function withoutCallLog(adapter: TestAdapter): BackendAdapter {
  const wrapped: BackendAdapter = {
    metadata: adapter.metadata,
    execute(request, signal) {
      adapter.calls.length = 0;
      return adapter.execute(request, signal);
    },
    executeStream(request, signal) {
      adapter.calls.length = 0;
      return adapter.executeStream(request, signal);
    },
  };
  if (adapter.healthCheck) {
    const healthCheck = adapter.healthCheck.bind(adapter);
    wrapped.healthCheck = (signal) => {
      adapter.calls.length = 0;
      return healthCheck(signal);
    };
  }
  return wrapped;
}

/**
 * Hosts a backend talks to, for the `--allow-net` check at startup.
 *
 * @param spec Its spec.
 * @returns `host[:port]` of its API, or undefined for local test adapters.
 *
 * @example Usage
 * ```ts
 * import { apiHost } from "./_backends.ts";
 * console.log(apiHost({ name: "a", provider: "anthropic", apiKey: "k" })); // "api.anthropic.com"
 * ```
 */
export function apiHost(spec: BackendSpec): string | undefined {
  const url = spec.baseURL ?? providerEntry(spec.provider)?.baseURL;
  if (url === undefined) return undefined;
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

/**
 * Creates the model router for a set of backends: default backend = the first,
 * sequential fallback in the given order, models missing from a backend's
 * declared list replaced by its default model.
 *
 * @param backends Name and adapter pairs, in fallback order.
 * @returns The model router.
 *
 * @example Usage
 * ```ts
 * import { createEchoAdapter } from "../src/models/testing.ts";
 * import { createGatewayModelRouter } from "./_backends.ts";
 * const router = createGatewayModelRouter([["echo", createEchoAdapter()]]);
 * console.log(router.listBackends()); // ["echo"]
 * router.dispose();
 * ```
 */
export function createGatewayModelRouter(
  backends: ReadonlyArray<readonly [string, BackendAdapter]>,
): ModelRouter {
  const router = createModelRouter({
    fallbackStrategy: "sequential",
    ...(backends.length > 0 ? { defaultBackend: backends[0][0] } : {}),
    modelTranslation: { strategy: "default" },
  });
  for (const [name, adapter] of backends) router.register(name, adapter);
  return router;
}
