// What an attempt calls on an adapter, and what a valid answer is: the one
// difference between operations. Attempts, retries, timeouts, breakers,
// cooldowns, fallback, the store, statistics and the trace are written once
// (`_attempt.ts`, `_execute.ts`, `fallback/run.ts`) and run any job.

import { AdapterError, ErrorCode, RouterError } from "./errors.ts";
import type { OperationName } from "./operations.ts";
import type {
  BackendAdapter,
  ChatSource,
  IRChatRequest,
  OperationRequest,
} from "./types.ts";
import { isRawAnswer } from "./_relay.ts";
import { isValidResponse } from "./_util.ts";

/** One operation in one mode, as an attempt runs it. */
export interface Job {
  readonly operation: OperationName;
  /**
   * The adapter answers with a raw Response: the attempt wraps it as a
   * RawAnswer with its own abort, and one nobody takes is released.
   */
  readonly raw: boolean;
  /**
   * Calls the adapter. `request` is the routed request as the translator
   * made it for this backend (its model substituted where configured).
   */
  start(
    adapter: BackendAdapter,
    request: IRChatRequest,
    signal: AbortSignal | undefined,
  ): unknown;
  /** Whether a resolved value is a well-formed answer. */
  valid(value: unknown): boolean;
}

/** Chat on the IR: `execute`. */
export const CHAT_JOB: Job = {
  operation: "chat",
  raw: false,
  start: (adapter, request, signal) => adapter.execute(request, signal),
  valid: isValidResponse,
};

/**
 * Chat on the IR with the client's own request beside it: an adapter that
 * speaks its wire sends that body (`CallOptions.source`).
 */
export function sourcedChatJob(source: ChatSource): Job {
  const options = { source };
  return {
    operation: "chat",
    raw: false,
    start: (adapter, request, signal) =>
      adapter.execute(request, signal, options),
    valid: isValidResponse,
  };
}

/** Chat relayed: the upstream's own answer (`relay`). */
export const CHAT_RELAY_JOB: Job = {
  operation: "chat",
  raw: true,
  start(adapter, request, signal) {
    // A backend registered after the caller checked `canRelay()`: its
    // attempt fails, so fallback moves on.
    if (typeof adapter.relay !== "function") {
      throw cannotServe(adapter, "relay a raw chat answer");
    }
    return adapter.relay(request, signal);
  },
  valid: isRawAnswer,
};

/**
 * An operation through `invoke`, with the model the router chose: a
 * non-chat one, or chat in one wire, the client's body sent as it is.
 */
export function operationJob(request: OperationRequest): Job {
  return {
    operation: request.operation,
    raw: true,
    start(adapter, routed, signal) {
      if (!servesCall(adapter, request)) {
        throw cannotServe(adapter, `serve ${request.operation}`);
      }
      const model = routed.parameters?.model;
      return adapter.operate(
        model === undefined ? request : { ...request, model },
        signal,
      );
    },
    valid: isRawAnswer,
  };
}

/**
 * The routing view of an operation call: what selection, model mapping and
 * model translation read (the model, the metadata), as the IR request they
 * already take.
 */
export function routingView(request: OperationRequest): IRChatRequest {
  if (request.operation === "chat" && request.view !== undefined) {
    return request.view;
  }
  const view: IRChatRequest = { messages: [] };
  if (request.model !== undefined) {
    view.parameters = { model: request.model };
  }
  if (request.metadata !== undefined) view.metadata = request.metadata;
  if (request.stream === true) view.stream = true;
  return view;
}

/** The backends (of `names`, else all) whose adapters pass `test`. */
export function servingBackends(
  entries: ReadonlyMap<string, { adapter: BackendAdapter }>,
  test: OperationName | ((adapter: BackendAdapter) => boolean),
  names: readonly string[] | undefined,
): string[] {
  const passes = typeof test === "function"
    ? test
    : (adapter: BackendAdapter) => serves(adapter, test);
  const serving: string[] = [];
  for (const name of names ?? entries.keys()) {
    const adapter = entries.get(name)?.adapter;
    if (adapter !== undefined && passes(adapter)) serving.push(name);
  }
  return serving;
}

/**
 * Whether an adapter serves one `invoke` call: chat when it speaks the
 * call's wire (default OpenAI's), another operation when it declares it.
 */
export function servesCall(
  adapter: BackendAdapter,
  request: Pick<OperationRequest, "operation" | "wire">,
): adapter is BackendAdapter & Required<Pick<BackendAdapter, "operate">> {
  if (typeof adapter.operate !== "function") return false;
  if (request.operation !== "chat") return serves(adapter, request.operation);
  return adapter.wire === (request.wire ?? "openai");
}

/** Whether an adapter serves `operation` (chat: every adapter). */
export function serves(
  adapter: BackendAdapter,
  operation: OperationName,
): boolean {
  if (operation === "chat") return true;
  return typeof adapter.operate === "function" &&
    adapter.operations?.[operation] !== undefined;
}

/** No registered backend (of those allowed) serves the operation. */
export function noneServes(operation: OperationName): RouterError {
  return new RouterError({
    code: ErrorCode.ROUTING_FAILED,
    message: `No registered backend serves ${operation}`,
    attemptedBackends: [],
    isRetryable: false,
    details: { operation },
  });
}

function cannotServe(adapter: BackendAdapter, what: string): AdapterError {
  // An untyped adapter may have no metadata (registration asks for the two
  // methods only): its failure must stay this typed error, not a TypeError.
  const metadata = adapter.metadata as BackendAdapter["metadata"] | undefined;
  return new AdapterError({
    code: ErrorCode.INVALID_RESPONSE,
    message: `${metadata?.name ?? "The backend"}: cannot ${what}`,
    provider: metadata?.provider,
  });
}
