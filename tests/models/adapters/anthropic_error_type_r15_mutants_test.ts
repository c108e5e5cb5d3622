// An Anthropic stream's `error` event names its type; the adapter maps the
// documented types to error codes and every other to PROVIDER_ERROR. A type
// that happens to be the name of an Object.prototype member ("constructor",
// "toString", "__proto__") was looked up through the prototype, so the
// error's code was a function or an object, which no caller can match.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createAnthropicAdapter } from "../../../src/models/adapters/anthropic.ts";
import { collect, fakeFetch, rejection, streamResponse } from "./_fake.ts";

function errorEvent(type: string): string {
  return `event: error\ndata: ${
    JSON.stringify({ type: "error", error: { type, message: "no" } })
  }\n\n`;
}

describe("Anthropic stream error types", () => {
  it("an unknown type, even one named like an Object.prototype member, is PROVIDER_ERROR; a known one keeps its code", async () => {
    const cases: [string, string][] = [
      ["constructor", "PROVIDER_ERROR"],
      ["toString", "PROVIDER_ERROR"],
      ["__proto__", "PROVIDER_ERROR"],
      ["brand_new_error", "PROVIDER_ERROR"],
      ["overloaded_error", "PROVIDER_ERROR"],
      ["permission_error", "AUTHENTICATION_FAILED"],
    ];
    for (const [type, code] of cases) {
      const { fetch } = fakeFetch(() => streamResponse(errorEvent(type)));
      const adapter = createAnthropicAdapter({ apiKey: "k", fetch });
      const error = await rejection(
        collect(
          adapter.executeStream({ messages: [{ role: "user", content: "x" }] }),
        ),
      );
      assert.equal(error.code, code, type);
      assert.deepEqual(error.details, { type }, type);
    }
  });
});
