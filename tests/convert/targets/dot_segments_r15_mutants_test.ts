// Deno-only: a URL whose path holds `.` or `..` segments names a different
// resource than the same path without them. Every target, run by its real
// interpreter against a capture server, must send that path as curl does
// (curl's own command says --path-as-is), or refuse the request where its
// client removes the segments before sending: before the fourteenth round
// six targets sent `/a/c` for `/a/./b/../c` without a word. node:http sends
// it since the fifteenth round: its `path` option goes out as written.
import assert from "node:assert/strict";
import { pathCases, testEveryTarget } from "./_suite.ts";

const CASES = pathCases([
  "/a/./b/../c",
  "/a/..",
  "/./a?q=/../",
  "/a/%2e%2e/b",
  "/a/%2E./b",
  "/a/.b/..c/",
]);

/**
 * The clients that remove dot segments before sending, and those that read
 * `%2e` as a dot too (WHATWG URL; requests, which sends `/a/../b` for
 * `/a/%2e%2e/b` since the fifteenth round's check with real requests).
 */
const REMOVES = new Set(["python-httpx", "wget"]);
const WHATWG = new Set(["fetch", "node-axios", "python-requests"]);

await testEveryTarget(
  (target) =>
    `${target.id}: a path's dot segments reach the server, or the request is refused`,
  CASES,
  (target, outcome) => {
    // `.b` and `..c` are no dot segments; `%2e%2e` is one only for a WHATWG
    // URL and requests (curl and RFC 3986 §6.2.2.2 leave it).
    const dots = ["/a/./b/../c", "/a/..", "/./a?q=/../"];
    const refused = WHATWG.has(target.id)
      ? [...dots, "/a/%2e%2e/b", "/a/%2E./b"]
      : REMOVES.has(target.id)
      ? dots
      : [];
    assert.deepEqual([...outcome.refused.keys()], refused);
    for (const reason of outcome.refused.values()) {
      assert.match(reason, /^UNSUPPORTED_BY_TARGET: .*\. and \.\. segments/);
    }
  },
);
