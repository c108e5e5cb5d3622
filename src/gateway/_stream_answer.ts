// A translated stream (the router's IR chunks through a wire's encoder),
// shared by chat and the Responses API translated to chat.
import { ErrorCode } from "../models/errors.ts";
import type { IRChatRequest, IRStreamChunk } from "../models/types.ts";
import type { ExecuteOptions } from "../models/config.ts";
import type { StreamEncoder } from "./_apis.ts";
import type { Deadline } from "./_deadline.ts";
import type { Exchange } from "./_exchange.ts";
import { SSE_HEADERS } from "./_relay_answer.ts";
import { answerWith } from "./_json_response.ts";
import {
  droppedOf,
  estimateTokens,
  noteFailureMessage,
  noteRouting,
} from "./_request_parts.ts";
import { estimatedUsage } from "./_usage_estimate.ts";
import { failureMessage } from "./_chunk_message.ts";
import { readHead, sseBody } from "./_sse.ts";

/** Sees every chunk of a stream, then how it ended (clean: no error, no cut). */
export interface StreamTap {
  chunk(chunk: IRStreamChunk): void;
  end(clean: boolean): void;
}

/**
 * A translated stream, committed late: a failure before the first output
 * gets the status a non-streamed request would get; after it, one error
 * event.
 */
export async function translatedStream(
  ex: Exchange,
  ir: IRChatRequest,
  encoder: StreamEncoder,
  deadline: Deadline,
  options: ExecuteOptions | undefined = ex.scope,
  tap?: StreamTap,
): Promise<Response> {
  const { ctx, outcome } = ex;
  // Closed once: where the head fails, or in sseBody's `closed`, which it
  // calls once however the stream ends.
  ctx.streams.opened();
  const chunks = ctx.router.executeStream(ir, deadline.signal, options);
  // Generated characters, for the gateway's own count (its price, its
  // tokens) when the backend reports no usage.
  let chars = 0;
  const observe = (chunk: IRStreamChunk): void => {
    tap?.chunk(chunk);
    if (chunk.type === "content") chars += chunk.delta.length;
    else if (chunk.type === "tool_use") chars += chunk.inputDelta?.length ?? 0;
    // The router's start names the backend it committed to: known here
    // even when the client leaves before `done`.
    if (chunk.type === "start") {
      noteRouting(outcome, chunk.metadata.routing);
      outcome.model ??= chunk.metadata.model;
      ex.drop(droppedOf(chunk.metadata));
    }
    if (chunk.type === "metadata" && chunk.usage) outcome.usage = chunk.usage;
    if (chunk.type === "done") {
      if (chunk.usage) outcome.usage = chunk.usage;
      noteRouting(outcome, chunk.metadata?.routing);
    }
    if (chunk.type === "error") {
      outcome.errorCode = chunk.error.code;
      noteFailureMessage(outcome, failureMessage(chunk.error));
    }
  };
  let head: string;
  try {
    head = await readHead(chunks, encoder, observe);
  } catch (error) {
    deadline.release();
    ctx.streams.closed();
    deadline.abort();
    await chunks.return(undefined).catch(() => {});
    return ex.fail(deadline.failure(error));
  }
  deadline.stopTimer();
  outcome.firstOutputAt = ctx.now();
  ctx.metrics.streamOpened();
  const body = sseBody(head, chunks, encoder, {
    observe,
    failed(code) {
      outcome.errorCode = code;
    },
    backend: () => outcome.backend,
    cancelled(reason) {
      outcome.errorCode ??= ErrorCode.ABORTED;
      deadline.abort(reason);
    },
    closed() {
      if (encoder.startEstimated) outcome.startTokensEstimated = true;
      if (outcome.usage === undefined && chars > 0) {
        outcome.usage = estimatedUsage(estimateTokens(ir), chars);
        outcome.tokensEstimated = true;
      }
      deadline.release();
      ctx.streams.closed();
      ctx.metrics.streamClosed();
      tap?.end(outcome.errorCode === undefined);
      ex.finish(200);
    },
  });
  return answerWith(body, undefined, SSE_HEADERS, ex.headers);
}
