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
    file: "src/serve/_deno_server.ts",
    context: "ServeLimits,",
    before: '"headersTimeoutMs" | "bodyTimeoutMs" | "idleTimeoutMs"',
    after: '"" | "bodyTimeoutMs" | "idleTimeoutMs"',
    reason: PICK_TYPE_ARGUMENT,
  },
  {
    file: "src/serve/_deno_server.ts",
    context: "ServeLimits,",
    before: '"headersTimeoutMs" | "bodyTimeoutMs" | "idleTimeoutMs"',
    after: '"headersTimeoutMs" | "" | "idleTimeoutMs"',
    reason: PICK_TYPE_ARGUMENT,
  },
  {
    file: "src/serve/_deno_server.ts",
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
