// What Anthropic's Messages API takes in a request body (its API reference,
// as the pinned @anthropic-ai/sdk types spell it): the fake upstreams of the
// adapter and gateway tests refuse any other key, as the real API answers
// 400 `invalid_request_error` ("Extra inputs are not permitted"). Written
// out, not read from the code under test, which would accept whatever that
// code sends.

/** The top-level keys of a Messages request body. */
export const ANTHROPIC_MESSAGES_KEYS: readonly string[] = [
  "model",
  "messages",
  "system",
  "max_tokens",
  "stream",
  "tools",
  "tool_choice",
  "temperature",
  "top_p",
  "top_k",
  "stop_sequences",
  "metadata",
  "thinking",
  "output_config",
  "cache_control",
  "service_tier",
  "container",
  "inference_geo",
  "context_management",
  "mcp_servers",
  "diagnostics",
  "speed",
  "user_profile_id",
  "workspace_id",
];

/** The keys of each request content block, by its `type`. */
export const ANTHROPIC_BLOCK_KEYS: Readonly<Record<string, readonly string[]>> =
  {
    text: ["type", "text", "cache_control", "citations"],
    image: ["type", "source", "cache_control"],
    document: [
      "type",
      "source",
      "cache_control",
      "citations",
      "context",
      "title",
    ],
    tool_use: ["type", "id", "name", "input", "cache_control", "caller"],
    tool_result: [
      "type",
      "tool_use_id",
      "content",
      "is_error",
      "cache_control",
    ],
    thinking: ["type", "thinking", "signature"],
    redacted_thinking: ["type", "data"],
  };

/** The keys of an image block's `source`, by its `type`. */
export const ANTHROPIC_SOURCE_KEYS: Readonly<
  Record<string, readonly string[]>
> = {
  base64: ["type", "media_type", "data"],
  url: ["type", "url"],
  file: ["type", "file_id"],
};

/** The keys of a client tool's definition. */
export const ANTHROPIC_TOOL_KEYS: readonly string[] = [
  "name",
  "description",
  "input_schema",
  "cache_control",
  "strict",
  "type",
  "input_examples",
  "defer_loading",
  "allowed_callers",
  "eager_input_streaming",
];

/** The keys of `tool_choice`, by its `type`. */
export const ANTHROPIC_CHOICE_KEYS: Readonly<
  Record<string, readonly string[]>
> = {
  auto: ["type", "disable_parallel_tool_use"],
  any: ["type", "disable_parallel_tool_use"],
  tool: ["type", "name", "disable_parallel_tool_use"],
  none: ["type"],
};

/** The keys of a `cache_control` mark. */
export const ANTHROPIC_CACHE_KEYS: readonly string[] = ["type", "ttl"];
