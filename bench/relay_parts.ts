// Which part of the gateway's added CPU per request on the wire is the
// shape of any gateway that reads usage, and which is its own: the servers
// of bench/_relay_parts_server.ts (the bare relay, the relay with the
// gateway's reads of the request, its upstream call, its answer, all
// three, and the gateway itself), each in its own process beside one mock
// upstream, in alternating blocks of sequential JSON requests (the order
// turns each block). CPU is each server process's (every thread, /proc).
// Prints, per server, the median CPU per request and the median of the
// per-block ratios to the relay's; then its added latency (sequential
// requests sent to every server and to the upstream in turn, a round's
// median minus the upstream's) and the median of the per-round ratios. docs/performance.md ("Serving paths")
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

/** One request to `url`; returns its time (ms). */
async function request(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: BODY,
  });
  if (response.status !== 200) throw new Error(`answered ${response.status}`);
  await response.arrayBuffer();
  return performance.now() - started;
}

async function requests(url: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) await request(url);
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
  // Added latency: each round sends REQUESTS to every server and to the
  // upstream itself, request by request in turn (the order turning), so
  // load from elsewhere hits all alike; a server's added latency is its
  // median request time minus the upstream's, per round.
  const added: number[][] = servers.map(() => []);
  const urls = [upstream.url, ...servers.map((server) => server.url)];
  for (let round = 0; round < BLOCKS; round++) {
    const times: number[][] = urls.map(() => []);
    for (let r = 0; r < REQUESTS; r++) {
      for (let k = 0; k < urls.length; k++) {
        const j = (k + r) % urls.length;
        times[j].push(await request(urls[j]));
      }
    }
    const direct = median(times[0]);
    servers.forEach((_, i) => added[i].push(median(times[i + 1]) - direct));
  }
  const spread = (values: number[]): string =>
    `${median(values).toFixed(2)} (${Math.min(...values).toFixed(2)}–${
      Math.max(...values).toFixed(2)
    })`;
  console.log(
    `per request, median of ${BLOCKS} rounds of ${REQUESTS}: server CPU µs ` +
      `(alternating blocks) and added latency µs (in turn), each over the ` +
      `relay's: median of the per-round ratios, lowest–highest`,
  );
  for (let i = 0; i < servers.length; i++) {
    console.log(
      `${MODES[i].padEnd(8)} cpu ${median(cpu[i]).toFixed(1).padStart(6)} ` +
        `${spread(cpu[i].map((v, block) => v / cpu[0][block]))}  added ` +
        `${(median(added[i]) * 1000).toFixed(0).padStart(4)} ` +
        spread(added[i].map((v, round) => v / added[0][round])),
    );
  }
} finally {
  for (const server of servers) await stop(server);
  await stop(upstream);
}
