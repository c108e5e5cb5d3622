// The one check of a request's shape every Router entry point makes before
// any backend is called (execute, executeStream, selectBackend through the
// selector; dispatchParallel directly), so each refuses the same requests
// with the same error.

import { AdapterError, ErrorCode } from "./errors.ts";
import type { IRChatRequest } from "./types.ts";

/**
 * Throws INVALID_REQUEST unless the request has a messages array whose every
 * entry is an object: a null or a string there would otherwise reach each
 * adapter and fail inside it (a TypeError read as the backend's failure, so
 * the call fell back through every backend to ALL_BACKENDS_FAILED).
 */
export function assertRequest(request: IRChatRequest): void {
  if (
    typeof request !== "object" || request === null ||
    !Array.isArray(request.messages)
  ) {
    throw invalid("request.messages must be an array");
  }
  const messages: readonly unknown[] = request.messages;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (
      typeof message !== "object" || message === null || Array.isArray(message)
    ) {
      throw invalid(`request.messages[${i}] must be an object`);
    }
  }
}

function invalid(message: string): AdapterError {
  return new AdapterError({ code: ErrorCode.INVALID_REQUEST, message });
}
