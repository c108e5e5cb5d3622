import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { assertLinear } from "../_complexity.ts";
import { readFileSync } from "node:fs";
import {
  buildUrl,
  ConversionError,
  ConversionErrorCode,
  detectType,
  formatHeaders,
  getByteSize,
  normalizeHeaders,
  parseQueryString,
} from "../../src/convert/core.ts";
import * as curl from "../../src/convert/curl.ts";

describe("detectType", () => {
  it("recognizes raw requests and responses by their first line", () => {
    const chrome = readFileSync(
      new URL("../fixtures/http/chrome_get.http", import.meta.url),
      "utf8",
    );
    assert.equal(detectType(chrome), "request");
    assert.equal(detectType("OPTIONS * HTTP/1.1\n\n"), "request");
    assert.equal(detectType("GET https://example.com/ HTTP/2"), "request");
    assert.equal(detectType("\r\nPURGE /x HTTP/1.1"), "request");
    assert.equal(detectType("HTTP/1.1 200 OK\r\n\r\n"), "response");
    assert.equal(detectType("HTTP/3 404"), "response");
  });

  it("recognizes curl commands", () => {
    assert.equal(detectType("curl https://example.com"), "curl");
    assert.equal(detectType("  curl\n  -X POST"), "curl");
    assert.equal(detectType("curl.exe -s https://example.com"), "curl");
    assert.equal(detectType("curling is a sport"), "unknown");
  });

  it("recognizes fetch() code and only the global fetch", () => {
    for (
      const code of [
        'fetch("https://a.example/x", { method: "DELETE" })',
        "const r = await fetch('https://a.example/');",
        "window.fetch(`https://a.example/`).then((r) => r.text())",
        "globalThis . fetch ('https://a.example/')",
        "// a comment first\nfetch('https://a.example/')",
        "{ url: 'https://a.example/', options: { method: 'HEAD' } }",
        '{"url":"https://a.example/","options":{"method":"HEAD"}}',
      ]
    ) {
      assert.equal(detectType(code), "fetch", code);
    }
    for (
      const text of [
        "prefetch('https://a.example/')",
        "api.fetch('https://a.example/')",
        "// fetch('https://a.example/')",
        "const s = \"fetch('https://a.example/')\";",
        "fetch is a verb",
        '{"url":"https://a.example/","extra":1}',
        // A request line wins over a fetch( further down.
        "GET /x HTTP/1.1\nHost: a\n\nfetch('https://b/')",
        "curl https://a.example/ -d \"fetch('x')\"",
      ]
    ) {
      assert.notEqual(detectType(text), "fetch", text);
    }
    assert.equal(detectType({ url: "https://a.example/" }), "fetch");
    assert.equal(
      detectType({ url: "https://a.example/", options: 1 }),
      "unknown",
    );
  });

  it("agrees with the curl parser on the program word", () => {
    const accepted = [
      "curl\\\n  -X POST https://api.example.com/v1/items",
      "curl\\\r\n  https://api.example.com/",
      "$ curl https://api.example.com/",
      "/usr/bin/curl https://api.example.com/",
      "./curl.exe https://api.example.com/",
      "# fetch the list\ncurl https://api.example.com/",
      "'curl' https://api.example.com/",
    ];
    for (const command of accepted) {
      curl.toRequest(command); // the parser accepts it
      assert.equal(detectType(command), "curl", command);
    }
    const rejected = [
      "curl\u00a0https://api.example.com/",
      "'$' curl https://api.example.com/",
      "$",
      "curlx https://api.example.com/",
    ];
    for (const command of rejected) {
      assert.throws(
        () => curl.toRequest(command),
        (error) =>
          error instanceof ConversionError && error.code === "NOT_CURL",
        command,
      );
      assert.equal(detectType(command), "unknown", command);
    }
    // Only the words up to the program are scanned: a later error is the
    // parser's to report.
    assert.equal(detectType("curl 'https://unterminated"), "curl");
  });

  it("recognizes HAR logs, entries and requests, as objects or JSON text", () => {
    const request = {
      method: "GET",
      url: "https://e.com/",
      headers: [],
      httpVersion: "HTTP/1.1",
    };
    const entry = { request, response: {} };
    const log = { log: { version: "1.2", entries: [entry] } };
    for (const har of [log, entry, request]) {
      assert.equal(detectType(har), "har");
      assert.equal(detectType(JSON.stringify(har)), "har");
    }
  });

  it("recognizes plain and native requests and responses", () => {
    assert.equal(
      detectType({ method: "GET", url: "/", headers: {} }),
      "request",
    );
    assert.equal(
      detectType({
        statusCode: 200,
        statusText: "",
        httpVersion: "1.1",
        headers: {},
      }),
      "response",
    );
    assert.equal(detectType(new Request("https://e.com/")), "request");
    assert.equal(detectType(new Response("x")), "response");
  });

  it("objects as the original library's tests have them: { method, url } and { statusCode } / { status }", () => {
    assert.equal(detectType({ method: "GET", url: "/" }), "request");
    assert.equal(
      detectType('{"method":"POST","url":"https://e.com/"}'),
      "request",
    );
    assert.equal(detectType({ statusCode: 404 }), "response");
    assert.equal(detectType({ status: 200 }), "response");
    assert.equal(detectType('{"status":201,"body":"x"}'), "response");
    // Not numbers, or headers that are no map: not a message.
    assert.equal(detectType({ status: "ok" }), "unknown");
    assert.equal(
      detectType({ method: "GET", url: "/", headers: 1 }),
      "unknown",
    );
    assert.equal(detectType({ method: "GET" }), "unknown");
  });

  it("returns unknown for anything else, never throws", () => {
    for (
      const input of [
        "",
        "hello world",
        "{not json",
        "[1,2]",
        "null",
        "GET / HTTP/1.7",
        "\u0000\u00ff",
        {},
        [],
        {
          log: {},
        },
      ]
    ) {
      assert.equal(detectType(input), "unknown", JSON.stringify(input));
    }
    assert.equal(detectType(null as unknown as object), "unknown");
    assert.equal(detectType("x".repeat(1 << 20)), "unknown");
  });
});

