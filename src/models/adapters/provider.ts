/**
 * What a provider is, as data: the description {@linkcode HttpAdapter}
 * runs. A provider file builds one {@linkcode ProviderSpec} from its config
 * (where to send, which headers, how to sign, how parameters are named) and
 * supplies the three translations (request body, response, stream events);
 * the HTTP client, timeouts, error mapping, stream numbering, health probe
 * and price lookup are the adapter's, written once.
 *
 * @module
 */

import type { AdapterErrorOptions, ErrorCodeValue } from "../errors.ts";
import type {
  AdapterCapabilities,
  ChatWire,
  IRChatRequest,
  IRChatResponse,
  IRStreamChunk,
} from "../types.ts";
import type { OperationName, OperationSupport } from "../operations.ts";
import type { LineParserOptions } from "./_lines.ts";
import type { ModelPrice } from "./_prices.ts";
import type { SSEEvent } from "./_sse.ts";

export { ErrorCode } from "../errors.ts";
export { OPERATIONS } from "../operations.ts";
export type {
  AdapterErrorOptions,
  ErrorCodeValue,
  LineParserOptions,
  // An adapter's `operations` and an operation table are keyed by these.
  OperationName,
  OperationSupport,
  SSEEvent,
};

/**
 * A stream chunk before the adapter numbers it (`sequence` is added in order).
 *
 * @example Usage
 * ```ts
 * import type { UnsequencedChunk } from "@switchyard/switchyard/models/openai";
 * const chunk: UnsequencedChunk = { type: "content", delta: "Hi" };
 * console.log(chunk.type); // "content"
 * ```
 */
export type UnsequencedChunk = IRStreamChunk extends infer C
  ? C extends IRStreamChunk ? Omit<C, "sequence"> : never
  : never;

/**
 * Turns one provider stream's events into IR chunks; one instance per stream.
 *
 * @example A translator for a one-event stream
 * ```ts
 * import type { StreamTranslator } from "@switchyard/switchyard/models/openai";
 * const translator: StreamTranslator<string> = {
 *   event: (text) => [{ type: "content", delta: text }],
 *   end: () => [{ type: "done", finishReason: "stop" }],
 * };
 * console.log(translator.event("Hi")[0].type); // "content"
 * ```
 */
export interface StreamTranslator<E> {
  /**
   * Chunks for one event; a `done` or `error` chunk ends the stream.
   *
   * @param event One parsed event.
   * @returns Its chunks (possibly none); throws AdapterError for an error event.
   */
  event(event: E): UnsequencedChunk[];
  /**
   * Chunks at end of input.
   *
   * @returns The closing chunks; throws when the stream ended before its end marker.
   */
  end(): UnsequencedChunk[];
}

/**
 * Splits a response body into stream events (SSE events, NDJSON values).
 *
 * @example Usage
 * ```ts
 * import type { StreamParser } from "@switchyard/switchyard/models/openai";
 * const lines: StreamParser<string> = async function* (body) {
 *   yield await new Response(body).text();
 * };
 * console.log(typeof lines); // "function"
 * ```
 */
export type StreamParser<E> = (
  body: ReadableStream<Uint8Array>,
  options: LineParserOptions,
) => AsyncGenerator<E, void, undefined>;

/**
 * The HTTP request behind one chat call. A provider may extend it with what
 * its response mapping needs again (Gemini: the model, which its answers do
 * not name).
 *
 * @example Usage
 * ```ts
 * import type { WireCall } from "@switchyard/switchyard/models/openai";
 * const call: WireCall = { path: "/chat/completions", body: { model: "gpt-4o-mini" } };
 * console.log(call.path); // "/chat/completions"
 * ```
 */
export interface WireCall {
  /** Path (and query) below the base URL. */
  path: string;
  /** JSON body. */
  body: unknown;
  /**
   * The request's fields the translation left out (the client's names),
   * reported on the answer's `metadata.dropped`.
   */
  dropped?: readonly string[];
  /** Headers of this call only, over the provider's own (a client's beta). */
  headers?: Readonly<Record<string, string>>;
  /**
   * The body is the client's own (`CallOptions.source` in the provider's
   * wire): the answer keeps the upstream's JSON or events beside the IR.
   */
  sourced?: boolean;
}

