// curl's option semantics on top of the shell words: which options make the
// request, how they combine, and what is ignored (with a warning).
import { ConversionError } from "./errors.ts";
import type { HeaderMap, HttpRequest } from "./types.ts";
import {
  isBlankHeaderValue,
  lookupLong,
  SHORT_OPTIONS,
} from "./_curl_options.ts";
import type { CurlOption } from "./_curl_options.ts";
import { isCurlProgram, programIndex, scanWords } from "./_curl_words.ts";
import { appendHeader } from "./_message.ts";
import { percentDecode } from "./_percent_decode.ts";
import { encodeBase64, utf8Bytes } from "./_bytes.ts";
import type { ShellWord } from "./_curl_words.ts";

/**
 * Why {@linkcode parseCurl} warns.
 *
 * - `UNKNOWN_OPTION`: not in curl's option table; taken as a boolean flag.
 * - `IGNORED_OPTION`: a real curl option that does not change the request
 *   (`-s`, `-L`, `-k`, `-o file`, …).
 * - `UNSUPPORTED_OPTION`: changes the request in a way a plain request cannot
 *   express (`--digest`, `-T file`, `-K`, `--next`, …).
 * - `FILE_REFERENCE`: a value reads a file (`-d @file`, `-F f=@x`, `-H @file`,
 *   `-b file`); files are never read, the reference is kept as text.
 * - `EXTRA_URL`: more than one URL; only the first is converted.
 * - `SHELL_EXPANSION`: `$VAR`, `$(…)` or backticks, kept literally.
 * - `SHELL_OPERATOR`: text after `|`, `;`, `&`, `<`, `>` is not curl's.
 * - `INVALID_HEADER`: an `-H` value curl itself would skip.
 *
 * @example Usage
 * ```ts
 * import type { CurlWarningCode } from "@switchyard/switchyard/curl";
 * const code: CurlWarningCode = "FILE_REFERENCE";
 * ```
 */
export type CurlWarningCode =
  | "UNKNOWN_OPTION"
  | "IGNORED_OPTION"
  | "UNSUPPORTED_OPTION"
  | "FILE_REFERENCE"
  | "EXTRA_URL"
  | "SHELL_EXPANSION"
  | "SHELL_OPERATOR"
  | "INVALID_HEADER";

/**
 * Something in a curl command that the converted request does not reflect.
 *
 * @example Reading warnings
 * ```ts
 * import { parseCurl } from "@switchyard/switchyard/curl";
 * const { warnings } = parseCurl("curl -sL https://example.com");
 * console.log(warnings.map((w) => w.option)); // ["-s", "-L"]
 * ```
 */
export interface CurlWarning {
  /** Why the warning was raised. */
  code: CurlWarningCode;
  /** The option as written (`--digest`, `-s`), or the word concerned. */
  option: string;
  /** Offset in the command of the word that holds the option. */
  offset: number;
  /** Human-readable explanation. */
  message: string;
}

/**
 * The result of {@linkcode parseCurl}: the request and its warnings.
 *
 * @example Usage
 * ```ts
 * import { parseCurl } from "@switchyard/switchyard/curl";
 * import type { ParsedCurl } from "@switchyard/switchyard/curl";
 * const parsed: ParsedCurl = parseCurl("curl https://example.com");
 * console.log(parsed.request.url, parsed.warnings.length); // "https://example.com/" 0
 * ```
 */
export interface ParsedCurl {
  /** The request curl would send, as far as a plain request can say it. */
  request: HttpRequest;
  /** What was ignored or kept only as a reference. */
  warnings: CurlWarning[];
}

/** The `Accept-Encoding` curl sends for `--compressed` when built with every decoder. */
export const COMPRESSED_ACCEPT_ENCODING = "deflate, gzip, br, zstd";
/** The multipart boundary; a digit suffix is added if a part contains it. */
export const FORM_BOUNDARY = "------------------------switchyard";

interface HeaderSlot {
  name: string;
  value: string;
  /** Set by an option (-A, -e, -b, -u, …) rather than -H: -H overrides it. */
  internal: boolean;
}

interface DataPiece {
  value: string;
  json: boolean;
}

interface FormPart {
  name: string;
  value: string;
  filename?: string;
  type?: string;
}

type Auth = "basic" | "bearer" | "other";

