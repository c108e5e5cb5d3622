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
//   deno run -A bench/deno_serve_bounds.ts
const WAIT_MS = Number(Deno.env.get("WAIT_MS") ?? 70_000);
const server = Deno.serve(
  { hostname: "127.0.0.1", port: 0, onListen() {} },
  () => new Response("ok"),
);
const utf8 = new TextEncoder();
const t0 = Date.now();
const verdicts = new Map<string, string>();

async function watch(name: string, head: string, dribble: boolean) {
  const conn = await Deno.connect({
    hostname: "127.0.0.1",
    port: server.addr.port,
  });
  if (head) await conn.write(utf8.encode(head));
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
      while ((await conn.read(buffer)) !== null) { /* an answer; read on */ }
      settle(`closed by the server after ${Date.now() - t0} ms`);
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
]);
for (const [name, verdict] of verdicts) console.log(`${name}: ${verdict}`);
await server.shutdown();
