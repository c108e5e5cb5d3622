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
 *   become `tool_calls` with JSON-string `arguments`, and back.
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
 *   which reports usage unasked); tool-call argument deltas become `tool_use`
 *   chunks with `inputDelta`; the stream ends at `data: [DONE]` (or at end of
 *   input after a `finish_reason`, for servers that omit `[DONE]`). Only
 *   choice 0 is read.
 * - Finish reasons: `stop`, `length`, `tool_calls`/`function_call`→`tool_calls`,
 *   `content_filter`; anything else → `stop`, with the raw value in
 *   `metadata.providerFinishReason`.
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
import type {
  AdapterCapabilities,
  AdapterMetadata,
  BackendAdapter,
  FinishReason,
  IRChatRequest,
  IRChatResponse,
  IRChatStream,
  IRContentPart,
  IRMessage,
  IRParameters,
  IRResponseMetadata,
  IRToolUsePart,
  IRUsage,
} from "../types.ts";
import { AdapterCore, bearer, eventObject, idModelMetadata } from "./_base.ts";
import {
  type FetchFunction,
  type HttpAdapterConfig,
  invalidRequest,
  invalidResponse,
  isRecord,
  parseToolArguments,
  type StreamTranslator,
  type UnsequencedChunk,
} from "./_http.ts";
import {
  assistantMessage,
  functionDeclaration,
  MessageAssembler,
  partsOf,
  textOf,
  usageOf,
} from "./_ir.ts";
import { estimateCostFor, type ModelPrice, PRICES_DATE } from "./_prices.ts";
import { parseSSE, type SSEEvent } from "./_sse.ts";

// Re-exported so this entry point is self-contained for its users and docs.
export type * from "../types.ts";
export type { FetchFunction, HttpAdapterConfig, ModelPrice };
export { PRICES_DATE };

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
  /** Model used when a request names none (default `gpt-4o-mini` when `baseURL` is not set, else none). */
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

interface WireToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

type WireContentPart =
  | { type: "text"; text: string }
  | { type: "image_url"; image_url: { url: string } };

interface WireMessage {
  role: "system" | "user" | "assistant" | "tool";
  content: string | WireContentPart[] | null;
  name?: string;
  tool_calls?: WireToolCall[];
  tool_call_id?: string;
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

const FINISH_REASONS: Readonly<Record<string, FinishReason>> = {
  stop: "stop",
  length: "length",
  tool_calls: "tool_calls",
  function_call: "tool_calls",
  content_filter: "content_filter",
};

/**
 * A BackendAdapter for any OpenAI-compatible Chat Completions API.
 *
 * @example Inspect an adapter without calling the network
 * ```ts
 * import { OpenAIAdapter } from "@switchyard/switchyard/models/openai";
 * const adapter = new OpenAIAdapter({ apiKey: "sk-example" });
 * console.log(adapter.metadata.name, adapter.metadata.capabilities.tools); // "openai" true
 * ```
 */
export class OpenAIAdapter implements BackendAdapter {
  /** Name, provider, capabilities and default model. */
  readonly metadata: AdapterMetadata;
  readonly #core: AdapterCore<SSEEvent>;
  readonly #config: OpenAIAdapterConfig;
  readonly #provider: string;
  readonly #maxTokensParameter: "max_tokens" | "max_completion_tokens";

