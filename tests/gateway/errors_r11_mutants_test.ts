// `errorTypeFor`, exported for programs that answer in the gateway's error
// shape: each 4xx status maps to the OpenAI error type the official SDKs
// branch on (403 → permission_error, as OpenAI's PermissionDeniedError
// reads it), and any other status to server_error.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { errorTypeFor } from "../../src/gateway/mod.ts";

describe("errorTypeFor", () => {
  // Bug (`errors.ts`, `403: "permission_error"` emptied): a 403 was typed
  // "", which no client recognises.
  it("types each client status as OpenAI does, and the rest server_error", () => {
    const expected: Array<[number, string]> = [
      [400, "invalid_request_error"],
      [401, "authentication_error"],
      [403, "permission_error"],
      [404, "not_found_error"],
      [409, "invalid_request_error"],
      [413, "invalid_request_error"],
      [422, "invalid_request_error"],
      [429, "rate_limit_error"],
      [500, "server_error"],
      [502, "server_error"],
      [418, "server_error"],
    ];
    for (const [status, type] of expected) {
      assert.equal(errorTypeFor(status), type, String(status));
    }
  });
});
