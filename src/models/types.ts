/**
 * The intermediate representation (IR) every backend adapter speaks, and the
 * adapter contract itself.
 *
 * @module
 */

import type { OperationName, OperationSupport } from "./operations.ts";

/**
 * Who wrote a message.
 *
 * @example Usage
 * ```ts
 * import type { IRRole } from "@switchyard/switchyard/models";
 * const role: IRRole = "user";
 * ```
 */
export type IRRole = "system" | "user" | "assistant" | "tool";

/**
 * A prompt-cache mark on a content part or a tool: Anthropic's
 * `cache_control`. The prompt up to and including the marked item is cached.
 * Adapters whose wire has no such mark leave it out.
 *
 * @example Usage
 * ```ts
 * import type { IRCacheControl } from "@switchyard/switchyard/models";
 * const mark: IRCacheControl = { type: "ephemeral", ttl: "1h" };
 * ```
 */
export interface IRCacheControl {
  /** The cache kind; Anthropic has only `ephemeral`. */
  type: "ephemeral";
  /** How long the entry lives, e.g. `5m` or `1h` (provider default when absent). */
  ttl?: string;
  /**
   * OpenAI's explicit `prompt_cache_breakpoint` the mark was read from, with
   * its own `ttl` (a least lifetime: `30m`, `12h`): an OpenAI backend is
   * sent it back as written; the other wires read `type` and `ttl`. Absent
   * for a mark of Anthropic's, which OpenAI is not sent.
   */
  breakpoint?: { ttl?: string };
}

/**
 * A plain text part of a message.
 *
 * @example Usage
 * ```ts
 * import type { IRTextPart } from "@switchyard/switchyard/models";
 * const part: IRTextPart = { type: "text", text: "hello" };
 * ```
 */
export interface IRTextPart {
  /** Discriminator. */
  type: "text";
  /** The text. */
  text: string;
  /** Cache the prompt up to here. */
  cacheControl?: IRCacheControl;
}

/**
 * An image part, by URL or inline base64 data.
 *
 * @example Usage
 * ```ts
 * import type { IRImagePart } from "@switchyard/switchyard/models";
 * const part: IRImagePart = { type: "image", source: { type: "url", url: "https://example.com/cat.png" } };
 * ```
 */
export interface IRImagePart {
  /** Discriminator. */
  type: "image";
  /** Where the image bytes come from. */
  source:
    | { type: "url"; url: string }
    | { type: "base64"; mediaType: string; data: string };
  /** OpenAI's `detail`: how finely the model looks at it. */
  detail?: "auto" | "low" | "high";
  /** Cache the prompt up to here. */
  cacheControl?: IRCacheControl;
}

/**
 * A tool call made by the assistant.
 *
 * @example Usage
 * ```ts
 * import type { IRToolUsePart } from "@switchyard/switchyard/models";
 * const part: IRToolUsePart = { type: "tool_use", id: "call_1", name: "weather", input: { city: "Oslo" } };
 * ```
 */
export interface IRToolUsePart {
  /** Discriminator. */
  type: "tool_use";
  /** Provider-assigned call id, echoed back in the matching tool result. */
  id: string;
  /** Name of the tool called. */
  name: string;
  /** Parsed JSON arguments. */
  input: Record<string, unknown>;
  /** Cache the prompt up to here. */
  cacheControl?: IRCacheControl;
}

/**
 * The result of a tool call, sent back to the model.
 *
 * @example Usage
 * ```ts
 * import type { IRToolResultPart } from "@switchyard/switchyard/models";
 * const part: IRToolResultPart = { type: "tool_result", toolUseId: "call_1", content: "12°C" };
 * ```
 */
export interface IRToolResultPart {
  /** Discriminator. */
  type: "tool_result";
  /** The `id` of the tool call this answers. */
  toolUseId: string;
  /** The result, as text. */
  content: string;
  /** True when the tool failed. */
  isError?: boolean;
  /** Cache the prompt up to here. */
  cacheControl?: IRCacheControl;
}

