// 10,000 seeded random requests each survive the raw HTTP, curl, HAR and
// fetch round trips: method, url, headers and body come back unchanged.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { randomRequest } from "../../src/convert/random.ts";
import type { HttpRequest } from "../../src/convert/random.ts";
import { parseRequest, stringifyRequest } from "../../src/convert/string.ts";
import * as curl from "../../src/convert/curl.ts";
import * as har from "../../src/convert/har.ts";
import * as fetchApi from "../../src/convert/fetch.ts";

const COUNT = 10_000;
const requests: HttpRequest[] = randomRequest({ seed: 20240601, count: COUNT });

function comparable(request: HttpRequest) {
  return {
    method: request.method,
    url: request.url,
    headers: request.headers,
    body: request.body,
  };
}

function check(
  original: HttpRequest,
  back: HttpRequest,
  index: number,
  format: string,
): void {
  assert.deepEqual(
    comparable(back),
    comparable(original),
    `${format} round trip changed request #${index}: ${
      JSON.stringify(original)
    }`,
  );
}

/** Byte length in UTF-8, computed independently of the library. */
function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

describe(`${COUNT} random requests survive every round trip`, () => {
  it("covers every default method and body kind", () => {
    const methods = new Set(requests.map((r) => r.method));
    assert.deepEqual(
      [...methods].sort(),
      ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"],
    );
    const types = new Set(
      requests.map((r) => r.headers["content-type"]).filter(Boolean),
    );
    assert.equal(types.size, 3);
    assert.ok(requests.some((r) => /[^ -~]/.test(r.body ?? "")));
  });

  it("raw HTTP: stringifyRequest → parseRequest", async () => {
    for (let i = 0; i < COUNT; i++) {
      const original = requests[i];
      const back = parseRequest(await stringifyRequest(original));
      // stringify derives host (and content-length for a body): check those
      // values, then compare the rest with the original.
      assert.equal(back.headers.host, new URL(original.url).host);
      delete back.headers.host;
      if (original.body !== undefined) {
        assert.equal(
          back.headers["content-length"],
          String(utf8Length(original.body)),
        );
        delete back.headers["content-length"];
      }
      assert.equal(back.httpVersion, "1.1");
      check(original, back, i, "raw HTTP");
    }
  });

  it("curl: fromRequest → toRequest", async () => {
    for (let i = 0; i < COUNT; i++) {
      const original = requests[i];
      check(
        original,
        curl.toRequest(await curl.fromRequest(original)),
        i,
        "curl",
      );
    }
  });

  it("HAR: fromRequest → toRequest (httpVersion too)", async () => {
    for (let i = 0; i < COUNT; i++) {
      const original = requests[i];
      const entry = await har.fromRequest(original, {
        startedDateTime: "2024-01-01T00:00:00.000Z",
      });
      // Through JSON, as a HAR file would travel.
      const back = har.toRequest(JSON.parse(JSON.stringify(entry)));
      assert.equal(back.httpVersion, "1.1");
      check(original, back, i, "HAR");
    }
  });

  it("fetch: fromRequest → toRequest", async () => {
    for (let i = 0; i < COUNT; i++) {
      const original = requests[i];
      const { url, options } = await fetchApi.fromRequest(original);
      check(original, fetchApi.toRequest(url, options), i, "fetch");
    }
  });

  it("fetch: through a native Request too", async () => {
    for (let i = 0; i < COUNT; i += 10) {
      const original = requests[i];
      const { url, options } = await fetchApi.fromRequest(original);
      const native = new Request(url, options);
      const entry = await har.fromRequest(native);
      const back = har.toRequest(entry);
      delete back.httpVersion;
      // A native Request adds a text/plain content-type to a string body
      // that has none; generated bodies always carry one.
      check(original, back, i, "native Request → HAR");
    }
  });
});
