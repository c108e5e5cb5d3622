import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { assertLinear } from "../_complexity.ts";
import { parseBody } from "../../src/convert/body.ts";

describe("parseBody: JSON", () => {
  it("formats like JSON.stringify(value, null, 2) for ordinary JSON", () => {
    const samples = [
      '{"a":1,"b":[true,false,null,{"c":"d"}],"e":{},"f":[],"g":-1.5}',
      "[]",
      "  [ 1 , [ [ ] , { } ] ]  ",
      '"just a string"',
      "0",
      '{"nested":{"deeper":{"deepest":[1,2,3]}}}',
    ];
    for (const sample of samples) {
      const result = parseBody(sample, "application/json");
      assert.equal(result.type, "json", sample);
      assert.equal(
        result.formatted,
        JSON.stringify(JSON.parse(sample), null, 2),
        sample,
      );
      assert.equal(result.raw, sample);
    }
  });

  it("prints big integers, long decimals and escapes exactly as written", () => {
    const text =
      '{"big":12345678901234567890123,"neg":-9007199254740993,"dec":0.10000000000000000555,' +
      '"exp":1E400,"esc":"\\u00e9\\n\\/"}';
    const { type, formatted } = parseBody(text, "application/json");
    assert.equal(type, "json");
    assert.equal(
      formatted,
      '{\n  "big": 12345678901234567890123,\n  "neg": -9007199254740993,\n  "dec": 0.10000000000000000555,\n' +
        '  "exp": 1E400,\n  "esc": "\\u00e9\\n\\/"\n}',
    );
  });

  it("never reports invalid JSON as json", () => {
    const invalid = [
      "{",
      "{}}",
      '{"a":}',
      "[1,]",
      '{"a" 1}',
      "01",
      "-",
      "1.",
      ".5",
      "+1",
      "[1 2]",
      '{"a":1,}',
      "'single'",
      '"tab\tinside"',
      '"bad \\x escape"',
      '"\\u12G4"',
      "NaN",
      "tru",
      "[1]x",
      "{1:2}",
      '"unterminated',
    ];
    for (const text of invalid) {
      assert.throws(
        () => JSON.parse(text),
        SyntaxError,
        `JSON.parse accepts ${text}`,
      );
      assert.notEqual(parseBody(text, "application/json").type, "json", text);
      assert.notEqual(parseBody(text).type, "json", text);
    }
  });

  it("handles deep nesting without recursion and large input linearly", async () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    const nested = parseBody(deep);
    assert.equal(nested.type, "json");
    assert.ok(
      nested.formatted.length < 205 * 2 * 100_000,
      "indentation is capped: output stays linear",
    );
    const shallow = "[".repeat(50) + "1" + "]".repeat(50);
    assert.equal(
      parseBody(shallow).formatted,
      JSON.stringify(JSON.parse(shallow), null, 2),
    );
    await assertLinear("formatting a JSON array", 50_000, (length) => {
      const big = JSON.stringify({
        items: Array.from({ length }, (_, i) => ({ id: i, name: `n${i}` })),
      });
      const { formatted } = parseBody(big, "application/json; charset=utf-8");
      assert.equal(formatted, JSON.stringify(JSON.parse(big), null, 2));
    });
  });

  it("detects JSON by content type variants and by sniffing objects/arrays", () => {
    assert.equal(parseBody('{"a":1}', "application/vnd.api+json").type, "json");
    assert.equal(parseBody('{"a":1}', "text/json").type, "json");
    assert.equal(parseBody('{"a":1}').type, "json");
    assert.equal(parseBody("[1]", "text/plain").type, "json");
    assert.equal(parseBody("42").type, "text", "scalars are sniffed as text");
    assert.equal(parseBody("42", "application/json").type, "json");
  });
});

