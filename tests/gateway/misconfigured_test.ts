// An upstream 401/403 is the operator's misconfiguration (the gateway's own
// provider key was refused; a client's key never goes upstream): the client
// gets the gateway's 502 in its wire shape, naming the backend and holding
// nothing of the upstream's text (a provider's 401 quotes the end of the key
// it refused), and the log line keeps that text with the key redacted.
// Checked on the plain, streamed and passthrough paths, both wires, with the
// real OpenAI and Anthropic adapters against loopback upstreams.
import assert from "node:assert/strict";
import OpenAI from "npm:openai@7.57.0";
import Anthropic from "npm:@anthropic-ai/sdk@1.14.0";
import { fetchSignal } from "../_bounded.ts";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import { type RequestLogEntry, resolveError } from "../../src/gateway/mod.ts";
import { redactKeys } from "../../src/gateway/_redact.ts";
import { AdapterError } from "../../src/models/errors.ts";
import { createFailingAdapter } from "../../src/models/testing.ts";
import { serveGateway, serveUpstream, upstreamAdapter } from "./_serve.ts";

// What OpenAI answers a wrong key: the key's last characters in the text.
const LEAK = "sk-proj-********************************************Zq7w";
const OPENAI_401 = {
  error: {
    message:
      `Incorrect API key provided: ${LEAK}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    type: "invalid_request_error",
    param: null,
    code: "invalid_api_key",
  },
};
const ANTHROPIC_403 = {
  type: "error",
  error: {
    type: "permission_error",
    message: `Your API key sk-ant-api03-...Zq7w does not have permission`,
  },
};

/** Nothing of the upstream's words or key in what the client got. */
function assertClean(text: string): void {
  for (const piece of ["Zq7w", "sk-", "Incorrect API key", "permission"]) {
    assert.ok(!text.includes(piece), `"${piece}" leaked: ${text}`);
  }
}

function assertLogged(logs: RequestLogEntry[], backend: string): void {
  const entry = logs.find((e) => e.path !== "/metrics");
  assert.ok(entry, "a log line");
  assert.equal(entry.status, 502);
  assert.equal(entry.backend, backend);
  assert.ok(entry.upstream_error, "the upstream's message is logged");
  assert.match(entry.upstream_error, /HTTP 40[13]/);
  assert.ok(!entry.upstream_error.includes("Zq7w"), entry.upstream_error);
  assert.match(entry.upstream_error, /\[redacted\]/);
}

type Upstream = "openai" | "anthropic";
type Api = "openai" | "anthropic";

function startUpstream(kind: Upstream) {
  return serveUpstream(() =>
    kind === "openai"
      ? Response.json(OPENAI_401, { status: 401 })
      : Response.json(ANTHROPIC_403, { status: 403 })
  );
}

function adapterFor(kind: Upstream, origin: string, name: string) {
  return kind === "openai"
    ? upstreamAdapter(origin, name)
    : createAnthropicAdapter({
      name,
      apiKey: "upstream-key",
      baseURL: origin,
      defaultModel: "claude-test",
    });
}

async function ask(
  origin: string,
  api: Api,
  model: string,
  stream: boolean,
): Promise<Response> {
  return await fetch(
    `${origin}${api === "openai" ? "/v1/chat/completions" : "/v1/messages"}`,
    {
      signal: fetchSignal(),
      method: "POST",
      body: JSON.stringify({
        model,
        stream,
        max_tokens: 16,
        messages: [{ role: "user", content: "hi" }],
      }),
    },
  );
}

// openai upstream + openai wire takes the passthrough (relay) path unless it
// is turned off; every other pair is translated.
const CASES: Array<[Upstream, Api, boolean]> = [
  ["openai", "openai", true],
  ["openai", "openai", false],
  ["openai", "anthropic", false],
  ["anthropic", "anthropic", false],
  ["anthropic", "openai", false],
];

for (const [kind, api, passthrough] of CASES) {
  for (const stream of [false, true]) {
    Deno.test(
      `an upstream ${
        kind === "openai" ? 401 : 403
      } is the gateway's own 502 naming the backend (${kind} upstream, ${api} wire, stream: ${stream}, passthrough: ${passthrough})`,
      async () => {
        const upstream = startUpstream(kind);
        const logs: RequestLogEntry[] = [];
        const gateway = serveGateway({
          backends: [["primary", adapterFor(kind, upstream.origin, "primary")]],
          passthrough,
          logger: (entry) => logs.push(entry),
        });
        try {
          // A model name the router passes to its default backend: the
          // backend is named by the gateway, not by the request.
          const response = await ask(gateway.origin, api, "some-model", stream);
          const text = await response.text();
          assert.equal(response.status, 502, text);
          assert.equal(response.headers.get("x-should-retry"), "false");
          assertClean(text);
          const body = JSON.parse(text);
          if (api === "openai") {
            assert.equal(body.error.type, "server_error");
            assert.equal(body.error.code, "backend_misconfigured");
            assert.match(
              body.error.message,
              /Backend "primary" is misconfigured/,
            );
          } else {
            assert.equal(body.type, "error");
            assert.equal(body.error.type, "api_error");
            assert.match(
              body.error.message,
              /Backend "primary" is misconfigured/,
            );
          }
          assert.equal(upstream.calls.length, 1);
          assertLogged(logs, "primary");
        } finally {
          await gateway.close();
          await upstream.close();
        }
      },
    );
  }
}

