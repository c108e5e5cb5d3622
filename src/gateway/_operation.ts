// The part every relayed operation's endpoint shares (embeddings,
// completions, Responses relayed): the model's target, the key's lists and
// limits, a backend that serves the operation (else a 400 naming the
// backend, or saying none does), the router call, and the relayed answer.
import type { OperationName } from "../models/mod.ts";
import { admitKey, checkStreams, resolveTarget } from "./_admission.ts";
import { Deadline } from "./_deadline.ts";
import type { Exchange } from "./_exchange.ts";
import { completionOf } from "./_passthrough.ts";
import { relayedJson, relayedStream } from "./_relay_answer.ts";
import { invalidParam, isRecord, targetFields } from "./_wire_util.ts";

// Its endpoints take their 400s from here, as they did before the request
// readers came to share it.
export { invalidParam };

/** The body as an object with a string `model`, else a 400. */
export function operationBody(
  body: unknown,
): Record<string, unknown> & { model: string } {
  if (!isRecord(body)) throw invalidParam("The body must be a JSON object.");
  if (typeof body.model !== "string" || body.model === "") {
    throw invalidParam("`model` must be a non-empty string.", "model");
  }
  if (
    body.stream !== undefined && body.stream !== null &&
    typeof body.stream !== "boolean"
  ) throw invalidParam("`stream` must be a boolean.", "stream");
  return body as Record<string, unknown> & { model: string };
}

/**
 * Admits and relays one call of `operation`: `promptTokens` is the
 * request's estimate for the key's token limit (charged again from the
 * answer's usage when a JSON answer carries one).
 */
export async function relayOperation(
  ex: Exchange,
  info: unknown,
  operation: OperationName,
  body: Record<string, unknown> & { model: string },
  promptTokens: number,
): Promise<Response> {
  const { ctx } = ex;
  const stream = body.stream === true;
  // The server's delivery promise (Deno.serve), else the body is watched.
  const completed = stream ? completionOf(info) : undefined;
  try {
    const target = resolveTarget(ex, body.model);
    if (stream) checkStreams(ex);
    await admitKey(ex, body.model, promptTokens);
    const named = target.backend;
    if (named !== undefined && !ctx.router.serves(operation, [named])) {
      throw invalidParam(
        `The backend "${named}" does not serve ${operation}.`,
        "model",
      );
    }
    if (!ctx.router.serves(operation, ex.scope?.backends)) {
      throw invalidParam(`No backend serves ${operation}.`, "model");
    }
  } catch (error) {
    return ex.fail(error);
  }
  const target = ex.target;
  const deadline = new Deadline(ex.request.signal, ctx.timeoutMs, stream);
  if (stream) ctx.streams.opened();
  let relayed;
  try {
    relayed = await ctx.router.invoke(
      {
        operation,
        body,
        stream,
        ...targetFields(target),
      },
      deadline.signal,
      ex.scope,
    );
  } catch (error) {
    deadline.release();
    if (stream) ctx.streams.closed();
    return ex.fail(deadline.failure(error));
  }
  if (!stream) return await relayedJson(ex, relayed, deadline);
  return relayedStream(ex, relayed, deadline, completed, undefined);
}
