// What the listener's mutation survivors showed the suite did not check: a
// connection the server closes while the handler still works (here a body
// that stops arriving, past the body timeout) aborts the handler's
// request.signal, and the handler's late answer, bodiless or not, settles
// `completed` as not delivered instead of leaving it pending.
import assert from "node:assert/strict";
import { serveGateway } from "../../src/gateway/mod.ts";
import { shutdownBounded, withTimeout } from "../_bounded.ts";

const BOUND_MS = 10_000;
const utf8 = new TextEncoder();

/** Everything the server sends until it closes the connection. */
async function readToClose(conn: Deno.Conn): Promise<string> {
  const buffer = new Uint8Array(4096);
  let text = "";
  for (;;) {
    const n = await conn.read(buffer).catch(() => null);
    if (n === null) return text;
    text += new TextDecoder().decode(buffer.subarray(0, n));
  }
}

for (const late of ["a 204 without a body", "a text body"]) {
  Deno.test(`serveGateway: a body that stops arriving gets a 408, aborts the handler's signal, and the handler's late answer (${late}) settles completed as not delivered`, async () => {
    let aborted!: (reason: unknown) => void;
    const abortSeen = new Promise<unknown>((resolve) => aborted = resolve);
    let settled!: (outcome: string) => void;
    const completedSeen = new Promise<string>((resolve) => settled = resolve);
    const server = await serveGateway(async (request, info) => {
      assert.ok(info.completed !== undefined, "serveGateway passes completed");
      info.completed.then(
        () => settled("delivered"),
        () => settled("not delivered"),
      );
      // The handler does not read the body: only the signal can tell it
      // that the connection is gone.
      const reason = await new Promise<unknown>((resolve) => {
        request.signal.addEventListener(
          "abort",
          () => resolve(request.signal.reason),
          { once: true },
        );
      });
      aborted(reason);
      return late === "a text body"
        ? new Response("too late")
        : new Response(null, { status: 204 });
    }, { port: 0, hostname: "127.0.0.1", bodyTimeoutMs: 300 });
    try {
      const conn = await Deno.connect({
        hostname: "127.0.0.1",
        port: server.addr.port,
      });
      try {
        await conn.write(utf8.encode(
          "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\n" +
            "Content-Type: application/json\r\nContent-Length: 10\r\n\r\n{}",
        ));
        const answer = await withTimeout(
          readToClose(conn),
          BOUND_MS,
          "the server never closed the stalled connection",
        );
        assert.match(answer, /^HTTP\/1\.1 408 /);
        const reason = await withTimeout(
          abortSeen,
          BOUND_MS,
          "the handler's request.signal never aborted",
        );
        assert.ok(reason instanceof Error);
        assert.equal(
          await withTimeout(
            completedSeen,
            BOUND_MS,
            "info.completed never settled",
          ),
          "not delivered",
        );
      } finally {
        conn.close();
      }
    } finally {
      await shutdownBounded(server);
    }
  });
}
