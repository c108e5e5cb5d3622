// Deno-only: what curl.toRequest / toRequests say a command sends, stated
// for each case and checked against the bytes the real curl (7.88 here) puts
// on the wire when real bash runs the same text against a capture server.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  fromRequest,
  parseCurl,
  toRequest,
  toRequests,
} from "../../src/convert/curl.ts";
import type { HttpRequest } from "../../src/convert/curl.ts";
import {
  assertSameRequest,
  onTheWire,
  SKIP_WITHOUT_CURL,
  wireBody,
  type WireRequest,
} from "./_curl_wire.ts";

interface WireCase {
  /** Issue 11 point and what it shows. */
  name: string;
  /** The script, for a server at `origin`. */
  script: (origin: string) => string;
  /** What toRequests must give for origin `http://h.test` (stated, not derived). */
  expected: Partial<HttpRequest>[];
}

const O = "http://h.test";

const CASES: WireCase[] = [
  {
    name: "1: an unquoted newline ends a command, as in bash",
    script: (o) => `curl ${o}/one\ncurl -X DELETE ${o}/two`,
    expected: [
      { method: "GET", url: `${O}/one` },
      { method: "DELETE", url: `${O}/two` },
    ],
  },
  {
    name: "1: a next line starting with -H is another (failing) command",
    script: (o) => `curl ${o}/a\n-H 'X-Next: line'`,
    expected: [{ method: "GET", url: `${O}/a`, headers: {} }],
  },
  {
    name: "1: backslash-newline still continues the command",
    script: (o) => `curl ${o}/a \\\n  -H 'X-Next: line'`,
    expected: [{ url: `${O}/a`, headers: { "x-next": "line" } }],
  },
  {
    name: "1: ; && and | separate commands; a pipe's reader is not curl",
    script: (o) => `curl -s ${o}/a; curl -s ${o}/b && curl -s ${o}/c | cat`,
    expected: [
      { url: `${O}/a` },
      { url: `${O}/b` },
      { url: `${O}/c` },
    ],
  },
  {
    name: "1: a pasted script: blank lines, a comment, a redirection, pipes",
    script: (o) =>
      `curl -s ${o}/first\n\n# the next one\ncurl -s ${o}/second\n\n\n` +
      `curl -s ${o}/third -d x < /dev/null\n` +
      `echo skipped | curl -s ${o}/fourth | cat`,
    expected: [
      { method: "GET", url: `${O}/first` },
      { method: "GET", url: `${O}/second` },
      { method: "POST", url: `${O}/third`, body: "x" },
      { method: "GET", url: `${O}/fourth` },
    ],
  },
  {
    name: "2: -r N sends an open range",
    script: (o) => `curl -s -r 600 ${o}/r`,
    expected: [{ headers: { range: "bytes=600-" } }],
  },
  {
    name: "2: -r N,M keeps the leading number and opens the range",
    script: (o) => `curl -s -r 1,5 ${o}/r`,
    expected: [{ headers: { range: "bytes=1-" } }],
  },
  {
    name: "2: -r N with a body is Content-Range of the open range",
    script: (o) => `curl -s -r 600 -d x ${o}/r`,
    expected: [{
      headers: {
        "content-range": "bytes 600-/1",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "x",
    }],
  },
  {
    name: "3: parts are attachments under multipart/mixed",
    script: (o) => `curl -s -H 'Content-Type: multipart/mixed' -F a=1 ${o}/m`,
    expected: [{
      headers: {
        "content-type":
          "multipart/mixed; boundary=------------------------switchyard",
      },
      body: "--------------------------switchyard\r\n" +
        'Content-Disposition: attachment; name="a"\r\n\r\n1\r\n' +
        "--------------------------switchyard--\r\n",
    }],
  },
  {
    name: "3: and under multipart/related; form-data stays form-data",
    script: (o) =>
      `curl -s -H 'Content-Type: multipart/related' -F a=1 ${o}/m\n` +
      `curl -s -H 'Content-Type: MULTIPART/FORM-DATA; x=y' -F a=1 ${o}/m`,
    expected: [
      { body: /Content-Disposition: attachment; name="a"/ as never },
      { body: /Content-Disposition: form-data; name="a"/ as never },
    ],
  },
  {
    name: "4: dot segments are removed from the path",
    script: (o) => `curl -s '${o}/a/b/../c/./d?x=/../y'`,
    expected: [{ url: `${O}/a/c/d?x=/../y` }],
  },
  {
    name: "4: --path-as-is keeps them; %2e is not a dot",
    script: (o) =>
      `curl -s --path-as-is ${o}/a/b/../c/./d\ncurl -s ${o}/a/%2e%2e/x/..`,
    expected: [{ url: `${O}/a/b/../c/./d` }, { url: `${O}/a/%2e%2e/` }],
  },
  {
    // Round 23: a coverage run found no test of a `.` as the last segment.
    name: "4: a `.` as the last segment leaves the slash before it",
    script: (o) =>
      `curl -s ${o}/a/.\ncurl -s '${o}/a/b/.?q=1'\ncurl -s ${o}/x/./.`,
    expected: [
      { url: `${O}/a/` },
      { url: `${O}/a/b/?q=1` },
      { url: `${O}/x/` },
    ],
  },
  {
    name: "5: a quoted type keeps its quotes",
    script: (o) => `curl -s -F 'b=x;type="text/csv"' ${o}/f`,
    expected: [{ body: /\r\nContent-Type: "text\/csv"\r\n/ as never }],
  },
  {
    name: "5: parameters after type= are part of the content type",
    script: (o) =>
      `curl -s -F 'a=x;type=text/plain; charset=utf-8' ${o}/f\n` +
      `curl -s -F 'a=x;type=text/plain;charset="a;b";filename=q.txt;z' ${o}/f`,
    expected: [
      { body: /\r\nContent-Type: text\/plain; charset=utf-8\r\n/ as never },
      {
        body:
          /filename="q.txt"\r\nContent-Type: text\/plain;charset="a;b"\r\n/ as never,
      },
    ],
  },
  {
    name:
      "6: non-ASCII in the path is percent-encoded (lower-case), the query raw",
    script: (o) => `curl -s '${o}/café/€?q=é'`,
    expected: [{ url: `${O}/caf%c3%a9/%e2%82%ac?q=é` }],
  },
  {
    name: "7: a lone backslash at the end is an argument (-H \\ sends nothing)",
    script: (o) => `curl -s ${o}/p -H \\`,
    expected: [{ url: `${O}/p`, headers: {} }],
  },
];

function assertExpected(actual: HttpRequest, expected: Partial<HttpRequest>) {
  for (const [key, value] of Object.entries(expected)) {
    const got = actual[key as keyof HttpRequest];
    if (value instanceof RegExp) assert.match(String(got), value);
    else assert.deepEqual(got, value, key);
  }
}

describe("curl.toRequests: stated behaviour (issue 11, points 1–7)", () => {
  for (const c of CASES) {
    it(c.name, () => {
      const requests = toRequests(c.script(O));
      assert.equal(requests.length, c.expected.length);
      requests.forEach((request, i) => assertExpected(request, c.expected[i]));
    });
  }
});

describe("curl.toRequests: the real curl sends the same", {
  skip: SKIP_WITHOUT_CURL,
}, () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const { requests: wire, stderr, origin } = await onTheWire(c.script);
      const ours = toRequests(c.script(origin));
      assert.equal(wire.length, ours.length, stderr);
      ours.forEach((request, i) =>
        assertSameRequest(request, wire[i], `${c.name} #${i}`)
      );
    });
  }
});

