// An error as an `error` chunk carries it, and back: the gateway reads a
// streamed failure through this codec to answer it as it would a thrown one
// (status, Retry-After, the upstream body, which backend failed). What goes
// into the chunk must come out whole.
import assert from "node:assert/strict";
import {
  AdapterError,
  ErrorCode,
  RouterError,
} from "../../src/models/errors.ts";
import { errorOfFailure, failureOf } from "../../src/models/_stream_failure.ts";

Deno.test("stream failure codec: one backend's error read back keeps its backend, status, Retry-After, body and code", () => {
  const error = new AdapterError({
    code: ErrorCode.RATE_LIMITED,
    message: "slow down",
    provider: "groq",
    statusCode: 429,
    retryAfter: 7,
    details: { body: { error: { message: "slow down" } } },
  });
  error.backend = "fast";
  const back = errorOfFailure(
    JSON.parse(JSON.stringify(failureOf(error))),
    undefined,
  );
  assert.ok(!(back instanceof RouterError));
  assert.equal(back.backend, "fast");
  assert.equal(back.code, ErrorCode.RATE_LIMITED);
  assert.equal(back.provider, "groq");
  assert.equal(back.statusCode, 429);
  assert.equal(back.retryAfter, 7);
  assert.deepEqual(back.details?.body, { error: { message: "slow down" } });
  // A failure naming no backend leaves it unset.
  const anonymous = errorOfFailure({ code: "TIMEOUT", message: "t" }, "p");
  assert.equal(anonymous.backend, undefined);
  assert.equal(anonymous.code, ErrorCode.TIMEOUT);
});
