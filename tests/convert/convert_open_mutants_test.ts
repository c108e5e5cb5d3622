// Behaviour the mutation draws of seeds 20261130 and later found unguarded in
// the converter: each test names the planted bug it catches
// (`deno task mutation --sample`).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { detectType } from "../../src/convert/core.ts";
import { parseBody } from "../../src/convert/body.ts";
import { randomBody } from "../../src/convert/random.ts";
import { parseCurl, toRequests } from "../../src/convert/curl.ts";
import { ConversionError } from "../../src/convert/errors.ts";
import { run } from "../_bounded.ts";
import { parseCode, toRequest } from "../../src/convert/fetch.ts";

describe("converter behaviour the later mutation draws found unguarded", () => {
  // Bug: when the program word cannot be read (a quote opened and never
  // closed), detectType says "curl" instead of looking further, so a
  // truncated paste is sent to the curl parser, which refuses it.
  it("detectType: a text whose first word opens a quote it never closes is not curl", () => {
    for (
      const text of [
        `{"log`,
        `"https://a.example/`,
        `'curl https://a.example/`,
        `$ 'curl https://a.example/`,
      ]
    ) {
      assert.equal(detectType(text), "unknown", text);
    }
    // Only the words up to the program word count: a quote left open later
    // in a curl command is the parser's error to report, with its offset.
    assert.equal(detectType("curl 'https://a.example/"), "curl");
  });

  // Bug: on a runtime without a global Headers (an embedded engine), an
  // argument-less `new Headers()` reads as undefined instead of an empty
  // header set, so `JSON.stringify(new Headers())` is no body at all where
  // every browser sends "{}".
  it("fetch code: without a global Headers, new Headers() is still an empty header set", () => {
    const code = `await fetch("https://a.example/", {
      method: "POST",
      headers: new Headers({ "X-A": "1" }),
      body: JSON.stringify(new Headers()),
    })`;
    const expected = {
      method: "POST",
      url: "https://a.example/",
      headers: { "x-a": "1" },
      body: "{}",
    };
    assert.deepEqual(parseCode(code), expected);
    const saved = globalThis.Headers;
    // deno-lint-ignore no-explicit-any
    delete (globalThis as any).Headers;
    try {
      assert.equal(typeof Headers, "undefined");
      assert.deepEqual(parseCode(code), expected);
    } finally {
      globalThis.Headers = saved;
    }
  });

  // Bug: the name of a "Name;" header (curl's empty-value form) is kept as
  // written, so one in capitals no longer replaces the header --json adds:
  // the request gets both values where curl 7.88 sends only "Accept:".
  it("curl: -H 'Accept;' replaces --json's Accept whatever the letter case, as curl sends it", () => {
    for (const written of ["Accept;", "accept;", "ACCEPT;"]) {
      const { request } = parseCurl(
        `curl --json '{}' -H '${written}' https://a.example/x`,
      );
      assert.deepEqual(request.headers, {
        accept: "",
        "content-type": "application/json",
      }, written);
    }
  });

  // Bug: a single `&` or `|` taken for `&&`/`||` whatever follows it, so the
  // command after "&curl" (no blank) starts one character late, at "url".
  it("curl: a command after a lone & or | with no blank is read from its first character", () => {
    for (const separator of ["&", "|", ";", "&&", "||"]) {
      const requests = toRequests(
        `curl https://a.example/ ${separator}curl https://b.example/`,
      );
      assert.deepEqual(
        requests.map((request) => request.url),
        ["https://a.example/", "https://b.example/"],
        separator,
      );
    }
  });

  // Bug: a `$` or a backtick inside an unquoted run is not reported, so the
  // user is not told that $SEG was sent as written, not expanded.
  it("curl: an unquoted $VAR or backtick in a word is reported as kept as written", () => {
    const { request, warnings } = parseCurl(
      "curl https://a.example/$SEG -H x:`id`",
    );
    assert.equal(request.url, "https://a.example/$SEG");
    assert.deepEqual(
      warnings.filter((w) => w.code === "SHELL_EXPANSION").map((w) => [
        w.option,
        w.offset,
      ]).slice(0, 2),
      [["$", 23], ["`", 33]],
    );
  });

  // Bug: the refusal of a path holding a lone surrogate loses its code, so
  // a caller sorting errors by code cannot tell it is the URL's fault.
  it("curl: a URL path holding a lone surrogate is INVALID_URL at the URL's offset", () => {
    let error: unknown;
    try {
      parseCurl("curl 'https://a.example/\uD800'");
    } catch (caught) {
      error = caught;
    }
    assert.ok(error instanceof ConversionError, String(error));
    assert.equal(error.code, "INVALID_URL");
    assert.equal(error.offset, 5);
  });

  // Bug: the ReadableStream check inverted, so a stream body gets the
  // generic "unsupported body" error and any other unsupported body (a
  // number) is told to read a stream first.
  it("fetch toRequest: a ReadableStream body is told to be read first; a number body is unsupported", () => {
    const refusal = (body: unknown) => {
      try {
        toRequest("https://a.example/", {
          method: "POST",
          body: body as BodyInit,
        });
      } catch (error) {
        if (error instanceof ConversionError) return error;
        throw error;
      }
      assert.fail("expected a ConversionError");
    };
    const stream = refusal(new ReadableStream());
    assert.equal(stream.code, "INVALID_INPUT");
    assert.match(
      stream.message,
      /^toRequest cannot read a ReadableStream body synchronously; read it first/,
    );
    const number = refusal(42);
    assert.equal(number.code, "INVALID_INPUT");
    assert.equal(number.message, "toRequest: unsupported body of type number");
  });

  // Bug: a string indentation refused as not a number or a string, and one
  // that is neither (true) let through.
  it("fetch code: JSON.stringify indents with a string, and refuses an indentation that is neither string nor number", () => {
    const code = (space: string) =>
      `fetch("https://a.example/", { method: "POST", body: JSON.stringify({ a: 1 }, null, ${space}) })`;
    assert.equal(parseCode(code(`"\\t"`)).body, '{\n\t"a": 1\n}');
    assert.equal(parseCode(code("2")).body, '{\n  "a": 1\n}');
    let error: unknown;
    try {
      parseCode(code("true"));
    } catch (caught) {
      error = caught;
    }
    assert.ok(error instanceof ConversionError, String(error));
    assert.match(error.message, /indentation must be a number or a string/);
  });

  // Bug: any "/" inside a template substitution in the code before fetch(
  // taken for a comment start, so a division there (`${offset / limit}`)
  // never moves the reader on: the read never ends. Run in a bounded
  // subprocess, so that bug fails this test instead of hanging the suite.
  it("fetch code: a division inside a template substitution before fetch( is skipped", async () => {
    const source = new URL("../../src/convert/fetch.ts", import.meta.url).href;
    const script = `import { parseCode } from ${JSON.stringify(source)};
console.log(parseCode("const page = \`\${offset / limit}\`;\\nawait fetch(\\"https://a.example/x\\")").url);`;
    const result = await run(Deno.execPath(), {
      args: ["eval", "--no-lock", script],
      timeoutMs: 20_000,
    });
    assert.equal(result.code, 0, result.err);
    assert.equal(result.out.trim(), "https://a.example/x");
  });

  // Bug (found while reviewing a survivor of seed 20261203): an empty
  // ANSI-C quoted word ($'') was no word at all, so `-d $'' URL` took the URL
  // as the data ("names no URL"), where bash passes curl an empty argument.
  it("curl: $'' is an empty word, as '' is", () => {
    for (
      const command of [
        "curl -d $'' https://a.example/",
        "curl https://a.example/ -d $''",
        "curl https://a.example/ -d x$''y",
      ]
    ) {
      const quoted = command.replaceAll("$''", "''");
      assert.deepEqual(parseCurl(command), parseCurl(quoted), command);
    }
    assert.equal(parseCurl("curl -d $'' https://a.example/").request.body, "");
  });

  // Bug: a numeric key in fetch code's object literal not returned, so
  // `headers: { 1: "x" }` is refused as an unreadable key.
  it("fetch code: a numeric object key reads as its digits", () => {
    assert.deepEqual(
      parseCode('fetch("https://a.example/", { headers: { 1: "x", 22: "y" } })')
        .headers,
      { "1": "x", "22": "y" },
    );
  });

  // Bug: a <script> (or <pre>) never closed ends the HTML formatter with a
  // TypeError instead of keeping the rest of the text as the element's.
  it("parseBody: an HTML <script> that is never closed keeps the rest as its text", () => {
    const parsed = parseBody(
      "<html><body><script>if (a < b) go();",
      "text/html",
    );
    assert.equal(parsed.type, "html");
    assert.equal(
      parsed.formatted,
      "<html>\n  <body>\n    <script>if (a < b) go();",
    );
  });

  // Bug: a short leaf element (`<b>x</b>`, kept on one line) whose line
  // passes the output budget does not end the formatting. When that line is
  // the last one, the over-budget output comes back as the result instead of
  // the formatter trying again with less indentation, so a body of unclosed
  // elements ending in a leaf formats past the documented bound.
  it("parseBody: markup ending in a short leaf element stays within the output bound", () => {
    // 8 × the input length + 65,536 characters, as body_test.ts states it.
    const bound = (input: string) => 8 * input.length + 65_536;
    // Hundreds of unclosed elements, each indented deeper, then a leaf: some
    // count in this range puts the budget's edge on the leaf's own line.
    const cases = [["<a>", "xml", "application/xml"], [
      "<div>",
      "html",
      "text/html",
    ]];
    for (const [open, type, contentType] of cases) {
      for (let n = 300; n <= 520; n++) {
        for (const text of ["x", "x".repeat(9), "x".repeat(16)]) {
          const input = open.repeat(n) + `<b>${text}</b>`;
          const parsed = parseBody(input, contentType);
          assert.equal(parsed.type, type);
          const lines = parsed.formatted.split("\n");
          assert.ok(
            parsed.formatted.length <= bound(input),
            `${type}, ${n} elements, leaf of ${text.length}: ` +
              `${parsed.formatted.length} > ${bound(input)}`,
          );
          // Only white space was added, and the leaf kept its one line.
          assert.equal(parsed.formatted.replace(/\s+/g, ""), input);
          assert.equal(lines.at(-1)?.trim(), `<b>${text}</b>`);
          assert.equal(lines.length, n + 1);
        }
      }
    }
  });

  // Bug: the method's letter case decides whether a body is drawn: "post"
  // gets none where "POST" gets one.
  it("randomBody: a body is drawn for post as for POST, and none for get", () => {
    assert.equal(
      randomBody({ seed: 1, method: "post" }),
      randomBody({ seed: 1, method: "POST" }),
    );
    assert.equal(typeof randomBody({ seed: 1, method: "post" }), "string");
    assert.equal(randomBody({ seed: 1, method: "get" }), undefined);
  });
});
