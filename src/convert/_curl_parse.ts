// A curl command line → the request curl would send: the shell words, the
// options read in order into a CurlCommand, then the request built from it.
// Options live in _curl_arguments.ts, -F in _curl_form.ts, URLs in
// _curl_url.ts and authentication in _curl_auth.ts.
import { ConversionError } from "./errors.ts";
import type { HeaderMap, HttpRequest } from "./types.ts";
import {
  assignmentName,
  isCurlProgram,
  programIndex,
  scanWords,
} from "./_curl_words.ts";
import type { ScanResult, ShellWord } from "./_curl_words.ts";
import type { HereDocument } from "./_curl_heredoc.ts";
import { appendHeader } from "./_message.ts";
import {
  COMPRESSED_ACCEPT_ENCODING,
  conflict,
  CurlCommand,
  type ParsedCurl,
} from "./_curl_command.ts";
import { readArguments } from "./_curl_arguments.ts";
import { checkSendableRequest } from "./_sendable.ts";
import { setFormBody } from "./_curl_form.ts";
import { setAuthHeader } from "./_curl_auth.ts";
import {
  appendQuery,
  checkedUrl,
  normalizeUrl,
  uploadUrl,
} from "./_curl_url.ts";

export type {
  CurlWarning,
  CurlWarningCode,
  ParsedCurl,
} from "./_curl_command.ts";

function checkText(command: unknown): asserts command is string {
  if (typeof command !== "string") {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: `Expected a curl command string, got ${
        command === null ? "null" : typeof command
      }`,
    });
  }
  if (command.trim() === "") {
    throw new ConversionError({
      code: "EMPTY_INPUT",
      message: "The curl command is empty",
      offset: 0,
    });
  }
}

/**
 * The commands of `text` that have words, in order, scanned one by one.
 * The commands of a line that opens here-documents are handed out once the
 * line ends and the bodies, their standard input, are read.
 */
function* commands(text: string): Generator<ScanResult> {
  let from: number | undefined = 0;
  const pending: HereDocument[] = [];
  const line: ScanResult[] = [];
  while (from !== undefined) {
    const scan: ScanResult = scanWords(text, Infinity, from, pending);
    if (scan.words.length > 0 || scan.stop !== undefined) line.push(scan);
    from = scan.next;
    if (pending.length > 0) continue;
    yield* line;
    line.length = 0;
  }
}

function notCurl(text: string, scan: ScanResult): ConversionError {
  const program = scan.words[programIndex(text, scan.words)];
  return new ConversionError({
    code: "NOT_CURL",
    message: `Expected the command to start with "curl", found ${
      JSON.stringify(
        (program?.value ?? scan.stop?.operator ?? "").slice(0, 40),
      )
    }`,
    offset: program?.offset ?? scan.stop?.offset ?? 0,
  });
}

/** Index of the program word when `scan` runs curl, else -1. */
function curlProgram(text: string, scan: ScanResult): number {
  const first = programIndex(text, scan.words);
  const program = scan.words[first];
  return program !== undefined && isCurlProgram(program.value) ? first : -1;
}

/**
 * Parses the first command of `command` (see the module docs of `curl.ts`);
 * a later command is not converted and raises MORE_COMMANDS.
 */
export function parseCurlCommand(command: string): ParsedCurl {
  checkText(command);
  const all = commands(command);
  const scan = all.next().value;
  if (scan === undefined) {
    // Only comments: the first "word" is none.
    throw notCurl(command, scanWords(command));
  }
  const first = curlProgram(command, scan);
  if (first === -1) throw notCurl(command, scan);
  const parsed = parseScanned(command, scan, first);
  // Only a newline leaves no other warning that the text goes on.
  if (scan.stop === undefined && scan.next !== undefined) {
    let later: ScanResult | undefined;
    try {
      later = all.next().value;
    } catch {
      // A later command that cannot be read still follows.
      later = {
        words: [{ value: "", offset: scan.next }],
        expansions: [],
        end: scan.next,
      };
    }
    if (later !== undefined) {
      const word = later.words[0] ??
        { value: later.stop?.operator ?? "", offset: later.stop?.offset ?? 0 };
      parsed.warnings.push({
        code: "MORE_COMMANDS",
        option: word.value,
        offset: word.offset,
        message:
          "An unquoted line break ends a command, as in bash: only the first command is converted (curl.parseCommands reads every one); end a line with \\ to continue the command",
      });
    }
  }
  return parsed;
}

