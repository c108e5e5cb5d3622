// What a call timeout costs a request served under Deno, side by side in one
// run: three relays (bench/_call_timers_server.ts) in front of one mock
// upstream (bench/_gateway_peers_server.ts), the first with no timeout, the
// second arming and clearing a timer per call, the third adding the call to
// the adapters' shared watchdog (src/models/adapters/_watchdog.ts).
// Sequential requests go to the direct upstream and the three relays in
// turn, request by request, in an order that rotates every round; each
// round gives each relay's added latency (median minus the direct call's)
// and its CPU per request (every thread, /proc/<pid>/task/*/schedstat), as
// ratios to the timer-less relay's.
// Run: deno run -A bench/call_timers.ts   Env: ROUNDS (8), REQUESTS (300 a round)
import { cpuNs, type Server, start, stop } from "./_servers.ts";

const ROUNDS = Number(Deno.env.get("ROUNDS") ?? 8);
const REQUESTS = Number(Deno.env.get("REQUESTS") ?? 300);
const FETCH_TIMEOUT_MS = 10_000;
if (ROUNDS * REQUESTS > 10_000) {
  throw new RangeError("ROUNDS × REQUESTS must stay ≤ 10000");
}

const here = new URL(".", import.meta.url).pathname;
const deno = Deno.execPath();
const FLAGS = ["run", "-A", "--unstable-no-legacy-abort"];

const body = JSON.stringify({
  model: "gpt-4o-mini",
  messages: [{ role: "user", content: "Hello!" }],
});

async function timed(url: string): Promise<number> {
  const startedAt = performance.now();
  const response = await fetch(`${url}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`answered ${response.status}`);
  return performance.now() - startedAt;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[values.length >> 1];

const servers: Server[] = [];
try {
  const upstream = await start("upstream", deno, [
    ...FLAGS,
    `${here}_gateway_peers_server.ts`,
    "upstream",
  ]);
  servers.push(upstream);
  const relays: Server[] = [];
  for (const mode of ["none", "timer", "watchdog"]) {
    const relay = await start(mode, deno, [
      ...FLAGS,
      `${here}_call_timers_server.ts`,
      mode,
      upstream.url,
    ]);
    servers.push(relay);
    relays.push(relay);
  }
  for (const server of servers) {
    for (let i = 0; i < 300; i++) await timed(server.url);
  }
  const added = new Map(relays.map((r) => [r.name, [] as number[]]));
  const cpu = new Map(relays.map((r) => [r.name, [] as number[]]));
  for (let round = 0; round < ROUNDS; round++) {
    const before = relays.map((r) => cpuNs(r.child.pid));
    const direct: number[] = [];
    const times = relays.map(() => [] as number[]);
    for (let i = 0; i < REQUESTS; i++) {
      direct.push(await timed(upstream.url));
      for (let k = 0; k < relays.length; k++) {
        const j = (k + i + round) % relays.length;
        times[j].push(await timed(relays[j].url));
      }
    }
    relays.forEach((relay, j) => {
      added.get(relay.name)!.push(median(times[j]) - median(direct));
      cpu.get(relay.name)!.push(
        (cpuNs(relay.child.pid) - before[j]) / 1e3 / REQUESTS,
      );
    });
  }
  const ratio = (series: Map<string, number[]>, name: string) =>
    median(series.get(name)!.map((v, i) => v / series.get("none")![i]))
      .toFixed(2);
  console.log(
    `${ROUNDS} rounds of ${REQUESTS} requests each; medians of the rounds`,
  );
  for (const relay of relays) {
    console.log(
      `  ${relay.name.padEnd(9)} added ${
        median(added.get(relay.name)!).toFixed(3)
      } ms (×${ratio(added, relay.name)})   CPU ${
        median(cpu.get(relay.name)!).toFixed(0)
      } µs/request (×${ratio(cpu, relay.name)})`,
    );
  }
} finally {
  await Promise.all(servers.map(stop));
}
