// The gateway called in process, as its fetch handler, with no listener: a
// client's JSON POST, a gateway disposed whatever the test does with it,
// and the mock backend the usage and Responses tests script. No Deno API.
import {
  createGateway,
  type Gateway,
  type GatewayOptions,
} from "../../src/gateway/mod.ts";
import type { BackendAdapter } from "../../src/models/mod.ts";
import {
  createMockAdapter,
  type MockAdapterOptions,
} from "../../src/models/testing.ts";

/** A client's POST of `body` as JSON to the gateway's `path`. */
export function jsonPost(path: string, body: Record<string, unknown>): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
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
