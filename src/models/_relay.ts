// Router.relay() runs execute()'s machinery (first choice, retries,
// breaker, stats, fallback) with one difference: each attempt calls the
// adapter's relay() instead of execute(). The request carries that mode to
// the attempt, and the raw Response rides back inside an IRChatResponse, so
// attempts, traces and fallback stay written once.
//
// A raw answer holds its upstream connection until its body is read or
// cancelled, and the adapter stops watching the caller's signal once the
// head arrived. So every answer the Router does not hand over (a race lost
// to an abort, a parallel loser that answered too) has its body cancelled
// here; otherwise the connection would be released only by GC.

import { AdapterError, ErrorCode } from "./errors.ts";
import { abortedRouterError } from "./_failures.ts";
import { ignore } from "./_util.ts";
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

/**
 * Cancels the body of a relayed answer nobody will read; a no-op for any
 * other answer (a translated response holds no connection).
 */
export function releaseAnswer(response: unknown): void {
  if (typeof response !== "object" || response === null) return;
  // Not `instanceof Response`: a fetch passed to an adapter (undici's on
  // Node) may resolve to its own Response class.
  const body = (response as RelayedResponse)[RELAYED]?.body;
  if (typeof body?.cancel === "function" && !body.locked) {
    body.cancel().catch(ignore);
  }
}

/**
 * When `raced` (the answer raced against a signal) rejects, whatever
 * `answer` resolves with, then or later, is nobody's: its body is cancelled.
 */
export function releaseIfLost(answer: unknown, raced: unknown): void {
  if (answer === raced || !(raced instanceof Promise)) return;
  raced.then(ignore, () => Promise.resolve(answer).then(releaseAnswer, ignore));
}

/**
 * The raw answer execute() resolved with, handed to the caller of
 * relayResponse, unless the caller's signal or the Router's lifetime
 * (dispose) aborted before it could take it: then its body is cancelled and
 * the call is ABORTED, as if the abort had come a moment earlier.
 */
export function handOver(
  answer: IRChatResponse,
  caller: AbortSignal | undefined,
  lifetime: AbortSignal,
): Response {
  const aborted = caller?.aborted ? caller : lifetime.aborted ? lifetime : null;
  if (aborted !== null) {
    releaseAnswer(answer);
    throw abortedRouterError(aborted, []);
  }
  return relayedOf(answer);
}
