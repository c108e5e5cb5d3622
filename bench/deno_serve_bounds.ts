// Whether Deno.serve bounds slow clients by itself, which decides whether
// the gateway could be served through it (native, cheaper per chunk) without
// serveGateway's own listener. Four connections to a bare Deno.serve:
//   dribble          sends a head a byte every 2 s and never ends it
//   stalled head     sends part of a head, then nothing
//   idle keep-alive  gets an answer, then sends nothing
//   silent           connects and sends nothing
// and it prints when the server closed each, or that it had not after
// WAIT_MS (70 000 by default, past hyper's 30 s header timeout, were it on).
// Deno 2.9.6: none is closed.
// MODE=native runs the same clients against bench/_bounded_native.ts (Deno's
// HTTP code on connections bounded in JavaScript), MODE=serve-gw against
// serveGateway, both with 3 s timeouts, plus two more clients:
//   slow body        sends a head announcing 10 bytes of body, then 2
//   stops reading    asks for an endless stream and never reads it (after
//                    the wait it drains: an end or a reset means the server
//                    closed it)
//   deno run -A bench/deno_serve_bounds.ts
//   MODE=native WAIT_MS=10000 deno run -A bench/deno_serve_bounds.ts
//   (MODE=native-watch: the same with the stalled-reader bound at the stream)
import { serveGateway } from "../src/gateway/mod.ts";
import { serveNative } from "./_bounded_native.ts";

const MODE = Deno.env.get("MODE") ?? "deno-serve";
const WAIT_MS = Number(Deno.env.get("WAIT_MS") ?? 70_000);
const LIMIT_MS = 3000;
const limits = {
  hostname: "127.0.0.1",
  port: 0,
  headersTimeoutMs: LIMIT_MS,
  bodyTimeoutMs: LIMIT_MS,
  idleTimeoutMs: LIMIT_MS,
  maxConnections: 64,
};
const piece = new Uint8Array(16 * 1024).fill(120);
async function handler(request: Request): Promise<Response> {
  if (new URL(request.url).pathname === "/stream") {
    return new Response(
      new ReadableStream<Uint8Array>({
        pull(controller) {
          controller.enqueue(piece.slice());
        },
      }, { highWaterMark: 0 }),
    );
  }
  await request.arrayBuffer();
  return new Response("ok");
}
const server = MODE === "native" || MODE === "native-watch"
  ? serveNative(handler, { ...limits, watchStreams: MODE === "native-watch" })
  : MODE === "serve-gw"
  ? await serveGateway(handler, limits)
  : Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, handler);
const port = "port" in server ? server.port : server.addr.port;
const utf8 = new TextEncoder();
const t0 = Date.now();
const verdicts = new Map<string, string>();

async function watch(name: string, head: string, dribble: boolean) {
  const conn = await Deno.connect({
    hostname: "127.0.0.1",
    port,
  });
  if (head) await conn.write(utf8.encode(head));
  if (name === "stops reading") {
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
    const buffer = new Uint8Array(64 * 1024);
    let drained = 0;
    try {
      while (drained < 256 * 1024 * 1024) {
        const n = await conn.read(buffer);
        if (n === null) break;
        drained += n;
      }
      verdicts.set(
        name,
        drained >= 256 * 1024 * 1024
          ? `still streaming after ${WAIT_MS} ms`
          : `closed by the server (${drained} bytes were buffered)`,
      );
    } catch (error) {
      verdicts.set(name, `${(error as Error).name}: closed by the server`);
    }
    conn.close();
    return;
  }
  const timer = dribble
    ? setInterval(() => conn.write(utf8.encode("x")).catch(() => {}), 2000)
    : undefined;
  const buffer = new Uint8Array(4096);
  // The first verdict stands: closing the socket ourselves ends the read too.
  const settle = (verdict: string) => {
    if (!verdicts.has(name)) verdicts.set(name, verdict);
  };
  const closed = (async () => {
    try {
      // The last answer's status line before the close, if any.
      let status = "no answer";
      for (let n; (n = await conn.read(buffer)) !== null;) {
        const text = new TextDecoder().decode(buffer.subarray(0, n));
        const line = /HTTP\/1\.1 (\d{3})/.exec(text);
        if (line) status = line[1];
      }
      settle(`${status}, closed by the server after ${Date.now() - t0} ms`);
    } catch (error) {
      settle(`${(error as Error).name} after ${Date.now() - t0} ms`);
    }
  })();
  let bound: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    closed,
    new Promise((resolve) => bound = setTimeout(resolve, WAIT_MS)),
  ]);
  clearTimeout(bound);
  clearInterval(timer);
  settle(`still open after ${WAIT_MS} ms`);
  try {
    conn.close();
  } catch { /* closed */ }
  await closed;
}

await Promise.all([
  watch("dribble", "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ", true),
  watch("stalled head", "GET / HTTP/1.1\r\nHost: x\r\n", false),
  watch("idle keep-alive", "GET / HTTP/1.1\r\nHost: x\r\n\r\n", false),
  watch("silent", "", false),
  ...(MODE === "deno-serve" ? [] : [
    watch(
      "slow body",
      "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nab",
      false,
    ),
    watch("stops reading", "GET /stream HTTP/1.1\r\nHost: x\r\n\r\n", false),
  ]),
]);
console.log(`${MODE}:`);
for (const [name, verdict] of verdicts) console.log(`  ${name}: ${verdict}`);
await server.shutdown();
