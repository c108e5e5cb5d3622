// The hand list: realistic bugs planted at the security- and
// correctness-critical spots (shell quoting, CR/LF refusal, matcher order,
// breaker probe, fallback order, SSE framing, percentiles). It is the cheap,
// deterministic part of the mutation check that CI runs: every one of them
// must be caught. A site whose snippet has moved is reported as "site not
// found": update its snippet here.

/** One hand-written planted bug. */
export interface HandMutant {
  /** Short name, also the filter the command line matches. */
  id: string;
  /** The bug, as a reviewer would describe it. */
  bug: string;
  /** File under the repository root. */
  file: string;
  /** Exact text at the site; every occurrence is replaced. */
  find: string;
  replace: string;
  /** Test files that must catch it. */
  tests: string[];
}

const CURL_TESTS = [
  "tests/convert/curl_test.ts",
  "tests/convert/curl_bash_test.ts",
  "tests/convert/curl_wire_test.ts",
];
const CONVERT_MUTANT_TESTS = ["tests/convert/convert_mutants_test.ts"];
const CODE_TESTS = ["tests/convert/targets/code_test.ts"];
const CODE_WIRE_TESTS = ["tests/convert/targets/targets_property_test.ts"];
const RUBY_JAVA_TESTS = ["tests/convert/targets/ruby_java_test.ts"];
const ROUTER_MUTANT_TESTS = ["tests/router/router_mutants_test.ts"];
const ADAPTER_MUTANT_TESTS = ["tests/models/adapters/adapters_mutants_test.ts"];
const ADAPTER_FRESH_TESTS = [
  "tests/models/adapters/adapters_fresh_mutants_test.ts",
];
const GATEWAY_MUTANT_TESTS = ["tests/gateway/gateway_mutants_test.ts"];
const LISTENER_MUTANT_TESTS = ["tests/gateway/listener_mutants_test.ts"];
const GATEWAY_FRESH_TESTS = ["tests/gateway/gateway_fresh_mutants_test.ts"];
const SERVE_MUTANT_TESTS = ["tests/serve/serve_mutants_test.ts"];
const ADAPTER_TESTS = [
  "tests/models/adapters/parsers_test.ts",
  "tests/models/adapters/openai_test.ts",
  "tests/models/adapters/anthropic_test.ts",
];
const ROUTER_MODEL_TESTS = [
  "tests/models/router_test.ts",
  "tests/models/faults_test.ts",
  "tests/models/breaker_stats_test.ts",
];

