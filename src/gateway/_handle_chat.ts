// `POST /v1/chat/completions` and `POST /v1/messages`: admission, then one
// of four answer modes — relayed JSON or stream (an OpenAI client whose
// backends all speak OpenAI's wire), translated JSON, or a translated
// stream committed at its first output.
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
import { relayedJson, relayedStream } from "./_relay_answer.ts";
import { noteRouting } from "./_request_parts.ts";
import { translatedStream } from "./_stream_answer.ts";
import { withUsage } from "./_usage_estimate.ts";

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
    // A key's tpm and budget are charged from the stream's tokens.
    const tap = ctx.tapAllStreams || ex.key?.tpm !== undefined ||
      ex.key?.budget !== undefined;
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
      // Without the backend's usage, the gateway's count (as the client
      // gets it) prices the answer.
      ex.outcome.usage = withUsage(response, parsed.promptTokens).usage;
      if (!response.usage) ex.outcome.tokensEstimated = true;
      ex.outcome.model = response.metadata.model;
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
  return await translatedStream(
    ex,
    parsed.ir,
    api.encoder(parsed, id, created),
    deadline,
  );
}