describe("curl → curl: the regenerated command (issue 11, point 12)", () => {
  it("keeps --compressed instead of a bare accept-encoding header", async () => {
    const command = await fromRequest(
      toRequest("curl --compressed http://h.test/c"),
    );
    assert.equal(command, "curl 'http://h.test/c' --compressed");
    // Another accept-encoding value is the request's own header, as given.
    assert.equal(
      await fromRequest(
        toRequest("curl -H 'Accept-Encoding: gzip' http://h.test/c"),
      ),
      "curl 'http://h.test/c' -H 'accept-encoding: gzip'",
    );
  });

  it("writes --path-as-is only for a path with . or .. segments", async () => {
    const url = async (u: string) =>
      await fromRequest({ method: "GET", url: u, headers: {} });
    assert.equal(
      await url("http://h.test/a/../b"),
      "curl 'http://h.test/a/../b' --path-as-is",
    );
    assert.match(await url("http://h.test/a/."), /--path-as-is/);
    for (
      const plain of [
        "http://h.test/a/.b/..c",
        "http://h.test/a?x=/../y",
        "http://h.test/a#/./",
      ]
    ) {
      assert.doesNotMatch(await url(plain), /--path-as-is/, plain);
    }
  });

  it("warns about what a regenerated command loses: -L, -k, --digest credentials", () => {
    const { warnings } = parseCurl(
      "curl -L -k --digest -u ada:pw http://h.test/",
    );
    const byOption = Object.fromEntries(
      warnings.map((w) => [w.option, w.message]),
    );
    assert.match(byOption["-L"], /follows redirects.*curl\.fromRequest/);
    assert.match(byOption["-k"], /TLS certificate.*curl\.fromRequest/);
    assert.match(byOption["--digest"], /sends no credentials/);
  });

  it("the regenerated command sends the same request as the original", {
    skip: SKIP_WITHOUT_CURL,
  }, async () => {
    const originals = [
      (o: string) => `curl -s --compressed ${o}/c`,
      (o: string) => `curl -s --compressed -H 'X-A: 1' -d 'x=1' ${o}/c`,
      (o: string) => `curl -s -r 5 ${o}/a/./b/../c`,
      (o: string) => `curl -s --path-as-is ${o}/a/./b/../c?d=/../e`,
    ];
    for (const original of originals) {
      const first = await onTheWire(original);
      const again = await onTheWire((o) =>
        fromRequest(toRequest(original(o))).then((c) =>
          c.replace(/^curl /, "curl -s ")
        )
      );
      assert.equal(first.requests.length, 1, first.stderr);
      assert.equal(again.requests.length, 1, again.stderr);
      const head = (r: WireRequest) =>
        r.head.replace(/\r\nHost: [^\r]*/i, "").toLowerCase().split("\r\n")
          .sort();
      assert.deepEqual(head(again.requests[0]), head(first.requests[0]));
      assert.equal(
        wireBody(again.requests[0]),
        wireBody(first.requests[0]),
      );
    }
  });
});
