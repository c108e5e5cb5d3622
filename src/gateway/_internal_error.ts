// The gateway's last resort: a request whose handling threw past every error
// path (an internal bug, or an injected clock that throws) still gets its
// log line, with status 500 and an error code, like every other request.
import { ErrorCode } from "../models/errors.ts";
import type { RequestLogEntry } from "./gateway_types.ts";

/** `now()`, or the wall clock when the injected clock itself throws. */
export function safeNow(now: () => number): number {
  try {
    return now();
  } catch {
    return Date.now();
  }
}

/** The log entry of a request answered by the last-resort 500. */
export function internalErrorEntry(
  request: Request,
  requestId: string,
  keyId: string,
  started: number,
  ended: number,
): RequestLogEntry {
  const path = new URL(request.url).pathname;
  const chat = path === "/v1/messages"
    ? "anthropic"
    : path === "/v1/chat/completions"
    ? "openai"
    : null;
  return {
    time: new Date(started).toISOString(),
    request_id: requestId,
    key_id: keyId,
    method: request.method,
    path,
    api: request.method === "POST" ? chat : null,
    model: null,
    backend: null,
    status: 500,
    latency_ms: ended - started,
    error_code: ErrorCode.UNKNOWN,
  };
}
