// `POST /v1/chat/completions` and `POST /v1/messages`: admission, then one
// of four answer modes — relayed JSON or stream (an OpenAI client whose
// backends all speak OpenAI's wire), translated JSON, or a translated
// stream committed at its first output.
import { ErrorCode } from "../models/errors.ts";
import type { IRStreamChunk } from "../models/types.ts";
import { OPENAI_API, type ParsedRequest } from "./_apis.ts";
import {
  admitKey,
  checkStreams,
  readBody,
  resolveTarget,
} from "./_admission.ts";
import { Deadline } from "./_deadline.ts";
import type { Exchange } from "./_exchange.ts";
import { jsonResponse } from "./_json_response.ts";
import { completionOf, relayRequestOf } from "./_passthrough.ts";
import { relayedJson, relayedStream, SSE_HEADERS } from "./_relay_answer.ts";
import { noteRouting } from "./_request_parts.ts";
import { readHead, sseBody } from "./_sse.ts";

/** Handles one chat call in `ex.api`'s wire. */
export async function handleChat(
  ex: Exchange,
  info: unknown,
): Promise<Response> {
  const { ctx, api } = ex;
  const id = `${api.idPrefix}${crypto.randomUUID().replaceAll("-", "")}`;
  let parsed: ParsedRequest;
  try {
    const body = await readBody(ex);
    parsed = api.parse(body, (model) => resolveTarget(ex, model), id);
    if (parsed.stream) checkStreams(ex);
    await admitKey(ex, parsed.model, parsed.promptTokens);
  } catch (error) {
    return ex.fail(error);
  }

  const deadline = new Deadline(
    ex.request.signal,
    ctx.timeoutMs,
    parsed.stream,
  );
  const router = ctx.router;
  const relaying = api === OPENAI_API && ctx.passthrough;
  const completed = relaying && parsed.stream ? completionOf(info) : undefined;
  if (relaying && (!parsed.stream || completed) && router.canRelay()) {
    if (parsed.stream) ctx.streams.opened();
    let relayed;
    try {
      relayed = await router.relayResponse(
        relayRequestOf(parsed),
        deadline.signal,
        ex.scope,
      );
    } catch (error) {
      deadline.release();
      if (parsed.stream) ctx.streams.closed();
      return ex.fail(deadline.failure(error));
    }
    if (!parsed.stream) return await relayedJson(ex, relayed, deadline);
    const tap = ctx.tapAllStreams || ex.key?.tpm !== undefined;
    return relayedStream(
      ex,
      relayed,
      deadline,
      completed!,
      tap ? { promptTokens: parsed.promptTokens } : undefined,
    );
  }
  const created = Math.floor(ctx.now() / 1000);
  if (!parsed.stream) {
    try {
      const response = await router.execute(
        parsed.ir,
        deadline.signal,
        ex.scope,
      );
      ex.outcome.usage = response.usage;
      noteRouting(ex.outcome, response.metadata.routing);
      ex.finish(200);
      return jsonResponse(api.json(response, parsed, id, created), {
        headers: ex.headers,
      });
    } catch (error) {
      return ex.fail(deadline.failure(error));
    } finally {
      deadline.release();
    }
  }
  return await translatedStream(ex, parsed, deadline, id, created);
}

/**
 * A translated stream, committed late: a failure before the first output
 * gets the status a non-streamed request would get; after it, one error
 * event.
 */
async function translatedStream(
  ex: Exchange,
  parsed: ParsedRequest,
  deadline: Deadline,
  id: string,
  created: number,
): Promise<Response> {
  const { ctx, api, outcome } = ex;
  ctx.streams.opened();
  let streamDone = false;
  const streamEnded = (): void => {
    if (!streamDone) ctx.streams.closed();
    streamDone = true;
  };
  const chunks = ctx.router.executeStream(parsed.ir, deadline.signal, ex.scope);
  const encoder = api.encoder(parsed, id, created);
  const observe = (chunk: IRStreamChunk): void => {
    // The router's start names the backend it committed to: known here
    // even when the client leaves before `done`.
    if (chunk.type === "start") noteRouting(outcome, chunk.metadata.routing);
    if (chunk.type === "metadata" && chunk.usage) outcome.usage = chunk.usage;
    if (chunk.type === "done") {
      if (chunk.usage) outcome.usage = chunk.usage;
      noteRouting(outcome, chunk.metadata?.routing);
    }
    if (chunk.type === "error") outcome.errorCode = chunk.error.code;
  };
  let head: string;
  try {
    head = await readHead(chunks, encoder, observe);
  } catch (error) {
    deadline.release();
    streamEnded();
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
    cancelled(reason) {
      outcome.errorCode ??= ErrorCode.ABORTED;
      deadline.abort(reason);
    },
    closed() {
      deadline.release();
      streamEnded();
      ctx.metrics.streamClosed();
      ex.finish(200);
    },
  });
  return new Response(body, { headers: { ...SSE_HEADERS, ...ex.headers } });
}
