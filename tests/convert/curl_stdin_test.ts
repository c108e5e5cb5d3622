// A here-document (`<<`, `<<-`) or here-string (`<<<`) at the top level is
// the command's standard input, and curl reads it for `-d @-` (CR and LF
// stripped), `--data-binary @-`, `--json @-`, `--data-urlencode @-`,
// `-F name=@-` and `name=<-`, `-H @-` and `-T -`; `--data-raw @-` sends `@-`
// itself. The text is compared with what
// real bash hands a command's stdin, and the requests with what the real
// curl sends on the wire.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCurl, toRequests } from "../../src/convert/curl.ts";
import { ConversionError } from "../../src/convert/errors.ts";
import { argvThroughBash, runBash } from "./_bash.ts";
import {
  assertSameRequest,
  onTheWire,
  SKIP_WITHOUT_CURL,
  wireBody,
} from "./_curl_wire.ts";
import { assertLinear } from "../_complexity.ts";

/** What bash hands `curl` on its stdin when it runs `command`. */
async function stdinThroughBash(command: string): Promise<string> {
  const { code, stdout, stderr } = await runBash(
    "curl() { cat; }\n" + command + "\n",
  );
  assert.equal(code, 0, stderr);
  return new TextDecoder().decode(stdout);
}

// [command (its body read with --data-binary @-, kept as is), the words
// bash hands curl]. Each body is compared with bash's stdin.
const BODIES: [string, string[]][] = [
  // A ) and quotes in the body are text; the lines after it are no commands.
  [
    'curl --data-binary @- https://x.test/a <<EOF\n{"a": 1}\na ) \'b "c\nEOF',
    ["--data-binary", "@-", "https://x.test/a"],
  ],
  // A quoted delimiter: nothing is expanded, backslashes stay.
  [
    "curl --data-binary @- https://x.test/a <<'EOF'\n$x \\$y \\\\ `z`\nEOF",
    ["--data-binary", "@-", "https://x.test/a"],
  ],
  [
    'curl --data-binary @- https://x.test/a <<"E"F\nEF a\\\nEF\n',
    ["--data-binary", "@-", "https://x.test/a"],
  ],
  // Unquoted: \$, \\ and \` lose the backslash; a final backslash joins the
  // next line, so a delimiter there ends nothing.
  [
    "curl --data-binary @- https://x.test/a <<EOF\n\\$x \\\\ \\` \\a\nb\\\nEOF\nEOF",
    ["--data-binary", "@-", "https://x.test/a"],
  ],
  // <<- drops the leading tabs of the lines and of the delimiter line.
  [
    "curl --data-binary @- https://x.test/a <<-EOF\n\t\ta\n\t b\n\tEOF",
    ["--data-binary", "@-", "https://x.test/a"],
  ],
  // Words after the here-document are still curl's.
  [
    "curl <<EOF --data-binary @- -H 'X-A: b' https://x.test/a\nline\nEOF",
    ["--data-binary", "@-", "-H", "X-A: b", "https://x.test/a"],
  ],
  // The last redirection of stdin wins; both bodies are read, in order.
  [
    "curl --data-binary @- https://x.test/a <<A <<B\none\nA\ntwo\nB",
    ["--data-binary", "@-", "https://x.test/a"],
  ],
  // A here-document of a later command on the same line comes after.
  [
    "curl --data-binary @- https://x.test/a <<A; true <<B\none\nA\ntwo\nB",
    ["--data-binary", "@-", "https://x.test/a"],
  ],
  // A line that ends inside quotes does not end the here-document's line.
  [
    'curl --data-binary @- -o "out\nfile" https://x.test/a <<A\none\nA',
    ["--data-binary", "@-", "-o", "out\nfile", "https://x.test/a"],
  ],
  // Here-strings: the word and a line end.
  [
    'curl --data-binary @- https://x.test/a <<< "x y"',
    ["--data-binary", "@-", "https://x.test/a"],
  ],
  [
    "curl --data-binary @- https://x.test/a <<<$'a\\nb'",
    ["--data-binary", "@-", "https://x.test/a"],
  ],
  // No delimiter line: the body ends at the input's end (bash warns).
  [
    "curl --data-binary @- https://x.test/a <<EOF\nonly\nline",
    ["--data-binary", "@-", "https://x.test/a"],
  ],
];

