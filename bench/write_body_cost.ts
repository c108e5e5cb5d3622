// The listener's own JavaScript per streamed answer, in process: a
// 23-event answer (the shape of bench/gateway_peers.ts's streams) written by
// `writeBody` from a byte stream that answers each read after a turn of the
// microtask queue, as a fetch body's read op does, to a write that takes
// every byte at once. No socket and no op: what is measured is the reads'
// web-streams machinery, the framing and the body writer's own promises.
// PLAIN=1 makes it a plain (not byte) stream of the same events, each
// enqueued a microtask after its pull: what the gateway hands the listener
// when it reads a stream's tokens or translates it.
// With BASELINE=<another checkout>, that checkout's writer runs in the same
// process, in alternating blocks; prints the process CPU per answer of each
// and the median of the per-block ratios. docs/performance.md ("Streams
// under the JavaScript listener") has the figures.
//
// Run: BASELINE=<clean checkout of main> deno run -A bench/write_body_cost.ts
//      PLAIN=1 BASELINE=<clean checkout of main> deno run -A bench/write_body_cost.ts
import { cpuUsage } from "node:process";
import { writeBody } from "../src/serve/_write_body.ts";

const BLOCKS = Number(Deno.env.get("BLOCKS") ?? 21);
const ANSWERS = 1000;
const EVENTS = 23;

const utf8 = new TextEncoder();
const event = utf8.encode(`data: ${
  JSON.stringify({
    id: "chatcmpl-mock",
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model: "gpt-4o-mini",
    choices: [{
      index: 0,
      delta: { content: " token1" },
      finish_reason: null,
      logprobs: null,
    }],
  })
}\n\n`);
const head = utf8.encode(
  "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n" +
    "transfer-encoding: chunked\r\n\r\n",
);

const plain = Deno.env.get("PLAIN") === "1";
const kind = plain ? "plain" : "byte";

/** A plain stream of EVENTS events, each enqueued a microtask after its pull. */
function plainBody(): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      await Promise.resolve();
      if (sent++ === EVENTS) controller.close();
      else controller.enqueue(event.slice());
    },
  }, { highWaterMark: 0 });
}

/** A byte stream of EVENTS events, each read answered a microtask later. */
function body(): ReadableStream<Uint8Array> {
  if (plain) return plainBody();
  let sent = 0;
  return new ReadableStream({
    type: "bytes",
    async pull(controller) {
      await Promise.resolve();
      const request = controller.byobRequest!;
      if (sent++ === EVENTS) {
        controller.close();
        request.respond(0);
        return;
      }
      (request.view as Uint8Array).set(event);
      request.respond(event.byteLength);
    },
  });
}

let written = 0;
const write = (bytes: Uint8Array): Promise<void> => {
  written += bytes.byteLength;
  return Promise.resolve();
};

type Writer = typeof writeBody;

/** Process CPU (all threads) per answer, in µs. */
async function cpuPerAnswer(writer: Writer, answers: number): Promise<number> {
  const before = cpuUsage();
  for (let i = 0; i < answers; i++) {
    await writer(body(), head, true, write);
  }
  const spent = cpuUsage(before);
  return (spent.user + spent.system) / answers;
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[values.length >> 1];

const baselineDir = Deno.env.get("BASELINE");
const writers: [string, Writer][] = [["this", writeBody]];
if (baselineDir !== undefined) {
  const url = new URL(`${baselineDir}/src/serve/_write_body.ts`, "file:///");
  writers.push([
    "baseline",
    ((await import(url.href)) as { writeBody: Writer }).writeBody,
  ]);
}
for (let i = 0; i < 3; i++) {
  for (const [, writer] of writers) await cpuPerAnswer(writer, ANSWERS / 2);
}
const cpu = writers.map((): number[] => []);
const ratios: number[] = [];
for (let block = 0; block < BLOCKS; block++) {
  // The order turns each block, so neither writer always follows the other.
  const order = block % 2 === 0
    ? writers.map((_, i) => i)
    : writers.map((_, i) => i).reverse();
  for (const i of order) {
    cpu[i].push(await cpuPerAnswer(writers[i][1], ANSWERS));
  }
  if (writers.length === 2) ratios.push(cpu[0][block] / cpu[1][block]);
}
if (written === 0) throw new Error("nothing written");
console.log(
  `CPU µs per ${EVENTS}-event answer (${kind} stream), median of ${BLOCKS} ` +
    `blocks of ${ANSWERS}: ` +
    writers.map(([name], i) => `${name} ${median(cpu[i]).toFixed(1)}`).join(
      ", ",
    ) +
    (ratios.length === 0
      ? ""
      : `; this over baseline, median of per-block ratios ${
        median(ratios).toFixed(3)
      } (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`),
);
