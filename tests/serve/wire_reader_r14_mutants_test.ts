// The wire reader's end of input, checked on the reader itself so that a
// bug there fails at once, named, instead of running a listener test out of
// memory (a stream of empty pieces without end).
import assert from "node:assert/strict";
import { bodyText, source } from "./_wire_source.ts";

// Bug (seed 20261168, `_http1.ts:162`, readSome's `return null` at the end
// of the input dropped): past the end, readSome hands out empty pieces for
// ever, so a body whose sender closed early is never seen as cut off: its
// reader loops without end (the listener's tests ran out of memory).
Deno.test("WireReader: readSome gives what is buffered, then null at the end of the input", async () => {
  const reader = source("abc", "de");
  const text = (bytes: Uint8Array | null) =>
    bytes === null ? null : new TextDecoder().decode(bytes);
  assert.equal(text(await reader.readSome(2)), "ab");
  assert.equal(text(await reader.readSome(10)), "c");
  assert.equal(text(await reader.readSome(10)), "de");
  assert.equal(await reader.readSome(10), null);
  assert.equal(await reader.readSome(10), null);
});

Deno.test("WireReader: a body of declared length cut off by the end of the input fails its read", async () => {
  await assert.rejects(
    bodyText(source("hel"), { kind: "length", length: 5 }),
  );
  assert.equal(
    await bodyText(source("hel", "lo"), { kind: "length", length: 5 }),
    "hello",
  );
});