describe("curl reader: a here-document at the top level is curl's stdin", () => {
  it("its text is what bash hands the command, its lines are no commands", async () => {
    for (const [command, argv] of BODIES) {
      const { request, warnings } = parseCurl(command);
      assert.equal(request.body, await stdinThroughBash(command), command);
      assert.deepEqual(
        await argvThroughBash("IFS=; set -f\n" + command),
        argv,
        command,
      );
      assert.deepEqual(
        warnings.filter((w) => w.code === "MORE_COMMANDS"),
        [],
        command,
      );
      assert.equal(toRequests(command).length, 1, command);
    }
  });

  it("after a descriptor other than 0 (2<<EOF, {fd}<<<x) it feeds that descriptor, not curl's stdin, and the digits are no word", async () => {
    const url = "https://x.test/a";
    for (
      const [redirection, isStdin] of [
        ["2<<EOF\nbody\nEOF", false],
        ["3<<<body", false],
        ["{fd}<<EOF\nbody\nEOF", false],
        ["0<<EOF\nbody\nEOF", true],
        ["00<<<body", true],
        // The last redirection of stdin wins, whatever comes after it.
        ["<<<body 2<<EOF\nother\nEOF", true],
      ] as const
    ) {
      const command = `curl --data-binary @- ${url} ${redirection}`;
      // bash -c: the script is no stdin of its own, so curl's is empty
      // unless a here-document gives it.
      const { code, stdout, stderr } = await runBash(
        "curl() { cat; }\n" + command + "\n",
        { mode: "argument" },
      );
      assert.equal(code, 0, stderr);
      const fromBash = new TextDecoder().decode(stdout);
      assert.equal(fromBash, isStdin ? "body\n" : "", command);
      assert.deepEqual(
        await argvThroughBash(command),
        ["--data-binary", "@-", url],
        command,
      );
      const { request, warnings } = parseCurl(command);
      assert.equal(request.body, isStdin ? fromBash : "@-", command);
      assert.deepEqual(
        warnings.map((w) => w.code),
        isStdin ? [] : ["FILE_REFERENCE"],
        command,
      );
    }
  });

  it("-d strips CR and LF, --data-binary and --json keep them, stdin is read once, --data-raw does not read it", () => {
    const body = (command: string) => parseCurl(command).request.body;
    const doc = " https://x.test/a <<'E'\n{\"a\": 1}\nb=2\nE";
    assert.equal(body("curl -d @-" + doc), '{"a": 1}b=2');
    assert.equal(body("curl --data-ascii @-" + doc), '{"a": 1}b=2');
    assert.equal(body("curl --data-binary @-" + doc), '{"a": 1}\nb=2\n');
    assert.equal(body("curl --json @-" + doc), '{"a": 1}\nb=2\n');
    assert.equal(body("curl -d a -d @-" + doc), 'a&{"a": 1}b=2');
    assert.equal(body("curl -d @- -d @-" + doc), '{"a": 1}b=2&');
    assert.equal(body("curl --data-raw @-" + doc), "@-");
    assert.equal(
      body("curl --data-urlencode n@-" + doc),
      "n=%7B%22a%22%3A+1%7D%0Ab%3D2%0A",
    );
    assert.equal(
      body("curl --data-urlencode @- https://x <<< 'a b'"),
      "a+b%0A",
    );
  });

  it("-T - uploads it with PUT and no content type; the URL keeps its /", async () => {
    const command = "curl -T - https://x.test/up/ <<'E'\na\nb\nE";
    const { request, warnings } = parseCurl(command);
    assert.equal(request.method, "PUT");
    assert.equal(request.url, "https://x.test/up/");
    assert.equal(request.body, await stdinThroughBash(command));
    assert.deepEqual(request.headers, {});
    assert.deepEqual(warnings, []);
  });

  it('-F name=@- is a part named "-" typed only by a given filename, -F name=<- its value, -H @- a header a line', () => {
    // A here-string: a here-document's CRLF lines are read as LF lines.
    const doc =
      " https://x.test/a <<< $'X-A: 1\\r\\n\\r\\nnocolon\\nX-E;\\r\\nx-b:2'";
    const part = (command: string) => {
      const { request, warnings } = parseCurl(command);
      assert.deepEqual(warnings, [], command);
      const body = String(request.body);
      return body.slice(body.indexOf("\r\n") + 2, body.lastIndexOf("\r\n--"));
    };
    assert.equal(
      part("curl -F f=@-" + doc),
      'Content-Disposition: form-data; name="f"; filename="-"\r\n\r\n' +
        "X-A: 1\r\n\r\nnocolon\nX-E;\r\nx-b:2\n",
    );
    assert.equal(
      part("curl -F 'f=@-;filename=a.PNG'" + doc).split("\r\n")[1],
      "Content-Type: image/png",
    );
    assert.equal(
      part("curl -F 'f=@-;filename=a.bin'" + doc).split("\r\n")[1],
      "",
    );
    assert.equal(
      part("curl -F 'f=<-'" + doc),
      'Content-Disposition: form-data; name="f"\r\n\r\n' +
        "X-A: 1\r\n\r\nnocolon\nX-E;\r\nx-b:2\n",
    );
    // Read once, in option order: the second reader gets nothing.
    assert.match(
      part("curl -F 'f=<-' -F 'g=<-'" + doc),
      /\r\nx-b:2\n\r\n[^]*name="g"\r\n\r\n$/,
    );
    const headers = parseCurl("curl -H @- -H 'X-C: 3'" + doc);
    assert.deepEqual(headers.request.headers, {
      "x-a": "1",
      "x-e": "",
      "x-b": "2",
      "x-c": "3",
    });
    assert.deepEqual(
      headers.warnings.map((w) => [w.code, w.option]),
      [["INVALID_HEADER", "-H"]],
    );
    const first = parseCurl("curl -F 'f=<-' -H @-" + doc).request;
    assert.equal(first.headers["x-a"], undefined);
  });

  it("an unquoted body's expansions are kept as typed, one SHELL_EXPANSION warning each", () => {
    const command = "curl -d @- https://x <<E\na $HOME `id` $(date) \\$x\nE";
    const { request, warnings } = parseCurl(command);
    assert.equal(request.body, "a $HOME `id` $(date) $x");
    assert.deepEqual(
      warnings.map((w) => [w.code, w.option, w.offset]),
      [
        ["SHELL_EXPANSION", "$", command.indexOf("$HOME")],
        ["SHELL_EXPANSION", "`", command.indexOf("`")],
        ["SHELL_EXPANSION", "$", command.indexOf("$(")],
      ],
    );
  });

  it("without a here-document, @- and -T - stay file references, as before", () => {
    const { request, warnings } = parseCurl("curl -d @- https://x.test/a");
    assert.equal(request.body, "@-");
    assert.deepEqual(warnings.map((w) => [w.code, w.option]), [
      ["FILE_REFERENCE", "-d"],
    ]);
    for (
      const command of ["curl -F f=@- x", "curl -F 'f=<-' x", "curl -H @- x"]
    ) {
      const { request, warnings } = parseCurl(command);
      assert.deepEqual(warnings.map((w) => w.code), ["FILE_REFERENCE"]);
      assert.equal(request.headers["x-a"], undefined, command);
    }
    const upload = parseCurl("curl -T - https://x.test/a");
    assert.equal(upload.request.body, undefined);
    assert.equal(upload.warnings[0].code, "FILE_REFERENCE");
  });

  it("a here-document or here-string with no word is INVALID_INPUT at its <<, as bash refuses it", async () => {
    for (const command of ["curl -d @- https://x <<", "curl -d @- x <<<\n"]) {
      const at = command.indexOf("<<");
      assert.throws(
        () => parseCurl(command),
        (error: unknown) =>
          error instanceof ConversionError &&
          error.code === "INVALID_INPUT" && error.offset === at,
        command,
      );
      const bash = await runBash("set -n\n" + command + "\n");
      assert.notEqual(bash.code, 0, command);
      assert.match(bash.stderr, /syntax error/, command);
    }
  });

  it("reads in time linear in the number of here-documents, commands on their line and body lines", async () => {
    await assertLinear("top-level here-documents", 20_000, (n) => {
      const command = "curl --data-binary @- https://x.test/a" +
        " <<A".repeat(n) + "; true <<B".repeat(n) + "\n" +
        "a ) b\nA\n".repeat(n) + "b\nB\n".repeat(n) + "curl https://x.test/b";
      const [first, second] = toRequests(command);
      assert.equal(first.body, "a ) b\n");
      assert.equal(second.url, "https://x.test/b");
    });
  });
});

