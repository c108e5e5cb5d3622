/**
 * One adapter for every OpenAI-compatible Chat Completions API: OpenAI itself,
 * Groq, Together, Mistral, DeepSeek, OpenRouter, and local servers (vLLM,
 * llama.cpp's `llama-server`, LM Studio, Ollama's `/v1`).
 *
 * ## Presets ({@linkcode OPENAI_COMPATIBLE_PRESETS})
 *
 * | preset | baseURL | default model | API key |
 * |---|---|---|---|
 * | `openai` | `https://api.openai.com/v1` | `gpt-4o-mini` | required |
 * | `groq` | `https://api.groq.com/openai/v1` | `llama-3.3-70b-versatile` | required |
 * | `together` | `https://api.together.xyz/v1` | `meta-llama/Llama-3.3-70B-Instruct-Turbo` | required |
 * | `mistral` | `https://api.mistral.ai/v1` | `mistral-small-latest` | required |
 * | `deepseek` | `https://api.deepseek.com/v1` | `deepseek-chat` | required |
 * | `openrouter` | `https://openrouter.ai/api/v1` | `openai/gpt-4o-mini` | required |
 * | `vllm` | `http://127.0.0.1:8000/v1` | none (name the served model) | optional |
 * | `llamacpp` | `http://127.0.0.1:8080/v1` | none (the loaded model answers) | optional |
 * | `lmstudio` | `http://127.0.0.1:1234/v1` | none (name a loaded model) | optional |
 * | `ollama` | `http://127.0.0.1:11434/v1` | `llama3.2` | optional |
 *
 * ## Wire mapping
 *
 * - `POST {baseURL}/chat/completions` with `Authorization: Bearer <apiKey>`
 *   (omitted when `apiKey` is ""), `OpenAI-Organization` when `organization`
 *   is set; `healthCheck` is `GET {baseURL}/models` (free).
 * - System messages stay `role: "system"` messages, in place. A user message
 *   whose parts are all text is sent as one string (parts joined with "\n"),
 *   because several compatible servers (DeepSeek, older llama.cpp) reject
 *   content arrays; image parts become `image_url` parts (base64 as a `data:`
 *   URL). Tool results (in `tool` messages, or in user messages as Anthropic
 *   puts them) become `role: "tool"` messages with `tool_call_id`; the wire
 *   has no error flag, so `isError` is not sent. Assistant `tool_use` parts
 *   become `tool_calls` with JSON-string `arguments`, and back. An image's
 *   `detail` → `image_url.detail`, a tool's `strict` → `function.strict`, an
 *   assistant turn's `refusal` → its `refusal`; reasoning (`thinking`
 *   parts) and cache marks have no field here and are not sent.
 * - Answers: `message.refusal` → the IR message's `refusal`, `logprobs`
 *   (content and refusal) → `logprobs`; usage `prompt_tokens_details.cached_tokens`
 *   → `cacheReadTokens`, `prompt_tokens_details.cache_write_tokens` →
 *   `cacheCreationTokens` and `completion_tokens_details.reasoning_tokens` →
 *   `reasoningTokens` (all already counted in the prompt and completion
 *   counts, as in the IR). Streamed, `delta.refusal` and each chunk's
 *   `logprobs` ride on `content` chunks.
 * - Parameters: `maxTokens`→`max_completion_tokens` on OpenAI's own API
 *   (`api.openai.com`: its reasoning models o1, o3, o4-mini and gpt-5 refuse
 *   `max_tokens`, and every chat model accepts the new name) and
 *   `max_tokens` on every other server, since every compatible server reads
 *   `max_tokens` but not all know `max_completion_tokens` (one that ignores
 *   it would leave the answer unbounded); the `maxTokensParameter` config
 *   option picks the name (e.g. for a proxy in front of OpenAI). `topP`→`top_p`,
 *   `topK`→`top_k` (accepted by vLLM, Together, llama.cpp; OpenAI itself
 *   rejects it), `stopSequences`→`stop`, `frequencyPenalty`,
 *   `presencePenalty`, `seed`, `user`. Any other key is sent as-is (e.g.
 *   `response_format`, `reasoning_effort`), unless it names a setting an IR
 *   field already sets (`max_tokens` or `max_completion_tokens` beside
 *   `maxTokens`, `top_p` beside `topP`): the IR field wins, once.
 * - Streaming asks for `stream_options.include_usage` (except on Mistral,
 *   which reports usage unasked; and not on a call sending the client's own
 *   body, `CallOptions.source`, whose answer goes back to that client as the
 *   upstream gave it); tool-call argument deltas become `tool_use`
 *   chunks with `inputDelta`; the stream ends at `data: [DONE]` (or at end of
 *   input after a `finish_reason`, for servers that omit `[DONE]`). Only
 *   choice 0 is read.
 * - Finish reasons: `stop`, `length`, `tool_calls`/`function_call`→`tool_calls`,
 *   `content_filter`; anything else → `stop`. An answer holding a tool call
 *   is `tool_calls` when it says `stop` or something unknown (OpenAI itself
 *   says `stop` for a named `tool_choice`, as do several compatible
 *   servers), as for Gemini and Cohere. A raw value rewritten or without an
 *   IR name is kept in `metadata.providerFinishReason`.
 * - Tool-call arguments that are not a JSON object raise INVALID_RESPONSE
 *   (with the raw text in `details.arguments`) rather than being dropped.
 * - Errors: see `HttpAdapterConfig`; HTTP statuses map to AdapterError codes
 *   and `retryAfter` comes from `retry-after-ms` or `Retry-After`. A failure
 *   before the first stream chunk is thrown; later, the stream ends with an
 *   `error` chunk.
 * - `estimateCost` uses the price table dated {@linkcode PRICES_DATE} (local
 *   presets cost 0; OpenRouter's `vendor/model` names price as the vendor's
 *   model, with dotted version numbers also read dashed, so
 *   `anthropic/claude-3.5-sonnet` prices as `claude-3-5-sonnet`, and
 *   `google/` and `mistralai/` read as the gemini and mistral tables); see
 *   `ModelPrice`.
 *
 * @example Construct an adapter for Groq
 * ```ts
 * import { createOpenAICompatibleAdapter } from "@switchyard/switchyard/models/openai";
 * const groq = createOpenAICompatibleAdapter("groq", { apiKey: "gsk-example" });
 * console.log(groq.metadata.provider, groq.metadata.defaultModel); // "groq" "llama-3.3-70b-versatile"
 * ```
 *
 * @module
 */

