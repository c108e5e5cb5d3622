// Tests for the fetch-code reader's survivors of the twelfth round's draws,
// each asserting what a user pasting fetch() code relies on.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCode } from "../../src/convert/fetch.ts";

describe("fetch code: a string right after a division", () => {
  it("is read as a string, so the fetch( inside it is not the call", () => {
    // `1/"…"` divides by a string: its text is data, not code. Reading on
    // from the quote's next character would take the fetch( inside it.
    for (const division of [`1/"`, `1 /"`]) {
      const code =
        `const ratio = ${division}fetch('https://wrong.example/')";\n` +
        `await fetch("https://right.example/a", { method: "PUT" });`;
      const request = parseCode(code);
      assert.equal(request.url, "https://right.example/a", code);
      assert.equal(request.method, "PUT", code);
    }
  });
});
