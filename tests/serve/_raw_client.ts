/**
 * A raw TCP client for listener tests, portable to Node (`node:net`): it
 * writes exactly the bytes a test gives, however slowly, and reads what the
 * server answers, so slow heads, oversize bodies and refused connections
 * can be played on both runtimes. Every wait is bounded.
 *
 * @module
 */
import net from "node:net";
import { withTimeout } from "../_timeout.ts";

/** Bound of any one wait on the server. */
export const WAIT_MS = 10_000;

/** One connection to the listener under test. */
export interface RawClient {
  /** Everything received so far, as latin1 text. */
  readonly received: string;
  /** True once the connection is closed (by either side, or reset). */
  readonly closed: boolean;
  /** Writes `bytes`; false when the connection is already gone. */
  write(bytes: string | Uint8Array): Promise<boolean>;
  /** Resolves once the server has closed the connection (or reset it). */
  closedByServer(): Promise<void>;
  /**
   * The first whole answer (head and a `content-length` body), or what
   * came before the connection closed. Takes it off `received`.
   */
  response(): Promise<string>;
  /** Closes this side and waits for the socket to be gone. */
  destroy(): Promise<void>;
}

/**
 * The length of the whole answer at the start of `text` (a declared length
 * or a chunked body), or 0 while it is incomplete.
 */
function wholeAnswer(text: string): number {
  const end = text.indexOf("\r\n\r\n");
  if (end < 0) return 0;
  const head = text.slice(0, end);
  // An interim answer (100 Continue) has no body: it is a whole answer.
  if (/^HTTP\/1\.[01] 1\d\d /.test(head)) return end + 4;
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  if (length) {
    const total = end + 4 + Number(length[1]);
    return text.length >= total ? total : 0;
  }
  if (!/\r\ntransfer-encoding: *chunked/i.test(head)) return 0;
  // Chunk by chunk, so a body holding "0\r\n\r\n" does not end it early.
  let at = end + 4;
  for (;;) {
    const lineEnd = text.indexOf("\r\n", at);
    if (lineEnd < 0) return 0;
    const size = parseInt(text.slice(at, lineEnd), 16);
    if (Number.isNaN(size)) return 0;
    if (size === 0) {
      return text.startsWith("\r\n", lineEnd + 2) ? lineEnd + 4 : 0;
    }
    at = lineEnd + 2 + size + 2;
    if (at > text.length) return 0;
  }
}

/** The body of a whole answer, de-chunked when it was chunked. */
export function bodyOf(answer: string): string {
  const end = answer.indexOf("\r\n\r\n");
  const body = answer.slice(end + 4);
  if (!/\r\ntransfer-encoding: *chunked/i.test(answer.slice(0, end))) {
    return body;
  }
  let text = "";
  for (let at = 0;;) {
    const lineEnd = body.indexOf("\r\n", at);
    const size = parseInt(body.slice(at, lineEnd), 16);
    if (!(size > 0)) return text;
    text += body.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

/**
 * Connects to `127.0.0.1:port`.
 *
 * @param port The listener's port.
 * @returns The connected client.
 */
export async function rawClient(port: number): Promise<RawClient> {
  const socket = net.connect({ host: "127.0.0.1", port });
  let received = "";
  let closed = false;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  socket.on("data", (chunk: Uint8Array) => {
    received += new TextDecoder("latin1").decode(chunk);
    wake();
  });
  // A reset after the answer is the server's close too.
  socket.on("error", () => {});
  const gone = new Promise<void>((resolve) =>
    socket.once("close", () => {
      closed = true;
      resolve();
      wake();
    })
  );
  await withTimeout(
    new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("error", reject);
    }),
    WAIT_MS,
    `connect to port ${port}`,
  );
  const until = (done: () => boolean, what: string): Promise<void> => {
    if (done()) return Promise.resolve();
    let waiter!: () => void;
    const reached = new Promise<void>((resolve) => {
      waiter = () => {
        if (done()) resolve();
      };
      waiters.add(waiter);
    });
    return withTimeout(reached, WAIT_MS, what).finally(() =>
      waiters.delete(waiter)
    );
  };
  return {
    get received() {
      return received;
    },
    get closed() {
      return closed;
    },
    write(bytes) {
      if (closed || socket.destroyed) return Promise.resolve(false);
      return new Promise((resolve) =>
        socket.write(bytes, (error?: Error | null) => resolve(!error))
      );
    },
    closedByServer() {
      return until(() => closed, "the server to close the connection");
    },
    async response() {
      await until(
        () => closed || wholeAnswer(received) > 0,
        "a whole answer or the connection's close",
      );
      const length = wholeAnswer(received) || received.length;
      const answer = received.slice(0, length);
      received = received.slice(length);
      return answer;
    },
    async destroy() {
      socket.destroy();
      await withTimeout(gone, WAIT_MS, "the client socket to close");
    },
  };
}

/** One request on a fresh connection; its whole answer as latin1 text. */
export async function ask(port: number, request: string): Promise<string> {
  const client = await rawClient(port);
  try {
    await client.write(request);
    return await client.response();
  } finally {
    await client.destroy();
  }
}

/** The head of an answer, lower-cased, lines apart. */
export function headOf(answer: string): string[] {
  return answer.slice(0, answer.indexOf("\r\n\r\n")).toLowerCase().split(
    "\r\n",
  );
}