import { AdapterError, ErrorCode } from "../errors.ts";
import type { AdapterCapabilities, IRChatRequest } from "../types.ts";
import { HttpAdapter } from "./adapter.ts";
import { bearer } from "./_base.ts";
import {
  type FetchFunction,
  type HttpAdapterConfig,
  isRecord,
} from "./_http.ts";
import {
  fromWireResponse,
  irDrops,
  OpenAIStreamTranslator,
  toWireMessages,
  wireToolChoice,
  wireTools,
} from "./_openai_wire.ts";
import { estimateCostFor, type ModelPrice, PRICES_DATE } from "./_prices.ts";
import type { ProviderSpec } from "./provider.ts";
import { parseSSE, type SSEEvent } from "./_sse.ts";
import { towardWire } from "./_toward_wire.ts";

// Re-exported so this entry point is self-contained for its users and docs.
export type * from "../types.ts";
export type { FetchFunction, HttpAdapterConfig, ModelPrice };
export { HttpAdapter, PRICES_DATE };
export type * from "./provider.ts";

/**
 * Names of the built-in OpenAI-compatible presets.
 *
 * @example Usage
 * ```ts
 * import type { OpenAICompatibleProvider } from "@switchyard/switchyard/models/openai";
 * const provider: OpenAICompatibleProvider = "deepseek";
 * console.log(provider); // "deepseek"
 * ```
 */
export type OpenAICompatibleProvider =
  | "openai"
  | "groq"
  | "together"
  | "mistral"
  | "deepseek"
  | "openrouter"
  | "vllm"
  | "llamacpp"
  | "lmstudio"
  | "ollama";

