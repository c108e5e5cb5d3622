/**
 * curl command lines ↔ HTTP requests.
 *
 * - {@linkcode toRequest} / {@linkcode parseCurl} read a bash curl command
 *   (for instance a browser's "Copy as cURL (bash)") into an
 *   {@linkcode HttpRequest}; `parseCurl` also returns warnings.
 * - {@linkcode fromRequest} writes a command that bash hands to curl with
 *   every value intact, whatever the values contain.
 * - {@linkcode toFetchCode} turns a curl command into `fetch()` code.
 *
 * ## Reading: the shell
 *
 * A character-by-character scanner splits words as bash does, without
 * running anything: `'…'`, `"…"` (backslash escapes only `` \\ \" \$ \` ``
 * and a newline), `$'…'` ANSI-C strings (`\n \t \r \\ \' \" \? \a \b \e \E
 * \f \v`, `\xHH`, `\NNN` octal, `\uHHHH`, `\UHHHHHHHH`, `\cX`), the browser's
 * `'\''` apostrophe, backslash escapes and backslash-newline continuations,
 * adjacent quoted parts joined into one word. Windows CRLF line endings are
 * accepted between words and after a continuation backslash; inside quotes a
 * CR stays part of the value, as in bash. An unquoted `#` starts a comment.
 *
 * Decisions:
 * - `$VAR`, `${…}`, `$(…)`, `$((…))`, backticks and a word-initial `~` are
 *   not expanded: the text is kept as written and a `SHELL_EXPANSION` warning
 *   is raised. A `$(…)`, `${…}` or backtick substitution is one part of its
 *   word, as bash reads it: its parentheses, blanks and quotes neither end the
 *   command nor split the word.
 * - An unquoted line break ends the command, as in bash: `curl URL` ⏎
 *   `-H 'X-Next: line'` is two commands, the second not curl's (end the line
 *   with `\` to continue). {@linkcode toRequest} and {@linkcode parseCurl}
 *   convert the first command and warn `MORE_COMMANDS` when another follows;
 *   {@linkcode parseCommands} / {@linkcode toRequests} read every curl
 *   command of a script.
 * - An unquoted `;`, `&`, `&&`, `|` or `||` ends the command too (the next
 *   command starts after it; `parseCommands` cannot know which side of `&&`
 *   or `||` bash would run, so it lists every curl command). `(` and `)`
 *   end the words of the command; a redirection (`curl https://x > out -s`)
 *   and its file name are not curl's words, but the words after them are,
 *   as bash hands them over. Either way a `SHELL_OPERATOR` warning says
 *   so. Quote URLs that contain `&`.
 * - A backslash as the very last character of the input has nothing to
 *   escape and stays a `\` word, as `bash -c` keeps it; a backslash before
 *   the final line break is a continuation and is dropped.
 * - Windows cmd's "Copy as cURL (cmd)" (`^"…^"` quoting, `^` line
 *   continuations) and PowerShell's backtick line continuation are not
 *   bash: a word that starts with `^"`, or a `^` or backtick right before a
 *   line end, throws `INVALID_INPUT` at its offset, asking for the bash copy,
 *   instead of producing a URL and headers full of `^`.
 * - A leading shell prompt `$ ` (copied from documentation) is skipped, and
 *   so are variable assignments before the program word (`NO_PROXY='*' curl
 *   …`): they set curl's environment, which a request does not carry, and
 *   each raises a `SHELL_ASSIGNMENT` warning (curlconverter skips them too).
 *   Only what bash reads as an assignment counts: an unquoted name of
 *   letters, digits and `_`, not starting with a digit (or an element,
 *   `a[1]`), then `=` or `+=`.
 *   The program word must be `curl`, a path ending in `/curl`, or
 *   `curl.exe`.
 * - `$'…'` escapes must produce valid UTF-8 text: `$'\xff'` (bytes that are
 *   not UTF-8) and NUL (`$'\0'`, which bash would silently truncate) throw
 *   `INVALID_ESCAPE` at the escape's offset rather than replace or drop data.
 * - Errors are {@linkcode ConversionError}s with `offset`: `EMPTY_INPUT`,
 *   `INVALID_INPUT` (not a string), `NOT_CURL` (offset of the first word),
 *   `UNTERMINATED_QUOTE` (offset of the opening quote; of the `$` for
 *   `$'…'`), `INVALID_ESCAPE`, `MISSING_OPTION_VALUE` (offset of the option),
 *   `MISSING_URL` (offset = input length), `INVALID_URL` (empty, no host, or
 *   control characters, which curl rejects), `INVALID_OPTION` (`-F`
 *   without `=`; `-F` with `-d`, `-I` with a body, or `-T` with `-d`, `-F`
 *   or `-I`, which curl refuses) and `INVALID_INPUT` at the option for a
 *   lone UTF-16 surrogate in a value curl must URL-encode
 *   (`--data-urlencode`, `--url-query`, `-T`).
 *
 * ## Reading: curl's options
 *
 * Every option of curl 8's manual is in a table with its arity, so an
 * option's value is never taken for the URL and vice versa. Clustered short
 * options (`-sSL`, `-XPOST`, `-sXPOST`, `-d@f`), `--no-` negated booleans,
 * unambiguous long prefixes (`--sil`, as curl allows), `--` (end of options)
 * and `--opt=value` are understood. `--opt=value` is a convenience: curl itself
 * rejects it. An unknown `--foo` is a flag without a value
 * (`UNKNOWN_OPTION` warning). Options that do not shape the request (`-s`,
 * `-v`, `-k`, `-L`, `-o file`, …) are consumed with their value and reported
 * as `IGNORED_OPTION`.
 *
 * - Method: GET; POST with `-d`/`--json`/`-F`; PUT with `-T`; HEAD with `-I`;
 *   `-X` overrides and is kept exactly as written.
 * - `-H "Name: value"` adds a header (repeats kept, order kept); `-H "Name;"`
 *   sends an empty header (only with the `;` last: curl skips `Name; `); `-H "Name:"` (nothing after the colon but space,
 *   tab, CR, LF, VT or FF, which C's isspace skips) removes a header curl
 *   would add itself and is otherwise not recorded (curl sends nothing for
 *   it);
 *   `-H @file` is not read (warning). A `-H` header replaces the header of
 *   the same name that an option would add (`-A`, `-e`, `-b`, `-u`,
 *   `--compressed`, the default content type).
 * - `-d`, `--data-ascii`, `--data-binary`, `--data-raw`, `--data-urlencode`
 *   and `--json` pieces are joined with `&` (a `--json` piece is appended
 *   without a separator, as curl does); `@file` is never read: the text
 *   `@file` stays in the body and a `FILE_REFERENCE` warning is raised
 *   (`--data-raw` has no `@` rule). `@-` reads the command's standard
 *   input when a here-document (`<<WORD`, `<<-WORD`) or a here-string
 *   (`<<<word`) gives it, as bash hands it over (an unquoted delimiter's
 *   `$…` kept as typed, with a `SHELL_EXPANSION` warning): `-d` and
 *   `--data-ascii` without its CR and LF, `--data-binary` and `--json` as
 *   is, `--data-urlencode @-`/`name@-` encoded, `-F name=<-` as the
 *   part's value, `-F name=@-` as a file part named `-`, `-H @-` as a
 *   header a line; curl reads it once, in option order, so a second `@-`
 *   is empty. Without one, `@-` is a file reference like any
 *   `@file`. `--data-urlencode` follows curl:
 *   `content`, `=content`, `name=content` encode the content the way
 *   curl 7.88 does (only `A-Z a-z 0-9 - . _ ~` stay, a space becomes `+`); `@file` and
 *   `name@file` are kept as written (warning). With a body and no content
 *   type, `content-type: application/x-www-form-urlencoded` is added, like
 *   curl. `--json` adds `content-type` and `accept: application/json`.
 * - `-G` moves the data into the query (`?` or `&`; a bare trailing `?`
 *   counts as no query, and empty pieces add nothing, as with curl);
 *   `--url-query` too. A raw `+piece` holding a space or control character
 *   is `INVALID_URL` at its option, like such `-G` data.
 * - `-F`/`--form-string` build a `multipart/form-data` body with the fixed
 *   boundary `------------------------switchyard` (a digit is appended while
 *   a part contains it), CRLF line ends, `;type=` and `;filename=` honoured.
 *   `type=` is kept as written, quotes included, together with the
 *   parameters after it that curl's -F does not know (`type=text/plain;
 *   charset=utf-8`), as curl sends it. Parts are `Content-Disposition:
 *   form-data` unless an `-H` content type other than `multipart/form-data`
 *   is given (`multipart/mixed`, `multipart/related`, …): then each part is
 *   an `attachment`, as libcurl writes it.
 *   Blanks around an unquoted value are skipped as curl skips them
 *   (`-F 'a=  x  '` sends `x`); a double-quoted value and `--form-string`
 *   keep them.
 *   `name=@file` becomes a file part (filename from the path, content type
 *   guessed from the extension like curl) whose content is the reference
 *   text `@file`; `name=<file` likewise `<file`, with no filename (curl
 *   sends none for a part whose text is read, even one given). A text part
 *   given `;filename=` is typed by its extension too.
 * - `-u user:password` becomes `authorization: Basic …` of the UTF-8 bytes
 *   (`-u user` without a password uses an empty one; curl would prompt).
 *   Credentials in the URL (`https://user:pw@host/`) are taken out of the
 *   URL into the same header, as curl does; `-u` wins over them.
 *   `--oauth2-bearer` gives `Bearer`; `--digest`, `--ntlm`, `--negotiate`
 *   produce no header (warning), and neither do two schemes together
 *   (`--oauth2-bearer` with `--basic`): curl sends credentials only after
 *   the server's 401 then. `--no-basic`, `--no-digest`… take a scheme out.
 * - `-A` user-agent, `-e` referer (`;auto` dropped), `-r` range
 *   (`range: bytes=…`; a value that starts with a digit and has no `-` is
 *   curl's open range of its leading number, `-r 600` → `bytes=600-`; with a `-d` body curl sends
 *   `content-range: bytes …/<body bytes>` instead, with `-F` nothing, and
 *   with `-T` the file's size, which is never read: a warning), `-b` with a
 *   `=` is a cookie header (repeats joined with a
 *   bare `;`, as curl sends them: `-b a=1 -b b=2` is `a=1;b=2`), without one
 *   it is a cookie file (warning, no header).
 * - `-T file` is a `PUT` without a body (the file is never read); when the
 *   URL's path ends in `/`, the file's name is appended as curl does
 *   (`-T dir/f.txt http://h/up/` → `http://h/up/f.txt`; not for `-T -`).
 *   `-T -` with a here-document or here-string uploads it: the body is its
 *   text, with no content type (curl sends it chunked).
 * - `--compressed` adds `accept-encoding: deflate, gzip, br, zstd`, what a
 *   curl built with every decoder sends. curl's implicit `Host`,
 *   `User-Agent: curl/…` and `Accept` (any type) headers are not added.
 * - `--http1.0`/`-0`, `--http1.1`, `--http2`, `--http2-prior-knowledge`,
 *   `--http3`, `--http3-only` set `httpVersion` (`1.0`, `1.1`, `2`, `3`).
 * - URLs: without a scheme curl's guess applies (`http://`, or `ftp://` for
 *   `ftp.` hosts …; `--proto-default` overrides); an empty path becomes `/`.
 *   A URL starting with `/` is kept as a path. The first URL is converted;
 *   more URLs (and anything after `--next`) raise warnings. A URL holding a
 *   space or a control character (also through `-G` data) throws
 *   `INVALID_URL` at the URL's offset, because curl refuses it as malformed
 *   rather than encoding it. The path is sent as curl 7.88 sends it (checked
 *   on the wire): `.` and `..` segments are removed (`/a/b/../c/./d` →
 *   `/a/c/d`; `%2e` is not a dot) unless `--path-as-is` is given, and
 *   non-ASCII characters are percent-encoded as UTF-8 in lower-case hex
 *   (`/café?q=é` → `/caf%c3%a9?q=é`: the query and fragment stay as
 *   written).
 *
 * ## Writing
 *
 * {@linkcode fromRequest} single-quotes every argument (`'` → `'\''`); a value
 * holding control characters other than newline is written as `$'…'` with
 * escapes instead, so a terminal paste cannot alter it. No value can leave its
 * quotes or be expanded. The URL comes first (through `--url` when it starts
 * with `-`, plus `--globoff` when it holds `[]{}`; a space or control
 * character in it is percent-encoded, `%20`, because curl refuses them raw
 * and no request line can carry them), then `-X` only when the
 * method differs from what curl infers (`--head` for a body-less HEAD),
 * `--http1.0`/`--http2`/`--http3` for those versions, one `-H` per header value
 * in order (`-H 'name;'` for an empty value, and for one of only blanks, which
 * curl would read as "remove this header"), and the body as `--data-raw` so
 * a leading `@` stays literal. A body without a content type gets
 * `-H 'Content-Type:'` so curl adds none. `pretty: true` puts each option on
 * its own line with ` \` continuations. NUL anywhere, or a header name that
 * is not an HTTP token, throws a {@linkcode ConversionError}. Header values
 * are compared trimmed: curl strips the blanks around a value. A native
 * `Request` whose body bytes are not valid UTF-8 throws `INVALID_INPUT`
 * (`--data-raw` text cannot carry them; `har.fromRequest` keeps them as
 * base64) — never a body silently rewritten with U+FFFD.
 *
 * @example Reading a browser command
 * ```ts
 * import { toRequest } from "@switchyard/switchyard/curl";
 * const request = toRequest(
 *   `curl 'https://api.example.com/notes' -H 'content-type: application/json' --data-raw '{"text":"it'\\''s"}'`,
 * );
 * console.log(request.method, request.body); // POST {"text":"it's"}
 * ```
 *
 * @module
 */
