/**
 * Backends by provider name: what turns a config's `{ name, provider,
 * apiKey?, baseURL?, defaultModel? }` into an adapter. `provider` is a name
 * in {@linkcode PROVIDERS} (`openai`, `anthropic`, `gemini`, `ollama`,
 * `cohere`, an OpenAI-compatible preset such as `groq` or `vllm`), or `echo`
 * / `mock` for a deterministic in-process test backend.
 *
 * @example Build one adapter from a spec
 * ```ts
 * import { createAdapter, PROVIDERS } from "@switchyard/switchyard/gateway";
 * console.log(Object.keys(PROVIDERS).includes("groq")); // true
 * const adapter = createAdapter({ name: "local", provider: "vllm", baseURL: "http://127.0.0.1:8001/v1" });
 * console.log(adapter.metadata.provider); // "vllm"
 * ```
 *
 * @module
 */
import type { BackendAdapter } from "../models/types.ts";
import { createEchoAdapter, createMockAdapter } from "../models/testing.ts";
import { providerEntry } from "../models/adapters/registry.ts";
import { configError } from "./_whole_config_error.ts";
import { withoutCallLog } from "./_call_log.ts";

export {
  type ProviderEntry,
  providerEntry,
  type ProviderFamily,
  type ProviderOptions,
  PROVIDERS,
} from "../models/adapters/registry.ts";

/**
 * One backend to register.
 *
 * @example Usage
 * ```ts
 * import type { BackendSpec } from "@switchyard/switchyard/gateway";
 * const spec: BackendSpec = { name: "local", provider: "ollama", defaultModel: "llama3.2" };
 * ```
 */
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

/**
 * The two deterministic local backends used when nothing is configured:
 * `echo` repeats the last user message, `mock` gives a fixed answer.
 *
 * @example Usage
 * ```ts
 * import { LOCAL_BACKENDS } from "@switchyard/switchyard/gateway";
 * console.log(LOCAL_BACKENDS.map((spec) => spec.name)); // ["echo", "mock"]
 * ```
 */
export const LOCAL_BACKENDS: readonly BackendSpec[] = [
  { name: "echo", provider: "echo" },
  { name: "mock", provider: "mock" },
];

/**
 * Builds the adapter for one backend.
 *
 * @param spec The backend.
 * @returns The adapter.
 * @throws {GatewayConfigError} For an unknown provider or a missing key.
 *
 * @example Usage
 * ```ts
 * import { createAdapter } from "@switchyard/switchyard/gateway";
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
    throw configError(
      `backend "${spec.name}": unknown provider "${spec.provider}"`,
    );
  }
  if (spec.maxTokensParameter !== undefined && entry.family !== "openai") {
    throw configError(
      `backend "${spec.name}": maxTokensParameter applies to openai and the OpenAI-compatible presets only`,
    );
  }
  if (entry.requiresKey && !spec.apiKey) {
    throw configError(
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

/** `value` as a token-limit wire name, or a GatewayConfigError naming `where`. */
export function tokenLimitName(
  value: unknown,
  where: string,
): "max_tokens" | "max_completion_tokens" {
  if (typeof value !== "string" || !TOKEN_LIMIT_NAMES.includes(value)) {
    throw configError(
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
 * Hosts a backend talks to, for the `--allow-net` check at startup.
 *
 * @param spec Its spec.
 * @returns `host[:port]` of its API, or undefined for local test adapters.
 *
 * @example Usage
 * ```ts
 * import { apiHost } from "@switchyard/switchyard/gateway";
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