class CurlCommand {
  readonly warnings: CurlWarning[] = [];
  readonly urls: ShellWord[] = [];
  readonly headers: HeaderSlot[] = [];
  readonly customNames = new Set<string>();
  readonly removedNames = new Set<string>();
  readonly data: DataPiece[] = [];
  readonly form: FormPart[] = [];
  /** --url-query pieces, encoded, with their option word. */
  readonly urlQueries: { value: string; word: ShellWord }[] = [];
  customMethod?: string;
  get = false;
  head = false;
  upload = false;
  /** The first -T file; curl names the upload after it when the URL ends in "/". */
  uploadFile?: string;
  uploadOption?: ShellWord;
  /** The -r value and its option; the header it becomes depends on the request. */
  range?: { value: string; written: string; at: number };
  json = false;
  compressed = false;
  user?: string;
  bearer?: string;
  auth: Auth = "basic";
  httpVersion?: string;
  protoDefault?: string;
  firstBodyOption?: ShellWord;
  firstFormOption?: ShellWord;
  headOption?: ShellWord;

  warn(
    code: CurlWarningCode,
    option: string,
    offset: number,
    message: string,
  ): void {
    this.warnings.push({ code, option, offset, message });
  }

  setInternal(name: string, value: string): void {
    const key = name.toLowerCase();
    const slot = this.headers.find((h) =>
      h.internal && h.name.toLowerCase() === key
    );
    if (slot) slot.value = value;
    else this.headers.push({ name, value, internal: true });
  }

  removeInternal(name: string): void {
    const key = name.toLowerCase();
    const index = this.headers.findIndex((h) =>
      h.internal && h.name.toLowerCase() === key
    );
    if (index !== -1) this.headers.splice(index, 1);
  }
}

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

function readArguments(
  cmd: CurlCommand,
  words: ShellWord[],
  from: number,
  end: number,
): void {
  let optionsEnded = false;
  for (let w = from; w < words.length; w++) {
    const word = words[w];
    const text = word.value;
    if (optionsEnded || text.length < 2 || text[0] !== "-") {
      cmd.urls.push(word);
      continue;
    }
    const takeValue = (option: string): string => {
      const next = words[++w];
      if (next === undefined) {
        throw new ConversionError({
          code: "MISSING_OPTION_VALUE",
          message: `Option ${option} needs a value`,
          offset: word.offset,
        });
      }
      return next.value;
    };
    if (text[1] === "-") {
      if (text === "--") {
        optionsEnded = true;
        continue;
      }
      const body = text.slice(2);
      let found = lookupLong(body);
      let inline: string | undefined;
      const eq = body.indexOf("=");
      if (found === undefined && eq > 0) {
        const named = lookupLong(body.slice(0, eq));
        if (named?.option.takesValue) {
          found = named;
          inline = body.slice(eq + 1);
        }
      }
      if (found === undefined && body.startsWith("expand-")) {
        const named = lookupLong(body.slice(7));
        if (named?.option.takesValue) {
          found = named;
          cmd.warn(
            "UNSUPPORTED_OPTION",
            text,
            word.offset,
            "{{variable}} expansion is not performed",
          );
        }
      }
      if (found === undefined) {
        cmd.warn(
          "UNKNOWN_OPTION",
          text,
          word.offset,
          `${text} is not a curl option known to this parser; taken as a flag without a value`,
        );
        continue;
      }
      const { option, negated } = found;
      const value = option.takesValue ? inline ?? takeValue(text) : undefined;
      if (!applyOption(cmd, option, value, negated, text, word)) return;
      continue;
    }
    // Clustered short options: -sSL, -XPOST, -sXPOST, -d@file.
    for (let k = 1; k < text.length; k++) {
      const letter = text[k];
      const option = SHORT_OPTIONS.get(letter);
      if (option === undefined) {
        cmd.warn(
          "UNKNOWN_OPTION",
          "-" + letter,
          word.offset,
          `-${letter} is not a curl option known to this parser; taken as a flag without a value`,
        );
        continue;
      }
      if (!option.takesValue) {
        if (!applyOption(cmd, option, undefined, false, "-" + letter, word)) {
          return;
        }
        continue;
      }
      const value = k + 1 < text.length
        ? text.slice(k + 1)
        : takeValue("-" + letter);
      if (!applyOption(cmd, option, value, false, "-" + letter, word)) return;
      break;
    }
  }
  void end;
}

