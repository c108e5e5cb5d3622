// Deno-only: every target of the table, run by its real interpreter on the
// curl and HAR corpora and on hostile values, must put on the wire what real
// curl sends for the same request (apart from each client's own default
// headers). A target without a runtime here is skipped outside CI with the
// install line; under CI=true .ci/run installs them all.
import assert from "node:assert/strict";
import { targets } from "../../../src/convert/code.ts";
import { needs } from "../../_programs.ts";
import { corpus } from "./_corpus.ts";
import {
  checkTarget,
  curlReference,
  ORIGIN,
  requestDifferences,
  runTarget,
  type TargetRun,
} from "./_suite.ts";
import { RUNNERS, skipReason } from "./_runners.ts";

const CASES = corpus();
let reference: Promise<TargetRun> | undefined;

Deno.test("every target of the table has a runner", () => {
  const missing = targets.filter((target) => RUNNERS[target.id] === undefined);
  assert.deepEqual(missing.map((target) => target.id), []);
});

Deno.test("the corpus has the curl, HAR and hostile cases", () => {
  assert.ok(CASES.filter((c) => c.name.startsWith("curl corpus")).length >= 70);
  assert.ok(CASES.filter((c) => c.name.startsWith("HAR")).length >= 15);
  assert.ok(CASES.filter((c) => c.name.startsWith("hostile")).length >= 100);
});

for (const target of targets) {
  const name = `${target.id}: the generated code sends what curl sends`;
  const skip = needs(name, "curl").ignore ||
    await skipReason(target.id) !== undefined;
  Deno.test({ name, ignore: skip }, async () => {
    reference ??= curlReference(CASES);
    const curl = await reference;
    const outcome = await checkTarget(target, CASES, curl);
    assert.deepEqual(outcome.failures, [], outcome.failures.join("\n"));
    // Refusals are typed and named here, so that a target refusing more than
    // its client needs fails.
    for (const [caseName, reason] of outcome.refused) {
      assert.ok(
        reason.startsWith("UNSUPPORTED_BY_TARGET") ||
          reason.startsWith("INVALID_INPUT"),
        `${caseName}: ${reason}`,
      );
    }
    assert.deepEqual(
      [...outcome.refused.keys()].sort(),
      [...(EXPECTED_REFUSALS[target.id] ?? [])].sort(),
      `refusals of ${target.id}:\n${
        [...outcome.refused].map(([n, r]) => `${n}: ${r}`).join("\n")
      }`,
    );
    assert.ok(
      outcome.checked >= CASES.length * 0.8,
      `${outcome.checked} checked`,
    );
  });
}

/** What each client cannot send, case by case (see docs/convert.md). */
const REPEATED = [
  "curl corpus: curl -H 'Cookie: a=1' -H 'Cookie: b=2' https://twocookies.example.com/",
  "curl corpus: curl -H 'X-Multi: 1' -H 'X-Multi: 2' https://api.example.com/multi",
];
const NON_ASCII_HEADER = [
  "curl corpus: curl -H 'X-Unicode: café ☕' https://unicode.example.com/",
  'hostile header value "\\ud83d\\ude00"',
  'hostile header value "\\u00e9"',
  'hostile header value "\\u2028"',
  'hostile header value "\\u2029\\u0085\\ufeff\\u200e"',
  'hostile header value "Zo\\u00eb \\ud83d\\ude00 \\u00fc"',
];
const EXPECTED_REFUSALS: Record<string, string[]> = {
  // One value per header name.
  "python-requests": REPEATED,
  "ruby-net-http": REPEATED,
  // One Cookie line; header values are ASCII.
  "java-http-client": [REPEATED[0], ...NON_ASCII_HEADER],
  "node-axios": REPEATED,
  wget: REPEATED,
  // HTTPie's item syntax has no way to write a backslash before : ; = @.
  httpie: ['hostile header value "a\\\\:b \\\\= \\\\@ \\\\;"'],
  fetch: [
    ...REPEATED,
    // Header values are Latin-1 ByteStrings.
    ...NON_ASCII_HEADER,
    // fetch() rejects a body on GET.
    "curl corpus: curl -X GET https://explicit-get.example.com/ -d 'ignored=no'",
  ],
};

// curl cannot be the reference for a NUL (no argument carries it): the wire
// is held to the request itself. Command-line targets refuse it.
const NUL_CASES = [{
  name: "NUL in a body",
  request: {
    method: "POST",
    url: `${ORIGIN}/nul`,
    headers: { "content-type": "application/octet-stream" },
    body: "a\0b\0\0c",
  },
}];
for (const target of targets) {
  const name = `${target.id}: NUL in a body arrives as NUL, or is refused`;
  const skip = await skipReason(target.id) !== undefined;
  Deno.test({ name, ignore: skip }, async () => {
    const [sent] = (await runTarget(target, NUL_CASES)).sent;
    if ("refused" in sent) {
      assert.equal(sent.refused.code, "INVALID_INPUT");
      assert.ok(["curl", "httpie", "wget"].includes(target.id), target.id);
      return;
    }
    assert.ok(!("error" in sent), `${target.id}: ${JSON.stringify(sent)}`);
    assert.deepEqual(requestDifferences(sent, NUL_CASES[0].request), []);
  });
}
