// Untyped callers (plain JavaScript) pass numbers, null, arrays and missing
// fields. Every public function must answer with a ConversionError, or with
// the documented lenient result — never a TypeError from deep inside.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  allFormats,
  buildUrl,
  ConversionError,
  detectType,
  formatHeaders,
  getByteSize,
  normalizeHeaders,
  parseQueryString,
} from "../../src/convert/core.ts";
import {
  parse,
  parseRequest,
  parseResponse,
  stringify,
  stringifyRequest,
  stringifyResponse,
} from "../../src/convert/string.ts";
import * as curl from "../../src/convert/curl.ts";
import * as fetchApi from "../../src/convert/fetch.ts";
import * as har from "../../src/convert/har.ts";
import { parseBody } from "../../src/convert/body.ts";
import { randomBody, randomRequest } from "../../src/convert/random.ts";

// deno-lint-ignore no-explicit-any
type Loose = any;

function isConversionError(code: string, path?: string) {
  return (error: unknown): boolean => {
    assert.ok(
      error instanceof ConversionError,
      `expected a ConversionError, got ${String(error)}`,
    );
    assert.equal(error.code, code, error.message);
    if (path !== undefined) assert.equal(error.path, path);
    return true;
  };
}

const NOT_OBJECTS: Loose[] = [undefined, null, 0, 42, true, "GET / HTTP/1.1"];

const REQUEST_WRITERS: Array<[string, (request: Loose) => Promise<unknown>]> = [
  ["string.stringifyRequest", (r) => stringifyRequest(r)],
  ["string.stringify", (r) => stringify(r)],
  ["curl.fromRequest", (r) => curl.fromRequest(r)],
  ["fetch.fromRequest", (r) => fetchApi.fromRequest(r)],
  ["fetch.toCode", (r) => fetchApi.toCode(r)],
  ["har.fromRequest", (r) => har.fromRequest(r)],
  ["allFormats", (r) => allFormats(r)],
];

describe("request writers with untyped input", () => {
  for (const [name, write] of REQUEST_WRITERS) {
    it(`${name}: a non-object is INVALID_INPUT`, async () => {
      for (const value of NOT_OBJECTS) {
        await assert.rejects(write(value), isConversionError("INVALID_INPUT"));
      }
    });

    it(`${name}: wrong field types name the field`, async () => {
      const base = { method: "GET", url: "https://e.x/", headers: {} };
      await assert.rejects(
        write({ ...base, url: undefined }),
        isConversionError("INVALID_INPUT", "url"),
      );
      await assert.rejects(
        write({ ...base, method: 7 }),
        isConversionError("INVALID_INPUT", "method"),
      );
      await assert.rejects(
        write({ ...base, headers: [["a", "b"]] }),
        isConversionError("INVALID_INPUT", "headers"),
      );
      await assert.rejects(
        write({ ...base, headers: { a: { b: 1 } } }),
        isConversionError("INVALID_INPUT", "headers.a"),
      );
      await assert.rejects(
        write({ ...base, body: 5 }),
        isConversionError("INVALID_INPUT", "body"),
      );
    });
  }

  it("missing method and headers default to GET and {}; numbers as header values become strings", async () => {
    const loose: Loose = {
      url: "https://e.x/p",
      headers: undefined,
    };
    assert.equal(
      await stringifyRequest(loose),
      "GET https://e.x/p HTTP/1.1\r\nhost: e.x\r\n\r\n",
    );
    const numbers: Loose = {
      method: "POST",
      url: "https://e.x/",
      headers: { "x-n": 5, "x-list": [1, "two", true], "x-gone": null },
      body: "hi",
    };
    const text = await stringifyRequest(numbers);
    assert.match(
      text,
      /\r\nx-n: 5\r\nx-list: 1\r\nx-list: two\r\nx-list: true\r\n/,
    );
    assert.doesNotMatch(text, /x-gone/);
    // The caller's object is not rewritten.
    assert.equal(numbers.headers["x-n"], 5);
    const back = curl.toRequest(await curl.fromRequest(numbers));
    assert.deepEqual(back.headers["x-list"], ["1", "two", "true"]);
    const entry = await har.fromRequest(numbers);
    assert.deepEqual(
      entry.request.headers.filter((h) => h.name.startsWith("x-")),
      [
        { name: "x-n", value: "5" },
        { name: "x-list", value: "1" },
        { name: "x-list", value: "two" },
        { name: "x-list", value: "true" },
      ],
    );
  });
});

