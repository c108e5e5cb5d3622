// curl's options on top of the shell words: reading option words (clusters,
// `--opt=value`, prefixes, `--`) and applying each option to the command.
// Form parts, URLs and authentication have their own modules.
import { ConversionError } from "./errors.ts";
import {
  isBlankHeaderValue,
  lookupLong,
  SHORT_OPTIONS,
} from "./_curl_options.ts";
import type { CurlOption } from "./_curl_options.ts";
import type { ShellWord } from "./_curl_words.ts";
import {
  type CurlCommand,
  fileReference,
  wellFormed,
} from "./_curl_command.ts";
import { parseFormArgument } from "./_curl_form.ts";
import { urlencodeArgument } from "./_curl_url.ts";
import { applyAuthOption } from "./_curl_auth.ts";
import { checkSendableRequest } from "./_sendable.ts";
import { checkHeaderField } from "./_http_text.ts";

/** Reads the option and URL words after the program word into `cmd`. */
export function readArguments(
  cmd: CurlCommand,
  words: ShellWord[],
  from: number,
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
      cmd.customMethod = sendableMethod(v, at);
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
      if (v === "@-" && cmd.stdin !== undefined) {
        // curl strips CR and LF from what -d reads; --data-binary keeps all.
        const text = cmd.readStdin();
        addData(
          cmd,
          option.name === "data-binary" ? text : text.replace(/[\r\n]/g, ""),
          false,
          word,
        );
        break;
      }
      if (v.startsWith("@")) fileReference(cmd, written, at, v);
      addData(cmd, v, false, word);
      break;
    case "data-raw":
      addData(cmd, v, false, word);
      break;
    case "data-urlencode":
      addData(cmd, urlencodeArgument(cmd, v, written, at), false, word);
      break;
    case "json": {
      const stdin = v === "@-" && cmd.stdin !== undefined;
      if (v.startsWith("@") && !stdin) fileReference(cmd, written, at, v);
      cmd.json = true;
      addData(cmd, stdin ? cmd.readStdin() : v, true, word);
      break;
    }
    case "form":
    case "form-string":
      cmd.firstFormOption ??= word;
      cmd.form.push(
        parseFormArgument(cmd, v, option.name === "form-string", written, at),
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
      cmd.range = { value: curlRange(v), written, at };
      break;
    case "path-as-is":
      cmd.pathAsIs = !negated;
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
      if ((v === "-" || v === ".") && cmd.stdin !== undefined) {
        // curl uploads its standard input: here, the here-document.
        cmd.upload = true;
        cmd.uploadFile ??= v;
        cmd.uploadOption ??= word;
        cmd.uploadBody ??= cmd.readStdin();
        break;
      }
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
      if (applyAuthOption(cmd, option.name, v, written, at, negated)) break;
      cmd.warn(
        "IGNORED_OPTION",
        written,
        at,
        TRANSFER_OPTIONS[option.name] === undefined
          ? `${written} does not change the request`
          : `${written} does not change the request, but curl ${
            TRANSFER_OPTIONS[option.name]
          }: a command written back from the request (curl.fromRequest) does not`,
      );
  }
  return true;
}

/**
 * Options that leave the first request alone but change what curl does with
 * it, so a command regenerated from the request behaves differently.
 */
const TRANSFER_OPTIONS: Record<string, string> = {
  location: "follows redirects with it",
  "location-trusted": "follows redirects and resends credentials with it",
  insecure: "skips TLS certificate checks with it",
  "proxy-insecure": "skips the proxy's TLS certificate checks with it",
  proxy: "sends the request through a proxy with it",
  resolve: "connects to another address with it",
  "connect-to": "connects to another host with it",
  "unix-socket": "connects to a Unix socket with it",
  cert: "presents a client certificate with it",
  cacert: "trusts another certificate authority with it",
  "max-time": "gives up after a time limit with it",
  retry: "retries failed transfers with it",
  fail: "fails on HTTP errors with it",
  output: "writes the response to a file with it",
  "remote-name": "writes the response to a file with it",
};

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
  if (raw === "@-" && cmd.stdin !== undefined) {
    // curl reads a header a line from its standard input (here, the
    // here-document), line ends and blank lines dropped; checked with curl
    // 7.88 on the wire. A line is taken as written, never as another "@".
    for (const line of cmd.readStdin().split("\n")) {
      const header = line.replace(/\r$/, "");
      if (header !== "") addHeaderLine(cmd, header, written, at);
    }
    return;
  }
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
  addHeaderLine(cmd, raw, written, at);
}

/** One header as -H writes it: `Name: value`, `Name:` (removal) or `Name;`. */
function addHeaderLine(
  cmd: CurlCommand,
  raw: string,
  written: string,
  at: number,
): void {
  const colon = raw.indexOf(":");
  if (colon === -1) {
    const semicolon = raw.indexOf(";");
    // curl's "Name;" form sends the header with an empty value; the ";"
    // must end the text (curl 7.88 skips "Name; " and "Name;;").
    if (semicolon > 0 && semicolon === raw.length - 1) {
      const name = raw.slice(0, semicolon).trim();
      sendableHeader(name, "", at);
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
  sendableHeader(name, value, at);
  cmd.customNames.add(name.toLowerCase());
  cmd.headers.push({ name, value, internal: false });
}

/**
 * curl writes -X and -H text onto the wire as given, so a CR or LF in it
 * would put a line there that no request can describe: refused at the
 * option, with the codes every writer uses (see _sendable.ts).
 */
function sendableMethod(method: string, at: number): string {
  try {
    return checkSendableRequest({ method, url: "", headers: {} }).method;
  } catch (error) {
    throw atOffset(error, at);
  }
}

function sendableHeader(name: string, value: string, at: number): void {
  try {
    checkHeaderField(name, value);
  } catch (error) {
    throw atOffset(error, at);
  }
}

function atOffset(error: unknown, offset: number): unknown {
  if (!(error instanceof ConversionError)) return error;
  return new ConversionError({
    code: error.code,
    message: error.message,
    offset,
  });
}

/**
 * A -r value as curl sends it: a value that starts with a digit and has no
 * dash is its leading number and an open end (`600` → `600-`, `1,5` →
 * `1-`; curl warns it appends the dash), anything else as written.
 */
function curlRange(value: string): string {
  if (!/^[0-9]/.test(value) || value.includes("-")) return value;
  return /^[0-9]+/.exec(value)![0] + "-";
}
