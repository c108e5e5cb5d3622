// Run by stream_memory_test.ts in a child with --expose-gc: opens CLIENTS
// streaming requests with a large prompt over loopback, reads only each
// answer's first bytes, and prints the heap and RSS growth (after GC) and
// how many chunks a counting backend produced meanwhile, as one JSON line.
// Args: <server: serveGateway|deno-serve> <backend: echo|counter>
//       [clients = 6] [prompt bytes = 3.8 MiB]
// The README's memory figure per stalled stream comes from, e.g.:
//   deno run -A --unstable-no-legacy-abort --v8-flags=--expose-gc \
//     tests/gateway/_memory_probe.ts serveGateway counter 100 1024
import { createGateway, serveGateway } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { countingBackend } from "./_counting.ts";
import { shutdownBounded } from "../_bounded.ts";

const [serverKind, backendKind, clientsArg, promptArg] = Deno.args;
const CLIENTS = Number(clientsArg ?? 6);
const PROMPT_BYTES = Number(promptArg ?? Math.round(3.8 * 1024 * 1024));
const CHUNK = "x".repeat(16 * 1024);

const counter = countingBackend(() => CHUNK, 100_000);
const gc = (globalThis as { gc?: () => void }).gc!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
function heap(): number {
  for (let i = 0; i < 4; i++) gc();
  return Deno.memoryUsage().heapUsed;
}
function rss(): number {
  for (let i = 0; i < 4; i++) gc();
  return Deno.memoryUsage().rss;
}

const gateway = createGateway({
  backends: [[
    "b",
    backendKind === "counter" ? counter : createEchoAdapter(),
  ]],
});
let port: number;
let stop: () => Promise<void>;
if (serverKind === "deno-serve") {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    gateway,
  );
  port = server.addr.port;
  stop = () => shutdownBounded(server);
} else {
  const server = await serveGateway(gateway, { port: 0 });
  port = server.addr.port;
  stop = () => shutdownBounded(server);
}

const words = "lorem ipsum dolor sit amet ".repeat(
  Math.ceil(PROMPT_BYTES / 27),
).slice(0, PROMPT_BYTES);
const body = new TextEncoder().encode(JSON.stringify({
  model: "b",
  stream: true,
  messages: [{ role: "user", content: words }],
}));
const head = new TextEncoder().encode(
  `POST /v1/chat/completions HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${body.byteLength}\r\n\r\n`,
);
const before = heap();
const rssBefore = rss();
const conns: Deno.Conn[] = [];
const statuses: string[] = [];
for (let i = 0; i < CLIENTS; i++) {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  conns.push(conn);
  await conn.write(head);
  for (let at = 0; at < body.byteLength;) {
    at += await conn.write(body.subarray(at));
  }
  const first = new Uint8Array(64);
  const n = await conn.read(first);
  statuses.push(
    new TextDecoder().decode(first.subarray(0, n ?? 0)).split("\r\n")[0],
  );
}
// Let whatever the server would do ahead of the readers happen.
let last = -1;
for (let i = 0; i < 40 && counter.produced() !== last; i++) {
  last = counter.produced();
  await sleep(100);
}
const after = heap();
const rssAfter = rss();
console.log(JSON.stringify({
  statuses,
  growth: after - before,
  rssGrowth: rssAfter - rssBefore,
  promptBytes: PROMPT_BYTES,
  clients: CLIENTS,
  produced: counter.produced(),
  chunkBytes: CHUNK.length,
}));
for (const conn of conns) conn.close();
await stop();
gateway.dispose();
