// Raw answers: what a call resolves with when its operation runs relayed
// (chat through Router.relayResponse, every operation through
// Router.invoke): the upstream's Response and a way to end its reading.
//
// A raw answer holds its upstream connection until its body is read or
// cancelled. So every answer the Router does not hand over (a race lost to
// an abort, a parallel loser that answered too) has its body cancelled
// here; otherwise the connection would be released only by GC.

import { abortedRouterError } from "./_failures.ts";
import { ignore } from "./_util.ts";
import { isResponseLike } from "./adapters/_body.ts";

/**
 * A relayed call's answer: the 2xx Response (body unread) and `abort`,
 * which aborts the attempt's own signal, the one the adapter's fetch
 * watches: a body being read whole (`arrayBuffer()`, locked, so not
 * cancellable) stops, and the upstream connection closes.
 */
export interface RawAnswer {
  readonly response: Response;
  abort(reason?: unknown): void;
}

/** Whether an attempt's value is a well-formed raw answer. */
export function isRawAnswer(value: unknown): value is RawAnswer {
  return typeof value === "object" && value !== null &&
    isResponseLike((value as { response?: unknown }).response);
}

/**
 * Cancels the body of a raw answer nobody will read; a no-op for any other
 * value (an IR response holds no connection).
 */
export function releaseAnswer(value: unknown): void {
  if (!isRawAnswer(value)) return;
  const body = value.response.body;
  if (typeof body?.cancel === "function" && !body.locked) {
    body.cancel().catch(ignore);
  }
  value.abort();
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
 * The raw answer a call resolved with, handed to the caller, unless the
 * caller's signal or the Router's lifetime (dispose) aborted before it could
 * take it: then its body is cancelled and the call is ABORTED, as if the
 * abort had come a moment earlier.
 */
export function handOver(
  answer: RawAnswer,
  caller: AbortSignal | undefined,
  lifetime: AbortSignal,
): RawAnswer {
  const aborted = caller?.aborted ? caller : lifetime.aborted ? lifetime : null;
  if (aborted !== null) {
    releaseAnswer(answer);
    throw abortedRouterError(aborted, []);
  }
  return answer;
}