/** Applies one option; returns false when parsing must stop (`--next`). */
function applyOption(
  cmd: CurlCommand,
  option: CurlOption,
  value: string | undefined,
  negated: boolean,
  written: string,
  word: ShellWord,
): boolean {
  const v = value ?? "";
  const at = word.offset;
  switch (option.name) {
    case "url":
      cmd.urls.push({ value: v, offset: at });
      break;
    case "request":
      cmd.customMethod = v;
      break;
    case "get":
      cmd.get = !negated;
      break;
    case "head":
      cmd.head = !negated;
      cmd.headOption ??= word;
      break;
    case "header":
      addHeaderOption(cmd, v, written, at);
      break;
    case "data":
    case "data-ascii":
    case "data-binary":
      if (v.startsWith("@")) fileReference(cmd, written, at, v);
      addData(cmd, v, false, word);
      break;
    case "data-raw":
      addData(cmd, v, false, word);
      break;
    case "data-urlencode":
      addData(cmd, urlencodeArgument(cmd, v, written, at), false, word);
      break;
    case "json":
      if (v.startsWith("@")) fileReference(cmd, written, at, v);
      cmd.json = true;
      addData(cmd, v, true, word);
      break;
    case "form":
    case "form-string":
      cmd.firstFormOption ??= word;
      cmd.form.push(
        parseFormArgument(cmd, v, option.name === "form-string", written, at),
      );
      break;
    case "user":
      cmd.user = v;
      break;
    case "oauth2-bearer":
      cmd.bearer = v;
      cmd.auth = "bearer";
      break;
    case "basic":
      cmd.auth = "basic";
      break;
    case "digest":
    case "ntlm":
    case "ntlm-wb":
    case "negotiate":
    case "anyauth":
    case "aws-sigv4":
      cmd.auth = "other";
      cmd.warn(
        "UNSUPPORTED_OPTION",
        written,
        at,
        `${written} authentication needs a server round trip; no authorization header is produced`,
      );
      break;
    case "user-agent":
      if (v === "") cmd.removeInternal("User-Agent");
      else cmd.setInternal("User-Agent", v);
      break;
    case "referer": {
      const referer = v.replace(/;auto.*$/s, "");
      if (referer === "") cmd.removeInternal("Referer");
      else cmd.setInternal("Referer", referer);
      break;
    }
    case "cookie":
      if (v.includes("=")) {
        const slot = cmd.headers.find((h) => h.internal && h.name === "Cookie");
        // curl joins -b strings with a bare ";" (checked on the wire, 7.88).
        if (slot) slot.value += ";" + v;
        else cmd.setInternal("Cookie", v);
      } else {
        fileReference(
          cmd,
          written,
          at,
          v,
          "is a cookie file; no cookie header is produced",
        );
      }
      break;
    case "range":
      cmd.range = { value: v, written, at };
      break;
    case "compressed":
      cmd.compressed = !negated;
      break;
    case "http1.0":
      cmd.httpVersion = "1.0";
      break;
    case "http1.1":
      cmd.httpVersion = "1.1";
      break;
    case "http2":
    case "http2-prior-knowledge":
      cmd.httpVersion = "2";
      break;
    case "http3":
    case "http3-only":
      cmd.httpVersion = "3";
      break;
    case "url-query":
      cmd.urlQueries.push({
        value: v.startsWith("+")
          ? v.slice(1)
          : urlencodeArgument(cmd, v, written, at),
        word,
      });
      break;
    case "proto-default":
      cmd.protoDefault = v;
      break;
    case "upload-file":
      cmd.upload = true;
      cmd.uploadFile ??= wellFormed(v, written, at);
      cmd.uploadOption ??= word;
      fileReference(
        cmd,
        written,
        at,
        v,
        "is uploaded by curl; the request gets no body",
      );
      break;
    case "next":
      cmd.warn(
        "UNSUPPORTED_OPTION",
        written,
        at,
        "Only the first transfer (before --next) is converted",
      );
      return false;
    case "config":
    case "variable":
    case "request-target":
    case "time-cond":
    case "proxy-header":
      cmd.warn(
        "UNSUPPORTED_OPTION",
        written,
        at,
        `${written} is not applied to the request`,
      );
      break;
    default:
      cmd.warn(
        "IGNORED_OPTION",
        written,
        at,
        `${written} does not change the request`,
      );
  }
  return true;
}

function fileReference(
  cmd: CurlCommand,
  written: string,
  at: number,
  reference: string,
  what = "reads a file, which is never read; the reference is kept as text",
): void {
  cmd.warn(
    "FILE_REFERENCE",
    written,
    at,
    `${written} ${JSON.stringify(reference)} ${what}`,
  );
}

