/**
 * `switchyard convert`: reads a curl command, raw HTTP text, HAR JSON or
 * fetch() code and prints it as raw HTTP, curl, fetch() code and/or HAR.
 *
 * ```sh
 * switchyard convert "curl -X POST https://example.com -d a=1"
 * switchyard convert --to har --pretty --file request.http
 * switchyard convert 'fetch("https://a.example/x", { method: "DELETE" })'
 * cat export.har | switchyard convert --to curl -
 * switchyard convert            # a built-in sample
 * ```
 *
 * (`deno task convert …` runs the same from a clone.)
 *
 * Exit codes: 0 success, 1 the input cannot be converted (a ConversionError:
 * its code, offset and field path are printed to stderr), 2 bad usage.
 *
 * Warnings of the curl parser (options that do not shape the request, such
 * as `-s` or `-L`; `-d @file`, whose file is never read) go to stderr, one
 * `warning [CODE] at offset N: message` line each; `--quiet` drops them.
 * Control characters in anything printed to stderr are escaped, so input
 * cannot forge lines or terminal sequences there.
 *
 * A relative `--file` path is resolved against the directory the command was
 * run in: `deno task` runs the script from the repository root but passes
 * that directory as `INIT_CWD` (the task grants `--allow-env=INIT_CWD`).
 *
 * Input read from stdin or --file must be UTF-8 (a leading byte order mark is
 * dropped); other bytes are an INVALID_INPUT error (exit 1) rather than text
 * silently rewritten with U+FFFD.
 *
 * @module
 */
import { detectType } from "../convert/core.ts";
import { allFormats } from "../convert/all_formats.ts";
import * as curl from "../convert/curl.ts";
import { parseCode, toCode } from "../convert/fetch.ts";
import * as har from "../convert/har.ts";
import {
  parseRequest,
  parseResponse,
  stringifyRequest,
  stringifyResponse,
} from "../convert/string.ts";
import { ConversionError } from "../convert/errors.ts";
import type { HttpRequest, HttpResponse } from "../convert/types.ts";
import { UsageError } from "./_args.ts";
import { findTarget, targets } from "../convert/code.ts";

/** Short names for the targets people ask for most. */
const TARGET_ALIASES: Readonly<Record<string, string>> = {
  python: "python-requests",
  node: "node-http",
  go: "go-net-http",
  php: "php-curl",
  ruby: "ruby-net-http",
  java: "java-http-client",
};
import { FileError, resolvePath, type Runtime } from "./_runtime.ts";

const FORMATS = [
  "all",
  "curl",
  "http",
  "har",
  "fetch",
  // Every code-generation target of the table (curl and fetch are above).
  ...targets.map((target) => target.id).filter((id) =>
    id !== "curl" && id !== "fetch"
  ),
  ...Object.keys(TARGET_ALIASES),
];
type Format = string;

export const CONVERT_HELP = `Usage: switchyard convert [options] [input]

Converts a curl command, a raw HTTP request/response, HAR JSON (a log, an
entry or a request) or fetch() code into other forms. The input type is
detected. fetch() code is read, never run: its arguments must be literals.

Input (first that applies):
  <input>            the text itself as one argument
  --file, -f <path>  read a file ("-" reads stdin); a relative path is
                     taken from the directory you ran the command in
  -                  read stdin
  (none)             stdin when piped, else a built-in sample

Options:
  --to <format>      curl | http | har | fetch | all   (default: all), or a
                     code target (python = python-requests, node = node-http,
                     go = go-net-http, php = php-curl,
                     ruby = ruby-net-http, java = java-http-client):
                     ${
  targets.filter((t) => t.id !== "curl" && t.id !== "fetch").map((t) => t.id)
    .join(", ")
}
  --pretty           multi-line curl, indented HAR, spread fetch() options
  --origin-form      raw HTTP request line with the path only
                     (GET /x HTTP/1.1 + host header), not the absolute URL
  --quiet, -q        no warnings on stderr
  --help, -h         show this help

Warnings (curl options that do not change the request, such as -s or -L;
-d @file, whose file is not read) go to stderr, one line each:
  warning [CODE] at offset N: message
Errors go to stderr with exit code 1 (conversion) or 2 (usage).`;

