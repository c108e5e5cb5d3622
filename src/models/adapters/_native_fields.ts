// The translation table's columns toward the providers that speak neither
// chat wire (Gemini generateContent, Cohere v2 chat, Ollama /api/chat),
// as data beside `_wire_fields.ts`: what each top-level field of either
// wire becomes there, and which keys each API documents, so the adapters
// (`_toward_native.ts`) forward nothing else.
//
// Checked against each API's current definitions (the sources are named in
// docs/gateway/wires.md, "Sources"): Gemini's request and answer types as
// the official JavaScript SDK (@google/genai 2.32) sends them to the Gemini
// API, Cohere's `V2ChatRequest` and answer types (cohere-ai 8.1), and the
// Ollama server's own request and answer structs (`api/types.go`), which
// decide what the server reads; the chat wires' fields are those of
// `_wire_fields.ts`.

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

/**
 * A sampling field: `generationConfig.<gemini>`, `<cohere>` (kept within
 * Cohere's `range` when it has a narrower one), `options.<field>`.
 */
function sampling(
  field: string,
  wire: ChatWire | "both",
  gemini: string,
  cohere: string = field,
  range?: string,
): NativeField[] {
  return [
    mapped(
      wire,
      field,
      `\`generationConfig.${gemini}\``,
      `\`${cohere}\`` +
        (range === undefined ? "" : `, kept within ${range} (Cohere's range)`),
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
    "`none` leaves the tools out; a function is sent alone (Ollama " +
      "cannot force a call); `auto` and `required` send them all",
  ),
  mapped(
    "both",
    "stream",
    "`streamGenerateContent?alt=sse`",
    "`stream`",
    "`stream`",
  ),
  ...sampling("temperature", "both", "temperature", "temperature"),
  ...sampling("top_p", "both", "topP", "p", "0.01–0.99"),
  ...sampling("top_k", "anthropic", "topK", "k", "0–500"),
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
  ...sampling(
    "frequency_penalty",
    "openai",
    "frequencyPenalty",
    "frequency_penalty",
    "0–1",
  ),
  ...sampling(
    "presence_penalty",
    "openai",
    "presencePenalty",
    "presence_penalty",
    "0–1",
  ),
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
      "low 2048, medium 8192, high (and `xhigh`, `max`) 24576, `none` 0",
    ],
    [
      "emulated",
      '`thinking: { type: "enabled", token_budget }` by the same ' +
      'budgets; `none` → `{ type: "disabled" }`',
    ],
    [
      "emulated",
      '`think`: `"low"`, `"medium"`, `"high"`, `"max"` (minimal → low, ' +
      "xhigh → high); `none` → `false`",
    ],
  ),
  native(
    "anthropic",
    "thinking",
    [
      "emulated",
      "`generationConfig.thinkingConfig.thinkingBudget`: `budget_tokens`; " +
      "`adaptive` → -1 (Gemini's dynamic thinking); `disabled` → 0",
    ],
    [
      "emulated",
      '`thinking: { type: "enabled", token_budget }`; `adaptive` → ' +
      '`{ type: "enabled" }` (Cohere sets the budget); `disabled` sent as is',
    ],
    ["emulated", "`think: true` (also for `adaptive`); `disabled` → `false`"],
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
      "`format` (json_schema) → `format`: the schema; `effort` → `think` " +
      '(`"low"`, `"medium"`, `"high"`, `"max"`; xhigh → high)',
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
    [
      "emulated",
      "`generationConfig.responseLogprobs`; the answer's `logprobsResult` " +
      "is read back",
    ],
    "Cohere gives them by token id, not token text: not read back",
    ["mapped", "`logprobs`; the answer's `logprobs` are read back"],
  ),
  native(
    "openai",
    "top_logprobs",
    ["emulated", "`generationConfig.logprobs` (with `responseLogprobs`)"],
    "Cohere has no alternatives per token",
    ["mapped", "`top_logprobs`"],
  ),
  native("openai", "logit_bias", "no logit bias"),
  native("openai", "store", "no stored completions"),
  native(
    "both",
    "service_tier",
    [
      "mapped",
      "`serviceTier`: `flex` and `priority` as they are, OpenAI `default` " +
      "and Anthropic `standard_only` → `standard`; `auto` sends nothing",
    ],
    "Cohere's `priority` is a number, not a tier",
    "no service tiers",
  ),
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
 * The nested fields of both chat wires toward the native APIs, each named
 * as its client wire spells it (`tools[].strict` is OpenAI's
 * `tools[].function.strict` too). What the internal form carries and a
 * target has no place for is named dropped by that target's adapter; the
 * rest is written in the target's own shape.
 */
