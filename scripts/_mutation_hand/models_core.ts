// The hand list of the models-core area (scripts/_mutation_areas.ts),
// in its own file so that work on different areas never edits one list.

import type { HandMutant } from "./hand_mutant.ts";

const CORE_FRESH_TESTS = ["tests/models/core_fresh_mutants_test.ts"];
const FLEET_FRESH_TESTS = ["tests/models/fleet_link_fresh_mutants_test.ts"];
const TESTING_FRESH_TESTS = ["tests/models/testing_fresh_mutants_test.ts"];
const GUARDS_FRESH_TESTS = ["tests/models/guards_fresh_mutants_test.ts"];
const LETTING_GO_TESTS = ["tests/models/letting_go_fresh_mutants_test.ts"];
const BREAKER_ORDER_TESTS = ["tests/models/breaker_read_order_test.ts"];
const LIFETIME_TESTS = ["tests/models/lifetime_listeners_test.ts"];
const DRAW_EDGES_TESTS = ["tests/models/draw_edges_fresh_mutants_test.ts"];
const ROUTER_FRESH_TESTS = ["tests/models/router_fresh_mutants_test.ts"];
const CORE9_MESSAGE_TESTS = ["tests/models/message_check_r11_test.ts"];
const CORE9_DRAW_TESTS = ["tests/models/draw_r11_mutants_test.ts"];
const CORE9_SECOND_DRAW_TESTS = [
  "tests/models/second_draw_r11_mutants_test.ts",
];
const CORE9_SURVIVOR_TESTS = [
  "tests/models/open_survivors_r11_mutants_test.ts",
];
const CORE10_DRAW_TESTS = ["tests/models/draw_20261168_mutants_test.ts"];
const CORE10_ROUND_ROBIN_TESTS = [
  "tests/models/routing/round_robin_scoped_test.ts",
];
const CORE10_SCORE_TESTS = ["tests/models/routing/score_test.ts"];
const CORE10_CAPABILITY_TESTS = [
  "tests/models/routing/capabilities_test.ts",
];
const CORE10_SECOND_DRAW_TESTS = [
  "tests/models/draw_20261169_mutants_test.ts",
];
const CORE10_TRANSLATION_TESTS = [
  "tests/models/model_translation_r11_test.ts",
];
const CORE10_HEALTH_TESTS = ["tests/models/health_probe_r11_test.ts"];
const CORE10_SIGNAL_TESTS = ["tests/models/routing/strategy_signal_test.ts"];
const CORE12_DRAW_TESTS = ["tests/models/draw_20261170_mutants_test.ts"];
const CORE12_SECOND_DRAW_TESTS = [
  "tests/models/draw_20261171_mutants_test.ts",
];
const CORE12_STRATEGY_TESTS = [
  "tests/models/routing/strategy_inputs_r12_mutants_test.ts",
];
const CORE13_DRAW_TESTS = ["tests/models/draw_20261173_mutants_test.ts"];
const CORE13_HAND_TESTS = ["tests/models/hand_r13_mutants_test.ts"];
const CORE13_THIRD_DRAW_TESTS = [
  "tests/models/draw_20261175_mutants_test.ts",
];
const CORE13_FOURTH_DRAW_TESTS = [
  "tests/models/draw_20261176_mutants_test.ts",
];
const CORE14_HAND_TESTS = ["tests/models/hand_r14_mutants_test.ts"];
const CORE14_DRAW_TESTS = ["tests/models/draw_20261177_mutants_test.ts"];
const CORE14_SECOND_DRAW_TESTS = [
  "tests/models/draw_20261178_mutants_test.ts",
];
const CORE14_STREAM_TESTS = [
  "tests/models/stream_outcomes_r14_mutants_test.ts",
];
const ROUTER_MODEL_TESTS = [
  "tests/models/router_test.ts",
  "tests/models/faults_test.ts",
  "tests/models/breaker_stats_test.ts",
];