/**
 * The model's visible reasoning (Anthropic's `thinking` block). `signature`
 * is the provider's opaque proof of it: a later request must send the block
 * back unchanged, signature included, so adapters keep both byte for byte.
 *
 * @example Usage
 * ```ts
 * import type { IRThinkingPart } from "@switchyard/switchyard/models";
 * const part: IRThinkingPart = { type: "thinking", thinking: "2 + 2 is 4.", signature: "EqQBCkgIARABGAIiQL" };
 * ```
 */
export interface IRThinkingPart {
  /** Discriminator. */
  type: "thinking";
  /** The reasoning text. */
  thinking: string;
  /** The provider's signature over it, returned unchanged on the next turn. */
  signature?: string;
}

/**
 * Reasoning the provider encrypted (Anthropic's `redacted_thinking`): only
 * `data`, to be sent back unchanged.
 *
 * @example Usage
 * ```ts
 * import type { IRRedactedThinkingPart } from "@switchyard/switchyard/models";
 * const part: IRRedactedThinkingPart = { type: "redacted_thinking", data: "EmwKAhgBEgy3va3p" };
 * ```
 */
export interface IRRedactedThinkingPart {
  /** Discriminator. */
  type: "redacted_thinking";
  /** The encrypted reasoning. */
  data: string;
}

/**
 * Any part of a message's content.
 *
 * @example Usage
 * ```ts
 * import type { IRContentPart } from "@switchyard/switchyard/models";
 * const parts: IRContentPart[] = [{ type: "text", text: "hi" }];
 * ```
 */
export type IRContentPart =
  | IRTextPart
  | IRImagePart
  | IRToolUsePart
  | IRToolResultPart
  | IRThinkingPart
  | IRRedactedThinkingPart;

/**
 * One message of a conversation.
 *
 * @example Usage
 * ```ts
 * import type { IRMessage } from "@switchyard/switchyard/models";
 * const message: IRMessage = { role: "user", content: "What is 2 + 2?" };
 * ```
 */
export interface IRMessage {
  /** Who wrote it. */
  role: IRRole;
  /**
   * Text, or a list of parts. A `tool` message holds `tool_result` parts
   * only (every adapter refuses text or an image there, INVALID_REQUEST);
   * `tool_use` parts belong to `assistant` messages.
   */
  content: string | IRContentPart[];
  /** Optional author name. */
  name?: string;
  /**
   * An assistant's refusal text (OpenAI's `message.refusal`): the model
   * declined instead of answering. Kept apart from `content`.
   */
  refusal?: string;
}

/**
 * A tool the model may call.
 *
 * @example Usage
 * ```ts
 * import type { IRTool } from "@switchyard/switchyard/models";
 * const tool: IRTool = { name: "weather", description: "Current weather", parameters: { type: "object", properties: { city: { type: "string" } } } };
 * ```
 */
export interface IRTool {
  /** Tool name. */
  name: string;
  /** What the tool does. */
  description?: string;
  /** JSON Schema of the arguments. */
  parameters: Record<string, unknown>;
  /**
   * Arguments must follow the schema exactly (OpenAI `function.strict`,
   * Anthropic `strict`), where the provider enforces it.
   */
  strict?: boolean;
  /** Cache the prompt up to here (the tool list is part of the prompt). */
  cacheControl?: IRCacheControl;
}

/**
 * Whether and which tool the model must call.
 *
 * @example Usage
 * ```ts
 * import type { IRToolChoice } from "@switchyard/switchyard/models";
 * const choice: IRToolChoice = { name: "weather" };
 * ```
 */
export type IRToolChoice = "auto" | "none" | "required" | { name: string };

/**
 * Sampling and model parameters. Keys not listed here pass through untouched
 * to adapters that understand them.
 *
 * @example Usage
 * ```ts
 * import type { IRParameters } from "@switchyard/switchyard/models";
 * const parameters: IRParameters = { model: "gpt-4o-mini", temperature: 0.2, maxTokens: 100 };
 * ```
 */
export interface IRParameters {
  /** Model name; adapters fall back to their default model. */
  model?: string;
  /** Sampling temperature. */
  temperature?: number;
  /** Upper bound on generated tokens. */
  maxTokens?: number;
  /** Nucleus sampling. */
  topP?: number;
  /** Top-k sampling (providers that support it). */
  topK?: number;
  /** Sequences that stop generation. */
  stopSequences?: string[];
  /** Frequency penalty. */
  frequencyPenalty?: number;
  /** Presence penalty. */
  presencePenalty?: number;
  /** Seed for providers with deterministic sampling. */
  seed?: number;
  /** End-user identifier. */
  user?: string;
  /** Any provider-specific parameter. */
  [key: string]: unknown;
}