/**
 * Parses every command of a script that runs curl, in order. Commands end
 * at an unquoted newline, `;`, `&`, `&&`, `|` or `||`, as in bash; commands
 * that do not run curl (`jq`, `echo`, a stray `-H …` line) are skipped.
 */
export function parseCurlCommands(text: string): ParsedCurl[] {
  checkText(text);
  const parsed: ParsedCurl[] = [];
  let firstScan: ScanResult | undefined;
  for (const scan of commands(text)) {
    firstScan ??= scan;
    const first = scan.words.length > 0 ? curlProgram(text, scan) : -1;
    if (first !== -1) parsed.push(parseScanned(text, scan, first));
  }
  if (parsed.length === 0) throw notCurl(text, firstScan ?? scanWords(text));
  return parsed;
}

function parseScanned(
  text: string,
  scan: ScanResult,
  first: number,
): ParsedCurl {
  const cmd = new CurlCommand();
  const expansions = scan.stdin?.expansions === undefined
    ? scan.expansions
    : [...scan.expansions, ...scan.stdin.expansions];
  if (scan.stdin !== undefined) cmd.stdin = scan.stdin.body ?? "";
  for (const word of scan.words.slice(0, first)) {
    const name = assignmentName(text, word);
    // The words before the program word are a prompt or assignments.
    if (name === undefined) continue;
    cmd.warn(
      "SHELL_ASSIGNMENT",
      name,
      word.offset,
      `The assignment to ${name} sets curl's environment, which a request does not carry; it is skipped`,
    );
  }
  for (const offset of expansions) {
    const sign = text[offset] === "`" || text[offset] === "~"
      ? text[offset]
      : "$";
    cmd.warn(
      "SHELL_EXPANSION",
      sign,
      offset,
      sign === "~"
        ? "bash expands a word-initial ~ to a home directory; the text is kept as written"
        : "Shell expansions are not performed; the text is kept as written",
    );
  }
  if (scan.stop) {
    const { operator, offset, redirection } = scan.stop;
    cmd.warn(
      "SHELL_OPERATOR",
      operator,
      offset,
      // A redirection's file name is bash's, but the words after it are
      // still curl's; a process substitution, `(` or `|` ends what is read.
      redirection
        ? `The shell redirection at "${operator}" and its file name are not curl's arguments; the words after them are`
        : `The command ends at the shell operator "${operator}"; the rest is ignored`,
    );
  }
  readArguments(cmd, scan.words, first + 1);
  // MISSING_URL points at the end of the command (the input's end for the last).
  const end = scan.next === undefined ? text.length : scan.end;
  // -A, -e, -b, -u values land in headers too: the same check for all.
  const request = checkSendableRequest(buildRequest(cmd, end));
  return { request, warnings: cmd.warnings };
}

function buildRequest(cmd: CurlCommand, end: number): HttpRequest {
  const target = firstUrl(cmd, end);
  checkBodyConflicts(cmd);
  const hasForm = cmd.form.length > 0;
  let { url, credentials } = normalizeUrl(
    target,
    cmd.protoDefault,
    cmd.pathAsIs,
  );
  if (cmd.uploadFile !== undefined) url = uploadUrl(url, cmd.uploadFile);
  let body: string | undefined;
  // -G data and --url-query pieces join the query, as curl does; curl then
  // parses the URL, and refuses it when a piece holds a space or control
  // character. Appended at once: one copy of the URL however many pieces.
  const queries: string[] = [];
  if (cmd.data.length > 0) {
    const data = joinData(cmd.data);
    if (cmd.get) queries.push(checkedUrl(data, target, "-G data"));
    else body = data;
  }
  for (const query of cmd.urlQueries) {
    queries.push(checkedUrl(query.value, query.word, "--url-query"));
  }
  url = appendQuery(url, queries.filter((query) => query !== "").join("&"));
  const method = cmd.customMethod ?? defaultMethod(cmd, hasForm, body);
  setDerivedHeaders(cmd, cmd.user ?? credentials);
  setRangeHeader(cmd, hasForm, body);
  if (hasForm) body = setFormBody(cmd);
  else if (body !== undefined && !cmd.json) {
    cmd.setInternal("Content-Type", "application/x-www-form-urlencoded");
  }
  // `-T -` sends the here-document as is, with no content type (curl
  // frames it chunked on the wire; the request carries the bytes).
  if (cmd.uploadBody !== undefined) body = cmd.uploadBody;
  const request: HttpRequest = { method, url, headers: headerMap(cmd) };
  if (body !== undefined) request.body = body;
  if (cmd.httpVersion !== undefined) request.httpVersion = cmd.httpVersion;
  return request;
}

