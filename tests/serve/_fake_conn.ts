/**
 * Connections of a test's own for the Deno listener (`Deno.listen` replaced
 * while `serve` starts): each gives the bytes it is told, then nothing
 * until it is closed, and can hold its first write, so a race window that
 * takes microseconds on a socket (an answer written while the listener's
 * own 408 or 503 is still going out) stays open until the test moves on.
 * Every wait is bounded.
 *
 * @module
 */
import { serve } from "../../src/serve/mod.ts";
import type {
  BoundedServer,
  ServeHandler,
  ServeOptions,
} from "../../src/serve/options.ts";
import { shutdownBounded, withTimeout } from "../_bounded.ts";

const BOUND_MS = 10_000;
const utf8 = new TextEncoder();
const latin1 = new TextDecoder("latin1");

/** What the listener did to a connection, in order. */
export type ConnEvent = { read: true } | { write: string } | { close: true };

/** One connection and what the listener did to it. */
export interface FakeConn {
  /** The object handed to the listener as its `Deno.Conn`. */
  conn: unknown;
  events: ConnEvent[];
  /** The events as `read`, the first 12 characters of a write, `close`. */
  summary(): string[];
  /** What the listener last set as the connection's no-delay option. */
  readonly noDelay: boolean | undefined;
  /** Lets the held first write complete. */
  releaseWrite(): void;
  /** Gives `more` to the read waiting now (or the next one). */
  feed(more: string): void;
  /** Resolves once `done()` holds (bounded). */
  until(done: () => boolean, what: string): Promise<void>;
  /** Resolves once the listener has written to it (bounded). */
  written(what: string): Promise<void>;
}

/**
 * A connection whose first read gives `input` (none: its reads wait until
 * it is closed), whose later reads wait for what `feed` gives or until it
 * is closed, whose first write waits for `releaseWrite` when
 * `holdFirstWrite`, and whose every write takes at most `writeAtMost` bytes
 * (as a socket whose send buffer is nearly full takes part of a write).
 */
export function fakeConn(
  input: string | undefined,
  { holdFirstWrite = false, writeAtMost = Infinity } = {},
): FakeConn {
  const events: ConnEvent[] = [];
  const waiters = new Set<() => void>();
  const note = (event: ConnEvent) => {
    events.push(event);
    for (const wake of waiters) wake();
  };
  let closed = false;
  let given = input === undefined;
  let wakeReads: ((more: string | null) => void)[] = [];
  const fed: string[] = [];
  let releaseWrite!: () => void;
  const held = new Promise<void>((resolve) => releaseWrite = resolve);
  let writes = 0;
  let noDelay: boolean | undefined;
  const conn = {
    localAddr: { transport: "tcp", hostname: "127.0.0.1", port: 1 },
    remoteAddr: { transport: "tcp", hostname: "127.0.0.1", port: 2 },
    read(buffer: Uint8Array): Promise<number | null> {
      note({ read: true });
      if (!given) {
        given = true;
        const bytes = utf8.encode(input!);
        buffer.set(bytes);
        return Promise.resolve(bytes.byteLength);
      }
      const give = (more: string | null) => {
        if (more === null) return null;
        const bytes = utf8.encode(more);
        buffer.set(bytes);
        return bytes.byteLength;
      };
      if (fed.length > 0) return Promise.resolve(give(fed.shift()!));
      if (closed) return Promise.resolve(null);
      return new Promise((resolve) =>
        wakeReads.push((more) => resolve(give(more)))
      );
    },
    async write(bytes: Uint8Array): Promise<number> {
      const taken = bytes.subarray(0, writeAtMost);
      note({ write: latin1.decode(taken) });
      if (writes++ === 0 && holdFirstWrite) await held;
      return taken.byteLength;
    },
    closeWrite: (): Promise<void> => Promise.resolve(),
    close(): void {
      closed = true;
      note({ close: true });
      for (const wake of wakeReads) wake(null);
      wakeReads = [];
    },
    setNoDelay(on = true): void {
      noDelay = on;
    },
    setKeepAlive(): void {},
  };
  const until = (done: () => boolean, what: string): Promise<void> => {
    let wake!: () => void;
    const reached = new Promise<void>((resolve) => {
      wake = () => done() && resolve();
      waiters.add(wake);
      wake();
    });
    return withTimeout(reached, BOUND_MS, what).finally(() =>
      waiters.delete(wake)
    );
  };
  const summary = () =>
    events.map((e) =>
      "read" in e ? "read" : "close" in e ? "close" : e.write.slice(0, 12)
    );
  const feed = (more: string) => {
    const wake = wakeReads.shift();
    if (wake) wake(more);
    else fed.push(more);
  };
  return {
    conn,
    events,
    get noDelay() {
      return noDelay;
    },
    summary,
    releaseWrite,
    feed,
    until,
    written: (what) => until(() => events.some((e) => "write" in e), what),
  };
}

/**
 * Serves `handler` on the Deno listener with `options`, its listener
 * handing over `conns` in order (an error given in their place is what
 * that accept fails with, as one out of file descriptors does), then none
 * until it is closed.
 */
export async function serveFake(
  handler: ServeHandler,
  options: ServeOptions,
  conns: (FakeConn | Error)[],
): Promise<BoundedServer> {
  const queue = conns.map((c) => c instanceof Error ? c : c.conn);
  let stop!: () => void;
  const stopped = new Promise<never>((_, reject) =>
    stop = () => reject(new Deno.errors.BadResource("listener closed"))
  );
  stopped.catch(() => {});
  const listener = {
    addr: { transport: "tcp", hostname: "127.0.0.1", port: 1 },
    accept: () => {
      if (queue.length === 0) return stopped;
      const next = queue.shift();
      return next instanceof Error
        ? Promise.reject(next)
        : Promise.resolve(next);
    },
    close: () => stop(),
  };
  const realListen = Deno.listen;
  // deno-lint-ignore no-explicit-any
  (Deno as any).listen = () => listener;
  try {
    return await serve(handler, options);
  } finally {
    // deno-lint-ignore no-explicit-any
    (Deno as any).listen = realListen;
  }
}

/**
 * Serves `handler` (an "ok" answer unless given) on loopback over `conns`
 * as {@linkcode serveFake} does, with `options`, runs `use`, and shuts the
 * server down within its bound whatever `use` did (a write still held is
 * let go first: the shutdown waits for it).
 */
export async function withFake(
  conns: (FakeConn | Error)[],
  use: (server: BoundedServer) => Promise<void>,
  options: Omit<ServeOptions, "port" | "hostname"> = {},
  handler: ServeHandler = () => new Response("ok"),
): Promise<void> {
  const server = await serveFake(handler, {
    ...options,
    port: 0,
    hostname: "127.0.0.1",
  }, conns);
  try {
    await use(server);
  } finally {
    for (const c of conns) if (!(c instanceof Error)) c.releaseWrite();
    await shutdownBounded(server);
  }
}
