// Loopback upstreams speaking OpenAI's Chat Completions and embeddings and
// Anthropic's Messages, for the client-library tests. Each refuses body
// keys its real API does not take (and Anthropic a thinking budget outside
// its bounds), so a field the gateway should not send fails the test. The
// model answers by script: a call of the first tool when tools are offered
// and no tool result came back yet, else JSON when structured output was
// asked for (`response_format` / `output_config.format`), else text.
import { serveUpstream, type UpstreamCall } from "./_serve.ts";
import {
  anthropicBlockAnswer,
  messageStart,
  sseResponse,
} from "./_scripted_answers.ts";
import { ANTHROPIC_MESSAGES_KEYS } from "../_anthropic_api.ts";

type Json = Record<string, unknown>;

// Every key Chat Completions takes. Its first lines match the keys the
// gateway's reader translates (HANDLED_KEYS in src/gateway/openai_request.ts)
// but the list is the API's, not the reader's, and stays written out here:
// imported from the code under test, it would take whatever that code sends.
const CHAT_KEYS = [
  "model",
  "messages",
  "stream",
  "stream_options",
  "tools",
  "tool_choice",
  "temperature",
  "top_p",
  "max_tokens",
  "max_completion_tokens",
  "stop",
  "frequency_penalty",
  "presence_penalty",
  "seed",
  "user",
  "n",
  "response_format",
  "parallel_tool_calls",
  "logprobs",
  "top_logprobs",
  "metadata",
  "store",
  "reasoning_effort",
  "service_tier",
  "logit_bias",
  "modalities",
  "audio",
  "prediction",
  "web_search_options",
  "verbosity",
  "prompt_cache_key",
  "prompt_cache_options",
  "prompt_cache_retention",
  "safety_identifier",
  "moderation",
  "functions",
  "function_call",
];
/** The efforts both pinned SDKs name (`reasoning_effort`, `output_config.effort`). */
const OPENAI_EFFORTS = [
  "none",
  "minimal",
  "low",
  "medium",
  "high",
  "xhigh",
  "max",
];
const ANTHROPIC_EFFORTS = ["low", "medium", "high", "xhigh", "max"];
const MESSAGES_KEYS = ANTHROPIC_MESSAGES_KEYS;
const EMBEDDING_KEYS = [
  "model",
  "input",
  "dimensions",
  "encoding_format",
  "user",
];

/** The arguments the scripted model passes to `name`. */
export function toolInput(name: string): Json {
  return name === "json_response" || name === "json"
    ? { city: "Paris", days: 3 }
    : { city: "Paris" };
}

/** The text the scripted model answers with. */
export const ANSWER = "Bonjour";

/**
 * A prompt with this word gets an answer with every detail the backend's
 * wire has: logprobs and usage details (OpenAI); reasoning with its
 * signature, a matched stop sequence and cache counts (Anthropic).
 */
export const DETAILS = "details";
/** A prompt with this word gets a refusal. */
export const REFUSE = "refuse";
/** The refusal, in two stream pieces. */
export const REFUSAL = ["I can't", " help with that."];
/** The OpenAI upstream's usage of a DETAILS answer. */
export const OPENAI_DETAIL_USAGE = {
  prompt_tokens: 19,
  completion_tokens: 12,
  total_tokens: 31,
  prompt_tokens_details: { cached_tokens: 6, audio_tokens: 0 },
  completion_tokens_details: { reasoning_tokens: 4, audio_tokens: 0 },
};
/** The Anthropic upstream's usage of a DETAILS answer: 9 + 6 + 4 input. */
export const ANTHROPIC_DETAIL_USAGE = {
  input_tokens: 9,
  cache_read_input_tokens: 6,
  cache_creation_input_tokens: 4,
  output_tokens: 7,
  // Of the output, reasoning (the pinned SDK's Usage.output_tokens_details).
  output_tokens_details: { thinking_tokens: 3 },
};
/** The Anthropic upstream's reasoning of a DETAILS answer. */
export const THINKING = {
  type: "thinking",
  thinking: "A greeting, in French.",
  signature: "EqQBCkgIARABGAIiQL+signature/==",
};
/** The Anthropic upstream's redacted reasoning of a DETAILS answer. */
export const REDACTED = { type: "redacted_thinking", data: "EmwKAhgBEgy3va3p" };
/** The stop sequence the Anthropic upstream reports matched. */
export const STOP_SEQUENCE = "###";

