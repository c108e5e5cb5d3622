// What `resolveError` tells a client about a model-router error that lists
// backends but is not "every backend failed": its own message. No request
// through the gateway reaches one (its router raises such errors only as
// ALL_BACKENDS_FAILED, or ABORTED with the attempts that failed before the
// abort), but `resolveError` is exported for programs that answer in the
// gateway's error shape, and `Router.dispatchParallel` raises one: when
// none of the named backends can be called, NO_BACKEND_AVAILABLE lists each
// one's reason. No backend was called, so "All backends failed" would be
// false. An abort keeps its message too, even when it names its backend.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { openAIErrorBody, resolveError } from "../../src/gateway/mod.ts";
import {
  AdapterError,
  createRouter,
  RouterError,
} from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

describe("resolveError on a router error that lists backends", () => {
  // Bug (`errors.ts`, which errors keep their own message: `||` → `&&`):
  // a NO_BACKEND_AVAILABLE listing the unavailable backends was told as
  // "All backends failed: …", though none was called.
  it("keeps a parallel dispatch's NO_BACKEND_AVAILABLE message", async () => {
    const router = createRouter()
      .register("a", createEchoAdapter())
      .register("b", createEchoAdapter());
    try {
      router.openCircuitBreaker("a");
      router.openCircuitBreaker("b");
      const error = await router.dispatchParallel(
        { messages: [{ role: "user", content: "hi" }] },
        { backends: ["a", "b"], strategy: "all" },
      ).then(() => assert.fail("dispatched"), (e: unknown) => e);
      assert.ok(error instanceof RouterError);
      assert.equal(error.code, "NO_BACKEND_AVAILABLE");
      assert.equal(error.errors.length, 2, "each named backend's reason");
      const resolved = resolveError(error);
      assert.equal(resolved.status, 503);
      assert.equal(resolved.code, "NO_BACKEND_AVAILABLE");
      assert.equal(resolved.message, error.message);
      assert.doesNotMatch(resolved.message, /All backends failed/);
      assert.equal(
        openAIErrorBody(resolved).error.message,
        "No backend is available for parallel dispatch",
      );
    } finally {
      router.dispose();
    }
  });

  // Bug (the same edit, its other half): an abort that names its backend
  // was told as that backend's failure ('Backend "primary": …').
  it("keeps an abort's message when the abort names its backend", () => {
    const error = new AdapterError({
      code: "ABORTED",
      message: "The client went away",
      provider: "openai",
    });
    error.backend = "primary";
    const resolved = resolveError(error);
    assert.equal(resolved.status, 499);
    assert.equal(resolved.message, "The client went away");
  });
});