  /**
   * Creates the adapter; nothing is sent until a call.
   *
   * @param config API key, base URL and options.
   */
  constructor(config: OpenAIAdapterConfig) {
    // OpenAI itself (no baseURL given) gets its preset's default model.
    const defaultModel = config.defaultModel ??
      (config.baseURL === undefined
        ? OPENAI_COMPATIBLE_PRESETS.openai.defaultModel
        : undefined);
    this.#config = { ...config, defaultModel };
    const provider = config.provider ?? "openai";
    this.#provider = provider;
    this.#maxTokensParameter = config.maxTokensParameter ??
      (isOpenAIItself(config.baseURL) ? "max_completion_tokens" : "max_tokens");
    this.#core = new AdapterCore(config, {
      provider,
      defaultBaseURL: OPENAI_COMPATIBLE_PRESETS.openai.baseURL,
      healthPath: "/models",
      defaultModel,
      headers: {
        authorization: bearer(config.apiKey),
        "openai-organization": config.organization || undefined,
      },
      capabilities: config.capabilities,
      parse: parseSSE,
      call: (request, stream) => ({
        path: "/chat/completions",
        body: this.#wireRequest(request, stream),
      }),
      response: (json, request) => fromWireResponse(json, provider, request),
      translator: (request) => new OpenAIStreamTranslator(provider, request),
    });
    this.metadata = this.#core.metadata;
  }

  /**
   * Sends a chat completion and waits for the whole answer.
   *
   * @param request The IR request; never mutated.
   * @param signal Aborts the call (AdapterError ABORTED).
   * @returns The IR response.
   */
  execute(
    request: IRChatRequest,
    signal?: AbortSignal,
  ): Promise<IRChatResponse> {
    return this.#core.execute(request, signal);
  }

  /**
   * Streams a chat completion; the generator is returned synchronously and
   * the request starts on the first `next()`.
   *
   * @param request The IR request; never mutated.
   * @param signal Aborts the stream and closes the connection.
   * @returns start, content / tool_use, metadata and done (or error) chunks.
   */
  executeStream(request: IRChatRequest, signal?: AbortSignal): IRChatStream {
    return this.#core.executeStream(request, signal);
  }

  /**
   * Lists models (`GET /models`), which costs nothing.
   *
   * @param signal Aborts the probe.
   * @returns True when the API answered 2xx.
   */
  healthCheck(signal?: AbortSignal): Promise<boolean> {
    return this.#core.healthCheck(signal);
  }

  /**
   * Rough cost of a request in USD from the price table (0 for local servers).
   *
   * @param request The IR request.
   * @returns The estimate, or null for an unpriced model.
   */
  estimateCost(request: IRChatRequest): Promise<number | null> {
    if (this.#config.local) return Promise.resolve(0);
    const model = request.parameters?.model ?? this.#config.defaultModel;
    let cost = estimateCostFor(
      request,
      this.#provider,
      model,
      this.#config.prices,
    );
    const slash = model?.indexOf("/") ?? -1;
    if (cost === null && model !== undefined && slash > 0) {
      // OpenRouter-style "vendor/model": price as the vendor's own model.
      // OpenRouter writes version numbers with dots where Anthropic's names
      // have dashes (claude-3.5-sonnet, claude-3-5-sonnet): both spellings
      // are tried and the more specific table entry wins.
      const prefix = model.slice(0, slash);
      const vendor = Object.hasOwn(OPENROUTER_VENDORS, prefix)
        ? OPENROUTER_VENDORS[prefix]
        : prefix;
      const name = model.slice(slash + 1);
      cost = estimateCostFor(
        request,
        vendor,
        [name, name.replace(/(\d)\.(?=\d)/g, "$1-")],
        undefined,
      );
    }
    return Promise.resolve(cost);
  }

  #wireRequest(
    request: IRChatRequest,
    stream: boolean,
  ): Record<string, unknown> {
    const model = request.parameters?.model ?? this.#config.defaultModel;
    if (model === undefined) {
      throw invalidRequest(
        this.#provider,
        "no model: set parameters.model or defaultModel",
      );
    }
    const body: Record<string, unknown> = wireParameters(
      request.parameters,
      this.#maxTokensParameter,
    );
    body.model = model;
    body.messages = toWireMessages(request.messages, this.#provider);
    if (request.tools !== undefined && request.tools.length > 0) {
      body.tools = request.tools.map((tool) => ({
        type: "function",
        function: functionDeclaration(tool),
      }));
    }
    if (request.toolChoice !== undefined) {
      body.tool_choice = typeof request.toolChoice === "string"
        ? request.toolChoice
        : { type: "function", function: { name: request.toolChoice.name } };
    }
    if (stream) {
      body.stream = true;
      if (this.#config.includeStreamUsage ?? true) {
        body.stream_options = {
          ...(isRecord(body.stream_options) ? body.stream_options : {}),
          include_usage: true,
        };
      }
    } else {
      delete body.stream;
    }
    return body;
  }
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
  const settings = OPENAI_COMPATIBLE_PRESETS[preset];
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

function wireParameters(
  parameters: IRParameters | undefined,
  maxTokensParameter: string,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const entries = Object.entries(parameters ?? {}).filter(([key, value]) =>
    value !== undefined && key !== "model"
  );
  const mapped = (key: string) =>
    key === "maxTokens" || Object.hasOwn(PARAMETER_NAMES, key);
  // IR fields first, so a passed-through wire key naming the same setting
  // (a raw max_tokens beside maxTokens) never sends it twice.
  for (const [key, value] of entries) {
    if (key === "maxTokens") body[maxTokensParameter] = value;
    else if (mapped(key)) body[PARAMETER_NAMES[key]] = value;
  }
  const limited = parameters?.maxTokens !== undefined;
  for (const [key, value] of entries) {
    if (mapped(key) || Object.hasOwn(body, key)) continue;
    if (limited && TOKEN_LIMIT_KEYS.has(key)) continue;
    body[key] = value;
  }
  return body;
}

// OpenRouter's vendor prefixes that differ from the price table's names.
const OPENROUTER_VENDORS: Readonly<Record<string, string>> = {
  google: "gemini",
  mistralai: "mistral",
};

// Two wire names for one limit: only the one maxTokens maps to is sent.
const TOKEN_LIMIT_KEYS: ReadonlySet<string> = new Set([
  "max_tokens",
  "max_completion_tokens",
]);

function imageURL(part: Extract<IRContentPart, { type: "image" }>): string {
  return part.source.type === "url"
    ? part.source.url
    : `data:${part.source.mediaType};base64,${part.source.data}`;
}

function toWireMessages(
  messages: readonly IRMessage[],
  provider: string,
): WireMessage[] {
  const out: WireMessage[] = [];
  for (const message of messages) {
    const name = message.name === undefined ? {} : { name: message.name };
    if (message.role === "system") {
      out.push({
        role: "system",
        content: textOf(message.content, "\n"),
        ...name,
      });
      continue;
    }
    if (message.role === "assistant") {
      const parts = partsOf(message.content);
      const calls: WireToolCall[] = parts
        .filter((part): part is IRToolUsePart => part.type === "tool_use")
        .map((part) => ({
          id: part.id,
          type: "function",
          function: { name: part.name, arguments: JSON.stringify(part.input) },
        }));
      const text = textOf(message.content);
      out.push({
        role: "assistant",
        content: text === "" && calls.length > 0 ? null : text,
        ...name,
        ...(calls.length > 0 ? { tool_calls: calls } : {}),
      });
      continue;
    }
    // user and tool messages: tool results become "tool" messages, the rest user content.
    const parts = partsOf(message.content);
    const rest: WireContentPart[] = [];
    for (const part of parts) {
      if (part.type === "tool_result") {
        out.push({
          role: "tool",
          tool_call_id: part.toolUseId,
          content: part.content,
        });
      } else if (part.type === "text") {
        rest.push({ type: "text", text: part.text });
      } else if (part.type === "image") {
        rest.push({ type: "image_url", image_url: { url: imageURL(part) } });
      } else {
        throw invalidRequest(
          provider,
          `a ${message.role} message cannot carry a tool_use part`,
        );
      }
    }
    if (message.role === "tool") {
      if (rest.length > 0) {
        throw invalidRequest(
          provider,
          "a tool message must hold only tool_result parts",
        );
      }
      continue;
    }
    if (rest.length === 0 && parts.length > 0) continue;
    const content = rest.every((part) => part.type === "text")
      ? rest.map((part) => (part as { text: string }).text).join("\n")
      : rest;
    out.push({ role: "user", content, ...name });
  }
  return out;
}

function wireUsage(usage: unknown): IRUsage | undefined {
  if (!isRecord(usage)) return undefined;
  const prompt = typeof usage.prompt_tokens === "number"
    ? usage.prompt_tokens
    : 0;
  const completion = typeof usage.completion_tokens === "number"
    ? usage.completion_tokens
    : 0;
  return usageOf(
    prompt,
    completion,
    typeof usage.total_tokens === "number" ? usage.total_tokens : undefined,
  );
}

function finishReason(raw: unknown, hasToolCalls: boolean): FinishReason {
  if (typeof raw === "string" && FINISH_REASONS[raw] !== undefined) {
    return FINISH_REASONS[raw];
  }
  return hasToolCalls ? "tool_calls" : "stop";
}

function responseMetadata(
  provider: string,
  request: IRChatRequest,
  json: Record<string, unknown>,
  rawFinish: unknown,
): IRResponseMetadata {
  const metadata = idModelMetadata(provider, request, json);
  if (
    typeof rawFinish === "string" && FINISH_REASONS[rawFinish] === undefined
  ) {
    metadata.providerFinishReason = rawFinish;
  }
  return metadata;
}

function fromWireResponse(
  json: unknown,
  provider: string,
  request: IRChatRequest,
): IRChatResponse {
  if (!isRecord(json) || !Array.isArray(json.choices)) {
    throw invalidResponse(provider, "response has no choices array");
  }
  const choice =
    json.choices.find((c) => isRecord(c) && (c.index ?? 0) === 0) ??
      json.choices[0];
  if (!isRecord(choice) || !isRecord(choice.message)) {
    throw invalidResponse(provider, "response has no choice with a message");
  }
  const wire = choice.message;
  const uses: IRToolUsePart[] = [];
  for (const call of Array.isArray(wire.tool_calls) ? wire.tool_calls : []) {
    if (
      !isRecord(call) || !isRecord(call.function) ||
      typeof call.function.name !== "string"
    ) {
      throw invalidResponse(provider, "malformed tool call in response");
    }
    const args = typeof call.function.arguments === "string"
      ? call.function.arguments
      : "";
    uses.push({
      type: "tool_use",
      id: typeof call.id === "string" ? call.id : `call_${uses.length}`,
      name: call.function.name,
      input: parseToolArguments(args, provider, call.function.name),
    });
  }
  const text = typeof wire.content === "string" ? wire.content : "";
  const response: IRChatResponse = {
    message: assistantMessage(text, uses),
    finishReason: finishReason(choice.finish_reason, uses.length > 0),
    metadata: responseMetadata(provider, request, json, choice.finish_reason),
  };
  if (typeof wire.refusal === "string") {
    response.metadata.refusal = wire.refusal;
  }
  const usage = wireUsage(json.usage);
  if (usage !== undefined) response.usage = usage;
  return response;
}

/** Turns `chat.completion.chunk` events into IR chunks. */
class OpenAIStreamTranslator implements StreamTranslator<SSEEvent> {
  readonly #provider: string;
  readonly #request: IRChatRequest;
  readonly #assembler: MessageAssembler;
  readonly #tools = new Map<number, { id: string; name: string }>();
  #metadata: IRResponseMetadata | undefined;
  #finish: unknown = undefined;
  #usage: IRUsage | undefined;

  constructor(provider: string, request: IRChatRequest) {
    this.#provider = provider;
    this.#request = request;
    this.#assembler = new MessageAssembler(provider);
  }

  event(event: SSEEvent): UnsequencedChunk[] {
    const data = event.data.trim();
    if (data === "[DONE]") return this.#done();
    const json = eventObject(this.#provider, data);
    if (json.error !== undefined || event.event === "error") {
      throw streamError(this.#provider, json);
    }
    const out: UnsequencedChunk[] = [];
    this.#start(out, json);
    const usage = wireUsage(json.usage);
    if (usage !== undefined) {
      this.#usage = usage;
      out.push({ type: "metadata", usage });
    }
    const choices = Array.isArray(json.choices) ? json.choices : [];
    const choice = choices.find((c) => isRecord(c) && (c.index ?? 0) === 0);
    if (!isRecord(choice)) return out;
    const delta = isRecord(choice.delta) ? choice.delta : {};
    if (typeof delta.content === "string" && delta.content !== "") {
      this.#assembler.text(delta.content);
      out.push({ type: "content", delta: delta.content });
    }
    for (
      const call of Array.isArray(delta.tool_calls) ? delta.tool_calls : []
    ) {
      if (!isRecord(call)) continue;
      const index = typeof call.index === "number" ? call.index : 0;
      const fn = isRecord(call.function) ? call.function : {};
      let known = this.#tools.get(index);
      if (known === undefined) {
        known = {
          id: typeof call.id === "string" ? call.id : `call_${index}`,
          name: typeof fn.name === "string" ? fn.name : "",
        };
        this.#tools.set(index, known);
      }
      const args = typeof fn.arguments === "string" ? fn.arguments : "";
      this.#assembler.tool(known.id, known.name, args);
      out.push({
        type: "tool_use",
        id: known.id,
        name: known.name,
        ...(args === "" ? {} : { inputDelta: args }),
      });
    }
    if (choice.finish_reason !== undefined && choice.finish_reason !== null) {
      this.#finish = choice.finish_reason;
    }
    return out;
  }

  end(): UnsequencedChunk[] {
    if (this.#finish === undefined) {
      throw new AdapterError({
        code: ErrorCode.PROVIDER_ERROR,
        message: `${this.#provider}: stream ended before [DONE]`,
        provider: this.#provider,
      });
    }
    return this.#done();
  }

  #start(out: UnsequencedChunk[], json: Record<string, unknown>): void {
    if (this.#metadata !== undefined) return;
    this.#metadata = responseMetadata(
      this.#provider,
      this.#request,
      json,
      undefined,
    );
    out.push({ type: "start", metadata: { ...this.#metadata } });
  }

  #done(): UnsequencedChunk[] {
    const out: UnsequencedChunk[] = [];
    this.#start(out, {});
    const metadata = { ...this.#metadata };
    if (
      typeof this.#finish === "string" &&
      FINISH_REASONS[this.#finish] === undefined
    ) {
      metadata.providerFinishReason = this.#finish;
    }
    out.push({
      type: "done",
      finishReason: finishReason(this.#finish, this.#assembler.hasToolCalls),
      message: this.#assembler.message(),
      metadata,
      ...(this.#usage === undefined ? {} : { usage: this.#usage }),
    });
    return out;
  }
}

function streamError(
  provider: string,
  json: Record<string, unknown>,
): AdapterError {
  const error = isRecord(json.error) ? json.error : json;
  const message = typeof error.message === "string"
    ? error.message
    : "error event in stream";
  const kind = `${error.type ?? ""} ${error.code ?? ""}`;
  return new AdapterError({
    code: kind.includes("rate_limit")
      ? ErrorCode.RATE_LIMITED
      : ErrorCode.PROVIDER_ERROR,
    message: `${provider}: ${message}`,
    provider,
    details: { error },
  });
}
