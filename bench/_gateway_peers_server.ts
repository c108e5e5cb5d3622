// The Deno servers of bench/gateway_peers.ts, one per process so each one's
// CPU time can be read from /proc on its own. Each listens on 127.0.0.1 port
// 0 and prints `PORT <n>` on stdout once it listens.
//   upstream          a mock OpenAI Chat Completions server: JSON, or with
//                     `stream: true` a 20-chunk SSE stream (role and content
//                     chunks, then finish and usage chunks, then [DONE]), each
//                     chunk written on its own after a timer tick, as a model
//                     sends tokens
//   relay <upstream>  the bare relay: Deno.serve + fetch, the upstream body
//                     passed through untouched
//   read-relay, parse-relay <upstream> the relay reading a JSON answer
//                     whole (and parsing it) before answering its bytes
//   gateway <upstream> createGateway over the real OpenAI-compatible adapter
//                     pointed at the upstream
//   serve-gw <upstream> the same gateway under serveGateway (the listener of
//                     `deno task start`, HTTP/1.1 parsed in JavaScript)
//                     instead of Deno.serve
//   serve-native <upstream> the same gateway on connections accepted and
//                     bounded in JavaScript but served by Deno's own HTTP
//                     code (bench/_bounded_native.ts, a measured alternative)
// (`deno task start` itself, examples/serve.ts, is started by
// bench/gateway_peers.ts directly.) bench/gateway_own_cost.ts imports the
// mock answer, the relay and the gateway from here, on an injected fetch.
import {
  createGateway,
  type Gateway,
  serveGateway,
} from "../src/gateway/mod.ts";
import {
  createOpenAIAdapter,
  type FetchFunction,
} from "../src/models/adapters/openai.ts";
import { serveNative } from "./_bounded_native.ts";

// Content chunks of a streamed answer (the first also carries the role);
// bench/gateway_peers.ts divides CPU time by this number.
const CONTENT_CHUNKS = 20;

const utf8 = new TextEncoder();

/** The mock upstream's JSON answer, naming `model`. */
export function completion(model: string): string {
  return JSON.stringify({
    id: "chatcmpl-mock",
    object: "chat.completion",
    created: 1_700_000_000,
    model,
    choices: [{
      index: 0,
      message: {
        role: "assistant",
        content: "Hello! How can I help you today?",
        refusal: null,
      },
      finish_reason: "stop",
      logprobs: null,
    }],
    usage: { prompt_tokens: 12, completion_tokens: 9, total_tokens: 21 },
  });
}

function chunk(model: string, delta: unknown, finish: string | null): string {
  return `data: ${
    JSON.stringify({
      id: "chatcmpl-mock",
      object: "chat.completion.chunk",
      created: 1_700_000_000,
      model,
      choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
    })
  }\n\n`;
}

function events(model: string, usage: boolean): string[] {
  const out: string[] = [];
  for (let i = 0; i < CONTENT_CHUNKS; i++) {
    out.push(chunk(
      model,
      i === 0
        ? { role: "assistant", content: "Hello" }
        : { content: ` token${i}` },
      null,
    ));
  }
  out.push(chunk(model, {}, "stop"));
  if (usage) {
    out.push(`data: ${
      JSON.stringify({
        id: "chatcmpl-mock",
        object: "chat.completion.chunk",
        created: 1_700_000_000,
        model,
        choices: [],
        usage: { prompt_tokens: 12, completion_tokens: 20, total_tokens: 32 },
      })
    }\n\n`);
  }
  out.push("data: [DONE]\n\n");
  return out;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

async function mockUpstream(request: Request): Promise<Response> {
  const body = await request.json();
  const model = typeof body.model === "string" ? body.model : "mock";
  if (body.stream !== true) {
    return new Response(completion(model), {
      headers: { "content-type": "application/json" },
    });
  }
  const queue = events(model, body.stream_options?.include_usage === true);
  let next = 0;
  return new Response(
    new ReadableStream<Uint8Array>({
      async pull(controller) {
        // One network write per chunk: the timer tick lets the server flush.
        if (next > 0) await tick();
        controller.enqueue(utf8.encode(queue[next++]));
        if (next === queue.length) controller.close();
      },
    }, { highWaterMark: 0 }),
    { headers: { "content-type": "text/event-stream" } },
  );
}

/** The bare relay to `base`'s Chat Completions, over `send` (fetch). */
export function relay(
  base: string,
  send: FetchFunction = fetch,
): (request: Request) => Promise<Response> {
  const target = `${base}/v1/chat/completions`;
  return async (request) => {
    const response = await send(target, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: await request.arrayBuffer(),
      signal: request.signal,
    });
    return new Response(response.body, {
      status: response.status,
      headers: {
        "content-type": response.headers.get("content-type") ??
          "application/json",
      },
    });
  };
}

