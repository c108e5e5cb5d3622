// `switchyard convert` names the byte offset of the first bad UTF-8 sequence
// in its input, so that a user can find it with a hex editor. The offset is
// counted from the characters a lenient decoder gives back, so each
// character must count its own UTF-8 length, at every length boundary, and
// only a whole EF BF BD is a genuine U+FFFD, not a sequence that begins or
// ends like one.
import assert from "node:assert/strict";
import { convertCommand } from "../../src/cli/convert.ts";
import { runtimeDouble } from "./_runtime_double.ts";

const encoder = new TextEncoder();
const PREFIX = "curl https://a.example/ -d ";

/** The offset the command names for `input` piped to `convert -`. */
async function badByteOffset(input: Uint8Array): Promise<number> {
  const double = runtimeDouble({}, { stdin: input });
  assert.equal(await convertCommand(["-"], double.runtime), 1);
  assert.equal(double.out.length, 1, double.out.join("\n"));
  const found =
    /^error \[INVALID_INPUT\]: stdin is not valid UTF-8: no UTF-8 character at byte (\d+) /
      .exec(double.out[0]);
  assert.ok(found, double.out[0]);
  return Number(found[1]);
}

// Bug: a character at the first code point of a longer UTF-8 form (U+0080,
// two bytes; U+10000, four) counted with the shorter length, so the offset
// points before the bad byte.
Deno.test("switchyard convert: the bad byte's offset counts each character's UTF-8 length at every boundary", async () => {
  const boundaries = [
    "\u007f", // the last of one byte
    "\u0080", // the first of two
    "\u07ff", // the last of two
    "\u0800", // the first of three
    "\uffff", // the last of three
    "\u{10000}", // the first of four
    "\u{10ffff}", // the last of four
  ];
  for (const char of boundaries) {
    const text = encoder.encode(PREFIX + char + char);
    const input = new Uint8Array([...text, 0xff, 0x41]);
    assert.equal(
      await badByteOffset(input),
      text.length,
      `U+${char.codePointAt(0)!.toString(16)}`,
    );
  }
});

// Bug: a bad sequence that only starts with EF, or only has BD two bytes
// on, taken for a genuine U+FFFD and skipped, so the offset names a later
// byte (or the end of the input).
Deno.test("switchyard convert: only a whole EF BF BD is a genuine U+FFFD; a look-alike is the bad byte", async () => {
  const head = encoder.encode(PREFIX);
  // A truncated three-byte sequence: EF BF, then an ASCII letter.
  assert.equal(
    await badByteOffset(new Uint8Array([...head, 0xef, 0xbf, 0x78])),
    head.length,
  );
  // A lone bad byte whose second byte on is BD (itself bad).
  assert.equal(
    await badByteOffset(new Uint8Array([...head, 0xff, 0x41, 0xbd])),
    head.length,
  );
  // A genuine U+FFFD before the bad byte is a character of three bytes.
  const genuine = encoder.encode(PREFIX + "\ufffd");
  assert.equal(
    await badByteOffset(new Uint8Array([...genuine, 0xfe])),
    genuine.length,
  );
});
