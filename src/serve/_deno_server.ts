// The bounded HTTP/1.1 listener on Deno (`Deno.listen`), loaded lazily
// by serve.ts so nothing a browser bundle reaches imports `Deno.*`.
// `Deno.serve` has no header-read, body or idle timeout nor a connection cap
// (denoland/deno#3515 is still open; Deno 2.9.6 holds a connection that
// dribbles header bytes forever, and `node:http`'s `headersTimeout` is not
// enforced under Deno), so the limits live here, where the bytes arrive.
import { isNullBodyStatus } from "../_status.ts";
import { requestUrl } from "./_request_url.ts";
import { BodyFailed } from "./_body_failed.ts";
import {
  bodyStream,
  HttpWireError,
  parseHead,
  plainAnswer,
  type RequestHead,
  responseHead,
  WireReader,
} from "./_http1.ts";
import { writeBody } from "./_write_body.ts";
import {
  declaredLength,
  readDeclared,
  writeDeclared,
} from "./_declared_body.ts";
import type { BoundedServer, ServeHandler, ServeLimits } from "./options.ts";
import { sweepEvery } from "./_sweep_every.ts";

/** One open connection and the deadlines the sweeper checks. */
interface Connection {
  conn: Deno.Conn;
  /** 0 = no deadline of that kind. */
  idleBy: number;
  headBy: number;
  bodyBy: number;
  writeBy: number;
  /** End of a lingering close (see `linger`). */
  lingerBy: number;
  /** The 408 a head or body timeout answers with may still be written. */
  answered: boolean;
  closed: boolean;
  /** Aborts the request being handled when the connection goes. */
  abort?: AbortController;
}

function closeQuietly(c: Connection): void {
  if (c.closed) return;
  c.closed = true;
  c.abort?.abort(new Error("connection closed"));
  try {
    c.conn.close();
  } catch {
    // Already closed by the peer.
  }
}

/**
 * Writes `bytes` whole, within `idleMs` (the sweeper reads `writeBy`). Not
 * async: a streamed answer writes once a chunk, and the write op's own
 * promise with one reaction is cheaper than an async function's frame and
 * a view of the bytes a write; a short write (rare) goes on in `writeRest`.
 */
function writeAll(
  c: Connection,
  bytes: Uint8Array,
  idleMs: number,
): Promise<void> {
  c.writeBy = Date.now() + idleMs;
  let written: Promise<number>;
  try {
    written = c.conn.write(bytes);
  } catch (error) {
    c.writeBy = 0;
    return Promise.reject(error);
  }
  return written.then((n) => {
    if (n >= bytes.byteLength) c.writeBy = 0;
    else return writeRest(c, bytes, n);
  }, (error) => {
    c.writeBy = 0;
    throw error;
  });
}

/** The rest of a short write, from `at`. */
async function writeRest(
  c: Connection,
  bytes: Uint8Array,
  at: number,
): Promise<void> {
  try {
    while (at < bytes.byteLength) {
      at += await c.conn.write(bytes.subarray(at));
    }
  } finally {
    c.writeBy = 0;
  }
}

/** The body of a request that sent none (shared: it is never written). */
const EMPTY = new Uint8Array(0);

/** Largest declared body read whole and written with the head. */
const WHOLE_BODY_MAX_BYTES = 64 * 1024;

/** Whether an answer is a server-sent event stream. */
function isEventStream(response: Response): boolean {
  return response.headers.get("content-type")?.toLowerCase().startsWith(
    "text/event-stream",
  ) ?? false;
}

/** Longest lingering close (see `linger`), unless idleTimeoutMs is shorter. */
const LINGER_MS = 5_000;

/**
 * Closes a connection whose answer went out while the client may still be
 * sending (a 413 before the body, a refused head): closing at once with
 * unread bytes makes the kernel reset the connection (RFC 9112 §9.6), and a
 * client that writes its whole body before reading (Python's http.client,
 * curl) then sees the reset, not the answer. So: half-close (the answer is
 * followed by FIN), read and drop what the client still sends until it
 * closes its side, and close; the sweeper ends a client that neither
 * finishes nor closes at `lingerBy`.
 */
async function linger(c: Connection, lingerMs: number): Promise<void> {
  if (c.closed) return;
  c.lingerBy = Date.now() + lingerMs;
  const scratch = new Uint8Array(64 * 1024);
  try {
    await (c.conn as Deno.TcpConn).closeWrite();
    while (!c.closed && (await c.conn.read(scratch)) !== null) {
      // Dropped: only the client's end of the stream is wanted.
    }
  } catch {
    // Reset by the peer, or closed by the sweeper.
  } finally {
    closeQuietly(c);
  }
}

