// What the models-core draw of seed 20261172 showed untested:
// - dispose() called from inside an adapter's call (a shutdown the backend
//   call itself set off) ends the call ABORTED without calling another
//   backend, and the adapter's answer, rejecting now or later, is let go
//   quietly: an unhandled rejection would end a Deno or Node process;
// - dispatchParallel given a signal that has already aborted ends ABORTED
//   with the caller's reason, never with an answer, and calls no backend;
// - selectBackend() naming a backend that is out, with nothing left for
//   fallback to try, is NO_BACKEND_AVAILABLE (a TypeError before), and with
//   a backend left it answers that one.
import assert from "node:assert/strict";
import {
  AdapterError,
  type BackendAdapter,
  createRouter,
  ErrorCode,
  type Router,
} from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { codeOf, req, tick, to } from "./_helpers.ts";

// The three ways an attempt waits: on the Router's own signal (no caller
// signal, no timeout), on the call's signal (a caller signal), on a signal
// of its own (an attempt timeout).
const WAITS = [
  ["no caller signal", {}, false],
  ["a caller signal", {}, true],
  ["an attempt timeout", { attemptTimeout: 60_000 }, false],
] as const;

for (const when of ["at once", "a turn later"] as const) {
  for (const [wait, config, withSignal] of WAITS) {
    Deno.test(`dispose() from inside the adapter's call, ${wait}: ABORTED, no fallback, its failure (${when}) let go quietly`, async () => {
      let router: Router | undefined = undefined;
      let failed = false;
      const fail = () => {
        failed = true;
        return new AdapterError({
          code: ErrorCode.PROVIDER_ERROR,
          message: "down",
        });
      };
      const shuttingDown: BackendAdapter = {
        ...createEchoAdapter(),
        execute() {
          router!.dispose();
          return when === "at once"
            ? Promise.reject(fail())
            : tick().then(() => Promise.reject(fail()));
        },
      };
      const spare = createEchoAdapter();
      router = createRouter({ fallbackStrategy: "sequential", ...config })
        .register("a", shuttingDown)
        .register("b", spare);
      const code = await withTimeout(
        router.execute(
          req(),
          withSignal ? new AbortController().signal : undefined,
        ).then(() => "answered", (e) => e.code),
        5_000,
        "the call",
      );
      assert.equal(code, ErrorCode.ABORTED);
      assert.equal(spare.calls.length, 0);
      // The adapter's rejection has landed (a turn after its own), with no
      // handler left to complain.
      await tick();
      await tick();
      assert.equal(failed, true);
    });
  }
}

for (const strategy of ["first", "all"] as const) {
  Deno.test(`dispatchParallel (${strategy}) with a signal aborted before the call: ABORTED with the caller's reason, no answer, no backend called`, async () => {
    const reason = new Error("client left");
    const [a, b] = [createEchoAdapter(), createEchoAdapter()];
    const router = createRouter().register("a", a).register("b", b);
    try {
      const error = await withTimeout(
        router.dispatchParallel(req(), {
          strategy,
          signal: AbortSignal.abort(reason),
        }).then(() => undefined, (e) => e),
        5_000,
        "dispatchParallel",
      );
      assert.equal(error?.code, ErrorCode.ABORTED);
      assert.equal(error.cause, reason);
      // As execute and executeStream: nothing is sent for a call already
      // given up, so no provider bills it and no backend's statistics
      // count it (the router counts one failed call, as for execute).
      assert.deepEqual([a.calls.length, b.calls.length], [0, 0]);
      assert.deepEqual(error.attemptedBackends, []);
      assert.deepEqual(
        ["a", "b"].map((name) => router.getBackendStats(name)?.totalRequests),
        [0, 0],
      );
      assert.equal(router.getStats().failedRequests, 1);
    } finally {
      router.dispose();
    }
  });
}

Deno.test("selectBackend: a named backend that is out, with no other to fall back to, is NO_BACKEND_AVAILABLE; with one, that one", async () => {
  const router = createRouter({
    fallbackStrategy: "sequential",
    enableCircuitBreaker: true,
  }).register("a", createEchoAdapter());
  try {
    router.openCircuitBreaker("a");
    assert.equal(
      await withTimeout(
        codeOf(router.selectBackend(to("a"))),
        5_000,
        "selectBackend",
      ),
      ErrorCode.NO_BACKEND_AVAILABLE,
    );
    router.register("b", createEchoAdapter());
    assert.equal(
      await withTimeout(router.selectBackend(to("a")), 5_000, "with b"),
      "b",
    );
  } finally {
    router.dispose();
  }
});
