// HAR conversion both ways, fromResponse, allFormats and randomRequest, side
// by side with httpsnippet on the same HAR requests, and a 1 MB vs 10 MB log.
// Run: deno bench -A bench/convert_bench.ts
// Memory of a 10 MB log: deno run -A --v8-flags=--expose-gc bench/har_memory.ts
import { HTTPSnippet } from "npm:httpsnippet@3.0.10";
import {
  fromRequest,
  fromResponse,
  type Har,
  type HarEntry,
  toLog,
  toRequest,
  toRequests,
} from "../../src/convert/har.ts";
import { fromRequest as toCurl } from "../../src/convert/curl.ts";
import { toCode } from "../../src/convert/fetch.ts";
import { allFormats } from "../../src/convert/all_formats.ts";
import { randomRequest } from "../../src/convert/random.ts";

const STARTED = { startedDateTime: "2024-01-01T00:00:00.000Z" };
const requests = randomRequest({ seed: 1, count: 200 });
const entries: HarEntry[] = [];
for (const request of requests) {
  entries.push(await fromRequest(request, STARTED));
}
const response = {
  statusCode: 200,
  statusText: "OK",
  httpVersion: "1.1",
  headers: {
    "content-type": "application/json",
    "set-cookie": [
      "sid=abc; Path=/; HttpOnly; SameSite=Lax",
      "theme=dark; Max-Age=3600",
    ],
  },
  body: JSON.stringify({
    items: Array.from({ length: 20 }, (_, i) => ({ id: i, name: `item ${i}` })),
  }),
};

Deno.bench("HAR → curl: switchyard toRequest + curl.fromRequest", {
  group: "HAR → curl",
  baseline: true,
}, async () => {
  for (const entry of entries) await toCurl(toRequest(entry));
});

Deno.bench(
  "HAR → curl: httpsnippet shell/curl",
  { group: "HAR → curl" },
  () => {
    for (const entry of entries) {
      new HTTPSnippet(entry.request as never).convert("shell", "curl");
    }
  },
);

Deno.bench("HAR → fetch: switchyard toRequest + fetch.toCode", {
  group: "HAR → fetch",
  baseline: true,
}, async () => {
  for (const entry of entries) await toCode(toRequest(entry));
});

Deno.bench("HAR → fetch: httpsnippet javascript/fetch", {
  group: "HAR → fetch",
}, () => {
  for (const entry of entries) {
    new HTTPSnippet(entry.request as never).convert("javascript", "fetch");
  }
});

Deno.bench("JSON.parse(JSON.stringify(entry))", {
  group: "HAR entry → request",
  baseline: true,
}, () => {
  for (const entry of entries) JSON.parse(JSON.stringify(entry));
});

Deno.bench("har.toRequest(entry)", { group: "HAR entry → request" }, () => {
  for (const entry of entries) toRequest(entry);
});

Deno.bench("har.fromRequest (request → HAR entry)", async () => {
  for (const request of requests) await fromRequest(request, STARTED);
});

Deno.bench("har.fromResponse (response + request → entry)", async () => {
  for (const request of requests) {
    await fromResponse(response, request, STARTED);
  }
});

Deno.bench("allFormats", async () => {
  for (const request of requests) await allFormats(request, { har: STARTED });
});

Deno.bench("randomRequest({ count: 1000 })", () => {
  randomRequest({ seed: 7, count: 1000 });
});

/** A HAR log of about `megabytes` MB of JSON, from random requests. */
async function logOf(megabytes: number): Promise<Har> {
  const list: HarEntry[] = [];
  let size = 0;
  let seed = 0;
  while (size < megabytes * 1024 * 1024) {
    const entry = await fromResponse(
      response,
      randomRequest({ seed: seed++ }),
      STARTED,
    );
    size += JSON.stringify(entry).length;
    list.push(entry);
  }
  return toLog(list);
}

const log1 = await logOf(1);
const log10 = await logOf(10);

Deno.bench(
  "toRequests: 1 MB log",
  { group: "log linearity", baseline: true },
  () => {
    toRequests(log1);
  },
);

Deno.bench("toRequests: 10 MB log", { group: "log linearity" }, () => {
  toRequests(log10);
});
