// Tests for the curl reader's URL handling, written for the survivors of the
// thirteenth round's hand planting in `_curl_url.ts`: a --data-urlencode
// file reference beside a here-document, and the -T file name's escapes,
// compared with what the real curl sends.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCurl } from "../../src/convert/curl.ts";
import { onTheWire, SKIP_WITHOUT_CURL } from "./_curl_wire.ts";

describe("curl reader: --data-urlencode and --url-query beside a here-document", () => {
  const doc = " https://x.test/u <<'E'\nfrom stdin\nE";

  it("name@file stays a file reference: only @- and name@- read the standard input", () => {
    for (
      const [option, arg] of [
        ["--data-urlencode", "n@data.txt"],
        ["--data-urlencode", "@data.txt"],
        ["--url-query", "n@data.txt"],
      ]
    ) {
      const { request, warnings } = parseCurl(`curl ${option} ${arg}${doc}`);
      const sent = option === "--url-query"
        ? new URL(request.url).search
        : request.body;
      assert.equal(sent, option === "--url-query" ? `?${arg}` : arg, option);
      assert.deepEqual(
        warnings.map((w) => [w.code, w.option]),
        [["FILE_REFERENCE", option]],
        option,
      );
    }
    // And the standard input is still there for the next option that reads it.
    const { request } = parseCurl(
      `curl --data-urlencode n@data.txt --data-urlencode m@-${doc}`,
    );
    assert.equal(request.body, "n@data.txt&m=from+stdin%0A");
  });
});

describe(
  "curl reader: -T names the upload after its file, escaped as curl sends it",
  {
    skip: SKIP_WITHOUT_CURL,
  },
  () => {
    it("every byte but the unreserved ones, in lower-case hex, as the real curl sends", async () => {
      // encodeURIComponent leaves ! ' ( ) * as they are and writes upper-case
      // hex; curl 7.88 escapes those five too, all in lower case.
      const dir = await Deno.makeTempDir({ prefix: "switchyard-upload-" });
      try {
        for (const name of ["it's(a)*b!.txt", "é x[1]~-_.txt", "plain.txt"]) {
          await Deno.writeTextFile(`${dir}/${name}`, "x");
          const script = (origin: string) =>
            `cd ${quote(dir)} && curl -s -g -T ${quote(name)} ${origin}/up/`;
          const { requests: [wire], stderr, origin } = await onTheWire(script);
          assert.ok(wire, stderr);
          const { request } = parseCurl(
            `curl -T ${quote(name)} ${origin}/up/`,
          );
          assert.equal(request.url, origin + wire.target, name);
        }
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    });

    it("writes the name of the file, not its directories, before the query", () => {
      const { request } = parseCurl(
        `curl -T "a b/it's*.txt" "http://h.test/up/?q=1"`,
      );
      assert.equal(request.url, "http://h.test/up/it%27s%2a.txt?q=1");
    });
  },
);

/** `text` in single quotes for bash. */
function quote(text: string): string {
  return "'" + text.replaceAll("'", "'\\''") + "'";
}
