// A stream line's length bound, at its edge: an exploratory draw of
// `_lines.ts` (not a measure) showed that a line of exactly the bound,
// waiting in the buffer for its line break, was never tried. A line may fill
// its bound; one character more is INVALID_RESPONSE, whether its break has
// come or not. No Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { readLines } from "../../../src/models/adapters/_lines.ts";
import { AdapterError } from "../../../src/models/errors.ts";
import { chunkedBody } from "./_fake.ts";

async function lines(text: string, sizes: number[]): Promise<string[]> {
  const out: string[] = [];
  const { body } = chunkedBody(text, sizes);
  for await (const { line } of readLines(body, { maxLineLength: 8 })) {
    out.push(line);
  }
  return out;
}

describe("a stream line's length bound", () => {
  it("a line of exactly the bound is read, its break in the same chunk or the next", async () => {
    assert.deepEqual(await lines("12345678\nab\n", [9, 3]), ["12345678", "ab"]);
    // The whole line waits in the buffer before its break arrives.
    assert.deepEqual(await lines("12345678\nab\n", [8, 1, 3]), [
      "12345678",
      "ab",
    ]);
    assert.deepEqual(await lines("ab\r\n12345678", [4, 8]), [
      "ab",
      "12345678",
    ]);
  });

  it("one character more is INVALID_RESPONSE, before its break comes", async () => {
    await assert.rejects(lines("123456789\n", [9, 1]), (error: unknown) => {
      assert.ok(error instanceof AdapterError, String(error));
      assert.equal(error.code, "INVALID_RESPONSE");
      assert.match(error.message, /longer than 8 characters/);
      return true;
    });
  });
});
