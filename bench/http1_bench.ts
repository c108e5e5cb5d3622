// The listener's request-head parser (serveGateway), on the head an OpenAI
// SDK sends and on one with repeated headers. Run in two trees to compare:
//   deno bench bench/http1_bench.ts
import { parseHead } from "../src/serve/_http1.ts";

const SDK_HEAD = [
  "POST /v1/chat/completions HTTP/1.1",
  "host: 127.0.0.1:8000",
  "accept: application/json",
  "content-type: application/json",
  "user-agent: OpenAI/JS 4.77.0",
  "x-stainless-lang: js",
  "x-stainless-package-version: 4.77.0",
  "x-stainless-os: Linux",
  "x-stainless-arch: x64",
  "x-stainless-runtime: node",
  "x-stainless-runtime-version: v20.20.2",
  "authorization: Bearer sk-gateway-key-0123456789",
  "x-stainless-retry-count: 0",
  "content-length: 96",
  "connection: keep-alive",
].join("\r\n");

const REPEATED_HEAD = [
  "GET /v1/models HTTP/1.1",
  "Host: a",
  ...Array.from({ length: 12 }, (_, i) => `X-Tag: \tvalue-${i} `),
].join("\r\n");

Deno.bench("parseHead: an OpenAI SDK request head (15 lines)", () => {
  parseHead(SDK_HEAD);
});

Deno.bench("parseHead: a head with one header repeated 12 times", () => {
  parseHead(REPEATED_HEAD);
});

// What the listener does with a head: a Request for the handler. Built from
// the head's name/value pairs (what it does) against from the Headers object
// (what it did: Deno iterates and converts the Headers again).
const sdkHead = parseHead(SDK_HEAD);
const body = new Uint8Array(96);
const url = "http://127.0.0.1:8000/v1/chat/completions";

Deno.bench("Request from the head's pairs", { group: "request" }, () => {
  new Request(url, {
    method: "POST",
    headers: sdkHead.fields,
    body,
    signal: new AbortController().signal,
  });
});

Deno.bench("Request from the head's Headers", {
  group: "request",
  baseline: true,
}, () => {
  new Request(url, {
    method: "POST",
    headers: sdkHead.headers,
    body,
    signal: new AbortController().signal,
  });
});

// An answer's head, as responseHead writes it: the handler's headers read
// with forEach (what it does) against for…of (what it did).
let sink = "";
const answer = new Response("{}", {
  headers: {
    "content-type": "application/json",
    "x-switchyard-backend": "mock",
    "x-request-id": "req-0123456789",
  },
});

Deno.bench("answer headers read with forEach", { group: "answer" }, () => {
  let text = "";
  answer.headers.forEach((value, name) => {
    text += `${name}: ${value}\r\n`;
  });
  sink = text;
});

Deno.bench("answer headers read with for…of", {
  group: "answer",
  baseline: true,
}, () => {
  let text = "";
  for (const [name, value] of answer.headers) text += `${name}: ${value}\r\n`;
  sink = text;
});

// Keeps the header text alive, so neither loop is optimised away.
globalThis.addEventListener("unload", () => void sink.length);
