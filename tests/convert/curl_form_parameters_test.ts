// A -F part's parameters as curl 7.88 reads them (checked on the wire
// below): after `type=`, every segment that starts no other parameter is
// part of the type, blank ones and quoted ones included, and a `;` inside
// quotes there ends a segment, so a known parameter inside the quotes is
// read; a filename is a word that may be quoted; a type that is no
// `type/subtype` makes curl refuse the argument, and the reader too.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCurl, toRequests } from "../../src/convert/curl.ts";
import { ConversionError } from "../../src/convert/errors.ts";
import {
  assertSameRequest,
  onTheWire,
  SKIP_WITHOUT_CURL,
} from "./_curl_wire.ts";

/** `-F arg` → the part's Content-Type and filename as the reader sends them. */
const TAKEN: ReadonlyArray<[string, string | undefined, string | undefined]> = [
  // Blank segments after type= stay in it, as do trailing blanks there.
  ["a=b;type=text/plain; ;x=1", "text/plain; ;x=1", undefined],
  ["a=b;type=text/plain;;charset=u", "text/plain;;charset=u", undefined],
  ["a=b;type=text/plain;", "text/plain;", undefined],
  ["a=b;type=text/plain;  ", "text/plain;  ", undefined],
  ["a=b;type=text/plain; ; ", "text/plain; ; ", undefined],
  ["a=b;type=a/b\t;x=1", "a/b\t;x=1", undefined],
  // Blanks at the type's end, before another parameter or the end, go.
  ["a=b;type=text/plain  ;filename=q", "text/plain", "q"],
  ["a=b;type=text/plain  ", "text/plain", undefined],
  ["a=b;type=text/plain; x  ;filename=q", "text/plain; x", "q"],
  ["a=b;type=  text/plain", "text/plain", undefined],
  // Quotes in the type are text; a `;` inside them still ends a segment.
  [
    'a=b;type=text/plain; charset="a;b"',
    'text/plain; charset="a;b"',
    undefined,
  ],
  ['a=b;type=text/plain; x="a;filename=z"', 'text/plain; x="a', 'z"'],
  ['a=b;type=text/plain; x="unclosed', 'text/plain; x="unclosed', undefined],
  ['a=b;type="text/plain"', '"text/plain"', undefined],
  // A second type= right after the first is part of it; after another
  // parameter it starts the type again.
  [
    "a=b;type=text/plain;type=text/html",
    "text/plain;type=text/html",
    undefined,
  ],
  ["a=b;type=a/b;filename=q;type=c/d", "c/d", "q"],
  ['a=b;filename=q;x="1;type=c/d"', 'c/d"', "q"],
  // Parameter names in any case; `Type =` (blank before `=`) is none.
  ["a=b;TYPE=text/html;FILENAME=q", "text/html", "q"],
  ["a=b; Type =image/png", undefined, undefined],
  // A filename is a word: quoted (escapes kept out), else to `;` less blanks.
  ['a=b;type=text/plain;filename="a;b"', "text/plain", "a;b"],
  ['a=b;filename="a;b";type=text/plain', "text/plain", "a;b"],
  ['a=b;filename="q\\"r"', undefined, 'q"r'],
  ['a=b;filename="q" x;type=c/d', "c/d", "q"],
  ["a=b;filename= q r ;type=c/d", "c/d", "q r"],
  ['a=b;type=text/plain;filename="q', "text/plain", '"q'],
  ["a=b;type=text/plain;filename=q ;x=1", "text/plain", "q"],
  ['a=b;type=text/plain;x=1;filename="q;r" ;y', "text/plain;x=1", "q;r"],
  // A quoted value holds `;` and `type=`: the parameters start after it.
  ['a="x;type=c/d";type=a/b', "a/b", undefined],
  // curl checks only that the type starts as type/subtype.
  ["a=b;type=text;x=1/2", "text;x=1/2", undefined],
];

/** Arguments curl refuses ("option -F: is badly used here"). */
const REFUSED = [
  "a=b;type=",
  "a=b;type=;x=1",
  "a=b;type=  ;filename=q",
  "a=b;type=text",
  "a=b;type=/",
  "a=b;type=text ;x=a/b",
  "a=b;type=text x/y",
  'a=b;type=te"x";t',
];

/** The head lines of the one part `-F arg` makes. */
function partOf(arg: string): { type?: string; filename?: string } {
  const body = String(
    parseCurl(`curl -F '${arg}' https://x.test/`).request.body,
  );
  const head = body.slice(body.indexOf("\r\n") + 2, body.indexOf("\r\n\r\n"));
  const type = /(?:^|\r\n)Content-Type: ([^\r]*)/.exec(head)?.[1];
  const filename = /; filename="([^"]*)"/.exec(head)?.[1];
  return {
    ...(type === undefined ? {} : { type }),
    // The disposition escapes `"` as %22, as curl does.
    ...(filename === undefined
      ? {}
      : { filename: filename.replaceAll("%22", '"') }),
  };
}

describe("curl reader: a -F part's parameters, as curl 7.88 reads them", () => {
  for (const [arg, type, filename] of TAKEN) {
    it(`-F '${arg}'`, () => {
      assert.deepEqual(partOf(arg), {
        ...(type === undefined ? {} : { type }),
        ...(filename === undefined ? {} : { filename }),
      });
    });
  }

  it("a type that is no type/subtype is INVALID_OPTION at the -F option", () => {
    for (const arg of REFUSED) {
      const command = `curl -s -F '${arg}' https://x.test/`;
      assert.throws(() => parseCurl(command), (error) => {
        assert.ok(error instanceof ConversionError, String(error));
        assert.equal(error.code, "INVALID_OPTION", arg);
        assert.equal(error.offset, command.indexOf("-F"), arg);
        return true;
      });
    }
  });
});

describe("curl reader: the real curl reads those parameters so", {
  skip: SKIP_WITHOUT_CURL,
}, () => {
  it("the same parts on the wire, and the same arguments refused", async () => {
    const script = (origin: string) =>
      TAKEN.map(([arg], i) => `curl -s -F '${arg}' ${origin}/${i}`)
        .join("\n");
    const { requests, stderr, origin } = await onTheWire(script);
    assert.equal(requests.length, TAKEN.length, stderr);
    const ours = toRequests(script(origin));
    for (const [i, [arg]] of TAKEN.entries()) {
      const wire = requests.find((request) => request.target === `/${i}`);
      assert.ok(wire, arg);
      assertSameRequest(ours[i], wire, arg);
    }
    const refused = await onTheWire((origin) =>
      REFUSED.map((arg) =>
        `curl -s -F '${arg}' ${origin}/ || echo "exit $?" >&2`
      )
        .join("\n")
    );
    assert.equal(refused.requests.length, 0, refused.stderr);
    assert.equal(
      refused.stderr.match(/^exit 2$/gm)?.length,
      REFUSED.length,
      refused.stderr,
    );
  });
});