/**
 * Where an OpenAI-compatible provider lives and how it behaves.
 *
 * @example Usage
 * ```ts
 * import { OPENAI_COMPATIBLE_PRESETS, type OpenAICompatiblePreset } from "@switchyard/switchyard/models/openai";
 * const preset: OpenAICompatiblePreset = OPENAI_COMPATIBLE_PRESETS.vllm;
 * console.log(preset.baseURL, preset.local); // "http://127.0.0.1:8000/v1" true
 * ```
 */
export interface OpenAICompatiblePreset {
  /** API root, up to and including the version segment. */
  readonly baseURL: string;
  /** Model used when a request names none; local servers have none. */
  readonly defaultModel?: string;
  /** True when the service rejects requests without a key. */
  readonly requiresApiKey: boolean;
  /** True for servers on your own machine (priced at 0). */
  readonly local: boolean;
  /** Whether to send `stream_options.include_usage` when streaming. */
  readonly includeStreamUsage: boolean;
  /** The provider's API documentation. */
  readonly docs: string;
}

/**
 * The built-in presets, by name (see the module docs for the table).
 *
 * @example List the presets
 * ```ts
 * import { OPENAI_COMPATIBLE_PRESETS } from "@switchyard/switchyard/models/openai";
 * console.log(Object.keys(OPENAI_COMPATIBLE_PRESETS).length); // 10
 * ```
 */
export const OPENAI_COMPATIBLE_PRESETS: Readonly<
  Record<OpenAICompatibleProvider, OpenAICompatiblePreset>
> = {
  openai: {
    baseURL: "https://api.openai.com/v1",
    defaultModel: "gpt-4o-mini",
    requiresApiKey: true,
    local: false,
    includeStreamUsage: true,
    docs: "https://platform.openai.com/docs/api-reference/chat",
  },
  groq: {
    baseURL: "https://api.groq.com/openai/v1",
    defaultModel: "llama-3.3-70b-versatile",
    requiresApiKey: true,
    local: false,
    includeStreamUsage: true,
    docs: "https://console.groq.com/docs/openai",
  },
  together: {
    baseURL: "https://api.together.xyz/v1",
    defaultModel: "meta-llama/Llama-3.3-70B-Instruct-Turbo",
    requiresApiKey: true,
    local: false,
    includeStreamUsage: true,
    docs: "https://docs.together.ai/docs/openai-api-compatibility",
  },
  mistral: {
    baseURL: "https://api.mistral.ai/v1",
    defaultModel: "mistral-small-latest",
    requiresApiKey: true,
    local: false,
    includeStreamUsage: false,
    docs: "https://docs.mistral.ai/api/",
  },
  deepseek: {
    baseURL: "https://api.deepseek.com/v1",
    defaultModel: "deepseek-chat",
    requiresApiKey: true,
    local: false,
    includeStreamUsage: true,
    docs: "https://api-docs.deepseek.com/",
  },
  openrouter: {
    baseURL: "https://openrouter.ai/api/v1",
    defaultModel: "openai/gpt-4o-mini",
    requiresApiKey: true,
    local: false,
    includeStreamUsage: true,
    docs: "https://openrouter.ai/docs/api-reference/overview",
  },
  vllm: {
    baseURL: "http://127.0.0.1:8000/v1",
    requiresApiKey: false,
    local: true,
    includeStreamUsage: true,
    docs:
      "https://docs.vllm.ai/en/latest/serving/openai_compatible_server.html",
  },
  llamacpp: {
    baseURL: "http://127.0.0.1:8080/v1",
    requiresApiKey: false,
    local: true,
    includeStreamUsage: true,
    docs: "https://github.com/ggml-org/llama.cpp/tree/master/tools/server",
  },
  lmstudio: {
    baseURL: "http://127.0.0.1:1234/v1",
    requiresApiKey: false,
    local: true,
    includeStreamUsage: true,
    docs: "https://lmstudio.ai/docs/app/api/endpoints/openai",
  },
  ollama: {
    baseURL: "http://127.0.0.1:11434/v1",
    defaultModel: "llama3.2",
    requiresApiKey: false,
    local: true,
    includeStreamUsage: true,
    docs: "https://github.com/ollama/ollama/blob/main/docs/openai.md",
  },
};

