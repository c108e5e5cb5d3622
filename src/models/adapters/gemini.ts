/**
 * Adapter for Google's Gemini API (Generative Language API).
 *
 * ## Wire mapping
 *
 * - `POST {baseURL}/models/{model}:generateContent`, and
 *   `:streamGenerateContent?alt=sse` for streams (default baseURL
 *   `https://generativelanguage.googleapis.com/v1beta`; a leading `models/`
 *   in the model name is accepted). The key travels in the `x-goog-api-key`
 *   header, never in the URL. `healthCheck` is `GET {baseURL}/models` (free).
 * - System messages → `systemInstruction` (joined with a blank line); user
 *   and tool messages → `role: "user"`, assistant → `role: "model"`;
 *   consecutive messages of one role are merged into one content.
 * - Parts: text → `text`; base64 image → `inlineData`; URL image →
 *   `fileData { fileUri, mimeType }` (type guessed from the extension when
 *   possible; a `data:` URL becomes `inlineData`); `tool_use` ↔
 *   `functionCall { name, args }`; `tool_result` → `functionResponse { name,
 *   response }`, where the name is that of the nearest tool_use with the
 *   result's id before it in the conversation (the id itself when there is
 *   none) and `response` is the result parsed as a JSON object when it is
 *   one, else `{ content: "…" }` (`{ error: "…" }` when `isError`).
 *   A function call Gemini gave an id (letters, digits, `_`, `-`) is
 *   named `gid_<that id>`, and goes back with it, as does its
 *   `functionResponse` (`id`, as Gemini matches results to calls); a call
 *   without one is named `call_<random>_<n>`: 12 random hex digits drawn
 *   once per response, and `<n>` counting the response's calls from 0, so
 *   ids do not repeat across the turns of a conversation, and it goes back
 *   without an id (as does a call another backend made). A call answered
 *   with a `thoughtSignature` (Gemini 3 models) carries it in its id, after
 *   `__ts_`, as base64url, and the call goes back with its signature: Gemini
 *   3 refuses a function call part without the signature it was given. To
 *   a Gemini 3 model (`gemini-3…`), a model turn whose calls carry no
 *   signature (a history from another backend) has its first call sent with
 *   `skip_thought_signature_validator`, the value Google's thought-signature
 *   guide gives for calls Gemini did not make.
 * - Tools → one `functionDeclarations` tool. A tool's JSON Schema goes as
 *   `parameters` when it uses only what that field's Schema object (an
 *   OpenAPI subset, which answers 400 to keywords it lacks) surely carries:
 *   `type` (one name), `format` (`enum`, `date-time`, `float`, `double`,
 *   `int32`, `int64`), `description`, `nullable`, string `enum`s,
 *   `required`, `items` and `properties`, at any depth. Any other schema
 *   (`additionalProperties`, `const`, `anyOf`, `$ref`/`$defs`, `minimum`,
 *   `title`, a list of types, …) goes whole as `parametersJsonSchema`, which
 *   takes JSON Schema, rather than being cut down to the subset; a
 *   top-level `$schema` (only the dialect's name) is left out of both. Tool
 *   choice → `toolConfig.functionCallingConfig.mode` `AUTO`/`NONE`/`ANY`
 *   (`{name}` → `ANY` with `allowedFunctionNames`).
 * - Parameters → `generationConfig`: `maxTokens`→`maxOutputTokens`,
 *   `temperature`, `topP`, `topK`, `stopSequences`, `seed`,
 *   `presencePenalty`, `frequencyPenalty`. `safetySettings`, `cachedContent`,
 *   `labels` and `serviceTier` go to the top level; the other `generationConfig` keys
 *   Gemini documents go there as-is (e.g. `responseMimeType`,
 *   `thinkingConfig`). A chat wire's field is mapped, emulated, dropped or
 *   refused by the translation table (docs/gateway/wires.md); any other
 *   key, and `user`, is not sent and is named in `metadata.dropped`.
 * - `finishReason`: `STOP` → `stop` (`tool_calls` when the answer holds a
 *   function call), `MAX_TOKENS` → `length`, `SAFETY`, `RECITATION`,
 *   `BLOCKLIST`, `PROHIBITED_CONTENT`, `SPII`, `IMAGE_SAFETY`,
 *   `IMAGE_PROHIBITED_CONTENT`, `IMAGE_RECITATION` → `content_filter`,
 *   `MALFORMED_FUNCTION_CALL`, `UNEXPECTED_TOOL_CALL`, `TOO_MANY_TOOL_CALLS`
 *   → `error` (others, such as `OTHER`, → `stop`); a prompt blocked
 *   by `promptFeedback.blockReason` → `content_filter` with empty content.
 *   Parts marked `thought` are skipped (their signatures are Gemini's own),
 *   and an IR message's reasoning parts, cache marks, image `detail` and a
 *   tool's `strict` have no field here: they are not sent and are named in
 *   `metadata.dropped`. Usage: `cachedContentTokenCount` →
 *   `cacheReadTokens`, `thoughtsTokenCount` → `reasoningTokens`;
 *   `promptTokenCount` + `toolUsePromptTokenCount`,
 *   `candidatesTokenCount` + `thoughtsTokenCount`, `totalTokenCount`.
 *   `logprobsResult` (asked for by `responseLogprobs`, which OpenAI's
 *   `logprobs` becomes; `top_logprobs` becomes `logprobs`) → the answer's
 *   `logprobs.content`: `chosenCandidates` with the `topCandidates` at the
 *   same position; streamed on the `content` chunk of their event.
 * - Streaming: each SSE event is a whole `GenerateContentResponse` holding
 *   the next parts; a function call arrives whole, as one `tool_use` chunk
 *   whose `inputDelta` is its complete JSON. The stream has no end marker:
 *   it is done at end of input once a `finishReason` was seen, otherwise it
 *   ends with a PROVIDER_ERROR.
 * - Errors: an invalid key is HTTP 400 with reason `API_KEY_INVALID` and maps
 *   to AUTHENTICATION_FAILED; a 429's `google.rpc.RetryInfo.retryDelay` is
 *   used as `retryAfter` when no `Retry-After` header is present.
 * - `estimateCost` uses the price table dated {@linkcode PRICES_DATE}.
 *
 * @example Construct the adapter
 * ```ts
 * import { createGeminiAdapter } from "@switchyard/switchyard/models/gemini";
 * const gemini = createGeminiAdapter({ apiKey: "AIza-example" });
 * console.log(gemini.metadata.defaultModel); // "gemini-2.0-flash"
 * ```
 *
 * @module
 */

