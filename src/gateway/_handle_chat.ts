// `POST /v1/chat/completions` and `POST /v1/messages`: admission, then one
// of four answer modes — relayed JSON or stream (a client whose backends
// all speak its wire: its body goes upstream as it is, `model` aside),
// translated JSON, or a translated stream committed at its first output
// (both as the upstream gave them when the backend that answered spoke the
// client's wire).
import type { ParsedRequest } from "./_apis.ts";
import {
  admitKey,
  checkStreams,
  readBody,
  resolveTarget,
} from "./_admission.ts";
import { Deadline } from "./_deadline.ts";
import type { Exchange } from "./_exchange.ts";
import { jsonResponse } from "./_json_response.ts";
import { completionOf } from "./_passthrough.ts";
import { relayedJson, relayedStream } from "./_relay_answer.ts";
import { droppedOf, noteRouting } from "./_request_parts.ts";
import { translatedStream } from "./_stream_answer.ts";
import { RelayingEncoder } from "./_upstream_answer.ts";
import {
  type CachePlan,
  lookUp,
  missed,
  planCache,
  replay,
  store,
  streamRecorder,
} from "./cache/_chat.ts";
import { withUsage } from "./_usage_estimate.ts";
import { targetFields } from "./_wire_util.ts";

/** Handles one chat call in `ex.api`'s wire. */
export async function handleChat(
  ex: Exchange,
  info: unknown,
): Promise<Response> {
  const { ctx, api } = ex;
  const id = `${api.idPrefix}${crypto.randomUUID().replaceAll("-", "")}`;
  let parsed: ParsedRequest;
  let body: Record<string, unknown>;
  let plan: CachePlan | undefined;
  try {
    body = await readBody(ex) as Record<string, unknown>;
    parsed = api.parse(body, (model) => resolveTarget(ex, model), id);
    if (parsed.stream) checkStreams(ex);
    // Without a key or a cache, neither step does anything: no promise and
    // no turn of the microtask queue for them.
    if (ex.key !== undefined) {
      await admitKey(ex, parsed.model, () => parsed.promptTokens);
    }
    // Content the IR cannot carry can only be relayed, never stored as the
    // router's answer: such a request bypasses the cache.
    if (ctx.cache !== undefined) {
      plan = await planCache(
        ex,
        body,
        ex.label ?? parsed.model,
        parsed.untranslatable.length === 0,
      );
    }
  } catch (error) {
    return ex.fail(error);
  }
  if (plan) {
    const hit = await lookUp(ex, plan, parsed.stream);
    const created = Math.floor(ctx.now() / 1000);
    if (hit) return replay(ex, hit, api, parsed, id, created);
    missed(ex);
  }

  const router = ctx.router;
  const target = ex.target;
  // Same wire on every backend the call may reach (fallback goes on from a
  // named backend to the others): the client's own body goes upstream
  // (model aside) and the upstream's answer comes back.
  // A cached request takes the translated path: the cache keeps the
  // router's answer, which relayed bytes are not.
  // A stream relays on any server: without a delivery promise from it
  // (`completed`), its body is watched for its end instead.
  const relaying = ctx.passthrough && plan === undefined &&
    router.speaks(api.name, ex.scope?.backends);
  // Content the IR cannot carry is refused only where it must be translated.
  if (!relaying && parsed.untranslatable.length > 0) {
    return ex.fail(parsed.untranslatable[0]);
  }
  const deadline = new Deadline(
    ex.request.signal,
    ctx.timeoutMs,
    parsed.stream,
  );
  // A client's betas reach an Anthropic backend on its wire (a body field
  // may need one); a translation reports the header dropped.
  const beta = api.name === "anthropic"
    ? ex.request.headers.get("anthropic-beta")
    : null;
  const headers = beta === null ? undefined : { "anthropic-beta": beta };
  if (relaying) {
    if (parsed.stream) ctx.streams.opened();
    let relayed;
    try {
      relayed = await router.invoke(
        {
          operation: "chat",
          wire: api.name,
          body,
          view: parsed.ir,
          stream: parsed.stream,
          ...(headers === undefined ? {} : { headers }),
          ...targetFields(target),
        },
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
      completionOf(info),
      tap ? { promptTokens: parsed.promptTokens } : undefined,
    );
  }
  const created = Math.floor(ctx.now() / 1000);
  // Translated, with the client's body beside the IR: a backend of the
  // client's wire is sent that body, and its answer comes back as the
  // upstream gave it (`upstreamBody`, `upstreamEvents`, unless the answer
  // is cached: the cache keeps the router's answer); the others translate,
  // and their adapter names what the IR could not carry (`lost`) and what
  // their wire has no place for (the answer's `metadata.dropped`).
  const lost = api.nestedDrops(body);
  if (headers !== undefined) lost.push("anthropic-beta");
  let options = ex.scope;
  if (ctx.passthrough) {
    options = {
      ...ex.scope,
      source: {
        wire: api.name,
        body,
        lost,
        ...(headers === undefined ? {} : { headers }),
      },
    };
  } else ex.drop(lost);
  if (!parsed.stream) {
    try {
      const response = await router.execute(
        parsed.ir,
        deadline.signal,
        options,
      );
      // Without the backend's usage, the gateway's count (as the client
      // gets it) prices the answer.
      ex.outcome.usage = withUsage(response, parsed.promptTokens).usage;
      if (!response.usage) ex.outcome.tokensEstimated = true;
      ex.outcome.model = response.metadata.model;
      noteRouting(ex.outcome, response.metadata.routing);
      ex.drop(droppedOf(response.metadata));
      if (plan) store(ex, plan, response);
      ex.finish(200);
      const upstream = plan === undefined && ctx.passthrough
        ? response.upstreamBody
        : undefined;
      return jsonResponse(
        upstream ?? api.json(response, parsed, id, created),
        { headers: ex.headers },
      );
    } catch (error) {
      return ex.fail(deadline.failure(error));
    } finally {
      deadline.release();
    }
  }
  const encoder = api.encoder(parsed, id, created);
  return await translatedStream(
    ex,
    parsed.ir,
    plan === undefined && ctx.passthrough
      ? new RelayingEncoder(encoder)
      : encoder,
    deadline,
    options,
    plan ? streamRecorder(ex, plan) : undefined,
  );
}