/**
 * Configuration of an {@linkcode OpenAIAdapter}.
 *
 * @example Usage
 * ```ts
 * import type { OpenAIAdapterConfig } from "@switchyard/switchyard/models/openai";
 * const config: OpenAIAdapterConfig = { apiKey: "sk-example", organization: "org-123" };
 * console.log(config.organization); // "org-123"
 * ```
 */
export interface OpenAIAdapterConfig extends HttpAdapterConfig {
  /** Bearer token; "" sends no `Authorization` header (local servers). */
  apiKey: string;
  /** API root (default `https://api.openai.com/v1`). */
  baseURL?: string;
  /** Model used when a request names none (default `gpt-4o-mini` when `baseURL` is not set, else none); `""` throws `INVALID_REQUEST` at construction. */
  defaultModel?: string;
  /** Sent as `OpenAI-Organization`. */
  organization?: string;
  /** Provider id in metadata, errors and price lookup (default `openai`). */
  provider?: string;
  /** Send `stream_options.include_usage` when streaming (default true). */
  includeStreamUsage?: boolean;
  /** True for a server on your own machine: `estimateCost` returns 0. */
  local?: boolean;
  /** Overrides of the advertised capabilities. */
  capabilities?: Partial<AdapterCapabilities>;
  /**
   * Wire name of `parameters.maxTokens`. Default: `max_completion_tokens`
   * when the API is OpenAI's own (`api.openai.com`, the default baseURL),
   * which its reasoning models (o1, o3, o4-mini, gpt-5) require; `max_tokens`
   * for every other server, which every compatible server reads (not all know
   * `max_completion_tokens`). Set it for a proxy in front of OpenAI.
   */
  maxTokensParameter?: "max_tokens" | "max_completion_tokens";
}

/**
 * Configuration of {@linkcode createOpenAICompatibleAdapter}: an
 * {@linkcode OpenAIAdapterConfig} whose `apiKey` may be left out for local
 * servers.
 *
 * @example Usage
 * ```ts
 * import type { OpenAICompatibleConfig } from "@switchyard/switchyard/models/openai";
 * const config: OpenAICompatibleConfig = { defaultModel: "Qwen/Qwen2.5-7B-Instruct" };
 * console.log(config.apiKey); // undefined
 * ```
 */
export interface OpenAICompatibleConfig
  extends Omit<OpenAIAdapterConfig, "apiKey"> {
  /** Bearer token; required by hosted presets. */
  apiKey?: string;
}
/**
 * A BackendAdapter for any OpenAI-compatible Chat Completions API: the
 * generic {@linkcode HttpAdapter} running {@linkcode openAIProvider}.
 *
 * @example Inspect an adapter without calling the network
 * ```ts
 * import { OpenAIAdapter } from "@switchyard/switchyard/models/openai";
 * const adapter = new OpenAIAdapter({ apiKey: "sk-example" });
 * console.log(adapter.metadata.name, adapter.metadata.capabilities.tools); // "openai" true
 * ```
 */
export class OpenAIAdapter extends HttpAdapter {
  /**
   * Creates the adapter; nothing is sent until a call.
   *
   * @param config API key, base URL and options.
   */
  constructor(config: OpenAIAdapterConfig) {
    super(config, openAIProvider(config));
  }
}

/**
 * The description of an OpenAI-compatible provider for a config: base URL,
 * bearer and organization headers, the parameter table (with the token-limit
 * name the API wants) and the Chat Completions translations.
 *
 * @param config API key, base URL and options.
 * @returns The provider description {@linkcode HttpAdapter} runs.
 *
 * @example The token-limit name follows the API
 * ```ts
 * import { openAIProvider } from "@switchyard/switchyard/models/openai";
 * console.log(openAIProvider({ apiKey: "sk-example" }).parameters.names.maxTokens); // "max_completion_tokens"
 * console.log(openAIProvider({ apiKey: "", baseURL: "http://127.0.0.1:8000/v1" }).parameters.names.maxTokens); // "max_tokens"
 * ```
 */