import { GEMINI_EMBEDDINGS } from "./_embeddings.ts";
import {
  AdapterError,
  type AdapterErrorOptions,
  ErrorCode,
} from "../errors.ts";
import type {
  FinishReason,
  IRChatRequest,
  IRChatResponse,
  IRContentPart,
  IRMessage,
  IRResponseMetadata,
  IRToolUsePart,
  IRUsage,
} from "../types.ts";
import { HttpAdapter } from "./adapter.ts";
import { copyRequestId, endedEarly, eventObject } from "./_base.ts";
import {
  type FetchFunction,
  type HttpAdapterConfig,
  invalidRequest,
  invalidResponse,
  isRecord,
  type StreamTranslator,
  type UnsequencedChunk,
} from "./_http.ts";
import {
  assertToolResultsOnly,
  assistantMessage,
  CallIds,
  countOf,
  parseDataURL,
  partsOf,
  textOf,
  usageOf,
  WholeCallStream,
} from "./_ir.ts";
import { type ModelPrice, PRICES_DATE } from "./_prices.ts";
import { applyParameters } from "./_parameters.ts";
import {
  callIdOf,
  checksSignatures,
  fillSignatures,
  logprobsOf,
  ownIdOf,
  signatureOf,
} from "./_gemini_details.ts";
import { geminiDeclaration } from "./_gemini_schema.ts";
import { nestedDrops, towardNative } from "./_toward_native.ts";
import type { ParameterTable, ProviderSpec, WireCall } from "./provider.ts";
import { parseSSE, type SSEEvent } from "./_sse.ts";