import { ConversionError, ConversionErrorCode } from "./errors.ts";
import type {
  ConversionErrorCodeValue,
  ConversionErrorOptions,
} from "./errors.ts";
import type { HeaderMap, HttpRequest, RequestInput } from "./types.ts";
import { toHttpRequest } from "./_message.ts";
import { parseCurlCommand, parseCurlCommands } from "./_curl_parse.ts";
import type { ParsedCurl } from "./_curl_parse.ts";
import { curlCommand } from "./_curl_generate.ts";
import { fetchCode } from "./_fetch_code.ts";

export type {
  CurlWarning,
  CurlWarningCode,
  ParsedCurl,
} from "./_curl_parse.ts";
export type {
  ConversionErrorCodeValue,
  ConversionErrorOptions,
  HeaderMap,
  HttpRequest,
  RequestInput,
};
export { ConversionError, ConversionErrorCode };

/**
 * Options of {@linkcode fromRequest}.
 *
 * @example Usage
 * ```ts
 * import type { FromRequestOptions } from "@switchyard/switchyard/curl";
 * const options: FromRequestOptions = { pretty: true };
 * ```
 */
export interface FromRequestOptions {
  /** One option per line, joined with ` \` continuations (default `false`). */
  pretty?: boolean;
}

/**
 * Parses a curl command line into a request and the list of things the
 * request does not reflect. Only the first command is read: a later one
 * (after an unquoted line break) raises `MORE_COMMANDS`; use
 * {@linkcode parseCommands} for every command of a script.
 *
 * @param command A bash curl command, e.g. from a browser's "Copy as cURL".
 * @returns The request and the warnings (ignored options, file references, extra URLs …).
 * @throws {ConversionError} For input that is not a curl command or cannot be
 * tokenized (see the module documentation for the codes).
 *
 * @example Warnings for what is not converted
 * ```ts
 * import { parseCurl } from "@switchyard/switchyard/curl";
 * const { request, warnings } = parseCurl("curl -d @payload.json https://example.com/upload");
 * console.log(request.body); // "@payload.json"
 * console.log(warnings[0].code, warnings[0].option); // "FILE_REFERENCE" "-d"
 * ```
 *
 * @example Errors carry a code and an offset
 * ```ts
 * import { ConversionError, parseCurl } from "@switchyard/switchyard/curl";
 * try {
 *   parseCurl("curl 'https://example.com");
 * } catch (error) {
 *   if (error instanceof ConversionError) {
 *     console.log(error.code, error.offset); // "UNTERMINATED_QUOTE" 5
 *   }
 * }
 * ```
 */
