// Loopback upstreams speaking Gemini's generateContent, Cohere's v2 chat and
// Ollama's /api/chat, for the client-library tests. Each refuses with a 400,
// as the real API does, a body key its API reference does not list (Ollama
// too, though the real server ignores them: so a key the gateway should not
// send fails the test), and Gemini a `generationConfig` value of the wrong
// type (an OpenAI `logprobs: true` where Gemini wants a count).
import { serveUpstream, type UpstreamCall } from "./_serve.ts";

type Json = Record<string, unknown>;

/** The text every mock answers. */
export const NATIVE_ANSWER = "Bonjour";

const GEMINI_KEYS = [
  "contents",
  "systemInstruction",
  "tools",
  "toolConfig",
  "safetySettings",
  "generationConfig",
  "cachedContent",
  "labels",
];
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
const OLLAMA_KEYS = [
  "model",
  "messages",
  "tools",
  "format",
  "options",
  "stream",
  "keep_alive",
  "think",
];

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
  return undefined;
}

function gemini(call: UpstreamCall): Response {
  const refused = geminiRefusal(call.body);
  if (refused !== undefined) {
    return Response.json(
      { error: { code: 400, message: refused, status: "INVALID_ARGUMENT" } },
      { status: 400 },
    );
  }
  const answer = {
    candidates: [{
      content: { role: "model", parts: [{ text: NATIVE_ANSWER }] },
      finishReason: "STOP",
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

function cohere(call: UpstreamCall): Response {
  const key = unknownKey(call.body, COHERE_KEYS);
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

function ollama(call: UpstreamCall): Response {
  const key = unknownKey(call.body, OLLAMA_KEYS);
  if (key !== undefined) {
    return Response.json({ error: `unknown field ${key}` }, { status: 400 });
  }
  return Response.json({
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