/** The known bugs, each at the spot a reviewer would worry about. */
export const HAND_MUTANTS: HandMutant[] = [
  {
    id: "curl-quote-single",
    bug: "generated curl: a ' inside '…' is not closed and escaped",
    file: "src/convert/_curl_generate.ts",
    find: `return "'" + word.replace(/'/g, "'\\\\''") + "'";`,
    replace: `return "'" + word + "'";`,
    tests: CURL_TESTS,
  },
  {
    id: "curl-quote-ansi",
    bug: "generated curl: a ' inside $'…' is not backslash-escaped",
    file: "src/convert/_curl_generate.ts",
    find: `if (c === "'") return "\\\\'";`,
    replace: `if (c === "'") return "'";`,
    tests: CURL_TESTS,
  },
  {
    id: "curl-globoff-braces",
    bug: "generated curl: --globoff for [] but not for {}",
    file: "src/convert/_curl_generate.ts",
    find: `if (/[[\\]{}]/.test(url)) args.push("--globoff");`,
    replace: `if (/[[\\]]/.test(url)) args.push("--globoff");`,
    tests: CURL_TESTS,
  },
  {
    id: "curl-parse-quote",
    bug: "curl parser: a single-quoted word ends one character late",
    file: "src/convert/_curl_words.ts",
    find: `const close = input.indexOf("'", i + 1);`,
    replace: `const close = input.indexOf("'", i + 2);`,
    tests: [
      "tests/convert/curl_test.ts",
      "tests/convert/curl_property_test.ts",
    ],
  },
  {
    id: "header-lf",
    bug: "raw HTTP: LF allowed in a header value (header injection)",
    file: "src/convert/_http_text.ts",
    find: `if (/[\\r\\n\\0]/.test(value)) {`,
    replace: `if (/[\\r\\0]/.test(value)) {`,
    tests: ["tests/convert/string_test.ts", "tests/convert/bad_input_test.ts"],
  },
  {
    id: "status-text-lf",
    bug: "raw HTTP: LF allowed in a response's statusText",
    file: "src/convert/string.ts",
    find: `if (/[\\r\\n\\0]/.test(reason)) {`,
    replace: `if (/[\\r\\0]/.test(reason)) {`,
    tests: ["tests/convert/string_test.ts", "tests/convert/bad_input_test.ts"],
  },
  {
    id: "router-head-crlf",
    bug: "template router: CR/LF allowed in a header substitution",
    file: "src/router/_render.ts",
    find: `const HEAD_CONTROL = /[\\x00-\\x08\\x0a-\\x1f\\x7f]/;`,
    replace: `const HEAD_CONTROL = /[\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f]/;`,
    tests: [
      "tests/router/router_test.ts",
      "tests/router/route_test.ts",
      "tests/router/message_test.ts",
    ],
  },
  {
    id: "writers-header-crlf",
    bug: "curl/fetch/HAR writers: header values with CR/LF let through",
    file: "src/convert/_sendable.ts",
    find: `      for (const item of value) checkHeaderField(name, item);
    } else if (value !== undefined) checkHeaderField(name, value);`,
    replace: `      for (const _item of value);
    } else if (value !== undefined);`,
    tests: ["tests/convert/injection_test.ts"],
  },
  {
    id: "writers-method-token",
    bug: "curl/fetch/HAR writers: a method that is not a token let through",
    file: "src/convert/_sendable.ts",
    find:
      `if (typeof request.method !== "string" || !TOKEN.test(request.method)) {`,
    replace: `if (typeof request.method !== "string") {`,
    tests: ["tests/convert/injection_test.ts"],
  },
  {
    id: "router-html-escape",
    bug: "template router: `<` in an HTML substitution is not escaped (XSS)",
    file: "src/router/markup.ts",
    find: `const MARKUP_SPECIALS = /[&<>"']/g;`,
    replace: `const MARKUP_SPECIALS = /[&>"']/g;`,
    tests: ["tests/router/markup_test.ts"],
  },
  {
    id: "gateway-key-compare",
    bug: "gateway: a key that matches only in length is accepted",
    file: "src/gateway/keys.ts",
    find: `diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);`,
    replace: `diff |= 0;`,
    tests: ["tests/gateway/keys_limits_test.ts"],
  },
  {
    id: "matcher-order",
    bug: "template router: the least specific route wins",
    file: "src/router/_matcher.ts",
    find: `comparePatterns(a.pattern, b.pattern) ||`,
    replace: `comparePatterns(b.pattern, a.pattern) ||`,
    tests: ["tests/router/matcher_test.ts", "tests/router/router_test.ts"],
  },
  {
    id: "breaker-probe",
    bug: "breaker: half-open admits every caller, not one probe",
    file: "src/models/_breaker.ts",
    find: `state === "half-open" && !this.#probeInFlight`,
    replace: `state === "half-open"`,
    tests: ["tests/models/breaker_stats_test.ts"],
  },
  {
    id: "breaker-threshold",
    bug: "breaker: opens one failure after the threshold",
    file: "src/models/_breaker.ts",
    find: `this.#failures >= rules.threshold`,
    replace: `this.#failures > rules.threshold`,
    tests: ["tests/models/breaker_stats_test.ts"],
  },
  {
    id: "breaker-stale-abort",
    bug: "breaker: an old call's abort frees the half-open probe slot",
    file: "src/models/_breaker.ts",
    find: `if (this.#state === "half-open" && this.#isProbe(ticket)) {
      this.#probeInFlight = false;`,
    replace: `if (this.#state === "half-open") {
      this.#probeInFlight = false;`,
    tests: ["tests/models/breaker_stats_test.ts"],
  },
  {
    id: "fallback-order",
    bug: "model router: the fallback chain is tried back to front",
    file: "src/models/fallback/policy.ts",
    find: `for (const name of chain) {`,
    replace: `for (const name of [...chain].reverse()) {`,
    tests: ROUTER_MODEL_TESTS,
  },
  {
    id: "fallback-registration-order",
    bug:
      "model router: without a chain, fallbacks run in reverse registration order",
    file: "src/models/fallback/policy.ts",
    find: `for (const entry of registry.order) {`,
    replace: `for (const entry of [...registry.order].reverse()) {`,
    tests: ROUTER_MODEL_TESTS,
  },
  {
    id: "models-fb-client-second",
    bug:
      "fallback: a client error at the second step is hidden by a third backend",
    file: "src/models/fallback/run.ts",
    find: "      if (isClientError(env, error)) throw error;\n",
    replace: "",
    tests: ["tests/models/fallback/policy_suite_test.ts"],
  },
  {
    id: "models-fb-custom-offers-primary",
    bug:
      "customFallback is offered the first choice and tried backends it may not choose",
    file: "src/models/fallback/custom.ts",
    find:
      "e.name !== state.primary && !attempted.includes(e.name) && usable(e)",
    replace: "usable(e)",
    tests: ["tests/models/fallback/policy_suite_test.ts"],
  },
  {
    id: "models-rr-remove-cursor",
    bug:
      "round-robin: unregistering the backend the cursor points at skips the next one",
    file: "src/models/routing/round_robin.ts",
    find: "if (removed < this.#cursor) this.#cursor--;",
    replace: "if (removed <= this.#cursor) this.#cursor--;",
    tests: ["tests/models/routing/strategy_suite_test.ts"],
  },
  {
    id: "models-rr-scoped-moves-shared",
    bug: "round-robin: a request with an allow-list moves the shared cursor",
    file: "src/models/routing/round_robin.ts",
    find:
      "const key = allowed === undefined ? undefined : JSON.stringify(allowed);",
    replace: "const key = undefined as string | undefined;",
    tests: ["tests/models/routing/strategy_suite_test.ts"],
  },
  {
    id: "models-lat-scoped-leader",
    bug:
      "latency-optimized: an allow-listed pick becomes everyone's cached leader",
    file: "src/models/routing/latency.ts",
    find: "    if (allowed !== undefined) {",
    replace: "    if (allowed === null) {",
    tests: ["tests/models/routing/strategy_suite_test.ts"],
  },
  {
    id: "models-retry-after-capped",
    bug:
      "retries: a Retry-After past retryMaxDelay is waited (capped) instead of falling back",
    file: "src/models/_resilience.ts",
    find:
      "return error.retryAfter > policy.maxDelay ? undefined : error.retryAfter;",
    replace: "return Math.min(error.retryAfter, policy.maxDelay);",
    tests: ["tests/models/retry_edges_test.ts"],
  },
  {
    id: "models-retry-after-zero",
    bug:
      "retries: a Retry-After of 0 is ignored (the backoff is waited instead)",
    file: "src/models/_resilience.ts",
    find: "if (error.retryAfter !== undefined) {",
    replace: "if (error.retryAfter) {",
    tests: ["tests/models/retry_edges_test.ts"],
  },
  {
    id: "models-backoff-uncapped",
    bug: "retries: the exponential backoff is not capped at retryMaxDelay",
    file: "src/models/_resilience.ts",
    find:
      "const exp = Math.min(policy.maxDelay, policy.baseDelay * 2 ** (retry - 1));",
    replace: "const exp = policy.baseDelay * 2 ** (retry - 1);",
    tests: ["tests/models/retry_edges_test.ts"],
  },
  {
    id: "models-retry-fallback-backend",
    bug: "retries: a fallback backend is never retried",
    file: "src/models/_execute.ts",
    find:
      "if (budget !== undefined && budget.retry.retries > 0) {\n        outcome = await retrying(",
    replace:
      "if (budget !== undefined && budget.retry.retries < 0) {\n        outcome = await retrying(",
    tests: ["tests/models/retry_edges_test.ts"],
  },
  {
    id: "models-retry-refused-logged",
    bug: "retries: a retry the breaker refused lists the last failure twice",
    file: "src/models/_execute.ts",
    find:
      '    if (!next.ok && next.kind === "unavailable") break;\n    log.push(outcome);',
    replace:
      '    log.push(outcome);\n    if (!next.ok && next.kind === "unavailable") break;',
    tests: ["tests/models/retry_edges_test.ts"],
  },
  {
    id: "models-stream-tooluse-commit",
    bug: "streams: a tool_use chunk does not commit the stream",
    file: "src/models/streaming/_chunks.ts",
    find: 'return chunk.type === "content" || chunk.type === "tool_use";',
    replace: 'return chunk.type === "content";',
    tests: ["tests/models/stream_test.ts"],
  },
  {
    id: "models-cohere-complete-tools",
    bug: "Cohere: COMPLETE with a tool call is stop, not tool_calls",
    file: "src/models/adapters/cohere.ts",
    find: '  if (mapped === "stop" && hasToolCalls) return "tool_calls";\n',
    replace: "",
    tests: ["tests/models/adapters/cohere_test.ts"],
  },
  {
    id: "models-openai-rate-limit-case",
    bug:
      "OpenAI-compatible: a mid-stream rate limit in upper case is a PROVIDER_ERROR",
    file: "src/models/adapters/_openai_wire.ts",
    find: "const RATE_LIMIT = /rate[_ -]?limit|(?:^|\\s)429(?:\\s|$)/i;",
    replace: "const RATE_LIMIT = /rate_limit/;",
    tests: ["tests/models/adapters/openai_test.ts"],
  },
  {
    id: "models-fb-none-primary-error",
    bug:
      "fallback none: the first choice's own error object is replaced by its AdapterError",
    file: "src/models/fallback/run.ts",
    find: "throw first.thrown instanceof Error ? first.thrown : first.error;",
    replace: "throw first.error;",
    tests: ["tests/models/fallback/policy_suite_test.ts"],
  },
  {
    id: "models-bs-success-cooldown",
    bug: "cooldown: a success does not end a backend's failure cooldown",
    file: "src/models/_backend_state.ts",
    find: "      this.#failStreak = 0;\n      this.#coolUntil = 0;",
    replace: "      this.#failStreak = 0;",
    tests: ["tests/models/hardening_test.ts"],
  },
  {
    id: "models-exec-deadline-start",
    bug: "deadline: a fallback backend starts after the deadline has passed",
    file: "src/models/_execute.ts",
    find:
      "      budget !== undefined && parts.settings.clock() >= budget.deadlineAt\n    ) return",
    replace:
      "      budget !== undefined && parts.settings.clock() > Infinity\n    ) return",
    tests: ["tests/models/retry_edges_test.ts"],
  },
  {
    id: "models-chunk-retry-after",
    bug:
      "streams: an error chunk's retryAfter is dropped (no cooldown for an in-band 429)",
    // The site moved to _stream_failure.ts when an error chunk came to
    // carry the whole failure.
    file: "src/models/_stream_failure.ts",
    find: `...(typeof raw?.retryAfter === "number" && raw.retryAfter >= 0`,
    replace: `...(false`,
    tests: ["tests/models/retry_edges_test.ts"],
  },
  {
    id: "models-openai-stop-tools",
    bug: "OpenAI-compatible: a tool call with finish_reason stop stays stop",
    file: "src/models/adapters/_openai_wire.ts",
    find: '  if (mapped === "stop" && hasToolCalls) return "tool_calls";\n',
    replace: "",
    tests: ["tests/models/adapters/openai_test.ts"],
  },
  {
    id: "sse-space",
    bug: "SSE: the space after `data:` is kept in the value",
    file: "src/models/adapters/_sse.ts",
    find: `value = line.charCodeAt(colon + 1) === 32`,
    replace: `value = line.charCodeAt(colon + 1) === 33`,
    tests: ADAPTER_TESTS,
  },
  {
    id: "sse-multiline",
    bug: "SSE: several data lines of one event are joined without \\n",
    file: "src/models/adapters/_sse.ts",
    find: `data: this.#data.join("\\n"),`,
    replace: `data: this.#data.join(""),`,
    tests: ADAPTER_TESTS,
  },
  {
    id: "sse-lone-cr",
    bug: "SSE: a lone CR does not end a line",
    file: "src/models/adapters/_lines.ts",
    find: `if (code !== 10 && code !== 13) continue;`,
    replace: `if (code !== 10) continue;`,
    tests: ADAPTER_TESTS,
  },
  {
    id: "percentile-floor",
    bug: "stats: nearest rank rounded down (p50 of 10, 20, 30 is 10)",
    file: "src/models/_stats.ts",
    find: `Math.ceil((p / 100) * this.#size)`,
    replace: `Math.floor((p / 100) * this.#size)`,
    tests: ["tests/models/breaker_stats_test.ts"],
  },
  {
    id: "percent-decode-surrogate",
    bug: "percentDecode: UTF-8-encoded surrogates (ED A0..BF) decoded",
    file: "src/convert/_percent_decode.ts",
    find: `if (first === 0xed) high = 0x9f;`,
    replace: `if (first === 0xed) high = 0xbf;`,
    tests: ["tests/convert/percent_decode_test.ts"],
  },
  // Survivors of the generated sample (seed 20261128), each killed by a test
  // written for it: they stay caught.
  {
    id: "base64-group-start",
    bug: "base64: a dangling character's offset points into the previous group",
    file: "src/_base64.ts",
    find: `if (count % 4 === 0) groupStart = i;`,
    replace: `if (count % 4 !== 0) groupStart = i;`,
    tests: CONVERT_MUTANT_TESTS,
  },
  {
    id: "curl-basic-ignored",
    bug: "curl parser: --basic warned as an ignored option",
    file: "src/convert/_curl_auth.ts",
    find: `cmd.auth = "basic";
      return true;`,
    replace: `cmd.auth = "basic";
      return false;`,
    tests: CONVERT_MUTANT_TESTS,
  },
  {
    id: "curl-range-upload-code",
    bug: "curl parser: the -r with -T warning loses its code",
    file: "src/convert/_curl_parse.ts",
    find: `"FILE_REFERENCE",
      range.written,`,
    replace: `"",
      range.written,`,
    tests: CONVERT_MUTANT_TESTS,
  },
  {
    id: "fetch-headers-configurable",
    bug: "fetch.fromRequest: headers the caller cannot delete",
    file: "src/convert/_fetch_code.ts",
    find: `configurable: true,`,
    replace: `configurable: false,`,
    tests: CONVERT_MUTANT_TESTS,
  },
  {
    id: "har-null-value",
    bug: "HAR reader: a null name/value value refused",
    file: "src/convert/_har_read.ts",
    find: `item.value === undefined || item.value === null`,
    replace: `item.value === undefined && item.value === null`,
    tests: CONVERT_MUTANT_TESTS,
  },
  {
    id: "fetch-code-escape-nine",
    bug: "fetch code reader: \\9 read as 9",
    file: "src/convert/_js_literal_read.ts",
    find: `c >= "1" && c <= "9"`,
    replace: `c >= "1" && c < "9"`,
    tests: CONVERT_MUTANT_TESTS,
  },
  {
    id: "utf8-length-pair",
    bug: "getByteSize: any unit after a high surrogate taken as its pair",
    file: "src/convert/_utf8.ts",
    find: `next >= 0xdc00 && next <= 0xdfff`,
    replace: `next >= 0xdc00 || next <= 0xdfff`,
    tests: CONVERT_MUTANT_TESTS,
  },
  {
    id: "percent-decode-f0",
    bug: "percentDecode: F0's overlong bound applied to F1-F4",
    file: "src/convert/_percent_decode.ts",
    find: `if (first === 0xf0) low = 0x90;`,
    replace: `if (first !== 0xf0) low = 0x90;`,
    tests: CONVERT_MUTANT_TESTS,
  },
  {
    id: "error-code-value",
    bug: "ConversionErrorCode: a constant's value is not its name",
    file: "src/convert/errors.ts",
    find: `INVALID_REQUEST_LINE: "INVALID_REQUEST_LINE",`,
    replace: `INVALID_REQUEST_LINE: "",`,
    tests: CONVERT_MUTANT_TESTS,
  },
  {
    id: "random-rng-ignored",
    bug: "random: the caller's rng ignored",
    file: "src/convert/random.ts",
    find: `if (options?.rng) return options.rng;`,
    replace: `if (options?.rng) options.rng;`,
    tests: CONVERT_MUTANT_TESTS,
  },
  {
    id: "stringify-refusal-kind",
    bug: "stringify: the refusal of a non-object names the wrong kind",
    file: "src/convert/string.ts",
    find: `message === null ? "null" : typeof message`,
    replace: `message !== null ? "null" : typeof message`,
    tests: CONVERT_MUTANT_TESTS,
  },
  {
    id: "router-cache-exact-size",
    bug: "template router: a body of exactly maxEntryBytes not cached",
    file: "src/router/_cache.ts",
    find: `entry.bytes.byteLength > this.#maxEntryBytes`,
    replace: `entry.bytes.byteLength >= this.#maxEntryBytes`,
    tests: ROUTER_MUTANT_TESTS,
  },
  {
    id: "router-html-type-case",
    bug: "template router: Text/HTML not escaped",
    file: "src/router/_escape.ts",
    find: `.trim().toLowerCase();`,
    replace: `.trim();`,
    tests: ROUTER_MUTANT_TESTS,
  },
  {
    id: "router-header-name-blanks",
    bug: "template router: blanks around a header name refused",
    file: "src/router/_render.ts",
    find: `const name = text.slice(0, colon).trim();`,
    replace: `const name = text.slice(0, colon);`,
    tests: ROUTER_MUTANT_TESTS,
  },
  {
    id: "router-escape-gt-only",
    bug: "template router: a substitution of only > left unescaped",
    file: "src/router/markup.ts",
    find: `code === 38 || code === 60 || code === 62`,
    replace: `code === 38 || code === 60 || code !== 62`,
    tests: ROUTER_MUTANT_TESTS,
  },
  {
    id: "router-absolute-request-line",
    bug: "template router: a request line of only a URL refused",
    file: "src/router/message.ts",
    find: `if (words.length === 1 && /^`,
    replace: `if (words.length !== 1 && /^`,
    tests: ROUTER_MUTANT_TESTS,
  },
  {
    id: "limits-reset-zero",
    bug: "rate limits: a full bucket's reset header written 0ms, not 0s",
    file: "src/gateway/rate_limit.ts",
    find: `if (ms <= 0) return "0s";`,
    replace: `if (ms < 0) return "0s";`,
    tests: ["tests/gateway/rate_limit_mutants_test.ts"],
  },
  {
    id: "limits-reset-one-second",
    bug: "rate limits: a reset of exactly one second written 1000ms",
    file: "src/gateway/rate_limit.ts",
    find: `if (ms < 1000)`,
    replace: `if (ms < 1001)`,
    tests: ["tests/gateway/rate_limit_mutants_test.ts"],
  },
  {
    id: "limits-shared-prefix",
    bug: "shared rate limits: an empty key prefix replaced by the default",
    file: "src/gateway/shared_rate_limit_store.ts",
    find: `options.prefix ?? "ratelimit:"`,
    replace: `options.prefix || "ratelimit:"`,
    tests: ["tests/gateway/rate_limit_mutants_test.ts"],
  },
  {
    id: "limits-shared-one-warning",
    bug: "shared rate limits: one outage warned once per request in flight",
    file: "src/gateway/shared_rate_limit_store.ts",
    find: `if (!this.#up) return;`,
    replace: `;`,
    tests: ["tests/gateway/rate_limit_mutants_test.ts"],
  },
  {
    id: "fleet-one-warning",
    bug: "fleet store: store-unavailable warned at every refused call",
    file: "src/models/_fleet.ts",
    find: `if (!this.#up) return;`,
    replace: `;`,
    tests: ["tests/models/stores/fleet_mutants_test.ts"],
  },
  {
    id: "fleet-idle-writes",
    bug: "fleet store: an idle Router sends an empty counter write per backend",
    file: "src/models/_fleet.ts",
    find: `  #dirty = false;`,
    replace: `  #dirty = true;`,
    tests: ["tests/models/stores/fleet_mutants_test.ts"],
  },
  {
    id: "fleet-sync-refused-read",
    bug: "fleet store: a read refused synchronously stops every later read",
    file: "src/models/_fleet.ts",
    find: `if (!this.#up) this.#reading = false;`,
    replace: `if (!this.#up) this.#reading = true;`,
    tests: ["tests/models/stores/fleet_mutants_test.ts"],
  },
  {
    id: "models-content-parts",
    bug: "model router: an answer with content parts taken as malformed",
    file: "src/models/_util.ts",
    find: `!Array.isArray(content)`,
    replace: `Array.isArray(content)`,
    tests: ["tests/models/core_mutants_test.ts"],
  },
  {
    id: "models-thrown-named",
    bug: "model router: a thrown string or message-less Error not named",
    file: "src/models/_util.ts",
    find: `if (value instanceof Error) {`,
    replace: `if (!(value instanceof Error)) {`,
    tests: ["tests/models/core_mutants_test.ts"],
  },
  {
    id: "models-single-model-translation",
    bug:
      "model router: a single-model backend passed a model it does not serve",
    file: "src/models/_translate.ts",
    find: `served.length > 0`,
    replace: `served.length > 1`,
    tests: ["tests/models/core_mutants_test.ts"],
  },
  {
    id: "limits-shared-timeout-default",
    bug:
      "shared rate limits: no default timeout, so any store latency is an outage",
    file: "src/gateway/shared_rate_limit_store.ts",
    find: `options.timeoutMs ?? 100`,
    replace: `options.timeoutMs`,
    tests: ["tests/gateway/rate_limit_mutants_test.ts"],
  },
  {
    id: "fleet-late-refusal-repaid",
    bug:
      "fleet store: a probe's report refused after the store came back is never resent",
    file: "src/models/_fleet.ts",
    find: `if (fleet.up) this.repay();`,
    replace: `if (!fleet.up) this.repay();`,
    tests: ["tests/models/stores/fleet_mutants_test.ts"],
  },
  {
    id: "router-cors-empty-allow-headers",
    bug: "cors: allowHeaders [] echoes every header a preflight asks for",
    file: "src/router/cors.ts",
    find: `const allowed = init.allowHeaders?.join(", ") ?? asked;`,
    replace: `const allowed = init.allowHeaders?.join(", ") || asked;`,
    tests: ["tests/router/router_fresh_mutants_test.ts"],
  },
  {
    id: "router-cache-head-length",
    bug: "router cache: a cached HEAD past 1 MiB loses its Content-Length",
    file: "src/router/_cache.ts",
    find: `headers: request.method === "HEAD"`,
    replace: `headers: request.method !== "HEAD"`,
    tests: ["tests/router/router_fresh_mutants_test.ts"],
  },
  {
    id: "router-cancel-before-read",
    bug:
      "template router: a body cancelled before its first read leaks its stream",
    file: "src/router/_render.ts",
    find: `reader?.cancel(reason).catch(noop);`,
    replace: `reader.cancel(reason).catch(noop);`,
    tests: ["tests/router/router_fresh_mutants_test.ts"],
  },
  {
    id: "curl-header-lone-semicolon",
    bug: "curl: -H ';' taken as a header with an empty name",
    file: "src/convert/_curl_arguments.ts",
    find: `if (semicolon > 0 && semicolon === raw.length - 1) {`,
    replace: `if (semicolon >= 0 && semicolon === raw.length - 1) {`,
    tests: ["tests/convert/convert_fresh_mutants_test.ts"],
  },
  {
    id: "cli-path-dot-segments",
    bug: "command: ./ and empty segments kept in a file path",
    file: "src/cli/_runtime.ts",
    find: `if (segment === "" || segment === ".") continue;`,
    replace: `if (segment === "" || segment === ".") ;`,
    tests: ["tests/cli/cli_mutants_test.ts"],
  },
  {
    id: "convert-header-semicolon-case",
    bug:
      "curl: -H 'Accept;' in capitals no longer replaces the header --json adds",
    file: "src/convert/_curl_arguments.ts",
    find: `sendableHeader(name, "", at);
      cmd.customNames.add(name.toLowerCase());`,
    replace: `sendableHeader(name, "", at);
      cmd.customNames.add(name);`,
    tests: ["tests/convert/convert_open_mutants_test.ts"],
  },
  {
    id: "convert-detect-unclosed-quote",
    bug: "detectType: a text opening a quote it never closes called curl",
    file: "src/convert/_curl_words.ts",
    find: `  } catch {
    return false;
  }
  const program = words[programIndex(input, words)];`,
    replace: `  } catch {
    return true;
  }
  const program = words[programIndex(input, words)];`,
    tests: ["tests/convert/convert_open_mutants_test.ts"],
  },
  {
    id: "convert-markup-leaf-over-budget",
    bug:
      "parseBody: a short leaf element whose line passes the budget does not end the formatting, so markup ending in one formats past the bound",
    file: "src/convert/_markup_format.ts",
    find: `if (!line(pad() + token.text + text.text.trim() + close.text)) {
          return OVER_BUDGET;`,
    replace: `if (!line(pad() + token.text + text.text.trim() + close.text)) {
          ;`,
    tests: ["tests/convert/convert_open_mutants_test.ts"],
  },
  {
    id: "convert-curl-final-cr",
    bug:
      "curl: a lone CR at the end of the command kept in the last word, so the URL is refused",
    file: "src/convert/_curl_words.ts",
    find: `(c === "\\r" && i + 1 === input.length)`,
    replace: `(c === "\\r" && i === input.length)`,
    tests: ["tests/convert/convert_late_draw_test.ts"],
  },
  {
    id: "convert-go-fragment-as-path",
    bug:
      "Go code: the fragment respelled by the path's rules, its # encoded into the query",
    file: "src/convert/targets/_go.ts",
    find: `goPathPart(fragment, false);`,
    replace: `goPathPart(fragment, true);`,
    tests: ["tests/convert/convert_late_draw_test.ts"],
  },
  {
    id: "convert-go-host-twice",
    bug:
      "Go code: a Host header also set in req.Header, a line net/http ignores",
    file: "src/convert/targets/go_net_http.ts",
    find: `code += \`\\treq.Host = \${goString(value)}\\n\`;
      continue;`,
    replace: `code += \`\\treq.Host = \${goString(value)}\\n\`;`,
    tests: ["tests/convert/convert_late_draw_test.ts"],
  },
  {
    id: "convert-random-body-no-options",
    bug: "randomBody() without options throws a TypeError",
    file: "src/convert/random.ts",
    find: `options?.method ?? "POST"`,
    replace: `options.method ?? "POST"`,
    tests: ["tests/convert/convert_late_draw_test.ts"],
  },
  {
    id: "cli-redis-error-listener",
    bug:
      "command: no listener for the Redis client's errors, so it stops reconnecting at the first refusal",
    file: "src/cli/_redis.ts",
    find: `client.on("error", () => {});`,
    replace: `;`,
    tests: ["tests/cli/redis_command_test.ts"],
  },
  {
    id: "cli-runner-watch-unchanged-parent",
    bug:
      "command: an unchanged parent taken for a gone runner, so it stops a second after starting",
    file: "src/cli/_runner_watch.ts",
    find: `if (p !== parent ||`,
    replace: `if (p === parent ||`,
    tests: ["tests/cli/runner_watch_test.ts"],
  },
  {
    id: "cli-runner-watch-left-running",
    bug:
      "runGateway: the runner watch left running after it returns, so an embedding program never ends",
    file: "src/cli/gateway.ts",
    find: `    removeListeners();
    runner.stop();`,
    replace: `    removeListeners();`,
    tests: ["tests/cli/embedded_gateway_test.ts"],
  },
  {
    id: "cli-config-lenient-utf8",
    bug: "command: a config file that is not UTF-8 read with U+FFFD in it",
    file: "src/cli/gateway.ts",
    find: `new TextDecoder("utf-8", { fatal: true, ignoreBOM: false })`,
    replace: `new TextDecoder("utf-8", { fatal: false, ignoreBOM: false })`,
    tests: ["tests/cli/gateway_startup_test.ts"],
  },
  {
    id: "cli-drain-env-ignored",
    bug: "command: SWITCHYARD_DRAIN_MS ignored",
    file: "src/cli/gateway.ts",
    find: `drainFlag ?? setting("SWITCHYARD_DRAIN_MS")`,
    replace: `drainFlag`,
    tests: ["tests/cli/gateway_startup_test.ts"],
  },
  {
    id: "cli-node-port-in-use",
    bug: "command on Node: EADDRINUSE not recognised as a port in use",
    file: "src/cli/gateway.ts",
    find: `|| code === "EADDRINUSE"`,
    replace: ``,
    tests: ["tests/cli/node_listen_test.ts"],
  },
  {
    id: "convert-empty-ansi-c-word",
    bug: "curl: $'' is no word, so -d $'' URL takes the URL as its data",
    file: "src/convert/_curl_words.ts",
    find: `if (parts.length === pushed) parts.push("");`,
    replace: ``,
    tests: ["tests/convert/convert_open_mutants_test.ts"],
  },
  {
    id: "cli-backends-list-empty-model",
    bug: 'backends-only config list: defaultModel "" accepted',
    file: "src/gateway/env_backends.ts",
    find: `if (defaultModel === "") {`,
    replace: `if (defaultModel === "" && false) {`,
    tests: ["tests/cli/gateway_startup_test.ts"],
  },
  {
    id: "cli-empty-port-unset",
    bug: "command: an empty PORT refused instead of counting as unset",
    file: "src/cli/gateway.ts",
    find: `const setting = (name: string) => runtime.env(name) || undefined;`,
    replace: `const setting = (name: string) => runtime.env(name);`,
    tests: ["tests/cli/gateway_startup_test.ts"],
  },
  {
    id: "router-pattern-trailing-backslash",
    bug: "router: a pattern ending in \\ drops its last segment",
    file: "src/router/_pattern.ts",
    find: `if (i + 1 < source.length) i++;`,
    replace: `i++;`,
    tests: ["tests/router/router_fresh_mutants_test.ts"],
  },
  {
    id: "adapter-finish-reason-prototype",
    bug:
      "OpenAI adapter: finish_reason constructor answered as Object's function",
    file: "src/models/adapters/_openai_wire.ts",
    find:
      `typeof raw === "string" && Object.hasOwn(FINISH_REASONS, raw)\n    ? FINISH_REASONS[raw]\n    : undefined;`,
    replace: `typeof raw === "string" ? FINISH_REASONS[raw] : undefined;`,
    tests: ADAPTER_MUTANT_TESTS,
  },
  {
    id: "adapter-late-answer-unhandled",
    bug:
      "adapters: a late bodiless answer after an abort throws in a callback nobody awaits (unhandled rejection)",
    file: "src/models/adapters/_body.ts",
    find: `if (!isResponseLike(value) || value.body === null) return;`,
    replace: `if (!isResponseLike(value)) return;`,
    tests: ADAPTER_MUTANT_TESTS,
  },
  {
    id: "gateway-metrics-bucket-le",
    bug: "metrics: a latency equal to a bucket bound left out of that bucket",
    file: "src/gateway/metrics.ts",
    find: `if (seconds <= LATENCY_BUCKETS[i])`,
    replace: `if (seconds < LATENCY_BUCKETS[i])`,
    tests: GATEWAY_MUTANT_TESTS,
  },
  {
    id: "gateway-lone-failure-status",
    bug: "errors: an aborted request answered 502 instead of 499",
    file: "src/gateway/errors.ts",
    find: `error.code === "ALL_BACKENDS_FAILED" && all.length === 1`,
    replace: `error.code === "ALL_BACKENDS_FAILED" || all.length === 1`,
    tests: GATEWAY_MUTANT_TESTS,
  },
  {
    id: "listener-close-aborts-handler",
    bug:
      "serveGateway: a connection closed under a working handler does not abort its request.signal",
    file: "src/serve/_deno_server.ts",
    find: `c.abort?.abort(new Error("connection closed"));`,
    replace: `;`,
    tests: LISTENER_MUTANT_TESTS,
  },
  // Code-generation targets: the first two are wire bugs the seeded property
  // test found (it runs the generated code), the others the refusals'.
  {
    id: "code-node-http-unframed-body",
    bug:
      "node:http target: no Content-Length, so Node sends a GET body unframed and a header list's body chunked",
    file: "src/convert/targets/node_http.ts",
    find: `  if (!framed) {`,
    replace: `  if (false) {`,
    tests: CODE_WIRE_TESTS,
  },
  {
    id: "code-axios-json-string-body",
    bug:
      "axios target: a body under a JSON type goes through axios' default transform (trimmed, or JSON-encoded when it is not JSON)",
    file: "src/convert/targets/node_axios.ts",
    find: `if (isJsonType(contentType) && !sentAsIs(request.body)) {`,
    replace: `if (false) {`,
    tests: CODE_WIRE_TESTS,
  },
  {
    id: "code-python-latin1-text",
    bug:
      "Python targets: non-ASCII text written as a str, which http.client sends as Latin-1",
    file: "src/convert/targets/_python.ts",
    find: "isNonAscii(value) ? `${pyString(value)}.encode()` : pyString(value)",
    replace: "pyString(value)",
    tests: CODE_TESTS,
  },
  {
    id: "code-requests-upper-cased-method",
    bug:
      "requests target: a lower-case method written as is, which requests sends upper-cased",
    file: "src/convert/targets/python_requests.ts",
    find: `upperCasesMethod: true,`,
    replace: `upperCasesMethod: false,`,
    tests: CODE_TESTS,
  },
  {
    id: "code-fetch-get-body",
    bug: "fetch target: a body on GET, which fetch() rejects at run time",
    file: "src/convert/targets/fetch.ts",
    find:
      `if (request.body !== undefined && (method === "GET" || method === "HEAD")) {`,
    replace: `if (false) {`,
    tests: CODE_TESTS,
  },
  {
    id: "code-ruby-hash-interpolation",
    bug:
      "Ruby target: # left bare in a double-quoted literal, so #{…}, #$x and #@x in a value run as Ruby",
    file: "src/convert/targets/_ruby.ts",
    find: `  "#": "\\\\#",`,
    replace: `  "#": "#",`,
    tests: RUBY_JAVA_TESTS,
  },
  {
    id: "code-java-unicode-line-break",
    bug:
      "Java target: a line feed written as \\u000a, which javac turns into a real line break inside the literal",
    file: "src/convert/targets/_java.ts",
    find: `  "\\n": "\\\\n",\n`,
    replace: ``,
    tests: RUBY_JAVA_TESTS,
  },
  {
    id: "code-java-non-ascii-header",
    bug:
      'Java target: a non-ASCII header value written as is, which HttpClient sends as "?"',
    file: "src/convert/targets/java_http_client.ts",
    find: `if (isNonAscii(value)) {`,
    replace: `if (false) {`,
    tests: RUBY_JAVA_TESTS,
  },
  {
    id: "fleet-claim-ticket-zero",
    bug: "fleet store: a probe claim of ticket 0 taken as refused",
    file: "src/models/_fleet.ts",
    find: `if (ticket < 0) return;`,
    replace: `if (ticket <= 0) return;`,
    tests: ["tests/models/stores/fleet_ticket_zero_test.ts"],
  },
  {
    id: "fleet-owed-at-dispose",
    bug: "fleet store: a refused probe report is lost at dispose()",
    file: "src/models/_fleet.ts",
    find:
      `if (owed !== undefined) fleet.last(() => owed.op(fleet.settings.now()));`,
    replace: `if (owed !== undefined) void owed;`,
    tests: ["tests/models/stores/fleet_mutants_test.ts"],
  },
  {
    id: "fleet-unlink",
    bug:
      "fleet store: an unregistered backend is still read every syncInterval",
    file: "src/models/_fleet.ts",
    find: `if (this.#links.get(key) === link) this.#links.delete(key);`,
    replace: `if (this.#links.get(key) === link) void link;`,
    tests: ["tests/models/stores/fleet_mutants_test.ts"],
  },
  {
    id: "redis-unknown-state",
    bug: "Redis store: a breaker state code it does not know read as undefined",
    file: "src/models/stores/redis.ts",
    find: `state: STATES[num(s)] ?? "closed",`,
    replace: `state: STATES[num(s)],`,
    tests: ["tests/models/stores/redis_replies_test.ts"],
  },
  {
    id: "models-tool-parts",
    bug:
      "capability routing: a turn with tool parts but no tools list sent to a backend without tools",
    file: "src/models/routing/_capabilities.ts",
    find: `          tools = true;`,
    replace: `          tools = false;`,
    tests: ["tests/models/core_mutants_test.ts"],
  },
  {
    id: "adapters-anthropic-no-content",
    bug:
      "Anthropic adapter: a message without content crashes instead of INVALID_RESPONSE",
    file: "src/models/adapters/_anthropic_answer.ts",
    find: `if (!isRecord(json) || !Array.isArray(json.content)) {`,
    replace: `if (!isRecord(json) && !Array.isArray(json.content)) {`,
    tests: ["tests/models/adapters/answer_edges_test.ts"],
  },
  {
    id: "adapters-error-body-abort",
    bug:
      "HTTP adapters: an error body that breaks off answered as a network error",
    file: "src/models/adapters/_http.ts",
    find: `if (scope.signal.aborted) {`,
    replace: `if (!scope.signal.aborted) {`,
    tests: ["tests/models/adapters/answer_edges_test.ts"],
  },
  {
    id: "adapters-together-stream-usage",
    bug:
      "OpenAI-compatible presets: Together stops asking for the usage chunk, so its streams go unpriced",
    file: "src/models/adapters/openai.ts",
    find:
      `    local: false,\n    includeStreamUsage: true,\n    docs: "https://docs.together.ai`,
    replace:
      `    local: false,\n    includeStreamUsage: false,\n    docs: "https://docs.together.ai`,
    tests: ADAPTER_MUTANT_TESTS,
  },
  {
    id: "adapters-anthropic-block-index",
    bug:
      "Anthropic stream: every block read as index 0, a lost block's arguments glued onto another tool call",
    file: "src/models/adapters/_anthropic_answer.ts",
    find: `const index = typeof json.index === "number" ? json.index : 0;`,
    replace: `const index = typeof json.index !== "number" ? json.index : 0;`,
    tests: ADAPTER_FRESH_TESTS,
  },
  {
    id: "adapters-error-top-level-message",
    bug:
      "HTTP adapters: a {message} or {detail} error body reported as raw JSON, not its text",
    file: "src/models/adapters/_errors.ts",
    find: `if (typeof body.message === "string") return body.message;`,
    replace: `if (typeof body.message !== "string") return body.message;`,
    tests: ADAPTER_FRESH_TESTS,
  },
  {
    id: "adapters-gemini-boolean-subschema",
    bug:
      "Gemini: a tool schema with a boolean subschema sent as parameters (Gemini answers 400)",
    file: "src/models/adapters/_gemini_schema.ts",
    find: `if (!isRecord(schema)) return false;`,
    replace: `if (!isRecord(schema)) return true;`,
    tests: ADAPTER_FRESH_TESTS,
  },
  {
    id: "adapters-body-read-abort",
    bug:
      "HTTP adapters: a caller's abort during a pending body read never settles the call",
    file: "src/models/adapters/_lines.ts",
    find: `if (signal === undefined) return await reader.read();`,
    replace: `if (!(signal === undefined)) return await reader.read();`,
    tests: ADAPTER_FRESH_TESTS,
  },
  {
    id: "adapters-ollama-text-format",
    bug: "Ollama: response_format text (the default) reported as dropped",
    file: "src/models/adapters/_toward_native.ts",
    find:
      `    if (!isRecord(value) || value.type === "text") return;\n    if (value.type === "json_object") return offer(out, "format", "json");`,
    replace:
      `    if (!isRecord(value) || value.type === "text") ;\n    if (value.type === "json_object") return offer(out, "format", "json");`,
    tests: ADAPTER_FRESH_TESTS,
  },
  {
    id: "adapters-anthropic-schemaless-format",
    bug:
      "toward Anthropic: a json_schema response_format without a schema sent as an empty output format",
    file: "src/models/adapters/_toward_wire.ts",
    find: `if (value.type !== "json_schema" || !isRecord(spec?.schema)) {`,
    replace: `if (value.type !== "json_schema" && !isRecord(spec?.schema)) {`,
    tests: ADAPTER_FRESH_TESTS,
  },
  {
    id: "adapters-output-config-toward-openai",
    bug:
      "toward OpenAI: Anthropic's output_config json_schema dropped instead of becoming response_format",
    file: "src/models/adapters/_toward_wire.ts",
    find: `if (format.type === "json_schema" && isRecord(format.schema)) {`,
    replace: `if (format.type === "" && isRecord(format.schema)) {`,
    tests: ADAPTER_FRESH_TESTS,
  },
  {
    id: "adapters-cached-system-text",
    bug:
      "Anthropic adapter: a system text marked for caching is left out of the system blocks",
    file: "src/models/adapters/_anthropic_request.ts",
    find: `partsOf(message.content).filter((part) => part.type === "text")`,
    replace: `partsOf(message.content).filter((part) => part.type !== "text")`,
    tests: ADAPTER_FRESH_TESTS,
  },
  {
    id: "adapters-data-url-base64-flag",
    bug:
      "data: URLs: a media type named base64 read as the base64 flag (RFC 2397)",
    file: "src/models/adapters/_ir.ts",
    find: `if (meta.length > 1 && meta[meta.length - 1] === "base64") {`,
    replace: `if (meta.length >= 1 && meta[meta.length - 1] === "base64") {`,
    tests: ADAPTER_FRESH_TESTS,
  },
  {
    id: "adapters-logprob-without-number",
    bug: "OpenAI answers: a logprob entry without a number passed on as null",
    file: "src/models/adapters/_openai_details.ts",
    find: `      !isRecord(item) || typeof item.token !== "string" ||`,
    replace: `      !isRecord(item) || typeof item.token !== "string" &&`,
    tests: ADAPTER_FRESH_TESTS,
  },
  {
    id: "adapters-thinking-effort-bound",
    bug:
      "toward OpenAI: a 4096-token thinking budget read as low effort, not medium",
    file: "src/models/adapters/_toward_wire.ts",
    find: `return budget < 4096 ? "low"`,
    replace: `return budget < 4097 ? "low"`,
    tests: ADAPTER_FRESH_TESTS,
  },
  {
    id: "adapters-client-beta-names",
    bug:
      "Anthropic adapter: the client's anthropic-beta names dropped, an empty one sent",
    file: "src/models/adapters/anthropic.ts",
    find: `if (trimmed !== "") names.add(trimmed);`,
    replace: `if (!(trimmed !== "")) names.add(trimmed);`,
    tests: ADAPTER_FRESH_TESTS,
  },
  {
    id: "adapters-registry-ollama-local",
    bug: "provider registry: Ollama listed as a hosted (priced) provider",
    file: "src/models/adapters/registry.ts",
    find: `    requiresKey: false,\n    local: true,`,
    replace: `    requiresKey: false,\n    local: false,`,
    tests: ADAPTER_FRESH_TESTS,
  },
  {
    id: "gateway-responses-refusal-part",
    bug:
      "responses: an assistant turn replayed with its refusal part is refused as not text",
    file: "src/gateway/_responses_request.ts",
    find:
      `if (isRecord(part) && part.type === "refusal") return String(part.refusal);`,
    replace:
      `if (isRecord(part) && part.type === "refusal") String(part.refusal);`,
    tests: GATEWAY_FRESH_TESTS,
  },
  {
    id: "gateway-responses-missing-output",
    bug:
      "responses: a function_call_output without output is sent on as an invented tool result",
    file: "src/gateway/_responses_request.ts",
    find: `if (item.output === undefined || item.output === null) {`,
    replace: `if (item.output === undefined && item.output === null) {`,
    tests: GATEWAY_FRESH_TESTS,
  },
  {
    id: "gateway-responses-store-false",
    bug:
      "responses: a translated answer says store: true though the gateway keeps no responses",
    file: "src/gateway/_responses_response.ts",
    find: `store: false,`,
    replace: `store: true,`,
    tests: GATEWAY_FRESH_TESTS,
  },
  {
    id: "gateway-loopback-case",
    bug: "config: HOST=LOCALHOST is not seen as loopback and needs keys",
    file: "src/gateway/config.ts",
    find: `const bare = host.trim().toLowerCase().replace`,
    replace: `const bare = host.trim().replace`,
    tests: GATEWAY_FRESH_TESTS,
  },
  {
    id: "listener-failed-body-not-delivered",
    bug:
      "serve: an answer whose body fails before a byte settles completed as delivered",
    file: "src/serve/_deno_server.ts",
    find:
      `await refuse(c, plainAnswer(500), bodyDone ? 0 : lingerMs);\n      delivered(false);`,
    replace:
      `await refuse(c, plainAnswer(500), bodyDone ? 0 : lingerMs);\n      delivered(true);`,
    tests: SERVE_MUTANT_TESTS,
  },
  {
    id: "gateway-responses-zero-top-p",
    bug: "responses: a top_p of 0 is echoed as null (not set)",
    file: "src/gateway/_responses_response.ts",
    find: `top_p: body.top_p ?? null,`,
    replace: `top_p: body.top_p || null,`,
    tests: GATEWAY_FRESH_TESTS,
  },
  {
    id: "gateway-responses-calls-only",
    bug:
      "responses: an answer of one tool call gets an empty message item before it",
    file: "src/gateway/_responses_response.ts",
    find: `      calls.length > 0`,
    replace: `      calls.length > 1`,
    tests: GATEWAY_FRESH_TESTS,
  },
  {
    id: "gateway-unknown-route-type",
    bug: "routes: an unknown route's 404 has an empty error type",
    file: "src/gateway/_routes.ts",
    find: `type: "invalid_request_error",\n      message: \`Unknown route`,
    replace: `type: "",\n      message: \`Unknown route`,
    tests: GATEWAY_FRESH_TESTS,
  },
  {
    id: "gateway-console-admin-keys",
    bug: "admin console: keys made through the admin API are left out",
    file: "src/gateway/_console_data.ts",
    find: `for (const key of runtimeKeys) add(key.id, "admin", key);`,
    replace: `for (const key of runtimeKeys) ;`,
    tests: GATEWAY_FRESH_TESTS,
  },
  {
    id: "router-cook-arraybuffer",
    bug: "cook: an ArrayBuffer substitution renders as [object ArrayBuffer]",
    file: "src/router/template.ts",
    find: `if (value instanceof ArrayBuffer) return DECODER.decode(value);`,
    replace: `if (value instanceof ArrayBuffer) DECODER.decode(value);`,
    tests: ["tests/router/message_test.ts"],
  },
  {
    id: "listener-node-cancelled-body",
    bug:
      "node listener: a piece of a cancelled request body is pushed into the cancelled stream (throws in node:http's data event)",
    file: "src/serve/_node_server.ts",
    find: `        if (done) return;\n        received += chunk.byteLength;`,
    replace: `        ;\n        received += chunk.byteLength;`,
    tests: ["tests/serve/node_listener_test.ts"],
  },
  {
    id: "gateway-responses-tools-default",
    bug: "responses: an answer to a request without tools has no tools array",
    file: "src/gateway/_responses_response.ts",
    find: `tools: body.tools ?? [],`,
    replace: `tools: body.tools,`,
    tests: GATEWAY_FRESH_TESTS,
  },
  {
    id: "gateway-responses-empty-answer",
    bug: "responses: an empty answer has no output item at all",
    file: "src/gateway/_responses_response.ts",
    find: `      calls.length > 0`,
    replace: `      calls.length >= 0`,
    tests: GATEWAY_FRESH_TESTS,
  },
  {
    id: "listener-request-line-words",
    bug:
      "listener: a request line of four words is accepted (its last word ignored)",
    file: "src/serve/_http1.ts",
    find:
      `if (parts.length !== 3 || !TOKEN.test(parts[0]) || parts[1] === "") {`,
    replace:
      `if (parts.length !== 3 && !TOKEN.test(parts[0]) || parts[1] === "") {`,
    tests: ["tests/serve/http1_test.ts"],
  },
  {
    id: "gateway-stream-throw-error-event",
    bug:
      "sse: a stream that throws after it started ends without an error event (a cut answer looks whole)",
    file: "src/gateway/_sse.ts",
    find:
      `        controller.enqueue(utf8.encode(encoder.error(resolveError(error))));`,
    replace: `        ;`,
    tests: GATEWAY_FRESH_TESTS,
  },
  {
    id: "gateway-stream-timeout-stops",
    bug:
      "streams: requestTimeoutMs keeps running after the first output and cuts a long answer",
    file: "src/gateway/_stream_answer.ts",
    find: `  deadline.stopTimer();\n  outcome.firstOutputAt = ctx.now();`,
    replace: `  ;\n  outcome.firstOutputAt = ctx.now();`,
    tests: GATEWAY_FRESH_TESTS,
  },
  {
    id: "listener-chunked-end-return",
    bug:
      "listener: a chunked body read on past its trailers eats the next request",
    file: "src/serve/_http1.ts",
    find:
      `            return end(controller);\n          }\n        }\n        const piece`,
    replace:
      `            end(controller);\n          }\n        }\n        const piece`,
    tests: ["tests/serve/http1_test.ts"],
  },
  // Convert, eighth round (seed 20261160 and the bugs planted by hand
  // beside it), each caught by tests/convert/convert_eighth_round_test.ts.
  {
    id: "convert-round8-auth-bearer-beside-scheme",
    bug:
      "curl: --oauth2-bearer beside --digest or --basic still sends Bearer, where curl sends no credentials before a 401",
    file: "src/convert/_curl_auth.ts",
    find: `if (schemes.size === 1 && schemes.has("bearer")) {`,
    replace: `if (schemes.has("bearer")) {`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-har-cookie-untrimmed",
    bug: "HAR: a cookie without '=' keeps the blanks around its value",
    file: "src/convert/_har_cookies.ts",
    find: `{ name: "", value: text.trim() }`,
    replace: `{ name: "", value: text }`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-strict-url-astral",
    bug:
      "Ruby/Java code: a character outside the BMP is followed by U+FFFD's bytes in the URL",
    file: "src/convert/targets/_strict_url.ts",
    find: `if (code > 0xffff) i++;`,
    replace: `;`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-har-empty-text",
    bug:
      "HAR: an empty postData text hides its params, and alone reads as no body",
    file: "src/convert/_har_read.ts",
    find: `(text !== "" || params.length === 0)`,
    replace: `(text !== "" || params.length !== 0)`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-axios-json-encodes",
    bug:
      "axios code: a body that is not JSON under a JSON type is sent JSON-encoded",
    file: "src/convert/targets/node_axios.ts",
    find: `    JSON.parse(body);\n`,
    replace: ``,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-har-query-after-bare-mark",
    bug: "HAR: queryString pairs appended after a bare '?' as '?&a=1'",
    file: "src/convert/_har_form.ts",
    find: `const separator = question === -1 ? "?" : query === "" ? "" : "&";`,
    replace: `const separator = question === -1 ? "?" : "&";`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-har-query-empty-segment",
    bug: "HAR: an empty '&&' segment of the query listed as a nameless pair",
    file: "src/convert/_har_form.ts",
    find: `if (segment === "") continue;`,
    replace: `;`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-har-quoted-boundary",
    bug:
      "HAR: a quoted multipart boundary not read, so the body gets another one and the Content-Type is overwritten",
    file: "src/convert/_har_form.ts",
    find: `return match ? match[1] ?? match[2] : undefined;`,
    replace: `return match ? match[2] : undefined;`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-har-query-in-fragment",
    bug: "HAR: a '?' in the fragment read as the start of the query",
    file: "src/convert/_har_form.ts",
    find: `const withoutHash = hash === -1 ? url : url.slice(0, hash);`,
    replace: `const withoutHash = url;`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-json-hex-upper-f",
    bug:
      "parseBody: a \\u escape with an F is not JSON, so the body is shown as text",
    file: "src/convert/_json_format.ts",
    find: `(code >= 0x41 && code <= 0x46)`,
    replace: `(code >= 0x41 && code < 0x46)`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-json-hex-lower-f",
    bug:
      "parseBody: a \\u escape with an f is not JSON, so the body is shown as text",
    file: "src/convert/_json_format.ts",
    find: `(code >= 0x61 && code <= 0x66)`,
    replace: `(code >= 0x61 && code < 0x66)`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-native-null-body",
    bug:
      "native Request: no body read as an empty one, so a GET becomes a --data-raw '' command",
    file: "src/convert/_message.ts",
    find: `  if (message.body === null) return undefined;`,
    replace: `  if (message.body === null) undefined;`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-go-path-astral",
    bug: "Go code: a path character outside the BMP followed by U+FFFD's bytes",
    file: "src/convert/targets/_go.ts",
    find: `      if (code > 0xffff) i++;`,
    replace: `      ;`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-go-string-u0080",
    bug: "Go code: U+0080 written as the one byte \\x80",
    file: "src/convert/targets/_go.ts",
    find: `return code < 0x80\n      ? "\\\\x"`,
    replace: `return code <= 0x80\n      ? "\\\\x"`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-base64-flush",
    bug:
      "base64: each flushed 8,192-character part dropped, so a binary body past 6,144 bytes loses all but its tail",
    file: "src/_base64.ts",
    find: `      parts.push(out);\n      out = "";`,
    replace: `      ;\n      out = "";`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-php-string-u0080",
    bug: "PHP code: U+0080 written as the one byte \\x80",
    file: "src/convert/targets/_php.ts",
    find: `    return code < 0x80`,
    replace: `    return code <= 0x80`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-error-code-constant",
    bug:
      "errors: ConversionErrorCode.NOT_CURL emptied, so comparing an error's code with it never matches",
    file: "src/convert/errors.ts",
    find: `NOT_CURL: "NOT_CURL",`,
    replace: `NOT_CURL: "",`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-go-empty-put-length",
    bug:
      "Go code: a body-less POST or PUT told its Content-Length: 0 is not sent, though net/http sends it",
    file: "src/convert/targets/go_net_http.ts",
    find:
      `if (method === "POST" || method === "PUT" || method === "PATCH") return "0";`,
    replace:
      `if (method === "POST" && method === "PUT" || method === "PATCH") return "0";`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-fetch-call-paren",
    bug:
      "fetch code: a call without its '(' read on and refused later, at another offset",
    file: "src/convert/_js_literal_read.ts",
    find: `    if (this.text[this.pos] !== "(") this.expect("(");`,
    replace: `    if (this.text[this.pos] !== "(") ;`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-fetch-template-skip",
    bug:
      "fetch code: a template literal before the call not skipped, so the read never ends",
    file: "src/convert/_js_code_skip.ts",
    find: 'if (reader.text[reader.pos] === "`") skipTemplate(reader);',
    replace: 'if (reader.text[reader.pos] === "`") ;',
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
];
