// A measured alternative to serveGateway's JavaScript HTTP/1.1 listener,
// kept in bench/ only (docs/performance.md, "Serving paths", has the
// decision): connections are accepted and bounded in JavaScript, as
// serveGateway does, but each one is handed to Deno's own HTTP server (the
// Rust code behind Deno.serve) through `serveHttpOnConnection`, an
// undocumented internal of Deno 2.9 (`Deno[Deno.internal]`), so a passed-
// through body never enters JavaScript. What it can bound, and how:
//   connection cap   the accept loop answers 503 past maxConnections
//   first head       the connection is closed headersTimeoutMs after accept
//                    (no 408: the socket belongs to Deno's server by then)
//   idle keep-alive  closed idleTimeoutMs + headersTimeoutMs after the last
//                    answer (a next head's first byte cannot be seen)
//   slow body        a 408 answer (connection: close) once bodyTimeoutMs
//                    passed without the handler's answer
//   stops reading   (with watchStreams) a streamed answer (no Content-Length) is handed to
//                    Deno's server through a pull-driven stream: once a
//                    chunk is handed over, the server must ask for the next
//                    within idleTimeoutMs, or the upstream is cancelled and
//                    the connection closed (the server asks only while the
//                    socket takes bytes, so a stalled reader stops the asks)
// What it cannot: a head dribbled on a kept-alive connection within its idle
// bound, and a staged close of an over-limit upload.
//   deno run -A bench/_gateway_peers_server.ts serve-native <upstream>
//   MODE=native deno run -A bench/deno_serve_bounds.ts

/** The limits this prototype enforces (serveGateway's names and defaults). */
export interface NativeLimits {
  hostname: string;
  port: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  idleTimeoutMs: number;
  maxConnections: number;
  /**
   * Bound a client that stops reading a streamed answer, at the stream:
   * every chunk then passes through JavaScript (3.5× the relay's CPU per
   * stream measured, against 2.2× for serveGateway), so it is off unless
   * asked for.
   */
  watchStreams?: boolean;
}

type Handler = (
  request: Request,
  info: Deno.ServeHandlerInfo<Deno.NetAddr>,
) => Response | Promise<Response>;

interface Bounded {
  stop: AbortController;
  /** 0 = no such deadline now. */
  closeBy: number;
  busy: number;
}

type ServeOn = (
  conn: Deno.Conn,
  signal: AbortSignal,
  handler: Handler,
  onError: (error: unknown) => Response,
  onListen: () => void,
) => { finished: Promise<void> };

const utf8 = new TextEncoder();

/** Starts the prototype; its address, and a stop that closes everything. */
export function serveNative(
  handler: Handler,
  limits: NativeLimits,
): { port: number; shutdown(): void } {
  // deno-lint-ignore no-explicit-any
  const internal = (Deno as any)[(Deno as any).internal];
  const serveOn = internal?.serveHttpOnConnection as ServeOn | undefined;
  if (typeof serveOn !== "function") {
    throw new TypeError("this Deno has no serveHttpOnConnection");
  }
  const listener = Deno.listen({
    hostname: limits.hostname,
    port: limits.port,
  });
  const open = new Set<Bounded>();
  const tick = Math.max(
    5,
    Math.min(
      250,
      Math.min(
        limits.headersTimeoutMs,
        limits.bodyTimeoutMs,
        limits.idleTimeoutMs,
      ) / 20,
    ),
  );
  // Body deadlines: the 408 each late handler is raced against.
  const bodies = new Map<() => void, number>();
  // Streamed answers handed over: when their last chunk was (0 = the
  // server has asked for the next one and waits for it).
  const streams = new Map<Watched, number>();
  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const c of open) {
      if (c.closeBy && now > c.closeBy) c.stop.abort();
    }
    for (const [late, by] of bodies) if (now > by) late();
    for (const [stream, since] of streams) {
      if (since !== 0 && now - since > limits.idleTimeoutMs) stream.stalled();
    }
  }, tick);
  interface Watched {
    stalled(): void;
  }
  /**
   * `body` as a stream Deno's server pulls one chunk at a time; a stalled
   * reader cancels `body` (the upstream) and closes the connection.
   */
  const watched = (
    body: ReadableStream<Uint8Array>,
    c: Bounded,
  ): ReadableStream<Uint8Array> => {
    const reader = body.getReader();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const entry: Watched = {
      stalled() {
        streams.delete(entry);
        reader.cancel(new Error("the client stopped reading")).catch(() => {});
        try {
          controller.error(new Error("the client stopped reading"));
        } catch { /* closed */ }
        c.stop.abort();
      },
    };
    return new ReadableStream<Uint8Array>({
      start(given) {
        controller = given;
        streams.set(entry, 0);
      },
      async pull(given) {
        if (!streams.has(entry)) return;
        streams.set(entry, 0);
        const { value, done } = await reader.read();
        if (done) {
          streams.delete(entry);
          given.close();
          return;
        }
        given.enqueue(value);
        if (streams.has(entry)) streams.set(entry, Date.now());
      },
      cancel(reason) {
        streams.delete(entry);
        return reader.cancel(reason);
      },
    }, { highWaterMark: 0 });
  };
  const busyAnswer = utf8.encode(
    "HTTP/1.1 503 Service Unavailable\r\nretry-after: 1\r\ncontent-length: 0\r\nconnection: close\r\n\r\n",
  );

  const accepting = (async () => {
    for (;;) {
      let conn: Deno.Conn;
      try {
        conn = await listener.accept();
      } catch {
        return;
      }
      if (open.size >= limits.maxConnections) {
        conn.write(busyAnswer).catch(() => {}).finally(() => {
          try {
            conn.close();
          } catch { /* gone */ }
        });
        continue;
      }
      const c: Bounded = {
        stop: new AbortController(),
        closeBy: Date.now() + limits.headersTimeoutMs,
        busy: 0,
      };
      open.add(c);
      const served = serveOn(
        conn,
        c.stop.signal,
        (request, info) => {
          c.closeBy = 0;
          c.busy++;
          const done = () => {
            if (--c.busy === 0) {
              c.closeBy = Date.now() + limits.idleTimeoutMs +
                limits.headersTimeoutMs;
            }
          };
          info.completed.then(done, done);
          const answer = Promise.resolve(handler(request, info)).then(
            (response) =>
              !limits.watchStreams || response.body === null ||
                response.headers.has("content-length")
                ? response
                : new Response(watched(response.body, c), response),
          );
          if (request.body === null) return answer;
          return new Promise<Response>((resolve, reject) => {
            const late = () => {
              bodies.delete(late);
              resolve(
                new Response("Request Timeout\n", {
                  status: 408,
                  headers: { connection: "close" },
                }),
              );
            };
            bodies.set(late, Date.now() + limits.bodyTimeoutMs);
            Promise.resolve(answer).then((response) => {
              bodies.delete(late);
              resolve(response);
            }, (error) => {
              bodies.delete(late);
              reject(error);
            });
          });
        },
        () => new Response("Internal Server Error\n", { status: 500 }),
        () => {},
      );
      served.finished.then(() => open.delete(c), () => open.delete(c));
    }
  })();

  return {
    port: (listener.addr as Deno.NetAddr).port,
    shutdown() {
      try {
        listener.close();
      } catch { /* closed */ }
      for (const c of open) c.stop.abort();
      clearInterval(sweeper);
      void accepting;
    },
  };
}
