// Deno-only: a URL whose path holds `.` or `..` segments names a different
// resource than the same path without them. Every target, run by its real
// interpreter against a capture server, must send that path as curl does
// (curl's own command says --path-as-is), or refuse the request where its
// client removes the segments before sending: before this round six targets
// sent `/a/c` for `/a/./b/../c` without a word.
import assert from "node:assert/strict";
import { targets } from "../../../src/convert/code.ts";
import { needs } from "../../_programs.ts";
import {
  checkTarget,
  curlReference,
  ORIGIN,
  type TargetRun,
  type WireCase,
} from "./_suite.ts";
import { skipReason } from "./_runners.ts";

const CASES: WireCase[] = [
  "/a/./b/../c",
  "/a/..",
  "/./a?q=/../",
  "/a/%2e%2e/b",
  "/a/%2E./b",
  "/a/.b/..c/",
].map((path) => ({
  name: path,
  request: { method: "GET", url: `${ORIGIN}${path}`, headers: {} },
}));

/**
 * The clients that remove dot segments before sending, and those that read
 * `%2e` as a dot too (WHATWG URL).
 */
const REMOVES = new Set(["python-requests", "python-httpx", "wget"]);
const WHATWG = new Set(["fetch", "node-http", "node-axios"]);

let reference: Promise<TargetRun> | undefined;
for (const target of targets) {
  const name =
    `${target.id}: a path's dot segments reach the server, or the request is refused`;
  const skip = needs(name, "curl").ignore ||
    await skipReason(target.id) !== undefined;
  Deno.test({ name, ignore: skip }, async () => {
    reference ??= curlReference(CASES);
    const outcome = await checkTarget(target, CASES, await reference);
    assert.deepEqual(outcome.failures, [], outcome.failures.join("\n"));
    // `.b` and `..c` are no dot segments; `%2e%2e` is one only for a WHATWG
    // URL (curl and RFC 3986 §6.2.2.2 leave it).
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
  });
}