describe("parseBody: XML and HTML", () => {
  it("indents XML, keeps declarations, comments, CDATA and self-closing tags", () => {
    const xml =
      '<?xml version="1.0"?><root a="1 > 2"><!-- note --><item id="1">One</item><empty/><data><![CDATA[<raw> & ]]></data></root>';
    const result = parseBody(xml, "application/xml");
    assert.equal(result.type, "xml");
    assert.equal(
      result.formatted,
      [
        '<?xml version="1.0"?>',
        '<root a="1 > 2">',
        "  <!-- note -->",
        '  <item id="1">One</item>',
        "  <empty/>",
        "  <data>",
        "    <![CDATA[<raw> & ]]>",
        "  </data>",
        "</root>",
      ].join("\n"),
    );
    assert.equal(parseBody(xml).type, "xml");
    assert.equal(
      parseBody("<a><b>x</b></a>", "application/atom+xml").type,
      "xml",
    );
  });

  it("indents HTML with void elements and keeps pre/script/style contents intact", () => {
    const html =
      "<!DOCTYPE html><html><head><meta charset=utf-8><style>a > b { color: red }\n</style></head>" +
      "<body><p>Hi<br>there</p><pre>  keep\n    this </pre><script>if (a < b && c > d) {}</script></body></html>";
    const result = parseBody(html, "text/html; charset=utf-8");
    assert.equal(result.type, "html");
    assert.equal(
      result.formatted,
      [
        "<!DOCTYPE html>",
        "<html>",
        "  <head>",
        "    <meta charset=utf-8>",
        "    <style>a > b { color: red }\n</style>",
        "  </head>",
        "  <body>",
        "    <p>",
        "      Hi",
        "      <br>",
        "      there",
        "    </p>",
        "    <pre>  keep\n    this </pre>",
        "    <script>if (a < b && c > d) {}</script>",
        "  </body>",
        "</html>",
      ].join("\n"),
    );
    assert.equal(parseBody(html).type, "html");
    assert.equal(parseBody("<div><span>x</span></div>").type, "html");
  });

  it("formats HTML in any letter case as its lowercase twin: void and raw-text elements are found whatever the case", () => {
    const html =
      "<html><head><style>a > b { color: red }</style></head><body><p>Hi<br>there<img src=x></p>" +
      "<pre>  keep\n    this </pre><script>if (a < b && c > d) {}</script><textarea> t </textarea></body></html>";
    // Tag names alternate case letter by letter, as hand-written markup may.
    const mixed = (text: string) =>
      text.replace(
        /(<\/?)([a-z]+)/g,
        (_, open: string, name: string) =>
          open + [...name].map((c, i) => i % 2 ? c : c.toUpperCase()).join(""),
      );
    const expected = parseBody(html, "text/html").formatted;
    assert.ok(expected.includes("    <br>\n"), "the void <br> is a line");
    for (const variant of [html.toUpperCase(), mixed(html)]) {
      const result = parseBody(variant, "TEXT/HTML; Charset=UTF-8");
      assert.equal(result.type, "html");
      assert.equal(
        result.formatted,
        variant === mixed(html) ? mixed(expected) : expected.toUpperCase(),
        variant,
      );
    }
  });

  it("ends a raw-text element only at its own end tag, as an HTML parser does", () => {
    // `</scripts>` and `</pre-x>` are text inside the element: the contents
    // must come out byte for byte, not split into lines.
    for (
      const element of [
        '<script>var s = "</scripts>"; if (a<b) {}</script>',
        "<pre>a </pre-x> b\n  c</pre>",
        "<style>p::after { content: '</styles>' }</STYLE>",
      ]
    ) {
      const result = parseBody(`<div>${element}<p>x</p></div>`, "text/html");
      assert.equal(
        result.formatted,
        `<div>\n  ${element}\n  <p>x</p>\n</div>`,
        element,
      );
    }
  });

  it("keeps all text content, including a lone <", () => {
    const result = parseBody("<p>a < b and c</p>", "text/html");
    assert.equal(result.formatted, "<p>a < b and c</p>");
  });

  it("copes with unclosed and mismatched tags", () => {
    const result = parseBody("<ul><li>one<li>two</ul><p>after", "text/html");
    assert.equal(result.type, "html");
    assert.ok(result.formatted.includes("after"));
    assert.ok(result.formatted.endsWith("after"));
  });

  it("closes the innermost element of that name and those left open inside it", () => {
    const result = parseBody(
      "<a><b><c><b>x</a><d>y</d></z>",
      "application/xml",
    );
    assert.equal(
      result.formatted,
      "<a>\n  <b>\n    <c>\n      <b>\n        x\n</a>\n<d>y</d>\n</z>",
    );
  });

  it("stays linear on many close tags that match no open element", async () => {
    // 350,000 characters: quadratic in the number of tags took ~10 s here.
    // Sizes stay where the formatted output (hundreds of bytes per nested
    // tag) does not turn the timing into one of the garbage collector.
    await assertLinear("unmatched close tags", 16_000, (n) => {
      const body = "<a>".repeat(n) + "</b>".repeat(n);
      const result = parseBody(body, "application/xml");
      assert.equal(result.type, "xml");
      assert.ok(result.formatted.endsWith("</b>"));
    });
  });

  it("falls back when the declared markup is not markup", () => {
    assert.equal(parseBody("plain words", "text/html").type, "text");
  });
});

describe("parseBody: the declared content type", () => {
  it("is read in any letter case, and wins over what the text looks like", () => {
    // Each body alone would be sniffed as another type.
    const cases: Array<[string, string, string]> = [
      ["42", "Application/JSON", "json"],
      ['"s"', "APPLICATION/PROBLEM+JSON; Charset=UTF-8", "json"],
      ["<a>x</a>", "Application/XML", "xml"],
      ["<a>x</a>", "Image/SVG+XML", "xml"],
      ["<x-card>x</x-card>", "Text/HTML", "html"],
    ];
    for (const [text, contentType, type] of cases) {
      assert.notEqual(
        parseBody(text).type,
        type,
        `${text} is sniffed as ${type}`,
      );
      assert.equal(parseBody(text, contentType).type, type, contentType);
      assert.equal(
        parseBody(text, contentType).type,
        parseBody(text, contentType.toLowerCase()).type,
      );
    }
  });
});

