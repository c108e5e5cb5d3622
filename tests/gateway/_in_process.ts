// The gateway called in process, as its fetch handler, with no listener: a
// client's JSON POST, a gateway disposed whatever the test does with it,
// the mock backend the usage and Responses tests script, the OpenAI
// adapter in front of an upstream a test scripts, what such an upstream
// answers a relayed operation, and one that serves the Responses API. No
// Deno API.
import {
  createGateway,
  type Gateway,
  type GatewayOptions,
} from "../../src/gateway/mod.ts";
import type { BackendAdapter } from "../../src/models/mod.ts";
import {
  createOpenAIAdapter,
  type FetchFunction,
} from "../../src/models/adapters/openai.ts";
import {
  createMockAdapter,
  type MockAdapterOptions,
} from "../../src/models/testing.ts";
import { responsesAnswer } from "./_scripted_answers.ts";

/** A client's POST of `body` as JSON to the gateway's `path`. */
export function jsonPost(path: string, body: Record<string, unknown>): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/**
 * The JSON data of each server-sent event of a streamed answer's `text`
 * (a chat stream's closing `[DONE]` is no JSON and left out).
 */
// deno-lint-ignore no-explicit-any
export function dataEvents(text: string): any[] {
  return text.split("\n").filter((line) => line.startsWith("data: {"))
    .map((line) => JSON.parse(line.slice(6)));
}

/** Runs `use` on a gateway made from `options`, then disposes it. */
export async function withGateway<T>(
  options: GatewayOptions,
  use: (gateway: Gateway) => Promise<T>,
): Promise<T> {
  const gateway = createGateway(options);
  try {
    return await use(gateway);
  } finally {
    gateway.dispose();
  }
}

/** The backend `mock`: a mock adapter answering as `options` script it. */
export function mockBackend(
  options: MockAdapterOptions,
): [string, BackendAdapter] {
  return ["mock", createMockAdapter(options)];
}

/**
 * The OpenAI adapter in front of `upstream`, the fetch a test scripts in
 * place of the provider, with `model` as its default model.
 */
export function openAIUpstream(
  model: string,
  upstream: FetchFunction,
): BackendAdapter {
  return createOpenAIAdapter({
    apiKey: "sk-up",
    baseURL: "http://upstream.invalid/v1",
    defaultModel: model,
    fetch: upstream,
  });
}

/**
 * What an OpenAI upstream answers a relayed operation at `url` for
 * `model`: one embedding for `/embeddings`, else a text completion "ok".
 */
export function relayedAnswer(url: string, model: unknown): Response {
  return Response.json(
    url.endsWith("/embeddings")
      ? {
        object: "list",
        data: [{ object: "embedding", index: 0, embedding: [0.5] }],
        model,
        usage: { prompt_tokens: 1, total_tokens: 1 },
      }
      : {
        id: "cmpl-1",
        object: "text_completion",
        created: 1,
        model,
        choices: [{
          index: 0,
          text: "ok",
          finish_reason: "stop",
          logprobs: null,
        }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      },
  );
}

/**
 * The OpenAI adapter in front of an upstream that answers only the
 * Responses API (a completed answer, `resp_up`), and the paths it was
 * called on.
 */
export function responsesUpstream() {
  const paths: string[] = [];
  const adapter = openAIUpstream("gpt-up", (url) => {
    paths.push(new URL(String(url)).pathname);
    if (!String(url).endsWith("/responses")) {
      return Promise.resolve(new Response("not here", { status: 404 }));
    }
    return Promise.resolve(
      Response.json(responsesAnswer("gpt-up", "relayed")),
    );
  });
  return { adapter, paths };
}
