// Each backend's stream error, kept for the gateway: the model router reports
// a failed stream as one `error` chunk holding only a code and a message, so
// the upstream status, its error body and Retry-After would be lost and a
// streamed 404 or 429 would become a 502. Adapters wrapped here record what
// they throw under the request's `metadata.requestId`, for ids the gateway is
// watching (so nothing accumulates for other callers of the router).
import { AdapterError } from "../models/errors.ts";
import type { BackendAdapter, IRChatRequest } from "../models/types.ts";

/** The stream errors of watched requests, by request id. */
export class StreamErrorTap {
  #errors = new Map<string, AdapterError[]>();

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

  #record(request: IRChatRequest, error: unknown): void {
    const id = request.metadata?.requestId;
    if (id === undefined || !(error instanceof AdapterError)) return;
    this.#errors.get(id)?.push(error);
  }

  /** An adapter that behaves as `adapter` and records its stream errors. */
  wrap(adapter: BackendAdapter): BackendAdapter {
    const record = (request: IRChatRequest, error: unknown): void =>
      this.#record(request, error);
    const wrapped: BackendAdapter = {
      metadata: adapter.metadata,
      execute: (request, signal) => adapter.execute(request, signal),
      async *executeStream(request, signal) {
        try {
          yield* adapter.executeStream(request, signal);
        } catch (error) {
          record(request, error);
          throw error;
        }
      },
    };
    if (adapter.healthCheck) {
      wrapped.healthCheck = (signal) => adapter.healthCheck!(signal);
    }
    if (adapter.estimateCost) {
      wrapped.estimateCost = (request) => adapter.estimateCost!(request);
    }
    return wrapped;
  }
}