/** One token's logprob as OpenAI writes it. */
function tokenLogprob(token: string, logprob: number): Json {
  const bytes = [...new TextEncoder().encode(token)];
  return {
    token,
    logprob,
    bytes,
    top_logprobs: [{ token, logprob, bytes }],
  };
}

/** The logprob each token of ANSWER and REFUSAL has. */
export const LOGPROBS: Record<string, number> = {
  Bon: -0.25,
  jour: -0.5,
  [REFUSAL[0]]: -0.125,
  [REFUSAL[1]]: -0.0625,
};

/** What the last user message asks for: a DETAILS or REFUSE answer, else plain. */
function scenario(call: UpstreamCall): "details" | "refuse" | "plain" {
  const messages = call.body.messages as Json[];
  const text = JSON.stringify(messages.at(-1)?.content ?? "");
  return text.includes(DETAILS)
    ? "details"
    : text.includes(REFUSE)
    ? "refuse"
    : "plain";
}

/** An effort value the API does not name, if the body holds one. */
function badEffort(body: Json, anthropic: boolean): string | undefined {
  const effort = anthropic
    ? (body.output_config as Json | undefined)?.effort
    : body.reasoning_effort;
  const known = anthropic ? ANTHROPIC_EFFORTS : OPENAI_EFFORTS;
  return effort === undefined || known.includes(effort as string)
    ? undefined
    : `Invalid value for effort: ${JSON.stringify(effort)}`;
}

function refuse(
  call: UpstreamCall,
  allowed: readonly string[],
  anthropic: boolean,
): Response | undefined {
  const extra = Object.keys(call.body).filter((k) => !allowed.includes(k));
  const effort = allowed === EMBEDDING_KEYS
    ? undefined
    : badEffort(call.body, anthropic);
  if (extra.length === 0 && effort === undefined) return undefined;
  const message = effort ?? `Unrecognized request argument supplied: ${extra}`;
  return Response.json(
    anthropic
      ? { type: "error", error: { type: "invalid_request_error", message } }
      : {
        error: {
          message,
          type: "invalid_request_error",
          param: null,
          code: null,
        },
      },
    { status: 400 },
  );
}

/** The tool the scripted model calls now, if any. */
function toolToCall(
  call: UpstreamCall,
  anthropic: boolean,
): string | undefined {
  const tools = call.body.tools as Json[] | undefined;
  if (!tools?.length) return undefined;
  const messages = call.body.messages as Json[];
  const answered = messages.some((m) =>
    anthropic
      ? Array.isArray(m.content) &&
        (m.content as Json[]).some((b) => b.type === "tool_result")
      : m.role === "tool"
  );
  if (answered) return undefined;
  const choice = call.body.tool_choice as Json | undefined;
  if (typeof choice?.name === "string") return choice.name;
  const fn = (choice?.function as Json | undefined)?.name;
  if (typeof fn === "string") return fn;
  const first = tools[0];
  return String(anthropic ? first.name : (first.function as Json).name);
}

/** The structured answer, when the request asked for one. */
function structured(
  call: UpstreamCall,
  anthropic: boolean,
): string | undefined {
  const format = anthropic
    ? (call.body.output_config as Json | undefined)?.format as Json | undefined
    : call.body.response_format as Json | undefined;
  return format?.type === "json_schema"
    ? JSON.stringify(toolInput("json"))
    : undefined;
}

/** Anthropic's own bounds on a thinking budget, as its API checks them. */
function badThinking(call: UpstreamCall): Response | undefined {
  const thinking = call.body.thinking as Json | undefined;
  if (thinking?.type !== "enabled") return undefined;
  const budget = thinking.budget_tokens;
  if (
    typeof budget === "number" && budget >= 1024 &&
    budget < (call.body.max_tokens as number)
  ) return undefined;
  return Response.json({
    type: "error",
    error: {
      type: "invalid_request_error",
      message: "thinking.budget_tokens: must be ≥ 1024 and below max_tokens",
    },
  }, { status: 400 });
}