export const NATIVE_NESTED: readonly NativeField[] = [
  native(
    "openai",
    "messages[].name",
    "no author name",
    "no author name",
    "no author name",
  ),
  native(
    "openai",
    "messages[].refusal",
    "an earlier answer's refusal has no field; its text is not sent",
  ),
  mapped(
    "openai",
    "messages[].content[].image_url",
    "`inlineData` (a data URL), else `fileData.fileUri`",
    "`image_url`",
    "`images[]` (base64; an http(s) URL is refused)",
  ),
  native(
    "openai",
    "messages[].content[].image_url.detail",
    "Gemini sets image resolution per request (`mediaResolution`)",
    ["mapped", "`image_url.detail`"],
    "no image detail",
  ),
  native(
    "openai",
    "messages[].tool_calls[].id",
    [
      "emulated",
      "a result's `functionResponse.name` is the name of the call with its " +
      "id; an id Gemini gave goes back as `functionCall.id` and " +
      "`functionResponse.id`",
    ],
    ["mapped", "`tool_calls[].id` and the result's `tool_call_id`"],
    ["mapped", "`tool_calls[].id` and the result's `tool_call_id`"],
  ),
  native(
    "anthropic",
    "messages[].content[].tool_result.is_error",
    ["emulated", "`functionResponse.response: { error }`"],
    "a tool message has no error flag",
    "a tool message has no error flag",
  ),
  native(
    "anthropic",
    "messages[].content[].thinking",
    "Gemini takes back only its own thought signatures",
    [
      "mapped",
      'a `{ type: "thinking" }` item of the assistant content (the ' +
      "signature is Anthropic's and is not sent)",
    ],
    ["mapped", "the message's `thinking` (the signature is not sent)"],
  ),
  native(
    "anthropic",
    "messages[].content[].redacted_thinking",
    "Anthropic's encrypted reasoning",
  ),
  native(
    "openai",
    "messages[].content[].prompt_cache_breakpoint",
    "no explicit cache points (Gemini caches by itself, or by " +
      "`cachedContent`)",
    "no cache points",
    "no cache points",
  ),
  native(
    "anthropic",
    "messages[].content[].cache_control",
    "no cache marks (Gemini caches by itself, or by `cachedContent`)",
    "no cache marks",
    "no cache marks",
  ),
  native(
    "anthropic",
    "system[].cache_control",
    "no cache marks (Gemini caches by itself, or by `cachedContent`)",
    "no cache marks",
    "no cache marks",
  ),
  native(
    "anthropic",
    "tools[].cache_control",
    "no cache marks (Gemini caches by itself, or by `cachedContent`)",
    "no cache marks",
    "no cache marks",
  ),
  mapped(
    "both",
    "tools[].input_schema",
    "`parameters` when Gemini's Schema subset carries it, else " +
      "`parametersJsonSchema` (OpenAI's `function.parameters` too)",
    "`tools[].function.parameters`",
    "`tools[].function.parameters`",
  ),
  native(
    "both",
    "tools[].strict",
    "a function declaration has no strict flag",
    [
      "emulated",
      "`strict_tools: true` when every tool is strict (Cohere's switch is " +
      "per request), else dropped",
    ],
    "no strict flag",
  ),
  native(
    "openai",
    "tool_choice.allowed_tools",
    [
      "emulated",
      "`functionDeclarations` narrowed to the allowed functions; mode " +
      "`auto` → `AUTO`, `required` → `ANY`",
    ],
    [
      "emulated",
      "`tools` narrowed to the allowed functions; mode `required` → " +
      "`REQUIRED`, `auto` sends no choice",
    ],
    [
      "emulated",
      "`tools` narrowed to the allowed functions; `required` cannot be " +
      "forced (Ollama has no tool choice)",
    ],
  ),
  native(
    "anthropic",
    "tool_choice.disable_parallel_tool_use",
    "no such switch (named as `parallel_tool_calls`, its OpenAI form)",
  ),
  native(
    "openai",
    "response_format.json_schema.strict",
    ["mapped", "`responseJsonSchema` is always enforced"],
    ["mapped", "`json_schema` is always enforced"],
    ["mapped", "`format` is always enforced"],
  ),
  native(
    "anthropic",
    "thinking.budget_tokens",
    ["mapped", "`thinkingConfig.thinkingBudget`"],
    ["mapped", "`thinking.token_budget`"],
    "`think` has no budget: `true`",
  ),
  native(
    "openai",
    "stream_options.include_usage",
    ["mapped", "usage comes with every stream"],
  ),
  native(
    "anthropic",
    "metadata.user_id",
    "no end-user field (named as `user`, its OpenAI form)",
  ),
];

// The keys each native API documents live beside this table.
export { NATIVE_KEYS, OLLAMA_OPTIONS } from "./_native_keys.ts";

/** The native rows by field name. */
export const NATIVE_ROWS: ReadonlyMap<string, NativeField> = new Map(
  NATIVE_FIELDS.map((row) => [row.field, row]),
);
