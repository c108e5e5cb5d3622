// Tests for the fetch-code reader, written for the survivors of the
// thirteenth round's hand planting in `_js_code_skip.ts`: a regular
// expression literal at the very start of the pasted code.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCode } from "../../src/convert/fetch.ts";

describe("fetch code: a regular expression as the code's first token", () => {
  it("is skipped whole, so a quote inside it opens no string", () => {
    // At the start nothing can be divided: `/` opens a regular expression.
    // Read as a division, its `"` would open a string that swallows the call.
    for (const start of [`/"/`, `/'/g`, "/`/", `  /"/`]) {
      const code =
        `${start}.test(s) || fetch("https://right.example/a", { method: "PUT" });`;
      const request = parseCode(code);
      assert.equal(request.url, "https://right.example/a", code);
      assert.equal(request.method, "PUT", code);
    }
  });
});
