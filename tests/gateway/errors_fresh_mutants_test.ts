// What planting the mutation rules by hand in the error resolution showed the
// suite did not check: a 429 from backends that said nothing of when to retry
// carries no Retry-After (not "Infinity"); the misconfigured-backend answer
// names the HTTP status only when there is one, and other failed attempts only
// when there were any; an upstream client error whose own message is empty,
// or whose code is not a string, gets the gateway's message naming the backend
// and the gateway's code instead of an empty message or a number. A failure
// is told in the adapter's own words: its `provider: ` prefix dropped once a
// backend is named, a message without that prefix kept whole, and one with
// no backend named (an error a caller's own router raised as is) kept as is.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { resolveError } from "../../src/gateway/mod.ts";
import { AdapterError, RouterError } from "../../src/models/mod.ts";

function allFailed(
  ...errors: Array<[string, AdapterError]>
): RouterError {
  return new RouterError({
    code: "ALL_BACKENDS_FAILED",
    message: "all failed",
    attemptedBackends: errors.map(([backend]) => backend),
    errors: errors.map(([backend, error]) => ({ backend, error })),
  });
}

describe("resolveError: every backend rate limited", () => {
  it("without a stated wait, the 429 has no Retry-After", () => {
    const limited = () =>
      new AdapterError({
        code: "RATE_LIMITED",
        message: "slow down",
        statusCode: 429,
      });
    const resolved = resolveError(
      allFailed(["a", limited()], ["b", limited()]),
    );
    assert.equal(resolved.status, 429);
    assert.deepEqual(resolved.headers, {});
  });

  it("with waits, the shortest one", () => {
    const limited = (retryAfter: number) =>
      new AdapterError({
        code: "RATE_LIMITED",
        message: "slow down",
        statusCode: 429,
        retryAfter,
      });
    const resolved = resolveError(
      allFailed(["a", limited(3_000)], ["b", limited(1_500)]),
    );
    assert.deepEqual(resolved.headers, {
      "retry-after": "2",
      "retry-after-ms": "1500",
    });
  });
});

describe("resolveError: a backend that refused the gateway's credentials", () => {
  it("alone: names its status and no other attempts", () => {
    const resolved = resolveError(allFailed([
      "a",
      new AdapterError({
        code: "AUTHENTICATION_FAILED",
        message: "bad key",
        statusCode: 401,
      }),
    ]));
    assert.equal(resolved.status, 502);
    assert.equal(resolved.code, "backend_misconfigured");
    assert.match(resolved.message, /credentials \(HTTP 401\)\./);
    assert.doesNotMatch(resolved.message, /other attempt/);
  });

  it("without a status: no empty status in the message", () => {
    const resolved = resolveError(allFailed([
      "a",
      new AdapterError({ code: "AUTHENTICATION_FAILED", message: "bad key" }),
    ]));
    assert.equal(resolved.code, "backend_misconfigured");
    assert.doesNotMatch(resolved.message, /HTTP/);
    assert.match(resolved.message, /credentials\. /);
  });

  it("beside another failure: says one other attempt failed", () => {
    const resolved = resolveError(allFailed(
      [
        "a",
        new AdapterError({
          code: "AUTHENTICATION_FAILED",
          message: "bad key",
          statusCode: 403,
        }),
      ],
      [
        "b",
        new AdapterError({
          code: "PROVIDER_ERROR",
          message: "down",
          statusCode: 503,
        }),
      ],
    ));
    assert.match(resolved.message, /\(HTTP 403\)/);
    assert.match(resolved.message, / 1 other attempt\(s\) failed too\.$/);
  });
});

describe("resolveError: an upstream client error with unusable fields", () => {
  it("an empty message and a numeric code give the gateway's own, naming the backend", () => {
    const error = new AdapterError({
      code: "INVALID_REQUEST",
      message: "upstream said 400",
      statusCode: 400,
      details: {
        body: {
          error: { message: "", type: "", code: 400, param: "" },
        },
      },
    });
    const resolved = resolveError(allFailed(["local-a", error]));
    assert.equal(resolved.status, 400);
    assert.match(resolved.message, /local-a/);
    assert.equal(resolved.code, "INVALID_REQUEST");
    assert.equal(resolved.type, "invalid_request_error");
    assert.equal(resolved.param, null);
  });

  it("its own non-empty fields are passed on", () => {
    const error = new AdapterError({
      code: "INVALID_REQUEST",
      message: "upstream said 400",
      statusCode: 400,
      details: {
        body: {
          error: {
            message: "max_tokens is too large",
            type: "invalid_request_error",
            code: "context_length_exceeded",
            param: "max_tokens",
          },
        },
      },
    });
    const resolved = resolveError(allFailed(["local-a", error]));
    assert.equal(resolved.message, "max_tokens is too large");
    assert.equal(resolved.code, "context_length_exceeded");
    assert.equal(resolved.param, "max_tokens");
  });
});

describe("resolveError: a failure in the adapter's words", () => {
  const down = (message: string) =>
    new AdapterError({
      code: "PROVIDER_ERROR",
      message,
      provider: "openai",
      statusCode: 503,
    });

  it("named by its backend: the provider prefix dropped, other text kept whole", () => {
    assert.equal(
      resolveError(allFailed(["primary", down("openai: overloaded")])).message,
      'Backend "primary": overloaded',
    );
    assert.equal(
      resolveError(allFailed(["primary", down("upstream overloaded")])).message,
      'Backend "primary": upstream overloaded',
    );
  });

  it("with no backend named: the message as the adapter wrote it", () => {
    assert.equal(
      resolveError(down("openai: overloaded")).message,
      "openai: overloaded",
    );
  });
});
