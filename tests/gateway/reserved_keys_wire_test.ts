// Reserved body keys on the wire (Deno only): real curl sends the raw body to
// the served gateway, and a loopback upstream keeps the exact bytes it
// receives, so the test sees what a provider would see.
import assert from "node:assert/strict";
import { createGateway, serveGateway } from "../../src/gateway/mod.ts";
import { createOllamaAdapter } from "../../src/models/adapters/ollama.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import type { BackendAdapter } from "../../src/models/types.ts";
import { needs, programPath } from "../_programs.ts";
import { run, shutdownBounded } from "../_bounded.ts";
import { openAICompletion, serve } from "./_serve.ts";

/** A loopback upstream answering `answer`, keeping each raw body. */
function rawUpstream(answer: unknown) {
  const bodies: string[] = [];
  const served = serve(async (request) => {
    bodies.push(await request.text());
    return Response.json(answer);
  });
  return { ...served, bodies };
}

/** curl POSTs `body` (raw text) to the gateway for `adapter`. */
async function curlThroughGateway(adapter: BackendAdapter, body: string) {
  const gateway = createGateway({ backends: [["up", adapter]] });
  const server = await serveGateway(gateway, { port: 0 });
  try {
    const result = await run(programPath("curl"), {
      args: [
        "-sS",
        "--max-time",
        "20",
        "-H",
        "content-type: application/json",
        "--data-binary",
        "@-",
        "-w",
        "\n%{http_code}",
        `http://127.0.0.1:${server.addr.port}/v1/chat/completions`,
      ],
      stdin: body,
      timeoutMs: 30_000,
    });
    assert.equal(result.code, 0, result.err);
    const cut = result.out.lastIndexOf("\n");
    return {
      status: Number(result.out.slice(cut + 1)),
      json: JSON.parse(result.out.slice(0, cut)),
    };
  } finally {
    await shutdownBounded(server);
    gateway.dispose();
  }
}

const MESSAGES = '"messages":[{"role":"user","content":"hi"}]';
const HOSTILE = '{"maxTokens":"lots","temperature":"hot","max_tokens":"lots"}';

const TOP =
  "gateway on the wire: a top-level __proto__ key is a 400, no upstream call";
Deno.test(TOP, needs(TOP, "curl"), async () => {
  const upstream = rawUpstream(openAICompletion("ok"));
  try {
    const adapter = createOpenAIAdapter({
      apiKey: "sk-x",
      baseURL: `${upstream.origin}/v1`,
      defaultModel: "m",
    });
    const { status, json } = await curlThroughGateway(
      adapter,
      `{"model":"up",${MESSAGES},"__proto__":${HOSTILE}}`,
    );
    assert.equal(status, 400);
    assert.equal(json.error.param, "__proto__");
    assert.deepEqual(upstream.bodies, []);
  } finally {
    await upstream.close();
  }
});

const NESTED =
  "gateway on the wire: Ollama options never carry a nested __proto__ upstream";
Deno.test(NESTED, needs(NESTED, "curl"), async () => {
  const upstream = rawUpstream({
    model: "m",
    message: { role: "assistant", content: "ok" },
    done: true,
  });
  try {
    const adapter = createOllamaAdapter({
      baseURL: upstream.origin,
      defaultModel: "m",
    });
    const { status } = await curlThroughGateway(
      adapter,
      `{"model":"up",${MESSAGES},"temperature":0.5,"options":{"__proto__":${HOSTILE},"num_ctx":8}}`,
    );
    assert.equal(status, 200);
    assert.equal(upstream.bodies.length, 1);
    assert.equal(upstream.bodies[0].includes("__proto__"), false);
    assert.equal(upstream.bodies[0].includes("lots"), false);
    const sent = JSON.parse(upstream.bodies[0]);
    assert.deepEqual(sent.options, { temperature: 0.5, num_ctx: 8 });
  } finally {
    await upstream.close();
  }
});