const SAMPLE = `curl 'https://api.example.com/users?page=2' \\
  -X POST \\
  -H 'content-type: application/json' \\
  -H 'authorization: Bearer demo-token' \\
  --data-raw '{"name":"Ada Lovelace","role":"admin"}'`;

interface CliOptions {
  to: Format;
  pretty: boolean;
  originForm: boolean;
  quiet: boolean;
  help: boolean;
  input?: string;
  file?: string;
}

function parseConvertArgs(args: readonly string[]): CliOptions {
  const options: CliOptions = {
    to: "all",
    pretty: false,
    originForm: false,
    quiet: false,
    help: false,
  };
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const valueOf = (name: string): string => {
      const eq = arg.indexOf("=");
      if (eq !== -1 && arg.startsWith("--")) return arg.slice(eq + 1);
      const value = args[++i];
      if (value === undefined) throw new UsageError(`${name} needs a value`);
      return value;
    };
    if (arg === "--help" || arg === "-h") options.help = true;
    else if (arg === "--pretty") options.pretty = true;
    else if (arg === "--origin-form") options.originForm = true;
    else if (arg === "--quiet" || arg === "-q") options.quiet = true;
    else if (arg === "--to" || arg.startsWith("--to=")) {
      const to = valueOf("--to");
      if (!(FORMATS as readonly string[]).includes(to)) {
        throw new UsageError(
          `--to must be one of ${FORMATS.join(", ")}, got "${to}"`,
        );
      }
      options.to = to as Format;
    } else if (arg === "--file" || arg === "-f" || arg.startsWith("--file=")) {
      options.file = valueOf("--file");
      // A script's unset `--file "$F"`: refused, not read as the directory
      // the command ran in.
      if (options.file === "") {
        throw new UsageError(
          '--file must name a file ("-" reads stdin), got ""',
        );
      }
    } else if (arg === "-") options.file = "-";
    else if (arg === "--") {
      positional.push(...args.slice(i + 1));
      break;
    } else if (arg.startsWith("-") && !/\s/.test(arg)) {
      throw new UsageError(`unknown option ${arg}`);
    } else positional.push(arg);
  }
  if (positional.length > 1) {
    throw new UsageError(
      "give the input as ONE argument (quote it), or use --file",
    );
  }
  if (positional.length === 1) {
    if (options.file !== undefined) {
      throw new UsageError("give either an input argument or --file, not both");
    }
    options.input = positional[0];
  }
  return options;
}

// Fatal: input that is not UTF-8 is refused rather than silently turned into
// U+FFFD (the library refuses such bodies too). A leading BOM is dropped.
const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The text of input bytes: UTF-8, a leading BOM stripped, the same for stdin
 * and --file. Bytes that are not UTF-8 are an INVALID_INPUT error that names
 * the byte offset of the first bad sequence.
 */
function decodeInput(bytes: Uint8Array, source: string): string {
  try {
    return utf8.decode(bytes);
  } catch (cause) {
    throw new ConversionError({
      code: "INVALID_INPUT",
      message: `${source} is not valid UTF-8: no UTF-8 character at byte ${
        firstInvalidByte(bytes)
      } (a binary body can come as base64 in a HAR file)`,
      cause,
    });
  }
}

