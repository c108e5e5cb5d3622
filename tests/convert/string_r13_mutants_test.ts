// Tests for the raw HTTP reader's survivors of the twelfth round's hand
// planting, each asserting what a user of parseResponse relies on.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseResponse } from "../../src/convert/string.ts";

describe("raw HTTP: the reason phrase of a status line", () => {
  it("loses the blanks around it, keeps those inside, and may be empty", () => {
    const cases: Array<[string, string]> = [
      ["HTTP/1.1 200 All good \t", "All good"],
      ["HTTP/1.1 200 \tAll  good", "All  good"],
      ["HTTP/1.1 204  ", ""],
      ["HTTP/1.1 204", ""],
    ];
    for (const [line, reason] of cases) {
      const response = parseResponse(`${line}\r\ncontent-length: 0\r\n\r\n`);
      assert.equal(response.statusText, reason, JSON.stringify(line));
      assert.equal(response.statusCode, Number(line.slice(9, 12)));
    }
  });
});