describe("response writers with untyped input", () => {
  it("stringifyResponse, har.fromResponse, createMockResponse: INVALID_INPUT", async () => {
    for (const value of NOT_OBJECTS) {
      await assert.rejects(
        stringifyResponse(value),
        isConversionError("INVALID_INPUT"),
      );
      await assert.rejects(
        har.fromResponse(value),
        isConversionError("INVALID_INPUT"),
      );
      assert.throws(
        () => fetchApi.createMockResponse(value),
        isConversionError("INVALID_INPUT"),
      );
      assert.throws(
        () => fetchApi.fromResponse(value),
        isConversionError("INVALID_INPUT"),
      );
    }
    const ok: Loose = { statusCode: 200, headers: { "x-n": 1 } };
    assert.match(
      await stringifyResponse(ok),
      /^HTTP\/1\.1 200 OK\r\nx-n: 1\r\n/,
    );
    assert.equal(fetchApi.createMockResponse(ok).headers.get("x-n"), "1");
  });

  it("fetch.toResponse refuses anything but a Fetch Response", async () => {
    for (const value of [...NOT_OBJECTS, { status: 200, headers: [] }]) {
      await assert.rejects(
        fetchApi.toResponse(value),
        isConversionError("INVALID_INPUT"),
      );
    }
  });
});

describe("text readers with untyped input", () => {
  it("parseRequest, parseResponse, parse, parseBody: INVALID_INPUT", () => {
    for (const value of [undefined, null, 0, {}, ["GET / HTTP/1.1"]]) {
      for (const read of [parseRequest, parseResponse, parse] as Loose[]) {
        assert.throws(() => read(value), isConversionError("INVALID_INPUT"));
      }
      assert.throws(
        () => parseBody(value as Loose),
        isConversionError("INVALID_INPUT"),
      );
    }
    assert.throws(
      () => parseBody("{}", 5 as Loose),
      isConversionError("INVALID_INPUT"),
    );
  });

  it("buildUrl: a non-string base or a lone surrogate is INVALID_INPUT", () => {
    for (const value of [undefined, null, 0]) {
      assert.throws(
        () => buildUrl(value as Loose, { a: 1 }),
        isConversionError("INVALID_INPUT"),
      );
    }
    // encodeURIComponent throws URIError here; U+FFFD would change the value.
    assert.throws(
      () => buildUrl("/x", { q: "a\ud800" }),
      isConversionError("INVALID_INPUT"),
    );
    assert.throws(
      () => buildUrl("/x", { ["\udc00"]: "v" }),
      isConversionError("INVALID_INPUT"),
    );
    assert.equal(buildUrl("/x", { q: "😀" }), "/x?q=%F0%9F%98%80");
  });
});

