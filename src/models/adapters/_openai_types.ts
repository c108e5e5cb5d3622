/**
 * The OpenAI Chat Completions wire types, written once: the OpenAI-compatible
 * adapter sends requests and reads answers in this shape, and the gateway
 * reads requests and writes answers in it (`./gateway` re-exports the
 * answer types). Types and the one mapping both sides need; no imports but
 * IR types, so either side can use it without a cycle.
 *
 * @module
 */

import type { IRToolUsePart } from "../types.ts";
import type { OpenAILogprobs } from "./_openai_details.ts";

/** A tool call in an assistant message: JSON-encoded `arguments`. */
export interface OpenAIToolCall {
  /** Call id. */
  id: string;
  /** Always `function`. */
  type: "function";
  /** Name and JSON-encoded arguments. */
  function: { name: string; arguments: string };
}

/** A user content part. */
export type OpenAIContentPart =
  | { type: "text"; text: string; prompt_cache_breakpoint?: CacheBreakpoint }
  | {
    type: "image_url";
    image_url: { url: string; detail?: "auto" | "low" | "high" };
    prompt_cache_breakpoint?: CacheBreakpoint;
  };

/** An explicit prompt cache point (OpenAI's newest models take it). */
export interface CacheBreakpoint {
  /** Always `explicit`. */
  mode: "explicit";
  /** The least lifetime (`30m`, `12h`); the request's when absent. */
  ttl?: string;
}

/** A request message. */
export interface OpenAIMessage {
  /** Who speaks (`developer` is read as `system`; the adapter sends `system`). */
  role: "system" | "user" | "assistant" | "tool";
  /** Text, content parts, or null for an assistant turn of tool calls only. */
  content: string | OpenAIContentPart[] | null;
  /** Participant name. */
  name?: string;
  /** The assistant's refusal. */
  refusal?: string;
  /** The assistant's tool calls. */
  tool_calls?: OpenAIToolCall[];
  /** The call a `tool` message answers. */
  tool_call_id?: string;
}

/** Token counts. */
export interface OpenAIUsage {
  /** Tokens in the prompt. */
  prompt_tokens: number;
  /** Tokens generated. */
  completion_tokens: number;
  /** Their sum. */
  total_tokens: number;
  /** Of the prompt, read from the cache and written to it. */
  prompt_tokens_details?: {
    cached_tokens?: number;
    cache_write_tokens?: number;
  };
  /** Of the completion, spent on reasoning. */
  completion_tokens_details?: { reasoning_tokens: number };
}

/** A `chat.completion` response. */
export interface OpenAIChatCompletion {
  /** Response id, `chatcmpl-…`. */
  id: string;
  /** Always `chat.completion`. */
  object: "chat.completion";
  /** Unix seconds. */
  created: number;
  /** Model that answered. */
  model: string;
  /** Exactly one choice. */
  choices: Array<{
    index: number;
    message: {
      role: "assistant";
      content: string | null;
      refusal: string | null;
      tool_calls?: OpenAIToolCall[];
    };
    finish_reason: string;
    logprobs: OpenAILogprobs | null;
  }>;
  /** Token counts, when the backend reported them. */
  usage?: OpenAIUsage;
}

/** A tool call in a stream delta: the first names it, later ones add `arguments`. */
export interface OpenAIToolCallDelta {
  /** Position of the call in the message. */
  index: number;
  /** Call id (first delta only). */
  id?: string;
  /** Always `function` (first delta only). */
  type?: "function";
  /** Name (first delta only) and a piece of the arguments. */
  function: { name?: string; arguments: string };
}

/** The `delta` of a `chat.completion.chunk` choice. */
export interface OpenAIChunkDelta {
  /** `assistant`, on the first chunk. */
  role?: "assistant";
  /** A piece of the text. */
  content?: string | null;
  /** A piece of the refusal. */
  refusal?: string;
  /** Pieces of tool calls. */
  tool_calls?: OpenAIToolCallDelta[];
}

/** A `chat.completion.chunk` stream event. */
export interface OpenAIChatCompletionChunk {
  /** Response id, the same on every chunk. */
  id: string;
  /** Always `chat.completion.chunk`. */
  object: "chat.completion.chunk";
  /** Unix seconds. */
  created: number;
  /** Model that answers. */
  model: string;
  /** One choice; none on the final usage chunk. */
  choices: Array<{
    index: number;
    delta: OpenAIChunkDelta;
    finish_reason: string | null;
    logprobs: OpenAILogprobs | null;
  }>;
  /** Token counts (`stream_options.include_usage`, last chunk). */
  usage?: OpenAIUsage;
}

/** An IR `tool_use` part as a wire tool call. */
export function toWireToolCall(part: IRToolUsePart): OpenAIToolCall {
  return {
    id: part.id,
    type: "function",
    function: { name: part.name, arguments: JSON.stringify(part.input) },
  };
}
