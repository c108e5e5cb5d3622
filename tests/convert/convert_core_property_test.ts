// Deno-only property tests (fast-check from npm) for the raw HTTP, body,
// core and fetch-code modules.
import fc from "npm:fast-check@4.10.2";
import assert from "node:assert/strict";
import { ConversionError } from "../../src/convert/errors.ts";
import {
  type HttpRequest,
  parse,
  parseRequest,
  stringifyRequest,
} from "../../src/convert/string.ts";
import { parseBody } from "../../src/convert/body.ts";
import { detectType } from "../../src/convert/core.ts";
import { toCode } from "../../src/convert/fetch.ts";
import { TOKEN } from "../../src/_http_token.ts";
import { toRequest as curlToRequest } from "../../src/convert/curl.ts";

const TCHAR =
  "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const token = fc.string({
  unit: fc.constantFrom(...TCHAR),
  minLength: 1,
  maxLength: 12,
});
// Anything that can stand in a request target: no controls, white space or '#'.
const targetChar = fc.oneof(
  fc.constantFrom(..."abcXYZ019-._~!$&'()*+,;=:@/?%[]\"<>\\^`{|}"),
  fc.constantFrom("é", "ü", "中", "😀", "\u00a0", "\u2028"),
);
const path = fc.string({ unit: targetChar, maxLength: 30 }).map((rest) =>
  `/${rest}`
);
const host = fc.constantFrom(
  "example.com",
  "a.example:8080",
  "127.0.0.1:3000",
  "[::1]:9000",
);
// A header value: no CR, LF or NUL, and no white space at its ends (which is not part of a value).
const headerValue = fc.string({ unit: "binary", maxLength: 40 })
  .map((value) =>
    value.replace(/[\r\n\0]/g, "x").replace(/^[ \t]+|[ \t]+$/g, "")
  );
const reserved = new Set([
  "host",
  "content-length",
  "transfer-encoding",
  "__proto__",
]);
const headers = fc.dictionary(
  token.map((name) => name.toLowerCase()).filter((name) => !reserved.has(name)),
  fc.oneof(headerValue, fc.array(headerValue, { minLength: 2, maxLength: 3 })),
  { maxKeys: 6 },
);
// Credentials in the URL: `user@`, `user:password@` or none, each part any
// text (":" only in the password), percent-encoded as a URL carries it.
const credentialText = fc.string({
  unit: fc.oneof(
    fc.constantFrom(..."abcXYZ019-._~!$&'()*+,;=@/?#%[] "),
    fc.constantFrom("é", "中", "😀"),
  ),
  maxLength: 8,
});
const userinfo = fc.option(
  fc.tuple(credentialText, fc.option(credentialText, { nil: undefined })).map(
    ([user, password]) =>
      encodeURIComponent(user) +
      (password === undefined ? "" : `:${encodeURIComponent(password)}`) + "@",
  ),
  { nil: "" },
);
const request = fc.record({
  method: token,
  url: fc.tuple(fc.constantFrom("http", "https"), userinfo, host, path).map((
    [scheme, credentials, h, p],
  ) => `${scheme}://${credentials}${h}${p}`),
  headers,
  body: fc.option(fc.string({ unit: "binary", minLength: 1, maxLength: 200 }), {
    nil: undefined,
  }),
  httpVersion: fc.constantFrom("1.0", "1.1", "2", "3"),
}).map((value) => {
  const result: HttpRequest = { ...value };
  if (value.body === undefined) delete result.body;
  // The URL's credentials need the authorization header (or it is INVALID_URL).
  if (result.url.includes("@")) {
    const { authorization: _, ...others } = result.headers;
    result.headers = others;
  }
  return result;
});

/**
 * What parse(stringify(original)) gives: `host` and `content-length` added;
 * credentials moved from the url into `authorization: Basic` (the request
 * line must not carry them).
 */
function expectedAfterRoundTrip(original: HttpRequest): HttpRequest {
  const url = new URL(original.url);
  const added: Record<string, string> = { host: url.host };
  if (url.username !== "" || url.password !== "") {
    const credentials = `${decodeURIComponent(url.username)}:${
      decodeURIComponent(url.password)
    }`;
    const bytes = new TextEncoder().encode(credentials);
    added.authorization = `Basic ${btoa(String.fromCharCode(...bytes))}`;
  }
  const expected: HttpRequest = {
    ...original,
    url: original.url.replace(/^(https?:\/\/)[^/]*@/, "$1"),
    headers: { ...added, ...original.headers },
  };
  if (original.body !== undefined) {
    expected.headers["content-length"] = String(
      new TextEncoder().encode(original.body).length,
    );
  }
  return expected;
}

Deno.test("request → raw → request is lossless (absolute-form target, credentials as authorization)", async () => {
  await fc.assert(
    fc.asyncProperty(request, async (original) => {
      const again = parseRequest(await stringifyRequest(original));
      assert.deepEqual(again, expectedAfterRoundTrip(original));
    }),
    { numRuns: 1000 },
  );
});

