// Behaviour the mutation draw of seed 20261162 (and the bugs planted by hand
// beside it) found unguarded in the converter: each test names the planted
// bug it catches (`deno task mutation --sample`).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCurl } from "../../src/convert/curl.ts";

describe("curl: the end of the options", () => {
  // _curl_arguments.ts:51: `--` read as an unknown option after ending them.
  it("-- ends the options without a warning of its own, and a word after it is a URL", () => {
    const { request, warnings } = parseCurl("curl -X PUT -- -x.test/a");
    assert.equal(request.url, "http://-x.test/a");
    assert.equal(request.method, "PUT");
    assert.deepEqual(warnings, []);
  });
});
