// Deno-only: runs a command line through real bash and the real curl against
// a capture server on 127.0.0.1 and returns the raw requests curl sent, so a
// test can compare what toRequest says with what goes on the wire.
//
import assert from "node:assert/strict";
import type { HttpRequest } from "../../src/convert/curl.ts";
import { headerEntries } from "../../src/convert/_message.ts";
import { type BashRun, runBash } from "./_bash.ts";
import { findProgram, needs } from "../_programs.ts";

// Without curl on PATH the wire tests are skipped outside CI (with the reason
// and the install command) and fail under CI=true, where .ci/run installs it.

/** One request as curl wrote it on the wire. */
export interface WireRequest {
  /** The request line's method, as sent. */
  method: string;
  /** The request target (origin form), as sent. */
  target: string;
  /** The HTTP version of the request line (`HTTP/1.1`). */
  version: string;
  /** Header lines in order, `[name, value]`, names as curl wrote them. */
  headers: Array<[string, string]>;
  /** The body bytes (by Content-Length; empty without one). */
  body: Uint8Array;
  /** Every byte of the request head (request line and header lines). */
  head: string;
}

const decoder = new TextDecoder();

const HAS_CURL = findProgram("curl") !== undefined;

/**
 * `false` when curl is on PATH or under CI (where a missing curl must fail),
 * else the reason to skip, with the install command (tests/_programs.ts).
 */
export const SKIP_WITHOUT_CURL: false | string =
  needs("the curl wire tests", "curl").ignore
    ? "curl not found on PATH; install: apt-get install -y curl"
    : false;

