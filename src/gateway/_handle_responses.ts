// `POST /v1/responses`: OpenAI's Responses API. Relayed byte for byte to
// backends that serve it (OpenAI itself: stored responses and
// `previous_response_id` work there); translated to chat for every other
// backend (`_responses_request.ts`, `_responses_response.ts`), plain and
// streamed, with tools, structured output and usage. Which applies: the
// backend the model names, else every backend the key may use — all
// serving the Responses API natively, or the translation.
import {
  admitKey,
  checkStreams,
  readBody,
  resolveTarget,
} from "./_admission.ts";
import { Deadline } from "./_deadline.ts";
import type { Exchange } from "./_exchange.ts";
import { jsonResponse } from "./_json_response.ts";
import { operationBody, relayOperation } from "./_operation.ts";
import { droppedOf, noteRouting } from "./_request_parts.ts";
import {
  type ParsedResponsesRequest,
  parseResponsesRequest,
} from "./_responses_request.ts";
import { ResponsesEncoder, toResponse } from "./_responses_response.ts";
import { translatedStream } from "./_stream_answer.ts";

/** Handles one Responses call. */
export async function handleResponses(
  ex: Exchange,
  info: unknown,
): Promise<Response> {
  const { ctx } = ex;
  let parsed: ParsedResponsesRequest;
  try {
    const body = operationBody(await readBody(ex));
    const target = resolveTarget(ex, body.model);
    if (native(ex, target.backend)) {
      const tokens = Math.ceil(JSON.stringify(body.input ?? "").length / 4);
      return await relayOperation(ex, info, "responses", body, tokens);
    }
    parsed = parseResponsesRequest(body, target, ex.requestId);
    ex.drop(parsed.dropped);
    if (parsed.stream) checkStreams(ex);
    await admitKey(ex, parsed.model, () => parsed.promptTokens);
  } catch (error) {
    return ex.fail(error);
  }
  const id = `resp_${crypto.randomUUID().replaceAll("-", "")}`;
  const created = Math.floor(ctx.now() / 1000);
  const deadline = new Deadline(
    ex.request.signal,
    ctx.timeoutMs,
    parsed.stream,
  );
  if (parsed.stream) {
    return await translatedStream(
      ex,
      parsed.ir,
      new ResponsesEncoder(parsed, id, created),
      deadline,
    );
  }
  try {
    const response = await ctx.router.execute(
      parsed.ir,
      deadline.signal,
      ex.scope,
    );
    ex.outcome.usage = response.usage;
    noteRouting(ex.outcome, response.metadata.routing);
    // What the backend's wire has no place for (a tool's `strict` toward
    // Gemini), as a streamed answer names it.
    ex.drop(droppedOf(response.metadata));
    ex.finish(200);
    return jsonResponse(toResponse(response, parsed, id, created), {
      headers: ex.headers,
    });
  } catch (error) {
    return ex.fail(deadline.failure(error));
  } finally {
    deadline.release();
  }
}

/**
 * Whether the call goes to backends that serve the Responses API: the one
 * the model names, else all the key may use (so fallback never crosses
 * from relayed to translated mid-request).
 */
function native(ex: Exchange, named: string | undefined): boolean {
  const { router, passthrough } = ex.ctx;
  if (!passthrough) return false;
  if (named !== undefined) return router.serves("responses", [named]);
  const names = ex.key?.backends ?? router.listBackends();
  return names.length > 0 &&
    names.every((name) =>
      !router.has(name) || router.serves("responses", [name])
    );
}