export function parseCurl(command: string): ParsedCurl {
  return parseCurlCommand(command);
}

/**
 * Parses a curl command line into a request (warnings are dropped; use
 * {@linkcode parseCurl} to see them).
 *
 * @param command A bash curl command.
 * @returns The request curl would send.
 * @throws {ConversionError} On non-curl input, unterminated quotes, and the
 * other errors listed in the module documentation.
 *
 * @example Clustered options, form data and Basic auth
 * ```ts
 * import { toRequest } from "@switchyard/switchyard/curl";
 * const request = toRequest("curl -sSL -u ada:s3cret -d name=Ada -d lang=en example.com/users");
 * console.log(request);
 * // {
 * //   method: "POST",
 * //   url: "http://example.com/users",
 * //   headers: {
 * //     authorization: "Basic YWRhOnMzY3JldA==",
 * //     "content-type": "application/x-www-form-urlencoded",
 * //   },
 * //   body: "name=Ada&lang=en",
 * // }
 * ```
 */
export function toRequest(command: string): HttpRequest {
  return parseCurlCommand(command).request;
}

/**
 * Parses every curl command of a pasted script, in order: bash ends a
 * command at an unquoted line break, `;`, `&`, `&&`, `|` or `||`, so
 * `curl a` ⏎ `curl b` is two requests (a backslash at the end of a line
 * still continues the command). Commands that do not run curl (`jq .`,
 * `echo`, a stray `-H …` line) are skipped; {@linkcode parseCurl} and
 * {@linkcode toRequest} read only the first command.
 *
 * @param script One or more bash curl commands.
 * @returns One request and its warnings per curl command, in script order.
 * @throws {ConversionError} `EMPTY_INPUT`, `NOT_CURL` when no command runs
 * curl, or the first error of any curl command (offsets count from the
 * start of `script`).
 *
 * @example Two commands on two lines
 * ```ts
 * import { parseCommands } from "@switchyard/switchyard/curl";
 * const parsed = parseCommands("curl https://a.test/one\ncurl -X DELETE https://a.test/two");
 * console.log(parsed.map(({ request }) => `${request.method} ${request.url}`));
 * // ["GET https://a.test/one", "DELETE https://a.test/two"]
 * ```
 */