Deno.test("the second step of a fallback refusing credentials: still no upstream text, the other failure counted", async () => {
  const upstream = startUpstream("openai");
  const outage = createFailingAdapter();
  const logs: RequestLogEntry[] = [];
  const gateway = serveGateway({
    backends: [["down", outage], [
      "keyed",
      upstreamAdapter(upstream.origin, "keyed"),
    ]],
    logger: (entry) => logs.push(entry),
  });
  try {
    for (const api of ["openai", "anthropic"] as const) {
      const response = await ask(gateway.origin, api, "down", false);
      const text = await response.text();
      if (api === "openai") {
        assert.equal(response.status, 502, text);
        assertClean(text);
        assert.match(text, /Backend \\"keyed\\" is misconfigured/);
        assert.match(text, /1 other attempt\(s\) failed too/);
        assertLogged(logs, "keyed");
      } else {
        // "keyed" left routing after its 401 (the router's misconfigured
        // state) and "down" failed again: a 502 of the router's own words.
        assert.equal(response.status, 502, text);
        assertClean(text);
      }
    }
    assert.equal(upstream.calls.length, 1);
  } finally {
    await gateway.close();
    await upstream.close();
  }
});

Deno.test("the official SDKs get a 502 they do not retry (x-should-retry: false): one request each", async () => {
  for (const sdk of ["openai", "anthropic"] as const) {
    const upstream = startUpstream("openai");
    const logs: RequestLogEntry[] = [];
    const gateway = serveGateway({
      backends: [["primary", upstreamAdapter(upstream.origin, "primary")]],
      logger: (entry) => logs.push(entry),
    });
    try {
      const error = sdk === "openai"
        ? await new OpenAI({
          baseURL: `${gateway.origin}/v1`,
          apiKey: "client-key",
          maxRetries: 2,
          timeout: 10_000,
        }).chat.completions.create({
          model: "primary",
          messages: [{ role: "user", content: "hi" }],
        }).catch((e) => e)
        : await new Anthropic({
          baseURL: gateway.origin,
          apiKey: "client-key",
          maxRetries: 2,
          timeout: 10_000,
        }).messages.create({
          model: "primary",
          max_tokens: 16,
          messages: [{ role: "user", content: "hi" }],
        }).catch((e) => e);
      assert.equal(error?.status, 502, `${sdk}: ${error}`);
      assertClean(String(error?.message));
      // A retry would reach the gateway (and get a 503: the backend left
      // routing after its 401), so the gateway's log counts the SDK's calls.
      assert.equal(logs.length, 1, `${sdk}: requests to the gateway`);
      assert.equal(upstream.calls.length, 1, `${sdk}: upstream calls`);
    } finally {
      await gateway.close();
      await upstream.close();
    }
  }
});

Deno.test("resolveError: a refusal the router raised as is, or rebuilt from a stream chunk, names the backend it can, else none", () => {
  const refused = new AdapterError({
    code: "AUTHENTICATION_FAILED",
    message: `openai: HTTP 401: Incorrect API key provided: ${LEAK}`,
    provider: "openai",
    statusCode: 401,
  });
  const named = resolveError(refused, [], () => "primary");
  assert.equal(named.status, 502);
  assert.match(named.message, /^Backend "primary" is misconfigured/);
  const unnamed = resolveError(refused);
  assert.match(unnamed.message, /^A backend is misconfigured/);
  for (const resolved of [named, unnamed]) assertClean(resolved.message);
  assert.deepEqual(named.headers, { "x-should-retry": "false" });
});

Deno.test("redactKeys: every key shape a provider quotes is redacted; the words around it stay", () => {
  const cases: Array<[string, string]> = [
    [
      `Incorrect API key provided: ${LEAK}. You can find your API key at https://platform.openai.com/account/api-keys.`,
      "Incorrect API key provided: [redacted]. You can find your API key at https://platform.openai.com/account/api-keys.",
    ],
    ["key sk-ant-api03-AbC_dEf-123 rejected", "key [redacted] rejected"],
    ["invalid key=AIzaSyA1234567890abcdefgh", "invalid key=[redacted]"],
    [
      "API key AIzaSyA1234567890abcdefgh not valid",
      "API key [redacted] not valid",
    ],
    [
      "header Authorization: Bearer abc.def-123",
      "header Authorization: Bearer [redacted]",
    ],
    ['{"api_key": "s3cr3t"}', '{"api_key": "[redacted]"}'],
    ["the key ending ****Zq7w expired", "the key ending [redacted] expired"],
    [
      "invalid subscription key 0123456789abcdef0123456789abcdef.",
      "invalid subscription key [redacted].",
    ],
    ["invalid x-api-key", "invalid x-api-key"],
  ];
  for (const [text, expected] of cases) {
    assert.equal(redactKeys(text), expected, text);
  }
});
