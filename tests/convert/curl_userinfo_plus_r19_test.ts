// A `+` in a URL's user name or password is a plus sign, not a space:
// real curl (8.x, checked on loopback) sends `curl
// http://us+er:pa%2Bss+x@host/` as `Authorization: Basic` of
// `us+er:pa+ss+x`, decoding only the percent escapes. The convert draw of
// the nineteenth round (seed 20261177) read `+` as a space there and no
// test saw it.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { toRequest } from "../../src/convert/curl.ts";

describe("curl reader: credentials in the URL", () => {
  it("keep a + as a plus sign, as curl sends them", () => {
    const request = toRequest("curl http://us+er:pa%2Bss+x@127.0.0.1:8080/");
    assert.equal(
      request.headers.authorization,
      `Basic ${btoa("us+er:pa+ss+x")}`,
    );
    assert.equal(request.url, "http://127.0.0.1:8080/");
  });
});
