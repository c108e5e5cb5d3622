// Tests for the HAR reader's survivors of the twelfth round's draws, each
// asserting what a user converting a HAR entry relies on.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { toRequest } from "../../src/convert/har.ts";

describe("HAR queryString: a pair partly escaped, with a literal +", () => {
  it("is the URL's own pair (its %2B), not one more to append", () => {
    // An exporter that decoded the + but left another escape: in a HAR
    // queryString a + is a plus, so the pair is the URL's `1%2B1%3D2`.
    const url = "https://e.x/calc?q=1%2B1%3D2&s%2Bt=x";
    const request = toRequest({
      request: {
        method: "GET",
        url,
        headers: [],
        queryString: [
          { name: "q", value: "1+1%3D2" },
          { name: "s+t", value: "%78" },
        ],
      },
    });
    assert.equal(request.url, url);
  });
});
