// Renders parsed message templates into Response / Request parts. Shared by
// createRoute, createResponse and createRequest.
import { RouteError } from "./errors.ts";
import type { Part, TemplateLayout } from "./_template_parse.ts";
import { isNullBodyStatus, reasonPhrase } from "../_status.ts";
import { TOKEN, withoutOws } from "../_http_token.ts";
import type { BodyEncoding } from "./_escape.ts";

/** A body piece whose bytes are kept as they are. */
export type Chunk = string | Uint8Array | Blob | ReadableStream<unknown>;

const ENCODER = new TextEncoder();
// Controls but tab: CR/LF/NUL would split or end a line, and Deno.serve's
// HTTP/1 writer aborts the whole process on any other in a header value.
// deno-lint-ignore no-control-regex
const HEAD_CONTROL = /[\x00-\x08\x0a-\x1f\x7f]/;

/** True when `text` holds a control character no head line may carry (all but tab). */
export function hasHeadControl(text: string): boolean {
  return HEAD_CONTROL.test(text);
}
// Any UTF-16 code unit above U+00FF, surrogates included.
const NOT_BYTE_STRING = /[\u0100-\uffff]/;
const FRAMING = new Set(["content-length", "transfer-encoding"]);

/** The default Content-Type of a response template that names none. */
export const DEFAULT_CONTENT_TYPE = "text/html; charset=utf-8";

function noop(): void {}

/** True for promises and other thenables. */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return value instanceof Promise ||
    (value !== null && typeof value === "object" &&
      typeof (value as { then?: unknown }).then === "function");
}

/**
 * Calls every function substitution once, in source order, with `first`
 * and `second` (request and context for routes, nothing for messages).
 * Rejections are marked handled here; whoever awaits them still sees them.
 */
export function evaluate(
  values: readonly unknown[],
  first?: unknown,
  second?: unknown,
): unknown[] {
  const results = new Array<unknown>(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    const result = typeof value === "function"
      ? (value as (a: unknown, b: unknown) => unknown)(first, second)
      : value;
    if (result instanceof Promise) result.catch(noop);
    results[i] = result;
  }
  return results;
}

/** True for values sent as bytes: buffers, views, Blobs and streams. */
export function isBinary(value: unknown): boolean {
  return value instanceof Uint8Array || value instanceof ArrayBuffer ||
    ArrayBuffer.isView(value) || value instanceof Blob ||
    value instanceof ReadableStream;
}

/**
 * The body chunk a substitution value at body part `part` renders as, or
 * undefined for nothing: bytes, Blobs and streams as they are, every other
 * value as text by the body's encoding (escaped in HTML, ...).
 */
export function toChunk(
  value: unknown,
  part: number,
  encoding: BodyEncoding,
): Chunk | undefined {
  if (typeof value === "string" || !isBinary(value)) {
    const text = encoding.value(value, part);
    return text === "" ? undefined : text;
  }
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (ArrayBuffer.isView(value) && !(value instanceof Uint8Array)) {
    return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  }
  return value as Chunk;
}

/** The bytes of a chunk read from a stream substituted at body part `part`. */
function chunkBytes(
  value: unknown,
  part: number,
  encoding: BodyEncoding,
): Uint8Array {
  if (typeof value === "string") {
    return ENCODER.encode(encoding.chunk(value, part));
  }
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (ArrayBuffer.isView(value)) {
    return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  }
  if (value === null || value === undefined) return new Uint8Array(0);
  return ENCODER.encode(encoding.chunk(String(value), part));
}

/** Text of a substitution in a start or header line; rejects controls but tab, and binary data. */
function lineText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (
    value instanceof ArrayBuffer || ArrayBuffer.isView(value) ||
    value instanceof Blob || value instanceof ReadableStream
  ) {
    throw new RouteError({
      code: "UNSAFE_SUBSTITUTION",
      message: "Binary data cannot be substituted into a start or header line",
    });
  }
  const text = String(value);
  if (hasHeadControl(text)) {
    throw new RouteError({
      code: "UNSAFE_SUBSTITUTION",
      message:
        "A substitution in a start or header line contains a control character (CR, LF, NUL, DEL or another below U+0020 but tab)",
    });
  }
  return text;
}