function openAIChat(call: UpstreamCall): Response {
  const refused = refuse(call, CHAT_KEYS, false);
  if (refused) return refused;
  const kind = scenario(call);
  if (kind !== "plain") return openAIDetails(call, kind);
  const tool = toolToCall(call, false);
  const text = structured(call, false) ?? ANSWER;
  const model = call.body.model;
  const usage = { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 };
  const toolCall = tool === undefined ? undefined : {
    id: "call_1",
    type: "function",
    function: { name: tool, arguments: JSON.stringify(toolInput(tool)) },
  };
  if (call.body.stream !== true) {
    return Response.json({
      id: "chatcmpl-up",
      object: "chat.completion",
      created: 1,
      model,
      choices: [{
        index: 0,
        message: {
          role: "assistant",
          content: toolCall ? null : text,
          ...(toolCall ? { tool_calls: [toolCall] } : {}),
        },
        finish_reason: toolCall ? "tool_calls" : "stop",
        logprobs: null,
      }],
      usage,
    });
  }
  const chunk = (delta: Json, finish: string | null): Json => ({
    id: "chatcmpl-up",
    object: "chat.completion.chunk",
    created: 1,
    model,
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
  });
  const events: Array<[undefined, unknown]> = [
    [undefined, chunk({ role: "assistant", content: "" }, null)],
  ];
  if (toolCall) {
    events.push([
      undefined,
      chunk({
        tool_calls: [{
          index: 0,
          ...toolCall,
          function: { name: tool, arguments: "" },
        }],
      }, null),
    ]);
    events.push([
      undefined,
      chunk({
        tool_calls: [{
          index: 0,
          function: { arguments: toolCall.function.arguments },
        }],
      }, null),
    ]);
    events.push([undefined, chunk({}, "tool_calls")]);
  } else {
    const half = Math.ceil(text.length / 2);
    events.push([undefined, chunk({ content: text.slice(0, half) }, null)]);
    events.push([undefined, chunk({ content: text.slice(half) }, null)]);
    events.push([undefined, chunk({}, "stop")]);
  }
  const options = call.body.stream_options as Json | undefined;
  if (options?.include_usage === true) {
    events.push([undefined, {
      id: "chatcmpl-up",
      object: "chat.completion.chunk",
      created: 1,
      model,
      choices: [],
      usage,
    }]);
  }
  events.push([undefined, "[DONE]"]);
  return sseResponse(events);
}

/** A DETAILS answer (text with logprobs) or a REFUSE one, whole or streamed. */
function openAIDetails(call: UpstreamCall, kind: "details" | "refuse") {
  const model = call.body.model;
  const pieces = kind === "details" ? ["Bon", "jour"] : REFUSAL;
  const field = kind === "details" ? "content" : "refusal";
  const usage = kind === "details"
    ? OPENAI_DETAIL_USAGE
    : { prompt_tokens: 11, completion_tokens: 6, total_tokens: 17 };
  const logprobsOf = (tokens: string[]): Json => ({
    content: kind === "details"
      ? tokens.map((t) => tokenLogprob(t, LOGPROBS[t]))
      : null,
    refusal: kind === "refuse"
      ? tokens.map((t) => tokenLogprob(t, LOGPROBS[t]))
      : null,
  });
  if (call.body.stream !== true) {
    return Response.json({
      id: "chatcmpl-up",
      object: "chat.completion",
      created: 1,
      model,
      choices: [{
        index: 0,
        message: {
          role: "assistant",
          content: kind === "details" ? pieces.join("") : null,
          refusal: kind === "refuse" ? pieces.join("") : null,
        },
        finish_reason: "stop",
        logprobs: call.body.logprobs === true ? logprobsOf(pieces) : null,
      }],
      usage,
    });
  }
  const chunk = (delta: Json, finish: string | null, logprobs: unknown) => ({
    id: "chatcmpl-up",
    object: "chat.completion.chunk",
    created: 1,
    model,
    choices: [{ index: 0, delta, finish_reason: finish, logprobs }],
  });
  const events: Array<[undefined, unknown]> = [
    [undefined, chunk({ role: "assistant", content: "" }, null, null)],
  ];
  for (const piece of pieces) {
    events.push([
      undefined,
      chunk(
        { [field]: piece },
        null,
        call.body.logprobs === true ? logprobsOf([piece]) : null,
      ),
    ]);
  }
  events.push([undefined, chunk({}, "stop", null)]);
  const options = call.body.stream_options as Json | undefined;
  if (options?.include_usage === true) {
    events.push([undefined, {
      id: "chatcmpl-up",
      object: "chat.completion.chunk",
      created: 1,
      model,
      choices: [],
      usage,
    }]);
  }
  events.push([undefined, "[DONE]"]);
  return sseResponse(events);
}

