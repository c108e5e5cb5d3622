/**
 * Every provider the package can talk to, by name: how to build its
 * adapter, where its API lives, which environment variable conventionally
 * holds its key and whether it needs one. A gateway config names a
 * `provider` and reads the rest from here, so adding a provider is one
 * entry, not a new branch in every config reader.
 *
 * Names: the four families (`openai`, `anthropic`, `gemini`, `ollama`,
 * `cohere`) and every OpenAI-compatible preset (`groq`, `together`,
 * `mistral`, `deepseek`, `openrouter`, `vllm`, `llamacpp`, `lmstudio`).
 * `ollama` is Ollama's native API; its OpenAI-compatible `/v1` is reached
 * with `createOpenAICompatibleAdapter("ollama")`. `mistral` is the
 * OpenAI-compatible preset.
 *
 * Importing this file loads every adapter; import a provider's own entry
 * point when only that one is needed.
 *
 * @example Build an adapter by provider name
 * ```ts
 * import { PROVIDERS } from "@switchyard/switchyard/gateway";
 * const entry = PROVIDERS.groq;
 * console.log(entry.keyVariable, entry.requiresKey); // "GROQ_API_KEY" true
 * const groq = entry.create({ apiKey: "gsk-example" });
 * console.log(groq.metadata.provider); // "groq"
 * ```
 *
 * @module
 */

import { AdapterError, ErrorCode } from "../errors.ts";
import type { BackendAdapter } from "../types.ts";
import type { HttpAdapterConfig } from "./_http.ts";
import { createAnthropicAdapter } from "./anthropic.ts";
import { createCohereAdapter } from "./cohere.ts";
import { createGeminiAdapter } from "./gemini.ts";
import { createOllamaAdapter } from "./ollama.ts";
import {
  createOpenAIAdapter,
  createOpenAICompatibleAdapter,
  OPENAI_COMPATIBLE_PRESETS,
  type OpenAICompatibleProvider,
} from "./openai.ts";

/** The wire protocols, one per provider entry point. */
export type ProviderFamily =
  | "openai"
  | "anthropic"
  | "gemini"
  | "ollama"
  | "cohere";

/** What a config may set for any provider; unknown fields are the adapter's. */
export interface ProviderOptions extends HttpAdapterConfig {
  /**
   * Wire name of the token limit; `openai` family only (e.g.
   * `max_completion_tokens` for a proxy in front of OpenAI).
   */
  maxTokensParameter?: "max_tokens" | "max_completion_tokens";
}

/** One provider in the registry. */
export interface ProviderEntry {
  /** The wire protocol, i.e. which entry point's adapter `create` builds. */
  readonly family: ProviderFamily;
  /** API root used when the config names none. */
  readonly baseURL: string;
  /** Environment variable that conventionally holds the key, if any. */
  readonly keyVariable?: string;
  /** True when the API rejects requests without a key (`create` then throws without one). */
  readonly requiresKey: boolean;
  /** True for a server on your own machine. */
  readonly local: boolean;
  /**
   * Builds the adapter.
   *
   * @param options Key, base URL, default model and adapter options.
   * @returns The adapter.
   */
  create(options: ProviderOptions): BackendAdapter;
}

const KEY_VARIABLES: Readonly<Record<OpenAICompatibleProvider, string>> = {
  openai: "OPENAI_API_KEY",
  groq: "GROQ_API_KEY",
  together: "TOGETHER_API_KEY",
  mistral: "MISTRAL_API_KEY",
  deepseek: "DEEPSEEK_API_KEY",
  openrouter: "OPENROUTER_API_KEY",
  vllm: "VLLM_API_KEY",
  llamacpp: "LLAMA_API_KEY",
  lmstudio: "LM_API_TOKEN",
  ollama: "OLLAMA_API_KEY",
};

function presetEntries(): Record<string, ProviderEntry> {
  const entries: Record<string, ProviderEntry> = {};
  for (
    const [name, preset] of Object.entries(OPENAI_COMPATIBLE_PRESETS) as Array<
      [OpenAICompatibleProvider, (typeof OPENAI_COMPATIBLE_PRESETS)["openai"]]
    >
  ) {
    entries[name] = {
      family: "openai",
      baseURL: preset.baseURL,
      keyVariable: KEY_VARIABLES[name],
      requiresKey: preset.requiresApiKey,
      local: preset.local,
      create: (options) => createOpenAICompatibleAdapter(name, options),
    };
  }
  return entries;
}

/**
 * The providers by name (see the module docs).
 *
 * @example List them
 * ```ts
 * import { PROVIDERS } from "@switchyard/switchyard/gateway";
 * console.log(Object.keys(PROVIDERS).includes("cohere")); // true
 * ```
 */
export const PROVIDERS: Readonly<Record<string, ProviderEntry>> = keyChecked({
  ...presetEntries(),
  // OpenAI itself: a custom baseURL (a proxy) gets no default model.
  openai: {
    family: "openai",
    baseURL: OPENAI_COMPATIBLE_PRESETS.openai.baseURL,
    keyVariable: "OPENAI_API_KEY",
    requiresKey: true,
    local: false,
    create: (options) =>
      createOpenAIAdapter({ ...options, apiKey: options.apiKey ?? "" }),
  },
  anthropic: {
    family: "anthropic",
    baseURL: "https://api.anthropic.com",
    keyVariable: "ANTHROPIC_API_KEY",
    requiresKey: true,
    local: false,
    create: (options) =>
      createAnthropicAdapter({ ...options, apiKey: options.apiKey ?? "" }),
  },
  gemini: {
    family: "gemini",
    baseURL: "https://generativelanguage.googleapis.com/v1beta",
    keyVariable: "GEMINI_API_KEY",
    requiresKey: true,
    local: false,
    create: (options) =>
      createGeminiAdapter({ ...options, apiKey: options.apiKey ?? "" }),
  },
  ollama: {
    family: "ollama",
    baseURL: "http://127.0.0.1:11434",
    keyVariable: "OLLAMA_API_KEY",
    requiresKey: false,
    local: true,
    create: (options) => createOllamaAdapter(options),
  },
  cohere: {
    family: "cohere",
    baseURL: "https://api.cohere.com",
    keyVariable: "CO_API_KEY",
    requiresKey: true,
    local: false,
    create: (options) =>
      createCohereAdapter({ ...options, apiKey: options.apiKey ?? "" }),
  },
});

/** Every entry's `create`, refusing a missing key where one is required. */
function keyChecked(
  entries: Record<string, ProviderEntry>,
): Record<string, ProviderEntry> {
  const out: Record<string, ProviderEntry> = {};
  for (const [name, entry] of Object.entries(entries)) {
    out[name] = {
      ...entry,
      create: (options) => {
        if (entry.requiresKey && !options.apiKey) {
          throw new AdapterError({
            code: ErrorCode.AUTHENTICATION_FAILED,
            message: `the ${name} provider needs an apiKey`,
            provider: name,
          });
        }
        return entry.create(options);
      },
    };
  }
  return out;
}

/**
 * The registry entry for a provider name, or undefined.
 *
 * @param name A provider name.
 * @returns Its entry.
 *
 * @example Usage
 * ```ts
 * import { providerEntry } from "@switchyard/switchyard/gateway";
 * console.log(providerEntry("vllm")?.local, providerEntry("nope")); // true undefined
 * ```
 */
export function providerEntry(name: string): ProviderEntry | undefined {
  return Object.hasOwn(PROVIDERS, name) ? PROVIDERS[name] : undefined;
}
