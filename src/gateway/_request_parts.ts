// Small pieces of one chat request's handling in gateway.ts: its request
// id, the timeout error, the admission estimate and what it learned.
import { ErrorCode } from "../models/errors.ts";
import type { RoutingTrace } from "../models/mod.ts";
import type { IRChatRequest, IRUsage } from "../models/types.ts";
import { GatewayError } from "./errors.ts";

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

/** Prompt tokens estimated before routing: characters / 4. */
export function estimateTokens(ir: IRChatRequest): number {
  return Math.ceil(
    (JSON.stringify(ir.messages).length +
      (ir.tools ? JSON.stringify(ir.tools).length : 0)) / 4,
  );
}

/** What one chat request learned, for its log line, metrics and charge. */
export interface Outcome {
  backend?: string;
  fallbacks: number;
  usage?: IRUsage;
  /** `usage` is an estimate (a passed-through stream without usage). */
  tokensEstimated?: boolean;
  firstOutputAt?: number;
  errorCode?: string;
  /** What a provider said when it refused the gateway's credentials, redacted. */
  upstreamError?: string;
}

export function noteRouting(outcome: Outcome, routing: unknown): void {
  const trace = routing as RoutingTrace | undefined;
  if (trace && typeof trace.backend === "string") {
    outcome.backend = trace.backend;
    outcome.fallbacks = trace.fallbacks;
  }
}
