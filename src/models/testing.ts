/**
 * Deterministic backend adapters for tests and demos: echo, scripted mock,
 * failing, delayed, flaky and hanging. None of them touches the network;
 * every timer they create is cleared when its call finishes or is aborted.
 *
 * Each factory takes optional `name` and `metadata` overrides, and the
 * returned adapter keeps a `calls` log of every execute, stream and health
 * call it received.
 *
 * @example A backend that fails twice, then recovers
 * ```ts
 * import { createRouter } from "@switchyard/switchyard/models";
 * import { createEchoAdapter, createFlakyAdapter } from "@switchyard/switchyard/models/testing";
 *
 * const flaky = createFlakyAdapter(createEchoAdapter(), { pattern: [true, true, false] });
 * const router = createRouter({ fallbackStrategy: "none" }).register("flaky", flaky);
 * const request = { messages: [{ role: "user" as const, content: "hi" }] };
 * const outcomes: string[] = [];
 * for (let i = 0; i < 3; i++) {
 *   outcomes.push(await router.execute(request).then(() => "ok", (e) => e.code));
 * }
 * console.log(outcomes); // ["PROVIDER_ERROR", "PROVIDER_ERROR", "ok"]
 * ```
 *
 * @module
 */

import { AdapterError, ErrorCode } from "./errors.ts";
import { adapterMetadata } from "./_util.ts";
import type {
  AdapterMetadata,
  BackendAdapter,
  IRChatRequest,
  IRChatResponse,
  IRChatStream,
  IRContentPart,
  IRStreamChunk,
} from "./types.ts";

/**
 * One call received by a testing adapter.
 *
 * @example Usage
 * ```ts
 * import type { AdapterCall } from "@switchyard/switchyard/models/testing";
 * const call: AdapterCall = { kind: "execute", request: { messages: [] } };
 * ```
 */
export interface AdapterCall {
  /** Which method was called. */
  readonly kind: "execute" | "stream" | "healthCheck";
  /** The request, for execute and stream calls. */
  readonly request?: IRChatRequest;
}

/**
 * A BackendAdapter that records its calls.
 *
 * @example Usage
 * ```ts
 * import { createEchoAdapter, type TestAdapter } from "@switchyard/switchyard/models/testing";
 * const adapter: TestAdapter = createEchoAdapter();
 * await adapter.execute({ messages: [{ role: "user", content: "x" }] });
 * console.log(adapter.calls.length); // 1
 * ```
 */
export interface TestAdapter extends BackendAdapter {
  /** Every call received, in order. */
  readonly calls: AdapterCall[];
}

/**
 * Options every testing adapter accepts.
 *
 * @example Usage
 * ```ts
 * import type { TestAdapterOptions } from "@switchyard/switchyard/models/testing";
 * const options: TestAdapterOptions = { name: "fake-gpt", metadata: { defaultModel: "gpt-test", capabilities: { streaming: true, tools: false } } };
 * ```
 */
export interface TestAdapterOptions {
  /** Adapter name in its metadata. */
  readonly name?: string;
  /** Metadata fields to override (capabilities are merged). */
  readonly metadata?: Partial<AdapterMetadata>;
  /** Result of healthCheck (or a function giving it). Default true. */
  readonly healthy?: boolean | (() => boolean | Promise<boolean>);
  /** When set, the adapter implements estimateCost with this value or function. */
  readonly cost?: number | ((request: IRChatRequest) => number | null);
}

/**
 * Waits `ms` milliseconds or until the signal aborts.
 *
 * @example Usage
 * ```ts
 * import type { Sleep } from "@switchyard/switchyard/models/testing";
 * const instant: Sleep = () => Promise.resolve();
 * ```
 */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/**
 * The default {@linkcode Sleep}: a timer that is cleared on abort, rejecting
 * with an `ABORTED` AdapterError.
 *
 * @param ms Milliseconds to wait.
 * @param signal Aborts the wait.
 * @returns Resolves after `ms`.
 *
 * @example Usage
 * ```ts
 * import { sleep } from "@switchyard/switchyard/models/testing";
 * await sleep(1);
 * ```
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortError(signal));
  return new Promise<void>((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * The injected sleep, or the default timer when none is given (`null` too);
 * anything else that cannot be called is refused where the adapter is made,
 * not met as a TypeError inside its first call.
 */