describe("random options with untyped input", () => {
  it("null options are the defaults", () => {
    const request: Loose = randomRequest(null as Loose);
    assert.equal(typeof request.method, "string");
    assert.match(request.url, /^https:\/\/api\.example\.com\//);
  });

  it("non-string methods, paths and baseUrl, and unserializable bodies are INVALID_OPTION", () => {
    const cases: Array<[Loose, string]> = [
      [{ methods: [1] }, "methods"],
      [{ paths: [7] }, "paths"],
      [{ paths: () => 5 }, "paths"],
      [{ baseUrl: 5 }, "baseUrl"],
      [{ body: { n: 1n } }, "body"],
      [{ body: Symbol("x") }, "body"],
    ];
    for (const [options, path] of cases) {
      assert.throws(
        () => randomRequest({ seed: 1, methods: ["POST"], ...options }),
        isConversionError("INVALID_OPTION", path),
      );
    }
    assert.equal(
      randomBody({ seed: 1, method: 5 as Loose }),
      undefined,
    );
  });
});

describe("string arguments that cannot become strings", () => {
  it("parseQueryString and getByteSize give INVALID_INPUT, not a TypeError", () => {
    const noPrototype: Loose = Object.create(null);
    assert.throws(
      () => parseQueryString(noPrototype),
      isConversionError("INVALID_INPUT"),
    );
    assert.throws(
      () => getByteSize(noPrototype),
      isConversionError("INVALID_INPUT"),
    );
    assert.deepEqual(parseQueryString(new URL("http://x/?a=1") as Loose), {
      a: "1",
    });
  });
});

describe("values String() cannot convert (issue 11, point 10)", () => {
  // A prototype-less object and a throwing toString make String() throw; a
  // symbol converts explicitly but is no text. Each is INVALID_INPUT where a
  // value is expected (INVALID_HAR in a HAR, INVALID_OPTION in options).
  const UNCONVERTIBLE: Array<[string, () => unknown]> = [
    ["Object.create(null)", () => Object.create(null)],
    ["a symbol", () => Symbol("s")],
    ["a throwing toString", () => ({
      toString() {
        throw new Error("boom");
      },
    })],
  ];
  const request = (v: Loose): Loose[] => [
    { method: v, url: "http://h.test/", headers: {} },
    { method: "GET", url: v, headers: {} },
    { method: "GET", url: "http://h.test/", headers: { a: v } },
    { method: "GET", url: "http://h.test/", headers: { a: ["1", v] } },
    { method: "GET", url: "http://h.test/", headers: {}, body: v },
    { method: "GET", url: "http://h.test/", headers: {}, httpVersion: v },
  ];
  const response = (v: Loose): Loose[] => [
    { statusCode: v, statusText: "OK", httpVersion: "1.1", headers: {} },
    { statusCode: 200, statusText: v, httpVersion: "1.1", headers: {} },
    { statusCode: 200, statusText: "", httpVersion: "1.1", headers: { a: v } },
    {
      statusCode: 200,
      statusText: "",
      httpVersion: "1.1",
      headers: {},
      body: v,
    },
  ];
  const calls = (v: Loose): Array<[string, string, () => unknown]> => [
    [
      "normalizeHeaders object",
      "INVALID_INPUT",
      () => normalizeHeaders({ a: v }),
    ],
    [
      "normalizeHeaders pairs",
      "INVALID_INPUT",
      () => normalizeHeaders([["a", v]]),
    ],
    [
      "normalizeHeaders HAR name",
      "INVALID_INPUT",
      () => normalizeHeaders([{ name: v, value: "1" }]),
    ],
    [
      "normalizeHeaders HAR value",
      "INVALID_INPUT",
      () => normalizeHeaders([{ name: "a", value: v }]),
    ],
    ["formatHeaders", "INVALID_INPUT", () => formatHeaders({ a: v })],
    ["buildUrl base", "INVALID_INPUT", () => buildUrl(v)],
    ["buildUrl value", "INVALID_INPUT", () => buildUrl("/", { a: v })],
    ["buildUrl array value", "INVALID_INPUT", () => buildUrl("/", { a: [v] })],
    ["parseQueryString", "INVALID_INPUT", () => parseQueryString(v)],
    ["getByteSize", "INVALID_INPUT", () => getByteSize(v)],
    ["parse", "INVALID_INPUT", () => parse(v)],
    ["parseRequest", "INVALID_INPUT", () => parseRequest(v)],
    ["parseResponse", "INVALID_INPUT", () => parseResponse(v)],
    ["parseBody", "INVALID_INPUT", () => parseBody(v)],
    ["parseBody type", "INVALID_INPUT", () => parseBody("x", v)],
    ["curl.toRequest", "INVALID_INPUT", () => curl.toRequest(v)],
    ["curl.parseCommands", "INVALID_INPUT", () => curl.parseCommands(v)],
    ["fetch.toRequest url", "INVALID_INPUT", () => fetchApi.toRequest(v)],
    [
      "fetch.toRequest method",
      "INVALID_INPUT",
      () => fetchApi.toRequest("http://h.test/", { method: v }),
    ],
    [
      "fetch.toRequest header",
      "INVALID_INPUT",
      () => fetchApi.toRequest("http://h.test/", { headers: { a: v } }),
    ],
    [
      "har.toRequest",
      "INVALID_HAR",
      () =>
        har.toRequest({
          request: { method: v, url: "http://h.test/", headers: [] },
        }),
    ],
    [
      "har.fromRequest option",
      "INVALID_OPTION",
      () =>
        har.fromRequest({ method: "GET", url: "http://h.test/", headers: {} }, {
          startedDateTime: v,
        }),
    ],
    ["randomRequest seed", "INVALID_OPTION", () => randomRequest({ seed: v })],
    ...request(v).flatMap((r, i): Array<[string, string, () => unknown]> => [
      [`stringifyRequest #${i}`, "INVALID_INPUT", () => stringifyRequest(r)],
      [`curl.fromRequest #${i}`, "INVALID_INPUT", () => curl.fromRequest(r)],
      [
        `fetch.fromRequest #${i}`,
        "INVALID_INPUT",
        () => fetchApi.fromRequest(r),
      ],
      [`fetch.toCode #${i}`, "INVALID_INPUT", () => fetchApi.toCode(r)],
      [`har.fromRequest #${i}`, "INVALID_INPUT", () => har.fromRequest(r)],
      [`allFormats #${i}`, "INVALID_INPUT", () => allFormats(r)],
    ]),
    ...response(v).flatMap((r, i): Array<[string, string, () => unknown]> => [
      [`stringifyResponse #${i}`, "INVALID_INPUT", () => stringifyResponse(r)],
      [`stringify #${i}`, "INVALID_INPUT", () => stringify(r)],
      [
        `fetch.createMockResponse #${i}`,
        "INVALID_INPUT",
        () => fetchApi.createMockResponse(r),
      ],
      [
        `fetch.fromResponse #${i}`,
        "INVALID_INPUT",
        () => fetchApi.fromResponse(r),
      ],
      [`har.fromResponse #${i}`, "INVALID_INPUT", () => har.fromResponse(r)],
    ]),
  ];
  for (const [what, make] of UNCONVERTIBLE) {
    it(`${what} is a ConversionError in every public function`, async () => {
      for (const [name, code, call] of calls(make())) {
        let caught: unknown;
        try {
          await call();
        } catch (error) {
          caught = error;
        }
        assert.ok(
          caught instanceof ConversionError,
          `${name}: ${caught === undefined ? "no error" : String(caught)}`,
        );
        assert.equal(caught.code, code, name);
      }
      assert.equal(detectType(make() as Loose), "unknown");
    });
  }
});
