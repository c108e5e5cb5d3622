// What the convert draw 20261182 (round 20) found untested:
// - `--anyauth` with `-u`: curl sends no Authorization header until a 401
//   says which scheme the server takes (checked on loopback: none on the
//   first request, also with `--basic` beside it), so the reader writes
//   none and warns UNSUPPORTED_OPTION; `--no-anyauth` leaves Basic.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCurl } from "../../src/convert/curl.ts";
import { sentByCurl, SKIP_WITHOUT_CURL, wireHeader } from "./_curl_wire.ts";

const ANYAUTH = ["--anyauth", "-u a:b --anyauth", "--anyauth --basic"];

describe("curl reader: --anyauth", () => {
  it("writes no Authorization header and warns that it needs a round trip", () => {
    for (const options of ANYAUTH) {
      const { request, warnings } = parseCurl(
        `curl ${options} -u a:b http://a.test/`,
      );
      assert.equal(request.headers.authorization, undefined, options);
      assert.deepEqual(
        warnings.map((w) => [w.code, w.option]),
        [["UNSUPPORTED_OPTION", "--anyauth"]],
        options,
      );
    }
    const negated = parseCurl(
      "curl --anyauth --no-anyauth -u a:b http://a.test/",
    );
    assert.equal(negated.request.headers.authorization, `Basic ${btoa("a:b")}`);
  });

  it("as the real curl sends its first request", {
    skip: SKIP_WITHOUT_CURL,
  }, async () => {
    for (const options of ANYAUTH) {
      const wire = await sentByCurl((origin) =>
        `curl -s ${options} -u a:b ${origin}/`
      );
      assert.deepEqual(wireHeader(wire, "authorization"), [], options);
    }
  });
});