function sleepOf(given: Sleep | undefined, owner: string): Sleep {
  if (given === undefined || given === null) return sleep;
  if (typeof given !== "function") {
    throw new AdapterError({
      code: ErrorCode.INVALID_REQUEST,
      message: `${owner}: sleep must be a function`,
    });
  }
  return given;
}

function abortError(signal: AbortSignal | undefined): AdapterError {
  return new AdapterError({
    code: ErrorCode.ABORTED,
    message: "Aborted",
    cause: signal?.reason,
  });
}

function buildMetadata(
  options: TestAdapterOptions | undefined,
  base: AdapterMetadata,
): AdapterMetadata {
  const override = options?.metadata ?? {};
  return {
    ...base,
    ...override,
    name: options?.name ?? override.name ?? base.name,
    capabilities: { ...base.capabilities, ...override.capabilities },
  };
}

/** Wrappers keep the inner adapter's optional healthCheck and estimateCost. */
function forwardOptional(adapter: TestAdapter, inner: BackendAdapter): void {
  if (inner.healthCheck) {
    adapter.healthCheck = (signal?: AbortSignal) => inner.healthCheck!(signal);
  }
  if (inner.estimateCost) {
    adapter.estimateCost = (request: IRChatRequest) =>
      inner.estimateCost!(request);
  }
}

/** The calls a testing adapter answers, before logging is added. */
type Behaviour = Pick<
  BackendAdapter,
  "execute" | "executeStream" | "healthCheck"
>;

/** A TestAdapter that records each call in `calls`, then runs `behaviour`. */
function loggedAdapter(
  metadata: AdapterMetadata,
  behaviour: Behaviour,
): TestAdapter {
  const calls: AdapterCall[] = [];
  const adapter: TestAdapter = {
    metadata,
    calls,
    execute(
      request: IRChatRequest,
      signal?: AbortSignal,
    ): Promise<IRChatResponse> {
      calls.push({ kind: "execute", request });
      return behaviour.execute(request, signal);
    },
    async *executeStream(
      request: IRChatRequest,
      signal?: AbortSignal,
    ): IRChatStream {
      calls.push({ kind: "stream", request });
      yield* behaviour.executeStream(request, signal);
    },
  };
  const healthCheck = behaviour.healthCheck;
  if (healthCheck !== undefined) {
    adapter.healthCheck = (signal?: AbortSignal): Promise<boolean> => {
      calls.push({ kind: "healthCheck" });
      return healthCheck.call(behaviour, signal);
    };
  }
  return adapter;
}

/**
 * What a scripted failure throws: `options.error` when the key is present
 * (even `undefined`), else a fresh PROVIDER_ERROR AdapterError.
 */
function failureOf(
  options: { readonly error?: unknown },
  message: string,
): () => unknown {
  const hasError = Object.prototype.hasOwnProperty.call(options, "error");
  return () =>
    hasError ? options.error : new AdapterError({
      code: ErrorCode.PROVIDER_ERROR,
      message,
      provider: "testing",
    });
}

/**
 * Runs before a wrapped call reaches the inner adapter: returns a promise to
 * wait for, or undefined to go straight on; a throw fails the call.
 */
type Gate = (signal?: AbortSignal) => Promise<void> | undefined;

/** An adapter that logs each call, passes `gate`, then delegates to `inner`. */
function wrapAdapter(
  inner: BackendAdapter,
  options: TestAdapterOptions,
  gate: Gate,
): TestAdapter {
  const adapter = loggedAdapter(buildMetadata(options, inner.metadata), {
    execute(
      request: IRChatRequest,
      signal?: AbortSignal,
    ): Promise<IRChatResponse> {
      let wait: Promise<void> | undefined;
      try {
        wait = gate(signal);
      } catch (error) {
        return Promise.reject(error);
      }
      return wait === undefined
        ? inner.execute(request, signal)
        : wait.then(() => inner.execute(request, signal));
    },
    async *executeStream(
      request: IRChatRequest,
      signal?: AbortSignal,
    ): IRChatStream {
      const wait = gate(signal);
      if (wait !== undefined) await wait;
      yield* inner.executeStream(request, signal);
    },
  });
  forwardOptional(adapter, inner);
  return withExtras(adapter, options);
}

