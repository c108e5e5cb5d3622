// Raw HTTP parse/stringify, fetch code generation and body formatting over
// the corpus in tests/fixtures/http/. Run: deno bench -A bench/convert_bench.ts
import { parse, stringify } from "../../src/convert/string.ts";
import { toCode } from "../../src/convert/fetch.ts";
import { parseBody } from "../../src/convert/body.ts";
import type { HttpRequest, HttpResponse } from "../../src/convert/types.ts";

const dir = new URL("../../tests/fixtures/http/", import.meta.url);
const corpus: string[] = [];
for (const entry of Deno.readDirSync(dir)) {
  if (entry.name.endsWith(".http")) {
    corpus.push(Deno.readTextFileSync(new URL(entry.name, dir)));
  }
}
corpus.sort();
const messages = corpus.map((text) => parse(text));
const requests = messages.filter((message): message is HttpRequest =>
  "method" in message
);

function requestWithBody(size: number): string {
  return `POST /upload HTTP/1.1\r\nHost: example.com\r\nContent-Type: text/plain\r\n\r\n${
    "x".repeat(size)
  }`;
}
function requestWithHeader(size: number): string {
  return `GET / HTTP/1.1\r\nHost: example.com\r\nX-Big: ${
    "v".repeat(size)
  }\r\n\r\n`;
}
const header1k = requestWithHeader(1024);
const header1m = requestWithHeader(1024 * 1024);
const body1k = requestWithBody(1024);
const body1m = requestWithBody(1024 * 1024);
const bigRequest: HttpRequest = parse(body1m) as HttpRequest;

const json = JSON.stringify({
  id: 1,
  items: Array.from(
    { length: 200 },
    (_, i) => ({ id: i, name: `item ${i}`, tags: ["a", "b"], price: i * 1.5 }),
  ),
});

Deno.bench({
  name: `parse corpus (${corpus.length} messages)`,
  group: "raw parse",
  baseline: true,
  fn: () => {
    for (const text of corpus) parse(text);
  },
});
Deno.bench({
  name: "parse 1 KB header line",
  group: "raw parse",
  fn: () => void parse(header1k),
});
Deno.bench({
  name: "parse 1 MB header line",
  group: "raw parse",
  fn: () => void parse(header1m),
});
Deno.bench({
  name: "parse 1 KB body",
  group: "raw parse",
  fn: () => void parse(body1k),
});
Deno.bench({
  name: "parse 1 MB body",
  group: "raw parse",
  fn: () => void parse(body1m),
});

Deno.bench({
  name: `stringify corpus (${messages.length} messages)`,
  group: "raw stringify",
  baseline: true,
  fn: async () => {
    for (const message of messages) {
      await stringify(message as HttpRequest | HttpResponse);
    }
  },
});
Deno.bench({
  name: "stringify 1 MB body request",
  group: "raw stringify",
  fn: async () => void await stringify(bigRequest),
});

Deno.bench({
  name: `toCode corpus (${requests.length} requests, pretty .then)`,
  group: "toCode",
  baseline: true,
  fn: async () => {
    for (const request of requests) await toCode(request);
  },
});
Deno.bench({
  name: "toCode corpus (async, compact)",
  group: "toCode",
  fn: async () => {
    for (const request of requests) {
      await toCode(request, { async: true, pretty: false });
    }
  },
});

Deno.bench({
  name: "JSON.stringify(JSON.parse(x), null, 2) (loses big integers)",
  group: "body json",
  baseline: true,
  fn: () => void JSON.stringify(JSON.parse(json), null, 2),
});
Deno.bench({
  name: "parseBody json (exact numbers)",
  group: "body json",
  fn: () => void parseBody(json, "application/json"),
});
