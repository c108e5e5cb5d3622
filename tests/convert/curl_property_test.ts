// request → curl → request keeps method, url (spaces and controls
// percent-encoded), headers, body and httpVersion.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import { fromRequest, toRequest } from "../../src/convert/curl.ts";
import type { HeaderMap, HttpRequest } from "../../src/convert/curl.ts";
import { curlSentUrl } from "./_curl_url.ts";

const tokenChar = fc.constantFrom(
  ..."!#$%&'*+.^_`|~0123456789abcdefghijklmnopqrstuvwxyz-",
);
const token = fc.string({ unit: tokenChar, minLength: 1, maxLength: 12 });
const noNul = (s: string) => !s.includes("\0");
// CR, LF and NUL in a header value are refused (they would inject a line).
const sendable = (s: string) => !/[\r\n\0]/.test(s);
// curl trims the blanks around a header value, so values have none there;
// a value of only what C's isspace skips (VT, FF: curl would drop the header)
// can only be sent empty, so it comes back "".
const BLANK = /^[ \t\n\v\f\r]*$/;
const headerValue = fc.oneof(
  fc.string({ unit: "binary", maxLength: 30 }).filter((s) =>
    sendable(s) && s === s.replace(/^[ \t]+|[ \t]+$/g, "")
  ),
  fc.string({ unit: fc.constantFrom(" ", "\t", "\v", "\f") }),
);
const sent = (value: string | string[]): string | string[] =>
  Array.isArray(value)
    ? value.map((item) => sent(item) as string)
    : BLANK.test(value)
    ? ""
    : value;
const headers: fc.Arbitrary<HeaderMap> = fc.dictionary(
  token,
  fc.oneof(headerValue, fc.array(headerValue, { minLength: 2, maxLength: 3 })),
  { maxKeys: 6 },
);
// Paths may hold spaces and control characters: fromRequest percent-encodes
// them (curl refuses them raw), so they come back encoded; non-ASCII comes
// back percent-encoded as curl sends it, and dot segments stay (--path-as-is).
// Lone surrogates have no UTF-8 form for curl to send (INVALID_URL).
const pathText = fc.string({ unit: "binary", maxLength: 40 }).filter((s) =>
  s.isWellFormed()
);
const url = fc.tuple(fc.constantFrom("http", "https"), fc.domain(), pathText)
  .map(
    ([scheme, host, path]) => `${scheme}://${host}/${path}`,
  );
const request: fc.Arbitrary<HttpRequest> = fc.record(
  {
    method: fc.oneof(
      fc.constantFrom(
        "GET",
        "POST",
        "PUT",
        "DELETE",
        "HEAD",
        "PATCH",
        "OPTIONS",
      ),
      token,
    ),
    url,
    headers,
    body: fc.string({ unit: "binary", maxLength: 200 }).filter(noNul),
    httpVersion: fc.constantFrom("1.0", "2", "3"),
  },
  { requiredKeys: ["method", "url", "headers"] },
);

describe("curl round trip (fast-check)", () => {
  it("request → fromRequest → toRequest is the identity", async () => {
    await fc.assert(
      fc.asyncProperty(request, fc.boolean(), async (input, pretty) => {
        const command = await fromRequest(input, { pretty });
        // fast-check builds null-prototype objects; compare plain copies.
        assert.deepEqual(toRequest(command), {
          ...input,
          url: curlSentUrl(input.url),
          headers: Object.fromEntries(
            Object.entries(input.headers).map(([name, value]) => [
              name,
              sent(value),
            ]),
          ),
        });
      }),
      { numRuns: 2000 },
    );
  });
});
