// A gateway handed a router it did not build (`router:`) answers a streamed
// upstream failure as a non-streamed one: the 404 with the upstream's own
// error fields, the 429 with its Retry-After. The stream's error chunk
// carries the failure; nothing is kept beside the stream by request id.
import assert from "node:assert/strict";
import { fetchSignal } from "../_bounded.ts";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { createRouter } from "../../src/models/mod.ts";
import type { RequestLogEntry } from "../../src/gateway/mod.ts";
import { serveGateway, serveUpstream } from "./_serve.ts";

const FAILURES: {
  status: number;
  headers: Record<string, string>;
  error: { type: string; message: string };
}[] = [
  {
    status: 404,
    headers: {},
    error: { type: "not_found_error", message: "model: claude-nope" },
  },
  {
    status: 429,
    headers: { "retry-after": "7" },
    error: { type: "rate_limit_error", message: "slow down" },
  },
];

for (const failure of FAILURES) {
  for (const wire of ["anthropic", "openai"] as const) {
    Deno.test(`router: given, ${wire} backend: a streamed upstream ${failure.status} keeps its status (both client wires)`, async () => {
      const upstream = serveUpstream(() =>
        Response.json(
          wire === "anthropic" ? { type: "error", error: failure.error } : {
            error: { ...failure.error, param: null, code: "upstream_code" },
          },
          { status: failure.status, headers: failure.headers },
        )
      );
      const adapter = wire === "anthropic"
        ? createAnthropicAdapter({
          name: "up",
          apiKey: "upstream-key",
          baseURL: upstream.origin,
          defaultModel: "claude-test",
        })
        : createOpenAIAdapter({
          name: "up",
          apiKey: "upstream-key",
          baseURL: `${upstream.origin}/v1`,
          defaultModel: "gpt-test",
        });
      const router = createRouter({ defaultBackend: "up" })
        .register("up", adapter);
      const gateway = serveGateway({ router, passthrough: false });
      try {
        for (
          const [path, body] of [
            ["/v1/chat/completions", {
              model: "up",
              stream: true,
              messages: [{ role: "user", content: "hi" }],
            }],
            ["/v1/messages", {
              model: "up",
              stream: true,
              max_tokens: 16,
              messages: [{ role: "user", content: "hi" }],
            }],
          ] as const
        ) {
          // Each request waits out no cooldown: the breaker is reset.
          router.resetCircuitBreaker();
          const response = await fetch(`${gateway.origin}${path}`, {
            signal: fetchSignal(),
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(body),
          });
          const answer = await response.json();
          assert.equal(response.status, failure.status, `${path}: status`);
          assert.match(
            response.headers.get("content-type") ?? "",
            /application\/json/,
          );
          if (failure.status === 429) {
            assert.equal(response.headers.get("retry-after"), "7", path);
          }
          assert.match(
            JSON.stringify(answer),
            new RegExp(failure.error.message),
          );
        }
      } finally {
        await gateway.close();
        await upstream.close();
        router.dispose();
      }
    });
  }
}

Deno.test("router: given — a client error from the second step of a fallback is logged under the backend that raised it, streamed or not", async () => {
  const outage = serveUpstream(() =>
    Response.json({ error: { message: "down" } }, { status: 500 })
  );
  const refusing = serveUpstream(() =>
    Response.json({
      error: {
        message: "upstream says 400",
        type: "invalid_request_error",
        param: null,
        code: "bad_thing",
      },
    }, { status: 400 })
  );
  const adapter = (origin: string, name: string) =>
    createOpenAIAdapter({
      name,
      apiKey: "upstream-key",
      baseURL: `${origin}/v1`,
      defaultModel: "gpt-test",
    });
  const router = createRouter({
    defaultBackend: "a",
    fallbackStrategy: "sequential",
  })
    .register("a", adapter(outage.origin, "a"))
    .register("b", adapter(refusing.origin, "b"));
  const lines: RequestLogEntry[] = [];
  const gateway = serveGateway({
    router,
    passthrough: false,
    logger: (entry) => lines.push(entry),
  });
  try {
    for (const stream of [false, true]) {
      router.resetCircuitBreaker();
      const response = await fetch(`${gateway.origin}/v1/chat/completions`, {
        signal: fetchSignal(),
        method: "POST",
        body: JSON.stringify({
          model: "gpt-test",
          stream,
          messages: [{ role: "user", content: "hi" }],
        }),
      });
      assert.equal(response.status, 400, `stream: ${stream}`);
      assert.equal((await response.json()).error.code, "bad_thing");
      assert.equal(lines.at(-1)?.backend, "b", `stream: ${stream}`);
    }
  } finally {
    await gateway.close();
    await outage.close();
    await refusing.close();
    router.dispose();
  }
});