/**
 * Request metadata. `custom.backend` names the backend for explicit routing.
 *
 * @example Usage
 * ```ts
 * import type { IRMetadata } from "@switchyard/switchyard/models";
 * const metadata: IRMetadata = { requestId: "r1", custom: { backend: "openai" } };
 * ```
 */
export interface IRMetadata {
  /** Caller-chosen id, echoed on the response. */
  requestId?: string;
  /** Milliseconds since the epoch when the request was made. */
  timestamp?: number;
  /** Free-form data; `backend` selects a backend by its registered name. */
  custom?: Record<string, unknown>;
}

/**
 * A chat request in the IR.
 *
 * @example Usage
 * ```ts
 * import type { IRChatRequest } from "@switchyard/switchyard/models";
 * const request: IRChatRequest = { messages: [{ role: "user", content: "Hello" }] };
 * ```
 */
export interface IRChatRequest {
  /** The conversation so far. */
  messages: IRMessage[];
  /** Tools the model may call. */
  tools?: IRTool[];
  /** Tool selection policy. */
  toolChoice?: IRToolChoice;
  /** Model and sampling parameters. */
  parameters?: IRParameters;
  /** Routing and tracing metadata. */
  metadata?: IRMetadata;
  /** Hint that the caller wants a stream. */
  stream?: boolean;
}

/**
 * Why generation stopped.
 *
 * @example Usage
 * ```ts
 * import type { FinishReason } from "@switchyard/switchyard/models";
 * const reason: FinishReason = "stop";
 * ```
 */
export type FinishReason =
  | "stop"
  | "length"
  | "tool_calls"
  | "content_filter"
  | "error"
  | "cancelled";

/**
 * Token counts. `promptTokens` counts the whole prompt, cached or not (as
 * OpenAI's `prompt_tokens` does); the cache counts are the parts of it read
 * from or written to the prompt cache. `completionTokens` counts everything
 * generated, reasoning included; `reasoningTokens` is that part of it.
 * So Anthropic's `input_tokens` (the uncached rest) is `promptTokens -
 * cacheReadTokens - cacheCreationTokens`.
 *
 * @example Anthropic's 9 uncached + 6 read + 4 written
 * ```ts
 * import type { IRUsage } from "@switchyard/switchyard/models";
 * const usage: IRUsage = {
 *   promptTokens: 19, completionTokens: 5, totalTokens: 24,
 *   cacheReadTokens: 6, cacheCreationTokens: 4,
 * };
 * ```
 */
export interface IRUsage {
  /** Tokens in the prompt, cached ones included. */
  promptTokens: number;
  /** Tokens generated, reasoning included. */
  completionTokens: number;
  /** Their sum. */
  totalTokens: number;
  /** Of `promptTokens`, read from the prompt cache. */
  cacheReadTokens?: number;
  /** Of `promptTokens`, written to the prompt cache (Anthropic). */
  cacheCreationTokens?: number;
  /** Of `completionTokens`, spent on reasoning. */
  reasoningTokens?: number;
}

/**
 * One generated token's log probability, with its most likely alternatives
 * (OpenAI's `logprobs.content[]` entry).
 *
 * @example Usage
 * ```ts
 * import type { IRTokenLogprob } from "@switchyard/switchyard/models";
 * const entry: IRTokenLogprob = { token: "Hi", logprob: -0.01, bytes: [72, 105], topLogprobs: [] };
 * ```
 */
export interface IRTokenLogprob {
  /** The token. */
  token: string;
  /** Its log probability. */
  logprob: number;
  /** Its UTF-8 bytes, or null when the provider gives none. */
  bytes?: number[] | null;
  /** The most likely tokens at this position. */
  topLogprobs?: { token: string; logprob: number; bytes?: number[] | null }[];
}

/**
 * Log probabilities of an answer: of its content tokens, and of its refusal
 * tokens.
 *
 * @example Usage
 * ```ts
 * import type { IRLogprobs } from "@switchyard/switchyard/models";
 * const logprobs: IRLogprobs = { content: [{ token: "Hi", logprob: -0.01 }] };
 * ```
 */
