// The reviewed equivalents of the gateway area (scripts/_mutation_areas.ts),
// in its own file so that work on different areas never edits one list.

import type { Equivalent } from "./equivalent.ts";

/** The mutants of the gateway area judged equivalent by review. */
export const GATEWAY: Equivalent[] = [
  {
    file: "src/gateway/_responses_response.ts",
    context: "error(resolved: ResolvedError): string {",
    before: "this.#finished = true;",
    after: "this.#finished = false;",
    reason:
      "the encoder's error() has one caller, sseBody's catch, which closes the stream on the next line; a closed ReadableStream never calls pull again, so finished is not read again (the wrapping RelayingEncoder keeps its own flag)",
  },
  {
    file: "src/gateway/_exchange.ts",
    before: "backend: outcome.backend ?? null,",
    after: "backend: outcome.backend || null,",
    reason:
      "outcome.backend is undefined or a name from the router's routing trace, and the router refuses an empty backend name, so || and ?? give the same",
  },
  {
    file: "src/gateway/_passthrough.ts",
    context: "}, (error) => {",
    before: 'signal.removeEventListener("abort", onAbort);',
    after: ";",
    reason:
      "after the body read failed the promise has rejected; a later abort of the request's signal only aborts the finished fetch's controller and rejects the settled promise, both no-ops, and the once-listener goes with the request's signal",
  },
  {
    file: "src/gateway/_deadline.ts",
    before: "if (this.#abort === undefined) return;",
    after: "if (this.#abort === undefined) ;",
    reason:
      "without a controller there is no timer (timeoutMs undefined) and no listener was added, so clearTimeout(undefined) and removing the absent listener do nothing",
  },
  {
    file: "src/gateway/anthropic_response.ts",
    before: "const type = ERROR_TYPES[resolved.status] ??",
    after: "const type = ERROR_TYPES[resolved.status] ||",
    reason:
      "every value in ERROR_TYPES is a non-empty string, so || and ?? fall through to the status rule for exactly the same statuses",
  },
  // The gateway's eighth round.
  {
    file: "src/gateway/_health.ts",
    before: 'const PROBE_KEY = "readyz-probe";',
    after: 'const PROBE_KEY = "";',
    reason:
      "/readyz only asks whether the store answers the read in time: the record read (none lives under either name; a backend's health record at worst) is thrown away, so any key gives the same probe",
  },
  {
    file: "src/gateway/metrics.ts",
    before: "for (let i = 0; i < LATENCY_BUCKETS.length; i++) {",
    after: "for (let i = 0; i <= LATENCY_BUCKETS.length; i++) {",
    reason:
      "the extra step reads LATENCY_BUCKETS[length], undefined, and `seconds <= undefined` is false, so no count changes; the +Inf bucket is the histogram's count, written apart",
  },
  {
    file: "src/gateway/_console_data.ts",
    before: "if (counters === undefined) return undefined;",
    after: "if (counters === undefined) undefined;",
    reason:
      "when the fleet read times out, the next line reads counters[0] of undefined and throws a TypeError inside the same try, whose catch returns undefined: the console shows this instance's counts either way",
  },
  {
    file: "src/gateway/_responses_response.ts",
    before: "cache_write_tokens: usage.cacheCreationTokens ?? 0,",
    after: "cache_write_tokens: usage.cacheCreationTokens || 0,",
    reason:
      "a token count is undefined or a whole number: `|| 0` differs from `?? 0` only for 0, which gives 0 either way",
  },
];
