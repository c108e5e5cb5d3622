// The bounded listener's own CPU per request, beside Deno.serve's: both
// serve the same small handler (it reads the request body and answers a
// gateway-sized JSON body of declared length with four headers), each in a
// process of its own, so what differs is only the listener: reading and
// parsing the head, building the Request, writing the answer. Sequential
// POSTs on one kept-alive connection; CPU is the server process's (every
// thread, /proc). Blocks alternate between the servers (and, with
// BASELINE=<another checkout>, that checkout's listener as `serve-base`),
// so load from elsewhere on the machine falls on all of them alike; each
// block's CPU per request is printed, then the medians and, with a
// baseline, the median of the per-pair ratios. docs/performance.md
// ("Serving paths") has the figures.
//
// Run: deno run -A bench/listener_cost.ts
//      BASELINE=/path/to/other/checkout PAIRS=6 REQUESTS=3000 deno run -A bench/listener_cost.ts
import { cpuPerRequest, median } from "./_cpu_block.ts";

const PAIRS = Number(Deno.env.get("PAIRS") ?? 6);
const REQUESTS = Number(Deno.env.get("REQUESTS") ?? 3000);
const WARMUP = 1000;

const ANSWER = new TextEncoder().encode(JSON.stringify({
  id: "chatcmpl-mock",
  object: "chat.completion",
  created: 1_700_000_000,
  model: "gpt-4o-mini",
  choices: [{
    index: 0,
    message: { role: "assistant", content: "Hello! How can I help you?" },
    finish_reason: "stop",
  }],
  usage: { prompt_tokens: 12, completion_tokens: 9, total_tokens: 21 },
}));

async function handler(request: Request): Promise<Response> {
  await request.arrayBuffer();
  const headers = new Headers();
  headers.set("content-type", "application/json");
  headers.set("content-length", String(ANSWER.byteLength));
  headers.set("x-request-id", crypto.randomUUID());
  headers.set("x-switchyard-backend", "mock");
  return new Response(ANSWER, { headers });
}

/** Server side: `serve <deno|serve> [<checkout root>]`. */
async function serveMode(mode: string, root: string): Promise<void> {
  Deno.addSignalListener("SIGTERM", () => Deno.exit(0));
  if (mode === "deno") {
    Deno.serve({
      hostname: "127.0.0.1",
      port: 0,
      onListen: ({ port }) => console.log(`PORT ${port}`),
    }, handler);
    return;
  }
  const { serve } = await import(new URL("src/serve/mod.ts", root).href);
  const server = await serve(handler, { hostname: "127.0.0.1", port: 0 });
  console.log(`PORT ${server.addr.port}`);
}

/** CPU µs per request of one block of `REQUESTS` on a fresh server. */
function block(name: string, mode: string, root: string): Promise<number> {
  const self = new URL(import.meta.url).pathname;
  return cpuPerRequest(name, ["run", "-A", self, "serve", mode, root], {
    warmup: WARMUP,
    requests: REQUESTS,
    headers: { authorization: "Bearer x" },
  });
}

async function drive(): Promise<void> {
  const here = new URL("../", import.meta.url).href;
  const baseline = Deno.env.get("BASELINE");
  const contenders: [string, string, string][] = [
    ["deno-serve", "deno", here],
    ["serve", "serve", here],
  ];
  if (baseline) {
    const root = new URL(
      baseline.endsWith("/") ? baseline : `${baseline}/`,
      `file://${Deno.cwd()}/`,
    ).href;
    contenders.push(["serve-base", "serve", root]);
  }
  const cpu = new Map<string, number[]>(contenders.map(([n]) => [n, []]));
  for (let pair = 0; pair < PAIRS; pair++) {
    const line: string[] = [];
    for (const [name, mode, root] of contenders) {
      const micros = await block(name, mode, root);
      cpu.get(name)!.push(micros);
      line.push(`${name} ${micros.toFixed(1)}`);
    }
    console.log(`block ${pair + 1}: CPU µs per request ${line.join(", ")}`);
  }
  const floor = cpu.get("deno-serve")!;
  for (const [name, values] of cpu) {
    const ratios = values.map((v, i) => v / floor[i]);
    console.log(
      `${name}: median ${median(values).toFixed(1)} µs per request, ` +
        `${median(ratios).toFixed(2)} × Deno.serve's (blocks ${
          Math.min(...ratios).toFixed(2)
        }–${Math.max(...ratios).toFixed(2)})`,
    );
  }
  if (baseline) {
    const mine = cpu.get("serve")!;
    const theirs = cpu.get("serve-base")!;
    const ratios = mine.map((v, i) => v / theirs[i]);
    console.log(
      `serve / serve-base: median ${median(ratios).toFixed(2)} (pairs ${
        ratios.map((r) => r.toFixed(2)).join(" ")
      })`,
    );
  }
}

if (Deno.args[0] === "serve") await serveMode(Deno.args[1], Deno.args[2]);
else await drive();
