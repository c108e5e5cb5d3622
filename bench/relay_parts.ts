// Which part of the gateway's added CPU per request on the wire is the
// shape of any gateway that reads usage, and which is its own: the servers
// of bench/_relay_parts_server.ts (the bare relay, the relay with the
// gateway's reads of the request, its upstream call, its answer, all
// three, and the gateway itself), each in its own process beside one mock
// upstream, in alternating blocks of sequential JSON requests (the order
// turns each block). CPU is each server process's (every thread, /proc).
// Prints, per server, the median CPU per request and the median of the
// per-block ratios to the relay's. docs/performance.md ("Serving paths")
// has the figures.
//
// Run: BLOCKS=9 REQUESTS=600 deno run -A bench/relay_parts.ts
import { cpuNs, type Server, start, stop } from "./_servers.ts";

const BLOCKS = Number(Deno.env.get("BLOCKS") ?? 9);
const REQUESTS = Number(Deno.env.get("REQUESTS") ?? 600);
const MODES = ["relay", "request", "call", "answer", "shape", "gateway"];
const UPSTREAM = new URL("./_gateway_peers_server.ts", import.meta.url)
  .pathname;
const PARTS = new URL("./_relay_parts_server.ts", import.meta.url).pathname;
const FLAG = "--unstable-no-legacy-abort";

const BODY = JSON.stringify({
  model: "gpt-4o-mini",
  messages: [{ role: "user", content: "Hello!" }],
  max_tokens: 64,
});

async function requests(url: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: BODY,
    });
    if (response.status !== 200) throw new Error(`answered ${response.status}`);
    await response.arrayBuffer();
  }
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[values.length >> 1];

const upstream = await start("upstream", Deno.execPath(), [
  "run",
  "-A",
  FLAG,
  UPSTREAM,
  "upstream",
]);
const servers: Server[] = [];
try {
  for (const mode of MODES) {
    servers.push(
      await start(mode, Deno.execPath(), [
        "run",
        "-A",
        FLAG,
        PARTS,
        mode,
        upstream.url,
      ]),
    );
  }
  for (const server of servers) await requests(server.url, REQUESTS);
  const cpu: number[][] = servers.map(() => []);
  for (let block = 0; block < BLOCKS; block++) {
    const order = servers.map((_, i) => i);
    if (block % 2 === 1) order.reverse();
    for (const i of order) {
      const pid = servers[i].child.pid;
      const before = cpuNs(pid);
      await requests(servers[i].url, REQUESTS);
      cpu[i].push((cpuNs(pid) - before) / REQUESTS / 1000);
    }
  }
  console.log(
    `server CPU µs per request, median of ${BLOCKS} alternating blocks of ` +
      `${REQUESTS} (over the relay: median of the per-block ratios, lowest–highest)`,
  );
  for (let i = 0; i < servers.length; i++) {
    const ratios = cpu[i].map((v, block) => v / cpu[0][block]);
    console.log(
      `${MODES[i].padEnd(8)} ${median(cpu[i]).toFixed(1).padStart(7)}  ` +
        `${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${
          Math.max(...ratios).toFixed(2)
        })`,
    );
  }
} finally {
  for (const server of servers) await stop(server);
  await stop(upstream);
}
