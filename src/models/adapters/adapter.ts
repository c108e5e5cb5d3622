/**
 * The one HTTP adapter: it runs any {@linkcode ProviderSpec}. Each provider
 * entry point (`./models/openai`, `./models/anthropic`, …) is a description
 * plus a thin subclass that keeps its documented name and config.
 *
 * @module
 */

import type {
  AdapterMetadata,
  BackendAdapter,
  CallOptions,
  ChatSource,
  ChatWire,
  IRChatRequest,
  IRChatResponse,
  IRChatStream,
  OperationRequest,
} from "../types.ts";
import type { OperationName, OperationSupport } from "../operations.ts";
import {
  clientOptions,
  type HttpAdapterConfig,
  HttpClient,
  invalidRequest,
} from "./_http.ts";
import { keepingEvents } from "./_upstream_events.ts";
import { applyParameters } from "./_parameters.ts";
import { badPrice, estimateCostFor } from "./_prices.ts";
import type {
  CallContext,
  ProviderSpec,
  StreamTranslator,
  WireCall,
} from "./provider.ts";
import { adapterMetadata } from "../_util.ts";
import { AdapterError, ErrorCode } from "../errors.ts";

/**
 * A BackendAdapter for any provider described by a {@linkcode ProviderSpec}:
 * chat calls, streams (numbered chunks; a failure before the first chunk is
 * thrown, later ones end the stream with an `error` chunk), a free health
 * probe and price estimates.
 *
 * @typeParam E One parsed stream event of the provider.
 * @typeParam C The provider's wire call.
 *
 * @example Describe a provider and call it
 * ```ts
 * import { HttpAdapter } from "@switchyard/switchyard/models/openai";
 * const adapter = new HttpAdapter(
 *   { apiKey: "k-example", fetch: () => Promise.resolve(Response.json({ text: "pong" })) },
 *   {
 *     provider: "ping-api",
 *     baseURL: "https://ping.example/v1",
 *     healthPath: "/health",
 *     defaultModel: "ping-1",
 *     headers: { authorization: "Bearer k-example" },
 *     parameters: { names: { maxTokens: "max_tokens" } },
 *     parse: async function* (body) { yield await new Response(body).text(); },
 *     call: (request, { model, parameters }) => ({
 *       path: "/ping",
 *       body: { ...parameters, model, messages: request.messages },
 *     }),
 *     response: (json) => ({
 *       message: { role: "assistant", content: (json as { text: string }).text },
 *       finishReason: "stop",
 *       metadata: { provider: "ping-api" },
 *     }),
 *     translator: () => ({
 *       event: (text) => [{ type: "content", delta: text }],
 *       end: () => [{ type: "done", finishReason: "stop" }],
 *     }),
 *   },
 * );
 * const response = await adapter.execute({ messages: [{ role: "user", content: "ping" }] });
 * console.log(adapter.metadata.provider, response.message.content); // "ping-api" "pong"
 * ```
 */
