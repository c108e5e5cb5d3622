// randomRequest's URL from `baseUrl` and a drawn path, written for the fresh
// draw's survivor (seed 20261166): a path that is already an absolute URL,
// from a `paths` list or a function, is the whole URL, whatever `baseUrl` is.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { randomRequest } from "../../src/convert/random.ts";

describe("randomRequest: a drawn path that is an absolute URL", () => {
  it("is used as the URL, from a list or a function, in any letter case of its scheme", () => {
    for (
      const url of ["http://other.test/x", "HTTPS://Other.test:8443/y?q=1"]
    ) {
      assert.equal(randomRequest({ seed: 1, paths: [url] }).url, url);
      assert.equal(
        randomRequest({
          seed: 2,
          baseUrl: "http://localhost:8000/",
          paths: () => url,
        })
          .url,
        url,
      );
    }
  });

  it("needs a scheme (a letter first, RFC 3986) and ://: anything else is joined to baseUrl", () => {
    const cases: Array<[string, string]> = [
      ["other.test/x", "https://api.example.com/other.test/x"],
      ["1http://x.test/", "https://api.example.com/1http://x.test/"],
    ];
    for (const [path, url] of cases) {
      assert.equal(randomRequest({ seed: 3, paths: [path] }).url, url, path);
    }
  });
});