function withExtras(
  adapter: TestAdapter,
  options: TestAdapterOptions | undefined,
): TestAdapter {
  const healthy = options?.healthy;
  if (healthy !== undefined) {
    adapter.healthCheck = (_signal?: AbortSignal) => {
      adapter.calls.push({ kind: "healthCheck" });
      return Promise.resolve(
        typeof healthy === "function" ? healthy() : healthy,
      );
    };
  }
  const cost = options?.cost;
  if (cost !== undefined) {
    adapter.estimateCost = (request: IRChatRequest) =>
      Promise.resolve(typeof cost === "function" ? cost(request) : cost);
  }
  return adapter;
}

function textOf(content: string | IRContentPart[]): string {
  if (typeof content === "string") return content;
  return content.map((part) => (part.type === "text" ? part.text : "")).join(
    "",
  );
}

/** The text of the last user message of a request ("" when none). */
function lastUserText(request: IRChatRequest): string {
  const messages = request.messages ?? [];
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i].role === "user") return textOf(messages[i].content);
  }
  return "";
}

function responseOf(
  text: string,
  request: IRChatRequest,
  provider: string,
  model: string,
): IRChatResponse {
  const metadata: IRChatResponse["metadata"] = { provider, model };
  if (request.metadata?.requestId !== undefined) {
    metadata.requestId = request.metadata.requestId;
  }
  return {
    message: { role: "assistant", content: text },
    finishReason: "stop",
    metadata,
  };
}

/** The pieces a response streams as: words (each keeping its space) or one. */
function* piecesOf(text: string, words: boolean): Generator<string> {
  if (!words) {
    if (text !== "") yield text;
    return;
  }
  for (let start = 0; start < text.length;) {
    const space = text.indexOf(" ", start);
    const end = space === -1 ? text.length : space + 1;
    yield text.slice(start, end);
    start = end;
  }
}

// Lazy: each chunk is made when the consumer asks for it, so a stream nobody
// reads holds the response text and nothing more (a 4 MiB echo split into
// words up front held over 100 MiB of chunk objects per stream).
function* streamOf(
  response: IRChatResponse,
  words: boolean,
): Generator<IRStreamChunk> {
  let sequence = 0;
  yield {
    type: "start",
    sequence: sequence++,
    metadata: { ...response.metadata },
  };
  for (const delta of piecesOf(textOf(response.message.content), words)) {
    yield { type: "content", sequence: sequence++, delta };
  }
  yield {
    type: "done",
    sequence: sequence++,
    finishReason: response.finishReason,
    message: response.message,
    ...(response.usage ? { usage: response.usage } : {}),
  };
}

/**
 * An adapter that answers with the text of the last user message, and
 * streams it word by word (`start`, one `content` chunk per word, `done`).
 * Chunks are made one at a time as the stream is read, never up front.
 *
 * @param options Name, metadata, health and cost overrides.
 * @returns The adapter.
 *
 * @example Usage
 * ```ts
 * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
 * const echo = createEchoAdapter();
 * const response = await echo.execute({ messages: [{ role: "user", content: "hello world" }] });
 * console.log(response.message.content); // "hello world"
 * ```
 */
export function createEchoAdapter(options?: TestAdapterOptions): TestAdapter {
  const metadata = buildMetadata(
    options,
    adapterMetadata("echo", "testing", "echo", undefined),
  );
  const adapter = loggedAdapter(metadata, {
    execute(
      request: IRChatRequest,
      signal?: AbortSignal,
    ): Promise<IRChatResponse> {
      if (signal?.aborted) return Promise.reject(abortError(signal));
      return Promise.resolve(
        responseOf(
          lastUserText(request),
          request,
          metadata.provider,
          String(request.parameters?.model ?? "echo"),
        ),
      );
    },
    async *executeStream(
      request: IRChatRequest,
      signal?: AbortSignal,
    ): IRChatStream {
      const response = responseOf(
        lastUserText(request),
        request,
        metadata.provider,
        "echo",
      );
      for (const chunk of streamOf(response, true)) {
        if (signal?.aborted) throw abortError(signal);
        yield chunk;
      }
    },
  });
  return withExtras(adapter, options);
}

