// One request as the gateway records it: what it learned on the way (key,
// model, backend, usage, error code), the response headers it collects,
// and the single place its metrics and its log line are written, whatever
// endpoint handled it.
import type { AdapterError } from "../models/errors.ts";
import type { ExecuteOptions } from "../models/mod.ts";
import type { WireApi } from "./_apis.ts";
import type { GatewayContext } from "./_context.ts";
import { GatewayError, resolveError } from "./errors.ts";
import type { RequestLogEntry } from "./gateway_types.ts";
import type { ApiKey } from "./keys.ts";
import type { Admission } from "./rate_limit.ts";
import { type BudgetAdmission, formatUsd } from "./budgets.ts";
import { answerCost } from "./_cost.ts";
import { noteFailure, type Outcome } from "./_request_parts.ts";
import { isoTime } from "./_log_time.ts";
import { jsonResponse } from "./_json_response.ts";
import { resolveAlias } from "./_wire_util.ts";
import type { ModelTarget } from "./_wire_util.ts";

const MAX_LABEL_CHARS = 200;

/** The backend the model router named on an error it recorded. */
function backendNamed(error: AdapterError): string | undefined {
  return error.backend;
}

/** An error as `api`'s error body, with its status and headers. */
export function errorResponse(
  api: WireApi,
  error: unknown,
  headers: Record<string, string>,
): Response {
  const resolved = resolveError(error);
  return jsonResponse(api.errorBody(resolved), {
    status: resolved.status,
    headers: { ...headers, ...resolved.headers },
  });
}

/** One request, from its arrival to its log line. */
/** Most dropped field names reported for one request. */
const MAX_DROPPED = 32;

/** A field name as a header token: percent-escaped, at most 64 characters. */
function fieldLabel(name: string): string {
  const safe = /^[A-Za-z0-9_.[\]-]*$/.test(name)
    ? name
    : encodeURIComponent(name);
  return safe.slice(0, 64);
}

export class Exchange {
  readonly ctx: GatewayContext;
  /** The wire its errors are written in. */
  readonly api: WireApi;
  readonly request: Request;
  /** The request's path, as routed (the log line's `path`). */
  readonly path: string;
  readonly requestId: string;
  readonly started: number;
  /** Headers every answer carries (request id, rate-limit headers). */
  readonly headers: Record<string, string>;
  readonly outcome: Outcome = { fallbacks: 0 };
  key: ApiKey | undefined;
  /** The model as the client named it (cut short for logs). */
  model: string | undefined;
  /** The metrics' `model`: after aliases. */
  label: string | undefined;
  target: ModelTarget = {};
  admission: Admission | undefined;
  /** The key's budgets as admission found them. */
  budget: BudgetAdmission | undefined;
  /** The budget charge under way, awaited before a whole answer is sent. */
  #charging: Promise<void> | undefined;
  /** The key's backends, for the router: routing and fallback keep to them. */
  scope: ExecuteOptions | undefined;
  /** Request fields dropped in translation (header and log line). */
  dropped: readonly string[] = [];
  /** Whether the request called (or was to call) a model: metrics count it. */
  readonly metered: boolean;
  /** What the response cache did (`hit`, `miss`, `bypass`); unset: no cache. */
  cache: "hit" | "miss" | "bypass" | undefined;
  /** An admin API action, once the admin key is proven: on the log line. */
  admin: { action: string; keyId?: string } | undefined;

  constructor(
    ctx: GatewayContext,
    api: WireApi,
    request: Request,
    path: string,
    requestId: string,
    started: number,
    metered: boolean,
  ) {
    this.ctx = ctx;
    this.api = api;
    this.request = request;
    this.path = path;
    this.requestId = requestId;
    this.started = started;
    this.metered = metered;
    this.headers = { "x-request-id": requestId };
  }

  /** The key id logs and metrics name. */
  get keyId(): string {
    if (this.admin !== undefined) return "admin";
    return this.key?.id ?? (this.ctx.keyRing.enabled ? "none" : "anonymous");
  }

  /**
   * Notes the model a body names, for logs and metrics even when the rest
   * of the body is refused; cut short, since a client could send megabytes
   * of model name.
   */
  named(body: unknown): void {
    const named = (body as { model?: unknown } | null)?.model;
    if (typeof named !== "string") return;
    this.model = named.slice(0, MAX_LABEL_CHARS);
    this.label = resolveAlias(this.ctx.aliases, named).slice(
      0,
      MAX_LABEL_CHARS,
    );
  }

  /** Notes fields dropped in translation: a response header and the log line. */
  drop(fields: readonly string[] | undefined): void {
    if (fields === undefined || fields.length === 0) return;
    // A dropped key may be any key the client sent: escaped, cut short and
    // bounded in number, it can neither break the header nor grow it.
    const all = [
      ...new Set([...this.dropped, ...fields.map(fieldLabel)]),
    ].slice(0, MAX_DROPPED);
    this.dropped = all;
    this.headers["x-switchyard-dropped"] = all.join(",");
  }