/** The known bugs planted in the models-core area. */
export const MODELS_CORE: HandMutant[] = [
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
    id: "percentile-floor",
    bug: "stats: nearest rank rounded down (p50 of 10, 20, 30 is 10)",
    file: "src/models/_stats.ts",
    find: `Math.ceil((p / 100) * this.#size)`,
    replace: `Math.floor((p / 100) * this.#size)`,
    tests: ["tests/models/breaker_stats_test.ts"],
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
    id: "models-tool-parts",
    bug:
      "capability routing: a turn with tool parts but no tools list sent to a backend without tools",
    file: "src/models/routing/_capabilities.ts",
    find: `          tools = true;`,
    replace: `          tools = false;`,
    tests: ["tests/models/core_mutants_test.ts"],
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
  {
    id: "core3-parallel-request-checked",
    bug:
      "dispatchParallel sends a request without a messages array to every backend instead of refusing it with INVALID_REQUEST",
    file: "src/models/_dispatch.ts",
    find: "  assertRequest(request);\n  const strategy",
    replace: "  const strategy",
    tests: ["tests/models/parallel_request_check_test.ts"],
  },
  {
    id: "m9-latency-cooling-tie",
    bug:
      "latency-optimized: among cooling backends of equal latency the last registered is chosen",
    file: "src/models/routing/latency.ts",
    find: "if (value < coolingValue) {",
    replace: "if (value <= coolingValue) {",
    tests: ["tests/models/routing/latency_cooling_test.ts"],
  },
  {
    id: "core9-request-message-entries",
    bug:
      "a messages entry that is not an object (null, a string) reaches every adapter, which fails on it: ALL_BACKENDS_FAILED instead of INVALID_REQUEST",
    file: "src/models/_request.ts",
    find: "for (let i = 0; i < messages.length; i++) {",
    replace: "for (let i = 0; i < 0; i++) {",
    tests: CORE9_MESSAGE_TESTS,
  },
  {
    id: "core9-request-message-array",
    bug: "a messages entry that is an array passes the request check",
    file: "src/models/_request.ts",
    find:
      'typeof message !== "object" || message === null || Array.isArray(message)',
    replace: 'typeof message !== "object" || message === null',
    tests: CORE9_MESSAGE_TESTS,
  },
  {
    id: "core9-backoff-already-aborted",
    bug:
      "a retry backoff started after the caller's abort waits it out and retries the backend the caller gave up on",
    file: "src/models/_resilience.ts",
    find: "if (signal.aborted) return Promise.reject(signal.reason);",
    replace: "if (signal.aborted) Promise.reject(signal.reason);",
    tests: CORE9_SURVIVOR_TESTS,
  },
  {
    id: "core9-health-infinite-shared-wait",
    bug:
      "healthCheckTimeout Infinity: a caller sharing a background probe is answered false by a 24.8-day timer",
    file: "src/models/_health.ts",
    find: "if (timeoutMs === Infinity) return probe;",
    replace: "if (timeoutMs === Infinity) probe;",
    tests: CORE9_SURVIVOR_TESTS,
  },
  {
    id: "core9-race-recorded-loser",
    bug:
      "a stream racer whose failure was recorded in the turn the winner committed is listed as cancelled while its statistics count the failure",
    file: "src/models/streaming/attempt.ts",
    find: "    return recorded ?? this.#settle(cancelled);",
    replace: "    return this.#settle(cancelled);",
    tests: CORE9_SURVIVOR_TESTS,
  },
  {
    id: "core9-timer-delay-one-ms",
    bug: "a timer of 1 ms or less is asked of the runtime as 0 ms",
    file: "src/models/_util.ts",
    find: "ms > 0 ? ms : 0;",
    replace: "ms > 1 ? ms : 0;",
    tests: CORE9_DRAW_TESTS,
  },
  {
    id: "core9-mock-latency-one-ms-stream",
    bug:
      "a mock adapter with a latency of 1 ms streams its chunks without waiting",
    file: "src/models/testing.ts",
    find: "      for (const chunk of chunks) {\n        if (latency > 0)",
    replace: "      for (const chunk of chunks) {\n        if (latency > 1)",
    tests: CORE9_DRAW_TESTS,
  },
  {
    id: "core9-mock-latency-one-ms-execute",
    bug: "a mock adapter with a latency of 1 ms answers without waiting",
    file: "src/models/testing.ts",
    find: "const index = executeIndex++;\n      if (latency > 0)",
    replace: "const index = executeIndex++;\n      if (latency > 1)",
    tests: CORE9_DRAW_TESTS,
  },
  {
    id: "core9-parallel-recorded-loser",
    bug:
      "a parallel loser whose failure was recorded in the turn the winner answered is listed as cancelled (execute's trace, dispatchParallel's failedBackends) while its statistics count the failure",
    file: "src/models/_parallel.ts",
    find:
      "      queueMicrotask(() =>\n        resolve({ outcomes: outcomes.slice(), winner, cancelled, allSettled })\n      );",
    replace:
      "      resolve({ outcomes: outcomes.slice(), winner, cancelled, allSettled });",
    tests: ["tests/models/race_records_r11_test.ts"],
  },
  {
    id: "core9-fleet-admit-refresh",
    bug:
      "admitting a call never reads the fleet's breakers: a breaker a sibling opened is seen only at the next background poll",
    file: "src/models/_backend_state.ts",
    find: "      this.#fleet!.refresh(now);",
    replace: "      ;",
    tests: CORE9_SECOND_DRAW_TESTS,
  },
  {
    id: "core9-lifetime-answer-kept",
    bug:
      "an answered call without a caller signal stays in the lifetime's pending set: a live Router keeps every answer",
    file: "src/models/_lifetime.ts",
    find: "        (value) => {\n          pending.delete(reject);",
    replace: "        (value) => {\n          ;",
    tests: ["tests/models/lifetime_retention_test.ts"],
  },
  {
    id: "core9-lifetime-error-kept",
    bug:
      "a failed call without a caller signal stays in the lifetime's pending set: a live Router keeps every error",
    file: "src/models/_lifetime.ts",
    find: "        (error) => {\n          pending.delete(reject);",
    replace: "        (error) => {\n          ;",
    tests: ["tests/models/lifetime_retention_test.ts"],
  },
  {
    id: "core9-testing-metadata-name",
    bug:
      "a testing adapter given a name only in its metadata is named after its kind",
    file: "src/models/testing.ts",
    find: "name: options?.name ?? override.name ?? base.name,",
    replace: "name: options?.name ?? base.name,",
    tests: ["tests/models/testing_r11_mutants_test.ts"],
  },
  {
    id: "core9-testing-echo-model",
    bug:
      'the echo adapter reports the model "undefined" when the request names none',
    file: "src/models/testing.ts",
    find: 'String(request.parameters?.model ?? "echo"),\n        ),',
    replace: "String(request.parameters?.model),\n        ),",
    tests: ["tests/models/testing_r11_mutants_test.ts"],
  },
  {
    id: "core9-testing-fail-after-one",
    bug:
      "a failing stream with failAfterChunks 1 sends its content chunk without a start chunk",
    file: "src/models/testing.ts",
    find: "      if (before > 0) {",
    replace: "      if (before > 1) {",
    tests: ["tests/models/testing_r11_mutants_test.ts"],
  },
  {
    id: "core10-store-not-object",
    bug:
      "a config store that is no object (false from `useRedis && store`, a number) is accepted and every call warns store-unavailable",
    file: "src/models/_config.ts",
    find: 'store !== null && typeof store !== "object"',
    replace: 'store !== null && typeof store === "string"',
    tests: CORE10_DRAW_TESTS,
  },
  {
    id: "core10-store-null-is-store",
    bug:
      "a null config store is taken as a store: the Router warns store-unavailable and routes on local state",
    file: "src/models/router.ts",
    find: "const store = config.store ?? createMemoryStore();",
    replace:
      "const store = config.store === undefined ? createMemoryStore() : config.store;",
    tests: CORE10_DRAW_TESTS,
  },
  {
    id: "core10-round-robin-scoped-removal",
    bug:
      "unregistering a backend before a scoped round-robin cursor leaves that cursor one step ahead: the allow-list's next backend is skipped",
    file: "src/models/routing/round_robin.ts",
    find: "if (removed < cursor) this.#scoped.set(key, cursor - 1);",
    replace: "if (removed < cursor) ;",
    tests: CORE10_DRAW_TESTS,
  },
  {
    id: "core10-echo-aborted-answers",
    bug: "the echo adapter answers a call whose signal aborted before it",
    file: "src/models/testing.ts",
    find: "if (signal?.aborted) return Promise.reject(abortError(signal));",
    replace: "if (signal?.aborted) Promise.reject(abortError(signal));",
    tests: CORE10_DRAW_TESTS,
  },
  {
    id: "core10-strategy-signal-own-link",
    bug:
      "the first attempt links a signal of its own: a strategy keeping the call's signal is not told the caller abandoned the relayed body",
    file: "src/models/_execute.ts",
    find: "this.#link instanceof LinkedCall ? this.#link : undefined,",
    replace: "undefined,",
    tests: CORE10_SIGNAL_TESTS,
  },
  {
    id: "core10-strategy-signal-aborted-at-end",
    bug:
      "a call's own signal is aborted when the call lets go of it: a strategy keeping it reads every normal end as an abort",
    file: "src/models/_lifetime.ts",
    find:
      'this.#caller.removeEventListener("abort", this);\n    this.#linked.delete(this);',
    replace:
      'this.#caller.removeEventListener("abort", this);\n    this.#linked.delete(this);\n    this.#controller.abort();',
    tests: CORE10_SIGNAL_TESTS,
  },
  {
    id: "core10-round-robin-scoped-on-removed",
    bug:
      "unregistering the backend a scoped round-robin cursor points at moves that cursor back: the list's previous backend is picked again",
    file: "src/models/routing/round_robin.ts",
    find: "if (removed < cursor) this.#scoped.set(key, cursor - 1);",
    replace: "if (removed <= cursor) this.#scoped.set(key, cursor - 1);",
    tests: CORE10_ROUND_ROBIN_TESTS,
  },
  {
    id: "core10-round-robin-scoped-bound",
    bug:
      "the Router remembers one allow-list's cursor more than its bound of 256",
    file: "src/models/routing/round_robin.ts",
    find: "scoped.size >= MAX_SCOPED",
    replace: "scoped.size > MAX_SCOPED",
    tests: CORE10_ROUND_ROBIN_TESTS,
  },
  {
    id: "core10-round-robin-scoped-reuse-evicts",
    bug:
      "a remembered allow-list used again, with 256 remembered, evicts the oldest list's cursor as if it were new",
    file: "src/models/routing/round_robin.ts",
    find: "if (!scoped.has(key) && scoped.size >= MAX_SCOPED) {",
    replace: "if (scoped.size >= MAX_SCOPED) {",
    tests: CORE10_ROUND_ROBIN_TESTS,
  },
  {
    id: "core10-latency-all-cooling",
    bug:
      "latency-optimized chooses nothing when every backend with data cools down: the default fall-through sends the call to the first registered, however slow",
    file: "src/models/routing/latency.ts",
    find: "  best ??= cooling;",
    replace: "  ;",
    tests: ["tests/models/routing/latency_cooling_test.ts"],
  },
  {
    id: "core10-score-explicit-weights",
    bug:
      "capability routing scores by the optimization preset even when optimizationWeights are given",
    file: "src/models/routing/_rank.ts",
    find: "const raw = explicit ?? PRESETS[optimization] ?? PRESETS.balanced;",
    replace: "const raw = PRESETS[optimization] ?? PRESETS.balanced;",
    tests: CORE10_SCORE_TESTS,
  },
  {
    id: "core10-score-infinite-weight",
    bug:
      "an Infinity weight is kept: every score turns NaN and capability routing picks nothing by score",
    file: "src/models/routing/_rank.ts",
    find: "Number.isFinite(v) && v > 0",
    replace: "v > 0",
    tests: CORE10_SCORE_TESTS,
  },
  {
    id: "core10-score-unknown-zero",
    bug:
      "a candidate without data scores 0 on that axis instead of the neutral 0.5",
    file: "src/models/routing/_rank.ts",
    find: "Number.isNaN(v) ? 0.5 : max === min ? 1",
    replace: "Number.isNaN(v) ? 0 : max === min ? 1",
    tests: CORE10_SCORE_TESTS,
  },
  {
    id: "core10-score-equal-known-zero",
    bug:
      "candidates whose known values are all equal score 0 on that axis, below one without data",
    file: "src/models/routing/_rank.ts",
    find: "max === min ? 1 :",
    replace: "max === min ? 0 :",
    tests: CORE10_SCORE_TESTS,
  },
  {
    id: "core10-score-untried-quality",
    bug:
      "a backend never called scores full quality, level with one that always answered",
    file: "src/models/routing/_rank.ts",
    find: "const quality = total === 0 ? 0.5 : ok / total;",
    replace: "const quality = total === 0 ? 1 : ok / total;",
    tests: CORE10_SCORE_TESTS,
  },
  {
    id: "core10-score-nan-in-range",
    bug:
      "a candidate without data puts NaN into the min-max range: every candidate with data scores NaN",
    file: "src/models/routing/_rank.ts",
    find: "const known = values.filter((v) => !Number.isNaN(v));",
    replace: "const known = values;",
    tests: CORE10_SCORE_TESTS,
  },
  {
    id: "core10-needs-tool-result",
    bug:
      "capability routing reads a tool result sent back without the tool list as needing no tools",
    file: "src/models/routing/_capabilities.ts",
    find: 'else if (part.type === "tool_use" || part.type === "tool_result") {',
    replace: 'else if (part.type === "tool_use") {',
    tests: CORE10_CAPABILITY_TESTS,
  },
  {
    id: "core10-needs-empty-tools",
    bug:
      "capability routing reads an empty tool list as needing tools: tool-less backends are left out",
    file: "src/models/routing/_capabilities.ts",
    find: "Array.isArray(request.tools) && request.tools.length > 0;",
    replace: "Array.isArray(request.tools);",
    tests: CORE10_CAPABILITY_TESTS,
  },
  {
    id: "core10-supports-empty-models",
    bug: "a backend with an empty model list serves no model",
    file: "src/models/routing/_capabilities.ts",
    find: "capabilities.models.length > 0",
    replace: "capabilities.models.length >= 0",
    tests: CORE10_CAPABILITY_TESTS,
  },
  {
    id: "core10-supports-no-model",
    bug:
      "a request naming no model is refused by every backend with a model list",
    file: "src/models/routing/_capabilities.ts",
    find: "needs.model !== undefined && Array.isArray",
    replace: "Array.isArray",
    tests: CORE10_CAPABILITY_TESTS,
  },
  {
    id: "core10-needs-model-translated",
    bug:
      "with model translation, capability routing still filters by the requested model, which translation would have substituted",
    file: "src/models/routing/_capabilities.ts",
    find: "const model = checkModel && typeof",
    replace: "const model = typeof",
    tests: CORE10_CAPABILITY_TESTS,
  },
  {
    id: "core10-reopen-wait-rounded-down",
    bug:
      "NO_BACKEND_AVAILABLE names a wait rounded down: on a fractional clock the breaker is still open when it says available",
    file: "src/models/_failures.ts",
    find: "Math.ceil(back.retryAfter)",
    replace: "Math.floor(back.retryAfter)",
    tests: CORE10_SECOND_DRAW_TESTS,
  },
  {
    id: "core10-testing-sleep-not-function",
    bug:
      "a testing adapter's sleep that is no function is accepted and fails its first call with a TypeError",
    file: "src/models/testing.ts",
    find: 'if (typeof given !== "function") {',
    replace: "if (false) {",
    tests: CORE10_SECOND_DRAW_TESTS,
  },
  {
    id: "core10-testing-sleep-null",
    bug:
      "a testing adapter given sleep: null refuses it instead of waiting on the default timer",
    file: "src/models/testing.ts",
    find: "if (given === undefined || given === null) return sleep;",
    replace: "if (given === undefined) return sleep;",
    tests: CORE10_SECOND_DRAW_TESTS,
  },
  {
    id: "core10-glob-dot-unescaped",
    bug:
      "a dot in a model glob matches any character: gpt-4.1* maps gpt-401 too",
    file: "src/models/_patterns.ts",
    find: String.raw`/[\\^$.+()[\]{}|/]/g`,
    replace: String.raw`/[\\^$+()[\]{}|/]/g`,
    tests: ["tests/models/routing/model_globs_test.ts"],
  },
  {
    id: "core10-named-not-string",
    bug:
      "a named backend that is no string is looked up as a name: the caller hears of an unknown backend, not of a bad field",
    file: "src/models/routing/selector.ts",
    find: 'if (named !== undefined && typeof named !== "string") {',
    replace: "if (false) {",
    tests: ["tests/models/routing/selection_errors_test.ts"],
  },
  {
    id: "core10-no-backend-wait-all",
    bug:
      "NO_BACKEND_AVAILABLE for a request with an allow-list reads its wait off every backend: one it may not use leaves it without Retry-After",
    file: "src/models/routing/selector.ts",
    find: "      allowedOf(order, allowed),",
    replace: "      order,",
    tests: ["tests/models/routing/selection_errors_test.ts"],
  },
  {
    id: "core10-average-cost-nan",
    bug:
      "with trackCost, a backend without a cost estimate reports an average cost of NaN (null in JSON)",
    file: "src/models/_snapshots.ts",
    find:
      "stats.averageCost = s.costSamples === 0 ? 0 : s.costTotal / s.costSamples;",
    replace: "stats.averageCost = s.costTotal / s.costSamples;",
    tests: ["tests/models/stats_cost_test.ts"],
  },
  {
    id: "core10-translation-empty-served",
    bug:
      "model translation reads a backend's empty model list as serving nothing: every model is replaced by its default",
    file: "src/models/_translate.ts",
    find: "served.length > 0 && !served.includes(from)",
    replace: "!served.includes(from)",
    tests: CORE10_TRANSLATION_TESTS,
  },
  {
    id: "core10-translation-default-models-ignored",
    bug:
      "model translation ignores modelTranslation.defaultModels and sends the adapter's own default model",
    file: "src/models/_translate.ts",
    find: "to = config.defaultModels?.[entry.name] ??",
    replace: "to =",
    tests: CORE10_TRANSLATION_TESTS,
  },
  {
    id: "core10-translation-same-model",
    bug:
      "a translation onto the model already asked for counts as a substitution and warns model-substituted",
    file: "src/models/_translate.ts",
    find: "return to === undefined || to === from ? undefined : { from, to };",
    replace: "return to === undefined ? undefined : { from, to };",
    tests: CORE10_TRANSLATION_TESTS,
  },
  {
    id: "core10-health-void-unhealthy",
    bug:
      "a health check that resolves with nothing (or any value but true) marks its backend unhealthy",
    file: "src/models/_health.ts",
    find: "return (await raceAbort(check, controller.signal)) !== false;",
    replace: "return (await raceAbort(check, controller.signal)) === true;",
    tests: CORE10_HEALTH_TESTS,
  },
  {
    id: "core10-health-not-function",
    bug:
      "an adapter whose healthCheck is null is called anyway and marked unhealthy by the TypeError",
    file: "src/models/_health.ts",
    find: 'const healthy = typeof adapter.healthCheck !== "function" ||',
    replace: 'const healthy = typeof adapter.healthCheck === "undefined" ||',
    tests: CORE10_HEALTH_TESTS,
  },
  {
    id: "core10-health-old-probe-unshares",
    bug:
      "an old adapter's probe ending after replace() removes the new adapter's shared probe: the next caller starts a second check",
    file: "src/models/_health.ts",
    find: "if (this.#probes.get(entry)?.answer === answer) {",
    replace: "if (true) {",
    tests: CORE10_HEALTH_TESTS,
  },
  {
    id: "core10-router-streaming-unsaid",
    bug:
      "a Router holding a backend that leaves streaming unsaid says it does not stream, though it routes streams to it",
    file: "src/models/_registry.ts",
    find: "capabilities.streaming ||= c.streaming !== false;",
    replace: "capabilities.streaming ||= c.streaming === true;",
    tests: ["tests/models/router_metadata_r11_test.ts"],
  },
  {
    id: "health12-probe-unregistered-recorded",
    bug:
      "a health probe answering after its backend was unregistered writes its verdict to the shared store, over the re-registered backend's of the same name",
    file: "src/models/_health.ts",
    find: "      this.#registry.entries.get(entry.name) === entry &&\n",
    replace: "",
    tests: ["tests/models/health_late_r12_mutants_test.ts"],
  },
  {
    id: "store13-shape-unchecked",
    bug:
      "model router: a config store without a store's methods (`{}`, a Redis client itself) is taken, and every store call then fails with a warning",
    file: "src/models/_config.ts",
    find: "    if (missing.length > 0) {",
    replace: "    if (false) {",
    tests: ["tests/models/store_shape_test.ts"],
  },
  {
    id: "store13-shape-any-value",
    bug:
      "model router: a config store whose method is no function (`takeTokens: true`) is taken",
    file: "src/models/_config.ts",
    find:
      '      typeof (store as unknown as Record<string, unknown>)[name] !== "function"',
    replace:
      "      (store as unknown as Record<string, unknown>)[name] === undefined",
    tests: ["tests/models/store_shape_test.ts"],
  },
  {
    id: "core12-rate-limit-shortens-fleet-opening",
    bug:
      "a 429's Retry-After replaces the shared breaker's opening instead of only lengthening it: a sibling's minute-long opening is cut to the Retry-After, and the backend is probed early",
    file: "src/models/_backend_state.ts",
    find: "this.#link?.open(now, error.retryAfter, true);",
    replace: "this.#link?.open(now, error.retryAfter, false);",
    tests: CORE12_DRAW_TESTS,
  },
  {
    id: "core12-invoke-model-unrouted",
    bug:
      "invoke's routing view drops the operation's model: model-based routing sends an embeddings call to the first backend, not the one its model maps to",
    file: "src/models/_job.ts",
    find: "if (request.model !== undefined) {",
    replace: "if (request.model === undefined) {",
    tests: CORE12_DRAW_TESTS,
  },
  {
    id: "core12-stream-peeks-round-robin",
    bug:
      "executeStream selects as selectBackend() does (peek): round-robin's cursor never moves for streams, so every stream goes to the same backend",
    file: "src/models/streaming/stream.ts",
    find: "      true,\n      false,\n      signal,\n      allowed,\n",
    replace: "      true,\n      true,\n      signal,\n      allowed,\n",
    tests: CORE12_DRAW_TESTS,
  },
  {
    id: "core12-flaky-fail-every-one",
    bug:
      "createFlakyAdapter with failEvery 1 never fails, instead of failing every call",
    file: "src/models/testing.ts",
    find: "options.failEvery > 0 &&",
    replace: "options.failEvery > 1 &&",
    tests: CORE12_DRAW_TESTS,
  },
  {
    id: "core12-random-top-unclamped",
    bug:
      "random: a source answering 1 or more indexes past the usable backends, so the strategy chooses nothing and the call goes to the first backend",
    file: "src/models/routing/random.ts",
    find: "available.length - 1,",
    replace: "available.length,",
    tests: CORE12_STRATEGY_TESTS,
  },
  {
    id: "core12-custom-metadata-not-object",
    bug:
      "custom routing spreads a request's custom metadata that is a string into the hook's context.metadata, one key per character",
    file: "src/models/routing/custom.ts",
    find: 'typeof custom === "object" && custom !== null',
    replace: 'typeof custom === "object" || custom !== null',
    tests: CORE12_STRATEGY_TESTS,
  },
  {
    id: "core12-relay-answer-any-object",
    bug:
      "a relay or operate answer that is no Response (a parsed body, nothing) is taken as the answer instead of failing INVALID_RESPONSE and falling back",
    file: "src/models/_relay.ts",
    find: 'return typeof value === "object" && value !== null &&',
    replace: 'return typeof value === "object" && value !== null ||',
    tests: ["tests/models/relay_answer_r12_mutants_test.ts"],
  },
  {
    id: "core12-stream-fallback-ignores-streaming",
    bug:
      "under capability routing a stream's fallback does not require streaming, and sends the stream to a backend that says it cannot stream",
    file: "src/models/streaming/stream.ts",
    find:
      "const state = stateAfter(parts, request, plan, first, signal, true);",
    replace:
      "const state = stateAfter(parts, request, plan, first, signal, false);",
    tests: ["tests/models/stream_fallback_r12_mutants_test.ts"],
  },
  {
    id: "core12-error-backend-unnamed",
    bug:
      "an error passed on as the adapter raised it does not name the registered backend, and a frozen one makes the Router throw a TypeError",
    file: "src/models/_outcome.ts",
    find: "if (!Object.isFrozen(error)) error.backend = backend;",
    replace: "if (Object.isFrozen(error)) error.backend = backend;",
    tests: ["tests/models/error_backend_r12_mutants_test.ts"],
  },
  {
    id: "core12-refused-first-choice-falls-through",
    bug:
      "a first choice refused at admission runs fallback, then its never-started call is read as an invalid answer: the fallback backend is called twice and the refused one charged a failure",
    file: "src/models/_execute.ts",
    find: "if (!call.admitted) return this.rest(plan, call.refused(), false);",
    replace: "if (!call.admitted) this.rest(plan, call.refused(), false);",
    tests: CORE12_SECOND_DRAW_TESTS,
  },
  {
    id: "core12-unstarted-first-call-unreturned",
    bug:
      "a first attempt that cannot start (its timer refused) leaves its rejection unhandled and fails the call with a TypeError instead of its own error",
    file: "src/models/_execute.ts",
    find: "return Promise.reject(ended(this.#parts, this.#link, error));",
    replace: "Promise.reject(ended(this.#parts, this.#link, error));",
    tests: CORE12_SECOND_DRAW_TESTS,
  },
  {
    id: "core12-in-band-retry-after-zero-dropped",
    bug:
      "a stream's in-band failure with a Retry-After of 0 loses it when read back from the chunk",
    file: "src/models/_stream_failure.ts",
    find: "raw.retryAfter >= 0",
    replace: "raw.retryAfter >= 1",
    tests: CORE12_SECOND_DRAW_TESTS,
  },
  {
    id: "core12-stream-failure-single-backend-lost",
    bug:
      "a RouterError listing a single backend's failure loses it in the stream's error chunk, and reads back as a plain AdapterError",
    file: "src/models/_stream_failure.ts",
    find: "error.errors.length > 0",
    replace: "error.errors.length > 1",
    tests: ["tests/models/stream_failure_r12_mutants_test.ts"],
  },
  {
    id: "core12-stream-failure-unknown-code-lost",
    bug:
      "an unknown in-band error code is not kept in details.code, while a known one is copied there",
    file: "src/models/_stream_failure.ts",
    find: "if (raw?.code !== code) details.code = raw?.code;",
    replace: "if (raw?.code === code) details.code = raw?.code;",
    tests: ["tests/models/stream_failure_r12_mutants_test.ts"],
  },
  {
    id: "core12-disposed-race-answer-unhandled",
    bug:
      "an adapter's answer raced after dispose() (called from inside the call) is left without a handler: its rejection is unhandled and ends the process",
    file: "src/models/_lifetime.ts",
    find: "Promise.resolve(answer).then(ignore, ignore);",
    replace: ";",
    tests: ["tests/models/draw_20261172_mutants_test.ts"],
  },
  {
    id: "core12-unregister-stale-index",
    bug:
      "unregister() does not move the later backends' indexes up: unregistering one of them afterwards removes another backend from the order and leaves the unregistered one routed to",
    file: "src/models/_registry.ts",
    find: "this.#order[i].reindex(i);",
    replace: ";",
    tests: ["tests/models/registry_r12_mutants_test.ts"],
  },
  {
    id: "core12-metadata-single-model",
    bug:
      "a Router whose backends list a single model between them lists none in its metadata (any model)",
    file: "src/models/_registry.ts",
    find: "if (models.size > 0) capabilities.models = [...models];",
    replace: "if (models.size > 1) capabilities.models = [...models];",
    tests: ["tests/models/registry_r12_mutants_test.ts"],
  },
  {
    id: "core12-link-aborted-parent",
    bug:
      "linking to a signal that has already aborted leaves the child running (dispatchParallel, before it checked an aborted signal itself, answered instead of ending ABORTED)",
    file: "src/models/_util.ts",
    find: "    child.abort(parent.reason);\n    return ignore;",
    replace: "    ;\n    return ignore;",
    tests: ["tests/models/link_signal_test.ts"],
  },
  {
    id: "core12-select-named-out-nothing-left",
    bug:
      "selectBackend() naming a backend that is out, with nothing left for fallback, reads the first of no candidates and throws a TypeError instead of NO_BACKEND_AVAILABLE",
    file: "src/models/router.ts",
    find: "if (parts.policy.final || next.length === 0) {",
    replace: "if (parts.policy.final && next.length === 0) {",
    tests: ["tests/models/draw_20261172_mutants_test.ts"],
  },
  {
    id: "core12-invoke-view-stream-inverted",
    bug:
      "invoke's routing view says stream on a call that does not stream and not on one that does: a custom hook routing streams apart gets them backwards",
    file: "src/models/_job.ts",
    find: "if (request.stream === true) view.stream = true;",
    replace: "if (request.stream !== true) view.stream = true;",
    tests: CORE12_STRATEGY_TESTS,
  },
  {
    id: "probe13-setup-throw-keeps-probe",
    bug:
      "model router: an admitted attempt whose setup throws (injected timers refusing its timer) keeps the half-open probe, so the backend is refused until reset although nothing was sent",
    file: "src/models/_attempt.ts",
    find: "      entry.withdraw(ticket);\n",
    replace: "",
    tests: ["tests/models/probe_setup_test.ts"],
  },
  // Twelfth round (core13): the draw of seed 20261173 and the bugs planted
  // by hand beside it.
  {
    id: "core13-invoke-chat-view-ignored",
    bug:
      "invoke's routing view of a chat call ignores the call's IR view: capability routing sees no tools or images and sends the call to a backend that cannot serve it",
    file: "src/models/_job.ts",
    find: "    return request.view;\n",
    replace: "    request.view;\n",
    tests: CORE13_DRAW_TESTS,
  },
  {
    id: "core13-no-capabilities-not-streaming",
    bug:
      "under capability routing, a backend whose metadata declares no capabilities is taken not to stream: a stream to it finds no backend",
    file: "src/models/_state.ts",
    find: "{ streaming: true };",
    replace: "{ streaming: false };",
    tests: CORE13_HAND_TESTS,
  },
  {
    id: "core13-config-deadline-dropped",
    bug:
      "RouterConfig.deadline is dropped for a call with no per-request budget (no options, or only backends): a hanging backend holds the call forever",
    file: "src/models/_budget.ts",
    find: "      deadlineAt: deadline === Infinity\n",
    replace: "      deadlineAt: deadline !== Infinity\n",
    tests: CORE13_DRAW_TESTS,
  },
  {
    id: "core13-cost-ignores-named",
    bug:
      "cost-optimized routing ignores a request's named backend (metadata.custom.backend) and answers with the cheapest or untried one",
    file: "src/models/routing/cost.ts",
    find: "readonly honoursNamed = true;",
    replace: "readonly honoursNamed = false;",
    tests: CORE13_HAND_TESTS,
  },
  {
    id: "core13-cooldown-end-inclusive",
    bug:
      "a failure's cooldown lasts a millisecond past its end: latency-optimized still ranks the backend last at the very moment its cooldown runs out",
    file: "src/models/_backend_state.ts",
    find: "    return now < this.#coolUntil;",
    replace: "    return now <= this.#coolUntil;",
    tests: CORE13_THIRD_DRAW_TESTS,
  },
  {
    id: "core13-select-named-out-needs-stream",
    bug:
      "selectBackend() naming a backend that is out asks fallback for a backend that streams: under capability routing it answers one after the backend a non-streaming call would go to",
    file: "src/models/router.ts",
    find:
      "const state = stateAfter(parts, request, plan, undefined, signal, false);",
    replace:
      "const state = stateAfter(parts, request, plan, undefined, signal, true);",
    tests: CORE13_FOURTH_DRAW_TESTS,
  },
  {
    id: "core13-check-health-background-timer",
    bug:
      "checkHealth() of every backend probes on the background loop's unref'd timers: a script awaiting it on a probe that never answers ends before the answer",
    file: "src/models/router.ts",
    find: "    return await this.#health.all(false);",
    replace: "    return await this.#health.all(true);",
    tests: CORE13_FOURTH_DRAW_TESTS,
  },
  {
    id: "core13-latency-rerank-every-pick",
    bug:
      "latency-optimized takes its re-rank time from a cooldown long over (0 before any failure), so it re-ranks on every pick instead of keeping its leader between re-ranks",
    file: "src/models/routing/latency.ts",
    find: "      if (until > now && until < ends) ends = until;",
    replace: "      if (until > now || until < ends) ends = until;",
    tests: ["tests/models/routing/latency_leader_r13_mutants_test.ts"],
  },
  {
    id: "lead13-translation-config-live",
    bug:
      "model translation reads the caller's config object on each call, so editing it after createRouter changes routing",
    file: "src/models/_translate.ts",
    find: "return { config: own, tables };",
    replace: "return { config, tables };",
    tests: ["tests/models/model_translation_r11_test.ts"],
  },
  {
    id: "lead13-dispatch-aborted-calls",
    bug:
      "dispatchParallel given a signal already aborted calls every backend once",
    file: "src/models/_dispatch.ts",
    find: "  if (options.signal?.aborted) {\n",
    replace: "  if (options.signal?.aborted && false) {\n",
    tests: ["tests/models/draw_20261172_mutants_test.ts"],
  },
  {
    id: "core14-clone-stays-muted",
    bug:
      "clone() leaves the copy's warnings muted after rebuilding it: the copy never reports a later register, setFallbackChain or unregister to onWarning",
    file: "src/models/router.ts",
    find: "      copy.#warnings.mute(false);\n",
    replace: "",
    tests: CORE14_HAND_TESTS,
  },
  {
    id: "core14-estimate-cost-nan",
    bug:
      "estimateCost() passes on an adapter's estimate that is not a finite number (NaN, Infinity) instead of answering null",
    file: "src/models/router.ts",
    find: 'typeof cost === "number" && Number.isFinite(cost)',
    replace: 'typeof cost === "number" || Number.isFinite(cost)',
    tests: CORE14_HAND_TESTS,
  },
  {
    id: "core14-invoke-unserved-uncounted",
    bug:
      "invoke() refused because no backend serves the operation is left out of getStats() (totalRequests, failedRequests)",
    file: "src/models/router.ts",
    find: "      this.#counters.settle(false);\n",
    replace: "",
    tests: CORE14_HAND_TESTS,
  },
  {
    id: "core14-replace-keeps-leader",
    bug:
      "replace() does not tell the strategy the registry changed: latency-optimized keeps its cached leader instead of trying the replaced backend's new, untried adapter",
    file: "src/models/router.ts",
    find:
      "    this.#registry.replace(name, adapter);\n    this.#selector.changed();\n",
    replace: "    this.#registry.replace(name, adapter);\n",
    tests: CORE14_HAND_TESTS,
  },
  {
    id: "core14-health-check-background",
    bug:
      "healthCheck() probes on the background loop's unref'd timers: a script awaiting it on a probe that never answers ends before the answer",
    file: "src/models/router.ts",
    find: "    const probes = this.#health.all(false);",
    replace: "    const probes = this.#health.all(true);",
    tests: CORE14_HAND_TESTS,
  },
  {
    id: "core14-check-health-one-background",
    bug:
      "checkHealth(name) probes on the background loop's unref'd timer: a script awaiting it on a probe that never answers ends before the answer",
    file: "src/models/router.ts",
    find: "this.#health.probe(this.#registry.require(name), false);",
    replace: "this.#health.probe(this.#registry.require(name), true);",
    tests: CORE14_HAND_TESTS,
  },
  {
    id: "core14-relay-failed-dropped",
    bug:
      "a relayed answer's failed() records nothing: a body cut after the head never counts against the backend's statistics or breaker",
    file: "src/models/router.ts",
    find: "          entry?.settle(",
    replace: "          void (",
    tests: CORE14_HAND_TESTS,
  },
  {
    id: "core14-relay-failed-unregistered",
    bug:
      "a relayed answer's failed() throws a TypeError when its backend was unregistered while the call was in flight",
    file: "src/models/router.ts",
    find: "          entry?.settle(",
    replace: "          entry!.settle(",
    tests: CORE14_HAND_TESTS,
  },
  {
    id: "core14-translate-no-capabilities",
    bug:
      "model translation (default) reads a backend's model list through metadata without `?.`: an adapter with no metadata fails every call that names a model with a TypeError instead of getting the model asked for",
    file: "src/models/_translate.ts",
    find: "entry.adapter.metadata?.capabilities?.models;",
    replace: "entry.adapter.metadata.capabilities?.models;",
    tests: CORE14_DRAW_TESTS,
  },
  {
    id: "core14-stream-fail-after-content-uncounted",
    bug:
      "a stream that fails after content by an error chunk or a malformed chunk is recorded as the consumer's abort: its backend's statistics and breaker never count the failure",
    file: "src/models/streaming/stream.ts",
    find: "        log.splice(live.slot, 0, attempt.fail());\n",
    replace: "",
    tests: CORE14_STREAM_TESTS,
  },
  {
    id: "core14-stream-race-failure-dropped",
    bug:
      "a parallel stream race reports no failure to fallback: a client error among its racers ends the stream as ALL_BACKENDS_FAILED instead of that error",
    file: "src/models/streaming/stream.ts",
    find: "failure: failure?.ok === false ? failure : undefined,",
    replace: "failure: failure?.ok !== false ? failure : undefined,",
    tests: CORE14_STREAM_TESTS,
  },
  {
    id: "core14-release-rejection-unhandled",
    bug:
      "releasing a backend generator leaves its return()'s rejection unhandled: a consumer that stops early on a generator whose cleanup throws ends the process",
    file: "src/models/streaming/_chunks.ts",
    find:
      'if (result && typeof (result as Promise<unknown>).then === "function") {',
    replace:
      'if (result && typeof (result as Promise<unknown>).then !== "function") {',
    tests: CORE14_STREAM_TESTS,
  },
  {
    id: "core14-attempt-provider-no-metadata",
    bug:
      "a failing backend whose adapter has no metadata: the Router reads metadata.provider without `?.` and the call throws a TypeError instead of falling back with the adapter's error",
    file: "src/models/_attempt.ts",
    find: "    entry.adapter.metadata?.provider,",
    replace: "    entry.adapter.metadata.provider,",
    tests: CORE14_SECOND_DRAW_TESTS,
  },
  {
    id: "core14-cannot-serve-no-metadata",
    bug:
      "relayResponse() reaching an adapter without metadata or relay throws a TypeError (metadata.name read without `?.`) instead of failing the attempt INVALID_RESPONSE",
    file: "src/models/_job.ts",
    find: 'message: `${metadata?.name ?? "The backend"}: cannot ${what}`,',
    replace: "message: `${metadata!.name}: cannot ${what}`,",
    tests: CORE14_SECOND_DRAW_TESTS,
  },
  {
    id: "core14-none-named-out-unnamed",
    bug:
      'with fallbackStrategy none, a named backend that is out is reported as "No backend is available" without its reopening: the policy reads the plan\'s entry, not the backend it requested',
    file: "src/models/fallback/run.ts",
    find:
      "  const primary = plan.entry?.name ?? plan.requested;\n  if (policy.final) {",
    replace: "  const primary = plan.entry?.name;\n  if (policy.final) {",
    tests: CORE14_HAND_TESTS,
  },
  {
    id: "core14-none-named-out-no-reopening",
    bug:
      "with fallbackStrategy none, NO_BACKEND_AVAILABLE for a named backend behind an open breaker carries no Retry-After or availableAt",
    file: "src/models/fallback/run.ts",
    find: "      named === undefined ? [] : [named],",
    replace: "      named !== undefined ? [] : [named],",
    tests: CORE14_HAND_TESTS,
  },
  {
    id: "core14-stale-claim-taken",
    bug:
      "a probe claim the store granted in an earlier half-open period is taken when it arrives after the breaker turned half-open anew: the Router calls the backend on the old ticket instead of claiming the current period's probe",
    file: "src/models/_breaker.ts",
    find:
      'if (this.state(now) !== "half-open" || epoch < this.#epoch) return false;',
    replace:
      'if (this.state(now) !== "half-open" && epoch < this.#epoch) return false;',
    tests: ["tests/models/draw_20261179_mutants_test.ts"],
  },
  {
    id: "core14-dispatch-timeout-unchecked",
    bug:
      "dispatchParallel takes a timeout that is negative, NaN or a string instead of refusing it with ROUTING_FAILED",
    file: "src/models/_parallel.ts",
    find: '(typeof options.timeout !== "number" || !(options.timeout >= 0))',
    replace: '(typeof options.timeout !== "number" && !(options.timeout >= 0))',
    tests: ["tests/models/draw_20261180_mutants_test.ts"],
  },
  {
    id: "core14-cost-untried-reason",
    bug:
      "cost-optimized reports an untried backend's first pick as lowest-cost instead of untried",
    file: "src/models/routing/_rank.ts",
    find: "return { entry, untried: true };",
    replace: "return { entry, untried: false };",
    tests: ["tests/models/draw_20261180_mutants_test.ts"],
  },
  // Fifteenth round (core15-): the registry's detach and the attempt's
  // unlink, which no models-core test caught before.
  {
    id: "core15-unregister-not-detached",
    bug:
      "unregister() leaves the backend linked to the fleet: a probe claim it holds stays taken in the store until probeLease, and every background read asks for the removed backend",
    file: "src/models/_registry.ts",
    find: "    entry.state.detach();\n",
    replace: "",
    tests: ["tests/models/unregister_fleet_r15_mutants_test.ts"],
  },
  {
    id: "core15-detach-keeps-claim",
    bug:
      "a backend unregistered while its Router holds the fleet's probe claim keeps the claim: siblings refuse the backend until probeLease",
    file: "src/models/_backend_state.ts",
    find: "      link.letGo();\n",
    replace: "",
    tests: ["tests/models/unregister_fleet_r15_mutants_test.ts"],
  },
  {
    id: "core15-attempt-setup-listener-kept",
    bug:
      "an attempt whose setup throws (injected timers refusing its timer) leaves its listener on the Router's lifetime signal until dispose()",
    file: "src/models/_attempt.ts",
    find:
      '      this.#linked?.removeEventListener("abort", this);\n      this.#follows?.unfollow(this);\n',
    replace: "      this.#follows?.unfollow(this);\n",
    tests: ["tests/models/attempt_setup_r15_mutants_test.ts"],
  },
  {
    id: "core15-round-robin-cursor-past-end",
    bug:
      "round-robin leaves its cursor at n after the last backend: a backend registered then is picked ahead of the first",
    file: "src/models/routing/round_robin.ts",
    find: "const next = i + 1 === n ? 0 : i + 1;",
    replace: "const next = i === n ? 0 : i + 1;",
    tests: [
      "tests/models/routing/round_robin_register_r15_mutants_test.ts",
    ],
  },
  {
    id: "core15-disposed-call-retry-hint",
    bug:
      'a Router disposed while a call falls back from a named backend that is out ends the call with the backends\' reopening time (a retryAfter) instead of "Router is disposed"',
    file: "src/models/_failures.ts",
    find: '  if (disposed) return noBackend("Router is disposed");',
    replace: '  if (disposed) noBackend("Router is disposed");',
    tests: ["tests/models/draw_20261183_mutants_test.ts"],
  },
  {
    id: "core15-stream-race-nothing-admitted",
    bug:
      "a stream's parallel race of backends that all refused admission (a fleet's half-open probes being claimed) never resolves: the stream hangs",
    file: "src/models/streaming/race.ts",
    find:
      "    if (admitted.length === 0) {\n      resolve({ outcomes, winner: undefined, index: -1 });\n    }\n",
    replace: "",
    tests: ["tests/models/stream_race_r15_mutants_test.ts"],
  },
  // Sixteenth round (core16-): the fifteenth round's draw of models-core
  // (seed 20261185) and the items the rounds before left open.
  {
    id: "core16-hook-retries-tried-backend",
    bug:
      "a customFallback that names a backend already tried (not the first choice) is obeyed: the failing backend is called again for as long as the hook names it, instead of ROUTING_FAILED",
    file: "src/models/_hooks.ts",
    find: "if (attempted.includes(choice) || choice === rules.primary) {",
    replace: "if (attempted.includes(choice) && choice === rules.primary) {",
    tests: ["tests/models/hook_choice_r16_mutants_test.ts"],
  },
  {
    id: "core16-router-window-nan",
    bug:
      "a backend whose maxContextTokens is NaN (an override read from a bad setting) makes the Router's declared context window NaN, hiding every other backend's window",
    file: "src/models/_registry.ts",
    find: 'if (typeof window === "number" && window > tokens) tokens = window;',
    replace: "if (window !== undefined) tokens = Math.max(tokens, window);",
    tests: ["tests/models/router_metadata_r16_mutants_test.ts"],
  },
  {
    id: "core16-latency-window-one-long",
    bug:
      "latency-optimized keeps its cached leader one request past its 32-request window: a leader that got slower is picked for a 33rd request before the re-rank",
    file: "src/models/routing/latency.ts",
    find: "this.#picks = RERANK_EVERY - 1;",
    replace: "this.#picks = RERANK_EVERY;",
    tests: ["tests/models/routing/latency_leader_r13_mutants_test.ts"],
  },
  {
    id: "core16-sleep-aborted-waits",
    bug:
      "the testing module's sleep, given a signal already aborted, leaves a rejected promise unhandled and waits the whole delay, then resolves, instead of rejecting with ABORTED at once",
    file: "src/models/testing.ts",
    find:
      "export function sleep(ms: number, signal?: AbortSignal): Promise<void> {\n  if (signal?.aborted) return Promise.reject(abortError(signal));",
    replace:
      "export function sleep(ms: number, signal?: AbortSignal): Promise<void> {\n  if (signal?.aborted) Promise.reject(abortError(signal));",
    tests: ["tests/models/testing_sleep_r16_mutants_test.ts"],
  },
  {
    id: "core22-window-of-one",
    bug:
      "the Router declares no context window when its backends' largest is 1 token or less",
    file: "src/models/_registry.ts",
    find: "  if (tokens > 0) capabilities.maxContextTokens = tokens;\n",
    replace: "  if (tokens > 1) capabilities.maxContextTokens = tokens;\n",
    tests: ["tests/models/router_metadata_r16_mutants_test.ts"],
  },
  {
    id: "core23-hook-outside-allowed",
    bug:
      "a custom hook's choice of a backend outside the request's allowed list is served",
    file: "src/models/_hooks.ts",
    find:
      "  if (rules.allowed !== undefined && !rules.allowed.includes(choice)) {\n",
    replace:
      "  if (rules.allowed !== undefined && rules.allowed.length < 0) {\n",
    tests: ["tests/models/unreached_r23_test.ts"],
  },
  {
    id: "core23-max-retries-fraction",
    bug: "ExecuteOptions.maxRetries of 1.5 is taken instead of refused",
    file: "src/models/_budget.ts",
    find: "  if (!Number.isInteger(retries)) {\n",
    replace: "  if (Number.isNaN(retries)) {\n",
    tests: ["tests/models/unreached_r23_test.ts"],
  },
  {
    id: "core23-backends-not-names",
    bug: "ExecuteOptions.backends holding a number is taken as a list of names",
    file: "src/models/routing/_allowed.ts",
    find:
      '    !Array.isArray(allowed) || !allowed.every((n) => typeof n === "string")\n',
    replace: "    !Array.isArray(allowed)\n",
    tests: ["tests/models/unreached_r23_test.ts"],
  },
  {
    id: "core23-chain-not-list",
    bug:
      "setFallbackChain given a string reads it as a list of one-letter names",
    file: "src/models/_registry.ts",
    find:
      '  if (!Array.isArray(names)) {\n    throw routingFailed("setFallbackChain expects a list of backend names");\n',
    replace:
      '  if (names === null) {\n    throw routingFailed("setFallbackChain expects a list of backend names");\n',
    tests: ["tests/models/unreached_r23_test.ts"],
  },
  {
    id: "core23-replace-after-dispose",
    bug:
      "replace() on a disposed router swaps the adapter in instead of refusing",
    file: "src/models/_registry.ts",
    find:
      '    if (this.#disposed) throw routingFailed("Router is disposed");\n    assertAdapter(name, adapter);\n    const entry = this.#entries.get(name);\n',
    replace:
      "    assertAdapter(name, adapter);\n    const entry = this.#entries.get(name);\n",
    tests: ["tests/models/unreached_r23_test.ts"],
  },
  {
    id: "core23-aggregator-throw-code",
    bug:
      "a custom aggregator that throws is reported as a routing failure instead of UNKNOWN",
    file: "src/models/_parallel.ts",
    find:
      '      code: ErrorCode.UNKNOWN,\n      message: "customAggregator threw",\n',
    replace:
      '      code: ErrorCode.ROUTING_FAILED,\n      message: "customAggregator threw",\n',
    tests: ["tests/models/unreached_r23_test.ts"],
  },
  {
    id: "core23-mock-empty-script",
    bug:
      "a mock adapter with an empty script crashes on script[NaN] instead of PROVIDER_ERROR",
    file: "src/models/testing.ts",
    find:
      '    if (script.length === 0) {\n      throw new AdapterError({\n        code: ErrorCode.PROVIDER_ERROR,\n        message: "Empty mock script",\n',
    replace:
      '    if (script.length < 0) {\n      throw new AdapterError({\n        code: ErrorCode.PROVIDER_ERROR,\n        message: "Empty mock script",\n',
    tests: ["tests/models/unreached_r23_test.ts"],
  },
  {
    id: "core23-echo-stream-ignores-abort",
    bug: "the echo adapter's stream called with an aborted signal streams on",
    file: "src/models/testing.ts",
    find:
      "      for (const chunk of streamOf(response, true)) {\n        if (signal?.aborted) throw abortError(signal);\n",
    replace: "      for (const chunk of streamOf(response, true)) {\n",
    tests: ["tests/models/unreached_r23_test.ts"],
  },
];
