// The errors selection answers with, as a caller (or the gateway, which
// turns them into statuses and a Retry-After) reads them: a backend named
// with a value that is not a name, and no backend left for a request with an
// allow-list, whose wait is the allowed backends' own.
import assert from "node:assert/strict";
import {
  createRouter,
  ErrorCode,
  type IRChatRequest,
  RouterError,
} from "../../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
} from "../../../src/models/testing.ts";
import { manualClock, req } from "../_helpers.ts";

Deno.test("a named backend that is no string is refused as such, never looked up", async () => {
  const router = createRouter({
    routingStrategy: "custom",
    customRouter: (_request, available) => Promise.resolve(available[0]),
  }).register("42", createEchoAdapter());
  try {
    for (const backend of [42, null, true]) {
      const request = {
        ...req("x"),
        metadata: { custom: { backend } },
      } as unknown as IRChatRequest;
      const error = await router.execute(request).then(
        () => assert.fail(`backend ${backend} answered`),
        (e: { code?: string; message?: string }) => e,
      );
      assert.equal(error.code, ErrorCode.ROUTING_FAILED, String(backend));
      assert.match(
        error.message ?? "",
        /request\.metadata\.custom\.backend must be a string/,
      );
    }
  } finally {
    router.dispose();
  }
});

Deno.test("NO_BACKEND_AVAILABLE for a request with an allow-list waits for its allowed backends only", async () => {
  const clock = manualClock();
  const router = createRouter({
    now: clock.now,
    enableCircuitBreaker: true,
    circuitBreakerThreshold: 1,
    circuitBreakerTimeout: 5_000,
    fallbackStrategy: "none",
  }).register("allowed", createFailingAdapter())
    .register("other", createEchoAdapter());
  const scoped = { backends: ["allowed"] };
  try {
    await assert.rejects(router.execute(req(), undefined, scoped));
    clock.t += 1_000;
    const error = await router.execute(req(), undefined, scoped).then(
      () => assert.fail("an open breaker answered"),
      (e: unknown) => e,
    );
    assert.ok(error instanceof RouterError);
    assert.equal(error.code, ErrorCode.NO_BACKEND_AVAILABLE);
    // "other" is up, but this request may not use it.
    assert.equal(error.retryAfter, 4_000);
  } finally {
    router.dispose();
  }
});
