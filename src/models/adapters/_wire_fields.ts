// The one translation table between the two chat wires: every documented
// request field of OpenAI Chat Completions and of Anthropic Messages, once,
// with what happens to it on the other wire. On its own wire a field is
// always sent as the client wrote it (the gateway relays the body); this
// table decides only across wires. The adapters' pass over the body
// (`_toward_wire.ts`) reads the top-level rows, the request readers report
// the nested ones they cannot carry, and docs/gateway/wires.md is checked
// against it by a test.
//
// Field lists: the request parameter types of the pinned official SDKs
// (openai 7.57.0 `ChatCompletionCreateParamsBase`, @anthropic-ai/sdk 1.14.0
// `MessageCreateParamsBase`), plus `temperature`, `top_p` and `top_k`,
// which Anthropic's API reference documents and that SDK's types no longer
// list.

import type { ChatWire } from "../types.ts";

/**
 * What happens to a field on the other wire: `mapped` to its counterpart,
 * `emulated` by other means the target documents, `dropped` (named in the
 * `x-switchyard-dropped` header and the log line), or `refused` (a 400 in
 * the caller's wire naming it).
 */
export type Treatment = "mapped" | "emulated" | "dropped" | "refused";

/** One documented request field. */
export interface WireField {
  /** The API that documents it. */
  readonly wire: ChatWire;
  /** Its path in that API's request body (`[]` for each array item). */
  readonly field: string;
  /** What happens to it toward the other wire. */
  readonly toward: Treatment;
  /** What it becomes, or why not. */
  readonly note: string;
}

function rows(
  wire: ChatWire,
  list: ReadonlyArray<readonly [string, Treatment, string]>,
): WireField[] {
  return list.map(([field, toward, note]) => ({ wire, field, toward, note }));
}