export interface IRLogprobs {
  /** Per content token. */
  content?: IRTokenLogprob[];
  /** Per refusal token. */
  refusal?: IRTokenLogprob[];
}

/**
 * Metadata on a response: ids, the backend that answered, and (from the
 * Router) the routing trace.
 *
 * @example Usage
 * ```ts
 * import type { IRResponseMetadata } from "@switchyard/switchyard/models";
 * const metadata: IRResponseMetadata = { requestId: "r1", provider: "openai", model: "gpt-4o-mini" };
 * ```
 */
export interface IRResponseMetadata {
  /** The request's `requestId`, when it had one. */
  requestId?: string;
  /** Provider id of the adapter that produced the response. */
  provider?: string;
  /** Model that produced the response. */
  model?: string;
  /** The provider's own response id. */
  providerResponseId?: string;
  /** Anything else, e.g. the Router's `routing` trace. */
  [key: string]: unknown;
}

/**
 * A chat response in the IR.
 *
 * @example Usage
 * ```ts
 * import type { IRChatResponse } from "@switchyard/switchyard/models";
 * const response: IRChatResponse = {
 *   message: { role: "assistant", content: "Hi!" },
 *   finishReason: "stop",
 *   metadata: {},
 * };
 * ```
 */
export interface IRChatResponse {
  /** The assistant's message. */
  message: IRMessage;
  /** Why generation stopped. */
  finishReason: FinishReason;
  /** Token counts, when the provider reports them. */
  usage?: IRUsage;
  /** The stop sequence that ended generation, when one did (Anthropic). */
  stopSequence?: string;
  /** Log probabilities, when asked for and reported (OpenAI). */
  logprobs?: IRLogprobs;
  /** Ids, provider, model, routing trace. */
  metadata: IRResponseMetadata;
  /**
   * The upstream's own JSON answer, present when the call's `source`
   * (`CallOptions.source`) spoke the backend's wire: so it is in the
   * client's wire, and a caller can answer with it unchanged instead of
   * rebuilding it from the IR (which carries only what it knows).
   */
  upstreamBody?: unknown;
}

/**
 * What a stream chunk may carry besides the IR: the upstream's own events
 * behind it, when the call's `source` spoke the backend's wire.
 *
 * @example Usage
 * ```ts
 * import type { IRUpstreamEvents } from "@switchyard/switchyard/models";
 * const carried: IRUpstreamEvents = { upstreamEvents: 'data: {"id":"c1","x_new":1}\n\n' };
 * console.log(carried.upstreamEvents?.startsWith("data: ")); // true
 * ```
 */
export interface IRUpstreamEvents {
  /**
   * The upstream's Server-Sent Events that produced this chunk, written
   * back as SSE text (`event:` when named, then each `data:` line as
   * received; comments, `id` and `retry` are left out), each event once, on
   * the first chunk it produced (an event that produced none rides on the
   * next chunk). Present only when the call's `source` spoke the backend's
   * wire, so the text is in the client's wire: a caller that writes the
   * events instead of encoding the chunks relays the stream losslessly.
   */
  upstreamEvents?: string;
}

/**
 * First chunk of a stream.
 *
 * @example Usage
 * ```ts
 * import type { IRStreamStartChunk } from "@switchyard/switchyard/models";
 * const chunk: IRStreamStartChunk = { type: "start", sequence: 0, metadata: {} };
 * ```
 */
export interface IRStreamStartChunk extends IRUpstreamEvents {
  /** Discriminator. */
  type: "start";
  /** Position in the stream, strictly increasing from 0. */
  sequence: number;
  /** What is known at the start (provider, model, ids). */
  metadata: IRResponseMetadata;
  /**
   * The backend's token counts so far, when it reports them before the
   * first token (Anthropic's `message_start`: the prompt's counts).
   */
  usage?: IRUsage;
}

