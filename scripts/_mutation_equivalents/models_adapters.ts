// The reviewed equivalents of the models-adapters area (scripts/_mutation_areas.ts),
// in its own file so that work on different areas never edits one list.

import type { Equivalent } from "./equivalent.ts";

/** The mutants of the models-adapters area judged equivalent by review. */
export const MODELS_ADAPTERS: Equivalent[] = [
  {
    file: "src/models/adapters/registry.ts",
    before: 'openai: "OPENAI_API_KEY",',
    after: 'openai: "",',
    reason:
      "KEY_VARIABLES.openai is read only by presetEntries, whose openai entry PROVIDERS replaces with its own (keyVariable written there); no caller sees the preset's value",
  },
  {
    file: "src/models/adapters/openai.ts",
    before: "if (slash <= 0) return null;",
    after: "if (slash < 0) return null;",
    reason:
      "a model starting with '/' then looks up vendor '', which no price table has, so estimateCostFor returns the same null",
  },
  {
    file: "src/models/adapters/openai.ts",
    before: "if (slash <= 0) return null;",
    after: "if (slash <= 1) return null;",
    reason:
      "a one-letter vendor ('x/model') names no price table (their names are provider names of 4 letters or more), so the lookup returns the same null",
  },
  {
    file: "src/models/adapters/_body.ts",
    before: "if (value instanceof Response) return true;",
    after: "if (value instanceof Response) true;",
    reason:
      "a runtime Response passes the structural check below as well (ok, status, headers.get, body null or a stream); the early return only spares building the body stream",
  },
  {
    file: "src/models/adapters/_toward_native.ts",
    before:
      "(request.tools ?? []).some((tool) => tool.cacheControl !== undefined),",
    after:
      "(request.tools || []).some((tool) => tool.cacheControl !== undefined),",
    reason:
      "request.tools is a list (an object, never falsy, even when empty) or undefined: ?? and || pick the same side",
  },
  {
    file: "src/models/adapters/_lines.ts",
    before: "for (let i = this.#scanFrom; i < buffer.length; i++) {",
    after: "for (let i = this.#scanFrom; i <= buffer.length; i++) {",
    reason:
      "at i === buffer.length charCodeAt gives NaN, which is neither LF nor CR, so the extra step continues and the loop ends as before",
  },
  {
    file: "src/models/adapters/openai.ts",
    before: 'apiKey: config.apiKey ?? "",',
    after: 'apiKey: config.apiKey || "",',
    reason: "the only falsy string is the empty one, which both give back",
  },
  {
    file: "src/models/adapters/_parameters.ts",
    before: 'const rest = table.rest ?? "";',
    after: 'const rest = table.rest || "";',
    reason:
      'ParameterTable.rest is typed `string | undefined` (the built-in tables and a custom provider\'s alike); ?? and || differ only on a falsy value that is not null or undefined, and the one such string is "", which both forms keep as ""',
  },
  {
    file: "src/models/adapters/_openai_wire.ts",
    before: 'return mapped ?? (hasToolCalls ? "tool_calls" : "stop");',
    after: 'return mapped || (hasToolCalls ? "tool_calls" : "stop");',
    reason:
      "mapped is undefined or a value of FINISH_REASONS, all non-empty strings, so ?? and || pick the same side",
  },
  {
    file: "src/models/adapters/_openai_wire.ts",
    before: 'const kind = `${error.type ?? ""} ${error.code ?? ""}`;',
    after: 'const kind = `${error.type ?? ""} ${error.code || ""}`;',
    reason:
      'kind is only tested against RATE_LIMIT; the codes where the two differ (0, false, NaN, "") become "0", "false", "NaN" or "", none of which holds a rate-limit word or a 429, so the error code is the same',
  },
  {
    file: "src/models/adapters/gemini.ts",
    before: 'String(detail["@type"] ?? "").endsWith("google.rpc.RetryInfo")',
    after: 'String(detail["@type"] || "").endsWith("google.rpc.RetryInfo")',
    reason:
      'the two differ only for a falsy @type that is not null or undefined (0, false, NaN, ""), whose strings ("0", "false", "NaN", "") do not end with google.rpc.RetryInfo either way',
  },
  {
    file: "src/models/adapters/gemini.ts",
    before: 'String(detail["@type"] ?? "").endsWith("google.rpc.RetryInfo")',
    after: 'String(detail["@type"]).endsWith("google.rpc.RetryInfo")',
    reason:
      'without the default a missing @type is String(undefined), "undefined", and null is "null": neither ends with google.rpc.RetryInfo, as "" does not',
  },
  {
    file: "src/models/adapters/_lines.ts",
    before: "else if (lines.length > 0) yield { lines };",
    after: "else if (lines.length >= 0) yield { lines };",
    reason:
      "the extra batch is the last one, empty and without rest: both readers (readLines, the SSE parser) loop over its lines and do nothing per batch, so it yields nothing",
  },
  {
    file: "src/models/adapters/cohere.ts",
    before: 'return mapped ?? (hasToolCalls ? "tool_calls" : "stop");',
    after: 'return mapped || (hasToolCalls ? "tool_calls" : "stop");',
    reason:
      "mapped is undefined or a value of Cohere's FINISH_REASONS, all non-empty strings, so ?? and || pick the same side",
  },
  {
    file: "src/models/adapters/adapter.ts",
    before: ": this.#spec.modelName?.(request.model) ?? request.model;",
    after: ": this.#spec.modelName?.(request.model) || request.model;",
    reason:
      'modelName returns a string, and only Gemini has one (it strips a leading models/): it returns "" only for the model "models/", which names no model either way (the call goes to Gemini\'s models/:method or models/models/:method, an unknown model\'s 404 both)',
  },
  {
    file: "src/models/adapters/_anthropic_answer.ts",
    context: "} else this.#blockDelta(out, index, json.delta);",
    before: "break;",
    after: ";",
    reason:
      "a content_block_start or _delta then runs on into the message_delta case, which reads delta.stop_reason, delta.stop_sequence and usage: no content block event of the Messages protocol has any of them (a block's delta is text_delta, input_json_delta, thinking_delta, signature_delta or citations_delta), and #start has already run, so nothing changes",
  },
  {
    file: "src/models/adapters/_prices.ts",
    before: "if (slash <= 0) return undefined;",
    after: "if (slash < 0) return undefined;",
    reason:
      "a model starting with '/' then looks up vendor '', which neither VENDORS nor PRICES has, so the next line returns the same undefined",
  },
  {
    file: "src/models/adapters/_prices.ts",
    before:
      "for (const tool of request.tools ?? []) chars += JSON.stringify(tool).length;",
    after:
      "for (const tool of request.tools || []) chars += JSON.stringify(tool).length;",
    reason:
      "tools is an array or absent (null from an untyped caller too gives []): an array is truthy even when empty, so ?? and || pick the same side",
  },
  {
    file: "src/models/adapters/openai.ts",
    before: 'apiKey: config.apiKey ?? "",',
    after: "apiKey: config.apiKey,",
    reason:
      'the key is read only by bearer() (no Authorization header when it is falsy) and by the HTTP client\'s secrets list (left empty when it is falsy): undefined and "" are alike to both',
  },
  {
    file: "src/models/adapters/_lines.ts",
    before: "if (rest.length > 0) yield { lines, rest };",
    after: "if (rest.length >= 0) yield { lines, rest };",
    reason:
      "the extra batch carries an empty `rest`; its only readers are parseSSE, which discards `rest` (an unterminated event), and parseNDJSON through readLines, which skips a blank line, and the empty line is the last, so no later line number shifts",
  },
  {
    file: "src/models/adapters/_openai_details.ts",
    before: "bytes: top.bytes ?? null,",
    after: "bytes: top.bytes || null,",
    reason:
      "IR `bytes` is a number array, null or undefined (readers keep only arrays of numbers, and the type allows nothing else): an array, even empty, is truthy, so `||` and `??` give the same value",
  },
  {
    file: "src/models/adapters/_http.ts",
    before: "for (const [name, value] of Object.entries(extra ?? {})) {",
    after: "for (const [name, value] of Object.entries(extra || {})) {",
    reason:
      '`extra` is what the sign hook resolved to: a headers record (an object, never falsy) or undefined; a hook written in JavaScript that returns null, false, 0 or "" gets the same empty list from Object.entries either way, so no header differs',
  },
  {
    file: "src/models/adapters/_call_scope.ts",
    context: "#unwatch(): void {",
    before: "if (!this.#watched) return;",
    after: "if (!this.#watched) ;",
    reason:
      "in #unwatch: the two statements that follow set #watched to false and delete the scope from the watchdog's Set, both no-ops for a scope that is not watched",
  },
  {
    file: "src/models/adapters/_ir.ts",
    before: 'name: typeof fn.name === "string" ? fn.name : known?.name ?? "",',
    after: 'name: typeof fn.name === "string" ? fn.name : known?.name || "",',
    reason:
      'a known call\'s name is always a string (this line writes it): `??` and `||` differ only when it is "", and both then give ""',
  },
  {
    file: "src/models/adapters/_anthropic_answer.ts",
    context: "this.#start(out, message, isRecord(message.usage));",
    before: "break;",
    after: ";",
    reason:
      "message_start then runs on into the content block case: #start has already run, the index defaults to 0, and the event is not a content_block_start, so #blockDelta reads json.delta, a member no message_start of the Messages protocol has (its fields are type and message): the delta is empty and nothing is written",
  },
  {
    file: "src/models/adapters/_lines.ts",
    before: 'signal.addEventListener("abort", onAbort, { once: true });',
    after: 'signal.addEventListener("abort", onAbort, { once: false });',
    reason:
      "in readChunk: a signal dispatches its abort event once at most, and the finally block removes the listener whatever happened, so `once` changes nothing",
  },
  {
    file: "src/models/adapters/_lines.ts",
    before: "#skipLeadingLF = false;",
    after: "#skipLeadingLF = true;",
    reason:
      "the field's initial value: true drops an LF that is the very first character of a stream, i.e. one blank first line; the splitter's only readers, parseSSE (a blank line with no event pending dispatches nothing) and parseNDJSON (blank lines are skipped), give the same events",
  },
  {
    file: "src/models/adapters/_lines.ts",
    before: "if (lines.length > 0) yield { lines };",
    after: "if (lines.length >= 0) yield { lines };",
    reason:
      "an extra batch with no lines: parseSSE and readLines loop over its lines, so nothing is yielded from it (only a generator step is spent)",
  },
  {
    file: "src/models/adapters/_gemini_schema.ts",
    context: "default:",
    before: "return false;",
    after: "false;",
    reason:
      "the last case of the switch in fitsGeminiSchema's every() callback: without the return the callback ends and returns undefined, which every() reads as false too",
  },
  {
    file: "src/models/adapters/_sse.ts",
    before: "if (line.charCodeAt(0) === 58 /* : */) return undefined;",
    after: "if (line.charCodeAt(0) === 58 /* : */) undefined;",
    reason:
      "a comment line run on into the field parsing: its first colon is at index 0, so its field name is the empty string, which the switch ignores as an unknown field (no event, data, id or retry is touched) and the line returns undefined as the comment branch did",
  },
  {
    file: "src/models/adapters/adapter.ts",
    before: "relay = false,",
    after: "relay = true,",
    reason:
      "the default of #call's relay parameter is never used: #call is private and each of its three call sites passes relay (true for relay, false for execute and executeStream)",
  },
  {
    file: "src/models/adapters/_lines.ts",
    before: "reader.releaseLock();",
    after: ";",
    reason:
      "the line reader's lock left on a body no one reads again: the readers are internal, and the adapter that owns the response never touches its body after the parser; by then the body is closed (read to its end) or cancelled in the same finally (stopped early, aborted, a bound crossed), so no connection is held and only `body.locked` differs, which no caller reads",
  },
  {
    file: "src/models/adapters/_lines.ts",
    before: "finished = true;",
    after: "finished = false;",
    reason:
      "the flag is set once the body has reported done: with it false, the finally block cancels a reader whose stream is already closed, which resolves at once and changes nothing (the lock is released after it either way)",
  },
  {
    file: "src/models/adapters/anthropic.ts",
    before:
      "const defaultMaxTokens = configured ?? ANTHROPIC_DEFAULT_MAX_TOKENS;",
    after:
      "const defaultMaxTokens = configured || ANTHROPIC_DEFAULT_MAX_TOKENS;",
    reason:
      "the lines above refuse any configured value that is not an integer of at least 1, so it is undefined or truthy here: ?? and || pick the same side",
  },
  {
    file: "src/models/adapters/_prices.ts",
    before: "if (best !== undefined && key.length <= best.length) continue;",
    after: "if (best !== undefined && key.length < best.length) continue;",
    reason:
      "the mutant differs only when two keys of one length both match: a single name (the overrides' and the provider's lookups) has one prefix of each length, and the vendor lookup's two names (as written, dots dashed) could meet two only in a built-in table holding two keys that differ by a dot for a dash, which none does, so the key kept is the same",
  },
  {
    file: "src/models/adapters/adapter.ts",
    before: "config.name ?? spec.provider,",
    after: "config.name || spec.provider,",
    reason:
      'the constructor refuses name "" a few lines above, so config.name is undefined or a non-empty string here: ?? and || pick the same side',
  },
  {
    file: "src/models/adapters/_anthropic_answer.ts",
    before:
      "this.#inputTokens + (this.#cacheRead ?? 0) + (this.#cacheCreation ?? 0),",
    after:
      "this.#inputTokens + (this.#cacheRead ?? 0) + (this.#cacheCreation || 0),",
    reason:
      "the count is undefined or a number the answer's JSON held (never NaN, which JSON cannot write), so || differs from ?? only for 0, which both turn into 0",
  },
  {
    file: "src/models/adapters/_anthropic_answer.ts",
    before:
      "this.#inputTokens + (this.#cacheRead ?? 0) + (this.#cacheCreation ?? 0),",
    after:
      "this.#inputTokens + (this.#cacheRead || 0) + (this.#cacheCreation ?? 0),",
    reason:
      "the count is undefined or a number the answer's JSON held (never NaN, which JSON cannot write), so || differs from ?? only for 0, which both turn into 0",
  },
  {
    file: "src/models/adapters/_prices.ts",
    before: "const price = (overrides && findPrice(overrides, model)) ??",
    after: "const price = (overrides && findPrice(overrides, model)) ||",
    reason:
      "the left side is undefined (no overrides, or none matched) or a price object, which is truthy, so ?? and || pick the same side",
  },
  {
    file: "src/models/adapters/cohere.ts",
    context:
      "// content-start/end, tool-plan-delta, tool-call-end, citations: nothing for the IR.",
    before: "break;",
    after: ";",
    reason:
      "the break ends the switch's last clause (default), so nothing runs after it either way",
  },
  {
    file: "src/models/adapters/_openai_details.ts",
    before: 'const prompt = count(usage, "prompt_tokens") ?? 0;',
    after: 'const prompt = count(usage, "prompt_tokens") || 0;',
    reason:
      "count gives undefined or a finite number of at least 0, so || differs from ?? only for a JSON -0, which turns into 0: every sum and every JSON writer already treats -0 as 0",
  },
  {
    file: "src/models/adapters/_openai_details.ts",
    before: 'const completion = count(usage, "completion_tokens") ?? 0;',
    after: 'const completion = count(usage, "completion_tokens") || 0;',
    reason:
      "count gives undefined or a finite number of at least 0, so || differs from ?? only for a JSON -0, which turns into 0: every sum and every JSON writer already treats -0 as 0",
  },
  {
    file: "src/models/adapters/_anthropic_request.ts",
    before: "if (request.tools !== undefined && request.tools.length > 0) {",
    after: "if (request.tools !== undefined && request.tools.length >= 0) {",
    reason:
      "an empty tools list is then sent as tools: [], which the Messages API takes as no tools (clients send it so on purpose), and the answer is the same either way",
  },
  {
    file: "src/models/adapters/_anthropic_request.ts",
    context: "last.content = last.content.trimEnd();",
    before: "return;",
    after: ";",
    reason:
      "the block branch after it then reads the string's last character, which has no type, so nothing more is trimmed",
  },
  {
    file: "src/models/adapters/_anthropic_request.ts",
    before: 'if (block?.type === "text" && typeof block.text === "string") {',
    after: 'if (block.type === "text" && typeof block.text === "string") {',
    reason:
      "an assistant turn is kept only with at least one block, and merged turns only grow, so its last block always exists",
  },
  {
    file: "src/models/adapters/_anthropic_request.ts",
    before: 'if (block?.type === "text" && typeof block.text === "string") {',
    after: 'if (block?.type === "text" || typeof block.text === "string") {',
    reason:
      "only a text block has a string text field (thinking's is thinking, a tool result's content), and the last block always exists",
  },
  {
    file: "src/models/adapters/_body.ts",
    before: "complete = true;",
    after: "complete = false;",
    reason:
      "it is reached only once the reader reported done (or the truncated read, which cancels anyway): the finally then cancels a stream already closed, which changes nothing, as for _lines.ts's finished flag",
  },
  // Fifteenth round (core15): reviewed once HttpAdapter refuses an empty
  // provider id.
  {
    file: "src/models/adapters/_ndjson.ts",
    before: 'options.provider ?? "stream",',
    after: 'options.provider || "stream",',
    reason:
      "parseNDJSON's one caller is HttpAdapter (the Ollama description's parser), which passes its provider id, and the adapter refuses an id that is not a non-empty string at construction: the id is never the empty string, so ?? and || pick the same",
  },
  {
    file: "src/models/adapters/_embeddings.ts",
    before: "for (let i = 0; i < bytes.length; i += 0x8000) {",
    after: "for (let i = 0; i <= bytes.length; i += 0x8000) {",
    reason:
      "the extra pass runs only at i === bytes.length (a length that is a multiple of 0x8000, or 0), where subarray() is empty and String.fromCharCode() of nothing appends the empty string: the base64 is the same",
  },
  {
    file: "src/models/adapters/registry.ts",
    before:
      'createCohereAdapter({ ...options, apiKey: options.apiKey ?? "" }),',
    after: 'createCohereAdapter({ ...options, apiKey: options.apiKey || "" }),',
    reason:
      "the cohere entry's create is reached only through keyChecked's wrapper (PROVIDERS = keyChecked({...})), which refuses with AUTHENTICATION_FAILED every options.apiKey that is falsy because Cohere requires a key: the key is always truthy here, so ?? and || keep it alike",
  },
  {
    file: "src/models/adapters/_anthropic_answer.ts",
    context: "});",
    before: "break;",
    after: ";",
    reason:
      "the message_stop case ends the switch: without its break it falls into default, which only breaks, so nothing else runs",
  },
  {
    file: "src/models/adapters/_openai_wire.ts",
    before: 'const kind = `${error.type ?? ""} ${error.code ?? ""}`;',
    after: 'const kind = `${error.type} ${error.code ?? ""}`;',
    reason:
      "kind is only tested against the rate-limit pattern; a missing type writes 'undefined' (or 'null') before the blank instead of nothing, which neither matches rate[_ -]?limit nor stands against 429 (the blank before the code is there either way)",
  },
  {
    file: "src/models/adapters/_toward_wire.ts",
    before: "const budget = Math.min(wanted ?? 0, limit);",
    after: "const budget = Math.min(wanted || 0, limit);",
    reason:
      "wanted is a BUDGETS value (each a positive number) or undefined, so ?? 0 and || 0 give the same number",
  },
  {
    file: "src/models/adapters/_call_scope.ts",
    before:
      'else callerSignal?.addEventListener("abort", this, { once: true });',
    after:
      'else callerSignal?.addEventListener("abort", this, { once: false });',
    reason:
      "a signal aborts once and never dispatches abort again, and dispose removes the listener when the call ends, so a listener kept after it fired is never called and is gone at the same time",
  },
  {
    file: "src/models/adapters/_lines.ts",
    before: 'this.#provider ?? "stream",',
    after: 'this.#provider || "stream",',
    reason:
      "the only caller that names a provider passes the HTTP client's, which HttpAdapter refuses empty, so the provider is a non-empty string or undefined and ?? and || pick the same",
  },
  {
    file: "src/models/adapters/_ir.ts",
    before: "totalTokens: total ?? prompt + completion,",
    after: "totalTokens: total || prompt + completion,",
    reason:
      "a reported total of 0 means no tokens at all: the prompt and completion counts, each a part of it, are 0 too, so both sides give 0; they differ only for an upstream whose total is smaller than its parts",
  },
  {
    file: "src/models/adapters/_openai_details.ts",
    before: 'totalTokens: count(usage, "total_tokens") ?? prompt + completion,',
    after: 'totalTokens: count(usage, "total_tokens") || prompt + completion,',
    reason:
      "a reported total_tokens of 0 means no tokens at all: prompt_tokens and completion_tokens, each a part of it, are 0 too, so both sides give 0; they differ only for an upstream whose total is smaller than its parts",
  },
  {
    file: "src/models/adapters/_openai_details.ts",
    before: "top_logprobs: (entry.topLogprobs ?? []).map((top) => ({",
    after: "top_logprobs: (entry.topLogprobs || []).map((top) => ({",
    reason:
      "topLogprobs is an array (never falsy) or undefined in the IR, so ?? and || pick the same",
  },
  {
    file: "src/models/adapters/ollama.ts",
    before: "return usageOf(prompt ?? 0, completion ?? 0);",
    after: "return usageOf(prompt ?? 0, completion || 0);",
    reason:
      "completion is a number read from JSON (never NaN) or undefined; for 0 both sides give 0",
  },
];
