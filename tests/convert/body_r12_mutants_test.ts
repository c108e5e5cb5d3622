// Tests for the body parser's survivors of the eleventh round's hand
// planting, each asserting what a user of parseBody relies on.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseBody } from "../../src/convert/body.ts";
import { ConversionError } from "../../src/convert/errors.ts";

describe("parseBody: the declared content type", () => {
  it("is read with blanks around the media type and in any letter case", () => {
    // `<p>` alone would be sniffed as HTML, and `a=1 b` (a blank) as text:
    // only the declared type makes them XML and a form.
    const cases: [string, string, string][] = [
      ["<p>x</p>", "application/xml ; charset=utf-8", "xml"],
      ["<p>x</p>", " Text/XML", "xml"],
      ["<p>x</p>", "\tapplication/atom+xml;q=1", "xml"],
      ["a=1 b", "application/x-www-form-urlencoded ;charset=utf-8", "form"],
      ["a=1 b", "  APPLICATION/X-WWW-FORM-URLENCODED", "form"],
    ];
    for (const [text, contentType, type] of cases) {
      assert.equal(parseBody(text, contentType).type, type, contentType);
    }
  });

  it("makes markup XML only for an XML type: any other type leaves it to sniffing", () => {
    for (const contentType of ["text/plain", "application/octet-stream"]) {
      assert.equal(parseBody("<p>x</p>", contentType).type, "html");
      assert.equal(parseBody("<note>x</note>", contentType).type, "xml");
    }
    assert.equal(parseBody("<p>x</p>", "text/xml").type, "xml");
  });
});

describe("parseBody: sniffed markup", () => {
  it("formats sniffed HTML as HTML: a void element opens nothing", () => {
    // As XML, <br> would stay open and indent what follows it.
    const text = "<div><br><span>x</span><img src=a></div><p>y</p>";
    const expected =
      "<div>\n  <br>\n  <span>x</span>\n  <img src=a>\n</div>\n<p>y</p>";
    for (const contentType of [undefined, "text/plain"]) {
      const parsed = parseBody(text, contentType);
      assert.equal(parsed.type, "html");
      assert.equal(parsed.formatted, expected);
    }
  });
});

describe("parseBody: a body that is no string", () => {
  it("is INVALID_INPUT naming what was given", () => {
    for (
      const [text, named] of [[null, "got null"], [5, "got number"], [
        undefined,
        "got undefined",
      ]]
    ) {
      assert.throws(() => parseBody(text as string), (error: unknown) => {
        assert.ok(error instanceof ConversionError);
        assert.equal(error.code, "INVALID_INPUT");
        assert.ok(error.message.endsWith(named as string), error.message);
        return true;
      });
    }
  });
});