// Re-exported so this entry point is self-contained for its users and docs.
export type * from "../types.ts";
export type { FetchFunction, HttpAdapterConfig, ModelPrice };
export { HttpAdapter, PRICES_DATE };
export type * from "./provider.ts";

/**
 * Configuration of a {@linkcode GeminiAdapter}.
 *
 * @example Usage
 * ```ts
 * import type { GeminiAdapterConfig } from "@switchyard/switchyard/models/gemini";
 * const config: GeminiAdapterConfig = { apiKey: "AIza-example", defaultModel: "gemini-2.5-flash" };
 * console.log(config.defaultModel); // "gemini-2.5-flash"
 * ```
 */
export interface GeminiAdapterConfig extends HttpAdapterConfig {
  /** Sent as `x-goog-api-key`. */
  apiKey: string;
  /** API root including the version (default `https://generativelanguage.googleapis.com/v1beta`). */
  baseURL?: string;
  /** Model used when a request names none (default `gemini-2.0-flash`). */
  defaultModel?: string;
}

type WirePart = Record<string, unknown>;
interface WireContent {
  role: "user" | "model";
  parts: WirePart[];
}

const FINISH_REASONS: Readonly<Record<string, FinishReason>> = {
  STOP: "stop",
  MAX_TOKENS: "length",
  SAFETY: "content_filter",
  RECITATION: "content_filter",
  BLOCKLIST: "content_filter",
  PROHIBITED_CONTENT: "content_filter",
  SPII: "content_filter",
  IMAGE_SAFETY: "content_filter",
  IMAGE_PROHIBITED_CONTENT: "content_filter",
  IMAGE_RECITATION: "content_filter",
  MALFORMED_FUNCTION_CALL: "error",
  UNEXPECTED_TOOL_CALL: "error",
  TOO_MANY_TOOL_CALLS: "error",
};

/**
 * A Gemini call and the model it runs on, which Gemini's answers do not name
 * (the response metadata takes it from here).
 *
 * @example Usage
 * ```ts
 * import type { GeminiCall } from "@switchyard/switchyard/models/gemini";
 * const call: GeminiCall = { path: "/models/gemini-2.0-flash:generateContent", body: {}, model: "gemini-2.0-flash" };
 * console.log(call.model); // "gemini-2.0-flash"
 * ```
 */
export interface GeminiCall extends WireCall {
  /** The model in the path. */
  model: string;
}

/** Everything in `generationConfig` under Gemini's names, except top-level fields. */
const PARAMETERS: ParameterTable = {
  names: {
    maxTokens: "generationConfig.maxOutputTokens",
    temperature: "generationConfig.temperature",
    topP: "generationConfig.topP",
    topK: "generationConfig.topK",
    stopSequences: "generationConfig.stopSequences",
    seed: "generationConfig.seed",
    presencePenalty: "generationConfig.presencePenalty",
    frequencyPenalty: "generationConfig.frequencyPenalty",
    user: null,
  },
  rest: "generationConfig",
  topLevel: ["safetySettings", "cachedContent", "labels", "serviceTier"],
};
const IMAGE_TYPES: Readonly<Record<string, string>> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  heic: "image/heic",
  heif: "image/heif",
};

/**
 * A BackendAdapter for the Gemini API: the generic {@linkcode HttpAdapter}
 * running {@linkcode geminiProvider}.
 *
 * @example Inspect the adapter
 * ```ts
 * import { GeminiAdapter } from "@switchyard/switchyard/models/gemini";
 * const adapter = new GeminiAdapter({ apiKey: "AIza-example" });
 * console.log(adapter.metadata.capabilities.vision); // true
 * ```
 */
