/**
 * `serveNode`: the bounded listener on Node (`serve` loads it there), a
 * fetch handler served through `node:http` with the limits of `options.ts`,
 * enforced by Node where it can and here where it cannot:
 *
 * | limit | how |
 * |---|---|
 * | `headersTimeoutMs` | Node's `headersTimeout` (408), checked as often as on Deno (`sweepEvery`: 5% of the shortest timeout, at most 250 ms) |
 * | `bodyTimeoutMs` | Node's `requestTimeout` = headers + body bound (408) |
 * | `idleTimeoutMs` | Node's `keepAliveTimeout`; and a write the client does not take for that long closes the connection (the request is aborted) |
 * | `maxConnections` | one more connection gets a 503 with `Retry-After: 1` and is closed |
 * | `maxHeaderBytes` | Node's `maxHeaderSize` (431) |
 * | `maxBodyBytes` | a declared `Content-Length` above it: 413, the handler is not called; a chunked body past it: the handler's read fails and the answer is a 413. Node reads and drops the rest of the body (within `bodyTimeoutMs`) and keeps the connection, where the Deno listener closes it lingering |
 *
 * An answer whose body is whole at once (a string, bytes, JSON: each read
 * resolves within the event loop's turn, to the end, within 64 KiB) goes out
 * with its `Content-Length` in one write; a body still being produced goes
 * out chunked as it comes, its head first, unless the handler declared its
 * length: then that length goes out, a body longer is cut there and one
 * shorter closes the connection (node:http itself passes on any count,
 * which the client reads into the next answer), as Deno.serve does.
 *
 * The handler gets `info.completed`, which settles when the answer was
 * written or rejects when the client left first (or with a `BodyFailed`
 * when the answer's own body failed midway), as on Deno. A client that
 * leaves aborts the request's signal and cancels the answer's body at once,
 * even while that body waits for its first byte (as Deno.serve does). A
 * request Node frames but that makes no valid `Request` (`POST *`) gets a
 * 400; its body is read and dropped and the connection kept, as node:http
 * keeps one whose handler left the body unread. Node's
 * modules are imported when this is called, so the file bundles anywhere.
 *
 * @module
 */
import { BodyFailed } from "./_body_failed.ts";
import { requestUrl } from "./_request_url.ts";
import type { BoundedServer, ServeHandler, ServeLimits } from "./options.ts";
import { sweepEvery } from "./_sweep_every.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const NODE_HTTP: string = "node:http";

const REFUSED = "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\n" +
  "Content-Type: text/plain\r\nContent-Length: 20\r\nConnection: close\r\n\r\n" +
  "too many connections";

/**
 * The request's headers as name/value pairs: `new Request` validates them
 * once, where a `Headers` built here first would be validated and copied
 * again (Node 20: about 67 µs a request against 36 µs).
 */
function pairsOf(raw: readonly string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i], raw[i + 1]]);
  return pairs;
}

/** Largest body read whole and written with its head and Content-Length. */
const WHOLE_BODY_MAX_BYTES = 64 * 1024;

/** Whether a status carries no body (RFC 9110 §6.4.1). */
function nullBodyStatus(status: number): boolean {
  return status === 204 || status === 205 || status === 304 ||
    (status >= 100 && status < 200);
}

/** `chunks` as one array (the one chunk itself when there is one). */
function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const all = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return all;
}

const NOT_YET = Symbol("not yet");

/** `read`'s result if it settles within this turn of the event loop. */
function soon<T>(read: Promise<T>): Promise<T | typeof NOT_YET> {
  return Promise.race([
    read,
    new Promise<typeof NOT_YET>((resolve) =>
      (globalThis as Any).setImmediate(resolve, NOT_YET)
    ),
  ]);
}

/**
 * The chunks of a body built whole (a string, bytes, JSON): those a reader
 * hands over at once, to its end, within {@linkcode WHOLE_BODY_MAX_BYTES}.
 * For any other body (a stream still being produced, a large one) the
 * chunks read so far and the read in progress, to be written as they come.
 */
