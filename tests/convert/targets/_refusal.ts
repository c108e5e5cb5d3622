// What the targets' refusal tests share: a plain request to vary, and the
// typed error a target raises for what it cannot send as given.
import assert from "node:assert/strict";
import { ConversionError, generateCode } from "../../../src/convert/code.ts";
import type { HttpRequest } from "../../../src/convert/types.ts";

/** A GET with nothing else, for a test to spread and change one field of. */
export const BASE: HttpRequest = {
  method: "GET",
  url: "https://a.test/",
  headers: {},
};

/** The `ConversionError` generating `target` raises; fails if none is. */
export function refusal(
  request: HttpRequest,
  target: string,
): ConversionError {
  try {
    generateCode(request, { target });
  } catch (error) {
    assert.ok(error instanceof ConversionError, String(error));
    return error;
  }
  assert.fail(`${target} generated code for ${JSON.stringify(request)}`);
}