export class GeminiAdapter extends HttpAdapter {
  /**
   * Creates the adapter; nothing is sent until a call.
   *
   * @param config API key, base URL and options.
   */
  constructor(config: GeminiAdapterConfig) {
    super(config, geminiProvider(config));
  }
}

/**
 * The description of the Gemini API for a config.
 *
 * @param config API key, base URL and options.
 * @returns The provider description {@linkcode HttpAdapter} runs.
 *
 * @example Parameters land in `generationConfig`
 * ```ts
 * import { geminiProvider } from "@switchyard/switchyard/models/gemini";
 * const spec = geminiProvider({ apiKey: "AIza-example" });
 * console.log(spec.parameters.names.maxTokens); // "generationConfig.maxOutputTokens"
 * ```
 */
export function geminiProvider(
  config: GeminiAdapterConfig,
): ProviderSpec<SSEEvent, GeminiCall> {
  return {
    provider: "gemini",
    baseURL: "https://generativelanguage.googleapis.com/v1beta",
    healthPath: "/models",
    defaultModel: config.defaultModel ?? "gemini-2.0-flash",
    headers: { "x-goog-api-key": config.apiKey || undefined },
    parameters: PARAMETERS,
    capabilities: { maxContextTokens: 1_048_576 },
    refineError,
    operations: { embeddings: GEMINI_EMBEDDINGS },
    parse: parseSSE,
    modelName: (model) => model.replace(/^models\//, ""),
    call: (request, { model, stream }) => {
      const native = towardNative(
        request.parameters,
        "gemini",
        PARAMETERS.names,
      );
      const dropped = [...native.dropped, ...nestedDrops(request, "gemini")];
      return {
        path: `/models/${encodeURIComponent(model)}:${
          stream ? "streamGenerateContent?alt=sse" : "generateContent"
        }`,
        body: wireRequest(
          request,
          applyParameters(native.parameters, PARAMETERS),
          model,
        ),
        model,
        ...(dropped.length === 0 ? {} : { dropped }),
      };
    },
    response: (json, request, call) =>
      fromWireResponse(json, request, call.model),
    translator: (request, call) =>
      new GeminiStreamTranslator(request, call.model),
  };
}

/**
 * Creates a {@linkcode GeminiAdapter}.
 *
 * @param config API key, base URL and options.
 * @returns The adapter.
 *
 * @example Talk to a fake server
 * ```ts
 * import { createGeminiAdapter } from "@switchyard/switchyard/models/gemini";
 * const adapter = createGeminiAdapter({
 *   apiKey: "AIza-example",
 *   fetch: () =>
 *     Promise.resolve(Response.json({
 *       candidates: [{ content: { role: "model", parts: [{ text: "Hi there" }] }, finishReason: "STOP" }],
 *       usageMetadata: { promptTokenCount: 4, candidatesTokenCount: 2, totalTokenCount: 6 },
 *     })),
 * });
 * const response = await adapter.execute({ messages: [{ role: "user", content: "Hi" }] });
 * console.log(response.message.content, response.usage?.totalTokens); // "Hi there" 6
 * ```
 */
export function createGeminiAdapter(
  config: GeminiAdapterConfig,
): GeminiAdapter {
  return new GeminiAdapter(config);
}

/** Gemini reports a bad key as 400, and the retry delay inside the body. */
function refineError(
  options: AdapterErrorOptions,
  body: unknown,
): AdapterErrorOptions {
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  const details = Array.isArray(error?.details)
    ? error.details.filter(isRecord)
    : [];
  const refined = { ...options };
  if (details.some((detail) => detail.reason === "API_KEY_INVALID")) {
    refined.code = ErrorCode.AUTHENTICATION_FAILED;
  }
  if (refined.retryAfter === undefined) {
    const info = details.find((detail) =>
      String(detail["@type"] ?? "").endsWith("google.rpc.RetryInfo")
    );
    const match = typeof info?.retryDelay === "string"
      ? /^(\d+(?:\.\d+)?)s$/.exec(info.retryDelay)
      : null;
    if (match) refined.retryAfter = Math.ceil(Number(match[1]) * 1000);
  }
  return refined;
}

function imagePart(part: Extract<IRContentPart, { type: "image" }>): WirePart {
  if (part.source.type === "base64") {
    return {
      inlineData: { mimeType: part.source.mediaType, data: part.source.data },
    };
  }
  const url = part.source.url;
  const dataURL = parseDataURL(url);
  if (dataURL !== undefined) {
    return { inlineData: { mimeType: dataURL.mediaType, data: dataURL.data } };
  }
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url)?.[1]?.toLowerCase();
  // Own keys only: `photo.constructor` would otherwise find Object's
  // constructor through the prototype and send a function as the type.
  const mimeType =
    extension !== undefined && Object.hasOwn(IMAGE_TYPES, extension)
      ? IMAGE_TYPES[extension]
      : undefined;
  return {
    fileData: { fileUri: url, ...(mimeType === undefined ? {} : { mimeType }) },
  };
}

