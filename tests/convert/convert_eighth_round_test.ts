// Behaviour the mutation draw of seed 20261160 found unguarded in the
// converter: each test names the planted bug it catches
// (`deno task mutation --sample`).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCurl } from "../../src/convert/curl.ts";
import { fromRequest, fromResponse } from "../../src/convert/har.ts";
import { generateCode } from "../../src/convert/code.ts";
import { onTheWire, SKIP_WITHOUT_CURL, wireHeader } from "./_curl_wire.ts";

// curl ORs the schemes it is asked for and sends an Authorization header
// without a round trip only when one scheme is left: Basic (the default),
// or Bearer. Stated here, and checked against the real curl below.
const AUTH_CASES: Array<[options: string, authorization: string | null]> = [
  ["-u a:b", "Basic YTpi"],
  ["--basic -u a:b", "Basic YTpi"],
  ["--no-basic -u a:b", "Basic YTpi"],
  ["--oauth2-bearer T", "Bearer T"],
  ["--oauth2-bearer T -u a:b", "Bearer T"],
  ["--oauth2-bearer T --no-basic -u a:b", "Bearer T"],
  ["--digest --no-digest -u a:b", "Basic YTpi"],
  ["--basic --no-basic --oauth2-bearer T", "Bearer T"],
  ["--oauth2-bearer T --basic -u a:b", null],
  ["--basic --oauth2-bearer T -u a:b", null],
  ["--oauth2-bearer T --basic", null],
  ["--oauth2-bearer T --digest -u a:b", null],
  ["--digest --basic -u a:b", null],
];

describe("converter behaviour the draw of seed 20261160 found unguarded", () => {
  // Bug: a Bearer token is sent whenever --oauth2-bearer was given, even when
  // a later --basic or --digest asked for another scheme too, where curl
  // sends no credentials before the server's 401. (Before this round the
  // parser let the last scheme win, which curl does not either.)
  it("curl: an Authorization header only when one scheme is chosen, as curl sends it", () => {
    for (const [options, authorization] of AUTH_CASES) {
      const parsed = parseCurl(`curl ${options} http://h.test/`);
      assert.equal(
        parsed.request.headers.authorization,
        authorization ?? undefined,
        options,
      );
      // A header left out is never left out silently.
      if (authorization === null && options.includes("-u")) {
        assert.ok(
          parsed.warnings.some((w) => w.code === "UNSUPPORTED_OPTION"),
          options,
        );
      }
    }
    const both = parseCurl("curl --oauth2-bearer T --basic -u a:b h.test");
    assert.deepEqual(
      both.warnings.map((w) => [w.code, w.option, w.offset]),
      [["UNSUPPORTED_OPTION", "--basic", 23]],
    );
    assert.match(both.warnings[0].message, /Basic and Bearer.*401/);
    // Taking a scheme out again is not a scheme of its own: no warning.
    assert.deepEqual(
      parseCurl("curl --digest --no-digest -u a:b h.test").warnings.map((w) =>
        w.option
      ),
      ["--digest"],
    );
  });

  it("curl: the real curl sends the same Authorization header", {
    skip: SKIP_WITHOUT_CURL,
  }, async () => {
    const { requests, code } = await onTheWire((origin) =>
      AUTH_CASES.map(([options]) => `curl -s ${options} ${origin}/`).join(
        "; ",
      )
    );
    assert.equal(code, 0);
    assert.equal(requests.length, AUTH_CASES.length);
    AUTH_CASES.forEach(([options, authorization], i) => {
      assert.deepEqual(
        wireHeader(requests[i], "authorization"),
        authorization === null ? [] : [authorization],
        options,
      );
    });
  });

  // Bug (planted by hand in the least-tested files): a cookie without "="
  // keeps the blanks around it, so `a=1; flag ; b=2` lists the nameless
  // cookie as " flag " where a browser (and every other cookie here) has
  // them trimmed.
  it("HAR: a cookie without '=' is a nameless value, trimmed like the rest", async () => {
    const started = "2024-05-01T12:00:00.000Z";
    const entry = await fromRequest({
      method: "GET",
      url: "https://a.example/",
      headers: { cookie: "a=1;  flag ; b=2;\tlast\t" },
    }, { startedDateTime: started });
    assert.deepEqual(entry.request.cookies, [
      { name: "a", value: "1" },
      { name: "", value: "flag" },
      { name: "b", value: "2" },
      { name: "", value: "last" },
    ]);
    const answered = await fromResponse(
      {
        statusCode: 200,
        statusText: "OK",
        httpVersion: "HTTP/1.1",
        headers: { "set-cookie": "  token ; Path=/" },
      },
      undefined,
      { startedDateTime: started },
    );
    assert.deepEqual(answered.response.cookies, [
      { name: "", value: "token", path: "/" },
    ]);
  });

  // Bug (planted by hand): the strict-URL spelling for Ruby's URI and Java's
  // URI.create encodes a character outside the BMP and then its second
  // UTF-16 half again, as U+FFFD: `/😀` became `/%F0%9F%98%80%EF%BF%BD`,
  // another resource.
  it("Ruby and Java code: a character outside the BMP is its four UTF-8 bytes, once", () => {
    const url = "https://a.example/😀/x?q=é𝄞&r=中#frag";
    const spelled =
      "https://a.example/%F0%9F%98%80/x?q=%C3%A9%F0%9D%84%9E&r=%E4%B8%AD#frag";
    // The same bytes a browser's URL parser sends for the raw URL.
    assert.equal(new URL(url).href, spelled);
    for (const target of ["ruby-net-http", "java-http-client"]) {
      const { code } = generateCode(
        { method: "GET", url, headers: {} },
        { target },
      );
      // Ruby escapes "#" in a double-quoted string as "\#".
      assert.ok(code.replace("\\#", "#").includes(`"${spelled}"`), code);
      assert.doesNotMatch(code, /%EF%BF%BD/, target);
    }
  });
});