describe("normalizeHeaders", () => {
  it("lowercases a plain object, merges case variants into arrays, keeps arrays", () => {
    assert.deepEqual(
      normalizeHeaders({
        Accept: "a",
        accept: "b",
        "Set-Cookie": ["x=1", "y=2"],
        N: 3,
        Skip: undefined,
        Nil: null,
      }),
      { accept: ["a", "b"], "set-cookie": ["x=1", "y=2"], n: "3" },
    );
  });

  it("reads HAR name/value lists in order", () => {
    assert.deepEqual(
      normalizeHeaders([{ name: "Set-Cookie", value: "a" }, {
        name: "Host",
        value: "h",
      }, {
        name: "set-cookie",
        value: "b",
      }]),
      { "set-cookie": ["a", "b"], host: "h" },
    );
  });

  it("keeps every set-cookie of a Headers object", () => {
    const headers = new Headers();
    headers.append("Set-Cookie", "a=1; Path=/");
    headers.append("Set-Cookie", "b=2, c=3");
    headers.append("X-A", "1");
    headers.append("X-A", "2");
    assert.deepEqual(normalizeHeaders(headers), {
      "x-a": "1, 2",
      "set-cookie": ["a=1; Path=/", "b=2, c=3"],
    });
  });

  it("reads any iterable of pairs", () => {
    const map = new Map([["A", "1"], ["B", "2"]]);
    assert.deepEqual(normalizeHeaders(map), { a: "1", b: "2" });
    assert.deepEqual(normalizeHeaders([["X", "1"], ["x", "2"]]), {
      x: ["1", "2"],
    });
  });

  it("returns an empty object for no headers", () => {
    assert.deepEqual(normalizeHeaders({}), {});
    assert.deepEqual(normalizeHeaders(undefined as unknown as []), {});
  });
});

