// A client that leaves before the upstream answers ends the upstream call,
// also on the two paths where the gateway gives the call a signal of its
// own instead of the client's: a streamed request, and any request under
// `requestTimeoutMs`. The first and the second request of one gateway
// alike, in both wires' relays and on a translated call.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway, type RequestLogEntry } from "../../src/gateway/mod.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import { waitUntil, withTimeout } from "../_timeout.ts";

const WAIT_MS = 10_000;

/** A fetch that never answers, until its signal aborts: then it rejects. */
function stalledUpstream() {
  const signals: AbortSignal[] = [];
  const fetch = (_url: string | URL | Request, init?: RequestInit) => {
    const signal = init!.signal!;
    signals.push(signal);
    return new Promise<Response>((_, reject) => {
      signal.addEventListener("abort", () => reject(signal.reason), {
        once: true,
      });
    });
  };
  return { fetch, signals };
}

const cases: Array<{
  name: string;
  path: string;
  body: Record<string, unknown>;
  stream: boolean;
  timeoutMs?: number;
  anthropic?: boolean;
}> = [
  {
    name: "a streamed chat",
    path: "/v1/chat/completions",
    body: {},
    stream: true,
  },
  {
    name: "a chat under requestTimeoutMs",
    path: "/v1/chat/completions",
    body: {},
    stream: false,
    timeoutMs: 60_000,
  },
  {
    name: "a streamed Messages call",
    path: "/v1/messages",
    body: { max_tokens: 16 },
    stream: true,
    anthropic: true,
  },
  {
    name: "a translated stream (Messages to an OpenAI backend)",
    path: "/v1/messages",
    body: { max_tokens: 16 },
    stream: true,
  },
];

describe("a client that leaves before the upstream answers", () => {
  for (const c of cases) {
    it(`ends the upstream call: ${c.name}, on the first and the second request`, async () => {
      const upstream = stalledUpstream();
      const logs: RequestLogEntry[] = [];
      const adapter = c.anthropic
        ? createAnthropicAdapter({
          apiKey: "sk-ant-test",
          defaultModel: "claude-test",
          fetch: upstream.fetch,
        })
        : createOpenAIAdapter({
          apiKey: "sk-test",
          baseURL: "http://upstream.test/v1",
          defaultModel: "gpt-test",
          fetch: upstream.fetch,
        });
      const gateway = createGateway({
        backends: [["up", adapter]],
        ...(c.timeoutMs === undefined ? {} : { requestTimeoutMs: c.timeoutMs }),
        logger: (entry) => logs.push(entry),
      });
      try {
        for (const round of [1, 2]) {
          const client = new AbortController();
          const answer = gateway(
            new Request(`http://localhost${c.path}`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({
                model: "m",
                messages: [{ role: "user", content: "hi" }],
                stream: c.stream,
                ...c.body,
              }),
              signal: client.signal,
            }),
          );
          await waitUntil(
            () => upstream.signals.length === round,
            `round ${round}: the upstream call`,
          );
          const signal = upstream.signals[round - 1];
          assert.equal(signal.aborted, false, `round ${round}: not before`);
          client.abort();
          // The call ends because its signal aborted: the answer comes.
          const response = await withTimeout(
            answer,
            WAIT_MS,
            `round ${round}: the answer after the client left`,
          );
          await response.body?.cancel();
          assert.equal(
            signal.aborted,
            true,
            `round ${round}: the upstream call`,
          );
          assert.equal(logs.at(-1)?.error_code, "ABORTED", `round ${round}`);
        }
      } finally {
        gateway.dispose();
      }
    });
  }
});
