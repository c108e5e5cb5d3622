// What the gateway tells a client about backends that failed: each named by
// its backend id ("primary", "backup"), the one the operator configured and
// the one its log line and metrics carry, not by the adapter's provider
// ("openai"), which two backends of one provider share. The adapter's own
// words follow: the cause of a network failure and its host, the upstream
// status and message.
import type { AdapterError } from "../models/errors.ts";

/** One backend's failure, with the backend's registered name when known. */
export interface NamedFailure {
  backend?: string;
  error: AdapterError;
}

/** What a failure of each code makes the backend. */
const STATE: Readonly<Record<string, string>> = {
  NETWORK_ERROR: " unreachable",
  RATE_LIMITED: " rate limited",
  TIMEOUT: " timed out",
};

/** The adapter's message without its `provider: ` prefix. */
function ownWords(error: AdapterError): string {
  const prefix = error.provider ? `${error.provider}: ` : "";
  return prefix !== "" && error.message.startsWith(prefix)
    ? error.message.slice(prefix.length)
    : error.message;
}

/**
 * One failure: `backend "primary" unreachable: connection refused
 * (127.0.0.1:8001)`; the adapter's message as it is when no backend is
 * known (a router the caller built, an error it raised as is).
 */
export function failureText(failure: NamedFailure): string {
  if (failure.backend === undefined) return failure.error.message;
  return `backend "${failure.backend}"${STATE[failure.error.code] ?? ""}: ${
    ownWords(failure.error)
  }`;
}

/**
 * Every failure, in attempt order: one sentence for one, `All backends
 * failed: …; …` for more.
 */
export function failuresText(failures: readonly NamedFailure[]): string {
  if (failures.length === 1) {
    const text = failureText(failures[0]);
    return failures[0].backend === undefined
      ? text
      : text.charAt(0).toUpperCase() + text.slice(1);
  }
  return `All backends failed: ${failures.map(failureText).join("; ")}`;
}