/**
 * Answers a timed-out or refused connection, best effort, then closes it
 * (lingering, when the client may still be sending: `lingerMs`). The answer
 * is small enough for an empty socket buffer; should the write hang anyway,
 * the sweeper closes an answered connection on its next tick.
 */
function refuse(
  c: Connection,
  answer: Uint8Array,
  lingerMs = 0,
): Promise<void> {
  if (c.closed || c.answered) return Promise.resolve();
  c.answered = true;
  return c.conn.write(answer).then(
    () => lingerMs > 0 ? linger(c, lingerMs) : closeQuietly(c),
    () => closeQuietly(c),
  );
}

/**
 * Starts the listener.
 *
 * @param handler The fetch handler.
 * @param limits Validated limits and the address.
 * @returns The running server.
 */
export function listen(
  handler: ServeHandler,
  limits: ServeLimits,
): BoundedServer {
  const listener = Deno.listen({
    hostname: limits.hostname,
    port: limits.port,
    transport: "tcp",
  });
  const addr = listener.addr as Deno.NetAddr;
  // The base of a request's URL when its Host line cannot serve, as the Node
  // listener builds it.
  const fallbackOrigin = `http://${
    addr.hostname.includes(":") ? `[${addr.hostname}]` : addr.hostname
  }:${addr.port}`;
  const open = new Set<Connection>();
  const tasks = new Set<Promise<void>>();
  let stopping = false;
  let resolveFinished!: () => void;
  const finished = new Promise<void>((resolve) => resolveFinished = resolve);
  const lingerMs = Math.min(LINGER_MS, limits.idleTimeoutMs);

  // One sweeper for every connection instead of a timer per read or write.
  const tick = sweepEvery(limits);
  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const c of open) {
      if (c.closed) continue;
      if (c.lingerBy) {
        if (now > c.lingerBy) closeQuietly(c);
      } else if (
        (c.headBy && now > c.headBy) || (c.bodyBy && now > c.bodyBy)
      ) {
        if (c.answered) closeQuietly(c);
        else refuse(c, plainAnswer(408));
      } else if (
        (c.idleBy && now > c.idleBy) || (c.writeBy && now > c.writeBy)
      ) closeQuietly(c);
    }
  }, tick);

  async function serveConnection(c: Connection): Promise<void> {
    const reader = new WireReader((buffer) => c.conn.read(buffer));
    const remote = c.conn.remoteAddr;
    // A new connection has the headers timeout to send its first head.
    c.headBy = Date.now() + limits.headersTimeoutMs;
    for (let first = true; !c.closed && !stopping; first = false) {
      if (!first) c.idleBy = Date.now() + limits.idleTimeoutMs;
      let head: RequestHead;
      try {
        const text = await reader.readHead(limits.maxHeaderBytes, () => {
          c.idleBy = 0;
          if (!first) c.headBy = Date.now() + limits.headersTimeoutMs;
        });
        c.headBy = 0;
        if (text === null) return;
        head = parseHead(text);
      } catch (error) {
        // A refused head may be followed by more of it, or by a body.
        if (error instanceof HttpWireError) {
          await refuse(c, plainAnswer(error.status), lingerMs);
        }
        return;
      }
      const next = await exchange(c, reader, head, remote);
      // Shutting down: no waiting for a client to finish sending.
      if (next === "linger" && !stopping) await linger(c, lingerMs);
      if (next !== "keep") return;
    }
  }

  /**
   * One request and its answer; what becomes of the connection: reused,
   * closed, or closed lingering (the answer went out with request bytes
   * possibly still coming).
   */
  async function exchange(
    c: Connection,
    reader: WireReader,
    head: RequestHead,
    remote: Deno.Addr,
  ): Promise<"keep" | "close" | "linger"> {
    // A declared body over the bound is refused before a byte of it is read
    // (and without 100 Continue); the client may still be sending it.
    if (
      head.body.kind === "length" && head.body.length > limits.maxBodyBytes
    ) {
      await refuse(c, plainAnswer(413), lingerMs);
      return "close";
    }
    // A body that arrived with its head (most JSON requests) is handed over
    // as bytes: no stream to pull, and the handler reads it at once.
    const arrived = head.body.kind === "length" && !head.expectContinue
      ? reader.takeBuffered(head.body.length)
      : null;
    let bodyDone = head.body.kind === "none" || arrived !== null;
    let broken = false;
    let tooLarge = false;
    // Once the request is whole the listener reads on, as Deno.serve does: a
    // client that leaves while its answer is made (a model call, a relay
    // before its upstream's first byte) closes the connection, which aborts
    // the handler's signal and cancels the answer's body. What comes instead
    // (a next request) stays buffered for it.
    const watchEnd = () =>
      reader.watchEnd().then((more) => more || closeQuietly(c));
    if (bodyDone) watchEnd();
    else c.bodyBy = Date.now() + limits.bodyTimeoutMs;
    const body = arrived ?? bodyStream(reader, head.body, {
      start: () =>
        head.expectContinue
          ? writeAll(
            c,
            new TextEncoder().encode("HTTP/1.1 100 Continue\r\n\r\n"),
            limits.idleTimeoutMs,
          )
          : Promise.resolve(),
      done() {
        bodyDone = true;
        c.bodyBy = 0;
        watchEnd();
      },
      broken(error) {
        broken = true;
        tooLarge = error.status === 413;
        c.bodyBy = 0;
      },
    }, limits.maxBodyBytes);
    const abort = new AbortController();
    c.abort = abort;
    let request: Request;
    try {
      const url = requestUrl(head.target, head.host, fallbackOrigin);
      const noBody = head.method === "GET" || head.method === "HEAD";
      // As Deno.serve and node:http give it: any other method has a body,
      // empty when none was sent (Content-Length: 0 or no framing).
      request = new Request(url, {
        method: head.method,
        signal: abort.signal,
        ...(noBody ? {} : { body: body ?? EMPTY, duplex: "half" }),
      } as RequestInit);
      // Appended one by one: a third cheaper on Deno 2.9 than the same pairs
      // given as `headers`, which its WebIDL layer converts as a sequence of
      // sequences first. Neither body the listener gives sets a Content-Type.
      const headers = request.headers;
      const fields = head.fields;
      for (let i = 0; i < fields.length; i++) {
        headers.append(fields[i][0], fields[i][1]);
      }
    } catch {
      await refuse(c, plainAnswer(400), bodyDone ? 0 : lingerMs);
      return "close";
    }
    // As Deno.serve's `info.completed`: settles once the answer is written
    // (or not), which is how the gateway learns a passed-through stream ended.
    // A body that failed itself (an upstream cut mid-stream) rejects with
    // BodyFailed, so the handler can tell it from a client that left.
    let delivered!: (ok: boolean, bodyError?: BodyFailed) => void;
    const completed = new Promise<void>((resolve, reject) => {
      delivered = (ok, bodyError) =>
        ok
          ? resolve()
          : reject(bodyError ?? new Error("the response was not delivered"));
    });
    completed.catch(() => {});
    let response: Response;
    try {
      response = await handler(request, { remoteAddr: remote, completed });
    } catch {
      response = new Response("Internal Server Error\n", { status: 500 });
    }
    // The handler is done with the body: the body deadline no longer applies
    // (a long answer is not a slow body).
    c.bodyBy = 0;
    if (c.closed || c.answered || tooLarge) {
      await response.body?.cancel().catch(() => {});
      delivered(false);
      // A chunked body grew past the bound: the 413 stands for whatever
      // the handler made of its failed read.
      if (tooLarge) {
        c.abort = undefined;
        await refuse(c, plainAnswer(413), lingerMs);
      }
      return "close";
    }
    // Unread or broken body: the next request's start is unknown, so say
    // the connection closes.
    const keepAlive = head.keepAlive && !stopping && bodyDone && !broken;
    const isHead = head.method === "HEAD";
    // A declared length goes on the wire, as Deno.serve and node:http send
    // it; one on a HEAD answer is the GET's, whatever body came with it.
    const declared = isNullBodyStatus(response.status) ||
        (!isHead && response.body === null)
      ? undefined
      : declaredLength(response);
    let whole: Uint8Array | undefined;
    try {
      // A small declared body is read whole and written with the head; the
      // bytes read are what is sent: a wrong declared length is corrected
      // (one past the bound is cut at the declared length), on HEAD too, so
      // it says what GET sends. A HEAD answer without a body keeps its own.
      if (
        declared !== undefined && declared <= WHOLE_BODY_MAX_BYTES &&
        response.body !== null
      ) {
        whole = await readDeclared(
          response.body,
          declared,
          WHOLE_BODY_MAX_BYTES,
          abort.signal,
        );
      }
    } catch {
      // The handler's body failed before a byte was sent: a 500 says so,
      // where the stream path could only cut the answer off.
      await refuse(c, plainAnswer(500), bodyDone ? 0 : lingerMs);
      delivered(false);
      return "close";
    }
    let complete = false;
    let bodyError: BodyFailed | undefined;
    let reusable = keepAlive;
    try {
      const { bytes, framing } = responseHead(response, {
        version: head.version,
        keepAlive,
        head: isHead,
        ...(declared === undefined
          ? {}
          : { length: whole?.byteLength ?? declared }),
      });
      // An HTTP/1.0 body without a length ends with the connection.
      if (framing === "close") reusable = false;
      if (whole !== undefined) {
        // A small body of declared length (the gateway's JSON answers): one
        // write, head and body together, no chunk framing.
        let out = bytes;
        if (!isHead) {
          out = new Uint8Array(bytes.byteLength + whole.byteLength);
          out.set(bytes);
          out.set(whole, bytes.byteLength);
        }
        await writeAll(c, out, limits.idleTimeoutMs);
      } else if (declared !== undefined && !isHead) {
        // A large body of declared length: that length, and the body
        // unframed as it comes, bounded as any other answer's writes.
        await writeDeclared(
          response.body!,
          bytes,
          declared,
          (out) => writeAll(c, out, limits.idleTimeoutMs),
          abort.signal,
        );
      } else if (framing === "none" || response.body === null) {
        await response.body?.cancel();
        await writeAll(c, bytes, limits.idleTimeoutMs);
      } else {
        // A chunked answer may still be whole at once (a string, JSON
        // without a declared length): then it goes with its length. An
        // event stream says it is produced over time: not looked at, so
        // its events pay nothing for the check.
        const headOptions = {
          version: head.version,
          keepAlive,
          head: false,
        };
        await writeBody(
          response.body,
          bytes,
          framing === "chunked",
          (out) => writeAll(c, out, limits.idleTimeoutMs),
          framing === "chunked" && !isEventStream(response)
            ? (length) =>
              responseHead(response, { ...headOptions, length }).bytes
            : undefined,
          abort.signal,
        );
      }
      complete = true;
    } catch (error) {
      // The body failed itself; else the client went away, or stopped
      // reading past the idle timeout.
      if (error instanceof BodyFailed) bodyError = error;
    } finally {
      c.abort = undefined;
      c.bodyBy = 0;
      delivered(complete, bodyError);
    }
    // A body the handler left unread (or broken framing) leaves the stream
    // position unknown: the connection is not reused, and the client may
    // still be sending it.
    if (!complete) return "close";
    if (reusable) return "keep";
    return bodyDone && !broken && reader.buffered === 0 ? "close" : "linger";
  }

  async function acceptLoop(): Promise<void> {
    let pause = 0;
    for (;;) {
      let conn: Deno.Conn;
      try {
        conn = await listener.accept();
        pause = 0;
      } catch (error) {
        if (stopping || error instanceof Deno.errors.BadResource) return;
        // Out of file descriptors (EMFILE/ENFILE) or a connection gone before
        // it was accepted: the listener itself is fine. Giving up would leave
        // the port dead for good; wait a little longer each time (5 ms up to
        // 1 s, as Go's net/http does) and accept again, as node:http does.
        pause = pause === 0 ? 5 : Math.min(pause * 2, 1_000);
        await new Promise((resolve) => setTimeout(resolve, pause));
        continue;
      }
      // An answer is often two writes (a chunked body's last chunk goes out
      // on its own); with Nagle's algorithm the second waits for the
      // client's delayed ACK, 40 ms a request on Linux. Deno.serve and
      // node:http turn it off too.
      try {
        (conn as Deno.TcpConn).setNoDelay(true);
      } catch { /* already closed */ }
      const c: Connection = {
        conn,
        idleBy: 0,
        headBy: 0,
        bodyBy: 0,
        writeBy: 0,
        lingerBy: 0,
        answered: false,
        closed: false,
      };
      if (open.size >= limits.maxConnections) {
        const task: Promise<void> = refuse(
          c,
          plainAnswer(503, { "retry-after": "1" }),
        ).finally(() => tasks.delete(task));
        tasks.add(task);
        continue;
      }
      open.add(c);
      const task = serveConnection(c).catch(() => {}).finally(() => {
        closeQuietly(c);
        open.delete(c);
        tasks.delete(task);
      });
      tasks.add(task);
    }
  }

  const accepting = acceptLoop();
  (async () => {
    await accepting;
    while (tasks.size > 0) await Promise.all([...tasks]);
    clearInterval(sweeper);
    resolveFinished();
  })();

  return {
    addr: { hostname: addr.hostname, port: addr.port },
    finished,
    get connections() {
      return open.size;
    },
    async shutdown() {
      if (!stopping) {
        stopping = true;
        listener.close();
        // Connections waiting for a request go now; busy ones after their
        // answer (keep-alive is off from here on).
        for (const c of open) {
          if (c.abort === undefined) closeQuietly(c);
        }
      }
      await finished;
    },
  };
}