export function parseCommands(script: string): ParsedCurl[] {
  return parseCurlCommands(script);
}

/**
 * The requests of every curl command in a script ({@linkcode parseCommands}
 * without the warnings).
 *
 * @param script One or more bash curl commands.
 * @returns The requests, in script order.
 * @throws {ConversionError} As {@linkcode parseCommands} does.
 *
 * @example A script with a pipe
 * ```ts
 * import { toRequests } from "@switchyard/switchyard/curl";
 * const requests = toRequests("curl -s https://a.test/list | jq .\ncurl -d x=1 https://a.test/add");
 * console.log(requests.map((r) => r.method)); // ["GET", "POST"]
 * ```
 */
export function toRequests(script: string): HttpRequest[] {
  return parseCurlCommands(script).map((parsed) => parsed.request);
}

/**
 * Writes a curl command for a request, safe to paste into bash whatever the
 * values contain.
 *
 * @param request A plain request or a native `Request` (read from a clone).
 * @param options `pretty` for one option per line.
 * @returns The command text.
 * @throws {ConversionError} When a value contains NUL or a header name is not an HTTP token; `INVALID_INPUT` for a native body that is not UTF-8.
 *
 * @example One line
 * ```ts
 * import { fromRequest } from "@switchyard/switchyard/curl";
 * const command = await fromRequest({
 *   method: "PUT",
 *   url: "https://example.com/notes/1",
 *   headers: { "content-type": "text/plain" },
 *   body: "it's $(not) run",
 * });
 * console.log(command);
 * // curl 'https://example.com/notes/1' -X 'PUT' -H 'content-type: text/plain' --data-raw 'it'\''s $(not) run'
 * ```
 *
 * @example Pretty, and back again
 * ```ts
 * import { fromRequest, toRequest } from "@switchyard/switchyard/curl";
 * const request = { method: "GET", url: "https://example.com/", headers: { accept: "text/html" } };
 * const command = await fromRequest(request, { pretty: true });
 * console.log(command);
 * // curl 'https://example.com/' \
 * //   -H 'accept: text/html'
 * console.log(toRequest(command).headers.accept); // "text/html"
 * ```
 */
export async function fromRequest(
  request: RequestInput,
  options: FromRequestOptions = {},
): Promise<string> {
  const plain = await toHttpRequest(request);
  if (
    plain === null || typeof plain !== "object" || typeof plain.url !== "string"
  ) {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: "Expected a request with a url",
    });
  }
  return curlCommand(plain, options.pretty ?? false);
}

/**
 * Turns a curl command into JavaScript source that sends the same request
 * with `fetch()` (the same code as `fetch.toCode`, `.then()` form, pretty).
 *
 * @param command A bash curl command.
 * @returns fetch() source code; every string in it is a JSON-encoded literal.
 * @throws {ConversionError} As {@linkcode toRequest} does.
 *
 * @example curl to fetch()
 * ```ts
 * import { toFetchCode } from "@switchyard/switchyard/curl";
 * const code = toFetchCode(`curl -X POST https://example.com/it -d "it's"`);
 * console.log(code.startsWith('fetch("https://example.com/it", {')); // true
 * console.log(code.includes(`body: "it's"`)); // true
 * ```
 */
export function toFetchCode(command: string): string {
  return fetchCode(parseCurlCommand(command).request);
}
