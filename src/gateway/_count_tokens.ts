// `POST /v1/messages/count_tokens` (the Anthropic SDK's
// `messages.countTokens`, which Claude Code calls too). When every backend
// the call may reach speaks Anthropic's wire and counts (the Anthropic
// adapter), the client's body is relayed to it as sent: the API counts what
// the gateway cannot read (documents, server tools), the client's betas
// with it; when that count fails in passing (429, 5xx, no answer), the
// estimate answers, marked. Otherwise the body is
// read by the Messages parser and answered with the prompt estimate the
// rate limiter charges at admission, and content the gateway cannot
// translate is refused, as a chat call would be. Counting is free at
// Anthropic: neither way takes from a key's limits.
import {
  type ParsedMessagesRequest,
  parseMessagesRequest,
} from "./anthropic_request.ts";
import { Deadline } from "./_deadline.ts";
import type { Exchange } from "./_exchange.ts";
import { readJson } from "./_read_bounded.ts";
import { bytesResponse, jsonResponse } from "./_json_response.ts";
import { readRelayedJson } from "./_passthrough.ts";
import { noteFailure, noteRouting } from "./_request_parts.ts";
import { resolveError } from "./errors.ts";
import { estimateTokens } from "./_request_parts.ts";
import {
  isRecord,
  type ModelTarget,
  resolveAlias,
  targetFields,
  targetOf,
} from "./_wire_util.ts";
import { type ApiKey, checkModelAllowed } from "./keys.ts";

/** What the count needs from the gateway. */
export interface CountContext {
  maxBodyBytes: number;
  aliases: Readonly<Record<string, string>>;
  registered: (backend: string) => boolean;
}

/** A count request, read and checked. */
export interface CountRequest {
  /** The client's body, as sent. */
  body: Record<string, unknown>;
  parsed: ParsedMessagesRequest;
  target: ModelTarget;
  /** The 400s of content the IR cannot carry, set aside. */
  untranslatable: unknown[];
}

/**
 * The body read and checked, else a GatewayError (400, 403, 413). `key` is
 * the caller's, already authenticated (none without keys).
 */
export async function read(
  request: Request,
  key: ApiKey | undefined,
  context: CountContext,
): Promise<CountRequest> {
  const body = await readJson(request, context.maxBodyBytes);
  let target: ModelTarget = {};
  const untranslatable: unknown[] = [];
  const parsed = parseMessagesRequest(
    // Counting takes no `max_tokens`; the parser requires one.
    isRecord(body) ? { ...body, max_tokens: 1 } : body,
    (model) => {
      target = targetOf(
        resolveAlias(context.aliases, model),
        context.registered,
      );
      return target;
    },
    "count_tokens",
    untranslatable,
  );
  if (key) {
    checkModelAllowed(key, parsed.model, target.backend, context.registered);
  }
  return {
    body: body as Record<string, unknown>,
    parsed,
    target,
    untranslatable,
  };
}

/** The header every count of the gateway's own carries. */
export const ESTIMATE_HEADER = "x-switchyard-estimate";

/**
 * The gateway's estimate, marked `x-switchyard-estimate: true` so a client
 * can tell it from a provider's count; a 400 for content it cannot
 * translate.
 */
export function estimate(ex: Exchange, count: CountRequest): Response {
  if (count.untranslatable.length > 0) throw count.untranslatable[0];
  ex.headers[ESTIMATE_HEADER] = "true";
  return jsonResponse(
    { input_tokens: estimateTokens(count.parsed.ir) },
    { headers: ex.headers },
  );
}

/**
 * Whether the backends the call may reach (the named one, else the key's,
 * else all) all speak Anthropic's wire and count: then the body is relayed.
 * `passthrough: false` turns the relay off, as for chat.
 */
export function relays(ex: Exchange, count: CountRequest): boolean {
  const { router, passthrough } = ex.ctx;
  if (!passthrough) return false;
  const reach = count.target.backend !== undefined
    ? [count.target.backend]
    : ex.key?.backends;
  return router.speaks("anthropic", reach) &&
    router.serves("count_tokens", reach);
}

/**
 * Whether a failed count is answered with the estimate: the provider's
 * counting endpoint is rate limited on its own and may be down while the
 * gateway can still count, so a passing failure (429, 5xx, unreachable,
 * timed out, every backend waiting out a breaker or cooldown whose end is
 * known) gets the estimate, marked. A client error (a bad body, an unknown
 * model), the operator's misconfiguration and a client gone are passed on:
 * an estimate would hide what the next call will meet too. So is a backend
 * out of routing for a time nobody knows (misconfigured by an earlier
 * 401/403, unhealthy, opened by hand): its 503 carries no Retry-After, and
 * /v1/messages answers the same.
 */
function passing(failure: unknown): boolean {
  const { status, code, headers } = resolveError(failure);
  if (code === "NO_BACKEND_AVAILABLE") {
    return headers["retry-after"] !== undefined;
  }
  return status === 429 ||
    (status >= 502 && status <= 504 && code !== "backend_misconfigured");
}

/**
 * The body relayed to a backend that counts; its answer as it came, or,
 * when the count failed in passing and the gateway can read the body, the
 * estimate. A failure otherwise is
 * thrown, in the client's wire by the route (which writes the log line).
 */
export async function relay(
  ex: Exchange,
  count: CountRequest,
): Promise<Response> {
  const { ctx } = ex;
  const target = count.target;
  ex.target = target;
  if (ex.key?.backends !== undefined) ex.scope = { backends: ex.key.backends };
  const deadline = new Deadline(ex.request.signal, ctx.timeoutMs, false);
  // A beta feature's body (a newer tool type) is counted only with its
  // beta, as on /v1/messages.
  const beta = ex.request.headers.get("anthropic-beta");
  try {
    const relayed = await ctx.router.invoke(
      {
        operation: "count_tokens",
        body: count.body,
        stream: false,
        ...(beta === null ? {} : { headers: { "anthropic-beta": beta } }),
        ...targetFields(target),
      },
      deadline.signal,
      ex.scope,
    );
    noteRouting(ex.outcome, relayed.routing);
    const read = await readRelayedJson(
      relayed,
      deadline.signal,
      ex.outcome.backend,
    );
    return bytesResponse(read.bytes, { headers: ex.headers });
  } catch (error) {
    const failure = deadline.failure(error);
    if (!passing(failure) || count.untranslatable.length > 0) throw failure;
    // The log line says why the count is the gateway's.
    noteFailure(
      ex.outcome,
      failure,
      [],
      (failed) => failed.backend,
      target.backend,
    );
    return estimate(ex, count);
  } finally {
    deadline.release();
  }
}
