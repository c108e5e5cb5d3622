// The gateway error a request reader throws for a body it refuses: the
// tests of the readers assert what the client is told (status, code, the
// field named), so a refusal of another kind, or none, fails them here.
import assert from "node:assert/strict";
import { GatewayError } from "../../src/gateway/mod.ts";

/** The GatewayError `read` throws; fails when it returns or throws another. */
export function refusalOf(read: () => unknown): GatewayError {
  try {
    read();
  } catch (error) {
    assert.ok(error instanceof GatewayError, String(error));
    return error;
  }
  assert.fail("the body was accepted");
}
