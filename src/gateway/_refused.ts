// A backend that refused the gateway's own credentials: how to tell, and what
// the operator's log line keeps of the provider's message.
import type { AdapterError } from "../models/errors.ts";
import { redactKeys } from "./_redact.ts";

/**
 * Whether `error` is the provider refusing the gateway's credentials (an
 * upstream 401 or 403, or a key the provider calls invalid, as Gemini's 400
 * `API_KEY_INVALID`): the operator's misconfiguration, never the client's. A
 * client's key is never sent upstream, so the client can neither cause nor
 * fix it.
 */
export function refusedCredentials(error: AdapterError): boolean {
  return error.code === "AUTHENTICATION_FAILED" ||
    error.statusCode === 401 || error.statusCode === 403;
}

/** Longest upstream message kept in a log line. */
const MAX_DETAIL_CHARS = 1000;

/**
 * The providers' own messages behind refused credentials, for the operator's
 * log line (the client is told none of it), key-like substrings redacted;
 * undefined when no failure refused credentials.
 */
export function refusalDetail(
  failures: readonly AdapterError[],
): string | undefined {
  const messages = failures.filter(refusedCredentials).map((failure) =>
    redactKeys(failure.message)
  );
  if (messages.length === 0) return undefined;
  return [...new Set(messages)].join("; ").slice(0, MAX_DETAIL_CHARS);
}
