// Round 22 planted "letter case dropped" at every case-insensitive
// comparison of the converters (each `.toLowerCase()` or `.toUpperCase()`
// removed in turn) and ran the suite; these survived, each now tested:
// - the headers curl's options set themselves (-A, -e, --oauth2-bearer, -r,
//   --compressed, --json) are one header each when the option is given
//   twice, the last value winning, as curl sends them: the lookup of the
//   header already set compared a lower-cased name with one as written;
// - a host that starts `FTP.`, `DICT.`, `IMAP.` … in capitals gets the
//   scheme curl guesses for it, as for the lower-case prefix (checked with
//   curl 7.88: `curl FTP.invalid` tries ftp://FTP.invalid/);
// - `CURL.EXE` and `Curl.exe` (Windows names are case-insensitive) are
//   curl, as `curl.exe` is.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCurl, toRequest } from "../../src/convert/curl.ts";
import { detectType } from "../../src/convert/core.ts";

describe("curl reader: letter case where curl ignores it", () => {
  it("an option that sets a header, given twice, sets it once to its last value", () => {
    const { headers } = parseCurl(
      "curl -A a -A b -e r1 -e r2 --oauth2-bearer t1 --oauth2-bearer t2 " +
        "-r 1-2 -r 3-4 --compressed --compressed https://a.test/",
    ).request;
    assert.deepEqual(headers, {
      "user-agent": "b",
      referer: "r2",
      authorization: "Bearer t2",
      "accept-encoding": "deflate, gzip, br, zstd",
      range: "bytes=3-4",
    });
    assert.deepEqual(
      parseCurl("curl --json 1 --json 2 https://a.test/").request.headers,
      { "content-type": "application/json", accept: "application/json" },
    );
    // An emptied option removes the header it set, whatever came before.
    assert.deepEqual(
      parseCurl("curl -A a -A '' -e r -e '' https://a.test/").request.headers,
      {},
    );
  });

  it("a host's protocol prefix is read in any letter case, as curl guesses it", () => {
    const cases: Array<[string, string]> = [
      ["curl FTP.example.com/f", "ftp://FTP.example.com/f"],
      ["curl Ftp.example.com/f", "ftp://Ftp.example.com/f"],
      ["curl DICT.example.com", "dict://DICT.example.com/"],
      ["curl IMAP.example.com", "imap://IMAP.example.com/"],
      ["curl WWW.example.com", "http://WWW.example.com/"],
    ];
    for (const [command, url] of cases) {
      assert.equal(toRequest(command).url, url, command);
    }
  });

  it("curl.exe is curl in any letter case", () => {
    for (const program of ["CURL.EXE", "Curl.exe", "'C:\\bin\\curl.EXE'"]) {
      const command = `${program} https://a.test/`;
      assert.equal(toRequest(command).url, "https://a.test/", program);
      assert.equal(detectType(command), "curl", program);
    }
  });
});
