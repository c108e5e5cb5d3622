// What a client reads when a stream fails after its first output: the same
// words a failure before it gets (each backend by its id, a network failure
// with its cause and host), not the adapter's message naming its provider.
import { ErrorCode } from "../models/errors.ts";
import { errorOfFailure } from "../models/_stream_failure.ts";
import type { IRStreamFailure } from "../models/types.ts";
import { resolveError } from "./errors.ts";

/** The message of an `error` chunk's failure, in the gateway's words. */
export function failureMessage(failure: IRStreamFailure): string {
  return resolveError(errorOfFailure(failure, undefined, ErrorCode.UNKNOWN))
    .message;
}