/**
 * The request a {@linkcode SignRequest} hook sees: final URL, headers and
 * the exact body bytes as text.
 *
 * @example Usage
 * ```ts
 * import type { SignableRequest } from "@switchyard/switchyard/models/openai";
 * const request: SignableRequest = {
 *   method: "POST",
 *   url: "https://example.test/v1/chat",
 *   headers: new Headers({ "content-type": "application/json" }),
 *   body: "{}",
 * };
 * console.log(request.headers.get("content-type")); // "application/json"
 * ```
 */
export interface SignableRequest {
  /** `GET` (health probe) or `POST` (chat). */
  readonly method: string;
  /** Absolute URL. */
  readonly url: string;
  /** A copy of the headers about to be sent. */
  readonly headers: Headers;
  /** The JSON body text, or undefined for a GET. */
  readonly body: string | undefined;
}

/**
 * A per-request hook that returns headers to add (or replace) just before a
 * request is sent: request signing such as AWS SigV4 (Bedrock), or a
 * short-lived token fetched per call. It runs for every request, health
 * probes included; a rejection fails the call with
 * AUTHENTICATION_FAILED (an AdapterError it throws is kept as is).
 *
 * @example Add a signature header
 * ```ts
 * import type { SignRequest } from "@switchyard/switchyard/models/openai";
 * const sign: SignRequest = async ({ method, url, body }) => {
 *   const bytes = new TextEncoder().encode(`${method} ${url}\n${body ?? ""}`);
 *   const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
 *   return { "x-signature": Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("") };
 * };
 * const headers = await sign({ method: "GET", url: "https://example.test/", headers: new Headers(), body: undefined });
 * console.log(Object.keys(headers ?? {})); // ["x-signature"]
 * ```
 */
export type SignRequest = (
  request: SignableRequest,
) => Promise<Record<string, string> | undefined>;

/**
 * How IR `parameters` become wire fields, applied by one function for every
 * provider. Wire paths may be dotted (`generationConfig.maxOutputTokens`)
 * to land inside a nested object.
 *
 * @example Gemini-style: everything in `generationConfig`
 * ```ts
 * import type { ParameterTable } from "@switchyard/switchyard/models/openai";
 * const table: ParameterTable = {
 *   names: { maxTokens: "generationConfig.maxOutputTokens", user: null },
 *   rest: "generationConfig",
 *   topLevel: ["safetySettings"],
 * };
 * console.log(table.rest); // "generationConfig"
 * ```
 */
export interface ParameterTable {
  /**
   * IR key → wire path; `null` drops the key (the API has no such field).
   * When two keys name one path and a request sets both, the later key in
   * the request wins, as a repeated key in JSON; two objects there merge,
   * the later one's fields winning.
   */
  readonly names: Readonly<Record<string, string | null>>;
  /** Object path that keys the table does not name pass through into ("" or absent: the top level). */
  readonly rest?: string;
  /** Pass-through keys that go to the top level even when `rest` is set. */
  readonly topLevel?: readonly string[];
  /** A key whose object value is unpacked into `rest` (Ollama's `options`). */
  readonly spread?: string;
  /** IR key → pass-through keys it replaces when set (`maxTokens` → `max_tokens`). */
  readonly supersedes?: Readonly<Record<string, readonly string[]>>;
}

/**
 * Adjusts the AdapterError options for an HTTP error, given the parsed body
 * (e.g. Gemini's invalid key is a 400 that means AUTHENTICATION_FAILED).
 *
 * @example Usage
 * ```ts
 * import type { RefineError } from "@switchyard/switchyard/models/openai";
 * const refine: RefineError = (options) => ({ ...options, message: options.message.toUpperCase() });
 * console.log(refine({ code: "UNKNOWN", message: "x" }, undefined).message); // "X"
 * ```
 */
export type RefineError = (
  options: AdapterErrorOptions,
  body: unknown,
) => AdapterErrorOptions;

/**
 * What the provider translation functions receive besides the IR request.
 *
 * @example Usage
 * ```ts
 * import type { CallContext } from "@switchyard/switchyard/models/openai";
 * const context: CallContext = { model: "gpt-4o-mini", stream: false, parameters: { temperature: 0 } };
 * console.log(context.model); // "gpt-4o-mini"
 * ```
 */