// The relay again, but with the body pulled through JavaScript chunk by
// chunk (a reader and a pull-based stream), as any server that looks at the
// chunks must: the floor of per-chunk cost for the gateway.
function jsRelay(base: string): (request: Request) => Promise<Response> {
  const target = `${base}/v1/chat/completions`;
  return async (request) => {
    const response = await fetch(target, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: await request.arrayBuffer(),
      signal: request.signal,
    });
    const reader = response.body!.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    }, { highWaterMark: 0 });
    return new Response(body, {
      status: response.status,
      headers: {
        "content-type": response.headers.get("content-type") ??
          "application/json",
      },
    });
  };
}

// The relay reading the upstream's JSON answer whole before answering with
// its bytes (what any gateway that counts an answer's tokens must do), and
// the same again parsing it: the floor of a gateway that reads usage.
function readRelay(
  base: string,
  parse: boolean,
): (request: Request) => Promise<Response> {
  const target = `${base}/v1/chat/completions`;
  return async (request) => {
    const response = await fetch(target, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: await request.arrayBuffer(),
      signal: request.signal,
    });
    const type = response.headers.get("content-type") ?? "application/json";
    if (type.startsWith("text/event-stream")) {
      return new Response(response.body, { headers: { "content-type": type } });
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (parse) JSON.parse(new TextDecoder().decode(bytes));
    return new Response(bytes, {
      status: response.status,
      headers: {
        "content-type": type,
        "content-length": String(bytes.byteLength),
      },
    });
  };
}

/**
 * The gateway over the OpenAI-compatible adapter calling `base`, over
 * `options.fetch` when given; the caller disposes it.
 */
export function gateway(
  base: string,
  options: { passthroughTokens?: "all"; fetch?: FetchFunction } = {},
): Gateway {
  const { passthroughTokens, fetch } = options;
  return createGateway({
    ...(passthroughTokens ? { passthroughTokens } : {}),
    backends: [[
      "mock",
      createOpenAIAdapter({
        apiKey: "sk-bench-upstream",
        baseURL: `${base}/v1`,
        defaultModel: "gpt-4o-mini",
        ...(fetch ? { fetch } : {}),
      }),
    ]],
  });
}

/** Starts the server `mode` names and prints its port. */
async function main(): Promise<void> {
  const [mode, upstream] = Deno.args;
  const serveGatewayMode = mode === "serve-gw" && upstream !== undefined;
  const nativeMode = mode === "serve-native" && upstream !== undefined;
  const handler = serveGatewayMode || nativeMode
    ? gateway(upstream)
    : mode === "upstream"
    ? mockUpstream
    : mode === "relay" && upstream
    ? relay(upstream)
    : mode === "js-relay" && upstream
    ? jsRelay(upstream)
    : mode === "read-relay" && upstream
    ? readRelay(upstream, false)
    : mode === "parse-relay" && upstream
    ? readRelay(upstream, true)
    : mode === "gateway" && upstream
    ? gateway(upstream)
    : mode === "gw-tokens" && upstream
    ? gateway(upstream, { passthroughTokens: "all" })
    : undefined;
  if (handler === undefined) {
    console.error(
      "usage: upstream | relay <url> | js-relay <url> | read-relay <url> | parse-relay <url> | gateway <url> | gw-tokens <url> | serve-gw <url> | serve-native <url>",
    );
    Deno.exit(2);
  }
  // Exit on SIGTERM so `--cpu-prof` writes its profile (bench/gateway_peers.ts
  // stops every server with SIGTERM).
  Deno.addSignalListener("SIGTERM", () => Deno.exit(0));
  if (serveGatewayMode) {
    const server = await serveGateway(handler, {
      hostname: "127.0.0.1",
      port: 0,
    });
    console.log(`PORT ${server.addr.port}`);
  } else if (nativeMode) {
    const server = serveNative(handler, {
      hostname: "127.0.0.1",
      port: 0,
      headersTimeoutMs: 10_000,
      bodyTimeoutMs: 60_000,
      idleTimeoutMs: 30_000,
      maxConnections: 1024,
      // NATIVE_WATCH=1: the stalled-reader bound at the stream.
      watchStreams: Deno.env.get("NATIVE_WATCH") === "1",
    });
    console.log(`PORT ${server.port}`);
  } else {
    Deno.serve({
      hostname: "127.0.0.1",
      port: 0,
      onListen({ port }) {
        console.log(`PORT ${port}`);
      },
    }, handler);
  }
}

if (import.meta.main) await main();