function openAIEmbeddings(call: UpstreamCall): Response {
  const refused = refuse(call, EMBEDDING_KEYS, false);
  if (refused) return refused;
  const input = call.body.input;
  const count = Array.isArray(input) && typeof input[0] !== "number"
    ? input.length
    : 1;
  return Response.json({
    object: "list",
    data: Array.from({ length: count }, (_, index) => ({
      object: "embedding",
      index,
      embedding: call.body.encoding_format === "base64"
        ? "AAAAPwAAgD8=" // [0.5, 1] as float32 little-endian
        : [0.5, 1],
    })),
    model: call.body.model,
    usage: { prompt_tokens: 5, total_tokens: 5 },
  });
}

/** An OpenAI-wire upstream: chat completions and embeddings under /v1. */
export function serveOpenAIWire() {
  return serveUpstream((call) =>
    call.path === "/v1/chat/completions"
      ? openAIChat(call)
      : call.path === "/v1/embeddings"
      ? openAIEmbeddings(call)
      : Response.json({ error: { message: "not found" } }, { status: 404 })
  );
}

/** An Anthropic-wire upstream: Messages under /v1. */
export function serveAnthropicWire() {
  return serveUpstream((call) => {
    if (call.path !== "/v1/messages") {
      return Response.json({
        type: "error",
        error: { type: "not_found_error", message: "not found" },
      }, { status: 404 });
    }
    const refused = refuse(call, MESSAGES_KEYS, true) ?? badThinking(call);
    if (refused) return refused;
    const kind = scenario(call);
    if (kind !== "plain") return anthropicDetails(call, kind);
    const tool = toolToCall(call, true);
    const text = structured(call, true) ?? ANSWER;
    const block: Json = tool === undefined
      ? { type: "text", text }
      : { type: "tool_use", id: "toolu_1", name: tool, input: toolInput(tool) };
    return anthropicBlockAnswer(
      call.body.model,
      block,
      call.body.stream === true,
    );
  });
}

/**
 * A DETAILS answer (reasoning with its signature, redacted reasoning, text
 * ended by a stop sequence, cache counts) or a REFUSE one (no content,
 * `stop_reason: "refusal"`), whole or streamed.
 */
function anthropicDetails(call: UpstreamCall, kind: "details" | "refuse") {
  const model = call.body.model;
  const details = kind === "details";
  const stop = details ? "stop_sequence" : "refusal";
  const stopSequence = details ? STOP_SEQUENCE : null;
  const usage = details
    ? ANTHROPIC_DETAIL_USAGE
    : { input_tokens: 11, output_tokens: 0 };
  if (call.body.stream !== true) {
    return Response.json({
      id: "msg_up",
      type: "message",
      role: "assistant",
      model,
      content: details
        ? [THINKING, REDACTED, { type: "text", text: ANSWER }]
        : [],
      stop_reason: stop,
      stop_sequence: stopSequence,
      usage,
    });
  }
  const events: Array<[string, unknown]> = [
    messageStart(model, {
      ...usage,
      output_tokens: 1,
      output_tokens_details: undefined,
    }),
  ];
  const block = (index: number, start: Json, deltas: Json[]) => {
    events.push(["content_block_start", {
      type: "content_block_start",
      index,
      content_block: start,
    }]);
    for (const delta of deltas) {
      events.push(["content_block_delta", {
        type: "content_block_delta",
        index,
        delta,
      }]);
    }
    events.push(["content_block_stop", { type: "content_block_stop", index }]);
  };
  if (details) {
    block(0, { type: "thinking", thinking: "", signature: "" }, [
      { type: "thinking_delta", thinking: THINKING.thinking.slice(0, 5) },
      { type: "thinking_delta", thinking: THINKING.thinking.slice(5) },
      { type: "signature_delta", signature: THINKING.signature },
    ]);
    block(1, REDACTED, []);
    block(2, { type: "text", text: "" }, [
      { type: "text_delta", text: "Bon" },
      { type: "text_delta", text: "jour" },
    ]);
  }
  events.push(["message_delta", {
    type: "message_delta",
    delta: { stop_reason: stop, stop_sequence: stopSequence },
    usage: {
      output_tokens: usage.output_tokens,
      ...("output_tokens_details" in usage
        ? { output_tokens_details: usage.output_tokens_details }
        : {}),
    },
  }]);
  events.push(["message_stop", { type: "message_stop" }]);
  return sseResponse(events);
}
