// The testing module's sleep, given a signal that has already aborted,
// rejects at once with ABORTED, as it does when the signal aborts during the
// wait; so does an adapter of createDelayedAdapter called with one. Without
// its early return, sleep made a rejected promise nobody read (an unhandled
// rejection) and then waited the whole delay, on a signal whose abort had
// already passed, and resolved.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { AdapterError, ErrorCode } from "../../src/models/mod.ts";
import {
  createDelayedAdapter,
  createEchoAdapter,
  sleep,
} from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { req } from "./_helpers.ts";

/** A signal aborted before the call. */
function abortedSignal(): AbortSignal {
  const controller = new AbortController();
  controller.abort();
  return controller.signal;
}

/** Asserts that `promise` rejects with ABORTED within a bound. */
async function rejectsAborted(promise: Promise<unknown>, what: string) {
  const error = await withTimeout(
    promise.then(() => "resolved", (e: unknown) => e),
    5_000,
    what,
  );
  assert.ok(error instanceof AdapterError, `${what}: ${String(error)}`);
  assert.equal(error.code, ErrorCode.ABORTED);
}

describe("sleep with a signal already aborted", () => {
  // Bug (`testing.ts`, sleep's `return` before Promise.reject dropped).
  it("sleep rejects with ABORTED at once instead of waiting the delay", async () => {
    await rejectsAborted(sleep(50, abortedSignal()), "sleep");
  });

  it("a delayed adapter called with it rejects with ABORTED and calls nothing", async () => {
    const echo = createEchoAdapter();
    const delayed = createDelayedAdapter(echo, 10_000);
    await rejectsAborted(
      delayed.execute(req(), abortedSignal()),
      "the delayed call",
    );
    assert.equal(echo.calls.length, 0);
  });
});
