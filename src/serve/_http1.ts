// HTTP/1.1 on the wire, for the bounded listener (serve.ts): reading a
// request head and a pull-driven body from a byte source, and framing the
// answer. Runtime-neutral (a byte source is any `read(buffer)` function), so
// the framing rules are written once and tested without sockets.
//
// Decisions, after RFC 9112 and what hyper and Node's llhttp do:
// - A head is the request line and header lines up to an empty line; CRLF or
//   bare LF line ends; empty lines before the request line are skipped.
// - obs-fold, a space before a header's colon, a bare CR or another control
//   character (but HTAB) in a header value or the request line, a second
//   Host header, a bad Content-Length, both Content-Length and
//   Transfer-Encoding, or a body on HTTP/1.0 with Transfer-Encoding: 400.
//   A value loses only the SP and HTAB around it; a repeated header's values
//   are joined with ", " (Headers.append), never into a line of their own. A Transfer-Encoding other than `chunked`: 501.
//   A version other than 1.0/1.1: 505. A head over the size bound: 431.
// - Broken chunked framing mid-body errors the body stream with a 400
//   `HttpWireError`; the connection is closed after the answer. Chunked
//   framing's lines end with CRLF only (a bare LF there: 400, as llhttp).
import { isNullBodyStatus, reasonPhrase } from "../_status.ts";
import { isOws, withoutOws } from "../_http_token.ts";
import { httpDate } from "./_http_date.ts";

/** A framing error with the status the client gets for it. */
export class HttpWireError extends Error {
  /** The HTTP status to answer with. */
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = "HttpWireError";
    this.status = status;
  }
}

/** Reads into `buffer`; the byte count, or null at the end of the input. */
export type ReadFn = (buffer: Uint8Array) => Promise<number | null>;

const CR = 13;
const LF = 10;
const latin1 = new TextDecoder("latin1");

/** A buffered reader over a byte source. */
export class WireReader {
  #read: ReadFn;
  #buffer = new Uint8Array(16 * 1024);
  #start = 0;
  #end = 0;
  /** A read started ahead by `watchEnd`: the next read is that one. */
  #ahead: Promise<boolean> | undefined;

  constructor(read: ReadFn) {
    this.#read = read;
  }

  /** Bytes received and not yet consumed. */
  get buffered(): number {
    return this.#end - this.#start;
  }

