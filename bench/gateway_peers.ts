// The gateway side by side with a bare relay and the Portkey gateway, in one
// run, over one real loopback upstream (bench/_gateway_peers_server.ts):
//   direct   the mock OpenAI upstream itself (the baseline latency)
//   relay    Deno.serve + fetch passing the upstream body through
//   js-relay the relay with the body pulled through a reader and a pull
//            stream, chunk by chunk: the least any server that looks at the
//            chunks in JavaScript pays (the relay's body never leaves Rust)
//   gateway  createGateway + the OpenAI-compatible adapter, under Deno.serve
//   gw-tokens the gateway reading every passed-through stream's tokens
//            (passthroughTokens: "all": each chunk through the token tap)
//   serve-gw the gateway under serveGateway instead of Deno.serve
//   start    `deno task start` itself (examples/serve.ts: the gateway mounted
//            in the demo's template router, under serveGateway, a JSON log
//            line per request on stdout) with OPENAI_API_KEY and
//            OPENAI_BASE_URL pointed at the upstream
//   portkey  npm @portkey-ai/gateway on Node (provider openai, custom host)
// Every server is its own process on 127.0.0.1 port 0. Each round takes
// the contenders in a new seeded random order, so load from elsewhere on the
// shared machine hits all alike and no server always follows the same one; the ratios are computed per round and their median is printed.
// Sequential non-streamed requests go to the contenders in turn, request by
// request (the direct call included), so each ratio compares requests made
// side by side rather than blocks measured at different moments. Then each
// contender takes turns with only the direct call and the relay: the same
// side-by-side ratio without seven other servers' work between two of its
// requests (a second view; neither is the deployment, where a gateway runs
// beside other work on its machine).
// Measures:
//   - added latency of a non-streamed request: the contender's median (and
//     p90) minus the direct call's, sequential and at CONCURRENCY clients;
//   - CPU per streamed chunk: the server process's CPU time (every thread,
//     /proc/<pid>/task/*/schedstat) over STREAMS streams of 20 content chunks,
//     divided by the chunks (the request's own cost included, as a user
//     pays it), and per non-streamed request.
// Run: bash bench/gateway_peers.sh   (installs Portkey in a temp dir first;
//      PORTKEY_DIR=<dir with node_modules> reuses an install)
// or:  deno run -A bench/gateway_peers.ts [<node_modules/@portkey-ai/gateway>]
// Env: ROUNDS (8), SEQUENTIAL (150 a round), CONCURRENCY (8), STREAMS (120 a round)
import { cpuNs, type Server, start, stop } from "./_servers.ts";

const ROUNDS = Number(Deno.env.get("ROUNDS") ?? 8);
const SEQUENTIAL = Number(Deno.env.get("SEQUENTIAL") ?? 150);
const CONCURRENCY = Number(Deno.env.get("CONCURRENCY") ?? 8);
const STREAMS = Number(Deno.env.get("STREAMS") ?? 120);
const CHUNKS = 20; // content chunks per stream (bench/_gateway_peers_server.ts)
const FETCH_TIMEOUT_MS = 10_000;
if (ROUNDS * (SEQUENTIAL + STREAMS) > 20_000) {
  throw new RangeError("ROUNDS × (SEQUENTIAL + STREAMS) must stay ≤ 20000");
}

const portkeyDir = Deno.args[0];
const here = new URL(".", import.meta.url).pathname;

interface Contender {
  name: string;
  url: string;
  headers: Record<string, string>;
  pid?: number;
}

const jsonBody = JSON.stringify({
  model: "gpt-4o-mini",
  messages: [
    { role: "system", content: "You are a helpful assistant." },
    { role: "user", content: "Hello!" },
  ],
  temperature: 0.2,
  max_tokens: 64,
});
const streamBody = JSON.stringify({
  ...JSON.parse(jsonBody),
  stream: true,
  stream_options: { include_usage: true },
});

async function call(c: Contender, body: string): Promise<string> {
  const response = await fetch(`${c.url}/v1/chat/completions`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: "Bearer sk-bench-client",
      ...c.headers,
    },
    body,
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  const text = await response.text();
  if (response.status !== 200) {
    throw new Error(`${c.name} answered ${response.status}: ${text}`);
  }
  return text;
}