/** Joins a head line from its text and (already awaited) substitution results. */
export function renderLine(
  line: readonly Part[],
  results: readonly unknown[],
): string {
  let text = "";
  for (const part of line) {
    text += typeof part === "string" ? part : lineText(results[part]);
  }
  return text;
}

/** True when a line (or body) has a substitution. */
export function hasSubstitution(parts: readonly Part[]): boolean {
  return parts.some((part) => typeof part === "number");
}

/** Parses `name: value`. */
export function parseHeaderLine(text: string): [string, string] {
  const colon = text.indexOf(":");
  const name = withoutOws(text.slice(0, colon));
  if (colon <= 0 || !TOKEN.test(name)) {
    throw new RouteError({
      code: "INVALID_TEMPLATE",
      message: `Invalid header line ${
        JSON.stringify(text)
      }: expected "Name: value"`,
    });
  }
  const value = withoutOws(text.slice(colon + 1));
  // RFC 9110 field values hold no controls but tab (a percent-decoded %01
  // param reached Deno.serve and took the process down).
  if (hasHeadControl(value)) {
    throw new RouteError({
      code: "UNSAFE_SUBSTITUTION",
      message:
        `Header ${name} contains a control character (CR, LF, NUL, DEL or another below U+0020 but tab)`,
    });
  }
  // Fetch's Headers takes only byte strings; say so with our own error
  // rather than let the platform's TypeError surface.
  if (NOT_BYTE_STRING.test(value)) {
    throw new RouteError({
      code: "UNSAFE_SUBSTITUTION",
      message:
        `Header ${name} contains a character above U+00FF; percent-encode it`,
    });
  }
  return [name.toLowerCase(), value];
}

// Fetch's reason-phrase: tab, space, visible ASCII and obs-text (U+0080-U+00FF).
const REASON_PHRASE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** True when `Response` accepts `text` as its statusText. */
export function isReasonPhrase(text: string): boolean {
  return REASON_PHRASE.test(text);
}

/** Status and reason of `HTTP/1.1 200 OK` (version 1.0, 1.1, 2 or 3; reason optional). */
export function parseStatusLine(
  text: string,
): { status: number; statusText: string } {
  const match = /^HTTP\/\d(?:\.\d)?[ \t]+(\d{3})(?:[ \t]+(.*))?$/.exec(
    withoutOws(text),
  );
  if (match === null) {
    throw new RouteError({
      code: "INVALID_TEMPLATE",
      message: `Invalid status line ${
        JSON.stringify(text)
      }: expected "HTTP/1.1 200 OK"`,
    });
  }
  const status = Number(match[1]);
  if (status < 200 || status > 599) {
    throw new RouteError({
      code: "INVALID_TEMPLATE",
      message:
        `Status ${status} cannot be sent as a Response (allowed: 200-599)`,
    });
  }
  // The greedy blank before the reason and withoutOws leave no OWS around it.
  const statusText = match[2] ?? "";
  if (!isReasonPhrase(statusText)) {
    throw new RouteError({
      code: "INVALID_TEMPLATE",
      message: `Invalid reason phrase ${
        JSON.stringify(statusText)
      }: only tab, space, visible ASCII and U+0080-U+00FF can be sent`,
    });
  }
  return { status, statusText };
}

/** Status, reason and header list of a response, ready for `new Response`. */
export interface ResolvedHead {
  readonly status: number;
  readonly statusText: string;
  /** Lower-case names; template headers replace same-named defaults. */
  readonly headers: readonly [string, string][];
}

/** Defaults that a response template's own head overrides. */
export interface HeadDefaults {
  readonly status?: number;
  readonly statusText?: string;
  // Spelled through Headers, not the DOM-only name HeadersInit, so the
  // published types check under Node's own setup (types: ["node"]).
  readonly headers?: ConstructorParameters<typeof Headers>[0];
}

