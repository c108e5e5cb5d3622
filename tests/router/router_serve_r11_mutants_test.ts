// Deno-only: the measuring draw of seed 20261204's route.ts:382, served by
// Deno.serve, where a response's framing shows.
import assert from "node:assert/strict";
import { createRoute, createRouter } from "../../src/router/mod.ts";
import { fetchSignal, shutdownBounded } from "../_bounded.ts";

// route.ts:382 (`!streaming` read as `streaming`): a `streaming: true`
// route went through the fast path that joins its text first, so with
// only synchronous substitutions it went out whole, with a Content-Length,
// instead of streamed; a route without it lost the fast path (no change a
// client sees).
Deno.test("Deno.serve: a streaming route is streamed even when nothing in it is slow; the other has its length", async () => {
  const router = createRouter()
    .endpoint`GET /streamed`(createRoute({ streaming: true })`
      HTTP/1.1 200 OK
      Content-Type: text/plain

      hello ${() => "world"}`)
    .endpoint`GET /whole`(createRoute()`
      HTTP/1.1 200 OK
      Content-Type: text/plain

      hello ${() => "world"}`);
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    router,
  );
  try {
    const base = `http://127.0.0.1:${server.addr.port}`;
    for (const round of [1, 2]) {
      const streamed = await fetch(`${base}/streamed`, {
        signal: fetchSignal(),
      });
      assert.equal(await streamed.text(), "hello world", `round ${round}`);
      assert.equal(streamed.headers.get("content-length"), null);
      assert.equal(streamed.headers.get("transfer-encoding"), "chunked");
      const whole = await fetch(`${base}/whole`, { signal: fetchSignal() });
      assert.equal(await whole.text(), "hello world");
      assert.equal(whole.headers.get("content-length"), "11");
    }
  } finally {
    await shutdownBounded(server);
  }
});