  /** Notes what the response cache did: a response header and the record. */
  cacheResult(result: "hit" | "miss" | "bypass"): void {
    this.cache = result;
    this.headers["x-switchyard-cache"] = result;
  }

  /**
   * The answer's budget charge, resolved once it is in the store (so the
   * key's next request, on any instance, sees it); undefined when none.
   */
  settled(): Promise<void> | undefined {
    return this.#charging;
  }

  /**
   * The answer's price (null: unpriced or its tokens unknown; undefined: no
   * model was called), its header, and its budget charge.
   */
  #price(status: number): number | null | undefined {
    const { ctx, outcome } = this;
    const usage = outcome.usage;
    if (!this.metered || !ctx.costing) return undefined;
    if (usage === undefined) {
      return status < 400 && outcome.backend ? null : undefined;
    }
    const cost = answerCost(
      ctx.router,
      ctx.prices,
      outcome.backend,
      [outcome.model, this.target.model, this.label],
      usage,
    );
    if (cost === null) return null;
    this.headers["x-switchyard-cost-usd"] = formatUsd(cost, 10);
    const key = this.key;
    if (key?.budget !== undefined && this.budget !== undefined) {
      this.headers["x-switchyard-budget-remaining"] = formatUsd(
        this.budget.remainingUsd - cost,
      );
      // A failed charge must not fail the answer already produced.
      if (cost > 0) {
        this.#charging = ctx.budgets.charge(key, cost).catch(() => {});
      }
    }
    return cost;
  }

  /** Writes the metrics (model calls) and the log line; charges tokens. */
  finish(status: number): void {
    const { ctx, outcome } = this;
    const usage = outcome.usage;
    const cost = this.#price(status);
    const keyId = this.keyId;
    const latencyMs = ctx.now() - this.started;
    const ttft = outcome.firstOutputAt === undefined
      ? undefined
      : outcome.firstOutputAt - this.started;
    if (this.key && this.admission && usage) {
      ctx.limiter.charge(this.key, this.admission, usage.totalTokens)
        .catch(() => {});
    } else if (this.key && this.admission && this.cache === "hit") {
      // A hit called no model: the prompt estimate taken at admission goes
      // back to the key's tpm bucket.
      ctx.limiter.charge(this.key, this.admission, 0).catch(() => {});
    }
    if (this.cache !== undefined && this.metered) {
      ctx.metrics.cacheRequest(this.cache, this.label ?? "none", keyId);
    }
    if (this.metered) {
      // One literal of one shape, its absent fields undefined (which
      // record() reads as absent): no spread of a temporary object each.
      ctx.metrics.record({
        api: this.api.name,
        model: this.label ?? "none",
        backend: outcome.backend ?? "none",
        status,
        keyId,
        latencyMs,
        timeToFirstTokenMs: ttft,
        tokensIn: usage?.promptTokens,
        tokensOut: usage?.completionTokens,
        errorCode: outcome.errorCode || undefined,
        fallbacks: outcome.fallbacks,
        costUsd: typeof cost === "number" ? cost : undefined,
      });
    }
    if (!ctx.logging) return;
    const entry: RequestLogEntry = {
      time: isoTime(this.started),
      request_id: this.requestId,
      key_id: keyId,
      method: this.request.method,
      path: this.path,
      api: this.metered ? this.api.name : null,
      model: this.model ?? null,
      backend: outcome.backend ?? null,
      status,
      latency_ms: latencyMs,
    };
    if (this.metered) entry.fallbacks = outcome.fallbacks;
    if (ttft !== undefined) entry.ttft_ms = ttft;
    if (usage) {
      entry.tokens_in = usage.promptTokens;
      entry.tokens_out = usage.completionTokens;
      if (outcome.tokensEstimated) entry.tokens_estimated = true;
    }
    if (outcome.startTokensEstimated) entry.start_tokens_estimated = true;
    if (cost !== undefined) {
      entry.cost_usd = cost;
      if (cost !== null) {
        entry.cost_source = outcome.tokensEstimated ? "estimate" : "usage";
      }
    }
    if (this.dropped.length > 0) entry.dropped = [...this.dropped];
    if (this.cache !== undefined) entry.cache = this.cache;
    if (outcome.upstreamError) entry.upstream_error = outcome.upstreamError;
    if (outcome.errorMessage) entry.error_message = outcome.errorMessage;
    // Every failure's line names its code, a refused key on `/v1/models` as
    // on a chat route: an operator's alert on a code must see them all.
    if (outcome.errorCode) entry.error_code = outcome.errorCode;
    if (this.admin !== undefined) {
      entry.admin_action = this.admin.action;
      if (this.admin.keyId !== undefined) {
        entry.admin_key_id = this.admin.keyId;
      }
    }
    ctx.log(entry);
  }

  /** The error answer in the caller's wire shape, recorded. */
  fail(error: unknown): Response {
    if (error instanceof GatewayError) {
      Object.assign(this.headers, error.headers);
    }
    const response = errorResponse(this.api, error, this.headers);
    noteFailure(this.outcome, error, [], backendNamed, this.target.backend);
    this.finish(response.status);
    return response;
  }
}
