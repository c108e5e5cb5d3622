// Router.relay() runs execute()'s machinery (first choice, retries,
// breaker, stats, fallback) with one difference: each attempt calls the
// adapter's relay() instead of execute(). The request carries that mode to
// the attempt, and the raw Response rides back inside an IRChatResponse, so
// attempts, traces and fallback stay written once.

import { AdapterError, ErrorCode } from "./errors.ts";
import type { BackendAdapter, IRChatRequest, IRChatResponse } from "./types.ts";

/** Marks a request whose attempts call `adapter.relay`. */
const RELAY: unique symbol = Symbol("switchyard.relay");
/** Holds the raw answer on the IRChatResponse an attempt resolves with. */
const RELAYED: unique symbol = Symbol("switchyard.relayed");

type RelayRequest = IRChatRequest & { [RELAY]?: true };
type RelayedResponse = IRChatResponse & { [RELAYED]?: Response };

/** The request, marked for relay (a shallow copy; the caller's is untouched). */
export function relayRequest(request: IRChatRequest): IRChatRequest {
  return { ...request, [RELAY]: true } as RelayRequest;
}

/** Whether an attempt on `request` calls `adapter.relay`. */
export function isRelay(request: IRChatRequest): boolean {
  return (request as RelayRequest)[RELAY] === true;
}

/**
 * The adapter's relay() as an IRChatResponse promise. An adapter without
 * relay fails the attempt (a backend registered after the caller checked
 * `canRelay()`), so fallback moves on.
 */
export async function relayCall(
  adapter: BackendAdapter,
  request: IRChatRequest,
  signal: AbortSignal | undefined,
): Promise<IRChatResponse> {
  if (typeof adapter.relay !== "function") {
    throw new AdapterError({
      code: ErrorCode.INVALID_RESPONSE,
      message: `${adapter.metadata.name}: cannot relay a raw answer`,
      provider: adapter.metadata.provider,
    });
  }
  const response = await adapter.relay(request, signal);
  const wrapped: RelayedResponse = {
    message: { role: "assistant", content: "" },
    finishReason: "stop",
    metadata: {},
    [RELAYED]: response,
  };
  return wrapped;
}

/** The raw answer inside a response relayCall made. */
export function relayedOf(response: IRChatResponse): Response {
  const raw = (response as RelayedResponse)[RELAYED];
  if (raw === undefined) throw new TypeError("not a relayed response");
  return raw;
}