export interface CallContext {
  /** The model: `parameters.model`, else the default, as `modelName` normalised it. */
  readonly model: string;
  /** True for `executeStream`, and for a streamed `relay`. */
  readonly stream: boolean;
  /**
   * True for `relay`: the answer reaches an OpenAI client unchanged, so the
   * call adds nothing the client did not ask for (stream usage chunks).
   */
  readonly relay?: boolean;
  /** The wire parameters the provider's table produced (a fresh object the call may extend). */
  readonly parameters: Record<string, unknown>;
}

/**
 * How a provider serves one non-chat operation (embeddings, responses,
 * completions): where it is sent and, when the provider's API is not
 * OpenAI's for it, how the request and the answer are translated. Without
 * `response` the operation is native: the body (OpenAI's, with the model
 * replaced) is sent as is and the upstream's bytes are relayed.
 *
 * @example Ollama's native embeddings, translated to OpenAI's shape
 * ```ts
 * import type { OperationSpec } from "@switchyard/switchyard/models/openai";
 * const embeddings: OperationSpec = {
 *   path: () => "/api/embed",
 *   request: (body, model) => ({ model, input: body.input }),
 *   response: (json, model) => ({
 *     object: "list",
 *     data: (json as { embeddings: number[][] }).embeddings.map((embedding, index) => ({ object: "embedding", index, embedding })),
 *     model,
 *     usage: { prompt_tokens: 0, total_tokens: 0 },
 *   }),
 * };
 * console.log(embeddings.path("all-minilm", false)); // "/api/embed"
 * ```
 */
export interface OperationSpec {
  /**
   * The path below the base URL.
   *
   * @param model The model the router chose (normalised).
   * @param stream Whether the client asked for a stream.
   * @returns Path and query.
   */
  path(model: string, stream: boolean): string;
  /**
   * The headers sent from the client's (lowercase names), as for a
   * same-wire chat call: Anthropic's `anthropic-beta` on count_tokens,
   * since counting a beta feature's body needs its beta. Absent: none.
   *
   * @param client The client's headers the gateway passed on.
   * @returns The headers to send, or undefined for none.
   */
  clientHeaders?(
    client: Readonly<Record<string, string>>,
  ): Record<string, string> | undefined;
  /**
   * The wire body; absent: OpenAI's body with `model` replaced. Throws
   * INVALID_REQUEST for what the provider cannot take (token arrays).
   *
   * @param body The client's OpenAI-shaped body.
   * @param model The model to send.
   * @returns The provider's body.
   */
  request?(body: Readonly<Record<string, unknown>>, model: string): unknown;
  /**
   * OpenAI's answer from the provider's JSON; absent: native (relayed).
   *
   * @param json The provider's parsed answer.
   * @param model The model sent.
   * @param body The client's OpenAI-shaped body.
   * @returns The answer in OpenAI's shape for the operation.
   */
  response?(
    json: unknown,
    model: string,
    body: Readonly<Record<string, unknown>>,
  ): unknown;
}

/**
 * The operations a provider serves besides chat, each described.
 *
 * @example Usage
 * ```ts
 * import type { OperationTable } from "@switchyard/switchyard/models/openai";
 * const table: OperationTable = { completions: { path: () => "/completions" } };
 * console.log(Object.keys(table)); // ["completions"]
 * ```
 */
export type OperationTable = Readonly<
  Partial<Record<Exclude<OperationName, "chat">, OperationSpec>>
>;

/**
 * One provider, described: everything {@linkcode HttpAdapter} needs to talk
 * to its API. Built once per adapter from the adapter's config.
 *
 * @typeParam E One parsed stream event.
 * @typeParam C The wire call, possibly extended with what the mapping needs again.
 *
 * @example A minimal provider (an echo API)
 * ```ts
 * import { HttpAdapter, type ProviderSpec } from "@switchyard/switchyard/models/openai";
 * const spec: ProviderSpec<string> = {
 *   provider: "echo-api",
 *   baseURL: "https://echo.example",
 *   healthPath: "/health",
 *   defaultModel: "echo-1",
 *   headers: { authorization: "Bearer k-example" },
 *   parameters: { names: {} },
 *   parse: async function* (body) { yield await new Response(body).text(); },
 *   call: (request, context) => ({ path: "/echo", body: { model: context.model, messages: request.messages } }),
 *   response: (json) => ({
 *     message: { role: "assistant", content: String((json as { text: string }).text) },
 *     finishReason: "stop",
 *     metadata: { provider: "echo-api" },
 *   }),
 *   translator: () => ({
 *     event: (text) => [{ type: "content", delta: text }],
 *     end: () => [{ type: "done", finishReason: "stop" }],
 *   }),
 * };
 * const adapter = new HttpAdapter(
 *   { fetch: () => Promise.resolve(Response.json({ text: "hi" })) },
 *   spec,
 * );
 * console.log((await adapter.execute({ messages: [] })).message.content); // "hi"
 * ```
 */
