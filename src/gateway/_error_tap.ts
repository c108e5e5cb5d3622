// Each backend's stream error, kept for the gateway: the model router reports
// a failed stream as one `error` chunk holding only a code and a message, so
// the upstream status, its error body and Retry-After would be lost and a
// streamed 404 or 429 would become a 502. Adapters wrapped here record what
// they throw under the request's `metadata.requestId`, for ids the gateway is
// watching (so nothing accumulates for other callers of the router).
//
// The tap also knows which backend raised an error: the router rethrows a
// client error (400, 422 …) as the adapter raised it, which names the
// provider, not the backend the operator registered, so the gateway's
// metrics and log line would say `none`. Keyed weakly by the error object
// itself, so nothing is kept once the request is done with it.
import { AdapterError } from "../models/errors.ts";
import type {
  BackendAdapter,
  IRChatRequest,
  IRChatStream,
  IRStreamChunk,
} from "../models/types.ts";

/** The stream errors of watched requests, by request id. */
export class StreamErrorTap {
  #errors = new Map<string, AdapterError[]>();
  #backends = new WeakMap<object, string>();

  /** Starts keeping errors for `id`. */
  watch(id: string): void {
    this.#errors.set(id, []);
  }

  /** The errors kept for `id`, which is no longer watched. */
  take(id: string): AdapterError[] {
    const errors = this.#errors.get(id) ?? [];
    this.#errors.delete(id);
    return errors;
  }

  /** The registered name of the backend whose adapter raised `error`. */
  backendOf(error: unknown): string | undefined {
    return typeof error === "object" && error !== null
      ? this.#backends.get(error)
      : undefined;
  }

  #mark(backend: string, error: unknown): void {
    if (typeof error === "object" && error !== null) {
      this.#backends.set(error, backend);
    }
  }

  #record(backend: string, request: IRChatRequest, error: unknown): void {
    this.#mark(backend, error);
    const id = request.metadata?.requestId;
    if (id === undefined || !(error instanceof AdapterError)) return;
    this.#errors.get(id)?.push(error);
  }

  /**
   * An adapter that behaves as `adapter`, registered as `backend`: it
   * records its stream errors, and the backend behind every error it raises.
   */
  wrap(backend: string, adapter: BackendAdapter): BackendAdapter {
    const record = (request: IRChatRequest, error: unknown): void =>
      this.#record(backend, request, error);
    const mark = (error: unknown): never => {
      this.#mark(backend, error);
      throw error;
    };
    const wrapped: BackendAdapter = {
      metadata: adapter.metadata,
      execute: (request, signal) =>
        adapter.execute(request, signal).then(undefined, mark),
      executeStream(request, signal) {
        return tapped(adapter, request, signal, record);
      },
    };
    if (adapter.healthCheck) {
      wrapped.healthCheck = (signal) => adapter.healthCheck!(signal);
    }
    if (adapter.estimateCost) {
      wrapped.estimateCost = (request) => adapter.estimateCost!(request);
    }
    // A relay's failures reject before any body: only the backend to mark.
    if (adapter.relay) {
      wrapped.relay = (request, signal) =>
        adapter.relay!(request, signal).then(undefined, mark);
    }
    return wrapped;
  }
}

/**
 * The adapter's stream with its errors recorded: an iterator forwarding to
 * the adapter's, not an async generator around it, which would cost every
 * chunk one more promise round trip.
 */
function tapped(
  adapter: BackendAdapter,
  request: IRChatRequest,
  signal: AbortSignal | undefined,
  record: (request: IRChatRequest, error: unknown) => void,
): IRChatStream {
  let inner: IRChatStream | undefined;
  const fail = (error: unknown): never => {
    record(request, error);
    throw error;
  };
  const open = (): IRChatStream => {
    // Created at the first call, as a generator would: a synchronous throw
    // from executeStream becomes a rejected first `next()`.
    inner ??= adapter.executeStream(request, signal);
    return inner;
  };
  const stream: IRChatStream = {
    next(): Promise<IteratorResult<IRStreamChunk, void>> {
      try {
        return open().next().catch(fail);
      } catch (error) {
        return Promise.reject(error).catch(fail);
      }
    },
    async return(): Promise<IteratorResult<IRStreamChunk, void>> {
      if (inner === undefined) return { done: true, value: undefined };
      return await inner.return(undefined);
    },
    async throw(error: unknown): Promise<IteratorResult<IRStreamChunk, void>> {
      if (inner === undefined) throw error;
      return await inner.throw(error).catch(fail);
    },
    [Symbol.asyncIterator](): IRChatStream {
      return stream;
    },
    async [Symbol.asyncDispose](): Promise<void> {
      await stream.return(undefined);
    },
  };
  return stream;
}
