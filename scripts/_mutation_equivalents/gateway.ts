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
    before: "cached_tokens: usage.cacheReadTokens ?? 0,",
    after: "cached_tokens: usage.cacheReadTokens || 0,",
    reason:
      "a token count is undefined or a whole number: `|| 0` differs from `?? 0` only for 0, which gives 0 either way",
  },
  {
    file: "src/gateway/_responses_response.ts",
    before: "cache_write_tokens: usage.cacheCreationTokens ?? 0,",
    after: "cache_write_tokens: usage.cacheCreationTokens || 0,",
    reason:
      "a token count is undefined or a whole number: `|| 0` differs from `?? 0` only for 0, which gives 0 either way",
  },
  // gw9: the open survivors of the eighth round reviewed as equivalent.
  {
    file: "src/gateway/_exchange.ts",
    before: "if (cost > 0) {",
    after: "if (cost >= 0) {",
    reason:
      "a cost of 0 then goes to BudgetLimiter.charge, which returns before any store call for an amount that is not above 0 (tests/gateway/budget_r11_mutants_test.ts counts the calls): only an already settled promise is awaited before the answer",
  },
  {
    file: "src/gateway/anthropic_response.ts",
    before: "if (message.refusal && block.text === message.refusal) {",
    after: "if (message.refusal && block.text !== message.refusal) {",
    reason:
      "only the done message reaches this, and its stop reason is `refusal` whenever that message's refusal is non-empty (`this.#refused || Boolean(chunk.message?.refusal)`), whatever this line sets",
  },
  {
    file: "src/gateway/anthropic_response.ts",
    before: "if (message.refusal && block.text === message.refusal) {",
    after: "if (message.refusal || block.text === message.refusal) {",
    reason:
      "with a non-empty refusal the done message ends as a refusal anyway; with an empty or absent one, the text must equal it, and blocksOf never yields an empty or absent text (empty text parts are dropped)",
  },
  {
    file: "src/gateway/_stream_tokens.ts",
    before: "if (keyLength < MAX_KEY_BYTES) key[keyLength++] = b;",
    after: "if (keyLength <= MAX_KEY_BYTES) key[keyLength++] = b;",
    reason:
      "the extra write is past the end of the 17-byte Uint8Array, which drops it; the key is then 18 bytes long, which no name we read has, as the -1 the original sets gives OTHER, and the next byte sets -1",
  },
  {
    file: "src/gateway/_sse.ts",
    before: "if ((await chunks.next()).done) return;",
    after: "if ((await chunks.next()).done) ;",
    reason:
      "the drain's loop goes on calling next() on a finished generator, which stays done, at most 16 times, then return() on it, a no-op: the router's code after its last chunk ran at the first done either way",
  },
  {
    file: "src/gateway/cache/_answer.ts",
    before:
      "if (metadata.provider !== undefined) kept.provider = metadata.provider;",
    after:
      "if (metadata.provider === undefined) kept.provider = metadata.provider;",
    reason:
      "no answer, header, log line or metric reads a cached answer's metadata.provider (a hit names no backend; the price comes from the backend's adapter, not the answer): only the stored text, an internal format, differs",
  },
  {
    file: "src/gateway/cache/_answer.ts",
    before:
      "if (metadata.provider !== undefined) kept.provider = metadata.provider;",
    after:
      "if (!(metadata.provider !== undefined)) kept.provider = metadata.provider;",
    reason:
      "as the `===` edit: nothing reads a cached answer's metadata.provider, so only the stored text differs",
  },
  {
    file: "src/gateway/_budget_ledger.ts",
    before:
      "owed.ttls = owed.ttls.map((ttl, i) => Math.max(ttl, ttls[i] ?? 0));",
    after:
      "owed.ttls = owed.ttls.map((ttl, i) => Math.max(ttl, ttls[i] || 0));",
    reason:
      "a ttl is a finite number of ms, 0 or more (BudgetLimiter computes it), and `|| 0` differs from `?? 0` only for 0 (or NaN, never given), which gives 0 either way",
  },
  {
    file: "src/gateway/_budget_ledger.ts",
    before: "return this.#seq + 1;",
    after: "return this.#seq;",
    reason:
      "floor is read only when a charge is sent under its sequence number, and that charge is in #sent until its answer settles it, so the loop above always returns first: this line is never reached",
  },
  {
    file: "src/gateway/_count_tokens.ts",
    context: "},",
    before: '"count_tokens",',
    after: '"",',
    reason:
      "the request id a count's parsed request carries lands in its IR's metadata.requestId, which nothing reads: the IR is only measured (its messages and tools, for the estimate) and never sent; a relayed count sends the client's body",
  },
  {
    file: "src/gateway/_budget_parts.ts",
    before: "const { usd, period } = (item ?? {}) as Record<string, unknown>;",
    after: "const { usd, period } = (item || {}) as Record<string, unknown>;",
    reason:
      '`||` differs from `??` only for 0, "", false and NaN, whose `usd` and `period` read undefined just as `{}`\'s do: the same message either way',
  },
  {
    file: "src/gateway/_refused.ts",
    before: "if (messages.length === 0) return undefined;",
    after: "if (messages.length === 0) undefined;",
    reason:
      'with no message the next line returns "" (an empty list joined), and the one reader, the log line, writes upstream_error only when it is truthy: absent either way',
  },
  {
    file: "src/gateway/_usage_estimate.ts",
    before: "const refusal = message.refusal?.length ?? 0;",
    after: "const refusal = message.refusal?.length || 0;",
    reason:
      "a length is undefined or a whole number: `|| 0` differs from `?? 0` only for 0, which gives 0 either way",
  },
  {
    file: "src/gateway/_failure_text.ts",
    before:
      'return `backend "${failure.backend}"${STATE[failure.error.code] ?? ""}: ${',
    after:
      'return `backend "${failure.backend}"${STATE[failure.error.code] || ""}: ${',
    reason:
      "STATE's values are non-empty strings, and a code it lacks reads undefined (or an inherited member, truthy, which both operators keep): `||` and `??` give the same text",
  },
  {
    file: "src/gateway/_path.ts",
    before: 'const start = scheme < 0 ? -1 : url.indexOf("/", scheme + 3);',
    after: 'const start = scheme <= 0 ? -1 : url.indexOf("/", scheme + 3);',
    reason:
      "a Request's URL is absolute, so `://` is never at index 0; and the fast path only skips building a URL object: for an absolute URL whose path is one of the routes, as every Request's is, the URL parser returns the same path",
  },
  {
    file: "src/gateway/_path.ts",
    before: 'const start = scheme < 0 ? -1 : url.indexOf("/", scheme + 3);',
    after: 'const start = scheme < 1 ? -1 : url.indexOf("/", scheme + 3);',
    reason:
      "a Request's URL is absolute, so `://` is never at index 0; and the fast path only skips building a URL object: for an absolute URL whose path is one of the routes, as every Request's is, the URL parser returns the same path",
  },
  {
    file: "src/gateway/_path.ts",
    before:
      "if (start > 0 && EXACT.has(url.slice(start))) return url.slice(start);",
    after:
      "if (start >= 0 && EXACT.has(url.slice(start))) return url.slice(start);",
    reason:
      "at start 0 or -1 the slice is the whole URL or its last character, neither a route; and the fast path only skips building a URL object: for an absolute URL whose path is one of the routes, as every Request's is, the URL parser returns the same path",
  },
  {
    file: "src/gateway/_path.ts",
    before:
      "if (start > 0 && EXACT.has(url.slice(start))) return url.slice(start);",
    after:
      "if (start > 1 && EXACT.has(url.slice(start))) return url.slice(start);",
    reason:
      "the fast path only skips building a URL object: for an absolute URL whose path is one of the routes, as every Request's is, the URL parser returns the same path",
  },
  {
    file: "src/gateway/_path.ts",
    before:
      "if (start > 0 && EXACT.has(url.slice(start))) return url.slice(start);",
    after: "if (start > 0 && EXACT.has(url.slice(start))) url.slice(start);",
    reason:
      "the fast path only skips building a URL object: for an absolute URL whose path is one of the routes, as every Request's is, the URL parser returns the same path",
  },
  {
    file: "src/gateway/_internal_error.ts",
    before: "(chat ?? errorApi(path, request.headers)).errorBody(resolved),",
    after: "(chat || errorApi(path, request.headers)).errorBody(resolved),",
    reason:
      "chat is one of the two wire objects or undefined: `||` and `??` pick the same",
  },
  {
    file: "src/gateway/_internal_error.ts",
    before: 'api: request.method === "POST" ? chat?.name ?? null : null,',
    after: 'api: request.method === "POST" ? chat?.name || null : null,',
    reason:
      "a wire's name is a non-empty string or absent: `||` and `??` give the same",
  },
  {
    file: "src/gateway/_upstream_answer.ts",
    before: 'if (this.#finished) return "";',
    after: 'if (this.#finished) "";',
    reason:
      "the encoder's one caller, sseBody's loop, runs only while `finished` is false and a head read ends at the first done, so encode is never called once finished is set: the line is never reached true",
  },
  {
    file: "src/gateway/cache/_key.ts",
    before: 'return JSON.stringify(value) ?? "null";',
    after: 'return JSON.stringify(value) || "null";',
    reason:
      "JSON.stringify of a JSON value is a non-empty string: `||` and `??` give the same",
  },
  {
    file: "src/gateway/cache/_key.ts",
    before: 'return JSON.stringify(value) ?? "null";',
    after: "return JSON.stringify(value);",
    reason:
      "the values come from a parsed JSON body or the key's own defined fields: never undefined or a function, for which alone JSON.stringify gives undefined",
  },
  {
    file: "src/gateway/cache/_key.ts",
    before: "if (record[name] === undefined) continue;",
    after: "if (record[name] === undefined) ;",
    reason:
      "the values come from a parsed JSON body or the key's own defined fields: never undefined or a function, for which alone JSON.stringify gives undefined",
  },
  {
    file: "src/gateway/_responses_response.ts",
    before: "tools: body.tools ?? [],",
    after: "tools: body.tools || [],",
    reason:
      "the request reader refuses `tools` that is neither null, absent nor an array (readTools), and an array is truthy: `||` and `??` give the same",
  },
  {
    file: "src/gateway/_json_position.ts",
    before: "while (i < n && WHITESPACE.includes(text[i])) i++;",
    after: "while (i <= n && WHITESPACE.includes(text[i])) i++;",
    reason:
      'at i === n, text[i] is undefined and " \\t\\n\\r".includes(undefined) is false (it looks for "undefined"), so the loop stops at n either way',
  },
  {
    file: "src/gateway/_json_position.ts",
    before: 'while (i < n && text[i] >= "0" && text[i] <= "9") i++;',
    after: 'while (i <= n && text[i] >= "0" && text[i] <= "9") i++;',
    reason:
      'at i === n, text[i] is undefined and undefined >= "0" is false, so the digits stop at n either way',
  },
  {
    file: "src/gateway/_json_position.ts",
    before: "if (i >= n) return false;",
    after: "if (i > n) return false;",
    reason:
      'at i === n (a text ending in a backslash), text[i] is undefined: not one of the escapes and not "u", so the next line returns false at the same i',
  },
  {
    file: "src/gateway/_json_position.ts",
    before: "if (i >= n) return false;",
    after: "if (i >= n) false;",
    reason:
      "the same: at i === n the lines below return false at the same i (i never passes n here)",
  },
  {
    file: "src/gateway/_json_position.ts",
    context: "skip();",
    before: "if (i >= n) return n;",
    after: "if (i > n) return n;",
    reason:
      "at i === n no value starts: text[i] is undefined, so scalar() fails (not a quote, a word's letter, a minus or a digit) without moving and the loop returns i, which is n",
  },
  {
    file: "src/gateway/_json_position.ts",
    context: "skip();",
    before: "if (i >= n) return n;",
    after: "if (i >= n) n;",
    reason: "the same: at i === n the lines below return i, which is n",
  },
  {
    file: "src/gateway/_json_position.ts",
    context: "if (stack.length === 0) return i < n ? i : undefined;",
    before: "if (i >= n) return n;",
    after: "if (i > n) return n;",
    reason:
      "at i === n with a container open, text[i] is undefined: neither its closer nor a comma, so the line after returns i, which is n",
  },
  {
    file: "src/gateway/_json_position.ts",
    context: "if (stack.length === 0) return i < n ? i : undefined;",
    before: "if (i >= n) return n;",
    after: "if (i >= n) n;",
    reason: "the same: at i === n the lines below return i, which is n",
  },
  {
    file: "src/gateway/_json_position.ts",
    before: "if (stack.length === 0) return i < n ? i : undefined;",
    after: "if (stack.length === 0) return i <= n ? i : undefined;",
    reason:
      "the two callers (config.ts, env_backends.ts) ask only for a text JSON.parse refused, and the scanner reads JSON's grammar (json_position_r11_mutants_test checks it against JSON.parse), so it never reaches the text's end with every container closed for them: only valid JSON, which is never asked about, would get a position",
  },
  {
    file: "src/gateway/_jsonc.ts",
    before: "while (i < text.length) {",
    after: "while (i <= text.length) {",
    reason:
      "at i === text.length, c is undefined and takes the last branch: /\\s/.test(undefined) is false, so it sets lastComma to -1 and previous, which nothing reads after the loop; out is not written",
  },
  {
    file: "src/gateway/_jsonc.ts",
    before:
      'while (i < text.length && text[i] !== \'"\') i += text[i] === "\\\\" ? 2 : 1;',
    after:
      'while (i <= text.length && text[i] !== \'"\') i += text[i] === "\\\\" ? 2 : 1;',
    reason:
      "at i === text.length (an unclosed string), text[i] is undefined, so i steps once more and both loops end: out is not written",
  },
  {
    file: "src/gateway/_jsonc.ts",
    before:
      'if (end < 0) return out.join(""); // unclosed: JSON.parse reports it',
    after:
      'if (end <= 0) return out.join(""); // unclosed: JSON.parse reports it',
    reason: 'end is indexOf("*/", i + 2): -1 or at least 2, never 0',
  },
  {
    file: "src/gateway/_jsonc.ts",
    before:
      'if (end < 0) return out.join(""); // unclosed: JSON.parse reports it',
    after:
      'if (end < 1) return out.join(""); // unclosed: JSON.parse reports it',
    reason: 'end is indexOf("*/", i + 2): -1 or at least 2, never 0',
  },
  {
    file: "src/gateway/_jsonc.ts",
    before: 'if (lastComma >= 0) out[lastComma] = " ";',
    after: 'if (lastComma > 0) out[lastComma] = " ";',
    reason:
      'a comma at offset 0 has no value before it (previous is ""), so lastComma is set to -1 for it: lastComma is -1 or at least 1, never 0',
  },
  {
    file: "src/gateway/_jsonc.ts",
    before: 'if (lastComma >= 0) out[lastComma] = " ";',
    after: 'if (lastComma >= 1) out[lastComma] = " ";',
    reason:
      'a comma at offset 0 has no value before it (previous is ""), so lastComma is set to -1 for it: lastComma is -1 or at least 1, never 0',
  },
  {
    file: "src/gateway/budget_store.ts",
    before: "pending.catch(() => {});",
    after: ";",
    reason:
      "Promise.race, two lines below and with no await between, subscribes to pending at once, so a rejection that comes after the timeout won the race is handled by race's own subscription: no unhandled rejection either way (checked on Deno 2.9)",
  },
  {
    file: "src/gateway/_console_data.ts",
    before: "requests: used?.requests ?? 0,",
    after: "requests: used?.requests || 0,",
    reason:
      "used comes from Metrics.usageByKey, which starts each count at 0 and adds finite counts only (a NaN token count is skipped by `if (record.tokensOut)`), so used?.requests is undefined or a number that is never NaN: `|| 0` and `?? 0` give the same",
  },
  {
    file: "src/gateway/_console_data.ts",
    before: "errors: used?.errors ?? 0,",
    after: "errors: used?.errors || 0,",
    reason:
      "used comes from Metrics.usageByKey, which starts each count at 0 and adds finite counts only (a NaN token count is skipped by `if (record.tokensOut)`), so used?.errors is undefined or a number that is never NaN: `|| 0` and `?? 0` give the same",
  },
  {
    file: "src/gateway/_console_data.ts",
    before: "tokensIn: used?.tokensIn ?? 0,",
    after: "tokensIn: used?.tokensIn || 0,",
    reason:
      "used comes from Metrics.usageByKey, which starts each count at 0 and adds finite counts only (a NaN token count is skipped by `if (record.tokensOut)`), so used?.tokensIn is undefined or a number that is never NaN: `|| 0` and `?? 0` give the same",
  },
  {
    file: "src/gateway/_console_data.ts",
    before: "tokensOut: used?.tokensOut ?? 0,",
    after: "tokensOut: used?.tokensOut || 0,",
    reason:
      "used comes from Metrics.usageByKey, which starts each count at 0 and adds finite counts only (a NaN token count is skipped by `if (record.tokensOut)`), so used?.tokensOut is undefined or a number that is never NaN: `|| 0` and `?? 0` give the same",
  },
  {
    file: "src/gateway/config.ts",
    before: "for (const model of backend.models ?? []) {",
    after: "for (const model of backend.models || []) {",
    reason:
      "a backend's models are undefined or an array (readBackend checks them), and an array is truthy: `||` and `??` give the same",
  },
  {
    file: "src/gateway/config.ts",
    before: "checkNames(key.backends ?? [], known, `keys[${i}].backends`);",
    after: "checkNames(key.backends || [], known, `keys[${i}].backends`);",
    reason:
      "a key's backends are undefined or an array (readKeys checks them), and an array is truthy: `||` and `??` give the same",
  },
  {
    file: "src/gateway/metrics.ts",
    before: "b.stats?.retries ?? 0",
    after: "b.stats?.retries || 0",
    reason:
      "the retries are the router's count, undefined or a whole number (never NaN), and for those `|| 0` and `?? 0` render the same",
  },
  {
    file: "src/gateway/_admin.ts",
    before: "handle: allowed.length > 1 && !allowed.includes(method)",
    after: "handle: allowed.length >= 1 && !allowed.includes(method)",
    reason:
      "a one-method route's handler is reached only for that method (the route table answers any other with its 405, HEAD included), so the handler's own 405 never applies there",
  },
  {
    file: "src/gateway/_info.ts",
    before:
      "const declared = new Set(info.metadata.capabilities.models ?? []);",
    after: "const declared = new Set(info.metadata.capabilities.models || []);",
    reason:
      "a backend's declared models are undefined or an array (BackendCapabilities.models), and an array is truthy: `||` and `??` give the same set",
  },
  {
    file: "src/gateway/_exchange.ts",
    before: 'backend: outcome.backend ?? "none",',
    after: 'backend: outcome.backend || "none",',
    reason:
      "as for the log line's backend: outcome.backend is undefined or a name from the router's routing trace, and the router refuses an empty backend name, so the metrics label is the same with || and ??",
  },
  {
    file: "src/gateway/_info.ts",
    before:
      "const declared = new Set(info.metadata.capabilities.models ?? []);",
    after: "const declared = new Set(info.metadata.capabilities.models);",
    reason:
      "`new Set(undefined)` is an empty set, as `new Set([])` is, and the declared models are otherwise an array (BackendCapabilities.models)",
  },
  {
    file: "src/gateway/_strict_schema.ts",
    before: "const fields = (properties ?? {}) as Record<string, unknown>;",
    after: "const fields = (properties || {}) as Record<string, unknown>;",
    reason:
      "the line above returns for a `properties` that is defined and no record, so here it is undefined or a record, and a record is truthy: `||` and `??` give the same",
  },
  {
    file: "src/gateway/cache/_chat.ts",
    before: "const text = value.trim();",
    after: "const text = value;",
    reason:
      "the value comes from a Request's Headers, which strip leading and trailing whitespace from every value they hold (the Fetch standard's normalization), so trim() never changes it",
  },
  {
    file: "src/gateway/cache/_chat.ts",
    before: "cacheable = true,",
    after: "cacheable = false,",
    reason:
      "planCache's one caller (_handle_chat.ts) always passes `cacheable`, so the default is never used",
  },
  {
    file: "src/gateway/cache/_chat.ts",
    before: "if (plan.ttlMs <= 0) return;",
    after: "if (plan.ttlMs <= 1) return;",
    reason:
      "a plan's ttlMs is a whole number of seconds times 1000 (the TTL header and cache.ttlSeconds are both whole seconds), so it is never 1",
  },
  {
    file: "src/gateway/_admin_keys.ts",
    before:
      'return typeof key?.id === "string" && typeof key.sha256 === "string"',
    after:
      'return typeof key.id === "string" && typeof key.sha256 === "string"',
    reason:
      "the line is inside parse's try: a record of `null` then throws a TypeError that the catch turns into undefined, the same answer `?.` gives",
  },
  {
    file: "src/gateway/_stream_tokens.ts",
    before:
      'if (typeof usage !== "object" || usage === null) return undefined;',
    after: 'if (typeof usage !== "object" || usage === null) undefined;',
    reason:
      "#split's one caller hands it what JSON.parse made of bytes captured from an opening brace to its closing one, which is always a non-null object, so the early return is never taken",
  },
  {
    file: "src/gateway/_deadline.ts",
    before: "this.signal = this.#abort?.signal ?? client;",
    after: "this.signal = this.#abort?.signal || client;",
    reason:
      "the left side is an AbortSignal or undefined, and an AbortSignal (an object) is always truthy",
  },
  {
    file: "src/gateway/_deadline.ts",
    before: 'else client.addEventListener("abort", this, { once: true });',
    after: 'else client.addEventListener("abort", this, { once: false });',
    reason:
      "an AbortSignal dispatches abort at most once, and release() removes the listener whether it was once or not",
  },
  {
    file: "src/gateway/cache/memory.ts",
    before: "this.#now = options.now ?? Date.now;",
    after: "this.#now = options.now || Date.now;",
    reason:
      "options.now is a function or undefined by type, and a function is always truthy",
  },
  {
    file: "src/gateway/_passthrough.ts",
    context: "upstream.body?.cancel(signal.reason).catch(() => {});",
    before: "return;",
    after: ";",
    reason:
      "onAbort has already rejected the promise with the abort's reason; what then runs only adds a listener to an aborted signal (abort never fires again) and reads the cancelled body, which rejects (Body already consumed), removing that listener and settling a settled promise",
  },
  {
    file: "src/gateway/_config_backends.ts",
    before: "b.defaultModel === target || (b.models ?? []).includes(target)",
    after: "b.defaultModel === target || (b.models || []).includes(target)",
    reason:
      "a backend's models are a string array or undefined (readBackends builds them), and an array is always truthy",
  },
  {
    file: "src/gateway/metrics.ts",
    before: "s.requests.set(status, requests);",
    after: ";",
    reason:
      "the per-series map only caches Family.get, which gives the same counter for the same labels every time: a series is never removed, and once the family is full a label set it lacks goes to _other on every call",
  },
  {
    file: "src/gateway/metrics.ts",
    before: "s.errors.set(code, errors);",
    after: ";",
    reason:
      "the per-series map only caches Family.get, which gives the same counter for the same labels every time: a series is never removed, and once the family is full a label set it lacks goes to _other on every call",
  },
  {
    file: "src/gateway/budgets.ts",
    before: "(point < 0 || short.length - point - 1 <= digits)",
    after: "(point <= 0 || short.length - point - 1 <= digits)",
    reason:
      "point is the index of the decimal point in String(value), which never starts with one (a number below 1 is written 0.…), so it is -1 or at least 1, never 0",
  },
  {
    file: "src/gateway/providers.ts",
    before:
      "const url = spec.baseURL ?? providerEntry(spec.provider)?.baseURL;",
    after: "const url = spec.baseURL || providerEntry(spec.provider)?.baseURL;",
    reason:
      'the two differ only for a baseURL of "", which no spec the gateway or the command builds holds: the config refuses a baseURL that is not an http(s) URL and the environment reader leaves out an empty OPENAI_BASE_URL',
  },
  {
    file: "src/gateway/_relay_answer.ts",
    context:
      "} else if (cut !== null) outcome.errorCode ??= ErrorCode.ABORTED;",
    before: "deadline.release();",
    after: ";",
    reason:
      "the relayed stream has ended here and its timer was stopped when it began (stopTimer): release() would only take the deadline's listener off the request's own signal, which both listeners die with; an abort of that signal later aborts a call that is over, which changes nothing",
  },
  {
    file: "src/gateway/_relay_answer.ts",
    before: "const watched = watchedBody(tokens?.body ?? body);",
    after: "const watched = watchedBody(tokens?.body || body);",
    reason:
      "tokens?.body is the tap's ReadableStream, an object and never falsy, or undefined when no tap reads the stream: ?? and || pick the same side",
  },
  {
    file: "src/gateway/_stream_tokens.ts",
    before: "const prompt = this.#input + (this.#cacheRead ?? 0) +",
    after: "const prompt = this.#input + (this.#cacheRead || 0) +",
    reason:
      "the cache-read count is undefined or a number JSON.parse made (never NaN), and for 0 both sides give 0",
  },
  {
    file: "src/gateway/_stream_tokens.ts",
    before: "(this.#cacheWritten ?? 0);",
    after: "(this.#cacheWritten || 0);",
    reason:
      "the cache-write count is undefined or a number JSON.parse made (never NaN), and for 0 both sides give 0",
  },
  // Fifteenth round (core15): reviewed once the budget stores refuse a
  // non-finite amount.
  {
    file: "src/gateway/budget_store.ts",
    before: "const total = (this.#totals.get(key) ?? 0) + usd;",
    after: "const total = (this.#totals.get(key) || 0) + usd;",
    reason:
      "add() refuses an amount that is not a finite number (checkUsd, before the map), so a total is undefined or a finite sum that started from +0, never NaN or -0: ?? 0 and || 0 pick the same",
  },
  {
    file: "src/gateway/_stream_tokens.ts",
    context: "this.#capture = undefined;",
    before: "continue;",
    after: ";",
    reason:
      "a newline has just set state to OUT and capture to undefined: falling through, the byte reaches the OUT branch, where it is no quote and nothing is captured, so it changes nothing",
  },
  {
    file: "src/gateway/budgets.ts",
    before: "if (value < FAST_BELOW && digits >= 0 && digits <= 10) {",
    after: "if (value <= FAST_BELOW && digits >= 0 && digits <= 10) {",
    reason:
      'the one value let through is 2^18 itself, an integer: String gives "262144" and toFixed gives it with zero decimals, which the trailing-zero strip removes, so both paths write the same text',
  },
  {
    file: "src/gateway/budgets.ts",
    before: "this.#current.set(period, { ...window, start: now });",
    after: ";",
    reason:
      "the map only remembers the window last computed for a period; without it budgetWindow(period, now) is computed on every call, and it is a pure function of period and now, so every window (id, end) is the same; only the cost changes",
  },
  {
    file: "src/gateway/gateway.ts",
    before: "const modelRouter = options.router ?? routerOf(options);",
    after: "const modelRouter = options.router || routerOf(options);",
    reason:
      "options.router is a ModelRouter (an object, always truthy) or undefined, and null (a JavaScript caller's) is nullish for ?? too: both operators pick the same router for every value the option takes",
  },
  {
    file: "src/gateway/gateway.ts",
    before:
      "const route = admin?.routeAt(request.method, path) ?? routeAt(path);",
    after:
      "const route = admin?.routeAt(request.method, path) || routeAt(path);",
    reason:
      "Admin.routeAt returns a Route (an object, always truthy) or undefined, so || and ?? fall back to routeAt(path) in the same cases",
  },
  {
    file: "src/gateway/_passthrough.ts",
    before: 'message: `${provider ?? "upstream"}: the answer broke off`,',
    after: "message: `${provider}: the answer broke off`,",
    reason:
      "every caller passes ex.outcome.backend, which noteRouting set from the relayed answer's routing trace before the answer is read; the gateway's router is a Router, whose relayed answers always carry the winning backend's registered name, a non-empty string",
  },
  {
    file: "src/gateway/_request_parts.ts",
    before: "outcome.backend ??= backendOf(failures.at(-1) ?? error) ?? named;",
    after: "outcome.backend ??= backendOf(failures.at(-1) ?? error) || named;",
    reason:
      "backendOf returns an AdapterError's backend, which the Router sets to the registered name of the backend that failed; the registry refuses an empty name, so it is a non-empty string or undefined, and ?? and || pick named in the same cases",
  },
  {
    file: "src/gateway/anthropic_response.ts",
    before: "(usage?.promptTokens ?? 0) - (read ?? 0) - (written ?? 0),",
    after: "(usage?.promptTokens ?? 0) - (read || 0) - (written ?? 0),",
    reason:
      "read is a number or undefined; ?? 0 and || 0 differ only for NaN (which JSON, where every adapter's and the passthrough's counts come from, cannot hold) and -0 (which subtracts as 0 does)",
  },
  {
    file: "src/gateway/_handle_responses.ts",
    before: "const names = ex.key?.backends ?? router.listBackends();",
    after: "const names = ex.key?.backends || router.listBackends();",
    reason:
      "a key's backends is an array (truthy, empty or not) or undefined, so ?? and || fall back to the router's list in the same case",
  },
  {
    file: "src/gateway/from_config.ts",
    before:
      "(options.keys?.length ?? 0) + (options.admin === undefined ? 0 : 1),",
    after:
      "(options.keys?.length || 0) + (options.admin === undefined ? 0 : 1),",
    reason:
      "the length is a number or undefined; ?? 0 and || 0 differ only when it is 0, which both turn into 0",
  },
  {
    file: "src/gateway/budgets.ts",
    before: "(point < 0 || short.length - point - 1 <= digits)",
    after: "(point < 0 || short.length - point - 1 < digits)",
    reason:
      "a shortest text with exactly `digits` decimals is what toFixed(digits) gives (the comment's argument above: below FAST_BELOW the rounding lands on it) and has no trailing zero to strip, so sending it down the slow path returns the same text, only slower",
  },
  {
    file: "src/gateway/openai_response.ts",
    before: 'this.#toolCall(chunk.id, chunk.name, chunk.inputDelta ?? "");',
    after: 'this.#toolCall(chunk.id, chunk.name, chunk.inputDelta || "");',
    reason:
      "inputDelta is a string or undefined; ?? and || differ only for the empty string, which both turn into the empty string",
  },
  {
    file: "src/gateway/openai_response.ts",
    before: "this.#chars += chunk.delta.length + (delta.refusal?.length ?? 0);",
    after: "this.#chars += chunk.delta.length + (delta.refusal?.length || 0);",
    reason:
      "a length is a number or undefined; ?? 0 and || 0 differ only when it is 0, which both turn into 0",
  },
  {
    file: "src/gateway/_passthrough.ts",
    before: ": prompt + (read ?? 0) + (written ?? 0) + completion,",
    after: ": prompt + (read ?? 0) + (written || 0) + completion,",
    reason:
      "written comes from count(), which returns a positive number or undefined; ?? 0 and || 0 differ only for 0 and NaN, which count() never returns",
  },
  {
    file: "src/gateway/gateway.ts",
    before: "options.rateLimitStore ??",
    after: "options.rateLimitStore ||",
    reason:
      "rateLimitStore is a store object or absent; ?? and || differ only for a falsy value other than null and undefined, which no store is",
  },
  {
    file: "src/gateway/errors.ts",
    before: "param: error.param ?? null,",
    after: "param: error.param || null,",
    reason:
      'every GatewayError the gateway raises names a request field or none (GatewayError keeps no param it was not given); ?? and || differ only for param "", which names no field either way, so the client reads no field at fault in both',
  },
  {
    file: "src/gateway/_passthrough.ts",
    before: "promptTokens: prompt + (read ?? 0) + (written ?? 0),",
    after: "promptTokens: prompt + (read || 0) + (written ?? 0),",
    reason:
      "usageOf: the left side is a count() result; count() returns a positive number or undefined; ?? and || differ only for 0, NaN and the empty string, which it never returns",
  },
  {
    file: "src/gateway/_passthrough.ts",
    before: "promptTokens: prompt + (read ?? 0) + (written ?? 0),",
    after: "promptTokens: prompt + (read ?? 0) + (written || 0),",
    reason:
      "usageOf: the left side is a count() result; count() returns a positive number or undefined; ?? and || differ only for 0, NaN and the empty string, which it never returns",
  },
  {
    file: "src/gateway/_passthrough.ts",
    before: ": prompt + (read ?? 0) + (written ?? 0) + completion,",
    after: ": prompt + (read || 0) + (written ?? 0) + completion,",
    reason:
      "usageOf: the left side is a count() result; count() returns a positive number or undefined; ?? and || differ only for 0, NaN and the empty string, which it never returns",
  },
  {
    file: "src/gateway/_passthrough.ts",
    before: "const cached = read ??",
    after: "const cached = read ||",
    reason:
      "usageOf: the left side is a count() result; count() returns a positive number or undefined; ?? and || differ only for 0, NaN and the empty string, which it never returns",
  },
  {
    file: "src/gateway/_passthrough.ts",
    before: 'count(detail(usage, "prompt_tokens_details", "cached_tokens")) ??',
    after: 'count(detail(usage, "prompt_tokens_details", "cached_tokens")) ||',
    reason:
      "usageOf: the left side is a count() result; count() returns a positive number or undefined; ?? and || differ only for 0, NaN and the empty string, which it never returns",
  },
  {
    file: "src/gateway/_passthrough.ts",
    before: "const cacheWrites = written ??",
    after: "const cacheWrites = written ||",
    reason:
      "usageOf: the left side is a count() result; count() returns a positive number or undefined; ?? and || differ only for 0, NaN and the empty string, which it never returns",
  },
  {
    file: "src/gateway/_passthrough.ts",
    before:
      'count(detail(usage, "prompt_tokens_details", "cache_write_tokens")) ??',
    after:
      'count(detail(usage, "prompt_tokens_details", "cache_write_tokens")) ||',
    reason:
      "usageOf: the left side is a count() result; count() returns a positive number or undefined; ?? and || differ only for 0, NaN and the empty string, which it never returns",
  },
  {
    file: "src/gateway/_passthrough.ts",
    context: 'detail(usage, "completion_tokens_details", "reasoning_tokens"),',
    before: ") ??",
    after: ") ||",
    reason:
      "usageOf: the left side is a count() result; count() returns a positive number or undefined; ?? and || differ only for 0, NaN and the empty string, which it never returns",
  },
  {
    file: "src/gateway/_passthrough.ts",
    before:
      'count(detail(usage, "output_tokens_details", "reasoning_tokens")) ??',
    after:
      'count(detail(usage, "output_tokens_details", "reasoning_tokens")) ||',
    reason:
      "usageOf: the left side is a count() result; count() returns a positive number or undefined; ?? and || differ only for 0, NaN and the empty string, which it never returns",
  },
];