function check(c: Contender, json: string, stream: string): void {
  const content = JSON.parse(json).choices?.[0]?.message?.content;
  if (content !== "Hello! How can I help you today?") {
    throw new Error(`${c.name}: unexpected JSON answer ${json}`);
  }
  const deltas = stream.split("\n\n").filter((e) => e.includes(" token"));
  if (deltas.length !== CHUNKS - 1 || !stream.includes("data: [DONE]")) {
    throw new Error(`${c.name}: unexpected stream ${stream.slice(0, 400)}`);
  }
}

async function sequential(c: Contender, n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await call(c, jsonBody);
    times.push(performance.now() - start);
  }
  return times;
}

/**
 * `n` requests to each contender, taking turns request by request (in the
 * round's order), so a slow moment of the shared machine hits every
 * contender alike instead of whichever one was being measured then: the
 * added-latency ratios compare requests made side by side.
 */
async function interleaved(
  order: readonly Contender[],
  n: number,
): Promise<Map<string, number[]>> {
  const times = new Map(order.map((c) => [c.name, [] as number[]]));
  for (let i = 0; i < n; i++) {
    for (const c of order) {
      const start = performance.now();
      await call(c, jsonBody);
      times.get(c.name)!.push(performance.now() - start);
    }
  }
  return times;
}

/**
 * `n` requests each to `direct`, the relay and one contender, taking turns
 * request by request in a rotating order: that contender's added latency
 * and the relay's, measured side by side while only these three servers
 * take requests (in the all-in-turn phase, seven other servers' work comes
 * between two requests of each).
 */
async function paired(
  direct: Contender,
  relay: Contender,
  contender: Contender,
  n: number,
): Promise<{ added: number; relayAdded: number }> {
  const trio = [direct, relay, contender];
  const times = trio.map(() => [] as number[]);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < trio.length; k++) {
      const j = (k + i) % trio.length;
      const start = performance.now();
      await call(trio[j], jsonBody);
      times[j].push(performance.now() - start);
    }
  }
  const base = median(times[0]);
  return {
    added: median(times[2]) - base,
    relayAdded: median(times[1]) - base,
  };
}

async function concurrent(c: Contender, n: number): Promise<number[]> {
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = 0; i < Math.ceil(n / CONCURRENCY); i++) {
        const start = performance.now();
        await call(c, jsonBody);
        times.push(performance.now() - start);
      }
    }),
  );
  return times;
}

async function streams(c: Contender, n: number): Promise<number> {
  const before = c.pid === undefined ? 0 : cpuNs(c.pid);
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = 0; i < Math.ceil(n / CONCURRENCY); i++) {
        await call(c, streamBody);
      }
    }),
  );
  const after = c.pid === undefined ? 0 : cpuNs(c.pid);
  return (after - before) / 1e6 / (Math.ceil(n / CONCURRENCY) * CONCURRENCY) /
    CHUNKS;
}

/**
 * The contenders in an order drawn from `seed` (Fisher–Yates over a small
 * seeded generator), a new one each round. Rotating one fixed order kept
 * each server after the same neighbour in every round, and that alone made
 * two processes running the same gateway code differ by about 10% in added
 * latency and CPU per request, run after run.
 */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed * 0x9e3779b9 >>> 0;
  const random = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
const median = (values: number[]) => quantile(values, 0.5);
const ms = (value: number) => value.toFixed(3);

