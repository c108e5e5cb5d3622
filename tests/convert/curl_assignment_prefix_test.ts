// Variable assignments before the program word (`NO_PROXY='*' curl …`, a
// common paste from scripts and READMEs) set curl's environment, and bash
// still runs curl with the words after them. The reader refused such a
// command as NOT_CURL (curlconverter skips them with a warning); it now
// skips them with a SHELL_ASSIGNMENT warning each, and reads the rest as
// the real curl sends it. What bash does not read as an assignment (a quoted
// or escaped name, a name that starts with a digit) stays the program word.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCommands, parseCurl, toRequest } from "../../src/convert/curl.ts";
import { detectType } from "../../src/convert/core.ts";
import { ConversionError } from "../../src/convert/errors.ts";
import { runBash } from "./_bash.ts";
import { assertAllRefusedAsBash } from "./_bash_syntax.ts";
import {
  assertSameRequest,
  onTheWire,
  SKIP_WITHOUT_CURL,
} from "./_curl_wire.ts";

/** Whether bash runs `curl` (a function that says so) for `command`. */
async function curlRunsIn(command: string): Promise<boolean> {
  const { stdout } = await runBash(
    `curl() { printf 'ran'; }\n${command}\n`,
  );
  return new TextDecoder().decode(stdout) === "ran";
}

const COMMANDS: Array<(origin: string) => string> = [
  (o) => `NO_PROXY='*' curl -s -H 'X-A: 1' -d 'a=b' ${o}/p`,
  (o) => `lc_all=C A+=1 B= curl -s ${o}/q -X PUT`,
  (o) => `A="x y" B=$'z' curl -s --json '{"k":1}' ${o}/j`,
  // bash says an element is no valid identifier here, and runs curl.
  (o) => `a[1]=x b[k]+=y curl -s ${o}/e`,
  // An array's list, across lines and comments, and a word after its `)`.
  (o) =>
    `A=(x "y )" $(echo ")") <(true)) B+=(\n# z )\n w)v curl -s -d a=b ${o}/a`,
  (o) => `>/dev/null A=() curl -s ${o}/r -o /dev/stdout`,
];

