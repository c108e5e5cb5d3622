// Refusals and rare paths that no test reached (round 23: a coverage run of
// tests/convert/ listed the lines of src/convert/ that none ran; a mutant
// drawn on one of them could only survive). Each is what a user meets with
// that input: a typed error with its code and where, or the request as the
// real tool reads it. Lines that no input reaches (a re-check of what an
// earlier step already refused, a fallback after an exhaustive table) are
// left out.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCurl, toRequest as curlRequest } from "../../src/convert/curl.ts";
import {
  parseCode,
  toRequest as fetchRequest,
} from "../../src/convert/fetch.ts";
import * as har from "../../src/convert/har.ts";
import { stringifyRequest } from "../../src/convert/string.ts";
import { randomRequest } from "../../src/convert/random.ts";
import { parseBody } from "../../src/convert/body.ts";
import { ConversionError } from "../../src/convert/errors.ts";

/** Asserts `run` throws a ConversionError with these fields. */
function refused(
  run: () => unknown,
  expected: { code: string; offset?: number; path?: string; message?: RegExp },
): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof ConversionError, String(error));
    assert.equal(error.code, expected.code, error.message);
    if ("offset" in expected) assert.equal(error.offset, expected.offset);
    if ("path" in expected) assert.equal(error.path, expected.path);
    if (expected.message) assert.match(error.message, expected.message);
    return true;
  });
}

describe("curl reader: ANSI-C quoting that yields NUL or ends early", () => {
  it("\\u0000, \\U00000000 and \\c@ are INVALID_ESCAPE at the escape, as \\x00 is", () => {
    // bash would cut the word at the NUL without a word of warning.
    for (const escape of ["\\x00", "\\u0000", "\\U00000000", "\\c@"]) {
      const command = `curl https://a.test/ -H $'x: a${escape}b'`;
      refused(() => parseCurl(command), {
        code: "INVALID_ESCAPE",
        offset: command.indexOf(escape),
        message: /NUL/,
      });
    }
    // \c with any other character is that control character.
    assert.equal(
      curlRequest("curl https://a.test/ -d $'a\\cAb'").body,
      "a\x01b",
    );
  });

  it("\\c at the input's end leaves the $' quote open", () => {
    const command = "curl https://a.test/ $'\\c";
    refused(() => parseCurl(command), {
      code: "UNTERMINATED_QUOTE",
      offset: command.indexOf("$'"),
    });
  });

  it("an open $' quote inside $(…) is named at the $(", () => {
    const command = `curl "https://a.test/$(echo $'abc)"`;
    refused(() => parseCurl(command), {
      code: "UNTERMINATED_QUOTE",
      offset: command.indexOf("$("),
    });
  });

  it("an open quote in a here-document's delimiter is UNTERMINATED_QUOTE at it", () => {
    const command = "curl -d @- https://a.test/ <<'EOF";
    refused(() => parseCurl(command), {
      code: "UNTERMINATED_QUOTE",
      offset: command.indexOf("'"),
    });
  });
});

describe("curl reader: options no test gave", () => {
  it("-: (--next) inside a cluster converts the first transfer only", () => {
    const command = "curl https://a.test/ -s: -H 'x: 1' https://b.test/";
    const parsed = parseCurl(command);
    assert.equal(parsed.request.url, "https://a.test/");
    assert.deepEqual(parsed.request.headers, {});
    assert.ok(
      parsed.warnings.some((w) =>
        w.code === "UNSUPPORTED_OPTION" && w.option === "-:" &&
        w.offset === command.indexOf("-s:")
      ),
      JSON.stringify(parsed.warnings),
    );
  });

  it("-K, --config and --variable are named not applied; the rest is read", () => {
    for (
      const [command, option] of [
        ["curl -K cfg -H 'x: 1' https://a.test/", "-K"],
        ["curl --config cfg -H 'x: 1' https://a.test/", "--config"],
        ["curl --variable v=1 -H 'x: 1' https://a.test/", "--variable"],
      ]
    ) {
      const parsed = parseCurl(command);
      assert.equal(parsed.request.url, "https://a.test/", command);
      assert.deepEqual(parsed.request.headers, { x: "1" }, command);
      assert.deepEqual(
        parsed.warnings.map((w) => [w.code, w.option, w.offset]),
        [["UNSUPPORTED_OPTION", option, 5]],
        command,
      );
    }
  });

  it("--json @file keeps the reference as text and says so", () => {
    const parsed = parseCurl("curl --json @body.json https://a.test/");
    assert.equal(parsed.request.body, "@body.json");
    assert.equal(parsed.request.headers["content-type"], "application/json");
    assert.deepEqual(
      parsed.warnings.map((w) => [w.code, w.option, w.offset]),
      [["FILE_REFERENCE", "--json", 5]],
    );
  });
});