function functionResponse(
  content: string,
  isError: boolean | undefined,
): Record<string, unknown> {
  if (isError) return { error: content };
  try {
    const parsed: unknown = JSON.parse(content);
    if (isRecord(parsed)) return parsed;
  } catch {
    // Plain text result.
  }
  return { content };
}

function toWireContents(messages: readonly IRMessage[]): WireContent[] {
  // Tool call ids seen so far → names: a result takes the name of the latest
  // call with its id before it, even when a later turn reuses the id.
  const names = new Map<string, string>();
  const out: WireContent[] = [];
  for (const message of messages) {
    if (message.role === "system") continue;
    const role = message.role === "assistant" ? "model" : "user";
    assertToolResultsOnly(message, "gemini");
    const parts: WirePart[] = [];
    for (const part of partsOf(message.content)) {
      if (part.type === "text") {
        if (part.text !== "") parts.push({ text: part.text });
      } else if (part.type === "image") {
        parts.push(imagePart(part));
      } else if (part.type === "tool_use") {
        if (role !== "model") {
          throw invalidRequest(
            "gemini",
            `a ${message.role} message cannot carry a tool_use part`,
          );
        }
        names.set(part.id, part.name);
        const signature = signatureOf(part.id);
        const own = ownIdOf(part.id);
        parts.push({
          functionCall: {
            ...(own === undefined ? {} : { id: own }),
            name: part.name,
            args: part.input,
          },
          ...(signature === undefined ? {} : { thoughtSignature: signature }),
        });
      } else if (part.type === "tool_result") {
        const own = ownIdOf(part.toolUseId);
        parts.push({
          functionResponse: {
            ...(own === undefined ? {} : { id: own }),
            name: names.get(part.toolUseId) ?? part.toolUseId,
            response: functionResponse(part.content, part.isError),
          },
        });
      }
    }
    if (parts.length === 0) continue;
    const last = out.at(-1);
    if (last !== undefined && last.role === role) last.parts.push(...parts);
    else out.push({ role, parts });
  }
  return out;
}