/**
 * A piece of generated text. Besides answer text (`delta`), a chunk may
 * carry a piece of a refusal, of reasoning (`thinking`, then its
 * `signature`), or of redacted reasoning, with `delta` empty: a consumer
 * that knows only `delta` shows the answer and nothing else.
 *
 * @example Answer text and a refusal piece
 * ```ts
 * import type { IRStreamContentChunk } from "@switchyard/switchyard/models";
 * const text: IRStreamContentChunk = { type: "content", sequence: 1, delta: "Hel" };
 * const refusal: IRStreamContentChunk = { type: "content", sequence: 2, delta: "", refusal: "I can't" };
 * ```
 */
export interface IRStreamContentChunk extends IRUpstreamEvents {
  /** Discriminator. */
  type: "content";
  /** Position in the stream. */
  sequence: number;
  /** Text to append. */
  delta: string;
  /** A piece of the refusal text (OpenAI `delta.refusal`). */
  refusal?: string;
  /** A piece of reasoning text (Anthropic `thinking_delta`). */
  thinking?: string;
  /** The signature of the reasoning block in progress (`signature_delta`). */
  signature?: string;
  /** A whole redacted reasoning block (`redacted_thinking`). */
  redactedThinking?: string;
  /** Log probabilities of this piece's tokens. */
  logprobs?: IRLogprobs;
}

/**
 * A tool call, or a piece of its JSON arguments.
 *
 * @example Usage
 * ```ts
 * import type { IRStreamToolUseChunk } from "@switchyard/switchyard/models";
 * const chunk: IRStreamToolUseChunk = { type: "tool_use", sequence: 2, id: "call_1", name: "weather", inputDelta: '{"city":' };
 * ```
 */
export interface IRStreamToolUseChunk extends IRUpstreamEvents {
  /** Discriminator. */
  type: "tool_use";
  /** Position in the stream. */
  sequence: number;
  /** Tool call id. */
  id: string;
  /** Tool name. */
  name: string;
  /** A fragment of the JSON arguments, to be concatenated. */
  inputDelta?: string;
}

/**
 * Usage or other metadata learned mid-stream.
 *
 * @example Usage
 * ```ts
 * import type { IRStreamMetadataChunk } from "@switchyard/switchyard/models";
 * const chunk: IRStreamMetadataChunk = { type: "metadata", sequence: 3, usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 } };
 * ```
 */
export interface IRStreamMetadataChunk extends IRUpstreamEvents {
  /** Discriminator. */
  type: "metadata";
  /** Position in the stream. */
  sequence: number;
  /** Token counts so far. */
  usage?: IRUsage;
  /** Other metadata. */
  metadata?: IRResponseMetadata;
}

/**
 * The last chunk of a successful stream.
 *
 * @example Usage
 * ```ts
 * import type { IRStreamDoneChunk } from "@switchyard/switchyard/models";
 * const chunk: IRStreamDoneChunk = { type: "done", sequence: 4, finishReason: "stop" };
 * ```
 */
export interface IRStreamDoneChunk extends IRUpstreamEvents {
  /** Discriminator. */
  type: "done";
  /** Position in the stream. */
  sequence: number;
  /** Why generation stopped. */
  finishReason: FinishReason;
  /** Final token counts. */
  usage?: IRUsage;
  /** The stop sequence that ended generation, when one did. */
  stopSequence?: string;
  /** The whole assistant message, when the adapter assembled it. */
  message?: IRMessage;
  /** Final metadata (the Router adds its routing trace here). */
  metadata?: IRResponseMetadata;
}

/**
 * One call of a non-chat operation (`Router.invoke`, `BackendAdapter.operate`).
 *
 * @example Embeddings
 * ```ts
 * import type { OperationRequest } from "@switchyard/switchyard/models";
 * const request: OperationRequest = { operation: "embeddings", body: { input: ["a", "b"] }, model: "text-embedding-3-small" };
 * console.log(request.operation); // "embeddings"
 * ```
 */
