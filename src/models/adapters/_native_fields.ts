// The translation table's columns toward the providers that speak neither
// chat wire (Gemini generateContent, Cohere v2 chat, Ollama /api/chat),
// as data beside `_wire_fields.ts`: what each top-level field of either
// wire becomes there, and which keys each API documents, so the adapters
// (`_toward_native.ts`) forward nothing else. Field lists: each provider's
// public API reference for those endpoints.

import type { ChatWire } from "../types.ts";
import type { Treatment } from "./_wire_fields.ts";

/** The providers that speak neither chat wire, each its own API. */
export type NativeTarget = "gemini" | "cohere" | "ollama";

/** What happens to a field toward one native API, and how. */
export type NativeTreatment = readonly [Treatment, string];

/** A top-level chat-wire field's fate toward each native API. */
export interface NativeField {
  /** The API that documents it (`both` when each does). */
  readonly wire: ChatWire | "both";
  /** Its top-level name. */
  readonly field: string;
  /** Toward Gemini's generateContent. */
  readonly gemini: NativeTreatment;
  /** Toward Cohere's v2 chat. */
  readonly cohere: NativeTreatment;
  /** Toward Ollama's /api/chat. */
  readonly ollama: NativeTreatment;
}

type Fate = NativeTreatment | string;

function native(
  wire: ChatWire | "both",
  field: string,
  gemini: Fate,
  cohere: Fate = gemini,
  ollama: Fate = cohere,
): NativeField {
  const fate = (value: Fate): NativeTreatment =>
    typeof value === "string" ? ["dropped", value] : value;
  return {
    wire,
    field,
    gemini: fate(gemini),
    cohere: fate(cohere),
    ollama: fate(ollama),
  };
}

function mapped(
  wire: ChatWire | "both",
  field: string,
  gemini: string,
  cohere: string,
  ollama: string,
): NativeField {
  return native(wire, field, ["mapped", gemini], ["mapped", cohere], [
    "mapped",
    ollama,
  ]);
}

/** A sampling field: `generationConfig.<gemini>`, `<cohere>`, `options.<field>`. */
function sampling(
  field: string,
  wire: ChatWire | "both",
  gemini: string,
  cohere: string = field,
): NativeField[] {
  return [
    mapped(
      wire,
      field,
      `\`generationConfig.${gemini}\``,
      `\`${cohere}\``,
      `\`options.${field}\``,
    ),
  ];
}

/**
 * The top-level fields of both chat wires toward the native APIs. A field
 * the internal form carries (messages, tools, sampling, `stream`, …) is
 * written in each API's own shape; the rows below are the rest. A key in
 * no row and not documented by the target is dropped (and named): Gemini
 * and Cohere refuse unknown keys, and Ollama would ignore it unseen.
 */