describe("curl reader: the real curl sends the here-document as read", {
  skip: SKIP_WITHOUT_CURL,
}, () => {
  it("-d, --data-binary, --json, --data-urlencode, a here-string, a second @-, --data-raw", async () => {
    const doc = "<<'E'\n{\"a\": 1}\nb=2\t\nE";
    const scripts = [
      (o: string) => `curl -s -d @- ${o}/d ${doc}`,
      (o: string) => `curl -s --data-binary @- ${o}/b ${doc}`,
      (o: string) => `curl -s --json @- ${o}/j ${doc} | cat`,
      (o: string) => `curl -s --data-urlencode n@- ${o}/u ${doc}`,
      (o: string) => `curl -s -d a -d @- -d @- ${o}/s <<< 'x y'`,
      (o: string) => `curl -s --data-raw @- ${o}/r <<< 'x'`,
      (o: string) => `curl -s -d @- ${o}/t <<-E\n\t\tx\n\ty\n\tE`,
      (o: string) => `curl -s --data-binary @- ${o}/z 0<<'E'\nx\nE`,
    ];
    for (const script of scripts) {
      const { requests: [wire], stderr, origin } = await onTheWire(script);
      const [ours] = toRequests(script(origin));
      assert.ok(wire, stderr);
      assert.equal(wire.method, ours.method, script(origin));
      assert.equal(wireBody(wire), ours.body, script(origin));
      const type = wire.headers.find(([n]) => /^content-type$/i.test(n));
      assert.equal(type?.[1], ours.headers["content-type"], script(origin));
    }
  });

  it("-F name=@-, -F name=<- and -H @- send the here-document as read", async () => {
    const doc = "<<< $'X-A: 1\\r\\n\\r\\nnocolon\\nX-E;\\r\\nx-b:2'";
    const scripts = [
      (o: string) => `curl -s -F f=@- ${o}/f ${doc}`,
      (o: string) => `curl -s -F 'f=@-;filename=a.png' ${o}/p ${doc}`,
      (o: string) => `curl -s -F 'f=<-' -F 'g=<-' ${o}/v ${doc}`,
      (o: string) => `curl -s -H @- -H 'X-C: 3' ${o}/h ${doc}`,
      (o: string) => `curl -s -F 'f=<-' -H @- ${o}/o ${doc}`,
    ];
    for (const script of scripts) {
      const { requests: [wire], stderr, origin } = await onTheWire(script);
      assert.ok(wire, stderr);
      assertSameRequest(toRequests(script(origin))[0], wire, script(origin));
    }
  });

  it("-T - sends PUT to the URL as written", async () => {
    const script = (o: string) => `curl -s -T - ${o}/up/ <<'E'\na\nE`;
    const { requests: [wire], stderr, origin } = await onTheWire(script);
    const [ours] = toRequests(script(origin));
    assert.ok(wire, stderr);
    assert.equal(wire.method, ours.method);
    assert.equal(origin + wire.target, ours.url);
  });
});
