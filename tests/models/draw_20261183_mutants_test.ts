// What the models-core draw of seed 20261183 showed unguarded: a dispose()
// that lands while a call goes from its selection to its fallback. The
// Router's injected clock is the user code read at that moment, so it is
// where the test disposes: on its first read of the call (inside the
// selection) and on its second (the selection found the named backend
// unavailable; the fallback has yet to end).
import assert from "node:assert/strict";
import { createRouter, type Router } from "../../src/models/mod.ts";
import { createFailingAdapter } from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { req, to } from "./_helpers.ts";

// Bug (`_failures.ts`, `if (disposed) return noBackend("Router is
// disposed")` without its `return`): the call ended as if its backends were
// only out for a while, "available again in 60000 ms" with a retryAfter a
// gateway turns into Retry-After, on a Router that will never answer again.
Deno.test("a Router disposed while a call falls back from a named backend that is out: the call says the Router is disposed, with no retry time", async () => {
  for (const read of [1, 2]) {
    let router: Router | undefined;
    let reads = -1;
    router = createRouter({
      enableCircuitBreaker: true,
      circuitBreakerThreshold: 1,
      circuitBreakerTimeout: 60_000,
      now: () => {
        if (reads >= 0 && ++reads === read) router!.dispose();
        return 1_000;
      },
    }).register("a", createFailingAdapter())
      .register("b", createFailingAdapter());
    // Both breakers open (each failed once).
    for (let i = 0; i < 2; i++) {
      await withTimeout(router.execute(req()).catch(() => {}), 5_000, "fail");
    }
    assert.equal(router.isCircuitBreakerOpen("a"), true);
    assert.equal(router.isCircuitBreakerOpen("b"), true);
    reads = 0;
    const error = await withTimeout(
      router.execute(to("a")).then(() => undefined, (e) => e),
      5_000,
      `disposed at the clock's read ${read}`,
    );
    assert.equal(reads >= read, true, "disposed during the call");
    assert.equal(error?.code, "NO_BACKEND_AVAILABLE", `read ${read}`);
    assert.equal(error.message, "Router is disposed", `read ${read}`);
    assert.equal(error.retryAfter, undefined, `read ${read}`);
    router = undefined;
  }
});
