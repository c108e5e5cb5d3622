/**
 * `POST /api/convert`: one request in, every form out.
 *
 * Body: `{ input: string, from?: "auto"|"curl"|"http"|"har"|"fetch",
 * pretty?: boolean, entry?: number }`.
 * Answer: `{ type, request, curl, http, har, fetch, warnings }` where `type`
 * is the input form (detected with `detectType` for `auto`), `request` the
 * plain request, `har` a whole HAR 1.2 log as JSON text (importable into
 * browser DevTools as is), `fetch` the `toCode` output and `warnings` what the
 * parser could not carry over (`{ code, message, option?, offset? }`, the
 * curl parser's warnings: `-s`, `-L`, `-d @file` …). Bad input is a 400
 * `{ error: { code, message, offset?, path? } }` carrying the
 * `ConversionError` code and offset (relative to `input`).
 *
 * Decisions:
 * - Requests only: a raw HTTP *response* is rejected with `INVALID_INPUT`.
 * - A HAR log converts entry number `entry` (0-based, default 0); the answer
 *   says how many the log had (`entries`), which one was converted (`entry`)
 *   and names each one (`entryLabels`, `METHOD url`) so a page can offer the
 *   choice. An `entry` the log does not have is `INVALID_OPTION`.
 * - fetch input is a `fetch(url, init)` call or a `{ url, options }` object,
 *   read without evaluating anything by the library's `fetch.parseCode`.
 * - `input` is capped at 1 MiB (413 above that).
 *
 * @module
 */
import { allFormats, detectType } from "../src/convert/core.ts";
import { parseCurl } from "../src/convert/curl.ts";
import { parseRequest } from "../src/convert/string.ts";
import {
  toLog,
  toRequest as harToRequest,
  toRequests,
} from "../src/convert/har.ts";
import { parseCode } from "../src/convert/fetch.ts";
import { targets } from "../src/convert/code.ts";
import { ConversionError } from "../src/convert/errors.ts";
import type { HttpRequest } from "../src/convert/types.ts";
import { readBounded } from "../src/gateway/_read_bounded.ts";

/** Input forms the converter reads. */
export type InputForm = "curl" | "http" | "har" | "fetch";

/** The `POST /api/convert` request body. */
export interface ConvertInput {
  /** The pasted text. */
  input: string;
  /** Its form; `auto` (default) detects it. */
  from?: "auto" | InputForm;
  /** Multi-line curl/fetch and indented HAR (default `true`). */
  pretty?: boolean;
  /** For a HAR log: which entry to convert (0-based, default 0). */
  entry?: number;
}

/** Something the input holds that the converted request does not reflect. */
export interface ConvertWarning {
  /** Machine-readable reason, e.g. `FILE_REFERENCE`, `IGNORED_OPTION`. */
  code: string;
  /** Human-readable explanation. */
  message: string;
  /** The option concerned, as written (`-d`, `-s`). */
  option?: string;
  /** Offset in `input` of the word that holds the option. */
  offset?: number;
}

/** The `POST /api/convert` answer. */
export interface ConvertOutput {
  /** The form the input was read as. */
  type: InputForm;
  /** The request every form was derived from. */
  request: HttpRequest;
  /** curl command. */
  curl: string;
  /** Raw HTTP request text. */
  http: string;
  /** A HAR 1.2 log holding the request, as JSON text. */
  har: string;
  /** fetch() source code. */
  fetch: string;
  /** What the parser could not carry over (empty when nothing). */
  warnings: ConvertWarning[];
  /** Every code-generation target, in picker order. */
  targets: Array<{ id: string; language: string; title: string }>;
  /** Each target's code for the request, by target id. */
  code: Record<string, string>;
  /** Why each other target cannot send the request, by target id. */
  codeRefused: Record<string, { code: string; message: string }>;
  /** For HAR logs: how many entries the log held. */
  entries?: number;
  /** For HAR logs: the 0-based index of the converted entry. */
  entry?: number;
  /** For HAR logs: `METHOD url` of each entry, in order. */
  entryLabels?: string[];
}

/** Largest accepted `input`, in UTF-16 code units. */
export const MAX_INPUT_LENGTH = 1 << 20;

// The JSON of the longest input: at most 6 bytes a character (`\uXXXX`)
// plus the other fields. A larger body is refused before it is buffered.
const MAX_BODY_BYTES = 6 * MAX_INPUT_LENGTH + (64 << 10);
const UTF8 = new TextDecoder("utf-8", { fatal: true });