function wireRequest(
  request: IRChatRequest,
  parameters: Record<string, unknown>,
  model: string,
): Record<string, unknown> {
  const { generationConfig, ...topLevel } = parameters;
  const system = request.messages
    .filter((message) => message.role === "system")
    // Parts are an Anthropic client's system blocks: paragraphs.
    .map((message) => textOf(message.content, "\n\n"))
    .join("\n\n");
  // Spread, not Object.assign: no key can be a prototype setter.
  const contents = toWireContents(request.messages);
  if (checksSignatures(model)) fillSignatures(contents);
  const body: Record<string, unknown> = {
    contents,
    ...(system === ""
      ? {}
      : { systemInstruction: { parts: [{ text: system }] } }),
    ...topLevel,
  };
  if (generationConfig !== undefined) body.generationConfig = generationConfig;
  if (request.tools !== undefined && request.tools.length > 0) {
    body.tools = [{
      functionDeclarations: request.tools.map(geminiDeclaration),
    }];
  }
  if (request.toolChoice !== undefined) {
    const choice = request.toolChoice;
    body.toolConfig = {
      functionCallingConfig: typeof choice === "object"
        ? { mode: "ANY", allowedFunctionNames: [choice.name] }
        : {
          mode: choice === "auto" ? "AUTO" : choice === "none" ? "NONE" : "ANY",
        },
    };
  }
  return body;
}

function wireUsage(usage: unknown): IRUsage | undefined {
  if (!isRecord(usage)) return undefined;
  const count = (key: string): number => countOf(usage, key);
  const total = typeof usage.totalTokenCount === "number"
    ? usage.totalTokenCount
    : undefined;
  // promptTokenCount includes the cached content but not the prompts of
  // Gemini's own tool runs (search results, fetched pages), which are input
  // too; candidatesTokenCount leaves the thoughts out. The IR counts hold
  // both, so they add up to totalTokenCount.
  const out = usageOf(
    count("promptTokenCount") + count("toolUsePromptTokenCount"),
    count("candidatesTokenCount") + count("thoughtsTokenCount"),
    total,
  );
  if (typeof usage.cachedContentTokenCount === "number") {
    out.cacheReadTokens = usage.cachedContentTokenCount;
  }
  if (typeof usage.thoughtsTokenCount === "number") {
    out.reasoningTokens = usage.thoughtsTokenCount;
  }
  return out;
}

function metadataOf(
  request: IRChatRequest,
  json: Record<string, unknown>,
  model: string,
): IRResponseMetadata {
  const metadata: IRResponseMetadata = {
    provider: "gemini",
    model: typeof json.modelVersion === "string" ? json.modelVersion : model,
  };
  copyRequestId(metadata, request);
  if (typeof json.responseId === "string") {
    metadata.providerResponseId = json.responseId;
  }
  return metadata;
}

/** The candidate's parts as text and function calls (thought parts skipped). */
function readParts(
  candidate: Record<string, unknown>,
  ids: CallIds,
): { text: string; calls: IRToolUsePart[] } {
  const content = isRecord(candidate.content) ? candidate.content : {};
  let text = "";
  const calls: IRToolUsePart[] = [];
  for (const part of Array.isArray(content.parts) ? content.parts : []) {
    if (!isRecord(part) || part.thought === true) continue;
    if (typeof part.text === "string") text += part.text;
    if (isRecord(part.functionCall)) {
      const call = part.functionCall;
      if (typeof call.name !== "string") {
        throw invalidResponse("gemini", "functionCall without a name");
      }
      calls.push({
        type: "tool_use",
        id: callIdOf(call.id, () => ids.next(), part.thoughtSignature),
        name: call.name,
        input: isRecord(call.args) ? call.args : {},
      });
    }
  }
  return { text, calls };
}

function finishReason(raw: unknown, hasCalls: boolean): FinishReason {
  // Own keys only: "constructor" is not a finish reason.
  const mapped = typeof raw === "string" && Object.hasOwn(FINISH_REASONS, raw)
    ? FINISH_REASONS[raw]
    : "stop";
  return mapped === "stop" && hasCalls ? "tool_calls" : mapped;
}

function firstCandidate(
  json: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const candidates = Array.isArray(json.candidates) ? json.candidates : [];
  const candidate =
    candidates.find((c) => isRecord(c) && (c.index ?? 0) === 0) ??
      candidates[0];
  return isRecord(candidate) ? candidate : undefined;
}

