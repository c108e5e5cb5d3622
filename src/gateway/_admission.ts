// Admission, shared by every endpoint that calls a model: the key, the
// body, the model's target, the key's model and backend lists, and the
// per-key budgets and limits (requests, and tokens: the prompt's estimate now, the
// answer's usage when it is known). Throws the GatewayError or AdapterError
// the client gets.
import type { Exchange } from "./_exchange.ts";
import { GatewayError } from "./errors.ts";
import { checkModelAllowed } from "./keys.ts";
import { readJson } from "./_read_bounded.ts";
import { type ModelTarget, resolveAlias, targetOf } from "./_wire_util.ts";

/** Authenticates the request's key (none needed without keys). */
export async function authenticate(ex: Exchange): Promise<void> {
  const ring = ex.ctx.keyRing;
  if (ring.enabled) ex.key = await ring.authenticate(ex.request.headers);
}

/** The key, then the JSON body (bounded), its model noted. */
export function readBody(ex: Exchange): Promise<unknown> {
  // Not async, and the key awaited only when keys are on: a gateway without
  // keys takes no async function's frame and no turn of the microtask queue
  // for it.
  if (ex.ctx.keyRing.enabled) {
    return authenticate(ex).then(() => readNamed(ex));
  }
  return readNamed(ex);
}

/** The JSON body (bounded), its model noted. */
function readNamed(ex: Exchange): Promise<unknown> {
  return readJson(ex.request, ex.ctx.maxBodyBytes).then((body) => {
    ex.named(body);
    return body;
  });
}

/** Where a model name leads (alias, `backend/model`), noted on `ex`. */
export function resolveTarget(ex: Exchange, model: string): ModelTarget {
  const { aliases, registered } = ex.ctx;
  ex.target = targetOf(
    resolveAlias(aliases, model),
    (name) => registered(name),
  );
  return ex.target;
}

/** A stream past `maxStreams`: 503 before any backend is called. */
export function checkStreams(ex: Exchange): void {
  const streams = ex.ctx.streams;
  if (!streams.full) return;
  throw new GatewayError({
    status: 503,
    type: "server_error",
    message: `Too many open streams (${streams.max}); retry shortly.`,
    code: "too_many_streams",
    headers: { "retry-after": "1" },
  });
}

/**
 * The key's lists, budgets and limits for a call of `model` whose prompt is about
 * `promptTokens`: a 403 for a model or backend the key may not use, a 429
 * past its limits; the rate-limit headers go on the answer, the key's
 * backends to the router. The estimate may be given as a function: it is
 * then computed only for a key with limits (it serializes the prompt).
 */
export async function admitKey(
  ex: Exchange,
  model: string,
  promptTokens: number | (() => number),
): Promise<void> {
  const key = ex.key;
  if (!key) return;
  const { registered, limiter } = ex.ctx;
  checkModelAllowed(key, model, ex.target.backend, (name) => registered(name));
  if (key.backends !== undefined) ex.scope = { backends: key.backends };
  // Budgets first: a request refused for its budget takes nothing from
  // the rate-limit buckets.
  if (key.budget !== undefined) {
    ex.budget = await ex.ctx.budgets.admit(key);
    Object.assign(ex.headers, ex.budget.headers);
  }
  if (key.rpm !== undefined || key.tpm !== undefined) {
    const tokens = typeof promptTokens === "number"
      ? promptTokens
      : promptTokens();
    ex.admission = await limiter.admit(key, tokens, ex.api.name);
    Object.assign(ex.headers, ex.admission.headers);
  }
}
