// Tests for the survivors of the tenth round's fresh draws in convert
// (seed 20261163 and after), each asserting what a user relies on.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseBody } from "../../src/convert/body.ts";
import { randomRequest } from "../../src/convert/random.ts";
import { ConversionError } from "../../src/convert/errors.ts";
import { detectType } from "../../src/convert/core.ts";
import { parseCurl } from "../../src/convert/curl.ts";
import { parseCode } from "../../src/convert/fetch.ts";

describe("parseBody: the formatted markup's size bound", () => {
  it("is kept when the text after the last tag is what passes it at a deep indentation", () => {
    // Unclosed <a> elements indent each line deeper, up to 100 levels: the
    // lines of the tags stay within 8 × the input + 65,536 characters up
    // to some count, and the last line, the text after them, passes it.
    // The formatter must then try a shallower indentation, not hand back
    // the longer output. Every count in this range is checked, so the one
    // where the last line is what passes the bound is among them.
    for (let n = 250; n <= 450; n++) {
      const text = "<a>".repeat(n) + "x";
      const { type, formatted } = parseBody(text, "application/xml");
      assert.equal(type, "xml");
      assert.ok(
        formatted.length <= 8 * text.length + 65_536,
        `${n} elements: ${formatted.length} characters`,
      );
      assert.ok(formatted.endsWith("\nx") || formatted.endsWith(" x"));
    }
  });
});

describe("parseBody: a close tag whose element is already closed", () => {
  it("closes nothing and keeps its own line, however many of that name came before", () => {
    // Each element of the name was closed, so the tag matches no open one
    // (a formatter that counted them open would look for one forever).
    const cases: [string, string][] = [
      ["<a><b/></a></a><c>x</c>", "<a>\n  <b/>\n</a>\n</a>\n<c>x</c>"],
      [
        "<a><b><i/></b></a><b><i/></b></b>",
        "<a>\n  <b>\n    <i/>\n  </b>\n</a>\n<b>\n  <i/>\n</b>\n</b>",
      ],
    ];
    for (const [text, formatted] of cases) {
      assert.equal(parseBody(text, "application/xml").formatted, formatted);
    }
  });
});

describe("randomRequest: a body object JSON cannot write", () => {
  it("is INVALID_OPTION at body naming why, when toJSON throws a value that is no Error too", () => {
    const cases: [unknown, string][] = [
      [{ n: 1n }, "BigInt"],
      // A toJSON that throws a string: its text is the reason.
      [{
        toJSON: () => {
          throw "no JSON for this";
        },
      }, "no JSON for this"],
      // An Error whose message is empty: its kind is the reason, not nothing.
      [{
        toJSON: () => {
          throw new RangeError("");
        },
      }, "JSON: RangeError"],
    ];
    for (const [body, why] of cases) {
      assert.throws(
        () => randomRequest({ method: "POST", body } as never),
        (error: unknown) =>
          error instanceof ConversionError &&
          error.code === "INVALID_OPTION" && error.path === "body" &&
          error.message.includes(why),
      );
    }
  });
});

describe("detectType: a curl command with a fault after its program word", () => {
  it("is still curl, so that the curl parser names the fault at its offset", () => {
    const cases: [string, string, number][] = [
      ["curl 'https://x.test", "UNTERMINATED_QUOTE", 5],
      ['curl "https://x.test -s', "UNTERMINATED_QUOTE", 5],
    ];
    for (const [command, code, offset] of cases) {
      assert.equal(detectType(command), "curl", command);
      assert.throws(
        () => parseCurl(command),
        (error: unknown) =>
          error instanceof ConversionError && error.code === code &&
          error.offset === offset,
        command,
      );
    }
  });
});

describe("fetch.parseCode: the { url, options } form", () => {
  it("names a bad option's offset at its value, as the two-argument form does", () => {
    const code = `{ url: "https://x.test", options: { headers: 7 } }`;
    assert.throws(
      () => parseCode(code),
      (error: unknown) =>
        error instanceof ConversionError && error.code === "INVALID_INPUT" &&
        error.offset === code.indexOf("7"),
    );
  });
});