function blockReason(json: Record<string, unknown>): string | undefined {
  return isRecord(json.promptFeedback) &&
      typeof json.promptFeedback.blockReason === "string"
    ? json.promptFeedback.blockReason
    : undefined;
}

function fromWireResponse(
  json: unknown,
  request: IRChatRequest,
  model: string,
): IRChatResponse {
  if (!isRecord(json)) {
    throw invalidResponse("gemini", "response is not a JSON object");
  }
  const metadata = metadataOf(request, json, model);
  const candidate = firstCandidate(json);
  const usage = wireUsage(json.usageMetadata);
  let response: IRChatResponse;
  if (candidate === undefined) {
    const blocked = blockReason(json);
    if (blocked === undefined) {
      throw invalidResponse("gemini", "response has no candidates");
    }
    metadata.blockReason = blocked;
    response = {
      message: { role: "assistant", content: "" },
      finishReason: "content_filter",
      metadata,
    };
  } else {
    const { text, calls } = readParts(candidate, new CallIds());
    if (typeof candidate.finishReason === "string") {
      metadata.providerFinishReason = candidate.finishReason;
    }
    response = {
      message: assistantMessage(text, calls),
      finishReason: finishReason(candidate.finishReason, calls.length > 0),
      metadata,
    };
    const logprobs = logprobsOf(candidate);
    if (logprobs !== undefined) response.logprobs = logprobs;
  }
  if (usage !== undefined) response.usage = usage;
  return response;
}

/** Turns `alt=sse` GenerateContentResponse events into IR chunks. */
class GeminiStreamTranslator implements StreamTranslator<SSEEvent> {
  readonly #request: IRChatRequest;
  readonly #model: string;
  #metadata: IRResponseMetadata | undefined;
  readonly #parts = new WholeCallStream();
  readonly #ids = new CallIds();
  #finish: string | undefined;
  #usage: IRUsage | undefined;

  constructor(request: IRChatRequest, model: string) {
    this.#request = request;
    this.#model = model;
  }

  event(event: SSEEvent): UnsequencedChunk[] {
    const json = eventObject("gemini", event.data);
    if (isRecord(json.error)) {
      throw new AdapterError({
        code: ErrorCode.PROVIDER_ERROR,
        message: `gemini: ${
          typeof json.error.message === "string"
            ? json.error.message
            : "error event in stream"
        }`,
        provider: "gemini",
        details: { error: json.error },
      });
    }
    const out: UnsequencedChunk[] = [];
    if (this.#metadata === undefined) {
      this.#metadata = metadataOf(this.#request, json, this.#model);
      out.push({ type: "start", metadata: { ...this.#metadata } });
    }
    const candidate = firstCandidate(json);
    if (candidate !== undefined) {
      const { text, calls } = readParts(candidate, this.#ids);
      out.push(...this.#parts.add(text, calls, logprobsOf(candidate)));
      if (typeof candidate.finishReason === "string") {
        this.#finish = candidate.finishReason;
      }
    } else if (blockReason(json) !== undefined) {
      this.#finish = "SAFETY";
      this.#metadata.blockReason = blockReason(json);
    }
    const usage = wireUsage(json.usageMetadata);
    if (usage !== undefined) {
      this.#usage = usage;
      out.push({ type: "metadata", usage });
    }
    return out;
  }

  end(): UnsequencedChunk[] {
    if (this.#finish === undefined || this.#metadata === undefined) {
      throw endedEarly("gemini", "a finishReason");
    }
    return [{
      type: "done",
      finishReason: finishReason(this.#finish, this.#parts.callCount > 0),
      message: this.#parts.message(),
      metadata: { ...this.#metadata, providerFinishReason: this.#finish },
      ...(this.#usage === undefined ? {} : { usage: this.#usage }),
    }];
  }
}