export class HttpAdapter<E = unknown, C extends WireCall = WireCall>
  implements BackendAdapter {
  /** Name, provider, capabilities and default model. */
  readonly metadata: AdapterMetadata;
  readonly #client: HttpClient;
  readonly #spec: ProviderSpec<E, C>;
  readonly #config: HttpAdapterConfig;
  /**
   * The provider's raw answer after a 2xx head (see `BackendAdapter.relay`);
   * present only when the spec's wire format is OpenAI's (`spec.relay`).
   */
  readonly relay?: (
    request: IRChatRequest,
    signal?: AbortSignal,
  ) => Promise<Response>;
  /** The chat wire the upstream speaks (`spec.chatWire`), if any. */
  readonly wire?: ChatWire;
  /** The operations besides chat the spec describes, and how each is served. */
  readonly operations?: Readonly<
    Partial<Record<Exclude<OperationName, "chat">, OperationSupport>>
  >;

  /**
   * Creates the adapter; nothing is sent until a call.
   *
   * @param config Credential, base URL override, timeout, fetch and prices.
   * @param spec The provider's description.
   */
  constructor(config: HttpAdapterConfig, spec: ProviderSpec<E, C>) {
    this.#config = config;
    this.#spec = spec;
    // A provider id names every error and answer of the adapter (its stream
    // parsers' included): an empty one would put them on no one.
    if (typeof spec.provider !== "string" || spec.provider === "") {
      throw new AdapterError({
        code: ErrorCode.INVALID_REQUEST,
        message:
          "HttpAdapter: the provider description's provider must be a non-empty id",
      });
    }
    // "" is a mistake, not a model: sent as is, every call would fail at the
    // provider; read as unset, OpenAI's own default would be used silently.
    // The gateway's config refuses it too.
    if (spec.defaultModel === "") {
      throw invalidRequest(
        spec.provider,
        "defaultModel must be a non-empty model name (leave it unset for none)",
      );
    }
    // An empty name is a mistake too: the adapter's errors would name no
    // one (" does not serve embeddings"), and the gateway's config refuses it.
    if (config.name === "") {
      throw invalidRequest(
        spec.provider,
        "name must be a non-empty string (leave it unset for the provider's name)",
      );
    }
    // As createGateway checks its own: a NaN or negative price would make
    // estimateCost's answer NaN or negative, and a budget built on it void.
    const wrongPrice = config.prices === undefined
      ? undefined
      : badPrice(config.prices);
    if (wrongPrice !== undefined) {
      throw invalidRequest(
        spec.provider,
        `prices${wrongPrice} must be ${
          wrongPrice === "" ? "an object" : "a finite number ≥ 0"
        } (US dollars per million tokens)`,
      );
    }
    const headers = new Headers({ accept: "application/json" });
    for (const [name, value] of Object.entries(spec.headers)) {
      if (value !== undefined) headers.set(name, value);
    }
    const options = clientOptions(
      config,
      spec.provider,
      spec.baseURL,
      headers,
    );
    if (spec.refineError) options.refineError = spec.refineError;
    if (spec.sign) options.sign = spec.sign;
    this.#client = new HttpClient(options);
    this.metadata = adapterMetadata(
      config.name ?? spec.provider,
      spec.provider,
      spec.defaultModel,
      spec.capabilities,
    );
    if (spec.operations !== undefined) {
      const served: Partial<Record<string, OperationSupport>> = {};
      for (const [name, op] of Object.entries(spec.operations)) {
        if (op) served[name] = op.response ? "translated" : "native";
      }
      this.operations = served;
    }
    if (spec.chatWire !== undefined) this.wire = spec.chatWire.name;
    if (spec.relay) {
      this.relay = (request, signal) => {
        let call: C;
        try {
          call = this.#call(request, request.stream === true, true);
        } catch (error) {
          return Promise.reject(error);
        }
        return this.#client.relay(call.path, call.body, signal);
      };
    }
  }

  /**
   * Sends one chat call and waits for the whole answer.
   *
   * @param request The IR request; never mutated.
   * @param signal Aborts the call (AdapterError ABORTED).
   * @param options `source`, the client's own request: sent as is
   *   (`model` aside) when its wire is the provider's, else `request` is
   *   translated and its `lost` fields reported dropped.
   * @returns The IR response.
   */
  async execute(
    request: IRChatRequest,
    signal?: AbortSignal,
    options?: CallOptions,
  ): Promise<IRChatResponse> {
    const call = this.#call(request, false, false, options?.source);
    const json = await this.#client.json(
      "POST",
      call.path,
      call.body,
      signal,
      call.headers,
    );
    const response = this.#spec.response(json, request, call);
    if (call.dropped !== undefined) {
      response.metadata.dropped = [...call.dropped];
    }
    if (call.sourced === true) response.upstreamBody = json;
    return response;
  }

  /**
   * Streams a chat call; the generator is returned synchronously and the
   * request is built and sent on the first `next()`, so even an invalid
   * request fails there.
   *
   * @param request The IR request; never mutated.
   * @param signal Aborts the stream and closes the connection.
   * @param options `source`, as for `execute`.
   * @returns start, content / tool_use, metadata and done (or error) chunks.
   */
  executeStream(
    request: IRChatRequest,
    signal?: AbortSignal,
    options?: CallOptions,
  ): IRChatStream {
    const source = options?.source;
    // The client's generator itself, not one wrapped in another: a layer of
    // async generator costs every chunk a promise round trip. `#call` runs at
    // the first `next()`, as before.
    const spec = this.#spec;
    return this.#client.stream(
      () => this.#call(request, true, false, source),
      signal,
      spec.parse,
      (call) =>
        call.sourced === true
          ? keepingEvents(spec.translator(request, call))
          : reportingDrops(spec.translator(request, call), call.dropped),
    );
  }

  /**
   * Runs one non-chat operation the spec describes (`Router.invoke`): a
   * native one relays the upstream's answer, a translated one answers with
   * the translation in OpenAI's shape. `signal` keeps bounding the body
   * after the head.
   *
   * @param request The operation, its OpenAI-shaped body and the model.
   * @param signal Aborts the call and the body's reading.
   * @returns The 2xx answer; rejects INVALID_REQUEST for an operation the
   *   provider does not serve, else like `execute`.
   */
  operate(
    request: OperationRequest,
    signal?: AbortSignal,
  ): Promise<Response> {
    // Chat goes straight to its relay: one async frame a call fewer. What
    // fails here rejects, as it did when this was an async function.
    try {
      return request.operation === "chat"
        ? this.#sameWire(request, signal)
        : this.#operation(request, signal);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** A non-chat operation (operate). */
  async #operation(
    request: OperationRequest,
    signal: AbortSignal | undefined,
  ): Promise<Response> {
    const spec = this.#spec;
    const operation = request.operation;
    if (operation === "chat") return await this.#sameWire(request, signal);
    // Own keys only: an untyped caller's `constructor` or `__proto__` would
    // otherwise find an Object.prototype member and fail on `op.path` with a
    // TypeError instead of this refusal.
    const operations = spec.operations;
    const op = operations !== undefined && Object.hasOwn(operations, operation)
      ? operations[operation]
      : undefined;
    if (op === undefined) {
      throw invalidRequest(
        spec.provider,
        `${this.metadata.name} does not serve ${operation}`,
      );
    }
    const model = request.model === undefined
      ? this.#model({ messages: [] })
      : this.#spec.modelName?.(request.model) ?? request.model;
    if (model === undefined) {
      throw invalidRequest(spec.provider, "no model: name one in the request");
    }
    const path = op.path(model, request.stream === true);
    const body = op.request
      ? op.request(request.body, model)
      : { ...request.body, model };
    if (op.response === undefined) {
      const headers = request.headers === undefined
        ? undefined
        : op.clientHeaders?.(request.headers);
      return await this.#client.relay(path, body, signal, headers);
    }
    const json = await this.#client.json("POST", path, body, signal);
    return Response.json(op.response(json, model, request.body));
  }

  /**
   * A chat call in the upstream's own wire: the client's body as it is, its
   * `model` replaced by the routed one, and the answer relayed.
   */
  #sameWire(
    request: OperationRequest,
    signal: AbortSignal | undefined,
  ): Promise<Response> {
    // Not async: the relay's own promise is the answer. What fails before
    // it throws here, and operate() (the caller) turns it into a rejection.
    const spec = this.#spec;
    const wire = spec.chatWire;
    if (wire === undefined || wire.name !== (request.wire ?? "openai")) {
      throw invalidRequest(
        spec.provider,
        `${this.metadata.name} does not speak the ${
          request.wire ?? "openai"
        } chat wire`,
      );
    }
    const model = this.#modelNamed(request.model);
    if (model === undefined) {
      throw invalidRequest(spec.provider, "no model: name one in the request");
    }
    const headers = request.headers === undefined
      ? undefined
      : wire.clientHeaders?.(request.headers);
    return this.#client.relay(
      wire.path,
      { ...request.body, model },
      signal,
      headers,
    );
  }

  /**
   * GETs the provider's free health path (a model list).
   *
   * @param signal Aborts the probe.
   * @returns True when the API answered 2xx; never throws.
   */
  healthCheck(signal?: AbortSignal): Promise<boolean> {
    return this.#client.probe(this.#spec.healthPath, signal);
  }

  /**
   * Rough cost of a request in USD from the price table (config `prices`
   * first); 0 for a local server.
   *
   * @param request The IR request.
   * @returns The estimate, or null for an unpriced model.
   */
  estimateCost(request: IRChatRequest): Promise<number | null> {
    const spec = this.#spec;
    if (spec.local) return Promise.resolve(0);
    const model = this.#model(request);
    if (model === undefined) return Promise.resolve(null);
    const prices = this.#config.prices;
    return Promise.resolve(
      spec.estimateCost
        ? spec.estimateCost(request, model, prices)
        : estimateCostFor(request, spec.provider, model, prices),
    );
  }

  #model(request: IRChatRequest): string | undefined {
    return this.#modelNamed(request.parameters?.model);
  }

  /** The upstream's name of `named` (else the default model), if any. */
  #modelNamed(named: string | undefined): string | undefined {
    const model = named ?? this.#spec.defaultModel;
    if (model === undefined || this.#spec.modelName === undefined) return model;
    return this.#spec.modelName(model);
  }

  #call(
    request: IRChatRequest,
    stream: boolean,
    relay = false,
    source?: ChatSource,
  ): C {
    const spec = this.#spec;
    const model = this.#model(request);
    if (model === undefined) {
      throw invalidRequest(
        spec.provider,
        "no model: set parameters.model or defaultModel",
      );
    }
    const wire = spec.chatWire;
    if (source !== undefined && source.wire === wire?.name) {
      // The client's own body: nothing to translate, nothing dropped, and
      // nothing added (not even a usage request), since the upstream's
      // answer goes back to the client as it came (`upstreamBody`,
      // `upstreamEvents`).
      const body: Record<string, unknown> = { ...source.body, model };
      const headers = source.headers === undefined
        ? undefined
        : wire.clientHeaders?.(source.headers);
      return (headers === undefined
        ? { path: wire.path, body, sourced: true }
        : { path: wire.path, body, headers, sourced: true }) as C;
    }
    const context: CallContext = {
      model,
      stream,
      parameters: applyParameters(request.parameters, spec.parameters),
      ...(relay ? { relay: true } : {}),
    };
    const call = spec.call(request, context);
    const lost = source?.lost;
    if (lost === undefined || lost.length === 0) return call;
    return { ...call, dropped: [...lost, ...(call.dropped ?? [])] };
  }
}

/**
 * The translator, its `start` chunk naming the request's dropped fields;
 * itself when none were dropped (no cost per event).
 */
function reportingDrops<E>(
  translator: StreamTranslator<E>,
  dropped: readonly string[] | undefined,
): StreamTranslator<E> {
  if (dropped === undefined) return translator;
  let pending = true;
  return {
    event(event) {
      const chunks = translator.event(event);
      if (pending) {
        for (const chunk of chunks) {
          if (chunk.type !== "start") continue;
          chunk.metadata = { ...chunk.metadata, dropped: [...dropped] };
          pending = false;
        }
      }
      return chunks;
    },
    end: () => translator.end(),
  };
}