function indexOfCrlfCrlf(bytes: Uint8Array, from: number): number {
  for (let i = Math.max(0, from); i + 3 < bytes.length; i++) {
    if (
      bytes[i] === 13 && bytes[i + 1] === 10 && bytes[i + 2] === 13 &&
      bytes[i + 3] === 10
    ) return i;
  }
  return -1;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** Reads one request from `conn` (head, then Content-Length bytes). */
export async function readRequest(
  conn: Deno.Conn,
): Promise<WireRequest | null> {
  let bytes: Uint8Array = new Uint8Array(0);
  const chunk = new Uint8Array(65536);
  let end = -1;
  while (end === -1) {
    const n = await conn.read(chunk);
    if (n === null) return null;
    bytes = concat(bytes, chunk.subarray(0, n));
    end = indexOfCrlfCrlf(bytes, bytes.length - n - 3);
    if (bytes.length > 8 << 20) throw new Error("request head too large");
  }
  const head = decoder.decode(bytes.subarray(0, end));
  const [line, ...lines] = head.split("\r\n");
  const [method, target, version] = line.split(" ");
  const headers = lines.map((l): [string, string] => {
    const colon = l.indexOf(":");
    return [
      l.slice(0, colon),
      l.slice(colon + 1).replace(/^[ \t]+|[ \t]+$/g, ""),
    ];
  });
  const length = Number(
    headers.find(([n]) => n.toLowerCase() === "content-length")?.[1] ?? 0,
  );
  let body: Uint8Array = bytes.subarray(end + 4);
  while (body.length < length) {
    const n = await conn.read(chunk);
    if (n === null) break;
    body = concat(body, chunk.subarray(0, n));
  }
  return { method, target, version, headers, body, head };
}

/** The answer {@linkcode serve} gives unless told: 200 "ok", closing. */
export function okAnswer(request: WireRequest): Uint8Array {
  // No body after a HEAD (a client would read it as a broken next answer).
  return new TextEncoder().encode(
    "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n" +
      (request.method === "HEAD" ? "" : "ok"),
  );
}

/** Records the one request on `conn`, writes `answer`'s bytes for it and closes. */
export async function serve(
  conn: Deno.Conn,
  out: WireRequest[],
  answer: (request: WireRequest) => Uint8Array = okAnswer,
): Promise<void> {
  try {
    const request = await readRequest(conn);
    if (request !== null) {
      out.push(request);
      await conn.write(answer(request));
    }
  } catch {
    // A client that hung up: nothing to record.
  } finally {
    try {
      conn.close();
    } catch { /* already closed */ }
  }
}

/**
 * Runs `script(origin)` with real bash (curl as on PATH, each transfer
 * bounded by --max-time) against a capture server and returns the requests
 * in arrival order, plus bash's exit code and stderr. The whole run is bounded:
 * bash is killed (SIGKILL) after `timeoutMs` (10 s). `mode` chooses how bash
 * reads the script: as its `-c` argument (default) or from stdin.
 */
export async function onTheWire(
  script: (origin: string) => string | Promise<string>,
  options: { timeoutMs?: number; mode?: "stdin" | "argument" } = {},
): Promise<
  { requests: WireRequest[]; code: number; stderr: string; origin: string }
> {
  if (!HAS_CURL) {
    throw new Error(
      "the wire tests need the real curl on PATH (required under CI=true): apt-get install -y curl",
    );
  }
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const origin = `http://127.0.0.1:${listener.addr.port}`;
  const requests: WireRequest[] = [];
  const served: Promise<void>[] = [];
  const accepting = (async () => {
    try {
      for await (const conn of listener) served.push(serve(conn, requests));
    } catch { /* listener closed */ }
  })();
  // `curl` as a function so every transfer carries a time bound; `command`
  // still runs the real binary. The script is the end of bash's input, as a
  // pasted command is (a final backslash stays an argument).
  let output: BashRun;
  try {
    output = await runBash(
      'curl() { command curl -q --max-time 5 "$@"; }\n' +
        await script(origin),
      {
        mode: options.mode ?? "argument",
        timeoutMs: options.timeoutMs ?? 10_000,
      },
    );
  } finally {
    listener.close();
  }
  await accepting;
  await Promise.all(served);
  return { requests, origin, code: output.code, stderr: output.stderr };
}

/** The one request `command(origin)` puts on the wire. */
export async function sentByCurl(
  command: (origin: string) => string,
): Promise<WireRequest> {
  const { requests, code, stderr } = await onTheWire(command);
  if (requests.length !== 1) {
    throw new Error(
      `expected one request, curl sent ${requests.length} (exit ${code}): ${stderr}`,
    );
  }
  return requests[0];
}

/** A header's values on the wire, by case-insensitive name. */
export function wireHeader(request: WireRequest, name: string): string[] {
  return request.headers.filter(([n]) => n.toLowerCase() === name.toLowerCase())
    .map(([, v]) => v);
}

/** The body as UTF-8 text. */
export function wireBody(request: WireRequest): string {
  return decoder.decode(request.body);
}

/** The request target curl sends for our url: path and query, no fragment. */
function target(url: string): string {
  const path = url.replace(/^[a-z]+:\/\/[^/?#]*/i, "");
  const hash = path.indexOf("#");
  return hash === -1 ? path : path.slice(0, hash);
}

// Headers curl adds by itself and our request does not claim to hold.
const CURL_OWN = new Set(["host", "user-agent", "accept", "content-length"]);

/**
 * Our request and the wire agree on method, target, headers (those curl adds
 * by itself aside) and body; curl's random multipart boundary is replaced
 * by ours before comparing.
 */
export function assertSameRequest(
  ours: HttpRequest,
  wire: WireRequest,
  where: string,
) {
  assert.equal(wire.method, ours.method, where);
  assert.equal(wire.target, target(ours.url), where);
  let body = wireBody(wire);
  let wireHeaders = wire.headers.map(([n, v]) => [n.toLowerCase(), v]);
  // curl's boundary is random; ours is fixed. Compare with ours in place.
  const boundary = /boundary=(-+[0-9a-f]+)/.exec(
    wireHeaders.find(([n]) => n === "content-type")?.[1] ?? "",
  )?.[1];
  const ourBoundary = /boundary=(\S+)/.exec(
    String(ours.headers["content-type"] ?? ""),
  )?.[1];
  if (boundary && ourBoundary) {
    body = body.replaceAll(boundary, ourBoundary);
    wireHeaders = wireHeaders.map(([n, v]) => [
      n,
      v.replace(boundary, ourBoundary),
    ]);
  }
  const oursList = headerEntries(ours.headers).map(([n, v]) =>
    [n.toLowerCase(), v].join(": ")
  ).sort();
  const wireList = wireHeaders
    .filter(([n]) => !CURL_OWN.has(n) || n in ours.headers)
    .map((pair) => pair.join(": ")).sort();
  assert.deepEqual(wireList, oursList, where);
  assert.equal(body, ours.body ?? "", where);
}