/**
 * A scripted response: a response, an error to throw, or a function of the
 * request and the 0-based call index.
 *
 * @example Usage
 * ```ts
 * import type { MockResponse } from "@switchyard/switchyard/models/testing";
 * const scripted: MockResponse = (_request, index) => ({
 *   message: { role: "assistant", content: `call ${index}` }, finishReason: "stop", metadata: {},
 * });
 * ```
 */
export type MockResponse =
  | IRChatResponse
  | Error
  | ((
    request: IRChatRequest,
    index: number,
  ) => IRChatResponse | Promise<IRChatResponse>);

/**
 * Options of {@linkcode createMockAdapter}.
 *
 * @example Usage
 * ```ts
 * import type { MockAdapterOptions } from "@switchyard/switchyard/models/testing";
 * const options: MockAdapterOptions = { latencyMs: 5, sleep: () => Promise.resolve() };
 * ```
 */
export interface MockAdapterOptions extends TestAdapterOptions {
  /** Responses used in turn (cycling); an Error entry is thrown. Default one "mock response". */
  readonly responses?: readonly MockResponse[] | MockResponse;
  /**
   * Stream chunks (or a function giving them, e.g. a generator, read one
   * chunk at a time); default derived from the response.
   */
  readonly chunks?:
    | Iterable<IRStreamChunk>
    | ((request: IRChatRequest, index: number) => Iterable<IRStreamChunk>);
  /** Delay before answering (and before each stream chunk). Default 0. */
  readonly latencyMs?: number;
  /**
   * How to wait `latencyMs`; default a real timer cleared on abort. A value
   * that is not a function is refused (`INVALID_REQUEST`).
   */
  readonly sleep?: Sleep;
}

/**
 * An adapter with scripted responses and stream chunks.
 *
 * @param options Script, latency, name and metadata.
 * @returns The adapter.
 *
 * @example Scripted answers in turn
 * ```ts
 * import { createMockAdapter } from "@switchyard/switchyard/models/testing";
 * const reply = (text: string) => ({ message: { role: "assistant" as const, content: text }, finishReason: "stop" as const, metadata: {} });
 * const mock = createMockAdapter({ responses: [reply("one"), reply("two")] });
 * const request = { messages: [] };
 * console.log((await mock.execute(request)).message.content, (await mock.execute(request)).message.content); // "one" "two"
 * ```
 */
export function createMockAdapter(
  options: MockAdapterOptions = {},
): TestAdapter {
  const metadata = buildMetadata(
    options,
    adapterMetadata("mock", "testing", "mock", undefined),
  );
  const script: readonly MockResponse[] = options.responses === undefined
    ? [
      (request: IRChatRequest) =>
        responseOf("mock response", request, metadata.provider, "mock"),
    ]
    : Array.isArray(options.responses)
    ? options.responses as readonly MockResponse[]
    : [options.responses as MockResponse];
  const wait = sleepOf(options.sleep, "createMockAdapter");
  const latency = options.latencyMs ?? 0;
  let executeIndex = 0;
  let streamIndex = 0;
  const respond = async (
    request: IRChatRequest,
    index: number,
  ): Promise<IRChatResponse> => {
    if (script.length === 0) {
      throw new AdapterError({
        code: ErrorCode.PROVIDER_ERROR,
        message: "Empty mock script",
      });
    }
    const entry = script[index % script.length];
    if (entry instanceof Error) throw entry;
    return typeof entry === "function" ? await entry(request, index) : entry;
  };
  const adapter = loggedAdapter(metadata, {
    async execute(
      request: IRChatRequest,
      signal?: AbortSignal,
    ): Promise<IRChatResponse> {
      const index = executeIndex++;
      if (latency > 0) await wait(latency, signal);
      if (signal?.aborted) throw abortError(signal);
      return await respond(request, index);
    },
    async *executeStream(
      request: IRChatRequest,
      signal?: AbortSignal,
    ): IRChatStream {
      const index = streamIndex++;
      const chunks = typeof options.chunks === "function"
        ? options.chunks(request, index)
        : options.chunks ?? streamOf(await respond(request, index), false);
      for (const chunk of chunks) {
        if (latency > 0) await wait(latency, signal);
        if (signal?.aborted) throw abortError(signal);
        yield chunk;
      }
    },
  });
  return withExtras(adapter, options);
}

