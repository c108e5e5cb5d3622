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
const GATEWAY_R8_REQUEST_TESTS = [
  "tests/gateway/requests_fresh_mutants_test.ts",
];
const GATEWAY_R8_CHAT_ANSWER_TESTS = [
  "tests/gateway/openai_answer_fresh_mutants_test.ts",
];
const GATEWAY_R8_MESSAGES_ANSWER_TESTS = [
  "tests/gateway/anthropic_answer_fresh_mutants_test.ts",
];
const GATEWAY_R8_CACHE_TESTS = ["tests/gateway/cache_fresh_mutants_test.ts"];
const GATEWAY_R8_ERROR_TESTS = ["tests/gateway/errors_fresh_mutants_test.ts"];
const GATEWAY_R8_USAGE_TESTS = ["tests/gateway/usage_fresh_mutants_test.ts"];
const SERVE_MUTANT_TESTS = ["tests/serve/serve_mutants_test.ts"];
const ADAPTER_TESTS = [
  "tests/models/adapters/parsers_test.ts",
  "tests/models/adapters/openai_test.ts",
  "tests/models/adapters/anthropic_test.ts",
];
const CORE_FRESH_TESTS = ["tests/models/core_fresh_mutants_test.ts"];
const FLEET_FRESH_TESTS = ["tests/models/fleet_link_fresh_mutants_test.ts"];
const TESTING_FRESH_TESTS = ["tests/models/testing_fresh_mutants_test.ts"];
const GUARDS_FRESH_TESTS = ["tests/models/guards_fresh_mutants_test.ts"];
const LETTING_GO_TESTS = ["tests/models/letting_go_fresh_mutants_test.ts"];
const BREAKER_ORDER_TESTS = ["tests/models/breaker_read_order_test.ts"];
const LIFETIME_TESTS = ["tests/models/lifetime_listeners_test.ts"];
const DRAW_EDGES_TESTS = ["tests/models/draw_edges_fresh_mutants_test.ts"];
const ROUTER_FRESH_TESTS = ["tests/models/router_fresh_mutants_test.ts"];
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
    find: `addScheme(cmd, "basic", written, at, negated);
      return true;`,
    replace: `addScheme(cmd, "basic", written, at, negated);
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
  {
    id: "tidy-redis-url-path",
    bug:
      "config: a Redis URL whose path is not a database number reaches the client, which fails at connect time naming neither",
    file: "src/gateway/_redis_url.ts",
    find:
      `if (pathname !== "" && pathname !== "/" && !/^\\/\\d+$/.test(pathname)) {`,
    replace: `if (false) {`,
    tests: ["tests/gateway/redis_url_test.ts"],
  },
  {
    id: "tidy-curl-backtick-once",
    bug:
      "curl reader: a backtick substitution gives two SHELL_EXPANSION warnings, one at its closing backtick",
    file: "src/convert/_curl_words.ts",
    find: `        expansions.push(i);
        parts.push(input.slice(i, after));`,
    replace: `        expansions.push(i, after - 1);
        parts.push(input.slice(i, after));`,
    tests: ["tests/convert/curl_backtick_test.ts"],
  },
  {
    id: "tidy-count-out-of-routing",
    bug:
      "count_tokens: a backend out of routing after a 401/403 is answered with estimates, hiding the misconfiguration",
    file: "src/gateway/_count_tokens.ts",
    find: `    return headers["retry-after"] !== undefined;`,
    replace: `    return true;`,
    tests: ["tests/gateway/count_tokens_errors_test.ts"],
  },
  {
    id: "tidy2-curl-substitution-word",
    bug:
      "curl reader: an unquoted $(…) ends the command at its ( with a SHELL_OPERATOR warning and cuts the URL to …/$",
    file: "src/convert/_curl_words.ts",
    find: `      } else if (ch === "$" && input[i + 1] === "(") {`,
    replace: `      } else if (false) {`,
    tests: ["tests/convert/curl_substitution_test.ts"],
  },
  {
    id: "tidy2-responses-tool-strict",
    bug:
      "responses translated: a function tool's strict is not read, so a chat or Anthropic backend gets a non-strict tool",
    file: "src/gateway/_responses_request.ts",
    find: `    const read = irTool(tool.name, tool.parameters, tool);`,
    replace: `    const read = irTool(tool.name, tool.parameters, {});`,
    tests: ["tests/gateway/responses_strict_test.ts"],
  },
  {
    id: "tidy2-responses-strict-default",
    bug:
      "responses translated: a function tool without strict is sent non-strict although its schema can be strict (the Responses API's default)",
    file: "src/gateway/_responses_request.ts",
    find: `    if (tool.strict == null && strictSchema(read.parameters)) {`,
    replace: `    if (false) {`,
    tests: ["tests/gateway/responses_strict_test.ts"],
  },
  {
    id: "tidy2-responses-answer-dropped",
    bug:
      "responses translated, not streamed: what the backend's wire has no place for (a tool's strict toward Gemini) is not named dropped",
    file: "src/gateway/_handle_responses.ts",
    find: `    ex.drop(droppedOf(response.metadata));`,
    replace: `    ;`,
    tests: ["tests/gateway/responses_strict_test.ts"],
  },
  {
    id: "tidy2-fleet-refusal-loop",
    bug:
      "fleet store: a probe's report refused while the store is out is sent again at once, without end (a loop in microtasks that fills the memory)",
    file: "src/models/_fleet.ts",
    find: `        if (fleet.up) this.repay();`,
    replace: `        this.repay();`,
    tests: ["tests/models/stores/fleet_mutants_test.ts"],
  },
  {
    id: "models-stores-idle-no-reads",
    bug:
      "fleet store: a Router with no backend reads an empty list of breakers every syncInterval",
    file: "src/models/_fleet.ts",
    find: `if (this.#links.size > 0) {`,
    replace: `if (this.#links.size >= 0) {`,
    tests: ["tests/models/stores/fleet_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-one-read-in-flight",
    bug:
      "fleet store: a slow store gets a new background read every syncInterval while one is in flight",
    file: "src/models/_fleet.ts",
    find: `if (!this.#up) this.#reading = false;`,
    replace: `if (this.#up) this.#reading = false;`,
    tests: ["tests/models/stores/fleet_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-memory-delta-finite",
    bug:
      "memory store: a NaN counters delta is added, and the counter stays NaN",
    file: "src/models/stores/memory.ts",
    find: `    checkDelta(delta);\n    let counters`,
    replace: `    ;\n    let counters`,
    tests: ["tests/models/stores/stores_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-redis-delta-finite",
    bug:
      "redis store: a NaN counters delta is sent for Redis to refuse untyped",
    file: "src/models/stores/redis.ts",
    find: `    checkDelta(delta);\n    const args`,
    replace: `    ;\n    const args`,
    tests: ["tests/models/stores/stores_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-memory-amount-finite",
    bug:
      "memory store: a NaN running-total amount is added, and the budget's total stays NaN",
    file: "src/models/stores/memory.ts",
    find: `    checkAmount(amount);\n    return keys.map`,
    replace: `    ;\n    return keys.map`,
    tests: ["tests/models/stores/stores_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-redis-amount-finite",
    bug:
      "redis store: a NaN running-total amount is sent for Redis to refuse untyped",
    file: "src/models/stores/redis.ts",
    find: `    checkAmount(amount);\n    if (keys.length`,
    replace: `    ;\n    if (keys.length`,
    tests: ["tests/models/stores/stores_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-memory-lease-fraction",
    bug: "memory store: a probe lease of 1 ms or less is refused",
    file: "src/models/stores/memory.ts",
    find: `!(lease > 0)`,
    replace: `!(lease > 1)`,
    tests: ["tests/models/stores/stores_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-redis-take-allowed-wait",
    bug: "redis store: an admitted take names an infinite wait",
    file: "src/models/stores/redis.ts",
    find: `retryAfterMs: retry < 0 ? Infinity : retry,`,
    replace: `retryAfterMs: retry < 1 ? Infinity : retry,`,
    tests: ["tests/models/stores/stores_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-memory-retry-ceil",
    bug:
      "memory store: a refused take's wait is rounded down, so the retry is refused again",
    file: "src/models/stores/memory.ts",
    find: `? Math.ceil((cost - tokens) * 1000 / refillPerSecond)`,
    replace: `? Math.floor((cost - tokens) * 1000 / refillPerSecond)`,
    tests: ["tests/models/stores/stores_fresh_mutants_test.ts"],
  },
  {
    id: "keys+limits-memory-zero-rate-reset",
    bug:
      "limits: a full bucket that never refills reports a reset of NaN ms (in-process store)",
    file: "src/gateway/memory_rate_limit_store.ts",
    find: `const rate = limit.perMs > 0 ? limit.perMs : Number.MIN_VALUE;`,
    replace: `const rate = limit.perMs >= 0 ? limit.perMs : Number.MIN_VALUE;`,
    tests: ["tests/gateway/limits_fresh_mutants_test.ts"],
  },
  {
    id: "keys+limits-shared-zero-rate-reset",
    bug:
      "limits: a full bucket that never refills reports a reset of NaN ms (shared store)",
    file: "src/gateway/shared_rate_limit_store.ts",
    find: `const rate = limit.perMs > 0 ? limit.perMs : Number.MIN_VALUE;`,
    replace: `const rate = limit.perMs >= 0 ? limit.perMs : Number.MIN_VALUE;`,
    tests: ["tests/gateway/limits_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-dispose-in-warning",
    bug:
      "fleet store: a Router disposed by its warning handler during a background read schedules the next read anyway",
    file: "src/models/_fleet.ts",
    find: `      if (!this.#disposed) this.#schedule();`,
    replace: `      this.#schedule();`,
    tests: ["tests/models/stores/fleet_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-refused-claim-silent",
    bug:
      "fleet store: a probe claim the store refused (-1) is handed back with a releaseProbe call",
    file: "src/models/_fleet.ts",
    find: `          if (ticket < 0) return;`,
    replace: `          if (ticket < 0) ;`,
    tests: ["tests/models/stores/fleet_fresh_mutants_test.ts"],
  },
  {
    id: "keys+limits-estimate-rounded-up",
    bug:
      "limits: a fractional token estimate is rounded down, so half a token costs nothing",
    file: "src/gateway/rate_limit.ts",
    find: `Math.max(0, Math.ceil(estimatedTokens))`,
    replace: `Math.max(0, Math.floor(estimatedTokens))`,
    tests: ["tests/gateway/limits_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-poll-every-interval",
    bug:
      "fleet store: the background read wakes every millisecond instead of every syncInterval",
    file: "src/models/_fleet.ts",
    find: `}, Math.max(1, syncInterval));`,
    replace: `}, Math.min(1, syncInterval));`,
    tests: ["tests/models/stores/fleet_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-records-writable",
    bug:
      "redis store: a records answer's values are read-only, so a caller editing its copy throws",
    file: "src/models/stores/redis.ts",
    find: `        writable: true,`,
    replace: `        writable: false,`,
    tests: ["tests/models/stores/stores_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-sync-answer-adopted",
    bug:
      "fleet store: a store that answers synchronously is never followed (its records are not adopted)",
    file: "src/models/_fleet.ts",
    find: `      this.#upAgain();\n      then(answer);\n      settled?.();`,
    replace: `      this.#upAgain();\n      ;\n      settled?.();`,
    tests: ["tests/models/stores/fleet_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-sync-answer-recovers",
    bug:
      "fleet store: a store that answers synchronously never brings the Router back from local state after an outage",
    file: "src/models/_fleet.ts",
    find: `    if (!(answer instanceof Promise)) {\n      this.#upAgain();`,
    replace: `    if (!(answer instanceof Promise)) {\n      ;`,
    tests: ["tests/models/stores/fleet_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-refusal-after-dispose",
    bug:
      "fleet store: a store call refused after dispose() warns store-unavailable from a disposed Router",
    file: "src/models/_fleet.ts",
    find:
      `        pending.delete(timer);\n        if (this.#disposed) return;\n        this.#down(error);`,
    replace:
      `        pending.delete(timer);\n        if (this.#disposed) ;\n        this.#down(error);`,
    tests: ["tests/models/stores/fleet_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-redis-empty-delta",
    bug:
      "redis store: an empty counters delta still sends a script (a round trip that renews the counters' expiry)",
    file: "src/models/stores/redis.ts",
    find: `    if (args.length === 1) return;`,
    replace: `    if (args.length === 1) ;`,
    tests: ["tests/models/stores/stores_fresh_mutants_test.ts"],
  },
  // models-core, eighth round: survivors of the fresh draws and of planting
  // by hand, each killed by tests/models/core_fresh_mutants_test.ts,
  // fleet_link_fresh_mutants_test.ts, router_fresh_mutants_test.ts,
  // testing_fresh_mutants_test.ts, guards_fresh_mutants_test.ts or
  // letting_go_fresh_mutants_test.ts.
  {
    id: "models-core-stream-open-aborted",
    bug:
      "streams: a racer that refuses its already-aborted signal is counted as the backend's failure, not an abort",
    file: "src/models/streaming/attempt.ts",
    find: `if (thrown === STREAM_ABORTED || this.#signal.aborted) {`,
    replace: `if (thrown === STREAM_ABORTED && this.#signal.aborted) {`,
    tests: CORE_FRESH_TESTS,
  },
  {
    id: "models-core-lifetime-race-disposed",
    bug:
      "dispose() from inside a backend's call: the call never settles (and the rejection is unhandled)",
    file: "src/models/_lifetime.ts",
    find: `      return Promise.reject(this.signal.reason);`,
    replace: `      Promise.reject(this.signal.reason);`,
    tests: CORE_FRESH_TESTS,
  },
  {
    id: "models-core-probe-stale-owed",
    bug:
      "fleet: a call admitted before the breaker opened is taken for the half-open probe, so its refused failure is counted again later",
    file: "src/models/_backend_state.ts",
    find: `return state === "half-open" && probe && epoch === ticket;`,
    replace: `return state === "half-open" || probe && epoch === ticket;`,
    tests: FLEET_FRESH_TESTS,
  },
  {
    id: "models-core-probe-closed-owed",
    bug:
      "fleet: an ordinary failure on a closed breaker is taken for the probe's, so its refused report is counted again later",
    file: "src/models/_backend_state.ts",
    find: `return state === "half-open" && probe && epoch === ticket;`,
    replace: `return state === "half-open" && probe || epoch === ticket;`,
    tests: FLEET_FRESH_TESTS,
  },
  {
    id: "models-core-force-open-zero",
    bug:
      "fleet: openCircuitBreaker(name, 0) opens the fleet's breaker forever instead of for 0 ms",
    file: "src/models/_backend_state.ts",
    find: `this.#link?.open(now, timeout ?? Infinity, false);`,
    replace: `this.#link?.open(now, timeout || Infinity, false);`,
    tests: ROUTER_FRESH_TESTS,
  },
  {
    id: "models-core-reopening-no-candidates",
    bug:
      "NO_BACKEND_AVAILABLE with no candidate at all says: cooling down, available again in Infinity ms",
    file: "src/models/_failures.ts",
    find: `  if (candidates.length === 0) return undefined;`,
    replace: `  if (candidates.length === 0) undefined;`,
    tests: ROUTER_FRESH_TESTS,
  },
  {
    id: "models-core-translate-no-parameters",
    bug:
      "model translation: a request without parameters crashes the translation (TypeError)",
    file: "src/models/_translate.ts",
    find: `const from = request.parameters?.model;`,
    replace: `const from = request.parameters.model;`,
    tests: ROUTER_FRESH_TESTS,
  },
  {
    id: "models-core-empty-routing-strategy",
    bug: 'config: routingStrategy "" is read as explicit instead of refused',
    file: "src/models/_config.ts",
    find: `const routing = config.routingStrategy ?? "explicit";`,
    replace: `const routing = config.routingStrategy || "explicit";`,
    tests: ROUTER_FRESH_TESTS,
  },
  {
    id: "models-core-empty-fallback-strategy",
    bug: 'config: fallbackStrategy "" is read as sequential instead of refused',
    file: "src/models/_config.ts",
    find: `const fallback = config.fallbackStrategy ?? "sequential";`,
    replace: `const fallback = config.fallbackStrategy || "sequential";`,
    tests: ROUTER_FRESH_TESTS,
  },
  {
    id: "models-core-empty-parallel-strategy",
    bug: 'dispatchParallel: strategy "" is read as first instead of refused',
    file: "src/models/_parallel.ts",
    find: `const strategy = options.strategy ?? "first";`,
    replace: `const strategy = options.strategy || "first";`,
    tests: ROUTER_FRESH_TESTS,
  },
  {
    id: "models-core-not-retryable-kept",
    bug:
      "errors: isRetryable: false on a retryable code is lost, and the Router retries it",
    file: "src/models/errors.ts",
    find: `options.isRetryable ?? RETRYABLE_CODES.has(options.code);`,
    replace: `options.isRetryable || RETRYABLE_CODES.has(options.code);`,
    tests: ROUTER_FRESH_TESTS,
  },
  {
    id: "models-core-reopening-misconfigured",
    bug:
      "NO_BACKEND_AVAILABLE: a misconfigured or unhealthy backend behind an open breaker is said to be back when the breaker times out",
    file: "src/models/_backend_state.ts",
    find:
      `    if (!this.#healthy || this.#misconfigured !== undefined) return undefined;`,
    replace:
      `    if (!this.#healthy || this.#misconfigured !== undefined) undefined;`,
    tests: ROUTER_FRESH_TESTS,
  },
  {
    id: "models-core-reopening-probe-in-flight",
    bug:
      "NO_BACKEND_AVAILABLE while the half-open probe is in flight says: available again in 0 ms",
    file: "src/models/_backend_state.ts",
    find: `    if (this.breaker.state(now) !== "open") return undefined;`,
    replace: `    if (this.breaker.state(now) !== "open") undefined;`,
    tests: ROUTER_FRESH_TESTS,
  },
  {
    id: "models-core-serves-unknown-name",
    bug:
      "serves() with a list naming an unregistered backend throws a TypeError",
    file: "src/models/_job.ts",
    find: `const adapter = entries.get(name)?.adapter;`,
    replace: `const adapter = entries.get(name).adapter;`,
    tests: ROUTER_FRESH_TESTS,
  },
  {
    id: "models-core-probe-success-owed",
    bug:
      "fleet: the probe's success the store refused is dropped, and the fleet's breaker stays half-open with the claim held",
    file: "src/models/_backend_state.ts",
    find: `return state === "half-open" && probe && epoch === ticket;`,
    replace: `return state === "" && probe && epoch === ticket;`,
    tests: FLEET_FRESH_TESTS,
  },
  {
    id: "models-core-probe-client-error-released",
    bug:
      "fleet: a probe answered with a 400 is not handed back to the store, which keeps the claim",
    file: "src/models/_breaker.ts",
    find: `      this.#probeInFlight = false;\n      return true;`,
    replace: `      this.#probeInFlight = false;\n      true;`,
    tests: FLEET_FRESH_TESTS,
  },
  {
    id: "models-core-fleet-count-ok",
    bug: "fleet: a Router's successes never reach the fleet's counters",
    file: "src/models/_backend_state.ts",
    find: '        link.count("ok");',
    replace: "        ;",
    tests: FLEET_FRESH_TESTS,
  },
  {
    id: "models-core-fleet-count-client",
    bug: "fleet: a Router's client errors never reach the fleet's counters",
    file: "src/models/_backend_state.ts",
    find: '          this.#link.count("clientErrors");',
    replace: "          ;",
    tests: FLEET_FRESH_TESTS,
  },
  {
    id: "models-core-fleet-count-failed",
    bug: "fleet: a Router's failures never reach the fleet's counters",
    file: "src/models/_backend_state.ts",
    find: '        this.#link.count("failed");',
    replace: "        ;",
    tests: FLEET_FRESH_TESTS,
  },
  {
    id: "models-core-fleet-success-sent",
    bug:
      "fleet: a success after a failure is not sent, so the fleet's failures are not reset",
    file: "src/models/_backend_state.ts",
    find: "        ) link.success(now, ticket, this.#isProbe(now, ticket));",
    replace: "        ) ;",
    tests: FLEET_FRESH_TESTS,
  },
  {
    id: "models-core-fleet-success-always",
    bug: "fleet: every success on a clean breaker costs the store a script",
    file: "src/models/_backend_state.ts",
    find: "          this.breaker.consecutiveFailures > 0 ||",
    replace: "          this.breaker.consecutiveFailures >= 0 ||",
    tests: FLEET_FRESH_TESTS,
  },
  {
    id: "models-core-fleet-success-one-failure",
    bug:
      "fleet: a success after a single failure is not sent, so the fleet keeps that failure",
    file: "src/models/_backend_state.ts",
    find: "          this.breaker.consecutiveFailures > 0 ||",
    replace: "          this.breaker.consecutiveFailures > 1 ||",
    tests: FLEET_FRESH_TESTS,
  },
  {
    id: "models-core-fleet-health",
    bug: "fleet: a health check's answer is not written to the store",
    file: "src/models/_backend_state.ts",
    find: "    this.#link?.health(healthy, at);",
    replace: "    ;",
    tests: FLEET_FRESH_TESTS,
  },
  {
    id: "models-core-fleet-open-by-hand",
    bug:
      "fleet: openCircuitBreaker(name, ms) never shortens the fleet's longer opening",
    file: "src/models/_backend_state.ts",
    find: "    this.#link?.open(now, timeout ?? Infinity, false);",
    replace: "    this.#link?.open(now, timeout ?? Infinity, true);",
    tests: FLEET_FRESH_TESTS,
  },
  {
    id: "models-core-fleet-close-by-hand",
    bug:
      "fleet: closeCircuitBreaker() closes only this Router's breaker, not the fleet's",
    file: "src/models/_backend_state.ts",
    find: "    this.#link?.close();",
    replace: "    ;",
    tests: FLEET_FRESH_TESTS,
  },
  {
    id: "models-core-fleet-abort-released",
    bug:
      "fleet: a half-open probe the caller aborted is not handed back to the store",
    file: "src/models/_backend_state.ts",
    find:
      "      if (this.breaker.onAbort(ticket)) this.#link?.release(ticket);",
    replace: "      if (this.breaker.onAbort(ticket)) ;",
    tests: FLEET_FRESH_TESTS,
  },
  {
    id: "models-core-timers-falsy",
    bug:
      'config: timers given as false, 0 or "" are replaced by the defaults instead of refused',
    file: "src/models/_config.ts",
    find: "const timers = config.timers ?? DEFAULT_TIMERS;",
    replace: "const timers = config.timers || DEFAULT_TIMERS;",
    tests: ROUTER_FRESH_TESTS,
  },
  {
    id: "models-core-mapping-array",
    bug: "setModelMapping: an array is taken for a mapping of indexes",
    file: "src/models/_registry.ts",
    find:
      '    typeof mapping !== "object" || mapping === null || Array.isArray(mapping)',
    replace:
      '    typeof mapping !== "object" || mapping === null && Array.isArray(mapping)',
    tests: ROUTER_FRESH_TESTS,
  },
  {
    id: "models-core-capabilities-one-model",
    bug:
      "capability routing: a backend listing a single model is sent other models",
    file: "src/models/routing/_capabilities.ts",
    find: "    capabilities.models.length > 0",
    replace: "    capabilities.models.length > 1",
    tests: ROUTER_FRESH_TESTS,
  },
  {
    id: "models-core-view-stream",
    bug: "invoke: a custom strategy does not see that the call streams",
    file: "src/models/_job.ts",
    find: "  if (request.stream === true) view.stream = true;",
    replace: "  if (request.stream === true) view.stream = false;",
    tests: ROUTER_FRESH_TESTS,
  },
  {
    id: "models-core-stream-not-iterator",
    bug:
      "streams: an executeStream that returns an object without next is an unknown failure, not INVALID_RESPONSE",
    file: "src/models/streaming/attempt.ts",
    find: '      iterator === null || typeof iterator !== "object" ||',
    replace: '      iterator === null || typeof iterator !== "object" &&',
    tests: CORE_FRESH_TESTS,
  },
  {
    id: "models-core-settle-once",
    bug:
      "streams: a race loser holding the probe is settled twice, and hands the fleet's probe back twice",
    file: "src/models/streaming/attempt.ts",
    find: "    if (this.#settled) return attempt;",
    replace: "    if (this.#settled) attempt;",
    tests: FLEET_FRESH_TESTS,
  },
  {
    id: "models-core-flaky-pattern-one",
    bug: "testing: a flaky adapter's pattern of one entry is ignored",
    file: "src/models/testing.ts",
    find: "options.pattern.length > 0",
    replace: "options.pattern.length > 1",
    tests: TESTING_FRESH_TESTS,
  },
  {
    id: "models-core-register-null",
    bug:
      "register: a null adapter is a TypeError instead of INVALID_REQUEST naming the backend",
    file: "src/models/_registry.ts",
    find: '    typeof adapter !== "object" || adapter === null ||',
    replace: '    typeof adapter !== "object" || adapter === null &&',
    tests: ROUTER_FRESH_TESTS,
  },
  {
    id: "models-core-metadata-no-capabilities",
    bug:
      "Router metadata: a backend without declared capabilities is said not to stream, though streams go through it",
    file: "src/models/_registry.ts",
    find:
      "const EMPTY_CAPABILITIES: AdapterCapabilities = { streaming: true };",
    replace:
      "const EMPTY_CAPABILITIES: AdapterCapabilities = { streaming: false };",
    tests: ROUTER_FRESH_TESTS,
  },
  {
    id: "models-core-config-number-string",
    bug: "config: a number option given as a string is taken",
    file: "src/models/_config.ts",
    find:
      '  if (typeof value !== "number" || Number.isNaN(value) || value < 0) {',
    replace:
      '  if (typeof value !== "number" && Number.isNaN(value) || value < 0) {',
    tests: ROUTER_FRESH_TESTS,
  },
  {
    id: "models-core-lease-zero",
    bug: "config: a store's probeLease of 0 is accepted",
    file: "src/models/_config.ts",
    find: 'if (typeof lease !== "number" || !(lease > 0)) {',
    replace: 'if (typeof lease !== "number" || !(lease >= 0)) {',
    tests: ROUTER_FRESH_TESTS,
  },
  {
    id: "models-core-lease-string",
    bug: "config: a store's probeLease given as a string is accepted",
    file: "src/models/_config.ts",
    find: 'if (typeof lease !== "number" || !(lease > 0)) {',
    replace: 'if (typeof lease !== "number" && !(lease > 0)) {',
    tests: ROUTER_FRESH_TESTS,
  },
  {
    id: "models-core-lease-one",
    bug: "config: a store's probeLease of 1 ms is refused",
    file: "src/models/_config.ts",
    find: 'if (typeof lease !== "number" || !(lease > 0)) {',
    replace: 'if (typeof lease !== "number" || !(lease > 1)) {',
    tests: ROUTER_FRESH_TESTS,
  },
  {
    id: "models-core-half-open-stale-success",
    bug:
      "breaker: in half-open, a success of a call admitted before the breaker opened clears its failures",
    file: "src/models/_breaker.ts",
    find: "      if (this.#isProbe(ticket)) this.#close();\n      return;",
    replace: "      if (this.#isProbe(ticket)) this.#close();\n      ;",
    tests: GUARDS_FRESH_TESTS,
  },
  {
    id: "models-core-half-open-failure-once",
    bug:
      "breaker: a failed probe counts two failures, and a stale failure in half-open one",
    file: "src/models/_breaker.ts",
    find: "        this.#open(now, rules.timeout);\n      }\n      return;",
    replace: "        this.#open(now, rules.timeout);\n      }\n      ;",
    tests: GUARDS_FRESH_TESTS,
  },
  {
    id: "models-core-wire-without-operate",
    bug:
      "speaks(): a backend declaring a wire without operate() is said to speak it",
    file: "src/models/_job.ts",
    find: '  if (typeof adapter.operate !== "function") return false;',
    replace: '  if (typeof adapter.operate !== "function") false;',
    tests: GUARDS_FRESH_TESTS,
  },
  {
    id: "models-core-sync-answer",
    bug:
      "execute: an adapter answering synchronously fails (its answer raced as a promise)",
    file: "src/models/_lifetime.ts",
    find: "    ) return answer;",
    replace: "    ) answer;",
    tests: GUARDS_FRESH_TESTS,
  },
  {
    id: "models-core-thrown-object-json",
    bug: "failures: a thrown plain object is named [object Object]",
    file: "src/models/_util.ts",
    find: "    if (json !== undefined) return json;",
    replace: "    if (json !== undefined) json;",
    tests: GUARDS_FRESH_TESTS,
  },
  {
    id: "models-core-mapping-no-model",
    bug:
      'model-based routing: a glob catches a request without a model (as "undefined")',
    file: "src/models/routing/model.ts",
    find: '    if (typeof model !== "string") return undefined;',
    replace: '    if (typeof model !== "string") undefined;',
    tests: GUARDS_FRESH_TESTS,
  },
  {
    id: "models-core-null-chunk",
    bug: "streams: a null chunk is a TypeError failure, not INVALID_RESPONSE",
    file: "src/models/streaming/_chunks.ts",
    find: '  if (typeof value !== "object" || value === null) return false;',
    replace: '  if (typeof value !== "object" || value === null) false;',
    tests: GUARDS_FRESH_TESTS,
  },
  {
    id: "models-core-stale-claim-taken",
    bug:
      "fleet: a probe claim answered after the breaker was closed by hand is taken, not handed back",
    file: "src/models/_breaker.ts",
    find:
      'if (this.state(now) !== "half-open" || epoch < this.#epoch) return false;',
    replace:
      'if (this.state(now) !== "half-open" || epoch < this.#epoch) false;',
    tests: FLEET_FRESH_TESTS,
  },
  {
    id: "models-core-late-rejection-caught",
    bug:
      "an answer's late rejection, after the caller's abort already ended the call, is unhandled",
    file: "src/models/_attempt.ts",
    find: "      Promise.resolve(answer).catch(ignore);",
    replace: "      ;",
    tests: LETTING_GO_TESTS,
  },
  {
    id: "models-core-attempt-unlink",
    bug:
      "under an attempt timeout, a finished call stays linked to the lifetime: dispose() aborts its adapter's signal",
    file: "src/models/_attempt.ts",
    find: `      this.#linked?.removeEventListener("abort", this);`,
    replace: "      ;",
    tests: LETTING_GO_TESTS,
  },
  {
    id: "models-core-failed-call-unlink",
    bug:
      "a call that failed stays linked to the lifetime: dispose() aborts its adapters' signals",
    file: "src/models/_execute.ts",
    find: "  link?.unlink();",
    replace: "  ;",
    tests: LETTING_GO_TESTS,
  },
  {
    id: "models-core-fallback-call-unlink",
    bug:
      "a call answered by a fallback stays linked to the lifetime: dispose() aborts its adapters' signals",
    file: "src/models/_execute.ts",
    find: "      link.unlink();",
    replace: "      ;",
    tests: LETTING_GO_TESTS,
  },
  {
    id: "models-core-probe-unlink",
    bug:
      "a finished health probe stays linked to the lifetime: dispose() aborts its signal",
    file: "src/models/_health.ts",
    find: "    unlink();",
    replace: "    ;",
    tests: LETTING_GO_TESTS,
  },
  {
    id: "models-core-probe-replaced-disposed",
    bug:
      "health: a probe's answer is recorded for an adapter since replaced (the disposed check or-ed)",
    file: "src/models/_health.ts",
    find: "      !this.#registry.disposed &&",
    replace: "      !this.#registry.disposed ||",
    tests: LETTING_GO_TESTS,
  },
  {
    id: "models-core-probe-replaced-adapter",
    bug:
      "health: a probe's answer is recorded for an adapter since replaced (the adapter check or-ed)",
    file: "src/models/_health.ts",
    find: "      this.#registry.entries.get(entry.name) === entry &&",
    replace: "      this.#registry.entries.get(entry.name) === entry ||",
    tests: LETTING_GO_TESTS,
  },
  {
    id: "models-core-reset-latency",
    bug: "resetStats() keeps the latency window",
    file: "src/models/_stats.ts",
    find: "    this.latency.clear();",
    replace: "    ;",
    tests: LETTING_GO_TESTS,
  },
  {
    id: "models-core-dispatch-unlink-caller",
    bug:
      "dispatchParallel leaves an abort listener on the caller's signal after it settled",
    file: "src/models/_dispatch.ts",
    find: "    unlinkCaller();",
    replace: "    ;",
    tests: LETTING_GO_TESTS,
  },
  {
    id: "tidy3-curl-backtick-word",
    bug:
      "curl reader: a blank inside an unquoted backtick substitution splits the word, so curl https://x.test/\`echo a b\` reads three words where bash has one",
    file: "src/convert/_curl_words.ts",
    find: `      } else if (ch === "\`") {`,
    replace: `      } else if (false) {`,
    tests: ["tests/convert/curl_substitution_test.ts"],
  },
  {
    id: "tidy3-curl-brace-word",
    bug:
      "curl reader: a blank inside an unquoted \${…} splits the word, so curl https://x.test/\${A:-a b} reads two words where bash has one",
    file: "src/convert/_curl_words.ts",
    find: `      } else if (ch === "$" && input[i + 1] === "{") {`,
    replace: `      } else if (false) {`,
    tests: ["tests/convert/curl_substitution_test.ts"],
  },
  {
    id: "tidy3-curl-quoted-backtick-brace",
    bug:
      "curl reader: in a double-quoted word, a double quote inside backticks or \${…} ends the string early",
    file: "src/convert/_curl_words.ts",
    find: `if (c === "\`" || input[i + 1] === "(" || input[i + 1] === "{") {`,
    replace: `if (input[i + 1] === "(") {`,
    tests: ["tests/convert/curl_substitution_test.ts"],
  },
  {
    id: "tidy3-curl-unclosed-backtick",
    bug:
      "curl reader: an unclosed backtick runs to the end of the input as text, where bash refuses the command",
    file: "src/convert/_curl_substitution.ts",
    find:
      `  throw open === at ? unclosed(input, at) : unterminatedInside(input, at);`,
    replace: `  return input.length;`,
    tests: ["tests/convert/curl_substitution_test.ts"],
  },
  {
    id: "core2-breaker-failure-unread",
    bug:
      "a late failure of a call admitted before the breaker opened counts toward its failures when nothing read the elapsed opening",
    file: "src/models/_breaker.ts",
    find:
      '    this.state(now);\n    if (this.#state === "half-open") {\n      // A failed probe',
    replace: '    if (this.#state === "half-open") {\n      // A failed probe',
    tests: BREAKER_ORDER_TESTS,
  },
  {
    id: "core2-breaker-success-unread",
    bug:
      "a late success of a call admitted before the breaker opened clears its failures when nothing read the elapsed opening",
    file: "src/models/_breaker.ts",
    find: '    if (this.#state !== "closed") this.state(now());',
    replace: "    ;",
    tests: BREAKER_ORDER_TESTS,
  },
  {
    id: "core2-dispatch-unlink-lifetime",
    bug:
      "a settled parallel dispatch leaves its abort listener on the Router's lifetime signal: one more per request",
    file: "src/models/_dispatch.ts",
    find: "    unlinkLifetime();",
    replace: "    ;",
    tests: LIFETIME_TESTS,
  },
  {
    id: "core2-probe-unlink-lifetime",
    bug:
      "a finished health probe leaves its abort listener on the Router's lifetime signal",
    file: "src/models/_health.ts",
    find: "    unlink();",
    replace: "    ;",
    tests: LIFETIME_TESTS,
  },
  {
    id: "core2-stream-unlink-lifetime",
    bug:
      "a settled stream attempt under an attempt timeout leaves its abort listener on the lifetime signal",
    file: "src/models/streaming/attempt.ts",
    find: "    this.#unlink();\n    return attempt;",
    replace: "    return attempt;",
    tests: LIFETIME_TESTS,
  },
  {
    id: "core2-attempt-unlink-lifetime",
    bug:
      "a settled call under an attempt timeout leaves its abort listener on the signal it was given (the lifetime's, without a caller signal)",
    file: "src/models/_attempt.ts",
    find: '      this.#linked?.removeEventListener("abort", this);',
    replace: "      ;",
    tests: LIFETIME_TESTS,
  },
  {
    id: "core2-cooldown-retry-after",
    bug:
      "a 429 whose Retry-After is shorter than the failure cooldown shortens the cooldown to it",
    file: "src/models/_backend_state.ts",
    find:
      "this.#coolUntil = Math.max(this.#coolUntil, now + error.retryAfter);",
    replace:
      "this.#coolUntil = Math.min(this.#coolUntil, now + error.retryAfter);",
    tests: DRAW_EDGES_TESTS,
  },
  {
    id: "core2-retry-deadline-equal",
    bug:
      "a retry whose wait ends exactly at the deadline is taken, with no time left for the attempt",
    file: "src/models/_execute.ts",
    find: "if (settings.clock() + delay >= budget.deadlineAt) break;",
    replace: "if (settings.clock() + delay > budget.deadlineAt) break;",
    tests: DRAW_EDGES_TESTS,
  },
  {
    id: "core2-stream-failure-unknown-code",
    bug:
      "a streamed failure of an unknown code loses it, and a known code is repeated in details.code",
    file: "src/models/_stream_failure.ts",
    find: "if (raw?.code !== code) details.code = raw?.code;",
    replace: "if (raw?.code === code) details.code = raw?.code;",
    tests: DRAW_EDGES_TESTS,
  },
  {
    id: "core2-capabilities-no-messages",
    bug:
      "capability routing throws a TypeError for a request whose messages were removed during the call",
    file: "src/models/routing/_capabilities.ts",
    find: "for (const message of request.messages ?? []) {",
    replace: "for (const message of request.messages) {",
    tests: DRAW_EDGES_TESTS,
  },
  {
    id: "core2-mock-latency-execute",
    bug:
      "a mock adapter without latency still waits (a zero sleep) before answering",
    file: "src/models/testing.ts",
    find: "const index = executeIndex++;\n      if (latency > 0)",
    replace: "const index = executeIndex++;\n      if (latency >= 0)",
    tests: DRAW_EDGES_TESTS,
  },
  {
    id: "core2-mock-latency-stream",
    bug:
      "a mock adapter without latency still waits (a zero sleep) before each stream chunk",
    file: "src/models/testing.ts",
    find: "      for (const chunk of chunks) {\n        if (latency > 0)",
    replace: "      for (const chunk of chunks) {\n        if (latency >= 0)",
    tests: DRAW_EDGES_TESTS,
  },
  // models-adapters, eighth round (seed 20261160 and after).
  {
    id: "models-adapters-anthropic-name-dropped",
    bug:
      "anthropic: an author name the API has no place for is left out silently, not named dropped",
    file: "src/models/adapters/_anthropic_request.ts",
    find: `    dropped.push("messages[].name");`,
    replace: `    ;`,
    tests: ["tests/models/adapters/translation_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-body-bound-inclusive",
    bug:
      "answer body: a body of exactly the bound is refused (or cut without releasing the rest)",
    file: "src/models/adapters/_body.ts",
    find: `      if (size > limit) {`,
    replace: `      if (size >= limit) {`,
    tests: ["tests/models/adapters/body_read_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-body-aborted-before-read",
    bug:
      "answer body: a read whose signal aborted before it began leaves the body uncancelled",
    file: "src/models/adapters/_body.ts",
    find: `if (!complete || size > limit)`,
    replace: `if (complete || size > limit)`,
    tests: ["tests/models/adapters/body_read_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-gemini-top-logprobs",
    bug:
      "gemini: OpenAI's top_logprobs asks for log probabilities but not for that many alternatives",
    file: "src/models/adapters/_toward_native.ts",
    find:
      `    offer(out, "responseLogprobs", true);\n    offer(out, "logprobs", value);`,
    replace: `    offer(out, "responseLogprobs", true);\n    ;`,
    tests: ["tests/models/adapters/translation_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-thinking-unreadable",
    bug:
      "toward OpenAI: a thinking setting without a numeric budget is named dropped and still sent as reasoning_effort high",
    file: "src/models/adapters/_toward_wire.ts",
    find: `      dropped.push("thinking");\n      return;`,
    replace: `      dropped.push("thinking");\n      ;`,
    tests: ["tests/models/adapters/translation_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-gemini-first-candidate",
    bug:
      "gemini: an answer whose only candidate is not numbered 0 reads as having no candidates",
    file: "src/models/adapters/gemini.ts",
    find: `      candidates[0];`,
    replace: `      candidates[1];`,
    tests: ["tests/models/adapters/translation_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-gemini-top-logprobs-kind",
    bug:
      "gemini: a top_logprobs that is not a number is named dropped and still asks for log probabilities (Gemini refuses a non-number)",
    file: "src/models/adapters/_toward_native.ts",
    find: `      dropped.push("top_logprobs");\n      return;`,
    replace: `      dropped.push("top_logprobs");\n      ;`,
    tests: ["tests/models/adapters/toward_tables_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-image-detail-named",
    bug:
      "native targets: every image is reported as losing its detail, though it had none",
    file: "src/models/adapters/_toward_native.ts",
    find: `part.type === "image" && !!part.detail`,
    replace: `part.type === "image" || !!part.detail`,
    tests: ["tests/models/adapters/toward_tables_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-undefined-cache-mark",
    bug:
      "native targets: a part whose cacheControl key holds undefined throws a TypeError",
    file: "src/models/adapters/_toward_native.ts",
    find: `part.cacheControl?.breakpoint !== undefined`,
    replace: `part.cacheControl.breakpoint !== undefined`,
    tests: ["tests/models/adapters/toward_tables_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-parallel-true",
    bug:
      "toward Anthropic: parallel_tool_calls true disables parallel tool use",
    file: "src/models/adapters/_toward_wire.ts",
    find: `if (value !== false || !Array.isArray(body.tools)) return;`,
    replace: `if (value !== false && !Array.isArray(body.tools)) return;`,
    tests: ["tests/models/adapters/toward_tables_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-parallel-none-choice",
    bug:
      "toward Anthropic: parallel_tool_calls false is lost for auto and any, and set on a none choice",
    file: "src/models/adapters/_toward_wire.ts",
    find: `if (choice.type === "none") return;`,
    replace: `if (choice.type !== "none") return;`,
    tests: ["tests/models/adapters/toward_tables_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-text-format-default",
    bug:
      "toward Anthropic: response_format text (the default) is named dropped",
    file: "src/models/adapters/_toward_wire.ts",
    find: `if (!isRecord(value) || value.type === "text") return;`,
    replace: `if (!isRecord(value) || value.type === "text") ;`,
    tests: ["tests/models/adapters/toward_tables_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-thinking-disabled",
    bug: "toward OpenAI: thinking disabled (the default) is named dropped",
    file: "src/models/adapters/_toward_wire.ts",
    find: `if (!isRecord(value) || value.type === "disabled") return;`,
    replace: `if (!isRecord(value) || value.type === "disabled") ;`,
    tests: ["tests/models/adapters/toward_tables_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-openai-reasoning-usage",
    bug:
      "openai usage written back: reasoning tokens left out, and an empty details object written when there are none",
    file: "src/models/adapters/_openai_details.ts",
    find: `if (usage.reasoningTokens !== undefined) {`,
    replace: `if (usage.reasoningTokens === undefined) {`,
    tests: ["tests/models/adapters/openai_wire_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-openai-empty-assistant",
    bug:
      "openai: a replayed assistant turn with no text and no tool call is sent with content null (a 400)",
    file: "src/models/adapters/_openai_wire.ts",
    find: `content: text === "" && (calls.length > 0 || message.refusal)`,
    replace: `content: text === "" && (calls.length >= 0 || message.refusal)`,
    tests: ["tests/models/adapters/openai_wire_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-openai-first-choice",
    bug:
      "openai: an answer whose only choice is not numbered 0 is refused as having no choice",
    file: "src/models/adapters/_openai_wire.ts",
    find: `      json.choices[0];`,
    replace: `      json.choices[1];`,
    tests: ["tests/models/adapters/openai_wire_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-openai-refusal-stream",
    bug:
      "openai stream: refusal pieces without log probabilities, and log probabilities without text, are not streamed",
    file: "src/models/adapters/_openai_wire.ts",
    find: `if (text !== "" || refusal !== "" || logprobs !== undefined) {`,
    replace: `if (text !== "" || refusal !== "" && logprobs !== undefined) {`,
    tests: ["tests/models/adapters/openai_wire_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-anthropic-no-usage",
    bug:
      "anthropic: an answer without usage throws a TypeError instead of reading with no usage",
    file: "src/models/adapters/_anthropic_answer.ts",
    find: `  if (!isRecord(usage)) return undefined;\n  const count`,
    replace: `  if (!isRecord(usage)) undefined;\n  const count`,
    tests: ["tests/models/adapters/anthropic_answer_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-anthropic-event-type",
    bug:
      "anthropic stream: the event line's name wins over the data's type, so a data-only stream reads nothing",
    file: "src/models/adapters/_anthropic_answer.ts",
    find:
      `const type = typeof json.type === "string" ? json.type : event.event;`,
    replace:
      `const type = typeof json.type !== "string" ? json.type : event.event;`,
    tests: ["tests/models/adapters/anthropic_answer_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-anthropic-zero-reasoning",
    bug:
      "anthropic stream: a reasoning count of 0 is lost (the unstreamed answer keeps it)",
    file: "src/models/adapters/_anthropic_answer.ts",
    find: `this.#reasoning = read?.reasoningTokens ?? this.#reasoning;`,
    replace: `this.#reasoning = read?.reasoningTokens || this.#reasoning;`,
    tests: ["tests/models/adapters/anthropic_answer_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-gemini-empty-tools",
    bug:
      "gemini: an empty tools list is sent as an empty function declaration list",
    file: "src/models/adapters/gemini.ts",
    find: `if (request.tools !== undefined && request.tools.length > 0) {`,
    replace: `if (request.tools !== undefined && request.tools.length >= 0) {`,
    tests: ["tests/models/adapters/gemini_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-gemini-model-version",
    bug:
      "gemini: the answer names the model asked for, not the model version that answered",
    file: "src/models/adapters/gemini.ts",
    find:
      `model: typeof json.modelVersion === "string" ? json.modelVersion : model,`,
    replace:
      `model: typeof json.modelVersion !== "string" ? json.modelVersion : model,`,
    tests: ["tests/models/adapters/gemini_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-gemini-thought-parts",
    bug:
      "gemini: thought summaries are read into the answer's text, and plain parts marked thought: false dropped",
    file: "src/models/adapters/gemini.ts",
    find: `if (!isRecord(part) || part.thought === true) continue;`,
    replace: `if (!isRecord(part) || part.thought === false) continue;`,
    tests: ["tests/models/adapters/gemini_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-gemini-unnumbered-candidate",
    bug:
      "gemini: a candidate without an index (protobuf's 0) is not taken for candidate 0",
    file: "src/models/adapters/gemini.ts",
    find: `candidates.find((c) => isRecord(c) && (c.index ?? 0) === 0) ??`,
    replace: `candidates.find((c) => isRecord(c) && (c.index) === 0) ??`,
    tests: ["tests/models/adapters/gemini_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-gemini-stream-logprobs",
    bug:
      "gemini stream: an event's log probabilities go in a chunk of their own, apart from its text",
    file: "src/models/adapters/gemini.ts",
    find: `const content = chunks.find((chunk) => chunk.type === "content");`,
    replace:
      `const content = chunks.find((chunk) => chunk.type !== "content");`,
    tests: ["tests/models/adapters/gemini_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-gemini-logprobs-alone",
    bug:
      "gemini stream: an event with log probabilities and no text throws instead of sending them in a chunk of their own",
    file: "src/models/adapters/gemini.ts",
    find: `if (content?.type === "content") content.logprobs = logprobs;`,
    replace: `if (content?.type !== "content") content.logprobs = logprobs;`,
    tests: ["tests/models/adapters/gemini_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-ollama-empty-tools",
    bug:
      "ollama: an empty tools list (or a named choice naming none of them) is sent as tools: []",
    file: "src/models/adapters/ollama.ts",
    find: `if (tools !== undefined && tools.length > 0 && choice !== "none") {`,
    replace:
      `if (tools !== undefined && tools.length >= 0 && choice !== "none") {`,
    tests: ["tests/models/adapters/ollama_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-ollama-tool-message-text",
    bug:
      "ollama: a tool message holding text beside its results is sent, the text silently lost",
    file: "src/models/adapters/ollama.ts",
    find: `      if (texts.length > 0 || images.length > 0) {`,
    replace: `      if (texts.length > 0 && images.length > 0) {`,
    tests: ["tests/models/adapters/ollama_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-ollama-empty-durations",
    bug:
      "ollama: an answer without durations carries an empty durations record",
    file: "src/models/adapters/ollama.ts",
    find:
      `if (Object.keys(durations).length > 0) metadata.durations = durations;`,
    replace:
      `if (Object.keys(durations).length >= 0) metadata.durations = durations;`,
    tests: ["tests/models/adapters/ollama_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-ollama-logprobs-alone",
    bug:
      "ollama stream: a line's log probabilities are lost when the line has no text",
    file: "src/models/adapters/ollama.ts",
    find:
      `        else chunks.unshift({ type: "content", delta: "", logprobs });`,
    replace: `        else ;`,
    tests: ["tests/models/adapters/ollama_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-operation-no-client-headers",
    bug:
      "adapter: an operation that takes no client headers throws a TypeError when the client sent some",
    file: "src/models/adapters/adapter.ts",
    find: `        : op.clientHeaders?.(request.headers);`,
    replace: `        : op.clientHeaders(request.headers);`,
    tests: ["tests/models/adapters/adapter_calls_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-same-wire-default",
    bug:
      "adapter: a same-wire chat call without a wire named is refused instead of read as OpenAI's",
    file: "src/models/adapters/adapter.ts",
    find:
      `if (wire === undefined || wire.name !== (request.wire ?? "openai")) {`,
    replace: `if (wire === undefined || wire.name !== (request.wire)) {`,
    tests: ["tests/models/adapters/adapter_calls_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-same-wire-refusal-text",
    bug:
      "adapter: refusing a same-wire chat call without a wire names the undefined wire",
    file: "src/models/adapters/adapter.ts",
    find: `          request.wire ?? "openai"\n        } chat wire`,
    replace: `          request.wire\n        } chat wire`,
    tests: ["tests/models/adapters/adapter_calls_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-cost-no-model",
    bug:
      "adapter: a cost estimate with no model to price throws (OpenAI-compatible vendor lookup) instead of null",
    file: "src/models/adapters/adapter.ts",
    find: `    if (model === undefined) return Promise.resolve(null);`,
    replace: `    if (model === undefined) Promise.resolve(null);`,
    tests: ["tests/models/adapters/adapter_calls_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-empty-model",
    bug:
      "adapter: an empty model name is silently replaced by the default model",
    file: "src/models/adapters/adapter.ts",
    find: `const model = request.parameters?.model ?? this.#spec.defaultModel;`,
    replace:
      `const model = request.parameters?.model || this.#spec.defaultModel;`,
    tests: ["tests/models/adapters/adapter_calls_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-anthropic-start-without-usage",
    bug:
      "anthropic stream: a message_start without usage throws a TypeError mid-stream",
    file: "src/models/adapters/_anthropic_answer.ts",
    find: `    if (!isRecord(usage)) return;\n    this.#sawUsage = true;`,
    replace: `    if (!isRecord(usage)) ;\n    this.#sawUsage = true;`,
    tests: ["tests/models/adapters/anthropic_answer_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-anthropic-cache-creation-kept",
    bug:
      "anthropic stream: a final count without cache_creation_input_tokens loses the cache write",
    file: "src/models/adapters/_anthropic_answer.ts",
    find:
      `this.#cacheCreation = read.cacheCreationTokens ?? this.#cacheCreation;`,
    replace: `this.#cacheCreation = read.cacheCreationTokens;`,
    tests: ["tests/models/adapters/anthropic_answer_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-anthropic-cache-read-kept",
    bug:
      "anthropic stream: a final count without cache_read_input_tokens loses the cache read",
    file: "src/models/adapters/_anthropic_answer.ts",
    find: `this.#cacheRead = read.cacheReadTokens ?? this.#cacheRead;`,
    replace: `this.#cacheRead = read.cacheReadTokens;`,
    tests: ["tests/models/adapters/anthropic_answer_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-embeddings-format",
    bug:
      "embeddings: every request without encoding_format is refused, and an unknown one accepted",
    file: "src/models/adapters/_embeddings.ts",
    find:
      `if (format !== undefined && format !== "float" && format !== "base64") {`,
    replace:
      `if (format === undefined && format !== "float" && format !== "base64") {`,
    tests: ["tests/models/adapters/embeddings_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-embeddings-count",
    bug:
      "embeddings: an answer with fewer vectors than inputs is handed back short",
    file: "src/models/adapters/_embeddings.ts",
    find: `!Array.isArray(vectors) || vectors.length !== count ||`,
    replace: `!Array.isArray(vectors) || vectors.length !== count &&`,
    tests: ["tests/models/adapters/embeddings_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-prompt-estimate-parts",
    bug:
      "cost estimate: a tool call counts as an image, and an image throws a TypeError",
    file: "src/models/adapters/_prices.ts",
    find: `else if (part.type === "tool_use") {`,
    replace: `else if (part.type !== "tool_use") {`,
    tests: ["tests/models/adapters/prices_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-ollama-json-object",
    bug:
      "ollama: response_format json_object is sent as format json and still named dropped",
    file: "src/models/adapters/_toward_native.ts",
    find:
      `if (value.type === "json_object") return offer(out, "format", "json");`,
    replace: `if (value.type === "json_object") offer(out, "format", "json");`,
    tests: ["tests/models/adapters/toward_tables_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-price-zero-reasoning",
    bug:
      "prices: a reasoning rate of 0 is read as absent, so reasoning is billed at the output rate",
    file: "src/models/adapters/_prices.ts",
    find: `reasoning * (price.reasoning ?? price.output)) / 1_000_000;`,
    replace: `reasoning * (price.reasoning || price.output)) / 1_000_000;`,
    tests: ["tests/models/adapters/prices_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-price-zero-cache-read",
    bug:
      "prices: a cache-read rate of 0 is read as absent, so cache reads are billed at the input rate",
    file: "src/models/adapters/_prices.ts",
    find: `cacheRead * (price.cachedInput ?? price.input) +`,
    replace: `cacheRead * (price.cachedInput || price.input) +`,
    tests: ["tests/models/adapters/prices_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-sse-data-bound",
    bug: "sse: an event whose data fills the bound exactly is refused",
    file: "src/models/adapters/_sse.ts",
    find: `if (this.#dataLength > this.#maxLength) {`,
    replace: `if (this.#dataLength >= this.#maxLength) {`,
    tests: ["tests/models/adapters/sse_bound_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-ollama-empty-turn",
    bug: "ollama: a message with no parts is sent as an empty turn",
    file: "src/models/adapters/ollama.ts",
    find: `      typeof message.content !== "string"\n    ) continue;`,
    replace: `      typeof message.content === "string"\n    ) continue;`,
    tests: ["tests/models/adapters/ollama_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-preset-mistral-model",
    bug:
      "presets: Mistral's default model emptied, unlike its documented mistral-small-latest",
    file: "src/models/adapters/openai.ts",
    find: `    defaultModel: "mistral-small-latest",`,
    replace: `    defaultModel: "",`,
    tests: ["tests/models/adapters/presets_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-preset-deepseek-model",
    bug:
      "presets: DeepSeek's default model emptied, unlike its documented deepseek-chat",
    file: "src/models/adapters/openai.ts",
    find: `    defaultModel: "deepseek-chat",`,
    replace: `    defaultModel: "",`,
    tests: ["tests/models/adapters/presets_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-preset-llamacpp-key",
    bug:
      "presets: llama.cpp refused without an apiKey, though documented as optional",
    file: "src/models/adapters/openai.ts",
    find:
      `    baseURL: "http://127.0.0.1:8080/v1",\n    requiresApiKey: false,`,
    replace:
      `    baseURL: "http://127.0.0.1:8080/v1",\n    requiresApiKey: true,`,
    tests: ["tests/models/adapters/presets_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-preset-ollama-key",
    bug:
      "presets: Ollama's /v1 refused without an apiKey, though documented as optional",
    file: "src/models/adapters/openai.ts",
    find: `    defaultModel: "llama3.2",\n    requiresApiKey: false,`,
    replace: `    defaultModel: "llama3.2",\n    requiresApiKey: true,`,
    tests: ["tests/models/adapters/presets_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-compatible-top-k",
    bug: "openai-compatible: topK sent under an empty name instead of top_k",
    file: "src/models/adapters/openai.ts",
    find: `  topK: "top_k",`,
    replace: `  topK: "",`,
    tests: ["tests/models/adapters/presets_fresh_mutants_test.ts"],
  },
  {
    id: "core3-parallel-request-checked",
    bug:
      "dispatchParallel sends a request without a messages array to every backend instead of refusing it with INVALID_REQUEST",
    file: "src/models/_dispatch.ts",
    find: "  assertRequest(request);\n  const strategy",
    replace: "  const strategy",
    tests: ["tests/models/parallel_request_check_test.ts"],
  },
  // Eighth round, gateway-listener and cli (one block).
  {
    id: "listener-node-runtime-branch",
    bug: "serve: on Node the runtime is not recognised (UNSUPPORTED_RUNTIME)",
    file: "src/serve/serve.ts",
    find: `if (typeof global.process?.versions?.node === "string") {`,
    replace: `if (typeof global.process?.versions?.node !== "string") {`,
    tests: ["tests/serve/node_runtime_test.ts"],
  },
  {
    id: "listener-node-check-interval",
    bug:
      "node listener: connections checked every second, so a 10 s headers timeout is met up to 1 s late",
    file: "src/serve/_node_server.ts",
    find: `connectionsCheckingInterval: sweepEvery(limits),`,
    replace:
      `connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),`,
    tests: ["tests/serve/node_runtime_test.ts"],
  },
  {
    id: "listener-node-request-headers",
    bug: "node listener: the request's headers never reach the handler",
    file: "src/serve/_node_server.ts",
    find: `pairs.push([raw[i], raw[i + 1]]);`,
    replace: `;`,
    tests: ["tests/serve/node_runtime_test.ts"],
  },
  {
    id: "listener-node-body-failed",
    bug:
      "node listener: a body failing midway settles completed as a client that left, not BodyFailed",
    file: "src/serve/_node_server.ts",
    find: `      bodyFailed = new BodyFailed(error);`,
    replace: `      ;`,
    tests: ["tests/serve/node_runtime_test.ts"],
  },
  {
    id: "listener-runtime-process-shim",
    bug:
      "serve: a bundler's process shim without versions throws a TypeError, not UNSUPPORTED_RUNTIME",
    file: "src/serve/serve.ts",
    find: `if (typeof global.process?.versions?.node === "string") {`,
    replace: `if (typeof global.process?.versions.node === "string") {`,
    tests: ["tests/serve/options_fresh_mutants_test.ts"],
  },
  {
    id: "listener-gateway-body-bound-zero",
    bug: "serveGateway: maxBodyBytes 0 silently turns the body bound off",
    file: "src/gateway/serve.ts",
    find: `maxBodyBytes: options.maxBodyBytes ?? Infinity,`,
    replace: `maxBodyBytes: options.maxBodyBytes || Infinity,`,
    tests: ["tests/serve/options_fresh_mutants_test.ts"],
  },
  {
    id: "listener-read-bounded-huge-bound",
    bug: "readBounded: a streamed body allocates the whole bound at once",
    file: "src/gateway/_read_bounded.ts",
    find: `        Math.min(\n          limit,`,
    replace: `        Math.max(\n          limit,`,
    tests: ["tests/serve/read_bounded_fresh_mutants_test.ts"],
  },
  {
    id: "cli-node-missing-file",
    bug:
      "command on Node: a missing file reads as unreadable (ENOENT not recognised)",
    file: "src/cli/_runtime.ts",
    find: `error?.code === "ENOENT",`,
    replace: `error?.code === "",`,
    tests: ["tests/cli/cli_fresh_mutants_test.ts"],
  },
  {
    id: "cli-node-exit-flush",
    bug: "command on Node: exit drops the gathered log lines",
    file: "src/cli/_runtime.ts",
    find: `      flush();\n      return process.exit(code) as never;`,
    replace: `      ;\n      return process.exit(code) as never;`,
    tests: ["tests/cli/cli_fresh_mutants_test.ts"],
  },
  {
    id: "cli-summary-one-model",
    bug: "startup summary: a backend serving one model does not name it",
    file: "src/cli/_summary.ts",
    find: `if (served.length > 0) parts.push(`,
    replace: `if (served.length > 1) parts.push(`,
    tests: ["tests/cli/cli_fresh_mutants_test.ts"],
  },
  {
    id: "cli-redis-timeout-config",
    bug:
      "command: the config's redis.timeoutMs is dropped (100 ms whatever was set)",
    file: "src/cli/gateway.ts",
    find:
      `  if (timeoutMs === undefined) return { store: shared.store, onWarning };`,
    replace:
      `  if (!(timeoutMs === undefined)) return { store: shared.store, onWarning };`,
    tests: ["tests/cli/cli_fresh_mutants_test.ts"],
  },
  {
    id: "cli-internal-error-reason",
    bug:
      "switchyard convert: an internal error with an empty message prints no reason",
    file: "src/cli/convert.ts",
    find: `?.message || String(error)}`,
    replace: `?.message ?? String(error)}`,
    tests: ["tests/cli/cli_fresh_mutants_test.ts"],
  },
  {
    id: "listener-node-whole-64k",
    bug:
      "node listener: a body of exactly 64 KiB built at once goes chunked instead of whole",
    file: "src/serve/_node_server.ts",
    find: `if (size > WHOLE_BODY_MAX_BYTES) return { whole: false, chunks };`,
    replace:
      `if (size >= WHOLE_BODY_MAX_BYTES) return { whole: false, chunks };`,
    tests: ["tests/serve/node_runtime_test.ts"],
  },
  {
    id: "listener-write-body-pieces",
    bug:
      "deno listener: a body built at once from several pieces is sent as its first piece",
    file: "src/serve/_write_body.ts",
    find: `if (chunks.length === 1) return chunks[0];`,
    replace: `if (!(chunks.length === 1)) return chunks[0];`,
    tests: ["tests/serve/write_body_fresh_mutants_test.ts"],
  },
  {
    id: "listener-node-body-resume",
    bug:
      "node listener: a handler reading its body slowly stalls the upload (node:http paused, never resumed)",
    file: "src/serve/_node_server.ts",
    find: `    pull() {\n      req.resume();`,
    replace: `    pull() {\n      ;`,
    tests: ["tests/serve/node_runtime_test.ts"],
  },
  // The gateway's eighth round: survivors of the draws of seeds 20261160
  // and 20261161, and what planting the rules by hand found.
  {
    id: "gateway-r8-tool-use-fields",
    bug:
      "anthropic request: a replayed tool_use block without its name (or its input) is accepted",
    file: "src/gateway/anthropic_request.ts",
    find: `typeof block.name !== "string" || !isRecord(block.input)`,
    replace: `typeof block.name !== "string" && !isRecord(block.input)`,
    tests: GATEWAY_R8_REQUEST_TESTS,
  },
  {
    id: "gateway-r8-tool-call-id",
    bug: "chat request: a replayed tool call without its id is accepted",
    file: "src/gateway/openai_request.ts",
    find: `!isRecord(call) || typeof call.id !== "string" || !isRecord(fn) ||`,
    replace:
      `!isRecord(call) && typeof call.id !== "string" || !isRecord(fn) ||`,
    tests: GATEWAY_R8_REQUEST_TESTS,
  },
  {
    id: "gateway-r8-text-only-parts",
    bug:
      "chat request: a text-only message reads any part as text (a refusal's words lost, an image accepted)",
    file: "src/gateway/openai_request.ts",
    find:
      `isRecord(part) && part.type === "text" && typeof part.text === "string"`,
    replace:
      `isRecord(part) || part.type === "text" && typeof part.text === "string"`,
    tests: GATEWAY_R8_REQUEST_TESTS,
  },
  {
    id: "gateway-r8-cache-ttl-zero",
    bug:
      "memory cache: an answer kept for 0 seconds is stored, evicting others from a full cache",
    file: "src/gateway/cache/memory.ts",
    find:
      `if (!(ttlMs > 0) || bytes > this.maxBytes) return Promise.resolve();`,
    replace:
      `if (!(ttlMs >= 0) || bytes > this.maxBytes) return Promise.resolve();`,
    tests: GATEWAY_R8_CACHE_TESTS,
  },
  {
    id: "gateway-r8-admin-sync-zero",
    bug: "admin: syncMs 0 (documented: a finite number ≥ 0) is refused",
    file: "src/gateway/gateway.ts",
    find: `if (!(Number.isFinite(syncMs) && syncMs >= 0)) {`,
    replace: `if (!(Number.isFinite(syncMs) && syncMs > 0)) {`,
    tests: ["tests/gateway/admin_fresh_mutants_test.ts"],
  },
  {
    id: "gateway-r8-responses-read-keys",
    bug:
      "responses: max_output_tokens, which reaches the backend, is also reported as dropped",
    file: "src/gateway/_responses_request.ts",
    find: `  "text",\n  "max_output_tokens",\n  "temperature",`,
    replace: `  "text",\n  "",\n  "temperature",`,
    tests: ["tests/gateway/responses_fresh_mutants_test.ts"],
  },
  {
    id: "gateway-r8-relay-json-bound",
    bug:
      "passthrough: a JSON answer past 32 MiB without Content-Length is cut at the bound and parsed",
    file: "src/gateway/_passthrough.ts",
    find:
      `return await readBytes(provider, body, MAX_JSON_BYTES, false, signal);`,
    replace:
      `return await readBytes(provider, body, MAX_JSON_BYTES, true, signal);`,
    tests: ["tests/gateway/passthrough_fresh_mutants_test.ts"],
  },
  {
    id: "gateway-r8-usage-round-up",
    bug:
      "usage estimate: generated characters / 4 rounded down (a short answer is free)",
    file: "src/gateway/_usage_estimate.ts",
    find: `Math.ceil(completionChars / 4)`,
    replace: `Math.floor(completionChars / 4)`,
    tests: GATEWAY_R8_USAGE_TESTS,
  },
  {
    id: "gateway-r8-usage-reasoning",
    bug: "usage estimate: reasoning is not counted as generated",
    file: "src/gateway/_usage_estimate.ts",
    find: `else if (part.type === "thinking") chars`,
    replace: `else if (part.type !== "thinking") chars`,
    tests: GATEWAY_R8_USAGE_TESTS,
  },
  {
    id: "gateway-r8-usage-tool-arguments",
    bug: "usage estimate: tool-call arguments are not counted as generated",
    file: "src/gateway/_usage_estimate.ts",
    find: `chars += JSON.stringify(part.input).length;`,
    replace: `;`,
    tests: GATEWAY_R8_USAGE_TESTS,
  },
  {
    id: "gateway-r8-usage-refusal",
    bug: "usage estimate: a refusal beside plain text is not counted",
    file: "src/gateway/_usage_estimate.ts",
    find: `return message.content.length + refusal;`,
    replace: `return message.content.length;`,
    tests: GATEWAY_R8_USAGE_TESTS,
  },
  {
    id: "gateway-r8-log-fallbacks",
    bug:
      "log: a request every backend failed is logged with 0 fallbacks, however many were tried",
    file: "src/gateway/_request_parts.ts",
    find: `Math.max(0, error.attemptedBackends.length - 1)`,
    replace: `Math.min(0, error.attemptedBackends.length - 1)`,
    tests: ["tests/gateway/log_fresh_mutants_test.ts"],
  },
  {
    id: "gateway-r8-usage-stream-tool-call",
    bug:
      "stream usage estimate: a tool call's first chunk without arguments makes the count NaN, so no tokens are logged",
    file: "src/gateway/_stream_answer.ts",
    find: `chars += chunk.inputDelta?.length ?? 0`,
    replace: `chars += chunk.inputDelta?.length`,
    tests: GATEWAY_R8_USAGE_TESTS,
  },
  {
    id: "gateway-r8-stream-no-buffering",
    bug:
      "streams: x-accel-buffering emptied, so a proxy such as nginx may hold a stream back",
    file: "src/gateway/_relay_answer.ts",
    find: `"x-accel-buffering": "no",`,
    replace: `"x-accel-buffering": "",`,
    tests: ["tests/gateway/stream_headers_fresh_mutants_test.ts"],
  },
  {
    id: "gateway-r8-stream-no-cache",
    bug: "streams: cache-control no-cache emptied on every streamed answer",
    file: "src/gateway/_relay_answer.ts",
    find: `"cache-control": "no-cache",`,
    replace: `"cache-control": "",`,
    tests: ["tests/gateway/stream_headers_fresh_mutants_test.ts"],
  },
  {
    id: "gateway-r8-thinking-text",
    bug:
      "anthropic request: a replayed thinking block without its thinking text is accepted",
    file: "src/gateway/anthropic_request.ts",
    find: `block.type === "thinking" && typeof block.thinking === "string" &&`,
    replace:
      `block.type === "thinking" || typeof block.thinking === "string" &&`,
    tests: GATEWAY_R8_REQUEST_TESTS,
  },
  {
    id: "gateway-r8-429-no-wait",
    bug:
      "errors: a 429 from backends that stated no wait says Retry-After: Infinity",
    file: "src/gateway/errors.ts",
    find: `waits.length > 0 ? Math.min(...waits) : undefined`,
    replace: `waits.length >= 0 ? Math.min(...waits) : undefined`,
    tests: GATEWAY_R8_ERROR_TESTS,
  },
  {
    id: "gateway-r8-misconfigured-status",
    bug:
      "errors: the misconfigured-backend message says (HTTP ) when no status is known",
    file: "src/gateway/errors.ts",
    find: 'statuses.length > 0 ? ` (HTTP ${statuses.join(", ")})` : ""',
    replace: 'statuses.length >= 0 ? ` (HTTP ${statuses.join(", ")})` : ""',
    tests: GATEWAY_R8_ERROR_TESTS,
  },
  {
    id: "gateway-r8-misconfigured-others",
    bug:
      "errors: the misconfigured-backend message says 0 other attempts failed",
    file: "src/gateway/errors.ts",
    find: 'others > 0 ? ` ${others} other attempt(s) failed too.` : ""',
    replace: 'others >= 0 ? ` ${others} other attempt(s) failed too.` : ""',
    tests: GATEWAY_R8_ERROR_TESTS,
  },
  {
    id: "gateway-r8-upstream-empty-fields",
    bug:
      "errors: an upstream client error's empty message (or numeric code) reaches the client as is",
    file: "src/gateway/errors.ts",
    find: `typeof value === "string" && value !== "" ? value : undefined`,
    replace: `typeof value === "string" || value !== "" ? value : undefined`,
    tests: GATEWAY_R8_ERROR_TESTS,
  },
  {
    id: "gateway-r8-budget-remaining-tightest",
    bug:
      "budgets: a key's remaining budget is its roomiest budget's, not its tightest's",
    file: "src/gateway/budgets.ts",
    find: `Math.min(...windows.map((w, i) => w.budget.usd - spent[i])),`,
    replace: `Math.max(...windows.map((w, i) => w.budget.usd - spent[i])),`,
    tests: ["tests/gateway/budget_fresh_mutants_test.ts"],
  },
  {
    id: "gateway-r8-budget-should-retry-minute",
    bug:
      "budgets: x-should-retry: false sent when the reset is exactly a minute away",
    file: "src/gateway/budgets.ts",
    find:
      `if (!(over.end - now <= 60_000)) headers["x-should-retry"] = "false";`,
    replace:
      `if (!(over.end - now < 60_000)) headers["x-should-retry"] = "false";`,
    tests: ["tests/gateway/budget_fresh_mutants_test.ts"],
  },
  {
    id: "gateway-r8-chat-text-beside-calls",
    bug:
      "chat answer: text beside tool calls is dropped (content null whenever there are calls)",
    file: "src/gateway/openai_response.ts",
    find: `if (text === "" && toolCalls.length > 0) text = null;`,
    replace: `if (text === "" || toolCalls.length > 0) text = null;`,
    tests: GATEWAY_R8_CHAT_ANSWER_TESTS,
  },
  {
    id: "gateway-r8-chat-empty-content",
    bug: "chat answer: an empty answer without a refusal has content null",
    file: "src/gateway/openai_response.ts",
    find: `content: response.message.refusal !== undefined && text === ""`,
    replace: `content: response.message.refusal !== undefined || text === ""`,
    tests: GATEWAY_R8_CHAT_ANSWER_TESTS,
  },
  {
    id: "gateway-r8-chat-stream-metadata-usage",
    bug:
      "chat stream: usage reported in a metadata chunk is replaced by an estimate",
    file: "src/gateway/openai_response.ts",
    find: `if (chunk.usage) this.#usage = chunk.usage;`,
    replace: `if (!(chunk.usage)) this.#usage = chunk.usage;`,
    tests: GATEWAY_R8_CHAT_ANSWER_TESTS,
  },
  {
    id: "gateway-r8-chat-stream-done-text",
    bug: "chat stream: text only in the assembled done message is never sent",
    file: "src/gateway/openai_response.ts",
    find: `!this.#sentText && part.text !== ""`,
    replace: `!this.#sentText && part.text === ""`,
    tests: GATEWAY_R8_CHAT_ANSWER_TESTS,
  },
  {
    id: "gateway-r8-messages-text-parts",
    bug:
      "messages answer: text parts are dropped and empty ones kept as blocks",
    file: "src/gateway/anthropic_response.ts",
    find: `} else if (part.type === "text" && part.text !== "") {`,
    replace: `} else if (part.type === "text" && part.text === "") {`,
    tests: GATEWAY_R8_MESSAGES_ANSWER_TESTS,
  },
  {
    id: "gateway-r8-messages-text-join",
    bug:
      "messages answer: the first text part is appended to a block that does not exist",
    file: "src/gateway/anthropic_response.ts",
    find: `if (last?.type === "text") last.text += part.text;`,
    replace: `if (last?.type !== "text") last.text += part.text;`,
    tests: GATEWAY_R8_MESSAGES_ANSWER_TESTS,
  },
  {
    id: "gateway-r8-messages-500-type",
    bug: "messages error body: a 500 typed invalid_request_error",
    file: "src/gateway/anthropic_response.ts",
    find: `(resolved.status < 500 ? "invalid_request_error" : "api_error");`,
    replace:
      `(resolved.status <= 500 ? "invalid_request_error" : "api_error");`,
    tests: GATEWAY_R8_MESSAGES_ANSWER_TESTS,
  },
  {
    id: "gateway-r8-messages-start-usage",
    bug:
      "messages stream: message_start estimates the prompt though the backend reported it",
    file: "src/gateway/anthropic_response.ts",
    find: `if (chunk.usage) this.#startUsage = chunk.usage;`,
    replace: `if (!(chunk.usage)) this.#startUsage = chunk.usage;`,
    tests: GATEWAY_R8_MESSAGES_ANSWER_TESTS,
  },
  {
    id: "gateway-r8-messages-stream-refusal",
    bug: "messages stream: a streamed refusal is never sent",
    file: "src/gateway/anthropic_response.ts",
    find: `if (chunk.refusal !== undefined && chunk.refusal !== "") {`,
    replace: `if (chunk.refusal !== undefined && chunk.refusal === "") {`,
    tests: GATEWAY_R8_MESSAGES_ANSWER_TESTS,
  },
  {
    id: "gateway-r8-responses-string-message",
    bug:
      "responses: a system or assistant input message given as a plain string is refused",
    file: "src/gateway/_responses_request.ts",
    find:
      `function textOf(content: unknown, param: string): string {\n  if (typeof content === "string") return content;`,
    replace:
      `function textOf(content: unknown, param: string): string {\n  if (typeof content === "string") content;`,
    tests: ["tests/gateway/responses_fresh_mutants_test.ts"],
  },
  {
    id: "gateway-r8-responses-default-cached",
    bug:
      "responses: an answer whose usage has no cache count has no cached_tokens",
    file: "src/gateway/_responses_response.ts",
    find: `cached_tokens: usage.cacheReadTokens ?? 0,`,
    replace: `cached_tokens: usage.cacheReadTokens,`,
    tests: ["tests/gateway/responses_fresh_mutants_test.ts"],
  },
  {
    id: "gateway-r8-responses-default-reasoning",
    bug:
      "responses: an answer whose usage has no reasoning count has no reasoning_tokens",
    file: "src/gateway/_responses_response.ts",
    find: `reasoning_tokens: usage.reasoningTokens ?? 0`,
    replace: `reasoning_tokens: usage.reasoningTokens`,
    tests: ["tests/gateway/responses_fresh_mutants_test.ts"],
  },
  {
    id: "gateway-r8-responses-default-instructions",
    bug:
      "responses: an answer to a request without instructions has no instructions field (not null)",
    file: "src/gateway/_responses_response.ts",
    find: `instructions: body.instructions ?? null,`,
    replace: `instructions: body.instructions,`,
    tests: ["tests/gateway/responses_fresh_mutants_test.ts"],
  },
  {
    id: "gateway-r8-responses-default-max-tokens",
    bug:
      "responses: an answer to a request without max_output_tokens has no such field (not null)",
    file: "src/gateway/_responses_response.ts",
    find: `max_output_tokens: body.max_output_tokens ?? null,`,
    replace: `max_output_tokens: body.max_output_tokens,`,
    tests: ["tests/gateway/responses_fresh_mutants_test.ts"],
  },
  {
    id: "gateway-r8-responses-default-parallel",
    bug: "responses: parallel_tool_calls missing instead of true",
    file: "src/gateway/_responses_response.ts",
    find: `parallel_tool_calls: body.parallel_tool_calls ?? true,`,
    replace: `parallel_tool_calls: body.parallel_tool_calls,`,
    tests: ["tests/gateway/responses_fresh_mutants_test.ts"],
  },
  {
    id: "gateway-r8-responses-default-user",
    bug: "responses: user missing instead of null",
    file: "src/gateway/_responses_response.ts",
    find: `user: body.user ?? null,`,
    replace: `user: body.user,`,
    tests: ["tests/gateway/responses_fresh_mutants_test.ts"],
  },
  {
    id: "gateway-r8-responses-default-metadata",
    bug: "responses: metadata missing instead of {}",
    file: "src/gateway/_responses_response.ts",
    find: `metadata: body.metadata ?? {},`,
    replace: `metadata: body.metadata,`,
    tests: ["tests/gateway/responses_fresh_mutants_test.ts"],
  },
  {
    id: "gateway-r8-responses-own-json-tool",
    bug:
      "responses: a client tool named json_response is read as structured output",
    file: "src/gateway/_responses_response.ts",
    find: `if (parsed.structured && part.name === OUTPUT_TOOL) {`,
    replace: `if (parsed.structured || part.name === OUTPUT_TOOL) {`,
    tests: ["tests/gateway/responses_fresh_mutants_test.ts"],
  },
  {
    id: "gateway-r8-responses-stream-metadata-usage",
    bug:
      "responses stream: usage reported in a metadata chunk is left out of response.completed",
    file: "src/gateway/_responses_response.ts",
    find:
      `case "metadata":\n        if (chunk.usage) this.#usage = chunk.usage;`,
    replace:
      `case "metadata":\n        if (!(chunk.usage)) this.#usage = chunk.usage;`,
    tests: ["tests/gateway/responses_fresh_mutants_test.ts"],
  },
  {
    id: "gateway-r8-log-dropped-empty",
    bug: "log: every line carries dropped: [] though nothing was dropped",
    file: "src/gateway/_exchange.ts",
    find: `if (this.dropped.length > 0) entry.dropped = [...this.dropped];`,
    replace: `if (this.dropped.length >= 0) entry.dropped = [...this.dropped];`,
    tests: ["tests/gateway/log_fresh_mutants_test.ts"],
  },
  {
    id: "gateway-r8-anthropic-models-first-id",
    bug: "models list (Anthropic shape): first_id names the second model",
    file: "src/gateway/_info.ts",
    find: `first_id: data[0]?.id ?? null,`,
    replace: `first_id: data[1]?.id ?? null,`,
    tests: ["tests/gateway/operations_fresh_mutants_test.ts"],
  },
  {
    id: "gateway-r8-embeddings-input-shape",
    bug:
      "embeddings: an empty input list goes upstream, a number input is a 500",
    file: "src/gateway/_handle_embeddings.ts",
    find: `if (!Array.isArray(items) || items.length === 0) {`,
    replace: `if (!Array.isArray(items) && items.length === 0) {`,
    tests: ["tests/gateway/operations_fresh_mutants_test.ts"],
  },
  {
    id: "gateway-r8-cache-hit-model",
    bug:
      "cache: a hit answers with the alias asked for instead of the model the backend reported",
    file: "src/gateway/cache/_answer.ts",
    find: `if (metadata.model !== undefined) kept.model = metadata.model;`,
    replace: `if (metadata.model === undefined) kept.model = metadata.model;`,
    tests: GATEWAY_R8_CACHE_TESTS,
  },
  {
    id: "gateway-r8-cache-entry-version",
    bug: "cache: an entry of another format version is read as this one's",
    file: "src/gateway/cache/_answer.ts",
    find:
      `if (value?.v !== 1 || typeof value.storedAt !== "number") return undefined;`,
    replace:
      `if (value?.v !== 1 && typeof value.storedAt !== "number") return undefined;`,
    tests: GATEWAY_R8_CACHE_TESTS,
  },
  {
    id: "gateway-r8-cache-stream-metadata-usage",
    bug: "cache: a streamed miss drops usage reported in a metadata chunk",
    file: "src/gateway/cache/_answer.ts",
    find:
      `case "metadata":\n        if (chunk.usage) this.#usage = chunk.usage;`,
    replace:
      `case "metadata":\n        if (!(chunk.usage)) this.#usage = chunk.usage;`,
    tests: GATEWAY_R8_CACHE_TESTS,
  },
  {
    id: "gateway-r8-cache-reasoning-stream",
    bug: "cache: a stream that carried reasoning is stored without it",
    file: "src/gateway/cache/_answer.ts",
    find: `if (this.#failed || this.#finish === undefined) return undefined;`,
    replace:
      `if (this.#failed && this.#finish === undefined) return undefined;`,
    tests: GATEWAY_R8_CACHE_TESTS,
  },
  {
    id: "gateway-r8-cache-ttl-setting-zero",
    bug: "cache: ttlSeconds 0 (documented: 0 to 30 days) is refused",
    file: "src/gateway/cache/_settings.ts",
    find:
      `if (!Number.isSafeInteger(ttl) || ttl < 0 || ttl > MAX_CACHE_TTL_SECONDS) {`,
    replace:
      `if (!Number.isSafeInteger(ttl) || ttl <= 0 || ttl > MAX_CACHE_TTL_SECONDS) {`,
    tests: GATEWAY_R8_CACHE_TESTS,
  },
  {
    id: "gateway-r8-admin-empty-names",
    bug: "admin: a key is created with an empty model or backend name",
    file: "src/gateway/_admin.ts",
    find: `!value.every((item) => typeof item === "string" && item.length > 0)`,
    replace:
      `!value.every((item) => typeof item === "string" && item.length >= 0)`,
    tests: ["tests/gateway/admin_fresh_mutants_test.ts"],
  },
  {
    id: "gateway-r8-admin-console-under-path",
    bug:
      "admin: a console path equal to the admin path or under it is accepted",
    file: "src/gateway/_admin.ts",
    find: "if (consolePath === path || consolePath.startsWith(`${path}/`)) {",
    replace:
      "if (consolePath === path && consolePath.startsWith(`${path}/`)) {",
    tests: ["tests/gateway/admin_fresh_mutants_test.ts"],
  },
  {
    id: "gateway-r8-failure-unnamed",
    bug:
      'errors: a failure with no backend named is told as backend "undefined"',
    file: "src/gateway/_failure_text.ts",
    find: `if (failure.backend === undefined) return failure.error.message;`,
    replace: `if (failure.backend !== undefined) return failure.error.message;`,
    tests: GATEWAY_R8_ERROR_TESTS,
  },
  {
    id: "gateway-r8-admin-empty-console-path",
    bug:
      "admin: an empty consolePath is read as the default instead of refused",
    file: "src/gateway/_admin.ts",
    find: `const consolePath = options.consolePath ?? "/console";`,
    replace: `const consolePath = options.consolePath || "/console";`,
    tests: ["tests/gateway/admin_fresh_mutants_test.ts"],
  },
  {
    id: "gateway-r8-admin-405-code",
    bug: "admin: a wrong method on a two-method route answers an empty code",
    file: "src/gateway/_admin.ts",
    find: `code: "method_not_allowed",`,
    replace: `code: "",`,
    tests: ["tests/gateway/admin_fresh_mutants_test.ts"],
  },
  {
    id: "gateway-r8-failure-prefix",
    bug:
      "errors: a failure message without the provider prefix loses its first characters",
    file: "src/gateway/_failure_text.ts",
    find: `return prefix !== "" && error.message.startsWith(prefix)`,
    replace: `return prefix !== "" || error.message.startsWith(prefix)`,
    tests: GATEWAY_R8_ERROR_TESTS,
  },
  {
    id: "gateway-r8-embeddings-token-zero",
    bug: "embeddings: a token array holding token 0 is refused",
    file: "src/gateway/_handle_embeddings.ts",
    find: `item.every((t) => Number.isInteger(t) && t >= 0)`,
    replace: `item.every((t) => Number.isInteger(t) && t > 0)`,
    tests: ["tests/gateway/operations_fresh_mutants_test.ts"],
  },
  {
    id: "gateway-r8-config-json-trailing",
    bug:
      "config: a stray bracket after the document is reported as the file ending too soon",
    file: "src/gateway/_json_position.ts",
    find: `if (stack.length === 0) return i < n ? i : undefined;`,
    replace: `if (stack.length === 0) i < n ? i : undefined;`,
    tests: ["tests/gateway/config_fresh_mutants_test.ts"],
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
  {
    id: "m9-latency-cooling-tie",
    bug:
      "latency-optimized: among cooling backends of equal latency the last registered is chosen",
    file: "src/models/routing/latency.ts",
    find: "if (value < coolingValue) {",
    replace: "if (value <= coolingValue) {",
    tests: ["tests/models/latency_r9_mutants_test.ts"],
  },
  {
    id: "m9-ollama-num-thread",
    bug: "ollama: options.num_thread is not sent and is named as dropped",
    file: "src/models/adapters/_native_keys.ts",
    find: `"num_thread",`,
    replace: `"",`,
    tests: [
      "tests/models/adapters/ollama_options_r9_mutants_test.ts",
    ],
  },
  {
    id: "m9-ollama-options-proto",
    bug:
      "ollama: a __proto__ key in options is named as dropped, unlike one at the top level",
    file: "src/models/adapters/_toward_native.ts",
    find: `if (key === "__proto__") continue;`,
    replace: `if (key === "__proto__") ;`,
    tests: [
      "tests/models/adapters/ollama_options_r9_mutants_test.ts",
    ],
  },
  {
    id: "m9-stream-start-dropped",
    bug:
      "adapters: a streamed answer's start chunk does not name the dropped fields",
    file: "src/models/adapters/adapter.ts",
    find: "if (pending) {",
    replace: "if (!(pending)) {",
    tests: [
      "tests/models/adapters/ollama_options_r9_mutants_test.ts",
    ],
  },
  {
    id: "m9-network-blank-message",
    bug:
      "adapters: a failed fetch whose cause has a blank message loses the cause's code",
    file: "src/models/adapters/_network_cause.ts",
    find: "const message = text(item.message).trim();",
    replace: "const message = text(item.message);",
    tests: [
      "tests/models/adapters/ollama_options_r9_mutants_test.ts",
    ],
  },
  {
    id: "m10-empty-config-flag",
    bug:
      "cli: an empty --config falls back to SWITCHYARD_CONFIG (or to no config) instead of being refused",
    file: "src/cli/gateway.ts",
    find: `configFlag ?? setting("SWITCHYARD_CONFIG"),`,
    replace: `configFlag || setting("SWITCHYARD_CONFIG"),`,
    tests: [
      "tests/cli/cli_r10_mutants_test.ts",
    ],
  },
  {
    id: "m10-empty-config-check",
    bug: "cli: an empty --config silently means no config file",
    file: "src/cli/gateway.ts",
    find: `if (given === "") {`,
    replace: "if (false) {",
    tests: [
      "tests/cli/cli_r10_mutants_test.ts",
    ],
  },
  {
    id: "m10-process-shim",
    bug:
      "cli: a process shim without versions crashes the runtime check with a TypeError",
    file: "src/cli/_runtime.ts",
    find: "if (process?.versions?.node) return await nodeRuntime();",
    replace: "if (process?.versions.node) return await nodeRuntime();",
    tests: [
      "tests/cli/cli_r10_mutants_test.ts",
    ],
  },
  {
    id: "m10-help-flag-topic",
    bug:
      "cli: --help <command> prints that command's help, not the top help it documents",
    file: "src/cli/mod.ts",
    find:
      `const asked = name === "help" && rest[0] !== undefined ? rest[0] : "";`,
    replace:
      `const asked = name === "help" || rest[0] !== undefined ? rest[0] : "";`,
    tests: [
      "tests/cli/cli_r10_mutants_test.ts",
    ],
  },
  {
    id: "m10-help-inherited-key",
    bug: 'cli: help constructor prints "undefined"',
    file: "src/cli/mod.ts",
    find:
      "const topic = Object.hasOwn(COMMANDS, asked) ? COMMANDS[asked] : undefined;",
    replace: "const topic = COMMANDS[asked] ? COMMANDS[asked] : undefined;",
    tests: [
      "tests/cli/cli_r10_mutants_test.ts",
    ],
  },
  {
    id: "m10-model-404-type",
    bug: "gateway: the 404 for an unknown model id has an empty error type",
    file: "src/gateway/_handle_model.ts",
    find: `type: "invalid_request_error",`,
    replace: `type: "",`,
    tests: [
      "tests/gateway/gateway_r10_mutants_test.ts",
    ],
  },
  {
    id: "m10-responses-stream-bound",
    bug:
      "gateway: maxStreams checks plain Responses calls and lets streamed ones through",
    file: "src/gateway/_handle_responses.ts",
    find: "if (parsed.stream) checkStreams(ex);",
    replace: "if (!(parsed.stream)) checkStreams(ex);",
    tests: [
      "tests/gateway/gateway_r10_mutants_test.ts",
    ],
  },
  {
    id: "m10-responses-function-choice",
    bug:
      "gateway: a Responses tool_choice naming a function is refused as unsupported",
    file: "src/gateway/_responses_request.ts",
    find: `isRecord(choice) && choice.type === "function" &&`,
    replace: `isRecord(choice) && choice.type !== "function" &&`,
    tests: [
      "tests/gateway/gateway_r10_mutants_test.ts",
    ],
  },
];
