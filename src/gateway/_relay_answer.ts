// The relayed answer modes, shared by every endpoint that relays an
// upstream's bytes (chat passthrough, embeddings, completions, Responses):
// a JSON answer read once for its usage and sent as is, or a stream handed
// to the server as the upstream's own body.
import { ErrorCode } from "../models/errors.ts";
import type { RelayResult } from "../models/mod.ts";
import type { Deadline } from "./_deadline.ts";
import type { Exchange } from "./_exchange.ts";
import { answerWith, bytesResponse } from "./_json_response.ts";
import { readRelayedJson, streamBodyOf, streamCut } from "./_passthrough.ts";
import { noteFailureMessage, noteRouting } from "./_request_parts.ts";
import { BodyFailed } from "../serve/_body_failed.ts";
import { failuresText } from "./_failure_text.ts";
import { StreamTokenTap } from "./_stream_tokens.ts";

/** The headers of every SSE answer. */
export const SSE_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache",
  "x-accel-buffering": "no",
};

/**
 * A relayed non-streamed answer: read whole (bounded by the deadline), its
 * usage noted, its bytes sent unchanged.
 */
export function relayedJson(
  ex: Exchange,
  relayed: RelayResult,
  deadline: Deadline,
): Promise<Response> {
  // Not async: two reactions on the read, no async function's frame.
  noteRouting(ex.outcome, relayed.routing);
  return readRelayedJson(relayed, deadline.signal, ex.outcome.backend).then(
    (read) => {
      deadline.release();
      ex.outcome.usage = read.usage;
      ex.finish(200);
      return bytesResponse(read.bytes, { headers: ex.headers });
    },
    (error) => {
      try {
        return ex.fail(deadline.failure(error));
      } finally {
        deadline.release();
      }
    },
  );
}

/**
 * A relayed stream, handed to the server to pipe. Its end (the open-stream
 * count, the log line) is `completed`, the server's delivery promise. Its
 * tokens are read only when `tap` says (chat's stream format), see
 * `_stream_tokens.ts`; else the prompt estimate charged at admission stays.
 * The open stream was counted by the caller before routing.
 */
export function relayedStream(
  ex: Exchange,
  relayed: RelayResult,
  deadline: Deadline,
  completed: Promise<void> | undefined,
  tap: { promptTokens: number } | undefined,
): Response {
  const { ctx, outcome } = ex;
  noteRouting(outcome, relayed.routing);
  let body: ReadableStream<Uint8Array> | null;
  try {
    // Cancelled, not handed on, when the client left or time ran out.
    body = streamBodyOf(relayed.response, deadline.signal, outcome.backend);
  } catch (error) {
    deadline.release();
    ctx.streams.closed();
    return ex.fail(deadline.failure(error));
  }
  deadline.stopTimer();
  outcome.firstOutputAt = ctx.now();
  ctx.metrics.streamOpened();
  const tokens = body !== null && tap !== undefined
    ? new StreamTokenTap(body)
    : undefined;
  if (completed === undefined) {
    // No delivery promise from the server: the body itself tells its end,
    // at the cost of each chunk passing through JavaScript.
    const watched = watchedBody(tokens?.body ?? body);
    body = watched.body;
    completed = watched.ended;
  } else if (tokens) body = tokens.body;
  // The server's delivery promise says how the stream ended: delivered,
  // cut by its upstream (BodyFailed, from the server or the tap), or cut
  // by the client. Only the upstream's cut is the backend's failure.
  const ended = completed.then(() => null, (reason: unknown) => ({ reason }));
  ended.then((cut) => {
    if (tokens) {
      const read = tokens.tokens(tap!.promptTokens);
      outcome.usage = read.usage;
      outcome.tokensEstimated = read.estimated;
    }
    const failure = tokens?.failure ??
      (cut?.reason instanceof BodyFailed ? cut.reason : undefined);
    if (failure !== undefined) {
      const error = streamCut(failure.cause, relayed.response.url);
      outcome.errorCode = error.code;
      noteFailureMessage(
        outcome,
        failuresText([{ backend: outcome.backend, error }]),
      );
      relayed.failed?.(error);
    } else if (cut !== null) outcome.errorCode ??= ErrorCode.ABORTED;
    deadline.release();
    ctx.streams.closed();
    ctx.metrics.streamClosed();
    ex.finish(200);
  });
  return answerWith(body, undefined, SSE_HEADERS, ex.headers);
}

/**
 * `body` passed on chunk by chunk, with a promise that resolves when it was
 * read to its end and rejects when the reader cancelled it (or it broke).
 */
function watchedBody(
  body: ReadableStream<Uint8Array> | null,
): { body: ReadableStream<Uint8Array> | null; ended: Promise<void> } {
  if (body === null) return { body, ended: Promise.resolve() };
  // Not Promise.withResolvers: Node 20, which the package supports, lacks it.
  let resolve = (): void => {};
  let reject = (_: unknown): void => {};
  const promise = new Promise<void>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  const reader = body.getReader();
  const watched = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await reader.read();
        if (next.done) {
          controller.close();
          resolve();
        } else controller.enqueue(next.value);
      } catch (error) {
        controller.error(error);
        reject(new BodyFailed(error));
      }
    },
    async cancel(reason) {
      reject(reason);
      await reader.cancel(reason).catch(() => {});
    },
  }, { highWaterMark: 0 });
  return { body: watched, ended: promise };
}
