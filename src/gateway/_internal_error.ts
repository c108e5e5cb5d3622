// The gateway's last resort: a request whose handling threw past every error
// path (an internal bug, or an injected clock that throws) still gets its
// log line, with status 500 and an error code, like every other request.
import { ANTHROPIC_API, OPENAI_API } from "./_apis.ts";
import { errorApi } from "./_routes.ts";
import { CHAT_PATH, MESSAGES_PATH, pathOf } from "./_path.ts";
import { resolveError } from "./errors.ts";
import type { RequestLogEntry } from "./gateway_types.ts";
import { jsonResponse } from "./_json_response.ts";
import { isoTime } from "./_log_time.ts";

/** `now()`, or the wall clock when the injected clock itself throws. */
export function safeNow(now: () => number): number {
  try {
    return now();
  } catch {
    return Date.now();
  }
}

/**
 * The last-resort 500 (in the route's error shape, with `x-request-id`) and
 * its log entry.
 */
export function internalError(
  request: Request,
  requestId: string,
  keyId: string,
  started: number,
  ended: number,
): { entry: RequestLogEntry; response: Response } {
  const path = pathOf(request.url);
  const chat = path === MESSAGES_PATH
    ? ANTHROPIC_API
    : path === CHAT_PATH
    ? OPENAI_API
    : undefined;
  const resolved = resolveError(new Error("internal"));
  const response = jsonResponse(
    (chat ?? errorApi(path, request.headers)).errorBody(resolved),
    { status: resolved.status, headers: { "x-request-id": requestId } },
  );
  const entry: RequestLogEntry = {
    time: isoTime(started),
    request_id: requestId,
    key_id: keyId,
    method: request.method,
    path,
    api: request.method === "POST" ? chat?.name ?? null : null,
    model: null,
    backend: null,
    status: 500,
    latency_ms: ended - started,
    // As for any other error that is neither the gateway's nor an adapter's.
    error_code: "INTERNAL",
  };
  return { entry, response };
}
