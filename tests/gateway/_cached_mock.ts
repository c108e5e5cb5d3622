// A gateway with an in-memory response cache in front of one scripted mock
// backend, and the one chat question its tests ask again and again: what
// the response-cache tests that script the backend's chunks share.
import assert from "node:assert/strict";
import {
  createGateway,
  type Gateway,
  MemoryResponseCache,
} from "../../src/gateway/mod.ts";
import {
  createMockAdapter,
  type MockAdapterOptions,
  type TestAdapter,
} from "../../src/models/testing.ts";

/** The same chat question to backend `mock`, streamed (with usage) or not. */
export function sameQuestion(
  stream: boolean,
  headers: Record<string, string> = {},
): Request {
  return new Request("http://localhost/v1/chat/completions", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({
      model: "mock",
      stream,
      ...(stream ? { stream_options: { include_usage: true } } : {}),
      messages: [{ role: "user", content: "same question" }],
    }),
  });
}

/**
 * Runs `run` on a gateway whose cache (its TTL `ttlSeconds`, else the
 * default) is in front of the mock backend `script` makes, then disposes it.
 */
export async function withCachedMock(
  script: MockAdapterOptions,
  run: (gateway: Gateway, backend: TestAdapter) => Promise<void>,
  ttlSeconds?: number,
): Promise<void> {
  const backend = createMockAdapter(script);
  const gateway = createGateway({
    backends: [["mock", backend]],
    cache: {
      cache: new MemoryResponseCache(),
      ...(ttlSeconds === undefined ? {} : { ttlSeconds }),
    },
  });
  try {
    await run(gateway, backend);
  } finally {
    gateway.dispose();
  }
}

/**
 * Asks the streamed question twice and checks that nothing was stored: each
 * answer a 200 that is no hit, and the backend called both times. Returns
 * the two bodies, for what a test checks in them.
 */
export async function assertStreamNotStored(
  gateway: Gateway,
  backend: TestAdapter,
): Promise<string[]> {
  const bodies: string[] = [];
  for (let i = 0; i < 2; i++) {
    const response = await gateway(sameQuestion(true));
    bodies.push(await response.text());
    assert.equal(response.status, 200);
    assert.notEqual(response.headers.get("x-switchyard-cache"), "hit");
  }
  assert.equal(backend.calls.length, 2);
  return bodies;
}
