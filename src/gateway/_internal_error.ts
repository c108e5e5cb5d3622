// The gateway's last resort: a request whose handling threw past every error
// path (an internal bug, or an injected clock that throws) still gets its
// log line, with status 500 and an error code, like every other request.
import { ANTHROPIC_API } from "./_apis.ts";
import { errorApi } from "./_count_tokens.ts";
import { resolveError } from "./errors.ts";
import type { RequestLogEntry } from "./gateway_types.ts";
import { jsonResponse } from "./_json_response.ts";

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
    // As for any other error that is neither the gateway's nor an adapter's.
    error_code: "INTERNAL",
  };
}

/** The last-resort 500, in the route's error shape, with `x-request-id`. */
export function internalErrorResponse(
  request: Request,
  requestId: string,
): Response {
  const path = new URL(request.url).pathname;
  const api = path === "/v1/messages"
    ? ANTHROPIC_API
    : errorApi(path, request.headers);
  const resolved = resolveError(new Error("internal"));
  return jsonResponse(api.errorBody(resolved), {
    status: resolved.status,
    headers: { "x-request-id": requestId },
  });
}
