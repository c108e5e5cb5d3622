// The hand list of the convert area (scripts/_mutation_areas.ts),
// in its own file so that work on different areas never edits one list.

import type { HandMutant } from "./hand_mutant.ts";

const CURL_TESTS = [
  "tests/convert/curl_test.ts",
  "tests/convert/curl_bash_test.ts",
  "tests/convert/curl_wire_test.ts",
];
const CONVERT_MUTANT_TESTS = ["tests/convert/convert_mutants_test.ts"];
const CODE_TESTS = ["tests/convert/targets/code_test.ts"];
const CODE_WIRE_TESTS = ["tests/convert/targets/targets_property_test.ts"];
const RUBY_JAVA_TESTS = ["tests/convert/targets/ruby_java_test.ts"];

/** The known bugs planted in the convert area. */
export const CONVERT: HandMutant[] = [
  {
    id: "curl-quote-single",
    bug: "generated curl: a ' inside '…' is not closed and escaped",
    file: "src/convert/_curl_generate.ts",
    find: `return "'" + word.replace(/'/g, "'\\\\''") + "'";`,
    replace: `return "'" + word + "'";`,
    tests: CURL_TESTS,
  },
  {
    id: "curl-quote-ansi",
    bug: "generated curl: a ' inside $'…' is not backslash-escaped",
    file: "src/convert/_curl_generate.ts",
    find: `if (c === "'") return "\\\\'";`,
    replace: `if (c === "'") return "'";`,
    tests: CURL_TESTS,
  },
  {
    id: "curl-globoff-braces",
    bug: "generated curl: --globoff for [] but not for {}",
    file: "src/convert/_curl_generate.ts",
    find: `if (/[[\\]{}]/.test(url)) args.push("--globoff");`,
    replace: `if (/[[\\]]/.test(url)) args.push("--globoff");`,
    tests: CURL_TESTS,
  },
  {
    id: "curl-parse-quote",
    bug: "curl parser: a single-quoted word ends one character late",
    file: "src/convert/_curl_words.ts",
    find: `const close = input.indexOf("'", i + 1);`,
    replace: `const close = input.indexOf("'", i + 2);`,
    tests: [
      "tests/convert/curl_test.ts",
      "tests/convert/curl_property_test.ts",
    ],
  },
  {
    id: "header-lf",
    bug: "raw HTTP: LF allowed in a header value (header injection)",
    file: "src/convert/_http_text.ts",
    find: `if (/[\\r\\n\\0]/.test(value)) {`,
    replace: `if (/[\\r\\0]/.test(value)) {`,
    tests: ["tests/convert/string_test.ts", "tests/convert/bad_input_test.ts"],
  },
  {
    id: "status-text-lf",
    bug: "raw HTTP: LF allowed in a response's statusText",
    file: "src/convert/string.ts",
    find: `if (/[\\r\\n\\0]/.test(reason)) {`,
    replace: `if (/[\\r\\0]/.test(reason)) {`,
    tests: ["tests/convert/string_test.ts", "tests/convert/bad_input_test.ts"],
  },
  {
    id: "writers-header-crlf",
    bug: "curl/fetch/HAR writers: header values with CR/LF let through",
    file: "src/convert/_sendable.ts",
    find: `      for (const item of value) checkHeaderField(name, item);
    } else if (value !== undefined) checkHeaderField(name, value);`,
    replace: `      for (const _item of value);
    } else if (value !== undefined);`,
    tests: ["tests/convert/injection_test.ts"],
  },
  {
    id: "writers-method-token",
    bug: "curl/fetch/HAR writers: a method that is not a token let through",
    file: "src/convert/_sendable.ts",
    find:
      `if (typeof request.method !== "string" || !TOKEN.test(request.method)) {`,
    replace: `if (typeof request.method !== "string") {`,
    tests: ["tests/convert/injection_test.ts"],
  },
  {
    id: "percent-decode-surrogate",
    bug: "percentDecode: UTF-8-encoded surrogates (ED A0..BF) decoded",
    file: "src/convert/_percent_decode.ts",
    find: `if (first === 0xed) high = 0x9f;`,
    replace: `if (first === 0xed) high = 0xbf;`,
    tests: ["tests/convert/percent_decode_test.ts"],
  },
  // Survivors of the generated sample (seed 20261128), each killed by a test
  // written for it: they stay caught.
  {
    id: "base64-group-start",
    bug: "base64: a dangling character's offset points into the previous group",
    file: "src/_base64.ts",
    find: `if (count % 4 === 0) groupStart = i;`,
    replace: `if (count % 4 !== 0) groupStart = i;`,
    tests: CONVERT_MUTANT_TESTS,
  },
  {
    id: "curl-basic-ignored",
    bug: "curl parser: --basic warned as an ignored option",
    file: "src/convert/_curl_auth.ts",
    find: `addScheme(cmd, "basic", written, at, negated);
      return true;`,
    replace: `addScheme(cmd, "basic", written, at, negated);
      return false;`,
    tests: CONVERT_MUTANT_TESTS,
  },
  {
    id: "curl-range-upload-code",
    bug: "curl parser: the -r with -T warning loses its code",
    file: "src/convert/_curl_parse.ts",
    find: `"FILE_REFERENCE",
      range.written,`,
    replace: `"",
      range.written,`,
    tests: CONVERT_MUTANT_TESTS,
  },
  {
    id: "fetch-headers-configurable",
    bug: "fetch.fromRequest: headers the caller cannot delete",
    file: "src/convert/_fetch_code.ts",
    find: `configurable: true,`,
    replace: `configurable: false,`,
    tests: CONVERT_MUTANT_TESTS,
  },
  {
    id: "har-null-value",
    bug: "HAR reader: a null name/value value refused",
    file: "src/convert/_har_read.ts",
    find: `item.value === undefined || item.value === null`,
    replace: `item.value === undefined && item.value === null`,
    tests: CONVERT_MUTANT_TESTS,
  },
  {
    id: "fetch-code-escape-nine",
    bug: "fetch code reader: \\9 read as 9",
    file: "src/convert/_js_literal_read.ts",
    find: `c >= "1" && c <= "9"`,
    replace: `c >= "1" && c < "9"`,
    tests: CONVERT_MUTANT_TESTS,
  },
  {
    id: "utf8-length-pair",
    bug: "getByteSize: any unit after a high surrogate taken as its pair",
    file: "src/convert/_utf8.ts",
    find: `next >= 0xdc00 && next <= 0xdfff`,
    replace: `next >= 0xdc00 || next <= 0xdfff`,
    tests: CONVERT_MUTANT_TESTS,
  },
  {
    id: "percent-decode-f0",
    bug: "percentDecode: F0's overlong bound applied to F1-F4",
    file: "src/convert/_percent_decode.ts",
    find: `if (first === 0xf0) low = 0x90;`,
    replace: `if (first !== 0xf0) low = 0x90;`,
    tests: CONVERT_MUTANT_TESTS,
  },
  {
    id: "error-code-value",
    bug: "ConversionErrorCode: a constant's value is not its name",
    file: "src/convert/errors.ts",
    find: `INVALID_REQUEST_LINE: "INVALID_REQUEST_LINE",`,
    replace: `INVALID_REQUEST_LINE: "",`,
    tests: CONVERT_MUTANT_TESTS,
  },
  {
    id: "random-rng-ignored",
    bug: "random: the caller's rng ignored",
    file: "src/convert/random.ts",
    find: `if (options?.rng) return options.rng;`,
    replace: `if (options?.rng) options.rng;`,
    tests: CONVERT_MUTANT_TESTS,
  },
  {
    id: "stringify-refusal-kind",
    bug: "stringify: the refusal of a non-object names the wrong kind",
    file: "src/convert/string.ts",
    find: `message === null ? "null" : typeof message`,
    replace: `message !== null ? "null" : typeof message`,
    tests: CONVERT_MUTANT_TESTS,
  },
  {
    id: "curl-header-lone-semicolon",
    bug: "curl: -H ';' taken as a header with an empty name",
    file: "src/convert/_curl_arguments.ts",
    find: `if (semicolon > 0 && semicolon === raw.length - 1) {`,
    replace: `if (semicolon >= 0 && semicolon === raw.length - 1) {`,
    tests: ["tests/convert/convert_fresh_mutants_test.ts"],
  },
  {
    id: "convert-header-semicolon-case",
    bug:
      "curl: -H 'Accept;' in capitals no longer replaces the header --json adds",
    file: "src/convert/_curl_arguments.ts",
    find: `sendableHeader(name, "", at);
      cmd.customNames.add(name.toLowerCase());`,
    replace: `sendableHeader(name, "", at);
      cmd.customNames.add(name);`,
    tests: ["tests/convert/convert_open_mutants_test.ts"],
  },
  {
    id: "convert-detect-unclosed-quote",
    bug: "detectType: a text opening a quote it never closes called curl",
    file: "src/convert/_curl_words.ts",
    find: `  } catch {
    return false;
  }
  const program = words[programIndex(input, words)];`,
    replace: `  } catch {
    return true;
  }
  const program = words[programIndex(input, words)];`,
    tests: ["tests/convert/convert_open_mutants_test.ts"],
  },
  {
    id: "convert-markup-leaf-over-budget",
    bug:
      "parseBody: a short leaf element whose line passes the budget does not end the formatting, so markup ending in one formats past the bound",
    file: "src/convert/_markup_format.ts",
    find: `if (!line(pad() + token.text + text.text.trim() + close.text)) {
          return OVER_BUDGET;`,
    replace: `if (!line(pad() + token.text + text.text.trim() + close.text)) {
          ;`,
    tests: ["tests/convert/convert_open_mutants_test.ts"],
  },
  {
    id: "convert-curl-final-cr",
    bug:
      "curl: a lone CR at the end of the command kept in the last word, so the URL is refused",
    file: "src/convert/_curl_words.ts",
    find: `(c === "\\r" && i + 1 === input.length)`,
    replace: `(c === "\\r" && i === input.length)`,
    tests: ["tests/convert/convert_late_draw_test.ts"],
  },
  {
    id: "convert-go-fragment-as-path",
    bug:
      "Go code: the fragment respelled by the path's rules, its # encoded into the query",
    file: "src/convert/targets/_go.ts",
    find: `goPathPart(fragment, false);`,
    replace: `goPathPart(fragment, true);`,
    tests: ["tests/convert/convert_late_draw_test.ts"],
  },
  {
    id: "convert-go-host-twice",
    bug:
      "Go code: a Host header also set in req.Header, a line net/http ignores",
    file: "src/convert/targets/go_net_http.ts",
    find: `code += \`\\treq.Host = \${goString(value)}\\n\`;
      continue;`,
    replace: `code += \`\\treq.Host = \${goString(value)}\\n\`;`,
    tests: ["tests/convert/convert_late_draw_test.ts"],
  },
  {
    id: "convert-random-body-no-options",
    bug: "randomBody() without options throws a TypeError",
    file: "src/convert/random.ts",
    find: `options?.method ?? "POST"`,
    replace: `options.method ?? "POST"`,
    tests: ["tests/convert/convert_late_draw_test.ts"],
  },
  {
    id: "convert-empty-ansi-c-word",
    bug: "curl: $'' is no word, so -d $'' URL takes the URL as its data",
    file: "src/convert/_curl_ansi_c.ts",
    find: `if (parts.length === pushed) parts.push("");`,
    replace: ``,
    tests: ["tests/convert/convert_open_mutants_test.ts"],
  },
  // Code-generation targets: the first two are wire bugs the seeded property
  // test found (it runs the generated code), the others the refusals'.
  {
    id: "code-node-http-unframed-body",
    bug:
      "node:http target: no Content-Length, so Node sends a GET body unframed and a header list's body chunked",
    file: "src/convert/targets/node_http.ts",
    find: `  if (!framed) {`,
    replace: `  if (false) {`,
    tests: CODE_WIRE_TESTS,
  },
  {
    id: "code-axios-json-string-body",
    bug:
      "axios target: a body under a JSON type goes through axios' default transform (trimmed, or JSON-encoded when it is not JSON)",
    file: "src/convert/targets/node_axios.ts",
    find: `if (isJsonType(contentType) && !sentAsIs(request.body)) {`,
    replace: `if (false) {`,
    tests: CODE_WIRE_TESTS,
  },
  {
    id: "code-python-latin1-text",
    bug:
      "Python targets: non-ASCII text written as a str, which http.client sends as Latin-1",
    file: "src/convert/targets/_python.ts",
    find: "isNonAscii(value) ? `${pyString(value)}.encode()` : pyString(value)",
    replace: "pyString(value)",
    tests: CODE_TESTS,
  },
  {
    id: "code-requests-upper-cased-method",
    bug:
      "requests target: a lower-case method written as is, which requests sends upper-cased",
    file: "src/convert/targets/python_requests.ts",
    find: `upperCasesMethod: true,`,
    replace: `upperCasesMethod: false,`,
    tests: CODE_TESTS,
  },
  {
    id: "code-fetch-get-body",
    bug: "fetch target: a body on GET, which fetch() rejects at run time",
    file: "src/convert/targets/fetch.ts",
    find:
      `if (request.body !== undefined && (method === "GET" || method === "HEAD")) {`,
    replace: `if (false) {`,
    tests: CODE_TESTS,
  },
  {
    id: "code-ruby-hash-interpolation",
    bug:
      "Ruby target: # left bare in a double-quoted literal, so #{…}, #$x and #@x in a value run as Ruby",
    file: "src/convert/targets/_ruby.ts",
    find: `  "#": "\\\\#",`,
    replace: `  "#": "#",`,
    tests: RUBY_JAVA_TESTS,
  },
  {
    id: "code-java-unicode-line-break",
    bug:
      "Java target: a line feed written as \\u000a, which javac turns into a real line break inside the literal",
    file: "src/convert/targets/_java.ts",
    find: `  "\\n": "\\\\n",\n`,
    replace: ``,
    tests: RUBY_JAVA_TESTS,
  },
  {
    id: "code-java-non-ascii-header",
    bug:
      'Java target: a non-ASCII header value written as is, which HttpClient sends as "?"',
    file: "src/convert/targets/java_http_client.ts",
    find: `if (isNonAscii(value)) {`,
    replace: `if (false) {`,
    tests: RUBY_JAVA_TESTS,
  },
  {
    id: "tidy-curl-backtick-once",
    bug:
      "curl reader: a backtick substitution gives two SHELL_EXPANSION warnings, one at its closing backtick",
    file: "src/convert/_curl_words.ts",
    find: `      expansions.push(i);
      parts.push(input.slice(i, after));`,
    replace: `      expansions.push(i, after - 1);
      parts.push(input.slice(i, after));`,
    tests: ["tests/convert/curl_backtick_test.ts"],
  },
  {
    id: "tidy2-curl-substitution-word",
    bug:
      "curl reader: an unquoted $(…) ends the command at its ( with a SHELL_OPERATOR warning and cuts the URL to …/$",
    file: "src/convert/_curl_words.ts",
    find: `    } else if (ch === "$" && input[i + 1] === "(") {`,
    replace: `    } else if (false) {`,
    tests: ["tests/convert/curl_substitution_test.ts"],
  },
  {
    id: "tidy3-curl-backtick-word",
    bug:
      "curl reader: a blank inside an unquoted backtick substitution splits the word, so curl https://x.test/\`echo a b\` reads three words where bash has one",
    file: "src/convert/_curl_words.ts",
    find: `    } else if (ch === "\`") {`,
    replace: `    } else if (false) {`,
    tests: ["tests/convert/curl_substitution_test.ts"],
  },
  {
    id: "tidy3-curl-brace-word",
    bug:
      "curl reader: a blank inside an unquoted \${…} splits the word, so curl https://x.test/\${A:-a b} reads two words where bash has one",
    file: "src/convert/_curl_words.ts",
    find:
      `    } else if (ch === "$" && (input[i + 1] === "{" || input[i + 1] === "[")) {`,
    replace: `    } else if (false) {`,
    tests: ["tests/convert/curl_substitution_test.ts"],
  },
  {
    id: "tidy3-curl-quoted-backtick-brace",
    bug:
      "curl reader: in a double-quoted word, a double quote inside backticks or \${…} ends the string early",
    file: "src/convert/_curl_words.ts",
    find: `if (c === "\`" || next === "(" || next === "{" || next === "[") {`,
    replace: `if (next === "(") {`,
    tests: ["tests/convert/curl_substitution_test.ts"],
  },
  {
    id: "tidy3-curl-unclosed-backtick",
    bug:
      "curl reader: an unclosed backtick runs to the end of the input as text, where bash refuses the command",
    file: "src/convert/_curl_shell_tokens.ts",
    find:
      `  throw open === at ? unclosed(input, at) : unterminatedInside(input, at);`,
    replace: `  return input.length;`,
    tests: ["tests/convert/curl_substitution_test.ts"],
  },
  // Convert, eighth round (seed 20261160 and the bugs planted by hand
  // beside it), each caught by tests/convert/convert_eighth_round_test.ts.
  {
    id: "convert-round8-auth-bearer-beside-scheme",
    bug:
      "curl: --oauth2-bearer beside --digest or --basic still sends Bearer, where curl sends no credentials before a 401",
    file: "src/convert/_curl_auth.ts",
    find: `if (schemes.size === 1 && schemes.has("bearer")) {`,
    replace: `if (schemes.has("bearer")) {`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-har-cookie-untrimmed",
    bug: "HAR: a cookie without '=' keeps the blanks around its value",
    file: "src/convert/_har_cookies.ts",
    find: `{ name: "", value: text.trim() }`,
    replace: `{ name: "", value: text }`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-strict-url-astral",
    bug:
      "Ruby/Java code: a character outside the BMP is followed by U+FFFD's bytes in the URL",
    file: "src/convert/targets/_strict_url.ts",
    find: `if (code > 0xffff) i++;`,
    replace: `;`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-har-empty-text",
    bug:
      "HAR: an empty postData text hides its params, and alone reads as no body",
    file: "src/convert/_har_read.ts",
    find: `(text !== "" || params.length === 0)`,
    replace: `(text !== "" || params.length !== 0)`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-axios-json-encodes",
    bug:
      "axios code: a body that is not JSON under a JSON type is sent JSON-encoded",
    file: "src/convert/targets/node_axios.ts",
    find: `    JSON.parse(body);\n`,
    replace: ``,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-har-query-after-bare-mark",
    bug: "HAR: queryString pairs appended after a bare '?' as '?&a=1'",
    file: "src/convert/_har_form.ts",
    find: `const separator = question === -1 ? "?" : query === "" ? "" : "&";`,
    replace: `const separator = question === -1 ? "?" : "&";`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-har-query-empty-segment",
    bug: "HAR: an empty '&&' segment of the query listed as a nameless pair",
    file: "src/convert/_har_form.ts",
    find: `if (segment === "") continue;`,
    replace: `;`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-har-quoted-boundary",
    bug:
      "HAR: a quoted multipart boundary not read, so the body gets another one and the Content-Type is overwritten",
    file: "src/convert/_har_form.ts",
    find: `return match ? match[1] ?? match[2] : undefined;`,
    replace: `return match ? match[2] : undefined;`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-har-query-in-fragment",
    bug: "HAR: a '?' in the fragment read as the start of the query",
    file: "src/convert/_har_form.ts",
    find: `const withoutHash = hash === -1 ? url : url.slice(0, hash);`,
    replace: `const withoutHash = url;`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-json-hex-upper-f",
    bug:
      "parseBody: a \\u escape with an F is not JSON, so the body is shown as text",
    file: "src/convert/_json_format.ts",
    find: `(code >= 0x41 && code <= 0x46)`,
    replace: `(code >= 0x41 && code < 0x46)`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-json-hex-lower-f",
    bug:
      "parseBody: a \\u escape with an f is not JSON, so the body is shown as text",
    file: "src/convert/_json_format.ts",
    find: `(code >= 0x61 && code <= 0x66)`,
    replace: `(code >= 0x61 && code < 0x66)`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-native-null-body",
    bug:
      "native Request: no body read as an empty one, so a GET becomes a --data-raw '' command",
    file: "src/convert/_message.ts",
    find: `  if (message.body === null) return undefined;`,
    replace: `  if (message.body === null) undefined;`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-go-path-astral",
    bug: "Go code: a path character outside the BMP followed by U+FFFD's bytes",
    file: "src/convert/targets/_go.ts",
    find: `      if (code > 0xffff) i++;`,
    replace: `      ;`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-go-string-u0080",
    bug: "Go code: U+0080 written as the one byte \\x80",
    file: "src/convert/targets/_go.ts",
    find: `return code < 0x80\n      ? "\\\\x"`,
    replace: `return code <= 0x80\n      ? "\\\\x"`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-base64-flush",
    bug:
      "base64: each flushed 8,192-character part dropped, so a binary body past 6,144 bytes loses all but its tail",
    file: "src/_base64.ts",
    find: `      parts.push(out);\n      out = "";`,
    replace: `      ;\n      out = "";`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-php-string-u0080",
    bug: "PHP code: U+0080 written as the one byte \\x80",
    file: "src/convert/targets/_php.ts",
    find: `    return code < 0x80`,
    replace: `    return code <= 0x80`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-error-code-constant",
    bug:
      "errors: ConversionErrorCode.NOT_CURL emptied, so comparing an error's code with it never matches",
    file: "src/convert/errors.ts",
    find: `NOT_CURL: "NOT_CURL",`,
    replace: `NOT_CURL: "",`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-go-empty-put-length",
    bug:
      "Go code: a body-less POST or PUT told its Content-Length: 0 is not sent, though net/http sends it",
    file: "src/convert/targets/go_net_http.ts",
    find:
      `if (method === "POST" || method === "PUT" || method === "PATCH") return "0";`,
    replace:
      `if (method === "POST" && method === "PUT" || method === "PATCH") return "0";`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-fetch-call-paren",
    bug:
      "fetch code: a call without its '(' read on and refused later, at another offset",
    file: "src/convert/_js_literal_read.ts",
    find: `    if (this.text[this.pos] !== "(") this.expect("(");`,
    replace: `    if (this.text[this.pos] !== "(") ;`,
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  {
    id: "convert-round8-fetch-template-skip",
    bug:
      "fetch code: a template literal before the call not skipped, so the read never ends",
    file: "src/convert/_js_code_skip.ts",
    find: 'if (reader.text[reader.pos] === "`") skipTemplate(reader);',
    replace: 'if (reader.text[reader.pos] === "`") ;',
    tests: ["tests/convert/convert_eighth_round_test.ts"],
  },
  // Convert, ninth round: the curl reader's case statement inside $(…) and
  // $[…] (issue 20), each caught by tests/convert/curl_case_arith_test.ts.
  {
    id: "conv9-curl-case-keyword",
    bug:
      "curl reader: a case statement inside $(…) ends the substitution at its first pattern's ), where bash reads on to esac",
    file: "src/convert/_curl_substitution.ts",
    find: `  if (reserved === "case") {`,
    replace: `  if (false) {`,
    tests: ["tests/convert/curl_case_arith_test.ts"],
  },
  {
    id: "conv9-curl-case-first-word-only",
    bug:
      "curl reader: `case` as an argument (echo case a in a)) read as a case statement, so the ) that closes the substitution is missed",
    file: "src/convert/_curl_substitution.ts",
    find: `  if (!frame.command) return -1;`,
    replace: `  if (false) return -1;`,
    tests: ["tests/convert/curl_case_arith_test.ts"],
  },
  {
    id: "conv9-curl-case-clause-end",
    bug:
      "curl reader: ;; or ;& does not end a case clause, so the next pattern's ) is read as a stray )",
    file: "src/convert/_curl_shell_operators.ts",
    find:
      `    missingBefore(frame, operatorAt(input, i), i);\n    frame.state = "pattern";`,
    replace: `    missingBefore(frame, operatorAt(input, i), i);`,
    tests: ["tests/convert/curl_case_arith_test.ts"],
  },
  {
    id: "conv9-curl-case-empty-esac",
    bug:
      "curl reader: esac where a pattern goes (case a in esac) read as a pattern, so the substitution never closes",
    file: "src/convert/_curl_substitution.ts",
    find: `    if (reserved === "esac") return close(stack, i + 4);`,
    replace: `    if (reserved === "esac") ;`,
    tests: ["tests/convert/curl_case_arith_test.ts"],
  },
  {
    id: "conv9-curl-case-stray-paren",
    bug:
      "curl reader: a ) among a case clause's commands, which bash refuses, read on instead of refused at its offset",
    file: "src/convert/_curl_shell_operators.ts",
    find:
      'if (c === ")") throw syntaxError(input, i, frame.at, "`;;` or `esac`");',
    replace: 'if (c === ")") ;',
    tests: ["tests/convert/curl_case_arith_test.ts"],
  },
  {
    id: "conv9-curl-case-quadratic",
    bug:
      "curl reader: each word of a $(…) looked at to the end of the input, so many clauses take quadratic time",
    file: "src/convert/_curl_shell_tokens.ts",
    find:
      `  while (j < input.length && input[j] >= "a" && input[j] <= "z") j++;`,
    // Every character to the input's end is visited for each word: plainly
    // quadratic (a slice and a regular expression were, but V8's sliced
    // strings made the ratio the linear check sees too close to its limit).
    replace:
      `  for (let k = i; k < input.length; k++) {\n    if (j === k && input[k] >= "a" && input[k] <= "z") j++;\n  }`,
    tests: ["tests/convert/curl_case_arith_test.ts"],
  },
  {
    id: "conv9-curl-case-after-do",
    bug:
      "curl reader: a case right after do (a loop's body) not read as a case statement, so its pattern's ) ends the substitution",
    file: "src/convert/_curl_substitution.ts",
    find:
      `const LEADING = new Set(["if", "then", "elif", "else", "while", "until", "do"]);`,
    replace:
      `const LEADING = new Set(["if", "then", "elif", "else", "while", "until"]);`,
    tests: ["tests/convert/curl_case_arith_test.ts"],
  },
  {
    id: "conv9-curl-bracket-word",
    bug:
      "curl reader: a blank inside an unquoted $[…] splits the word, where bash keeps $[1 + 2] one word part",
    file: "src/convert/_curl_words.ts",
    find: `(ch === "$" && (input[i + 1] === "{" || input[i + 1] === "["))`,
    replace: `(ch === "$" && input[i + 1] === "{")`,
    tests: ["tests/convert/curl_case_arith_test.ts"],
  },
  {
    id: "conv9-curl-bracket-nest",
    bug: "curl reader: the ] of a[1] closes $[a[1] + 2] early",
    file: "src/convert/_curl_substitution.ts",
    find: `      if (c === "[") top.open++;\n      else if`,
    replace: `      if (c === "[") ;\n      else if`,
    tests: ["tests/convert/curl_case_arith_test.ts"],
  },
  {
    id: "conv9-curl-bracket-brace-text",
    bug:
      "curl reader: a \${ inside $[…] read as a parameter expansion, where bash's parser takes it as text and closes at the first ]",
    file: "src/convert/_curl_substitution.ts",
    find: `(after === "{" && top.kind !== "bracket")`,
    replace: `after === "{"`,
    tests: ["tests/convert/curl_case_arith_test.ts"],
  },
  {
    id: "conv9-curl-bracket-quoted",
    bug:
      "curl reader: $[…] in double quotes gives no SHELL_EXPANSION warning and its own quotes end the string",
    file: "src/convert/_curl_words.ts",
    find: "/[A-Za-z0-9_{([@*#?!$-]/",
    replace: "/[A-Za-z0-9_{(@*#?!$-]/",
    tests: ["tests/convert/curl_case_arith_test.ts"],
  },
  {
    id: "conv9-curl-arith-comment",
    bug:
      "curl reader: a # in $((…)) read as a comment, so the )) after it is missed",
    file: "src/convert/_curl_substitution.ts",
    find: `top.kind === "case" || (top.kind === "commands" && !top.arithmetic)`,
    replace: `top.kind === "case" || top.kind === "commands"`,
    tests: ["tests/convert/curl_case_arith_test.ts"],
  },
  {
    id: "conv9-curl-unclosed-backtick-named",
    bug:
      "curl reader: an unclosed backtick's error names a $( command substitution and a ) that would close it",
    file: "src/convert/_curl_syntax_errors.ts",
    find: '  if (input[at] === "`") return ["`", "command substitution", "`"];',
    replace: '  if (input[at] === "`") ["`", "command substitution", "`"];',
    tests: ["tests/convert/curl_case_arith_test.ts"],
  },
  // Convert, ninth round: survivors of the draw of seed 20261162 and the
  // bugs planted by hand beside it, each caught by
  // tests/convert/convert_ninth_round_test.ts.
  {
    id: "conv9-curl-options-end-warned",
    bug:
      "curl: -- ends the options and is then read as an unknown option too, with a warning of its own",
    file: "src/convert/_curl_arguments.ts",
    find: `        optionsEnded = true;\n        continue;`,
    replace: `        optionsEnded = true;\n        ;`,
    tests: ["tests/convert/convert_ninth_round_test.ts"],
  },
  {
    id: "conv9-curl-unknown-long-near-miss",
    bug:
      "curl: an unknown long option without = looked up without its last letter, so --dataa became --data dataa",
    file: "src/convert/_curl_arguments.ts",
    find: `      if (found === undefined && eq > 0) {`,
    replace: `      if (found === undefined || eq > 0) {`,
    tests: ["tests/convert/convert_ninth_round_test.ts"],
  },
  {
    id: "conv9-fetch-nul-escape",
    bug:
      "fetch code: \\0 before a non-digit refused as an octal escape, where JavaScript reads NUL",
    file: "src/convert/_js_literal_read.ts",
    find: `if (!/[0-9]/.test(text[this.pos] ?? "")) return "\\0";`,
    replace: `if (!/[0-9]/.test(text[this.pos] ?? "")) "\\0";`,
    tests: ["tests/convert/convert_ninth_round_test.ts"],
  },
  {
    id: "conv9-curl-comment-crlf-end",
    bug:
      "curl reader: after a comment, the CR of a CRLF not taken as the line end, so MISSING_URL points at the LF",
    file: "src/convert/_curl_words.ts",
    find: `      if (input[i - 1] === "\\r") i--;`,
    replace: `      if (input[i] === "\\r") i--;`,
    tests: ["tests/convert/convert_ninth_round_test.ts"],
  },
  {
    id: "conv9-har-cookie-attribute-blanks",
    bug:
      "HAR: a Set-Cookie attribute's value keeps the blanks around =, so Max-Age = 60 sets no expiry and Path = /p is ' /p '",
    file: "src/convert/_har_cookies.ts",
    find: `    const value = at === -1 ? "" : attribute.slice(at + 1).trim();`,
    replace: `    const value = at === -1 ? "" : attribute.slice(at + 1);`,
    tests: ["tests/convert/convert_ninth_round_test.ts"],
  },
  {
    id: "conv9-fetch-headers-init-order",
    bug:
      "fetch init: a Headers object read as a list of pairs, so its set-cookie values move among the other headers",
    file: "src/convert/fetch.ts",
    find: `    return headersToMap(init);`,
    replace: `    headersToMap(init);`,
    tests: ["tests/convert/convert_ninth_round_test.ts"],
  },
  {
    id: "conv9-fetch-native-request-url",
    bug:
      "fetch.toRequest: a native Request where the URL goes read as the URL text [object Request], without its method and headers",
    file: "src/convert/fetch.ts",
    find: `url: native ? native.url : initString(url, "the url"),`,
    replace: `url: initString(url, "the url"),`,
    tests: ["tests/convert/convert_ninth_round_test.ts"],
  },
  // Convert, tenth round: here-documents inside $(…) and where case is a
  // reserved word there (issue 20), each caught by
  // tests/convert/curl_heredoc_case_test.ts.
  {
    id: "conv10-curl-heredoc-body",
    bug:
      `curl reader: the lines of a here-document inside $(…) are read as commands, so a ) in them closes the substitution (or the $( is refused as closing with its body unread)`,
    file: "src/convert/_curl_substitution.ts",
    find: `  return hereDocumentBodies(input, i + 1, frame.docs);`,
    replace: `  return i + 1;`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-heredoc-tabs",
    bug:
      `curl reader: <<- inside $(…) does not skip the leading tabs of the delimiter line, so the body runs on past it`,
    file: "src/convert/_curl_heredoc.ts",
    find:
      `  const start = doc.strip && fresh && TABS.test(input) ? TABS.lastIndex : i;`,
    replace: `  const start = i;`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-heredoc-quoted-delimiter",
    bug:
      `curl reader: a here-document's quoted delimiter keeps its quotes, so its line never ends the body`,
    file: "src/convert/_curl_heredoc.ts",
    find: `      delimiter += input.slice(i + 1, close);`,
    replace: `      delimiter += input.slice(i, close + 1);`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-heredoc-crlf",
    bug:
      `curl reader: a pasted CRLF delimiter line of a here-document inside $(…) is not its delimiter, so the body runs on`,
    file: "src/convert/_curl_heredoc.ts",
    find:
      `  const stop = input[end - 1] === "\\r" && newline !== -1 ? end - 1 : end;`,
    replace: `  const stop = end;`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-heredoc-rest-of-line",
    bug:
      `curl reader: a here-document line that starts with its delimiter and holds a ) (bash 5.2 ends the body there) is read as body`,
    file: "src/convert/_curl_heredoc.ts",
    find: "    else if (\n      named &&\n      (text.slice",
    replace: "    else if (\n      false &&\n      (text.slice",
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-heredoc-same-line-close",
    bug:
      `curl reader: a $(…) that closes on its << line is split as if its body came inside it, where bash reads the body from the lines after the whole command`,
    file: "src/convert/_curl_shell_operators.ts",
    find: `    if (frame.opened === "dollar" && frame.docs.length > 0) {`,
    replace: `    if (false) {`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-heredoc-empty-delimiter",
    bug:
      `curl reader: a here-document with an empty delimiter ('') is read as ending at an empty line, where bash never ends it`,
    file: "src/convert/_curl_heredoc.ts",
    find: `  if (delimiter === "") {`,
    replace: `  if (false) {`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-heredoc-delimiter-expansion",
    bug:
      `curl reader: an expansion in a here-document's delimiter word is read as plain text up to its (, not refused`,
    file: "src/convert/_curl_heredoc.ts",
    find:
      `    if (c === "\`" || (c === "$" && "({['".includes(input[i + 1]))) {`,
    replace: `    if (false) {`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-heredoc-delimiter-unclosed-quote",
    bug:
      `curl reader: an unclosed double quote in a here-document's delimiter is not named: the whole $( is reported unclosed instead`,
    file: "src/convert/_curl_heredoc.ts",
    find: `    if (c === undefined) throw unterminated(from - 1);`,
    replace: `    if (c === undefined) return [delimiter, i];`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-time-first-word",
    bug:
      `curl reader: time is read as a reserved word as a $(…)'s first word and after |, where bash 5.2 reads an ordinary word (so a case after it is no case)`,
    file: "src/convert/_curl_substitution.ts",
    find:
      `    (reserved === "time" && frame.time) || reserved === "function" ||`,
    replace: `    reserved === "time" || reserved === "function" ||`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-time-option",
    bug:
      `curl reader: a case after time -p or time -- is read as an ordinary word, where bash reads a case statement`,
    file: "src/convert/_curl_substitution.ts",
    find: `  if (option !== "") {`,
    replace: `  if (false) {`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-or-is-no-pipe",
    bug:
      `curl reader: || read as a pipe, so a time after it is an ordinary word and a case after that is split at its first )`,
    file: "src/convert/_curl_shell_operators.ts",
    find: `  const pipe = operator === "|" || operator === "|&";`,
    replace: `  const pipe = operator[0] === "|";`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-function-name",
    bug:
      `curl reader: the case after function NAME (a function's body) is read as an ordinary word and split at its first )`,
    file: "src/convert/_curl_substitution.ts",
    find: `  if (lead === "function") {`,
    replace: `  if (false) {`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-coproc",
    bug:
      `curl reader: a case after coproc or coproc NAME is read as an ordinary word and split at its first )`,
    file: "src/convert/_curl_substitution.ts",
    find: `    reserved === "coproc"
`,
    replace: `    reserved === "coprocess"
`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-redirection-target",
    bug:
      `curl reader: a redirection's file name is read as a command's first word, so >case a in a) opens a case statement`,
    file: "src/convert/_curl_shell_operators.ts",
    find: `    // word, and a compound command before it has still just ended.
    frame.command = false;`,
    replace:
      `    // word, and a compound command before it has still just ended.`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-process-substitution",
    bug:
      `curl reader: the ) of a <(…) process substitution is read as a subshell's end, so a case argument after it is refused`,
    file: "src/convert/_curl_shell_frames.ts",
    find: `    opened: "process",`,
    replace: `    opened: "subshell",`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-case-after-esac",
    bug:
      `curl reader: a case right after esac (bash's syntax error) is read as an ordinary word and split at its first )`,
    file: "src/convert/_curl_shell_frames.ts",
    find: `      closed?.kind === "case" ||`,
    replace: `      false ||`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-case-after-closing-word",
    bug:
      `curl reader: a case right after }, fi or done (bash's syntax error) is read as an ordinary word`,
    file: "src/convert/_curl_substitution.ts",
    find: `  if (CLOSING.has(reserved)) frame.ended = true;`,
    replace: `  if (CLOSING.has(reserved)) frame.ended = false;`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-double-semicolon-in-commands",
    bug:
      `curl reader: ;; in $(…) outside a case clause (bash's syntax error) is read as two ;`,
    file: "src/convert/_curl_shell_operators.ts",
    find: `    throw outsideCase(i, operator);`,
    replace: `    return i + operator.length;`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-double-semicolon-top-level",
    bug:
      `curl reader: ;; or ;& after a curl command (bash's syntax error) is read as a separator, and the words before it as a request`,
    file: "src/convert/_curl_words.ts",
    find:
      `    if (c === ";" && (input[i + 1] === ";" || input[i + 1] === "&")) {`,
    replace: `    if (false) {`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-heredoc-plain-dollar-delimiter",
    bug:
      "curl reader: a plain $ in a here-document's delimiter word (<<E$), or a quote after a letter (<<F'G'), refused as an expansion",
    file: "src/convert/_curl_heredoc.ts",
    find: `(c === "$" && "({['".includes(input[i + 1]))`,
    replace: `(c === "$" || "({['".includes(input[i + 1]))`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-heredoc-single-quoted-delimiter",
    bug:
      "curl reader: a single-quoted here-document delimiter ends at its own opening quote, so <<'E F' reads E as the delimiter and F' as commands",
    file: "src/convert/_curl_heredoc.ts",
    find: `      const close = input.indexOf("'", i + 1);`,
    replace: `      const close = input.indexOf("'", i);`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-heredoc-quoted-dollar-delimiter",
    bug:
      'curl reader: a plain $ or ( in a double-quoted here-document delimiter (<<"E$F(G") refused as an expansion',
    file: "src/convert/_curl_heredoc.ts",
    find: `(c === "$" && "({[".includes(input[i + 1]))`,
    replace: `(c === "$" || "({[".includes(input[i + 1]))`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-heredoc-quoted-backslash",
    bug:
      'curl reader: in a double-quoted here-document delimiter, a backslash before a letter is dropped, so <<"H\\I" never meets its line H\\I',
    file: "src/convert/_curl_heredoc.ts",
    find: 'if (c === "\\\\" && \'\\\\"$`\'.includes(input[i + 1])) i++;',
    replace: 'if (c === "\\\\") i++;',
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-heredoc-tabs-only-dash",
    bug:
      "curl reader: << (without -) inside $(…) skips the leading tabs of a line too, so a tab-indented delimiter line ends its body early",
    file: "src/convert/_curl_heredoc.ts",
    find:
      `  const start = doc.strip && fresh && TABS.test(input) ? TABS.lastIndex : i;`,
    replace: `  const start = fresh && TABS.test(input) ? TABS.lastIndex : i;`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-heredoc-no-word",
    bug:
      "curl reader: a << with no delimiter word inside $(…) (bash's syntax error) reported as an empty delimiter",
    file: "src/convert/_curl_heredoc.ts",
    find:
      `  if (endsWord(input, i)) {\n    throw refused(at, "has no delimiter word`,
    replace: `  if (false) {\n    throw refused(at, "has no delimiter word`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  // Convert, tenth round: survivors of the fresh draw (seed 20261163), each
  // caught by tests/convert/convert_tenth_round_test.ts.
  {
    id: "conv10-markup-text-over-budget",
    bug:
      "parseBody: markup whose last line, a text after the last tag, passes the output bound is handed back at its deep indentation, longer than 8 × the input + 65,536",
    file: "src/convert/_markup_format.ts",
    find:
      `if (content !== "") { if (!line(pad() + content)) return OVER_BUDGET; }`,
    replace: `if (content !== "") { if (!line(pad() + content)) OVER_BUDGET; }`,
    tests: ["tests/convert/convert_tenth_round_test.ts"],
  },
  {
    id: "conv10-curl-time-after-time",
    bug:
      "curl reader: time right after time (or after function or coproc) read with the wrong rule, so the case after time time is an ordinary word and split at its first )",
    file: "src/convert/_curl_substitution.ts",
    find: `    frame.time = reserved === "time";`,
    replace: `    frame.time = reserved !== "time";`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-coproc-name-time",
    bug:
      "curl reader: time after coproc NAME read as a reserved word, so the case after it is read as a case statement where bash reads a simple command",
    file: "src/convert/_curl_substitution.ts",
    find:
      "    // `coproc NAME`: the word after the name is a command's first word too.\n    frame.time = false;",
    replace:
      "    // `coproc NAME`: the word after the name is a command's first word too.\n    frame.time = true;",
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-time-option-whole-word",
    bug:
      "curl reader: -p read as time's option at the start of a longer word (time -pxx), so a case after that word is read as a case statement",
    file: "src/convert/_curl_shell_tokens.ts",
    find: `  if (!endsAt(input, i + 2)) return "";`,
    replace: `  if (!endsAt(input, i + 2)) "";`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-line-end-time",
    bug:
      "curl reader: time after a line end inside $(…) read as an ordinary word (as only after a |), so the case after it is split at its first )",
    file: "src/convert/_curl_substitution.ts",
    find: `  frame.time = !piped;`,
    replace: `  frame.time = piped;`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-clause-line-end",
    bug:
      "curl reader: a line end among a case clause's commands does not start a command, so a case on the clause's next line is read as an ordinary word",
    file: "src/convert/_curl_substitution.ts",
    find:
      '  frame.command = true;\n  const piped = lead === "pipe" || lead === "pipeline" || lead === "pipegap";',
    replace:
      '  frame.command = frame.kind === "commands";\n  const piped = lead === "pipe" || lead === "pipeline" || lead === "pipegap";',
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-line-end-clears-lead",
    bug:
      "curl reader: what time asks of the next word survives a line end, so a -p on the next line is read as its option and a case after it as a case statement",
    file: "src/convert/_curl_substitution.ts",
    find: `    ? lead\n    : "";`,
    replace: `    ? lead\n    : lead;`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-and-greater-redirection",
    bug:
      "curl reader: &> read as a separator, not a redirection, so its file name (&>case a in a)) opens a case statement",
    file: "src/convert/_curl_shell_operators.ts",
    find: `operator[0] === ">" ||\n    operator[1] === ">";`,
    replace: `operator[0] === ">" ||\n    operator[0] === ">";`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-clause-end-clears-ended",
    bug:
      "curl reader: the end of a case statement inside a clause is still taken as just ended in the next clause, so its leading case is refused",
    file: "src/convert/_curl_shell_operators.ts",
    find:
      '    frame.lead = "";\n    frame.ended = false;\n    return input[i + 1]',
    replace:
      '    frame.lead = "";\n    frame.ended = true;\n    return input[i + 1]',
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-curl-coproc-compound",
    bug:
      "curl reader: a reserved word right after coproc (coproc if …) read as the coprocess's name, so time after it is an ordinary word and the case after that is split at its first )",
    file: "src/convert/_curl_substitution.ts",
    find: `  if (LEADING.has(reserved)) {\n    frame.time = true;`,
    replace:
      `  if (lead !== "coproc" && LEADING.has(reserved)) {\n    frame.time = true;`,
    tests: ["tests/convert/curl_heredoc_case_test.ts"],
  },
  {
    id: "conv10-random-json-throw-reason",
    bug:
      "randomRequest: a body object whose toJSON throws a string is refused with the reason 'undefined' instead of that string",
    file: "src/convert/random.ts",
    find: `(cause as Error)?.message || String(cause)`,
    replace: `(cause as Error)?.message`,
    tests: ["tests/convert/convert_tenth_round_test.ts"],
  },
  {
    id: "conv10-detect-curl-later-fault",
    bug:
      "detectType: a curl command whose second word is malformed (an unclosed quote) is read to that word and called unknown, so the curl parser never names the fault",
    file: "src/convert/_curl_words.ts",
    find: `(words.length === 1 && words[0].value === "$"));`,
    replace: `(words.length === 1 || words[0].value === "$"));`,
    tests: ["tests/convert/convert_tenth_round_test.ts"],
  },
  {
    id: "conv10-fetch-object-form-offsets",
    bug:
      "fetch.parseCode: in the { url, options } form the options object is not re-read for its fields' offsets, so a bad option is reported at the options object",
    file: "src/convert/_fetch_code_read.ts",
    find: `    if (again.peek() === "{") again.object(fieldOffsets);`,
    replace: `    if (again.peek() !== "{") again.object(fieldOffsets);`,
    tests: ["tests/convert/convert_tenth_round_test.ts"],
  },
  {
    id: "conv10-fetch-object-form-options-present",
    bug:
      "fetch.parseCode: the { url, options } form re-reads its options for their fields' offsets only when there are none, so a bad option is reported at the options object",
    file: "src/convert/_fetch_code_read.ts",
    find: `  if (optionsOffset !== undefined) {`,
    replace: `  if (optionsOffset === undefined) {`,
    tests: ["tests/convert/convert_tenth_round_test.ts"],
  },
  {
    id: "curl11-separator-lead-read-late",
    bug:
      "curl reader: the lead is read after commandOperator resets it, so `$(time ;)` (a bash-valid empty timed pipeline) is refused",
    file: "src/convert/_curl_shell_operators.ts",
    find: `(operator === ";" && EMPTY_PIPELINE.has(lead));`,
    replace: `(operator === ";" && EMPTY_PIPELINE.has(frame.lead));`,
    tests: ["tests/convert/curl_command_start_test.ts"],
  },
  {
    id: "curl11-separator-at-command-start",
    bug:
      "curl reader: a separator where a command's first word belongs (`$(; echo)`, `$(| x)`) is read as text, not refused as bash refuses it",
    file: "src/convert/_curl_shell_operators.ts",
    find: "if (frame.command && !empty) {",
    replace: "if (!frame.command && !empty) {",
    tests: ["tests/convert/curl_command_start_test.ts"],
  },
  {
    id: "curl11-pipe-two-line-ends-time",
    bug:
      "curl reader: `true |`, two line ends, then `time` is read as an ordinary word, which bash 5.2 refuses",
    file: "src/convert/_curl_substitution.ts",
    find: '  frame.lead = lead === "pipe"\n    ? "pipeline"',
    replace: '  frame.lead = lead === "pipe"\n    ? "pipe"',
    tests: ["tests/convert/curl_command_start_test.ts"],
  },
  {
    id: "curl11-function-body-compound",
    bug:
      "curl reader: `f() time …` (a function body that is no compound command) is read, where bash refuses it",
    file: "src/convert/_curl_shell_frames.ts",
    find: '    frame.lead = "body";\n    return j + 1;',
    replace: "    return j + 1;",
    tests: ["tests/convert/curl_command_start_test.ts"],
  },
  {
    id: "curl11-function-body-next-line",
    bug:
      "curl reader: a function's body on the line after `f()` is not checked, so `f()` newline `time a` is read where bash refuses it",
    file: "src/convert/_curl_substitution.ts",
    find: `    : lead === "body" || lead === "list"\n    ? lead`,
    replace: `    : lead === "list"\n    ? lead`,
    tests: ["tests/convert/curl_command_start_test.ts"],
  },
  {
    id: "curl11-coproc-name-complete",
    bug:
      "curl reader: `$(coproc cat ;)` is refused, though bash runs `cat` as the coprocess",
    file: "src/convert/_curl_substitution.ts",
    find: '    frame.time = false;\n    frame.lead = "complete";\n',
    replace: "    frame.time = false;\n",
    tests: ["tests/convert/curl_command_start_test.ts"],
  },
  {
    id: "curl11-stdin-data-strips-line-ends",
    bug:
      "curl reader: -d @- keeps the here-document's CR and LF, which curl strips from what -d reads",
    file: "src/convert/_curl_arguments.ts",
    find:
      'option.name === "data-binary" ? text : text.replace(/[\\r\\n]/g, ""),',
    replace: "text,",
    tests: ["tests/convert/curl_stdin_test.ts"],
  },
  {
    id: "curl11-stdin-read-once",
    bug:
      "curl reader: a second @- reads the here-document again, where curl's stdin is already read and gives nothing",
    file: "src/convert/_curl_command.ts",
    find: '    this.stdin = "";\n',
    replace: "",
    tests: ["tests/convert/curl_stdin_test.ts"],
  },
  {
    id: "curl11-stdin-unquoted-continuation",
    bug:
      "curl reader: an unquoted here-document's line ending in a backslash does not go on on the next line, so a delimiter there ends the body early",
    file: "src/convert/_curl_heredoc.ts",
    find: "trailingBackslashes(input, start, stop) % 2 === 1,",
    replace: "trailingBackslashes(input, start, stop) % 2 === 2,",
    tests: ["tests/convert/curl_stdin_test.ts"],
  },
  {
    id: "curl11-stdin-strip-tabs",
    bug:
      "curl reader: <<- at the top level keeps the body's leading tabs and never finds a tab-indented delimiter",
    file: "src/convert/_curl_heredoc.ts",
    find: 'const part = bodyLine(input, i, doc, raw === "");',
    replace: "const part = bodyLine(input, i, doc, false);",
    tests: ["tests/convert/curl_stdin_test.ts"],
  },
  {
    id: "curl11-stdin-line-of-commands",
    bug:
      "curl reader: a command is handed out before the line's here-documents are read (`curl … <<A; true <<B`), so its stdin is empty",
    file: "src/convert/_curl_parse.ts",
    find: "    if (pending.length > 0) continue;\n",
    replace: "",
    tests: ["tests/convert/curl_stdin_test.ts"],
  },
  {
    id: "curl11-stdin-last-redirection",
    bug:
      "curl reader: with two here-documents, curl's stdin is the first, where bash gives the command the last",
    file: "src/convert/_curl_words.ts",
    find: "        if (fed) stdin = doc;",
    replace: "        if (fed) stdin ??= doc;",
    tests: ["tests/convert/curl_stdin_test.ts"],
  },
  {
    id: "curl11-stdin-urlencode-name",
    bug:
      "curl reader: --data-urlencode name@- drops the name, where curl sends name=encoded stdin",
    file: "src/convert/_curl_url.ts",
    find:
      'return atSign === 0 ? content : arg.slice(0, atSign) + "=" + content;',
    replace: "return content;",
    tests: ["tests/convert/curl_stdin_test.ts"],
  },
  {
    id: "curl11-stdin-upload-body",
    bug:
      "curl reader: -T - with a here-document gives a PUT without the here-document as its body",
    file: "src/convert/_curl_parse.ts",
    find: "  if (cmd.uploadBody !== undefined) body = cmd.uploadBody;\n",
    replace: "",
    tests: ["tests/convert/curl_stdin_test.ts"],
  },
  {
    id: "curl11-stdin-json",
    bug:
      "curl reader: --json @- sends the text @- instead of the here-document",
    file: "src/convert/_curl_arguments.ts",
    find: "addData(cmd, stdin ? cmd.readStdin() : v, true, word);",
    replace: "addData(cmd, v, true, word);",
    tests: ["tests/convert/curl_stdin_test.ts"],
  },
  {
    id: "curl11-here-string-line-end",
    bug:
      "curl reader: a here-string is handed over without the line end bash adds to it",
    file: "src/convert/_curl_heredoc.ts",
    find: 'body: word + "\\n" };',
    replace: "body: word };",
    tests: ["tests/convert/curl_stdin_test.ts"],
  },
  {
    id: "curl11-stdin-backtick-once",
    bug:
      "curl reader: a backtick pair in an unquoted here-document gives two SHELL_EXPANSION warnings, one at its closing backtick",
    file: "src/convert/_curl_heredoc.ts",
    find: "      if (close !== -1 && close < stop) j = close;\n",
    replace: "",
    tests: ["tests/convert/curl_stdin_test.ts"],
  },
  {
    id: "curl12-bang-any-separator",
    bug:
      "curl reader: `$(! | x)` and `$(echo; time && x)` are read, where bash refuses the separator after a bare `!` or `time`",
    file: "src/convert/_curl_shell_operators.ts",
    find: 'const empty = lead === "complete" ||',
    replace: "const empty = EMPTY_PIPELINE.has(lead) ||",
    tests: ["tests/convert/curl_pipe_start_test.ts"],
  },
  {
    id: "curl12-bang-as-coproc",
    bug:
      "curl reader: `!` lets any separator and a `)` follow it, as after `coproc NAME`, where bash allows only `;` or a line end",
    file: "src/convert/_curl_substitution.ts",
    find: '    if (reserved === "!") frame.lead = "bare";',
    replace: '    if (reserved === "!") frame.lead = "complete";',
    tests: ["tests/convert/curl_pipe_start_test.ts"],
  },
  {
    id: "curl12-close-after-pipe",
    bug:
      "curl reader: `$(time |)` and `$(!)` are read, where bash refuses the `)` that finds no command after `|` or `!`",
    file: "src/convert/_curl_shell_operators.ts",
    find: '    missingBefore(frame, ")", i);\n',
    replace: "",
    tests: ["tests/convert/curl_pipe_start_test.ts"],
  },
  {
    id: "curl12-clause-end-after-bang",
    bug:
      "curl reader: `case a in a) ! ;; esac` is read, where bash refuses the `;;` after a bare `!`",
    file: "src/convert/_curl_shell_operators.ts",
    find: "    missingBefore(frame, operatorAt(input, i), i);\n",
    replace: "",
    tests: ["tests/convert/curl_pipe_start_test.ts"],
  },
  {
    id: "curl12-and-or-lead",
    bug:
      "curl reader: `$(echo &&)` is read, where bash refuses the `)` that finds no command after `&&`",
    file: "src/convert/_curl_shell_operators.ts",
    find:
      '  if (operator === "&&" || operator === "||") frame.lead = "list";\n',
    replace: "",
    tests: ["tests/convert/curl_pipe_start_test.ts"],
  },
  {
    id: "curl12-and-or-line-end",
    bug:
      "curl reader: a line end after `||` forgets that a command must still come, so `$(echo ||\\n)` is read where bash refuses it",
    file: "src/convert/_curl_substitution.ts",
    find: '    : lead === "body" || lead === "list"\n',
    replace: '    : lead === "body"\n',
    tests: ["tests/convert/curl_pipe_start_test.ts"],
  },
  {
    id: "curl12-redirection-before-body",
    bug:
      "curl reader: `$(f() >x { :; })` is read, where bash refuses a redirection between `f()` and its body",
    file: "src/convert/_curl_shell_operators.ts",
    find: '  if (lead === "body" && redirection) {',
    replace: "  if (false) {",
    tests: ["tests/convert/curl_pipe_start_test.ts"],
  },
  {
    id: "stdin13-form-file-name",
    bug:
      'curl reader: `-F f=@-` with a here-document sends the part without the filename "-" curl gives it',
    file: "src/convert/_curl_form.ts",
    find: '    if (content === "@-") part.filename ??= "-";\n',
    replace: "",
    tests: ["tests/convert/curl_stdin_test.ts"],
  },
  {
    id: "stdin13-form-stdin-type",
    bug:
      "curl reader: `-F f=@-` with a here-document gets application/octet-stream, which curl sends only for a named file",
    file: "src/convert/_curl_form.ts",
    find: "    part.type ??= typeOfFile(part.filename);\n",
    replace: '    part.type ??= "application/octet-stream";\n',
    tests: ["tests/convert/curl_stdin_test.ts"],
  },
  {
    id: "stdin13-form-value-stdin",
    bug:
      "curl reader: `-F 'f=<-'` with a here-document keeps the text `<-` instead of the here-document curl sends",
    file: "src/convert/_curl_form.ts",
    find:
      '  if ((content === "@-" || content === "<-") && cmd.stdin !== undefined) {',
    replace: '  if (content === "@-" && cmd.stdin !== undefined) {',
    tests: ["tests/convert/curl_stdin_test.ts"],
  },
  {
    id: "stdin13-header-cr",
    bug:
      "curl reader: `-H @-` keeps a CRLF line's CR in the header value, which curl strips",
    file: "src/convert/_curl_arguments.ts",
    find: '      const header = line.replace(/\\r$/, "");',
    replace: "      const header = line;",
    tests: ["tests/convert/curl_stdin_test.ts"],
  },
  {
    id: "stdin13-header-blank",
    bug:
      "curl reader: `-H @-` warns about each blank line of the here-document, which curl skips silently",
    file: "src/convert/_curl_arguments.ts",
    find: '      if (header !== "") addHeaderLine(cmd, header, written, at);',
    replace: "      addHeaderLine(cmd, header, written, at);",
    tests: ["tests/convert/curl_stdin_test.ts"],
  },
  {
    id: "stdin13-read-part-filename",
    bug:
      "curl reader: `-F 'a=<file;filename=f.txt'` sends the filename, which curl 7.88 leaves out of a part whose text is read",
    file: "src/convert/_curl_form.ts",
    find: '  if (content.startsWith("<")) delete part.filename;\n  else if',
    replace: "  if",
    tests: ["tests/convert/curl_form_filename_test.ts"],
  },
  {
    id: "stdin13-text-part-type",
    bug:
      "curl reader: `-F 'a=v;filename=f.txt'` sends no Content-Type, where curl types a text part given a filename by its extension",
    file: "src/convert/_curl_form.ts",
    find: "    part.type ??= typeOfFile(part.filename);\n  }\n  return part;",
    replace: "  }\n  return part;",
    tests: ["tests/convert/curl_form_filename_test.ts"],
  },
  {
    id: "conv12-har-log-browser",
    bug:
      "HAR writer: toLog's browser option is left out (and written as undefined when absent)",
    file: "src/convert/_har_write.ts",
    find: "if (options.browser) log.browser",
    replace: "if (!options.browser) log.browser",
    tests: ["tests/convert/har_r12_mutants_test.ts"],
  },
  {
    id: "conv12-har-log-pages",
    bug: "HAR writer: toLog's pages option is left out",
    file: "src/convert/_har_write.ts",
    find: "if (options.pages) log.pages",
    replace: "if (!options.pages) log.pages",
    tests: ["tests/convert/har_r12_mutants_test.ts"],
  },
  {
    id: "conv12-har-log-comment",
    bug: "HAR writer: toLog's comment option is left out",
    file: "src/convert/_har_write.ts",
    find: "if (options.comment) log.comment",
    replace: "if (!options.comment) log.comment",
    tests: ["tests/convert/har_r12_mutants_test.ts"],
  },
  {
    id: "conv12-har-fetched-url",
    bug:
      "HAR writer: a fetched Response alone gets a request for / instead of the URL it answers",
    file: "src/convert/_har_write.ts",
    find: "url: input.url || undefined,",
    replace: "url: input.url && undefined,",
    tests: ["tests/convert/har_r12_mutants_test.ts"],
  },
  {
    id: "conv12-har-response-header-inject",
    bug:
      "HAR writer: a plain response's header value with CR/LF is written, not refused",
    file: "src/convert/_har_write.ts",
    find: "  checkSendableHeaders(message.headers);\n",
    replace: "",
    tests: ["tests/convert/har_r12_mutants_test.ts"],
  },
  {
    id: "conv12-har-native-null-body",
    bug:
      "HAR writer: a native message without a body gets an empty body (postData, content.text)",
    file: "src/convert/_har_write.ts",
    find: "if (message.body === null) return undefined;",
    replace: "if (message.body === null) undefined;",
    tests: ["tests/convert/har_r12_mutants_test.ts"],
  },
  {
    id: "conv12-har-default-origin-empty",
    bug:
      "HAR writer: an empty defaultOrigin silently becomes http://localhost instead of INVALID_OPTION",
    file: "src/convert/_har_write.ts",
    find: "options.defaultOrigin ?? DEFAULT_ORIGIN",
    replace: "options.defaultOrigin || DEFAULT_ORIGIN",
    tests: ["tests/convert/har_r12_mutants_test.ts"],
  },
  {
    id: "conv12-har-origin-code",
    bug:
      "HAR writer: a defaultOrigin that is no URL is refused without its code",
    file: "src/convert/_har_write.ts",
    find:
      '      code: "INVALID_OPTION",\n      message: `defaultOrigin is not a URL',
    replace: '      code: "",\n      message: `defaultOrigin is not a URL',
    tests: ["tests/convert/har_r12_mutants_test.ts"],
  },
  {
    id: "conv12-har-status-zero",
    bug: "HAR writer: status 0 (no response) is refused",
    file: "src/convert/_har_write.ts",
    find: "!Number.isInteger(status) || status < 0",
    replace: "!Number.isInteger(status) || status <= 0",
    tests: ["tests/convert/har_r12_mutants_test.ts"],
  },
  {
    id: "conv12-har-status-fraction",
    bug: "HAR writer: a fractional or negative statusCode is written",
    file: "src/convert/_har_write.ts",
    find: "!Number.isInteger(status) || status < 0",
    replace: "!Number.isInteger(status) && status < 0",
    tests: ["tests/convert/har_r12_mutants_test.ts"],
  },
  {
    id: "conv12-har-entry-pageref",
    bug: "HAR writer: the pageref option is left out of the entry",
    file: "src/convert/_har_write.ts",
    find: "if (options.pageref) entry.pageref",
    replace: "if (!options.pageref) entry.pageref",
    tests: ["tests/convert/har_r12_mutants_test.ts"],
  },
  {
    id: "conv12-har-entry-connection",
    bug: "HAR writer: the connection option is left out of the entry",
    file: "src/convert/_har_write.ts",
    find: "if (options.connection) entry.connection",
    replace: "if (!options.connection) entry.connection",
    tests: ["tests/convert/har_r12_mutants_test.ts"],
  },
  {
    id: "conv12-har-entry-comment",
    bug: "HAR writer: the comment option is left out of the entry",
    file: "src/convert/_har_write.ts",
    find: "if (options.comment) entry.comment",
    replace: "if (!options.comment) entry.comment",
    tests: ["tests/convert/har_r12_mutants_test.ts"],
  },
  {
    id: "conv12-har-version-unknown",
    bug: "HAR writer: an httpVersion it does not know becomes HTTP/undefined",
    file: "src/convert/_har_write.ts",
    find: ": normalizeVersion(version) ?? version;",
    replace: ": normalizeVersion(version);",
    tests: ["tests/convert/har_r12_mutants_test.ts"],
  },
  {
    id: "conv12-har-date-type-message",
    bug:
      "HAR writer: a startedDateTime of the wrong type is refused naming the wrong type",
    file: "src/convert/_har_write.ts",
    find: 'value === null ? "null" : typeof value',
    replace: 'value !== null ? "null" : typeof value',
    tests: ["tests/convert/har_r12_mutants_test.ts"],
  },
  {
    id: "conv12-har-date-invalid-message",
    bug: "HAR writer: an invalid date string is refused without naming it",
    file: "src/convert/_har_write.ts",
    find: 'typeof value === "string" ? value : "Invalid Date"',
    replace: 'typeof value !== "string" ? value : "Invalid Date"',
    tests: ["tests/convert/har_r12_mutants_test.ts"],
  },
  {
    id: "conv12-har-timing-zero-blocked",
    bug: "HAR writer: a blocked timing of 0 is written as -1 (not given)",
    file: "src/convert/_har_write.ts",
    find: 'blocked: timing(given, "blocked", -1),',
    replace: 'blocked: timing(given, "blocked", -1) || -1,',
    tests: ["tests/convert/har_r12_mutants_test.ts"],
  },
  {
    id: "conv12-har-timing-zero-dns",
    bug: "HAR writer: a dns timing of 0 (a reused connection) is written as -1",
    file: "src/convert/_har_write.ts",
    find: 'dns: timing(given, "dns", -1),',
    replace: 'dns: timing(given, "dns", -1) || -1,',
    tests: ["tests/convert/har_r12_mutants_test.ts"],
  },
  {
    id: "conv12-har-timing-zero-connect",
    bug: "HAR writer: a connect timing of 0 is written as -1",
    file: "src/convert/_har_write.ts",
    find: 'connect: timing(given, "connect", -1),',
    replace: 'connect: timing(given, "connect", -1) || -1,',
    tests: ["tests/convert/har_r12_mutants_test.ts"],
  },
  {
    id: "conv12-har-timing-zero-ssl",
    bug: "HAR writer: an ssl timing of 0 is written as -1",
    file: "src/convert/_har_write.ts",
    find: 'ssl: timing(given, "ssl", -1),',
    replace: 'ssl: timing(given, "ssl", -1) || -1,',
    tests: ["tests/convert/har_r12_mutants_test.ts"],
  },
  {
    id: "conv12-body-type-blanks",
    bug:
      "body parser: a declared content type with a blank before it or before its ; is not recognised",
    file: "src/convert/body.ts",
    find: 'contentType.split(";")[0].trim().toLowerCase()',
    replace: 'contentType.split(";")[0].toLowerCase()',
    tests: ["tests/convert/body_r12_mutants_test.ts"],
  },
  {
    id: "conv12-body-xml-type-any",
    bug:
      "body parser: any declared type that is not JSON or HTML makes markup XML",
    file: "src/convert/body.ts",
    find: 'media === "application/xml" || media === "text/xml" ||',
    replace: 'media === "application/xml" || media !== "text/xml" ||',
    tests: ["tests/convert/body_r12_mutants_test.ts"],
  },
  {
    id: "conv12-body-not-string-message",
    bug:
      "body parser: a body that is no string is refused naming the wrong type",
    file: "src/convert/body.ts",
    find: 'text === null ? "null" : typeof text',
    replace: 'text !== null ? "null" : typeof text',
    tests: ["tests/convert/body_r12_mutants_test.ts"],
  },
  {
    id: "conv12-body-sniffed-html-as-xml",
    bug:
      "body parser: sniffed HTML is formatted as XML (a void element indents what follows)",
    file: "src/convert/body.ts",
    find: 'boundedMarkup(trimmed, type === "html")',
    replace: 'boundedMarkup(trimmed, type !== "html")',
    tests: ["tests/convert/body_r12_mutants_test.ts"],
  },
  {
    id: "conv12-core-query-second-question",
    bug:
      "parseQueryString: '??a=1' gives key a, where the URL parser gives ?a (one ? dropped twice)",
    file: "src/convert/core.ts",
    find: "return withoutHash.slice(question);",
    replace: "return withoutHash.slice(question + 1);",
    tests: ["tests/convert/core_r12_mutants_test.ts"],
  },
  {
    id: "conv12-core-query-read-only",
    bug:
      "parseQueryString: the result's entries cannot be reassigned by the caller",
    file: "src/convert/core.ts",
    find: "      writable: true,\n",
    replace: "      writable: false,\n",
    tests: ["tests/convert/core_r12_mutants_test.ts"],
  },
  {
    id: "conv12-core-query-not-deletable",
    bug:
      "parseQueryString: the result's entries cannot be deleted by the caller",
    file: "src/convert/core.ts",
    find: "      configurable: true,\n",
    replace: "      configurable: false,\n",
    tests: ["tests/convert/core_r12_mutants_test.ts"],
  },
  {
    id: "conv12-core-symbol-code",
    bug:
      "core: a symbol header value is refused without the INVALID_INPUT code",
    file: "src/convert/core.ts",
    find:
      '      code: "INVALID_INPUT",\n      message: "expected a string, got a symbol",',
    replace:
      '      code: "",\n      message: "expected a string, got a symbol",',
    tests: ["tests/convert/core_r12_mutants_test.ts"],
  },
  {
    id: "conv12-core-unconvertible-code",
    bug:
      "core: a header value String() cannot convert is refused without the INVALID_INPUT code",
    file: "src/convert/core.ts",
    find:
      '      code: "INVALID_INPUT",\n      message: "expected a string, got a value that cannot',
    replace:
      '      code: "",\n      message: "expected a string, got a value that cannot',
    tests: ["tests/convert/core_r12_mutants_test.ts"],
  },
  {
    id: "conv12-core-build-url-code",
    bug:
      "buildUrl: a base URL that is no string is refused without the INVALID_INPUT code",
    file: "src/convert/core.ts",
    find: '      code: "INVALID_INPUT",\n      message: `buildUrl expects',
    replace: '      code: "",\n      message: `buildUrl expects',
    tests: ["tests/convert/core_r12_mutants_test.ts"],
  },
  {
    id: "conv12-core-build-url-message",
    bug:
      "buildUrl: a base URL that is no string is refused naming the wrong type",
    file: "src/convert/core.ts",
    find: 'baseUrl === null ? "null" : typeof baseUrl',
    replace: 'baseUrl !== null ? "null" : typeof baseUrl',
    tests: ["tests/convert/core_r12_mutants_test.ts"],
  },
  {
    id: "conv12-core-build-url-null-params",
    bug:
      "buildUrl: null parameters throw a TypeError instead of giving the base URL back",
    file: "src/convert/core.ts",
    find: "Object.entries(queryParams ?? {})",
    replace: "Object.entries(queryParams)",
    tests: ["tests/convert/core_r12_mutants_test.ts"],
  },
  {
    id: "conv12-core-build-url-surrogate-code",
    bug:
      "buildUrl: a lone surrogate in a parameter is refused without the INVALID_INPUT code",
    file: "src/convert/core.ts",
    find: '      code: "INVALID_INPUT",\n      message: `buildUrl: ${',
    replace: '      code: "",\n      message: `buildUrl: ${',
    tests: ["tests/convert/core_r12_mutants_test.ts"],
  },
  {
    id: "conv12-message-proto-assign",
    bug:
      "header maps: an inherited name such as __proto__ is assigned, which the standard accessor swallows, instead of defined as an entry",
    file: "src/convert/_message.ts",
    find: "if (key in headers && !Object.hasOwn(headers, key)) {",
    replace: "if (!(key in headers && !Object.hasOwn(headers, key))) {",
    tests: ["tests/convert/message_r12_mutants_test.ts"],
  },
  {
    id: "conv12-message-proto-not-deletable",
    bug:
      "header maps: a header named like an Object.prototype member cannot be deleted by the caller",
    file: "src/convert/_message.ts",
    find:
      "      enumerable: true,\n      writable: true,\n      configurable: true,\n    });\n  } else {",
    replace:
      "      enumerable: true,\n      writable: true,\n      configurable: false,\n    });\n  } else {",
    tests: ["tests/convert/message_r12_mutants_test.ts"],
  },
  {
    id: "conv12-message-header-last-spelling",
    bug:
      "getHeader: of two spellings of a header name the last is taken, not the first",
    file: "src/convert/_message.ts",
    find: "        value = headers[candidate];\n        break;\n",
    replace: "        value = headers[candidate];\n",
    tests: ["tests/convert/message_r12_mutants_test.ts"],
  },
  {
    id: "conv12-message-header-second-value",
    bug: "getHeader: a repeated header gives its second value, not its first",
    file: "src/convert/_message.ts",
    find: "return Array.isArray(value) ? value[0] : value;",
    replace: "return Array.isArray(value) ? value[1] : value;",
    tests: ["tests/convert/message_r12_mutants_test.ts"],
  },
  {
    id: "conv12-message-native-null-body",
    bug: "native messages: one without a body converts with an empty body",
    file: "src/convert/_message.ts",
    find:
      "  if (message.body === null) return undefined;\n  if (message.bodyUsed) {",
    replace:
      "  if (message.body === null) undefined;\n  if (message.bodyUsed) {",
    tests: ["tests/convert/message_r12_mutants_test.ts"],
  },
  {
    id: "conv12-message-utf8-kind",
    bug:
      "native messages: a body that is not UTF-8 is refused naming the other kind of message",
    file: "src/convert/_message.ts",
    find: '      message: `The native ${\n        kind === "request" ?',
    replace: '      message: `The native ${\n        kind !== "request" ?',
    tests: ["tests/convert/message_r12_mutants_test.ts"],
  },
  {
    id: "conv12-message-utf8-har-function",
    bug:
      "native messages: a body that is not UTF-8 is refused pointing at the wrong HAR function",
    file: "src/convert/_message.ts",
    find: 'use har.from${\n        kind === "request" ?',
    replace: 'use har.from${\n        kind !== "request" ?',
    tests: ["tests/convert/message_r12_mutants_test.ts"],
  },
  {
    id: "conv12-message-no-method-kept",
    bug:
      "plain messages: a request without a method whose headers need no change is passed on without one, and refused",
    file: "src/convert/_message.ts",
    find: '(kind === "response" || fields.method !== undefined)',
    replace: '(kind !== "response" || fields.method !== undefined)',
    tests: ["tests/convert/message_r12_mutants_test.ts"],
  },
  {
    id: "conv12-message-copied-always",
    bug:
      "plain messages: a request of the caller's class is copied, losing the fields its getters give",
    file: "src/convert/_message.ts",
    find: "  ) return value;\n  const copy = { ...value, headers };",
    replace: "  ) value;\n  const copy = { ...value, headers };",
    tests: ["tests/convert/message_r12_mutants_test.ts"],
  },
  {
    id: "conv12-message-method-overwritten",
    bug:
      "plain messages: a request whose headers are coerced becomes a GET whatever its method",
    file: "src/convert/_message.ts",
    find: 'if (kind === "request" && fields.method === undefined) {',
    replace: 'if (kind === "request" || fields.method === undefined) {',
    tests: ["tests/convert/message_r12_mutants_test.ts"],
  },
  {
    id: "conv12-message-headers-copied-always",
    bug:
      "plain messages: the header map is copied even when no value needs coercion, so a request of the caller's class loses its getters",
    file: "src/convert/_message.ts",
    find: "if (checked === item && copy === undefined) continue;",
    replace: "if (checked === item && copy === undefined) ;",
    tests: ["tests/convert/message_r12_mutants_test.ts"],
  },
  {
    id: "conv12-message-coerced-first-dropped",
    bug:
      "plain messages: a header that needs coercion before any copy is skipped and kept raw (a null written as a header)",
    file: "src/convert/_message.ts",
    find: "if (checked === item && copy === undefined) continue;",
    replace: "if (checked !== item && copy === undefined) continue;",
    tests: ["tests/convert/message_r12_mutants_test.ts"],
  },
  {
    id: "conv12-message-earlier-headers-lost",
    bug:
      "plain messages: the headers before the first coerced one are left out of the copy",
    file: "src/convert/_message.ts",
    find: "if (kept !== undefined) define(copy, earlier, kept);",
    replace: "if (kept !== undefined) ;",
    tests: ["tests/convert/message_r12_mutants_test.ts"],
  },
  {
    id: "conv12-message-not-object-kind",
    bug:
      "plain messages: a value that is no object is refused naming the other kind",
    file: "src/convert/_message.ts",
    find:
      '      message: `Expected a ${kind} object or a native ${\n        kind === "request" ?',
    replace:
      '      message: `Expected a ${kind} object or a native ${\n        kind !== "request" ?',
    tests: ["tests/convert/message_r12_mutants_test.ts"],
  },
  {
    id: "conv12-message-array-copied-always",
    bug:
      "plain messages: an array header value is copied even when no item needs coercion, so a request of the caller's class loses its getters",
    file: "src/convert/_message.ts",
    find: "if (checked === items[i] && copy === undefined) continue;",
    replace: "if (checked === items[i] && copy === undefined) ;",
    tests: ["tests/convert/message_r12_mutants_test.ts"],
  },
  {
    id: "conv12-message-describe-null",
    bug: "plain messages: a null field is refused as got object",
    file: "src/convert/_message.ts",
    find:
      '  if (value === null) return "null";\n  if (Array.isArray(value)) return "an array";',
    replace:
      '  if (value === null) "null";\n  if (Array.isArray(value)) return "an array";',
    tests: ["tests/convert/message_r12_mutants_test.ts"],
  },
  {
    id: "conv12-message-describe-array",
    bug:
      "plain messages: an array where a map belongs is refused as got object",
    file: "src/convert/_message.ts",
    find: '  if (Array.isArray(value)) return "an array";',
    replace: '  if (Array.isArray(value)) "an array";',
    tests: ["tests/convert/message_r12_mutants_test.ts"],
  },
  {
    id: "conv12-form-type-unknown",
    bug:
      "curl -F: type= is not a known parameter, so no part gets its content type",
    file: "src/convert/_curl_form.ts",
    find: "const FORM_PARAMETER = /^(type|filename|headers|encoder)=/i;",
    replace: "const FORM_PARAMETER = /^(filename|headers|encoder)=/i;",
    tests: [
      "tests/convert/curl_form_r12_mutants_test.ts",
      "tests/convert/curl_form_parameters_test.ts",
    ],
  },
  {
    id: "conv12-form-filename-unknown",
    bug:
      "curl -F: filename= after type= is read as part of the content type, and the file keeps its own name",
    file: "src/convert/_curl_form.ts",
    find: "const FORM_PARAMETER = /^(type|filename|headers|encoder)=/i;",
    replace: "const FORM_PARAMETER = /^(type|headers|encoder)=/i;",
    tests: [
      "tests/convert/curl_form_r12_mutants_test.ts",
      "tests/convert/curl_form_parameters_test.ts",
    ],
  },
  {
    id: "conv12-form-headers-unknown",
    bug:
      "curl -F: headers= after type= is written into the content type instead of warned about",
    file: "src/convert/_curl_form.ts",
    find: "const FORM_PARAMETER = /^(type|filename|headers|encoder)=/i;",
    replace: "const FORM_PARAMETER = /^(type|filename|encoder)=/i;",
    tests: [
      "tests/convert/curl_form_r12_mutants_test.ts",
      "tests/convert/curl_form_parameters_test.ts",
    ],
  },
  {
    id: "conv12-form-encoder-unknown",
    bug:
      "curl -F: encoder= after type= is written into the content type instead of warned about",
    file: "src/convert/_curl_form.ts",
    find: "const FORM_PARAMETER = /^(type|filename|headers|encoder)=/i;",
    replace: "const FORM_PARAMETER = /^(type|filename|headers)=/i;",
    tests: [
      "tests/convert/curl_form_r12_mutants_test.ts",
      "tests/convert/curl_form_parameters_test.ts",
    ],
  },
  {
    id: "conv12-form-in-type-first",
    bug:
      "curl -F: an unknown parameter before any type= is appended to an undefined content type",
    file: "src/convert/_curl_form.ts",
    find: "  let inType = false;\n  let typeStart = 0;",
    replace: "  let inType = true;\n  let typeStart = 0;",
    tests: [
      "tests/convert/curl_form_r12_mutants_test.ts",
      "tests/convert/curl_form_parameters_test.ts",
    ],
  },
  {
    id: "conv12-form-type-param-warned",
    bug:
      "curl -F: a content type's own parameter after type= is appended and also warned about, and ends the type",
    file: "src/convert/_curl_form.ts",
    find: "      i = end;\n      continue;\n    }\n    inType = false;",
    replace: "      i = end;\n    }\n    inType = false;",
    tests: [
      "tests/convert/curl_form_r12_mutants_test.ts",
      "tests/convert/curl_form_parameters_test.ts",
    ],
  },
  {
    id: "conv12-form-type-not-ended",
    bug:
      "curl -F: a known parameter after type= does not end it, so what follows is appended to the type",
    file: "src/convert/_curl_form.ts",
    find: '    inType = false;\n    if (key === "filename") {',
    replace: '    inType = true;\n    if (key === "filename") {',
    tests: [
      "tests/convert/curl_form_r12_mutants_test.ts",
      "tests/convert/curl_form_parameters_test.ts",
    ],
  },
  {
    id: "conv12-form-type-not-started",
    bug:
      "curl -F: type= does not start the content type's parameters, so charset= and the like are warned about and dropped",
    file: "src/convert/_curl_form.ts",
    find: "      inType = true;\n    }",
    replace: "      inType = false;\n    }",
    tests: [
      "tests/convert/curl_form_r12_mutants_test.ts",
      "tests/convert/curl_form_parameters_test.ts",
    ],
  },
  {
    id: "conv12-form-filename-blanks",
    bug: "curl -F: filename= keeps the blanks around its value",
    file: "src/convert/_curl_form.ts",
    find: "formWord(tail, skipBlanks(tail, i + 9), end)",
    replace: "formWord(tail, i + 9, end)",
    tests: [
      "tests/convert/curl_form_r12_mutants_test.ts",
      "tests/convert/curl_form_parameters_test.ts",
    ],
  },
  {
    id: "conv12-form-file-not-warned",
    bug:
      "curl -F: a file part (@file) is given without the warning that the file is not read",
    file: "src/convert/_curl_form.ts",
    find:
      '    fileReference(\n      cmd,\n      written,\n      at,\n      content,\n      "uploads a file,',
    replace:
      '    (\n      cmd,\n      written,\n      at,\n      content,\n      "uploads a file,',
    tests: ["tests/convert/curl_form_r12_mutants_test.ts"],
  },
  {
    id: "conv12-form-extension-prototype",
    bug:
      "curl -F: a file named a.constructor is typed with the text of Object's constructor",
    file: "src/convert/_curl_form.ts",
    find:
      "const FILE_TYPES: Record<string, string> = Object.assign(Object.create(null), {",
    replace: "const FILE_TYPES: Record<string, string> = ({",
    tests: ["tests/convert/curl_form_r12_mutants_test.ts"],
  },
  {
    id: "conv12-curl-ansi-c-in-brace",
    bug:
      "curl reader: inside ${…} a $'…' is read as a plain '…' and any X'…' as ANSI-C, so a \\' ends or fails to end the quote where bash does not",
    file: "src/convert/_curl_substitution.ts",
    find:
      'if (c === "$" && after === "\'") {\n      i = ansiCEnd(input, i + 2, at);',
    replace:
      'if (c !== "$" && after === "\'") {\n      i = ansiCEnd(input, i + 2, at);',
    tests: ["tests/convert/curl_substitution_test.ts"],
  },
  {
    id: "conv12-form-filename-quoted",
    bug: "curl -F: a double-quoted filename keeps its quotes and backslashes",
    file: "src/convert/_curl_form.ts",
    find: "  if (text[i] === '\"') {",
    replace: '  if (text[i] === "\'") {',
    tests: [
      "tests/convert/curl_form_r12_mutants_test.ts",
      "tests/convert/curl_form_parameters_test.ts",
    ],
  },
  {
    id: "conv12-form-quoted-value-tail",
    bug:
      "curl -F: the parameters after a double-quoted value start at a ; inside it",
    file: "src/convert/_curl_form.ts",
    find: '  const semi = body.indexOf(";", after);',
    replace: '  const semi = body.indexOf(";");',
    tests: [
      "tests/convert/curl_form_r12_mutants_test.ts",
      "tests/convert/curl_form_parameters_test.ts",
    ],
  },
  {
    id: "conv12-form-quoted-value-escape",
    bug: "curl -F: a backslash-escaped quote ends a double-quoted value",
    file: "src/convert/_curl_form.ts",
    find: 'if (body[i] === "\\\\" && i + 1 < body.length) i++;',
    replace: 'if (body[i] !== "\\\\" && i + 1 < body.length) i++;',
    tests: ["tests/convert/curl_form_r12_mutants_test.ts"],
  },
  {
    id: "conv12-string-empty-header-name",
    bug:
      "raw HTTP: a header line with no name is refused as a name that is no token, and one that is no token as missing",
    file: "src/convert/string.ts",
    find: '      name === ""\n        ? "a header line has no name"',
    replace: '      name !== ""\n        ? "a header line has no name"',
    tests: ["tests/convert/string_r12_mutants_test.ts"],
  },
  {
    id: "conv12-string-not-string-code",
    bug:
      "raw HTTP: a message that is no string is refused without the INVALID_INPUT code",
    file: "src/convert/string.ts",
    find:
      '      code: "INVALID_INPUT",\n      message: `expected the message as a string, got ${',
    replace:
      '      code: "",\n      message: `expected the message as a string, got ${',
    tests: ["tests/convert/string_r12_mutants_test.ts"],
  },
  {
    id: "conv12-string-not-string-message",
    bug:
      "raw HTTP: a message that is no string is refused naming the wrong type",
    file: "src/convert/string.ts",
    find: 'text === null ? "null" : typeof text',
    replace: 'text !== null ? "null" : typeof text',
    tests: ["tests/convert/string_r12_mutants_test.ts"],
  },
  {
    id: "conv12-string-scheme-any",
    bug:
      'raw HTTP: any scheme option is written into the URL ("" gives ://host/…)',
    file: "src/convert/string.ts",
    find: 'if (lower === "http" || lower === "https") return lower;',
    replace: 'if (true) return lower as "http";',
    tests: ["tests/convert/string_r12_mutants_test.ts"],
  },
  {
    id: "conv12-string-scheme-case",
    bug: "raw HTTP: a scheme option in capitals is refused",
    file: "src/convert/string.ts",
    find: 'typeof scheme === "string" ? scheme.toLowerCase() : scheme;',
    replace: "scheme;",
    tests: ["tests/convert/string_r12_mutants_test.ts"],
  },
  {
    id: "conv12-string-status-999",
    bug: "raw HTTP: a response with status 999 is refused as no status",
    file: "src/convert/string.ts",
    find: "status < 100 || status > 999",
    replace: "status < 100 || status >= 999",
    tests: ["tests/convert/string_r12_mutants_test.ts"],
  },
  {
    id: "conv13-fetch-code-after-division",
    bug:
      "fetch code: after a division the reader goes on at the next character, so a string right after it is read as code",
    file: "src/convert/_fetch_code_read.ts",
    find: 'previous = "/";\n      }\n      continue;',
    replace: 'previous = "/";\n      }\n      ;',
    tests: ["tests/convert/fetch_code_r13_mutants_test.ts"],
  },
  {
    id: "conv13-har-query-plus",
    bug:
      "HAR: a queryString + is read as a space when matched against the URL, so the URL's %2B pair is appended again",
    file: "src/convert/_har_form.ts",
    find: "return percentDecode(text, false);",
    replace: "return percentDecode(text, true);",
    tests: ["tests/convert/har_read_r13_mutants_test.ts"],
  },
  {
    id: "conv13-curl-options-empty-name",
    bug:
      "curl options: the table's blank separators make a nameless flag, so a bare --no- is taken as its negation, not as unknown",
    file: "src/convert/_curl_options.ts",
    find: 'if (token === "") continue;',
    replace: 'if (token === "") ;',
    tests: ["tests/convert/curl_options_r13_mutants_test.ts"],
  },
  {
    id: "conv13-curl-options-prefix-negated",
    bug:
      "curl options: an unambiguous prefix of a flag (--ge, --path-as) turns the flag off instead of on",
    file: "src/convert/_curl_options.ts",
    find: ": { option: prefixed, negated: false };",
    replace: ": { option: prefixed, negated: true };",
    tests: ["tests/convert/curl_options_r13_mutants_test.ts"],
  },
  {
    id: "conv13-curl-options-one-letter",
    bug:
      "curl options: a one-letter prefix (--q for --quote) is unknown, so its value is taken as the URL",
    file: "src/convert/_curl_options.ts",
    find: 'if (prefix === "") return undefined;',
    replace: "if (prefix.length < 2) return undefined;",
    tests: ["tests/convert/curl_options_r13_mutants_test.ts"],
  },
  {
    id: "conv13-target-missing-url",
    bug:
      "client targets: an empty URL passes the URL check and is refused as a relative URL, not as missing",
    file: "src/convert/targets/_request.ts",
    find: 'if (typeof url !== "string" || url === "") {',
    replace: 'if (typeof url !== "string" && url === "") {',
    tests: ["tests/convert/targets/request_r13_mutants_test.ts"],
  },
  {
    id: "conv13-target-host-case",
    bug:
      "client targets: a path-only URL is made absolute only from a lower-case host header",
    file: "src/convert/targets/_request.ts",
    find: 'headers.find(([name]) => name.toLowerCase() === "host")',
    replace: 'headers.find(([name]) => name === "host")',
    tests: ["tests/convert/targets/request_r13_mutants_test.ts"],
  },
  {
    id: "conv13-target-method-case-message",
    bug:
      "client targets: the refusal of a lower-case method names it as it was given, not as the client would send it",
    file: "src/convert/targets/_request.ts",
    find: "} would be sent as ${JSON.stringify(method.toUpperCase())}`,",
    replace: "} would be sent as ${JSON.stringify(method)}`,",
    tests: ["tests/convert/targets/request_r13_mutants_test.ts"],
  },
  {
    id: "conv13-status-reason-trailing-blanks",
    bug:
      "raw HTTP: the blanks after a status line's reason phrase are kept in statusText",
    file: "src/convert/_http_text.ts",
    find:
      "while (reasonEnd > reasonStart && isBlank(text.charCodeAt(reasonEnd - 1))) {",
    replace:
      "while (reasonEnd > reasonStart && isBlank(text.charCodeAt(reasonEnd))) {",
    tests: ["tests/convert/string_r13_mutants_test.ts"],
  },
  {
    id: "lead13-har-timing-minus-one",
    bug: "HAR writer: a timing of -1 (does not apply) is refused as invalid",
    file: "src/convert/_har_write.ts",
    find: "((value as number) >= 0 || value === -1)",
    replace: "((value as number) >= 0)",
    tests: ["tests/convert/har_test.ts"],
  },
  {
    id: "lead13-har-timing-nan",
    bug: "HAR writer: a NaN or infinite timing is written, as null in JSON",
    file: "src/convert/_har_write.ts",
    find: "if (Number.isFinite(value) && ",
    replace: 'if (typeof value === "number" && ',
    tests: ["tests/convert/har_test.ts"],
  },
  {
    id: "lead13-generate-unchecked",
    bug:
      "generateCode hands a request whose url is no string to the target, which fails with a TypeError or writes it",
    file: "src/convert/code.ts",
    find: 'return chosen.generate(checkedMessage(request, "request"), rest);',
    replace: "return chosen.generate(request, rest);",
    tests: ["tests/convert/targets/request_r13_mutants_test.ts"],
  },
  {
    id: "lead13-curl-target-empty-url",
    bug: "the curl target writes an empty URL as curl ''",
    file: "src/convert/targets/curl.ts",
    find: "  assertUrl(request.url);\n",
    replace: "",
    tests: ["tests/convert/targets/request_r13_mutants_test.ts"],
  },
  // Thirteenth round (conv14): survivors of the hand planting and the fresh draw.
  {
    id: "conv14-bytes-bom",
    bug:
      "HAR writer: a UTF-8 body's leading byte-order mark is dropped from its text",
    file: "src/convert/_bytes.ts",
    find: "ignoreBOM: true",
    replace: "ignoreBOM: false",
    tests: ["tests/convert/har_body_text_r14_mutants_test.ts"],
  },
  {
    id: "conv14-bytes-low-end",
    bug: "HAR writer: a lone U+DFFF is taken for a well-formed body",
    file: "src/convert/_bytes.ts",
    find: "if (code < 0xd800 || code > 0xdfff) continue;",
    replace: "if (code < 0xd800 || code >= 0xdfff) continue;",
    tests: ["tests/convert/har_body_text_r14_mutants_test.ts"],
  },
  {
    id: "conv14-bytes-low-first",
    bug:
      "HAR writer: U+DC00 is read as a high surrogate, so two low halves pass as a pair",
    file: "src/convert/_bytes.ts",
    find: "if (code >= 0xdc00) return false;",
    replace: "if (code > 0xdc00) return false;",
    tests: ["tests/convert/har_body_text_r14_mutants_test.ts"],
  },
  {
    id: "conv14-bytes-low-accepted",
    bug:
      "HAR writer: a body holding a lone low surrogate is taken for well-formed",
    file: "src/convert/_bytes.ts",
    find: "if (code >= 0xdc00) return false;",
    replace: "if (code >= 0xdc00) return true;",
    tests: ["tests/convert/har_body_text_r14_mutants_test.ts"],
  },
  {
    id: "conv14-bytes-low-fallthrough",
    bug:
      "HAR writer: a low surrogate first is read as a pair's start, so two low halves pass",
    file: "src/convert/_bytes.ts",
    find: "if (code >= 0xdc00) return false;",
    replace: "if (code >= 0xdc00) false;",
    tests: ["tests/convert/har_body_text_r14_mutants_test.ts"],
  },
  {
    id: "conv14-bytes-pair-start",
    bug:
      "HAR writer: U+10000 (a pair ending in U+DC00) is refused as a lone surrogate",
    file: "src/convert/_bytes.ts",
    find: "if (!(next >= 0xdc00 && next <= 0xdfff)) return false;",
    replace: "if (!(next > 0xdc00 && next <= 0xdfff)) return false;",
    tests: ["tests/convert/har_body_text_r14_mutants_test.ts"],
  },
  {
    id: "conv14-bytes-pair-any",
    bug: "HAR writer: a high surrogate before any character passes as a pair",
    file: "src/convert/_bytes.ts",
    find: "if (!(next >= 0xdc00 && next <= 0xdfff)) return false;",
    replace: "if (!(next >= 0xdc00 || next <= 0xdfff)) return false;",
    tests: ["tests/convert/har_body_text_r14_mutants_test.ts"],
  },
  {
    id: "conv14-bytes-pair-end",
    bug:
      "HAR writer: U+10FFFF (a pair ending in U+DFFF) is refused as a lone surrogate",
    file: "src/convert/_bytes.ts",
    find: "if (!(next >= 0xdc00 && next <= 0xdfff)) return false;",
    replace: "if (!(next >= 0xdc00 && next < 0xdfff)) return false;",
    tests: ["tests/convert/har_body_text_r14_mutants_test.ts"],
  },
  {
    id: "conv14-php-http10",
    bug:
      "PHP curl target: HTTP/1.0 is not asked for, so libcurl sends HTTP/1.1",
    file: "src/convert/targets/php_curl.ts",
    find: 'if (digits === "1.0") return "CURL_HTTP_VERSION_1_0";',
    replace: 'if (digits === "1.0") "CURL_HTTP_VERSION_1_0";',
    tests: ["tests/convert/targets/php_curl_r14_mutants_test.ts"],
  },
  {
    id: "conv14-php-http3",
    bug: "PHP curl target: HTTP/3 is not asked for",
    file: "src/convert/targets/php_curl.ts",
    find: 'if (digits === "3" || digits === "3.0") return "30";',
    replace: 'if (digits === "3" || digits === "3.0") "30";',
    tests: ["tests/convert/targets/php_curl_r14_mutants_test.ts"],
  },
  {
    id: "conv14-php-head-custom",
    bug:
      "PHP curl target: HEAD is sent as a custom method, so libcurl waits for the Content-Length body that never comes",
    file: "src/convert/targets/php_curl.ts",
    find: 'if (request.method === "HEAD" && !hasBody) {',
    replace: 'if (request.method === "HEAD" && hasBody) {',
    tests: ["tests/convert/targets/php_curl_r14_mutants_test.ts"],
  },
  {
    id: "conv14-php-compressed-case",
    bug:
      "PHP curl target: curl --compressed's Accept-Encoding is recognized only in lower case, so the answer is printed still compressed",
    file: "src/convert/targets/php_curl.ts",
    find:
      'request.headers.filter(([name]) =>\n    name.toLowerCase() === "accept-encoding"\n  );',
    replace:
      'request.headers.filter(([name]) =>\n    name === "accept-encoding"\n  );',
    tests: ["tests/convert/targets/php_curl_r14_mutants_test.ts"],
  },
  {
    id: "conv14-php-compressed-value",
    bug:
      "PHP curl target: the --compressed check compares the header's name, not its value, so the answer is printed still compressed",
    file: "src/convert/targets/php_curl.ts",
    find: "encodings[0][1] === COMPRESSED_ACCEPT_ENCODING",
    replace: "encodings[0][0] === COMPRESSED_ACCEPT_ENCODING",
    tests: ["tests/convert/targets/php_curl_r14_mutants_test.ts"],
  },
  {
    id: "conv14-php-compressed-header-kept",
    bug:
      "PHP curl target: a --compressed Accept-Encoding not in lower case is sent as given beside libcurl's own",
    file: "src/convert/targets/php_curl.ts",
    find: '!(compressed && name.toLowerCase() === "accept-encoding")',
    replace: '!(compressed && name === "accept-encoding")',
    tests: ["tests/convert/targets/php_curl_r14_mutants_test.ts"],
  },
  {
    id: "conv14-php-compressed-others-dropped",
    bug:
      "PHP curl target: with --compressed's Accept-Encoding every other header is dropped",
    file: "src/convert/targets/php_curl.ts",
    find: '!(compressed && name.toLowerCase() === "accept-encoding")',
    replace: '!(compressed && name.toLowerCase() !== "accept-encoding")',
    tests: ["tests/convert/targets/php_curl_r14_mutants_test.ts"],
  },
  {
    id: "conv14-php-empty-type-line",
    bug:
      "PHP curl target: a request without a body gets a stray 'Content-Type:' header option",
    file: "src/convert/targets/php_curl.ts",
    find: "    hasBody &&\n    !request.headers.some",
    replace: "    hasBody ||\n    !request.headers.some",
    tests: ["tests/convert/targets/php_curl_r14_mutants_test.ts"],
  },
  {
    id: "conv14-urlencode-stdin-any",
    bug:
      "curl reader: with a here-document, --data-urlencode name@file encodes the standard input instead of keeping the file reference",
    file: "src/convert/_curl_url.ts",
    find: 'if (arg.slice(atSign + 1) === "-" && cmd.stdin !== undefined) {',
    replace: 'if (arg.slice(atSign + 1) === "-" || cmd.stdin !== undefined) {',
    tests: ["tests/convert/curl_url_r14_mutants_test.ts"],
  },
  {
    id: "conv14-upload-name-upper-hex",
    bug:
      "curl reader: -T names the upload with upper-case hex escapes, where curl 7.88 sends lower case",
    file: "src/convert/_curl_url.ts",
    find: "c.length === 3 ? c.toLowerCase() :",
    replace: "c.length === 3 ? c :",
    tests: ["tests/convert/curl_url_r14_mutants_test.ts"],
  },
  {
    id: "conv14-random-absolute-path",
    bug:
      "randomRequest: a drawn path that is an absolute URL is joined to baseUrl",
    file: "src/convert/random.ts",
    find: "if (/^[a-zA-Z][a-zA-Z0-9+.-]*:\\/\\//.test(path)) return path;",
    replace: "if (/^[a-zA-Z][a-zA-Z0-9+.-]*:\\/\\//.test(path)) path;",
    tests: ["tests/convert/random_url_r14_mutants_test.ts"],
  },
  {
    id: "conv14-fetch-code-start-regexp",
    bug:
      "fetch code: a / at the start of the code is read as a division, so a quote in a regular expression there opens a string",
    file: "src/convert/_js_code_skip.ts",
    find: 'if (previous === "") return true;',
    replace: 'if (previous === "") return false;',
    tests: ["tests/convert/fetch_code_r14_mutants_test.ts"],
  },
  {
    id: "conv14-fetch-code-key-zero",
    bug:
      "fetch code: an object key starting with 0 (0, 0x10, 0.5) is read as an identifier and refused",
    file: "src/convert/_js_literal_read.ts",
    find: 'if (c >= "0" && c <= "9") return String(this.number());',
    replace: 'if (c > "0" && c <= "9") return String(this.number());',
    tests: ["tests/convert/fetch_code_r14_mutants_test.ts"],
  },
  {
    id: "conv14-fetch-code-key-nine",
    bug:
      "fetch code: an object key starting with 9 is read as an identifier and refused",
    file: "src/convert/_js_literal_read.ts",
    find: 'if (c >= "0" && c <= "9") return String(this.number());',
    replace: 'if (c >= "0" && c < "9") return String(this.number());',
    tests: ["tests/convert/fetch_code_r14_mutants_test.ts"],
  },
  {
    id: "conv14-ruby-http2-silent",
    bug:
      "Ruby net/http target: an HTTP/2 request is generated for HTTP/1.1 without a warning",
    file: "src/convert/targets/ruby_net_http.ts",
    find:
      "  onlyHttp1(request, TITLE);\n  const { url, credentials } = strictUrl",
    replace: "  const { url, credentials } = strictUrl",
    tests: ["tests/convert/targets/ruby_warnings_r14_mutants_test.ts"],
  },
  {
    id: "conv14-ruby-content-length-silent",
    bug:
      "Ruby net/http target: a body's own Content-Length is replaced by net/http's without a warning",
    file: "src/convert/targets/ruby_net_http.ts",
    find: 'if (key === "content-length" || key === "transfer-encoding") {',
    replace: 'if (key === "" || key === "transfer-encoding") {',
    tests: ["tests/convert/targets/ruby_warnings_r14_mutants_test.ts"],
  },
  {
    id: "conv14-fetch-code-template-dollar",
    bug:
      "fetch code: a $ or a { alone in a template literal before the call opens a substitution, so the reader loses its place",
    file: "src/convert/_js_code_skip.ts",
    find: '} else if (c === "$" && text[reader.pos + 1] === "{") {',
    replace: '} else if (c === "$" || text[reader.pos + 1] === "{") {',
    tests: ["tests/convert/fetch_code_r14_mutants_test.ts"],
  },
  {
    id: "conv14-fetch-code-nested-template",
    bug:
      "fetch code: a template inside a substitution is read as code, so its quotes open strings",
    file: "src/convert/_js_code_skip.ts",
    find: '      reader.pos++;\n      stack.push("`");\n',
    replace: "      reader.pos++;\n",
    tests: ["tests/convert/fetch_code_r14_mutants_test.ts"],
  },
  {
    id: "conv14-php-type-case",
    bug:
      "PHP curl target: a body's Content-Type not in lower case gets a stray 'Content-Type:' line beside it",
    file: "src/convert/targets/php_curl.ts",
    find:
      '!request.headers.some(([name]) => name.toLowerCase() === "content-type")',
    replace: '!request.headers.some(([name]) => name === "content-type")',
    tests: ["tests/convert/targets/php_curl_r14_mutants_test.ts"],
  },
  {
    id: "conv14-php-type-other",
    bug:
      "PHP curl target: any other header is taken for the body's type, so libcurl adds its form type to a body without one",
    file: "src/convert/targets/php_curl.ts",
    find:
      '!request.headers.some(([name]) => name.toLowerCase() === "content-type")',
    replace:
      '!request.headers.some(([name]) => name.toLowerCase() !== "content-type")',
    tests: ["tests/convert/targets/php_curl_r14_mutants_test.ts"],
  },
  {
    id: "conv14-php-empty-header-option",
    bug:
      "PHP curl target: a request without headers gets an empty CURLOPT_HTTPHEADER",
    file: "src/convert/targets/php_curl.ts",
    find: "if (lines.length > 0) {",
    replace: "if (lines.length >= 0) {",
    tests: ["tests/convert/targets/php_curl_r14_mutants_test.ts"],
  },
  {
    id: "conv14-php-returntransfer",
    bug:
      "PHP curl target: without CURLOPT_RETURNTRANSFER curl_exec prints the answer itself and echo prints 1",
    file: "src/convert/targets/php_curl.ts",
    find: '  options.push(["CURLOPT_RETURNTRANSFER", "true"]);\n',
    replace: "",
    tests: ["tests/convert/targets/php_curl_r14_mutants_test.ts"],
  },
  {
    id: "conv15-curl-blocks-unread",
    bug:
      "curl reader: compound commands inside $(…) not tracked, so $(! ; }) gets INVALID_URL and $(done) is accepted",
    file: "src/convert/_curl_substitution.ts",
    find: "  blockWord(frame.blocks, reserved, wordAt(input, i), i);",
    replace: "",
    tests: ["tests/convert/curl_blocks_r15_test.ts"],
  },
  {
    id: "conv15-curl-blocks-wrong-kind",
    bug:
      "curl reader: any closing word closes any compound command, so $(while x; do y; fi) is accepted",
    file: "src/convert/_curl_blocks.ts",
    find: "!ends.includes(top.word)",
    replace: "ends.length === 0",
    tests: ["tests/convert/curl_blocks_r15_test.ts"],
  },
  {
    id: "conv15-curl-blocks-empty-part",
    bug:
      "curl reader: a compound command's empty part is accepted ({ }, if x; then fi)",
    file: "src/convert/_curl_blocks.ts",
    find: "  if (!top.filled) {",
    replace: "  if (false) {",
    tests: ["tests/convert/curl_blocks_r15_test.ts"],
  },
  {
    id: "conv15-curl-blocks-after-and",
    bug:
      "curl reader: a closing word right after && or | is accepted ({ x && })",
    file: "src/convert/_curl_substitution.ts",
    find: "  if (endsPart(reserved) && OPEN_END.has(lead)) {",
    replace: "  if (false) {",
    tests: ["tests/convert/curl_blocks_r15_test.ts"],
  },
  {
    id: "conv15-curl-blocks-paren-open",
    bug: "curl reader: the $(…)'s ) closes it while a { or an if is open",
    file: "src/convert/_curl_shell_operators.ts",
    find: '    noBlockOpen(frame.blocks, ")", i);',
    replace: "",
    tests: ["tests/convert/curl_blocks_r15_test.ts"],
  },
  {
    id: "conv15-curl-blocks-clause-open",
    bug: "curl reader: a case clause's ;; ends it while a { is open in it",
    file: "src/convert/_curl_shell_operators.ts",
    find: "    noBlockOpen(frame.blocks, operatorAt(input, i), i);",
    replace: "",
    tests: ["tests/convert/curl_blocks_r15_test.ts"],
  },
  {
    id: "conv15-curl-blocks-esac-open",
    bug: "curl reader: esac closes a case while an if is open in its clause",
    file: "src/convert/_curl_substitution.ts",
    find: '    noBlockOpen(frame.blocks, "esac", i);',
    replace: "",
    tests: ["tests/convert/curl_blocks_r15_test.ts"],
  },
  {
    id: "conv15-curl-blocks-word-after-end",
    bug:
      "curl reader: a word right after a compound command's end is accepted ({ x; } y)",
    file: "src/convert/_curl_substitution.ts",
    find: "  if (frame.ended && fdLength(input, i) === 0) {",
    replace: "  if (false) {",
    tests: ["tests/convert/curl_blocks_r15_test.ts"],
  },
  {
    id: "conv15-curl-blocks-named-fd",
    bug:
      "curl reader: a named file descriptor's redirection ({fd}>f) after a compound command is refused",
    file: "src/convert/_curl_shell_tokens.ts",
    find: "const FD = /(?:\\d+|\\{[A-Za-z_]\\w*\\})(?=[<>])/y;",
    replace: "const FD = /(?:\\d+)(?=[<>])/y;",
    tests: ["tests/convert/curl_blocks_r15_test.ts"],
  },
  {
    id: "conv15-curl-blocks-redirect-target",
    bug:
      "curl reader: a redirection's file name after a compound command is read as a word after its end (>f refused, >case refused)",
    file: "src/convert/_curl_substitution.ts",
    find: "    return -1;\n  }\n  // (Digits against a `<` or `>` are no word",
    replace: "  }\n  // (Digits against a `<` or `>` are no word",
    tests: ["tests/convert/curl_blocks_r15_test.ts"],
  },
  {
    id: "conv15-curl-loop-head-operator",
    bug:
      "curl reader: an operator other than ; in a for loop's head is accepted (for x in a | b)",
    file: "src/convert/_curl_shell_operators.ts",
    find: '    (operator !== ";" || lead === "forname")\n  ) {',
    replace: "    false\n  ) {",
    tests: ["tests/convert/curl_blocks_r15_test.ts"],
  },
  {
    id: "conv15-curl-loop-head-no-name",
    bug: "curl reader: for; do is accepted without the loop's name",
    file: "src/convert/_curl_shell_operators.ts",
    find: '(operator !== ";" || lead === "forname")',
    replace: '(operator !== ";")',
    tests: ["tests/convert/curl_blocks_r15_test.ts"],
  },
  {
    id: "conv15-curl-loop-in-next-line",
    bug:
      "curl reader: for a, a line end, then in b; is refused (the list read as at a command's first word)",
    file: "src/convert/_curl_substitution.ts",
    find: '    frame.lead = "forin";\n    frame.command = false;',
    replace: '    frame.lead = "forin";',
    tests: ["tests/convert/curl_blocks_r15_test.ts"],
  },
  {
    id: "conv15-curl-loop-do-next-line",
    bug: "curl reader: a loop's in on the line after its name is refused",
    file: "src/convert/_curl_substitution.ts",
    find: '    : lead === "fordo"\n    ? lead',
    replace: "    : false\n    ? lead",
    tests: ["tests/convert/curl_blocks_r15_test.ts"],
  },
  {
    id: "conv15-curl-loop-arithmetic",
    bug: "curl reader: for ((;;)); do … done refused as ;; outside a case",
    file: "src/convert/_curl_shell_operators.ts",
    find: '  if (lead === "forname" && input.startsWith("((", i)) {',
    replace: "  if (false) {",
    tests: ["tests/convert/curl_blocks_r15_test.ts"],
  },
  {
    id: "conv15-curl-loop-list-words",
    bug:
      "curl reader: the second word of a for loop's list is read as where do must come",
    file: "src/convert/_curl_substitution.ts",
    find: '    frame.lead = lead === "forin" ? lead : "fordo";',
    replace: '    frame.lead = "fordo";',
    tests: ["tests/convert/curl_blocks_r15_test.ts"],
  },
  {
    id: "conv15-curl-loop-needs-do",
    bug:
      "curl reader: a command where a for loop's do belongs is accepted (for x in a; b; do)",
    file: "src/convert/_curl_blocks.ts",
    find: '    if (top?.word === "for" || top?.word === "select") {',
    replace: "    if (false) {",
    tests: ["tests/convert/curl_blocks_r15_test.ts"],
  },
  {
    id: "conv15-curl-blocks-until-do",
    bug: "curl reader: an until loop's do is refused",
    file: "src/convert/_curl_blocks.ts",
    find: '  ["do", ["while", "until", "for", "select"]],',
    replace: '  ["do", ["while", "for", "select"]],',
    tests: ["tests/convert/curl_blocks_r15_test.ts"],
  },
  {
    id: "conv15-curl-blocks-else-fi",
    bug: "curl reader: fi after an else part is refused",
    file: "src/convert/_curl_blocks.ts",
    find: '  ["fi", ["then", "else"]],',
    replace: '  ["fi", ["then"]],',
    tests: ["tests/convert/curl_blocks_r15_test.ts"],
  },
  {
    id: "conv15-curl-blocks-filled",
    bug:
      "curl reader: no command marks a part as filled, so every compound command is refused as empty",
    file: "src/convert/_curl_blocks.ts",
    find: "    if (top !== undefined) top.filled = true;",
    replace: "",
    tests: ["tests/convert/curl_blocks_r15_test.ts"],
  },
  {
    id: "conv15-curl-blocks-redirect-fills",
    bug:
      "curl reader: a part holding only a redirection ({ >f; }) is refused as empty",
    file: "src/convert/_curl_shell_operators.ts",
    find: "  if (redirection && frame.command) {",
    replace: "  if (false) {",
    tests: ["tests/convert/curl_blocks_r15_test.ts"],
  },
  {
    id: "conv15-curl-blocks-subshell-fills",
    bug:
      "curl reader: a part holding only a subshell (then (b); fi) is refused as empty",
    file: "src/convert/_curl_shell_frames.ts",
    find: '  blockWord(frame.blocks, "", "(", i);',
    replace: "",
    tests: ["tests/convert/curl_blocks_r15_test.ts"],
  },
  {
    id: "conv15-curl-blocks-stray-in",
    bug: "curl reader: in at a command's first word is accepted ($(echo; in))",
    file: "src/convert/_curl_blocks.ts",
    find: '    if (word === "esac" || word === "in") {',
    replace: '    if (word === "esac") {',
    tests: ["tests/convert/curl_blocks_r15_test.ts"],
  },
  {
    id: "conv15-curl-case-esac-return",
    bug:
      "curl reader: the case frame's esac read again after closing it, so every case inside $(…) is refused",
    file: "src/convert/_curl_substitution.ts",
    find:
      '    noBlockOpen(frame.blocks, "esac", i);\n    return close(stack, i + 4);',
    replace:
      '    noBlockOpen(frame.blocks, "esac", i);\n    close(stack, i + 4);',
    tests: ["tests/convert/curl_case_arith_test.ts"],
  },
  {
    id: "conv15-httpie-empty-item",
    bug:
      "HTTPie target: an empty header value written as 'Name:', which removes the header instead of sending it empty",
    file: "src/convert/targets/httpie.ts",
    find: '  if (value === "") return `${name};`;',
    replace: '  if (value === "") `${name};`;',
    tests: ["tests/convert/targets/shell_httpx_r15_mutants_test.ts"],
  },
  {
    id: "conv15-httpie-backslash-refusal",
    bug:
      "HTTPie target: a backslash before : ; = @ in a value is written anyway, and HTTPie reads it as an escaped separator",
    file: "src/convert/targets/httpie.ts",
    find: "  if (/\\\\[:;=@]/.test(value)) {",
    replace: "  if (false) {",
    tests: ["tests/convert/targets/shell_httpx_r15_mutants_test.ts"],
  },
  {
    id: "conv15-httpie-path-as-is",
    bug:
      "HTTPie target: no --path-as-is, so HTTPie removes the path's dot segments",
    file: "src/convert/targets/httpie.ts",
    find: '  if (hasDotSegments(request.url)) words.push("--path-as-is");',
    replace: "",
    tests: ["tests/convert/targets/shell_httpx_r15_mutants_test.ts"],
  },
  {
    id: "conv15-httpie-default-method",
    bug:
      "HTTPie target: the default method taken the wrong way round, so a POST without a body is sent as GET",
    file: "src/convert/targets/httpie.ts",
    find: 'const defaultMethod = request.body === undefined ? "GET" : "POST";',
    replace:
      'const defaultMethod = request.body !== undefined ? "GET" : "POST";',
    tests: ["tests/convert/targets/shell_httpx_r15_mutants_test.ts"],
  },
  {
    id: "conv15-httpie-method-word",
    bug:
      "HTTPie target: the method word left out, so HTTPie sends its default method",
    file: "src/convert/targets/httpie.ts",
    find: "    words.push(request.method);",
    replace: "",
    tests: ["tests/convert/targets/shell_httpx_r15_mutants_test.ts"],
  },
  {
    id: "conv15-httpie-type-case",
    bug:
      "HTTPie target: a body's Content-Type not in lower case gets 'Content-Type:' after it, which removes it",
    file: "src/convert/targets/httpie.ts",
    find: '    name.toLowerCase() === "content-type"',
    replace: '    name === "content-type"',
    tests: ["tests/convert/targets/shell_httpx_r15_mutants_test.ts"],
  },
  {
    id: "conv15-httpie-type-kept-off",
    bug: "HTTPie target: a body without a type gets HTTPie's application/json",
    file: "src/convert/targets/httpie.ts",
    find:
      "  if (request.body !== undefined && !hasType) words.push(\"'Content-Type:'\");",
    replace: "",
    tests: ["tests/convert/targets/shell_httpx_r15_mutants_test.ts"],
  },
  {
    id: "conv15-wget-method-and",
    bug:
      "wget target: --method only for a non-GET with a body, so a POST without one is sent as GET and a GET with one as POST",
    file: "src/convert/targets/wget.ts",
    find: '  if (request.method !== "GET" || request.body !== undefined) {',
    replace: '  if (request.method !== "GET" && request.body !== undefined) {',
    tests: ["tests/convert/targets/shell_httpx_r15_mutants_test.ts"],
  },
  {
    id: "conv15-wget-one-value",
    bug:
      "wget target: a repeated header written twice, and wget keeps only the last",
    file: "src/convert/targets/wget.ts",
    find: "    oneValuePerName: true,",
    replace: "",
    tests: ["tests/convert/targets/shell_httpx_r15_mutants_test.ts"],
  },
  {
    id: "conv15-wget-warning-case",
    bug:
      "wget target: a body's Content-Type not in lower case is warned as added by wget",
    file: "src/convert/targets/wget.ts",
    find: '      name.toLowerCase() === "content-type"',
    replace: '      name === "content-type"',
    tests: ["tests/convert/targets/shell_httpx_r15_mutants_test.ts"],
  },
  {
    id: "conv15-wget-warning-negated",
    bug:
      "wget target: the added Content-Type is warned only when the body has one",
    file: "src/convert/targets/wget.ts",
    find: "    if (!hasType) {",
    replace: "    if (hasType) {",
    tests: ["tests/convert/targets/shell_httpx_r15_mutants_test.ts"],
  },
  {
    id: "conv15-wget-dot-segments",
    bug: "wget target: a path with dot segments written, and wget removes them",
    file: "src/convert/targets/wget.ts",
    find: '    removesDotSegments: "dots",',
    replace: "",
    tests: ["tests/convert/targets/shell_httpx_r15_mutants_test.ts"],
  },
  {
    id: "conv15-httpx-repeated",
    bug:
      "httpx target: a repeated header written into a dict, which keeps one value",
    file: "src/convert/targets/python_httpx.ts",
    find: "const repeated = new Set(names).size !== names.length;",
    replace: "const repeated = new Set(names).size === names.length;",
    tests: ["tests/convert/targets/shell_httpx_r15_mutants_test.ts"],
  },
  {
    id: "conv15-httpx-helper",
    bug:
      'httpx target: httpx.request("GET", …) for a GET without a body instead of the documented httpx.get(url)',
    file: "src/convert/targets/python_httpx.ts",
    find: "    : WITH_CONTENT.has(method) || WITHOUT_CONTENT.has(method);",
    replace: "    : WITH_CONTENT.has(method) && WITHOUT_CONTENT.has(method);",
    tests: ["tests/convert/targets/shell_httpx_r15_mutants_test.ts"],
  },
  {
    id: "conv15-httpx-upper-cases",
    bug:
      "httpx target: a lower-case method written, and httpx sends it upper-cased",
    file: "src/convert/targets/python_httpx.ts",
    find: "    upperCasesMethod: true,",
    replace: "",
    tests: ["tests/convert/targets/shell_httpx_r15_mutants_test.ts"],
  },
  {
    id: "conv15-httpx-dot-segments",
    bug:
      "httpx target: a path with dot segments written, and httpx removes them",
    file: "src/convert/targets/python_httpx.ts",
    find: '    removesDotSegments: "dots",',
    replace: "",
    tests: ["tests/convert/targets/shell_httpx_r15_mutants_test.ts"],
  },
  {
    id: "conv15-node-dot-escapes",
    bug:
      "node:http target: %2e segments taken for text, so the path goes in the URL and the WHATWG URL removes them",
    file: "src/convert/targets/node_http.ts",
    find:
      '  if (url !== request.url || removesDotSegments(url, "dots and %2e")) {',
    replace: '  if (url !== request.url || removesDotSegments(url, "dots")) {',
    tests: ["tests/convert/targets/dot_segments_r15_mutants_test.ts"],
  },
  {
    id: "conv15-dot-escape-case",
    bug:
      "code targets: only a lower-case %2e read as a dot, where the WHATWG URL reads %2E too",
    file: "src/convert/targets/_request.ts",
    find: 'url.replace(/%2e/gi, ".")',
    replace: 'url.replace(/%2e/g, ".")',
    tests: ["tests/convert/targets/dot_segments_r15_mutants_test.ts"],
  },
  {
    id: "conv15-fetch-dot-segments",
    bug:
      "fetch target: a path with dot segments written, and fetch's URL removes them",
    file: "src/convert/targets/fetch.ts",
    find: '  if (removesDotSegments(request.url, "dots and %2e")) {',
    replace: "  if (false) {",
    tests: ["tests/convert/targets/dot_segments_r15_mutants_test.ts"],
  },
  {
    id: "conv15-requests-dot-segments",
    bug:
      "requests target: a path with dot segments written, and requests removes them",
    file: "src/convert/targets/python_requests.ts",
    find: '    removesDotSegments: "dots and %2e",\n    oneValuePerName: true,',
    replace: "    oneValuePerName: true,",
    tests: ["tests/convert/targets/dot_segments_r15_mutants_test.ts"],
  },
  {
    id: "conv15-axios-dot-segments",
    bug:
      "axios target: a path with dot segments written, and axios's URL removes them",
    file: "src/convert/targets/node_axios.ts",
    find: '    removesDotSegments: "dots and %2e",',
    replace: "",
    tests: ["tests/convert/targets/dot_segments_r15_mutants_test.ts"],
  },
  {
    id: "conv15-http10-unwarned",
    bug:
      "code targets: a request for HTTP/1.0 gets a program that sends HTTP/1.1 without HTTP_VERSION_IGNORED",
    file: "src/convert/targets/_request.ts",
    find: '  if (version === undefined || version === "1.1") return;',
    replace: '  if (version === undefined || version.startsWith("1")) return;',
    tests: ["tests/convert/targets/http_version_r15_mutants_test.ts"],
  },
  {
    id: "conv15-curl-continuation-and",
    bug:
      "curl reader: a backslash before any character and a line end read as a continuation, so -d \\a<LF> loses its word",
    file: "src/convert/_curl_words.ts",
    find: '  if (input[i + 1] === "\\r" && input[i + 2] === "\\n") return 3;',
    replace:
      '  if (input[i + 1] === "\\r" || input[i + 2] === "\\n") return 3;',
    tests: ["tests/convert/curl_words_r15_mutants_test.ts"],
  },
  {
    id: "conv15-curl-next-at-end",
    bug:
      "curl reader: a command ending in a line end reports a next command at the input's end, so MISSING_URL points before the line end",
    file: "src/convert/_curl_words.ts",
    find: "    if (next !== undefined && next < n) scan.next = next;",
    replace: "    if (next !== undefined && next <= n) scan.next = next;",
    tests: ["tests/convert/curl_words_r15_mutants_test.ts"],
  },
  {
    id: "conv16-curl-redirect-expansion-ends",
    bug:
      "curl reader: a word after a compound command's redirection to a <(…) or $(…) ({ x; } < <(y) z) is read, where bash refuses it",
    file: "src/convert/_curl_shell_frames.ts",
    find: "    ) top.ended = true;",
    replace: "    ) top.ended = true;\n    else top.ended = false;",
    tests: ["tests/convert/curl_parens_r16_test.ts"],
  },
  {
    id: "conv16-curl-procsub-after-compound",
    bug:
      "curl reader: a process substitution right after a compound command ({ x; } >(y)) is read, where bash refuses the word",
    file: "src/convert/_curl_shell_operators.ts",
    find:
      '    const refused = lead !== "target" && frame.ended ? i : undefined;',
    replace: "    const refused = undefined;",
    tests: ["tests/convert/curl_parens_r16_test.ts"],
  },
  {
    id: "conv16-curl-procsub-word-goes-on",
    bug:
      "curl reader: the text right after a process substitution's ) ({ x; } < <(y)z) is read as a new word and refused after the compound command",
    file: "src/convert/_curl_shell_operators.ts",
    find:
      "    // What follows its `)` at once is more of the same word.\n    frame.word = true;\n",
    replace: "",
    tests: ["tests/convert/curl_parens_r16_test.ts"],
  },
  {
    id: "conv16-curl-paren-after-argument",
    bug:
      "curl reader: a ( after a compound command or a command's argument ((a) (b), echo a (b)) opens a subshell, where bash refuses it",
    file: "src/convert/_curl_shell_frames.ts",
    find: "  if (!frame.command) {",
    replace: "  if (false) {",
    tests: ["tests/convert/curl_parens_r16_test.ts"],
  },
  {
    id: "conv16-curl-function-name-paren",
    bug:
      "curl reader: a command's first word then ( without ) (echo (a)) is refused at the (, where bash names the token after it",
    file: "src/convert/_curl_shell_frames.ts",
    find: "  if (first) {",
    replace: "  if (false) {",
    tests: ["tests/convert/curl_parens_r16_test.ts"],
  },
  {
    id: "conv16-curl-empty-parens-anywhere",
    bug:
      "curl reader: () after an argument or at a command's first word (echo a (), ( )) is read as a function's (), where bash refuses it",
    file: "src/convert/_curl_shell_frames.ts",
    find: '  if (input[j] === ")" && (first || lead === "body")) {',
    replace: '  if (input[j] === ")") {',
    tests: ["tests/convert/curl_parens_r16_test.ts"],
  },
  {
    id: "conv16-curl-dparen-as-subshells",
    bug:
      "curl reader: a first word ((…)) is read as two subshells, so an arithmetic command bash accepts, (( ; )), is refused",
    file: "src/convert/_curl_shell_frames.ts",
    find: '  if (input[i + 1] === "(") {',
    replace: '  if (input[i + 1] === "((") {',
    tests: ["tests/convert/curl_parens_r16_test.ts"],
  },
  {
    id: "conv16-curl-dparen-not-compound",
    bug:
      "curl reader: a word right after an arithmetic command, ((a)) b, is read, where bash refuses it",
    file: "src/convert/_curl_shell_frames.ts",
    find: "      frame.ended = true;\n      return close + 2;",
    replace: "      frame.ended = false;\n      return close + 2;",
    tests: ["tests/convert/curl_parens_r16_test.ts"],
  },
  {
    id: "conv16-curl-assignment-as-name",
    bug:
      "curl reader: an assignment then ( (A=1 (b)) is read as a function's name, refused at the token after the ( instead of at the ( as bash does",
    file: "src/convert/_curl_substitution.ts",
    find: "    frame.first = assignmentAt(input, i) === undefined;",
    replace: "    frame.first = true;",
    tests: ["tests/convert/curl_parens_r16_test.ts"],
  },
  {
    id: "conv16-node-path-option-dropped",
    bug:
      "node:http target: a path with dot segments or a backslash goes only in the URL, so Node's WHATWG URL sends /a/c for /a/./b/../c and /a/b for /a\\b",
    file: "src/convert/targets/node_http.ts",
    find:
      "    options.push(`  path: ${jsString(requestTarget(request.url))},\\n`);",
    replace: "",
    tests: [
      "tests/convert/targets/dot_segments_r15_mutants_test.ts",
      "tests/convert/targets/path_backslash_r16_mutants_test.ts",
    ],
  },
  {
    id: "conv16-node-backslash-in-url",
    bug:
      "node:http target: a backslash in the path (without dot segments) goes only in the URL, which Node reads as /: /a\\b reaches /a/b",
    file: "src/convert/targets/node_http.ts",
    find: "  if (url !== request.url || removesDotSegments(",
    replace: "  if (removesDotSegments(",
    tests: ["tests/convert/targets/path_backslash_r16_mutants_test.ts"],
  },
  {
    id: "conv16-fetch-backslash",
    bug:
      "fetch target: a backslash in the path is written raw, and fetch's WHATWG URL sends /a/b for /a\\b and /b for /a\\..\\b",
    file: "src/convert/targets/fetch.ts",
    find:
      "  const request = { ...plain, url: escapePathBackslashes(plain.url) };",
    replace: "  const request = plain;",
    tests: ["tests/convert/targets/path_backslash_r16_mutants_test.ts"],
  },
  {
    id: "conv16-axios-backslash",
    bug:
      "axios target: a backslash in the path is written raw, and axios's WHATWG URL sends /a/b for /a\\b",
    file: "src/convert/targets/node_axios.ts",
    find: "    `  url: ${jsString(escapePathBackslashes(request.url))},\\n`,",
    replace: "    `  url: ${jsString(request.url)},\\n`,",
    tests: ["tests/convert/targets/path_backslash_r16_mutants_test.ts"],
  },
  {
    id: "conv16-request-target-latin1",
    bug:
      "node:http target: a non-ASCII character in the path option is written raw, and Node sends it as one Latin-1 byte where curl sends UTF-8",
    file: "src/convert/targets/_request.ts",
    find: "  return target.replace(/[^\\x21-\\x7e]+/g, encodeURIComponent);",
    replace: "  return target;",
    tests: ["tests/convert/targets/path_backslash_r16_mutants_test.ts"],
  },
  {
    id: "conv16-request-target-fragment",
    bug:
      "node:http target: the path option keeps the URL's #fragment, which Node sends on the request line where curl sends none",
    file: "src/convert/targets/_request.ts",
    find: "  if (hash !== -1) target = target.slice(0, hash);",
    replace: "",
    tests: ["tests/convert/targets/path_backslash_r16_mutants_test.ts"],
  },
  {
    id: "conv16-curl-dparen-rescan",
    bug:
      "curl reader: only a (('s own inner ) is kept, so nested (( read again as subshells are scanned again at each level (quadratic)",
    file: "src/convert/_curl_shell_frames.ts",
    find: "  frame.closes.set(opens.pop()!, i - 1);",
    replace:
      "  const inner = opens.pop()!;\n  if (opens.length === 0) frame.closes.set(inner, i - 1);",
    tests: ["tests/convert/curl_parens_r16_test.ts"],
  },
  {
    id: "conv16-curl-substitution-read-twice",
    bug:
      "curl reader: a $(…) read inside a (( is not recorded, so when the (( is read again as subshells it is read again, once per level of nesting (quadratic)",
    file: "src/convert/_curl_shell_operators.ts",
    find: "    if (frame.at !== undefined) frame.closes.set(frame.at + 1, i);",
    replace: "",
    tests: ["tests/convert/curl_parens_r16_test.ts"],
  },
  {
    id: "conv16-requests-dot-escapes",
    bug:
      "requests target: %2e segments taken for text, and requests sends /a/%2e%2e/b as /a/../b",
    file: "src/convert/targets/python_requests.ts",
    find: '    removesDotSegments: "dots and %2e",',
    replace: '    removesDotSegments: "dots",',
    tests: ["tests/convert/targets/dot_segments_r15_mutants_test.ts"],
  },
  {
    id: "conv16-curl-array-assignment",
    bug:
      "curl reader: the ( of an array assignment (a=(b c)) is refused as a ( after a command's argument, where bash reads the array's words",
    file: "src/convert/_curl_shell_frames.ts",
    find: '    input[i - 1] === "=" && ASSIGNED.test(word) &&',
    replace: '    input[i - 1] === "==" && ASSIGNED.test(word) &&',
    tests: ["tests/convert/curl_parens_r16_test.ts"],
  },
  {
    id: "conv16-curl-test-parens",
    bug:
      "curl reader: inside [[ … ]] a ( is read as a subshell and && as a separator, so [[ ! (a) ]] and [[ a =~ ^(x)$ ]] are refused where bash reads them",
    file: "src/convert/_curl_substitution.ts",
    find: '    frame.test = { next: "term", depth: 0, regex: 0 };\n',
    replace: "",
    tests: ["tests/convert/curl_parens_r16_test.ts"],
  },
  {
    id: "conv16-curl-test-not-compound",
    bug:
      "curl reader: a word right after ]] ([[ a ]] b) is read, where bash refuses it",
    file: "src/convert/_curl_conditional.ts",
    find: "      frame.test = undefined;\n      frame.ended = true;",
    replace: "      frame.test = undefined;",
    tests: ["tests/convert/curl_parens_r16_test.ts"],
  },
  {
    id: "conv16-curl-case-needs-in",
    bug:
      "curl reader: a malformed case's message says it needs a pattern where `in` is missing, and `in` where a pattern is",
    file: "src/convert/_curl_shell_operators.ts",
    find: '      : frame.state === "in"',
    replace: '      : frame.state !== "in"',
    tests: ["tests/convert/curl_case_r16_mutants_test.ts"],
  },
  {
    id: "conv17-request-line-no-target",
    bug:
      "a request line with only blanks between method and version (`GET   HTTP/1.1`) parses as a request for an empty URL",
    file: "src/convert/_http_text.ts",
    find: "if (targetStart > targetEnd) return null;",
    replace: "if (targetStart > targetEnd) null;",
    tests: ["tests/convert/convert_draw_20261170_r17_test.ts"],
  },
  {
    id: "conv17-markup-budget-trailing-newline",
    bug:
      "the markup formatter counts a newline after its last line, so an output exactly as long as its budget is refused",
    file: "src/convert/_markup_format.ts",
    find: "size += (lines.length === 0 ? 0 : 1) + content.length;",
    replace: "size += content.length + 1;",
    tests: ["tests/convert/convert_draw_20261170_r17_test.ts"],
  },
  {
    id: "conv17-markup-budget-strict",
    bug: "the markup formatter refuses an output exactly as long as its budget",
    file: "src/convert/_markup_format.ts",
    find: "return size <= budget;",
    replace: "return size < budget;",
    tests: ["tests/convert/convert_draw_20261170_r17_test.ts"],
  },
  {
    id: "conv17-redirection-target-unchecked",
    bug:
      "`curl URL >` (a redirection without a file name, which bash refuses) is read as curl URL",
    file: "src/convert/_curl_words.ts",
    find: "        checkRedirectionTarget(input, i);\n        stop ??=",
    replace: "        stop ??=",
    tests: ["tests/convert/convert_draw_20261170_r17_test.ts"],
  },
  {
    id: "conv17-fetch-body-bom-dropped",
    bug:
      "fetch.toRequest decodes a byte body with its UTF-8 BOM dropped, so the converted request sends three bytes fewer",
    file: "src/convert/fetch.ts",
    find: 'new TextDecoder("utf-8", { fatal: true, ignoreBOM: true })',
    replace: 'new TextDecoder("utf-8", { fatal: true, ignoreBOM: false })',
    tests: ["tests/convert/fetch_bom_r17_test.ts"],
  },
  {
    id: "conv18-curl-null-named-object",
    bug:
      "parseCurl(null) says it got an object, and any other non-string value is named null",
    file: "src/convert/_curl_parse.ts",
    find: 'command === null ? "null" : typeof command',
    replace: 'command !== null ? "null" : typeof command',
    tests: ["tests/convert/convert_draw_20261172_r18_test.ts"],
  },
  {
    id: "conv18-empty-method-unchecked",
    bug:
      "`-X ''` is not checked where it is read, so the refusal of the empty method comes later, without the option's offset",
    file: "src/convert/_curl_arguments.ts",
    find:
      'return checkSendableRequest({ method, url: "", headers: {} }).method;',
    replace: "return method;",
    tests: ["tests/convert/convert_draw_20261172_r18_test.ts"],
  },
  {
    id: "conv18-rereadsub-command-position",
    bug:
      "a `$(…)` re-read inside a `((` read as subshells leaves the next word in command position, so `$(x) case` opens a case bash never opens",
    file: "src/convert/_curl_substitution.ts",
    find:
      'if (top.kind === "commands" || top.kind === "case") top.command = false;',
    replace:
      'if (top.kind === "commands" || top.kind === "case") top.command = true;',
    tests: ["tests/convert/convert_draw_20261172_r18_test.ts"],
  },
  {
    id: "conv18-regexp-flags-inverted",
    bug:
      "after a regular expression literal in the code around fetch(), the reader skips every non-word character that follows it, strings' quotes included",
    file: "src/convert/_js_code_skip.ts",
    find: "while (end < text.length && /[\\w$]/.test(text[end])) end++;",
    replace: "while (!(end < text.length && /[\\w$]/.test(text[end]))) end++;",
    tests: ["tests/convert/convert_draw_20261172_r18_test.ts"],
  },
  {
    id: "conv18-message-headers-required",
    bug:
      "a message object without headers (a JavaScript caller's createMockResponse({ statusCode })) is refused as INVALID_INPUT instead of read as having none",
    file: "src/convert/_message.ts",
    find: "if (value === undefined || value === null) return {};",
    replace: "if (value === null) return {};",
    tests: ["tests/convert/convert_draw_20261172_r18_test.ts"],
  },
  {
    id: "conv18-redirection-fd-as-word",
    bug:
      "the `2` of `curl URL 2>&1` is read as a second URL (EXTRA_URL), where bash passes curl no such word",
    file: "src/convert/_curl_words.ts",
    find: "    if (fd > 0) {",
    replace: "    if (false) {",
    tests: ["tests/convert/curl_fd_redirection_test.ts"],
  },
  {
    id: "conv18-select-not-compound",
    bug:
      "`select` is not read as a compound command, so a function whose body is a select loop (which bash accepts) is refused",
    file: "src/convert/_curl_substitution.ts",
    find: 'COMPOUND.add("select");',
    replace: "",
    tests: ["tests/convert/convert_draw_20261173_r18_test.ts"],
  },
  {
    id: "conv18-ansi-c-control-before-bytes",
    bug:
      "in $'…', a \\c control character is written before the \\x bytes that precede it",
    file: "src/convert/_curl_ansi_c.ts",
    find: "flushBytes();\n      parts.push(String.fromCharCode(code));",
    replace: "parts.push(String.fromCharCode(code));",
    tests: ["tests/convert/convert_draw_20261173_r18_test.ts"],
  },
  {
    id: "conv18-remove-internal-inverted",
    bug:
      "`-A ''` (or `-e ''`) leaves an earlier -A value in place and takes out the last header instead, one the user set",
    file: "src/convert/_curl_command.ts",
    find: "if (index !== -1) this.headers.splice(index, 1);",
    replace: "if (index === -1) this.headers.splice(index, 1);",
    tests: ["tests/convert/convert_draw_20261174_r18_test.ts"],
  },
  {
    id: "conv18-mock-status-999-refused",
    bug:
      "createMockResponse refuses status 999, the top of the range it documents",
    file: "src/convert/fetch.ts",
    find: "status < 100 || status > 999) {",
    replace: "status < 100 || status >= 999) {",
    tests: ["tests/convert/convert_draw_20261174_r18_test.ts"],
  },
  {
    id: "conv18-fuzz-dparen-close-inverted",
    bug:
      "a `((` whose inner `(` closes with `))` is read as two subshells, and one closed by `) )` as arithmetic",
    file: "src/convert/_curl_shell_frames.ts",
    find: '    if (input[close + 1] === ")") {',
    replace: '    if (input[close + 1] !== ")") {',
    tests: ["tests/convert/curl_reader_bash_fuzz_test.ts"],
  },
  {
    id: "conv18-fuzz-heredoc-stop-inverted",
    bug:
      "inside $(…), a here-document's body ends on every line but its delimiter",
    file: "src/convert/_curl_heredoc.ts",
    find: "if (named && text.length === delimiter.length) read++;",
    replace: "if (named && text.length !== delimiter.length) read++;",
    tests: ["tests/convert/curl_reader_bash_fuzz_test.ts"],
  },
  {
    id: "conv18-fuzz-for-in-inverted",
    bug:
      "inside $(…), `for x in a b; do …; done` is misread: the `in` of a for loop is not taken as its word list's start",
    file: "src/convert/_curl_substitution.ts",
    find: 'if (lead === "fordo" && reserved === "in") {',
    replace: 'if (lead === "fordo" && reserved !== "in") {',
    tests: ["tests/convert/curl_reader_bash_fuzz_test.ts"],
  },
  {
    id: "conv18-fuzz-heredoc-strip-inverted",
    bug:
      "`<<-EOF` keeps its body's leading tabs when looking for the delimiter, and `<<EOF` strips them",
    file: "src/convert/_curl_heredoc.ts",
    find: 'const strip = input[at + 2] === "-";',
    replace: 'const strip = input[at + 2] !== "-";',
    tests: ["tests/convert/curl_reader_bash_fuzz_test.ts"],
  },
  {
    id: "conv18-redirection-and-splits",
    bug:
      "the `&` of `>& file` is read as a command separator, so `curl A >& curl B` gives a second curl command bash never runs",
    file: "src/convert/_curl_words.ts",
    find: "i += redirectionLength(input, i);",
    replace: "i++;",
    tests: ["tests/convert/curl_fd_redirection_test.ts"],
  },
  {
    id: "conv18-hash-inside-word",
    bug:
      "inside $(…) a # right after an escaped blank or operator (a\\ #, \\;#) is read as a comment, which swallows the ) that closes the substitution",
    file: "src/convert/_curl_substitution.ts",
    find: 'if (c === "#" && !frame.word) {',
    replace: 'if (c === "#" && " \\t\\n;&|(".includes(input[i - 1])) {',
    tests: ["tests/convert/curl_comment_continuation_test.ts"],
  },
  {
    id: "conv18-continuation-starts-word",
    bug:
      "inside $(…) a line continuation at a word's start starts the word, so the # after it is read as text where bash reads a comment",
    file: "src/convert/_curl_substitution.ts",
    find: 'if (c === "\\\\" && input[i + 1] === "\\n") {',
    replace: "if (false) {",
    tests: ["tests/convert/curl_comment_continuation_test.ts"],
  },
  {
    id: "conv18-reserved-before-continuation",
    bug:
      "inside $(…) a closing word right before a line continuation (done\\ and a line end, then `)`) is no reserved word, so the loop stays open and the command is refused",
    file: "src/convert/_curl_shell_tokens.ts",
    find: 'while (input.startsWith("\\\\\\n", end)) end += 2;',
    replace: "",
    tests: ["tests/convert/curl_comment_continuation_test.ts"],
  },
  {
    id: "conv18-heredoc-other-fd",
    bug:
      "a here-document written after a descriptor other than 0 (2<<EOF) is taken for curl's stdin, so -d @- sends its text, which bash feeds to descriptor 2",
    file: "src/convert/_curl_words.ts",
    find: "const fed = fdEnd !== i || fdIsStdin;",
    replace: "const fed = true;",
    tests: ["tests/convert/curl_stdin_test.ts"],
  },
  {
    id: "conv18-heredoc-fd-zero",
    bug: "0<<EOF is not taken for curl's stdin, though descriptor 0 is stdin",
    file: "src/convert/_curl_words.ts",
    find: "fdIsStdin = /^0+$/.test(input.slice(i, fdEnd));",
    replace: "fdIsStdin = false;",
    tests: ["tests/convert/curl_stdin_test.ts"],
  },
  {
    id: "conv18-words-after-redirection",
    bug:
      "the words after a redirection's file name are dropped (curl URL > out -X PUT loses -X PUT), where bash hands them to curl",
    file: "src/convert/_curl_words.ts",
    find: "        target = true;",
    replace: "        target = true;\n        ignoreRest = true;",
    tests: ["tests/convert/curl_redirection_words_test.ts"],
  },
  {
    id: "conv18-and-greater-separates",
    bug:
      "&> is read as a & that ends the command, so the words after its file name become a second command",
    file: "src/convert/_curl_words.ts",
    find: '(c === "&" && input[i + 1] === ">")) {',
    replace: "false) {",
    tests: ["tests/convert/curl_redirection_words_test.ts"],
  },
  {
    id: "conv18-stdin-redirection-kept-doc",
    bug:
      "a redirection of stdin after a here-document (<<EOF < file) leaves the here-document as curl's stdin, where bash gives it the file",
    file: "src/convert/_curl_words.ts",
    find: "        stdin = undefined;",
    replace: "",
    tests: ["tests/convert/curl_redirection_words_test.ts"],
  },
  {
    id: "conv18-stdin-dup-self",
    bug:
      "<&0 after a here-string drops it, though it duplicates stdin onto itself",
    file: "src/convert/_curl_words.ts",
    find:
      'if (replacesStdin && !(duplicates && /^0+$/.test(parts.join("")))) {',
    replace: "if (replacesStdin) {",
    tests: ["tests/convert/curl_redirection_words_test.ts"],
  },
  {
    id: "conv18-redirection-warning-text",
    bug:
      "a redirection's SHELL_OPERATOR warning says the rest of the command is ignored, though its words are read",
    file: "src/convert/_curl_words.ts",
    find: 'redirection: input[i + 1] !== "(" };',
    replace: "redirection: false };",
    tests: ["tests/convert/curl_redirection_words_test.ts"],
  },
  {
    id: "conv19-process-substitution-warning-text",
    bug:
      "a process substitution's SHELL_OPERATOR warning says the words after it are read, though the command ends there",
    file: "src/convert/_curl_words.ts",
    find: 'redirection: input[i + 1] !== "(" };',
    replace: "redirection: true };",
    tests: ["tests/convert/curl_redirection_words_test.ts"],
  },
  {
    id: "conv18-subst-redirection-line-end",
    bug:
      "inside $(…) a redirection followed by a line end (or a comment) is read, where bash refuses it",
    file: "src/convert/_curl_substitution.ts",
    find: '  if (lead === "target") throw noFileName("newline", i);',
    replace: "",
    tests: ["tests/convert/curl_redirection_target_test.ts"],
  },
  {
    id: "conv18-subst-redirection-operator",
    bug:
      "inside $(…) a redirection followed by an operator ($(x 2> ;), $(: <> <x)) is read, where bash refuses it",
    file: "src/convert/_curl_shell_operators.ts",
    find:
      '    lead === "target" && !(operator.length === 1 && input[i + 1] === "(" &&',
    replace: '    false && !(operator.length === 1 && input[i + 1] === "(" &&',
    tests: ["tests/convert/curl_redirection_target_test.ts"],
  },
  {
    id: "conv18-subst-redirection-close",
    bug:
      "a redirection right before the ) that closes $(…), or before ;; in a case clause, is read, where bash refuses it",
    file: "src/convert/_curl_shell_frames.ts",
    find: '  if (frame.lead === "target") throw noFileName(token, i);',
    replace: "",
    tests: ["tests/convert/curl_redirection_target_test.ts"],
  },
  {
    id: "conv18-subst-redirection-fd-name",
    bug:
      "inside $(…) digits against a < or > right after a redirection ($(x >2>y)) are read as its file name, where bash reads the next redirection's descriptor and refuses the command",
    file: "src/convert/_curl_substitution.ts",
    find:
      "    if (fdLength(input, i) > 0) throw noFileName(wordAt(input, i), i);",
    replace: "",
    tests: ["tests/convert/curl_redirection_target_test.ts"],
  },
  {
    id: "conv18-redirection-fd-name",
    bug:
      "digits against a < or > right after a top-level redirection (curl URL >2>y) are read as its file name, where bash refuses the command",
    file: "src/convert/_curl_words.ts",
    find: "    !OPERATORS.includes(c) && fd === 0",
    replace: "    !OPERATORS.includes(c)",
    tests: ["tests/convert/curl_redirection_target_test.ts"],
  },
  {
    id: "conv18-case-pattern-newline",
    bug:
      "inside $(…) a line end inside a case pattern list (a newline )) is read, where bash refuses it",
    file: "src/convert/_curl_substitution.ts",
    find: '    if (frame.kind === "case" && frame.state === "patterns") {',
    replace: "    if (false) {",
    tests: ["tests/convert/curl_case_patterns_test.ts"],
  },
  {
    id: "conv18-case-subject-newline",
    bug:
      "inside $(…) a line end between case and its word is read, where bash refuses it",
    file: "src/convert/_curl_substitution.ts",
    find:
      '    if (frame.kind === "case" && frame.state === "subject" && !frame.word) {',
    replace: "    if (false) {",
    tests: ["tests/convert/curl_case_patterns_test.ts"],
  },
  {
    id: "conv18-case-pattern-two-words",
    bug:
      "inside $(…) a case pattern of two words (b c)) is read, where bash refuses it at the second",
    file: "src/convert/_curl_substitution.ts",
    find: "      if (frame.patternWords++ > 0) {",
    replace: "      if (frame.patternWords++ > 1) {",
    tests: ["tests/convert/curl_case_patterns_test.ts"],
  },
  {
    id: "conv18-case-pattern-empty",
    bug:
      "inside $(…) an empty case pattern ((), (|a), a|)) is read, where bash refuses it",
    file: "src/convert/_curl_shell_operators.ts",
    find: "    if (frame.patternWords === 0) {",
    replace: "    if (false) {",
    tests: ["tests/convert/curl_case_patterns_test.ts"],
  },
  {
    id: "conv18-coproc-without-command",
    bug:
      "inside $(…) a coproc with nothing after it ($(coproc)) is read, where bash refuses it at the )",
    file: "src/convert/_curl_shell_frames.ts",
    find: 'OPEN_END.add("pipe").add("pipeline").add("pipegap").add("coproc");',
    replace: 'OPEN_END.add("pipe").add("pipeline").add("pipegap");',
    tests: ["tests/convert/curl_function_head_test.ts"],
  },
  {
    id: "conv18-function-without-body",
    bug:
      "inside $(…) a function without its name or body before the closing ) or ;; ($(function f), $(f() )) is read, where bash refuses it",
    file: "src/convert/_curl_shell_frames.ts",
    find: '  if (frame.lead === "function" || frame.lead === "body") {',
    replace: '  if (frame.lead === "function") {',
    tests: ["tests/convert/curl_function_head_test.ts"],
  },
  {
    id: "conv18-function-name-line-end",
    bug:
      "inside $(…) a line end right after function or coproc is read, where bash refuses it",
    file: "src/convert/_curl_substitution.ts",
    find: '  if (lead === "function" || lead === "coproc") {',
    replace: '  if (lead === "coproc") {',
    tests: ["tests/convert/curl_function_head_test.ts"],
  },
  {
    id: "conv18-function-name-operator",
    bug:
      "inside $(…) function followed by an operator ($(function &), $(function ;)) is read, where bash refuses it",
    file: "src/convert/_curl_shell_operators.ts",
    find: '    throw unexpected(operator, i, "a function needs its name");',
    replace: "",
    tests: ["tests/convert/curl_function_head_test.ts"],
  },
  {
    id: "conv18-for-arith-expressions-unchecked",
    bug:
      "inside $(…) a for ((…)) without its three expressions (for ((a;b))) is read, where bash refuses it",
    file: "src/convert/_curl_substitution.ts",
    find: "        if (top.semicolons !== undefined && top.semicolons !== 2) {",
    replace: "        if (false) {",
    tests: ["tests/convert/curl_for_arithmetic_test.ts"],
  },
  {
    id: "conv18-for-arith-semicolons-uncounted",
    bug:
      "inside $(…) the ;s of a for ((…)) are not counted, so a well-formed one (for ((;;))) is refused",
    file: "src/convert/_curl_substitution.ts",
    find:
      '      else if (c === ";" && top.semicolons !== undefined) top.semicolons++;',
    replace: "",
    tests: ["tests/convert/curl_for_arithmetic_test.ts"],
  },
  {
    id: "conv18-for-arith-nested-semicolon",
    bug:
      "a ; inside parentheses of a for ((…)) is not counted (for ((a;(b;c);d))), where bash counts it and refuses the loop",
    file: "src/convert/_curl_substitution.ts",
    find:
      '      else if (c === "(") top.open++;\n      else if (c === ";" && top.semicolons !== undefined) top.semicolons++;',
    replace:
      '      else if (c === "(") top.open++;\n      else if (c === ";" && top.semicolons !== undefined && top.open === 2) top.semicolons++;',
    tests: ["tests/convert/curl_for_arithmetic_test.ts"],
  },
  {
    id: "conv18-pid-double-quoted",
    bug:
      'in double quotes the second $ of $$ opens an expansion, so "$$((1) + 1" is refused as an unclosed $((, which bash reads as the PID and text',
    file: "src/convert/_curl_words.ts",
    find: '      if (next === "$" && c === "$") {',
    replace: "      if (false) {",
    tests: ["tests/convert/curl_pid_parameter_test.ts"],
  },
  {
    id: "conv18-pid-unquoted",
    bug:
      "unquoted, the second $ of $$ opens a substitution, so https://x.test/$$(echo a) is one URL where bash's parser stops at the (",
    file: "src/convert/_curl_words.ts",
    find: 'let j = ch === "$" && input[i + 1] === "$" ? i + 2 : i + 1;',
    replace: "let j = i + 1;",
    tests: ["tests/convert/curl_pid_parameter_test.ts"],
  },
  {
    id: "conv18-pid-substitution",
    bug:
      "inside $(…) the second $ of $$ opens a substitution, so $(echo $$(x)) is read where bash refuses the (",
    file: "src/convert/_curl_substitution.ts",
    find: '    if (c === "$" && after === "$") {',
    replace: "    if (false) {",
    tests: ["tests/convert/curl_pid_parameter_test.ts"],
  },
  {
    id: "conv18-pid-heredoc-marks",
    bug:
      "in a here-document's body $$(x) counts as two expansions (two SHELL_EXPANSION warnings) where bash expands one",
    file: "src/convert/_curl_heredoc.ts",
    find: '      if (input[j + 1] === "$") j++;',
    replace: "",
    tests: ["tests/convert/curl_pid_parameter_test.ts"],
  },
  {
    id: "conv18-heredoc-subst-join",
    bug:
      "inside $(…) an unquoted here-document's line ending in a backslash does not go on on the next line, so that line can end the body (a\\\\ then EOF), where bash joins them",
    file: "src/convert/_curl_heredoc.ts",
    find: "    if (line.joins) continue;\n    const text",
    replace: "    const text",
    tests: ["tests/convert/curl_heredoc_join_test.ts"],
  },
  {
    id: "conv18-heredoc-subst-join-tabs",
    bug:
      "inside $(…) <<- drops the tabs of a line joined to a line with text, so \\tE\\\\ then \\tOF reads as the delimiter EOF where bash keeps the tab",
    file: "src/convert/_curl_heredoc.ts",
    find: "    empty &&= piece[0] === piece[1];\n",
    replace: "",
    tests: ["tests/convert/curl_heredoc_join_test.ts"],
  },
  {
    id: "conv18-heredoc-top-join-tabs",
    bug:
      "at the top level <<- drops the tabs of a line joined to a line with text (\\ta\\\\ then \\tb gives ab), where bash keeps them (a\\tb)",
    file: "src/convert/_curl_heredoc.ts",
    find: 'const part = bodyLine(input, i, doc, raw === "");',
    replace: "const part = bodyLine(input, i, doc, true);",
    tests: ["tests/convert/curl_heredoc_join_test.ts"],
  },
  {
    id: "conv19-process-condition-not-command",
    bug:
      "inside $(…) a process substitution as an if or while condition's command is not counted as one, so `if <(true); then` is refused where bash reads it",
    file: "src/convert/_curl_shell_operators.ts",
    find: '    if (frame.command) blockWord(frame.blocks, "", operator, i);',
    replace:
      '    if (!(frame.command)) blockWord(frame.blocks, "", operator, i);',
    tests: ["tests/convert/curl_process_substitution_r19_test.ts"],
  },
  {
    id: "conv19-process-for-list-refused",
    bug:
      "inside $(…) a process substitution in a for loop's list is refused as an operator in the loop's head, where bash reads it as a word",
    file: "src/convert/_curl_shell_operators.ts",
    find: 'LOOP_HEAD.has(lead) && !(lead === "forin" && process) &&',
    replace: "LOOP_HEAD.has(lead) &&",
    tests: ["tests/convert/curl_process_substitution_r19_test.ts"],
  },
  {
    id: "conv19-process-for-list-left",
    bug:
      "after a process substitution in a for loop's list the reader leaves the list, so a redirection there (bash's syntax error) is accepted",
    file: "src/convert/_curl_shell_operators.ts",
    find: '    if (lead === "forin") frame.lead = lead;\n',
    replace: "",
    tests: ["tests/convert/curl_process_substitution_r19_test.ts"],
  },
  {
    id: "conv19-status-response-200-not-ok",
    bug:
      "createMockResponse: a 200 whose status text the Response constructor refuses says it is not ok",
    file: "src/convert/fetch.ts",
    find: "    return this.status >= 200 && this.status <= 299;",
    replace: "    return this.status >= 201 && this.status <= 299;",
    tests: ["tests/convert/fetch_test.ts"],
  },
  {
    id: "conv19-userinfo-plus-as-space",
    bug:
      "curl reader: a + in a URL's user name or password is read as a space, where curl sends a plus sign",
    file: "src/convert/_curl_url.ts",
    find: "credentials = percentDecode(authority.slice(0, at), false);",
    replace: "credentials = percentDecode(authority.slice(0, at), true);",
    tests: ["tests/convert/curl_userinfo_plus_r19_test.ts"],
  },
  {
    id: "conv19-response-header-unchecked",
    bug:
      "stringifyResponse writes a header value holding CR or LF as it is, so it injects a header line",
    file: "src/convert/string.ts",
    find: "    checkHeaderField(lower, value);\n    lines.push(",
    replace: "    lines.push(",
    tests: ["tests/convert/string_response_headers_r19_test.ts"],
  },
  {
    id: "conv20-random-json-empty-message",
    bug:
      "randomRequest: a body object whose toJSON throws an Error with an empty message is refused with an empty reason instead of the error's kind",
    file: "src/convert/random.ts",
    find: `(cause as Error)?.message || String(cause)`,
    replace: `(cause as Error)?.message ?? String(cause)`,
    tests: ["tests/convert/convert_tenth_round_test.ts"],
  },
  {
    id: "conv20-curl-alone-skipped",
    bug:
      "a script's command that is `curl` alone is skipped as one that does not run curl, so the script loses a request without a word instead of MISSING_URL",
    file: "src/convert/_curl_parse.ts",
    find: "scan.words.length > 0 ? curlProgram(text, scan) : -1;",
    replace: "scan.words.length > 1 ? curlProgram(text, scan) : -1;",
    tests: ["tests/convert/convert_draw_20261178_r20_test.ts"],
  },
  {
    id: "conv20-fetch-options-undefined",
    bug:
      "fetch code whose second argument is undefined is refused as no object, though fetch() takes it as no options",
    file: "src/convert/_fetch_code_read.ts",
    find: "if (value === undefined || value === null) return {};",
    replace: "if (value === null) return {};",
    tests: ["tests/convert/convert_draw_20261178_r20_test.ts"],
  },
  {
    id: "conv20-assignment-as-program",
    bug:
      "a variable assignment before curl (`NO_PROXY=x curl …`) is taken for the program word, so the command is refused NOT_CURL though bash runs curl",
    file: "src/convert/_curl_words.ts",
    find:
      "i < words.length - 1 && assignmentName(input, words[i]) !== undefined",
    replace: "false",
    tests: ["tests/convert/curl_assignment_prefix_test.ts"],
  },
  {
    id: "conv20-assignment-detect-stops",
    bug:
      "detectType reads one word after a prompt and no further, so a command led by an assignment is not detected as curl",
    file: "src/convert/_curl_words.ts",
    find: "      words.length === limit / 2 &&",
    replace: "      false &&",
    tests: ["tests/convert/curl_assignment_prefix_test.ts"],
  },
  {
    id: "conv20-assignment-digit-name",
    bug:
      "a word whose name starts with a digit (`1A=1`), which bash runs as a program, is skipped as an assignment",
    file: "src/convert/_curl_shell_tokens.ts",
    find: "const ASSIGNMENT = /[A-Za-z_][A-Za-z0-9_]*(?:",
    replace: "const ASSIGNMENT = /[A-Za-z0-9_][A-Za-z0-9_]*(?:",
    tests: ["tests/convert/curl_assignment_prefix_test.ts"],
  },
  {
    id: "conv20-assignment-unwarned",
    bug:
      "an assignment before curl is skipped without a warning, so the environment it set is lost without a word",
    file: "src/convert/_curl_parse.ts",
    find: "    if (name === undefined) continue;",
    replace: "    continue;",
    tests: ["tests/convert/curl_assignment_prefix_test.ts"],
  },
  {
    id: "conv20-test-word-inner-close",
    bug:
      "inside [[ \u2026 ]] a ]] or # in the middle of a word closes the test or starts a comment, so `[[ a]] ]]`, which bash reads, is refused",
    file: "src/convert/_curl_conditional.ts",
    find:
      "  if (frame.word) return -1;\n  return wordStart(input, i, frame, test);",
    replace: "  return wordStart(input, i, frame, test);",
    tests: ["tests/convert/convert_draw_20261179_r20_test.ts"],
  },
  {
    id: "conv20-crlf-reserved-word-end",
    bug:
      "inside $(\u2026) a pasted CRLF after fi, done, } or esac does not end the reserved word, so the compound command is never closed and a command read in its LF form is refused",
    file: "src/convert/_curl_shell_tokens.ts",
    find: '(c === "\\r" && input[i + 1] === "\\n");',
    replace: '(c === "\\r" && input[i] === "\\n");',
    tests: ["tests/convert/convert_draw_20261179_r20_test.ts"],
  },
  {
    id: "conv20-all-formats-fetch-options",
    bug:
      "allFormats hands the fetch options to every code target but fetch, and none to fetch",
    file: "src/convert/all_formats.ts",
    find: ': target.id === "fetch"',
    replace: ': target.id !== "fetch"',
    tests: ["tests/convert/convert_draw_20261179_r20_test.ts"],
  },
  {
    id: "conv20-stringify-userinfo-plus",
    bug:
      "stringifyRequest decodes a + in a URL's credentials as a space, which curl sends as a plus sign",
    file: "src/convert/string.ts",
    find: "let decoded = percentDecode(userinfo, false);",
    replace: "let decoded = percentDecode(userinfo, true);",
    tests: ["tests/convert/convert_draw_20261179_r20_test.ts"],
  },
  {
    id: "conv20-test-operator-word-left",
    bug:
      "inside [[ … ]] a word is left open after an operator, so a ]] right after || or < does not close the test and `[[ a||]] ]]`, which bash refuses, is read",
    file: "src/convert/_curl_conditional.ts",
    find:
      '  if ("|&;<>()".includes(c)) {\n    if (frame.word) endTerm(test);\n    frame.word = false;',
    replace:
      '  if ("|&;<>()".includes(c)) {\n    if (frame.word) endTerm(test);\n    frame.word = true;',
    tests: ["tests/convert/convert_draw_20261180_r20_test.ts"],
  },
  {
    id: "conv20-comments-only-offset",
    bug: "a curl input of comments only is NOT_CURL without an offset",
    file: "src/convert/_curl_parse.ts",
    find: "offset: program?.offset ?? scan.stop?.offset ?? 0,",
    replace: "offset: program?.offset ?? scan.stop?.offset,",
    tests: ["tests/convert/convert_draw_20261181_r20_test.ts"],
  },
  {
    id: "conv20-har-cookie-header-overwritten",
    bug:
      "a HAR request's Cookie header is replaced by the one built from its cookies array",
    file: "src/convert/_har_read.ts",
    find: 'if (headers["cookie"] === undefined && cookies.length > 0) {',
    replace: 'if (headers[""] === undefined && cookies.length > 0) {',
    tests: ["tests/convert/convert_draw_20261181_r20_test.ts"],
  },
  {
    id: "conv20-axios-transform-always",
    bug:
      "the node-axios target adds its identity transformRequest to every JSON-typed body, also one axios sends as written",
    file: "src/convert/targets/node_axios.ts",
    find: "    JSON.parse(body);\n    return true;",
    replace: "    JSON.parse(body);\n    return false;",
    tests: ["tests/convert/convert_draw_20261181_r20_test.ts"],
  },
  {
    id: "conv20-anyauth-as-basic",
    bug:
      "--anyauth with -u is read as an ignored option, so the request carries Basic credentials that curl does not send before a 401",
    file: "src/convert/_curl_auth.ts",
    find: '    case "anyauth":\n',
    replace: '    case "":\n',
    tests: ["tests/convert/convert_draw_20261182_r20_test.ts"],
  },
  {
    id: "conv21-array-assign-anywhere",
    bug:
      "inside $(…) a NAME=( opens an array's words after any word, so `echo a=(b)`, which bash refuses, is read",
    file: "src/convert/_curl_shell_frames.ts",
    find: '    if (frame.assign === "") {\n',
    replace: "    if (false) {\n",
    tests: ["tests/convert/curl_array_assignment_test.ts"],
  },
  {
    id: "conv21-array-assign-after-redirection",
    bug:
      "a redirection keeps declare's arguments open, so `declare >f a=(b)`, which bash refuses, is read",
    file: "src/convert/_curl_shell_operators.ts",
    find: "  if (redirection) frame.assign = assignAfter(frame);\n",
    replace: "",
    tests: ["tests/convert/curl_array_assignment_test.ts"],
  },
  {
    id: "conv21-array-assign-in-file-name",
    bug:
      "a redirection's file name `a=` takes an array's `(` after it, so `>a=(b)`, which bash refuses, is read",
    file: "src/convert/_curl_substitution.ts",
    find: '    if (input[paren] === "(") {\n',
    replace: '    if (input[paren] === "#") {\n',
    tests: ["tests/convert/curl_array_assignment_test.ts"],
  },
  {
    id: "conv21-array-assign-builtin-quoted",
    bug:
      "any program word opens the arguments to arrays, so `echo a=(b)` is read",
    file: "src/convert/_curl_shell_frames.ts",
    find:
      '    return ASSIGNMENT_BUILTINS.has(word.reserved) ? "builtin" : "";\n',
    replace: '    return "builtin";\n',
    tests: ["tests/convert/curl_array_assignment_test.ts"],
  },
  {
    id: "conv21-cond-unary-operand",
    bug:
      "inside [[ … ]] a unary operator is read as a word, so `[[ -f ]]`, which bash refuses, is read",
    file: "src/convert/_curl_conditional.ts",
    find: '      test.next = UNARY.has(word) ? "operand" : "binary";\n',
    replace: '      test.next = "binary";\n',
    tests: ["tests/convert/curl_conditional_test.ts"],
  },
  {
    id: "conv21-cond-line-end-anywhere",
    bug:
      "inside [[ … ]] a line end is read after a condition, so `[[ a` newline `]]`, which bash refuses, is read",
    file: "src/convert/_curl_conditional.ts",
    find: '    if (test.next !== "term" && test.next !== "after") {\n',
    replace: '    if (test.next === "") {\n',
    tests: ["tests/convert/curl_conditional_test.ts"],
  },
  {
    id: "conv21-cond-heredoc-lines",
    bug:
      "a line end inside [[ … ]] does not read the here-document lines after it, so they are read as the test's words",
    file: "src/convert/_curl_conditional.ts",
    find:
      '    return hereDocumentBodies(input, input.indexOf("\\n", i) + 1, frame.docs);\n',
    replace: '    return input.indexOf("\\n", i) + 1;\n',
    tests: ["tests/convert/curl_conditional_test.ts"],
  },
  {
    id: "conv21-cond-regex-blanks",
    bug:
      "a blank inside a regular expression's parentheses ends it, so `[[ a =~ (x y) ]]`, which bash reads, is refused",
    file: "src/convert/_curl_conditional.ts",
    find: "    if (test.regex > 0) return -1;\n",
    replace: "",
    tests: ["tests/convert/curl_conditional_test.ts"],
  },
  {
    id: "conv21-cond-regex-close",
    bug:
      "a regular expression's ) with none of its ( open is read as its own, so `[[ a =~ x) ]]`, which bash refuses, is read",
    file: "src/convert/_curl_conditional.ts",
    find:
      '    if (c === "(" || c === "|" || (c === ")" && test.regex > 0)) {\n',
    replace: '    if (c === "(" || c === "|" || c === ")") {\n',
    tests: ["tests/convert/curl_conditional_test.ts"],
  },
  {
    id: "conv21-cond-open-group-end",
    bug:
      "a ]] ends [[ … ]] with a ( still open, so `[[ ( a ]]`, which bash refuses, is read",
    file: "src/convert/_curl_conditional.ts",
    find: "      if (test.depth > 0) {\n",
    replace: "      if (test.depth < 0) {\n",
    tests: ["tests/convert/curl_conditional_test.ts"],
  },
  {
    id: "conv21-cond-binary-operand",
    bug:
      "inside [[ … ]] a binary operator's operand may be missing, so `[[ a = ]]`, which bash refuses, is read",
    file: "src/convert/_curl_conditional.ts",
    find: '        test.next = word === "=~" ? "regex" : "operand";\n',
    replace: '        test.next = word === "=~" ? "regex" : "after";\n',
    tests: ["tests/convert/curl_conditional_test.ts"],
  },
  {
    id: "conv21-cond-quoted-operator",
    bug:
      'inside [[ … ]] an operator\'s name is compared with its quotes removed, so `[[ a "=" b ]]`, which bash refuses, is read',
    file: "src/convert/_curl_conditional.ts",
    find: "    text += input[j++];\n",
    replace: '    text += input[j] === \'"\' ? "" : input[j];\n    j++;\n',
    tests: ["tests/convert/curl_conditional_test.ts"],
  },
  {
    id: "conv21-cond-process-word",
    bug:
      "inside [[ … ]] a process substitution after a condition's first word is read, so `[[ a <(x) ]]`, which bash refuses, is read",
    file: "src/convert/_curl_conditional.ts",
    find:
      '    if (test.next === "binary" || test.next === "after") {\n      throw unexpected(op, i, NEEDS[test.next]);',
    replace:
      '    if (test.next === "after") {\n      throw unexpected(op, i, NEEDS[test.next]);',
    tests: ["tests/convert/curl_conditional_test.ts"],
  },
  {
    id: "conv21-cond-join-needs-condition",
    bug:
      "inside [[ … ]] && may stand where a condition must come, so `[[ && a ]]`, which bash refuses, is read",
    file: "src/convert/_curl_conditional.ts",
    find: '  if ((op === "&&" || op === "||") && joined) {\n',
    replace: '  if (op === "&&" || op === "||") {\n',
    tests: ["tests/convert/curl_conditional_test.ts"],
  },
  {
    id: "conv21-subscript-split",
    bug:
      "a subscript at a command's start ends at a blank, so `$( x[a ( b] )`, which bash reads as one word, is refused",
    file: "src/convert/_curl_substitution.ts",
    find: "  frame.subscript = 1;\n",
    replace: "",
    tests: ["tests/convert/curl_array_assignment_test.ts"],
  },
  {
    id: "conv21-subscript-argument",
    bug:
      "a subscript is read to its ] in a command's arguments too, so `$( echo x[a ( b] )`, which bash refuses, is read",
    file: "src/convert/_curl_substitution.ts",
    find: "  if (next !== -1 || !assignable) return next;\n",
    replace: "  if (next !== -1) return next;\n",
    tests: ["tests/convert/curl_array_assignment_test.ts"],
  },
  {
    id: "conv21-array-word-after-close",
    bug:
      "an array's ) ends its word, so a # right after it starts a comment and `$(z=(1)#x; echo)`, which bash reads, is unterminated",
    file: "src/convert/_curl_shell_frames.ts",
    find: '    frame.word = true;\n    stack.push({\n      kind: "array",\n',
    replace: '    stack.push({\n      kind: "array",\n',
    tests: ["tests/convert/curl_array_assignment_test.ts"],
  },
  {
    id: "conv21-process-double-paren",
    bug:
      "a process substitution opened by <(( is read as commands, so `$(echo >(( (1+2)*3 )) )`, which bash reads, is refused",
    file: "src/convert/_curl_shell_frames.ts",
    find: '    arithmetic: input[i + 2] === "(" && refused === undefined,\n',
    replace: "    arithmetic: false,\n",
    tests: ["tests/convert/curl_process_substitution_r19_test.ts"],
  },
  {
    id: "conv21-process-double-paren-command",
    bug:
      "after a <((…)) at a command's start a reserved word is read as one, so `$(<((a)) if)`, which bash reads, is refused",
    file: "src/convert/_curl_shell_operators.ts",
    find: "    if (opened.arithmetic) frame.command = false;\n",
    replace: "",
    tests: ["tests/convert/curl_process_substitution_r19_test.ts"],
  },
  {
    id: "conv21-array-after-array",
    bug:
      "a NAME= right after an array's ) opens another array, so `$(z=(1)y=(2))`, which bash refuses, is read",
    file: "src/convert/_curl_shell_frames.ts",
    find: '    input[i - word.length - 1] !== ")"\n',
    replace: '    input[i - word.length - 1] !== "%"\n',
    tests: ["tests/convert/curl_array_assignment_test.ts"],
  },
  {
    id: "conv21-heredoc-joined-paren",
    bug:
      "inside $(…) a here-document's joined line that starts with the delimiter and holds a ) does not end the body, so the substitution is unterminated where bash reads it",
    file: "src/convert/_curl_heredoc.ts",
    find:
      "      (text.slice(delimiter.length) + input.slice(line.stop, line.end))\n",
    replace: '      (parts.length > 1 ? "" : text.slice(delimiter.length))\n',
    tests: ["tests/convert/curl_heredoc_join_test.ts"],
  },
  {
    id: "conv21-heredoc-joined-delimiter-rest",
    bug:
      "when the delimiter of a joined line spans the join, the commands after it are read from the wrong place",
    file: "src/convert/_curl_heredoc.ts",
    find: "      return afterDelimiter(parts, delimiter.length);\n",
    replace: "      return parts[0][0] + delimiter.length;\n",
    tests: ["tests/convert/curl_heredoc_join_test.ts"],
  },
  {
    id: "conv21-js-string-end-of-input",
    bug:
      "fetch() code whose quoted string runs to the input's end is reported as cut by a line end",
    file: "src/convert/_js_literal_read.ts",
    find: "      if (c === undefined) break;\n      if (c === quote) {",
    replace: "      if (c === undefined) ;\n      if (c === quote) {",
    tests: ["tests/convert/convert_draw_20261183_r21_test.ts"],
  },
  {
    id: "conv21-php-named-escapes",
    bug:
      "the PHP target writes a line feed, a tab or a quote in hex (\\x0a) instead of the escape PHP names",
    file: "src/convert/targets/_php.ts",
    find: "    if (known !== undefined) return known;\n",
    replace: "    if (known !== undefined) known;\n",
    tests: ["tests/convert/convert_draw_20261183_r21_test.ts"],
  },
  {
    id: "conv21-format-budget-range-error",
    bug:
      "parseBody's formatting budget rethrows a RangeError (a string past the runtime's limit) and swallows every other error",
    file: "src/convert/_format_budget.ts",
    find: "      if (error instanceof RangeError) continue;\n",
    replace: "      if (!(error instanceof RangeError)) continue;\n",
    tests: ["tests/convert/convert_draw_20261184_r21_test.ts"],
  },
  {
    id: "conv21-cond-crlf",
    bug:
      "inside [[ … ]] a pasted CRLF is read as a word's CR and a lone CR as a line end, so `[[ x &&` CRLF `a ]]` is refused and `[[ a` CR `b = c ]]`, which bash reads, too",
    file: "src/convert/_curl_conditional.ts",
    find:
      '  const lineEnd = c === "\\n" || (c === "\\r" && input[i + 1] === "\\n");\n',
    replace:
      '  const lineEnd = c === "\\n" || (c === "\\r" && input[i + 1] !== "\\n");\n',
    tests: ["tests/convert/curl_conditional_test.ts"],
  },
  {
    id: "conv21-inline-value-one-letter",
    bug:
      "--opt=value is not read after a one-letter prefix, so --q=QUIT is an unknown flag instead of --quote QUIT",
    file: "src/convert/_curl_arguments.ts",
    find: "      if (found === undefined && eq > 0) {\n",
    replace: "      if (found === undefined && eq > 1) {\n",
    tests: ["tests/convert/convert_draw_20261186_r21_test.ts"],
  },
  {
    id: "conv21-json-member-without-name",
    bug:
      'parseBody\'s JSON formatter takes an object member without a string name as read, so {"a":1,2} is formatted as JSON though JSON.parse refuses it',
    file: "src/convert/_json_format.ts",
    find: "    if (text.charCodeAt(i) !== 0x22) return false;\n",
    replace: "    if (text.charCodeAt(i) !== 0x22) return true;\n",
    tests: ["tests/convert/convert_draw_20261186_r21_test.ts"],
  },
  {
    id: "conv21-heredoc-last-line",
    bug:
      "a here-document opened on the input's last line, with no line end after it, waits for a body, so its command is never read (NOT_CURL)",
    file: "src/convert/_curl_words.ts",
    find: "  if (i >= n) topLevelBodies(input, n, pending);\n",
    replace: "  if (!(i >= n)) topLevelBodies(input, n, pending);\n",
    tests: ["tests/convert/convert_draw_20261187_r21_test.ts"],
  },
  {
    id: "conv21-utf8-three-byte-boundary",
    bug:
      "getByteSize and every computed Content-Length count U+0800 as two UTF-8 bytes",
    file: "src/convert/_utf8.ts",
    find: "    if (code < 0x800) {\n",
    replace: "    if (code <= 0x800) {\n",
    tests: ["tests/convert/convert_draw_20261187_r21_test.ts"],
  },
  {
    id: "conv21-go-content-length-line",
    bug:
      "the Go target writes a request's Content-Length as a header line, which net/http ignores",
    file: "src/convert/targets/go_net_http.ts",
    find: '    if (key === "content-length") continue;\n',
    replace: '    if (key === "") continue;\n',
    tests: ["tests/convert/convert_draw_20261187_r21_test.ts"],
  },
  {
    id: "conv21-fetch-headers-read-only",
    bug:
      "fetch.fromRequest hands back headers the caller cannot change: each is read-only, so adding a token throws",
    file: "src/convert/_fetch_code.ts",
    find: "      writable: true,\n",
    replace: "      writable: false,\n",
    tests: ["tests/convert/convert_draw_20261189_r21_test.ts"],
  },
  {
    id: "conv21-json-member-without-colon",
    bug:
      "parseBody's JSON formatter skips the character where a member's colon belongs, so {\"a\"x1} is formatted as JSON with the x lost",
    file: "src/convert/_json_format.ts",
    find: "    if (text.charCodeAt(i) !== 0x3a) return false;\n",
    replace: "    if (text.charCodeAt(i) !== 0x3a) false;\n",
    tests: ["tests/convert/convert_draw_20261189_r21_test.ts"],
  },
  {
    id: "conv21-percent-decode-f4",
    bug:
      "percent-decoding refuses every code point from U+100000 (lead byte F4) as no UTF-8 and keeps its escapes",
    file: "src/convert/_percent_decode.ts",
    find: "  } else if (first >= 0xf0 && first <= 0xf4) {\n",
    replace: "  } else if (first >= 0xf0 && first < 0xf4) {\n",
    tests: ["tests/convert/percent_decode_test.ts"],
  },
  {
    id: "conv21-har-boundary-from-header",
    bug:
      "a HAR multipart request whose mimeType has no boundary ignores its Content-Type header's, and replaces the header with a boundary of its own",
    file: "src/convert/_har_read.ts",
    find:
      "  const boundary = boundaryOf(mimeType) ??\n    (header === undefined ? undefined : boundaryOf(header));\n",
    replace: "  const boundary = boundaryOf(mimeType);\n",
    tests: ["tests/convert/har_test.ts"],
  },
  {
    id: "conv21-fetch-json-parse-as-stringify",
    bug:
      "fetch() code's JSON.parse(x) (any JSON. call) is read as JSON.stringify(x), sending a body the code never sends",
    file: "src/convert/_js_literal_read.ts",
    find: '      this.fail("only JSON.stringify(…) is understood", start);\n',
    replace: "      ;\n",
    tests: ["tests/convert/convert_draw_20261188_r21_test.ts"],
  },
  {
    id: "conv22-array-top-level-not-read",
    bug:
      "an array assignment before curl (`a=(b c) curl URL`) is refused as NOT_CURL, found `a=`, though bash runs curl",
    file: "src/convert/_curl_words.ts",
    find:
      '    if (input[i] === "(" && arrays && arrayOpens(input, start, i)) {\n',
    replace: '    if (input[i] === "(" && false) {\n',
    tests: ["tests/convert/curl_assignment_prefix_test.ts"],
  },
  {
    id: "conv22-array-after-redirection",
    bug:
      "an array assignment after an assignment and a redirection (`A=1 >f B=(c) curl`) is read, though bash refuses its (",
    file: "src/convert/_curl_words.ts",
    find: "        if (words.length > 0) arrays = false;\n",
    replace: "",
    tests: ["tests/convert/curl_assignment_prefix_test.ts"],
  },
  {
    id: "conv22-array-after-program",
    bug:
      "an array's ( after the program word is read as a list, so a later program word is taken: `x A=(b) curl` reads as curl",
    file: "src/convert/_curl_words.ts",
    find: "    ) arrays = false;\n",
    replace: "    ) {}\n",
    tests: ["tests/convert/curl_assignment_prefix_test.ts"],
  },
  {
    id: "conv23-array-top-process-word",
    bug:
      "a process substitution in an array's list before curl leaves no word under way, so the `#` in `A=(<(x)#c)` starts a comment and the list's ) is lost",
    file: "src/convert/_curl_words.ts",
    find: "      list.word = true;\n      i = expansionEnd(input, i);\n",
    replace: "      i = expansionEnd(input, i);\n",
    tests: ["tests/convert/curl_assignment_prefix_test.ts"],
  },
  {
    id: "conv23-array-top-end-missed",
    bug:
      "the ) that ends an array's list before curl is not taken for its end, so the list reads on to the input's end",
    file: "src/convert/_curl_words.ts",
    find: "      if (stack.length === 0) return next;\n",
    replace: "      if (stack.length === 0 && next < 0) return next;\n",
    tests: ["tests/convert/curl_assignment_prefix_test.ts"],
  },
  {
    id: "conv22-array-unclosed",
    bug:
      "an array's list before curl that nothing closes is read to the end as the assignment, and the command has no program word",
    file: "src/convert/_curl_words.ts",
    find:
      '  throw new ConversionError({\n    code: "UNTERMINATED_QUOTE",\n    message:\n      `Unterminated array assignment',
    replace:
      '  if (at) return input.length;\n  throw new ConversionError({\n    code: "UNTERMINATED_QUOTE",\n    message:\n      `Unterminated array assignment',
    tests: ["tests/convert/curl_assignment_prefix_test.ts"],
  },
  {
    id: "conv22-array-frame-operator",
    bug:
      "an operator in an array's list inside $(…) (`$(a=(b; c))`) is read as a word, though bash refuses it",
    file: "src/convert/_curl_array.ts",
    find: '  if ("|&;<>(".includes(c)) {\n',
    replace: '  if ("(".includes(c)) {\n',
    tests: [
      "tests/convert/curl_array_assignment_test.ts",
      "tests/convert/curl_assignment_prefix_test.ts",
    ],
  },
  {
    id: "conv22-array-frame-comment",
    bug:
      "a `#` in an array's list inside $(…) starts no comment, so a `)` in it ends the list",
    file: "src/convert/_curl_array.ts",
    find: '  if (c === "#" && !list.word) {\n',
    replace: '  if (c === "#" && !list.word && false) {\n',
    tests: [
      "tests/convert/curl_array_assignment_test.ts",
      "tests/convert/curl_assignment_prefix_test.ts",
    ],
  },
  {
    id: "conv22-array-frame-word-comment",
    bug:
      "a `#` inside a word of an array's list inside $(…) (`a=(b#c)`) starts a comment, so the list's ) is lost",
    file: "src/convert/_curl_array.ts",
    find: "  list.word = true;\n  return -1;\n",
    replace: "  return -1;\n",
    tests: ["tests/convert/curl_array_assignment_test.ts"],
  },
  {
    id: "conv22-array-frame-process",
    bug:
      "a process substitution in an array's list inside $(…) (`a=(<(x))`) is refused as an operator, though bash reads it",
    file: "src/convert/_curl_array.ts",
    find: '  if ((c === "<" || c === ">") && input[i + 1] === "(") {\n',
    replace:
      '  if ((c === "<" || c === ">") && input[i + 1] === "(" && false) {\n',
    tests: ["tests/convert/curl_array_assignment_test.ts"],
  },
  {
    id: "conv22-array-frame-heredoc-line",
    bug:
      "a line end in an array's list inside $(…) while a here-document waits is read on, the body's lines taken as the list's words",
    file: "src/convert/_curl_array.ts",
    find: "    if (list.docs.length > 0) {\n",
    replace: "    if (list.docs.length > 9) {\n",
    tests: ["tests/convert/curl_array_assignment_test.ts"],
  },
  {
    id: "conv22-cond-line-end-after-condition",
    bug:
      "inside [[ … ]] a line end after a whole condition is refused, so `[[ a = b` newline `]]`, which bash reads, is refused",
    file: "src/convert/_curl_conditional.ts",
    find: '    if (test.next !== "term" && test.next !== "after") {\n',
    replace: '    if (test.next !== "term") {\n',
    tests: ["tests/convert/curl_conditional_test.ts"],
  },
  {
    id: "conv22-cond-process-word-state",
    bug:
      "inside [[ … ]] a process substitution as a condition's first word leaves a condition wanted, so `[[ <(x) = b ]]`, which bash reads, is refused",
    file: "src/convert/_curl_conditional.ts",
    find: '    if (test.next === "term") test.next = "binary";\n',
    replace: '    if (test.next === "term") test.next = "term";\n',
    tests: ["tests/convert/curl_conditional_test.ts"],
  },
  {
    id: "conv22-cond-process-operand-state",
    bug:
      "inside [[ … ]] a process substitution as an operator's operand leaves the operand wanted, so `[[ -f <(x) ]]`, which bash reads, is refused",
    file: "src/convert/_curl_conditional.ts",
    find: '    else if (test.next === "operand") test.next = "after";\n',
    replace: '    else if (test.next === "operand") test.next = "operand";\n',
    tests: ["tests/convert/curl_conditional_test.ts"],
  },
  {
    id: "conv22-axios-content-type-case",
    bug:
      'the node-axios target finds the request\'s Content-Type only spelled in lower case, so a `Content-Type` header is followed by `"Content-Type": false` and axios sends no type',
    file: "src/convert/targets/node_axios.ts",
    find: '    name.toLowerCase() === "content-type"\n',
    replace: '    name === "content-type"\n',
    tests: ["tests/convert/convert_draw_20261190_r22_test.ts"],
  },
  {
    id: "conv22-fetch-string-crlf-continuation",
    bug:
      "in fetch() code a backslash-CRLF line continuation in a string keeps the LF, so the string runs into a raw line break",
    file: "src/convert/_js_literal_read.ts",
    find: '        if (text[this.pos] === "\\n") this.pos++;\n',
    replace: '        if (text[this.pos] !== "\\n") this.pos++;\n',
    tests: ["tests/convert/convert_draw_20261190_r22_test.ts"],
  },
  {
    id: "conv22-case-host-header",
    bug:
      "a path-only URL with a `Host` header (not spelled in lower case) is refused as having no host",
    file: "src/convert/targets/_request.ts",
    find:
      '    const host = headers.find(([name]) => name.toLowerCase() === "host")?.[1];\n',
    replace:
      '    const host = headers.find(([name]) => name === "host")?.[1];\n',
    tests: ["tests/convert/targets/header_case_test.ts"],
  },
  {
    id: "conv22-case-one-value-per-name",
    bug:
      "a target that sends each name once lets `x-a` and `X-A` through as two names, and the client sends one of them",
    file: "src/convert/targets/_request.ts",
    find: "      const key = name.toLowerCase();\n      if (seen.has(key)) {\n",
    replace: "      const key = name;\n      if (seen.has(key)) {\n",
    tests: ["tests/convert/targets/header_case_test.ts"],
  },
  {
    id: "conv22-case-basic-auth-header",
    bug:
      "URL credentials beside an `Authorization` header (not spelled in lower case) give a second Authorization instead of the refusal or the one header",
    file: "src/convert/targets/_strict_url.ts",
    find: '    name.toLowerCase() === "authorization"\n',
    replace: '    name === "authorization"\n',
    tests: ["tests/convert/targets/header_case_test.ts"],
  },
  {
    id: "conv22-case-fetch-repeated",
    bug:
      "the fetch target writes `x-a` and `X-A` as two keys, which fetch() joins into one line",
    file: "src/convert/targets/fetch.ts",
    find: "    const key = name.toLowerCase();\n    if (seen.has(key)) {\n",
    replace: "    const key = name;\n    if (seen.has(key)) {\n",
    tests: ["tests/convert/targets/header_case_test.ts"],
  },
  {
    id: "conv22-case-go-values-of",
    bug:
      "the Go target checks Host, User-Agent, Transfer-Encoding and Content-Length only when spelled in lower case",
    file: "src/convert/targets/go_net_http.ts",
    find:
      "  return request.headers.filter(([n]) => n.toLowerCase() === name)\n",
    replace: "  return request.headers.filter(([n]) => n === name)\n",
    tests: ["tests/convert/targets/header_case_test.ts"],
  },
  {
    id: "conv22-case-httpie-content-type",
    bug:
      "the HTTPie target misses a `Content-Type` header spelled with capitals",
    file: "src/convert/targets/httpie.ts",
    find: '    name.toLowerCase() === "content-type"\n',
    replace: '    name === "content-type"\n',
    tests: ["tests/convert/targets/header_case_test.ts"],
  },
  {
    id: "conv22-case-java-cookie",
    bug:
      "the Java target lets two `Cookie` headers through, which HttpClient joins into one line",
    file: "src/convert/targets/java_http_client.ts",
    find: '    name.toLowerCase() === "cookie"\n',
    replace: '    name === "cookie"\n',
    tests: ["tests/convert/targets/header_case_test.ts"],
  },
  {
    id: "conv22-case-php-accept-encoding",
    bug:
      "the PHP target misses curl's --compressed header spelled `Accept-Encoding`, so libcurl does not decode the answer",
    file: "src/convert/targets/php_curl.ts",
    find: '    name.toLowerCase() === "accept-encoding"\n  );\n',
    replace: '    name === "accept-encoding"\n  );\n',
    tests: ["tests/convert/targets/header_case_test.ts"],
  },
  {
    id: "conv22-case-php-content-type",
    bug:
      "the PHP target blanks a `Content-Type` header spelled with capitals with `'Content-Type:'`",
    file: "src/convert/targets/php_curl.ts",
    find:
      '    !request.headers.some(([name]) => name.toLowerCase() === "content-type")\n',
    replace: '    !request.headers.some(([name]) => name === "content-type")\n',
    tests: ["tests/convert/targets/header_case_test.ts"],
  },
  {
    id: "conv22-case-httpx-repeated",
    bug:
      "the httpx target writes `x-a` and `X-A` as two dict keys, which httpx merges",
    file: "src/convert/targets/python_httpx.ts",
    find:
      "  const names = request.headers.map(([name]) => name.toLowerCase());\n",
    replace: "  const names = request.headers.map(([name]) => name);\n",
    tests: ["tests/convert/targets/header_case_test.ts"],
  },
  {
    id: "conv22-case-ruby-framing-warning",
    bug:
      "the Ruby target does not warn that net/http replaces a `Content-Length` spelled with capitals",
    file: "src/convert/targets/ruby_net_http.ts",
    find:
      '      const key = name.toLowerCase();\n      if (key === "content-length"',
    replace: '      const key = name;\n      if (key === "content-length"',
    tests: ["tests/convert/targets/header_case_test.ts"],
  },
  {
    id: "conv22-case-ruby-content-type",
    bug:
      "the Ruby target warns of a form type net/http adds, though the request has a `Content-Type`",
    file: "src/convert/targets/ruby_net_http.ts",
    find: '    name.toLowerCase() === "content-type"\n',
    replace: '    name === "content-type"\n',
    tests: ["tests/convert/targets/header_case_test.ts"],
  },
  {
    id: "conv22-case-wget-content-type",
    bug:
      "the wget target warns of a form type wget adds, though the request has a `Content-Type`",
    file: "src/convert/targets/wget.ts",
    find: '      name.toLowerCase() === "content-type"\n',
    replace: '      name === "content-type"\n',
    tests: ["tests/convert/targets/header_case_test.ts"],
  },
  {
    id: "conv22-case-node-http-repeated",
    bug:
      "the node-http target writes `x-a` and `X-A` as two object keys, which Node sends as one name",
    file: "src/convert/targets/node_http.ts",
    find:
      "  const names = request.headers.map(([name]) => name.toLowerCase());\n",
    replace: "  const names = request.headers.map(([name]) => name);\n",
    tests: ["tests/convert/targets/header_case_test.ts"],
  },
  {
    id: "conv22-case-internal-header-key",
    bug:
      "an option that sets a header (-A, -e, --oauth2-bearer, -r), given twice, sends the header twice",
    file: "src/convert/_curl_command.ts",
    find:
      "  setInternal(name: string, value: string): void {\n    const key = name.toLowerCase();\n",
    replace:
      "  setInternal(name: string, value: string): void {\n    const key = name;\n",
    tests: ["tests/convert/curl_letter_case_r22_test.ts"],
  },
  {
    id: "conv22-case-internal-header-slot",
    bug:
      "an option that sets a header, given twice, adds a second header instead of replacing the first",
    file: "src/convert/_curl_command.ts",
    find:
      "    const slot = this.headers.find((h) =>\n      h.internal && h.name.toLowerCase() === key\n",
    replace:
      "    const slot = this.headers.find((h) =>\n      h.internal && h.name === key\n",
    tests: ["tests/convert/curl_letter_case_r22_test.ts"],
  },
  {
    id: "conv22-case-guess-scheme-capitals",
    bug:
      "a host written `FTP.example.com` gets http:// though curl guesses ftp:// as for `ftp.`",
    file: "src/convert/_curl_url.ts",
    find: "  const host = raw.toLowerCase();\n",
    replace: "  const host = raw;\n",
    tests: ["tests/convert/curl_letter_case_r22_test.ts"],
  },
  {
    id: "conv22-case-curl-exe-capitals",
    bug:
      "`CURL.EXE` or `Curl.exe` (a Windows name, case-insensitive) is NOT_CURL",
    file: "src/convert/_curl_words.ts",
    find: '  return base === "curl" || base.toLowerCase() === "curl.exe";\n',
    replace: '  return base === "curl" || base === "curl.exe";\n',
    tests: ["tests/convert/curl_letter_case_r22_test.ts"],
  },
  {
    id: "conv22-fetch-false-as-null",
    bug: "fetch() code's `false` is read as null",
    file: "src/convert/_js_literal_read.ts",
    find: '      case "false":\n        return false;\n',
    replace: '      case "false":\n        false;\n',
    tests: ["tests/convert/convert_draw_20261191_r22_test.ts"],
  },
  {
    id: "conv22-fetch-array-replacer",
    bug:
      "a JSON.stringify replacer given as a list of names is ignored, so the body keeps members the code leaves out",
    file: "src/convert/_js_literal_read.ts",
    find:
      '      this.fail("a JSON.stringify replacer cannot be applied", start);\n',
    replace: "      ;\n",
    tests: ["tests/convert/convert_draw_20261191_r22_test.ts"],
  },
  {
    id: "conv22-template-crlf-two-lines",
    bug: "a template literal's CRLF line break is read as two LFs",
    file: "src/convert/_js_literal_read.ts",
    find:
      '        this.pos += c === "\\r" && text[this.pos + 1] === "\\n" ? 2 : 1;\n',
    replace:
      '        this.pos += c !== "\\r" && text[this.pos + 1] === "\\n" ? 2 : 1;\n',
    tests: ["tests/convert/convert_draw_20261191_r22_test.ts"],
  },
  {
    id: "conv22-random-sniff-json",
    bug:
      "randomRequest types a JSON object body as text and a bare number as JSON",
    file: "src/convert/random.ts",
    find: '  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {\n',
    replace: '  if (!(trimmed.startsWith("{") || trimmed.startsWith("["))) {\n',
    tests: ["tests/convert/convert_draw_20261191_r22_test.ts"],
  },
  {
    id: "conv22-fetch-signed-hex",
    bug:
      "fetch() code's -0x10, +0o17 or -0b1 (a sign before a hex, octal or binary literal) is refused as an invalid number",
    file: "src/convert/_js_literal_read.ts",
    find: '    const value = (raw[0] === "-" ? -1 : 1) * Number(digits);\n',
    replace: '    const value = Number(raw.replaceAll("_", ""));\n',
    tests: ["tests/convert/fetch_literal_oracle_test.ts"],
  },
  {
    id: "conv22-fetch-trailing-dot",
    bug: "fetch() code's 5. (a number ending in its dot) is refused",
    file: "src/convert/_js_literal_read.ts",
    find: "(?:\\d[\\d_]*(?:\\.[\\d_]*)?|\\.\\d[\\d_]*)",
    replace: "(?:\\d[\\d_]*)?\\.?\\d[\\d_]*",
    tests: ["tests/convert/fetch_literal_oracle_test.ts"],
  },
  {
    id: "conv22-fetch-legacy-octal",
    bug:
      "fetch() code's 017 is read as 17, where sloppy JavaScript reads 15 and strict code refuses it",
    file: "src/convert/_js_literal_read.ts",
    find: "    if (/^0\\d/.test(digits)) {\n",
    replace: "    if (/^0\\d/.test(digits) && false) {\n",
    tests: ["tests/convert/fetch_literal_oracle_test.ts"],
  },
  {
    id: "conv22-expand-option-warning",
    bug:
      "curl's --expand-data (and the other --expand- options) is read as the option it expands with no warning that {{variable}} expansion is not performed",
    file: "src/convert/_curl_arguments.ts",
    find:
      '          cmd.warn(\n            "UNSUPPORTED_OPTION",\n            text,\n            word.offset,\n            "{{variable}} expansion is not performed",\n          );\n',
    replace: "",
    tests: ["tests/convert/convert_draw_20261192_r22_test.ts"],
  },
  {
    id: "conv23-ansi-u-nul",
    bug:
      "a \\u0000 or \\U00000000 in $'\u2026' is kept as a NUL in the word, where bash cuts the word there",
    file: "src/convert/_curl_ansi_c.ts",
    find: "        if (codePoint === 0) throw nul(escape);\n",
    replace: "        if (codePoint === -1) throw nul(escape);\n",
    tests: ["tests/convert/unreached_refusals_r23_test.ts"],
  },
  {
    id: "conv23-ansi-control-nul",
    bug: "$'\\c@' (control-@, NUL) is kept as a NUL in the word",
    file: "src/convert/_curl_ansi_c.ts",
    find: "      if (code === 0) throw nul(escape);\n",
    replace: "      if (code === -1) throw nul(escape);\n",
    tests: ["tests/convert/unreached_refusals_r23_test.ts"],
  },
  {
    id: "conv23-cluster-next-read-on",
    bug:
      "-: (--next) at the end of a cluster lets the next transfer's options into the first request",
    file: "src/convert/_curl_arguments.ts",
    find:
      '        if (!applyOption(cmd, option, undefined, false, "-" + letter, word)) {\n          return;\n',
    replace:
      '        if (!applyOption(cmd, option, undefined, false, "-" + letter, word)) {\n          continue;\n',
    tests: ["tests/convert/unreached_refusals_r23_test.ts"],
  },
  {
    id: "conv23-config-not-named",
    bug:
      "-K/--config is called an option that does not change the request, not one that is not applied",
    file: "src/convert/_curl_arguments.ts",
    find: '    case "config":\n    case "variable":\n',
    replace: '    case "variable":\n',
    tests: ["tests/convert/unreached_refusals_r23_test.ts"],
  },
  {
    id: "conv23-json-file-silent",
    bug:
      "--json @file keeps the reference as text without a FILE_REFERENCE warning",
    file: "src/convert/_curl_arguments.ts",
    find:
      '      if (v.startsWith("@") && !stdin) fileReference(cmd, written, at, v);\n',
    replace:
      '      if (v.startsWith("@") && stdin) fileReference(cmd, written, at, v);\n',
    tests: ["tests/convert/unreached_refusals_r23_test.ts"],
  },
  {
    id: "conv23-heredoc-delimiter-quote-offset",
    bug:
      "an open quote in a here-document's delimiter is named one character late",
    file: "src/convert/_curl_heredoc.ts",
    find: "      if (close === -1) throw unterminated(i);\n",
    replace: "      if (close === -1) throw unterminated(i + 1);\n",
    tests: ["tests/convert/unreached_refusals_r23_test.ts"],
  },
  {
    id: "conv23-har-array-as-object",
    bug: "a HAR field given as a list is said to be an object",
    file: "src/convert/_har_read.ts",
    find: '  if (Array.isArray(value)) return "an array";\n',
    replace: "",
    tests: ["tests/convert/unreached_refusals_r23_test.ts"],
  },
  {
    id: "conv23-har-content-null-refused",
    bug:
      "a HAR response with content null is refused instead of read without a body",
    file: "src/convert/_har_read.ts",
    find:
      "  if (har.content === undefined || har.content === null) return undefined;\n",
    replace: "  if (har.content === undefined) return undefined;\n",
    tests: ["tests/convert/unreached_refusals_r23_test.ts"],
  },
  {
    id: "conv23-fetch-pair-of-three",
    bug:
      "fetch() init headers take a pair of three items, the third dropped, where new Headers refuses it",
    file: "src/convert/fetch.ts",
    find: "    if (items.length !== 2) {\n",
    replace: "    if (items.length < 2) {\n",
    tests: ["tests/convert/unreached_refusals_r23_test.ts"],
  },
  {
    id: "conv23-fragment-target-empty",
    bug:
      "a raw request for a URL that is only a fragment has an empty request target",
    file: "src/convert/string.ts",
    find: '  if (target === "") target = "/";\n',
    replace: "",
    tests: ["tests/convert/unreached_refusals_r23_test.ts"],
  },
  {
    id: "conv23-random-empty-methods",
    bug: "randomRequest with an empty method list is not refused as such",
    file: "src/convert/random.ts",
    find: "      if (items.length === 0) {\n",
    replace: "      if (items.length < 0) {\n",
    tests: ["tests/convert/unreached_refusals_r23_test.ts"],
  },
  {
    id: "conv23-random-body-not-string",
    bug:
      "randomRequest's body function may return a number, which becomes the body",
    file: "src/convert/random.ts",
    find: '    if (typeof body !== "string") {\n',
    replace: '    if (typeof body === "symbol") {\n',
    tests: ["tests/convert/unreached_refusals_r23_test.ts"],
  },
  {
    id: "conv23-form-empty-pair-shown",
    bug:
      "parseBody shows an empty pair of a form (`a=1&&b=2`) as a line with no name",
    file: "src/convert/body.ts",
    find: '    if (pair === "") continue;\n',
    replace: "",
    tests: ["tests/convert/unreached_refusals_r23_test.ts"],
  },
  {
    id: "conv23-last-dot-segment-slash",
    bug:
      "a `.` as the last path segment is removed with the slash before it (`/a/.` sent as /a, where curl sends /a/)",
    file: "src/convert/_curl_url.ts",
    find: '    if (segment === ".") {\n      if (last) out.push("");\n',
    replace: '    if (segment === ".") {\n',
    tests: ["tests/convert/curl_wire_test.ts"],
  },
  {
    id: "conv23-markup-open-tag-cut",
    bug:
      "a last tag that never closes loses its final character in parseBody's view",
    file: "src/convert/_markup_format.ts",
    find: "      return i + 1;\n    }\n  }\n  return text.length;\n}\n",
    replace: "      return i + 1;\n    }\n  }\n  return text.length - 1;\n}\n",
    tests: ["tests/convert/unreached_refusals_r23_test.ts"],
  },
  {
    id: "conv23-regex-literal-ends-early",
    bug:
      "a regular-expression literal before the fetch() call ends at its first character, so a quote inside it is read as a string's start and the call is lost",
    file: "src/convert/_js_code_skip.ts",
    find: '    else if (c === "/" && !inClass) {\n',
    replace: '    else if (c !== "/" && !inClass) {\n',
    tests: ["tests/convert/fetch_code_explore_r23_test.ts"],
  },
  {
    id: "conv23-object-spread-unnamed",
    bug:
      "a spread in an object of fetch() code is refused as a missing value, not as a spread",
    file: "src/convert/_js_literal_read.ts",
    find: "    this.noSpread();\n    return this.identifier();\n",
    replace: "    return this.identifier();\n",
    tests: ["tests/convert/fetch_code_explore_r23_test.ts"],
  },
  {
    id: "conv23-cond-double-continuation",
    bug:
      "in [[ \u2026 ]], an operator name split by two line continuations in a row keeps the second backslash, so bash's -n is read as no operator and the command refused",
    file: "src/convert/_curl_conditional.ts",
    find:
      '    if (input.startsWith("\\\\\\n", j)) {\n      j += 2;\n      continue;\n    }\n',
    replace:
      '    if (input.startsWith("\\\\\\n", j)) {\n      j += 2;\n    }\n',
    tests: ["tests/convert/curl_conditional_explore_r23_test.ts"],
  },
  {
    id: "conv23-heredoc-first-line-tabs",
    bug:
      "in a <<- here-document inside $(\u2026), the first body line keeps its leading tabs, so a tab-indented delimiter there does not end the body",
    file: "src/convert/_curl_heredoc.ts",
    find:
      "  // `<<-` drops a line's leading tabs while the joined line is empty.\n  let empty = true;\n",
    replace:
      "  // `<<-` drops a line's leading tabs while the joined line is empty.\n  let empty = false;\n",
    tests: ["tests/convert/curl_heredoc_explore_r23_test.ts"],
  },
];
