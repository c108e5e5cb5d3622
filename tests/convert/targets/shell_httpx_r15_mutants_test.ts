// Deno-only: the HTTPie, wget and Python httpx targets on the requests each
// one's choices hinge on, run by the real `http`, `wget` and httpx against a
// capture server and compared with what real curl sends: the method word
// HTTPie and wget need (a POST without a body, a GET with one), HTTPie's
// empty header item and dot segments, the Content-Type each client adds to a
// body that has none (and a type given in upper case), a header name given
// twice, a method in lower case. Beside the wire: the warnings that tell the
// user what the program will send otherwise, and the documented programs.
import assert from "node:assert/strict";
import { findTarget } from "../../../src/convert/code.ts";
import type { HttpRequest } from "../../../src/convert/types.ts";
import { needs } from "../../_programs.ts";
import { wireHeader } from "../_curl_wire.ts";
import {
  checkTarget,
  curlReference,
  ORIGIN,
  runTarget,
  type TargetRun,
  type WireCase,
} from "./_suite.ts";
import { skipReason } from "./_runners.ts";

const TYPE = "text/plain";
const CASES: WireCase[] = [
  { name: "GET", request: { method: "GET", url: `${ORIGIN}/g`, headers: {} } },
  {
    name: "POST without a body",
    request: { method: "POST", url: `${ORIGIN}/p`, headers: { "x-n": "1" } },
  },
  {
    name: "GET with a body",
    request: {
      method: "GET",
      url: `${ORIGIN}/gb`,
      headers: { "content-type": TYPE },
      body: "q=1",
    },
  },
  {
    name: "POST with a body",
    request: {
      method: "POST",
      url: `${ORIGIN}/pb`,
      headers: { "Content-Type": TYPE },
      body: "a=1",
    },
  },
  {
    name: "PUT with a body without a type",
    request: { method: "PUT", url: `${ORIGIN}/u`, headers: {}, body: "b=2" },
  },
  {
    name: "PATCH with a body's type in upper case",
    request: {
      method: "PATCH",
      url: `${ORIGIN}/t`,
      headers: { "CONTENT-TYPE": TYPE, "x-n": "2" },
      body: "c=3",
    },
  },
  {
    name: "DELETE with a body",
    request: {
      method: "DELETE",
      url: `${ORIGIN}/d`,
      headers: { "content-type": TYPE },
      body: "d",
    },
  },
  {
    name: "OPTIONS",
    request: { method: "OPTIONS", url: `${ORIGIN}/o`, headers: {} },
  },
  {
    name: "an empty header value beside another",
    request: {
      method: "GET",
      url: `${ORIGIN}/e`,
      headers: { "x-empty": "", "x-n": "3" },
    },
  },
  {
    name: "dot segments in the path",
    request: { method: "GET", url: `${ORIGIN}/a/./b/../c`, headers: {} },
  },
  {
    name: "a dot-dot segment alone",
    request: { method: "GET", url: `${ORIGIN}/a/..`, headers: {} },
  },
  {
    name: "a backslash before a separator in a header value",
    request: {
      method: "GET",
      url: `${ORIGIN}/s`,
      headers: { "x-sep": "a\\:b=c" },
    },
  },
  {
    name: "a header given twice",
    request: {
      method: "GET",
      url: `${ORIGIN}/r`,
      headers: { "x-rep": ["1", "2"] },
    },
  },
  {
    name: "a method in lower case",
    request: { method: "delete", url: `${ORIGIN}/l`, headers: {} },
  },
  {
    name: "a method that is not letters only",
    request: { method: "M-SEARCH", url: `${ORIGIN}/m`, headers: {} },
  },
];

/** The cases each target refuses: what its client cannot send as asked. */
const DOTS = ["dot segments in the path", "a dot-dot segment alone"];
const REFUSED: Record<string, string[]> = {
  httpie: [
    "a method in lower case",
    "a method that is not letters only",
    // Its item syntax has no way to write it.
    "a backslash before a separator in a header value",
  ],
  // wget and httpx remove dot segments before sending: another path.
  wget: ["a method in lower case", "a header given twice", ...DOTS],
  "python-httpx": ["a method in lower case", ...DOTS],
};

