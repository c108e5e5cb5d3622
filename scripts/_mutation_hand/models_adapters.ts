// The hand list of the models-adapters area (scripts/_mutation_areas.ts),
// in its own file so that work on different areas never edits one list.

import type { HandMutant } from "./hand_mutant.ts";

const ADAPTER_MUTANT_TESTS = ["tests/models/adapters/adapters_mutants_test.ts"];
const ADAPTER_FRESH_TESTS = [
  "tests/models/adapters/adapters_fresh_mutants_test.ts",
];
const ADAPTER_TESTS = [
  "tests/models/adapters/parsers_test.ts",
  "tests/models/adapters/openai_test.ts",
  "tests/models/adapters/anthropic_test.ts",
];

/** The known bugs planted in the models-adapters area. */
export const MODELS_ADAPTERS: HandMutant[] = [
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
    file: "src/models/adapters/_ir.ts",
    find: `const content = out.find((chunk) => chunk.type === "content");`,
    replace: `const content = out.find((chunk) => chunk.type !== "content");`,
    tests: ["tests/models/adapters/gemini_fresh_mutants_test.ts"],
  },
  {
    id: "models-adapters-gemini-logprobs-alone",
    bug:
      "gemini stream: an event with log probabilities and no text throws instead of sending them in a chunk of their own",
    file: "src/models/adapters/_ir.ts",
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
    file: "src/models/adapters/_ir.ts",
    find: `      else out.unshift({ type: "content", delta: "", logprobs });`,
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
    find: `const model = named ?? this.#spec.defaultModel;`,
    replace: `const model = named || this.#spec.defaultModel;`,
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
    id: "adapt9-parameters-later-key",
    bug:
      "parameters: of two table keys naming one wire path, the earlier one in the request wins",
    file: "src/models/adapters/_parameters.ts",
    find: `if (path !== null) set(body, path.split("."), value, true);`,
    replace: `if (path !== null) set(body, path.split("."), value, false);`,
    tests: [
      "tests/models/adapters/open_survivors_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-parameters-merge-order",
    bug:
      "parameters: two objects at one wire path merge with the earlier one's fields winning",
    file: "src/models/adapters/_parameters.ts",
    find: "overwrite ? { ...present, ...value } : { ...value, ...present }",
    replace: "{ ...value, ...present }",
    tests: [
      "tests/models/adapters/open_survivors_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-openai-empty-default",
    bug:
      'OpenAI: defaultModel "" silently becomes gpt-4o-mini (or none) instead of being refused',
    file: "src/models/adapters/openai.ts",
    find: "const defaultModel = config.defaultModel ??",
    replace: "const defaultModel = config.defaultModel ||",
    tests: [
      "tests/models/adapters/open_survivors_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-ollama-empty-default",
    bug:
      'Ollama: defaultModel "" silently becomes llama3.2 instead of being refused',
    file: "src/models/adapters/ollama.ts",
    find: 'const defaultModel = config.defaultModel ?? "llama3.2";',
    replace: 'const defaultModel = config.defaultModel || "llama3.2";',
    tests: [
      "tests/models/adapters/open_survivors_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-anthropic-empty-default",
    bug:
      'Anthropic: defaultModel "" silently becomes its default model instead of being refused',
    file: "src/models/adapters/anthropic.ts",
    find: 'defaultModel: config.defaultModel ?? "claude-3-5-haiku-latest",',
    replace: 'defaultModel: config.defaultModel || "claude-3-5-haiku-latest",',
    tests: [
      "tests/models/adapters/open_survivors_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-empty-default-accepted",
    bug:
      'adapters: an empty defaultModel is accepted, so every call sends model ""',
    file: "src/models/adapters/adapter.ts",
    find: 'if (spec.defaultModel === "") {',
    replace: 'if (spec.defaultModel === " ") {',
    tests: [
      "tests/models/adapters/open_survivors_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-toward-gemini-tier-auto",
    bug:
      "toward Gemini: service_tier auto is what is dropped, every other tier skipped",
    file: "src/models/adapters/_toward_native.ts",
    find: 'if (value === "auto") return;',
    replace: 'if (value !== "auto") return;',
    tests: [
      "tests/models/adapters/toward_native_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-toward-gemini-tier-standard",
    bug:
      "toward Gemini: Anthropic's standard_only tier is sent as an empty tier",
    file: "src/models/adapters/_toward_native.ts",
    find: 'standard_only: "standard",',
    replace: 'standard_only: "",',
    tests: [
      "tests/models/adapters/toward_native_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-toward-gemini-tier-unknown",
    bug: "toward Gemini: a known tier is named dropped, an unknown one sent",
    file: "src/models/adapters/_toward_native.ts",
    find: 'if (tier === undefined) dropped.push("service_tier");',
    replace: 'if (tier !== undefined) dropped.push("service_tier");',
    tests: [
      "tests/models/adapters/toward_native_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-toward-gemini-json-object",
    bug:
      "toward Gemini: response_format json_object is treated as a schema format",
    file: "src/models/adapters/_toward_native.ts",
    find:
      'if (value.type === "json_object") return geminiFormat(out, undefined);',
    replace:
      'if (value.type !== "json_object") return geminiFormat(out, undefined);',
    tests: [
      "tests/models/adapters/toward_native_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-toward-disabled-budget",
    bug: "toward Gemini: thinking disabled becomes a budget of 1",
    file: "src/models/adapters/_toward_native.ts",
    find: 'if (value.type === "disabled") return 0;',
    replace: 'if (value.type === "disabled") return 1;',
    tests: [
      "tests/models/adapters/toward_native_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-toward-adaptive-budget",
    bug: "toward Gemini/Ollama: adaptive thinking is not read as dynamic",
    file: "src/models/adapters/_toward_native.ts",
    find: 'if (value.type === "adaptive") return DYNAMIC_BUDGET;',
    replace: 'if (value.type !== "adaptive") return DYNAMIC_BUDGET;',
    tests: [
      "tests/models/adapters/toward_native_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-toward-cohere-adaptive",
    bug: "toward Cohere: adaptive thinking is not turned into enabled",
    file: "src/models/adapters/_toward_native.ts",
    find: 'if (value.type === "adaptive") return { type: "enabled" };',
    replace: 'if (value.type !== "adaptive") return { type: "enabled" };',
    tests: [
      "tests/models/adapters/toward_native_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-toward-cohere-own-thinking",
    bug:
      "toward Cohere: Cohere's own thinking shape without a budget is dropped",
    file: "src/models/adapters/_toward_native.ts",
    find: 'return value.type === "enabled" || value.type === "disabled"',
    replace: 'return value.type === "enabled" && value.type === "disabled"',
    tests: [
      "tests/models/adapters/toward_native_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-toward-cohere-effort-none",
    bug:
      "toward Cohere: reasoning_effort none enables thinking with a 0 budget",
    file: "src/models/adapters/_toward_native.ts",
    find: 'budget === 0\n          ? { type: "disabled" }',
    replace: 'budget !== 0\n          ? { type: "disabled" }',
    tests: [
      "tests/models/adapters/toward_native_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-toward-ollama-effort-level",
    bug:
      "toward Ollama: an output_config effort of none is sent as think false",
    file: "src/models/adapters/_toward_native.ts",
    find: "if (level === undefined || level === false) {",
    replace: "if (level === undefined && level === false) {",
    tests: [
      "tests/models/adapters/toward_native_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-toward-ollama-think-bool",
    bug: "toward Ollama: thinking disabled sends think true",
    file: "src/models/adapters/_toward_native.ts",
    find: 'else offer(out, "think", budget !== 0);',
    replace: 'else offer(out, "think", budget === 0);',
    tests: [
      "tests/models/adapters/toward_native_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-toward-effort-dropped",
    bug: "toward Gemini/Cohere: output_config.effort is not named dropped",
    file: "src/models/adapters/_toward_native.ts",
    find:
      'if (value.effort !== undefined) dropped.push("output_config.effort");',
    replace:
      'if (value.effort === undefined) dropped.push("output_config.effort");',
    tests: [
      "tests/models/adapters/toward_native_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-toward-effort-none",
    bug: "toward the native APIs: reasoning_effort none is not the zero budget",
    file: "src/models/adapters/_toward_native.ts",
    find: 'return value === "none"\n    ? 0',
    replace: 'return value !== "none"\n    ? 0',
    tests: [
      "tests/models/adapters/toward_native_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-toward-ollama-minimal",
    bug: "toward Ollama: reasoning_effort minimal sends an empty think level",
    file: "src/models/adapters/_toward_native.ts",
    find: 'minimal: "low",',
    replace: 'minimal: "",',
    tests: [
      "tests/models/adapters/toward_native_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-toward-gemini-logprobs-false",
    bug: "toward Gemini: logprobs false is named dropped",
    file: "src/models/adapters/_toward_native.ts",
    find: 'else if (value !== false) dropped.push("logprobs");',
    replace: 'else if (value === false) dropped.push("logprobs");',
    tests: [
      "tests/models/adapters/toward_native_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-native-keys-use-mmap",
    bug:
      "Ollama: the use_mmap option its server reads is dropped (the survivor of seed 20261164)",
    file: "src/models/adapters/_native_keys.ts",
    find: '"use_mmap",',
    replace: '"",',
    tests: [
      "tests/models/adapters/native_keys_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-native-keys-num-batch",
    bug: "Ollama: the num_batch option is dropped",
    file: "src/models/adapters/_native_keys.ts",
    find: '"num_batch",',
    replace: '"",',
    tests: [
      "tests/models/adapters/native_keys_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-native-keys-shift",
    bug: "Ollama: the documented top-level shift is dropped",
    file: "src/models/adapters/_native_keys.ts",
    find: '"shift",',
    replace: '"",',
    tests: [
      "tests/models/adapters/native_keys_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-native-keys-labels",
    bug: "Gemini: the documented top-level labels are dropped",
    file: "src/models/adapters/_native_keys.ts",
    find: '"labels",',
    replace: '"",',
    tests: [
      "tests/models/adapters/native_keys_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-native-keys-audio",
    bug: "Gemini: generationConfig.audioTranscriptionConfig is dropped",
    file: "src/models/adapters/_native_keys.ts",
    find: '"audioTranscriptionConfig",',
    replace: '"",',
    tests: [
      "tests/models/adapters/native_keys_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-native-keys-priority",
    bug: "Cohere: the documented priority is dropped",
    file: "src/models/adapters/_native_keys.ts",
    find: '"priority",',
    replace: '"",',
    tests: [
      "tests/models/adapters/native_keys_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-anthropic-block-start-text",
    bug: "Anthropic stream: the text a content block starts with is lost",
    file: "src/models/adapters/_anthropic_answer.ts",
    find: 'if (block.type === "text") this.#text(out, block.text);',
    replace: 'if (block.type === "text") ;',
    tests: [
      "tests/models/adapters/draw_20261164_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-openai-point-ttl",
    bug:
      "OpenAI: a cache point's ttl is not sent back (and an undefined one is)",
    file: "src/models/adapters/_openai_wire.ts",
    find: "...(point.ttl === undefined ? {} : { ttl: point.ttl }),",
    replace: "...(point.ttl !== undefined ? {} : { ttl: point.ttl }),",
    tests: [
      "tests/models/adapters/draw_20261164_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-openai-system-mark",
    bug: "OpenAI: a message's cache mark is named as the system prompt's",
    file: "src/models/adapters/_openai_wire.ts",
    find: 'if (holds(false, (role) => role === "system")) {',
    replace: 'if (holds(false, (role) => role !== "system")) {',
    tests: [
      "tests/models/adapters/draw_20261164_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-registry-cohere-key",
    bug: "registry: Cohere's key variable emptied",
    file: "src/models/adapters/registry.ts",
    find: 'keyVariable: "CO_API_KEY",',
    replace: 'keyVariable: "",',
    tests: [
      "tests/models/adapters/draw_20261164_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-toward-gemini-auto-return",
    bug:
      "toward Gemini: service_tier auto runs on into the tier lookup and is named dropped",
    file: "src/models/adapters/_toward_native.ts",
    find: 'if (value === "auto") return;',
    replace: 'if (value === "auto") ;',
    tests: [
      "tests/models/adapters/toward_native_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-toward-ollama-thinking-dropped",
    bug:
      "toward Ollama: a thinking value without a budget is not named dropped",
    file: "src/models/adapters/_toward_native.ts",
    find:
      'if (budget === undefined) dropped.push("thinking");\n    else offer(out, "think", budget !== 0);',
    replace:
      'if (budget === undefined) ;\n    else offer(out, "think", budget !== 0);',
    tests: [
      "tests/models/adapters/toward_native_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-http-error-body-abort",
    bug:
      "HTTP client: an error answer whose body read the caller aborts is reported as the upstream's status, retryable",
    file: "src/models/adapters/_http.ts",
    find:
      "      if (scope.signal.aborted) {\n        return this.toAdapterError(error, scope, callerSignal);",
    replace:
      "      if (scope.signal.aborted) {\n        this.toAdapterError(error, scope, callerSignal);",
    tests: [
      "tests/models/adapters/http_client_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-http-text-error",
    bug: "HTTP client: a plain-text error body is replaced by the status text",
    file: "src/models/adapters/_http.ts",
    find: "(text.trim().slice(0, 500) || response.statusText);",
    replace: "(text.trim().slice(0, 500) && response.statusText);",
    tests: [
      "tests/models/adapters/http_client_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-http-event-redaction",
    bug: "HTTP client: a provider message from a stream event keeps the key",
    file: "src/models/adapters/_http.ts",
    find: "if (clean !== error.message) error.message = clean;",
    replace: "if (clean === error.message) error.message = clean;",
    tests: [
      "tests/models/adapters/http_client_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-http-json-dispose",
    bug: "HTTP client: execute leaves its call timeout with the watchdog",
    file: "src/models/adapters/_http.ts",
    find:
      "{ statusCode: response.status, cause },\n        );\n      }\n    } finally {\n      scope.dispose();",
    replace:
      "{ statusCode: response.status, cause },\n        );\n      }\n    } finally {\n      ;",
    tests: [
      "tests/models/adapters/http_client_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-scope-timer-after-abort",
    bug:
      "call timeout: a timer firing after the caller's abort marks the call timed out",
    file: "src/models/adapters/_call_scope.ts",
    find:
      "    this.#timer = undefined;\n    if (this.controller.signal.aborted) return;",
    replace:
      "    this.#timer = undefined;\n    if (this.controller.signal.aborted) ;",
    tests: [
      "tests/models/adapters/call_scope_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-scope-touch-aborted",
    bug:
      "call timeout: a call whose caller aborted before it began is still watched or timed",
    file: "src/models/adapters/_call_scope.ts",
    find: "this.#timer !== undefined || this.#watched ||",
    replace: "this.#timer !== undefined || this.#watched &&",
    tests: [
      "tests/models/adapters/call_scope_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-scope-watched-and-timed",
    bug:
      "call timeout: a long timeout arms a timer beside the watchdog's check",
    file: "src/models/adapters/_call_scope.ts",
    find: "      watch(this);\n      return;",
    replace: "      watch(this);\n      ;",
    tests: [
      "tests/models/adapters/call_scope_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-scope-check-unwatched",
    bug:
      "call timeout: a check after the timer stopped still times the call out",
    file: "src/models/adapters/_call_scope.ts",
    find:
      "    if (!this.#watched) return;\n    if (this.controller.signal.aborted) {",
    replace:
      "    if (!this.#watched) ;\n    if (this.controller.signal.aborted) {",
    tests: [
      "tests/models/adapters/call_scope_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-scope-unwatch-flag",
    bug:
      "call timeout: a stopped watch still counts as watched, so a late check times the call out",
    file: "src/models/adapters/_call_scope.ts",
    find: "    this.#watched = false;\n    unwatch(this);",
    replace: "    this.#watched = true;\n    unwatch(this);",
    tests: [
      "tests/models/adapters/call_scope_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-errors-retry-ms-floor",
    bug:
      "Retry-After: a fractional retry-after-ms is rounded down, so a caller retries early",
    file: "src/models/adapters/_errors.ts",
    find: "return Math.min(MAX_TIMER_MS, Math.ceil(Number(ms)));",
    replace: "return Math.min(MAX_TIMER_MS, Math.floor(Number(ms)));",
    tests: [
      "tests/models/adapters/error_answers_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-errors-retry-seconds-floor",
    bug:
      "Retry-After: fractional seconds are rounded down, so a caller retries early",
    file: "src/models/adapters/_errors.ts",
    find: "return Math.min(MAX_TIMER_MS, Math.ceil(Number(value) * 1000));",
    replace: "return Math.min(MAX_TIMER_MS, Math.floor(Number(value) * 1000));",
    tests: [
      "tests/models/adapters/error_answers_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-errors-provider-message",
    bug:
      "error answers: an {error:{message}} body is reported as its raw JSON, not the provider's message",
    file: "src/models/adapters/_errors.ts",
    find: "    return error.message;\n  }",
    replace: "    error.message;\n  }",
    tests: [
      "tests/models/adapters/error_answers_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-lines-exact-bound",
    bug:
      "stream lines: a line of exactly the length bound, waiting for its break, is refused",
    file: "src/models/adapters/_lines.ts",
    find: "if (this.#buffer.length > this.#maxLineLength) {",
    replace: "if (this.#buffer.length >= this.#maxLineLength) {",
    tests: [
      "tests/models/adapters/line_bound_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-gemini-signature-padding",
    bug: "Gemini: a thought signature is sent back without its base64 padding",
    file: "src/models/adapters/_gemini_details.ts",
    find: 'return base64.padEnd(Math.ceil(base64.length / 4) * 4, "=");',
    replace: 'return base64.padEnd(Math.floor(base64.length / 4) * 4, "=");',
    tests: [
      "tests/models/adapters/gemini_signature_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-embeddings-dimensions-one",
    bug: "embeddings: dimensions 1 refused as not positive",
    file: "src/models/adapters/_embeddings.ts",
    find: "      dimensions < 1)",
    replace: "      dimensions < 2)",
    tests: [
      "tests/models/adapters/embeddings_r11_mutants_test.ts",
    ],
  },
  {
    id: "adapt9-embeddings-cohere-dimension",
    bug:
      "embeddings: Cohere is sent output_dimension only when the client names none",
    file: "src/models/adapters/_embeddings.ts",
    find:
      "      ...(ask.dimensions === undefined\n        ? {}\n        : { output_dimension: ask.dimensions }),",
    replace:
      "      ...(ask.dimensions !== undefined\n        ? {}\n        : { output_dimension: ask.dimensions }),",
    tests: [
      "tests/models/adapters/embeddings_r11_mutants_test.ts",
    ],
  },
  {
    id: "main-parameters-dotted-key",
    bug:
      'parameter table: a passed-through key holding a dot read as a path (a client\'s "n." sent as n, refused toward Anthropic)',
    file: "src/models/adapters/_parameters.ts",
    find: 'return prefix === "" ? [key] : [...prefix.split("."), key];',
    replace: 'return (prefix === "" ? key : `${prefix}.${key}`).split(".");',
    tests: ["tests/models/adapters/parameter_key_dots_test.ts"],
  },
  {
    id: "adapt10-data-url-loop-past-end",
    bug:
      "data: URLs: the percent decoder's loop runs on at the end of the text (never ends)",
    file: "src/models/adapters/_ir.ts",
    find: "for (let i = 0; i < text.length;) {",
    replace: "for (let i = 0; i <= text.length;) {",
    tests: ["tests/models/adapters/data_url_r11_mutants_test.ts"],
  },
  {
    id: "adapt10-data-url-lone-percent",
    bug:
      "data: URLs: a % not followed by two hex digits stops the percent decoder moving on (never ends)",
    file: "src/models/adapters/_ir.ts",
    find: 'const next = text.indexOf("%", i + 1);',
    replace: 'const next = text.indexOf("%", i);',
    tests: ["tests/models/adapters/data_url_r11_mutants_test.ts"],
  },
  {
    id: "adapt10-openai-image-cache-point-dropped",
    bug:
      "Chat Completions: a user image part's cache point named dropped, a tool result's not",
    file: "src/models/adapters/_openai_wire.ts",
    find: '(part.type !== "text" && part.type !== "image");',
    replace: '(part.type !== "text" && part.type === "image");',
    tests: ["tests/models/adapters/draw_20261166_mutants_test.ts"],
  },
  {
    id: "adapt10-gemini-stream-no-candidate-blocked",
    bug:
      "Gemini streams: an event with no candidate read as a blocked prompt, a blocked one as nothing",
    file: "src/models/adapters/gemini.ts",
    find: "} else if (blockReason(json) !== undefined) {",
    replace: "} else if (!(blockReason(json) !== undefined)) {",
    tests: ["tests/models/adapters/draw_20261166_mutants_test.ts"],
  },
  {
    id: "adapt10-gemini-stream-blocked-unfinished",
    bug:
      "Gemini streams: a blocked prompt's stream left without a finish (ended early)",
    file: "src/models/adapters/gemini.ts",
    find: '      this.#finish = "SAFETY";\n      this.#metadata.blockReason',
    replace: "      this.#metadata.blockReason",
    tests: ["tests/models/adapters/draw_20261166_mutants_test.ts"],
  },
  {
    id: "adapt10-watchdog-refused-interval",
    bug:
      "call timeouts: a runtime refusing the watchdog's interval reported as running it (long timeouts never fire)",
    file: "src/models/adapters/_watchdog.ts",
    find: "  } catch {\n    return false;\n  }",
    replace: "  } catch {\n    return true;\n  }",
    tests: ["tests/models/adapters/watchdog_refused_r11_mutants_test.ts"],
  },
  {
    id: "adapt10-ollama-unnamed-model-default",
    bug:
      "Ollama: an answer that names no model reports none, not the default model the request went to",
    file: "src/models/adapters/ollama.ts",
    find: "      : request.parameters?.model ?? defaultModel,",
    replace: "      : request.parameters?.model,",
    tests: ["tests/models/adapters/draw_20261168_mutants_test.ts"],
  },
  {
    id: "adapt10-openai-done-marker-blanks",
    bug:
      "OpenAI-wire streams: an end marker with blanks around it read as JSON (INVALID_RESPONSE)",
    file: "src/models/adapters/_openai_wire.ts",
    find: "const data = event.data.trim();",
    replace: "const data = event.data;",
    tests: ["tests/models/adapters/draw_20261169_mutants_test.ts"],
  },
  {
    id: "adapt10-openai-tool-call-not-object",
    bug:
      "OpenAI-wire streams: a tool-call entry that is not an object read as a call (null fails the stream)",
    file: "src/models/adapters/_openai_wire.ts",
    find:
      "      if (!isRecord(call)) continue;\n      const index = typeof call.index",
    replace:
      "      if (!isRecord(call)) ;\n      const index = typeof call.index",
    tests: ["tests/models/adapters/draw_20261169_mutants_test.ts"],
  },
  {
    id: "adapt10-anthropic-max-tokens-zero",
    bug:
      "Anthropic: defaultMaxTokens 0 accepted, then sent on every request, which the API refuses",
    file: "src/models/adapters/anthropic.ts",
    find: "!(Number.isInteger(configured) && configured >= 1)",
    replace: "!(Number.isInteger(configured) && configured >= 0)",
    tests: ["tests/models/adapters/draw_20261169_mutants_test.ts"],
  },
  {
    id: "adapt12-openai-tool-cache-mark-unnamed",
    bug:
      "OpenAI: a tool's cache mark, which Chat Completions takes none of, is not named dropped",
    file: "src/models/adapters/_openai_wire.ts",
    find: 'dropped.push("tools[].cache_control");',
    replace: ";",
    tests: ["tests/models/adapters/draw_20261170_mutants_test.ts"],
  },
  {
    id: "adapt12-openai-tool-cache-mark-sent",
    bug:
      "OpenAI: a tool's cache mark sent on the tool, which the API refuses (400 unknown_parameter)",
    file: "src/models/adapters/_openai_wire.ts",
    find: '  return request.tools.map((tool) => ({\n    type: "function",',
    replace:
      '  return request.tools.map((tool) => ({\n    ...(tool.cacheControl ? { cache_control: tool.cacheControl } : {}),\n    type: "function",',
    tests: ["tests/models/adapters/draw_20261170_mutants_test.ts"],
  },
  {
    id: "adapt12-adapter-empty-name-accepted",
    bug:
      'Adapters: name "" accepted, leaving metadata.name and the adapter\'s errors naming no one',
    file: "src/models/adapters/adapter.ts",
    find: 'if (config.name === "") {',
    replace: "if (false) {",
    tests: ["tests/models/adapters/draw_20261170_mutants_test.ts"],
  },
  {
    id: "adapt12-adapter-name-ignored",
    bug:
      "Adapters: a configured name ignored, metadata.name always the provider",
    file: "src/models/adapters/adapter.ts",
    find: "      config.name ?? spec.provider,",
    replace: "      spec.provider,",
    tests: ["tests/models/adapters/draw_20261170_mutants_test.ts"],
  },
  {
    id: "adapt12-gemini-tool-choice-auto-lowercase",
    bug:
      'Gemini: tool choice auto sent as mode "auto", which the API\'s enum refuses',
    file: "src/models/adapters/gemini.ts",
    find: 'mode: choice === "auto" ? "AUTO"',
    replace: 'mode: choice === "auto" ? "auto"',
    tests: ["tests/models/adapters/tool_turns_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-gemini-tool-choice-none-inverted",
    bug: "Gemini: tool choice none sent as ANY and required as NONE",
    file: "src/models/adapters/gemini.ts",
    find: ': choice === "none" ? "NONE" : "ANY"',
    replace: ': choice !== "none" ? "NONE" : "ANY"',
    tests: ["tests/models/adapters/tool_turns_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-gemini-tool-config-without-choice",
    bug:
      "Gemini: a toolConfig (mode ANY) sent when the request names no tool choice",
    file: "src/models/adapters/gemini.ts",
    find: "  if (request.toolChoice !== undefined) {\n    const choice",
    replace:
      "  if (request.toolChoice !== undefined || true) {\n    const choice",
    tests: ["tests/models/adapters/tool_turns_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-gemini-user-tool-use-sent",
    bug:
      "Gemini: a tool call in a user message sent as the user's functionCall instead of refused",
    file: "src/models/adapters/gemini.ts",
    find: '        if (role !== "model") {',
    replace: "        if (false) {",
    tests: ["tests/models/adapters/tool_turns_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-ollama-user-tool-use-sent",
    bug: "Ollama: a tool call in a user message sent instead of refused",
    file: "src/models/adapters/ollama.ts",
    find:
      '        if (message.role !== "assistant") {\n          throw invalidRequest(',
    replace: "        if (false) {\n          throw invalidRequest(",
    tests: ["tests/models/adapters/tool_turns_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-openai-user-tool-use-dropped",
    bug:
      "OpenAI-wire: a tool call in a user message dropped unseen instead of refused",
    file: "src/models/adapters/_openai_wire.ts",
    find: '      } else if (part.type === "tool_use") {\n        throw',
    replace: "      } else if (false) {\n        throw",
    tests: ["tests/models/adapters/tool_turns_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-openai-tool-message-text-dropped",
    bug:
      "OpenAI-wire: one text part beside a tool result dropped instead of refused",
    file: "src/models/adapters/_openai_wire.ts",
    find: "      if (rest.length > 0) {",
    replace: "      if (rest.length > 1) {",
    tests: ["tests/models/adapters/tool_turns_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-ollama-tool-message-text-dropped",
    bug: "Ollama: text beside a tool result dropped instead of refused",
    file: "src/models/adapters/ollama.ts",
    find: "      if (texts.length > 0 || images.length > 0) {",
    replace: "      if (images.length > 0) {",
    tests: ["tests/models/adapters/tool_turns_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-gemini-call-args-missing-undefined",
    bug: "Gemini: a function call without args gets an undefined input, not {}",
    file: "src/models/adapters/gemini.ts",
    find: "        input: isRecord(call.args) ? call.args : {},",
    replace: "        input: call.args as Record<string, unknown>,",
    tests: ["tests/models/adapters/answer_shapes_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-gemini-no-candidate-empty-answer",
    bug:
      "Gemini: an answer with neither candidate nor block reason read as a content filter, not INVALID_RESPONSE",
    file: "src/models/adapters/gemini.ts",
    find:
      '    if (blocked === undefined) {\n      throw invalidResponse("gemini", "response has no candidates");',
    replace:
      '    if (false) {\n      throw invalidResponse("gemini", "response has no candidates");',
    tests: ["tests/models/adapters/answer_shapes_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-cohere-cached-tokens-ignored",
    bug: "Cohere: cache hits beside the counts not reported as cache reads",
    file: "src/models/adapters/cohere.ts",
    find: "    out.cacheReadTokens = usage.cached_tokens;",
    replace: "    ;",
    tests: ["tests/models/adapters/answer_shapes_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-cohere-cached-tokens-any-type",
    bug: "Cohere: a cached_tokens that is not a number reported as cache reads",
    file: "src/models/adapters/cohere.ts",
    find:
      '  if (typeof usage.cached_tokens === "number") {\n    out.cacheReadTokens = usage.cached_tokens;',
    replace:
      "  if (usage.cached_tokens !== undefined) {\n    out.cacheReadTokens = usage.cached_tokens as number;",
    tests: ["tests/models/adapters/answer_shapes_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-cohere-usage-without-counts-zeros",
    bug:
      "Cohere: a usage without billed units or tokens reported as zero counts",
    file: "src/models/adapters/cohere.ts",
    find: "  if (counts === undefined) return undefined;",
    replace: "  if (counts === undefined) return usageOf(0, 0);",
    tests: ["tests/models/adapters/answer_shapes_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-tool-arguments-blank-untrimmed",
    bug:
      "Tool call arguments of blanks parsed as JSON (INVALID_RESPONSE) instead of an empty input",
    file: "src/models/adapters/_errors.ts",
    find: '  if (text.trim() === "") return {};',
    replace: '  if (text === "") return {};',
    tests: ["tests/models/adapters/answer_shapes_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-anthropic-thinking-start-empty-chunk",
    bug:
      "Anthropic streams: a thinking block starting empty sends an empty reasoning chunk",
    file: "src/models/adapters/_anthropic_answer.ts",
    find: '    } else if (part.thinking !== "") {',
    replace: "    } else {",
    tests: ["tests/models/adapters/anthropic_blocks_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-anthropic-thinking-start-text-lost",
    bug:
      "Anthropic streams: the text a thinking block starts with is not streamed",
    file: "src/models/adapters/_anthropic_answer.ts",
    find: '    } else if (part.thinking !== "") {',
    replace: '    } else if (part.thinking === "") {',
    tests: ["tests/models/adapters/anthropic_blocks_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-timeout-zero-refused",
    bug:
      "Adapters: timeout 0 (no timeout, as documented) refused at construction",
    file: "src/models/adapters/_http.ts",
    find: '  if (typeof value !== "number" || !(value >= 0)) {',
    replace: '  if (typeof value !== "number" || !(value > 0)) {',
    tests: ["tests/models/adapters/config_refusals_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-timeout-negative-accepted",
    bug: "Adapters: a negative or NaN timeout accepted at construction",
    file: "src/models/adapters/_http.ts",
    find: '  if (typeof value !== "number" || !(value >= 0)) {',
    replace: '  if (typeof value !== "number") {',
    tests: ["tests/models/adapters/config_refusals_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-timeout-unset-refused",
    bug: "Adapters: an unset timeout refused instead of the 10-minute default",
    file: "src/models/adapters/_http.ts",
    find: "  if (value === undefined) return DEFAULT_TIMEOUT_MS;",
    replace: "  if (value === undefined) DEFAULT_TIMEOUT_MS;",
    tests: ["tests/models/adapters/config_refusals_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-embeddings-empty-list-sent",
    bug:
      "Embeddings: an empty input list sent to the native API instead of refused",
    file: "src/models/adapters/_embeddings.ts",
    find: "    !Array.isArray(texts) || texts.length === 0 ||",
    replace: "    !Array.isArray(texts) ||",
    tests: ["tests/models/adapters/embeddings_input_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-embeddings-one-text-refused",
    bug: "Embeddings: a one-text list refused as empty",
    file: "src/models/adapters/_embeddings.ts",
    find: "    !Array.isArray(texts) || texts.length === 0 ||",
    replace: "    !Array.isArray(texts) || texts.length === 1 ||",
    tests: ["tests/models/adapters/embeddings_input_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-embeddings-string-input-inverted",
    bug:
      "Embeddings: a string input refused and a list wrapped in another list",
    file: "src/models/adapters/_embeddings.ts",
    find: '  const texts = typeof input === "string" ? [input] : input;',
    replace: '  const texts = typeof input !== "string" ? [input] : input;',
    tests: ["tests/models/adapters/embeddings_input_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-embeddings-token-arrays-misnamed",
    bug:
      "Embeddings: token arrays refused as a malformed input, not as token arrays",
    file: "src/models/adapters/_embeddings.ts",
    find:
      '      Array.isArray(texts) && texts.some((t) => typeof t !== "string")',
    replace:
      '      Array.isArray(texts) && texts.some((t) => typeof t === "string")',
    tests: ["tests/models/adapters/embeddings_input_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-tls-detail-any-ssl-code",
    bug:
      "Network errors: an ERR_SSL_ error already in words told by its code instead",
    file: "src/models/adapters/_network_cause.ts",
    find: "    if (/^ERR_SSL_/.test(code) && /:error:/.test(message)) {",
    replace: "    if (/^ERR_SSL_/.test(code) || /:error:/.test(message)) {",
    tests: ["tests/models/adapters/tls_detail_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-tls-detail-upper-case",
    bug: "Network errors: an OpenSSL code told in upper case",
    file: "src/models/adapters/_network_cause.ts",
    find:
      '      detail = code.slice("ERR_SSL_".length).toLowerCase().replaceAll(',
    replace: '      detail = code.slice("ERR_SSL_".length).replaceAll(',
    tests: ["tests/models/adapters/tls_detail_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-tls-detail-source-location",
    bug: "Network errors: an OpenSSL source-location message shown as it is",
    file: "src/models/adapters/_network_cause.ts",
    find: "    if (/^ERR_SSL_/.test(code) && /:error:/.test(message)) {",
    replace: "    if (/^ERR_SSL_/.test(code) && !/:error:/.test(message)) {",
    tests: ["tests/models/adapters/tls_detail_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-cohere-stream-type-from-event-line",
    bug:
      "Cohere streams: the event line's name read before the JSON's type, so a stream without event lines yields nothing",
    file: "src/models/adapters/cohere.ts",
    find:
      '    const type = typeof json.type === "string" ? json.type : event.event;',
    replace:
      '    const type = typeof json.type !== "string" ? json.type : event.event;',
    tests: ["tests/models/adapters/cohere_stream_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-cohere-stream-type-json-only",
    bug: "Cohere streams: events named only by their event line ignored",
    file: "src/models/adapters/cohere.ts",
    find:
      '    const type = typeof json.type === "string" ? json.type : event.event;',
    replace: "    const type = json.type;",
    tests: ["tests/models/adapters/cohere_stream_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-cohere-stream-error-words-lost",
    bug:
      "Cohere streams: an error event's own message replaced by the fallback",
    file: "src/models/adapters/cohere.ts",
    find: '          typeof json.message === "string"',
    replace: '          typeof json.message !== "string"',
    tests: ["tests/models/adapters/cohere_stream_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-openai-usage-cache-detail-needs-both",
    bug:
      "OpenAI usage written back: a cache detail written only when both cache counts are known",
    file: "src/models/adapters/_openai_details.ts",
    find:
      "    usage.cacheReadTokens !== undefined ||\n    usage.cacheCreationTokens !== undefined",
    replace:
      "    usage.cacheReadTokens !== undefined &&\n    usage.cacheCreationTokens !== undefined",
    tests: ["tests/models/adapters/openai_details_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-openai-usage-cached-tokens-inverted",
    bug:
      "OpenAI usage written back: cached_tokens written when unknown and left out when known",
    file: "src/models/adapters/_openai_details.ts",
    find: "      ...(usage.cacheReadTokens === undefined",
    replace: "      ...(usage.cacheReadTokens !== undefined",
    tests: ["tests/models/adapters/openai_details_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-openai-usage-zero-reasoning-dropped",
    bug: "OpenAI usage written back: a reasoning count of 0 left out",
    file: "src/models/adapters/_openai_details.ts",
    find: "  if (usage.reasoningTokens !== undefined) {",
    replace: "  if (usage.reasoningTokens) {",
    tests: ["tests/models/adapters/openai_details_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-openai-logprobs-missing-bytes-empty",
    bug:
      "OpenAI log probabilities written back: a token without bytes given [] instead of null",
    file: "src/models/adapters/_openai_details.ts",
    find: "    bytes: entry.bytes ?? null,",
    replace: "    bytes: entry.bytes || [],",
    tests: ["tests/models/adapters/openai_details_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-ollama-request-id-lost",
    bug:
      "Ollama: the caller's request id not copied into the answer's metadata",
    file: "src/models/adapters/ollama.ts",
    find: "  copyRequestId(metadata, request);\n  const durations",
    replace: "  ;\n  const durations",
    tests: ["tests/models/adapters/request_id_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-gemini-request-id-lost",
    bug:
      "Gemini: the caller's request id not copied into the answer's metadata",
    file: "src/models/adapters/gemini.ts",
    find: "  copyRequestId(metadata, request);",
    replace: "  ;",
    tests: ["tests/models/adapters/request_id_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-error-empty-message-raw-json",
    bug:
      "Error answers: a provider message that is empty replaced by the raw JSON body in the message",
    file: "src/models/adapters/_http.ts",
    find: "    const message = providerMessage(parsed) ??",
    replace: "    const message = providerMessage(parsed) ||",
    tests: ["tests/models/adapters/empty_error_message_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-error-text-untrimmed",
    bug:
      "Error answers: a plain-text body's blanks and line breaks kept in the message",
    file: "src/models/adapters/_http.ts",
    find: "      (text.trim().slice(0, 500) || response.statusText);",
    replace: "      (text.slice(0, 500) || response.statusText);",
    tests: ["tests/models/adapters/empty_error_message_r12_mutants_test.ts"],
  },
  {
    id: "adapt12-anthropic-beta-absent-merged",
    bug:
      "Anthropic same-wire calls: a client without anthropic-beta fails (the merge reads the absent header)",
    file: "src/models/adapters/anthropic.ts",
    find: "  if (asked === undefined) return undefined;",
    replace: "  if (asked === undefined) undefined;",
    tests: ["tests/models/adapters/anthropic_beta_r12_mutants_test.ts"],
  },
  {
    id: "lead13-cohere-end-error-lost",
    bug:
      "Cohere streams: a message-end carrying delta.error finishes as if complete",
    file: "src/models/adapters/cohere.ts",
    find: 'if (typeof delta.error === "string" && delta.error !== "") {',
    replace: "if (false) {",
    tests: ["tests/models/adapters/cohere_test.ts"],
  },
  {
    id: "lead13-anthropic-reasoning-only-text",
    bug:
      "Anthropic: an answer that is reasoning only gets an empty text part after it",
    file: "src/models/adapters/_anthropic_answer.ts",
    find:
      'const rest = message.content === "" ? [] : partsOf(message.content);',
    replace: "const rest = partsOf(message.content);",
    tests: ["tests/models/adapters/answer_details_test.ts"],
  },
  {
    id: "lead13-anthropic-tool-text",
    bug: "Anthropic: a tool message holding text sends it as the user's words",
    file: "src/models/adapters/_anthropic_request.ts",
    find: '    assertToolResultsOnly(message, "anthropic");\n',
    replace: "",
    tests: ["tests/models/adapters/tool_turns_r12_mutants_test.ts"],
  },
  {
    id: "lead13-gemini-tool-text",
    bug: "Gemini: a tool message holding text sends it as the user's words",
    file: "src/models/adapters/gemini.ts",
    find: '    assertToolResultsOnly(message, "gemini");\n',
    replace: "",
    tests: ["tests/models/adapters/tool_turns_r12_mutants_test.ts"],
  },
  {
    id: "adapt13-relay-failure-scope-kept",
    bug:
      "Relayed calls: one the upstream refuses or never answers leaves its call timeout with the watchdog",
    file: "src/models/adapters/_http.ts",
    find:
      "      return response;\n    } catch (error) {\n      scope.dispose();\n      throw error;",
    replace:
      "      return response;\n    } catch (error) {\n      throw error;",
    tests: ["tests/models/adapters/draw_20261172_mutants_test.ts"],
  },
  {
    id: "adapt13-anthropic-logprobs-named-twice",
    bug: "Anthropic: logprobs and top_logprobs named dropped twice",
    file: "src/models/adapters/_anthropic_request.ts",
    find: '  ["seed", "seed"],\n];',
    replace:
      '  ["seed", "seed"],\n  ["logprobs", "logprobs"],\n  ["top_logprobs", "top_logprobs"],\n];',
    tests: ["tests/models/adapters/anthropic_request_r13_mutants_test.ts"],
  },
  {
    id: "adapt13-anthropic-penalty-unnamed",
    bug: "Anthropic: a frequency penalty left out unnamed (an empty name)",
    file: "src/models/adapters/_anthropic_request.ts",
    find: '["frequencyPenalty", "frequency_penalty"]',
    replace: '["frequencyPenalty", ""]',
    tests: ["tests/models/adapters/anthropic_request_r13_mutants_test.ts"],
  },
  {
    id: "adapt13-anthropic-seed-unnamed",
    bug: "Anthropic: a seed left out without being named dropped",
    file: "src/models/adapters/_anthropic_request.ts",
    find: '["seed", "seed"]',
    replace: '["", "seed"]',
    tests: ["tests/models/adapters/anthropic_request_r13_mutants_test.ts"],
  },
  {
    id: "adapt13-anthropic-tool-error-unflagged",
    bug: "Anthropic: a failed tool's result sent with is_error false",
    file: "src/models/adapters/_anthropic_request.ts",
    find: "{ is_error: true }",
    replace: "{ is_error: false }",
    tests: ["tests/models/adapters/anthropic_request_r13_mutants_test.ts"],
  },
  {
    id: "adapt13-anthropic-no-turn-crash",
    bug:
      "Anthropic: a conversation left without a message fails in the writer (TypeError) instead of the API's typed 400",
    file: "src/models/adapters/_anthropic_request.ts",
    find: '  if (last?.role !== "assistant") return;',
    replace: '  if (last.role !== "assistant") return;',
    tests: ["tests/models/adapters/anthropic_request_r13_mutants_test.ts"],
  },
  {
    id: "adapt13-gemini-schema-enum-any-items",
    bug:
      "Gemini: a tool schema with a numeric enum sent in parameters (Gemini's Schema takes string enums only)",
    file: "src/models/adapters/_gemini_schema.ts",
    find:
      '  Array.isArray(value) && value.every((item) => typeof item === "string");',
    replace: "  Array.isArray(value);",
    tests: ["tests/models/adapters/gemini_schema_r13_mutants_test.ts"],
  },
  {
    id: "adapt13-gemini-schema-type-case",
    bug:
      "Gemini: a tool schema in Gemini's upper-case type names sent as JSON Schema, which does not know them",
    file: "src/models/adapters/_gemini_schema.ts",
    find: "SCHEMA_TYPES.has(value.toLowerCase());",
    replace: "SCHEMA_TYPES.has(value);",
    tests: ["tests/models/adapters/gemini_schema_r13_mutants_test.ts"],
  },
  {
    id: "adapt13-parameters-undefined-set",
    bug:
      "Parameter table: an IR field present but undefined supersedes or takes the place of the wire key the caller sent",
    file: "src/models/adapters/_parameters.ts",
    find:
      '    if (value === undefined || key === "model" || !Object.hasOwn(names, key)) {',
    replace:
      '    if (value === undefined && key === "model" || !Object.hasOwn(names, key)) {',
    tests: ["tests/models/adapters/parameters_r13_mutants_test.ts"],
  },
  {
    id: "adapt13-parameters-undefined-option-set",
    bug:
      "Parameter table: an Ollama option undefined inside options takes the place of the same option sent at the top level",
    file: "src/models/adapters/_parameters.ts",
    find: "        if (value[inner] !== undefined && !dropped.has(inner)) {",
    replace: "        if (value[inner] !== undefined || !dropped.has(inner)) {",
    tests: ["tests/models/adapters/parameters_r13_mutants_test.ts"],
  },
  {
    id: "adapt13-parameters-scalar-spread",
    bug:
      "Parameter table: a pass-through metadata that is not an object spread into the metadata.user_id object",
    file: "src/models/adapters/_parameters.ts",
    find: "    if (isRecord(present) && isRecord(value)) {",
    replace: "    if (isRecord(present) || isRecord(value)) {",
    tests: ["tests/models/adapters/parameters_r13_mutants_test.ts"],
  },
  {
    id: "adapt13-response-like-partial",
    bug:
      "Custom fetch: an answer with a numeric status but no headers or body taken for a Response (a TypeError later)",
    file: "src/models/adapters/_body.ts",
    find: '    typeof response.status === "number" &&',
    replace: '    typeof response.status === "number" ||',
    tests: ["tests/models/adapters/response_like_r13_mutants_test.ts"],
  },
  {
    id: "adapt13-response-like-no-body",
    bug:
      "Custom fetch: an answer with headers but no body taken for a Response (a TypeError later)",
    file: "src/models/adapters/_body.ts",
    find: '    typeof response.headers?.get === "function" &&',
    replace: '    typeof response.headers?.get === "function" ||',
    tests: ["tests/models/adapters/response_like_r13_mutants_test.ts"],
  },
  {
    id: "adapt13-openai-empty-user-turn-dropped",
    bug:
      "OpenAI-compatible: a user turn with no content parts left out, so the roles no longer alternate",
    file: "src/models/adapters/_openai_wire.ts",
    find: "    if (rest.length === 0 && parts.length > 0) continue;",
    replace: "    if (rest.length === 0 && parts.length >= 0) continue;",
    tests: ["tests/models/adapters/draw_20261174_mutants_test.ts"],
  },
  {
    id: "perf14-operate-throws-in-caller-tick",
    bug:
      "adapter: operate() throws a same-wire refusal in the caller's tick instead of rejecting its promise",
    file: "src/models/adapters/adapter.ts",
    find:
      "        : this.#operation(request, signal);\n    } catch (error) {\n      return Promise.reject(error);",
    replace:
      "        : this.#operation(request, signal);\n    } catch (error) {\n      throw error;",
    tests: ["tests/models/adapters/operate_rejects_test.ts"],
  },
  {
    id: "perf14-same-wire-client-model-kept",
    bug:
      "adapter: a same-wire chat sends the client's model instead of the routed one",
    file: "src/models/adapters/adapter.ts",
    find: "      wire.path,\n      { ...request.body, model },",
    replace: "      wire.path,\n      { model, ...request.body },",
    tests: ["tests/models/adapters/operate_rejects_test.ts"],
  },
  // Fifteenth round (core15-).
  {
    id: "core15-empty-provider-id-taken",
    bug:
      "HttpAdapter takes a provider description whose provider id is empty: its errors and answers name no one",
    file: "src/models/adapters/adapter.ts",
    find: 'if (typeof spec.provider !== "string" || spec.provider === "") {',
    replace: 'if (typeof spec.provider !== "string" && spec.provider === "") {',
    tests: ["tests/models/adapters/provider_id_r15_mutants_test.ts"],
  },
  {
    id: "core15-anthropic-error-type-inherited",
    bug:
      "an Anthropic stream error whose type names an Object.prototype member (constructor) takes that member as its error code",
    file: "src/models/adapters/_anthropic_answer.ts",
    find:
      "    code: Object.hasOwn(ERROR_TYPES, type)\n      ? ERROR_TYPES[type]\n      : ErrorCode.PROVIDER_ERROR,",
    replace: "    code: ERROR_TYPES[type] ?? ErrorCode.PROVIDER_ERROR,",
    tests: ["tests/models/adapters/anthropic_error_type_r15_mutants_test.ts"],
  },
  // Fifteenth round, models-adapters (adap16-).
  {
    id: "adap16-gemini-image-type-inherited",
    bug:
      "Gemini: an image URL ending in .constructor sends Object's constructor as the image's mimeType",
    file: "src/models/adapters/gemini.ts",
    find: "extension !== undefined && Object.hasOwn(IMAGE_TYPES, extension)",
    replace: "extension !== undefined && extension in IMAGE_TYPES",
    tests: ["tests/models/adapters/inherited_keys_r16_test.ts"],
  },
  {
    id: "adap16-network-code-inherited",
    bug:
      "a fetch error with code constructor gets a function for details.cause, and the message says undefined instead of the cause it names",
    file: "src/models/adapters/_network_cause.ts",
    find: "if (Object.hasOwn(BY_CODE, code)) return BY_CODE[code];",
    replace: "if (BY_CODE[code]) return BY_CODE[code];",
    tests: ["tests/models/adapters/inherited_keys_r16_test.ts"],
  },
  {
    id: "adap16-network-name-inherited",
    bug:
      "a fetch error whose class name is toString gets a function for details.cause",
    file: "src/models/adapters/_network_cause.ts",
    find: "if (Object.hasOwn(BY_NAME, name)) return BY_NAME[name];",
    replace: "if (BY_NAME[name]) return BY_NAME[name];",
    tests: ["tests/models/adapters/inherited_keys_r16_test.ts"],
  },
  {
    id: "adap16-compatible-preset-inherited",
    bug:
      'createOpenAICompatibleAdapter("constructor") builds an adapter with no base URL instead of refusing the unknown preset',
    file: "src/models/adapters/openai.ts",
    find: "Object.hasOwn(OPENAI_COMPATIBLE_PRESETS, preset)",
    replace: "preset in OPENAI_COMPATIBLE_PRESETS",
    tests: ["tests/models/adapters/inherited_keys_r16_test.ts"],
  },
  {
    id: "adap16-operation-inherited",
    bug:
      "adapter.operate with operation constructor fails on a TypeError (op.path is not a function) instead of INVALID_REQUEST",
    file: "src/models/adapters/adapter.ts",
    find:
      "    const op = operations !== undefined && Object.hasOwn(operations, operation)\n      ? operations[operation]\n      : undefined;",
    replace: "    const op = operations?.[operation];",
    tests: ["tests/models/adapters/inherited_keys_r16_test.ts"],
  },
  // Survivors of the fifteenth round's fresh draw (seed 20261177).
  {
    id: "adap16-network-name-ignored",
    bug:
      "a fetch error known by its Deno class alone (ConnectionRefused, message os error 111) is reported as cause other",
    file: "src/models/adapters/_network_cause.ts",
    find: "if (Object.hasOwn(BY_NAME, name)) return BY_NAME[name];",
    replace: "if (Object.hasOwn(BY_NAME, name)) BY_NAME[name];",
    tests: ["tests/models/adapters/draw_20261177_r16_mutants_test.ts"],
  },
  {
    id: "adap16-native-mapped-without-writer",
    bug:
      "Gemini, Cohere, Ollama: parameters naming max_tokens beside maxTokens fail the call with a TypeError (a mapped row has no writer)",
    file: "src/models/adapters/_toward_native.ts",
    find: "if (write !== undefined) write(out, value, dropped);",
    replace: "if (write !== undefined || key) write!(out, value, dropped);",
    tests: ["tests/models/adapters/draw_20261177_r16_mutants_test.ts"],
  },
  {
    id: "adap17-wire-name-not-carried",
    bug:
      "Gemini, Cohere, Ollama: parameters naming max_tokens (or top_p, stop) without the internal field are neither sent nor named dropped",
    file: "src/models/adapters/_toward_native.ts",
    find: "else if (!asInternal(out, key, value, names)) dropped.push(key);",
    replace: "else asInternal({}, key, value, names);",
    tests: ["tests/models/adapters/draw_20261177_r16_mutants_test.ts"],
  },
  {
    id: "adap17-wire-stop-string-unwrapped",
    bug:
      "Gemini, Cohere: OpenAI's stop as one string goes out as a string where the API wants a list",
    file: "src/models/adapters/_toward_native.ts",
    find: `internal === "stopSequences" && typeof value === "string"`,
    replace: `internal === "stopSequences" && typeof value === "number"`,
    tests: ["tests/models/adapters/draw_20261177_r16_mutants_test.ts"],
  },
  {
    id: "adap17-wire-name-conflict-hidden",
    bug:
      "Gemini, Cohere, Ollama: max_tokens: 50 beside maxTokens: 20 sends 20 and does not name max_tokens dropped",
    file: "src/models/adapters/_toward_native.ts",
    find: "return JSON.stringify(out[internal]) === JSON.stringify(carried);",
    replace: "return true;",
    tests: ["tests/models/adapters/draw_20261177_r16_mutants_test.ts"],
  },
  {
    id: "adap16-anthropic-format-type-emptied",
    bug:
      "response_format json_schema toward Anthropic's wire is sent as output_config.format with an empty type",
    file: "src/models/adapters/_toward_wire.ts",
    find: 'format: { type: "json_schema", schema: spec.schema },',
    replace: 'format: { type: "", schema: spec.schema },',
    tests: ["tests/models/adapters/draw_20261177_r16_mutants_test.ts"],
  },
  {
    id: "adap16-data-url-end-inverted",
    bug:
      "data: URLs: the percent decoder takes the rest of the text after any later %, and never ends on text without one",
    file: "src/models/adapters/_ir.ts",
    find: "const end = next === -1 ? text.length : next;",
    replace: "const end = next !== -1 ? text.length : next;",
    tests: ["tests/models/adapters/data_url_r11_mutants_test.ts"],
  },
  // Survivor of the round's second draw (seed 20261178).
  {
    id: "adap16-network-chain-read-twice",
    bug:
      "a failed fetch whose error chain loops (or names one error twice) is read again and again: the message's detail names an outer error, not the innermost",
    file: "src/models/adapters/_network_cause.ts",
    find: "    if (chain.includes(item)) continue;\n",
    replace: "",
    tests: ["tests/models/adapters/draw_20261178_r16_mutants_test.ts"],
  },
  {
    id: "adap17-prices-unchecked",
    bug:
      "an adapter built with a NaN or negative price takes it, and estimateCost answers NaN or a negative cost",
    file: "src/models/adapters/adapter.ts",
    find: "    if (wrongPrice !== undefined) {",
    replace: '    if (wrongPrice !== undefined && spec.provider === "none") {',
    tests: ["tests/models/adapters/prices_config_test.ts"],
  },
  {
    id: "adap17-choice-without-message",
    bug:
      "an OpenAI-wire answer whose choice holds no message is read as an empty answer (or a TypeError) instead of INVALID_RESPONSE",
    file: "src/models/adapters/_openai_wire.ts",
    find: "if (!isRecord(choice) || !isRecord(choice.message)) {",
    replace: "if (!isRecord(choice) && !isRecord(choice.message)) {",
    tests: ["tests/models/adapters/draw_20261179_r17_mutants_test.ts"],
  },
  {
    id: "adap17-output-format-any-type",
    bug:
      "Anthropic's output_config.format of another type (or without a schema) becomes an OpenAI json_schema response_format instead of being named dropped",
    file: "src/models/adapters/_toward_wire.ts",
    find: 'if (format.type === "json_schema" && isRecord(format.schema)) {',
    replace: 'if (format.type === "json_schema" || isRecord(format.schema)) {',
    tests: ["tests/models/adapters/draw_20261179_r17_mutants_test.ts"],
  },
  {
    id: "adap18-stream-choice-any-index",
    bug:
      "a streamed OpenAI chunk's first choice is read whatever its index, so choice 1's text (n > 1) is mixed into choice 0's",
    file: "src/models/adapters/_openai_wire.ts",
    find:
      "const choice = choices.find((c) => isRecord(c) && (c.index ?? 0) === 0);",
    replace:
      "const choice = choices.find((c) => isRecord(c) || (c.index ?? 0) === 0);",
    tests: ["tests/models/adapters/draw_20261180_r18_test.ts"],
  },
  {
    id: "adap18-gemini-signature-unchecked",
    bug:
      "a call id that merely holds Gemini's signature mark sends the text after it as a thoughtSignature, which Gemini refuses",
    file: "src/models/adapters/_gemini_details.ts",
    find: "if (!/^[A-Za-z0-9_-]+$/.test(token)) return undefined;",
    replace: "if (!/^[A-Za-z0-9_-]+$/.test(token)) undefined;",
    tests: ["tests/models/adapters/draw_20261180_r18_test.ts"],
  },
  {
    id: "adap18-effort-none-dropped",
    bug:
      "toward Anthropic, reasoning_effort none is named dropped, and an effort overwrites the request's own thinking",
    file: "src/models/adapters/_toward_wire.ts",
    find: 'if (value === "none" || body.thinking !== undefined) return;',
    replace: 'if (value === "none" && body.thinking !== undefined) return;',
    tests: ["tests/models/adapters/draw_20261180_r18_test.ts"],
  },
  {
    id: "adap18-ollama-logprobs-inverted",
    bug:
      "a non-streamed Ollama answer drops its log probabilities (and one without them gets a logprobs key)",
    file: "src/models/adapters/ollama.ts",
    find: "  if (logprobs !== undefined) response.logprobs = logprobs;",
    replace: "  if (logprobs === undefined) response.logprobs = logprobs;",
    tests: ["tests/models/adapters/draw_20261181_r18_test.ts"],
  },
  {
    id: "adap19-anthropic-standard-only-dropped",
    bug:
      "toward Anthropic, service_tier: standard_only (one of Anthropic's own tiers) is dropped and named",
    file: "src/models/adapters/_toward_wire.ts",
    find: 'value === "auto" || value === "standard_only" ? value : undefined,',
    replace: 'value === "auto" || value === "" ? value : undefined,',
    tests: ["tests/models/adapters/draw_20261182_r19_test.ts"],
  },
  {
    id: "adap22-zero-price-falls-to-vendor",
    bug:
      "an OpenAI-compatible adapter's configured price of zero for a vendor/model name is read as no price, and the vendor's table prices the call",
    file: "src/models/adapters/openai.ts",
    find: "      estimateCostFor(request, provider, model, prices) ??\n",
    replace: "      estimateCostFor(request, provider, model, prices) ||\n",
    tests: ["tests/models/adapters/draw_20261183_r22_test.ts"],
  },
  {
    id: "adap22-openai-done-without-start",
    bug:
      "an OpenAI stream with nothing before [DONE] sends done without a start chunk, its metadata empty",
    file: "src/models/adapters/_openai_wire.ts",
    find:
      "    const out: UnsequencedChunk[] = [];\n    this.#start(out, {});\n",
    replace: "    const out: UnsequencedChunk[] = [];\n",
    tests: ["tests/models/adapters/draw_20261184_r22_test.ts"],
  },
  {
    id: "adap22-gemini-retry-delay-floor",
    bug:
      "Gemini's RetryInfo delay in fractional seconds is rounded down, so a retry comes before the time asked",
    file: "src/models/adapters/gemini.ts",
    find:
      "    if (match) refined.retryAfter = Math.ceil(Number(match[1]) * 1000);\n",
    replace:
      "    if (match) refined.retryAfter = Math.floor(Number(match[1]) * 1000);\n",
    tests: ["tests/models/adapters/draw_20261184_r22_test.ts"],
  },
  {
    id: "adap23-compressed-read-whole",
    bug:
      "a compressed answer whose declared (compressed) length is small is read whole, so what fetch decompresses from it passes the 32 MiB bound",
    file: "src/models/adapters/_body.ts",
    find: '  return encoding === null || encoding === "identity";\n',
    replace: '  return encoding === null || encoding !== "identity";\n',
    tests: ["tests/models/adapters/draw_20261186_r23_test.ts"],
  },
  {
    id: "adap23-max-completion-not-superseded",
    bug:
      "an OpenAI-compatible provider that takes max_tokens is sent a passed-through max_completion_tokens beside the request's maxTokens: two limits",
    file: "src/models/adapters/openai.ts",
    find:
      '      supersedes: { maxTokens: ["max_tokens", "max_completion_tokens"] },\n',
    replace: '      supersedes: { maxTokens: ["max_tokens", ""] },\n',
    tests: ["tests/models/adapters/draw_20261186_r23_test.ts"],
  },
  {
    id: "adap23-event-not-json-empty",
    bug:
      "a provider's stream event that is not valid JSON is read as an empty event instead of INVALID_RESPONSE",
    file: "src/models/adapters/_base.ts",
    find:
      '    throw invalidResponse(provider, "stream event is not valid JSON");\n',
    replace: "    return {};\n",
    tests: ["tests/models/adapters/unreached_paths_r23_test.ts"],
  },
  {
    id: "adap23-event-array-read",
    bug:
      "a provider's stream event that is a JSON array or string is read as an object",
    file: "src/models/adapters/_base.ts",
    find:
      '  if (!isRecord(json)) {\n    throw invalidResponse(provider, "stream event is not a JSON object");\n',
    replace:
      '  if (json === null) {\n    throw invalidResponse(provider, "stream event is not a JSON object");\n',
    tests: ["tests/models/adapters/unreached_paths_r23_test.ts"],
  },
  {
    id: "adap23-stream-without-body",
    bug:
      "a streaming answer without a body crashes inside the adapter instead of INVALID_RESPONSE",
    file: "src/models/adapters/_http.ts",
    find:
      '      if (response.body === null) {\n        throw invalidResponse(\n          this.provider,\n          "streaming response has no body",\n',
    replace:
      '      if (response.body === undefined) {\n        throw invalidResponse(\n          this.provider,\n          "streaming response has no body",\n',
    tests: ["tests/models/adapters/unreached_paths_r23_test.ts"],
  },
  {
    id: "adap23-redacted-reasoning-unnamed",
    bug:
      "an earlier turn's redacted reasoning sent toward OpenAI's wire is left out without being named dropped",
    file: "src/models/adapters/_openai_wire.ts",
    find: '  for (const type of ["thinking", "redacted_thinking"]) {\n',
    replace: '  for (const type of ["thinking"]) {\n',
    tests: ["tests/models/adapters/unreached_paths_r23_test.ts"],
  },
  {
    id: "adap23-estimate-without-tools",
    bug:
      "the cost estimate leaves out the tools' definitions, which the provider bills as input",
    file: "src/models/adapters/_prices.ts",
    find:
      "  for (const tool of request.tools ?? []) chars += JSON.stringify(tool).length;\n",
    replace: "",
    tests: ["tests/models/adapters/unreached_paths_r23_test.ts"],
  },
  {
    id: "adap23-anthropic-cache-read-zero",
    bug:
      "an Anthropic stream's cache reads of 0 are taken for not reported and left out of the usage",
    file: "src/models/adapters/_anthropic_answer.ts",
    find: "      this.#cacheRead = read.cacheReadTokens ?? this.#cacheRead;\n",
    replace:
      "      this.#cacheRead = read.cacheReadTokens || this.#cacheRead;\n",
    tests: ["tests/models/adapters/draw_20261188_r23_test.ts"],
  },
  {
    id: "adap23-anthropic-cache-write-zero",
    bug:
      "an Anthropic stream's cache writes of 0 are taken for not reported and left out of the usage",
    file: "src/models/adapters/_anthropic_answer.ts",
    find:
      "      this.#cacheCreation = read.cacheCreationTokens ?? this.#cacheCreation;\n",
    replace:
      "      this.#cacheCreation = read.cacheCreationTokens || this.#cacheCreation;\n",
    tests: ["tests/models/adapters/draw_20261188_r23_test.ts"],
  },
];
