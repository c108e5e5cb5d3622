// The reviewed equivalents of the convert area (scripts/_mutation_areas.ts),
// in its own file so that work on different areas never edits one list.

import type { Equivalent } from "./equivalent.ts";

/** The mutants of the convert area judged equivalent by review. */
export const CONVERT: Equivalent[] = [
  {
    file: "src/_http_token.ts",
    before: "while (start < end && isOws(value.charCodeAt(start))) start++;",
    after: "while (start <= end && isOws(value.charCodeAt(start))) start++;",
    reason:
      "end is the value's length at this point: charCodeAt(end) is NaN, never SP or HTAB, so the loop stops at the same start",
  },
  {
    file: "src/_http_token.ts",
    before: "while (end > start && isOws(value.charCodeAt(end - 1))) end--;",
    after: "while (end >= start && isOws(value.charCodeAt(end - 1))) end--;",
    reason:
      "it goes on only when the value is all SP and HTAB (the first loop then left start === end === length): end drops below start, and slice(start, end) is '' as before",
  },
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
    file: "src/convert/_json_format.ts",
    before: 'if (!emit(text.slice(i, end), ": ")) return false;',
    after: 'if (!emit(text.slice(i, end), ": ")) false;',
    reason:
      "as with return true: once over the budget every later emit fails too (size only grows) and a key must be followed by a colon and a value, so the call still ends OVER_BUDGET, or undefined for text that is not JSON, which the retry at lower depth also returns",
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
    file: "src/convert/_curl_parse.ts",
    before:
      "if (parsed.length === 0) throw notCurl(text, firstScan ?? scanWords(text));",
    after:
      "if (parsed.length === 0) throw notCurl(text, firstScan || scanWords(text));",
    reason:
      "firstScan is a ScanResult object or undefined, and an object is never falsy: ?? and || pick the same side",
  },
  {
    file: "src/convert/_curl_parse.ts",
    before: "const word = later.words[0] ??",
    after: "const word = later.words[0] ||",
    reason:
      "a scan's first word is a ShellWord object or undefined, and an object is never falsy: ?? and || pick the same side",
  },
  {
    file: "src/convert/_curl_shell_tokens.ts",
    before:
      'while (j < input.length && input[j] >= "a" && input[j] <= "z") j++;',
    after: 'while (j < input.length && input[j] >= "a" && input[j] < "z") j++;',
    reason:
      'no word the reader asks about (the reserved words, time\'s lead, the assignment builtins, in, do) holds a "z": a word with one is cut before it where no word ends, so "" comes back, which names none of them, as the whole word does not either',
  },
  {
    file: "src/convert/_js_literal_read.ts",
    before: 'return this.text[this.pos] ?? "";',
    after: 'return this.text[this.pos] || "";',
    reason:
      "a character of a string is never the empty string: text[pos] is one character or undefined, so ?? and || pick the same side",
  },
  {
    file: "src/convert/targets/go_net_http.ts",
    before: 'sent ?? "none"',
    after: 'sent || "none"',
    reason:
      'goContentLength answers a length as a non-empty string ("0" included, which is truthy) or undefined: ?? and || pick the same side',
  },
  {
    file: "src/convert/_markup_format.ts",
    before: "const close = closing.exec(text)?.index ?? -1;",
    after: "const close = closing.exec(text)?.index || -1;",
    reason:
      "the search starts at the raw-text element's end (lastIndex = end, past its start tag), so a match's index is never 0: ?? and || pick the same side",
  },
  {
    file: "src/convert/_curl_parse.ts",
    before: 'if (scan.stdin !== undefined) cmd.stdin = scan.stdin.body ?? "";',
    after: "if (scan.stdin !== undefined) cmd.stdin = scan.stdin.body;",
    reason:
      "commands() hands a line's scans over only once no here-document of it is pending (a body is read when its line ends, an empty one at the input's end) and a here-string has its body at once, so a scan's stdin always has its body when parseScanned reads it",
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
    file: "src/convert/_har_form.ts",
    before: 'body += `\\r\\n${param.value ?? ""}\\r\\n`;',
    after: 'body += `\\r\\n${param.value || ""}\\r\\n`;',
    reason:
      "a param's value is a string or absent (paramsAt refuses any other type with INVALID_HAR), and the only falsy string is the empty one, which both sides write as itself",
  },
  {
    file: "src/convert/_curl_substitution.ts",
    before: 'if (reserved === "esac") return close(stack, i + 4);',
    after: 'if (reserved === "esac") close(stack, i + 4);',
    reason:
      "close() has already popped the case frame; without the return the four letters of esac are read again as a plain word of the enclosing frame, which close() left at no command's first word, so no reserved word is looked for and none of the letters opens or closes anything: the same end is found",
  },
  {
    file: "src/convert/_fetch_code_read.ts",
    context: "const owner = text.slice(i + 1, end);",
    before: "while (i >= 0 && isSpace(text[i])) i--;",
    after: "while (i > 0 && isSpace(text[i])) i--;",
    reason:
      "the blanks before the owner's name are skipped only to look at the character before them, which must not be a dot; stopping at index 0 on a blank instead of going to -1 looks at that blank (not a dot) instead of nothing (not a dot either), and a dot at 0 is found either way",
  },
  {
    file: "src/convert/_har_read.ts",
    before: "const boundary = boundaryOf(mimeType) ??",
    after: "const boundary = boundaryOf(mimeType) ||",
    reason:
      "boundaryOf gives undefined or a boundary of at least one character (both of its patterns need one), never the empty string, so || and ?? fall back to the header's boundary in the same cases",
  },
  {
    file: "src/convert/string.ts",
    before: 'return `${lines.join("")}\\r\\n${body ?? ""}`;',
    after: 'return `${lines.join("")}\\r\\n${body || ""}`;',
    reason:
      "the body reaching headerBlock is a string or undefined (toHttpRequest and toHttpResponse refuse any other type with INVALID_INPUT), and the only falsy string is the empty one, which both sides write as itself",
  },
  {
    file: "src/convert/_har_read.ts",
    before: 'httpVersion: normalizeVersion(version) ?? "1.1",',
    after: 'httpVersion: normalizeVersion(version) || "1.1",',
    reason:
      "normalizeVersion gives undefined or a version of at least one digit, never the empty string, so || and ?? fall back to 1.1 in the same cases",
  },
  {
    file: "src/convert/_har_write.ts",
    before: 'url: response.url ?? "/",',
    after: 'url: response.url || "/",',
    reason:
      "the response's url is undefined or a native Response's non-empty url (plainResponse turns \"\" into undefined), never the empty string, so || and ?? pick / in the same cases",
  },
  {
    file: "src/convert/_har_write.ts",
    before:
      'const method = typeof request.method === "string" && request.method !== ""',
    after:
      'const method = typeof request.method === "string" || request.method !== ""',
    reason:
      "a request reaching buildHarRequest has a method checkSendableRequest (or requestHead, or the response-alone GET) made a non-empty token string, so both conditions are true and pick it",
  },
  {
    file: "src/convert/_har_write.ts",
    before: "bodySize: body?.size ?? 0,",
    after: "bodySize: body?.size || 0,",
    reason:
      "size is a byte count (a length), never NaN: only 0 is falsy, and 0 || 0 is 0",
    sites: 2,
  },
  {
    file: "src/convert/_har_write.ts",
    before: "size: body?.size ?? 0,",
    after: "size: body?.size || 0,",
    reason:
      "size is a byte count (a length), never NaN: only 0 is falsy, and 0 || 0 is 0",
  },
  {
    file: "src/convert/_har_write.ts",
    before: 'const mimeType = getHeader(headers, "content-type") ?? "";',
    after: 'const mimeType = getHeader(headers, "content-type") || "";',
    reason:
      "the only falsy string is the empty one, which both sides give as itself",
  },
  {
    file: "src/convert/_har_write.ts",
    before: 'mimeType: getHeader(headers, "content-type") ?? "",',
    after: 'mimeType: getHeader(headers, "content-type") || "",',
    reason:
      "the only falsy string is the empty one, which both sides give as itself",
  },
  {
    file: "src/convert/_har_write.ts",
    before: 'redirectURL: getHeader(response.headers, "location") ?? "",',
    after: 'redirectURL: getHeader(response.headers, "location") || "",',
    reason:
      "the only falsy string is the empty one, which both sides give as itself",
  },
  {
    file: "src/convert/_har_write.ts",
    before: ": normalizeVersion(version) ?? version;",
    after: ": normalizeVersion(version) || version;",
    reason:
      "normalizeVersion gives undefined or a version of at least one digit, never the empty string, so || and ?? fall back to the given version in the same cases",
  },
  {
    file: "src/convert/_har_write.ts",
    before: "if (value !== undefined && value > 0) total += value;",
    after: "if (value !== undefined && value >= 0) total += value;",
    reason:
      "the one value >= 0 lets through that > 0 does not is 0 (or -0), and adding it changes no total",
  },
  {
    file: "src/convert/core.ts",
    before: 'if (isNativeRequest(value)) return "request";',
    after: 'if (isNativeRequest(value)) "request";',
    reason:
      'a native Request then reaches the plain-request check (string method and url, a Headers object, no log, request, status or statusCode field) and is "request" there too',
  },
  {
    file: "src/convert/core.ts",
    before: 'if (isNativeResponse(value)) return "response";',
    after: 'if (isNativeResponse(value)) "response";',
    reason:
      'a native Response then reaches the status check (a numeric status, no log, request or method field before it) and is "response" there too',
  },
  {
    file: "src/convert/core.ts",
    before: "for (const [key, value] of Object.entries(queryParams ?? {})) {",
    after: "for (const [key, value] of Object.entries(queryParams || {})) {",
    reason:
      'the falsy values || also replaces (false, 0, "", NaN) have no own enumerable entries, so Object.entries gives [] for them as for {}',
  },
  {
    file: "src/convert/_message.ts",
    before: "if (key in headers && !Object.hasOwn(headers, key)) {",
    after: "if (key in headers || !Object.hasOwn(headers, key)) {",
    reason:
      "setHeader is only called for a key the map does not own, so the mutant defines every new key with defineProperty (enumerable, writable, configurable, as assignment makes it): the same entry, only slower",
  },
  {
    file: "src/convert/_message.ts",
    context: "): string | undefined {",
    before: "const key = name.toLowerCase();",
    after: "const key = name;",
    reason:
      "every caller of getHeader passes a lower-case literal name, which toLowerCase leaves as it is",
  },
  {
    file: "src/convert/_message.ts",
    before: "return copy ?? (headers as HeaderMap);",
    after: "return copy || (headers as HeaderMap);",
    reason:
      "copy is undefined or an object, never another falsy value, so || and ?? give the same map",
  },
  {
    file: "src/convert/_message.ts",
    before: "return copy ?? (items as string[]);",
    after: "return copy || (items as string[]);",
    reason:
      "copy is undefined or an array, never another falsy value, so || and ?? give the same values",
  },
  {
    file: "src/convert/_message.ts",
    before: "for (let i = 0; i < items.length; i++) {",
    after: "for (let i = 0; i <= items.length; i++) {",
    reason:
      "the extra step reads items[items.length], undefined, which checkedValue gives back unchanged: no copy begins and nothing is pushed",
  },
  {
    file: "src/convert/_curl_words.ts",
    context: "const skipped = continuationLength(input, i);",
    before: "if (skipped > 0) {",
    after: "if (skipped > 1) {",
    reason:
      "continuationLength gives 0, 2 or 3 (a backslash and LF or CRLF, or nothing), never 1, so > 1 and > 0 hold for the same lengths",
  },
  {
    file: "src/convert/_http_text.ts",
    before: "while (end > 0 && isBlank(text.charCodeAt(end - 1))) end--;",
    after: "while (end >= 0 && isBlank(text.charCodeAt(end - 1))) end--;",
    reason:
      "at end 0 the loop reads charCodeAt(-1), NaN, which is no blank, so it stops at 0 as before",
  },
  {
    file: "src/convert/_http_text.ts",
    before:
      "while (reasonEnd > reasonStart && isBlank(text.charCodeAt(reasonEnd - 1))) {",
    after:
      "while (reasonEnd >= reasonStart && isBlank(text.charCodeAt(reasonEnd - 1))) {",
    reason:
      "at reasonEnd === reasonStart the reason is empty; one more step past a skipped blank leaves reasonEnd below reasonStart, and slice() of an end before the start is empty too",
  },
  {
    file: "src/convert/_http_text.ts",
    before: "while (start < end && isBlank(text.charCodeAt(start))) start++;",
    after: "while (start <= end && isBlank(text.charCodeAt(start))) start++;",
    reason:
      "trimBlanks runs this loop while end is still text.length, and charCodeAt(text.length) is NaN, no blank, so it stops there as before",
  },
  {
    file: "src/convert/_http_text.ts",
    before: "while (end > start && isBlank(text.charCodeAt(end - 1))) end--;",
    after: "while (end >= start && isBlank(text.charCodeAt(end - 1))) end--;",
    reason:
      "at end === start the trimmed text is empty; one more step past a leading blank leaves end before start, and slice() of that is empty too (at 0, charCodeAt(-1) is NaN, no blank)",
  },
  // Thirteenth round (conv14).
  {
    file: "src/convert/_bytes.ts",
    context: "const bytes = new Uint8Array(text.length);",
    before: "for (let i = 0; i < text.length; i++) {",
    after: "for (let i = 0; i <= text.length; i++) {",
    reason:
      "the extra step reads charCodeAt(text.length), NaN, which is no code past 0xff, and writes it at bytes[text.length], which a Uint8Array of that length ignores",
  },
  {
    file: "src/convert/_bytes.ts",
    before: "for (let i = 0; i < bytes.length; i += chunk) {",
    after: "for (let i = 0; i <= bytes.length; i += chunk) {",
    reason:
      "the extra step (when the length is a multiple of the chunk, 0 included) decodes an empty subarray, and String.fromCharCode() of nothing adds an empty string",
  },
  {
    file: "src/convert/_curl_url.ts",
    before: "pathAsIs = false,",
    after: "pathAsIs = true,",
    reason:
      "normalizeUrl's one caller (_curl_parse.ts) always passes cmd.pathAsIs, so the default is never used",
  },
  {
    file: "src/convert/_json_format.ts",
    before:
      'if (!emit(",\\n", indent(stack.length, maxDepth))) return OVER_BUDGET;',
    after: 'if (!emit(",\\n", indent(stack.length, maxDepth))) OVER_BUDGET;',
    reason:
      "as for the key's emit: once over the budget every later emit fails too, and a comma must be followed by a key or a value (an emit), or the text is not JSON, undefined, which the retry at lower depth also returns",
  },
  {
    file: "src/convert/_js_code_skip.ts",
    before: 'if (previous === "") return true;',
    after: 'if (previous === "") true;',
    reason:
      'an empty previous token then passes every later check ("" is no value, ), ], < or word) and reaches the final return true',
  },
  {
    file: "src/convert/_fetch_code_read.ts",
    before: "while (reader.pos < text.length) {",
    after: "while (reader.pos <= text.length) {",
    reason:
      "at reader.pos === text.length the loop body reads text[reader.pos], undefined, and breaks before anything else",
  },
  {
    file: "src/convert/_js_literal_read.ts",
    context: "default:",
    before: "return this.fail(",
    after: "this.fail(",
    sites: 2,
    reason:
      "fail() always throws (it returns never), so the return after it is never reached (both switch defaults that refuse a name: lines 123 and 185)",
  },
  {
    file: "src/convert/targets/curl.ts",
    before:
      "return { code: curlCommand(request, options.pretty ?? false), warnings: [] };",
    after:
      "return { code: curlCommand(request, options.pretty || false), warnings: [] };",
    reason:
      "curlCommand only tests pretty for truth, and every falsy value gives false through || as it gave itself through ??",
  },
  {
    file: "src/convert/targets/httpie.ts",
    before: "upperCasesMethod: true,",
    after: "upperCasesMethod: false,",
    reason:
      "HTTPie then refuses a method with any lower-case letter through its own letters-only check (/^[A-Z]+$/), with the same UNSUPPORTED_BY_TARGET code: every method is refused or written exactly as before",
  },
  {
    file: "src/convert/targets/wget.ts",
    before: 'if (request.url.startsWith("-")) words.push("--");',
    after: 'if (request.url.startsWith("-")) ;',
    reason:
      "targetRequest hands every target an absolute URL (ABSOLUTE_URL starts with a letter, a path-only URL gets http://host before it), so the URL never starts with '-' and the branch never runs",
  },
  {
    file: "src/convert/targets/python_httpx.ts",
    before:
      "const names = request.headers.map(([name]) => name.toLowerCase());",
    after: "const names = request.headers.map(([name]) => name);",
    reason:
      "names repeated only in other letter case then go into a dict with two distinct keys, and httpx sends every item of such a dict as it sends a list of pairs (checked: httpx 0.23 Request.headers.raw keeps X-Rep and x-rep, in order)",
  },
  {
    file: "src/convert/_curl_shell_tokens.ts",
    before:
      'while (j < input.length && input[j] >= "a" && input[j] <= "z") j++;',
    after:
      'while (j <= input.length && input[j] >= "a" && input[j] <= "z") j++;',
    reason:
      'at j === input.length, input[j] is undefined and undefined >= "a" is false, so the loop stops at the same j as before: reservedWord returns the same word for every input',
  },
  {
    file: "src/convert/_curl_generate.ts",
    before: "for (; i < url.length; i++) {",
    after: "for (; i <= url.length; i++) {",
    reason:
      "the one extra turn reads charCodeAt(url.length), which is NaN: neither `?` nor `#`, and not `.`, so it continues and the loop ends with the same false",
  },
  {
    file: "src/convert/_curl_substitution.ts",
    before: 'const known = after === "(" ? closes.get(i + 1) : undefined;',
    after: 'const known = after === "(" ? closes.get(i) : undefined;',
    reason:
      "closes is keyed by the index of a `(`, and input[i] is `$`, so get(i) is always undefined: every `$(` read again inside a `((` read as subshells is then read afresh instead of skipped. Reading is deterministic and a `$(\u2026)` frame starts with nothing from outside it (its own here-documents, command position at its first word), so it ends at the same `)` and refuses the same inputs; only the cost changes, one more read per enclosing `((` (checked on the draw's case/esac inputs and nested ones)",
  },
  {
    file: "src/convert/_js_literal_read.ts",
    before: 'return this.text[this.pos] ?? "";',
    after: "return this.text[this.pos];",
    reason:
      'every caller compares peek() with one character (`)`, `,`, `{`, `(`); past the end of the text it gives undefined instead of "", and neither equals any of them',
  },
  {
    file: "src/convert/_json_format.ts",
    before: "if (end === -1) return undefined;",
    after: "if (end === -1) undefined;",
    reason:
      "an unterminated string sets i to -1 and ends the value; the next token read is charCodeAt(-1), NaN: inside a container it is neither `,` nor the closing bracket (undefined), at the top level -1 is not the length (undefined). The slice emitted first can only turn that into OVER_BUDGET, which withinBudget retries down to depth 0, where the output is at most twice the input and so within budget: the final result is undefined, as with the return",
  },
  {
    file: "src/convert/fetch.ts",
    before: "const headers = toHeaders(response.headers ?? {});",
    after: "const headers = toHeaders(response.headers);",
    reason:
      "the response comes from checkedMessage, which gives a message without headers (undefined or null) the header map {} (conv18-message-headers-required): response.headers is never nullish here",
  },
  {
    file: "src/convert/_http_text.ts",
    before: "if (firstBlank >= end || lastBlank <= firstBlank) return null;",
    after: "if (firstBlank >= end || lastBlank <= firstBlank) null;",
    reason:
      "the target check below returns null in both cases: with a blank at firstBlank (< end) the target's start moves past it while its end starts at lastBlank <= firstBlank and moves back over that same blank, so start > end; with no blank before end, the end starts at end - 1 and the start at end or later",
  },
  {
    file: "src/convert/random.ts",
    before: 'const template = drawnString(rng.pick(paths ?? PATHS), "paths");',
    after: 'const template = drawnString(rng.pick(paths || PATHS), "paths");',
    reason:
      "a function was handled on the line above, so paths is a list (an object, always truthy), undefined or a JavaScript caller's null: ?? and || pick the same list for each",
  },
  {
    file: "src/convert/_curl_heredoc.ts",
    before: "while (i < input.length && !endsWord(input, i)) {",
    after: "while (i <= input.length && !endsWord(input, i)) {",
    reason:
      "at i === input.length the character is undefined, and this file's endsWord is true for undefined, so the loop ends at the same index either way",
  },
  {
    file: "src/convert/_curl_words.ts",
    context: "i++; // A blank only separates words.",
    before: "continue;",
    after: ";",
    reason:
      "scanWords's main loop after a blank: without the continue the same iteration goes on at i + 1 and runs the checks the next iteration would run there, in the same order, but for isBlank; a blank there reaches readWord, which reads no part at a blank and changes nothing; at the input's end every check fails and readWord returns the same index",
  },
  {
    file: "src/convert/_curl_form.ts",
    before:
      'while (i < text.length && " \\t\\n\\v\\f\\r".includes(text[i])) i++;',
    after:
      'while (i <= text.length && " \\t\\n\\v\\f\\r".includes(text[i])) i++;',
    reason:
      'at i === text.length the character is undefined, which includes() reads as the text "undefined", not in the blanks, so the loop stops at the same index',
  },
  {
    file: "src/convert/_fetch_code_read.ts",
    before: 'let previous = from === 0 ? "" : "(";',
    after: 'let previous = from !== 0 ? "" : "(";',
    reason:
      'previous is read only by regExpMayStart before the first token replaces it, and regExpMayStart is true for both "" (the start of the code) and "(" (a resumed search starts right after a fetch call\'s `(`)',
  },
  {
    file: "src/convert/_curl_heredoc.ts",
    before:
      'if (c === "\\\\" && "\\\\$`".includes(input[j + 1]) && j + 1 < stop) {',
    after:
      'if (c === "\\\\" && "\\\\$`".includes(input[j + 1]) && j + 1 <= stop) {',
    reason:
      "the character at stop is a line end, a pasted CR, the input's end, or (a line that joins the next) the last backslash of an odd run; the first three are none of \\ $ `, and in an odd run the backslashes before the last pair among themselves, so none starts an escape right before stop",
  },
  {
    file: "src/convert/body.ts",
    before: "return named[char] ??",
    after: "return named[char] ||",
    reason:
      "named[char] is one of three non-empty strings or undefined (char is a control character, never a key of Object.prototype); ?? and || differ only for a falsy string",
  },
  {
    file: "src/convert/_curl_parse.ts",
    before:
      "const method = cmd.customMethod ?? defaultMethod(cmd, hasForm, body);",
    after:
      "const method = cmd.customMethod || defaultMethod(cmd, hasForm, body);",
    reason:
      "customMethod is set only through sendableMethod, which refuses an empty method when -X is read (INVALID_REQUEST_LINE), so it is a non-empty string or undefined here",
  },
  {
    file: "src/convert/string.ts",
    before: 'scheme ?? (host.endsWith(":443") ? "https" : "http")',
    after: 'scheme || (host.endsWith(":443") ? "https" : "http")',
    reason:
      'scheme comes from checkedScheme, which returns "http", "https" or undefined; ?? and || differ only for a falsy string',
  },
  {
    file: "src/convert/_curl_url.ts",
    context: "}",
    before: "if (plain) return url;",
    after: "if (plain) url;",
    reason:
      "a plain path has no dot and no character beyond ASCII: removeDotSegments returns it as it is, it is well formed and nothing in it is percent-encoded, so the slices put the same URL back together (the early return only saves the work)",
  },
  {
    file: "src/convert/_curl_shell_frames.ts",
    context: "let j = i;",
    before: 'while (j > 0 && !" \\t\\n;&|()<>".includes(input[j - 1])) j--;',
    after: 'while (j > 1 && !" \\t\\n;&|()<>".includes(input[j - 1])) j--;',
    reason:
      "wordBefore is asked only for a ( inside a $(…) or a process substitution, whose own ( (an operator character) stands at index 1 or later and stops the scan first, so j never comes down to 1",
  },
  {
    file: "src/_base64.ts",
    context: "if (data % 4 === 1) return { offset: groupStart };",
    before: "if (padding > 0 && (count % 4 !== 0 || padding > 2)) {",
    after: "if (padding > 0 && (count % 4 !== 0 || padding > 3)) {",
    reason:
      "padding only ends the text (a character after = is refused first), so three = with count a multiple of 4 leave data % 4 === 1, which the line before already refuses; the two bounds differ for no text that reaches this line",
  },
  {
    file: "src/convert/_js_code_skip.ts",
    context: "let inClass = false;",
    before: "for (let i = start + 1; i < text.length; i++) {",
    after: "for (let i = start + 1; i <= text.length; i++) {",
    reason:
      "at i === text.length the character is undefined, which no branch of the loop matches, so the extra step does nothing and the loop ends as before",
  },
  {
    file: "src/convert/_curl_url.ts",
    context: "function removeDotSegments(path: string): string {",
    before: "if (!/(^|\\/)\\.\\.?(\\/|$)/.test(path)) return path;",
    after: "if (!/(^|\\/)\\.\\.?(\\/|$)/.test(path)) path;",
    reason:
      "a path with no . or .. segment comes out of the split and join as it went in (every segment kept, empty ones too, after the leading /), so the early return only saves the work",
  },
  {
    file: "src/convert/_js_code_skip.ts",
    context: "}",
    before: "reader.pos = start + 1;",
    after: "reader.pos = start;",
    reason:
      "the caller then reads the same / as a division (its previous token is now a value) and moves past it: the only difference is the token before the next one, / instead of a value, and that matters only after a / where a regular expression may start with a line break before its closing /, which is no JavaScript (a syntax error), where the reader promises no reading",
  },
  {
    file: "src/convert/_json_format.ts",
    context: "const end = stringEnd(text, i);",
    before: "if (end === -1) return false;",
    after: "if (end === -1) false;",
    reason:
      "readKey then fails at the colon test anyway (i is -1); the only other effect, the key's slice emitted, can turn undefined into OVER_BUDGET at one depth, and withinBudget (formatJson's only caller) then tries the next depth, where the output (at most twice the input) fits and the answer is the same undefined",
  },
];