function addData(
  cmd: CurlCommand,
  value: string,
  json: boolean,
  word: ShellWord,
): void {
  cmd.firstBodyOption ??= word;
  cmd.data.push({ value, json });
}

function addHeaderOption(
  cmd: CurlCommand,
  raw: string,
  written: string,
  at: number,
): void {
  if (raw.startsWith("@")) {
    fileReference(
      cmd,
      written,
      at,
      raw,
      "reads headers from a file, which is never read; no header is added",
    );
    return;
  }
  const colon = raw.indexOf(":");
  if (colon === -1) {
    const semicolon = raw.indexOf(";");
    // curl's "Name;" form sends the header with an empty value; the ";"
    // must end the text (curl 7.88 skips "Name; " and "Name;;").
    if (semicolon > 0 && semicolon === raw.length - 1) {
      const name = raw.slice(0, semicolon).trim();
      cmd.customNames.add(name.toLowerCase());
      cmd.headers.push({ name, value: "", internal: false });
      return;
    }
    cmd.warn(
      "INVALID_HEADER",
      written,
      at,
      `${JSON.stringify(raw)} has no ":"; curl skips it`,
    );
    return;
  }
  const name = raw.slice(0, colon).trim();
  const rest = raw.slice(colon + 1);
  const value = rest.replace(/^[ \t]+|[ \t\r\n]+$/g, "");
  if (name === "") {
    cmd.warn(
      "INVALID_HEADER",
      written,
      at,
      `${JSON.stringify(raw)} has an empty name; curl skips it`,
    );
    return;
  }
  if (isBlankHeaderValue(rest)) {
    // "Name:" (blanks at most after it, VT and FF included, as curl counts
    // them) removes a header curl would add by itself; nothing is sent.
    cmd.removedNames.add(name.toLowerCase());
    return;
  }
  cmd.customNames.add(name.toLowerCase());
  cmd.headers.push({ name, value, internal: false });
}

/**
 * `text`, or INVALID_INPUT at the option when it holds a lone UTF-16
 * surrogate: such text has no UTF-8 bytes to percent-encode (the same
 * character written as `$'\uD800'` is INVALID_ESCAPE).
 */
function wellFormed(text: string, written: string, at: number): string {
  if (text.isWellFormed()) return text;
  throw new ConversionError({
    code: "INVALID_INPUT",
    message:
      `The value of ${written} holds a lone UTF-16 surrogate, which has no UTF-8 form to encode`,
    offset: at,
  });
}

/**
 * curl's --data-urlencode escaping (checked against curl 7.88): every byte
 * except ALPHA / DIGIT / "-" / "." / "_" / "~" is percent-encoded, and a
 * space becomes "+".
 */
export function curlEscape(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]|%20/g,
    (c) => c === "%20" ? "+" : "%" + c.charCodeAt(0).toString(16).toUpperCase(),
  );
}

/** `--data-urlencode` / `--url-query` argument forms: content, =content, name=content, @file, name@file. */
function urlencodeArgument(
  cmd: CurlCommand,
  arg: string,
  written: string,
  at: number,
): string {
  wellFormed(arg, written, at);
  const eq = arg.indexOf("=");
  if (eq !== -1) {
    const content = curlEscape(arg.slice(eq + 1));
    return eq === 0 ? content : arg.slice(0, eq) + "=" + content;
  }
  if (arg.includes("@")) {
    fileReference(
      cmd,
      written,
      at,
      arg,
      "URL-encodes a file, which is never read; the reference is kept as text",
    );
    return arg;
  }
  return curlEscape(arg);
}

const FILE_TYPES: Record<string, string> = {
  gif: "image/gif",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  svg: "image/svg+xml",
  txt: "text/plain",
  htm: "text/html",
  html: "text/html",
  pdf: "application/pdf",
  xml: "application/xml",
};