class TooLarge extends Error {}

const FORMS: ReadonlySet<string> = new Set([
  "auto",
  "curl",
  "http",
  "har",
  "fetch",
]);

function inputError(message: string, offset?: number): ConversionError {
  return new ConversionError({ code: "INVALID_INPUT", message, offset });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const position = /position (\d+)/.exec(String(error))?.[1];
    throw new ConversionError({
      code: "INVALID_HAR",
      message: `HAR input is not valid JSON: ${(error as Error).message}`,
      offset: position === undefined ? undefined : Number(position),
    });
  }
}

/**
 * The form of `text`, as `detectType` sees it (fetch code included).
 *
 * @param text The pasted input.
 * @returns The form.
 * @throws {ConversionError} `EMPTY_INPUT`; `INVALID_INPUT` for responses and
 * unrecognised text.
 *
 * @example Usage
 * ```ts
 * import { detectForm } from "./_convert_api.ts";
 * console.log(detectForm("curl https://example.com")); // "curl"
 * ```
 */
export function detectForm(text: string): InputForm {
  const trimmed = text.trim();
  if (trimmed === "") {
    throw new ConversionError({
      code: "EMPTY_INPUT",
      message: "The input is empty.",
      offset: 0,
    });
  }
  switch (detectType(text)) {
    case "curl":
      return "curl";
    case "har":
      return "har";
    case "fetch":
      return "fetch";
    case "request":
      return "http";
    case "response":
      throw inputError(
        "This is an HTTP response; the converter takes requests.",
        0,
      );
    case "unknown":
      // Broken JSON is most likely a HAR export: let the HAR reader say
      // where it breaks.
      if (trimmed.startsWith("{") || trimmed.startsWith("[")) return "har";
      throw inputError(
        "Could not detect the format: expected curl, a raw HTTP request, HAR JSON or fetch() code.",
        text.length - text.trimStart().length,
      );
  }
}

interface ReadRequest {
  request: HttpRequest;
  warnings: ConvertWarning[];
  entries?: number;
  entry?: number;
  entryLabels?: string[];
}

// Labels are for a picker: long URLs are cut, so a log of many long entries
// cannot make the answer much larger than the input.
const MAX_LABEL = 200;

function entryLabel(request: HttpRequest): string {
  const label = `${request.method} ${request.url}`;
  return label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label;
}

function readHarLog(value: object, entry: number): ReadRequest {
  const requests = toRequests(value as Parameters<typeof toRequests>[0]);
  if (requests.length === 0) {
    throw new ConversionError({
      code: "INVALID_HAR",
      message: "The HAR log has no entries.",
      path: "log.entries",
    });
  }
  if (entry >= requests.length) {
    throw new ConversionError({
      code: "INVALID_OPTION",
      message:
        `\`entry\` ${entry} is past the last entry: the log has ${requests.length}.`,
      path: "log.entries",
    });
  }
  return {
    request: requests[entry],
    warnings: [],
    entries: requests.length,
    entry,
    entryLabels: requests.map(entryLabel),
  };
}

function readRequest(
  text: string,
  form: InputForm,
  entry: number,
): ReadRequest {
  switch (form) {
    case "curl": {
      const { request, warnings } = parseCurl(text);
      return {
        request,
        warnings: warnings.map(({ code, message, option, offset }) => ({
          code,
          message,
          option,
          offset,
        })),
      };
    }
    case "http":
      return { request: parseRequest(text), warnings: [] };
    case "fetch":
      return { request: parseCode(text), warnings: [] };
    case "har": {
      const value = parseJson(text);
      if (value !== null && typeof value === "object" && "log" in value) {
        return readHarLog(value, entry);
      }
      return {
        request: harToRequest(value as Parameters<typeof harToRequest>[0]),
        warnings: [],
      };
    }
  }
}

/**
 * Converts pasted input into every other form.
 *
 * @param input The API body.
 * @returns Detected type, the request, and each form.
 * @throws {ConversionError} For input that cannot be converted (code + offset).
 *
 * @example curl to everything
 * ```ts
 * import { convert } from "./_convert_api.ts";
 * const out = await convert({ input: "curl -X POST https://example.com/a -d x=1" });
 * console.log(out.type, out.request.method, out.http.startsWith("POST")); // "curl" "POST" true
 * ```
 */
