/**
 * The core every HTTP adapter shares: config defaults and metadata, the chat
 * call (HTTP → JSON → IR), the stream pump, the health probe and the price
 * lookup. A provider supplies only a {@linkcode WireProtocol}: its paths,
 * headers and the mapping between IR and its JSON.
 *
 * The adapters hold an `AdapterCore` instead of extending a base class, so
 * their public classes reference no private type (`deno doc --lint`) and keep
 * their own per-provider method docs.
 *
 * @module
 */

import type {
  AdapterCapabilities,
  AdapterMetadata,
  IRChatRequest,
  IRChatResponse,
  IRChatStream,
  IRResponseMetadata,
} from "../types.ts";
import {
  clientOptions,
  type HttpAdapterConfig,
  HttpClient,
  type HttpClientOptions,
  invalidResponse,
  isRecord,
  type StreamTranslator,
} from "./_http.ts";
import type { LineParserOptions } from "./_lines.ts";
import { estimateCostFor } from "./_prices.ts";
import { adapterMetadata } from "../_util.ts";

/** The HTTP request behind one chat call (a provider may add what its mapping needs again). */
export interface WireCall {
  /** Path below the base URL. */
  path: string;
  /** JSON body. */
  body: unknown;
}

/** Splits a response body into stream events (SSE or NDJSON). */
export type StreamParser<E> = (
  body: ReadableStream<Uint8Array>,
  options: LineParserOptions,
) => AsyncGenerator<E, void, undefined>;

/** What a provider adds to the core: where to send, and how IR maps to its wire. */
export interface WireProtocol<E, C extends WireCall = WireCall> {
  /** Provider id in metadata, errors and price lookup. */
  provider: string;
  /** API root used when the config names none. */
  defaultBaseURL: string;
  /** Free GET used by `healthCheck`. */
  healthPath: string;
  /** Model used when a request names none. */
  defaultModel: string | undefined;
  /** Protocol and credential headers; an undefined value is not sent. */
  headers: Readonly<Record<string, string | undefined>>;
  /** Capabilities beyond streaming, tools, vision and system messages. */
  capabilities?: Partial<AdapterCapabilities>;
  /** Provider-specific adjustment of an HTTP error. */
  refineError?: HttpClientOptions["refineError"];
  /** Stream framing. */
  parse: StreamParser<E>;
  /** The HTTP call for a request; throws INVALID_REQUEST before anything is sent. */
  call(request: IRChatRequest, stream: boolean): C;
  /** The IR response from a non-streamed answer. */
  response(
    json: unknown,
    request: IRChatRequest,
    call: C,
  ): IRChatResponse;
  /** A fresh translator for one stream. */
  translator(request: IRChatRequest, call: C): StreamTranslator<E>;
}

/** Runs chat calls, streams, probes and price lookups for one adapter. */
export class AdapterCore<E, C extends WireCall = WireCall> {
  /** Name, provider, capabilities and default model. */
  readonly metadata: AdapterMetadata;
  readonly #client: HttpClient;
  readonly #wire: WireProtocol<E, C>;
  readonly #config: HttpAdapterConfig;

  constructor(config: HttpAdapterConfig, wire: WireProtocol<E, C>) {
    this.#config = config;
    this.#wire = wire;
    const headers = new Headers({ accept: "application/json" });
    for (const [name, value] of Object.entries(wire.headers)) {
      if (value !== undefined) headers.set(name, value);
    }
    const options = clientOptions(
      config,
      wire.provider,
      wire.defaultBaseURL,
      headers,
    );
    if (wire.refineError) options.refineError = wire.refineError;
    this.#client = new HttpClient(options);
    this.metadata = adapterMetadata(
      config.name ?? wire.provider,
      wire.provider,
      wire.defaultModel,
      wire.capabilities,
    );
  }

  /** Sends one chat call and maps the JSON answer. */
  async execute(
    request: IRChatRequest,
    signal: AbortSignal | undefined,
  ): Promise<IRChatResponse> {
    const call = this.#wire.call(request, false);
    const json = await this.#client.json("POST", call.path, call.body, signal);
    return this.#wire.response(json, request, call);
  }

  /**
   * Returns the stream synchronously; the request is built and sent on the
   * first `next()`, so even an invalid request fails there.
   */
  executeStream(
    request: IRChatRequest,
    signal: AbortSignal | undefined,
  ): IRChatStream {
    const client = this.#client;
    const wire = this.#wire;
    return (async function* (): IRChatStream {
      const call = wire.call(request, true);
      yield* client.stream(
        call.path,
        call.body,
        signal,
        wire.parse,
        () => wire.translator(request, call),
      );
    })();
  }

  /** True when the provider's free health path answers 2xx; never throws. */
  healthCheck(signal: AbortSignal | undefined): Promise<boolean> {
    return this.#client.probe(this.#wire.healthPath, signal);
  }

  /** The price-table estimate for `model`, config overrides first. */
  estimateCost(
    request: IRChatRequest,
    model: string | undefined,
  ): Promise<number | null> {
    return Promise.resolve(
      estimateCostFor(request, this.#wire.provider, model, this.#config.prices),
    );
  }
}

/** `Authorization: Bearer <key>`, or no header for an empty key. */
export function bearer(apiKey: string | undefined): string | undefined {
  return apiKey ? `Bearer ${apiKey}` : undefined;
}

/** A stream event's data parsed as a JSON object; INVALID_RESPONSE otherwise. */
export function eventObject(
  provider: string,
  data: string,
): Record<string, unknown> {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw invalidResponse(provider, "stream event is not valid JSON");
  }
  if (!isRecord(json)) {
    throw invalidResponse(provider, "stream event is not a JSON object");
  }
  return json;
}

/** Copies the request's `metadata.requestId` into response metadata. */
export function copyRequestId(
  metadata: IRResponseMetadata,
  request: IRChatRequest,
): void {
  if (request.metadata?.requestId !== undefined) {
    metadata.requestId = request.metadata.requestId;
  }
}

/**
 * Response metadata from a body that names its model in `model` and its id
 * in `id` (OpenAI and Anthropic); the request's model when the body has none.
 */
export function idModelMetadata(
  provider: string,
  request: IRChatRequest,
  json: Record<string, unknown>,
): IRResponseMetadata {
  const metadata: IRResponseMetadata = { provider };
  copyRequestId(metadata, request);
  const model = typeof json.model === "string"
    ? json.model
    : request.parameters?.model;
  if (model !== undefined) metadata.model = model;
  if (typeof json.id === "string") metadata.providerResponseId = json.id;
  return metadata;
}