describe("fetch() code reader: refusals at the token", () => {
  it("names what it cannot read, at its offset", () => {
    const cases: Array<[string, string, string, RegExp]> = [
      ['fetch("https://a.test/", {body: ', "INVALID_INPUT", "", /end of input/],
      ["fetch(new URL(5))", "INVALID_INPUT", "new URL", /needs a string/],
      [
        'fetch("https://a.test/", {method: "POST", body: new URLSearchParams([["a"]])})',
        "INVALID_INPUT",
        "new URLSearchParams",
        /URLSearchParams/,
      ],
      [
        'fetch("https://a.test/", {method: "POST", body: JSON.stringify({[5]: 1})})',
        "INVALID_INPUT",
        "5]",
        /computed key/,
      ],
      ['fetch("https://a.test/\\', "INVALID_ESCAPE", "\\", /backslash/],
    ];
    for (const [code, errorCode, at, message] of cases) {
      refused(() => parseCode(code), {
        code: errorCode,
        offset: at === "" ? code.length : code.indexOf(at),
        message,
      });
    }
  });
});

describe("fetch() arguments: header pairs", () => {
  it("a pair of three is INVALID_HEADER; a pair that is no list names its type", () => {
    refused(
      () => fetchRequest("https://a.test/", { headers: [["a", "b", "c"]] }),
      { code: "INVALID_HEADER", message: /exactly a name and a value/ },
    );
    refused(
      () =>
        fetchRequest("https://a.test/", {
          headers: [5] as unknown as string[][],
        }),
      { code: "INVALID_INPUT", message: /got number/ },
    );
    refused(
      () =>
        fetchRequest("https://a.test/", {
          headers: [null] as unknown as string[][],
        }),
      { code: "INVALID_INPUT", message: /got null/ },
    );
  });
});

describe("HAR reading: an empty method, a field of the wrong type, no content", () => {
  const entry = (request: Record<string, unknown>) => ({
    log: { entries: [{ request: { url: "https://a.test/", ...request } }] },
  });

  it("an empty method is INVALID_HAR at its path", () => {
    refused(() => har.toRequests(entry({ method: "" }) as never), {
      code: "INVALID_HAR",
      path: "log.entries[0].request.method",
      message: /method is empty/,
    });
  });

  it("a method given as a list says it got an array", () => {
    refused(() => har.toRequests(entry({ method: ["GET"] }) as never), {
      code: "INVALID_HAR",
      path: "log.entries[0].request.method",
      message: /got an array/,
    });
    refused(() => har.toRequests(entry({ method: null }) as never), {
      code: "INVALID_HAR",
      message: /got null/,
    });
  });

  it("a response with content null has no body; content without text has no bytes", () => {
    const response = har.toResponse({
      status: 200,
      statusText: "OK",
      httpVersion: "HTTP/1.1",
      headers: [],
      content: null,
    } as never);
    assert.equal(response.statusCode, 200);
    assert.equal("body" in response, false);
    const bytes = har.contentBytes({ size: 0, mimeType: "text/plain" });
    assert.equal(bytes.length, 0);
  });
});

describe("raw HTTP: a URL that is only a fragment", () => {
  it("has the target /", async () => {
    const text = await stringifyRequest({
      method: "GET",
      url: "#top",
      headers: {},
    });
    assert.equal(text.split("\r\n")[0], "GET / HTTP/1.1");
  });
});

describe("randomRequest: options it cannot use", () => {
  it("an empty method list and a body function that returns no string are INVALID_OPTION", () => {
    refused(() => randomRequest({ methods: [] }), {
      code: "INVALID_OPTION",
      message: /empty list/,
    });
    refused(
      () => randomRequest({ body: () => 5 as unknown as string }),
      { code: "INVALID_OPTION", path: "body" },
    );
  });
});

describe("parseBody: a form with empty pairs", () => {
  it("shows each pair once and no empty ones, as URLSearchParams reads it", () => {
    const text = "&a=1&&b=2&";
    const parsed = parseBody(text, "application/x-www-form-urlencoded");
    assert.equal(parsed.type, "form");
    assert.equal(parsed.formatted, "a = 1\nb = 2");
    assert.deepEqual([...new URLSearchParams(text).keys()], ["a", "b"]);
  });
});

describe("parseBody: markup whose last tag never closes", () => {
  it("keeps the open tag's text whole, a > inside its quotes included", () => {
    const html = parseBody('<p>hi</p><a href="x>y', "text/html");
    assert.equal(html.type, "html");
    assert.equal(html.formatted, '<p>hi</p>\n<a href="x>y');
    const xml = parseBody('<r><a b="1>2"', "application/xml");
    assert.equal(xml.formatted, '<r>\n  <a b="1>2"');
  });
});
