// The hand list of the gateway area (scripts/_mutation_areas.ts),
// in its own file so that work on different areas never edits one list.

import type { HandMutant } from "./hand_mutant.ts";

const GATEWAY_MUTANT_TESTS = ["tests/gateway/gateway_mutants_test.ts"];
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

/** The known bugs planted in the gateway area. */
export const GATEWAY: HandMutant[] = [
  {
    id: "cli-backends-list-empty-model",
    bug: 'backends-only config list: defaultModel "" accepted',
    file: "src/gateway/env_backends.ts",
    find: `if (defaultModel === "") {`,
    replace: `if (defaultModel === "" && false) {`,
    tests: ["tests/cli/gateway_startup_test.ts"],
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
    id: "gateway-responses-refusal-part",
    bug:
      "responses: an assistant turn replayed with its refusal part is refused as not text",
    file: "src/gateway/_responses_request.ts",
    find: '      typeof part.refusal === "string"\n    ) return part.refusal;',
    replace: '      typeof part.refusal === "string"\n    ) part.refusal;',
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
    id: "tidy-count-out-of-routing",
    bug:
      "count_tokens: a backend out of routing after a 401/403 is answered with estimates, hiding the misconfiguration",
    file: "src/gateway/_count_tokens.ts",
    find: `    return headers["retry-after"] !== undefined;`,
    replace: `    return true;`,
    tests: ["tests/gateway/count_tokens_errors_test.ts"],
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
    find: `return readBytes(provider, body, MAX_JSON_BYTES, false, signal);`,
    replace: `return readBytes(provider, body, MAX_JSON_BYTES, true, signal);`,
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
  // gw9: the eighth round's open survivors, each caught by a test now.
  {
    id: "gw9-budget-tie-shown",
    bug:
      "gateway: of two budgets with as much left, the headers show the last listed (its limit and reset)",
    file: "src/gateway/budgets.ts",
    find: "if (left < tight) tightest = i;",
    replace: "if (left <= tight) tightest = i;",
    tests: [
      "tests/gateway/budget_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-budget-tie-refused",
    bug:
      "gateway: of two spent budgets that reset together, the refusal names the last listed",
    file: "src/gateway/budgets.ts",
    find: "w.end > windows[refused].end",
    replace: "w.end >= windows[refused].end",
    tests: [
      "tests/gateway/budget_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-budget-charge-zero",
    bug: "gateway: a charge of 0 USD costs a store round trip",
    file: "src/gateway/budgets.ts",
    find: "!(usd > 0)) return;",
    replace: "!(usd >= 0)) return;",
    tests: [
      "tests/gateway/budget_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-log-code-unmetered",
    bug:
      "gateway: a failed request on a route that calls no model (a wrong key on /v1/models) is logged without its error_code",
    file: "src/gateway/_exchange.ts",
    find: "if (outcome.errorCode) entry.error_code",
    replace: "if (outcome.errorCode && this.metered) entry.error_code",
    tests: [
      "tests/gateway/log_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-log-cost-400",
    bug:
      "gateway: an upstream 400 without usage is logged cost_usd: null, as if it might have cost something",
    file: "src/gateway/_exchange.ts",
    find: "return status < 400 && outcome.backend ? null : undefined;",
    replace: "return status <= 400 && outcome.backend ? null : undefined;",
    tests: [
      "tests/gateway/log_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-estimate-prompt-floor",
    bug:
      "gateway: the prompt estimate (count_tokens, tpm at admission) rounds down",
    file: "src/gateway/_request_parts.ts",
    find: "return Math.ceil(",
    replace: "return Math.floor(",
    tests: [
      "tests/gateway/estimate_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-estimate-embeddings-floor",
    bug:
      "gateway: an embeddings input's strings are estimated rounded down at admission",
    file: "src/gateway/_handle_embeddings.ts",
    find: "tokens += Math.ceil(item.length / 4)",
    replace: "tokens += Math.floor(item.length / 4)",
    tests: [
      "tests/gateway/estimate_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-stream-tokens-nan",
    bug:
      "gateway: a relayed Anthropic stream cut after a message_start without output_tokens counts NaN tokens",
    file: "src/gateway/_stream_tokens.ts",
    find: "if (this.#input === undefined || this.#output === undefined) {",
    replace: "if (this.#input === undefined && this.#output === undefined) {",
    tests: [
      "tests/gateway/stream_tokens_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-stream-tokens-usage-bound",
    bug:
      "gateway: a relayed stream's usage object is read one byte past its 8 KiB bound",
    file: "src/gateway/_stream_tokens.ts",
    find: "if (capture.length < MAX_USAGE_BYTES) capture.push(b);",
    replace: "if (capture.length <= MAX_USAGE_BYTES) capture.push(b);",
    tests: [
      "tests/gateway/stream_tokens_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-router-info-health-check",
    bug: "gateway: /api/router never shows a checked backend's lastHealthCheck",
    file: "src/gateway/_info.ts",
    find: "if (info.lastHealthCheck !== undefined) {",
    replace: "if (info.lastHealthCheck === undefined) {",
    tests: [
      "tests/gateway/router_info_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-ledger-in-flight",
    bug:
      "gateway: a budget charge still in flight is sent again by a concurrent admission's reconcile",
    file: "src/gateway/_budget_ledger.ts",
    find: "      inFlight: true,",
    replace: "      inFlight: false,",
    tests: [
      "tests/gateway/budget_ledger_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-ledger-owing-always",
    bug:
      "gateway: a shared budget store reconciles (and reads twice) at every admission though nothing is owed",
    file: "src/gateway/_budget_ledger.ts",
    find: "    return false;\n  }\n}",
    replace: "    return true;\n  }\n}",
    tests: [
      "tests/gateway/budget_ledger_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-ledger-unsent-owed",
    bug:
      "gateway: spend kept while the shared budget store was known out is not owed, so it never reaches the fleet's total",
    file: "src/gateway/_budget_ledger.ts",
    find: "if (this.#unsent.size > 0) return true;",
    replace: "if (this.#unsent.size > 1) return true;",
    tests: [
      "tests/gateway/budget_ledger_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-ledger-ttl-max",
    bug:
      "gateway: owed budget spend merged during an outage keeps the nearest expiry of its parts",
    file: "src/gateway/_budget_ledger.ts",
    find: "Math.max(ttl, ttls[i] ?? 0)",
    replace: "Math.min(ttl, ttls[i] ?? 0)",
    tests: [
      "tests/gateway/budget_ledger_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-alias-served-model",
    bug:
      "gateway: an alias targeting another alias is refused though a backend serves that name as a listed (not first) model",
    file: "src/gateway/_config_backends.ts",
    find: "b.defaultModel === target || (b.models ?? []).includes(target)",
    replace: "b.defaultModel === target && (b.models ?? []).includes(target)",
    tests: [
      "tests/gateway/config_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-budget-none",
    bug:
      "gateway: a key without a budget reads as one undefined budget, and the budget limiter throws on it",
    file: "src/gateway/_budget_parts.ts",
    find: "if (budget === undefined) return [];",
    replace: "if (budget === undefined) [];",
    tests: [
      "tests/gateway/budget_parts_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-budget-null-item",
    bug:
      "gateway: a null budget given to the admin API crashes the check (a 500, not the 400 naming budget)",
    file: "src/gateway/_budget_parts.ts",
    find: "(item ?? {}) as Record",
    replace: "(item) as Record",
    tests: [
      "tests/gateway/budget_parts_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-price-zero",
    bug: "gateway: a config price of 0 (a free model) is refused",
    file: "src/gateway/_config_cost.ts",
    find: "Number.isFinite(value) && value >= 0",
    replace: "Number.isFinite(value) && value > 0",
    tests: [
      "tests/gateway/config_cost_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-price-fraction",
    bug: "gateway: a config price under a dollar per million tokens is refused",
    file: "src/gateway/_config_cost.ts",
    find: "Number.isFinite(value) && value >= 0",
    replace: "Number.isFinite(value) && value >= 1",
    tests: [
      "tests/gateway/config_cost_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-prices-writable",
    bug: "gateway: a parsed config's prices cannot be corrected by a program",
    file: "src/gateway/_config_cost.ts",
    find: "      writable: true,",
    replace: "      writable: false,",
    tests: [
      "tests/gateway/config_cost_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-prices-configurable",
    bug: "gateway: a parsed config's prices cannot be removed by a program",
    file: "src/gateway/_config_cost.ts",
    find: "      configurable: true,",
    replace: "      configurable: false,",
    tests: [
      "tests/gateway/config_cost_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-budget-fields",
    bug: "gateway: a misspelt field in a config key's budget goes unreported",
    file: "src/gateway/_config_cost.ts",
    find: 'only(object(item, at), at, ["usd", "period"]);',
    replace: ";",
    tests: [
      "tests/gateway/config_cost_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-redis-url-unparsable",
    bug:
      "gateway: a Redis URL that does not parse throws the URL parser's TypeError instead of INVALID_CONFIG naming the setting",
    file: "src/gateway/_redis_url.ts",
    find: 'if (!URL.canParse(url)) return "must',
    replace: 'if (!URL.canParse(url)) "must',
    tests: [
      "tests/gateway/redis_url_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-refused-status",
    bug:
      "gateway: an upstream 401/403 raised under another code than AUTHENTICATION_FAILED reaches the client with the provider's message",
    file: "src/gateway/_refused.ts",
    find: "error.statusCode === 401 || error.statusCode === 403",
    replace: "error.statusCode === 401 && error.statusCode === 403",
    tests: [
      "tests/gateway/refused_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-operation-stream-null",
    bug:
      "gateway: a relayed operation's stream: null is refused, and a string stream let through",
    file: "src/gateway/_operation.ts",
    find: "body.stream !== undefined && body.stream !== null &&",
    replace: "body.stream !== undefined && body.stream === null &&",
    tests: [
      "tests/gateway/operation_body_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-cache-needs-set",
    bug: "gateway: a response cache with get() and no set() is accepted",
    file: "src/gateway/cache/_settings.ts",
    find: 'typeof cache?.get !== "function" || typeof cache.set',
    replace: 'typeof cache?.get !== "function" && typeof cache.set',
    tests: [
      "tests/gateway/cache_settings_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-cache-missing",
    bug:
      "gateway: a missing response cache crashes reading get of undefined instead of the TypeError naming get() and set()",
    file: "src/gateway/cache/_settings.ts",
    find: 'typeof cache?.get !== "function"',
    replace: 'typeof cache.get !== "function"',
    tests: [
      "tests/gateway/cache_settings_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-cache-ttl-max",
    bug: "gateway: the documented maximum cache TTL is refused",
    file: "src/gateway/cache/_settings.ts",
    find: "ttl > MAX_CACHE_TTL_SECONDS",
    replace: "ttl >= MAX_CACHE_TTL_SECONDS",
    tests: [
      "tests/gateway/cache_settings_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-cache-ttl-negative",
    bug: "gateway: a negative cache TTL is accepted",
    file: "src/gateway/cache/_settings.ts",
    find: "!Number.isSafeInteger(ttl) || ttl < 0 ||",
    replace: "!Number.isSafeInteger(ttl) || ttl < 0 &&",
    tests: [
      "tests/gateway/cache_settings_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-model-retrieve-auth",
    bug:
      "gateway: GET /v1/models/{id} answers without a key, and a key sees models its backends list hides",
    file: "src/gateway/_handle_model.ts",
    find: "  await authenticate(ex);\n  let id",
    replace: "  ;\n  let id",
    tests: [
      "tests/gateway/model_retrieve_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-model-retrieve-raw-id",
    bug:
      "gateway: a model id that is not percent-encoding (50%) keeps the path's slash and is never found",
    file: "src/gateway/_handle_model.ts",
    find: "    id = path.slice(MODELS_PATH.length + 1);",
    replace: "    id = path.slice(MODELS_PATH.length);",
    tests: [
      "tests/gateway/model_retrieve_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-route-bare-prefix",
    bug:
      'gateway: GET /v1/models/ with no id is routed to the model lookup (a 404 for a model named "") instead of the unknown route',
    file: "src/gateway/_routes.ts",
    find: "path.startsWith(prefix) && path.length > prefix.length",
    replace: "path.startsWith(prefix) && path.length >= prefix.length",
    tests: [
      "tests/gateway/model_retrieve_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-internal-api-null",
    bug:
      "gateway: the last-resort 500's log line off the chat routes has no api field instead of api: null",
    file: "src/gateway/_internal_error.ts",
    find: "chat?.name ?? null : null",
    replace: "chat?.name : null",
    tests: [
      "tests/gateway/log_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-completions-prompt-null",
    bug:
      "gateway: a legacy completion with prompt: null reaches the backend instead of the 400 naming prompt",
    file: "src/gateway/_handle_completions.ts",
    find: "if (prompt === undefined || prompt === null) {",
    replace: "if (prompt === undefined && prompt === null) {",
    tests: [
      "tests/gateway/operation_body_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-completions-estimate-floor",
    bug:
      "gateway: a legacy completion's prompt estimate at admission rounds down",
    file: "src/gateway/_handle_completions.ts",
    find: "tokens = Math.ceil(JSON.stringify(prompt).length / 4);",
    replace: "tokens = Math.floor(JSON.stringify(prompt).length / 4);",
    tests: [
      "tests/gateway/operation_body_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-drops-image-detail",
    bug:
      "gateway: an image part's detail lost in translation goes unreported, and one never sent is reported",
    file: "src/gateway/_nested_drops.ts",
    find: "part.image_url.detail !== undefined",
    replace: "part.image_url.detail === undefined",
    tests: [
      "tests/gateway/nested_drops_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-stream-tokens-string-last",
    bug:
      "gateway: a relayed stream's usage object whose last member is a string (Perplexity's search_context_size) is never closed, so its usage is lost",
    file: "src/gateway/_stream_tokens.ts",
    find: "} else if (state === AFTER_STRING && b === COLON) {",
    replace: "} else if (state === AFTER_STRING || b === COLON) {",
    tests: [
      "tests/gateway/stream_tokens_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-stream-tap-close",
    bug:
      "gateway: a relayed stream whose tokens are read never ends for the client (the tap's body is not closed at the upstream's end)",
    file: "src/gateway/_stream_tokens.ts",
    find: "        if (next.done) controller.close();",
    replace: "        if (next.done) ;",
    tests: [
      "tests/gateway/stream_tokens_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-cache-key-array",
    bug:
      'gateway: the cache key writes an array as an object of its indexes, so ["a","b"] and {"0":"a","1":"b"} share one answer',
    file: "src/gateway/cache/_key.ts",
    find: '    return `[${value.map(canonicalJson).join(",")}]`;',
    replace: '    `[${value.map(canonicalJson).join(",")}]`;',
    tests: [
      "tests/gateway/cache_key_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-health-no-store",
    bug:
      "gateway: the health probes' answers may be cached by a proxy (cache-control emptied)",
    file: "src/gateway/_health.ts",
    find: '"cache-control": "no-store",',
    replace: '"cache-control": "",',
    tests: [
      "tests/gateway/health_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-health-405-type",
    bug: "gateway: a probe's 405 has an empty error type",
    file: "src/gateway/_health.ts",
    find: 'type: "invalid_request_error",',
    replace: 'type: "",',
    tests: [
      "tests/gateway/health_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-health-405-code",
    bug: "gateway: a probe's 405 has an empty error code",
    file: "src/gateway/_health.ts",
    find: 'code: "method_not_allowed",',
    replace: 'code: "",',
    tests: [
      "tests/gateway/health_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-health-no-backend",
    bug: "gateway: /readyz answers ready with no backend registered",
    file: "src/gateway/_health.ts",
    find: 'if (names.length === 0) reasons.push("no backend is registered");',
    replace: "if (names.length === 0) ;",
    tests: [
      "tests/gateway/health_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-config-cache-ttl",
    bug:
      "gateway: the config's cache.ttlSeconds is dropped for the default hour",
    file: "src/gateway/cache/_config.ts",
    find: "...(config.ttlSeconds === undefined",
    replace: "...(config.ttlSeconds !== undefined",
    tests: [
      "tests/gateway/cache_from_config_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-config-cache-enabled",
    bug:
      "gateway: the config's cache.enabled: false is dropped, so every request uses the cache",
    file: "src/gateway/cache/_config.ts",
    find: "...(config.enabled === undefined ? {}",
    replace: "...(config.enabled !== undefined ? {}",
    tests: [
      "tests/gateway/cache_from_config_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-config-cache-max-bytes",
    bug:
      "gateway: the config's cache.maxBytes is dropped for the default 64 MiB",
    file: "src/gateway/cache/_config.ts",
    find: "config.maxBytes === undefined ? {}",
    replace: "config.maxBytes !== undefined ? {}",
    tests: [
      "tests/gateway/cache_from_config_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-config-cache-fields",
    bug: "gateway: a misspelt field in the config's cache section is ignored",
    file: "src/gateway/cache/_config.ts",
    find: '  only(raw, "cache", [',
    replace: "  ([",
    tests: [
      "tests/gateway/cache_from_config_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-config-cache-ttl-max",
    bug:
      "gateway: the config's documented maximum cache TTL (30 days) is refused",
    file: "src/gateway/cache/_config.ts",
    find: "if (ttl > MAX_CACHE_TTL_SECONDS) {",
    replace: "if (ttl >= MAX_CACHE_TTL_SECONDS) {",
    tests: [
      "tests/gateway/cache_from_config_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-shared-cache-prefix-empty",
    bug:
      "gateway: the shared response cache replaces an empty key prefix by the default",
    file: "src/gateway/cache/shared.ts",
    find: 'const prefix = options.prefix ?? "switchyard:";',
    replace: 'const prefix = options.prefix || "switchyard:";',
    tests: [
      "tests/gateway/cache_shared_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-shared-cache-prefix-default",
    bug:
      "gateway: the shared response cache without a prefix writes undefinedcache: keys",
    file: "src/gateway/cache/shared.ts",
    find: 'const prefix = options.prefix ?? "switchyard:";',
    replace: "const prefix = options.prefix;",
    tests: [
      "tests/gateway/cache_shared_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-shared-cache-timeout-default",
    bug:
      "gateway: the shared response cache without a timeout bounds each call at 0 ms, so it never reads Redis",
    file: "src/gateway/cache/shared.ts",
    find: "this.#timeoutMs = options.timeoutMs ?? 100;",
    replace: "this.#timeoutMs = options.timeoutMs;",
    tests: [
      "tests/gateway/cache_shared_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-shared-cache-ttl-zero",
    bug:
      "gateway: the shared response cache sends a TTL of 0 to Redis (PX 0, refused)",
    file: "src/gateway/cache/shared.ts",
    find: "if (!(ttlMs > 0)) return;",
    replace: "if (!(ttlMs >= 0)) return;",
    tests: [
      "tests/gateway/cache_shared_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-shared-cache-ttl-one",
    bug:
      "gateway: the shared response cache keeps nothing for a TTL of one millisecond",
    file: "src/gateway/cache/shared.ts",
    find: "if (!(ttlMs > 0)) return;",
    replace: "if (!(ttlMs > 1)) return;",
    tests: [
      "tests/gateway/cache_shared_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-shared-cache-ttl-ceil",
    bug:
      "gateway: the shared response cache rounds a TTL down (to 0 under a millisecond)",
    file: "src/gateway/cache/shared.ts",
    find: "String(Math.ceil(ttlMs)),",
    replace: "String(Math.floor(ttlMs)),",
    tests: [
      "tests/gateway/cache_shared_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-aliases-configurable",
    bug: "gateway: a parsed config's aliases cannot be removed by a program",
    file: "src/gateway/_config_fields.ts",
    find: "    configurable: true,",
    replace: "    configurable: false,",
    tests: [
      "tests/gateway/config_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-aliases-writable",
    bug: "gateway: a parsed config's aliases cannot be redirected by a program",
    file: "src/gateway/_config_fields.ts",
    find: "    writable: true,",
    replace: "    writable: false,",
    tests: [
      "tests/gateway/config_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw9-error-type-403",
    bug: 'gateway: errorTypeFor(403) is "" instead of permission_error',
    file: "src/gateway/errors.ts",
    find: '  403: "permission_error",',
    replace: '  403: "",',
    tests: [
      "tests/gateway/errors_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw10-told-router-message",
    bug:
      'gateway: a router error listing backends that did not all fail (a parallel dispatch with none callable) is told as "All backends failed"',
    file: "src/gateway/errors.ts",
    find: 'error.code !== "ALL_BACKENDS_FAILED") || error.code === "ABORTED"',
    replace:
      'error.code !== "ALL_BACKENDS_FAILED") && error.code === "ABORTED"',
    tests: [
      "tests/gateway/error_text_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw10-cache-timeout-zero",
    bug:
      "gateway: the shared response cache's timeoutMs: 0 is replaced by the default 100 ms",
    file: "src/gateway/cache/shared.ts",
    find: "this.#timeoutMs = options.timeoutMs ?? 100;",
    replace: "this.#timeoutMs = options.timeoutMs || 100;",
    tests: [
      "tests/gateway/cache_timeout_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw10-ledger-missing-ttl",
    bug:
      "gateway: owed budget spend merged from a charge naming fewer expiries than totals gets a NaN expiry",
    file: "src/gateway/_budget_ledger.ts",
    find: "Math.max(ttl, ttls[i] ?? 0)",
    replace: "Math.max(ttl, ttls[i])",
    tests: [
      "tests/gateway/budget_ttls_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw10-json-hex-escape",
    bug:
      "gateway: a config file's bad \\u escape is placed past it, where the scanner stopped reading",
    file: "src/gateway/_json_position.ts",
    find: "if (i >= n || !/[0-9a-fA-F]/.test(text[i])) return false;",
    replace: "if (i >= n || !/[0-9a-fA-F]/.test(text[i])) false;",
    tests: [
      "tests/gateway/json_position_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw10-json-key-refused",
    bug:
      "gateway: a config file's object member with a bad key is placed after the key, not at it",
    file: "src/gateway/_json_position.ts",
    find: "if (text[i] !== '\"' || !string()) return false;",
    replace: "if (text[i] !== '\"' || !string()) return true;",
    tests: [
      "tests/gateway/json_position_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw10-json-exponent-sign",
    bug:
      "gateway: a config file's number with a negative exponent (1e-5) is placed as an error",
    file: "src/gateway/_json_position.ts",
    find: 'if (text[i] === "+" || text[i] === "-") i++;',
    replace: 'if (text[i] === "+") i++;',
    tests: [
      "tests/gateway/json_position_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw10-console-tokens-out",
    bug:
      "gateway: the console's row for a key that has sent nothing has no tokensOut",
    file: "src/gateway/_console_data.ts",
    find: "tokensOut: used?.tokensOut ?? 0,",
    replace: "tokensOut: used?.tokensOut,",
    tests: [
      "tests/gateway/console_rows_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw10-console-spend-null",
    bug:
      "gateway: the console's row for a key that has sent nothing has no spendUsd",
    file: "src/gateway/_console_data.ts",
    find: "spendUsd: used?.spendUsd ?? null,",
    replace: "spendUsd: used?.spendUsd,",
    tests: [
      "tests/gateway/console_rows_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw10-responses-release",
    bug:
      "gateway: a non-streamed /v1/responses answer leaves requestTimeoutMs's timer armed",
    file: "src/gateway/_handle_responses.ts",
    find: "    deadline.release();\n  }\n}",
    replace: "    ;\n  }\n}",
    tests: [
      "tests/gateway/request_timer_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw10-jsonc-block-mark",
    bug:
      "gateway: a stray slash in the config file opens a block comment that a later one closes, so a broken file reads as valid",
    file: "src/gateway/_jsonc.ts",
    find: 'c === "/" && text[i + 1] === "*"',
    replace: 'c === "/" || text[i + 1] === "*"',
    tests: [
      "tests/gateway/jsonc_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw10-jsonc-comment-at-end",
    bug:
      "gateway: a config file cut short in a comment on its last line is placed a column past its end",
    file: "src/gateway/_jsonc.ts",
    find: 'while (i < text.length && text[i] !== "\\n" && text[i] !== "\\r") {',
    replace:
      'while (i <= text.length && text[i] !== "\\n" && text[i] !== "\\r") {',
    tests: [
      "tests/gateway/jsonc_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw10-jsonc-lone-cr",
    bug:
      "gateway: a line comment in a config file with lone CR line endings runs to the end of the file",
    file: "src/gateway/_jsonc.ts",
    find: 'while (i < text.length && text[i] !== "\\n" && text[i] !== "\\r") {',
    replace: 'while (i < text.length && text[i] !== "\\n") {',
    tests: [
      "tests/gateway/jsonc_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw10-ollama-inner-trim",
    bug:
      "gateway: OLLAMA_HOST with spaces inside its quotes is refused, where Ollama ignores them",
    file: "src/gateway/env_backends.ts",
    find: '.replace(/^["\']+|["\']+$/g, "").trim();',
    replace: '.replace(/^["\']+|["\']+$/g, "");',
    tests: [
      "tests/gateway/ollama_host_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw10-ollama-port-max",
    bug: "gateway: OLLAMA_HOST's port 65535 is refused",
    file: "src/gateway/env_backends.ts",
    find: "Number(port) > 65535",
    replace: "Number(port) >= 65535",
    tests: [
      "tests/gateway/ollama_host_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw10-console-spend-zero",
    bug:
      "gateway: the console shows a key whose answers were priced at 0 as unpriced (spendUsd null)",
    file: "src/gateway/_console_data.ts",
    find: "spendUsd: used?.spendUsd ?? null,",
    replace: "spendUsd: used?.spendUsd || null,",
    tests: [
      "tests/gateway/console_rows_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw10-config-default-env",
    bug:
      "gateway: a config file without backends has every routing.defaultBackend refused, though its backends come from the environment",
    file: "src/gateway/config.ts",
    find: "if (known.size > 0 && !known.has(name)) {",
    replace: "if (known.size >= 0 && !known.has(name)) {",
    tests: [
      "tests/gateway/config_sections_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw10-config-breaker-fields",
    bug: "gateway: a misspelt field in the config's breaker section is ignored",
    file: "src/gateway/config.ts",
    find: 'only(breaker, "breaker", ["enabled", ...fieldsOf("breaker")]);',
    replace: ";",
    tests: [
      "tests/gateway/config_sections_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw10-config-retry-max-zero",
    bug:
      "gateway: the config's retries.maxDelayMs of 0 is compared as the default 10 s, so a larger base delay passes",
    file: "src/gateway/config.ts",
    find: "(routerConfig.retryMaxDelay ?? 10_000)",
    replace: "(routerConfig.retryMaxDelay || 10_000)",
    tests: [
      "tests/gateway/config_sections_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw10-config-key-backends",
    bug:
      "gateway: a config key naming a backend the file does not list is taken",
    file: "src/gateway/config.ts",
    find: "checkNames(key.backends ?? [], known, `keys[${i}].backends`);",
    replace: ";",
    tests: [
      "tests/gateway/config_sections_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw10-responses-text-parts",
    bug:
      "gateway: a Responses input turn of output_text or input_text parts (a replayed answer) is refused as not text",
    file: "src/gateway/_responses_request.ts",
    find: ") return part.text;",
    replace: ") part.text;",
    tests: [
      "tests/gateway/responses_text_parts_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw10-responses-opening-incomplete",
    bug:
      "gateway: a streamed Responses answer's opening events say it was cut at max_output_tokens",
    file: "src/gateway/_responses_response.ts",
    find: "#response(status: string, incomplete = false)",
    replace: "#response(status: string, incomplete = true)",
    tests: [
      "tests/gateway/responses_stream_start_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw10-tap-reasoning-content",
    bug:
      "gateway: a relayed stream's reasoning_content (vLLM, DeepSeek) is left out of the token estimate",
    file: "src/gateway/_stream_tokens.ts",
    find: '["reasoning_content", TEXT],',
    replace: '["", TEXT],',
    tests: [
      "tests/gateway/stream_text_keys_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw10-relay-stream-slot",
    bug:
      "gateway: a relayed stream whose backend cannot be reached keeps its maxStreams slot",
    file: "src/gateway/_handle_chat.ts",
    find: "if (parsed.stream) ctx.streams.closed();",
    replace: "if (!(parsed.stream)) ctx.streams.closed();",
    tests: [
      "tests/gateway/stream_slots_r11_mutants_test.ts",
    ],
  },
  {
    id: "gw12-messages-tool-choice-auto",
    bug: "messages reader: tool_choice auto read as any (required)",
    file: "src/gateway/anthropic_request.ts",
    find: 'return "auto";',
    replace: '"auto";',
    tests: ["tests/gateway/anthropic_request_r12_mutants_test.ts"],
  },
  {
    id: "gw12-messages-temperature",
    bug:
      "messages reader: a temperature (0 included) never reaches the backend",
    file: "src/gateway/anthropic_request.ts",
    find:
      "if (temperature !== undefined) parameters.temperature = temperature;",
    replace:
      "if (!(temperature !== undefined)) parameters.temperature = temperature;",
    tests: ["tests/gateway/anthropic_request_r12_mutants_test.ts"],
  },
  {
    id: "gw12-messages-null-user-id",
    bug:
      "messages reader: metadata.user_id null (the SDK's type allows it) is a 400",
    file: "src/gateway/anthropic_request.ts",
    find: "if (user !== undefined && user !== null) {",
    replace: "if (user !== undefined || user !== null) {",
    tests: ["tests/gateway/anthropic_request_r12_mutants_test.ts"],
  },
  {
    id: "gw12-messages-mark-type",
    bug:
      "messages reader: a cache mark of another type (Ephemeral, persistent) read as ephemeral",
    file: "src/gateway/anthropic_request.ts",
    find: '!isRecord(mark) || mark.type !== "ephemeral" ||',
    replace: '!isRecord(mark) && mark.type !== "ephemeral" ||',
    tests: ["tests/gateway/anthropic_request_r12_mutants_test.ts"],
  },
  {
    id: "gw12-messages-text-type-case",
    bug: "messages reader: a block typed Text or TEXT read as text",
    file: "src/gateway/anthropic_request.ts",
    find: 'isRecord(block) && block.type === "text" &&',
    replace: 'isRecord(block) && block.type === "text" ||',
    tests: ["tests/gateway/anthropic_request_r12_mutants_test.ts"],
  },
  {
    id: "gw12-chat-n",
    bug: "chat reader: n: 2 translated silently and n: 1 refused",
    file: "src/gateway/openai_request.ts",
    find: "body.n !== null && body.n !== 1)",
    replace: "body.n !== null && body.n === 1)",
    tests: ["tests/gateway/openai_request_r12_mutants_test.ts"],
  },
  {
    id: "gw12-chat-stop-string",
    bug: "chat reader: every stop (a string or strings) is a 400",
    file: "src/gateway/openai_request.ts",
    find:
      'const stop = typeof body.stop === "string" ? [body.stop] : body.stop;',
    replace:
      'const stop = typeof body.stop !== "string" ? [body.stop] : body.stop;',
    tests: ["tests/gateway/openai_request_r12_mutants_test.ts"],
  },
  {
    id: "gw12-chat-stop-items",
    bug: "chat reader: a stop array of strings refused, of numbers taken",
    file: "src/gateway/openai_request.ts",
    find: 'stop.some((s) => typeof s !== "string")',
    replace: 'stop.some((s) => typeof s === "string")',
    tests: ["tests/gateway/openai_request_r12_mutants_test.ts"],
  },
  {
    id: "gw12-chat-choice-modes",
    bug:
      "chat reader: any tool_choice string but none passed on as a mode, none refused",
    file: "src/gateway/openai_request.ts",
    find:
      'if (choice === "auto" || choice === "none" || choice === "required") {',
    replace:
      'if (choice === "auto" || choice !== "none" || choice === "required") {',
    tests: ["tests/gateway/openai_request_r12_mutants_test.ts"],
  },
  {
    id: "gw12-chat-choice-function",
    bug:
      "chat reader: a tool_choice string other than a mode crashes reading its function",
    file: "src/gateway/openai_request.ts",
    find: 'isRecord(choice) && choice.type === "function" && isRecord(fn) &&',
    replace:
      'isRecord(choice) && choice.type === "function" && isRecord(fn) ||',
    tests: ["tests/gateway/openai_request_r12_mutants_test.ts"],
  },
  {
    id: "gw12-chat-allowed-tools-record",
    bug:
      "chat reader: a named-function tool_choice read as allowed_tools and refused",
    file: "src/gateway/openai_request.ts",
    find: 'if (isRecord(choice) && choice.type === "allowed_tools") {',
    replace: 'if (isRecord(choice) || choice.type === "allowed_tools") {',
    tests: ["tests/gateway/openai_request_r12_mutants_test.ts"],
  },
  {
    id: "gw12-messages-stream-tool-start",
    bug:
      "messages stream: a tool_use block's start event sent without its name",
    file: "src/gateway/anthropic_response.ts",
    find: 'this.#toolIds.add(id);\n      out += event("content_block_start", {',
    replace: 'this.#toolIds.add(id);\n      out += event("", {',
    tests: ["tests/gateway/anthropic_stream_sdk_r12_mutants_test.ts"],
  },
  {
    id: "gw12-messages-stream-redacted-stop",
    bug:
      "messages stream: a redacted_thinking block's stop event sent without its name",
    file: "src/gateway/anthropic_response.ts",
    find:
      'this.#block({ type: "redacted_thinking", data }) +\n      event("content_block_stop", {',
    replace:
      'this.#block({ type: "redacted_thinking", data }) +\n      event("", {',
    tests: ["tests/gateway/anthropic_stream_sdk_r12_mutants_test.ts"],
  },
  {
    id: "gw12-messages-stream-thinking",
    bug: "messages stream: streamed reasoning text dropped",
    file: "src/gateway/anthropic_response.ts",
    find: 'if (chunk.thinking !== undefined && chunk.thinking !== "") {',
    replace: 'if (chunk.thinking !== undefined && chunk.thinking === "") {',
    tests: ["tests/gateway/anthropic_stream_sdk_r12_mutants_test.ts"],
  },
  {
    id: "gw12-messages-usage-output-zero",
    bug: "messages answer: usage without counts has no output_tokens",
    file: "src/gateway/anthropic_response.ts",
    find: "output_tokens: usage?.completionTokens ?? 0,",
    replace: "output_tokens: usage?.completionTokens,",
    tests: ["tests/gateway/anthropic_stream_sdk_r12_mutants_test.ts"],
  },
  {
    id: "gw12-responses-reasoning-item",
    bug: "responses reader: a replayed reasoning item is a 400",
    file: "src/gateway/_responses_request.ts",
    find: 'if (type === "reasoning") return;',
    replace: 'if (type === "reasoning") ;',
    tests: ["tests/gateway/responses_input_r12_mutants_test.ts"],
  },
  {
    id: "gw12-responses-image-file-id",
    bug: "responses reader: an input_image by file id read as a broken image",
    file: "src/gateway/_responses_request.ts",
    find: 'isRecord(part) && part.type === "input_image" &&',
    replace: 'isRecord(part) && part.type === "input_image" ||',
    tests: ["tests/gateway/responses_input_r12_mutants_test.ts"],
  },
  {
    id: "gw12-responses-image-media-type",
    bug: "responses reader: a data URL image's media type is the whole match",
    file: "src/gateway/_responses_request.ts",
    find: "mediaType: data[1], data: data[2] },",
    replace: "mediaType: data[0], data: data[2] },",
    tests: ["tests/gateway/responses_input_r12_mutants_test.ts"],
  },
  {
    id: "gw12-responses-choice-function",
    bug: "responses reader: any tool_choice object read as a named function",
    file: "src/gateway/_responses_request.ts",
    find: 'isRecord(choice) && choice.type === "function" &&',
    replace: 'isRecord(choice) || choice.type === "function" &&',
    tests: ["tests/gateway/responses_input_r12_mutants_test.ts"],
  },
  {
    id: "gw12-responses-choice-modes",
    bug: "responses reader: tool_choice none and required refused",
    file: "src/gateway/_responses_request.ts",
    find:
      'if (choice === "auto" || choice === "none" || choice === "required") {',
    replace:
      'if (choice === "auto" || choice === "none" && choice === "required") {',
    tests: ["tests/gateway/responses_input_r12_mutants_test.ts"],
  },
  {
    id: "gw12-responses-json-schema-format",
    bug:
      "responses reader: a json_schema format beside tools passed on without its type",
    file: "src/gateway/_responses_request.ts",
    find: 'type: "json_schema",',
    replace: 'type: "",',
    tests: ["tests/gateway/responses_input_r12_mutants_test.ts"],
  },
  {
    id: "gw12-responses-format-with-tools",
    bug:
      "responses reader: a client tool named json_response answered as output text",
    file: "src/gateway/_responses_request.ts",
    find: "    return false;\n  }\n  const schema",
    replace: "    return true;\n  }\n  const schema",
    tests: ["tests/gateway/responses_input_r12_mutants_test.ts"],
  },
  {
    id: "gw12-responses-schema-kept",
    bug:
      "responses reader: a json_schema format's schema replaced by { type: object }",
    file: "src/gateway/_responses_request.ts",
    find: '  const schema = format.type === "json_schema"\n',
    replace: '  const schema = format.type !== "json_schema"\n',
    tests: ["tests/gateway/responses_input_r12_mutants_test.ts"],
  },
  {
    id: "gw12-responses-parallel-calls",
    bug:
      "responses reader: a call after a user turn of parts joins that user turn",
    file: "src/gateway/_responses_request.ts",
    find: 'if (last?.role === "assistant" && Array.isArray(last.content)) {',
    replace: 'if (last?.role === "assistant" || Array.isArray(last.content)) {',
    tests: ["tests/gateway/responses_input_r12_mutants_test.ts"],
  },
  {
    id: "gw12-responses-max-output",
    bug: "responses reader: max_output_tokens 0 or 2.5 taken",
    file: "src/gateway/_responses_request.ts",
    find: "if (!Number.isInteger(max) || (max as number) < 1) {",
    replace: "if (!Number.isInteger(max) && (max as number) < 1) {",
    tests: ["tests/gateway/responses_input_r12_mutants_test.ts"],
  },
  {
    id: "gw12-responses-call-name",
    bug: "responses reader: a replayed call without its name taken",
    file: "src/gateway/_responses_request.ts",
    find:
      'typeof item.call_id !== "string" || typeof item.name !== "string" ||',
    replace:
      'typeof item.call_id !== "string" && typeof item.name !== "string" ||',
    tests: ["tests/gateway/responses_input_r12_mutants_test.ts"],
  },
  {
    id: "gw12-responses-tpm-estimate",
    bug: "responses: a key's tpm charged the prompt estimate rounded down",
    file: "src/gateway/_responses_request.ts",
    find: "promptTokens: Math.ceil(JSON.stringify(ir.messages).length / 4),",
    replace:
      "promptTokens: Math.floor(JSON.stringify(ir.messages).length / 4),",
    tests: ["tests/gateway/responses_input_r12_mutants_test.ts"],
  },
  {
    id: "gw12-admin-create-body",
    bug: "admin: a create body of null crashes the handler (500)",
    file: "src/gateway/_admin.ts",
    find:
      'if (typeof body !== "object" || body === null || Array.isArray(body)) {',
    replace:
      'if (typeof body !== "object" || body === null && Array.isArray(body)) {',
    tests: ["tests/gateway/admin_r12_mutants_test.ts"],
  },
  {
    id: "gw12-admin-create-no-store",
    bug: "admin: the create answer holding the secret may be cached",
    file: "src/gateway/_admin.ts",
    find:
      'status: 201,\n      headers: { ...ex.headers, "cache-control": "no-store" },',
    replace:
      'status: 201,\n      headers: { ...ex.headers, "cache-control": "" },',
    tests: ["tests/gateway/admin_r12_mutants_test.ts"],
  },
  {
    id: "gw12-admin-rotate-empty-id",
    bug: 'admin: /admin/keys//rotate routed as a rotate of the key ""',
    file: "src/gateway/_admin.ts",
    find: 'rest[1] === "rotate" && rest[0] !== ""',
    replace: 'rest[1] === "rotate" && rest[1] !== ""',
    tests: ["tests/gateway/admin_r12_mutants_test.ts"],
  },
  {
    id: "gw12-metrics-400-error",
    bug: "metrics: a key's 400 answers not counted as errors in the console",
    file: "src/gateway/metrics.ts",
    find: "if (Number(values[3]) >= 400) entry.errors += data.value;",
    replace: "if (Number(values[3]) > 400) entry.errors += data.value;",
    tests: ["tests/gateway/metrics_usage_r12_mutants_test.ts"],
  },
  {
    id: "gw12-models-empty-first-id",
    bug:
      "model list: an empty list in Anthropic's shape (a key allowed no offered model) is a 500",
    file: "src/gateway/_info.ts",
    find: "first_id: data[0]?.id ?? null,",
    replace: "first_id: data[0].id ?? null,",
    tests: ["tests/gateway/model_list_empty_r12_mutants_test.ts"],
  },
  {
    id: "gw12-relayed-responses-cache-writes",
    bug:
      "relayed usage: a Responses answer's input_tokens_details.cache_write_tokens not counted",
    file: "src/gateway/_passthrough.ts",
    find: 'count(detail(usage, "input_tokens_details", "cache_write_tokens"));',
    replace: 'count(detail(usage, "input_tokens_details", ""));',
    tests: ["tests/gateway/relayed_usage_r12_mutants_test.ts"],
  },
  {
    id: "gw12-chat-refusal-part",
    bug:
      "chat reader: a null part in a text-only turn crashes the reader, a part with a refusal field read as one",
    file: "src/gateway/openai_request.ts",
    find: 'isRecord(part) && part.type === "refusal" &&',
    replace: 'isRecord(part) && part.type === "refusal" ||',
    tests: ["tests/gateway/openai_request_r12_mutants_test.ts"],
  },
  {
    id: "fmt13-json-schema-without-schema",
    bug:
      "gateway: a Responses `text.format` json_schema without its schema is taken and the output tool takes any object, where the Responses API answers 400",
    file: "src/gateway/_responses_request.ts",
    find: '  if (format.type === "json_schema") {\n    for (const field',
    replace: "  if (false) {\n    for (const field",
    tests: ["tests/gateway/responses_input_r12_mutants_test.ts"],
  },
  {
    id: "fmt13-json-schema-any-name",
    bug:
      "gateway: a Responses `text.format` json_schema whose name is not a string is taken, where the Responses API answers 400 naming text.format.name",
    file: "src/gateway/_responses_request.ts",
    find: 'field === "name" ? typeof value !== "string" : !isRecord(value)',
    replace: 'field === "name" ? false : !isRecord(value)',
    tests: ["tests/gateway/responses_input_r12_mutants_test.ts"],
  },
  {
    id: "gw13-strict-root-type",
    bug:
      "responses: a tool whose parameters have no object at the root (no `type`) is sent as strict, which OpenAI refuses",
    file: "src/gateway/_strict_schema.ts",
    find: 'if (schema.type !== "object") return false;',
    replace: 'if (schema.type !== "object") false;',
    tests: ["tests/gateway/strict_schema_r13_mutants_test.ts"],
  },
  {
    id: "gw13-strict-depth-bound",
    bug:
      "responses: a schema at exactly 10 levels of nesting is sent as not strict",
    file: "src/gateway/_strict_schema.ts",
    find: "depth > MAX_DEPTH) return false;",
    replace: "depth >= MAX_DEPTH) return false;",
    tests: ["tests/gateway/strict_schema_r13_mutants_test.ts"],
  },
  {
    id: "gw13-strict-nullable-object",
    bug:
      'responses: a nested open object typed ["object", "null"] is taken as closed, so the tool is sent as strict',
    file: "src/gateway/_strict_schema.ts",
    find: '(Array.isArray(node.type) && node.type.includes("object")) ||',
    replace: '(Array.isArray(node.type) && node.type.includes("object")) &&',
    tests: ["tests/gateway/strict_schema_r13_mutants_test.ts"],
  },
  {
    id: "gw13-strict-no-properties",
    bug:
      "responses: a closed function of no arguments (no `properties`) is sent as not strict",
    file: "src/gateway/_strict_schema.ts",
    find:
      "if (properties !== undefined && !isRecord(properties)) return false;",
    replace:
      "if (properties === undefined && !isRecord(properties)) return false;",
    tests: ["tests/gateway/strict_schema_r13_mutants_test.ts"],
  },
  {
    id: "gw13-strict-properties-array",
    bug:
      "responses: `properties` given as an array is walked as an object, so the tool is sent as strict",
    file: "src/gateway/_strict_schema.ts",
    find:
      "if (properties !== undefined && !isRecord(properties)) return false;",
    replace: "if (properties !== undefined && !isRecord(properties)) false;",
    tests: ["tests/gateway/strict_schema_r13_mutants_test.ts"],
  },
  {
    id: "gw13-strict-no-properties-crash",
    bug:
      "responses: a closed function of no arguments (no `properties`) crashes the reader",
    file: "src/gateway/_strict_schema.ts",
    find: "const fields = (properties ?? {}) as",
    replace: "const fields = (properties) as",
    tests: ["tests/gateway/strict_schema_r13_mutants_test.ts"],
  },
  {
    id: "gw13-strict-required-false",
    bug:
      "responses: a `required` of false read as no required field, so the tool is sent as strict",
    file: "src/gateway/_strict_schema.ts",
    find: "const required = node.required ?? [];",
    replace: "const required = node.required || [];",
    tests: ["tests/gateway/strict_schema_r13_mutants_test.ts"],
  },
  {
    id: "gw13-strict-required-shape",
    bug: "responses: a `required` that is no array makes the tool strict",
    file: "src/gateway/_strict_schema.ts",
    find: "if (!Array.isArray(required)) return false;",
    replace: "if (!Array.isArray(required)) return true;",
    tests: ["tests/gateway/strict_schema_r13_mutants_test.ts"],
  },
  {
    id: "gw13-strict-property-limit",
    bug:
      "responses: a schema with exactly 5000 object properties in all is sent as not strict",
    file: "src/gateway/_strict_schema.ts",
    find: "if (count.properties > MAX_PROPERTIES) return false;",
    replace: "if (count.properties >= MAX_PROPERTIES) return false;",
    tests: ["tests/gateway/strict_schema_r13_mutants_test.ts"],
  },
  {
    id: "gw13-strict-depth-properties",
    bug:
      "responses: nesting through properties is not counted, so 11 levels are sent as strict",
    file: "src/gateway/_strict_schema.ts",
    find: "if (!fits(fields[key], depth + 1, count)) return false;",
    replace: "if (!fits(fields[key], depth, count)) return false;",
    tests: ["tests/gateway/strict_schema_r13_mutants_test.ts"],
  },
  {
    id: "gw13-strict-items-open",
    bug: "responses: an array whose items are an open object is sent as strict",
    file: "src/gateway/_strict_schema.ts",
    find:
      "if (node.items !== undefined && !fits(node.items, depth + 1, count)) {",
    replace:
      "if (node.items !== undefined && fits(node.items, depth + 1, count)) {",
    tests: ["tests/gateway/strict_schema_r13_mutants_test.ts"],
  },
  {
    id: "gw13-strict-items-depth",
    bug:
      "responses: nesting through arrays' items is not counted, so 11 levels are sent as strict",
    file: "src/gateway/_strict_schema.ts",
    find:
      "if (node.items !== undefined && !fits(node.items, depth + 1, count)) {",
    replace:
      "if (node.items !== undefined && !fits(node.items, depth, count)) {",
    tests: ["tests/gateway/strict_schema_r13_mutants_test.ts"],
  },
  {
    id: "gw13-strict-anyof-shape",
    bug: "responses: an `anyOf` that is no array makes the tool strict",
    file: "src/gateway/_strict_schema.ts",
    find: "if (!Array.isArray(node.anyOf)) return false;",
    replace: "if (!Array.isArray(node.anyOf)) return true;",
    tests: ["tests/gateway/strict_schema_r13_mutants_test.ts"],
  },
  {
    id: "gw13-cache-ttl-max",
    bug: "cache: an x-switchyard-cache-ttl of exactly 30 days refused",
    file: "src/gateway/cache/_chat.ts",
    find: "seconds > MAX_CACHE_TTL_SECONDS",
    replace: "seconds >= MAX_CACHE_TTL_SECONDS",
    tests: ["tests/gateway/cache_plan_r13_mutants_test.ts"],
  },
  {
    id: "gw13-cache-ttl-error-type",
    bug:
      "cache: a malformed TTL header's 400 has an empty error type on the chat wire",
    file: "src/gateway/cache/_chat.ts",
    find: 'type: "invalid_request_error",',
    replace: 'type: "",',
    tests: ["tests/gateway/cache_plan_r13_mutants_test.ts"],
  },
  {
    id: "gw13-cache-age-floor",
    bug: "cache: a hit's age rounded up (999 ms after the store says 1)",
    file: "src/gateway/cache/_chat.ts",
    find: "Math.floor((ex.ctx.now() - hit.storedAt) / 1000)",
    replace: "Math.ceil((ex.ctx.now() - hit.storedAt) / 1000)",
    tests: ["tests/gateway/cache_plan_r13_mutants_test.ts"],
  },
  {
    id: "gw13-cache-ttl-zero-store",
    bug:
      "cache: an answer asked to be kept 0 seconds handed to the cache to store, which a cache that ignores the TTL keeps",
    file: "src/gateway/cache/_chat.ts",
    find: "if (plan.ttlMs <= 0) return;",
    replace: "if (plan.ttlMs <= 0) ;",
    tests: ["tests/gateway/cache_plan_r13_mutants_test.ts"],
  },
  {
    id: "gw13-admin-keys-space",
    bug:
      "admin: runtime keys written to a record space other than the documented admin-keys",
    file: "src/gateway/_admin_keys.ts",
    find: 'export const KEY_SPACE = "admin-keys";',
    replace: 'export const KEY_SPACE = "";',
    tests: ["tests/gateway/admin_keys_r13_mutants_test.ts"],
  },
  {
    id: "gw13-admin-keys-shared",
    bug:
      "admin: the console says runtime keys are this process's though the store holds them",
    file: "src/gateway/_admin_keys.ts",
    find: "return { records: store as KeyRecords, shared: true };",
    replace: "return { records: store as KeyRecords, shared: false };",
    tests: ["tests/gateway/admin_keys_r13_mutants_test.ts"],
  },
  {
    id: "gw13-admin-keys-local",
    bug:
      "admin: the console says runtime keys are shared though they live in this process",
    file: "src/gateway/_admin_keys.ts",
    find: "return { records: new LocalRecords(), shared: false };",
    replace: "return { records: new LocalRecords(), shared: true };",
    tests: ["tests/gateway/admin_keys_r13_mutants_test.ts"],
  },
  {
    id: "gw13-admin-keys-record-shape",
    bug: "admin: a stored record without its digest (or its id) read as a key",
    file: "src/gateway/_admin_keys.ts",
    find: 'typeof key?.id === "string" && typeof key.sha256',
    replace: 'typeof key?.id === "string" || typeof key.sha256',
    tests: ["tests/gateway/admin_keys_r13_mutants_test.ts"],
  },
  {
    id: "gw13-admin-keys-sync-interval",
    bug:
      "admin: the key space's version read at every request instead of once per syncMs",
    file: "src/gateway/_admin_keys.ts",
    find:
      "if (this.#now() - this.#checkedAt < this.#syncMs) return Promise.resolve();",
    replace:
      "if (this.#now() - this.#checkedAt < this.#syncMs) Promise.resolve();",
    tests: ["tests/gateway/admin_keys_r13_mutants_test.ts"],
  },
  {
    id: "gw13-admin-keys-version-unchanged",
    bug:
      "admin: the whole key space read again though its version has not moved",
    file: "src/gateway/_admin_keys.ts",
    find: "if (version === undefined || version === this.#version) return;",
    replace: "if (version === undefined && version === this.#version) return;",
    tests: ["tests/gateway/admin_keys_r13_mutants_test.ts"],
  },
  {
    id: "gw13-config-fallback-chain",
    bug: "config: routing.fallbackChain parsed but not given to the gateway",
    file: "src/gateway/from_config.ts",
    find: "if (config.fallbackChain) options.fallbackChain",
    replace: "if (!config.fallbackChain) options.fallbackChain",
    tests: ["tests/gateway/config_options_r13_mutants_test.ts"],
  },
  {
    id: "gw13-config-request-timeout",
    bug: "config: timeouts.requestMs parsed but not given to the gateway",
    file: "src/gateway/from_config.ts",
    find: "if (config.requestTimeoutMs !== undefined) {",
    replace: "if (config.requestTimeoutMs === undefined) {",
    tests: ["tests/gateway/config_options_r13_mutants_test.ts"],
  },
  {
    id: "gw13-config-body-limit",
    bug:
      "config: maxBodyBytes parsed but not given to the gateway, so bodies past it are taken",
    file: "src/gateway/from_config.ts",
    find: "if (config.maxBodyBytes !== undefined) {",
    replace: "if (config.maxBodyBytes === undefined) {",
    tests: ["tests/gateway/config_options_r13_mutants_test.ts"],
  },
  {
    id: "gw13-config-max-streams",
    bug: "config: maxStreams parsed but not given to the gateway",
    file: "src/gateway/from_config.ts",
    find: "if (config.maxStreams !== undefined) options.maxStreams",
    replace: "if (config.maxStreams === undefined) options.maxStreams",
    tests: ["tests/gateway/config_options_r13_mutants_test.ts"],
  },
  {
    id: "gw13-config-passthrough",
    bug: "config: passthrough parsed but not given to the gateway",
    file: "src/gateway/from_config.ts",
    find: "if (config.passthrough !== undefined) {",
    replace: "if (config.passthrough === undefined) {",
    tests: ["tests/gateway/config_options_r13_mutants_test.ts"],
  },
  {
    id: "gw13-config-passthrough-tokens",
    bug: "config: passthroughTokens parsed but not given to the gateway",
    file: "src/gateway/from_config.ts",
    find: "if (config.passthroughTokens !== undefined) {",
    replace: "if (config.passthroughTokens === undefined) {",
    tests: ["tests/gateway/config_options_r13_mutants_test.ts"],
  },
  {
    id: "gw13-responses-named-model",
    bug:
      "responses: the model named (backend/model or an alias for one) not passed on, so the backend answers with its default model",
    file: "src/gateway/_responses_request.ts",
    find: "if (target.model !== undefined) parameters.model = target.model;",
    replace: "if (target.model === undefined) parameters.model = target.model;",
    tests: ["tests/gateway/responses_model_r13_mutants_test.ts"],
  },
  {
    id: "gw13-admin-keys-store-refused-code",
    bug:
      "admin: a key write the store refuses answered 503 without its code key_store_unavailable",
    file: "src/gateway/_admin_keys.ts",
    find: 'code: "key_store_unavailable",',
    replace: 'code: "",',
    tests: ["tests/gateway/admin_keys_r13_mutants_test.ts"],
  },
  {
    id: "gw13-admin-keys-store-refused-retry",
    bug:
      "admin: a key write the store refuses answered 503 without Retry-After",
    file: "src/gateway/_admin_keys.ts",
    find: 'headers: { "retry-after": "1" },',
    replace: 'headers: { "": "1" },',
    tests: ["tests/gateway/admin_keys_r13_mutants_test.ts"],
  },
  {
    id: "gw13-responses-part-added-index",
    bug:
      "responses stream: response.content_part.added announces the part one index past the one its deltas and the finished message use",
    file: "src/gateway/_responses_response.ts",
    find:
      '      content_index: open.parts.length - 1,\n      part: partOf({ kind, text: "" }),',
    replace:
      '      content_index: open.parts.length,\n      part: partOf({ kind, text: "" }),',
    tests: ["tests/gateway/responses_content_index_r13_mutants_test.ts"],
  },
  {
    id: "gw13-relayed-detail-zero",
    bug:
      "relayed usage: a detail count of 0 (OpenAI's cached_tokens on every answer) kept as a field",
    file: "src/gateway/_passthrough.ts",
    find: 'return typeof value === "number" && value > 0 ? value : undefined;',
    replace:
      'return typeof value === "number" && value >= 0 ? value : undefined;',
    tests: ["tests/gateway/relayed_usage_counts_r13_mutants_test.ts"],
  },
  {
    id: "gw13-relayed-detail-one",
    bug:
      "relayed usage: a single cached or reasoning token left out of the usage",
    file: "src/gateway/_passthrough.ts",
    find: 'return typeof value === "number" && value > 0 ? value : undefined;',
    replace:
      'return typeof value === "number" && value > 1 ? value : undefined;',
    tests: ["tests/gateway/relayed_usage_counts_r13_mutants_test.ts"],
  },
  {
    id: "gw14-budget-timeout-zero",
    bug:
      "shared budgets: timeoutMs 0 replaced by the default 100 ms, so a store answering in 20 ms is waited for",
    file: "src/gateway/budget_store.ts",
    find: "this.#timeoutMs = options.timeoutMs ?? 100;",
    replace: "this.#timeoutMs = options.timeoutMs || 100;",
    tests: ["tests/gateway/budget_store_r14_mutants_test.ts"],
  },
  {
    id: "gw14-budget-prefix-empty",
    bug: 'shared budgets: a prefix of "" replaced by "budget:"',
    file: "src/gateway/budget_store.ts",
    find: 'this.#prefix = options.prefix ?? "budget:";',
    replace: 'this.#prefix = options.prefix || "budget:";',
    tests: ["tests/gateway/budget_store_r14_mutants_test.ts"],
  },
  {
    id: "gw14-budget-reconcile-goes-on",
    bug:
      "shared budgets: a reconcile the store fails goes on to the next owed sum and a second read",
    file: "src/gateway/budget_store.ts",
    find: "this.#down(answer, charge.keys, 0);\n            return false;",
    replace: "this.#down(answer, charge.keys, 0);\n            false;",
    tests: ["tests/gateway/budget_store_r14_mutants_test.ts"],
  },
  {
    id: "gw14-budget-reconcile-true",
    bug:
      "shared budgets: a reconcile the store fails reports success, so the read is tried again",
    file: "src/gateway/budget_store.ts",
    find: "this.#down(answer, charge.keys, 0);\n            return false;",
    replace: "this.#down(answer, charge.keys, 0);\n            return true;",
    tests: ["tests/gateway/budget_store_r14_mutants_test.ts"],
  },
  {
    id: "gw14-budget-failed-reconcile-falls-through",
    bug:
      "shared budgets: a read after a failed reconcile owes a charge of 0 under a sequence number",
    file: "src/gateway/budget_store.ts",
    find: "if (!(await this.#reconcile())) return this.#local.add(keys, 0);",
    replace: "if (!(await this.#reconcile())) this.#local.add(keys, 0);",
    tests: ["tests/gateway/budget_store_r14_mutants_test.ts"],
  },
  {
    id: "gw14-budget-read-after-reconcile-falls-through",
    bug: "shared budgets: the read after a reconcile also sends a charge of 0",
    file: "src/gateway/budget_store.ts",
    find:
      'return typeof after === "string" ? this.#down(after, keys, 0) : after;',
    replace: 'typeof after === "string" ? this.#down(after, keys, 0) : after;',
    tests: ["tests/gateway/budget_store_r14_mutants_test.ts"],
  },
  {
    id: "gw14-budget-recovered-always",
    bug:
      "shared budgets: every answered read warns that the store is back, though it was never out",
    file: "src/gateway/budget_store.ts",
    find: "#recovered(): void {\n    if (this.#up) return;",
    replace: "#recovered(): void {\n    if (this.#up) ;",
    tests: ["tests/gateway/budget_store_r14_mutants_test.ts"],
  },
  {
    id: "gw14-deadline-client-gone",
    bug:
      "deadline: a client gone before the model call starts leaves the call's own signal live, so the backend is called for nobody",
    file: "src/gateway/_deadline.ts",
    find: "if (client.aborted) this.handleEvent();",
    replace: "if (client.aborted) ;",
    tests: ["tests/gateway/deadline_gone_r14_mutants_test.ts"],
  },
  {
    id: "gw14-memory-cache-bound-one",
    bug: "memory cache: a bound of 1 byte, a positive integer, refused",
    file: "src/gateway/cache/memory.ts",
    find: "if (!Number.isSafeInteger(max) || max <= 0) {",
    replace: "if (!Number.isSafeInteger(max) || max <= 1) {",
    tests: ["tests/gateway/cache_memory_r14_mutants_test.ts"],
  },
  {
    id: "gw14-memory-cache-ttl-one",
    bug: "memory cache: an answer given a TTL of 1 ms not kept at all",
    file: "src/gateway/cache/memory.ts",
    find: "if (!(ttlMs > 0) || bytes > this.maxBytes)",
    replace: "if (!(ttlMs > 1) || bytes > this.maxBytes)",
    tests: ["tests/gateway/cache_memory_r14_mutants_test.ts"],
  },
  {
    id: "gw14-memory-cache-exact-fit",
    bug: "memory cache: an entry the exact size of the bound not kept",
    file: "src/gateway/cache/memory.ts",
    find: "if (!(ttlMs > 0) || bytes > this.maxBytes)",
    replace: "if (!(ttlMs > 0) || bytes >= this.maxBytes)",
    tests: ["tests/gateway/cache_memory_r14_mutants_test.ts"],
  },
  {
    id: "gw14-deadline-timer-kept",
    bug:
      "deadline: requestTimeoutMs still fires after a stream's first output, cutting every long answer",
    file: "src/gateway/_deadline.ts",
    find:
      "stopTimer(): void {\n    if (this.#timer !== undefined) clearTimeout(this.#timer);",
    replace: "stopTimer(): void {\n    if (this.#timer !== undefined) ;",
    tests: ["tests/gateway/deadline_stream_r14_mutants_test.ts"],
  },
  {
    id: "gw14-deadline-timer-inverted",
    bug:
      "deadline: stopTimer's condition inverted, so the timeout cuts a stream mid-way",
    file: "src/gateway/_deadline.ts",
    find:
      "stopTimer(): void {\n    if (this.#timer !== undefined) clearTimeout(this.#timer);",
    replace:
      "stopTimer(): void {\n    if (this.#timer === undefined) clearTimeout(this.#timer);",
    tests: ["tests/gateway/deadline_stream_r14_mutants_test.ts"],
  },
  {
    id: "gw14-deadline-abort-dropped",
    bug:
      "deadline: a client that stops reading a stream leaves the backend's call running",
    file: "src/gateway/_deadline.ts",
    find: "abort(reason?: unknown): void {\n    this.#abort?.abort(reason);",
    replace: "abort(reason?: unknown): void {\n    ;",
    tests: ["tests/gateway/deadline_stream_r14_mutants_test.ts"],
  },
  {
    id: "gw14-responses-output-tool-or",
    bug:
      "responses stream: a call to the client's own function named json_response, no format asked for, streamed as the answer's text",
    file: "src/gateway/_responses_response.ts",
    find: "if (this.#parsed.structured && chunk.name === OUTPUT_TOOL) {",
    replace: "if (this.#parsed.structured || chunk.name === OUTPUT_TOOL) {",
    tests: ["tests/gateway/responses_output_tool_r14_mutants_test.ts"],
  },
  {
    id: "gw14-stream-estimate-one-char",
    bug:
      "stream: a one-character answer without the backend's usage gets no estimate, so no tokens and no cost",
    file: "src/gateway/_stream_answer.ts",
    find: "if (outcome.usage === undefined && chars > 0) {",
    replace: "if (outcome.usage === undefined && chars > 1) {",
    tests: ["tests/gateway/stream_estimate_r14_mutants_test.ts"],
  },
  {
    id: "gw14-config-backend-unknown-field",
    bug:
      "config: a backend's unknown or miscased field (baseUrl, apikey) ignored instead of refused",
    file: "src/gateway/_config_backends.ts",
    find: 'only(raw, where, [\n      "name",\n      "provider",',
    replace: 'Array.of(raw, where, [\n      "name",\n      "provider",',
    tests: ["tests/gateway/config_backend_fields_r14_mutants_test.ts"],
  },
  {
    id: "gw14-chunk-encoder-error-unfinished",
    bug:
      "ChunkEncoder: after error() it is not finished and still writes chunks, a finish and [DONE]",
    file: "src/gateway/openai_response.ts",
    find:
      "error(resolved: ResolvedError): string {\n    this.#finished = true;",
    replace:
      "error(resolved: ResolvedError): string {\n    this.#finished = false;",
    tests: ["tests/gateway/encoder_error_r14_mutants_test.ts"],
  },
  {
    id: "gw14-message-encoder-error-unfinished",
    bug:
      "MessageStreamEncoder: after error() it is not finished and still writes events",
    file: "src/gateway/anthropic_response.ts",
    find:
      "error(resolved: ResolvedError): string {\n    this.#finished = true;",
    replace:
      "error(resolved: ResolvedError): string {\n    this.#finished = false;",
    tests: ["tests/gateway/encoder_error_r14_mutants_test.ts"],
  },
  {
    id: "gw14-stream-cap-type-empty",
    bug:
      'stream cap: the 503 past maxStreams carries an error of type "" instead of server_error',
    file: "src/gateway/_admission.ts",
    find: '    status: 503,\n    type: "server_error",',
    replace: '    status: 503,\n    type: "",',
    tests: ["tests/gateway/stream_cap_sdk_r14_mutants_test.ts"],
  },
  {
    id: "gw14-operation-model-never-refused",
    bug:
      "relayed operations: a missing, empty or non-string model not refused with a 400 naming model",
    file: "src/gateway/_operation.ts",
    find: 'if (typeof body.model !== "string" || body.model === "") {',
    replace: 'if (typeof body.model !== "string" && body.model === "") {',
    tests: ["tests/gateway/operation_model_r14_mutants_test.ts"],
  },
  {
    id: "gw14-anthropic-empty-system-kept",
    bug:
      'messages reader: an empty top-level system ("", [], empty blocks) becomes an empty system message',
    file: "src/gateway/anthropic_request.ts",
    find:
      'return text === "" && !keepEmpty ? [] : [{ role: "system", content: text }];',
    replace:
      'return text === "" && keepEmpty ? [] : [{ role: "system", content: text }];',
    tests: ["tests/gateway/anthropic_system_r14_mutants_test.ts"],
  },
  {
    id: "gw15-operation-stream-cap-unchecked",
    bug:
      "relayed operations: a stream past maxStreams reaches its backend (checkStreams dropped)",
    file: "src/gateway/_operation.ts",
    find: "if (stream) checkStreams(ex);",
    replace: "if (stream) ;",
    tests: ["tests/gateway/operation_stream_slot_r15_mutants_test.ts"],
  },
  {
    id: "gw15-operation-stream-cap-inverted",
    bug:
      "relayed operations: the stream cap checked for plain calls and never for streams",
    file: "src/gateway/_operation.ts",
    find: "if (stream) checkStreams(ex);",
    replace: "if (!stream) checkStreams(ex);",
    tests: ["tests/gateway/operation_stream_slot_r15_mutants_test.ts"],
  },
  {
    id: "gw15-operation-stream-slot-not-taken",
    bug:
      "relayed operations: a relayed stream takes no slot, so a chat stream beside it passes maxStreams",
    file: "src/gateway/_operation.ts",
    find: "if (stream) ctx.streams.opened();",
    replace: "if (stream) ;",
    tests: ["tests/gateway/operation_stream_slot_r15_mutants_test.ts"],
  },
  {
    id: "gw15-operation-stream-slot-plain-taken",
    bug:
      "relayed operations: a plain call takes a stream slot it never gives back",
    file: "src/gateway/_operation.ts",
    find: "if (stream) ctx.streams.opened();",
    replace: "if (!stream) ctx.streams.opened();",
    tests: ["tests/gateway/operation_stream_slot_r15_mutants_test.ts"],
  },
  {
    id: "gw15-operation-failed-slot-inverted",
    bug:
      "relayed operations: a failed plain call gives back a slot it never took, a failed stream keeps its own",
    file: "src/gateway/_operation.ts",
    find: "if (stream) ctx.streams.closed();",
    replace: "if (!stream) ctx.streams.closed();",
    tests: ["tests/gateway/operation_stream_slot_r15_mutants_test.ts"],
  },
  {
    id: "gw15-operation-failed-slot-kept",
    bug: "relayed operations: a stream whose call fails keeps its slot",
    file: "src/gateway/_operation.ts",
    find: "if (stream) ctx.streams.closed();",
    replace: "if (stream) ;",
    tests: ["tests/gateway/operation_stream_slot_r15_mutants_test.ts"],
  },
  {
    id: "gw15-operation-failed-deadline-kept",
    bug:
      "relayed operations: a call its backend refuses leaves its requestTimeoutMs timer running",
    file: "src/gateway/_operation.ts",
    find: "    deadline.release();\n    if (stream) ctx.streams.closed();",
    replace: "    if (stream) ctx.streams.closed();",
    tests: ["tests/gateway/operation_stream_slot_r15_mutants_test.ts"],
  },
  {
    id: "gw15-providers-token-limit-dropped",
    bug:
      "createAdapter: a spec's maxTokensParameter parsed, then left out of the adapter (a proxy gets max_tokens)",
    file: "src/gateway/providers.ts",
    find: "...(spec.maxTokensParameter === undefined",
    replace: "...(spec.maxTokensParameter !== undefined",
    tests: ["tests/gateway/providers_spec_r15_mutants_test.ts"],
  },
  {
    id: "gw15-providers-name-dropped",
    bug:
      "createAdapter: the spec's name not passed on, so the adapter is named after its provider",
    file: "src/gateway/providers.ts",
    find: "    name: spec.name,\n    ...(spec.apiKey",
    replace: "    ...(spec.apiKey",
    tests: ["tests/gateway/providers_spec_r15_mutants_test.ts"],
  },
  {
    id: "gw15-providers-key-inverted",
    bug:
      "createAdapter: the spec's apiKey passed only when it is empty, so the upstream gets no bearer token",
    file: "src/gateway/providers.ts",
    find: "...(spec.apiKey ? { apiKey",
    replace: "...(!spec.apiKey ? { apiKey",
    tests: ["tests/gateway/providers_spec_r15_mutants_test.ts"],
  },
  {
    id: "gw15-providers-key-dropped",
    bug: "createAdapter: the spec's apiKey never reaches the adapter",
    file: "src/gateway/providers.ts",
    find: "    ...(spec.apiKey ? { apiKey: spec.apiKey } : {}),\n",
    replace: "",
    tests: [
      "tests/gateway/providers_spec_r15_mutants_test.ts",
      "tests/examples/backends_test.ts",
    ],
  },
  {
    id: "gw15-providers-host-default-dropped",
    bug:
      "apiHost: a backend without a baseURL has no host, so the startup never warns it cannot reach the provider's API",
    file: "src/gateway/providers.ts",
    find: "const url = spec.baseURL ?? providerEntry(spec.provider)?.baseURL;",
    replace: "const url = spec.baseURL;",
    tests: ["tests/gateway/providers_spec_r15_mutants_test.ts"],
  },
  {
    id: "gw15-cache-reasoning-part-kept",
    bug:
      "response cache: a streamed answer whose chunk carries a signature alone, or redacted reasoning alone, is stored and its hit comes back without it",
    file: "src/gateway/cache/_answer.ts",
    find: "chunk.thinking !== undefined || chunk.signature !== undefined ||",
    replace: "chunk.thinking !== undefined || chunk.signature !== undefined &&",
    tests: ["tests/gateway/cache_reasoning_r15_mutants_test.ts"],
  },
  // Fifteenth round (core15-): the budget stores' refusal of a non-finite
  // amount (a NaN total admitted every request; a shared store flapped).
  {
    id: "core15-memory-budget-nan-added",
    bug:
      "MemoryBudgetStore.add takes a NaN or infinite amount: a NaN total admits every request for the rest of its period",
    file: "src/gateway/budget_store.ts",
    find: "    checkUsd(usd);\n    return keys.map(",
    replace: "    return keys.map(",
    tests: ["tests/gateway/budget_amount_r15_test.ts"],
  },
  {
    id: "core15-shared-budget-nan-sent",
    bug:
      "SharedBudgetStore.add sends a NaN or infinite amount: the router store refuses it, the store is taken for down and the amount owed back at every read",
    file: "src/gateway/budget_store.ts",
    find: "    checkUsd(usd);\n    if (usd === 0) {",
    replace: "    if (usd === 0) {",
    tests: ["tests/gateway/budget_amount_r15_test.ts"],
  },
  // Fifteenth round, second gateway draw (gw15b-): what that draw's
  // survivors and the hand planting beside it led to.
  {
    id: "gw15b-console-js-type-emptied",
    bug:
      "console: the script's content-type header name emptied, so fetching console.js throws and the console page never runs",
    file: "src/gateway/_console_page.ts",
    find:
      `headers: { ...HEADERS, "content-type": "text/javascript; charset=utf-8" },`,
    replace: `headers: { ...HEADERS, "": "text/javascript; charset=utf-8" },`,
    tests: ["tests/gateway/console_files_r15b_mutants_test.ts"],
  },
  {
    id: "gw15b-console-css-path-unrouted",
    bug:
      "console: the style sheet's path is not routed, so the console page comes without its style",
    file: "src/gateway/_admin.ts",
    find: ": path === `${this.consolePath}/console.css`",
    replace: ": path === `${this.consolePath}/console.cs`",
    tests: ["tests/gateway/console_files_r15b_mutants_test.ts"],
  },
  {
    id: "gw15b-cost-unregistered-provider",
    bug:
      "answerCost: the router's adapter read without ?., so an answer whose backend was unregistered while it answered throws when priced",
    file: "src/gateway/_cost.ts",
    find: ": router.get(backend)?.metadata.provider;",
    replace: ": router.get(backend).metadata.provider;",
    tests: ["tests/gateway/cost_unregistered_r15b_mutants_test.ts"],
  },
  {
    id: "gw15b-bound-zero-taken",
    bug:
      "createGateway: a maxBodyBytes or maxStreams of 0 taken, so every body (or every stream) is refused",
    file: "src/gateway/gateway.ts",
    find: "(Number.isInteger(value) && value > 0)",
    replace: "(Number.isInteger(value) && value >= 0)",
    tests: ["tests/gateway/gateway_bounds_r15b_mutants_test.ts"],
  },
  {
    id: "gw15b-bound-nan-taken",
    bug:
      "createGateway: a NaN maxBodyBytes or maxStreams taken, which turns the bound off without a word",
    file: "src/gateway/gateway.ts",
    find: "if (value === Infinity || (Number.isInteger(value) && value > 0)) {",
    replace: "if (value === Infinity || !(value <= 0)) {",
    tests: ["tests/gateway/gateway_bounds_r15b_mutants_test.ts"],
  },
  {
    id: "gw15b-bound-streams-unchecked",
    bug:
      "createGateway: maxStreams taken as given, so NaN leaves streams unbounded",
    file: "src/gateway/gateway.ts",
    find: 'bound(options.maxStreams, DEFAULT_MAX_STREAMS, "maxStreams")',
    replace: "options.maxStreams ?? DEFAULT_MAX_STREAMS",
    tests: ["tests/gateway/gateway_bounds_r15b_mutants_test.ts"],
  },
  {
    id: "gw15b-dispose-owner-inverted",
    bug:
      "gateway.dispose(): disposes a router it was given (another gateway sharing it answers 503) and leaves its own running",
    file: "src/gateway/gateway.ts",
    find: "      if (ownsRouter) modelRouter.dispose();",
    replace: "      if (!(ownsRouter)) modelRouter.dispose();",
    tests: ["tests/gateway/gateway_dispose_r15b_mutants_test.ts"],
  },
  {
    id: "gw15b-responses-read-key-emptied",
    bug:
      'Responses translation: a read key emptied, so a field named "" counts as read and is never reported dropped',
    file: "src/gateway/_responses_request.ts",
    find: '  "previous_response_id",\n]);',
    replace: '  "",\n]);',
    tests: ["tests/gateway/responses_dropped_r15b_mutants_test.ts"],
  },
  {
    id: "gw15b-stream-refusal-piece-lost",
    bug:
      "ChunkEncoder: a content chunk's refusal sent only when it is empty, so a streamed refusal's pieces never reach the client",
    file: "src/gateway/openai_response.ts",
    find: 'if (chunk.refusal !== undefined && chunk.refusal !== "") {',
    replace: 'if (chunk.refusal !== undefined && chunk.refusal === "") {',
    tests: ["tests/gateway/stream_refusal_r15b_mutants_test.ts"],
  },
  {
    id: "gw15b-stream-refusal-empty-sent",
    bug:
      'ChunkEncoder: a text chunk\'s empty refusal sent as a refusal delta of ""',
    file: "src/gateway/openai_response.ts",
    find: 'if (chunk.refusal !== undefined && chunk.refusal !== "") {',
    replace: "if (chunk.refusal !== undefined) {",
    tests: ["tests/gateway/stream_refusal_r15b_mutants_test.ts"],
  },
  // Fifteenth round (gw16-): the gateway draw of seed 20261174, and the
  // spots its secondary work found untested.
  {
    id: "gw16-default-backend-single",
    bug:
      "createGateway: a lone backend is not made the router's default, so a backend registered later on gateway.router can take the models that name none",
    file: "src/gateway/gateway.ts",
    find: "...(backends.length > 0 ? { defaultBackend: backends[0][0] } : {}),",
    replace:
      "...(backends.length > 1 ? { defaultBackend: backends[0][0] } : {}),",
    tests: ["tests/gateway/gateway_default_backend_r16_mutants_test.ts"],
  },
  {
    id: "gw16-call-log-execute-kept",
    bug:
      "echo/mock backends: execute calls never clear the testing adapter's call log, which grows with every request",
    file: "src/gateway/_call_log.ts",
    find: "adapter.calls.length = 0;\n      return adapter.execute(",
    replace: "return adapter.execute(",
    tests: ["tests/gateway/call_log_r16_mutants_test.ts"],
  },
  {
    id: "gw16-call-log-stream-kept",
    bug:
      "echo/mock backends: streamed calls never clear the testing adapter's call log, which grows with every stream",
    file: "src/gateway/_call_log.ts",
    find: "adapter.calls.length = 0;\n      return adapter.executeStream(",
    replace: "return adapter.executeStream(",
    tests: ["tests/gateway/call_log_r16_mutants_test.ts"],
  },
  {
    id: "gw16-call-log-health-kept",
    bug:
      "echo/mock backends: health checks never clear the testing adapter's call log, which grows with every check",
    file: "src/gateway/_call_log.ts",
    find: "adapter.calls.length = 0;\n      return healthCheck(",
    replace: "return healthCheck(",
    tests: ["tests/gateway/call_log_r16_mutants_test.ts"],
  },
  {
    id: "gw16-call-log-health-inverted",
    bug:
      "echo/mock backends: the call-log wrapper binds a health check the adapter lacks (createAdapter throws) and drops one it has",
    file: "src/gateway/_call_log.ts",
    find: "if (adapter.healthCheck) {",
    replace: "if (!(adapter.healthCheck)) {",
    tests: ["tests/gateway/call_log_r16_mutants_test.ts"],
  },
  {
    id: "gw16-redacted-flag-unset",
    bug:
      "MessageStreamEncoder: a streamed redacted_thinking block not noted, so the done message's copy is sent again",
    file: "src/gateway/anthropic_response.ts",
    find: "this.#sentRedacted = true;",
    replace: "this.#sentRedacted = false;",
    tests: ["tests/gateway/stream_redacted_r16_mutants_test.ts"],
  },
  {
    id: "gw16-redacted-stands-for-thinking",
    bug:
      "MessageStreamEncoder: a streamed redacted_thinking block counts as the plain reasoning sent, so a thinking block only in the done message (and its signature) is lost",
    file: "src/gateway/anthropic_response.ts",
    find: "this.#sentRedacted = true;",
    replace: "this.#sentRedacted = true;\n      this.#sentThinking = true;",
    tests: ["tests/gateway/stream_redacted_r16_mutants_test.ts"],
  },
  {
    id: "gw16-redacted-unstreamed-dropped",
    bug:
      "MessageStreamEncoder: a redacted_thinking block only in the done message is never sent",
    file: "src/gateway/anthropic_response.ts",
    find: 'if (block.type === "redacted_thinking" && !this.#sentRedacted) {',
    replace: 'if (block.type === "redacted_thinking" && false) {',
    tests: ["tests/gateway/stream_redacted_r16_mutants_test.ts"],
  },
  {
    id: "gw16-config-not-text",
    bug:
      "parseGatewayConfig given an object instead of the file's text fails inside the comment blanker with a TypeError (text.split is not a function) instead of INVALID_CONFIG naming the file",
    file: "src/gateway/config.ts",
    find: 'if (typeof text !== "string") {',
    replace: "if (false) {",
    tests: ["tests/gateway/config_not_text_r16_test.ts"],
  },
  {
    id: "gw17-admin-conflict-type-emptied",
    bug:
      "the admin API's 409 (a config key, an id taken) answers an error without its OpenAI type",
    file: "src/gateway/_admin.ts",
    find: `    status: 409,
    type: "invalid_request_error",`,
    replace: `    status: 409,
    type: "",`,
    tests: ["tests/gateway/admin_test.ts"],
  },
  {
    id: "gw17-stream-slot-freed-twice-at-end",
    bug:
      "a stream that ends gives its maxStreams slot back twice, so one stream more than the bound is let in after it",
    file: "src/gateway/_stream_answer.ts",
    find: `      deadline.release();
      ctx.streams.closed();`,
    replace: `      deadline.release();
      ctx.streams.closed();
      ctx.streams.closed();`,
    tests: ["tests/gateway/stream_bounds_test.ts"],
  },
  {
    id: "gw17-stream-slot-freed-twice-at-head",
    bug:
      "a stream whose head fails gives its maxStreams slot back twice, so one stream more than the bound is let in after it",
    file: "src/gateway/_stream_answer.ts",
    find: `    deadline.release();
    ctx.streams.closed();
    deadline.abort();`,
    replace: `    deadline.release();
    ctx.streams.closed();
    ctx.streams.closed();
    deadline.abort();`,
    tests: ["tests/gateway/stream_bounds_test.ts"],
  },
  {
    id: "gw18-admin-key-object-emptied",
    bug:
      'a key the admin API creates, lists or rotates says "object": "" instead of "api_key"',
    file: "src/gateway/_admin.ts",
    find: '    object: "api_key",\n    source,',
    replace: '    object: "",\n    source,',
    tests: ["tests/gateway/gateway_draw_20261176_r18_test.ts"],
  },
  {
    id: "gw18-count-504-passed-on",
    bug:
      "a count whose provider timed out (the gateway's 504) is passed on as an error instead of answered with the marked estimate",
    file: "src/gateway/_count_tokens.ts",
    find:
      '(status >= 502 && status <= 504 && code !== "backend_misconfigured")',
    replace:
      '(status >= 502 && status < 504 && code !== "backend_misconfigured")',
    tests: ["tests/gateway/count_tokens_fallback_test.ts"],
  },
  {
    id: "gw18-inline-system-empty-dropped",
    bug:
      "an empty role: system message inside a Messages request's messages is dropped, so a chat backend gets one turn fewer than the client sent",
    file: "src/gateway/anthropic_request.ts",
    find:
      "...systemMessages(message.content, `${param}.content`, skipped, true),",
    replace:
      "...systemMessages(message.content, `${param}.content`, skipped, false),",
    tests: ["tests/gateway/gateway_draw_20261176_r18_test.ts"],
  },
  {
    id: "gw18-relay-left-slot-kept",
    bug:
      "a relayed stream whose client left between the router's answer and the gateway taking its body keeps its maxStreams slot for ever, so every later stream is refused",
    file: "src/gateway/_relay_answer.ts",
    find:
      "  } catch (error) {\n    deadline.release();\n    ctx.streams.closed();\n    return ex.fail(deadline.failure(error));\n  }\n  deadline.stopTimer();",
    replace:
      "  } catch (error) {\n    deadline.release();\n    return ex.fail(deadline.failure(error));\n  }\n  deadline.stopTimer();",
    tests: ["tests/gateway/gateway_draw_20261177_r18_test.ts"],
  },
  {
    id: "gw18-embeddings-one-token-refused",
    bug:
      "/v1/embeddings refuses a token array of one token ([[5]]), which OpenAI takes",
    file: "src/gateway/_handle_embeddings.ts",
    find: "Array.isArray(item) && item.length > 0 &&",
    replace: "Array.isArray(item) && item.length > 1 &&",
    tests: ["tests/gateway/gateway_draw_20261177_r18_test.ts"],
  },
  {
    id: "gw18-metrics-half-open-unnamed",
    bug: "/metrics writes a half-open breaker as 0, the value of a closed one",
    file: "src/gateway/metrics.ts",
    find: '  "half-open": 1,',
    replace: '  "": 1,',
    tests: ["tests/gateway/gateway_draw_20261177_r18_test.ts"],
  },
  {
    id: "gw18-cancel-leaves-router-stream",
    bug:
      "a stream the client cancels leaves the router's stream suspended: the backend's stream never ends and the router never counts the call",
    file: "src/gateway/_sse.ts",
    find:
      "      close();\n      await chunks.return(undefined).catch(() => {});\n    },",
    replace: "      close();\n    },",
    tests: ["tests/gateway/gateway_draw_20261178_r18_test.ts"],
  },
  {
    id: "gw18-count-deadline-kept",
    bug:
      "a relayed count_tokens never releases its deadline, so with requestTimeoutMs each count leaves its timer (and its client listener) behind",
    file: "src/gateway/_count_tokens.ts",
    find:
      "    return estimate(ex, count);\n  } finally {\n    deadline.release();\n  }",
    replace: "    return estimate(ex, count);\n  } finally {\n  }",
    tests: ["tests/gateway/gateway_draw_20261178_r18_test.ts"],
  },
  {
    id: "gw18-embeddings-token-sign",
    bug:
      "an embeddings token array takes a negative token or a fraction, which OpenAI refuses with a 400",
    file: "src/gateway/_handle_embeddings.ts",
    find: "item.every((t) => Number.isInteger(t) && t >= 0)",
    replace: "item.every((t) => Number.isInteger(t) || t >= 0)",
    tests: ["tests/gateway/gateway_draw_20261180_r18_test.ts"],
  },
  {
    id: "gw18-responses-item-prefixes",
    bug:
      "a streamed Responses answer's message item gets an fc_ id and its function call a msg_ one",
    file: "src/gateway/_responses_response.ts",
    find: 'const id = newId(kind === "message" ? "msg" : "fc");',
    replace: 'const id = newId(kind !== "message" ? "msg" : "fc");',
    tests: ["tests/gateway/gateway_draw_20261180_r18_test.ts"],
  },
  {
    id: "gw18-format-usd-eleven-digits",
    bug:
      "formatUsd's fast path answers for eleven decimals, where a number's shortest text can differ in the last digit from its rounding",
    file: "src/gateway/budgets.ts",
    find: "if (value < FAST_BELOW && digits >= 0 && digits <= 10) {",
    replace: "if (value < FAST_BELOW && digits >= 0 && digits <= 11) {",
    tests: ["tests/gateway/gateway_draw_20261180_r18_test.ts"],
  },
  {
    id: "gw18-top-p-null-passed",
    bug:
      "a chat request's top_p: null is passed on as a field of its own, so Gemini gets topP: null and Anthropic top_p: null (which it refuses)",
    file: "src/gateway/openai_request.ts",
    find: '  "top_p",\n  "max_tokens",',
    replace: '  "",\n  "max_tokens",',
    tests: ["tests/gateway/gateway_draw_20261180_r18_test.ts"],
  },
  {
    id: "gw18-admin-401-message-swapped",
    bug:
      "an admin 401 says 'Incorrect admin key provided.' when no key was sent, and asks for the key when a wrong one was",
    file: "src/gateway/_admin.ts",
    find: "        message: secret === undefined",
    replace: "        message: secret !== undefined",
    tests: ["tests/gateway/admin_test.ts"],
  },
  {
    id: "gw18-responses-no-backend-400",
    bug:
      "a Responses call to a router without backends gets a 400 'No backend serves responses.' instead of the 503 NO_BACKEND_AVAILABLE a chat call gets",
    file: "src/gateway/_handle_responses.ts",
    find: "  return names.length > 0 &&",
    replace: "  return names.length >= 0 &&",
    tests: ["tests/gateway/gateway_draw_20261181_r18_test.ts"],
  },
  {
    id: "gw19-empty-tool-calls-key",
    bug:
      "an OpenAI chat answer whose backend returned text parts carries tool_calls: [], which OpenAI refuses when the client sends the message back",
    file: "src/gateway/openai_response.ts",
    find: "...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),",
    replace: "...(toolCalls.length >= 0 ? { tool_calls: toolCalls } : {}),",
    tests: ["tests/gateway/gateway_draw_20261182_r19_test.ts"],
  },
  {
    id: "gw19-responses-unnamed-translated",
    bug:
      "a Responses call whose model names no backend is translated to chat even when every backend it may reach serves the Responses API",
    file: "src/gateway/_handle_responses.ts",
    find: '!router.has(name) || router.serves("responses", [name])',
    replace: '!router.has(name) && router.serves("responses", [name])',
    tests: ["tests/gateway/gateway_draw_20261183_r19_test.ts"],
  },
  {
    id: "gw19-responses-retired-backend-translated",
    bug:
      "a key whose allow-list names a backend no longer registered has its Responses calls translated instead of relayed",
    file: "src/gateway/_handle_responses.ts",
    find: '!router.has(name) || router.serves("responses", [name])',
    replace: 'router.serves("responses", [name])',
    tests: ["tests/gateway/gateway_draw_20261183_r19_test.ts"],
  },
  {
    id: "gw19-stream-error-type-empty",
    bug:
      "a failure in the middle of an OpenAI stream is an error event without OpenAI's type server_error",
    file: "src/gateway/openai_response.ts",
    find: '            type: "server_error",',
    replace: '            type: "",',
    tests: ["tests/gateway/gateway_draw_20261183_r19_test.ts"],
  },
  {
    id: "gw19-anthropic-529-untyped",
    bug:
      "anthropicErrorBody types a 529 as api_error, where Anthropic's API says overloaded_error",
    file: "src/gateway/anthropic_response.ts",
    find: '  529: "overloaded_error",',
    replace: "",
    tests: ["tests/gateway/gateway_draw_20261183_r19_test.ts"],
  },
  {
    id: "gw19-stream-refusal-twice",
    bug:
      "an OpenAI stream sends a refusal streamed in pieces again from the done message that repeats it",
    file: "src/gateway/openai_response.ts",
    find: "      this.#sentRefusal = true;",
    replace: "      this.#sentRefusal = false;",
    tests: ["tests/gateway/chunk_encoder_r19_test.ts"],
  },
  {
    id: "gw19-stream-reasoning-empty-chunk",
    bug:
      "an OpenAI stream sends an empty delta for each reasoning piece, which Chat Completions has no field for",
    file: "src/gateway/openai_response.ts",
    find: '      return chunk.logprobs === undefined\n        ? ""',
    replace: '      chunk.logprobs === undefined\n        ? ""',
    tests: ["tests/gateway/chunk_encoder_r19_test.ts"],
  },
  {
    id: "gw19-relayed-responses-tokens-times",
    bug:
      "a relayed Responses call is charged its input's characters * 4 to the key's tpm bucket instead of / 4",
    file: "src/gateway/_handle_responses.ts",
    find: 'JSON.stringify(body.input ?? "").length / 4',
    replace: 'JSON.stringify(body.input ?? "").length * 4',
    tests: ["tests/gateway/responses_relay_tokens_r19_test.ts"],
  },
  {
    id: "gw19-relayed-responses-no-input",
    bug:
      "a relayed Responses call without input (previous_response_id alone) fails with a 500 while its tokens are estimated",
    file: "src/gateway/_handle_responses.ts",
    find: 'JSON.stringify(body.input ?? "").length / 4',
    replace: "JSON.stringify(body.input).length / 4",
    tests: ["tests/gateway/responses_relay_tokens_r19_test.ts"],
  },
  {
    id: "gw19-responses-created-at-millis",
    bug:
      "a translated Responses answer's created_at is the clock's milliseconds times a thousand, not Unix seconds",
    file: "src/gateway/_handle_responses.ts",
    find: "const created = Math.floor(ctx.now() / 1000);",
    replace: "const created = Math.floor(ctx.now() * 1000);",
    tests: ["tests/gateway/responses_created_at_r19_test.ts"],
  },
  {
    id: "gw19-responses-passthrough-off-relayed",
    bug:
      "with passthrough: false, a Responses call is still relayed as it came to an OpenAI backend that serves the Responses API",
    file: "src/gateway/_handle_responses.ts",
    find: "  if (!passthrough) return false;",
    replace: "  if (!passthrough) false;",
    tests: ["tests/gateway/responses_relay_choice_r19_test.ts"],
  },
  {
    id: "gw19-responses-named-backend-translated",
    bug:
      "a Responses call naming a backend that serves the Responses API is translated when another registered backend does not serve it",
    file: "src/gateway/_handle_responses.ts",
    find:
      'if (named !== undefined) return router.serves("responses", [named]);',
    replace: 'if (named !== undefined) router.serves("responses", [named]);',
    tests: ["tests/gateway/responses_relay_choice_r19_test.ts"],
  },
  {
    id: "gw20-request-timeout-type",
    bug:
      "the gateway's own requestTimeoutMs answer carries an empty error type on the OpenAI wire instead of server_error",
    file: "src/gateway/_request_parts.ts",
    find: 'status: 504,\n    type: "server_error",',
    replace: 'status: 504,\n    type: "",',
    tests: ["tests/gateway/gateway_draw_20261185_r20_test.ts"],
  },
  {
    id: "gw20-anthropic-504-timeout-error",
    bug:
      "a 504 on the Anthropic wire is typed api_error, though Anthropic's API and SDK type a timeout timeout_error",
    file: "src/gateway/anthropic_response.ts",
    find: '  504: "timeout_error",\n',
    replace: "",
    tests: ["tests/gateway/gateway_draw_20261185_r20_test.ts"],
  },
  {
    id: "gw20-anthropic-402-billing-error",
    bug:
      "an upstream 402 on the Anthropic wire is typed invalid_request_error instead of Anthropic's billing_error",
    file: "src/gateway/anthropic_response.ts",
    find: '  402: "billing_error",\n',
    replace: "",
    tests: ["tests/gateway/gateway_draw_20261185_r20_test.ts"],
  },
  {
    id: "gw20-admin-limit-one-refused",
    bug:
      "the admin API refuses a key created with rpm or tpm 1, the smallest limit a caller can ask for",
    file: "src/gateway/_admin.ts",
    find:
      'if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {',
    replace:
      'if (typeof value !== "number" || !Number.isFinite(value) || value <= 1) {',
    tests: ["tests/gateway/admin_test.ts"],
  },
  {
    id: "gw20-max-completion-tokens-twice",
    bug:
      "max_completion_tokens is translated into maxTokens and also passed through under its wire name, so the IR carries the limit twice",
    file: "src/gateway/openai_request.ts",
    find: '  "max_completion_tokens",\n  "stop",',
    replace: '  "",\n  "stop",',
    tests: ["tests/gateway/openai_request_test.ts"],
  },
  {
    id: "gw20-chat-cache-created-ceil",
    bug:
      "a chat answer replayed from the cache rounds its created time up to the next second",
    file: "src/gateway/_handle_chat.ts",
    find:
      "    const created = Math.floor(ctx.now() / 1000);\n    if (hit) return replay(",
    replace:
      "    const created = Math.ceil(ctx.now() / 1000);\n    if (hit) return replay(",
    tests: ["tests/gateway/chat_cache_created_r20_test.ts"],
  },
  {
    id: "gw22-admin-one-character-name",
    bug:
      "the admin API refuses a runtime key naming a model or a backend one character long",
    file: "src/gateway/_admin.ts",
    find:
      '    !value.every((item) => typeof item === "string" && item.length > 0)\n',
    replace:
      '    !value.every((item) => typeof item === "string" && item.length > 1)\n',
    tests: ["tests/gateway/gateway_draw_20261189_r22_test.ts"],
  },
  {
    id: "gw22-count-tokens-as-stream",
    bug:
      "a count_tokens call is routed as a streamed call, so a routing hook that sends streams elsewhere picks its backend",
    file: "src/gateway/_count_tokens.ts",
    find: "        body: count.body,\n        stream: false,\n",
    replace: "        body: count.body,\n        stream: true,\n",
    tests: ["tests/gateway/gateway_draw_20261189_r22_test.ts"],
  },
  {
    id: "gw22-admin-digest-case",
    bug:
      "a config file's admin.sha256 written in upper-case hex is refused as not 64 hex digits",
    file: "src/gateway/config.ts",
    find: '    sha256 = string(raw.sha256, "admin.sha256").toLowerCase();\n',
    replace: '    sha256 = string(raw.sha256, "admin.sha256");\n',
    tests: ["tests/gateway/letter_case_r22_test.ts"],
  },
  {
    id: "gw22-ollama-scheme-case",
    bug: "an OLLAMA_HOST of HTTPS://box is refused as an unsupported scheme",
    file: "src/gateway/env_backends.ts",
    find:
      '  const scheme = schemeMatch ? schemeMatch[1].toLowerCase() : "http";\n',
    replace: '  const scheme = schemeMatch ? schemeMatch[1] : "http";\n',
    tests: ["tests/gateway/letter_case_r22_test.ts"],
  },
  {
    id: "gw22-admin-option-digest-case",
    bug:
      "createGateway's admin.sha256 in upper-case hex lets no admin in: every admin request is a 401",
    file: "src/gateway/_admin.ts",
    find: "    this.#sha256 = options.sha256.toLowerCase();\n",
    replace: "    this.#sha256 = options.sha256;\n",
    tests: ["tests/gateway/letter_case_r22_test.ts"],
  },
  {
    id: "gw23-chat-body-param",
    bug: "a chat body that is no JSON object is refused without naming `body`",
    file: "src/gateway/openai_request.ts",
    find: 'throw invalid("The request body must be a JSON object.", "body");',
    replace: 'throw invalid("The request body must be a JSON object.", "");',
    tests: ["tests/gateway/request_refusals_r23_test.ts"],
  },
  {
    id: "gw23-chat-user-param",
    bug: "a chat `user` that is no string is refused without naming `user`",
    file: "src/gateway/openai_request.ts",
    find: 'throw invalid("`user` must be a string.", "user");',
    replace: 'throw invalid("`user` must be a string.");',
    tests: ["tests/gateway/request_refusals_r23_test.ts"],
  },
  {
    id: "gw23-chat-part-param",
    bug:
      "a chat content part that is no object is refused naming the message's content, not the part",
    file: "src/gateway/openai_request.ts",
    find: 'throw invalid("A content part must be an object.", where);',
    replace: 'throw invalid("A content part must be an object.", "content");',
    tests: ["tests/gateway/request_refusals_r23_test.ts"],
  },
  {
    id: "gw23-chat-role-param",
    bug: "an unsupported chat role is refused naming the message, not its role",
    file: "src/gateway/openai_request.ts",
    find:
      "`Unsupported role ${JSON.stringify(message.role)}.`,\n        `${param}.role`,",
    replace:
      "`Unsupported role ${JSON.stringify(message.role)}.`,\n        param,",
    tests: ["tests/gateway/request_refusals_r23_test.ts"],
  },
  {
    id: "gw23-chat-allowed-tools-empty",
    bug: "a chat tool_choice.allowed_tools listing no tool is not refused",
    file: "src/gateway/openai_request.ts",
    find: "  if (spec.tools.length === 0) {\n",
    replace: "  if (spec.tools.length < 0) {\n",
    tests: ["tests/gateway/request_refusals_r23_test.ts"],
  },
  {
    id: "gw23-resp-arguments-not-object",
    bug:
      "a Responses function_call whose arguments are JSON but no object is refused naming the item, not its arguments",
    file: "src/gateway/_responses_request.ts",
    find:
      '"`arguments` must be a JSON object.",\n        `${param}.arguments`,',
    replace: '"`arguments` must be a JSON object.",\n        param,',
    tests: ["tests/gateway/request_refusals_r23_test.ts"],
  },
  {
    id: "gw23-resp-refusal-undefined",
    bug:
      'a Responses refusal part without its text is sent on as the text "undefined"',
    file: "src/gateway/_responses_request.ts",
    find: '      typeof part.refusal === "string"\n    ) return part.refusal;',
    replace: "      part.refusal !== 0\n    ) return String(part.refusal);",
    tests: ["tests/gateway/request_refusals_r23_test.ts"],
  },
  {
    id: "gw23-resp-user-content-param",
    bug:
      "a Responses user message's malformed content is refused naming the item, not its content",
    file: "src/gateway/_responses_request.ts",
    find: "content: userContent(item.content, `${param}.content`),",
    replace: "content: userContent(item.content, param),",
    tests: ["tests/gateway/request_refusals_r23_test.ts"],
  },
  {
    id: "gw23-resp-call-id-param",
    bug:
      "a Responses function_call_output without call_id is refused naming the item, not its call_id",
    file: "src/gateway/_responses_request.ts",
    find:
      '        "A function_call_output needs `call_id`.",\n        `${param}.call_id`,',
    replace:
      '        "A function_call_output needs `call_id`.",\n        param,',
    tests: ["tests/gateway/request_refusals_r23_test.ts"],
  },
  {
    id: "gw23-resp-instructions-param",
    bug:
      "Responses `instructions` that are no string are refused without naming the field",
    file: "src/gateway/_responses_request.ts",
    find:
      'throw invalidParam("`instructions` must be a string.", "instructions");',
    replace: 'throw invalidParam("`instructions` must be a string.", "");',
    tests: ["tests/gateway/request_refusals_r23_test.ts"],
  },
  {
    id: "gw23-resp-role-param",
    bug:
      "an unknown Responses message role is refused naming the item, not its role",
    file: "src/gateway/_responses_request.ts",
    find:
      '    } else throw invalidParam("Unknown message role.", `${param}.role`);',
    replace: '    } else throw invalidParam("Unknown message role.", param);',
    tests: ["tests/gateway/request_refusals_r23_test.ts"],
  },
  {
    id: "gw23-resp-format-param",
    bug: "an unsupported Responses text.format is refused naming `text`",
    file: "src/gateway/_responses_request.ts",
    find: 'throw invalidParam("Unsupported `text.format`.", "text.format");',
    replace: 'throw invalidParam("Unsupported `text.format`.", "text");',
    tests: ["tests/gateway/request_refusals_r23_test.ts"],
  },
  {
    id: "gw23-msg-stop-items",
    bug:
      "Anthropic stop_sequences holding a number are sent on instead of refused",
    file: "src/gateway/anthropic_request.ts",
    find:
      '    if (!Array.isArray(stop) || stop.some((s) => typeof s !== "string")) {\n',
    replace: "    if (!Array.isArray(stop)) {\n",
    tests: ["tests/gateway/request_refusals_r23_test.ts"],
  },
  {
    id: "gw23-msg-metadata-name",
    bug: "Anthropic metadata that is no object is refused naming another field",
    file: "src/gateway/anthropic_request.ts",
    find: '      throw invalid("must be an object", "metadata");',
    replace: '      throw invalid("must be an object", "meta");',
    tests: ["tests/gateway/request_refusals_r23_test.ts"],
  },
  {
    id: "gw23-msg-text-where",
    bug:
      "an Anthropic text block whose text is no string is refused naming the message, not the block",
    file: "src/gateway/anthropic_request.ts",
    find: '        throw invalid("`text` must be a string", where);',
    replace: '        throw invalid("`text` must be a string", "messages");',
    tests: ["tests/gateway/request_refusals_r23_test.ts"],
  },
  {
    id: "gw23-embeddings-stream",
    bug: "embeddings asked to stream are answered as if not asked",
    file: "src/gateway/_handle_embeddings.ts",
    find: "    if (body.stream === true) {\n",
    replace: "    if (body.stream === 1) {\n",
    tests: ["tests/gateway/request_refusals_r23_test.ts"],
  },
  {
    id: "gw23-no-backend-serves-param",
    bug:
      "an operation no backend serves is refused naming another field than model",
    file: "src/gateway/_operation.ts",
    find: 'throw invalidParam(`No backend serves ${operation}.`, "model");',
    replace:
      'throw invalidParam(`No backend serves ${operation}.`, "backend");',
    tests: ["tests/gateway/request_refusals_r23_test.ts"],
  },
  {
    id: "gw23-responses-stream-error-code",
    bug:
      "a translated Responses stream that fails after its first output names no error code in its error event",
    file: "src/gateway/_responses_response.ts",
    find:
      '        out += this.#event("error", {\n          code: chunk.error.code,\n',
    replace: '        out += this.#event("error", {\n          code: null,\n',
    tests: ["tests/gateway/responses_stream_failure_r23_test.ts"],
  },
  {
    id: "gw23-responses-stream-error-as-completed",
    bug:
      "a translated Responses stream that fails after its first output ends with response.completed, calling the cut answer whole",
    file: "src/gateway/_responses_response.ts",
    find:
      '      case "error":\n        this.#finished = true;\n        out += this.#event("error", {\n',
    replace:
      '      case "error":\n        this.#finished = true;\n        out += this.#event("response.completed", {\n',
    tests: ["tests/gateway/responses_stream_failure_r23_test.ts"],
  },
  {
    id: "gw23-cache-entry-message-unchecked",
    bug: "a stored cache entry whose message is no object is replayed as a hit",
    file: "src/gateway/cache/_answer.ts",
    find:
      '    if (typeof response?.message !== "object" || response.message === null) {\n',
    replace: "    if (response === undefined) {\n",
    tests: ["tests/gateway/cache_unreached_r23_test.ts"],
  },
  {
    id: "gw23-cache-logprobs-streamed",
    bug:
      "a cached answer with log probabilities is replayed to a stream, which drops them",
    file: "src/gateway/cache/_answer.ts",
    find: "  if (response.logprobs !== undefined) return false;\n",
    replace: "",
    tests: ["tests/gateway/cache_unreached_r23_test.ts"],
  },
  {
    id: "gw23-cache-refusal-not-replayed",
    bug: "a cached refusal replayed as a stream leaves the refusal out",
    file: "src/gateway/cache/_answer.ts",
    find:
      '    chunks.push({ type: "content", sequence: sequence++, delta: "", refusal });\n',
    replace: "",
    tests: ["tests/gateway/cache_unreached_r23_test.ts"],
  },
  {
    id: "gw23-cache-broken-tool-args-stored",
    bug:
      "a streamed answer whose tool arguments are not JSON is stored with empty arguments",
    file: "src/gateway/cache/_answer.ts",
    find: "        } catch {\n          return undefined;\n        }\n",
    replace: "        } catch {\n          input = {};\n        }\n",
    tests: ["tests/gateway/cache_unreached_r23_test.ts"],
  },
  {
    id: "gw23-config-keys-not-list",
    bug: "a config file's keys that are no list are read as none",
    file: "src/gateway/config.ts",
    find:
      '  if (!Array.isArray(value)) {\n    throw new GatewayConfigError("keys", "must be an array");\n',
    replace: "  if (!Array.isArray(value)) {\n    return [];\n",
    tests: ["tests/gateway/config_unreached_r23_test.ts"],
  },
  {
    id: "gw23-config-unreadable-message",
    bug: "an unreadable SWITCHYARD_CONFIG is refused without saying why",
    file: "src/gateway/from_config.ts",
    find:
      "      throw configError(`${path}: cannot read (${(error as Error).message})`);\n",
    replace: "      throw configError(`${path}: cannot read`);\n",
    tests: ["tests/gateway/config_unreached_r23_test.ts"],
  },
  {
    id: "gw23-env-empty-base-url",
    bug:
      "a backends list's empty baseURL is taken, so the adapter sends to no URL",
    file: "src/gateway/env_backends.ts",
    find:
      '    if (baseURL === "") {\n      throw configError(`${where}.baseURL: expected a non-empty string`);\n',
    replace:
      '    if (baseURL === " ") {\n      throw configError(`${where}.baseURL: expected a non-empty string`);\n',
    tests: ["tests/gateway/config_unreached_r23_test.ts"],
  },
  {
    id: "gw23-admin-digest-unchecked",
    bug:
      "createGateway takes an admin digest that is not 64 hex digits, so no admin can ever sign in",
    file: "src/gateway/_admin.ts",
    find: "    if (!/^[0-9a-f]{64}$/i.test(options.sha256)) {\n",
    replace: "    if (!/^[0-9a-z]{63,64}$/i.test(options.sha256)) {\n",
    tests: ["tests/gateway/config_unreached_r23_test.ts"],
  },
  {
    id: "gw23-admin-bad-escape-500",
    bug:
      "an admin key path that is not valid percent-encoding (/admin/keys/%zz) throws URIError, a 500",
    file: "src/gateway/_admin.ts",
    find:
      "      id = decodeURIComponent(rest[0]);\n    } catch {\n      id = rest[0];\n    }\n",
    replace:
      "      id = decodeURIComponent(rest[0]);\n    } finally {\n      id ??= rest[0];\n    }\n",
    tests: ["tests/gateway/admin_paths_r23_test.ts"],
  },
  {
    id: "gw23-admin-record-not-json",
    bug:
      "a shared record that is not JSON stops the sync, so keys written after it are not seen",
    file: "src/gateway/_admin_keys.ts",
    find:
      "  } catch {\n    return undefined; // a record this version cannot read is no key\n  }\n",
    replace:
      "  } finally {\n    // a record this version cannot read is no key\n  }\n",
    tests: ["tests/gateway/admin_keys_r13_mutants_test.ts"],
  },
];