export function openAIProvider(
  config: OpenAIAdapterConfig,
): ProviderSpec<SSEEvent> {
  // OpenAI itself (no baseURL given) gets its preset's default model.
  const defaultModel = config.defaultModel ??
    (config.baseURL === undefined
      ? OPENAI_COMPATIBLE_PRESETS.openai.defaultModel
      : undefined);
  const provider = config.provider ?? "openai";
  const maxTokens = config.maxTokensParameter ??
    (isOpenAIItself(config.baseURL) ? "max_completion_tokens" : "max_tokens");
  const includeUsage = config.includeStreamUsage ?? true;
  const strict = isOpenAIItself(config.baseURL);
  return {
    provider,
    baseURL: OPENAI_COMPATIBLE_PRESETS.openai.baseURL,
    healthPath: "/models",
    ...(defaultModel === undefined ? {} : { defaultModel }),
    headers: {
      authorization: bearer(config.apiKey),
      "openai-organization": config.organization || undefined,
    },
    parameters: {
      names: { ...PARAMETER_NAMES, maxTokens },
      // Two wire names for one limit: only the one maxTokens maps to is sent.
      supersedes: { maxTokens: ["max_tokens", "max_completion_tokens"] },
    },
    ...(config.capabilities === undefined
      ? {}
      : { capabilities: config.capabilities }),
    ...(config.local ? { local: true } : {}),
    relay: true,
    chatWire: { name: "openai", path: "/chat/completions" },
    // OpenAI's wire for each: the client's body goes as is, the answer's
    // bytes come back. The Responses API is OpenAI's own.
    operations: {
      embeddings: { path: () => "/embeddings" },
      completions: { path: () => "/completions" },
      ...(provider === "openai"
        ? { responses: { path: () => "/responses" } }
        : {}),
    },
    parse: parseSSE,
    call: (request, { model, stream, parameters, relay }) => {
      const body = parameters;
      body.model = model;
      body.messages = toWireMessages(request.messages, provider);
      const tools = wireTools(request);
      if (tools !== undefined) body.tools = tools;
      const choice = wireToolChoice(request);
      if (choice !== undefined) body.tool_choice = choice;
      if (!stream) delete body.stream;
      else {
        body.stream = true;
        if (includeUsage && !relay) {
          body.stream_options = {
            ...(isRecord(body.stream_options) ? body.stream_options : {}),
            include_usage: true,
          };
        }
      }
      // OpenAI's own API refuses keys it does not document; other
      // OpenAI-compatible servers take their extensions (`top_k` too).
      const dropped = [
        ...irDrops(request),
        ...towardWire(
          body,
          "openai",
          provider,
          strict,
          strict ? [] : ["top_k"],
        ),
      ];
      return {
        path: "/chat/completions",
        body,
        ...(dropped.length === 0 ? {} : { dropped }),
      };
    },
    response: (json, request) => fromWireResponse(json, provider, request),
    translator: (request) => new OpenAIStreamTranslator(provider, request),
    estimateCost: (request, model, prices) =>
      estimateCostFor(request, provider, model, prices) ??
        vendorPrice(request, model),
  };
}

const PARAMETER_NAMES: Readonly<Record<string, string>> = {
  temperature: "temperature",
  topP: "top_p",
  topK: "top_k",
  stopSequences: "stop",
  frequencyPenalty: "frequency_penalty",
  presencePenalty: "presence_penalty",
  seed: "seed",
  user: "user",
};

// OpenRouter's vendor prefixes that differ from the price table's names.
const OPENROUTER_VENDORS: Readonly<Record<string, string>> = {
  google: "gemini",
  mistralai: "mistral",
};

/**
 * An OpenRouter-style `vendor/model` priced as the vendor's own model.
 * OpenRouter writes version numbers with dots where Anthropic's names have
 * dashes (claude-3.5-sonnet, claude-3-5-sonnet): both spellings are tried
 * and the more specific table entry wins.
 */
