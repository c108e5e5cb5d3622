// A redirection and its file name are bash's, not curl's, but the words
// after them are curl's again: `curl URL > /dev/null -X PUT` runs curl with
// the URL, `-X` and `PUT`. `&>` and `&>>` are redirections too, not a `&`
// that ends the command. A redirection of stdin (`<`, `0<`, `<>`, `<&`)
// after a here-document takes its place; one of another descriptor does
// not. Each case is compared with the words real bash hands to curl and
// what it gives curl's stdin, and the requests with the real curl's.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCurl, toRequests } from "../../src/convert/curl.ts";
import { scanWords } from "../../src/convert/_curl_words.ts";
import { argvThroughBash, runBash } from "./_bash.ts";
import {
  assertSameRequest,
  onTheWire,
  SKIP_WITHOUT_CURL,
} from "./_curl_wire.ts";

const URL = "https://x.test/a";

/** Commands whose words after a redirection are curl's. */
const AFTER: string[] = [
  `curl ${URL} > /dev/null -X PUT -H 'X-A: b'`,
  `curl ${URL} >/dev/null 2>&1 -X PUT -H 'X-A: b'`,
  `curl ${URL} 2>/dev/null -X PUT -H 'X-A: b'`,
  `curl ${URL} &> /dev/null -X PUT -H 'X-A: b'`,
  `curl ${URL} &>>/dev/null -X PUT -H 'X-A: b'`,
  `curl ${URL} >& /dev/null -X PUT -H 'X-A: b'`,
  `curl ${URL} >> "/dev/null" -X PUT -H 'X-A: b'`,
  `curl ${URL} >| /dev/null -X PUT -H 'X-A: b'`,
  `curl ${URL} < /dev/null -X PUT -H 'X-A: b'`,
  `curl -X PUT > /dev/null ${URL} -H 'X-A: b'`,
  `curl -X PUT -H 'X-A: b' </dev/null >/dev/null ${URL}`,
];

/** What bash hands `curl` on its stdin for `command` (`bash -c`: none of its own). */
async function stdinThroughBash(command: string): Promise<string> {
  const { code, stdout, stderr } = await runBash(
    // To a descriptor of its own: the command's redirections move stdout.
    "exec 9>&1\ncurl() { cat >&9; }\n" + command + "\n",
    { mode: "argument" },
  );
  assert.equal(code, 0, stderr);
  return new TextDecoder().decode(stdout);
}

describe("curl reader: the words after a redirection's file name", () => {
  it("are curl's, as bash hands them over", async () => {
    for (const command of AFTER) {
      const fromBash = await argvThroughBash(command, { ownDescriptor: true });
      assert.deepEqual(
        scanWords(command).words.slice(1).map((word) => word.value),
        fromBash,
        command,
      );
      assert.equal(fromBash.length, 5, command);
      const { request, warnings } = parseCurl(command);
      assert.equal(request.method, "PUT", command);
      assert.equal(request.url, URL, command);
      assert.equal(request.headers["x-a"], "b", command);
      const shell = warnings.filter((w) => w.code === "SHELL_OPERATOR");
      assert.equal(shell.length, 1, command);
      assert.match(shell[0].message, /redirection/, command);
      assert.deepEqual(
        warnings.map((w) => w.code),
        ["SHELL_OPERATOR"],
        command,
      );
    }
  });

  it("a & alone still ends the command; a process substitution ends what is read", () => {
    const separated = parseCurl(`curl ${URL} & curl -X PUT ${URL}`);
    assert.equal(separated.request.method, "GET");
    assert.match(separated.warnings[0].message, /ends at the shell operator/);
    const process = parseCurl(`curl ${URL} <(echo x) -X PUT`);
    assert.equal(process.request.method, "GET");
    assert.match(process.warnings[0].message, /the rest is ignored/);
  });
});

describe("curl reader: a redirection of stdin after a here-document", () => {
  it("takes its place when it is stdin's (<, 0<, <>, <&3), not when another descriptor's", async () => {
    const body = "\nbody\nEOF";
    for (
      const [command, isDoc] of [
        [`curl --data-binary @- ${URL} <<EOF < /dev/null${body}`, false],
        [`curl --data-binary @- ${URL} <<<body 0</dev/null`, false],
        [`curl --data-binary @- ${URL} <<<body <>/dev/null`, false],
        [`curl --data-binary @- ${URL} <<<body 3</dev/null <&3`, false],
        // A descriptor duplicated onto itself changes nothing.
        [`curl --data-binary @- ${URL} <<<body <&0`, true],
        [`curl --data-binary @- ${URL} <<<body 0>&0`, true],
        [`curl --data-binary @- ${URL} <<<body 2</dev/null`, true],
        [`curl --data-binary @- ${URL} <<<body >/dev/null`, true],
        [`curl --data-binary @- ${URL} </dev/null <<EOF${body}`, true],
      ] as const
    ) {
      const fromBash = await stdinThroughBash(command);
      assert.equal(fromBash, isDoc ? "body\n" : "", command);
      const { request } = parseCurl(command);
      // Without a here-document the reader cannot know the file: `@-`
      // stays a file reference.
      assert.equal(request.body, isDoc ? "body\n" : "@-", command);
    }
  });
});

describe("curl reader: the real curl sends the words after a redirection", {
  skip: SKIP_WITHOUT_CURL,
}, () => {
  it("as the reader reads them", async () => {
    const scripts = [
      (o: string) => `curl -s ${o}/r > /dev/null -X PUT -H 'X-A: b' -d x`,
      (o: string) => `curl -s ${o}/s &> /dev/null -H 'X-A: b' --data-raw y`,
      (o: string) => `curl -s -X PATCH 2>/dev/null ${o}/t -H 'X-C: d'`,
    ];
    for (const script of scripts) {
      const { requests: [wire], stderr, origin } = await onTheWire(script);
      assert.ok(wire, stderr);
      assertSameRequest(toRequests(script(origin))[0], wire, script(origin));
    }
  });
});
