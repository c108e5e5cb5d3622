// Loopback servers for the gateway tests (Deno only): the gateway itself, and
// a scripted upstream that speaks a provider's wire format and counts calls.
import {
  createGateway,
  type Gateway,
  type GatewayOptions,
} from "../../src/gateway/mod.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";

export interface Served {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  close(): Promise<void>;
}

/** Serves a fetch handler on 127.0.0.1 with a free port. */
export function serve(
  handler: (request: Request) => Response | Promise<Response>,
): Served {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    handler,
  );
  const { port } = server.addr as Deno.NetAddr;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => server.shutdown(),
  };
}

export interface ServedGateway extends Served {
  gateway: Gateway;
}

/** Serves a gateway; `close()` also disposes it. */
export function serveGateway(options: GatewayOptions): ServedGateway {
  const gateway = createGateway(options);
  const served = serve(gateway);
  return {
    gateway,
    origin: served.origin,
    async close() {
      await served.close();
      gateway.dispose();
    },
  };
}

/** One request the upstream received. */
export interface UpstreamCall {
  path: string;
  headers: Headers;
  body: Record<string, unknown>;
}

/** A scripted upstream on loopback that records every call. */
export function serveUpstream(
  answer: (call: UpstreamCall, index: number) => Response,
): Served & { calls: UpstreamCall[] } {
  const calls: UpstreamCall[] = [];
  const served = serve(async (request) => {
    const text = await request.text();
    const call: UpstreamCall = {
      path: new URL(request.url).pathname,
      headers: request.headers,
      body: text === "" ? {} : JSON.parse(text),
    };
    calls.push(call);
    return answer(call, calls.length - 1);
  });
  return { ...served, calls };
}

/** An OpenAI chat completion body answering `text`. */
export function openAICompletion(text: string): Record<string, unknown> {
  return {
    id: "chatcmpl-up",
    object: "chat.completion",
    created: 0,
    model: "gpt-test",
    choices: [{
      index: 0,
      message: { role: "assistant", content: text },
      finish_reason: "stop",
    }],
    usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
  };
}

/** The real OpenAI adapter pointed at a loopback upstream (`origin`). */
export function upstreamAdapter(origin: string, name: string) {
  return createOpenAIAdapter({
    name,
    apiKey: "upstream-key",
    baseURL: `${origin}/v1`,
    defaultModel: "gpt-test",
  });
}
