// A relayed call through the model router alone (`router.invoke` with a
// caller signal, the gateway's same-wire path without the gateway), on the
// OpenAI adapter over an injected `fetch` that answers at once, its body
// read: the abort chain's share is larger here than in the whole gateway.
// With BASELINE=<another checkout>, that checkout's router runs in the same
// process, in alternating blocks; prints the process CPU per call of each
// (the collector's threads included) and the median of the per-block
// ratios. docs/performance.md ("Serving paths") has the figures.
//
// Run: BASELINE=<clean checkout of main> deno run -A bench/relay_chain_cost.ts
import { cpuUsage } from "node:process";
import * as models from "../src/models/mod.ts";
import * as openai from "../src/models/adapters/openai.ts";

const BLOCKS = Number(Deno.env.get("BLOCKS") ?? 21);
const CALLS = 2000;

const answer = JSON.stringify({
  id: "chatcmpl-mock",
  object: "chat.completion",
  created: 1_700_000_000,
  model: "gpt-4o-mini",
  choices: [{
    index: 0,
    message: { role: "assistant", content: "Hello!" },
    finish_reason: "stop",
  }],
  usage: { prompt_tokens: 12, completion_tokens: 2, total_tokens: 14 },
});

/** The upstream: the JSON answer, with its length, at once. */
function upstream(): Promise<Response> {
  return Promise.resolve(
    new Response(answer, {
      headers: {
        "content-type": "application/json",
        "content-length": String(answer.length),
      },
    }),
  );
}

const request = {
  operation: "chat" as const,
  wire: "openai" as const,
  model: "gpt-4o-mini",
  body: {
    model: "gpt-4o-mini",
    messages: [{ role: "user", content: "Hello!" }],
  },
};

type Models = typeof models;
type OpenAI = typeof openai;
type Call = () => Promise<void>;

/** One relayed call of a router built from `m` and `o`, answer read. */
function caller(m: Models, o: OpenAI): { call: Call; dispose(): void } {
  const router = m.createRouter().register(
    "up",
    o.createOpenAIAdapter({
      apiKey: "sk-bench-upstream",
      defaultModel: "gpt-4o-mini",
      fetch: upstream,
    }),
  );
  return {
    call: async () => {
      const relayed = await router.invoke(
        request,
        new AbortController().signal,
      );
      await relayed.response.arrayBuffer();
    },
    dispose: () => router.dispose(),
  };
}

async function cpuPerCall(call: Call): Promise<number> {
  const before = cpuUsage();
  for (let i = 0; i < CALLS; i++) await call();
  const spent = cpuUsage(before);
  return (spent.user + spent.system) / CALLS;
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[values.length >> 1];

const mine = caller(models, openai);
const baseline = Deno.env.get("BASELINE");
const theirs = baseline === undefined ? undefined : caller(
  await import(new URL(`${baseline}/src/models/mod.ts`, "file:///").href),
  await import(
    new URL(`${baseline}/src/models/adapters/openai.ts`, "file:///").href
  ),
);
try {
  const sides = theirs === undefined ? [mine] : [mine, theirs];
  for (let i = 0; i < 3; i++) {
    for (const side of sides) await cpuPerCall(side.call);
  }
  const cpu: number[][] = sides.map(() => []);
  for (let block = 0; block < BLOCKS; block++) {
    // The order turns each block.
    const order = block % 2 === 0 ? sides.keys() : [...sides.keys()].reverse();
    for (const i of order) cpu[i].push(await cpuPerCall(sides[i].call));
  }
  const ratios = theirs === undefined
    ? []
    : cpu[0].map((v, i) => v / cpu[1][i]);
  console.log(
    `CPU µs per relayed call, median of ${BLOCKS} blocks of ${CALLS}: ` +
      `this tree ${median(cpu[0]).toFixed(2)}` +
      (theirs === undefined ? "" : `, baseline ${median(cpu[1]).toFixed(2)}; ` +
        `this tree over baseline, median of per-block ratios ${
          median(ratios).toFixed(3)
        } (${Math.min(...ratios).toFixed(2)}–${
          Math.max(...ratios).toFixed(2)
        })`),
  );
} finally {
  mine.dispose();
  theirs?.dispose();
}
