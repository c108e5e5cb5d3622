// What the models-core draw of seed 20261178 showed untested, and the fault
// its survivor led to:
// - a backend whose adapter has no metadata (an untyped adapter, which
//   registration accepts: it asks for execute and executeStream only) and
//   fails: its failure is classified as any other's, so fallback moves on
//   and the error kept names the adapter's own code, instead of the Router
//   reading `metadata.provider` and throwing a TypeError out of the call;
// - the same adapter reached by relayResponse(), which it cannot serve (no
//   `relay`): the attempt fails INVALID_RESPONSE ("cannot relay"), a typed
//   error fallback moves on from, where the Router used to read
//   `metadata.name` and throw that TypeError to the caller.
import assert from "node:assert/strict";
import {
  AdapterError,
  type BackendAdapter,
  createRouter,
  ErrorCode,
  RouterError,
} from "../../src/models/mod.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { req, routingOf } from "./_helpers.ts";

/** An untyped adapter: the two methods registration asks for, no metadata. */
function untyped(execute?: BackendAdapter["execute"]): BackendAdapter {
  const echo = createEchoAdapter();
  return {
    execute: execute ?? echo.execute.bind(echo),
    executeStream: echo.executeStream.bind(echo),
  } as unknown as BackendAdapter;
}

const DOWN = () =>
  Promise.reject(
    new AdapterError({
      code: ErrorCode.PROVIDER_ERROR,
      message: "upstream down",
      statusCode: 503,
    }),
  );

Deno.test("a failing backend without metadata: fallback moves on, and with nothing left its own error is kept", async () => {
  const backup = createEchoAdapter();
  const router = createRouter({ fallbackStrategy: "sequential" })
    .register("bare", untyped(DOWN))
    .register("backup", backup);
  try {
    const answer = await withTimeout(router.execute(req("x")), 5_000, "call");
    assert.equal(answer.message.content, "x");
    assert.deepEqual(
      routingOf(answer).attempts.map((a) => [a.backend, a.errorCode ?? "ok"]),
      [["bare", ErrorCode.PROVIDER_ERROR], ["backup", "ok"]],
    );
    router.unregister("backup");
    const error = await withTimeout(
      router.execute(req("y")).catch((e) => e),
      5_000,
      "alone",
    );
    assert.ok(error instanceof RouterError, String(error));
    assert.equal(error.code, ErrorCode.ALL_BACKENDS_FAILED);
    assert.deepEqual(
      error.errors.map((f) => [f.backend, f.error.code, f.error.statusCode]),
      [["bare", ErrorCode.PROVIDER_ERROR, 503]],
    );
  } finally {
    router.dispose();
  }
});

Deno.test("relayResponse() reaching a backend without metadata or relay: INVALID_RESPONSE, and fallback moves on to one that relays", async () => {
  const relaying = createOpenAIAdapter({
    apiKey: "sk-upstream-example",
    defaultModel: "m",
    fetch: () => Promise.resolve(new Response('{"id":"c1"}')),
  });
  const alone = createRouter({ fallbackStrategy: "none" })
    .register("bare", untyped());
  try {
    const error = await withTimeout(
      alone.relayResponse(req()).catch((e) => e),
      5_000,
      "alone",
    );
    assert.ok(error instanceof AdapterError, String(error));
    assert.equal(error.code, ErrorCode.INVALID_RESPONSE);
    assert.match(error.message, /cannot relay/);
    assert.doesNotMatch(error.message, /undefined/);
  } finally {
    alone.dispose();
  }
  const router = createRouter({ fallbackStrategy: "sequential" })
    .register("bare", untyped())
    .register("up", relaying);
  try {
    const result = await withTimeout(router.relayResponse(req()), 5_000, "up");
    assert.equal(await result.response.text(), '{"id":"c1"}');
    assert.deepEqual(
      result.routing.attempts.map((a) => [a.backend, a.errorCode ?? "ok"]),
      [["bare", ErrorCode.INVALID_RESPONSE], ["up", "ok"]],
    );
  } finally {
    router.dispose();
  }
});
