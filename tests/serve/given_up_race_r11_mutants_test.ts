// The Deno listener's one open survivor, `_deno_server.ts` "return "close""
// after a given-up answer: a handler that answers while the listener's own
// 408 (its body timed out) is still being written must not have its answer
// written after the 408. On a real socket that write takes microseconds, a
// window no test can hold open; here the listener gets a connection of the
// test's own (Deno.listen replaced for the test), whose first write is held
// until the handler has answered. Bug: the return dropped, so the late
// answer goes out after the 408, on a connection the client was told closes.
import assert from "node:assert/strict";
import { serve } from "../../src/serve/mod.ts";
import { shutdownBounded, withTimeout } from "../_bounded.ts";

const BOUND_MS = 10_000;
const utf8 = new TextEncoder();
const latin1 = new TextDecoder("latin1");

/** What the listener did to the connection, in order. */
type Event = { write: string } | { close: true };

/**
 * A connection that gives `head` on its first read and nothing more until
 * it is closed, and holds its first write until `releaseWrite`.
 */
function heldConnection(head: string) {
  const events: Event[] = [];
  const waiters = new Set<() => void>();
  const note = (event: Event) => {
    events.push(event);
    for (const wake of waiters) wake();
  };
  let closed = false;
  let wakeReads: (() => void)[] = [];
  let releaseWrite!: () => void;
  const firstWriteHeld = new Promise<void>((resolve) => releaseWrite = resolve);
  let reads = 0;
  const conn = {
    localAddr: { transport: "tcp", hostname: "127.0.0.1", port: 1 },
    remoteAddr: { transport: "tcp", hostname: "127.0.0.1", port: 2 },
    rid: -1,
    read(buffer: Uint8Array): Promise<number | null> {
      if (reads++ === 0) {
        const bytes = utf8.encode(head);
        buffer.set(bytes);
        return Promise.resolve(bytes.byteLength);
      }
      if (closed) return Promise.resolve(null);
      return new Promise((resolve) => wakeReads.push(() => resolve(null)));
    },
    async write(bytes: Uint8Array): Promise<number> {
      const first = !events.some((e) => "write" in e);
      note({ write: latin1.decode(bytes) });
      if (first) await firstWriteHeld;
      return bytes.byteLength;
    },
    closeWrite(): Promise<void> {
      return Promise.resolve();
    },
    close(): void {
      closed = true;
      note({ close: true });
      for (const wake of wakeReads) wake();
      wakeReads = [];
    },
    setNoDelay(): void {},
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
  return { conn, events, releaseWrite, until };
}

/** A listener that hands over `conn` once, then waits until it is closed. */
function listenerOf(conn: unknown) {
  let accepted = false;
  let stop!: () => void;
  const stopped = new Promise<never>((_, reject) =>
    stop = () => reject(new Deno.errors.BadResource("listener closed"))
  );
  stopped.catch(() => {});
  return {
    addr: { transport: "tcp", hostname: "127.0.0.1", port: 1 },
    accept() {
      if (!accepted) {
        accepted = true;
        return Promise.resolve(conn);
      }
      return stopped;
    },
    close() {
      stop();
    },
  };
}

Deno.test("serve: a handler that answers while the listener's 408 is still being written has its answer given up, not written after the 408", async () => {
  const wire = heldConnection(
    "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n",
  );
  let answer!: (response: Response) => void;
  let cancelled = false;
  const realListen = Deno.listen;
  // deno-lint-ignore no-explicit-any
  (Deno as any).listen = () => listenerOf(wire.conn);
  let server: Awaited<ReturnType<typeof serve>>;
  try {
    server = await serve(
      () => new Promise<Response>((resolve) => answer = resolve),
      { port: 0, hostname: "127.0.0.1", bodyTimeoutMs: 100 },
    );
  } finally {
    // deno-lint-ignore no-explicit-any
    (Deno as any).listen = realListen;
  }
  try {
    // The body never comes: the sweeper answers 408, and that write hangs.
    await wire.until(
      () => wire.events.some((e) => "write" in e && / 408 /.test(e.write)),
      "the listener's 408",
    );
    // Now the handler answers, with a body that must be cancelled: one
    // piece, then nothing until it is.
    let pieces = 0;
    answer(
      new Response(
        new ReadableStream({
          pull(controller) {
            if (pieces++ > 0) return new Promise<void>(() => {});
            controller.enqueue(utf8.encode("late answer"));
          },
          cancel() {
            cancelled = true;
          },
        }),
      ),
    );
    await wire.until(
      () => wire.events.some((e) => "close" in e),
      "the connection's close",
    );
    assert.deepEqual(
      wire.events.map((e) => "close" in e ? "close" : e.write.slice(0, 12)),
      ["HTTP/1.1 408", "close"],
    );
    assert.ok(cancelled, "the given-up answer's body was not cancelled");
  } finally {
    wire.releaseWrite();
    await shutdownBounded(server);
  }
});
