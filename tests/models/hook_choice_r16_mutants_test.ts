// A customFallback that names a backend already tried is ROUTING_FAILED at
// once: the refusal is what bounds a hook that keeps answering the same name
// (router_test.ts checks that bound with a hook that never stops, so a
// Router that lost the refusal failed there only when the run's time bound
// ended a fallback that never ends). Here the hook stops answering after a
// few calls: a Router that takes the name again calls the failing backend a
// second time and then ends with ALL_BACKENDS_FAILED, which the assertions
// tell apart at once.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  createRouter,
  ErrorCode,
  type IRStreamChunk,
  RouterError,
} from "../../src/models/mod.ts";
import { createFailingAdapter } from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { drain, req } from "./_helpers.ts";

/**
 * A Router whose first choice "a" and fallback "b" fail, and whose
 * customFallback answers `answers` in turn, then null.
 */
function answering(answers: readonly string[]) {
  const asked: (readonly string[])[] = [];
  const plan = [...answers];
  const a = createFailingAdapter();
  const b = createFailingAdapter();
  const router = createRouter({
    fallbackStrategy: "custom",
    customFallback: (_request, _failed, _error, attempted) => {
      asked.push(attempted);
      return Promise.resolve(plan.shift() ?? null);
    },
  }).register("a", a).register("b", b);
  return { router, a, b, asked };
}

/** The stream's one error chunk, as the error execute() would reject with. */
function streamError(chunks: readonly IRStreamChunk[]) {
  const last = chunks.at(-1);
  assert.equal(chunks.length, 1, "the stream is its error alone");
  assert.ok(last?.type === "error");
  return last.error;
}

describe("customFallback naming a backend already tried", () => {
  // Bug (`_hooks.ts`, `attempted.includes(choice) || choice === primary`
  // made `&&`): only a name both tried and the first choice was refused, so
  // a tried fallback backend was called again for as long as the hook named
  // it.
  it("execute: the second answer of the same fallback backend is ROUTING_FAILED, and it is not called again", async () => {
    const { router, a, b, asked } = answering(["b", "b", "b"]);
    try {
      const error = await withTimeout(
        router.execute(req()).catch((e: unknown) => e),
        5_000,
        "the fallback's end",
      );
      assert.ok(error instanceof RouterError);
      assert.equal(error.code, ErrorCode.ROUTING_FAILED);
      assert.match(error.message, /already attempted backend "b"/);
      assert.deepEqual(error.attemptedBackends, ["a", "b"]);
      assert.equal(a.calls.length, 1);
      assert.equal(b.calls.length, 1, "b is called once");
      assert.equal(asked.length, 2, "the hook is asked twice");
    } finally {
      router.dispose();
    }
  });

  it("executeStream: the same, as the stream's error chunk", async () => {
    const { router, a, b, asked } = answering(["b", "b", "b"]);
    try {
      const chunks = await withTimeout(
        drain(router.executeStream(req())),
        5_000,
        "the stream's end",
      );
      const error = streamError(chunks);
      assert.equal(error.code, ErrorCode.ROUTING_FAILED);
      assert.match(error.message, /already attempted backend "b"/);
      assert.equal(a.calls.length, 1);
      assert.equal(b.calls.length, 1, "b is called once");
      assert.equal(asked.length, 2, "the hook is asked twice");
    } finally {
      router.dispose();
    }
  });
});
