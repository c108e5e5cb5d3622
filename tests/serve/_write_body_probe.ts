// Heap kept per chunk by the listener's body writer over a long byte stream
// (as a fetch body passed through is), measured in a child run with
// --expose-gc by tests/serve/write_body_memory_test.ts: the heap after a GC
// at a tenth and at nine tenths of the stream, while it is still being
// written. Prints `{ chunks, growth }` as the last line.
import { writeBody } from "../../src/serve/_write_body.ts";

const CHUNKS = Number(Deno.args[0] ?? 100_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error("run with --v8-flags=--expose-gc");
const event = new TextEncoder().encode('data: {"delta":"hi"}\n\n');
const heap = (): number => {
  gc();
  return Deno.memoryUsage().heapUsed;
};
let sent = 0;
let early = 0;
let late = 0;
const body = new ReadableStream<Uint8Array>({
  type: "bytes",
  pull(controller) {
    if (sent === Math.floor(CHUNKS / 10)) early = heap();
    if (sent === Math.floor(CHUNKS * 9 / 10)) late = heap();
    controller.enqueue(event.slice());
    if (++sent === CHUNKS) controller.close();
  },
});
let written = 0;
await writeBody(
  body,
  new TextEncoder().encode("HTTP/1.1 200 OK\r\n\r\n"),
  true,
  (bytes) => {
    written += bytes.byteLength;
    return Promise.resolve();
  },
);
if (written < CHUNKS * event.byteLength) {
  throw new Error(`wrote ${written} bytes`);
}
console.log(
  JSON.stringify({ chunks: Math.floor(CHUNKS * 8 / 10), growth: late - early }),
);
