// Small pieces of one chat request's handling in gateway.ts: its request
// id, the timeout error, the admission estimate and what it learned.
import { AdapterError, ErrorCode, RouterError } from "../models/errors.ts";
import type { RoutingTrace } from "../models/mod.ts";
import type {
  IRChatRequest,
  IRResponseMetadata,
  IRUsage,
} from "../models/types.ts";
import { GatewayError, resolveError } from "./errors.ts";
import { refusalDetail } from "./_refused.ts";
import { redactKeys } from "./_redact.ts";

/** An incoming `x-request-id` (1–200 visible ASCII characters), else a new one. */
export function requestIdOf(headers: Headers): string {
  const incoming = headers.get("x-request-id");
  return incoming !== null && /^[\x21-\x7e]{1,200}$/.test(incoming)
    ? incoming
    : crypto.randomUUID();
}

export function timeoutError(ms: number): GatewayError {
  return new GatewayError({
    status: 504,
    type: "server_error",
    message: `No answer from the backends within ${ms} ms.`,
    code: ErrorCode.TIMEOUT,
  });
}

/** Prompt tokens estimated before routing: characters / 4, rounded up. */
export function estimateTokens(ir: IRChatRequest): number {
  return Math.ceil(
    (JSON.stringify(ir.messages).length +
      (ir.tools ? JSON.stringify(ir.tools).length : 0)) / 4,
  );
}

/** What one chat request learned, for its log line, metrics and charge. */
export interface Outcome {
  backend?: string;
  /** The model the backend says it served, for its price. */
  model?: string;
  fallbacks: number;
  usage?: IRUsage;
  /** `usage` is an estimate (a passed-through stream without usage). */
  tokensEstimated?: boolean;
  /** A stream's `message_start` carried the prompt estimate. */
  startTokensEstimated?: boolean;
  firstOutputAt?: number;
  errorCode?: string;
  /** What a provider said when it refused the gateway's credentials, redacted. */
  upstreamError?: string;
  /** What the client was told of the backends' failure, redacted. */
  errorMessage?: string;
}

/** Longest failure message kept in a log line. */
const MAX_MESSAGE_CHARS = 2000;

/** Notes what the client is told of a backend failure, for the log line. */
export function noteFailureMessage(outcome: Outcome, message: string): void {
  outcome.errorMessage = redactKeys(message).slice(0, MAX_MESSAGE_CHARS);
}

export function noteRouting(outcome: Outcome, routing: unknown): void {
  const trace = routing as RoutingTrace | undefined;
  if (trace && typeof trace.backend === "string") {
    outcome.backend = trace.backend;
    outcome.fallbacks = trace.fallbacks;
  }
}

/**
 * What a failed request's log line and metrics say: its error code, the
 * backend it ended on, its fallbacks and, when a provider refused the
 * gateway's key, that provider's message (redacted). `failures` are a
 * stream's backend errors (its thrown error is rebuilt from an error chunk);
 * `backendOf` names the backend behind an error the router passed on as the
 * adapter raised it (a client error, fallback "none"); `named` is the
 * backend the request named, if any.
 */
export function noteFailure(
  outcome: Outcome,
  error: unknown,
  failures: readonly AdapterError[],
  backendOf: (error: AdapterError) => string | undefined,
  named: string | undefined,
): void {
  outcome.errorCode = error instanceof GatewayError
    ? error.code ?? String(error.status)
    : error instanceof AdapterError
    ? error.code
    : "INTERNAL";
  if (error instanceof RouterError) {
    outcome.backend ??= error.attemptedBackends.at(-1);
    outcome.fallbacks = Math.max(0, error.attemptedBackends.length - 1);
  } else if (error instanceof AdapterError) {
    outcome.backend ??= backendOf(failures.at(-1) ?? error) ?? named;
  }
  // The gateway's own refusals (bad body, bad key, a limit) are the
  // client's business; a backend's failure is the operator's.
  if (!(error instanceof GatewayError) && error instanceof AdapterError) {
    noteFailureMessage(
      outcome,
      resolveError(error, failures, backendOf).message,
    );
  }
  outcome.upstreamError = refusalDetail(
    failures.length > 0
      ? failures
      : error instanceof RouterError
      ? error.errors.map((failure) => failure.error)
      : error instanceof AdapterError
      ? [error]
      : [],
  );
}

/** The field names an adapter reports dropped (`metadata.dropped`). */
export function droppedOf(
  metadata: IRResponseMetadata | undefined,
): string[] | undefined {
  const dropped = metadata?.dropped;
  return Array.isArray(dropped)
    ? dropped.filter((name): name is string => typeof name === "string")
    : undefined;
}