/** Resolves the head of a response from rendered head lines and defaults. */
export function resolveResponseHead(
  lines: readonly string[] | undefined,
  defaults: HeadDefaults,
): ResolvedHead {
  let status = defaults.status ?? 200;
  let statusText = defaults.statusText ?? "";
  const own: [string, string][] = [];
  if (lines !== undefined && lines.length > 0) {
    const parsed = parseStatusLine(lines[0]);
    if (parsed.status !== status) statusText = "";
    status = parsed.status;
    if (parsed.statusText !== "") statusText = parsed.statusText;
    for (let i = 1; i < lines.length; i++) own.push(parseHeaderLine(lines[i]));
  }
  if (status < 200 || status > 599 || !Number.isInteger(status)) {
    throw new RouteError({
      code: "INVALID_OPTION",
      message:
        `Status ${status} cannot be sent as a Response (allowed: 200-599)`,
    });
  }
  // A status line without a reason gets the registered one; a template
  // without a status line keeps Fetch's default "" like `new Response()`
  // (servers write the registered reason on the wire either way).
  const hasStatusLine = lines !== undefined && lines.length > 0;
  return {
    status,
    statusText: statusText || (hasStatusLine ? reasonPhrase(status) : ""),
    headers: mergeHeaders(defaults.headers, own, !isNullBodyStatus(status)),
  };
}

/** Template headers win over defaults; framing headers are always computed. */
export function mergeHeaders(
  defaults: ConstructorParameters<typeof Headers>[0] | undefined,
  own: readonly [string, string][],
  defaultContentType: boolean,
): [string, string][] {
  const names = new Set(own.map(([name]) => name));
  const merged: [string, string][] = [];
  if (defaults !== undefined) {
    const headers = new Headers(defaults);
    for (const [name, value] of headers) {
      if (!names.has(name) && !FRAMING.has(name)) merged.push([name, value]);
    }
    // Headers iteration joins repeated values except set-cookie, kept apart.
  }
  for (const pair of own) if (!FRAMING.has(pair[0])) merged.push(pair);
  if (defaultContentType && !merged.some(([name]) => name === "content-type")) {
    merged.push(["content-type", DEFAULT_CONTENT_TYPE]);
  }
  return merged;
}

/** A body whose size is known, or a stream with `length` undefined. */
export interface RenderedBody {
  readonly body: BodyInit | null;
  readonly length: number | undefined;
}

/** UTF-8 byte length of a string, without encoding it. */
export function utf8Length(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) length += 1;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length += 2;
        i++;
      } else length += 2;
    } else length += 2;
  }
  return length;
}

/** Renders a body from resolved substitution results (nothing pending). */
export function knownBody(
  parts: readonly Part[],
  results: readonly unknown[],
  report: ((error: unknown) => void) | undefined,
  encoding: BodyEncoding,
): RenderedBody {
  let text = "";
  let chunks: Chunk[] | undefined;
  for (const part of parts) {
    const chunk = typeof part === "string"
      ? part
      : toChunk(results[part], part, encoding);
    if (chunk === undefined) continue;
    if (typeof chunk === "string" && chunks === undefined) text += chunk;
    else {
      chunks ??= text === "" ? [] : [text];
      chunks.push(chunk);
    }
  }
  if (chunks === undefined) {
    const bytes = ENCODER.encode(text);
    return { body: bytes, length: bytes.byteLength };
  }
  if (chunks.some((chunk) => chunk instanceof ReadableStream)) {
    return {
      body: streamParts(parts, results, report, encoding),
      length: undefined,
    };
  }
  if (chunks.some((chunk) => chunk instanceof Blob)) {
    // A Blob's bytes are read asynchronously; Deno.serve streams a Blob
    // body chunked unless the response names its length (see route.ts).
    const blob = new Blob(chunks as BlobPart[]);
    return { body: blob, length: blob.size };
  }
  const bytes = concatBytes(chunks as (string | Uint8Array)[]);
  return { body: bytes, length: bytes.byteLength };
}

