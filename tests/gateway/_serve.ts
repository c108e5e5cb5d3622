// Loopback servers for the gateway tests (Deno only): the gateway itself, and
// a scripted upstream that speaks a provider's wire format and counts calls.
import {
  createGateway,
  type Gateway,
  type GatewayOptions,
} from "../../src/gateway/mod.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { shutdownBounded } from "../_bounded.ts";

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
    close: () => shutdownBounded(server),
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

/** A body without Content-Length, sent in `size`-byte pieces. */
export function inPieces(
  text: string,
  size: number,
  contentType: string,
): Response {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new Response(
    new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= bytes.byteLength) return controller.close();
        controller.enqueue(bytes.slice(at, at + size));
        at += size;
      },
    }),
    { headers: { "content-type": contentType } },
  );
}

/**
 * An SSE answer that never ends by itself: `event(n)` at once, then one
 * every 20 ms (at most 500) until cancelled, when `onCancel` runs; with
 * `breakAfter`, the body errors after that many events.
 */
export function tickingSse(
  event: (n: number) => string,
  onCancel: () => void,
  breakAfter?: number,
): Response {
  let sent = 0;
  let wake: (() => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new Response(
    new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent > 0) {
          await new Promise<void>((resolve) => {
            wake = resolve;
            timer = setTimeout(resolve, 20);
          });
        }
        if (sent === breakAfter) return controller.error(new Error("reset"));
        if (sent++ > 500) return controller.close();
        controller.enqueue(new TextEncoder().encode(event(sent)));
      },
      cancel() {
        onCancel();
        clearTimeout(timer);
        wake?.();
      },
    }),
    { headers: { "content-type": "text/event-stream" } },
  );
}