  /** Reads more input; false at its end. Grows the buffer up to `max`. */
  #fill(max: number): Promise<boolean> {
    const ahead = this.#ahead;
    if (ahead === undefined) return this.#fillNow(max);
    this.#ahead = undefined;
    return ahead;
  }

  async #fillNow(max: number): Promise<boolean> {
    if (this.#start > 0 && this.#start === this.#end) {
      this.#start = this.#end = 0;
    }
    if (this.#end === this.#buffer.byteLength) {
      if (this.#start > 0) {
        this.#buffer.copyWithin(0, this.#start, this.#end);
        this.#end -= this.#start;
        this.#start = 0;
      } else {
        const size = Math.min(max, this.#buffer.byteLength * 2);
        if (size <= this.#buffer.byteLength) return true; // caller checks max
        const grown = new Uint8Array(size);
        grown.set(this.#buffer.subarray(0, this.#end));
        this.#buffer = grown;
      }
    }
    const n = await this.#read(this.#buffer.subarray(this.#end));
    if (n === null) return false;
    this.#end += n;
    return true;
  }

  /**
   * Reads ahead while nothing else reads (a request is whole and its answer
   * is being made): resolves false when the input ends or fails (the client
   * left, whatever it sent before), true when bytes come, which stay
   * buffered for the next read. The next read is this one.
   */
  watchEnd(): Promise<boolean> {
    this.#ahead ??= this.#fillNow(this.#buffer.byteLength);
    return this.#ahead.catch(() => false);
  }

  /**
   * The next head's text without its final empty line, or null when the
   * input ends before a byte of it. `onFirstByte` runs when its first byte
   * is here (the headers timer starts then).
   */
  async readHead(
    maxBytes: number,
    onFirstByte: () => void,
  ): Promise<string | null> {
    let announced = false;
    let scanned = 0;
    for (;;) {
      // Skip empty lines before the request line.
      while (
        this.#start < this.#end &&
        (this.#buffer[this.#start] === CR || this.#buffer[this.#start] === LF)
      ) this.#start++;
      if (this.#start < this.#end) {
        if (!announced) onFirstByte();
        announced = true;
        const buffer = this.#buffer;
        for (let i = this.#start + scanned; i < this.#end; i++) {
          if (buffer[i] !== LF) continue;
          const next = i + 1 < this.#end ? buffer[i + 1] : -1;
          const afterCr = i + 2 < this.#end ? buffer[i + 2] : -1;
          let endOfHead = 0;
          if (next === LF) endOfHead = i + 2;
          else if (next === CR && afterCr === LF) endOfHead = i + 3;
          if (endOfHead > 0) {
            if (endOfHead - this.#start > maxBytes) {
              throw new HttpWireError(431, "The request head is too large.");
            }
            const text = latin1.decode(buffer.subarray(this.#start, i));
            this.#start = endOfHead;
            return text;
          }
        }
        scanned = Math.max(0, this.#end - this.#start - 2);
        if (this.#end - this.#start >= maxBytes) {
          throw new HttpWireError(431, "The request head is too large.");
        }
      }
      if (!(await this.#fill(maxBytes + 4))) {
        if (announced) throw new HttpWireError(400, "The head was cut off.");
        return null;
      }
    }
  }

  /**
   * Exactly `n` bytes (a fresh copy) when that many are already buffered,
   * else null, reading nothing: a small body that came with its head.
   */
  takeBuffered(n: number): Uint8Array<ArrayBuffer> | null {
    if (this.buffered < n) return null;
    const bytes = this.#buffer.slice(this.#start, this.#start + n);
    this.#start += n;
    return bytes;
  }

  /** Up to `max` bytes (a fresh copy), or null at the end of the input. */
  async readSome(max: number): Promise<Uint8Array | null> {
    if (this.buffered === 0 && !(await this.#fill(this.#buffer.byteLength))) {
      return null;
    }
    const n = Math.min(max, this.buffered);
    const bytes = this.#buffer.slice(this.#start, this.#start + n);
    this.#start += n;
    return bytes;
  }

  /**
   * One line of chunked framing without its CRLF (chunk sizes, the end of
   * a chunk's data, trailers). A bare LF is a 400 here, as Node's llhttp
   * answers it: chunked framing is CRLF only (RFC 9112 §7.1; the bare LF a
   * head may use is a leniency for the start line and fields), and a proxy
   * in front that reads a bare LF otherwise would frame the body one way
   * and this listener another.
   */
  async readLine(maxBytes: number): Promise<string> {
    for (;;) {
      const at = this.#buffer.subarray(this.#start, this.#end).indexOf(LF);
      if (at >= 0) {
        const end = this.#start + at;
        if (end === this.#start || this.#buffer[end - 1] !== CR) {
          throw new HttpWireError(400, "A chunk line does not end with CRLF.");
        }
        const text = latin1.decode(this.#buffer.subarray(this.#start, end - 1));
        this.#start = end + 1;
        return text;
      }
      if (this.buffered >= maxBytes) {
        throw new HttpWireError(400, "A chunk line is too long.");
      }
      if (!(await this.#fill(maxBytes + 2))) {
        throw new HttpWireError(400, "The body was cut off.");
      }
    }
  }
}

/** A parsed request head. */
export interface RequestHead {
  method: string;
  target: string;
  /** `1.0` or `1.1`. */
  version: string;
  /** The header lines as a Headers object, built when first read. */
  readonly headers: Headers;
  /**
   * The same header lines as name/value pairs, in order: what the listener
   * builds its Request from (a Headers object given to `new Request` is
   * iterated and converted again, about 25 µs a request on Deno 2.9).
   */
  fields: [string, string][];
  /** The Host header's value, or "" without one. */
  host: string;
  /** Body framing: none, a length, or chunked. */
  body: { kind: "none" } | { kind: "length"; length: number } | {
    kind: "chunked";
  };
  /** The client asked to keep the connection open. */
  keepAlive: boolean;
  /** The client sent `Expect: 100-continue`. */
  expectContinue: boolean;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/**
 * A control character other than HTAB in a field value: a bare CR (one not
 * ending its line), NUL, or anything a downstream parser could read as a
 * line end. Refused, as hyper's httparse does, never passed on.
 */
// deno-lint-ignore no-control-regex
const BAD_VALUE = /[\x00-\x08\x0a-\x1f\x7f]/;
/** Whitespace or a control character in a request target. */
// deno-lint-ignore no-control-regex
const BAD_TARGET = /[\x00-\x20\x7f]/;

/** Parses a head read by {@linkcode WireReader.readHead}. */
export function parseHead(text: string): RequestHead {
  // Lines are walked by index, not split: a line and its copy without the
  // CR would be two strings per header, and the array a third allocation.
  let lineEnd = text.indexOf("\n");
  if (lineEnd < 0) lineEnd = text.length;
  const requestLine = text.slice(0, withoutCr(text, 0, lineEnd));
  const parts = requestLine.split(" ");
  if (parts.length !== 3 || !TOKEN.test(parts[0]) || parts[1] === "") {
    throw new HttpWireError(400, "Malformed request line.");
  }
  const [method, target, protocol] = parts;
  const version = /^HTTP\/1\.([01])$/.exec(protocol);
  if (!version) {
    throw new HttpWireError(
      /^HTTP\/\d(\.\d)?$/.test(protocol) ? 505 : 400,
      "Unsupported HTTP version.",
    );
  }
  if (BAD_TARGET.test(target)) {
    throw new HttpWireError(400, "Malformed request target.");
  }
  const fields: [string, string][] = [];
  let hosts = 0;
  let host = "";
  // The few headers the framing reads, joined with ", " when repeated as
  // Headers#get joins them: looked up as the lines are read, so a request
  // needs no Headers object of its own (the Request gets the pairs).
  let connection: string | null = null;
  let te: string | null = null;
  let cl: string | null = null;
  let expect: string | null = null;
  // Each "\n" starts one more line (an empty last one is a malformed header).
  while (lineEnd < text.length) {
    const lineStart = lineEnd + 1;
    lineEnd = text.indexOf("\n", lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    const stop = withoutCr(text, lineStart, lineEnd);
    const colon = text.indexOf(":", lineStart);
    const name = colon > lineStart && colon < stop
      ? text.slice(lineStart, colon)
      : "";
    if (!TOKEN.test(name)) throw new HttpWireError(400, "Malformed header.");
    // Only SP and HTAB around a value are whitespace (RFC 9110 §5.5); a CR
    // there is a bare CR, and String#trim would have dropped it (and VT,
    // FF, NBSP) without a word.
    let start = colon + 1;
    let end = stop;
    while (start < end && isOws(text.charCodeAt(start))) start++;
    while (end > start && isOws(text.charCodeAt(end - 1))) end--;
    const value = text.slice(start, end);
    if (BAD_VALUE.test(value)) {
      throw new HttpWireError(400, "Malformed header value.");
    }
    switch (name.length) {
      case 4:
        if (name.toLowerCase() === "host") {
          if (++hosts > 1) {
            throw new HttpWireError(400, "More than one Host header.");
          }
          host = value;
        }
        break;
      case 6:
        if (name.toLowerCase() === "expect") expect = joined(expect, value);
        break;
      case 10:
        if (name.toLowerCase() === "connection") {
          connection = joined(connection, value);
        }
        break;
      case 14:
        if (name.toLowerCase() === "content-length") cl = joined(cl, value);
        break;
      case 17:
        if (name.toLowerCase() === "transfer-encoding") {
          te = joined(te, value);
        }
        break;
    }
    fields.push([name, value]);
  }
  const http10 = version[1] === "0";
  const connectionText = (connection ?? "").toLowerCase();
  const keepAlive = http10
    ? /\bkeep-alive\b/.test(connectionText)
    : !/\bclose\b/.test(connectionText);
  let body: RequestHead["body"] = { kind: "none" };
  if (te !== null) {
    if (cl !== null || http10) {
      throw new HttpWireError(400, "Conflicting body framing.");
    }
    // Already without SP/HTAB around it; String#trim would also drop a
    // no-break space (byte 0xA0), reading `chunked<NBSP>` as chunked.
    if (te.toLowerCase() !== "chunked") {
      throw new HttpWireError(
        501,
        "Only chunked transfer coding is supported.",
      );
    }
    body = { kind: "chunked" };
  } else if (cl !== null) {
    const values = cl.split(",").map(withoutOws);
    if (!values.every((v) => /^\d{1,15}$/.test(v) && v === values[0])) {
      throw new HttpWireError(400, "Bad Content-Length.");
    }
    const length = Number(values[0]);
    if (length > 0) body = { kind: "length", length };
  }
  return new Head(
    method,
    target,
    `1.${version[1]}`,
    fields,
    host,
    body,
    keepAlive,
    !http10 && (expect ?? "").toLowerCase() === "100-continue",
  );
}

/** The end of the line `text[start, end)` without one final CR. */
function withoutCr(text: string, start: number, end: number): number {
  return end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
}

/** A value repeated on a second line: joined with ", " as Headers#get does. */
function joined(previous: string | null, value: string): string {
  return previous === null ? value : `${previous}, ${value}`;
}

/** A parsed head, its Headers built only when something reads them. */
class Head implements RequestHead {
  #headers: Headers | undefined;
  constructor(
    readonly method: string,
    readonly target: string,
    readonly version: string,
    readonly fields: [string, string][],
    readonly host: string,
    readonly body: RequestHead["body"],
    readonly keepAlive: boolean,
    readonly expectContinue: boolean,
  ) {}

  // Repeated names are joined with ", " on `get`, never a line of their own.
  get headers(): Headers {
    return this.#headers ??= new Headers(this.fields);
  }
}

/** Largest body piece handed on per read. */
const PIECE = 64 * 1024;
const MAX_CHUNK_LINE = 4096;

/** What the body stream tells its connection. */
export interface BodyHooks {
  /** Before the first read (to send `100 Continue`). */
  start(): Promise<void>;
  /** The whole body was read. */
  done(): void;
  /** The framing broke (the connection cannot be reused). */
  broken(error: HttpWireError): void;
}

/**
 * The request body as a pull-driven stream (one piece per read, nothing
 * read ahead), or null for a head without one. A chunked body that grows
 * past `maxBytes` errors with a 413 `HttpWireError` (a declared length is
 * the caller's to check, before the body is read).
 */
export function bodyStream(
  reader: WireReader,
  framing: RequestHead["body"],
  hooks: BodyHooks,
  maxBytes: number = Infinity,
): ReadableStream<Uint8Array> | null {
  if (framing.kind === "none") return null;
  let remaining = framing.kind === "length" ? framing.length : 0;
  let received = 0;
  let started = false;
  let finished = false;
  const fail = (
    controller: ReadableStreamDefaultController<Uint8Array>,
    error: unknown,
  ): void => {
    const wire = error instanceof HttpWireError
      ? error
      : new HttpWireError(400, "The body could not be read.");
    finished = true;
    hooks.broken(wire);
    controller.error(wire);
  };
  const end = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    finished = true;
    controller.close();
    hooks.done();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (finished) return;
      try {
        if (!started) {
          started = true;
          await hooks.start();
        }
        if (framing.kind === "chunked" && remaining === 0) {
          const line = await reader.readLine(MAX_CHUNK_LINE);
          const size = /^([0-9A-Fa-f]{1,12})[ \t]*(;.*)?$/.exec(line);
          if (!size) throw new HttpWireError(400, "Bad chunk size line.");
          remaining = parseInt(size[1], 16);
          received += remaining;
          if (received > maxBytes) {
            throw new HttpWireError(413, "The body is too large.");
          }
          if (remaining === 0) {
            // Trailers, up to the empty line.
            for (
              let i = 0;
              (await reader.readLine(MAX_CHUNK_LINE)) !== "";
              i++
            ) {
              if (i >= 64) throw new HttpWireError(400, "Too many trailers.");
            }
            return end(controller);
          }
        }
        const piece = await reader.readSome(Math.min(PIECE, remaining));
        if (piece === null) {
          throw new HttpWireError(400, "The body was cut off.");
        }
        remaining -= piece.byteLength;
        if (remaining === 0) {
          if (framing.kind === "length") {
            controller.enqueue(piece);
            return end(controller);
          }
          if ((await reader.readLine(2)) !== "") {
            throw new HttpWireError(400, "A chunk does not end with CRLF.");
          }
        }
        controller.enqueue(piece);
      } catch (error) {
        fail(controller, error);
      }
    },
    cancel() {
      finished = true;
    },
  }, { highWaterMark: 0 });
}

const utf8 = new TextEncoder();

/**
 * The response head's bytes. The body goes chunked (HTTP/1.1), until close
 * (HTTP/1.0), or not at all (HEAD, 1xx/204/304, no body); or, given its
 * `length`, with the head (framing "none").
 */
export function responseHead(
  response: Response,
  options: {
    version: string;
    keepAlive: boolean;
    head: boolean;
    /** The body's length, when it is written whole with the head. */
    length?: number;
  },
): { bytes: Uint8Array; framing: "none" | "chunked" | "close" } {
  const status = response.status;
  let framing: "none" | "chunked" | "close" = "none";
  let text = `HTTP/1.1 ${status} ${reasonPhrase(status)}\r\n`;
  let dated = false;
  // forEach, not for…of: the same pairs, without an iterator result object
  // per header (a third of the cost on Deno 2.9).
  response.headers.forEach((value, name) => {
    if (
      name === "content-length" || name === "transfer-encoding" ||
      name === "connection" || name === "set-cookie"
    ) return;
    if (name === "date") dated = true;
    text += `${name}: ${value}\r\n`;
  });
  // The handler's own Date stands, as Deno.serve and node:http keep it.
  if (!dated) text += `date: ${httpDate()}\r\n`;
  for (const cookie of response.headers.getSetCookie()) {
    text += `set-cookie: ${cookie}\r\n`;
  }
  if (options.length !== undefined && !isNullBodyStatus(status)) {
    text += `content-length: ${options.length}\r\n`;
  } else if (response.body !== null && !isNullBodyStatus(status)) {
    framing = options.version === "1.0" ? "close" : "chunked";
    if (!options.head && framing === "chunked") {
      text += "transfer-encoding: chunked\r\n";
    }
  } else if (!isNullBodyStatus(status)) {
    text += "content-length: 0\r\n";
  }
  if (options.head) framing = "none";
  const keepAlive = options.keepAlive && framing !== "close";
  text += keepAlive
    ? (options.version === "1.0" ? "connection: keep-alive\r\n" : "")
    : "connection: close\r\n";
  return { bytes: utf8.encode(text + "\r\n"), framing };
}

/** A whole small answer the listener writes itself (408, 431, 503 …). */
export function plainAnswer(
  status: number,
  extra: Readonly<Record<string, string>> = {},
): Uint8Array {
  const body = `${reasonPhrase(status)}\n`;
  let text = `HTTP/1.1 ${status} ${
    reasonPhrase(status)
  }\r\ndate: ${httpDate()}\r\n`;
  for (const [name, value] of Object.entries(extra)) {
    text += `${name}: ${value}\r\n`;
  }
  text += `content-type: text/plain; charset=utf-8\r\ncontent-length: ${
    utf8.encode(body).byteLength
  }\r\nconnection: close\r\n\r\n${body}`;
  return utf8.encode(text);
}
