// The state of one curl command as its options are read: what the options
// said, in the order they said it. The option, form, URL and auth modules
// write it through its methods; _curl_parse.ts turns it into a request.
import { ConversionError } from "./errors.ts";
import type { HttpRequest } from "./types.ts";
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
 * - `SHELL_EXPANSION`: `$VAR`, `${…}`, `$(…)`, `` `…` `` or a word-initial
 *   `~`, kept literally; one warning each, at its first character (a backtick
 *   pair is one, at the opening backtick).
 * - `SHELL_ASSIGNMENT`: a variable assignment before the program word
 *   (`NO_PROXY=x curl …`) sets curl's environment (a proxy, a CA bundle, its
 *   config directory), which a request does not carry; it is skipped.
 * - `SHELL_OPERATOR`: the command ends at `|`, `;`, `&`, `(` or `)`, and
 *   what follows is another command; or a redirection (`<`, `>`, `2>&1`,
 *   `&>` …) and its file name are not curl's, the words after them are.
 * - `INVALID_HEADER`: an `-H` value curl itself would skip.
 * - `MORE_COMMANDS`: an unquoted line break ended the command and another
 *   command follows; only the first is converted (`parseCommands` reads
 *   every one).
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
  | "SHELL_ASSIGNMENT"
  | "SHELL_OPERATOR"
  | "INVALID_HEADER"
  | "MORE_COMMANDS";

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

/** One header to send: from -H, or set by an option. */
export interface HeaderSlot {
  name: string;
  value: string;
  /** Set by an option (-A, -e, -b, -u, …) rather than -H: -H overrides it. */
  internal: boolean;
}

/** One piece of -d, --data-raw and friends, or --json. */
export interface DataPiece {
  value: string;
  json: boolean;
}

/** One -F part. */
export interface FormPart {
  name: string;
  value: string;
  filename?: string;
  type?: string;
}

/** Everything the options of one command said, read in order. */
export class CurlCommand {
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
  /** What `-T -` uploads: the standard input, when a here-document gives it. */
  uploadBody?: string;
  /** The -r value and its option; the header it becomes depends on the request. */
  range?: { value: string; written: string; at: number };
  json = false;
  compressed = false;
  user?: string;
  bearer?: string;
  /**
   * The authentication schemes asked for (--basic, --oauth2-bearer,
   * --digest, …), which curl ORs together; none means Basic.
   */
  readonly authSchemes = new Set<string>();
  /** The last option that asked for a scheme, named in a warning. */
  authOption?: { written: string; at: number };
  httpVersion?: string;
  protoDefault?: string;
  /** --path-as-is: `.` and `..` segments are sent as written. */
  pathAsIs = false;
  firstBodyOption?: ShellWord;
  firstFormOption?: ShellWord;
  headOption?: ShellWord;
  /**
   * The command's standard input, from a here-document or here-string;
   * absent when the command gives it none (then `@-` is a file reference).
   * curl reads it once: the first option that reads it takes it all.
   */
  stdin?: string;

  /** Reads the standard input: its text the first time, then "". */
  readStdin(): string {
    const text = this.stdin ?? "";
    this.stdin = "";
    return text;
  }

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

/** Records a FILE_REFERENCE warning: files are never read. */
export function fileReference(
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

/**
 * `text`, or INVALID_INPUT at the option when it holds a lone UTF-16
 * surrogate: such text has no UTF-8 bytes to percent-encode (the same
 * character written as `$'\uD800'` is INVALID_ESCAPE).
 */
export function wellFormed(text: string, written: string, at: number): string {
  if (text.isWellFormed()) return text;
  throw new ConversionError({
    code: "INVALID_INPUT",
    message:
      `The value of ${written} holds a lone UTF-16 surrogate, which has no UTF-8 form to encode`,
    offset: at,
  });
}

/** INVALID_OPTION at `word`: a combination of options curl refuses. */
export function conflict(
  word: ShellWord | undefined,
  message: string,
): ConversionError {
  return new ConversionError({
    code: "INVALID_OPTION",
    message,
    offset: word?.offset ?? 0,
  });
}
