// The command's gathered log lines are written the moment they reach the
// buffer's bound, not one line later: the bound is what the buffer may hold.
import assert from "node:assert/strict";
import { LineBuffer } from "../../src/cli/_line_buffer.ts";

// Bug (`_line_buffer.ts`, `this.#length >= this.#maxBytes` → `>`): text
// exactly the bound's length stayed gathered until the next line or the
// timer, so the buffer held more than its bound before it wrote.
Deno.test("LineBuffer: gathered text exactly at the bound is written at once, scheduled flush cancelled", () => {
  const writes: string[] = [];
  let cancelled = 0;
  const logs = new LineBuffer(
    {
      write: (text) => void writes.push(text),
      later: () => () => void cancelled++,
    },
    20,
    100,
  );
  logs.add("012345678"); // 10 with its newline
  assert.deepEqual(writes, []);
  logs.add("abcdefghi"); // 20 in all: the bound
  assert.deepEqual(writes, ["012345678\nabcdefghi\n"]);
  assert.equal(cancelled, 1);
  // One line of exactly the bound, with its newline, alone.
  logs.add("x".repeat(19));
  assert.deepEqual(writes.at(-1), "x".repeat(19) + "\n");
  assert.equal(writes.length, 2);
});