function vendorPrice(request: IRChatRequest, model: string): number | null {
  const slash = model.indexOf("/");
  if (slash <= 0) return null;
  const prefix = model.slice(0, slash);
  const vendor = Object.hasOwn(OPENROUTER_VENDORS, prefix)
    ? OPENROUTER_VENDORS[prefix]
    : prefix;
  const name = model.slice(slash + 1);
  return estimateCostFor(
    request,
    vendor,
    [name, name.replace(/(\d)\.(?=\d)/g, "$1-")],
    undefined,
  );
}

/**
 * Creates an {@linkcode OpenAIAdapter}.
 *
 * @param config API key, base URL and options.
 * @returns The adapter.
 *
 * @example Point the adapter at a fake server
 * ```ts
 * import { createOpenAIAdapter } from "@switchyard/switchyard/models/openai";
 * const adapter = createOpenAIAdapter({
 *   apiKey: "sk-example",
 *   fetch: () =>
 *     Promise.resolve(Response.json({
 *       id: "chatcmpl-1",
 *       model: "gpt-4o-mini",
 *       choices: [{ index: 0, message: { role: "assistant", content: "Hi!" }, finish_reason: "stop" }],
 *       usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
 *     })),
 * });
 * const response = await adapter.execute({ messages: [{ role: "user", content: "Hello" }] });
 * console.log(response.message.content, response.usage?.totalTokens); // "Hi!" 5
 * ```
 */
export function createOpenAIAdapter(
  config: OpenAIAdapterConfig,
): OpenAIAdapter {
  return new OpenAIAdapter(config);
}

/**
 * Creates an {@linkcode OpenAIAdapter} from a preset: base URL, default model
 * and stream options filled in; anything in `config` wins.
 *
 * @param preset One of {@linkcode OPENAI_COMPATIBLE_PRESETS}.
 * @param config Overrides; `apiKey` is required for hosted presets.
 * @returns The adapter, with `metadata.provider` set to the preset name.
 *
 * @example A local vLLM server
 * ```ts
 * import { createOpenAICompatibleAdapter } from "@switchyard/switchyard/models/openai";
 * const vllm = createOpenAICompatibleAdapter("vllm", { defaultModel: "Qwen/Qwen2.5-7B-Instruct" });
 * console.log(vllm.metadata.provider, await vllm.estimateCost({ messages: [] })); // "vllm" 0
 * ```
 */
export function createOpenAICompatibleAdapter(
  preset: OpenAICompatibleProvider,
  config: OpenAICompatibleConfig = {},
): OpenAIAdapter {
  // Own keys only: a name such as `constructor` or `__proto__` (from a config
  // file, untyped) would otherwise find an Object.prototype member and build
  // an adapter with no base URL instead of being refused.
  const settings = Object.hasOwn(OPENAI_COMPATIBLE_PRESETS, preset)
    ? OPENAI_COMPATIBLE_PRESETS[preset]
    : undefined;
  if (settings === undefined) {
    throw new AdapterError({
      code: ErrorCode.INVALID_REQUEST,
      message: `unknown OpenAI-compatible preset "${preset}"`,
    });
  }
  if (settings.requiresApiKey && !config.apiKey) {
    throw new AdapterError({
      code: ErrorCode.AUTHENTICATION_FAILED,
      message: `the ${preset} preset needs an apiKey`,
      provider: preset,
    });
  }
  const defaultModel = config.defaultModel ?? settings.defaultModel;
  // Keys present but undefined (e.g. `baseURL: env.get(...)`) must not erase the preset.
  const given = Object.fromEntries(
    Object.entries(config).filter(([, value]) => value !== undefined),
  );
  return new OpenAIAdapter({
    baseURL: settings.baseURL,
    provider: preset,
    includeStreamUsage: settings.includeStreamUsage,
    local: settings.local,
    ...given,
    ...(defaultModel === undefined ? {} : { defaultModel }),
    apiKey: config.apiKey ?? "",
  });
}

/** True for OpenAI's own API: no baseURL, or one on api.openai.com. */
function isOpenAIItself(baseURL: string | undefined): boolean {
  if (baseURL === undefined) return true;
  try {
    return new URL(baseURL).hostname === "api.openai.com";
  } catch {
    return false;
  }
}
