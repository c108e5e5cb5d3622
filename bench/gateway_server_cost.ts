// What Deno's legacy `request.signal` costs `Deno.serve(createGateway(…))`:
// without `--unstable-no-legacy-abort`, Deno.serve aborts the signal of
// every request whose answer was sent (the gateway reads the signal, so it
// exists), which builds a DOMException and dispatches an abort event per
// request. The gateway server of bench/gateway_peers.ts runs with and
// without the flag, each block on a fresh process, in alternating blocks of
// sequential JSON requests on one kept-alive connection over the mock
// upstream; CPU is the server process's (every thread, /proc). Prints each
// block's CPU per request, the medians and the median of the per-pair
// ratios. docs/performance.md ("Serving paths") has the figures.
//
// Run: PAIRS=6 REQUESTS=3000 deno run -A bench/legacy_abort_cost.ts
import { cpuNs, type Server, start, stop } from "./_servers.ts";

const PAIRS = Number(Deno.env.get("PAIRS") ?? 6);
const REQUESTS = Number(Deno.env.get("REQUESTS") ?? 3000);
const WARMUP = 1000;
const SERVER = new URL("./_gateway_peers_server.ts", import.meta.url).pathname;

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

/** CPU µs per request of one block on a fresh gateway server. */
async function block(flags: string[], upstream: string): Promise<number> {
  const server: Server = await start("gateway", Deno.execPath(), [
    "run",
    "-A",
    ...flags,
    SERVER,
    "gateway",
    upstream,
  ]);
  try {
    await requests(server.url, WARMUP);
    const before = cpuNs(server.child.pid);
    await requests(server.url, REQUESTS);
    return (cpuNs(server.child.pid) - before) / REQUESTS / 1000;
  } finally {
    await stop(server);
  }
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[values.length >> 1];

const upstream = await start("upstream", Deno.execPath(), [
  "run",
  "-A",
  "--unstable-no-legacy-abort",
  SERVER,
  "upstream",
]);
try {
  const legacy: number[] = [];
  const flagged: number[] = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    // The order turns each pair, so neither always runs first.
    const first = pair % 2 === 0;
    const a = await block(
      first ? [] : ["--unstable-no-legacy-abort"],
      upstream.url,
    );
    const b = await block(
      first ? ["--unstable-no-legacy-abort"] : [],
      upstream.url,
    );
    legacy.push(first ? a : b);
    flagged.push(first ? b : a);
    console.log(
      `block ${pair + 1}: CPU µs per request, legacy ${
        legacy[pair].toFixed(1)
      }, --unstable-no-legacy-abort ${flagged[pair].toFixed(1)}`,
    );
  }
  const ratios = flagged.map((v, i) => v / legacy[i]);
  console.log(
    `medians: legacy ${median(legacy).toFixed(1)}, --unstable-no-legacy-abort ${
      median(flagged).toFixed(1)
    } µs per request; flagged over legacy ${median(ratios).toFixed(3)} (pairs ${
      ratios.map((r) => r.toFixed(2)).join(" ")
    })`,
  );
} finally {
  await stop(upstream);
}
