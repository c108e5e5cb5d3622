// The one check of a request's shape every Router entry point makes before
// any backend is called (execute, executeStream, selectBackend through the
// selector; dispatchParallel directly), so each refuses the same requests
// with the same error.

import { AdapterError, ErrorCode } from "./errors.ts";
import type { IRChatRequest } from "./types.ts";

/** Throws INVALID_REQUEST unless the request has a messages array. */
export function assertRequest(request: IRChatRequest): void {
  if (
    typeof request !== "object" || request === null ||
    !Array.isArray(request.messages)
  ) {
    throw new AdapterError({
      code: ErrorCode.INVALID_REQUEST,
      message: "request.messages must be an array",
    });
  }
}
