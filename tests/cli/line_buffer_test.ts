// The command's gathered log lines: bounded in memory, written in order,
// never left behind by a flush, and written later at most once per batch.
import assert from "node:assert/strict";
import { LineBuffer, type LineSink } from "../../src/cli/_line_buffer.ts";

/** A sink that records writes and holds scheduled flushes for the test. */
function recorder() {
  const writes: string[] = [];
  const pending: (() => void)[] = [];
  let cancelled = 0;
  const sink: LineSink = {
    write: (text) => void writes.push(text),
    later(flush) {
      pending.push(flush);
      return () => void cancelled++;
    },
  };
  return { sink, writes, pending, cancelled: () => cancelled };
}

Deno.test("LineBuffer: lines wait for the scheduled flush and are written as one text, in order", () => {
  const r = recorder();
  const logs = new LineBuffer(r.sink, 1_000, 100);
  logs.add('{"n":1}');
  logs.add('{"n":2,"é":"ü"}');
  assert.deepEqual(r.writes, []);
  assert.equal(r.pending.length, 1, "one flush scheduled per batch");
  r.pending[0]();
  assert.deepEqual(r.writes, ['{"n":1}\n{"n":2,"é":"ü"}\n']);
  // The next line schedules a new flush.
  logs.add("three");
  assert.equal(r.pending.length, 2);
  r.pending[1]();
  assert.deepEqual(r.writes.at(-1), "three\n");
});

Deno.test("LineBuffer: reaching the bound writes at once, so memory stays bounded", () => {
  const r = recorder();
  const logs = new LineBuffer(r.sink, 20, 100);
  logs.add("0123456789"); // 11 with its newline
  assert.deepEqual(r.writes, []);
  logs.add("abcdefghi"); // 21 in all: past the bound
  assert.deepEqual(r.writes, ["0123456789\nabcdefghi\n"]);
  assert.equal(r.cancelled(), 1, "the scheduled flush is cancelled");
  logs.add("x".repeat(50)); // one line alone past the bound
  assert.deepEqual(r.writes.at(-1), "x".repeat(50) + "\n");
});

Deno.test("LineBuffer: flush writes what is gathered, cancels the timer, and writes nothing when empty", () => {
  const r = recorder();
  const logs = new LineBuffer(r.sink, 1_000, 100);
  logs.flush();
  assert.deepEqual(r.writes, []);
  logs.add("a");
  logs.add("b");
  logs.flush();
  assert.deepEqual(r.writes, ["a\nb\n"]);
  assert.equal(r.cancelled(), 1);
  logs.flush();
  assert.deepEqual(r.writes, ["a\nb\n"], "nothing written twice");
});

// Bug (planted by hand: the gathered length not reset by `flush`): once the
// first 16 KiB had been written, bound or timer alike, every later line
// counted as past the bound and was written on its own, one write per
// request for the rest of the process: the batching this buffer exists for.
Deno.test("LineBuffer: after a flush, the bound counts only what was gathered since", () => {
  const r = recorder();
  const logs = new LineBuffer(r.sink, 20, 100);
  logs.add("0123456789"); // 11 with its newline
  logs.add("abcdefghi"); // 21: past the bound, written
  assert.equal(r.writes.length, 1);
  logs.add("short"); // 6 since the flush
  assert.equal(r.writes.length, 1, "gathered, not written on its own");
  assert.equal(r.pending.length, 2, "a flush is scheduled for it");
  r.pending[1]();
  assert.deepEqual(r.writes.at(-1), "short\n");
  // After a timed flush too.
  logs.add("0123456789");
  assert.equal(r.writes.length, 2);
  r.pending[2]();
  assert.deepEqual(r.writes.at(-1), "0123456789\n");
});