describe("parseBody: form", () => {
  it("prints one decoded name = value per line", () => {
    const result = parseBody(
      "name=Ada+Lovelace&email=ada%40example.com&empty=&flag&a%20b=%F0%9F%98%80",
    );
    assert.equal(result.type, "form");
    assert.equal(
      result.formatted,
      "name = Ada Lovelace\nemail = ada@example.com\nempty = \nflag\na b = 😀",
    );
  });

  it("keeps malformed escapes and shows control characters escaped", () => {
    const result = parseBody(
      "a=%zz%&b=line%0Abreak%09tab&c=%FF",
      "application/x-www-form-urlencoded",
    );
    assert.equal(result.formatted, "a = %zz%\nb = line\\nbreak\\ttab\nc = %FF");
  });

  it("decodes every valid escape beside a malformed one or invalid UTF-8", () => {
    const result = parseBody(
      "msg=50%+off+for+Jos%C3%A9&b=%C3%A9%FF%41%E2%82&%zz%41=%F0%9F%98%80%",
      "application/x-www-form-urlencoded",
    );
    assert.equal(
      result.formatted,
      "msg = 50% off for José\nb = é%FFA%E2%82\n%zzA = 😀%",
    );
  });

  it("sniffs only strict name=value&… text", () => {
    assert.equal(parseBody("a=1").type, "form");
    assert.equal(parseBody("a = 1").type, "text");
    assert.equal(parseBody("just text").type, "text");
  });
});

describe("parseBody: text and empty", () => {
  it("returns text unchanged and empty for blank bodies", () => {
    const text = "  hello\r\n world \u0000 ✓  ";
    assert.deepEqual(parseBody(text, "text/plain"), {
      type: "text",
      formatted: text,
      raw: text,
    });
    assert.deepEqual(parseBody(""), { type: "empty", formatted: "", raw: "" });
    assert.deepEqual(parseBody(" \r\n\t", "application/json"), {
      type: "empty",
      formatted: "",
      raw: " \r\n\t",
    });
  });

  it("handles binary junk and 1 MB bodies without hanging", async () => {
    let junk = "";
    for (let i = 0; i < 65_536; i++) {
      junk += String.fromCharCode((i * 7919) % 256);
    }
    for (
      const type of [
        undefined,
        "application/json",
        "text/html",
        "application/xml",
        "application/x-www-form-urlencoded",
      ]
    ) {
      assert.equal(parseBody(junk, type).raw, junk);
    }
    await assertLinear("unclosed tags", 16_000, (n) => {
      assert.equal(parseBody("<a>".repeat(n), "application/xml").type, "xml");
    });
    await assertLinear("script elements", 20_000, (n) => {
      const scripts = "<script>x</script>".repeat(n);
      assert.equal(parseBody(scripts, "text/html").type, "html");
    });
    await assertLinear("a run of '<'", 1 << 20, (n) => {
      assert.equal(parseBody("<".repeat(n)).raw.length, n);
    });
  });
});

describe("parseBody: output bounded for hostile nesting (issue 11, point 9)", () => {
  // The documented bound: 8 × the input length + 65,536 characters.
  const bound = (input: string) => 8 * input.length + 65_536;
  const cases: Array<[string, (n: number) => string, string]> = [
    ["JSON arrays", (n) => "[".repeat(n) + "]".repeat(n), "json"],
    ["JSON objects", (n) => '{"a":'.repeat(n) + "1" + "}".repeat(n), "json"],
    [
      "XML elements",
      (n) => "<a>".repeat(n) + "x" + "</a>".repeat(n),
      "xml",
    ],
    ["HTML elements", (n) => "<div>".repeat(n), "html"],
  ];
  for (const [name, make, type] of cases) {
    for (const megabytes of [1, 4]) {
      it(`${megabytes} MB of nested ${name}`, () => {
        const unit = make(1).length;
        const input = make(Math.floor((megabytes << 20) / unit));
        const contentType = type === "json"
          ? "application/json"
          : type === "xml"
          ? "application/xml"
          : "text/html";
        const parsed = parseBody(input, contentType);
        assert.equal(parsed.type, type);
        assert.ok(
          parsed.formatted.length <= bound(input),
          `${parsed.formatted.length} > ${bound(input)}`,
        );
        // Only whitespace was added: nothing lost.
        assert.equal(parsed.formatted.replace(/\s+/g, ""), input);
      });
    }
  }

  it("keeps full indentation when it fits", () => {
    const input = "[".repeat(5) + "1" + "]".repeat(5);
    const lines = parseBody(input, "application/json").formatted.split("\n");
    assert.equal(lines[5], "          1");
  });
});
