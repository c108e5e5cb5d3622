// Behaviour the mutation draw of seed 20261204 found unguarded in the
// converter: each test names the planted bug it catches
// (`deno task mutation --sample`).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { urlsReadInSubprocess } from "./_fetch_code_subprocess.ts";
import { parseCurl } from "../../src/convert/curl.ts";
import { randomBody } from "../../src/convert/random.ts";
import { generateCode } from "../../src/convert/code.ts";

describe("converter behaviour the draw of seed 20261204 found unguarded", () => {
  // Bug: a CR at the very end of the command is no longer taken as the end
  // of its line, so a command copied from a CRLF text whose last line kept
  // its CR but lost its LF gets the CR in its last word: a URL refused as
  // malformed, a body with a stray "\r".
  it("curl: a lone CR at the end of the command ends the line, whatever the last word", () => {
    assert.equal(
      parseCurl("curl https://a.example/\r").request.url,
      "https://a.example/",
    );
    const posted = parseCurl("curl https://a.example/ -d x\r").request;
    assert.equal(posted.body, "x");
    assert.equal(posted.method, "POST");
    assert.deepEqual(
      parseCurl("curl https://a.example/ -H 'X-A: 1'\r").request.headers,
      { "x-a": "1" },
    );
    // Only at the very end: a CR inside the command is part of its word.
    assert.equal(
      parseCurl("curl https://a.example/ -d $'x\\r'").request.body,
      "x\r",
    );
  });

  // Bug: randomBody reads `options.method` without `?.`, so the documented
  // call without options (a POST body from an unseeded generator) throws a
  // TypeError instead of drawing a body.
  it("randomBody: without options it draws a body, as for POST", () => {
    for (let i = 0; i < 5; i++) {
      const body = randomBody();
      assert.equal(typeof body, "string");
      assert.notEqual(body, "");
    }
    assert.equal(typeof randomBody(undefined), "string");
  });

  // Bug: the Go target writes a Host header as `req.Host = …` and then also
  // as `req.Header.Set("Host", …)`, a line net/http ignores (it sends Host
  // from req.Host only), so the program reads as if it did something.
  it("Go code: a Host header in any letter case is req.Host and nothing else", () => {
    for (const name of ["Host", "host", "HOST"]) {
      const { code } = generateCode({
        method: "GET",
        url: "https://a.example/vhost",
        headers: { [name]: "virtual.example", "X-A": "1" },
      }, { target: "go-net-http" });
      const lines = code.split("\n").map((line) => line.trim());
      assert.deepEqual(
        lines.filter((line) => /host/i.test(line) && !line.includes("http")),
        ['req.Host = "virtual.example"'],
        name,
      );
      assert.ok(lines.includes('req.Header.Set("X-A", "1")'), name);
    }
  });

  // Bug: the Go target respells the fragment by the path's rules, which
  // percent-encode the `#` itself: the fragment becomes part of the query
  // (or path) that net/http sends.
  it("Go code: a fragment stays a fragment, with only a lone % respelled", () => {
    for (
      const [url, written] of [
        ["https://a.example/p?q=1#sec", "https://a.example/p?q=1#sec"],
        [
          "https://a.example/p#Sec-é|x^%zz",
          "https://a.example/p#Sec-é|x^%25zz",
        ],
        ["https://a.example/a|b#f", "https://a.example/a%7Cb#f"],
      ]
    ) {
      const { code } = generateCode(
        { method: "GET", url, headers: {} },
        { target: "go-net-http" },
      );
      assert.ok(
        code.includes(`http.NewRequest("GET", "${written}", nil)`),
        `${url}: ${code.split("\n").find((l) => l.includes("NewRequest"))}`,
      );
    }
  });

  // Bug: inside a template substitution in the code before fetch(, a quoted
  // string (`${"}"}`) or a comment (`${a /* } */}`) no longer moves the
  // reader on, so the read never ends. Run in a bounded subprocess, so that
  // bug fails this test instead of hanging the suite.
  it("fetch code: a string or a comment inside a template substitution before fetch( is skipped", async () => {
    const cases = [
      'const s = `${"}"}`; fetch("https://a.example/1")',
      "const s = `${'`'}`; fetch('https://a.example/2')",
      'const s = `${a /* } ` */}`; fetch("https://a.example/3")',
      'const s = `${a // } `\n}`; fetch("https://a.example/4")',
    ];
    assert.deepEqual(await urlsReadInSubprocess(cases), [
      "https://a.example/1",
      "https://a.example/2",
      "https://a.example/3",
      "https://a.example/4",
    ]);
  });
});