/**
 * Options of {@linkcode createFailingAdapter}.
 *
 * @example Usage
 * ```ts
 * import type { FailingAdapterOptions } from "@switchyard/switchyard/models/testing";
 * const options: FailingAdapterOptions = { error: { status: 500 }, failAfterChunks: 2 };
 * ```
 */
export interface FailingAdapterOptions extends TestAdapterOptions {
  /** What to throw; any value, plain objects included. Default a PROVIDER_ERROR AdapterError. */
  readonly error?: unknown;
  /** Streams only: content chunks to send before failing. Default 0. */
  readonly failAfterChunks?: number;
  /** Streams only: fail by yielding an `error` chunk instead of throwing. */
  readonly errorChunk?: boolean;
}

/**
 * An adapter whose execute always rejects and whose stream fails (after
 * `failAfterChunks` content chunks), by throwing or by an `error` chunk.
 *
 * @param options The error and the failure point.
 * @returns The adapter.
 *
 * @example Usage
 * ```ts
 * import { createFailingAdapter } from "@switchyard/switchyard/models/testing";
 * const failing = createFailingAdapter();
 * const code = await failing.execute({ messages: [] }).catch((e) => e.code);
 * console.log(code); // "PROVIDER_ERROR"
 * ```
 */
export function createFailingAdapter(
  options: FailingAdapterOptions = {},
): TestAdapter {
  const metadata = buildMetadata(
    options,
    adapterMetadata("failing", "testing", undefined, undefined),
  );
  const failure = failureOf(options, "Scripted failure");
  const adapter = loggedAdapter(metadata, {
    execute(): Promise<IRChatResponse> {
      return Promise.reject(failure());
    },
    async *executeStream(): IRChatStream {
      let sequence = 0;
      const before = options.failAfterChunks ?? 0;
      if (before > 0) {
        yield {
          type: "start",
          sequence: sequence++,
          metadata: { provider: "testing" },
        };
      }
      for (let i = 0; i < before; i++) {
        yield { type: "content", sequence: sequence++, delta: `part${i} ` };
      }
      if (options.errorChunk) {
        const error = failure();
        const code = error instanceof AdapterError
          ? error.code
          : ErrorCode.PROVIDER_ERROR;
        const message = error instanceof Error
          ? error.message
          : "Scripted failure";
        yield { type: "error", sequence: sequence++, error: { code, message } };
        return;
      }
      throw failure();
    },
  });
  return withExtras(adapter, options);
}

/**
 * Wraps an adapter so every call first waits `delayMs` (streams: before the
 * first chunk). The wait honours the abort signal and clears its timer.
 *
 * @param inner The adapter to delay.
 * @param delayMs Milliseconds to wait.
 * @param options Name/metadata overrides and an injectable sleep (a value
 *   that is not a function is refused with `INVALID_REQUEST`).
 * @returns The adapter.
 *
 * @example Usage
 * ```ts
 * import { createDelayedAdapter, createEchoAdapter } from "@switchyard/switchyard/models/testing";
 * const slow = createDelayedAdapter(createEchoAdapter(), 5);
 * const response = await slow.execute({ messages: [{ role: "user", content: "late" }] });
 * console.log(response.message.content); // "late"
 * ```
 */
export function createDelayedAdapter(
  inner: BackendAdapter,
  delayMs: number,
  options: TestAdapterOptions & { readonly sleep?: Sleep } = {},
): TestAdapter {
  const wait = sleepOf(options.sleep, "createDelayedAdapter");
  return wrapAdapter(inner, options, (signal) => wait(delayMs, signal));
}

/**
 * Options of {@linkcode createFlakyAdapter}.
 *
 * @example Usage
 * ```ts
 * import type { FlakyAdapterOptions } from "@switchyard/switchyard/models/testing";
 * const everyThird: FlakyAdapterOptions = { failEvery: 3 };
 * ```
 */
