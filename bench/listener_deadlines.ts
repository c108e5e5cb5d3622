// How late serveGateway meets its headers timeout: slow-header clients
// (a request line, then a header line every 100 ms, never the empty line)
// connect at spread-out moments; each measures from its connect to the 408.
// Prints the lateness past the timeout, also as a share of it.
// Run: deno run -A bench/listener_deadlines.ts [headersTimeoutMs=10000] [clients=20]
import { createGateway, serveGateway } from "../src/gateway/mod.ts";
import { createEchoAdapter } from "../src/models/testing.ts";

const timeoutMs = Number(Deno.args[0] ?? 10_000);
const clients = Number(Deno.args[1] ?? 20);
const utf8 = new TextEncoder();

const gateway = createGateway({ backends: [["echo", createEchoAdapter()]] });
const server = await serveGateway(gateway, {
  port: 0,
  headersTimeoutMs: timeoutMs,
});

async function slowClient(delayMs: number): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  const conn = await Deno.connect({
    hostname: "127.0.0.1",
    port: server.addr.port,
  });
  const started = performance.now();
  await conn.write(utf8.encode("GET /v1/models HTTP/1.1\r\nhost: x\r\n"));
  const dribble = setInterval(() => {
    conn.write(utf8.encode("x-slow: 1\r\n")).catch(() => {});
  }, 100);
  const buffer = new Uint8Array(1024);
  let text = "";
  try {
    for (;;) {
      const n = await conn.read(buffer);
      if (n === null) break;
      text += new TextDecoder().decode(buffer.subarray(0, n));
      if (text.includes("\r\n\r\n")) break;
    }
  } catch {
    // Reset after the answer.
  } finally {
    clearInterval(dribble);
    conn.close();
  }
  if (!text.startsWith("HTTP/1.1 408")) throw new Error(`got ${text}`);
  return performance.now() - started - timeoutMs;
}

// Spread over half a timeout at irregular steps (golden-ratio offsets), so
// the clients meet the sweeper at every phase of its interval.
const late = await Promise.all(
  Array.from(
    { length: clients },
    (_, i) => slowClient(((i * 0.618034) % 1) * timeoutMs / 2),
  ),
);
late.sort((a, b) => a - b);
const share = (ms: number) => `${((ms / timeoutMs) * 100).toFixed(1)}%`;
console.log(
  `headersTimeoutMs ${timeoutMs}, ${clients} clients: 408 after the timeout + ${
    late[0].toFixed(0)
  }…${late.at(-1)!.toFixed(0)} ms (median ${
    late[Math.floor(late.length / 2)].toFixed(0)
  } ms; worst ${share(late.at(-1)!)} of the timeout)`,
);
await server.shutdown();
gateway.dispose();