const OPENAI_ROWS = rows("openai", [
  ["model", "mapped", "`model`, as routing names it"],
  [
    "messages",
    "mapped",
    "`system`/`developer` → `system`; `tool` → `tool_result` blocks",
  ],
  ["messages[].name", "dropped", "Anthropic messages have no author name"],
  [
    "messages[].content[].image_url",
    "mapped",
    "`image` block (`base64` for a data URL, else `url`)",
  ],
  [
    "messages[].content[].image_url.detail",
    "dropped",
    "Anthropic sizes images itself",
  ],
  [
    "messages[].content[].prompt_cache_breakpoint",
    "mapped",
    "on a user message's text or image part: `cache_control: { type: " +
    '"ephemeral" }` (a `ttl`, a least lifetime, asks for `1h`); in a ' +
    "system, developer, assistant or tool message (read as text) it is " +
    "dropped",
  ],
  [
    "messages[].content[].input_audio",
    "refused",
    "Anthropic takes no audio input",
  ],
  [
    "messages[].content[].file",
    "refused",
    "no file part is translated",
  ],
  ["tools", "mapped", "`tools[]` with `input_schema`"],
  ["tools[].function.strict", "mapped", "`tools[].strict`"],
  [
    "tools[].custom",
    "refused",
    "a custom (free-form input) tool has no Anthropic counterpart",
  ],
  [
    "messages[].tool_calls[].function.arguments",
    "mapped",
    "the `tool_use` block's `input`; arguments that are not a JSON object " +
    "(a model may write them so) are refused: `input` must be one",
  ],
  [
    "messages[].tool_calls[].custom",
    "refused",
    "a custom tool's call in the history, as the tool",
  ],
  [
    "tool_choice",
    "mapped",
    "`auto`, `none`; `required` → `any`; a function → `tool`",
  ],
  [
    "tool_choice.custom",
    "refused",
    "names a custom tool, which has no Anthropic counterpart",
  ],
  [
    "tool_choice.allowed_tools",
    "refused",
    "Anthropic cannot narrow the tool list per request",
  ],
  [
    "parallel_tool_calls",
    "emulated",
    "`false` → `tool_choice.disable_parallel_tool_use: true`",
  ],
  ["temperature", "emulated", "sent, capped at 1 (Anthropic's range is 0–1)"],
  ["top_p", "mapped", "`top_p`"],
  ["max_tokens", "mapped", "`max_tokens`"],
  ["max_completion_tokens", "mapped", "`max_tokens`"],
  ["stop", "mapped", "`stop_sequences`"],
  ["n", "refused", "only `n: 1` (then mapped: one answer)"],
  ["stream", "mapped", "`stream`"],
  [
    "stream_options",
    "mapped",
    "`include_usage`: Anthropic streams always carry usage",
  ],
  ["user", "mapped", "`metadata.user_id`"],
  [
    "response_format",
    "emulated",
    "`json_schema` → `output_config.format` (Anthropic's structured " +
    "output); `text` is the default; `json_object` has no counterpart " +
    "and is dropped",
  ],
  [
    "reasoning_effort",
    "emulated",
    '`thinking: { type: "enabled", budget_tokens }`: minimal 1024, ' +
    "low 2048, medium 8192, high 24576, xhigh 32768, max 65536, below " +
    "`max_tokens` (dropped when that leaves less than 1024); `none` sends " +
    "nothing",
  ],
  ["frequency_penalty", "dropped", "Anthropic has no penalties"],
  ["presence_penalty", "dropped", "Anthropic has no penalties"],
  ["seed", "dropped", "Anthropic has no seed"],
  ["logprobs", "dropped", "Anthropic returns no log probabilities"],
  ["top_logprobs", "dropped", "Anthropic returns no log probabilities"],
  ["logit_bias", "dropped", "Anthropic has no logit bias"],
  [
    "metadata",
    "dropped",
    "OpenAI's stored-completion tags; Anthropic's `metadata` takes " +
    "`user_id` only",
  ],
  ["store", "dropped", "Anthropic stores no completions"],
  [
    "service_tier",
    "mapped",
    "`auto` sent as is; OpenAI's other tiers are dropped",
  ],
  ["modalities", "dropped", "Anthropic answers in text"],
  ["audio", "refused", "Anthropic cannot answer in audio"],
  ["prediction", "dropped", "Anthropic has no predicted outputs"],
  ["web_search_options", "dropped", "Anthropic's web search is a tool"],
  ["verbosity", "dropped", "Anthropic has no verbosity setting"],
  [
    "prompt_cache_key",
    "dropped",
    "Anthropic caches at `cache_control` marks",
  ],
  [
    "prompt_cache_options",
    "dropped",
    "Anthropic caches at `cache_control` marks",
  ],
  [
    "prompt_cache_retention",
    "dropped",
    "Anthropic caches at `cache_control` marks",
  ],
  ["safety_identifier", "dropped", "Anthropic has no such field"],
  ["moderation", "dropped", "Anthropic has no such field"],
  [
    "functions",
    "refused",
    "the legacy functions API: use `tools` (also `function` messages and " +
    "an assistant's `function_call`)",
  ],
  ["function_call", "refused", "the legacy functions API: use `tool_choice`"],
]);

/** Why a cache mark goes nowhere toward OpenAI. */
const CACHED_BY_OPENAI = "OpenAI caches prompts automatically (its explicit " +
  "`prompt_cache_breakpoint` is not written: only its newest models take " +
  "it, and the adapter also serves OpenAI-compatible servers, which do not)";

