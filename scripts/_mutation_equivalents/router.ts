// The reviewed equivalents of the router area (scripts/_mutation_areas.ts),
// in its own file so that work on different areas never edits one list.

import type { Equivalent } from "./equivalent.ts";

/** The mutants of the router area judged equivalent by review. */
export const ROUTER: Equivalent[] = [
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
    file: "src/router/_routes.ts",
    before: "if (host.exact !== undefined) this.#exact.delete(host.exact);",
    after: "if (host.exact !== undefined) ;",
    reason:
      "the exact host's entry then points at the emptied group: its matcher matches nothing and allows no method, so matching and Allow fall through to the other routes as without it, and adding the host again replaces the entry; only a stale empty entry per removed exact host stays in memory",
  },
  // Router, tenth round (seed 20261203).
  {
    file: "src/router/_regexp_tree.ts",
    before: 'if (text[i] !== ")") refuse(at, \'unclosed "("\');',
    after: 'if (text[i] !== ")") ;',
    reason:
      "the tree is read only from a constraint that new RegExp has already accepted (constraintRegExpSource builds it first, and canRead runs after constraintSource): an unclosed ( is refused there as not a valid regular expression, with the same code and offset, before this parser sees it",
  },
  {
    file: "src/router/_regexp_tree.ts",
    before: 'return refuse(at, `"${char}" is not supported in a constraint`);',
    after: 'refuse(at, `"${char}" is not supported in a constraint`);',
    reason:
      "refuse always throws (it returns never), so the dropped return is never reached",
  },
  {
    file: "src/router/_routes.ts",
    before: "this.#hosted = this.#groups.size > 0;",
    after: "this.#hosted = this.#groups.size >= 0;",
    reason:
      "with no host group left, the host path finds no exact group and no pattern group and returns the routes without Host's match, and allowed collects their methods alone through a Set in the same order (a lone * stays alone): the same answers, only hostOf's cost per request",
  },
  // Router, tenth round: planted by hand in _host.ts (hostOf and
  // compareHosts), each reviewed as equivalent.
  {
    file: "src/router/_host.ts",
    before: "if (exact !== 0) return exact;",
    after: "if (exact !== 0) exact;",
    reason:
      "compareHosts sorts only the host-pattern groups (exact hosts have their own map), so both sides have no exact host and exact is always 0: the return is never taken",
  },
  {
    file: "src/router/_host.ts",
    before: "return a.source < b.source ? -1 : a.source > b.source ? 1 : 0;",
    after: "return a.source <= b.source ? -1 : a.source > b.source ? 1 : 0;",
    reason:
      "host groups are keyed by their source, so two patterns sorted together never have the same text: < and <= agree",
  },
  {
    file: "src/router/_host.ts",
    before: "return a.source < b.source ? -1 : a.source > b.source ? 1 : 0;",
    after: "return a.source < b.source ? -1 : a.source >= b.source ? 1 : 0;",
    reason:
      "host groups are keyed by their source, so two patterns sorted together never have the same text: > and >= agree",
  },
  {
    file: "src/router/_host.ts",
    before: "if (at >= start) start = at + 1;",
    after: "if (at > start) start = at + 1;",
    reason:
      "at === start is an @ right after //, empty user info, which the URL parser drops when it serializes Request.url: no URL a Request holds has it",
  },
  {
    file: "src/router/_host.ts",
    before: "if (close !== -1 && close < end) end = close + 1;",
    after: "if (close !== -1 || close < end) end = close + 1;",
    reason:
      "a host starting with [ is an IPv6 address the URL parser has checked, so its ] is always there (close !== -1) and before the path",
  },
  {
    file: "src/router/_host.ts",
    before: "if (close !== -1 && close < end) end = close + 1;",
    after: "if (close !== -1 && close <= end) end = close + 1;",
    reason:
      "end is a / or the URL's length, never the index of a ]: < and <= agree",
  },
  {
    file: "src/router/_host.ts",
    before: "if (colon !== -1 && colon < end) end = colon;",
    after: "if (colon !== -1 && colon <= end) end = colon;",
    reason:
      "end is a / or the URL's length, never the index of a colon: < and <= agree",
  },
  {
    file: "src/router/_host.ts",
    before:
      'if (end > start && url.charCodeAt(end - 1) === 46) end--; // FQDN\'s "."',
    after:
      'if (end >= start && url.charCodeAt(end - 1) === 46) end--; // FQDN\'s "."',
    reason:
      "end === start is an empty host, and the character before it is the / of //, never a dot",
  },
  {
    file: "src/router/_host.ts",
    before: "for (let i = start; i < end; i++) {",
    after: "for (let i = start; i <= end; i++) {",
    reason:
      "the one extra character, at end, is a /, a colon, a ], a dot just cut or past the URL: never an upper-case letter, so the loop ends the same way",
  },
  {
    file: "src/router/_host.ts",
    before:
      "if (code >= 65 && code <= 90) return url.slice(start, end).toLowerCase();",
    after:
      "if (code >= 65 || code <= 90) return url.slice(start, end).toLowerCase();",
    reason:
      "every host is then lower-cased; a serialized URL's host is ASCII (non-ASCII is punycoded or percent-encoded), so lower-casing one without A-Z returns it unchanged",
  },
  {
    file: "src/router/_host.ts",
    before:
      "if (code >= 65 && code <= 90) return url.slice(start, end).toLowerCase();",
    after:
      "if (code >= 65 && code <= 91) return url.slice(start, end).toLowerCase();",
    reason:
      "a [ also triggers lower-casing, of an IPv6 host the URL parser has already written in lower case: the same text",
  },
  // Router, tenth round: planted by hand in message.ts, each reviewed as
  // equivalent.
  {
    file: "src/router/message.ts",
    before: "cache.set(strings, layout);",
    after: ";",
    reason:
      "the layout is a pure function of the call site's strings: without the cache each call parses it again and gets the same layout (or the same INVALID_TEMPLATE), only slower",
  },
  {
    file: "src/router/message.ts",
    before: "await settle(results, layout.head?.flat() ?? []);",
    after: "await settle(results, layout.head?.flat() || []);",
    reason: "flat() returns an array, which is never falsy: ?? and || agree",
  },
  {
    file: "src/router/message.ts",
    before:
      "if (words.length > 1 && /^HTTP\\/\\d(\\.\\d)?$/.test(words[words.length - 1])) {",
    after:
      "if (words.length >= 1 && /^HTTP\\/\\d(\\.\\d)?$/.test(words[words.length - 1])) {",
    reason:
      "a request line of only a version then loses it and has no word left, which is refused as an invalid request line, as the lone version is (not a URL, not two words): the same error and message",
  },
  {
    file: "src/router/message.ts",
    before: "(line) => line.length > 0,",
    after: "(line) => line.length >= 0,",
    reason:
      "a first line without parts is blank, so layoutTemplate cuts the head before it and returns an empty head, which createRequest refuses with the same message as no head",
  },
  {
    file: "src/router/message.ts",
    before: 'bodyEncoding(headers.get("content-type") ?? "", layout.body),',
    after: 'bodyEncoding(headers.get("content-type") || "", layout.body),',
    reason:
      "Headers.get returns null or a string; the only falsy string is the empty one, which || replaces by the same empty string",
  },
  // Router, tenth round (seed 20261204).
  {
    file: "src/router/_pattern.ts",
    before: '} else if (source[i] === "{" && source[i - 1] !== "\\\\") {',
    after: '} else if (source[i] === "{" && source[i] !== "\\\\") {',
    reason:
      "the branch above steps past the character after every backslash, so a { is reached after a backslash only in \\\\{, an escaped backslash, which the segment parser refuses at its own offset, before the brace, however the rest of the pattern is split",
  },
  {
    file: "src/router/expression.ts",
    before: "const value = line.slice(colon + 1).trim();",
    after: "const value = line.slice(colon + 1);",
    reason:
      'the line is trimmed already, and normalizeElement trims every ;-separated part, its ends included: an untrimmed " *" becomes "*" there, and any other value the same text as trimmed',
  },
  {
    file: "src/router/markup.ts",
    before: "if (text.length > 24) return MARKUP_SPECIAL.test(text);",
    after: "if (text.length >= 24) return MARKUP_SPECIAL.test(text);",
    reason:
      "both branches answer the same question (a non-global RegExp of the same five characters, or the loop); 24 only picks the faster one for a text of exactly 24",
  },
  // Router, tenth round (seed 20261205).
  {
    file: "src/router/_pattern.ts",
    before: 'const next = segment[i + 1] ?? "";',
    after: "const next = segment[i + 1];",
    reason:
      'with no character after the backslash, next === "" is false but !ESCAPABLE.includes(undefined) is true (the string holds no "undefined"): the same refusal, at the same offset',
  },
  {
    file: "src/router/_regexp_tree.ts",
    before: 'if (high < low) refuse(at, "a range out of order");',
    after: "if (high < low) ;",
    reason:
      "the tree is read only from a constraint that new RegExp has already accepted, and new RegExp refuses a range out of order (as an invalid regular expression, same code) before this parser sees it",
  },
  // Router, tenth round (seed 20261206).
  {
    file: "src/router/_regexp_tree.ts",
    before: "if (low > next) out.push([next, low - 1]);",
    after: "if (low >= next) out.push([next, low - 1]);",
    reason:
      "a normalized set has no two adjacent ranges, so low === next only for a first range starting at NUL: the extra [0, -1] is empty, stays so through foldCase and normalize, and intersects (the only reader of a class's set) skips it",
  },
  {
    file: "src/router/route.ts",
    before: "const ctx = context ??",
    after: "const ctx = context ||",
    reason:
      "a route's context is a RouteContext object or undefined (the router always passes one; a direct call may omit it): no object is falsy",
  },
  // The fast path's "is this value text" test in createRoute (open11).
  // Every value that is not an object (strings, numbers, booleans,
  // undefined, bigints, symbols, functions: a function substitution is
  // called once, so its result may itself be a function) is neither a
  // thenable (isThenable takes only Promises and objects with a then
  // method, never a function) nor binary (instanceof and
  // ArrayBuffer.isView are false for them).
  {
    file: "src/router/route.ts",
    before: 'typeof value === "string" || typeof value !== "object" ||',
    after: 'typeof value === "string" && typeof value !== "object" ||',
    reason:
      "a string is never an object, so the first two tests become `is a string`; a value that is not an object then reaches !(isThenable || isBinary), which is true for every one of them: the same values are text",
  },
  {
    file: "src/router/route.ts",
    before: 'typeof value === "string" || typeof value !== "object" ||',
    after: 'typeof value === "string" || typeof value !== "object" &&',
    reason:
      '`not an object && null` is always false (typeof null is "object"), so the test becomes `a string, or neither thenable nor binary`: true for every value that is not an object (none is thenable or binary) and null, as before',
  },
  {
    file: "src/router/route.ts",
    before: "value === null || !(isThenable(value) || isBinary(value))",
    after: "value === null && !(isThenable(value) || isBinary(value))",
    reason:
      "a non-null object that is neither thenable nor binary (a plain object, an array, a raw() text, a Date) leaves the fast path for respond(), which renders it with the same body encoding into the same bytes, status and headers (Content-Length only for HEAD, as the fast path); only its toString/toJSON then runs after the later function substitutions instead of before them, the order the streaming path always takes and the docs do not fix",
  },
  // Router, eleventh round (seed 20261207).
  {
    file: "src/router/_matcher.ts",
    before: "if (best === null || withinLimit(best, max)) return best;",
    after: "if (best === null || withinLimit(best, max)) best;",
    reason:
      "every lookup then goes through scan, which tries the table's dynamic routes one by one in the priority order the compiled RegExps encode and returns the first whose one-segment params fit: with the best match within the limit that is the same route with the same params (matcher_options_fuzz_test.ts holds the compiled table to that order), and with no match null; only the time per request grows, which bench/ measures",
  },
  {
    file: "src/router/_regexp_tree.ts",
    before:
      'if (max < min) refuse(at, "numbers out of order in a quantifier");',
    after: "if (max < min) ;",
    reason:
      "the tree is read only from a constraint that new RegExp has already accepted, and new RegExp refuses a quantifier out of order (`{3,2}`, as an invalid regular expression, same code) before this parser sees it",
  },
  {
    file: "src/router/markup.ts",
    before: "for (let i = 0; i < text.length; i++) {",
    after: "for (let i = 0; i <= text.length; i++) {",
    reason:
      "the extra step reads charCodeAt(text.length), which is NaN and equals none of the five codes: the loop answers the same",
  },
  // Router, eleventh round: planted by hand in _routes.ts.
  {
    file: "src/router/_routes.ts",
    before: "#hosted = false;",
    after: "#hosted = true;",
    reason:
      "a router without host routes then takes the host path: hostOf, no exact group, no host pattern, and the routes without Host decide as before (match and allowed alike), only slower",
  },
  {
    file: "src/router/_routes.ts",
    before: "if (!this.#hosted) return this.#any.allowed(path);",
    after: "if (!this.#hosted) this.#any.allowed(path);",
    reason:
      "without host groups the code below asks the same matcher: no exact group, no host pattern, so the methods are the routes without Host's, only computed twice",
  },
  {
    file: "src/router/_routes.ts",
    before:
      "for (const method of matcher?.allowed(path) ?? []) methods.add(method);",
    after:
      "for (const method of matcher?.allowed(path) || []) methods.add(method);",
    reason:
      "allowed returns an array, never falsy: only an absent exact group's undefined reaches the default, under ?? and || alike",
  },
  // Router, eleventh round (seed 20261208).
  {
    file: "src/router/_pattern.ts",
    before: 'if (literal === "") return;',
    after: 'if (literal === "") ;',
    reason:
      'flushing an empty literal appends the empty string to the regex, key and path and only resets separator to "", which is read only for a parameter after another one, and two parameters without literal text between them are refused first: every later read sees the separator a non-empty flush set',
  },
  {
    file: "src/router/_escape.ts",
    before: "for (let i = 0; i < part.length; i++) {",
    after: "for (let i = 0; i <= part.length; i++) {",
    reason:
      "the extra step reads undefined, which is no backslash and no quote: it can only clear a pending escape, and the substitution that follows every text part of a body (adjacent texts are merged) clears it anyway before the next text is read",
  },
  {
    file: "src/router/_escape.ts",
    before: 'return JSON.stringify(value) ?? "null";',
    after: 'return JSON.stringify(value) || "null";',
    reason:
      "JSON.stringify returns undefined or a non-empty string (the empty string is written as two quotes), so ?? and || pick the default for the same values",
  },
  {
    file: "src/router/_cache.ts",
    before: "for (let i = 0; i < bytes.length; i++) {",
    after: "for (let i = 0; i <= bytes.length; i++) {",
    reason:
      "the extra round mixes undefined (0 under ^) into both halves: the entity tag is still a deterministic hash of the bytes and their length, opaque to clients, which only compare it with the tag this server sent",
  },
  // Router, twelfth round (seed 20261209, and planted by hand).
  {
    file: "src/router/_regexp_ambiguity.ts",
    before: 'if (node.kind === "sequence") return offsetOf(node.items[0]);',
    after: 'if (node.kind === "sequence") return offsetOf(node.items[1]);',
    reason:
      "offsetOf only names the offset of a concat's step, which never throws: it joins the last places of the items before to the first places of the item just built, fresh places no edge reaches yet, each way counted once (no part reads nothing in two ways), so no step total passes 1 (53,605 random constraints, 5,256 of them refused, got the same answer both ways)",
  },
  {
    file: "src/router/_constraint.ts",
    before: "for (let i = open; i < text.length; i++) {",
    after: "for (let i = open; i <= text.length; i++) {",
    reason:
      "the extra step reads text[text.length], undefined, which is none of the characters the loop acts on: -1 is returned either way",
  },
  {
    file: "src/router/_constraint.ts",
    before: "for (let i = 0; i < body.length; i++) {",
    after: "for (let i = 0; i <= body.length; i++) {",
    reason:
      "the extra step pushes undefined as the class's last character: it is no slash, and a range needs a truthy low and high, so the answer is the same",
  },
  {
    file: "src/router/_constraint.ts",
    before: 'const next = body[++i] ?? "";',
    after: 'const next = body[++i] || "";',
    reason:
      "a character of the body is never the empty string: ?? and || pick the default for the same values",
  },
  {
    file: "src/router/_constraint.ts",
    before: 'if (next === "/") return true;',
    after: 'if (next === "/") true;',
    reason:
      'an escaped "/" then goes on as the character "/", which the loop below finds and answers true for',
  },
  {
    file: "src/router/_cache.ts",
    before: "etag = own ?? entityTag(bytes);",
    after: "etag = own || entityTag(bytes);",
    reason:
      'own is read with || undefined: a non-empty tag or undefined, never "", so ?? and || pick the computed tag for the same values',
  },
  {
    file: "src/router/_constraint.ts",
    before: 'low <= "/" && "/" <= high',
    after: 'low < "/" && "/" <= high',
    reason:
      'a range whose low end is "/" holds the character "/" itself, which the same loop answers true for at that index before the range is read',
  },
  {
    file: "src/router/_constraint.ts",
    before: 'low <= "/" && "/" <= high',
    after: 'low <= "/" && "/" < high',
    reason:
      'a range whose high end is "/" holds the character "/" itself, which the same loop answers true for when it reaches that index',
  },
  {
    file: "src/router/_render.ts",
    before:
      "else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {",
    after:
      "else if (code >= 0xd800 && code <= 0xdbff && i + 1 <= text.length) {",
    reason:
      "a high surrogate at the end then reads charCodeAt past the end, NaN, which is no low surrogate: it counts three bytes either way",
  },
  {
    file: "src/router/_constraint.ts",
    before: 'const next = constraint[i + 1] ?? "";',
    after: 'const next = constraint[i + 1] || "";',
    reason:
      "a character of the constraint is never the empty string: ?? and || pick the default for the same values",
  },
  {
    file: "src/router/_pattern.ts",
    before: "for (let i = 0; i < length; i++) {",
    after: "for (let i = 0; i <= length; i++) {",
    reason:
      "past both patterns' ranks both sides read RANK_END, which is equal and not RANK_MIXED: the extra round continues to the same return 0",
  },
  {
    file: "src/router/_matcher.ts",
    before: "this.#maxParamLength = options.maxParamLength ?? Infinity;",
    after: "this.#maxParamLength = options.maxParamLength || Infinity;",
    reason:
      "the limit reaches the matcher through RouterInit, which refuses anything below 1: never 0, so ?? and || pick Infinity for the same values",
  },
  {
    file: "src/router/_matcher.ts",
    before:
      "add(method: string, pattern: Pattern, value: T, catchAll = false): void {",
    after:
      "add(method: string, pattern: Pattern, value: T, catchAll = true): void {",
    reason:
      "the matcher's one caller, RouteSet, always passes catchAll: the default is never used",
  },
  {
    file: "src/router/router.ts",
    before: ": directRoutes.get(handler) ?? handler;",
    after: ": directRoutes.get(handler) || handler;",
    reason:
      "directRoutes maps a route to a function, never to a falsy value: ?? and || fall back to the handler for the same lookups",
  },
  {
    file: "src/router/router.ts",
    before: "params: [...pattern.params, ...host?.names ?? []],",
    after: "params: [...pattern.params, ...host?.names || []],",
    reason:
      "a host's names is an array, never falsy: ?? and || fall back to [] only when there is no host",
  },
  {
    file: "src/router/_matcher.ts",
    before: "methods.delete(ANY_METHOD);",
    after: ";",
    reason:
      "the ALL table it leaves is built as the any-method table is: a request with method ALL matches the same routes, and allowed() asks the any-method table first, which answers for it",
  },
  {
    file: "src/router/_matcher.ts",
    context: "match(method: string, path: string): Found<T> | null {",
    before: "const tables = this.#tables ?? this.#compile();",
    after: "const tables = this.#tables || this.#compile();",
    reason: "the tables are an object or undefined, never another falsy value",
  },
  {
    file: "src/router/_matcher.ts",
    context: "allowed(path: string): string[] {",
    before: "const tables = this.#tables ?? this.#compile();",
    after: "const tables = this.#tables || this.#compile();",
    reason: "the tables are an object or undefined, never another falsy value",
  },
  {
    file: "src/router/_matcher.ts",
    before: "return this.#lookup(tables[method] ?? this.#anyTable!, path);",
    after: "return this.#lookup(tables[method] || this.#anyTable!, path);",
    reason:
      "a method's table is an object or undefined, never another falsy value",
  },
  {
    file: "src/router/_matcher.ts",
    context: "allowed(path: string): string[] {",
    before: "const tables = this.#tables ?? this.#compile();",
    after: "const tables = this.#tables;",
    reason:
      "allowed() runs only in the router's miss path, in the same turn as the match() that missed on the same matchers, which compiled the tables: they are never undefined here",
  },
  {
    file: "src/router/_matcher.ts",
    before: 'if (this.#known(this.#anyTable!, path)) return ["*"];',
    after: 'if (this.#known(this.#anyTable!, path)) ["*"];',
    reason:
      "allowed() runs only after the request's method missed the path, and every method's table holds the ALL routes: a non-catch-all ALL route for the path would have matched, so the any-method table never knows the path here",
  },
  {
    file: "src/router/_matcher.ts",
    before: "for (let i = 0; i < groups.length; i++) {",
    after: "for (let i = 0; i <= groups.length; i++) {",
    reason:
      "the extra round reads captures[undefined], undefined, whose length is no number past the limit",
  },
  {
    file: "src/router/_matcher.ts",
    before: "if (found.captures![groups[i]]?.length > max) return false;",
    after: "if (found.captures![groups[i]]?.length >= max) return false;",
    reason:
      "withinLimit answering false for a parameter at the bound only sends the lookup to scan, which measures every route again with its own > and returns the same best route, slower",
  },
  {
    file: "src/router/_matcher.ts",
    context: "}",
    before: "return true;",
    after: "return false;",
    reason:
      "withinLimit answering false only sends every limited lookup to scan, which tries the dynamic routes in the table's priority order and returns the same route and params, slower",
  },
  {
    file: "src/router/fs_router.ts",
    context: ");",
    before: "continue;",
    after: ";",
    reason:
      "after a directory's scan the entry falls through to the file test, `!info.isFile()`, which is true for a directory and continues the same loop",
  },
  {
    file: "src/router/_constraint.ts",
    before: "let end = i + 1;",
    after: "let end = i;",
    reason:
      'the scan then starts on the "[" itself and steps over it and a "^" after it, neither a "]" nor a backslash, so it stops at the same "]" the original finds',
  },
  {
    file: "src/router/_constraint.ts",
    before: 'while (end < constraint.length && constraint[end] !== "]") {',
    after: 'while (end <= constraint.length && constraint[end] !== "]") {',
    reason:
      "the extra step runs only for a class left open, and takes end one past the text, where slice reads the same body and source and the outer loop ends as before",
  },
  {
    file: "src/router/_regexp_ambiguity.ts",
    before: "const total = (ways.get(target) ?? 0) + count * times;",
    after: "const total = (ways.get(target) || 0) + count * times;",
    reason:
      "a way count is a whole number or absent: ?? and || differ only for 0, where both give 0",
  },
  {
    file: "src/router/_matcher.ts",
    before: "(a.pattern.key < b.pattern.key",
    after: "(a.pattern.key <= b.pattern.key",
    reason:
      "the keys compare only after pattern and method priority tie, and two routes of one table with the same key and method are refused as duplicates, so equal keys never reach it",
  },
  {
    file: "src/router/_matcher.ts",
    before: ": a.pattern.key > b.pattern.key",
    after: ": a.pattern.key >= b.pattern.key",
    reason:
      "the keys compare only after pattern and method priority tie, and two routes of one table with the same key and method are refused as duplicates, so equal keys never reach it",
  },
  {
    file: "src/router/_matcher.ts",
    before: "more: chunks.length > 1 ? chunks.slice(1) : undefined,",
    after: "more: chunks.length >= 1 ? chunks.slice(1) : undefined,",
    reason:
      "with one chunk, more is an empty list instead of undefined: firstMatch over no chunks finds null, which the lookup returns as it returns null for undefined",
  },
  {
    file: "src/router/_matcher.ts",
    before: "if (depth < rank.length && rank[depth] === RANK_STATIC) {",
    after: "if (depth <= rank.length && rank[depth] === RANK_STATIC) {",
    reason:
      "at depth equal to rank.length, rank[depth] is undefined, which equals no rank, so the extra test is false as the bound's was",
  },
  {
    file: "src/router/_matcher.ts",
    before: "} else if (depth < rank.length && rank[depth] === RANK_PARAM) {",
    after: "} else if (depth <= rank.length && rank[depth] === RANK_PARAM) {",
    reason:
      "at depth equal to rank.length, rank[depth] is undefined, which equals no rank, so the extra test is false as the bound's was",
  },
  {
    file: "src/router/_matcher.ts",
    before: "cache.set(pattern, own);",
    after: ";",
    reason:
      "without the cache the pattern's own RegExp is compiled again at each wildcard match, from the same source and flags: the same captures, only slower",
  },
  {
    file: "src/router/_pattern.ts",
    before: 'key += (optional ? "/:?" : "/:") + (braces ?? "");',
    after: 'key += (optional ? "/:?" : "/:") + (braces);',
    reason:
      "every unconstrained parameter's key gains the same word, which no other segment can spell after its colon (a name character would extend the name), and keys are compared only between patterns of equal ranks, whose plain parameters sit at the same segments: keys stay equal, and ordered, exactly as before",
  },
  {
    file: "src/router/_regexp_tree.ts",
    before: 'const char = text[i++] ?? "";',
    after: 'const char = text[i++] || "";',
    reason:
      'a character of the text is a one-character string, never "": ?? and || differ only for undefined, where both give ""',
  },
  {
    file: "src/router/_pattern.ts",
    before: 'key += (optional ? "/:?" : "/:") + (braces ?? "");',
    after: 'key += (optional ? "/:?" : "/:") + (braces || "");',
    reason:
      'braces is the constraint with its braces, never "": ?? and || agree',
  },
  {
    file: "src/router/_regexp_tree.ts",
    before:
      'if (char === "0" && !/[0-9]/.test(text[i] ?? "")) return [[0, 0]];',
    after: 'if (char === "0" && !/[0-9]/.test(text[i])) return [[0, 0]];',
    reason:
      'past the end, test reads undefined as the text "undefined", which holds no digit, as "" does not',
  },
  {
    file: "src/router/_regexp_tree.ts",
    before:
      'if (char === "0" && !/[0-9]/.test(text[i] ?? "")) return [[0, 0]];',
    after: 'if (char === "0" && !/[0-9]/.test(text[i] || "")) return [[0, 0]];',
    reason:
      'a character of the text is never "": ?? and || differ only for undefined, where both give ""',
  },
  {
    file: "src/router/_regexp_tree.ts",
    before: "if (last !== undefined && low <= last[1] + 1) {",
    after: "if (last !== undefined && low < last[1] + 1) {",
    reason:
      "two adjacent ranges are then kept apart, still sorted and disjoint, which complement, foldCase and intersects read as the one range they join",
  },
  {
    file: "src/router/_regexp_tree.ts",
    before: "if (last !== undefined && low <= last[1] + 1) {",
    after: "if (last !== undefined && low <= last[1]) {",
    reason:
      "two adjacent ranges are then kept apart, still sorted and disjoint, which complement, foldCase and intersects read as the one range they join",
  },
  {
    file: "src/router/_regexp_tree.ts",
    before:
      'return refuse(at, `"\\\\${char}" is not supported in a constraint`);',
    after: 'refuse(at, `"\\\\${char}" is not supported in a constraint`);',
    reason:
      "refuse throws (its type is never), so the statement after it is never reached with or without the return",
  },
  // Router, fourteenth round (seed 20261216, and bugs planted by hand).
  {
    file: "src/router/_regexp_tree.ts",
    before: "return refuse(",
    after: "refuse(",
    reason:
      "refuse always throws (it returns never), so the dropped return of the lookaround refusal is never reached",
  },
  {
    file: "src/router/_render.ts",
    before: "if (status < 200 || status > 599 || !Number.isInteger(status)) {",
    after: "if (status < 200 && status > 599 || !Number.isInteger(status)) {",
    reason:
      "every status reaching this check was checked before: parseStatusLine refuses a status line outside 200-599 (three digits, an integer) and validateInit refuses a RouteInit.status that is not an integer from 200 to 599, so a weaker check here refuses nothing more or less",
  },
  {
    file: "src/router/_render.ts",
    before: "if (status < 200 || status > 599 || !Number.isInteger(status)) {",
    after: "if (status < 200 || status > 599 && !Number.isInteger(status)) {",
    reason:
      "every status reaching this check was checked before: parseStatusLine refuses a status line outside 200-599 (three digits, an integer) and validateInit refuses a RouteInit.status that is not an integer from 200 to 599, so a weaker check here refuses nothing more or less",
  },
  {
    file: "src/router/markup.ts",
    before: "if (text.length > 24) return MARKUP_SPECIAL.test(text);",
    after: "if (!(text.length > 24)) return MARKUP_SPECIAL.test(text);",
    reason:
      "both branches answer the same question (a non-global RegExp of the same five characters, or the loop), so swapping which lengths take which only changes the speed",
  },
  {
    file: "src/router/markup.ts",
    before: "if (text.length > 24) return MARKUP_SPECIAL.test(text);",
    after: "if (text.length > 25) return MARKUP_SPECIAL.test(text);",
    reason:
      "both branches answer the same question (a non-global RegExp of the same five characters, or the loop); 24 only picks the faster one for a text of exactly 25",
  },
  {
    file: "src/router/markup.ts",
    before: "if (text.length > 24) return MARKUP_SPECIAL.test(text);",
    after: "if (text.length > 24) MARKUP_SPECIAL.test(text);",
    reason:
      "the loop that then runs answers the same question as the non-global RegExp it replaces (no lastIndex to move), so a long text gets the same answer, only slower",
  },
  {
    file: "src/router/markup.ts",
    before: "return false;",
    after: "return true;",
    reason:
      "a short text then always goes through the replace, which leaves a text without any of the five characters as it is: the same escaped text, only slower",
  },
  {
    file: "src/router/markup.ts",
    before: 'if (typeof value === "string") return escapeMarkup(value);',
    after: 'if (typeof value === "string") escapeMarkup(value);',
    reason:
      "a string then falls through to the last line, escapeMarkup(String(value)), the same call on the same text",
  },
  {
    file: "src/router/_render.ts",
    before: "return ENCODER.encode(encoding.chunk(value, part));",
    after: "ENCODER.encode(encoding.chunk(value, part));",
    reason:
      "a text chunk then falls through to the last line, which encodes encoding.chunk(String(value), part): the same call on the same text",
  },
  {
    file: "src/router/_render.ts",
    before: "if (value instanceof Uint8Array) return value;",
    after: "if (value instanceof Uint8Array) value;",
    reason:
      "a Uint8Array then takes the ArrayBuffer.isView branch, which returns a Uint8Array over the same buffer, offset and length: the same bytes are sent",
  },
  {
    file: "src/router/_render.ts",
    before: "for (let i = index; i < parts.length; i++) {",
    after: "for (let i = index; i <= parts.length; i++) {",
    reason:
      "the extra step reads parts[parts.length], undefined, and resolves results[undefined], also undefined, which is no stream: nothing more is cancelled",
  },
  {
    file: "src/router/_render.ts",
    before: 'let statusText = defaults.statusText ?? "";',
    after: 'let statusText = defaults.statusText || "";',
    reason:
      'the two differ only for a statusText of "", which both then replace with the same ""',
  },
  {
    file: "src/router/expression.ts",
    before: 'const start = (rawLine ?? "").split(/\\s+/);',
    after: 'const start = (rawLine || "").split(/\\s+/);',
    reason:
      'rawLine is the first raw line that is not "" after trimming, or undefined: never "", so ?? and || agree',
  },
  {
    file: "src/router/_render.ts",
    before: "if (status < 200 || status > 599 || !Number.isInteger(status)) {",
    after: "if (status < 200 || status > 600 || !Number.isInteger(status)) {",
    reason:
      "every status reaching this check was checked before: parseStatusLine refuses a status line outside 200-599 (three digits, an integer) and validateInit refuses a RouteInit.status that is not an integer from 200 to 599, so a weaker check here refuses nothing more or less",
  },
  {
    file: "src/router/expression.ts",
    before: 'JSON.stringify(lines[0] ?? "")',
    after: 'JSON.stringify(lines[0] || "")',
    reason:
      'lines holds only lines that are not "" after trimming: lines[0] is one of them or undefined, never "", so ?? and || agree',
  },
  {
    file: "src/router/_render.ts",
    before:
      "else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {",
    after: "else if (code >= 0xd800 && code <= 0xdbff && i < text.length) {",
    reason:
      "the one case let in, a high surrogate as the last code unit, reads charCodeAt(text.length), NaN, which is no low surrogate, and counts 2 more bytes: what the else branch counts for it",
  },
  {
    file: "src/router/_render.ts",
    before: "if (colon <= 0 || !TOKEN.test(name)) {",
    after: "if (colon < 0 || !TOKEN.test(name)) {",
    reason:
      'a line starting with ":" has the name "", which TOKEN (one or more token characters) refuses: the line is refused the same way',
  },
  {
    file: "src/router/expression.ts",
    before: "if (colon <= 0 || !TOKEN.test(name)) {",
    after: "if (colon < 0 || !TOKEN.test(name)) {",
    reason:
      'a line starting with ":" has the name "", which TOKEN (one or more token characters) refuses: the line is refused the same way',
  },
  {
    file: "src/router/_regexp_ambiguity.ts",
    before: 'if (node.kind === "sequence") return offsetOf(node.items[0]);',
    after: 'if (node.kind === "sequence") offsetOf(node.items[0]);',
    reason:
      "the offset is read only when the concat of a sequence's items finds a second way, and it never does: it links the places read so far to the next item's places, all new, once each (every count is 1), so no offset it is given ever reaches a refusal",
  },
  {
    file: "src/router/_render.ts",
    before: 'code: "INVALID_OPTION",',
    after: 'code: "",',
    reason:
      "this is resolveResponseHead's status-range refusal, which never throws: parseStatusLine and validateInit refuse a status outside 200-599 first",
  },
  {
    file: "src/router/_regexp_ambiguity.ts",
    before: "for (let x = 0; x < successors.length; x++) {",
    after: "for (let x = 0; x <= successors.length; x++) {",
    reason:
      "at the extra step, x === successors.length, the inner loop starts at y = x + 1, past the end, and runs no step",
  },
  {
    file: "src/router/_regexp_ambiguity.ts",
    before: "const [a, b] = p < q ? [p, q] : [q, p];",
    after: "const [a, b] = p <= q ? [p, q] : [q, p];",
    reason: "the two orders differ only when p === q, where both give [p, p]",
  },
  {
    file: "src/router/route.ts",
    before: "if (!streaming) directRoutes.set(route, respondNow);",
    after: "if (!streaming) ;",
    reason:
      "the router then calls the route itself, which calls the same respondNow with the same request and context and only wraps its answer or its throw in a promise the router awaits: the same response or error, one promise slower",
  },
  {
    file: "src/router/_render.ts",
    before: "if (lines !== undefined && lines.length > 0) {",
    after: "if (lines !== undefined && lines.length >= 0) {",
    reason:
      "a template has a head only when its first line is a status line (layoutTemplate's hasHead), so the head lines given here are undefined or at least one: never an empty list",
  },
  {
    file: "src/router/route.ts",
    before: "const encoding = staticEncoding ??",
    after: "const encoding = staticEncoding ||",
    reason:
      "staticEncoding is an encoding object or undefined, never falsy otherwise, so ?? and || agree",
  },
  {
    file: "src/router/_render.ts",
    before: 'let statusText = defaults.statusText ?? "";',
    after: "let statusText = defaults.statusText;",
    reason:
      'an undefined reason is then either replaced by the status line\'s or ends in `statusText || …`, where it reads as "" does',
  },
  {
    file: "src/router/_render.ts",
    before: "let status = defaults.status ?? 200;",
    after: "let status = defaults.status || 200;",
    reason:
      "the two differ only for a status of 0, which validateInit refuses (an integer from 200 to 599) and createResponse never gives",
  },
  {
    file: "src/router/_render.ts",
    before: "return false;",
    after: "return true;",
    reason:
      "pending answering true only makes respond await settle, which awaits nothing when no result is pending: the same body, one tick later",
  },
  {
    file: "src/router/_regexp_ambiguity.ts",
    before:
      "into.set(place, Math.min(2, (into.get(place) ?? 0) + count * times));",
    after:
      "into.set(place, Math.min(2, (into.get(place) || 0) + count * times));",
    reason:
      "a way count is set only when times is above 0 and every count is at least 1, so a stored count is never 0: ?? and || agree",
  },
  {
    file: "src/router/_render.ts",
    before:
      'if (typeof part === "number" && isThenable(results[part])) return true;',
    after:
      'if (typeof part === "number" || isThenable(results[part])) return true;',
    reason:
      "pending then answers true for more bodies, which only makes respond await settle, and settle awaits only the results that are thenables: the same body, one tick later",
  },
  {
    file: "src/router/_pattern.ts",
    before: "segmentParams.push(0);",
    after: ";",
    reason:
      "a multi-segment parameter's table source captures nothing, so dropping its 0 only moves the later segments' counts one place down; the matcher's one reader sums them from a depth at or before that segment (its tree descends only through literal and plain parameter segments), so every route gets the same groups",
  },
  {
    file: "src/router/_regexp_ambiguity.ts",
    before: "return head ?? { empty: 1, first: new Map(), last: new Map() };",
    after: "return head || { empty: 1, first: new Map(), last: new Map() };",
    reason: "head is a Part object or undefined, never falsy otherwise",
  },
  {
    file: "src/router/_regexp_ambiguity.ts",
    before: "if (count > 1) throw new Found(offsets[place], TWICE);",
    after: "if (count > 2) throw new Found(offsets[place], TWICE);",
    reason:
      "no count in the whole expression's first or last places exceeds 1: choices and sequences join disjoint places, and a count is multiplied only by a number of ways to read nothing, which is 0 or 1 (two are refused where they arise), so neither check ever fires",
  },
  {
    file: "src/router/_regexp_ambiguity.ts",
    before: 'return node.kind === "empty" ? 0 : node.at;',
    after: 'return node.kind !== "empty" ? 0 : node.at;',
    reason:
      "offsetOf is read only when the concat of a sequence's items finds a second way, and it never does: it links the places read so far to the next item's places, all new, once each",
  },
  {
    file: "src/router/_render.ts",
    before: 'if (typeof part === "number" && isThenable(results[part])) {',
    after: 'if (typeof part === "number" || isThenable(results[part])) {',
    reason:
      "settle then also awaits results that are no thenables, which gives each back unchanged: the same results, some ticks later",
  },
  {
    file: "src/router/_pattern.ts",
    before: 'const name = NAME.exec(segment.slice(i + 1))?.[0] ?? "";',
    after: 'const name = NAME.exec(segment.slice(i + 1))?.[0] || "";',
    reason:
      'NAME matches one or more characters, so a match is never "": ?? and || agree',
  },
  {
    file: "src/router/_render.ts",
    before: "for (let i = 0; i < values.length; i++) {",
    after: "for (let i = 0; i <= values.length; i++) {",
    reason:
      "the extra step stores values[values.length], undefined, one place past the substitutions, an index no part names",
  },
  {
    file: "src/router/_pattern.ts",
    before: "return `([^/${char}]+)`;",
    after: "`([^/${char}]+)`;",
    reason:
      "a one-character separator then takes the general form, ((?:(?!c)[^/])+), which matches exactly what ([^/c]+) does: the same routes and captures, only a slower RegExp",
  },
  {
    file: "src/router/_render.ts",
    before: "const hasStatusLine = lines !== undefined && lines.length > 0;",
    after: "const hasStatusLine = lines !== undefined && lines.length >= 0;",
    reason:
      "a template has a head only when its first line is a status line (layoutTemplate's hasHead), so the head lines given here are undefined or at least one: never an empty list",
  },
  {
    file: "src/router/_render.ts",
    before: 'const statusText = match[2] ?? "";',
    after: 'const statusText = match[2] || "";',
    reason: 'match[2] is a string or undefined, and "" gives "" either way',
  },
  {
    file: "src/router/_pattern.ts",
    before: 'const paramName = name ?? "*";',
    after: 'const paramName = name || "*";',
    reason:
      'name is the group ([A-Za-z0-9_]+), one character or more, or undefined: never "", so ?? and || agree',
  },
  {
    file: "src/router/_pattern.ts",
    before: "previousWasParam = false;",
    after: "previousWasParam = true;",
    reason:
      'previousWasParam is read only with literal === "", and after a literal character the literal holds it until the next parameter or star, which sets previousWasParam itself: the flag it leaves is never read',
  },
  {
    file: "src/router/_render.ts",
    before: 'if (chunk === "") continue;',
    after: 'if (chunk === "") ;',
    reason:
      'toChunk gives undefined, never "", for a value that renders as no text, so this chunk is never ""',
  },
  {
    file: "src/router/_pattern.ts",
    before: 'const next = segment[i + 1] ?? "";',
    after: 'const next = segment[i + 1] || "";',
    reason: 'a character of the segment is never "", so ?? and || agree',
  },
  {
    file: "src/router/_regexp_tree.ts",
    context: "ranges.push([low, low], [45, 45], ...high);",
    before: "continue;",
    after: ";",
    reason:
      "the fall-through pushes [low, low] once more (low is a number on this path) and ends the loop body; normalize sorts and merges overlapping ranges, so the class's set is the same",
  },
];