describe("curl reader: assignments before the program word", () => {
  it("are skipped, each with a SHELL_ASSIGNMENT warning naming it at its offset", () => {
    const parsed = parseCurl("$ NO_PROXY=x _a1+=2 curl -s https://a.test/");
    assert.equal(parsed.request.url, "https://a.test/");
    assert.deepEqual(
      parsed.warnings.map((w) => [w.code, w.option, w.offset]),
      [
        ["SHELL_ASSIGNMENT", "NO_PROXY", 2],
        ["SHELL_ASSIGNMENT", "_a1", 13],
        ["IGNORED_OPTION", "-s", 25],
      ],
    );
    assert.match(parsed.warnings[0].message, /NO_PROXY/);
    assert.deepEqual(
      parseCurl("a[1]=x curl https://a.test/").warnings.map((w) => w.option),
      ["a[1]"],
    );
  });

  it("leave the request as the real curl sends it", {
    skip: SKIP_WITHOUT_CURL,
  }, async () => {
    for (const command of COMMANDS) {
      const { requests, origin, code } = await onTheWire(command);
      assert.equal(code, 0, command(origin));
      assert.equal(requests.length, 1, command(origin));
      assertSameRequest(
        toRequest(command(origin)),
        requests[0],
        command(origin),
      );
    }
  });

  it("an array's is skipped as one, its list read to the ) that ends it", async () => {
    const command = "A=(b 'c )' # d )\n e)f B+=() curl https://a.test/";
    const parsed = parseCurl(command);
    assert.equal(parsed.request.url, "https://a.test/");
    assert.deepEqual(
      parsed.warnings.map((w) => [w.code, w.option, w.offset]),
      [
        ["SHELL_ASSIGNMENT", "A", 0],
        ["SHELL_ASSIGNMENT", "B", command.indexOf("B")],
      ],
    );
    assert.equal(detectType(command), "curl");
    assert.equal(await curlRunsIn(command), true);
    // After a copied prompt too.
    assert.equal(toRequest(`$ ${command}`).url, "https://a.test/");
    // An operator in the list is bash's syntax error, at its offset.
    await assertAllRefusedAsBash([
      ["A=(b@; c) curl https://a.test/", ";"],
      ["A=(b @| c) curl https://a.test/", "|"],
      ["A=(b @&& c) curl https://a.test/", "&&"],
      ["A=(b @;; c) curl https://a.test/", ";;"],
      ["A=(b @(c)) curl https://a.test/", "("],
      ["A=(b c@>d) curl https://a.test/", ">"],
    ]);
    // After the program word it is an argument's `(`, which ends the
    // command (a SHELL_OPERATOR warning; bash refuses the command).
    const late = "curl https://a.test/ A=(b c) -H x:1";
    const read = parseCurl(late);
    assert.deepEqual(read.request.headers, {});
    assert.ok(
      read.warnings.some((w) =>
        w.code === "SHELL_OPERATOR" && w.offset === late.indexOf("(")
      ),
    );
    assert.equal(await curlRunsIn(late), false);
    // Nothing closes the list: bash finds the end of the input first.
    assert.throws(
      () => parseCurl("A=(b c curl https://a.test/"),
      (error: unknown) =>
        error instanceof ConversionError &&
        error.code === "UNTERMINATED_QUOTE" && error.offset === 2,
    );
    assert.equal(await curlRunsIn("A=(b c curl https://a.test/"), false);
  });

  it("an array's process substitution is one word with what touches it", async () => {
    // bash reads `<(x)#c` as one word, so its `#` starts no comment; the
    // reader took the rest of the line for a comment and found no `)`.
    for (
      const command of [
        "A=(<(x)#c) curl https://a.test/",
        "A=(b >(c d)#e\n f) curl https://a.test/",
        "A=(b <(c)) curl https://a.test/",
      ]
    ) {
      assert.equal(toRequest(command).url, "https://a.test/", command);
      assert.equal(await curlRunsIn(command), true, command);
    }
    // A comment at a word's start after one still is one.
    const commented = "A=(<(x) #c )\n) curl https://a.test/";
    assert.equal(toRequest(commented).url, "https://a.test/");
    assert.equal(await curlRunsIn(commented), true);
  });

  it("are read however many there are, and detectType says curl", () => {
    for (const count of [1, 2, 3, 40]) {
      const command = Array.from({ length: count }, (_, i) => `V${i}=${i}`)
        .join(" ") + " curl https://a.test/";
      assert.equal(detectType(command), "curl", `${count}`);
      assert.equal(
        parseCurl(command).warnings.filter((w) => w.code === "SHELL_ASSIGNMENT")
          .length,
        count,
      );
    }
    assert.equal(detectType("$ A=1 curl https://a.test/"), "curl");
  });

  it("in a script, before each curl command and before other programs", () => {
    const requests = parseCommands(
      "A=1 curl https://a.test/1; B=2 echo x\nC=3 D=4 curl https://a.test/2",
    );
    assert.deepEqual(requests.map((p) => p.request.url), [
      "https://a.test/1",
      "https://a.test/2",
    ]);
  });

  it("are not what bash reads as a program word: those stay NOT_CURL, as bash runs no curl", async () => {
    const cases: [string, string, number][] = [
      ["'A'=1 curl https://a.test/", "A=1", 0],
      ["A\\=1 curl https://a.test/", "A=1", 0],
      ["1A=1 curl https://a.test/", "1A=1", 0],
      ["A=1", "A=1", 0],
      ["A=1 echo curl", "echo", 4],
      // After a redirection that follows an assignment, bash refuses an
      // array's `(`: the reader finds no program word named curl.
      ["A=1 >f B=(c) curl x", "B=", 7],
      ["A=(b) 2>f B=(c) curl x", "B=", 10],
    ];
    for (const [command, found, offset] of cases) {
      assert.throws(
        () => parseCurl(command),
        (error: unknown) =>
          error instanceof ConversionError && error.code === "NOT_CURL" &&
          error.offset === offset && error.message.includes(`"${found}"`),
        command,
      );
      assert.equal(detectType(command), "unknown", command);
      assert.equal(await curlRunsIn(command), false, command);
    }
    assert.equal(await curlRunsIn("A=1 B+=2 c[0]=3 curl x"), true);
  });
});