function parseFormArgument(
  cmd: CurlCommand,
  arg: string,
  literal: boolean,
  written: string,
  at: number,
): FormPart {
  const eq = arg.indexOf("=");
  if (eq === -1) {
    throw new ConversionError({
      code: "INVALID_OPTION",
      message: `${written} ${JSON.stringify(arg)} needs the form name=content`,
      offset: at,
    });
  }
  const name = arg.slice(0, eq);
  const rest = arg.slice(eq + 1);
  if (literal) return { name, value: rest };
  const [content, params] = splitFormValue(rest);
  const part: FormPart = { name, value: content };
  for (const param of params) {
    const sep = param.indexOf("=");
    const key = sep === -1
      ? param.trim()
      : param.slice(0, sep).trim().toLowerCase();
    const val = sep === -1 ? "" : unquoteFormWord(param.slice(sep + 1).trim());
    if (key === "type") part.type = val;
    else if (key === "filename") part.filename = val;
    else {
      cmd.warn(
        "UNSUPPORTED_OPTION",
        written,
        at,
        `Form parameter ${JSON.stringify(param)} is not applied`,
      );
    }
  }
  if (content.startsWith("@")) {
    fileReference(
      cmd,
      written,
      at,
      content,
      "uploads a file, which is never read; the part holds the reference",
    );
    const path = content.slice(1);
    part.filename ??= path.slice(
      Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1,
    );
    part.type ??= FILE_TYPES[
      part.filename.slice(part.filename.lastIndexOf(".") + 1).toLowerCase()
    ] ??
      "application/octet-stream";
  } else if (content.startsWith("<")) {
    fileReference(
      cmd,
      written,
      at,
      content,
      "reads a file, which is never read; the part holds the reference",
    );
  }
  return part;
}

// C's isspace(), which curl's -F parser skips around an unquoted value.
const LEADING_BLANKS = /^[ \t\n\v\f\r]+/;
const TRAILING_BLANKS = /[ \t\n\v\f\r]+$/;

/**
 * Splits `value;type=…;filename=…`, honouring a double-quoted value. As
 * curl does, blanks before the value are skipped and, when it is not
 * quoted, blanks after it too (`-F 'a=  x  '` sends "x").
 */
function splitFormValue(rest: string): [string, string[]] {
  const prefix = rest[0] === "@" || rest[0] === "<" ? rest[0] : "";
  const body = rest.slice(prefix.length).replace(LEADING_BLANKS, "");
  let value: string;
  let tail: string;
  if (body.startsWith('"')) {
    let i = 1;
    let out = "";
    while (i < body.length && body[i] !== '"') {
      if (body[i] === "\\" && i + 1 < body.length) i++;
      out += body[i++];
    }
    value = out;
    tail = body.slice(i + 1);
  } else {
    const semi = body.indexOf(";");
    value = (semi === -1 ? body : body.slice(0, semi)).replace(
      TRAILING_BLANKS,
      "",
    );
    tail = semi === -1 ? "" : body.slice(semi);
  }
  const params = tail.split(";").slice(1).filter((p) => p.trim() !== "");
  return [prefix + value, params];
}

function unquoteFormWord(word: string): string {
  if (word.length >= 2 && word.startsWith('"') && word.endsWith('"')) {
    return word.slice(1, -1).replace(/\\(.)/g, "$1");
  }
  return word;
}