export async function convert(input: ConvertInput): Promise<ConvertOutput> {
  const form = input.from === undefined || input.from === "auto"
    ? detectForm(input.input)
    : input.from;
  const pretty = input.pretty ?? true;
  const { request, warnings, ...log } = readRequest(
    input.input,
    form,
    input.entry ?? 0,
  );
  const formats = await allFormats(request, {
    curl: { pretty },
    fetch: { pretty },
  });
  return {
    type: form,
    request,
    curl: formats.curl,
    http: formats.httpString,
    har: JSON.stringify(toLog([formats.har]), null, pretty ? 2 : undefined),
    fetch: formats.fetchCode,
    warnings,
    targets: targets.map(({ id, language, title }) => ({
      id,
      language,
      title,
    })),
    code: formats.code,
    codeRefused: Object.fromEntries(
      Object.entries(formats.codeRefused).map(([id, error]) => [
        id,
        { code: error.code, message: error.message },
      ]),
    ),
    ...log,
  };
}

function errorResponse(
  status: number,
  error: Record<string, unknown>,
): Response {
  return Response.json({ error }, { status });
}

/**
 * The `POST /api/convert` handler.
 *
 * @param request The HTTP request.
 * @returns 200 with a {@linkcode ConvertOutput}, 400 or 413 with `{ error }`.
 *
 * @example Usage
 * ```ts
 * import { handleConvert } from "./_convert_api.ts";
 * const response = await handleConvert(new Request("http://localhost/api/convert", {
 *   method: "POST",
 *   body: JSON.stringify({ input: "curl 'https://example.com/" }),
 * }));
 * console.log(response.status, (await response.json()).error.code); // 400 "UNTERMINATED_QUOTE"
 * ```
 */
export async function handleConvert(request: Request): Promise<Response> {
  let bytes: Uint8Array;
  try {
    bytes = await readBounded(request, MAX_BODY_BYTES, () => new TooLarge());
  } catch (error) {
    if (!(error instanceof TooLarge)) {
      // Broken framing or a client gone mid-body: its fault, not a 500.
      return errorResponse(400, {
        code: "INVALID_INPUT",
        message: "The body could not be read.",
      });
    }
    return errorResponse(413, {
      code: "INVALID_INPUT",
      message: `The body is larger than ${MAX_BODY_BYTES} bytes.`,
    });
  }
  let body: unknown;
  try {
    body = JSON.parse(UTF8.decode(bytes));
  } catch {
    return errorResponse(400, {
      code: "INVALID_INPUT",
      message: "The body must be JSON (UTF-8): { input, from?, pretty? }.",
    });
  }
  if (
    body === null || typeof body !== "object" ||
    typeof (body as ConvertInput).input !== "string"
  ) {
    return errorResponse(400, {
      code: "INVALID_INPUT",
      message: "`input` must be a string.",
    });
  }
  const { input, from, pretty, entry } = body as ConvertInput;
  if (from !== undefined && !FORMS.has(from)) {
    return errorResponse(400, {
      code: "INVALID_OPTION",
      message: "`from` must be auto, curl, http, har or fetch.",
    });
  }
  if (pretty !== undefined && typeof pretty !== "boolean") {
    return errorResponse(400, {
      code: "INVALID_OPTION",
      message: "`pretty` must be a boolean.",
    });
  }
  if (
    entry !== undefined && (!Number.isSafeInteger(entry) || entry < 0)
  ) {
    return errorResponse(400, {
      code: "INVALID_OPTION",
      message: "`entry` must be a whole number from 0.",
    });
  }
  if (input.length > MAX_INPUT_LENGTH) {
    return errorResponse(413, {
      code: "INVALID_INPUT",
      message: `\`input\` is longer than ${MAX_INPUT_LENGTH} characters.`,
    });
  }
  try {
    return Response.json(await convert({ input, from, pretty, entry }));
  } catch (error) {
    // Request/Headers constructors reject user data (e.g. a header name
    // with a space in pasted fetch code) with a TypeError: still the input.
    if (error instanceof TypeError) {
      return errorResponse(400, {
        code: "INVALID_INPUT",
        message: error.message,
      });
    }
    if (!(error instanceof ConversionError)) throw error;
    const detail: Record<string, unknown> = {
      code: error.code,
      message: error.message,
    };
    if (error.offset !== undefined) detail.offset = error.offset;
    if (error.path !== undefined) detail.path = error.path;
    return errorResponse(400, detail);
  }
}
