// What the convert draw 20261190 (round 22) led to:
// - the node-axios target finds the request's own Content-Type in any
//   letter case. The drawn survivor matched only `content-type`, so a
//   `Content-Type` header was followed by `"Content-Type": false`, which
//   wins in the object literal and makes axios send no type at all; the
//   unit tests used no such header and the wire test needs axios;
// - the fetch-code reader drops a backslash-CRLF line continuation in a
//   string whole. The drawn survivor kept the LF (a raw line break, the
//   string then unterminated) and dropped the character after a lone CR;
//   no test had a pasted CRLF continuation.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { toCode } from "../../src/convert/code.ts";
import { parseCode } from "../../src/convert/fetch.ts";

describe("draw 20261190: the node-axios target and the request's Content-Type", () => {
  it("keeps a Content-Type in any letter case, with no `false` after it", async () => {
    for (const name of ["Content-Type", "content-type", "CONTENT-TYPE"]) {
      const { code } = await toCode({
        method: "POST",
        url: "https://a.test/",
        headers: { [name]: "text/plain" },
        body: "x",
      }, { target: "node-axios" });
      const lines = code.split("\n").filter((line) =>
        /content-type/i.test(line)
      );
      assert.deepEqual(lines, [`    "${name}": "text/plain",`], name);
    }
  });

  it("states `false` when the request has none, so axios adds none", async () => {
    const { code } = await toCode({
      method: "POST",
      url: "https://a.test/",
      headers: { accept: "*/*" },
      body: "x",
    }, { target: "node-axios" });
    assert.ok(code.includes(`    "Content-Type": false,\n`), code);
  });
});

describe("draw 20261190: a line continuation in fetch() code's strings", () => {
  it("is dropped whole after CRLF, LF or a lone CR, in every kind of string", () => {
    for (const quote of ['"', "'", "`"]) {
      for (const end of ["\r\n", "\n", "\r"]) {
        const code =
          `fetch("https://a.test/x", { method: "POST", body: ${quote}a\\${end}b${quote} })`;
        assert.equal(parseCode(code).body, "ab", JSON.stringify(code));
      }
    }
  });
});