/** The URL converted; curl would fetch the others too, so say we don't. */
function firstUrl(cmd: CurlCommand, end: number): ShellWord {
  const target = cmd.urls[0];
  if (target === undefined) {
    throw new ConversionError({
      code: "MISSING_URL",
      message: "The curl command names no URL",
      offset: end,
    });
  }
  for (const extra of cmd.urls.slice(1)) {
    cmd.warn(
      "EXTRA_URL",
      extra.value,
      extra.offset,
      "Only the first URL is converted",
    );
  }
  return target;
}

/** Throws where curl itself refuses the combination of body options. */
function checkBodyConflicts(cmd: CurlCommand): void {
  const hasData = cmd.data.length > 0;
  const hasForm = cmd.form.length > 0;
  if (hasData && hasForm) {
    throw conflict(
      cmd.firstFormOption,
      "curl refuses -F together with -d/--data/--json",
    );
  }
  if (cmd.head && (hasForm || (hasData && !cmd.get))) {
    throw conflict(
      cmd.headOption,
      "curl refuses -I/--head together with a request body",
    );
  }
  if (cmd.upload && (cmd.head || hasForm || (hasData && !cmd.get))) {
    throw conflict(
      cmd.uploadOption,
      "curl refuses -T/--upload-file together with -d/--data/--json, -F or -I (one request method only)",
    );
  }
}

/** Data pieces joined by `&`, except before a --json piece (curl appends it). */
function joinData(data: CurlCommand["data"]): string {
  let joined = "";
  data.forEach((piece, i) => {
    joined += (i === 0 || piece.json ? "" : "&") + piece.value;
  });
  return joined;
}

/** The method curl uses when no -X names one. */
function defaultMethod(
  cmd: CurlCommand,
  hasForm: boolean,
  body: string | undefined,
): string {
  if (cmd.head) return "HEAD";
  if (hasForm || body !== undefined) return "POST";
  return cmd.upload ? "PUT" : "GET";
}

/**
 * `-r` as curl sends it: `Range: bytes=…` on a request without a body;
 * with a -d body (curl's POST) `Content-Range: bytes …/<body bytes>`;
 * nothing with -F. With -T curl names the file's size, and the file is
 * never read: a warning instead of a header.
 */
function setRangeHeader(
  cmd: CurlCommand,
  hasForm: boolean,
  body: string | undefined,
): void {
  const { range } = cmd;
  if (range === undefined || hasForm) return;
  if (cmd.upload) {
    cmd.warn(
      "FILE_REFERENCE",
      range.written,
      range.at,
      `${range.written} with -T makes curl send Content-Range with the uploaded file's size; the file is never read, so no range header is produced`,
    );
  } else if (body !== undefined) {
    const size = new TextEncoder().encode(body).byteLength;
    cmd.setInternal("Content-Range", `bytes ${range.value}/${size}`);
  } else cmd.setInternal("Range", "bytes=" + range.value);
}

/** Headers curl adds for -u/--oauth2-bearer, --compressed and --json. */
function setDerivedHeaders(cmd: CurlCommand, user: string | undefined): void {
  setAuthHeader(cmd, user);
  if (cmd.compressed) {
    cmd.setInternal("Accept-Encoding", COMPRESSED_ACCEPT_ENCODING);
  }
  if (cmd.json) {
    cmd.setInternal("Content-Type", "application/json");
    cmd.setInternal("Accept", "application/json");
  }
}

/** The header map; a user's header (or its removal) overrides curl's own. */
function headerMap(cmd: CurlCommand): HeaderMap {
  const headers: HeaderMap = {};
  for (const slot of cmd.headers) {
    const key = slot.name.toLowerCase();
    if (
      slot.internal && (cmd.customNames.has(key) || cmd.removedNames.has(key))
    ) continue;
    appendHeader(headers, key, slot.value);
  }
  return headers;
}
