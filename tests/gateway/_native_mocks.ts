// Loopback upstreams speaking Gemini's generateContent, Cohere's v2 chat and
// Ollama's /api/chat, for the client-library tests. Each refuses with a 400,
// as the real API does, a body key its API reference does not list (Ollama
// too, though the real server ignores them: so a key the gateway should not
// send fails the test), and Gemini a `generationConfig` value of the wrong
// type (an OpenAI `logprobs: true` where Gemini wants a count). Nested keys
// are checked too where the API defines them: Gemini's parts and function
// declarations, Cohere's and Ollama's messages, Ollama's `options` (the
// server ignores an option it does not read, with a warning) and `think`.
// The lists are written from each API's current definitions (the sources
// named in docs/gateway/wires.md), not from the code under test.
import { serveUpstream, type UpstreamCall } from "./_serve.ts";
import { GEMINI_REQUEST_KEYS } from "../_gemini_api.ts";

type Json = Record<string, unknown>;

/** The text every mock answers. */
export const NATIVE_ANSWER = "Bonjour";

const GEMINI_KEYS = GEMINI_REQUEST_KEYS;
const GEMINI_PART_KEYS = [
  "text",
  "inlineData",
  "fileData",
  "functionCall",
  "functionResponse",
  "thought",
  "thoughtSignature",
  "executableCode",
  "codeExecutionResult",
  "videoMetadata",
  "mediaResolution",
];
const GEMINI_DECLARATION_KEYS = [
  "name",
  "description",
  "parameters",
  "parametersJsonSchema",
  "response",
  "responseJsonSchema",
  "behavior",
];
const GEMINI_TIERS = ["unspecified", "flex", "standard", "priority"];
const GEMINI_CONFIG_KEYS = [
  "stopSequences",
  "responseMimeType",
  "responseSchema",
  "responseJsonSchema",
  "responseModalities",
  "candidateCount",
  "maxOutputTokens",
  "temperature",
  "topP",
  "topK",
  "seed",
  "presencePenalty",
  "frequencyPenalty",
  "responseLogprobs",
  "logprobs",
  "thinkingConfig",
  "speechConfig",
  "imageConfig",
  "mediaResolution",
  "audioTranscriptionConfig",
  "enableEnhancedCivicAnswers",
];
const COHERE_KEYS = [
  "model",
  "messages",
  "tools",
  "documents",
  "citation_options",
  "response_format",
  "safety_mode",
  "max_tokens",
  "stop_sequences",
  "temperature",
  "seed",
  "frequency_penalty",
  "presence_penalty",
  "k",
  "p",
  "logprobs",
  "tool_choice",
  "thinking",
  "strict_tools",
  "stream",
  "priority",
];
const COHERE_MESSAGE_KEYS: Record<string, string[]> = {
  system: ["role", "content"],
  user: ["role", "content"],
  assistant: ["role", "content", "tool_calls", "tool_plan", "citations"],
  tool: ["role", "tool_call_id", "content"],
};
const OLLAMA_KEYS = [
  "model",
  "messages",
  "tools",
  "format",
  "options",
  "stream",
  "keep_alive",
  "think",
  "truncate",
  "shift",
  "logprobs",
  "top_logprobs",
];
const OLLAMA_MESSAGE_KEYS = [
  "role",
  "content",
  "thinking",
  "images",
  "tool_calls",
  "tool_name",
  "tool_call_id",
];
// The same list as OLLAMA_OPTIONS in src/models/adapters/_native_keys.ts,
// kept as a copy on purpose: a mock that imported the adapter's list would
// accept whatever the adapter wrongly sends, so a key wrongly added there
// (or one the server stopped reading) could never fail a test here.
const OLLAMA_OPTION_KEYS = [
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
  "stop",
  "num_ctx",
  "num_batch",
  "num_gpu",
  "main_gpu",
  "use_mmap",
  "num_thread",
  "draft_num_predict",
];
const OLLAMA_THINK = [true, false, "high", "medium", "low", "max"];

function records(value: unknown): Json[] {
  return Array.isArray(value)
    ? value.filter((item): item is Json =>
      typeof item === "object" && item !== null
    )
    : [];
}

