// The stream failure codec at two edges the eleventh mutation round planted
// by hand: a RouterError listing a single backend's failure keeps that
// failure through the chunk (a consumer still answers with that backend's
// status), and a code the Router does not know is read as the fallback code
// with the adapter's own kept in `details.code`, while a known code adds no
// details.
import assert from "node:assert/strict";
import {
  AdapterError,
  ErrorCode,
  RouterError,
} from "../../src/models/errors.ts";
import { errorOfFailure, failureOf } from "../../src/models/_stream_failure.ts";

/** `error` through an error chunk, as a consumer reads it back. */
const throughChunk = (error: AdapterError) =>
  errorOfFailure(JSON.parse(JSON.stringify(failureOf(error))), undefined);

Deno.test("stream failure codec: a RouterError listing one backend's failure keeps it, read back", () => {
  const own = new AdapterError({
    code: ErrorCode.INVALID_REQUEST,
    message: "bad field",
    provider: "openai",
    statusCode: 422,
  });
  own.backend = "eu";
  const error = new RouterError({
    code: ErrorCode.ALL_BACKENDS_FAILED,
    message: "All backends failed",
    attemptedBackends: ["eu"],
    errors: [{ backend: "eu", error: own }],
  });
  const back = throughChunk(error);
  assert.ok(back instanceof RouterError);
  assert.equal(back.code, ErrorCode.ALL_BACKENDS_FAILED);
  assert.deepEqual(back.attemptedBackends, ["eu"]);
  assert.deepEqual(
    back.errors.map((f) => [
      f.backend,
      f.error.code,
      f.error.statusCode,
      f.error.backend,
    ]),
    [["eu", ErrorCode.INVALID_REQUEST, 422, "eu"]],
  );
  // A RouterError listing none reads back as a plain AdapterError.
  const none = throughChunk(
    new RouterError({
      code: ErrorCode.NO_BACKEND_AVAILABLE,
      message: "none",
      attemptedBackends: [],
    }),
  );
  assert.ok(!(none instanceof RouterError));
  assert.equal(none.code, ErrorCode.NO_BACKEND_AVAILABLE);
});

Deno.test("stream failure codec: an unknown in-band code reads as the fallback code, the adapter's own in details.code; a known one adds no details", () => {
  const unknown = errorOfFailure(
    { code: "overloaded_error", message: "busy" },
    "anthropic",
  );
  assert.equal(unknown.code, ErrorCode.PROVIDER_ERROR);
  assert.equal(unknown.details?.code, "overloaded_error");
  assert.equal(unknown.provider, "anthropic");
  const inList = errorOfFailure(
    { code: "overloaded_error", message: "busy" },
    undefined,
    ErrorCode.UNKNOWN,
  );
  assert.equal(inList.code, ErrorCode.UNKNOWN);
  assert.equal(inList.details?.code, "overloaded_error");
  const known = errorOfFailure(
    { code: ErrorCode.RATE_LIMITED, message: "slow down" },
    "groq",
  );
  assert.equal(known.code, ErrorCode.RATE_LIMITED);
  assert.equal(known.details, undefined);
});
