// count_tokens relayed to Anthropic, when the upstream answers with an
// error the estimate must not hide: the client gets it as /v1/messages
// would give it. A client error keeps its status and Anthropic's error type
// (JSON or not, on the second request too); an upstream 401/403 is the
// operator's misconfiguration, the gateway's own 502 naming the backend and
// quoting nothing of the upstream, on the first step of a fallback or the
// second.
import assert from "node:assert/strict";
import Anthropic from "npm:@anthropic-ai/sdk@1.14.0";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import type { GatewayOptions, RequestLogEntry } from "../../src/gateway/mod.ts";
import { fetchSignal } from "../_bounded.ts";
import { serveGateway, serveUpstream } from "./_serve.ts";
import { anthropicClient } from "./_anthropic_client.ts";

// What Anthropic answers a refused key: the key's last characters.
const LEAK = "sk-ant-api03-...Zq7w";

function anthropicError(status: number, type: string, message: string) {
  return () =>
    Response.json({ type: "error", error: { type, message } }, {
      status,
    });
}

/** A gateway whose backends (named by their upstream's answer) are Anthropic adapters. */
function fleet(
  answers: Array<() => Response>,
  routerConfig: GatewayOptions["routerConfig"] = {},
) {
  const upstreams = answers.map((answer) => serveUpstream(answer));
  const log: RequestLogEntry[] = [];
  const gateway = serveGateway({
    backends: upstreams.map((upstream, i) => [
      `up${i + 1}`,
      createAnthropicAdapter({
        name: `up${i + 1}`,
        apiKey: "sk-ant-backend",
        baseURL: upstream.origin,
      }),
    ]),
    logger: (entry) => log.push(entry),
    routerConfig,
  });
  return {
    gateway,
    upstreams,
    log,
    async close() {
      await gateway.close();
      for (const upstream of upstreams) await upstream.close();
    },
  };
}

async function post(origin: string, path: string) {
  const response = await fetch(`${origin}${path}`, {
    signal: fetchSignal(),
    method: "POST",
    headers: {
      "content-type": "application/json",
      "anthropic-version": "2023-06-01",
    },
    body: JSON.stringify({
      model: "claude-real",
      max_tokens: 16,
      messages: [{ role: "user", content: "How many tokens is this?" }],
    }),
  });
  return {
    status: response.status,
    estimate: response.headers.get("x-switchyard-estimate"),
    retry: response.headers.get("x-should-retry"),
    text: await response.text(),
  };
}

const COUNT = "/v1/messages/count_tokens";

Deno.test("count_tokens relayed: an upstream client error keeps its status and Anthropic's error type, and the second request gets what /v1/messages's second gets", async () => {
  // The status and type of the first answer; the second's status (a 404
  // that is not the API's own answers a wrong URL: the backend leaves
  // routing, as on /v1/messages).
  const cases: Array<[string, () => Response, number, string, RegExp, number]> =
    [
      [
        "400",
        anthropicError(400, "invalid_request_error", "messages.0: bad role"),
        400,
        "invalid_request_error",
        /bad role/,
        400,
      ],
      [
        "404",
        anthropicError(404, "not_found_error", "model: claude-real"),
        404,
        "not_found_error",
        /model: claude-real/,
        404,
      ],
      [
        "413",
        anthropicError(413, "request_too_large", "Request exceeds the limit."),
        413,
        "request_too_large",
        /exceeds the limit/,
        413,
      ],
      [
        "404 from a proxy, not JSON",
        () =>
          new Response("<html>Not Found</html>", {
            status: 404,
            headers: { "content-type": "text/html" },
          }),
        404,
        "not_found_error",
        /HTTP 404/,
        503,
      ],
    ];
  for (const [name, answer, status, type, message, then] of cases) {
    const served = fleet([answer]);
    // A gateway of its own for /v1/messages: a failure changes routing.
    const beside = fleet([answer]);
    try {
      const counts = [
        await post(served.gateway.origin, COUNT),
        await post(served.gateway.origin, COUNT),
      ];
      const chats = [
        await post(beside.gateway.origin, "/v1/messages"),
        await post(beside.gateway.origin, "/v1/messages"),
      ];
      assert.deepEqual(counts, chats, `${name}: as /v1/messages answers`);
      const [first, second] = counts;
      assert.equal(first.status, status, `${name}: ${first.text}`);
      const body = JSON.parse(first.text);
      assert.equal(body.type, "error", name);
      assert.equal(body.error.type, type, name);
      assert.match(body.error.message, message, name);
      assert.equal(second.status, then, `${name}: ${second.text}`);
      assert.equal(JSON.parse(second.text).type, "error", name);
      for (const got of counts) assert.equal(got.estimate, null, name);
      assert.deepEqual(
        served.log.map((entry) => entry.status),
        [status, then],
        name,
      );
    } finally {
      await served.close();
      await beside.close();
    }
  }
});

