// Tests for the fetch-code reader, written for the survivors of the
// thirteenth round's hand planting in `_js_code_skip.ts` (a regular
// expression literal at the very start of the pasted code) and of its fresh
// draw (seed 20261166) in `_js_literal_read.ts` (a numeric key that starts
// with 0).
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

describe("fetch code: numeric keys of an object literal", () => {
  it("are read as the language reads them, 0 and 0x… included", () => {
    // The engine's own reading of the same literal is the reference.
    for (
      const literal of [
        `{ 0: "zero", 7: "seven", 9: "nine", 90: "ninety" }`,
        `{ 0x10: "hex", 0.5: "half", 1e3: "k" }`,
        `{ 0: { 0: [0] } }`,
      ]
    ) {
      const code =
        `fetch("https://e.x/", { method: "POST", body: JSON.stringify(${literal}) });`;
      const expected = JSON.stringify(new Function(`return ${literal}`)());
      assert.equal(parseCode(code).body, expected, literal);
    }
  });
});

describe("fetch code: template literals in the code before the call", () => {
  it("a $ or a { alone opens no substitution", () => {
    for (const text of ["`price: $5`", "`set {a} of ${n}`", "`a{`", "`$`"]) {
      const code =
        `const note = ${text}; fetch("https://right.example/a", { method: "PUT" });`;
      const request = parseCode(code);
      assert.equal(request.url, "https://right.example/a", code);
      assert.equal(request.method, "PUT", code);
    }
  });

  it("a template inside a substitution is skipped whole, its quotes and fetch( included", () => {
    const code =
      "const t = `a ${`it's \"b\" fetch('https://wrong.example/')`} c`;\n" +
      'fetch("https://right.example/b");';
    assert.equal(parseCode(code).url, "https://right.example/b");
  });
});