function unknownKey(body: Json, allowed: readonly string[]) {
  return Object.keys(body).find((key) => !allowed.includes(key));
}

function geminiRefusal(body: Json): string | undefined {
  const top = unknownKey(body, GEMINI_KEYS);
  if (top !== undefined) return `Unknown name "${top}": Cannot find field.`;
  const config = (body.generationConfig ?? {}) as Json;
  const inner = unknownKey(config, GEMINI_CONFIG_KEYS);
  if (inner !== undefined) {
    return `Unknown name "${inner}" at 'generation_config'`;
  }
  if (config.logprobs !== undefined && typeof config.logprobs !== "number") {
    return "Invalid value at 'generation_config.logprobs' (TYPE_INT32)";
  }
  if (
    body.serviceTier !== undefined &&
    !GEMINI_TIERS.includes(String(body.serviceTier))
  ) return `Invalid value at 'service_tier' (${body.serviceTier})`;
  for (const content of records(body.contents)) {
    for (const part of records(content.parts)) {
      const key = unknownKey(part, GEMINI_PART_KEYS);
      if (key !== undefined) return `Unknown name "${key}" at 'contents.parts'`;
    }
  }
  for (const tool of records(body.tools)) {
    for (const declaration of records(tool.functionDeclarations)) {
      const key = unknownKey(declaration, GEMINI_DECLARATION_KEYS);
      if (key !== undefined) {
        return `Unknown name "${key}" at 'tools.function_declarations'`;
      }
    }
  }
  return undefined;
}

/** The thought signature the Gemini mock gives its function calls. */
export const GEMINI_SIGNATURE = "EiQKIgog+/7x9Q==";

/**
 * As Gemini 3 models do: the first function call part of each model turn
 * must come back with the signature it was answered with.
 */
function signatureRefusal(body: Json): string | undefined {
  for (const content of records(body.contents)) {
    if (content.role !== "model") continue;
    const call = records(content.parts).find((part) =>
      part.functionCall !== undefined
    );
    if (call === undefined) continue;
    if (call.thoughtSignature === undefined) {
      return "Function call is missing a thought_signature in functionCall parts.";
    }
    if (call.thoughtSignature !== GEMINI_SIGNATURE) {
      return "Corrupted thought signature.";
    }
  }
  return undefined;
}

/** With tools and no function result yet, the mock calls the first tool. */
function geminiCall(body: Json): Json | undefined {
  const declarations = records(body.tools).flatMap((tool) =>
    records(tool.functionDeclarations)
  );
  const answered = records(body.contents).some((content) =>
    records(content.parts).some((part) => part.functionResponse !== undefined)
  );
  if (declarations.length === 0 || answered) return undefined;
  return {
    functionCall: { name: declarations[0].name, args: { city: "Paris" } },
    thoughtSignature: GEMINI_SIGNATURE,
  };
}

/** Gemini's log probabilities of the answer, when asked for. */
const GEMINI_LOGPROBS = {
  logprobsResult: {
    chosenCandidates: [
      { token: "Bon", tokenId: 1, logProbability: -0.25 },
      { token: "jour", tokenId: 2, logProbability: -0.5 },
    ],
    topCandidates: [
      { candidates: [{ token: "Bon", tokenId: 1, logProbability: -0.25 }] },
      { candidates: [{ token: "jour", tokenId: 2, logProbability: -0.5 }] },
    ],
  },
};

function gemini(call: UpstreamCall): Response {
  const refused = geminiRefusal(call.body) ?? signatureRefusal(call.body);
  if (refused !== undefined) {
    return Response.json(
      { error: { code: 400, message: refused, status: "INVALID_ARGUMENT" } },
      { status: 400 },
    );
  }
  const toolCall = geminiCall(call.body);
  const config = (call.body.generationConfig ?? {}) as Json;
  const answer = {
    candidates: [{
      content: {
        role: "model",
        parts: [toolCall ?? { text: NATIVE_ANSWER }],
      },
      finishReason: "STOP",
      ...(config.responseLogprobs === true ? GEMINI_LOGPROBS : {}),
    }],
    usageMetadata: {
      promptTokenCount: 4,
      candidatesTokenCount: 2,
      totalTokenCount: 6,
    },
  };
  if (!call.path.endsWith(":streamGenerateContent")) {
    return Response.json(answer);
  }
  return new Response(`data: ${JSON.stringify(answer)}\r\n\r\n`, {
    headers: { "content-type": "text/event-stream" },
  });
}