function escapeFormName(name: string): string {
  return name.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

function multipartBody(parts: FormPart[]): { body: string; boundary: string } {
  const partText = parts.map((part) => {
    let head = `Content-Disposition: form-data; name="${
      escapeFormName(part.name)
    }"`;
    if (part.filename !== undefined) {
      head += `; filename="${escapeFormName(part.filename)}"`;
    }
    head += "\r\n";
    if (part.type !== undefined) head += `Content-Type: ${part.type}\r\n`;
    return { head, value: part.value };
  });
  let boundary = FORM_BOUNDARY;
  for (
    let n = 1;
    partText.some((p) =>
      p.value.includes(boundary) || p.head.includes(boundary)
    );
    n++
  ) {
    boundary = FORM_BOUNDARY + n;
  }
  let body = "";
  for (const p of partText) {
    body += `--${boundary}\r\n${p.head}\r\n${p.value}\r\n`;
  }
  return { body: body + `--${boundary}--\r\n`, boundary };
}

function conflict(
  word: ShellWord | undefined,
  message: string,
): ConversionError {
  return new ConversionError({
    code: "INVALID_OPTION",
    message,
    offset: word?.offset ?? 0,
  });
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
  if (cmd.auth === "bearer" && cmd.bearer !== undefined) {
    cmd.setInternal("Authorization", "Bearer " + cmd.bearer);
  } else if (cmd.auth === "basic" && user !== undefined) {
    cmd.setInternal(
      "Authorization",
      "Basic " +
        encodeBase64(utf8Bytes(user.includes(":") ? user : user + ":")),
    );
  }
  if (cmd.compressed) {
    cmd.setInternal("Accept-Encoding", COMPRESSED_ACCEPT_ENCODING);
  }
  if (cmd.json) {
    cmd.setInternal("Content-Type", "application/json");
    cmd.setInternal("Accept", "application/json");
  }
}

/**
 * The multipart body of the -F parts. A user's own content-type gets the
 * boundary appended, as curl does, so header and body agree.
 */
function setFormBody(cmd: CurlCommand): string {
  const multipart = multipartBody(cmd.form);
  const custom = cmd.headers.find((h) =>
    !h.internal && h.name.toLowerCase() === "content-type"
  );
  if (custom) custom.value += "; boundary=" + multipart.boundary;
  else {
    cmd.setInternal(
      "Content-Type",
      "multipart/form-data; boundary=" + multipart.boundary,
    );
  }
  return multipart.body;
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

/** `query` added to the URL's query: after `?`, or `&` when it has one (curl treats a bare `?` as none). */
function appendQuery(url: string, query: string): string {
  if (query === "") return url;
  const hash = url.indexOf("#");
  const base = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? "" : url.slice(hash);
  const separator = !base.includes("?") ? "?" : base.endsWith("?") ? "" : "&";
  return base + separator + query + fragment;
}

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;

// curl's URL parser refuses controls and the space anywhere in a URL
// ("Malformed input to a URL function", exit code 3).
// deno-lint-ignore no-control-regex
const URL_JUNK = /[\x00-\x20\x7f]/;

/** `url`, or INVALID_URL at the URL word when curl would refuse it. */
function checkedUrl(url: string, word: ShellWord, source: string): string {
  if (!URL_JUNK.test(url)) return url;
  throw new ConversionError({
    code: "INVALID_URL",
    message:
      `The URL with the ${source} contains a space or control character, which curl rejects as malformed; write it percent-encoded (%20)`,
    offset: word.offset,
  });
}

/**
 * curl's -T naming: when the URL's path ends in "/", curl appends the
 * uploaded file's name (without directories, percent-encoded as
 * curl_easy_escape does). Standard input (`-` or `.`) adds nothing.
 */
function uploadUrl(url: string, file: string): string {
  if (file === "-" || file === ".") return url;
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.endsWith("/")) return url;
  const name = file.slice(
    Math.max(file.lastIndexOf("/"), file.lastIndexOf("\\")) + 1,
  );
  const escaped = encodeURIComponent(name).replace(
    /[!'()*]/g,
    (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase(),
  );
  return path + escaped + (end === -1 ? "" : url.slice(end));
}

/** curl's URL defaults: a missing scheme is guessed, an empty path is "/", userinfo becomes Basic auth. */
function normalizeUrl(
  word: ShellWord,
  protoDefault: string | undefined,
): { url: string; credentials?: string } {
  const raw = word.value;
  if (raw === "" || URL_JUNK.test(raw)) {
    throw new ConversionError({
      code: "INVALID_URL",
      message: raw === ""
        ? "The URL is empty"
        : "The URL contains a space or control character, which curl rejects as malformed; write it percent-encoded (%20)",
      offset: word.offset,
    });
  }
  if (raw.startsWith("/")) return { url: raw };
  let url = raw;
  const scheme = SCHEME.exec(raw);
  if (!scheme) url = (protoDefault ?? guessScheme(raw)) + "://" + raw;
  const authorityStart = url.indexOf("://") + 3;
  let authorityEnd = url.slice(authorityStart).search(/[/?#]/);
  authorityEnd = authorityEnd === -1
    ? url.length
    : authorityStart + authorityEnd;
  const authority = url.slice(authorityStart, authorityEnd);
  if (authority === "") {
    throw new ConversionError({
      code: "INVALID_URL",
      message: `${JSON.stringify(raw)} has no host`,
      offset: word.offset,
    });
  }
  let credentials: string | undefined;
  const at = authority.lastIndexOf("@");
  if (at !== -1) {
    credentials = percentDecode(authority.slice(0, at), false);
    url = url.slice(0, authorityStart) + authority.slice(at + 1) +
      url.slice(authorityEnd);
    authorityEnd -= at + 1;
  }
  if (url[authorityEnd] !== "/") {
    url = url.slice(0, authorityEnd) + "/" + url.slice(authorityEnd);
  }
  return credentials === undefined ? { url } : { url, credentials };
}

function guessScheme(raw: string): string {
  const host = raw.toLowerCase();
  for (const scheme of ["ftp", "dict", "ldap", "imap", "smtp", "pop3"]) {
    if (host.startsWith(scheme + ".")) return scheme;
  }
  return "http";
}
