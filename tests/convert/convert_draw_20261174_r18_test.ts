// What the seventeenth round's draw of convert (seed 20261174) showed no
// test checked:
// - `-A ''` (and `-e ''`) takes out only the header curl would add itself:
//   an earlier `-A` or `-e` value is gone, and every other header stays,
//   as real curl sends them;
// - createMockResponse takes every status from 100 to 999, 999 included
//   (the Response constructor refuses it, so it is reported as given).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCurl } from "../../src/convert/curl.ts";
import { createMockResponse } from "../../src/convert/fetch.ts";
import { ConversionError } from "../../src/convert/errors.ts";
import { sentByCurl, SKIP_WITHOUT_CURL, wireHeader } from "./_curl_wire.ts";

const CASES: Array<[string, Record<string, string | undefined>]> = [
  ["-H 'X-Keep: 1' -A ''", { "x-keep": "1", "user-agent": undefined }],
  ["-A first -A '' -H 'X-Keep: 2'", { "x-keep": "2", "user-agent": undefined }],
  ["-H 'X-Keep: 3' -e ''", { "x-keep": "3", referer: undefined }],
  ["-e https://from.example/ -e '' -H 'X-Keep: 4'", {
    "x-keep": "4",
    referer: undefined,
  }],
];

describe("draw 20261174: an empty -A or -e", () => {
  it("takes out only curl's own header", () => {
    for (const [options, expected] of CASES) {
      const headers = parseCurl(`curl ${options} https://x.example/`).request
        .headers;
      for (const [name, value] of Object.entries(expected)) {
        assert.equal(headers[name], value, `${options}: ${name}`);
      }
    }
  });

  it("as the real curl sends it", { skip: SKIP_WITHOUT_CURL }, async () => {
    for (const [options, expected] of CASES) {
      const wire = await sentByCurl((origin) =>
        `curl -s ${options} ${origin}/`
      );
      for (const [name, value] of Object.entries(expected)) {
        assert.deepEqual(
          wireHeader(wire, name),
          value === undefined ? [] : [value],
          `${options}: ${name}`,
        );
      }
    }
  });
});

describe("draw 20261174: createMockResponse's status range", () => {
  it("is 100 to 999, both ends included", async () => {
    for (const statusCode of [100, 200, 599, 600, 998, 999]) {
      const response = createMockResponse({
        statusCode,
        statusText: "",
        httpVersion: "HTTP/1.1",
        headers: {},
        body: "x",
      });
      assert.equal(response.status, statusCode);
      await response.body?.cancel();
    }
    for (const statusCode of [99, 1000, 200.5]) {
      assert.throws(
        () =>
          createMockResponse({
            statusCode,
            statusText: "",
            httpVersion: "HTTP/1.1",
            headers: {},
          }),
        (error: unknown) =>
          error instanceof ConversionError && error.code === "INVALID_OPTION",
        String(statusCode),
      );
    }
  });
});
