// `switchyard convert`, checked in-process (a runtime double with stdin and
// a file): the HAR forms it reads besides a log, and input bytes that are
// not UTF-8, whose error names the byte offset of the first bad sequence in
// the input as given (a leading byte order mark and a genuine U+FFFD count
// like any other character).
import assert from "node:assert/strict";
import { convertCommand } from "../../src/cli/convert.ts";
import { runtimeDouble } from "./_runtime_double.ts";

const encoder = new TextEncoder();
const BOM = [0xef, 0xbb, 0xbf];

function bytes(...parts: (string | number[])[]): Uint8Array {
  return new Uint8Array(
    parts.flatMap((part) =>
      typeof part === "string" ? [...encoder.encode(part)] : part
    ),
  );
}

// Bug: the offset found by a decoder that drops the byte order mark, so
// it is 3 short for input that starts with one (an editor on Windows
// writes it), and points at the wrong byte.
Deno.test("switchyard convert: the bad byte's offset counts a leading byte order mark, from stdin and --file", async () => {
  const command = "curl https://a.example/ -d ";
  const input = bytes(BOM, command, [0xff], "x");
  const expected = 3 + command.length;
  for (const args of [["-"], ["--file", "in.txt"]]) {
    const double = runtimeDouble({}, {
      stdin: input,
      files: { "/srv/in.txt": input },
    });
    assert.equal(await convertCommand(args, double.runtime), 1);
    assert.equal(double.out.length, 1, double.out.join("\n"));
    assert.match(
      double.out[0],
      new RegExp(
        `^error \\[INVALID_INPUT\\]: .* is not valid UTF-8: no UTF-8 character at byte ${expected} `,
      ),
    );
  }
  // U+0800 is the first character of three UTF-8 bytes.
  const wide = bytes("curl https://a.example/ -d \u0800\u07ff", [0xff]);
  const wideDouble = runtimeDouble({}, { stdin: wide });
  assert.equal(await convertCommand(["-"], wideDouble.runtime), 1);
  assert.match(wideDouble.out[0], new RegExp(`at byte ${wide.length - 1} `));
  // A genuine U+FFFD (EF BF BD) is a character, not the bad byte.
  const genuine = bytes(BOM, "curl https://a.example/ -d \ufffd", [0xfe]);
  const double = runtimeDouble({}, { stdin: genuine });
  assert.equal(await convertCommand(["-"], double.runtime), 1);
  assert.match(double.out[0], new RegExp(`at byte ${genuine.length - 1} `));
});

// Bug: every HAR JSON object read as a log, so a single entry or a bare HAR
// request object (what a browser's "Copy as HAR" of one request gives)
// fails with "log: expected an object".
Deno.test("switchyard convert: a HAR entry and a bare HAR request convert like a one-entry log", async () => {
  const request = {
    method: "POST",
    url: "https://a.example/x",
    headers: [{ name: "X-A", value: "1" }],
    postData: { mimeType: "text/plain", text: "hi" },
  };
  const expected = [
    "POST https://a.example/x HTTP/1.1",
    "host: a.example",
    "x-a: 1",
    "content-type: text/plain",
    "content-length: 2",
    "",
    "hi",
  ].join("\r\n");
  for (
    const input of [
      { log: { version: "1.2", entries: [{ request }] } },
      { request },
      request,
    ]
  ) {
    const double = runtimeDouble({});
    const status = await convertCommand(
      ["--to", "http", JSON.stringify(input)],
      double.runtime,
    );
    assert.equal(status, 0, double.out.join("\n"));
    assert.deepEqual(double.out, [expected]);
  }
});
