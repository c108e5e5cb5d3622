// A curl command line → the request curl would send: the shell words, the
// options read in order into a CurlCommand, then the request built from it.
// Options live in _curl_arguments.ts, -F in _curl_form.ts, URLs in
// _curl_url.ts and authentication in _curl_auth.ts.
import { ConversionError } from "./errors.ts";
import type { HeaderMap, HttpRequest } from "./types.ts";
import { isCurlProgram, programIndex, scanWords } from "./_curl_words.ts";
import type { ShellWord } from "./_curl_words.ts";
import { appendHeader } from "./_message.ts";
import {
  COMPRESSED_ACCEPT_ENCODING,
  conflict,
  CurlCommand,
  type ParsedCurl,
} from "./_curl_command.ts";
import { readArguments } from "./_curl_arguments.ts";
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

/** Parses a curl command line; see the module docs of `curl.ts` for the rules. */
export function parseCurlCommand(command: string): ParsedCurl {
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
  const scan = scanWords(command);
  const words = scan.words;
  // A copied shell prompt (`$ curl …`) is not part of the command.
  const first = programIndex(command, words);
  const program = words[first];
  if (program === undefined || !isCurlProgram(program.value)) {
    const offset = program?.offset ?? scan.stop?.offset ?? 0;
    throw new ConversionError({
      code: "NOT_CURL",
      message: `Expected the command to start with "curl", found ${
        JSON.stringify(
          (program?.value ?? scan.stop?.operator ?? "").slice(0, 40),
        )
      }`,
      offset,
    });
  }
  const cmd = new CurlCommand();
  for (const offset of scan.expansions) {
    cmd.warn(
      "SHELL_EXPANSION",
      command[offset] === "`" ? "`" : "$",
      offset,
      "Shell expansions are not performed; the text is kept as written",
    );
  }
  if (scan.stop) {
    cmd.warn(
      "SHELL_OPERATOR",
      scan.stop.operator,
      scan.stop.offset,
      `The command ends at the shell operator "${scan.stop.operator}"; the rest is ignored`,
    );
  }
  readArguments(cmd, words, first + 1, command.length);
  return { request: buildRequest(cmd, command.length), warnings: cmd.warnings };
}

function buildRequest(cmd: CurlCommand, end: number): HttpRequest {
  const target = firstUrl(cmd, end);
  checkBodyConflicts(cmd);
  const hasForm = cmd.form.length > 0;
  let { url, credentials } = normalizeUrl(target, cmd.protoDefault);
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