const servers: Server[] = [];
try {
  const deno = Deno.execPath();
  const flags = ["run", "-A", "--unstable-no-legacy-abort"];
  const upstream = await start("upstream", deno, [
    ...flags,
    `${here}_gateway_peers_server.ts`,
    "upstream",
  ]);
  servers.push(upstream);
  const relay = await start("relay", deno, [
    ...flags,
    `${here}_gateway_peers_server.ts`,
    "relay",
    upstream.url,
  ]);
  servers.push(relay);
  const jsRelay = await start("js-relay", deno, [
    ...flags,
    `${here}_gateway_peers_server.ts`,
    "js-relay",
    upstream.url,
  ]);
  servers.push(jsRelay);
  const gateway = await start("gateway", deno, [
    ...flags,
    `${here}_gateway_peers_server.ts`,
    "gateway",
    upstream.url,
  ]);
  servers.push(gateway);
  const gwTokens = await start("gw-tokens", deno, [
    ...flags,
    `${here}_gateway_peers_server.ts`,
    "gw-tokens",
    upstream.url,
  ]);
  servers.push(gwTokens);
  const serveGw = await start("serve-gw", deno, [
    ...flags,
    `${here}_gateway_peers_server.ts`,
    "serve-gw",
    upstream.url,
  ]);
  servers.push(serveGw);
  // As `deno task start` runs it: the task's flags, and an environment with
  // only the OpenAI variables (no SWITCHYARD_CONFIG or other provider from
  // the caller's shell).
  const startTask = JSON.parse(
    Deno.readTextFileSync(new URL("../deno.json", import.meta.url)),
  ).tasks.start.split(/\s+/).slice(1);
  const startEnv: Record<string, string> = {
    PORT: "0",
    OPENAI_API_KEY: "sk-bench-upstream",
    OPENAI_BASE_URL: `${upstream.url}/v1`,
  };
  for (const name of ["PATH", "HOME", "DENO_DIR", "XDG_CACHE_HOME"]) {
    const value = Deno.env.get(name);
    if (value !== undefined) startEnv[name] = value;
  }
  const shipped = await start(
    "start",
    deno,
    startTask.map((arg: string) =>
      arg === "examples/serve.ts" ? `${here}../examples/serve.ts` : arg
    ),
    startEnv,
    true,
  );
  servers.push(shipped);
  const contenders: Contender[] = [
    { name: "direct", url: upstream.url, headers: {} },
    { name: "relay", url: relay.url, headers: {}, pid: relay.child.pid },
    {
      name: "js-relay",
      url: jsRelay.url,
      headers: {},
      pid: jsRelay.child.pid,
    },
    { name: "gateway", url: gateway.url, headers: {}, pid: gateway.child.pid },
    {
      name: "gw-tokens",
      url: gwTokens.url,
      headers: {},
      pid: gwTokens.child.pid,
    },
    {
      name: "serve-gw",
      url: serveGw.url,
      headers: {},
      pid: serveGw.child.pid,
    },
    { name: "start", url: shipped.url, headers: {}, pid: shipped.child.pid },
  ];
  if (portkeyDir) {
    const portkey = await start(
      "portkey",
      "node",
      [`${here}_portkey_server.mjs`, portkeyDir],
      { NODE_ENV: "production" },
    );
    servers.push(portkey);
    contenders.push({
      name: "portkey",
      url: portkey.url,
      headers: {
        "x-portkey-provider": "openai",
        "x-portkey-custom-host": `${upstream.url}/v1`,
      },
      pid: portkey.child.pid,
    });
  } else {
    console.log(
      "Portkey left out: pass its package directory (bash bench/gateway_peers.sh installs it)",
    );
  }

  for (const c of contenders) {
    check(c, await call(c, jsonBody), await call(c, streamBody));
    await sequential(c, 300);
    await streams(c, 40);
  }

  const seq = new Map(contenders.map((c) => [c.name, [] as number[]]));
  const conc = new Map(contenders.map((c) => [c.name, [] as number[]]));
  const cpu = new Map(contenders.map((c) => [c.name, [] as number[]]));
  const rounds: Array<Record<string, number>> = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = shuffled(contenders, round + 1);
    const added: Record<string, number> = {};
    const seqMedian: Record<string, number> = {};
    const cpuBefore = new Map(
      order.map((c) => [c.name, c.pid === undefined ? 0 : cpuNs(c.pid)]),
    );
    const turns = await interleaved(order, SEQUENTIAL);
    for (const c of order) {
      if (c.pid !== undefined) {
        added[`json cpu ${c.name}`] = (cpuNs(c.pid) - cpuBefore.get(c.name)!) /
          1e6 / SEQUENTIAL;
      }
      const times = turns.get(c.name)!;
      seq.get(c.name)!.push(...times);
      seqMedian[c.name] = median(times);
    }
    for (const c of order) {
      if (c.name === "direct" || c.name === "relay") continue;
      const pair = await paired(contenders[0], contenders[1], c, SEQUENTIAL);
      added[`paired ${c.name}`] = pair.added;
      added[`paired ratio ${c.name}`] = pair.added / pair.relayAdded;
    }
    for (const c of order) {
      conc.get(c.name)!.push(...await concurrent(c, SEQUENTIAL));
      if (c.pid !== undefined) {
        const perChunk = await streams(c, STREAMS);
        cpu.get(c.name)!.push(perChunk);
        added[`cpu ${c.name}`] = perChunk;
      }
    }
    for (const c of contenders) {
      added[c.name] = seqMedian[c.name] - seqMedian.direct;
    }
    rounds.push(added);
    console.log(
      `round ${round + 1}: added ms ` +
        contenders.slice(1).map((c) => `${c.name} ${ms(added[c.name])}`)
          .join(", ") +
        "; CPU ms/chunk " +
        contenders.slice(1).map((c) =>
          `${c.name} ${ms(added[`cpu ${c.name}`])}`
        )
          .join(", "),
    );
  }

  console.log(
    `\nnon-streamed latency, ${
      ROUNDS * SEQUENTIAL
    } requests each (ms): median / p90, and added over direct`,
  );
  const direct = seq.get("direct")!;
  const directConc = conc.get("direct")!;
  for (const c of contenders) {
    const s = seq.get(c.name)!;
    const k = conc.get(c.name)!;
    console.log(
      `  ${c.name.padEnd(9)} sequential ${ms(median(s))} / ${
        ms(quantile(s, 0.9))
      }  added ${ms(median(s) - median(direct))} / ${
        ms(quantile(s, 0.9) - quantile(direct, 0.9))
      }   ${CONCURRENCY} concurrent ${ms(median(k))} / ${
        ms(quantile(k, 0.9))
      }  added ${ms(median(k) - median(directConc))} / ${
        ms(quantile(k, 0.9) - quantile(directConc, 0.9))
      }`,
    );
  }
  console.log(
    `\nCPU (ms), median of ${ROUNDS} rounds: per streamed chunk, per non-streamed request`,
  );
  for (const c of contenders.slice(1)) {
    console.log(
      `  ${c.name.padEnd(9)} ${ms(median(cpu.get(c.name)!))}  ${
        ms(median(rounds.map((r) => r[`json cpu ${c.name}`])))
      }`,
    );
  }
  const ratio = (a: string, b: string) =>
    median(rounds.map((r) => r[a] / r[b])).toFixed(2);
  console.log(
    `\nadded latency (ms), median of ${ROUNDS} rounds, each contender in turn with direct and relay only`,
  );
  for (const c of contenders.slice(2)) {
    console.log(
      `  ${c.name.padEnd(9)} ${
        ms(median(rounds.map((r) => r[`paired ${c.name}`])))
      }  × relay ${
        median(rounds.map((r) => r[`paired ratio ${c.name}`])).toFixed(2)
      }  [${
        rounds.map((r) => r[`paired ratio ${c.name}`].toFixed(2)).join(" ")
      }]`,
    );
  }
  console.log("\nratios (median of per-round ratios)");
  console.log(
    `  added latency gateway / relay   ${
      ratio("gateway", "relay")
    } all eight in turn, ${
      median(rounds.map((r) => r["paired ratio gateway"])).toFixed(2)
    } in three   (goal ≤ 1.5)`,
  );
  console.log(
    `  CPU per chunk gateway / relay   ${
      ratio("cpu gateway", "cpu relay")
    }   (goal ≤ 2)`,
  );
  console.log(
    `  CPU per chunk gw-tokens / relay ${ratio("cpu gw-tokens", "cpu relay")}`,
  );
  for (const name of ["serve-gw", "start"]) {
    console.log(
      `  ${name} / relay: added latency ${
        ratio(name, "relay")
      }, CPU per chunk ${ratio(`cpu ${name}`, "cpu relay")}, CPU per request ${
        ratio(`json cpu ${name}`, "json cpu relay")
      }`,
    );
  }
  console.log(
    `  CPU per chunk js-relay / relay  ${ratio("cpu js-relay", "cpu relay")}`,
  );
  console.log(
    `  CPU per chunk gateway / js-relay ${
      ratio("cpu gateway", "cpu js-relay")
    }`,
  );
  if (portkeyDir) {
    console.log(
      `  added latency gateway / portkey ${
        ratio("gateway", "portkey")
      } all eight in turn, ${
        ratio("paired gateway", "paired portkey")
      } in three   (goal < 1)`,
    );
    console.log(
      `  CPU per chunk gateway / portkey ${
        ratio("cpu gateway", "cpu portkey")
      }`,
    );
  }
} finally {
  await Promise.all(servers.map(stop));
}
