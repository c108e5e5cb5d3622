// Deno-only: the targets whose clients only speak HTTP/1.1 (HTTPie, wget,
// httpx, requests, node:http, axios, Ruby net/http), run by the real client:
// a request that asks for HTTP/1.0 arrives as HTTP/1.1, so the program comes
// with HTTP_VERSION_IGNORED, as it does for 2 and 3 and as Go's and Java's
// do for 1.0. Before this round a 1.0 request was sent as 1.1 without a word.
import assert from "node:assert/strict";
import { findTarget } from "../../../src/convert/code.ts";
import { ORIGIN, runTarget, type WireCase } from "./_suite.ts";
import { skipReason } from "./_runners.ts";

const ONLY_HTTP1 = [
  "httpie",
  "wget",
  "python-httpx",
  "python-requests",
  "node-http",
  "node-axios",
  "ruby-net-http",
];

/** The versions asked for, and whether the client's 1.1 differs from it. */
const VERSIONS: [string, boolean][] = [
  ["1.0", true],
  ["HTTP/1.0", true],
  ["http/1.0", true],
  ["1.1", false],
  ["HTTP/1.1", false],
  ["2", true],
];

const CASES: WireCase[] = VERSIONS.map(([httpVersion]) => ({
  name: httpVersion,
  request: { method: "GET", url: `${ORIGIN}/v`, headers: {}, httpVersion },
}));

for (const id of ONLY_HTTP1) {
  Deno.test({
    name:
      `${id}: warns that an HTTP/1.0, 2 or 3 request goes out as HTTP/1.1, and it does`,
    ignore: await skipReason(id) !== undefined,
  }, async () => {
    const target = findTarget(id);
    const run = await runTarget(target, CASES);
    for (const [i, [httpVersion, differs]] of VERSIONS.entries()) {
      const sent = run.sent[i];
      assert.ok("version" in sent, `${httpVersion}: ${JSON.stringify(sent)}`);
      assert.equal(sent.version, "HTTP/1.1", httpVersion);
      const { warnings } = target.generate(CASES[i].request, {});
      assert.deepEqual(
        warnings.map((w) => w.code),
        differs ? ["HTTP_VERSION_IGNORED"] : [],
        httpVersion,
      );
    }
  });
}