export const NATIVE_FIELDS: readonly NativeField[] = [
  mapped("both", "model", "the path", "`model`", "`model`"),
  mapped(
    "both",
    "messages",
    "`contents` (assistant → `model`; tool results → `functionResponse`)",
    "`messages`",
    "`messages`",
  ),
  mapped(
    "anthropic",
    "system",
    "`systemInstruction`",
    "a `system` message",
    "a `system` message",
  ),
  mapped(
    "both",
    "tools",
    "`tools[].functionDeclarations`",
    "`tools`",
    "`tools`",
  ),
  mapped(
    "both",
    "tool_choice",
    "`toolConfig.functionCallingConfig` (`AUTO`, `NONE`, `ANY`)",
    "`tool_choice`: `NONE`, or `REQUIRED` for required or a function",
    "`none` leaves the tools out; the others send them",
  ),
  mapped(
    "both",
    "stream",
    "`streamGenerateContent?alt=sse`",
    "`stream`",
    "`stream`",
  ),
  ...sampling("temperature", "both", "temperature", "temperature"),
  ...sampling("top_p", "both", "topP", "p"),
  ...sampling("top_k", "anthropic", "topK", "k"),
  mapped(
    "both",
    "max_tokens",
    "`generationConfig.maxOutputTokens`",
    "`max_tokens`",
    "`options.num_predict`",
  ),
  mapped(
    "openai",
    "max_completion_tokens",
    "`generationConfig.maxOutputTokens`",
    "`max_tokens`",
    "`options.num_predict`",
  ),
  mapped(
    "openai",
    "stop",
    "`generationConfig.stopSequences`",
    "`stop_sequences`",
    "`options.stop`",
  ),
  mapped(
    "anthropic",
    "stop_sequences",
    "`generationConfig.stopSequences`",
    "`stop_sequences`",
    "`options.stop`",
  ),
  ...sampling("seed", "openai", "seed", "seed"),
  ...sampling("frequency_penalty", "openai", "frequencyPenalty"),
  ...sampling("presence_penalty", "openai", "presencePenalty"),
  native(
    "openai",
    "stream_options",
    ["mapped", "usage comes with every stream"],
  ),
  native("openai", "n", ["refused", "only `n: 1` (then mapped: one answer)"]),
  native(
    "openai",
    "response_format",
    [
      "emulated",
      "`generationConfig.responseMimeType: application/json`, with " +
      "`responseJsonSchema` for `json_schema`",
    ],
    [
      "emulated",
      '`response_format: { type: "json_object" }`, with `json_schema` ' +
      "for `json_schema`",
    ],
    ["emulated", '`format`: the schema for `json_schema`, else `"json"`'],
  ),
  native(
    "openai",
    "reasoning_effort",
    [
      "emulated",
      "`generationConfig.thinkingConfig.thinkingBudget`: minimal 1024, " +
      "low 2048, medium 8192, high 24576, `none` 0",
    ],
    [
      "emulated",
      '`thinking: { type: "enabled", token_budget }` by the same ' +
      'budgets; `none` → `{ type: "disabled" }`',
    ],
    [
      "emulated",
      '`think`: `"low"`, `"medium"`, `"high"` (minimal → low); `none` → ' +
      "`false`",
    ],
  ),
  native(
    "anthropic",
    "thinking",
    [
      "emulated",
      "`generationConfig.thinkingConfig.thinkingBudget`: `budget_tokens`; " +
      "`disabled` → 0",
    ],
    [
      "emulated",
      '`thinking: { type: "enabled", token_budget }`; `disabled` sent as is',
    ],
    ["emulated", "`think: true`; `disabled` → `false`"],
  ),
  native(
    "anthropic",
    "output_config",
    [
      "emulated",
      "`format` (json_schema) → `responseMimeType` and " +
      "`responseJsonSchema`; `effort` dropped",
    ],
    [
      "emulated",
      '`format` (json_schema) → `response_format: { type: "json_object", ' +
      "json_schema }`; `effort` dropped",
    ],
    [
      "emulated",
      "`format` (json_schema) → `format`: the schema; `effort` dropped",
    ],
  ),
  native(
    "both",
    "metadata",
    "no end-user or tag field; an Anthropic `metadata.user_id` is " +
      "named `user`",
  ),
  native("openai", "user", "no end-user field"),
  native("openai", "parallel_tool_calls", "no such switch"),
  native(
    "openai",
    "logprobs",
    "the adapter reads no log probabilities back",
  ),
  native(
    "openai",
    "top_logprobs",
    "the adapter reads no log probabilities back",
  ),
  native("openai", "logit_bias", "no logit bias"),
  native("openai", "store", "no stored completions"),
  native("both", "service_tier", "no service tiers"),
  native("openai", "modalities", "text answers only"),
  native("openai", "audio", ["refused", "no audio answers"]),
  native("openai", "prediction", "no predicted outputs"),
  native("openai", "web_search_options", "no web search option"),
  native("openai", "verbosity", "no verbosity setting"),
  native("openai", "prompt_cache_key", "no prompt cache key"),
  native("openai", "prompt_cache_options", "no prompt cache options"),
  native("openai", "prompt_cache_retention", "no prompt cache options"),
  native("openai", "safety_identifier", "no such field"),
  native("openai", "moderation", "no such field"),
  native("openai", "functions", [
    "refused",
    "the legacy functions API: use `tools`",
  ]),
  native("openai", "function_call", [
    "refused",
    "the legacy functions API: use `tool_choice`",
  ]),
  native("anthropic", "cache_control", "no `cache_control` marks"),
  native("anthropic", "container", "Anthropic only"),
  native("anthropic", "context_management", "Anthropic only"),
  native("anthropic", "mcp_servers", "Anthropic only"),
  native("anthropic", "diagnostics", "Anthropic only"),
  native("anthropic", "inference_geo", "Anthropic only"),
  native("anthropic", "speed", "Anthropic only"),
  native("anthropic", "user_profile_id", "Anthropic only"),
  native("anthropic", "workspace_id", "Anthropic only"),
  native("anthropic", "anthropic-beta", "the header: no betas"),
];

/**
 * The top-level keys each native API documents beside what the internal
 * form writes: a caller of the library may pass them in `parameters`, and
 * they are sent as they are (Gemini's go into `generationConfig`, or to the
 * top level for `safetySettings`, `cachedContent` and `labels`).
 */
export const NATIVE_KEYS: Readonly<Record<NativeTarget, readonly string[]>> = {
  gemini: [
    "safetySettings",
    "cachedContent",
    "labels",
    "responseMimeType",
    "responseSchema",
    "responseJsonSchema",
    "responseModalities",
    "candidateCount",
    "thinkingConfig",
    "speechConfig",
    "imageConfig",
    "mediaResolution",
    "enableEnhancedCivicAnswers",
  ],
  cohere: [
    "documents",
    "citation_options",
    "response_format",
    "safety_mode",
    "strict_tools",
    "thinking",
    "priority",
  ],
  ollama: ["format", "keep_alive", "think", "options"],
};

/** The `options` keys Ollama documents (a Modelfile's parameters and runtime ones). */
export const OLLAMA_OPTIONS: readonly string[] = [
  "num_keep",
  "seed",
  "num_predict",
  "top_k",
  "top_p",
  "min_p",
  "typical_p",
  "repeat_last_n",
  "temperature",
  "repeat_penalty",
  "presence_penalty",
  "frequency_penalty",
  "penalize_newline",
  "stop",
  "numa",
  "num_ctx",
  "num_batch",
  "num_gpu",
  "main_gpu",
  "use_mmap",
  "num_thread",
  "mirostat",
  "mirostat_tau",
  "mirostat_eta",
  "tfs_z",
];

/** The native rows by field name. */
export const NATIVE_ROWS: ReadonlyMap<string, NativeField> = new Map(
  NATIVE_FIELDS.map((row) => [row.field, row]),
);
