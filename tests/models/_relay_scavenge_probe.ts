// What of a relayed call outlives it until a full collection: run in a
// child with --expose-gc by tests/models/relay_scavenge_test.ts. Makes CALLS
// relayed calls one at a time, back to back in one job (as a busy server's
// are between two idle turns), then, inside one more call, reads the heap
// after two young-generation collections and again after a full one. What
// only the full one frees is what the scavenges kept (or had promoted) of
// calls already answered. Prints `{ calls, kept }` (bytes) as the last line.
// Usage: _relay_scavenge_probe.ts invoke|relay signal|none [CALLS]
import { createRouter } from "../../src/models/mod.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";

const [how = "invoke", caller = "signal", count = "2000"] = Deno.args;
const CALLS = Number(count);
const gc = (globalThis as { gc?: (options?: { type: string }) => void }).gc;
if (gc === undefined) throw new Error("run with --v8-flags=--expose-gc");

const answer = JSON.stringify({
  id: "chatcmpl-1",
  object: "chat.completion",
  created: 1,
  model: "m",
  choices: [{
    index: 0,
    message: { role: "assistant", content: "Hello!" },
    finish_reason: "stop",
  }],
});
let kept: number | null | undefined;

async function upstream(): Promise<Response> {
  // An upstream answers in a later turn of the call.
  await Promise.resolve();
  if (kept === null) {
    gc!({ type: "minor" });
    gc!({ type: "minor" });
    const young = Deno.memoryUsage().heapUsed;
    gc!();
    kept = young - Deno.memoryUsage().heapUsed;
  }
  return new Response(answer, {
    headers: {
      "content-type": "application/json",
      "content-length": String(answer.length),
    },
  });
}

const router = createRouter().register(
  "up",
  createOpenAIAdapter({
    apiKey: "sk-probe",
    baseURL: "http://upstream.test/v1",
    defaultModel: "m",
    fetch: upstream,
  }),
);

async function one(): Promise<void> {
  const signal = caller === "signal" ? new AbortController().signal : undefined;
  const messages = [{ role: "user" as const, content: "hi" }];
  const relayed = how === "invoke"
    ? await router.invoke({
      operation: "chat",
      wire: "openai",
      body: { model: "m", messages },
      view: { messages },
    }, signal)
    : await router.relayResponse({ messages }, signal);
  await relayed.response.arrayBuffer();
}

try {
  // Warm, and start counting from a full collection.
  for (let i = 0; i < 2000; i++) await one();
  gc();
  for (let i = 0; i < CALLS; i++) await one();
  kept = null;
  await one();
  console.log(JSON.stringify({ calls: CALLS, kept }));
} finally {
  router.dispose();
}