export interface OperationRequest {
  /** Which operation. */
  readonly operation: OperationName;
  /**
   * The request in OpenAI's wire shape for the operation (the client's
   * JSON; `model` in it is replaced by {@linkcode OperationRequest.model}),
   * or, for chat, in the shape {@linkcode OperationRequest.wire} names.
   */
  readonly body: Readonly<Record<string, unknown>>;
  /**
   * For chat: the wire `body` is written in (default `"openai"`). Only
   * backends whose adapter speaks it (`BackendAdapter.wire`) serve the
   * call, and they send `body` as it is, `model` aside.
   */
  readonly wire?: ChatWire;
  /**
   * For chat: the same request in the IR, for what routing reads of it
   * (the capabilities it needs, its cost, model-based rules); its
   * `parameters.model` and `metadata` take the place of `model` and
   * `metadata`. `body` is still what is sent. Absent: routing sees only
   * the model, the metadata and `stream`.
   */
  readonly view?: IRChatRequest;
  /**
   * The model: for routing (model-based routing, model mapping), and, as
   * the router translated it for the chosen backend, the one sent.
   */
  readonly model?: string;
  /** Stream the answer (SSE), where the operation streams. */
  readonly stream?: boolean;
  /** Routing metadata: `custom.backend` names the backend, as for chat. */
  readonly metadata?: IRMetadata;
  /**
   * The client's headers a backend of its wire is sent (lowercase names,
   * e.g. `anthropic-beta`), for chat and for an operation whose adapter
   * takes them (Anthropic's count_tokens).
   */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * A chat wire format: OpenAI Chat Completions or Anthropic Messages.
 *
 * @example Usage
 * ```ts
 * import type { ChatWire } from "@switchyard/switchyard/models";
 * const wire: ChatWire = "anthropic";
 * console.log(wire); // "anthropic"
 * ```
 */
export type ChatWire = "openai" | "anthropic";

/**
 * The client's own chat request, in its wire, given beside the IR (as
 * `ExecuteOptions.source`): a backend whose adapter speaks that wire sends
 * `body` as it is, `model` aside; the others translate the IR and report
 * `lost` as dropped.
 *
 * @example Usage
 * ```ts
 * import type { ChatSource } from "@switchyard/switchyard/models";
 * const source: ChatSource = { wire: "openai", body: { model: "m", messages: [] } };
 * console.log(source.wire); // "openai"
 * ```
 */
export interface ChatSource {
  /** The wire `body` is written in. */
  readonly wire: ChatWire;
  /** The client's JSON body. */
  readonly body: Readonly<Record<string, unknown>>;
  /** Fields of `body` a translation from the IR loses (its wire's names). */
  readonly lost?: readonly string[];
  /**
   * The client's headers a backend of its wire is sent (lowercase names,
   * e.g. `anthropic-beta`); a translation reports them in `lost`.
   */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * What a chat call carries beside the IR request (the third argument of
 * `execute` and `executeStream`; the Router's `ExecuteOptions` extends it).
 *
 * @example Usage
 * ```ts
 * import type { CallOptions } from "@switchyard/switchyard/models";
 * const options: CallOptions = { source: { wire: "anthropic", body: { model: "m", max_tokens: 64, messages: [] } } };
 * console.log(options.source?.wire); // "anthropic"
 * ```
 */
export interface CallOptions {
  /**
   * The client's own request: an adapter that speaks its wire
   * (`BackendAdapter.wire`) sends it as is, `model` aside, instead of
   * translating the IR, and keeps the upstream's own answer beside the IR
   * (`IRChatResponse.upstreamBody`, each chunk's `upstreamEvents`), which
   * is then in the client's wire too. Through the Router this holds on
   * every step: the first choice, fallback, a parallel group's racers.
   */
  readonly source?: ChatSource;
}

/**
 * The last chunk of a failed stream.
 *
 * @example Usage
 * ```ts
 * import type { IRStreamErrorChunk } from "@switchyard/switchyard/models";
 * const chunk: IRStreamErrorChunk = { type: "error", sequence: 5, error: { code: "PROVIDER_ERROR", message: "upstream closed" } };
 * ```
 */
export interface IRStreamErrorChunk {
  /** Discriminator. */
  type: "error";
  /** Position in the stream. */
  sequence: number;
  /**
   * What went wrong. `retryAfter` (ms) and `cooldown` come from the error
   * when it has them: a `NO_BACKEND_AVAILABLE` whose every candidate is out
   * for a known time says when the first is back, and whether they all cool
   * down after a rate limit (`rate-limit`) or a tripped breaker
   * (`circuit-open`). `status` and `body` are the upstream's HTTP status
   * and (redacted) error body, and `failures` each backend's own failure
   * when every backend failed: a stream consumer answers with the status a
   * non-streamed call would get, with nothing kept beside the stream.
   */
  error: IRStreamFailure;
}

/**
 * The failure an `error` chunk carries: enough to rebuild the error a
 * non-streamed call would have thrown.
 *
 * @example Usage
 * ```ts
 * import type { IRStreamFailure } from "@switchyard/switchyard/models";
 * const failure: IRStreamFailure = { code: "RATE_LIMITED", message: "slow down", status: 429, retryAfter: 7000 };
 * console.log(failure.status); // 429
 * ```
 */
export interface IRStreamFailure {
  /** An `ErrorCode` value (or the adapter's own code). */
  code: string;
  /** Human-readable explanation. */
  message: string;
  /** Whether retrying may help. */
  retryable?: boolean;
  /** Milliseconds to wait before retrying. */
  retryAfter?: number;
  /** Why every candidate is out, for a `NO_BACKEND_AVAILABLE`. */
  cooldown?: "rate-limit" | "circuit-open";
  /** The upstream's HTTP status. */
  status?: number;
  /** The upstream's parsed error body (credentials redacted). */
  body?: unknown;
  /** The provider that failed. */
  provider?: string;
  /** The registered backend that failed. */
  backend?: string;
  /** Each backend's failure, when every backend failed. */
  failures?: { backend: string; error: IRStreamFailure }[];
}

/**
 * Any chunk of an IR stream.
 *
 * @example Usage
 * ```ts
 * import type { IRStreamChunk } from "@switchyard/switchyard/models";
 * function text(chunk: IRStreamChunk): string {
 *   return chunk.type === "content" ? chunk.delta : "";
 * }
 * ```
 */
export type IRStreamChunk =
  | IRStreamStartChunk
  | IRStreamContentChunk
  | IRStreamToolUseChunk
  | IRStreamMetadataChunk
  | IRStreamDoneChunk
  | IRStreamErrorChunk;

/**
 * A stream of IR chunks.
 *
 * @example Usage
 * ```ts
 * import type { IRChatStream } from "@switchyard/switchyard/models";
 * async function* empty(): IRChatStream {
 *   yield { type: "done", sequence: 0, finishReason: "stop" };
 * }
 * ```
 */
export type IRChatStream = AsyncGenerator<IRStreamChunk, void, undefined>;

/**
 * A warning passed to `RouterConfig.onWarning`.
 *
 * @example Usage
 * ```ts
 * import type { IRWarning } from "@switchyard/switchyard/models";
 * const warning: IRWarning = { code: "routing-config-changed", message: "backend a registered" };
 * ```
 */
export interface IRWarning {
  /** `routing-config-changed`, `model-substituted`, or another documented code. */
  code: string;
  /** Human-readable explanation. */
  message: string;
  /** Structured details (backend names, models). */
  details?: Record<string, unknown>;
}

/**
 * What an adapter can do.
 *
 * @example Usage
 * ```ts
 * import type { AdapterCapabilities } from "@switchyard/switchyard/models";
 * const capabilities: AdapterCapabilities = { streaming: true, tools: true, vision: false, systemMessages: true };
 * ```
 */
export interface AdapterCapabilities {
  /** Supports `executeStream`. */
  streaming: boolean;
  /** Supports tools and tool calls. */
  tools?: boolean;
  /** Accepts image parts. */
  vision?: boolean;
  /** Accepts system messages. */
  systemMessages?: boolean;
  /** Largest context window, in tokens. */
  maxContextTokens?: number;
  /** Models this adapter serves. */
  models?: readonly string[];
}

/**
 * Static description of an adapter.
 *
 * @example Usage
 * ```ts
 * import type { AdapterMetadata } from "@switchyard/switchyard/models";
 * const metadata: AdapterMetadata = { name: "echo", provider: "testing", version: "1.0.0", capabilities: { streaming: true } };
 * ```
 */
export interface AdapterMetadata {
  /** Adapter name. */
  name: string;
  /** Provider id, e.g. `openai`, `anthropic`, `testing`. */
  provider: string;
  /** Adapter version. */
  version: string;
  /** What it can do. */
  capabilities: AdapterCapabilities;
  /** Model used when a request names none. */
  defaultModel?: string;
}

/**
 * The contract every backend implements; the Router implements it too.
 *
 * @example A minimal adapter
 * ```ts
 * import type { BackendAdapter, IRChatRequest, IRChatResponse, IRChatStream } from "@switchyard/switchyard/models";
 * const hello: BackendAdapter = {
 *   metadata: { name: "hello", provider: "example", version: "1.0.0", capabilities: { streaming: true } },
 *   execute(_request: IRChatRequest): Promise<IRChatResponse> {
 *     return Promise.resolve({ message: { role: "assistant", content: "hello" }, finishReason: "stop", metadata: {} });
 *   },
 *   async *executeStream(_request: IRChatRequest): IRChatStream {
 *     yield { type: "start", sequence: 0, metadata: {} };
 *     yield { type: "content", sequence: 1, delta: "hello" };
 *     yield { type: "done", sequence: 2, finishReason: "stop" };
 *   },
 * };
 * ```
 */
export interface BackendAdapter {
  /** Static description. */
  readonly metadata: AdapterMetadata;
  /**
   * Runs a chat request to completion.
   *
   * @param request The IR request; never mutated.
   * @param signal Aborts the call.
   * @param options What the call carries beside the IR: `source`, the
   *   client's own request, which an adapter that speaks its wire (`wire`)
   *   sends instead of translating `request`.
   * @returns The IR response.
   */
  execute(
    request: IRChatRequest,
    signal?: AbortSignal,
    options?: CallOptions,
  ): Promise<IRChatResponse>;
  /**
   * Runs a chat request as a stream; returns the generator synchronously.
   *
   * @param request The IR request; never mutated.
   * @param signal Aborts the stream.
   * @param options What the call carries beside the IR, as for `execute`.
   * @returns The chunk stream.
   */
  executeStream(
    request: IRChatRequest,
    signal?: AbortSignal,
    options?: CallOptions,
  ): IRChatStream;
  /**
   * Cheap liveness probe; optional (absent means healthy).
   *
   * @param signal Aborts the probe.
   * @returns True when the backend is usable.
   */
  healthCheck?(signal?: AbortSignal): Promise<boolean>;
  /**
   * Estimated cost of a request in US dollars; optional.
   *
   * @param request The IR request.
   * @returns The estimate, or null when unknown.
   */
  estimateCost?(request: IRChatRequest): Promise<number | null>;
  /**
   * Sends the request and resolves with the provider's raw answer once its
   * head arrived with a 2xx status (a non-2xx answer rejects with the same
   * AdapterError `execute` would give). Only adapters whose wire format is
   * OpenAI Chat Completions have it: the body can go to an OpenAI client
   * unchanged (`Router.relayResponse`). `request.stream` chooses JSON or
   * SSE; the body is the caller's to read or cancel. Optional.
   *
   * @param request The IR request; never mutated.
   * @param signal Aborts the call until the head arrived.
   * @returns The upstream response, body unread.
   */
  relay?(request: IRChatRequest, signal?: AbortSignal): Promise<Response>;
  /**
   * The chat wire its upstream speaks, if one of {@linkcode ChatWire}: a
   * chat `invoke` in that wire (`OperationRequest.wire`) sends the
   * client's body as it is, `model` aside, through `operate`, and relays
   * the answer. Absent: chat runs on the IR only.
   */
  readonly wire?: ChatWire;
  /**
   * The operations besides chat it serves, and how (see
   * `./operations.ts`). Absent: chat only.
   */
  readonly operations?: Readonly<
    Partial<Record<Exclude<OperationName, "chat">, OperationSupport>>
  >;
  /**
   * Runs one non-chat operation (`Router.invoke`): resolves with a 2xx
   * answer in OpenAI's wire shape for it (the upstream's own bytes when the
   * operation is `native`), or rejects with the AdapterError a chat call
   * would. The body is the caller's to read or cancel; `signal` keeps
   * bounding it after the head, so aborting it ends a read in progress.
   * Required when `operations` names any.
   *
   * @param request The operation, its body and the model to use.
   * @param signal Aborts the call, and the body's reading.
   * @returns The answer.
   */
  operate?(request: OperationRequest, signal?: AbortSignal): Promise<Response>;
}