function cohereUnknown(body: Json): string | undefined {
  const key = unknownKey(body, COHERE_KEYS);
  if (key !== undefined) return key;
  for (const message of records(body.messages)) {
    const allowed = COHERE_MESSAGE_KEYS[String(message.role)] ?? [];
    const inner = unknownKey(message, allowed);
    if (inner !== undefined) return `messages[].${inner}`;
  }
  return undefined;
}

/** Cohere's ranges, which it answers 400 outside of. */
const COHERE_RANGES: Record<string, [number, number]> = {
  p: [0.01, 0.99],
  k: [0, 500],
  frequency_penalty: [0, 1],
  presence_penalty: [0, 1],
};

function cohereRange(body: Json): string | undefined {
  for (const [key, [low, high]] of Object.entries(COHERE_RANGES)) {
    const value = body[key];
    if (typeof value === "number" && (value < low || value > high)) {
      return `invalid request: ${key} must be between ${low} and ${high}`;
    }
  }
  return undefined;
}

function cohere(call: UpstreamCall): Response {
  const range = cohereRange(call.body);
  if (range !== undefined) {
    return Response.json({ message: range }, { status: 400 });
  }
  const key = cohereUnknown(call.body);
  if (key !== undefined) {
    return Response.json(
      { message: `invalid request: unknown field ${key}` },
      { status: 400 },
    );
  }
  return Response.json({
    id: "c1",
    finish_reason: "COMPLETE",
    message: {
      role: "assistant",
      content: [{ type: "text", text: NATIVE_ANSWER }],
    },
    usage: { billed_units: { input_tokens: 4, output_tokens: 2 } },
  });
}

function ollamaUnknown(body: Json): string | undefined {
  const key = unknownKey(body, OLLAMA_KEYS);
  if (key !== undefined) return key;
  for (const message of records(body.messages)) {
    const inner = unknownKey(message, OLLAMA_MESSAGE_KEYS);
    if (inner !== undefined) return `messages[].${inner}`;
  }
  const option = unknownKey((body.options ?? {}) as Json, OLLAMA_OPTION_KEYS);
  if (option !== undefined) return `options.${option}`;
  if (body.think !== undefined && !OLLAMA_THINK.includes(body.think as never)) {
    return `think: ${body.think}`;
  }
  return undefined;
}

/** Ollama's per-token log probabilities of the answer, when asked for. */
export const OLLAMA_LOGPROBS = [
  {
    token: "Bon",
    logprob: -0.25,
    bytes: [66, 111, 110],
    top_logprobs: [{ token: "Bon", logprob: -0.25, bytes: [66, 111, 110] }],
  },
  {
    token: "jour",
    logprob: -0.5,
    bytes: [106, 111, 117, 114],
    top_logprobs: [{
      token: "jour",
      logprob: -0.5,
      bytes: [106, 111, 117, 114],
    }],
  },
];

function ollama(call: UpstreamCall): Response {
  const key = ollamaUnknown(call.body);
  if (key !== undefined) {
    return Response.json({ error: `unknown field ${key}` }, { status: 400 });
  }
  return Response.json({
    ...(call.body.logprobs === true ? { logprobs: OLLAMA_LOGPROBS } : {}),
    model: call.body.model,
    created_at: "2026-01-01T00:00:00Z",
    message: { role: "assistant", content: NATIVE_ANSWER },
    done: true,
    done_reason: "stop",
    prompt_eval_count: 4,
    eval_count: 2,
  });
}

/** A Gemini upstream (`baseURL: origin + "/v1beta"`). */
export function serveGeminiWire() {
  return serveUpstream(gemini);
}

/** A Cohere upstream (`baseURL: origin`). */
export function serveCohereWire() {
  return serveUpstream(cohere);
}

/** An Ollama upstream (`baseURL: origin`). */
export function serveOllamaWire() {
  return serveUpstream(ollama);
}