let reference: Promise<TargetRun> | undefined;
for (const id of Object.keys(REFUSED)) {
  const name = `${id}: sends what curl sends where its choices hinge`;
  const skip = needs(name, "curl").ignore || await skipReason(id) !== undefined;
  Deno.test({ name, ignore: skip }, async () => {
    reference ??= curlReference(CASES);
    const outcome = await checkTarget(findTarget(id), CASES, await reference);
    assert.deepEqual(outcome.failures, [], outcome.failures.join("\n"));
    for (const [caseName, reason] of outcome.refused) {
      assert.match(reason, /^UNSUPPORTED_BY_TARGET/, caseName);
    }
    assert.deepEqual([...outcome.refused.keys()].sort(), REFUSED[id].sort());
  });
}

Deno.test({
  name:
    "wget: warns of the Content-Type it adds exactly when the body has none, in any letter case",
  ignore: await skipReason("wget") !== undefined,
}, async () => {
  const body = (headers: Record<string, string>): WireCase => ({
    name: JSON.stringify(headers),
    request: { method: "POST", url: `${ORIGIN}/w`, headers, body: "a=1" },
  });
  const cases = [
    body({}),
    body({ "Content-Type": TYPE }),
    body({ "content-type": TYPE }),
    body({ "CONTENT-TYPE": TYPE }),
  ];
  const run = await runTarget(findTarget("wget"), cases);
  // The warning names the header wget adds, and wget does add it.
  assert.deepEqual([...run.warned[0]], ["content-type"]);
  const added = run.sent[0];
  assert.ok("headers" in added, JSON.stringify(added));
  assert.deepEqual(wireHeader(added, "content-type"), [
    "application/x-www-form-urlencoded",
  ]);
  for (const [i, wireCase] of cases.entries()) {
    if (i === 0) continue;
    assert.deepEqual([...run.warned[i]], [], wireCase.name);
    const sent = run.sent[i];
    assert.ok("headers" in sent, JSON.stringify(sent));
    assert.deepEqual(wireHeader(sent, "content-type"), [TYPE], wireCase.name);
  }
  const { warnings } = findTarget("wget").generate(cases[0].request, {});
  assert.deepEqual(
    warnings.map((w) => [w.code, w.header]),
    [["HEADER_SET_BY_CLIENT", "content-type"]],
  );
});

Deno.test("httpie, wget, python-httpx: an HTTP/2 or /3 request is sent as HTTP/1.1 with a warning", () => {
  const request = (httpVersion: string): HttpRequest => ({
    method: "GET",
    url: "https://a.test/",
    headers: {},
    httpVersion,
  });
  for (const id of Object.keys(REFUSED)) {
    for (const version of ["2", "HTTP/2", "http/3"]) {
      const { warnings } = findTarget(id).generate(request(version), {});
      assert.deepEqual(
        warnings.map((w) => w.code),
        ["HTTP_VERSION_IGNORED"],
        `${id} ${version}`,
      );
    }
    const { warnings } = findTarget(id).generate(request("1.1"), {});
    assert.deepEqual(warnings, [], id);
  }
});

Deno.test("httpie, wget, python-httpx: the programs their docs show", () => {
  // Each documented example, as its @example prints it: the program says
  // only what the request needs (no method word for HTTPie's default, no
  // --path-as-is without dot segments, httpx's own helper for the method).
  const get = { method: "GET", url: "https://a.test/", headers: {} };
  assert.equal(
    findTarget("httpie").generate(
      { ...get, headers: { accept: "x/y" } },
      {},
    ).code,
    "http 'https://a.test/' 'accept:x/y'",
  );
  const del = { method: "DELETE", url: "https://a.test/1", headers: {} };
  assert.equal(
    findTarget("wget").generate(del, {}).code,
    "wget --quiet --output-document=- --method='DELETE' 'https://a.test/1'",
  );
  assert.equal(
    findTarget("python-httpx").generate(del, {}).code,
    'import httpx\n\nurl = "https://a.test/1"\n\nresponse = httpx.delete(url)\nprint(response.text)\n',
  );
  assert.equal(
    findTarget("wget").generate(get, {}).code,
    "wget --quiet --output-document=- 'https://a.test/'",
  );
  assert.ok(
    findTarget("python-httpx").generate(get, {}).code.includes(
      "httpx.get(url)",
    ),
  );
  // A POST with a body is HTTPie's default, a PUT is not.
  const post = { ...get, method: "POST", body: "a" };
  assert.equal(
    findTarget("httpie").generate(
      { ...post, headers: { "content-type": "x/y" } },
      {},
    ).code,
    "http --raw='a' POST 'https://a.test/' 'content-type:x/y'",
  );
});
