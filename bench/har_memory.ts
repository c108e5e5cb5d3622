// Memory and linearity of converting a 10 MB HAR log. Prints the figures.
// Run: deno run -A --v8-flags=--expose-gc bench/har_memory.ts
//
// "Parsed log" is the heap the JSON.parse'd 10 MB log takes; "conversion" is
// the extra heap still held by the toRequests() result (strings such as
// bodies and header values are shared with the parsed log, not copied).
import {
  fromResponse,
  type HarEntry,
  toLog,
  toRequests,
} from "../src/convert/har.ts";
import { randomRequest } from "../src/convert/random.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.error("run with --v8-flags=--expose-gc");
  Deno.exit(2);
}

function heap(): number {
  gc!();
  gc!();
  return Deno.memoryUsage().heapUsed;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** JSON text of a HAR log of about `megabytes` MB. */
async function logText(megabytes: number): Promise<string> {
  const entries: HarEntry[] = [];
  let size = 0;
  for (let seed = 0; size < megabytes * 1024 * 1024; seed++) {
    const entry = await fromResponse(
      {
        statusCode: 200,
        statusText: "OK",
        httpVersion: "1.1",
        headers: {
          "content-type": "application/json",
          "set-cookie": "a=1; Path=/",
        },
        body: JSON.stringify({
          seed,
          items: Array.from({ length: 10 }, (_, i) => `item ${i}`),
        }),
      },
      randomRequest({ seed }),
      { startedDateTime: "2024-01-01T00:00:00.000Z" },
    );
    size += JSON.stringify(entry).length;
    entries.push(entry);
  }
  return JSON.stringify(toLog(entries));
}

function timeOf(text: string, runs: number): number {
  const log = JSON.parse(text);
  toRequests(log); // warm up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    gc!();
    const start = performance.now();
    toRequests(log);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const text1 = await logText(1);
const text10 = await logText(10);

// Memory: parsed log vs. what the conversion adds on top of it.
const base = heap();
const parsed = JSON.parse(text10);
const afterParse = heap();
// Heap straight after the conversion, before any collection: everything it
// allocated, garbage included (a bound on its transient peak unless V8 ran a
// collection in the middle).
const requests = toRequests(parsed);
const beforeCollect = Deno.memoryUsage().heapUsed;
const afterConvert = heap();
const parsedBytes = afterParse - base;
const convertBytes = afterConvert - afterParse;
console.log(
  `10 MB log: ${parsed.log.entries.length} entries, JSON ${mb(text10.length)}`,
);
console.log(`parsed log heap:            ${mb(parsedBytes)}`);
console.log(
  `toRequests() result heap:   ${mb(convertBytes)} (${
    (convertBytes / parsedBytes).toFixed(2)
  }× the parsed log)`,
);
console.log(
  `kept (log + result):        ${mb(afterConvert - base)} (${
    ((afterConvert - base) / parsedBytes).toFixed(2)
  }× the parsed log)`,
);
console.log(
  `allocated (no collection):  ${mb(beforeCollect - afterParse)} (${
    ((beforeCollect - afterParse) / parsedBytes).toFixed(2)
  }× the parsed log, garbage included)`,
);
console.log(`requests kept: ${requests.length}`);

// Linearity: median of repeated runs.
const t1 = timeOf(text1, 30);
const t10 = timeOf(text10, 15);
console.log(
  `toRequests median: 1 MB ${t1.toFixed(2)} ms, 10 MB ${
    t10.toFixed(2)
  } ms, ratio ${(t10 / t1).toFixed(1)}× for ${
    (text10.length / text1.length).toFixed(1)
  }× the size`,
);
