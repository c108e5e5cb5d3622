// One scripted upstream on loopback and a gateway whose one backend calls it,
// closed together whatever the test does: the setup the cache, Responses and
// cost tests share (Deno only).
import type {
  Gateway,
  GatewayOptions,
  RequestLogEntry,
} from "../../src/gateway/mod.ts";
import type { BackendAdapter } from "../../src/models/types.ts";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import { type Served, serveGateway, upstreamAdapter } from "./_serve.ts";

/** A gateway backend built on the upstream's origin. */
export type BackendOn = (origin: string) => [string, BackendAdapter];

/** An OpenAI-wire backend `name` (default `oa`) on the upstream. */
export function openAIBackend(name = "oa"): BackendOn {
  return (origin) => [name, upstreamAdapter(origin, name)];
}

/** An Anthropic-wire backend `name` (default `claude`) on the upstream. */
export function anthropicBackend(
  name = "claude",
  options: { defaultModel?: string } = {},
): BackendOn {
  return (origin) => [
    name,
    createAnthropicAdapter({
      apiKey: "upstream-key",
      baseURL: origin,
      ...options,
    }),
  ];
}

/** What a test gets: both ends, and the gateway's log lines. */
export interface UpstreamGateway<U extends Served> {
  upstream: U;
  /** The gateway in process: call it with a Request. */
  gateway: Gateway;
  /** Where the same gateway listens on loopback. */
  origin: string;
  /** Its log lines, in order. */
  logs: RequestLogEntry[];
}

/**
 * Runs `run` against a gateway with `options` and one backend on
 * `upstream`, then closes the gateway and the upstream (also when `run`
 * throws).
 */
export async function withUpstreamGateway<U extends Served>(
  upstream: U,
  backend: BackendOn,
  options: Partial<GatewayOptions>,
  run: (pair: UpstreamGateway<U>) => Promise<void>,
): Promise<void> {
  const logs: RequestLogEntry[] = [];
  try {
    const served = serveGateway({
      logger: (entry) => logs.push(entry),
      ...options,
      backends: [backend(upstream.origin)],
    });
    try {
      await run({
        upstream,
        gateway: served.gateway,
        origin: served.origin,
        logs,
      });
    } finally {
      await served.close();
    }
  } finally {
    await upstream.close();
  }
}
