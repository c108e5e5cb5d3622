// The hand list of the router area (scripts/_mutation_areas.ts),
// in its own file so that work on different areas never edits one list.

import type { HandMutant } from "./hand_mutant.ts";

const ROUTER_MUTANT_TESTS = ["tests/router/router_mutants_test.ts"];

/** The known bugs planted in the router area. */
export const ROUTER: HandMutant[] = [
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
    id: "router-html-escape",
    bug: "template router: `<` in an HTML substitution is not escaped (XSS)",
    file: "src/router/markup.ts",
    find: `const MARKUP_SPECIALS = /[&<>"']/g;`,
    replace: `const MARKUP_SPECIALS = /[&>"']/g;`,
    tests: ["tests/router/markup_test.ts"],
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
    find: `const name = withoutOws(text.slice(0, colon));`,
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
    id: "router-pattern-trailing-backslash",
    bug: "router: a pattern ending in \\ drops its last segment",
    file: "src/router/_pattern.ts",
    find: `if (i + 1 < source.length) i++;`,
    replace: `i++;`,
    tests: ["tests/router/router_fresh_mutants_test.ts"],
  },
  {
    id: "router-cook-arraybuffer",
    bug: "cook: an ArrayBuffer substitution renders as [object ArrayBuffer]",
    file: "src/router/template.ts",
    find: `if (value instanceof ArrayBuffer) return DECODER.decode(value);`,
    replace: `if (value instanceof ArrayBuffer) DECODER.decode(value);`,
    tests: ["tests/router/message_test.ts"],
  },
  // Router, ninth round (seed 20261202), each caught by
  // tests/router/router_ninth_round_test.ts.
  {
    id: "conv9-router-hex-upper-a",
    bug:
      "router: A not read as a hex digit, so %4A in a request path stays escaped and misses /J",
    file: "src/router/_path.ts",
    find: `if (code >= 65 && code <= 70) return code - 55;`,
    replace: `if (code > 65 && code <= 70) return code - 55;`,
    tests: ["tests/router/router_ninth_round_test.ts"],
  },
  {
    id: "conv9-router-host-group-kept",
    bug:
      "router: a host's emptied route group kept after its last route is removed, so a route added again for that host is never matched",
    file: "src/router/_routes.ts",
    find: `      this.#groups.delete(host.source);\n`,
    replace: ``,
    tests: ["tests/router/router_ninth_round_test.ts"],
  },
  {
    id: "conv9-router-empty-host-line",
    bug:
      "createRequest: an empty Host line read as none, so the request goes to baseUrl instead of being refused",
    file: "src/router/message.ts",
    find: `resolveUrl(target, headers.get("host") ?? undefined, baseUrl)`,
    replace: `resolveUrl(target, headers.get("host") || undefined, baseUrl)`,
    tests: ["tests/router/router_ninth_round_test.ts"],
  },
  {
    id: "conv9-router-cook-empty-first-chunk",
    bug:
      "cook: a first chunk that cooks to the empty string (a line continuation) replaced by its raw text",
    file: "src/router/template.ts",
    find: `let result = strings[0] ?? strings.raw[0];`,
    replace: `let result = strings[0] || strings.raw[0];`,
    tests: ["tests/router/router_ninth_round_test.ts"],
  },
  // Router, tenth round (seed 20261203), each caught by the r11 mutant
  // tests of tests/router/ named in it.
  {
    id: "rout10-router-host-offset-dots",
    bug:
      "router: a bad Host label's offset skips the dots before it, so the error points one character early per label",
    file: "src/router/_host.ts",
    find: `    offset += label.length + 1;`,
    replace: `    offset += label.length;`,
    tests: ["tests/router/host_r11_mutants_test.ts"],
  },
  {
    id: "rout10-router-host-blank-line",
    bug:
      "router: a line of blanks between an endpoint's start line and its Host line refused as a header line",
    file: "src/router/_host.ts",
    find: `    if (line.trim() === "") continue;`,
    replace: `    if (line === "") continue;`,
    tests: ["tests/router/host_r11_mutants_test.ts"],
  },
  {
    id: "rout10-route-init-reason-other-status",
    bug:
      "createRoute: the init's reason phrase sent with another status, and lost on its own",
    file: "src/router/_render.ts",
    find: `if (parsed.status !== status) statusText = "";`,
    replace: `if (!(parsed.status !== status)) statusText = "";`,
    tests: ["tests/router/router_r11_mutants_test.ts"],
  },
  {
    id: "rout10-create-response-null-body",
    bug:
      "createResponse: a 204, 205 or 304 goes on to an empty byte body, which Response refuses",
    file: "src/router/message.ts",
    find: `    return new Response(null, {`,
    replace: `    new Response(null, {`,
    tests: ["tests/router/message_r11_mutants_test.ts"],
  },
  {
    id: "rout10-create-request-stream-value",
    bug:
      "createRequest: a ReadableStream substituted as a value is sent instead of refused",
    file: "src/router/message.ts",
    find:
      `    checkValues(substitutions);\n    const layout = cachedLayout(\n      requestLayouts,`,
    replace: `    const layout = cachedLayout(\n      requestLayouts,`,
    tests: ["tests/router/message_r11_mutants_test.ts"],
  },
  {
    id: "rout10-router-stream-error-no-answer",
    bug:
      "router: an errorHandler that returns nothing for a stream error makes the router throw from a promise no one awaits",
    file: "src/router/router.ts",
    find: `(response) => response?.body?.cancel()`,
    replace: `(response) => response.body?.cancel()`,
    tests: ["tests/router/router_r11_mutants_test.ts"],
  },
  // Router, tenth round: planted by hand in _host.ts, each caught by
  // tests/router/host_r11_mutants_test.ts.
  {
    id: "rout10-router-host-literals-ignored",
    bug:
      "router: two host patterns ordered by text, not by their literal labels, so the less specific one can win",
    file: "src/router/_host.ts",
    find: "if (a.literals !== b.literals) return b.literals - a.literals;",
    replace: "if (a.literals !== b.literals) b.literals - a.literals;",
    tests: ["tests/router/host_r11_mutants_test.ts"],
  },
  {
    id: "rout10-router-host-tie-by-order",
    bug:
      "router: two host patterns of as many literal labels ordered by registration",
    file: "src/router/_host.ts",
    find: "return a.source < b.source ? -1 : a.source > b.source ? 1 : 0;",
    replace: "return 0;",
    tests: ["tests/router/host_r11_mutants_test.ts"],
  },
  {
    id: "rout10-router-host-ipv6-upper",
    bug: "router: an IPv6 Host pattern in upper-case hex refused",
    file: "src/router/_host.ts",
    find: "if (IPV6.test(source.toLowerCase())) {",
    replace: "if (IPV6.test(source)) {",
    tests: ["tests/router/host_r11_mutants_test.ts"],
  },
  {
    id: "rout10-router-host-ipv6-port",
    bug:
      "router: a request to an IPv6 host with a port misses the host's routes",
    file: "src/router/_host.ts",
    find: "if (close !== -1 && close < end) end = close + 1;",
    replace: "if (!(close !== -1 && close < end)) end = close + 1;",
    tests: ["tests/router/host_r11_mutants_test.ts"],
  },
  {
    id: "rout10-router-host-userinfo",
    bug: "router: a request URL with user info matched as @host",
    file: "src/router/_host.ts",
    find: "if (at >= start) start = at + 1;",
    replace: "if (at >= start) start = at;",
    tests: ["tests/router/host_r11_mutants_test.ts"],
  },
  {
    id: "rout10-router-host-upper-a",
    bug:
      "router: an A in a host the URL parser leaves as written is not lower-cased",
    file: "src/router/_host.ts",
    find: "if (code >= 65 && code <= 90) return",
    replace: "if (code > 65 && code <= 90) return",
    tests: ["tests/router/host_r11_mutants_test.ts"],
  },
  {
    id: "rout10-router-host-upper-z",
    bug:
      "router: a Z in a host the URL parser leaves as written is not lower-cased",
    file: "src/router/_host.ts",
    find: "if (code >= 65 && code <= 90) return",
    replace: "if (code >= 65 && code < 90) return",
    tests: ["tests/router/host_r11_mutants_test.ts"],
  },
  {
    id: "rout10-router-host-empty-line",
    bug:
      "router: an empty Host line refused as an empty label, not as an empty line",
    file: "src/router/_host.ts",
    find: 'if (written === "") fail(value, 0, "the Host line is empty");',
    replace: 'if (written === "") ;',
    tests: ["tests/router/host_r11_mutants_test.ts"],
  },
  // Router, tenth round: planted by hand in message.ts.
  {
    id: "rout10-create-response-stream-value",
    bug:
      "createResponse: a ReadableStream substituted as a value is sent instead of refused",
    file: "src/router/message.ts",
    find:
      "  checkValues(substitutions);\n  const layout = cachedLayout(responseLayouts,",
    replace: "  const layout = cachedLayout(responseLayouts,",
    tests: ["tests/router/message_r11_mutants_test.ts"],
  },
  {
    id: "rout10-create-response-head-unsettled",
    bug:
      "createResponse: a header substitution's promise rendered before it resolves",
    file: "src/router/message.ts",
    find:
      "  await settle(results, layout.head?.flat() ?? []);\n  const head = resolveResponseHead(",
    replace: "  const head = resolveResponseHead(",
    tests: ["tests/router/message_r11_mutants_test.ts"],
  },
  {
    id: "rout10-create-request-body-unsettled",
    bug:
      "createRequest: a body substitution's promise rendered before it resolves",
    file: "src/router/message.ts",
    find:
      "    await settle(results, layout.body);\n    const { body, length } = knownBody(",
    replace: "    const { body, length } = knownBody(",
    tests: ["tests/router/message_r11_mutants_test.ts"],
  },
  {
    id: "rout10-create-request-line-blanks",
    bug: "createRequest: blanks after the request line's version refused",
    file: "src/router/message.ts",
    find: "const words = line.trim().split(/[ \\t]+/);",
    replace: "const words = line.split(/[ \\t]+/);",
    tests: ["tests/router/message_r11_mutants_test.ts"],
  },
  {
    id: "rout10-create-request-line-word-after-url",
    bug:
      "createRequest: a URL followed by another word read as a GET of the URL",
    file: "src/router/message.ts",
    find: "if (words.length === 1 && /^[A-Za-z]",
    replace: "if (words.length === 1 || /^[A-Za-z]",
    tests: ["tests/router/message_r11_mutants_test.ts"],
  },
  {
    id: "rout10-create-request-line-three-words",
    bug:
      "createRequest: a request line of three words (a blank in the target) accepted",
    file: "src/router/message.ts",
    find: "if (words.length !== 2 || !TOKEN.test(words[0])) {",
    replace: "if (words.length !== 2 && !TOKEN.test(words[0])) {",
    tests: ["tests/router/message_r11_mutants_test.ts"],
  },
  {
    id: "rout10-create-request-get-body-case",
    bug:
      "createRequest: a lower-case get with a body reaches new Request's TypeError instead of a RouteError",
    file: "src/router/message.ts",
    find: "const upper = method.toUpperCase();",
    replace: "const upper = method;",
    tests: ["tests/router/message_r11_mutants_test.ts"],
  },
  {
    id: "rout10-create-request-node-duplex",
    bug:
      'createRequest: a streamed body sent without duplex: "half", which Node\'s Request refuses',
    file: "src/router/message.ts",
    find: '...(length === undefined ? { duplex: "half" } : {}),',
    replace: '...(length !== undefined ? { duplex: "half" } : {}),',
    tests: ["tests/router/router_node_r11_mutants_test.ts"],
  },
  // Router, tenth round (seed 20261204, the measure after the tests above),
  // and bugs planted beside its survivors.
  {
    id: "rout10-router-unreserved-lower-a",
    bug:
      "router: an escape of a (%61) in a request path stays escaped and misses its route",
    file: "src/router/_path.ts",
    find: "(code >= 97 && code <= 122)",
    replace: "(code >= 98 && code <= 122)",
    tests: ["tests/router/router_r11_mutants_test.ts"],
  },
  {
    id: "rout10-router-unreserved-upper-a",
    bug:
      "router: an escape of A (%41) in a request path stays escaped and misses its route",
    file: "src/router/_path.ts",
    find: "return (code >= 65 && code <= 90) ||",
    replace: "return (code >= 66 && code <= 90) ||",
    tests: ["tests/router/router_r11_mutants_test.ts"],
  },
  {
    id: "rout10-router-unreserved-bracket",
    bug:
      "router: %5B in a request path decoded to [ (not an unreserved character)",
    file: "src/router/_path.ts",
    find: "return (code >= 65 && code <= 90) ||",
    replace: "return (code >= 65 && code <= 91) ||",
    tests: ["tests/router/router_r11_mutants_test.ts"],
  },
  {
    id: "rout10-router-param-escape-low-zero",
    bug: "router: beside a malformed escape, %20 in a parameter stays escaped",
    file: "src/router/_path.ts",
    find: "if (high < 0 || low < 0) break;",
    replace: "if (high < 0 || low < 1) break;",
    tests: ["tests/router/router_r11_mutants_test.ts"],
  },
  {
    id: "rout10-router-param-escape-one-bad-digit",
    bug:
      "router: beside a malformed escape, %2G in a parameter decoded as a control character",
    file: "src/router/_path.ts",
    find: "if (high < 0 || low < 0) break;",
    replace: "if (high < 0 && low < 0) break;",
    tests: ["tests/router/router_r11_mutants_test.ts"],
  },
  {
    id: "rout10-router-constraint-repeat-zero",
    bug:
      "router: a constraint part repeated at most zero times taken to read the separator, so a linear pattern is refused",
    file: "src/router/_regexp_ambiguity.ts",
    find: "return node.max > 0 && walk(node.body);",
    replace: "return node.max >= 0 && walk(node.body);",
    tests: ["tests/router/router_r11_mutants_test.ts"],
  },
  {
    id: "rout10-router-constraint-optional-separator",
    bug:
      "router: a constraint that can read the separator once (-?) accepted after another parameter (quadratic matching)",
    file: "src/router/_regexp_ambiguity.ts",
    find: "return node.max > 0 && walk(node.body);",
    replace: "return node.max > 1 && walk(node.body);",
    tests: ["tests/router/router_r11_mutants_test.ts"],
  },
  {
    id: "rout10-router-streaming-fast-path",
    bug:
      "router: a streaming route with only synchronous substitutions sent whole, with a Content-Length",
    file: "src/router/route.ts",
    find: "if (!streaming) directRoutes.set(route, respondNow);",
    replace: "if (streaming) directRoutes.set(route, respondNow);",
    tests: ["tests/router/router_serve_r11_mutants_test.ts"],
  },
  {
    id: "rout10-expression-any-value",
    bug: "HTTPExpression: Name: * compared as the literal text *",
    file: "src/router/expression.ts",
    find: '  if (rule.value === "*") return true;',
    replace: '  if (rule.value === "*") true;',
    tests: ["tests/router/router_r11_mutants_test.ts"],
  },
  // Router, tenth round (seed 20261205, the third draw).
  {
    id: "rout10-router-separator-two-chars",
    bug:
      "router: a separator of two characters between parameters put in a character class (`/:from--:to` breaks)",
    file: "src/router/_pattern.ts",
    find: "if (separator.length === 1) {",
    replace: "if (!(separator.length === 1)) {",
    tests: ["tests/router/router_r11_mutants_test.ts"],
  },
  {
    id: "rout10-router-separator-bracket",
    bug:
      "router: a ] between two parameters not escaped in the second one's class (`/:a]:b` never matches)",
    file: "src/router/_pattern.ts",
    find:
      'const char = /[\\\\\\]^-]/.test(separator) ? "\\\\" + separator : separator;',
    replace:
      'const char = !/[\\\\\\]^-]/.test(separator) ? "\\\\" + separator : separator;',
    tests: ["tests/router/router_r11_mutants_test.ts"],
  },
  {
    id: "rout10-router-constraint-nul",
    bug: "router: \\0 in a constraint refused, \\01 read as NUL then 1",
    file: "src/router/_regexp_tree.ts",
    find: 'if (char === "0" && !/[0-9]/.test(text[i] ?? "")) return [[0, 0]];',
    replace:
      'if (char === "0" && /[0-9]/.test(text[i] ?? "")) return [[0, 0]];',
    tests: ["tests/router/router_r11_mutants_test.ts"],
  },
  {
    id: "rout10-router-class-trailing-dash",
    bug:
      "router: a constraint class ending in - ([a-z0-9-]) read with -] as a range",
    file: "src/router/_regexp_tree.ts",
    find: 'text[i] === "-" && text[i + 1] !== "]" &&',
    replace: 'text[i] === "-" && text[i] !== "]" &&',
    tests: ["tests/router/router_r11_mutants_test.ts"],
  },
  {
    id: "rout10-route-status-599",
    bug: "createRoute: status 599 refused",
    file: "src/router/_render.ts",
    find: "if (status < 200 || status > 599 || !Number.isInteger(status)) {",
    replace:
      "if (status < 200 || status >= 599 || !Number.isInteger(status)) {",
    tests: ["tests/router/router_r11_mutants_test.ts"],
  },
  {
    id: "rout10-expression-name-blank",
    bug: "HTTPExpression: a blank before a header rule's colon refused",
    file: "src/router/expression.ts",
    find: "const name = line.slice(0, colon).trim();",
    replace: "const name = line.slice(0, colon);",
    tests: ["tests/router/router_r11_mutants_test.ts"],
  },
  {
    id: "rout10-fs-router-other-files",
    bug:
      "createFSRouter: a README.md or stylesheet beside the routes imported as a module",
    file: "src/router/fs_router.ts",
    find: "if (!info.isFile() || !extensions.includes(extension)) continue;",
    replace: "if (!info.isFile() || !extensions.includes(extension)) ;",
    tests: ["tests/router/fs_router_r11_mutants_test.ts"],
  },
  // Router, tenth round: planted by hand in route.ts's validateInit.
  {
    id: "rout10-route-init-status-200",
    bug: "createRoute: init.status 200 refused as out of range",
    file: "src/router/route.ts",
    find: "(!Number.isInteger(status) || status < 200 || status > 599)",
    replace: "(!Number.isInteger(status) || status <= 200 || status > 599)",
    tests: ["tests/router/router_r11_mutants_test.ts"],
  },
  // Router, eleventh round: planted by hand (cors.ts, _routes.ts, _options.ts).
  {
    id: "rout12-cors-max-age-zero",
    bug: "cors: maxAge 0 refused as negative",
    file: "src/router/cors.ts",
    find: "init.maxAge < 0",
    replace: "init.maxAge <= 0",
    tests: ["tests/router/cors_r12_mutants_test.ts"],
  },
  {
    id: "rout12-cors-expose-empty",
    bug:
      "cors: an empty exposeHeaders list sends an empty Access-Control-Expose-Headers",
    file: "src/router/cors.ts",
    find: "init.exposeHeaders.length > 0",
    replace: "init.exposeHeaders.length >= 0",
    tests: ["tests/router/cors_r12_mutants_test.ts"],
  },
  {
    id: "rout12-cors-vary-unasked",
    bug:
      "cors: an echoing preflight not asked for headers sends no Vary: Access-Control-Request-Headers",
    file: "src/router/cors.ts",
    find: "if (init.allowHeaders === undefined) {",
    replace: "if (init.allowHeaders === undefined && asked !== null) {",
    tests: ["tests/router/cors_r12_mutants_test.ts"],
  },
  {
    id: "rout12-cors-vary-configured",
    bug:
      "cors: a configured allowHeaders list answered with Vary: Access-Control-Request-Headers",
    file: "src/router/cors.ts",
    find: "if (init.allowHeaders === undefined) {",
    replace: "if (init.allowHeaders === undefined || asked !== null) {",
    tests: ["tests/router/cors_r12_mutants_test.ts"],
  },
  {
    id: "rout12-remove-host-group-dropped",
    bug:
      "router.remove: removing one route of a host drops the host's other routes",
    file: "src/router/_routes.ts",
    find: "if (group !== undefined && group.matcher.size === 0) {",
    replace: "if (!(group !== undefined && group.matcher.size === 0)) {",
    tests: ["tests/router/router_r12_mutants_test.ts"],
  },
  {
    id: "rout12-remove-host-patterns-kept-one",
    bug:
      "router.remove: a host's last route removed keeps only that host among the host patterns",
    file: "src/router/_routes.ts",
    find: "this.#patterns.filter((g) => g !== group);",
    replace: "this.#patterns.filter((g) => g === group);",
    tests: ["tests/router/router_r12_mutants_test.ts"],
  },
  {
    id: "rout12-remove-host-last-group-ignored",
    bug: "router.remove: with one host left, its routes no longer answer",
    file: "src/router/_routes.ts",
    find: "this.#hosted = this.#groups.size > 0;",
    replace: "this.#hosted = this.#groups.size > 1;",
    tests: ["tests/router/router_r12_mutants_test.ts"],
  },
  {
    id: "rout12-options-show-function-source",
    bug: "RouterInit: a refused function shown by its source text",
    file: "src/router/_options.ts",
    find: 'if (typeof value === "function") return "a function";',
    replace: 'if (typeof value === "function") "a function";',
    tests: ["tests/router/router_r12_mutants_test.ts"],
  },
  {
    id: "rout12-options-show-object",
    bug: "RouterInit: a refused object shown as [object Object]",
    file: "src/router/_options.ts",
    find: 'if (typeof value === "object") return "an object";',
    replace: 'if (typeof value === "object") "an object";',
    tests: ["tests/router/router_r12_mutants_test.ts"],
  },
  {
    id: "rout12-options-show-sixty-cut",
    bug: "RouterInit: a refused text of exactly 60 characters shown as cut",
    file: "src/router/_options.ts",
    find: "value.length > 60 ?",
    replace: "value.length >= 60 ?",
    tests: ["tests/router/router_r12_mutants_test.ts"],
  },
  {
    id: "rout12-options-show-number-as-bigint",
    bug: "RouterInit: a refused number shown with a bigint's n",
    file: "src/router/_options.ts",
    find: 'if (typeof value === "bigint") return',
    replace: 'if (typeof value !== "bigint") return',
    tests: ["tests/router/router_r12_mutants_test.ts"],
  },
  {
    id: "rout12-host-pattern-allowed",
    bug:
      "router: a path known only to a host pattern's routes answers 404 to another method on its hosts",
    file: "src/router/_routes.ts",
    find: "if (group.host.regexp.test(host)) matchers.push(group.matcher);",
    replace: "if (group.host.regexp.test(host)) ;",
    tests: ["tests/router/router_r12_mutants_test.ts"],
  },
  {
    id: "rout12-constraint-class-end",
    bug:
      "router: a } inside a constraint's character class closes the constraint",
    file: "src/router/_constraint.ts",
    find: 'else if (inClass) inClass = char !== "]";',
    replace: 'else if (inClass) inClass = char === "]";',
    tests: ["tests/router/router_r12_mutants_test.ts"],
  },
  {
    id: "rout12-plain-null-text",
    bug:
      "template route: null or undefined in a text/plain body rendered as the words null and undefined",
    file: "src/router/_escape.ts",
    find: ": value === null || value === undefined",
    replace: ": value === null && value === undefined",
    tests: ["tests/router/router_r12_mutants_test.ts"],
  },
  {
    id: "rout12-media-type-blank-before-semicolon",
    bug:
      "template route: text/html ; charset=utf-8 (blank before ;) not escaped as HTML",
    file: "src/router/_escape.ts",
    find: ".trim().toLowerCase();",
    replace: ".toLowerCase();",
    tests: ["tests/router/router_r12_mutants_test.ts"],
  },
  {
    id: "rout12-json-escape-sticks",
    bug:
      "template route: after an escaped quote in a JSON body's string literal, a later substitution counted as inside a string (text unquoted)",
    file: "src/router/_escape.ts",
    find: "if (escaped) escaped = false;",
    replace: "if (escaped) escaped = true;",
    tests: ["tests/router/router_r12_mutants_test.ts"],
  },
  {
    id: "rout12-json-escape-ignored",
    bug:
      "template route: a backslash in a JSON body's string literal escapes nothing, so an escaped quote ends the string",
    file: "src/router/_escape.ts",
    find: 'else if (char === "\\\\" && inString) escaped = true;',
    replace: 'else if (char === "\\\\" && inString) escaped = false;',
    tests: ["tests/router/router_r12_mutants_test.ts"],
  },
  {
    id: "rout12-dedent-first-line-indent",
    bug:
      "template route: the first line's indentation taken as the common one, so a deeper first line loses its relative indentation",
    file: "src/router/_template_parse.ts",
    find: "while (i < a.length && i < b.length && a[i] === b[i]) i++;",
    replace: "while (i < a.length || i < b.length && a[i] === b[i]) i++;",
    tests: ["tests/router/router_r12_mutants_test.ts"],
  },
  {
    id: "rout12-json-first-char-escaped",
    bug:
      "template route: a JSON body's first character read as escaped, so a body that is one string literal gets quoted values inside it",
    file: "src/router/_escape.ts",
    find: "let escaped = false;",
    replace: "let escaped = true;",
    tests: ["tests/router/router_r12_mutants_test.ts"],
  },
  {
    id: "rout12-dedent-first-text-line-counted",
    bug:
      "template route: a first line holding text counts for the common indentation, so nothing is dedented",
    file: "src/router/_template_parse.ts",
    find: "let startsWithBreak = false;",
    replace: "let startsWithBreak = true;",
    tests: ["tests/router/router_r12_mutants_test.ts"],
  },
  {
    id: "rout12-dedent-one-blank-line-dropped",
    bug: "template route: a one-line template of blanks loses them",
    file: "src/router/_template_parse.ts",
    find: "if (lines.length > 1 && isBlank(lines[0])) {",
    replace: "if (lines.length >= 1 && isBlank(lines[0])) {",
    tests: ["tests/router/router_r12_mutants_test.ts"],
  },
  {
    id: "rout12-dedent-closing-indent-kept",
    bug:
      "template route: a template of a line break and the closing backtick's indentation keeps the blanks as its body",
    file: "src/router/_template_parse.ts",
    find: "if (lines.length > 0 && isBlank(lines[lines.length - 1])) {",
    replace: "if (lines.length > 1 && isBlank(lines[lines.length - 1])) {",
    tests: ["tests/router/router_r12_mutants_test.ts"],
  },
  {
    id: "rout12-dedent-crlf-one-line",
    bug:
      "template route: with CRLF line ends and one body line, the CR before the closing line stays in the body",
    file: "src/router/_template_parse.ts",
    find: "      if (lines.length > 0) {",
    replace: "      if (lines.length > 1) {",
    tests: ["tests/router/router_r12_mutants_test.ts"],
  },
  {
    id: "rout12-dedent-empty-after-closing-line",
    bug:
      "template route: a template of a line break and the closing indentation throws a TypeError",
    file: "src/router/_template_parse.ts",
    find: "      if (lines.length > 0) {",
    replace: "      if (lines.length >= 0) {",
    tests: ["tests/router/router_r12_mutants_test.ts"],
  },
  {
    id: "rout12-dedent-first-text-line-cut",
    bug:
      "template route: a first line holding text loses its own leading blanks to the common indentation",
    file: "src/router/_template_parse.ts",
    find: "if (!startsWithBreak && i === 0) return line;",
    replace: "if (!startsWithBreak && i === 0) line;",
    tests: ["tests/router/router_r12_mutants_test.ts"],
  },
  {
    id: "rout12-dedent-only-first-line-cut",
    bug:
      "template route: without a leading line break only the first line is dedented",
    file: "src/router/_template_parse.ts",
    find: "if (!startsWithBreak && i === 0) return line;",
    replace: "if (!startsWithBreak && i !== 0) return line;",
    tests: ["tests/router/router_r12_mutants_test.ts"],
  },
  {
    id: "rout12-cache-304-content-location",
    bug: "router cache: a 304 drops the Content-Location its 200 sends",
    file: "src/router/_cache.ts",
    find: '  "content-location",',
    replace: '  "",',
    tests: ["tests/router/router_r12_mutants_test.ts"],
  },
  // Router, twelfth round (seeds 20261209 and 20261210, and planted by hand).
  {
    id: "rout13-utf8-low-surrogate-last",
    bug:
      "template route: HEAD's Content-Length counts U+10FFFF (low surrogate U+DFFF) as two lone surrogates",
    file: "src/router/_render.ts",
    find: "if (next >= 0xdc00 && next <= 0xdfff) {",
    replace: "if (next >= 0xdc00 && next < 0xdfff) {",
    tests: ["tests/router/router_r13_mutants_test.ts"],
  },
  {
    id: "rout13-utf8-low-surrogate-first",
    bug:
      "template route: HEAD's Content-Length counts U+10000 (low surrogate U+DC00) as two lone surrogates",
    file: "src/router/_render.ts",
    find: "if (next >= 0xdc00 && next <= 0xdfff) {",
    replace: "if (next > 0xdc00 && next <= 0xdfff) {",
    tests: ["tests/router/router_r13_mutants_test.ts"],
  },
  {
    id: "rout13-class-escaped-slash",
    bug: "constraints: an escaped / inside a class accepted",
    file: "src/router/_constraint.ts",
    find: 'if (next === "/") return true;',
    replace: 'if (next === "/") return false;',
    tests: ["tests/router/router_r13_mutants_test.ts"],
  },
  {
    id: "rout13-class-x2f",
    bug: "constraints: \\x2f inside a class read as the letter x",
    file: "src/router/_constraint.ts",
    find: "/^x[0-9a-f]{2}|^u[0-9a-f]{4}/i.exec(body.slice(i))",
    replace: "/^u[0-9a-f]{4}/i.exec(body.slice(i))",
    tests: ["tests/router/router_r13_mutants_test.ts"],
  },
  {
    id: "rout13-class-u002f",
    bug: "constraints: \\u002f inside a class accepted",
    file: "src/router/_constraint.ts",
    find: "/^x[0-9a-f]{2}|^u[0-9a-f]{4}/i.exec(body.slice(i))",
    replace: "/^x[0-9a-f]{2}/i.exec(body.slice(i))",
    tests: ["tests/router/router_r13_mutants_test.ts"],
  },
  {
    id: "rout13-class-posix-bracket",
    bug:
      "constraints: [^]/] read as POSIX (] literal), so a parameter matches across segments",
    file: "src/router/_constraint.ts",
    find: 'if (constraint[end] === "^") end++;',
    replace:
      'if (constraint[end] === "^") end++;\n      if (constraint[end] === "]") end++;',
    tests: ["tests/router/router_r13_mutants_test.ts"],
  },
  {
    id: "rout13-head-measure-mebibyte",
    bug:
      "router: a HEAD answer of a body of exactly 1 MiB loses its Content-Length",
    file: "src/router/router.ts",
    find: "while (length <= HEAD_MEASURE_LIMIT) {",
    replace: "while (length < HEAD_MEASURE_LIMIT) {",
    tests: ["tests/router/router_r13_mutants_test.ts"],
  },
  {
    id: "rout13-head-measure-timer",
    bug: "router: measuring a HEAD answer's body leaves its timer running",
    file: "src/router/router.ts",
    find: "clearTimeout(timer);",
    replace: ";",
    tests: ["tests/router/router_r13_mutants_test.ts"],
  },
  {
    id: "rout13-head-measure-cancel",
    bug: "router: HEAD leaves the GET body it measured open",
    file: "src/router/router.ts",
    find: "reader.cancel().catch(() => {});",
    replace: ";",
    tests: ["tests/router/router_r13_mutants_test.ts"],
  },
  {
    id: "rout13-head-stated-length-cancel",
    bug: "router: HEAD leaves open a GET body whose length the handler set",
    file: "src/router/router.ts",
    find: "response.body.cancel().catch(() => {});",
    replace: ";",
    tests: ["tests/router/router_r13_mutants_test.ts"],
  },
  {
    id: "rout13-cache-empty-etag",
    bug: "router cache: an empty ETag line kept as the route's validator",
    file: "src/router/_cache.ts",
    find:
      'const own = given !== null && opaqueTag(given) !== "" ? given : undefined;',
    replace: "const own = given ?? undefined;",
    tests: [
      "tests/router/router_r13_mutants_test.ts",
      "tests/router/route_test.ts",
    ],
  },
  {
    id: "rout13-redirect-fragment-query",
    bug: "router: a ? inside the fragment sent on as the redirect's query",
    file: "src/router/router.ts",
    find: "const url = hash === -1 ? request.url : request.url.slice(0, hash);",
    replace: "const url = request.url;",
    tests: ["tests/router/router_r13_mutants_test.ts"],
  },
  {
    id: "rout13-invalid-response-names-route",
    bug:
      "router: a handler that returns no Response is named as the default route, and the default one as nothing",
    file: "src/router/router.ts",
    find: 'context.pattern || "the default route"',
    replace: 'context.pattern && "the default route"',
    tests: ["tests/router/router_r13_mutants_test.ts"],
  },
  {
    id: "rout13-negated-digit-escape-in-class",
    bug:
      "constraints: [^\\D] read as another set by the linearity check, so a linear constraint refused",
    file: "src/router/_regexp_tree.ts",
    find: 'if (char === "D") return complement(DIGITS);',
    replace: 'if (char === "D") complement(DIGITS);',
    tests: ["tests/router/router_r13_mutants_test.ts"],
  },
  {
    id: "rout13-negated-word-escape-in-class",
    bug:
      "constraints: [^\\W] read as another set by the linearity check, so a linear constraint refused",
    file: "src/router/_regexp_tree.ts",
    find: 'if (char === "W") return complement(WORD);',
    replace: 'if (char === "W") complement(WORD);',
    tests: ["tests/router/router_r13_mutants_test.ts"],
  },
  {
    id: "rout13-escaped-range-end",
    bug:
      "constraints: [\\x61-\\x7a] read as three characters, so [\\x61-\\x7a]+[b-y]+ (polynomial) accepted",
    file: "src/router/_regexp_tree.ts",
    find:
      "return set.length === 1 && set[0][0] === set[0][1] ? set[0][0] : set;",
    replace: "return set;",
    tests: ["tests/router/router_r13_mutants_test.ts"],
  },
  {
    id: "rout13-open-repeat-written-out",
    bug:
      "constraints: x{n,} checked as x+, so [a-z]{401,} escapes the 400-position bound",
    file: "src/router/_regexp_ambiguity.ts",
    find: "Math.max(0, min - 1)",
    replace: "Math.min(0, min - 1)",
    tests: ["tests/router/router_r13_mutants_test.ts"],
  },
  {
    id: "rout13-head-promises-settled",
    bug:
      "template route: the head is rendered before its async substitutions settle",
    file: "src/router/route.ts",
    find: "await settle(results, allHead);",
    replace: ";",
    tests: ["tests/router/router_r13_mutants_test.ts"],
  },
  {
    id: "rout13-remove-first-of-method",
    bug:
      "router.remove: the method's first route taken out of the table instead of the one named",
    file: "src/router/_matcher.ts",
    find: "r.method === method && this.#key(r.method, r.pattern) === key",
    replace: "r.method === method || this.#key(r.method, r.pattern) === key",
    tests: ["tests/router/router_r13_mutants_test.ts"],
  },
  {
    id: "rout13-endpoint-over-lines",
    bug:
      "router.endpoint: an endpoint opening with a line break refused as INVALID_ENDPOINT",
    file: "src/router/router.ts",
    find: "const text = rawEndpoint(strings, substitutions).trim();",
    replace: "const text = rawEndpoint(strings, substitutions);",
    tests: ["tests/router/router_r13_mutants_test.ts"],
  },
  {
    id: "rout13-endpoint-line-blanks",
    bug:
      "router.endpoint: blanks after the pattern, before a Host line, read as a third word",
    file: "src/router/router.ts",
    find: "const parts = line.trim().split(/\\s+/);",
    replace: "const parts = line.split(/\\s+/);",
    tests: ["tests/router/router_r13_mutants_test.ts"],
  },
  {
    id: "rout13-remove-listing-host",
    bug:
      "router.remove: routes() drops the first route without a Host line instead of the one removed",
    file: "src/router/router.ts",
    find: "route.method === method && route.pattern === removed.source &&",
    replace: "route.method === method && route.pattern === removed.source ||",
    tests: ["tests/router/router_r13_mutants_test.ts"],
  },
  {
    id: "rout13-scan-bound-exact",
    bug:
      "maxParamLength: the next route's parameter of exactly the bound refused",
    file: "src/router/_matcher.ts",
    find: "if (groups.every((group) => !(captures[group]?.length > max))) {",
    replace:
      "if (groups.every((group) => !(captures[group]?.length >= max))) {",
    tests: ["tests/router/router_r13_mutants_test.ts"],
  },
  {
    id: "rout13-scan-group-index",
    bug:
      "maxParamLength: the search for the next route measures the capture before each parameter",
    file: "src/router/_matcher.ts",
    find: "if (name !== pattern.wildcard) groups.push(i + 1);",
    replace: "if (name !== pattern.wildcard) groups.push(i);",
    tests: ["tests/router/router_r13_mutants_test.ts"],
  },
  {
    id: "rout13-fetch-enumerable",
    bug: "router: fetch hidden from a spread copy of the router",
    file: "src/router/router.ts",
    find:
      'Object.defineProperty(router, "fetch", { value: router, enumerable: true });',
    replace:
      'Object.defineProperty(router, "fetch", { value: router, enumerable: false });',
    tests: ["tests/router/router_r13_mutants_test.ts"],
  },
  {
    id: "rout13-scan-absent-optional",
    bug:
      "maxParamLength: the next route's absent optional parameter read as a string (500)",
    file: "src/router/_matcher.ts",
    find: "!(captures[group]?.length > max)",
    replace: "!(captures[group].length > max)",
    tests: ["tests/router/router_r13_mutants_test.ts"],
  },
  {
    id: "rout13-fs-fresh-handler",
    bug:
      "createFSRouter: Fresh's handler function export not routed (a module with only it refused)",
    file: "src/router/fs_router.ts",
    find:
      'if (typeof handler === "function") found.push(["ALL", handler as Handler]);',
    replace: 'if (typeof handler === "function") ;',
    tests: ["tests/router/fs_router_r13_mutants_test.ts"],
  },
  {
    id: "rout14-constraint-x2f-from-backslash",
    bug:
      "constraint: \\x2f outside a class read from the backslash, so a parameter reads across segments",
    file: "src/router/_constraint.ts",
    find: '"DSW/".includes(next) || /^x2f/i.test(constraint.slice(i + 1)) ||',
    replace: '"DSW/".includes(next) || /^x2f/i.test(constraint.slice(i)) ||',
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-constraint-x2f-and-u002f",
    bug:
      "constraint: \\x2f outside a class refused only when it is also \\u002f",
    file: "src/router/_constraint.ts",
    find: "/^x2f/i.test(constraint.slice(i + 1)) ||\n",
    replace: "/^x2f/i.test(constraint.slice(i + 1)) &&\n",
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-constraint-u002f-from-backslash",
    bug:
      "constraint: \\u002f outside a class read from the backslash, so a parameter reads across segments",
    file: "src/router/_constraint.ts",
    find: "/^u002f/i.test(constraint.slice(i + 1))\n",
    replace: "/^u002f/i.test(constraint.slice(i))\n",
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-cache-304-for-300",
    bug: "cache: a cached 300 answers a matching If-None-Match with 304",
    file: "src/router/_cache.ts",
    find: "entry.status >= 200 && entry.status < 300 &&",
    replace: "entry.status >= 200 && entry.status < 301 &&",
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-host-line-untrimmed",
    bug:
      "endpoint: a refused header line quoted with the template's indentation",
    file: "src/router/_host.ts",
    find: "JSON.stringify(line.trim())",
    replace: "JSON.stringify(line)",
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-head-priority-inverted",
    bug: "matcher: HEAD goes to the ALL route before the GET route of its path",
    file: "src/router/_matcher.ts",
    find: 'if (routeMethod === "GET" && tableMethod === "HEAD") return 1;',
    replace:
      'if (!(routeMethod === "GET" && tableMethod === "HEAD")) return 1;',
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-head-priority-either",
    bug:
      "matcher: GET and ALL rank alike for HEAD, so registration order picks",
    file: "src/router/_matcher.ts",
    find: 'if (routeMethod === "GET" && tableMethod === "HEAD") return 1;',
    replace: 'if (routeMethod === "GET" || tableMethod === "HEAD") return 1;',
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-head-priority-dropped",
    bug:
      "matcher: the GET route's rank for HEAD dropped, so registration order picks",
    file: "src/router/_matcher.ts",
    find: 'if (routeMethod === "GET" && tableMethod === "HEAD") return 1;',
    replace: 'if (routeMethod === "GET" && tableMethod === "HEAD") 1;',
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-compare-static-lengths",
    bug:
      "comparePatterns ranks two literal segments by length, so a host route loses a tie to an encoded spelling",
    file: "src/router/_pattern.ts",
    find: "    if (left !== RANK_MIXED) continue;",
    replace: "    if (left !== RANK_MIXED) ;",
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-tree-negated-blank",
    bug: "linearity check: \\S not read, so [^\\S] refused",
    file: "src/router/_regexp_tree.ts",
    find: 'if (char === "S") return complement(SPACE);',
    replace: 'if (char === "S") complement(SPACE);',
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-tree-blank",
    bug:
      "linearity check: \\s not read, so a linear constraint with blanks refused",
    file: "src/router/_regexp_tree.ts",
    find: 'if (char === "s") return SPACE;',
    replace: 'if (char === "s") SPACE;',
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-tree-empty-repeat",
    bug:
      "linearity check: an empty group under a quantifier not refused as nothing to repeat",
    file: "src/router/_regexp_tree.ts",
    find: 'if (node.kind === "empty") refuse(at, "nothing to repeat");',
    replace: 'if (node.kind === "empty") ;',
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-class-escape-dropped",
    bug:
      "constraints: an escaped character left out of its class, so [\\.-0] loses its range and matches /",
    file: "src/router/_constraint.ts",
    find:
      '    chars.push(CONTROL_ESCAPES[next] ?? ("dswB".includes(next) ? null : next));',
    replace: "    ;",
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-class-hex-as-letter",
    bug:
      "constraints: a hex escape in a class read as its letters, so [\\x21-\\x7e] reads across segments",
    file: "src/router/_constraint.ts",
    find: "chars.push(String.fromCharCode(parseInt(hex.slice(1), 16)));",
    replace: "chars.push(hex[0]);",
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-class-control-escape",
    bug:
      "constraints: \\t or \\0 in a class no range end, so [\\t-0] reads across segments",
    file: "src/router/_constraint.ts",
    find: "chars.push(CONTROL_ESCAPES[next] ?? (",
    replace: "chars.push((",
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-class-hex-overread",
    bug: "constraints: a hex escape in a class swallows the character after it",
    file: "src/router/_constraint.ts",
    find: "      i += hex.length - 1;",
    replace: "      i += hex.length;",
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-normalize-sort-high",
    bug:
      "linearity check: a class's ranges sorted by their high end, so a negated class takes in letters it leaves out",
    file: "src/router/_regexp_tree.ts",
    find: ".sort((a, b) => a[0] - b[0])",
    replace: ".sort((a, b) => a[1] - b[0])",
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-normalize-sort-mixed",
    bug:
      "linearity check: a class's ranges sorted low against high, so a negated class takes in digits it leaves out",
    file: "src/router/_regexp_tree.ts",
    find: ".sort((a, b) => a[0] - b[0])",
    replace: ".sort((a, b) => a[0] - b[1])",
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-normalize-no-merge",
    bug:
      "linearity check: overlapping ranges of a class never merged, so a negated class takes in letters it leaves out",
    file: "src/router/_regexp_tree.ts",
    find: "const last = out[out.length - 1];",
    replace: "const last = out[out.length];",
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-head-null-words",
    bug:
      "template router: null or undefined in a status or header line sent as the word",
    file: "src/router/_render.ts",
    find:
      '  if (value === null || value === undefined) return "";\n  if (\n    value instanceof ArrayBuffer',
    replace:
      '  if (value === null || value === undefined) "";\n  if (\n    value instanceof ArrayBuffer',
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-normalize-merge-low",
    bug:
      "linearity check: a class's range merged only when it starts next to the last range's low end, so a negated class takes in letters it leaves out",
    file: "src/router/_regexp_tree.ts",
    find: "if (last !== undefined && low <= last[1] + 1) {",
    replace: "if (last !== undefined && low <= last[0] + 1) {",
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-complement-top",
    bug:
      "linearity check: a negated class stops at its highest excluded character, so [^/a-z]+[~]+ is accepted",
    file: "src/router/_regexp_tree.ts",
    find: "  if (next <= 0xffff) out.push([next, 0xffff]);",
    replace: "  if (next <= 0xffff) ;",
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-complement-keeps-high",
    bug:
      "linearity check: a negated class counts each excluded range's last character back in",
    file: "src/router/_regexp_tree.ts",
    find: "    next = high + 1;",
    replace: "    next = high;",
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-complement-top-unit",
    bug: "linearity check: a negated class leaving only U+FFFF read as empty",
    file: "src/router/_regexp_tree.ts",
    find: "  if (next <= 0xffff) out.push([next, 0xffff]);",
    replace: "  if (next < 0xffff) out.push([next, 0xffff]);",
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-fold-lone-letter",
    bug:
      "linearity check: a lone letter keeps one case, so [x]+[X]+ is accepted",
    file: "src/router/_regexp_tree.ts",
    find: "      if (a <= b) extra.push([a + shift, b + shift]);",
    replace: "      if (a < b) extra.push([a + shift, b + shift]);",
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-tree-boundary-b",
    bug:
      "linearity check: \\b not read, so a constraint with a word boundary refused",
    file: "src/router/_regexp_tree.ts",
    find: 'if (char === "b") return inClass ? [[8, 8]] : "assertion";',
    replace: 'if (char === "b") inClass ? [[8, 8]] : "assertion";',
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-tree-boundary-B-class",
    bug:
      "linearity check: \\B read as an assertion only inside a class, so a constraint with it refused",
    file: "src/router/_regexp_tree.ts",
    find: 'if (char === "B" && !inClass) return "assertion";',
    replace: 'if (char === "B" && inClass) return "assertion";',
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-tree-boundary-B",
    bug:
      "linearity check: \\B not read, so a constraint with a non-boundary refused",
    file: "src/router/_regexp_tree.ts",
    find: 'if (char === "B" && !inClass) return "assertion";',
    replace: 'if (char === "B" && !inClass) "assertion";',
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-literals-after-param",
    bug:
      "comparePatterns: a whole-segment parameter adds no literal count, so a mixed segment after it ties and less literal text wins",
    file: "src/router/_pattern.ts",
    find:
      "      segmentLiterals.push(0);\n      continue;\n    }\n    const last",
    replace: "      ;\n      continue;\n    }\n    const last",
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-stream-chunk-text",
    bug:
      "template router: a streamed chunk that is neither text nor bytes sent as nothing",
    file: "src/router/_render.ts",
    find:
      "  if (value === null || value === undefined) return new Uint8Array(0);",
    replace:
      "  if (value === null || value !== undefined) return new Uint8Array(0);",
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  {
    id: "rout14-brace-literal",
    bug:
      "linearity check: a brace that opens no quantifier refused as nothing to repeat",
    file: "src/router/_regexp_tree.ts",
    find: 'if (char === "{" && QUANTIFIER.test(text.slice(at))) {',
    replace: 'if (char === "{" || QUANTIFIER.test(text.slice(at))) {',
    tests: ["tests/router/router_r14_mutants_test.ts"],
  },
  // Router, fourteenth round (seed 20261216, and bugs planted by hand).
  {
    id: "rout15-body-texts-merged",
    bug:
      "template router: adjacent body texts not merged, so a streamed body goes out one chunk per line",
    file: "src/router/_template_parse.ts",
    find: "const previous = merged[merged.length - 1];",
    replace: "const previous = merged[merged.length];",
    tests: ["tests/router/router_r15_mutants_test.ts"],
  },
  {
    id: "rout15-escape-u-any",
    bug:
      "linearity check: any escaped character before four hex digits read as a \\u escape, so a backtracking constraint accepted",
    file: "src/router/_regexp_tree.ts",
    find: 'if (char === "u" && /^[0-9a-fA-F]{4}/.test(text.slice(i))) {',
    replace: 'if (char === "u" || /^[0-9a-fA-F]{4}/.test(text.slice(i))) {',
    tests: ["tests/router/pattern_r15_mutants_test.ts"],
  },
  {
    id: "rout15-rejection-unhandled",
    bug:
      "template router: a substitution's rejection not marked handled, so one no one awaits after an earlier failure goes unhandled",
    file: "src/router/_render.ts",
    find: "if (result instanceof Promise) result.catch(noop);",
    replace: "if (result instanceof Promise) void 0;",
    tests: ["tests/router/router_r15_mutants_test.ts"],
  },
  {
    id: "rout15-cook-first-raw",
    bug:
      "HTTPExpression: a first template string JavaScript cannot cook (`\\users`) read as undefined, not as its raw text",
    file: "src/router/template.ts",
    find: "let result = strings[0] ?? strings.raw[0];",
    replace: "let result = strings[0];",
    tests: ["tests/router/expression_r15_mutants_test.ts"],
  },
  {
    id: "rout15-cook-first-raw-index",
    bug:
      "HTTPExpression: a first template string that cannot be cooked replaced by the second one's raw text",
    file: "src/router/template.ts",
    find: "let result = strings[0] ?? strings.raw[0];",
    replace: "let result = strings[0] ?? strings.raw[1];",
    tests: ["tests/router/expression_r15_mutants_test.ts"],
  },
  {
    id: "rout15-cook-raw",
    bug:
      "HTTPExpression: a template string after a substitution that cannot be cooked read as undefined, not as its raw text",
    file: "src/router/template.ts",
    find: "(strings[i + 1] ?? strings.raw[i + 1])",
    replace: "(strings[i + 1])",
    tests: ["tests/router/expression_r15_mutants_test.ts"],
  },
  {
    id: "rout15-cook-continuation",
    bug:
      'HTTPExpression: a line continuation after a substitution (cooked "") brings its raw backslash back',
    file: "src/router/template.ts",
    find: "(strings[i + 1] ?? strings.raw[i + 1])",
    replace: "(strings[i + 1] || strings.raw[i + 1])",
    tests: ["tests/router/expression_r15_mutants_test.ts"],
  },
  {
    id: "rout15-cook-raw-index",
    bug:
      "HTTPExpression: a template string that cannot be cooked replaced by the raw text before it",
    file: "src/router/template.ts",
    find: "(strings[i + 1] ?? strings.raw[i + 1])",
    replace: "(strings[i + 1] ?? strings.raw[i])",
    tests: ["tests/router/expression_r15_mutants_test.ts"],
  },
  {
    id: "rout15-stream-arraybuffer-chunk",
    bug:
      'template router: an ArrayBuffer chunk of a substituted stream sent as the text "[object ArrayBuffer]"',
    file: "src/router/_render.ts",
    find:
      "if (value instanceof Uint8Array) return value;\n  if (value instanceof ArrayBuffer) return new Uint8Array(value);",
    replace:
      "if (value instanceof Uint8Array) return value;\n  if (value instanceof ArrayBuffer) new Uint8Array(value);",
    tests: ["tests/router/router_r15_mutants_test.ts"],
  },
  {
    id: "rout15-stream-read-ahead",
    bug:
      "template router: a streamed body pulls the next substituted stream before the client has read the text before it",
    file: "src/router/_render.ts",
    find: "controller.enqueue(ENCODER.encode(part));\n            return;",
    replace: "controller.enqueue(ENCODER.encode(part));\n            ;",
    tests: ["tests/router/router_r15_mutants_test.ts"],
  },
  {
    id: "rout15-expression-whole-list",
    bug:
      "HTTPExpression: a header rule whose value holds a comma never matches the same header, compared only element by element",
    file: "src/router/expression.ts",
    find: "if (normalizeElement(actual) === rule.value) return true;",
    replace: "if (normalizeElement(actual) === rule.value) true;",
    tests: ["tests/router/expression_r15_mutants_test.ts"],
  },
  {
    id: "rout15-expression-refusal-line",
    bug:
      "HTTPExpression: the refusal of an unreadable request line quotes the header line after it",
    file: "src/router/expression.ts",
    find: 'JSON.stringify(lines[0] ?? "")',
    replace: 'JSON.stringify(lines[1] ?? "")',
    tests: ["tests/router/expression_r15_mutants_test.ts"],
  },
  {
    id: "rout15-expression-refusal-empty",
    bug:
      "HTTPExpression: the refusal of an empty expression quotes the word undefined",
    file: "src/router/expression.ts",
    find: 'JSON.stringify(lines[0] ?? "")',
    replace: "JSON.stringify(lines[0])",
    tests: ["tests/router/expression_r15_mutants_test.ts"],
  },
  {
    id: "rout15-expression-one-char-name",
    bug:
      "HTTPExpression: a header rule named by one character refused as malformed",
    file: "src/router/expression.ts",
    find: "if (colon <= 0 || !TOKEN.test(name)) {",
    replace: "if (colon <= 1 || !TOKEN.test(name)) {",
    tests: ["tests/router/expression_r15_mutants_test.ts"],
  },
  {
    id: "rout15-head-one-char-name",
    bug:
      "template router: a head line naming a one-character header refused as malformed",
    file: "src/router/_render.ts",
    find: "if (colon <= 0 || !TOKEN.test(name)) {",
    replace: "if (colon <= 1 || !TOKEN.test(name)) {",
    tests: ["tests/router/expression_r15_mutants_test.ts"],
  },
  {
    id: "rout15-stream-closed-twice",
    bug:
      "template router: a streamed body closed twice at its end, the TypeError reported to the errorHandler",
    file: "src/router/_render.ts",
    find: "controller.close();\n            return;",
    replace: "controller.close();\n            ;",
    tests: ["tests/router/router_r15_mutants_test.ts"],
  },
  {
    id: "rout15-can-read-empty",
    bug:
      "pattern check: an empty part of a constraint taken to read the separator before it, so a constraint after another parameter refused",
    file: "src/router/_regexp_ambiguity.ts",
    find: 'case "empty":\n        return false;',
    replace: 'case "empty":\n        return true;',
    tests: ["tests/router/pattern_r15_mutants_test.ts"],
  },
  {
    id: "rout15-expression-header-line",
    bug:
      "HTTPExpression: a header line without a colon, or with a name that is no token, taken as a rule",
    file: "src/router/expression.ts",
    find: "if (colon <= 0 || !TOKEN.test(name)) {",
    replace: "if (colon <= 0 && !TOKEN.test(name)) {",
    tests: ["tests/router/expression_r15_mutants_test.ts"],
  },
  {
    id: "rout15-head-length",
    bug:
      "template router: a route served as it is answers HEAD without the Content-Length its GET has, when its body is rendered late",
    file: "src/router/route.ts",
    find: '(request.method === "HEAD" || rendered.body instanceof Blob);',
    replace: '(request.method !== "HEAD" || rendered.body instanceof Blob);',
    tests: ["tests/router/route_r15_mutants_test.ts"],
  },
  {
    id: "rout15-blob-length",
    bug:
      "template router: a body holding a Blob loses its Content-Length on GET (Deno.serve would stream it chunked)",
    file: "src/router/route.ts",
    find: '(request.method === "HEAD" || rendered.body instanceof Blob);',
    replace: '(request.method === "HEAD" && rendered.body instanceof Blob);',
    tests: ["tests/router/route_r15_mutants_test.ts"],
  },
  {
    id: "rout15-framing-transfer-encoding",
    bug:
      "template router: a Transfer-Encoding header from a template or RouteInit.headers kept, though the runtime frames the body",
    file: "src/router/_render.ts",
    find: 'const FRAMING = new Set(["content-length", "transfer-encoding"]);',
    replace: 'const FRAMING = new Set(["content-length", ""]);',
    tests: ["tests/router/route_r15_mutants_test.ts"],
  },
  {
    id: "rout15-route-no-context",
    bug:
      "template router: a route called without a context hands its substitutions undefined for it",
    file: "src/router/route.ts",
    find:
      "const ctx = context ??\n        new Context(request, null, undefined, undefined);",
    replace: "const ctx = context;",
    tests: ["tests/router/route_r15_mutants_test.ts"],
  },
  {
    id: "rout15-fast-path-rejection-unhandled",
    bug:
      "template router: the fast path's promise not marked handled, so it goes unhandled when a later substitution throws at once",
    file: "src/router/route.ts",
    find: "if (value instanceof Promise) value.catch(() => {});",
    replace: "if (value instanceof Promise) void 0;",
    tests: ["tests/router/router_r15_mutants_test.ts"],
  },
  {
    id: "rout15-cancel-piped-stream",
    bug:
      "template router: a client that stops reading leaves the substituted stream being piped uncancelled",
    file: "src/router/_render.ts",
    find: "reader?.cancel(reason).catch(noop);",
    replace: "void 0;",
    tests: ["tests/router/router_r15_mutants_test.ts"],
  },
  {
    id: "rout15-status-line-blank",
    bug:
      "template router: a one-line template with a blank before its status line refused as malformed",
    file: "src/router/_render.ts",
    find: "withoutOws(text),",
    replace: "text,",
    tests: ["tests/router/route_r15_mutants_test.ts"],
  },
  {
    id: "rout15-utf8-length-low-pair",
    bug:
      "template router: a lone low surrogate after a code unit from U+D800 up counted with it as one 4-byte character, so HEAD names the wrong length",
    file: "src/router/_render.ts",
    find: "else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {",
    replace:
      "else if (code >= 0xd800 || code <= 0xdbff && i + 1 < text.length) {",
    tests: ["tests/router/route_r15_mutants_test.ts"],
  },
  {
    id: "rout15-utf8-length-any-pair",
    bug:
      "template router: any code unit from U+0800 up before the last taken to start a surrogate pair, so HEAD names the wrong length",
    file: "src/router/_render.ts",
    find: "else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {",
    replace:
      "else if (code >= 0xd800 && code <= 0xdbff || i + 1 < text.length) {",
    tests: ["tests/router/route_r15_mutants_test.ts"],
  },
  {
    id: "rout15-can-read-choice",
    bug:
      "pattern check: an alternation never taken to read the separator, so a constraint after another parameter that can match it accepted",
    file: "src/router/_regexp_ambiguity.ts",
    find: "return node.options.some(walk);",
    replace: "node.options.some(walk);",
    tests: ["tests/router/pattern_r15_mutants_test.ts"],
  },
  {
    id: "rout15-stream-empty-chunk",
    bug:
      "template router: an empty chunk of a substituted stream sent on as an empty body chunk",
    file: "src/router/_render.ts",
    find: "if (bytes.byteLength === 0) continue;",
    replace: "if (bytes.byteLength === 0) ;",
    tests: ["tests/router/router_r15_mutants_test.ts"],
  },
  {
    id: "rout15-mixed-constraint-offset",
    bug:
      "pattern check: a refused constraint in a segment mixing text and parameters reported one character early",
    file: "src/router/_pattern.ts",
    find: "constraintSource(source, constraint, segmentOffset + end + 1)",
    replace: "constraintSource(source, constraint, segmentOffset + end)",
    tests: ["tests/router/pattern_r15_mutants_test.ts"],
  },
  {
    id: "rout15-stream-empty-bytes",
    bug:
      "template router: empty bytes substituted into a streamed body sent as an empty chunk",
    file: "src/router/_render.ts",
    find: "if (chunk.byteLength === 0) continue;",
    replace: "if (chunk.byteLength === 0) ;",
    tests: ["tests/router/router_r15_mutants_test.ts"],
  },
  {
    id: "rout15-star-after-param-message",
    bug:
      "pattern check: a * right after a constrained parameter refused with rou3's ** message",
    file: "src/router/_pattern.ts",
    find: 'segment[i - 1] === "*"',
    replace: 'segment[i] === "*"',
    tests: ["tests/router/pattern_r15_mutants_test.ts"],
  },
  {
    id: "rout15-bare-star",
    bug:
      "HTTPExpression: a bare * pattern refused as not starting with /, where it is /*",
    file: "src/router/_pattern.ts",
    find: 'if (source === "*" || source === "/*") source = "/*";',
    replace: 'if (source === "*" && source === "/*") source = "/*";',
    tests: ["tests/router/expression_r15_mutants_test.ts"],
  },
  {
    id: "rout15-binary-head-code",
    bug:
      "template router: binary data in a head line refused with an empty code instead of UNSAFE_SUBSTITUTION",
    file: "src/router/_render.ts",
    find:
      'code: "UNSAFE_SUBSTITUTION",\n      message: "Binary data cannot be substituted into a start or header line",',
    replace:
      'code: "",\n      message: "Binary data cannot be substituted into a start or header line",',
    tests: ["tests/router/route_r15_mutants_test.ts"],
  },
  {
    id: "rout15-stream-failure-cancels-rest",
    bug:
      "template router: a streamed body whose part fails leaves the substituted streams after it uncancelled",
    file: "src/router/_render.ts",
    find: "cancelRest(error);",
    replace: "void 0;",
    tests: ["tests/router/router_r15_mutants_test.ts"],
  },
  {
    id: "rout15-cancel-rest-non-stream",
    bug:
      "template router: a failed streamed body cancels its later values that are no streams too, and the TypeError goes unhandled",
    file: "src/router/_render.ts",
    find: "if (value instanceof ReadableStream && !value.locked) {",
    replace: "if (value instanceof ReadableStream || !value.locked) {",
    tests: ["tests/router/router_r15_mutants_test.ts"],
  },
  {
    id: "rout15-head-blob-stream",
    bug:
      "template router: a Blob or ReadableStream substituted into a head line sent as its [object \u2026] text, not refused",
    file: "src/router/_render.ts",
    find: "value instanceof Blob || value instanceof ReadableStream",
    replace: "value instanceof Blob && value instanceof ReadableStream",
    tests: ["tests/router/route_r15_mutants_test.ts"],
  },
  {
    id: "rout15-stream-past-end",
    bug:
      "template router: a streamed body reads one part past its end, so a JSON body gains a trailing null",
    file: "src/router/_render.ts",
    find: "if (index >= parts.length) {",
    replace: "if (index > parts.length) {",
    tests: ["tests/router/router_r15_mutants_test.ts"],
  },
  {
    id: "rout15-utf8-length-pair-any",
    bug:
      "template router: a high surrogate paired with whatever follows it, so HEAD names the wrong length",
    file: "src/router/_render.ts",
    find: "if (next >= 0xdc00 && next <= 0xdfff) {",
    replace: "if (next >= 0xdc00 || next <= 0xdfff) {",
    tests: ["tests/router/route_r15_mutants_test.ts"],
  },
  {
    id: "rout15-utf8-length-pair-dc00",
    bug:
      "template router: a high surrogate before U+DC00 not taken as a pair, so HEAD names the wrong length",
    file: "src/router/_render.ts",
    find: "if (next >= 0xdc00 && next <= 0xdfff) {",
    replace: "if (next > 0xdc00 && next <= 0xdfff) {",
    tests: ["tests/router/route_r15_mutants_test.ts"],
  },
  {
    id: "rout15-pending-inverted",
    bug:
      "template router: a body whose only part is a pending promise taken as settled and sent as [object Promise]",
    file: "src/router/_render.ts",
    find:
      'if (typeof part === "number" && isThenable(results[part])) return true;',
    replace:
      'if (!(typeof part === "number" && isThenable(results[part]))) return true;',
    tests: ["tests/router/route_r15_mutants_test.ts"],
  },
  {
    id: "rout15-stream-empty-text",
    bug:
      "template router: the empty text before a substituted stream sent as an empty first chunk",
    file: "src/router/_render.ts",
    find: 'if (part === "") continue;',
    replace: 'if (part === "") ;',
    tests: ["tests/router/router_r15_mutants_test.ts"],
  },
  {
    id: "rout15-pattern-white-space",
    bug:
      "pattern check: white space in a baseUrl taken as literal text, so no request reaches its routes",
    file: "src/router/_pattern.ts",
    find:
      '} else if (char.trim() === "") fail(source, at, "white space in a pattern");',
    replace: '} else if (char.trim() === "") ;',
    tests: ["tests/router/pattern_r15_mutants_test.ts"],
  },
  {
    id: "rout15-literals-after-multi",
    bug:
      "comparePatterns: a multi-segment parameter adds no literal count, so a mixed segment after it ties and less literal text wins",
    file: "src/router/_pattern.ts",
    find:
      "rank.push(plus ? RANK_PLUS : RANK_WILDCARD);\n        segmentLiterals.push(0);",
    replace: "rank.push(plus ? RANK_PLUS : RANK_WILDCARD);\n        ;",
    tests: ["tests/router/pattern_r15_mutants_test.ts"],
  },
  {
    id: "rout15-head-line-shape",
    bug:
      "template router: a head line without a colon, or with a name that is no token, taken as a header",
    file: "src/router/_render.ts",
    find: "if (colon <= 0 || !TOKEN.test(name)) {",
    replace: "if (colon <= 0 && !TOKEN.test(name)) {",
    tests: ["tests/router/route_r15_mutants_test.ts"],
  },
  {
    id: "rout15-head-control-code",
    bug:
      "template router: a control character in a template's own head line refused with an empty code",
    file: "src/router/_render.ts",
    find:
      'code: "UNSAFE_SUBSTITUTION",\n      message:\n        `Header ${name} contains a control character',
    replace:
      'code: "",\n      message:\n        `Header ${name} contains a control character',
    tests: ["tests/router/route_r15_mutants_test.ts"],
  },
  {
    id: "rout16-header-value-js-trim",
    bug:
      "template router: a header value loses a U+00A0 at its edge, and a VT or FF there is dropped instead of refused (String's trim for HTTP's OWS)",
    file: "src/router/_render.ts",
    find: "const value = withoutOws(text.slice(colon + 1));",
    replace: "const value = text.slice(colon + 1).trim();",
    tests: ["tests/router/route_r16_mutants_test.ts"],
  },
  {
    id: "rout16-header-name-js-trim",
    bug:
      "template router: a U+00A0 around a header name taken off, so a name that is no token is accepted",
    file: "src/router/_render.ts",
    find: "const name = withoutOws(text.slice(0, colon));",
    replace: "const name = text.slice(0, colon).trim();",
    tests: ["tests/router/route_r16_mutants_test.ts"],
  },
  {
    id: "rout16-status-line-js-trim",
    bug:
      "template router: a reason phrase loses a U+00A0 at its end, and an FF there is dropped instead of refused",
    file: "src/router/_render.ts",
    find: "withoutOws(text),",
    replace: "text.trim(),",
    tests: ["tests/router/route_r16_mutants_test.ts"],
  },
  {
    id: "rout16-ows-no-tab",
    bug:
      "template router: a tab around a reason phrase kept as part of it (OWS read as spaces only)",
    file: "src/_http_token.ts",
    find: "return code === 32 || code === 9;",
    replace: "return code === 32;",
    tests: ["tests/router/route_r16_mutants_test.ts"],
  },
  {
    id: "rout16-pair-step-bound",
    bug:
      "constraint check: a constraint needing exactly the 2,000,000 pair steps the check allows refused as too complex",
    file: "src/router/_regexp_ambiguity.ts",
    find: "if (++steps > MAX_PAIR_STEPS) {",
    replace: "if (++steps >= MAX_PAIR_STEPS) {",
    tests: ["tests/router/constraint_r16_mutants_test.ts"],
  },
  {
    id: "rout16-fs-scan-unsorted",
    bug:
      "createFSRouter: routes listed and modules imported in the runtime's directory order (byte order on Deno and Node, any on Bun) instead of one order everywhere",
    file: "src/router/fs_router.ts",
    find: "  entries.sort();\n",
    replace: "  ;\n",
    tests: ["tests/router/fs_router_r16_mutants_test.ts"],
  },
  {
    id: "rout17-head-ends-at-unicode-space",
    bug:
      "a template line of only U+00A0 ends the head: the header lines after it go out as the body",
    file: "src/router/_template_parse.ts",
    find:
      "const blank = lines.findIndex((line) => endsHead(stripCarriageReturn(line)));",
    replace:
      "const blank = lines.findIndex((line) => isBlank(stripCarriageReturn(line)));",
    tests: ["tests/router/template_head_end_test.ts"],
  },
  {
    id: "rout22-class-escape-as-character",
    bug:
      "constraints: a class escape inside [ ] (\\d) is read as its first character, so (?:[\\d]|5)+ (exponential) is accepted",
    file: "src/router/_regexp_tree.ts",
    find:
      "return set.length === 1 && set[0][0] === set[0][1] ? set[0][0] : set;",
    replace:
      "return set.length === 1 && set[0][0] === set[0][0] ? set[0][0] : set;",
    tests: ["tests/router/constraint_test.ts"],
  },
  {
    id: "rout22-hex-escape-ending-in-class-letter",
    bug:
      "constraints: an escape whose last character is d, w or s (\\x4d) is read as a class, so (?:[\\x4d-\\x5a]|P)+ (exponential) is accepted",
    file: "src/router/_regexp_tree.ts",
    find:
      "return set.length === 1 && set[0][0] === set[0][1] ? set[0][0] : set;",
    replace:
      "return set.length === 1 && set[0][0] === set[0][1] &&\n          !/[dDwWsS]/.test(text[i - 1])\n        ? set[0][0]\n        : set;",
    tests: ["tests/router/constraint_test.ts"],
  },
  {
    id: "rout23-lazy-quantifier",
    bug:
      "a constraint's lazy quantifier (a+?) is read as a second quantifier and refused as nothing to repeat",
    file: "src/router/_regexp_tree.ts",
    find:
      '      if (text[i] === "?") i++; // lazy: the same paths, in another order\n',
    replace: "",
    tests: ["tests/router/unreached_r23_test.ts"],
  },
  {
    id: "rout23-handler-not-function",
    bug:
      "a route whose handler is no function is registered, to fail on its first request",
    file: "src/router/router.ts",
    find: '    if (typeof handler !== "function") {\n',
    replace: '    if (typeof handler === "symbol") {\n',
    tests: ["tests/router/unreached_r23_test.ts"],
  },
  {
    id: "rout23-base-url-invalid",
    bug: "a baseUrl that is no valid URL is taken as the root path",
    file: "src/router/_options.ts",
    find:
      "      throw invalid(`RouterInit.baseUrl is not a valid URL: ${value}`, cause);\n",
    replace: '      path = "/";\n',
    tests: ["tests/router/unreached_r23_test.ts"],
  },

  {
    id: "rout23-error-handler-silent",
    bug:
      "an errorHandler that returns no Response is logged as the handler's own error, not as the errorHandler's fault",
    file: "src/router/router.ts",
    find:
      '        error = new RouteError({\n          code: "INVALID_RESPONSE",\n',
    replace:
      '        void new RouteError({\n          code: "INVALID_RESPONSE",\n',
    tests: ["tests/router/unreached_r23_test.ts"],
  },
];