Deno.test("request → raw → request is lossless (origin-form target + host, credentials as authorization)", async () => {
  await fc.assert(
    fc.asyncProperty(request, async (original) => {
      const scheme = original.url.startsWith("https:") ? "https" : "http";
      const text = await stringifyRequest(original, { absoluteUrl: false });
      assert.deepEqual(
        parseRequest(text, { scheme }),
        expectedAfterRoundTrip(original),
      );
    }),
    { numRuns: 1000 },
  );
});

Deno.test("parse and detectType never throw anything but a ConversionError", () => {
  fc.assert(
    fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => {
      assert.equal(typeof detectType(text), "string");
      try {
        parse(text);
      } catch (error) {
        assert.ok(error instanceof ConversionError, String(error));
        assert.equal(typeof error.offset, "number");
        assert.ok(error.offset! >= 0 && error.offset! <= text.length);
      }
    }),
    { numRuns: 2000 },
  );
});

Deno.test("detectType says curl whenever the curl parser accepts the program word, and never when it rejects it", () => {
  const piece = fc.constantFrom(
    "curl",
    "curl.exe",
    "/usr/bin/",
    "$",
    " ",
    "\t",
    "\n",
    "\\\n",
    "\\",
    "# note\n",
    "'",
    '"',
    "\u00a0",
    ";",
    "x",
    " https://a.example/",
    " -X POST",
  );
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
      const text = pieces.join("");
      const detected = detectType(text);
      try {
        curlToRequest(text);
        assert.equal(detected, "curl", JSON.stringify(text));
      } catch (error) {
        assert.ok(error instanceof ConversionError, String(error));
        if (error.code === "NOT_CURL") {
          assert.notEqual(detected, "curl", JSON.stringify(text));
        }
      }
    }),
    { numRuns: 3000 },
  );
});

Deno.test("parseBody: json exactly when JSON.parse accepts, formatted like JSON.stringify", () => {
  fc.assert(
    fc.property(fc.json(), (json) => {
      const result = parseBody(json, "application/json");
      if (json.trim() === "") return;
      assert.equal(result.type, "json");
      assert.equal(result.formatted, JSON.stringify(JSON.parse(json), null, 2));
    }),
    { numRuns: 1000 },
  );
  const jsonish = fc.string({
    unit: fc.constantFrom(...'{}[],:"\\ 0123456789.-+eEtrufalsn'),
    maxLength: 30,
  });
  fc.assert(
    fc.property(jsonish, (text) => {
      let valid = true;
      try {
        JSON.parse(text);
      } catch {
        valid = false;
      }
      const type = parseBody(text, "application/json").type;
      if (text.trim() !== "") assert.equal(type === "json", valid, text);
    }),
    { numRuns: 5000 },
  );
});

Deno.test("parseBody never throws and always returns the raw text", () => {
  const types = fc.constantFrom(
    undefined,
    "application/json",
    "text/html",
    "application/xml",
    "text/plain",
    "application/x-www-form-urlencoded",
  );
  fc.assert(
    fc.property(
      fc.string({ unit: "binary", maxLength: 300 }),
      types,
      (text, type) => {
        assert.equal(parseBody(text, type).raw, text);
      },
    ),
    { numRuns: 2000 },
  );
});

Deno.test("toCode reproduces arbitrary strings exactly when evaluated", async () => {
  const any = fc.string({ unit: "binary", maxLength: 40 });
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
  await fc.assert(
    fc.asyncProperty(
      // Half the methods are tokens, so the code is run, not only refused.
      fc.oneof(any, fc.stringMatching(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{0,10}$/)),
      any,
      fc.oneof(any, any.map((v) => v.replace(/[\r\n\0]/g, ""))),
      any,
      fc.boolean(),
      async (method, url, value, body, pretty) => {
        const calls: Array<[string, RequestInit]> = [];
        const fakeFetch = (u: string, init: RequestInit = {}) => {
          calls.push([u, init]);
          return Promise.resolve({ text: () => Promise.resolve("") });
        };
        const request = {
          method: `X${method}`,
          url,
          headers: { "x-v": value },
          body,
        };
        // A method that is not a token, or CR/LF/NUL in a header value,
        // would put a line on the wire the request did not have: refused.
        if (!TOKEN.test(request.method) || /[\r\n\0]/.test(value)) {
          await assert.rejects(
            toCode(request),
            (e: unknown) =>
              e instanceof ConversionError &&
              (e.code === "INVALID_REQUEST_LINE" ||
                e.code === "INVALID_HEADER"),
          );
          return;
        }
        const code = await toCode(request, {
          pretty,
          async: true,
        });
        await new AsyncFunction("fetch", "console", code)(fakeFetch, {
          log() {},
          error() {},
        });
        assert.deepEqual(calls, [[url, {
          method: `X${method}`,
          headers: { "x-v": value },
          body,
        }]]);
      },
    ),
    { numRuns: 1000 },
  );
});
