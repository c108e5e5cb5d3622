// Deno-only: a loopback HTTP peer (Deno.serve on 127.0.0.1, port 0) that
// records what it received, and response bodies that trickle, dawdle, stall
// or never end, each reporting when the client hung up.

import { shutdownBounded } from "../../_bounded.ts";

/** One request as the peer received it off the socket. */
export interface Received {
  method: string;
  /** Path and query string. */
  path: string;
  headers: Headers;
  /** The body parsed as JSON (undefined when empty). */
  body: unknown;
}

/** A running loopback server. */
export interface Peer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Every request so far, in arrival order. */
  received: Received[];
  /** Stops listening and waits for open connections to finish. */
  close(): Promise<void>;
}

/** A loopback server; `answer` builds each response from the parsed request. */
export function servePeer(
  answer: (request: Received) => Response | Promise<Response>,
): Peer {
  const received: Received[] = [];
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    async (request) => {
      const url = new URL(request.url);
      const text = await request.text();
      const seen: Received = {
        method: request.method,
        path: url.pathname + url.search,
        headers: request.headers,
        body: text === "" ? undefined : JSON.parse(text),
      };
      received.push(seen);
      return await answer(seen);
    },
  );
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    received,
    close: () => shutdownBounded(server),
  };
}

/** A response body plus a promise that resolves once the client went away. */
export interface WatchedBody {
  body: ReadableStream<Uint8Array>;
  /** Resolves when the server side saw the reader cancel (connection closed). */
  closed: Promise<void>;
}

const encoder = new TextEncoder();

/** A pause of `ms` milliseconds that a cancel can cut short. */
class Pause {
  #timer: ReturnType<typeof setTimeout> | undefined;
  #wake: (() => void) | undefined;

  wait(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      this.#wake = resolve;
      this.#timer = setTimeout(resolve, ms);
    });
  }

  /** Clears the timer and releases a pending wait. */
  stop(): void {
    clearTimeout(this.#timer);
    this.#wake?.();
  }
}

/** A body fed by `next` (undefined: end) with `gapMs()` before each piece. */
function pacedBody(
  next: () => Uint8Array | undefined,
  gapMs: () => number,
): WatchedBody {
  const pause = new Pause();
  let markClosed!: () => void;
  const closed = new Promise<void>((resolve) => markClosed = resolve);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const gap = gapMs();
      if (gap > 0) await pause.wait(gap);
      const piece = next();
      if (piece === undefined) controller.close();
      else controller.enqueue(piece);
    },
    cancel() {
      pause.stop();
      markClosed();
    },
  });
  return { body, closed };
}

/**
 * `text` written in pieces of 1–7 bytes with `pauseMs` before every fourth
 * piece, so events, CRLF pairs and UTF-8 characters straddle network writes
 * (pausing before every piece would cost seconds per fixture).
 */
export function tricklingBody(text: string, pauseMs = 1): WatchedBody {
  const bytes = encoder.encode(text);
  const sizes = [1, 7, 2, 5, 3, 6, 4];
  let offset = 0;
  let turn = 0;
  return pacedBody(() => {
    if (offset >= bytes.length) return undefined;
    const size = sizes[turn++ % sizes.length];
    const piece = bytes.slice(offset, offset + size);
    offset += size;
    return piece;
  }, () => turn % 4 === 3 ? pauseMs : 0);
}

/** Each of `events` as one write, `gapMs` apart, then the end of the body. */
export function slowBody(
  events: readonly string[],
  gapMs: number,
): WatchedBody {
  let index = 0;
  return pacedBody(
    () => index < events.length ? encoder.encode(events[index++]) : undefined,
    () => gapMs,
  );
}

/** `head` at once, then `tick` every `everyMs` until the client leaves. */
export function endlessBody(
  head: string,
  tick: string,
  everyMs: number,
): WatchedBody {
  let first = true;
  return pacedBody(() => {
    const text = first ? head + tick : tick;
    first = false;
    return encoder.encode(text);
  }, () => everyMs);
}

/** `first` at once, then silence until the client leaves. */
export function stallingBody(first: string): WatchedBody {
  let markClosed!: () => void;
  const closed = new Promise<void>((resolve) => markClosed = resolve);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(first));
    },
    cancel() {
      markClosed();
    },
  });
  return { body, closed };
}

/**
 * Resolves with `promise`, or rejects after `ms` with `what` in the message,
 * so a missing close fails the test instead of hanging it.
 */
export async function within<T>(
  promise: Promise<T>,
  ms: number,
  what: string,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: not within ${ms} ms`)),
      ms,
    );
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