Deno.test("count_tokens relayed: the official SDK reads an upstream 404 as its NotFoundError, with Anthropic's error type", async () => {
  const served = fleet([
    anthropicError(404, "not_found_error", "model: claude-real"),
  ]);
  try {
    const error = await anthropicClient(served.gateway.origin).messages
      .countTokens({
        model: "claude-real",
        messages: [{ role: "user", content: "hi" }],
      }).then(() => undefined, (e) => e);
    assert.ok(error instanceof Anthropic.NotFoundError, String(error));
    assert.equal(error.status, 404);
    assert.equal(
      (error.error as { error: { type: string } }).error.type,
      "not_found_error",
    );
  } finally {
    await served.close();
  }
});

Deno.test("count_tokens relayed: an upstream 401 or 403 is the gateway's 502 naming the backend, on the first step of a fallback or the second, quoting nothing of the upstream", async () => {
  const refusals: Array<[number, string]> = [
    [401, "authentication_error"],
    [403, "permission_error"],
  ];
  for (const [status, type] of refusals) {
    const refused = anthropicError(status, type, `Your API key ${LEAK}`);
    const overloaded = anthropicError(529, "overloaded_error", "overloaded");
    // Alone, then behind a backend whose failure is passing: the refusal
    // on the second step is still the operator's, not an estimate.
    for (
      const [answers, backend] of [[[refused], "up1"], [
        [overloaded, refused],
        "up2",
      ]] as const
    ) {
      const served = fleet([...answers]);
      const what = `${status}, ${answers.length} backend(s)`;
      try {
        const got = await post(served.gateway.origin, COUNT);
        assert.equal(got.status, 502, `${what}: ${got.text}`);
        assert.equal(got.estimate, null, what);
        assert.equal(got.retry, "false", what);
        const body = JSON.parse(got.text);
        assert.equal(body.type, "error", what);
        assert.equal(body.error.type, "api_error", what);
        assert.match(
          body.error.message,
          new RegExp(
            `^Backend "${backend}" is misconfigured: the provider refused the gateway's credentials \\(HTTP ${status}\\)`,
          ),
          what,
        );
        for (const piece of ["Zq7w", "sk-ant", "Your API key"]) {
          assert.ok(!got.text.includes(piece), `${what}: "${piece}" leaked`);
        }
        // The log line keeps the upstream's words, the key redacted.
        const entry = served.log.at(-1);
        assert.equal(entry?.status, 502, what);
        assert.equal(entry?.backend, backend, what);
        assert.match(String(entry?.upstream_error), /\[redacted\]/, what);
        assert.ok(!String(entry?.upstream_error).includes("Zq7w"), what);
        const beside = fleet([...answers]);
        try {
          assert.deepEqual(
            await post(beside.gateway.origin, "/v1/messages"),
            got,
            `${what}: as /v1/messages answers`,
          );
        } finally {
          await beside.close();
        }
        // The backend has left routing until a health probe passes: the
        // next count is the 503 of an unavailable backend, no estimate, and
        // still nothing of the upstream.
        if (answers.length === 1) {
          const next = await post(served.gateway.origin, COUNT);
          assert.equal(next.status, 503, `${what}: ${next.text}`);
          assert.equal(next.estimate, null, what);
          assert.equal(JSON.parse(next.text).error.type, "overloaded_error");
          assert.ok(!next.text.includes("Zq7w"), what);
          assert.equal(served.upstreams[0].calls.length, 1, what);
        }
      } finally {
        await served.close();
      }
    }
  }
});

Deno.test("count_tokens relayed, no backend to call: behind a breaker whose end is known the next count is the estimate, marked; out of routing after a 401 it is the 503", async () => {
  const overloaded = anthropicError(529, "overloaded_error", "overloaded");
  const served = fleet([overloaded], {
    enableCircuitBreaker: true,
    circuitBreakerThreshold: 1,
    circuitBreakerTimeout: 60_000,
  });
  try {
    const first = await post(served.gateway.origin, COUNT);
    const open = await post(served.gateway.origin, COUNT);
    for (const got of [first, open]) {
      assert.equal(got.status, 200, got.text);
      assert.equal(got.estimate, "true");
    }
    assert.equal(served.upstreams[0].calls.length, 1, "open: not called");
    assert.match(String(served.log.at(-1)?.error_message), /circuit/);
  } finally {
    await served.close();
  }
  const refused = fleet([
    anthropicError(401, "authentication_error", `bad key ${LEAK}`),
  ]);
  try {
    assert.equal((await post(refused.gateway.origin, COUNT)).status, 502);
    const out = await post(refused.gateway.origin, COUNT);
    assert.equal(out.status, 503, out.text);
    assert.equal(out.estimate, null);
  } finally {
    await refused.close();
  }
});