export interface ProviderSpec<E = unknown, C extends WireCall = WireCall> {
  /** Provider id in metadata, errors and price lookup. */
  readonly provider: string;
  /** API root used when the config names none. */
  readonly baseURL: string;
  /** Free GET used by `healthCheck`. */
  readonly healthPath: string;
  /** Model used when a request names none; without one such a request is INVALID_REQUEST. An empty name is refused at construction (INVALID_REQUEST). */
  readonly defaultModel?: string;
  /** Protocol and credential headers on every request; an undefined value is not sent. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** Per-request headers (signing); runs after the body is final. */
  readonly sign?: SignRequest;
  /** How IR parameters are named on the wire. */
  readonly parameters: ParameterTable;
  /** Capabilities beyond streaming, tools, vision and system messages. */
  readonly capabilities?: Partial<AdapterCapabilities>;
  /** True for a server on your own machine: `estimateCost` returns 0. */
  readonly local?: boolean;
  /**
   * True when the wire format is OpenAI Chat Completions: the adapter then
   * has `relay`, whose raw answer an OpenAI client reads unchanged.
   */
  readonly relay?: boolean;
  /**
   * The chat wire the API speaks and its path below the base URL: a chat
   * `invoke` in that wire sends the client's body there as it is, `model`
   * aside (`BackendAdapter.wire`).
   */
  readonly chatWire?: {
    readonly name: ChatWire;
    readonly path: string;
    /**
     * The headers a same-wire call sends from the client's (lowercase
     * names): Anthropic's `anthropic-beta`, merged with the configured
     * betas, since a body field may need its beta.
     */
    readonly clientHeaders?: (
      client: Readonly<Record<string, string>>,
    ) => Record<string, string> | undefined;
  };
  /** Provider-specific adjustment of an HTTP error. */
  readonly refineError?: RefineError;
  /** The operations it serves besides chat (`Router.invoke`). */
  readonly operations?: OperationTable;
  /** Stream framing (SSE, NDJSON). */
  readonly parse: StreamParser<E>;
  /**
   * Normalises a model name (Gemini accepts a leading `models/`).
   *
   * @param model The requested or default model.
   * @returns The name used on the wire and for prices.
   */
  modelName?(model: string): string;
  /**
   * The HTTP call for a request; throws INVALID_REQUEST before anything is sent.
   *
   * @param request The IR request; never mutated.
   * @param context Model, stream flag and wire parameters.
   * @returns Path and body.
   */
  call(request: IRChatRequest, context: CallContext): C;
  /**
   * The IR response from a non-streamed answer.
   *
   * @param json The parsed body.
   * @param request The IR request.
   * @param call The call that produced it.
   * @returns The IR response; throws INVALID_RESPONSE for an undocumented shape.
   */
  response(json: unknown, request: IRChatRequest, call: C): IRChatResponse;
  /**
   * A fresh translator for one stream.
   *
   * @param request The IR request.
   * @param call The call that opened the stream.
   * @returns The translator.
   */
  translator(request: IRChatRequest, call: C): StreamTranslator<E>;
  /**
   * Replaces the price-table estimate (OpenRouter's `vendor/model` names,
   * Anthropic's default `max_tokens`).
   *
   * @param request The IR request.
   * @param model The normalised model.
   * @param prices The config's price overrides.
   * @returns USD, or null when unpriced.
   */
  estimateCost?(
    request: IRChatRequest,
    model: string,
    prices: Readonly<Record<string, ModelPrice>> | undefined,
  ): number | null;
}