describe("parseQueryString", () => {
  it("decodes values, turns repeated keys into arrays in order, ignores the fragment", () => {
    assert.deepEqual(
      parseQueryString("https://e.com/p?a=1&b=%C3%BC+x&a=2&a=3&c#a=9"),
      {
        a: ["1", "2", "3"],
        b: "ü x",
        c: "",
      },
    );
  });

  it("accepts a path, a leading ?, or a bare query; a URL without query gives {}", () => {
    assert.deepEqual(parseQueryString("/x?k=v"), { k: "v" });
    assert.deepEqual(parseQueryString("?k=v"), { k: "v" });
    assert.deepEqual(parseQueryString("k=v&k=w"), { k: ["v", "w"] });
    assert.deepEqual(parseQueryString("https://e.com/path"), {});
    assert.deepEqual(parseQueryString(""), {});
  });

  it("keeps malformed escapes as written and __proto__ as an ordinary key", () => {
    assert.deepEqual(parseQueryString("?a=%zz&b=%"), { a: "%zz", b: "%" });
    const result = parseQueryString("?__proto__=x&constructor=y");
    assert.deepEqual(Object.entries(result), [["__proto__", "x"], [
      "constructor",
      "y",
    ]]);
    assert.equal(Object.getPrototypeOf(result), Object.prototype);
  });

  it("stays linear when one key repeats 250,000 times (1 MB query)", async () => {
    // Regression: each repeat used to copy the whole array (quadratic, minutes).
    await assertLinear("a repeated query key", 250_000, (n) => {
      const result = parseQueryString(
        "a=1&".repeat(n) + "a=2&__proto__=x&__proto__=y&__proto__=z",
      );
      assert.equal(result.a.length, n + 1);
      assert.equal((result.a as string[])[n], "2");
      assert.deepEqual(
        Object.getOwnPropertyDescriptor(result, "__proto__")?.value,
        ["x", "y", "z"],
      );
    });
  });
});

describe("buildUrl", () => {
  it("appends encoded parameters, repeating array keys and skipping null/undefined", () => {
    assert.equal(
      buildUrl("https://e.com/s", {
        q: "a b&c=d",
        n: 1,
        t: true,
        f: false,
        tag: ["x", null, 2],
        skip: null,
        u: undefined,
      }),
      "https://e.com/s?q=a%20b%26c%3Dd&n=1&t=true&f=false&tag=x&tag=2",
    );
  });

  it("keeps an existing query and puts the fragment last", () => {
    assert.equal(
      buildUrl("https://e.com/s?x=1#frag", { y: "2" }),
      "https://e.com/s?x=1&y=2#frag",
    );
    assert.equal(buildUrl("/s?", { y: "2" }), "/s?y=2");
    assert.equal(buildUrl("/s?x=1&", { y: "2" }), "/s?x=1&y=2");
    assert.equal(buildUrl("/s#h", {}), "/s#h");
  });

  it("round-trips with parseQueryString", () => {
    const params = { "k ü": ["1", "2"], "a+b": "c+d", emoji: "😀" };
    assert.deepEqual(
      parseQueryString(buildUrl("https://e.com/", params)),
      params,
    );
  });
});

describe("getByteSize", () => {
  it("matches TextEncoder for ASCII, 2-, 3-, 4-byte characters and lone surrogates", () => {
    const samples = [
      "",
      "abc",
      "é",
      "€",
      "😀",
      "a\u0000b",
      "\ud800",
      "x\udc00y",
      "\ud83d\ude00\ud800",
      "中文 ünï",
      // Each side of every length boundary (the convert draw 20261187's
      // survivor counted U+0800 as 2 bytes).
      "\u007f",
      "\u0080",
      "\u07ff",
      "\u0800",
      "\ud7ff",
      "\ue000",
      "\uffff",
      "\u{10000}",
      "\u{10ffff}",
    ];
    for (const sample of samples) {
      assert.equal(
        getByteSize(sample),
        new TextEncoder().encode(sample).length,
        JSON.stringify(sample),
      );
    }
  });

  it("is linear on 1 MB", () => {
    const big = "ü😀".repeat(1 << 18);
    assert.equal(getByteSize(big), new TextEncoder().encode(big).length);
  });
});

describe("formatHeaders", () => {
  it("writes one CRLF line per value, lowercase names", () => {
    assert.equal(
      formatHeaders({ "Set-Cookie": ["a=1", "b=2"], Accept: "*/*" }),
      "set-cookie: a=1\r\nset-cookie: b=2\r\naccept: */*\r\n",
    );
    assert.equal(formatHeaders([{ name: "X", value: "" }]), "x: \r\n");
    assert.equal(formatHeaders({}), "");
  });

  it("refuses values that would inject a line", () => {
    assert.throws(
      () => formatHeaders({ x: "a\r\ninjected: 1" }),
      (error: unknown) =>
        error instanceof ConversionError &&
        error.code === ConversionErrorCode.INVALID_HEADER,
    );
  });
});