async function takeWhole(
  reader: ReadableStreamDefaultReader<Uint8Array>,
): Promise<
  {
    whole: boolean;
    chunks: Uint8Array[];
    next?: Promise<ReadableStreamReadResult<Uint8Array>>;
  }
> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const next = reader.read();
    const result = await soon(next);
    if (result === NOT_YET) return { whole: false, chunks, next };
    if (result.done) return { whole: true, chunks };
    chunks.push(result.value);
    size += result.value.byteLength;
    if (size > WHOLE_BODY_MAX_BYTES) return { whole: false, chunks };
  }
}

/** Why a body read failed when the body grew past `maxBodyBytes`. */
class BodyTooLarge extends Error {
  constructor() {
    super("The body is too large.");
    this.name = "BodyTooLarge";
  }
}

/**
 * The request body as a web stream that pulls from Node's (backpressure);
 * past `maxBytes` it errors with {@linkcode BodyTooLarge} and `tooLarge`
 * runs.
 */
function bodyOf(
  req: Any,
  maxBytes: number,
  tooLarge: () => void,
): ReadableStream<Uint8Array> {
  let done = false;
  let received = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on("data", (chunk: Uint8Array) => {
        if (done) return;
        received += chunk.byteLength;
        if (received > maxBytes) {
          done = true;
          tooLarge();
          controller.error(new BodyTooLarge());
          req.resume(); // drop the rest rather than stall the connection
          return;
        }
        controller.enqueue(new Uint8Array(chunk));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.on("end", () => {
        if (!done) controller.close();
        done = true;
      });
      const fail = () => {
        if (!done) controller.error(new Error("request body aborted"));
        done = true;
      };
      req.on("error", fail);
      req.on("aborted", fail);
    },
    pull() {
      req.resume();
    },
    cancel() {
      done = true;
      req.resume(); // drain what is left rather than stall the connection
    },
  }, { highWaterMark: 1 });
}

/**
 * The `node:http` server options for `limits`. Node meets its headers and
 * request timeouts only when it checks its connections, every
 * `connectionsCheckingInterval`: at the listener's own interval, so a
 * timeout is met as late on Node as on Deno at most (every second let a
 * 10 s headers timeout run to 11 s, past the documented 250 ms).
 *
 * @param limits Validated limits.
 * @returns The options of `http.createServer`.
 */
export function nodeServerOptions(limits: ServeLimits): {
  maxHeaderSize: number;
  headersTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  connectionsCheckingInterval: number;
} {
  return {
    maxHeaderSize: limits.maxHeaderBytes,
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.headersTimeoutMs + limits.bodyTimeoutMs,
    keepAliveTimeout: limits.idleTimeoutMs,
    connectionsCheckingInterval: sweepEvery(limits),
  };
}

/**
 * Serves `handler` through `node:http` with bounded connections.
 *
 * @param handler Any fetch handler.
 * @param limits Validated address and limits (`resolveServeOptions`).
 * @returns The running server.
 */
