// Deno-only: a `\` in a URL's path. curl sends it as typed; a WHATWG URL
// (fetch, node:http, axios) reads it as `/`, so before the fifteenth round
// those three targets sent `/a/b` for `/a\b` and `/b` for `/a\..\b` without
// a word. They now write it `%5C` (node:http sends the path as written), as
// the Python, Go, Ruby and Java clients send it; the suite counts `%5C` and
// `\` as the same resource. Every target runs against real curl, and none
// may refuse. (A `\` in the query stays: WHATWG leaves it there.)
import assert from "node:assert/strict";
import { pathCases, testEveryTarget } from "./_suite.ts";

const CASES = pathCases([
  "/a\\b",
  "/a\\..\\b",
  "/a/..\\b",
  "/a\\.\\b/",
  "/a\\b?q=\\x",
  // node:http's path option: non-ASCII as UTF-8 escapes, no fragment.
  "/é\\b?q=ü",
  "/a\\b#f",
]);

await testEveryTarget(
  (target) =>
    `${target.id}: a \\ in the path reaches the server as curl sends it`,
  CASES,
  (_, outcome) => assert.deepEqual([...outcome.refused.keys()], []),
);