export interface FlakyAdapterOptions extends TestAdapterOptions {
  /** Fail calls number n, 2n, 3n… (1-based). */
  readonly failEvery?: number;
  /** Per call (cycling): true = fail. Takes precedence over failEvery. */
  readonly pattern?: readonly boolean[];
  /** What a failing call throws. Default a PROVIDER_ERROR AdapterError. */
  readonly error?: unknown;
}

/**
 * Wraps an adapter so some calls fail, by a cycling pattern or every n-th
 * call. Execute and stream calls share one counter.
 *
 * @param inner The adapter to wrap.
 * @param options The failure pattern.
 * @returns The adapter.
 *
 * @example Usage
 * ```ts
 * import { createEchoAdapter, createFlakyAdapter } from "@switchyard/switchyard/models/testing";
 * const flaky = createFlakyAdapter(createEchoAdapter(), { failEvery: 2 });
 * const request = { messages: [{ role: "user" as const, content: "x" }] };
 * const first = await flaky.execute(request).then(() => "ok", () => "failed");
 * const second = await flaky.execute(request).then(() => "ok", () => "failed");
 * console.log(first, second); // "ok" "failed"
 * ```
 */
export function createFlakyAdapter(
  inner: BackendAdapter,
  options: FlakyAdapterOptions = {},
): TestAdapter {
  let count = 0;
  const shouldFail = (): boolean => {
    const n = count++;
    if (options.pattern !== undefined && options.pattern.length > 0) {
      return options.pattern[n % options.pattern.length];
    }
    return options.failEvery !== undefined && options.failEvery > 0 &&
      (n + 1) % options.failEvery === 0;
  };
  const failure = failureOf(options, "Flaky failure");
  return wrapAdapter(inner, options, () => {
    if (shouldFail()) throw failure();
    return undefined;
  });
}

/**
 * Options of {@linkcode createHangingAdapter}.
 *
 * @example Usage
 * ```ts
 * import type { HangingAdapterOptions } from "@switchyard/switchyard/models/testing";
 * const deaf: HangingAdapterOptions = { ignoreAbort: true };
 * ```
 */
export interface HangingAdapterOptions extends TestAdapterOptions {
  /** Never settle, even when the signal aborts. Default false. */
  readonly ignoreAbort?: boolean;
}

/**
 * An adapter whose execute, stream and healthCheck never answer; they reject
 * with `ABORTED` when their signal aborts, unless `ignoreAbort` is set. It
 * creates no timer, so a forgotten call keeps nothing alive.
 *
 * @param options Whether to ignore aborts, plus name/metadata overrides.
 * @returns The adapter.
 *
 * @example Usage
 * ```ts
 * import { createHangingAdapter } from "@switchyard/switchyard/models/testing";
 * const hanging = createHangingAdapter();
 * const controller = new AbortController();
 * const pending = hanging.execute({ messages: [] }, controller.signal);
 * controller.abort();
 * console.log(await pending.catch((e) => e.code)); // "ABORTED"
 * ```
 */
export function createHangingAdapter(
  options: HangingAdapterOptions = {},
): TestAdapter {
  const hang = <T>(signal?: AbortSignal): Promise<T> =>
    new Promise<T>((_, reject) => {
      if (options.ignoreAbort || signal === undefined) return;
      if (signal.aborted) reject(abortError(signal));
      else {signal.addEventListener("abort", () => reject(abortError(signal)), {
          once: true,
        });}
    });
  const adapter = loggedAdapter(
    buildMetadata(
      options,
      adapterMetadata("hanging", "testing", undefined, undefined),
    ),
    {
      execute(
        _request: IRChatRequest,
        signal?: AbortSignal,
      ): Promise<IRChatResponse> {
        return hang(signal);
      },
      async *executeStream(
        _request: IRChatRequest,
        signal?: AbortSignal,
      ): IRChatStream {
        yield await hang<IRStreamChunk>(signal);
      },
      healthCheck(signal?: AbortSignal): Promise<boolean> {
        return hang(signal);
      },
    },
  );
  return withExtras(adapter, options);
}