export async function serveNode(
  handler: ServeHandler,
  limits: ServeLimits,
): Promise<BoundedServer> {
  // A computed specifier, so bundlers leave it alone (see the module docs).
  const http: Any = await import(NODE_HTTP);
  const options = nodeServerOptions(limits);
  const server: Any = http.createServer(options);
  server.headersTimeout = options.headersTimeout;
  server.requestTimeout = options.requestTimeout;
  server.keepAliveTimeout = options.keepAliveTimeout;
  server.timeout = 0; // a slow model answer is not an idle socket

  /** Open sockets → requests in progress on each. */
  const active = new Map<Any, number>();
  const refused = new WeakSet<Any>();
  let stopping = false;

  server.on("connection", (socket: Any) => {
    if (stopping || active.size >= limits.maxConnections) {
      refused.add(socket);
      socket.on("error", () => {});
      socket.end(REFUSED);
      return;
    }
    active.set(socket, 0);
    socket.on("close", () => active.delete(socket));
  });

  async function answer(req: Any, res: Any): Promise<void> {
    const socket = req.socket;
    if (refused.has(socket)) return void socket.destroy();
    active.set(socket, (active.get(socket) ?? 0) + 1);
    const controller = new AbortController();
    let settle!: (delivered: boolean) => void;
    // Set when the answer's own body failed: `completed` then rejects with
    // it, so a relayed stream cut by its upstream is the backend's failure.
    let bodyFailed: BodyFailed | undefined;
    const completed = new Promise<void>((resolve, reject) => {
      settle = (delivered) =>
        delivered
          ? resolve()
          : reject(bodyFailed ?? new Error("client went away"));
    });
    completed.catch(() => {}); // nobody need listen
    res.on("close", () => {
      const delivered = res.writableFinished;
      if (!delivered) controller.abort(new Error("connection closed"));
      settle(delivered);
      const left = (active.get(socket) ?? 1) - 1;
      if (active.has(socket)) active.set(socket, left);
      if (stopping && left === 0) socket.end();
    });

    // A declared body over the bound: refused before the handler runs.
    // Node reads and drops the body after the answer (keep-alive).
    const declared = Number(req.headers["content-length"] ?? "0");
    if (declared > limits.maxBodyBytes) return tooLargeAnswer(res);
    let tooLarge = false;
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const target: string = req.url ?? "/";
    const body = hasBody
      ? bodyOf(req, limits.maxBodyBytes, () => tooLarge = true)
      : undefined;
    let request: Request;
    try {
      request = new Request(
        requestUrl(target, req.headers.host, origin),
        {
          method: req.method,
          headers: pairsOf(req.rawHeaders),
          signal: controller.signal,
          ...(body ? { body, duplex: "half" } : {}),
        } as RequestInit,
      );
    } catch {
      // An invalid header name or value, or a target that is no URL. Node
      // has framed the request, so its body is read and dropped (cancelling
      // the stream keeps node:http flowing: a bare resume was paused again
      // at the stream's first piece) and the connection serves the next
      // request, as node:http does for a handler that leaves a body unread.
      await body?.cancel();
      res.writeHead(400, { "content-type": "text/plain", ...closing() });
      res.end("bad request");
      return;
    }

    let response: Response;
    try {
      response = await handler(request, {
        remoteAddr: {
          transport: "tcp",
          hostname: socket.remoteAddress,
          port: socket.remotePort,
        },
        completed,
      });
    } catch {
      if (tooLarge) return tooLargeAnswer(res);
      if (!res.headersSent) {
        res.writeHead(500, { "content-type": "text/plain", ...closing() });
      }
      res.end("internal server error");
      return;
    }
    if (tooLarge) {
      // The 413 stands for whatever the handler made of its failed read.
      await response.body?.cancel().catch(() => {});
      return tooLargeAnswer(res);
    }
    await write(req, res, response, controller.signal, (error) => {
      bodyFailed = new BodyFailed(error);
    });
  }

  // Decided when the answer is written, not when its request came: a
  // shutdown begun while the handler ran closes this connection too.
  function closing(): { connection?: string } {
    return stopping ? { connection: "close" } : {};
  }

  function tooLargeAnswer(res: Any): void {
    res.writeHead(413, {
      "content-type": "text/plain; charset=utf-8",
      ...closing(),
    });
    res.end("Content Too Large\n");
  }

  async function write(
    req: Any,
    res: Any,
    response: Response,
    gone: AbortSignal,
    failed: (error: unknown) => void,
  ): Promise<void> {
    const cookies = response.headers.getSetCookie();
    const head: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      if (name !== "set-cookie") head[name] = value;
    });
    if (cookies.length > 0) head["set-cookie"] = cookies;
    if (stopping) head.connection = "close";
    // A declared length that is no number of bytes is not passed on (the
    // client could not frame the answer): the body is framed as undeclared,
    // as Deno.serve does.
    const declared = head["content-length"] as string | undefined;
    const length = declared === undefined ? Infinity : Number(declared);
    if (declared !== undefined && !/^\d{1,15}$/.test(declared)) {
      delete head["content-length"];
    }
    if (
      !response.body || req.method === "HEAD" ||
      nullBodyStatus(response.status)
    ) {
      // No body on a GET: its length is 0, whatever was declared (the
      // client would read the next answer as the rest), as Deno.serve
      // sends it; a HEAD answer's declared length is the GET's.
      if (
        !response.body && req.method !== "HEAD" &&
        !nullBodyStatus(response.status)
      ) head["content-length"] = "0";
      res.writeHead(response.status, head);
      await response.body?.cancel().catch(() => {});
      res.end();
      return;
    }
    const reader = response.body.getReader();
    // A client that leaves while the body waits for its next piece (a relay
    // before its upstream's first byte) cancels the body then, as Deno.serve
    // does, so the upstream call stops now, not at a next piece that may
    // never come; one that left before the answer cancels it at once.
    const cancel = () => void reader.cancel().catch(() => {});
    if (gone.aborted) cancel();
    else gone.addEventListener("abort", cancel);
    let taken: Awaited<ReturnType<typeof takeWhole>>;
    try {
      taken = await takeWhole(reader);
    } catch (error) {
      failed(error);
      res.destroy(); // the body failed before its first byte went out
      return;
    }
    if (taken.whole) {
      // Built whole: one write with its length, as Deno.serve sends it,
      // not chunk framing (a declared length that is wrong is corrected).
      const bytes = concat(taken.chunks);
      head["content-length"] = String(bytes.byteLength);
      delete head["transfer-encoding"];
      res.writeHead(response.status, head);
      res.end(bytes);
      return;
    }
    res.writeHead(response.status, head);
    res.flushHeaders();
    // A declared length is what the client reads (node:http passes on any
    // count): bytes past it would start the next answer, so they are not
    // sent; a body short of it closes the connection (as Deno.serve does).
    let left = "content-length" in head ? length : Infinity;
    try {
      for (let i = 0, next = taken.next;; i++) {
        let chunk: Uint8Array;
        if (i < taken.chunks.length) chunk = taken.chunks[i];
        else {
          const read = await (next ?? reader.read());
          next = undefined;
          if (read.done) break;
          chunk = read.value;
        }
        if (chunk.byteLength >= left) chunk = chunk.subarray(0, left);
        left -= chunk.byteLength;
        if (!res.write(chunk) && !(await drained(res))) {
          res.destroy();
          await reader.cancel().catch(() => {});
          // The client stopped reading: its connection went, as on Deno.
          return;
        }
        if (left === 0) {
          await reader.cancel().catch(() => {});
          break;
        }
      }
      if (left > 0 && left !== Infinity) {
        throw new Error(`the body ended ${left} bytes short of its length`);
      }
      res.end();
    } catch (error) {
      failed(error);
      res.destroy(); // the body failed midway: the client sees a cut answer
      await reader.cancel().catch(() => {});
    }
  }

  /** Whether `res` drains within the idle bound (false: stalled or closed). */
  function drained(res: Any): Promise<boolean> {
    if (res.destroyed) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        res.off("drain", onDrain);
        res.off("close", onClose);
        resolve(ok);
      };
      const onDrain = () => done(true);
      const onClose = () => done(false);
      const timer = setTimeout(() => done(false), limits.idleTimeoutMs);
      res.on("drain", onDrain);
      res.on("close", onClose);
    });
  }

  server.on("request", (req: Any, res: Any) => {
    answer(req, res).catch(() => res.destroy());
  });
  // Node sends `100 Continue` itself unless this event has a listener: a
  // body declared past the bound gets its 413 instead, and is never sent.
  server.on("checkContinue", (req: Any, res: Any) => {
    const declared = Number(req.headers["content-length"] ?? "0");
    if (declared <= limits.maxBodyBytes) res.writeContinue();
    answer(req, res).catch(() => res.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(limits.port, limits.hostname, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = () => server.address() as { address: string; port: number };
  // The base of every request's URL, built once.
  const origin = `http://${
    limits.hostname.includes(":") ? `[${limits.hostname}]` : limits.hostname
  }:${address().port}`;
  const finished = new Promise<void>((resolve) =>
    server.once("close", resolve)
  );
  return {
    addr: { hostname: address().address, port: address().port },
    get connections() {
      return active.size;
    },
    finished,
    shutdown() {
      if (!stopping) {
        stopping = true;
        server.close();
        for (const [socket, requests] of active) {
          if (requests === 0) socket.end();
        }
      }
      return finished;
    },
  };
}
