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