/** Text (as UTF-8) and bytes joined into one array, which Deno.serve sends with its length. */
function concatBytes(
  chunks: readonly (string | Uint8Array)[],
): Uint8Array<ArrayBuffer> {
  const arrays = chunks.map((chunk) =>
    typeof chunk === "string" ? ENCODER.encode(chunk) : chunk
  );
  const bytes = new Uint8Array(
    arrays.reduce((total, array) => total + array.byteLength, 0),
  );
  let offset = 0;
  for (const array of arrays) {
    bytes.set(array, offset);
    offset += array.byteLength;
  }
  return bytes;
}

/**
 * A stream of the body parts in order: text as soon as it is reached,
 * substitutions when they resolve, streams and blobs piped in place.
 */
export function streamParts(
  parts: readonly Part[],
  results: readonly unknown[],
  report: ((error: unknown) => void) | undefined,
  encoding: BodyEncoding,
): ReadableStream<Uint8Array> {
  let index = 0;
  let reader: ReadableStreamDefaultReader<unknown> | undefined;
  let readerPart = 0;
  const cancelRest = (reason: unknown) => {
    for (let i = index; i < parts.length; i++) {
      const part = parts[i];
      if (typeof part === "string") continue;
      Promise.resolve(results[part]).then((value) => {
        if (value instanceof ReadableStream && !value.locked) {
          value.cancel(reason).catch(noop);
        }
      }, noop);
    }
    index = parts.length;
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        while (true) {
          if (reader !== undefined) {
            const { done, value } = await reader.read();
            if (!done) {
              const bytes = chunkBytes(value, readerPart, encoding);
              if (bytes.byteLength === 0) continue;
              controller.enqueue(bytes);
              return;
            }
            reader = undefined;
          }
          if (index >= parts.length) {
            controller.close();
            return;
          }
          const part = parts[index++];
          if (typeof part === "string") {
            if (part === "") continue;
            controller.enqueue(ENCODER.encode(part));
            return;
          }
          let value: unknown = results[part];
          if (isThenable(value)) value = await value;
          const chunk = toChunk(value, part, encoding);
          if (chunk === undefined) continue;
          if (typeof chunk === "string") {
            if (chunk === "") continue;
            controller.enqueue(ENCODER.encode(chunk));
            return;
          }
          if (chunk instanceof Uint8Array) {
            if (chunk.byteLength === 0) continue;
            controller.enqueue(chunk);
            return;
          }
          readerPart = part;
          reader = (chunk instanceof Blob ? chunk.stream() : chunk).getReader();
        }
      } catch (error) {
        cancelRest(error);
        report?.(error);
        controller.error(error);
      }
    },
    cancel(reason) {
      reader?.cancel(reason).catch(noop);
      cancelRest(reason);
    },
  }, { highWaterMark: 0 });
}

/** Awaits the results at the substitution indices used by `parts`. */
export async function settle(
  results: unknown[],
  parts: Iterable<Part>,
): Promise<void> {
  for (const part of parts) {
    if (typeof part === "number" && isThenable(results[part])) {
      results[part] = await results[part];
    }
  }
}

/** True when any result at the indices used by `parts` is still pending. */
export function pending(
  results: readonly unknown[],
  parts: readonly Part[],
): boolean {
  for (const part of parts) {
    if (typeof part === "number" && isThenable(results[part])) return true;
  }
  return false;
}

/** Rejects ReadableStream values: they can be read once, a template is used many times. */
export function checkValues(values: readonly unknown[]): void {
  if (values.some((value) => value instanceof ReadableStream)) {
    throw new RouteError({
      code: "INVALID_TEMPLATE",
      message:
        "A ReadableStream can be read only once; substitute a function that returns a new stream",
    });
  }
}

/** Layout lines of the head as one flat part list (for pending checks). */
export function headParts(layout: TemplateLayout): Part[] {
  return layout.head === undefined ? [] : layout.head.flat();
}

/** Throws when a template gives a body to a status that cannot carry one (1xx, 204, 205, 304). */
export function assertBodyAllowed(status: number, bodyParts: number): void {
  if (isNullBodyStatus(status) && bodyParts > 0) {
    throw new RouteError({
      code: "INVALID_TEMPLATE",
      message: `A ${status} response cannot have a body`,
    });
  }
}