/** Byte offset of the first sequence a lenient decoder turns into U+FFFD. */
function firstInvalidByte(bytes: Uint8Array): number {
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  let at = 0;
  for (const char of text) {
    const genuine = bytes[at] === 0xef && bytes[at + 1] === 0xbf &&
      bytes[at + 2] === 0xbd;
    if (char === "\ufffd" && !genuine) return at;
    const code = char.codePointAt(0) as number;
    at += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return at;
}

/** Thrown for input the CLI cannot read; `main` prints its message. */
class InputError extends Error {}

async function readInput(
  options: CliOptions,
  runtime: Runtime,
): Promise<string> {
  if (options.input !== undefined) return options.input;
  if (options.file === "-") {
    return decodeInput(await runtime.readStdin(), "stdin");
  }
  if (options.file !== undefined) {
    // Relative to the directory the command was run in (INIT_CWD under
    // `deno task`, which runs from the repository root).
    const path = resolvePath(runtime.callerDir(), options.file);
    let bytes: Uint8Array;
    try {
      bytes = await runtime.readFile(path);
    } catch (error) {
      // A directory, a missing --allow-read, a device…: say so, no stack trace.
      if (error instanceof FileError) throw new InputError(error.message);
      throw new InputError(
        `cannot read ${path}: ${(error as Error)?.message ?? error}`,
      );
    }
    return decodeInput(bytes, path);
  }
  if (!runtime.stdinIsTerminal()) {
    const piped = decodeInput(await runtime.readStdin(), "stdin");
    if (piped.trim() !== "") return piped;
  }
  return SAMPLE;
}

type Message =
  | { kind: "request"; request: HttpRequest }
  | { kind: "response"; response: HttpResponse };

/** What the input held, and what the parser could not carry over. */
interface ReadResult {
  messages: Message[];
  warnings: curl.CurlWarning[];
}

function parseHarJson(text: string): unknown {
  try {
    // Trimmed as detectType trims it: a leading no-break space (text copied
    // from a web page) is no JSON white space.
    return JSON.parse(text.trimStart());
  } catch (cause) {
    throw new ConversionError({
      code: "INVALID_HAR",
      message: `HAR input is not valid JSON: ${(cause as Error).message}`,
      cause,
    });
  }
}

function readMessages(text: string): ReadResult {
  const type = detectType(text);
  const requests = (...list: HttpRequest[]): ReadResult => ({
    messages: list.map((request) => ({ kind: "request", request })),
    warnings: [],
  });
  switch (type) {
    case "curl": {
      const { request, warnings } = curl.parseCurl(text);
      return { ...requests(request), warnings };
    }
    case "fetch":
      return requests(parseCode(text));
    case "request":
      return requests(parseRequest(text));
    case "response":
      return {
        messages: [{ kind: "response", response: parseResponse(text) }],
        warnings: [],
      };
    case "har": {
      const value = parseHarJson(text) as Record<string, unknown>;
      if (value !== null && typeof value === "object" && "log" in value) {
        return requests(...har.toRequests(value as har.PartialHar<har.Har>));
      }
      return requests(har.toRequest(value as har.PartialHar<har.HarEntry>));
    }
    default:
      throw new ConversionError({
        code: "INVALID_INPUT",
        message:
          "cannot tell what this is: expected a curl command, a raw HTTP request or response, HAR JSON or fetch() code",
        offset: text.length - text.trimStart().length,
      });
  }
}

// C0 controls, DEL and the C1 range: escaped in what goes to stderr, so a
// value cannot end the line or send terminal escape sequences.
// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

function oneLine(text: string): string {
  return text.replace(
    CONTROL,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

function describeWarning(warning: curl.CurlWarning): string {
  return oneLine(
    `warning [${warning.code}] at offset ${warning.offset}: ${warning.message}`,
  );
}

function json(value: unknown, pretty: boolean): string {
  return JSON.stringify(value, null, pretty ? 2 : undefined);
}

async function renderRequest(
  request: HttpRequest,
  options: CliOptions,
  warn: (line: string) => void,
): Promise<string> {
  const { to, pretty } = options;
  const string = { absoluteUrl: !options.originForm };
  switch (to) {
    case "curl":
      return await curl.fromRequest(request, { pretty });
    case "http":
      return await stringifyRequest(request, string);
    case "fetch":
      return await toCode(request, { pretty });
    case "har":
      return json(har.toLog([await har.fromRequest(request)]), pretty);
    case "all": {
      const all = await allFormats(request, {
        curl: { pretty },
        fetch: { pretty },
        string,
      });
      return [
        "# Raw HTTP",
        all.httpString.replace(/\r\n/g, "\n"),
        "# curl",
        all.curl,
        "# fetch",
        all.fetchCode.trimEnd(),
        "# HAR",
        json(har.toLog([all.har]), pretty),
      ].join("\n");
    }
    default: {
      const target = findTarget(TARGET_ALIASES[to] ?? to);
      const { code, warnings } = target.generate(request, { pretty });
      for (const warning of warnings) {
        warn(`warning [${warning.code}]: ${warning.message}`);
      }
      return code.trimEnd();
    }
  }
}

async function renderResponse(
  response: HttpResponse,
  to: Format,
  pretty: boolean,
): Promise<string> {
  const harText = async () =>
    json(har.toLog([await har.fromResponse(response)]), pretty);
  switch (to) {
    case "http":
      return await stringifyResponse(response);
    case "har":
      return await harText();
    case "all":
      return [
        "# Raw HTTP",
        (await stringifyResponse(response)).replace(/\r\n/g, "\n"),
        "# HAR",
        await harText(),
      ].join("\n");
    default:
      throw new ConversionError({
        code: "INVALID_INPUT",
        message:
          `a response cannot be written as ${to}; use --to http or --to har`,
      });
  }
}

function describeError(error: ConversionError): string {
  let where = "";
  if (error.offset !== undefined) where += ` at offset ${error.offset}`;
  let message = error.message;
  if (error.path !== undefined && error.path !== "") {
    where += ` at ${error.path}`;
    // HAR errors already start with their path.
    if (message.startsWith(`${error.path}: `)) {
      message = message.slice(error.path.length + 2);
    }
  }
  return oneLine(`error [${error.code}]${where}: ${message}`);
}

/**
 * Runs `switchyard convert`.
 *
 * @param args The arguments after `convert`.
 * @param runtime The runtime.
 * @returns The exit status: 0, 1 (input not convertible), 2 (usage), 70 (a bug).
 */
export async function convertCommand(
  args: readonly string[],
  runtime: Runtime,
): Promise<number> {
  let options: CliOptions;
  try {
    options = parseConvertArgs(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    runtime.err(`error: ${error.message}\n\n${CONVERT_HELP}`);
    return 2;
  }
  if (options.help) {
    runtime.out(CONVERT_HELP);
    return 0;
  }
  try {
    const text = await readInput(options, runtime);
    const { messages, warnings } = readMessages(text);
    const outputs: string[] = [];
    // Warnings of the code targets, printed after the parser's.
    const codeWarnings: string[] = [];
    const warn = (line: string) => codeWarnings.push(line);
    for (const message of messages) {
      outputs.push(
        message.kind === "request"
          ? await renderRequest(message.request, options, warn)
          : await renderResponse(message.response, options.to, options.pretty),
      );
    }
    if (!options.quiet) {
      for (const warning of warnings) runtime.err(describeWarning(warning));
      for (const line of codeWarnings) runtime.err(oneLine(line));
    }
    runtime.out(outputs.join("\n\n"));
    return 0;
  } catch (error) {
    if (error instanceof ConversionError) {
      runtime.err(describeError(error));
      return 1;
    }
    if (error instanceof InputError) {
      runtime.err(oneLine(`error: ${error.message}`));
      return 1;
    }
    // A bug of ours still gets one line on stderr, not a stack trace, and
    // the line names a reason even when the error's message is empty.
    runtime.err(
      `error: internal error: ${(error as Error)?.message || String(error)}`,
    );
    return 70;
  }
}
