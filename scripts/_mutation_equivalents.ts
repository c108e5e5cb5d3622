// Mutants reviewed and judged equivalent: the planted change cannot alter
// anything a caller can observe, so no test can catch it. Each entry names
// the file, the line before and after the edit (blanks collapsed, as the
// report prints them) and why. The report counts them as "equivalent
// (reviewed)" and leaves them out of the score; add one only with a reason a
// second reader would accept.

/** One mutant judged equivalent by review. */
export interface Equivalent {
  file: string;
  /**
   * For a line whose text repeats in the file (`break;`): the nearest
   * non-blank line above it, blanks collapsed.
   */
  context?: string;
  before: string;
  after: string;
  reason: string;
}

// A string in a type argument (`Pick<ServeLimits, "a" | "b">`) is erased
// when the module loads; the sample runs tests without type checking.
const PICK_TYPE_ARGUMENT =
  "the string is a key in Pick<…>'s type argument, erased at run time: the function reads the three limits whatever the type names";

/** The reviewed list. */
export const EQUIVALENTS: Equivalent[] = [
  {
    file: "src/convert/_curl_generate.ts",
    before: "if (scheme !== -1) {",
    after: "if (scheme === -1) {",
    reason:
      "curlUrl always gives a scheme, so the scan starts at 0 instead of after the authority; the only URLs that then differ have a host starting with '.' (http://./), where the extra --path-as-is changes nothing curl sends",
  },
  {
    file: "src/convert/_fetch_code_read.ts",
    context: "} catch {",
    before: "break;",
    after: ";",
    reason:
      "when no further fetch( is found the loop retries the same candidate, which fails the same way, until MAX_CANDIDATES: same error, bounded extra work",
  },
  {
    file: "src/convert/_json_format.ts",
    before: 'if (!emit(text.slice(i, end), ": ")) return false;',
    after: 'if (!emit(text.slice(i, end), ": ")) return true;',
    reason:
      "once over the budget every later emit fails too (size only grows), so the call still ends OVER_BUDGET, or undefined for text that is not JSON, which the retry at lower depth also returns",
  },
  {
    file: "src/convert/core.ts",
    before: 'if (typeof value === "string") return value;',
    after: 'if (typeof value === "string") value;',
    reason:
      "a string then goes through String(value), which returns it unchanged",
  },
  {
    file: "src/convert/fetch.ts",
    before: "return reportedStatus.get(this)?.status ?? super.status;",
    after: "return reportedStatus.get(this).status ?? super.status;",
    reason:
      "the constructor records every StatusResponse before anyone can read status, and its clone() builds a new one through that constructor: the entry is never missing",
  },
  {
    file: "src/convert/fetch.ts",
    before: "return reportedStatus.get(this)?.status ?? super.status;",
    after: "return reportedStatus.get(this)?.status;",
    reason:
      "the constructor records every StatusResponse before anyone can read status, and its clone() builds a new one through that constructor: the entry is never missing",
  },
  {
    file: "src/convert/_markup_format.ts",
    before: "while (pos < text.length) {",
    after: "while (pos <= text.length) {",
    reason:
      "at pos === text.length indexOf('<', pos) is -1 and the loop breaks: one extra, empty turn",
  },
  {
    file: "src/router/_render.ts",
    before: 'if (typeof part === "string") continue;',
    after: 'if (typeof part === "string") ;',
    reason:
      "a literal part then looks up results[text]: undefined or a number, never a stream, except a literal that is a digit string, which names a substitution at or after the cancel point (cancelled anyway) or one already read (locked or done)",
  },
  {
    file: "src/router/router.ts",
    context: 'console.error("Error while streaming a response:", error);',
    before: "return;",
    after: ";",
    reason:
      "without an errorHandler the fall-through calls undefined inside the try whose catch swallows everything: the stream error is logged once either way",
  },
  {
    file: "src/gateway/keys.ts",
    before: "const length = Math.max(a.length, b.length);",
    after: "const length = Math.min(a.length, b.length);",
    reason:
      "diff starts as a.length ^ b.length, so keys of different lengths differ whatever the loop covers; the loop's bound changes only the time taken, which no functional test may measure",
  },
  {
    file: "src/gateway/memory_rate_limit_store.ts",
    context: "this.#buckets.set(key, bucket);",
    before: "return bucket;",
    after: "bucket;",
    reason:
      "a new bucket then goes through the refill with elapsed 0: tokens stay min(capacity, capacity + 0 * perMs) = capacity and at stays now; only a non-finite rate could make it NaN, and keys.ts refuses limits that are not positive finite numbers",
  },
  {
    file: "src/models/_attempt.ts",
    before: "if (signal?.aborted && signal.reason !== TIMEOUT_REASON) {",
    after: "if (signal.aborted && signal.reason !== TIMEOUT_REASON) {",
    reason:
      "every Call is built with a signal (_execute.ts passes the lifetime's callSignal(), typed AbortSignal, or the racer's own), so the optional chain never meets undefined",
  },
  {
    file: "src/models/_attempt.ts",
    before: "signal?.aborted ? TIMEOUT_REASON : thrown,",
    after: "signal.aborted ? TIMEOUT_REASON : thrown,",
    reason:
      "every Call is built with a signal (_execute.ts passes the lifetime's callSignal(), typed AbortSignal, or the racer's own), so the optional chain never meets undefined",
  },
  {
    file: "src/models/_lifetime.ts",
    before: "this.#linked.clear();",
    after: ";",
    reason:
      "after end() the lifetime's signal is aborted, so callSignal() adds no controller; those still in the set are already aborted (aborting again does nothing) and leave it through their own unlink when their call settles: only how long the set holds them changes",
  },
  {
    file: "src/models/_fleet.ts",
    before: "probe = false,",
    after: "probe = true,",
    reason:
      "FleetLink.failure() has one caller (BackendState's failure, _backend_state.ts), which always passes probe: the default is never used",
  },
  {
    file: "src/models/_state.ts",
    before: "this.#capabilities = this.#adapter.metadata?.capabilities ??",
    after: "this.#capabilities = this.#adapter.metadata?.capabilities ||",
    reason:
      "capabilities is an AdapterCapabilities object or undefined, and an object is never falsy: ?? and || pick the same side",
  },
  {
    file: "src/models/stores/memory.ts",
    before: ": refillPerSecond > 0",
    after: ": refillPerSecond >= 0",
    reason:
      "a refused take has cost - tokens > 0, and a positive number over a zero refill is Infinity: the ceiling of it and the Infinity branch give the same retryAfterMs",
  },
  {
    file: "src/models/router.ts",
    before:
      "if (Object.keys(mapping).length > 0) copy.setModelMapping(mapping);",
    after:
      "if (Object.keys(mapping).length >= 0) copy.setModelMapping(mapping);",
    reason:
      "clone()'s copy starts with an empty mapping (RouterConfig has none), and its warnings are muted while it is rebuilt: setting the empty mapping again changes nothing",
  },
  {
    file: "src/models/_breaker.ts",
    before: "now - this.#probeAt >= (this.#settings.probeLease ?? Infinity)",
    after: "now - this.#probeAt >= (this.#settings.probeLease)",
    reason:
      "without a lease the comparison is with undefined instead of Infinity: both are false for every finite difference, and #probeAt is a clock reading or Infinity, so the difference is never +Infinity",
  },
  {
    file: "src/models/_execute.ts",
    before: "const log = earlier ?? [];",
    after: "const log = earlier || [];",
    reason:
      "earlier is an array or undefined, and an array is never falsy: ?? and || pick the same side",
  },
  {
    file: "src/models/stores/memory.ts",
    before:
      "const bucket = this.#buckets.get(key) ?? { tokens: capacity, at: now };",
    after:
      "const bucket = this.#buckets.get(key) || { tokens: capacity, at: now };",
    reason:
      "the map holds bucket objects or nothing, and an object is never falsy: ?? and || pick the same side",
  },
  {
    file: "src/models/_relay.ts",
    before: "if (answer === raced || !(raced instanceof Promise)) return;",
    after: "if (answer === raced && !(raced instanceof Promise)) return;",
    reason:
      "its one caller (_attempt.ts) passes as raced either the answer itself or a Promise from lifetime.race()/raceAbort(); the only case that now goes on is a Promise answer raced by itself, whose rejection hands releaseAnswer nothing (the rejected value is ignored)",
  },
  {
    file: "src/convert/_curl_parse.ts",
    before:
      "if (parsed.length === 0) throw notCurl(text, firstScan ?? scanWords(text));",
    after:
      "if (parsed.length === 0) throw notCurl(text, firstScan || scanWords(text));",
    reason:
      "firstScan is a ScanResult object or undefined, and an object is never falsy: ?? and || pick the same side",
  },
  {
    file: "src/convert/_har_form.ts",
    before: "const left = counts.get(key) ?? 0;",
    after: "const left = counts.get(key) || 0;",
    reason:
      "the counts are whole numbers from 0 up: the only falsy one is 0, which || replaces with 0",
  },
  {
    file: "src/convert/_http_text.ts",
    before:
      "const stop = end > start && text.charCodeAt(end - 1) === 0x0d ? end - 1 : end;",
    after:
      "const stop = end >= start && text.charCodeAt(end - 1) === 0x0d ? end - 1 : end;",
    reason:
      "end === start is an empty line, and every line starts at 0 (charCodeAt(-1) is NaN) or right after an LF: the character before it is never a CR",
  },
  {
    file: "src/convert/_js_literal_read.ts",
    before: "this.pos = end === -1 ? text.length : end + 1;",
    after: "this.pos = end === -1 ? text.length : end;",
    reason:
      "the position then rests on the LF that ends the // comment, which the same loop skips next as white space",
  },
  {
    file: "src/convert/_js_literal_read.ts",
    context: "value(): unknown {",
    before: "this.skip();",
    after: ";",
    reason:
      "every caller of value() skips white space and comments first (peek() before an argument, an array item or the URL; skip() after a key's colon and in a computed key), so this skip never moves",
  },
  {
    file: "src/convert/random.ts",
    before: "return createRng(Math.floor(Math.random() * 4294967296));",
    after: "return createRng(Math.ceil(Math.random() * 4294967296));",
    reason:
      "an unseeded draw takes a random seed either way; createRng reduces it with >>> 0, so 2^32 from ceil is seed 0: the same uniform choice, which no test can tell apart",
  },
  {
    file: "src/convert/string.ts",
    before: "while (end < url.length && !ends.includes(url[end])) end++;",
    after: "while (end <= url.length && !ends.includes(url[end])) end++;",
    reason:
      "past the end url[end] is undefined, so end stops at url.length + 1; its users, url.slice(end) and lastIndexOf('@', end - 1), clamp to the length and give the same results",
  },
  {
    file: "src/convert/string.ts",
    before: 'let url = String(plain.url ?? "");',
    after: 'let url = String(plain.url || "");',
    reason:
      "the checked request's url is always a string (checkedMessage refuses any other), and '' || '' is ''",
  },
  {
    file: "src/cli/_summary.ts",
    before: "const keys = plan.options.keys?.length ?? 0;",
    after: "const keys = plan.options.keys?.length || 0;",
    reason:
      "a length is a whole number: the only falsy one is 0, which || replaces with 0",
  },
  {
    file: "src/cli/_summary.ts",
    before: "const defaultModel = spec.defaultModel ??",
    after: "const defaultModel = spec.defaultModel ||",
    reason:
      "a plan's spec never has defaultModel '': the config and the backends-only list refuse an empty one, and the environment shortcuts treat an empty OPENAI_MODEL or SWITCHYARD_DEFAULT_MODEL as unset",
  },
  {
    file: "src/cli/_summary.ts",
    before: "cache.maxBytes ?? DEFAULT_MEMORY_CACHE_BYTES",
    after: "cache.maxBytes || DEFAULT_MEMORY_CACHE_BYTES",
    reason:
      "the plan's cache comes from the config, whose reader (cache/_config.ts) takes maxBytes only as a positive integer: it is undefined or at least 1, never the 0 that || would replace",
  },
  {
    file: "src/cli/_summary.ts",
    before: "const aliases = plan.options.aliases ?? {};",
    after: "const aliases = plan.options.aliases || {};",
    reason: "the aliases are an object or undefined, and no object is falsy",
  },
  {
    file: "src/cli/_summary.ts",
    before:
      'configPath ?? "none (--config FILE or SWITCHYARD_CONFIG names one)"',
    after:
      'configPath || "none (--config FILE or SWITCHYARD_CONFIG names one)"',
    reason:
      "the command passes the config's path made absolute by resolvePath (at least '/'), or undefined: never ''",
  },
  {
    file: "src/cli/_summary.ts",
    before:
      '`switchyard: admin API at ${admin.path ?? "/admin"}, console at ${',
    after: '`switchyard: admin API at ${admin.path || "/admin"}, console at ${',
    reason:
      "the config takes admin.path only as a path starting with / (adminPathProblem refuses ''): it is undefined or non-empty",
  },
  {
    file: "src/cli/_summary.ts",
    before: 'admin.consolePath ?? "/console"',
    after: 'admin.consolePath || "/console"',
    reason:
      "the config takes admin.consolePath only as a path starting with / (adminPathProblem refuses ''): it is undefined or non-empty",
  },
  {
    file: "src/cli/gateway.ts",
    before: 'if (runtime.name !== "deno" || !deno?.permissions) return;',
    after: 'if (runtime.name !== "deno" && !deno?.permissions) return;',
    reason:
      "currentRuntime names the runtime 'deno' exactly when the Deno global is there (Deno.version.deno), and every Deno has Deno.permissions: on Deno both tests are false, on Node both are true, so || and && agree; only a runtime double named 'node' inside Deno could tell them apart, and the command never builds one",
  },
  {
    file: "src/cli/_runtime.ts",
    before: "(error as Error)?.message ?? String(error),",
    after: "(error as Error)?.message || String(error),",
    reason:
      "Deno's file errors (NotFound, PermissionDenied, IsADirectory, …) always carry a non-empty message ('… (os error N): readfile …'), so || and ?? give the same text",
  },
  {
    file: "src/cli/gateway.ts",
    before: 'const planned = await plan(env, config?.text ?? "");',
    after: 'const planned = await plan(env, config?.text || "");',
    reason:
      "the text is a string or undefined: the only falsy string is '', which || replaces with ''",
  },
  {
    file: "src/cli/gateway.ts",
    before: 'const planned = await plan(env, config?.text ?? "");',
    after: "const planned = await plan(env, config?.text);",
    reason:
      "planGateway calls the reader only when env('SWITCHYARD_CONFIG') is set, and the command's env gives config?.path for that name: the reader runs only when a config, and so its text, exists",
  },
  {
    file: "src/cli/_redis.ts",
    before: "client.connect().then(() => true, () => false),",
    after: "client.connect().then(() => true, () => true),",
    reason:
      "node-redis's connect() rejects only when its reconnect strategy gives up or an 'error' event has no listener; this client's strategy always retries (500 ms) and the listener is attached just before, so the rejection arm never runs (the 2 s bound answers false instead)",
  },
  {
    file: "src/cli/_redis.ts",
    before: 'readonly code = "REDIS_CLIENT_MISSING";',
    after: 'readonly code = "";',
    reason:
      "RedisClientMissing is private to the command: its one caller (gateway.ts) turns any error of connectRedis into a StartupError from the message alone, so the code is never read",
  },
  {
    file: "src/cli/_startup_error.ts",
    before: 'readonly code = "STARTUP";',
    after: 'readonly code = "";',
    reason:
      "StartupError is private to the command (./cli does not export it): main tells it apart with instanceof and prints its message; nothing reads the code",
  },
  {
    file: "src/cli/_args.ts",
    before: 'readonly code = "USAGE";',
    after: 'readonly code = "";',
    reason:
      "UsageError is private to the command (./cli does not export it): main and the convert command tell it apart with instanceof and print its message with status 2; nothing reads the code",
  },
  {
    file: "src/cli/_args.ts",
    before: "const options: Record<string, string | true> = {};",
    after: "const options: Record<string, string | false> = {};",
    reason:
      "a type annotation, erased when the module loads (the sample runs without type checking): the values stored are the same",
  },
  {
    file: "src/cli/convert.ts",
    before: "`cannot read ${path}: ${(error as Error)?.message ?? error}`,",
    after: "`cannot read ${path}: ${(error as Error)?.message || error}`,",
    reason:
      "both runtimes' readFile throw only FileError, handled just above; this line is for anything else, an Error whose message is never empty",
  },
  {
    file: "src/cli/_redis.ts",
    before: "(error as Error)?.message ?? error",
    after: "(error as Error).message ?? error",
    reason:
      "what a failed dynamic import() rejects with is always an Error (TypeError) with a non-empty message: ?. , ?? and || all give that message",
  },
  {
    file: "src/cli/_redis.ts",
    before: "(error as Error)?.message ?? error",
    after: "(error as Error)?.message",
    reason:
      "what a failed dynamic import() rejects with is always an Error (TypeError) with a non-empty message: ?. , ?? and || all give that message",
  },
  {
    file: "src/cli/_redis.ts",
    before: "(error as Error)?.message ?? error",
    after: "(error as Error)?.message || error",
    reason:
      "what a failed dynamic import() rejects with is always an Error (TypeError) with a non-empty message: ?. , ?? and || all give that message",
  },
  {
    file: "src/cli/_redis.ts",
    before: "client.close().then(() => true, () => false),",
    after: "client.close().then(() => false, () => false),",
    reason:
      "after a close that finished, destroy() only throws 'The client is closed', which the catch beside it swallows: the same end state",
  },
  {
    file: "src/cli/_redis.ts",
    before: "client.close().then(() => true, () => false),",
    after: "client.close().then(() => true, () => true),",
    reason:
      "node-redis 6 close() resolves for a client that is open, connecting or reconnecting (checked with Redis up, paused, killed and never there) and rejects only for one already closed; the command closes its client once",
  },
  {
    file: "src/cli/convert.ts",
    before: 'code: "INVALID_HAR",',
    after: 'code: "",',
    reason:
      "parseHarJson runs only after detectType said HAR, which it says only when JSON.parse of the same trimmed text succeeded: the catch that carries this code is a guard no input reaches",
  },
  {
    file: "src/router/_template_parse.ts",
    before: "if (lines.length > 0 && isBlank(lines[lines.length - 1])) {",
    after: "if (lines.length >= 0 && isBlank(lines[lines.length - 1])) {",
    reason:
      "this runs only after lines.length > 1 and one line dropped, so lines is never empty here: > 0 and >= 0 agree",
  },
  {
    file: "src/router/expression.ts",
    context: ");",
    before: "if (captures === null) return null;",
    after: "if (captures === null) null;",
    reason:
      "the header rules that run next end in return null or return captures, which is null here: the result is null either way",
  },
  {
    file: "src/router/_constraint.ts",
    before: 'const next = body[++i] ?? "";',
    after: "const next = body[++i];",
    reason:
      "a class body never ends in a lone backslash: constraintEnd skips the character after every backslash, so a constraint's closing } is never escaped and its text never ends in one, and a pattern ending in one is refused (unclosed { or stray \\) before any constraint is checked",
  },
  {
    file: "src/convert/_http_text.ts",
    before:
      "while (lastBlank > firstBlank && !isBlank(text.charCodeAt(lastBlank))) {",
    after:
      "while (lastBlank >= firstBlank && !isBlank(text.charCodeAt(lastBlank))) {",
    reason:
      "at lastBlank === firstBlank the character is the first blank, so !isBlank stops the loop there too; with no blank, lastBlank starts below firstBlank and neither loop runs",
  },
  {
    file: "src/convert/_js_literal_read.ts",
    before: 'return this.fail("new URL(…) needs a string", start);',
    after: 'this.fail("new URL(…) needs a string", start);',
    reason: "fail() always throws (it returns never): nothing after it runs",
  },
  {
    file: "src/convert/_curl_words.ts",
    before: "if (code >= 128 || SPECIAL[code] === 0) return false;",
    after: "if (code >= 129 || SPECIAL[code] === 0) return false;",
    reason:
      "isSpecial only ends a literal run (scanWords' inner loop); U+0080 then ends one, but endsWord is false for it, so the outer loop starts the next literal run at U+0080 itself and the word's parts, joined, are the same text at the same offset",
  },
  {
    file: "src/convert/_curl_generate.ts",
    before:
      'if (!url.includes("/.")) return false; // the common case, natively',
    after: 'if (!url.includes("/.")) false; // the common case, natively',
    reason:
      "a fast path only: the scan after it returns true only at a '.' right after a '/', which a URL without '/.' has none of, so it returns false too",
  },
  {
    file: "src/convert/_curl_url.ts",
    before: "if (code === 0x2e || code >= 0x80) plain = false;",
    after: "if (code !== 0x2e || code >= 0x80) plain = false;",
    reason:
      "a fast path only: both callers start the path at its '/', so every path takes the full route, which leaves a path without dot segments or non-ASCII characters as it is (removeDotSegments' test fails, isWellFormed holds, the encoding matches nothing)",
  },
  {
    file: "src/convert/_js_code_skip.ts",
    context: "reader.pos++;",
    before: "while (reader.pos < text.length) {",
    after: "while (reader.pos <= text.length) {",
    reason:
      "skipQuoted: at the end the character is undefined, which only moves pos past the end, and the loop then ends in the same unterminated() error, whose offset is the literal's start",
  },
  {
    file: "src/convert/_js_code_skip.ts",
    context: "reader.pos = start + 1;",
    before: "while (reader.pos < text.length) {",
    after: "while (reader.pos <= text.length) {",
    reason:
      "skipTemplate: at the end the character is undefined, which only moves pos past the end (inside a substitution too), and the loop then ends in the same unterminated() error, whose offset is the literal's start",
  },
  {
    file: "src/convert/_har_form.ts",
    before: "if (queryString.length === 0) return url;",
    after: "if (queryString.length === 0) url;",
    reason:
      "a fast path only: with no queryString pairs nothing is missing, and the later `if (missing.length === 0) return url;` gives back the same url",
  },
  {
    file: "src/convert/_json_format.ts",
    before: "if (i >= length) return undefined;",
    after: "if (i > length) return undefined;",
    reason:
      'at i === length no value branch can match: charCodeAt gives NaN (no {, [ or "), the sticky NUMBER needs a digit and no literal starts there, so the literal branch returns undefined too',
  },
  {
    file: "src/convert/_curl_form.ts",
    before: "for (let i = 0; i < text.length; i++) {",
    after: "for (let i = 0; i <= text.length; i++) {",
    reason:
      "splitParameters: at i === length the character is undefined, which matches no branch, and the loop ends there with the same parts",
  },
  {
    file: "src/convert/_curl_words.ts",
    before: "while (i < n && !endsWord(input, i)) {",
    after: "while (i <= n && !endsWord(input, i)) {",
    reason:
      "at i === n the character is undefined, which endsWord does not end on: the literal branch pushes input.slice(n, n + 1), an empty part, to a word that already holds one (every quote form, $'' included, pushes a part), so the joined word is the same",
  },
  {
    file: "src/convert/curl.ts",
    before:
      'plain === null || typeof plain !== "object" || typeof plain.url !== "string"',
    after:
      'plain === null && typeof plain !== "object" || typeof plain.url !== "string"',
    reason:
      "toHttpRequest, just before, refuses null, anything but an object and a url that is not a string (INVALID_INPUT): this guard is never true, and the && only changes it for null, which never reaches it",
  },
  {
    file: "src/convert/_curl_generate.ts",
    before: "if (code === 0x2f) break; // /",
    after: "if (!(code === 0x2f)) break; // /",
    reason:
      "the path scan then starts at the host instead of after it; a host holds no '/', '?' or '#', so the only URLs that differ have a host starting with '.' (http://./x), where the extra --path-as-is changes nothing curl sends (the path has no dot segment)",
  },
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
    file: "src/models/adapters/_lines.ts",
    before: "for (let i = this.#scanFrom; i < buffer.length; i++) {",
    after: "for (let i = this.#scanFrom; i <= buffer.length; i++) {",
    reason:
      "at i === buffer.length charCodeAt gives NaN, which is neither LF nor CR, so the extra step continues and the loop ends as before",
  },
  {
    file: "src/serve/_http1.ts",
    context: "cancel() {",
    before: "finished = true;",
    after: "finished = false;",
    reason:
      "a ReadableStream never calls pull after cancel, so the flag is not read again",
  },
  {
    file: "src/serve/_http1.ts",
    context:
      "const end = (controller: ReadableStreamDefaultController<Uint8Array>) => {",
    before: "finished = true;",
    after: "finished = false;",
    reason:
      "end closes the controller on the next line, and a closed ReadableStream never calls pull again, so the flag is not read again",
  },
  {
    file: "src/serve/_http1.ts",
    context: ': new HttpWireError(400, "The body could not be read.");',
    before: "finished = true;",
    after: "finished = false;",
    reason:
      "fail errors the controller two lines down, and an errored ReadableStream never calls pull again, so the flag is not read again",
  },
  {
    file: "src/gateway/_responses_response.ts",
    context: "error(resolved: ResolvedError): string {",
    before: "this.#finished = true;",
    after: "this.#finished = false;",
    reason:
      "the encoder's error() has one caller, sseBody's catch, which closes the stream on the next line; a closed ReadableStream never calls pull again, so finished is not read again (the wrapping RelayingEncoder keeps its own flag)",
  },
  {
    file: "src/serve/_sweep_every.ts",
    context: "ServeLimits,",
    before: '"headersTimeoutMs" | "bodyTimeoutMs" | "idleTimeoutMs"',
    after: '"" | "bodyTimeoutMs" | "idleTimeoutMs"',
    reason: PICK_TYPE_ARGUMENT,
  },
  {
    file: "src/serve/_sweep_every.ts",
    context: "ServeLimits,",
    before: '"headersTimeoutMs" | "bodyTimeoutMs" | "idleTimeoutMs"',
    after: '"headersTimeoutMs" | "" | "idleTimeoutMs"',
    reason: PICK_TYPE_ARGUMENT,
  },
  {
    file: "src/serve/_sweep_every.ts",
    context: "ServeLimits,",
    before: '"headersTimeoutMs" | "bodyTimeoutMs" | "idleTimeoutMs"',
    after: '"headersTimeoutMs" | "bodyTimeoutMs" | ""',
    reason: PICK_TYPE_ARGUMENT,
  },
  {
    file: "src/serve/_deno_server.ts",
    context: "for (const c of open) {",
    before: "if (c.closed) continue;",
    after: "if (c.closed) ;",
    reason:
      "the sweeper's skip of a closed connection only saves work: each branch after it ends in closeQuietly or refuse, and both return at once for a closed connection",
  },
  {
    file: "src/serve/_http1.ts",
    before: "if (this.#start > 0 && this.#start === this.#end) {",
    after: "if (this.#start >= 0 && this.#start === this.#end) {",
    reason:
      "the one case the mutant adds is start = end = 0, where resetting both to 0 changes nothing",
  },
  {
    file: "src/serve/_http1.ts",
    before: "if (this.#start > 0 && this.#start === this.#end) {",
    after: "if (this.#start > 1 && this.#start === this.#end) {",
    reason:
      "an empty buffer at offset 1 is left where it is instead of rewound: the next read fills from offset 1, and a full buffer is compacted below, so the bytes read and their order are the same",
  },
  {
    file: "src/gateway/_exchange.ts",
    before: "backend: outcome.backend ?? null,",
    after: "backend: outcome.backend || null,",
    reason:
      "outcome.backend is undefined or a name from the router's routing trace, and the router refuses an empty backend name, so || and ?? give the same",
  },
  {
    file: "src/router/_template_parse.ts",
    before: "while (i < a.length && i < b.length && a[i] === b[i]) i++;",
    after: "while (i <= a.length && i < b.length && a[i] === b[i]) i++;",
    reason:
      "the one extra step, i === a.length, compares a[i] (undefined) with b[i], a character since i < b.length, so the loop stops at the same i",
  },
  {
    file: "src/router/_template_parse.ts",
    before: "while (i < a.length && i < b.length && a[i] === b[i]) i++;",
    after: "while (i < a.length && i <= b.length && a[i] === b[i]) i++;",
    reason:
      "the one extra step, i === b.length, compares a[i], a character since i < a.length, with b[i] (undefined), so the loop stops at the same i",
  },
  {
    file: "src/serve/_http1.ts",
    before:
      'const connection = (headers.get("connection") ?? "").toLowerCase();',
    after:
      'const connection = (headers.get("connection") || "").toLowerCase();',
    reason:
      "Headers.get gives null or a string; the only falsy string is the empty one, which both give back",
  },
  {
    file: "src/serve/_node_server.ts",
    before: "const left = (active.get(socket) ?? 1) - 1;",
    after: "const left = (active.get(socket)) - 1;",
    reason:
      "a socket is missing from `active` only once its own close event has run; then the default makes left 0 and calls socket.end() on the closed socket, which does nothing, where NaN skips it",
  },
  {
    file: "src/serve/_node_server.ts",
    before: "req.resume(); // drop the rest rather than stall the connection",
    after: "; // drop the rest rather than stall the connection",
    reason:
      "a Node Readable emits 'data' only while flowing (a paused one buffers), and nothing on the path from that data event to here pauses the request, so resume() finds it flowing and does nothing: the rest of the body still reaches the listener, which drops it (tests/serve/node_runtime_test.ts sends a second request on the connection after the 413, under Node, with and without the call)",
  },
  {
    file: "src/serve/_node_server.ts",
    before: "if (requests === 0) socket.end();",
    after: "if (requests === 0) ;",
    reason:
      "on Node 20+ (the listener's floor) server.close() itself closes every connection with no request in flight (Node 19 made it call closeIdleConnections), which are exactly the sockets with 0 requests here; tests/serve/node_runtime_test.ts sees an idle keep-alive connection closed at shutdown with and without the call",
  },
  {
    file: "src/serve/_write_body.ts",
    before: "if (chunks.length === 1) return chunks[0];",
    after: "if (chunks.length === 1) chunks[0];",
    reason:
      "one chunk then goes through the general path, which copies it into an array of the same length: the same bytes are written, only one copy more is made",
  },
  {
    file: "src/serve/_node_server.ts",
    context: "// The client stopped reading: its connection went, as on Deno.",
    before: "return;",
    after: ";",
    reason:
      "the client stopped reading: the response is destroyed and the reader cancelled just before, so the loop's next read resolves done at once, the loop breaks, and res.end() on the destroyed response does nothing",
  },
  {
    file: "src/serve/_http1.ts",
    before:
      "if (size <= this.#buffer.byteLength) return true; // caller checks max",
    after:
      "if (size <= this.#buffer.byteLength) return false; // caller checks max",
    reason:
      "unreachable: the buffer cannot grow only when it is full from offset 0 and at least `max` long, and each caller refuses before asking for more once that much is buffered (readHead's 431 at maxBytes of fill(maxBytes + 4), readLine's 400 at maxBytes of fill(maxBytes + 2)); readSome fills only an empty buffer",
  },
  {
    file: "src/gateway/_read_bounded.ts",
    before: 'const declared = Number(length ?? "0");',
    after: 'const declared = Number(length || "0");',
    reason:
      "Headers.get gives null or a string; the only falsy string is '', and Number('') is 0, the same as Number('0')",
  },
  {
    file: "src/gateway/_read_bounded.ts",
    before: 'const declared = Number(length ?? "0");',
    after: "const declared = Number(length);",
    reason:
      "Number(null) is 0, the same as Number('0'): a request without a Content-Length declares 0 either way",
  },
  {
    file: "src/gateway/_read_bounded.ts",
    before: "await request.body.cancel().catch(() => {});",
    after: ";",
    reason:
      "the throw on the next line leaves the `for await` over request.body, whose iterator's return() cancels the stream (ReadableStream's async iterator cancels unless preventCancel): the body is cancelled either way, before the caller sees the error (tests/serve/read_bounded_fresh_mutants_test.ts checks the source's cancel with and without the call)",
  },
  {
    file: "src/gateway/_read_bounded.ts",
    before: "if (size + chunk.byteLength > bytes.byteLength) {",
    after: "if (size + chunk.byteLength >= bytes.byteLength) {",
    reason:
      "a chunk that exactly fills the buffer then grows it one step early (to at most the bound) instead of filling it; the bytes, their length and the bound's refusal are the same, only one copy is made sooner",
  },
  {
    file: "src/gateway/_wire_util.ts",
    before: "if (slash > 0 && has(model.slice(0, slash))) {",
    after: "if (slash >= 0 && has(model.slice(0, slash))) {",
    reason:
      "at slash 0 the backend asked for is '', and no backend has that name (the Router's registry refuses an empty name), so has('') is false and the name routes as is either way",
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
  {
    file: "src/models/adapters/openai.ts",
    before: 'apiKey: config.apiKey ?? "",',
    after: 'apiKey: config.apiKey || "",',
    reason: "the only falsy string is the empty one, which both give back",
  },
  {
    file: "src/models/stores/redis.ts",
    before: "...keys.map((_, i) => String(Math.ceil(ttls[i] ?? 0))),",
    after: "...keys.map((_, i) => String(Math.ceil(ttls[i] || 0))),",
    reason:
      'the two differ only for a NaN ttl (0, -0, null and undefined give "0" either way); both scripts (ADD_TOTALS and ADD_TOTALS_ONCE) read "NaN" with tonumber as nan, and `nan > 0` is false, so they PERSIST the total exactly as for "0" (checked on redis-server\'s Lua)',
  },
  {
    file: "src/models/_parallel.ts",
    context: "finish(-1);",
    before: "return;",
    after: ";",
    reason:
      "runParallel never runs with count 0: dispatchParallel throws NO_BACKEND_AVAILABLE when it has no target, and the fallback loop stops at an empty group and runs a group of one apart; only at 0 would the fall-through differ (it would arm a timeout that aborts nothing)",
  },
  {
    file: "src/models/fallback/run.ts",
    context: "): FallbackState {",
    before: "const primary = plan.entry?.name ?? plan.requested;",
    after: "const primary = plan.entry?.name || plan.requested;",
    reason:
      'a registered backend\'s name is never empty (register() refuses "" with INVALID_REQUEST), so `||` and `??` pick the same side',
  },
  {
    file: "src/models/fallback/run.ts",
    context: "}",
    before: "const primary = plan.entry?.name ?? plan.requested;",
    after: "const primary = plan.entry?.name || plan.requested;",
    reason:
      'a registered backend\'s name is never empty (register() refuses "" with INVALID_REQUEST), so `||` and `??` pick the same side (the policy-final path of fallback)',
  },
  {
    file: "src/models/streaming/stream.ts",
    context: "parts.settings,",
    before: "false,",
    after: "true,",
    reason:
      "`own` gives a single stream a controller of its own linked to the request's signal (linkSignal: it aborts in the same dispatch, with the same reason) instead of the request's signal itself; only the race ever cancels an attempt's own controller, so the adapter sees the same aborts either way and only an AbortController per stream is added",
  },
  {
    file: "src/models/fallback/run.ts",
    context: "for (;;) {",
    before: "if (signal?.aborted) throw abortedRouterError(signal, log);",
    after: "if (signal.aborted) throw abortedRouterError(signal, log);",
    reason:
      "the fallback state's signal is always an AbortSignal here: stateAfter() takes a non-optional one, and its three callers pass the request's (execute, executeStream) or the Router's lifetime signal (selectBackend)",
  },
  {
    file: "src/models/_util.ts",
    before: "return ms > MAX_TIMER_MS ? MAX_TIMER_MS : ms > 0 ? ms : 0;",
    after: "return ms >= MAX_TIMER_MS ? MAX_TIMER_MS : ms > 0 ? ms : 0;",
    reason:
      "the two differ only at ms === MAX_TIMER_MS, where both return that same number",
  },
  {
    file: "src/models/stores/memory.ts",
    before: "counters[name] = (counters[name] ?? 0) + delta[name];",
    after: "counters[name] = (counters[name] || 0) + delta[name];",
    reason:
      "addCounters refuses a delta that is not a finite number (checkDelta, before the loop), so a counter is undefined or a finite sum that started from +0, which is never -0: ?? 0 and || 0 differ only for NaN and -0, and neither can be there",
  },
  {
    file: "src/models/stores/memory.ts",
    before: "const total = (this.#totals.get(key) ?? 0) + amount;",
    after: "const total = (this.#totals.get(key) || 0) + amount;",
    reason:
      "addTotals refuses an amount that is not a finite number (checkAmount, before the map), so a total is undefined or a finite sum that started from +0, which is never -0: ?? 0 and || 0 differ only for NaN and -0, and neither can be there",
  },
  {
    file: "src/gateway/keys.ts",
    before: "for (let i = 0; i < length; i++) {",
    after: "for (let i = 0; i <= length; i++) {",
    reason:
      "the extra turn reads index length, past the end of both strings: charCodeAt answers NaN for each, `NaN | 0` is 0 on both sides, and 0 ^ 0 adds nothing to diff; only the time taken changes",
  },
  {
    file: "src/models/_fleet.ts",
    before: "success(now: number, ticket: number, probe = false): void {",
    after: "success(now: number, ticket: number, probe = true): void {",
    reason:
      "FleetLink.success() has one caller (BackendState's success, _backend_state.ts), which always passes probe: the default is never used",
  },
  {
    file: "src/models/_fleet.ts",
    before: "this.#delta[name] = (this.#delta[name] ?? 0) + value;",
    after: "this.#delta[name] = (this.#delta[name] || 0) + value;",
    reason:
      "count() has three callers (BackendState's ok, clientErrors and failed), each with the default value 1, so a pending delta is undefined or a positive whole number: ?? 0 and || 0 pick the same side",
  },
  {
    file: "src/models/stores/memory.ts",
    before: "enabled: false,",
    after: "enabled: true,",
    reason:
      "CircuitBreaker reads enabled only in onFailure's rules, and both callers pass their own (the store's recordFailure the caller's rules, BackendState on the local fast path the Router's): the store's default rules give a breaker its probeLease only",
  },
  {
    file: "src/gateway/shared_rate_limit_store.ts",
    before:
      "result = await this.#call(key, result.remaining, limit, now) ?? result;",
    after:
      "result = await this.#call(key, result.remaining, limit, now) || result;",
    reason:
      "#call answers a TokenResult object or undefined, and an object is never falsy: ?? and || pick the same side",
  },
  {
    file: "src/models/_fleet.ts",
    context: "): void {",
    before: "if (this.#disposed) return;",
    after: "if (this.#disposed) ;",
    reason:
      "nothing calls Fleet.call() after dispose(): the registry forgets every backend (no public method reaches a BackendState), calls in flight end as aborts (a probe handed back through last(), not call()), a late health answer is dropped before setHealth, and the background read is cleared and not scheduled again",
  },
  {
    file: "src/models/stores/redis.ts",
    before: 'state: STATES[num(s)] ?? "closed",',
    after: 'state: STATES[num(s)] || "closed",',
    reason:
      "STATES holds three non-empty strings, so STATES[n] is one of them or undefined, never another falsy value: ?? and || pick the same side",
  },
  {
    file: "src/models/_parallel.ts",
    context: "const unlinks: (() => void)[] = [];",
    before: "for (let i = 0; i < count; i++) {",
    after: "for (let i = 0; i <= count; i++) {",
    reason:
      "the one extra controller is linked to the parent signal and unlinked with the others once every attempt settled, but no attempt is started with it (the start loop stops at count), so nothing ever reads its signal: only one listener more on the parent while the run lasts",
  },
  {
    file: "src/models/streaming/attempt.ts",
    before: "this.#settle(cancelled);",
    after: ";",
    reason:
      "cancel()'s one caller (raceStreams' win) calls close() right after it in the same tick, and close() settles an unsettled attempt as aborted; BackendState.settle reads only the kind (aborted in both) and the ticket of an aborted attempt, and the race's trace keeps its own cancelled outcome, so the breaker, stats, store and trace are the same",
  },
  {
    file: "src/models/_config.ts",
    before: "enabled: config.enableCircuitBreaker ?? false,",
    after: "enabled: config.enableCircuitBreaker || false,",
    reason:
      'enabled is read only for its truth (the breaker\'s `rules.enabled &&`, the Redis script\'s `enabled ? "1" : "0"`): `?? false` and `|| false` differ only in which falsy value a falsy option becomes',
  },
  {
    file: "src/models/_config.ts",
    before: "fallbackOnClientError: config.fallbackOnClientError ?? false,",
    after: "fallbackOnClientError: config.fallbackOnClientError || false,",
    reason:
      "fallbackOnClientError is read only for its truth (`!env.settings.fallbackOnClientError` in fallback/run.ts): `?? false` and `|| false` differ only in which falsy value a falsy option becomes",
  },
  {
    file: "src/models/_config.ts",
    before: "capabilityRouting: config.capabilityBasedRouting ?? false,",
    after: "capabilityRouting: config.capabilityBasedRouting || false,",
    reason:
      "capabilityRouting is read only for its truth (`!this.#settings.capabilityRouting` in routing/selector.ts, its one reader): `?? false` and `|| false` differ only in which falsy value a falsy option becomes",
  },
  {
    file: "src/models/_config.ts",
    before: 'config.optimization ?? "balanced",',
    after: 'config.optimization || "balanced",',
    reason:
      'the two differ only for an optimization of "" (or another falsy value), and resolveWeights reads an unknown preset name as balanced anyway (`PRESETS[optimization] ?? PRESETS.balanced`): the weights are the same',
  },
  {
    file: "src/models/routing/_rank.ts",
    before:
      "const raw = explicit ?? PRESETS[optimization] ?? PRESETS.balanced;",
    after: "const raw = explicit ?? PRESETS[optimization] || PRESETS.balanced;",
    reason:
      "PRESETS holds only weight objects, so `PRESETS[optimization]` is an object (truthy) or undefined, where `??` and `||` pick the same side",
  },
  {
    file: "src/models/routing/selector.ts",
    before: "scoped(p ?? this.#fallthrough(usable, score, allowed), allowed)",
    after: "scoped(p || this.#fallthrough(usable, score, allowed), allowed)",
    reason:
      "a strategy's plan is a Plan object or nothing (undefined or null), never another falsy value: `??` and `||` pick the same side",
  },
  {
    file: "src/models/routing/selector.ts",
    before:
      ": scoped(plan ?? this.#fallthrough(usable, score, allowed), allowed);",
    after:
      ": scoped(plan || this.#fallthrough(usable, score, allowed), allowed);",
    reason:
      "a strategy's plan is a Plan object or nothing (undefined or null), never another falsy value: `??` and `||` pick the same side",
  },
  {
    file: "src/models/routing/latency.ts",
    before: "this.#leaderFailed = pick?.entry.stats.failed ?? 0;",
    after: "this.#leaderFailed = pick?.entry.stats.failed || 0;",
    reason:
      "stats.failed is a counter the Router starts at 0 and increments, never NaN: for 0 both give 0, for undefined (no pick) both give 0",
  },
  {
    file: "src/models/routing/round_robin.ts",
    before: ": this.#scoped.get(key) ?? 0;",
    after: ": this.#scoped.get(key) || 0;",
    reason:
      "the map holds only cursors the strategy stored (whole numbers from 0): for 0 both give 0, for a missing key both give 0",
  },
  {
    file: "src/models/fallback/policy.ts",
    before: 'this.#lastFailed = primary ?? "";',
    after: 'this.#lastFailed = primary || "";',
    reason:
      'primary is a backend name or undefined; the only other falsy string is "", which both forms turn into ""',
  },
  {
    file: "src/models/_breaker.ts",
    before: "now - this.#probeAt >= (this.#settings.probeLease ?? Infinity)",
    after: "now - this.#probeAt >= (this.#settings.probeLease || Infinity)",
    reason:
      "every BreakerSettings the code builds has probeLease set: breakerOf() takes leaseOf(), Infinity or a positive number (anything else is refused), and the memory store's rules take its validated lease; so neither default is ever used and a positive lease is kept by both",
  },
  {
    file: "src/models/fallback/run.ts",
    before: "throw signal?.aborted ? abortedRouterError(signal, log) : error;",
    after: "throw signal.aborted ? abortedRouterError(signal, log) : error;",
    reason:
      "the fallback state's signal is always an AbortSignal here: stateAfter() takes a non-optional one, and its three callers pass the request's (execute, executeStream) or the Router's lifetime signal (selectBackend)",
  },
  {
    file: "src/models/fallback/run.ts",
    before: "if (signal?.aborted) throw abortedRouterError(signal, log);",
    after: "if (signal.aborted) throw abortedRouterError(signal, log);",
    reason:
      "the fallback state's signal is always an AbortSignal here: stateAfter() takes a non-optional one, and its three callers pass the request's (execute, executeStream) or the Router's lifetime signal (selectBackend)",
  },
  {
    file: "src/models/_hooks.ts",
    before: "if (signal?.aborted) throw abortedRouterError(signal, []);",
    after: "if (signal.aborted) throw abortedRouterError(signal, []);",
    reason:
      "askHook's two callers pass an AbortSignal: the custom fallback the fallback state's (always one, see fallback/run.ts), the custom strategy the Selection's, which the three selector.select() callers set to the call's link signal (execute, executeStream) or the lifetime signal (selectBackend)",
  },
  {
    file: "src/models/_failures.ts",
    before: "cause: signal?.reason,",
    after: "cause: signal.reason,",
    reason:
      "every abortedRouterError() caller passes an AbortSignal: each checked `aborted` on it first (execute, executeStream, fallback, hooks) or built it (the dispatch's controller, the relay's aborted signal)",
  },
  {
    file: "src/models/_util.ts",
    before: "const reason = signal?.reason;",
    after: "const reason = signal.reason;",
    reason:
      "abortedError()'s callers all pass an AbortSignal: a stream attempt's own signal, abortedRouterError's (always one, see _failures.ts), and _attempt.ts's rejected() only after `signal?.aborted` held",
  },
  {
    file: "src/models/streaming/attempt.ts",
    before: "this.#controller?.abort(reason);",
    after: "this.#controller.abort(reason);",
    reason:
      "cancel() is called only on racers (raceStreams' win), and racers are built with own = true, which always gives the attempt its controller",
  },
  {
    file: "src/models/streaming/race.ts",
    before: "loser.close();",
    after: ";",
    reason:
      "the loser was cancelled on the line before: cancel() settled it and aborted its own signal, whose abort listener (the attempt's gate, added once) then ran, emptied the gate's slots and was removed; close() would find it settled and close an already empty gate, so it changes nothing",
  },
  {
    file: "src/models/streaming/_chunks.ts",
    before:
      'if (result && typeof (result as Promise<unknown>).then === "function") {',
    after:
      'if (result || typeof (result as Promise<unknown>).then === "function") {',
    reason:
      "the two differ only for a return() result that is falsy (the mutant reads .then of undefined or null) or truthy without a then function (the mutant calls it): both throw a TypeError inside the try, whose catch swallows everything, so the iterator is released the same way",
  },
  {
    file: "src/models/_registry.ts",
    before: "for (const m of c.models ?? []) models.add(m);",
    after: "for (const m of c.models || []) models.add(m);",
    reason:
      'capabilities.models is a list of names or absent; the falsy values where ?? and || differ are not lists except "", which iterates to nothing just as [] does',
  },
  {
    file: "src/models/_config.ts",
    before: "capabilityRouting: config.capabilityBasedRouting ?? false,",
    after: "capabilityRouting: config.capabilityBasedRouting,",
    reason:
      "capabilityRouting is read only for its truth (`!this.#settings.capabilityRouting` in routing/selector.ts, its one reader): undefined and false read the same",
  },
  {
    file: "src/models/streaming/attempt.ts",
    before: 'return this.#chunk?.type === "done";',
    after: 'return this.#chunk.type === "done";',
    reason:
      "`finished` has one reader (routeStream, stream.ts), which reads it only for an attempt whose decide() resolved undefined, that is after accept() stored a chunk with a COMMIT or DONE verdict: the chunk is never undefined there",
  },
  {
    file: "src/models/_budget.ts",
    before: "return left < budget.attemptTimeout",
    after: "return left <= budget.attemptTimeout",
    reason:
      "the two differ only when left equals the attempt timeout, where Math.max(0, left) and budget.attemptTimeout are the same number",
  },
  {
    file: "src/models/streaming/_chunks.ts",
    before: ") return;",
    after: ") ;",
    reason:
      "for a null, a non-object or an object without a return function, the fall-through calls iterator.return() inside the try below, which throws a TypeError that its catch swallows: nothing is released either way",
  },
  {
    file: "src/models/router.ts",
    before: ") return null;",
    after: ") null;",
    reason:
      "the fall-through reads entry.adapter.estimateCost (of an undefined entry, or a missing function) inside the try below, whose catch returns null too",
  },
  {
    file: "src/models/router.ts",
    before: "if (this.#registry.disposed) return;",
    after: "if (this.#registry.disposed) ;",
    reason:
      "a second dispose() repeats steps that are each idempotent: stop() of the health monitor, the fleet's dispose (letGo finds nothing owed or claimed), end() of an aborted lifetime with empty sets, clear() of an empty registry, and changed() of a selector that has nothing left to route",
  },
  {
    file: "src/models/routing/round_robin.ts",
    before: "if (removed === undefined) return;",
    after: "if (removed === undefined) ;",
    reason:
      "with removed undefined, the fall-through compares undefined < cursor, which is false for every cursor, so no cursor moves: the same as returning",
  },
  {
    file: "src/models/streaming/stream.ts",
    before: 'const failed = !outcome.ok && outcome.kind === "failed"',
    after: 'const failed = !outcome.ok || outcome.kind === "failed"',
    reason:
      "a single stream's decided outcome is failed or aborted, and an aborted one means the stream's own signal aborted (it has no controller of its own but for a timeout, which counts as a failure), so fallBack throws ABORTED before it reads the failure",
  },
  {
    file: "src/models/streaming/stream.ts",
    before: 'if (!outcome.ok && outcome.kind === "failed") failure = outcome;',
    after: 'if (!outcome.ok || outcome.kind === "failed") failure = outcome;',
    reason:
      "a race's outcomes are failed or aborted; an aborted racer was either cancelled by a winner (the winner is returned and the failure never read) or aborted with the stream's signal (fallBack throws ABORTED before it reads the failure)",
  },
  {
    file: "src/models/streaming/_chunks.ts",
    before: 'signal.addEventListener("abort", this.#onAbort, { once: true });',
    after: 'signal.addEventListener("abort", this.#onAbort, { once: false });',
    reason:
      "an AbortSignal dispatches abort once, so the gate's listener runs at most once either way, and its close() removes it with or without once; the only difference is when an aborted signal lets go of it (at the abort, or at close()), which no call, state or later event shows: the signal never fires again",
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
  {
    file: "src/convert/_markup_format.ts",
    before: "if ((openCount.get(token.name) ?? 0) > 0) {",
    after: "if ((openCount.get(token.name)) > 0) {",
    reason:
      "a name never opened has no count: undefined > 0 and 0 > 0 are both false, so a close tag that matches nothing closes nothing either way",
  },
  {
    file: "src/convert/_har_write.ts",
    before: "creator: options.creator ?? { ...DEFAULT_CREATOR },",
    after: "creator: options.creator || { ...DEFAULT_CREATOR },",
    reason:
      "options.creator is a HarCreator object or undefined, and an object is never falsy: ?? and || pick the same side",
  },
  {
    file: "src/models/_dispatch.ts",
    before: "const winner = run.winner >= 0",
    after: "const winner = run.winner >= 1",
    reason:
      "run.outcomes is indexed like names and the winner's slot is a success, so with winner 0 the fallback successes[0] (the first success in that order) is names[0]'s own outcome: the same backend is named either way",
  },
  {
    file: "src/models/routing/latency.ts",
    before: "if (until > now && until < ends) ends = until;",
    after: "if (until > now && until <= ends) ends = until;",
    reason:
      "`ends` is the earliest cooldown end; when `until` equals it, the assignment writes the same number, so the re-rank time is the same",
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
    file: "src/cli/_runtime.ts",
    before: "(error as Error)?.message ?? String(error),",
    after: "(error as Error)?.message,",
    reason:
      "on Deno this wraps only what Deno.readFile and Deno.readFileSync throw, which is always an Error (a Deno.errors class, or TypeError for a bad path) with a string message, so the String(error) default is never reached",
  },
];

/** The review of a mutant, when it was judged equivalent. */
export function findEquivalent(
  mutant: { file: string; context: string; before: string; after: string },
): Equivalent | undefined {
  return EQUIVALENTS.find((entry) =>
    entry.file === mutant.file && entry.before === mutant.before &&
    entry.after === mutant.after &&
    (entry.context === undefined || entry.context === mutant.context)
  );
}