const ANTHROPIC_ROWS = rows("anthropic", [
  ["model", "mapped", "`model`, as routing names it"],
  [
    "messages",
    "mapped",
    "user and assistant messages; `tool_result` blocks → `tool` messages",
  ],
  [
    "messages[].role",
    "mapped",
    "`user`, `assistant`; a `system` message → a `system` message in place",
  ],
  [
    "messages[].content[].image",
    "mapped",
    "`image_url` part (a data URL for `base64`)",
  ],
  [
    "messages[].content[].image.source.file",
    "refused",
    "an uploaded file's id means nothing to OpenAI",
  ],
  [
    "messages[].content[].tool_use",
    "mapped",
    "the assistant message's `tool_calls`",
  ],
  [
    "messages[].content[].tool_result",
    "mapped",
    "a `tool` message",
  ],
  [
    "messages[].content[].tool_result.content[]",
    "refused",
    "text blocks are mapped; an image or document in a tool result has " +
    "no place in a `tool` message",
  ],
  [
    "messages[].content[].thinking",
    "dropped",
    "an earlier turn's reasoning: OpenAI takes none back",
  ],
  [
    "messages[].content[].redacted_thinking",
    "dropped",
    "an earlier turn's reasoning: OpenAI takes none back",
  ],
  [
    "messages[].content[].document",
    "refused",
    "no document block is translated",
  ],
  [
    "messages[].content[].search_result",
    "refused",
    "no counterpart (nor for server tool blocks or `container_upload`)",
  ],
  [
    "messages[].content[].citations",
    "dropped",
    "a text block's citations: Chat Completions takes none",
  ],
  [
    "messages[].content[].cache_control",
    "dropped",
    CACHED_BY_OPENAI,
  ],
  ["system", "mapped", "a `system` message (blocks as paragraphs)"],
  [
    "system[].cache_control",
    "dropped",
    CACHED_BY_OPENAI,
  ],
  ["max_tokens", "mapped", "`max_tokens` (`max_completion_tokens` at OpenAI)"],
  ["stop_sequences", "mapped", "`stop`"],
  ["stream", "mapped", "`stream`"],
  ["temperature", "mapped", "`temperature`"],
  ["top_p", "mapped", "`top_p`"],
  [
    "top_k",
    "dropped",
    "OpenAI has none (sent to other OpenAI-compatible servers, which take it)",
  ],
  ["metadata", "mapped", "`metadata.user_id` → `user`"],
  ["tools", "mapped", '`tools[]` of `type: "function"`'],
  ["tools[].strict", "mapped", "`tools[].function.strict`"],
  ["tools[].cache_control", "dropped", CACHED_BY_OPENAI],
  [
    "tools[].input_examples",
    "dropped",
    "a function has no examples (nor `defer_loading`, `allowed_callers`, " +
    "`eager_input_streaming`)",
  ],
  [
    "tools[].type",
    "refused",
    "server tools (web search, code execution, …) run at Anthropic only",
  ],
  [
    "tool_choice",
    "mapped",
    "`auto`, `none`; `any` → `required`; `tool` → a function",
  ],
  [
    "tool_choice.disable_parallel_tool_use",
    "emulated",
    "`true` → `parallel_tool_calls: false`",
  ],
  [
    "thinking",
    "emulated",
    "`enabled` → `reasoning_effort` by `budget_tokens` (below 4096 low, " +
    "below 16384 medium, else high); `disabled` sends nothing; " +
    "`adaptive` and `between_tools` are dropped",
  ],
  [
    "output_config",
    "emulated",
    "`format` (json_schema) → `response_format: json_schema`; `effort` → " +
    "`reasoning_effort` (the same five values)",
  ],
  ["cache_control", "dropped", CACHED_BY_OPENAI],
  [
    "service_tier",
    "mapped",
    "`auto` sent as is; `standard_only` is dropped",
  ],
  ["container", "dropped", "Anthropic's code-execution container"],
  ["context_management", "dropped", "Anthropic's context editing"],
  ["mcp_servers", "dropped", "Anthropic's MCP connector"],
  ["diagnostics", "dropped", "Anthropic only"],
  ["inference_geo", "dropped", "Anthropic only"],
  ["speed", "dropped", "Anthropic only"],
  ["user_profile_id", "dropped", "Anthropic only"],
  ["workspace_id", "dropped", "Anthropic only"],
  [
    "anthropic-beta",
    "dropped",
    "the header: OpenAI has no betas (on the same wire it is sent, merged " +
    "with the backend's configured `beta`)",
  ],
]);

/** Every documented request field of both chat wires. */
export const WIRE_FIELDS: readonly WireField[] = [
  ...OPENAI_ROWS,
  ...ANTHROPIC_ROWS,
];

/** A wire's top-level rows by field name. */
export function topLevelRows(wire: ChatWire): ReadonlyMap<string, WireField> {
  return wire === "openai" ? OPENAI_TOP : ANTHROPIC_TOP;
}

function topLevel(list: readonly WireField[]): Map<string, WireField> {
  return new Map(
    list.filter((row) => /^[a-z_]+$/.test(row.field)).map((
      row,
    ) => [row.field, row]),
  );
}

const OPENAI_TOP = topLevel(OPENAI_ROWS);
const ANTHROPIC_TOP = topLevel(ANTHROPIC_ROWS);
