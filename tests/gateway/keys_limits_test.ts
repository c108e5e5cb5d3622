// Client keys and per-key rate limits, through the gateway handler in
// process (an injected clock drives the buckets) and over loopback with the
// openai SDK.
import assert from "node:assert/strict";
import Anthropic from "npm:@anthropic-ai/sdk@1.14.0";
import { anthropicClient } from "./_anthropic_client.ts";
import OpenAI from "npm:openai@7.57.0";
import {
  createGateway,
  formatReset,
  hashKey,
  KeyRing,
  MemoryRateLimitStore,
  timingSafeEqual,
} from "../../src/gateway/mod.ts";
import {
  createEchoAdapter,
  createMockAdapter,
} from "../../src/models/testing.ts";
import { checkLimitHeaders } from "./_limit_headers.ts";
import { serveGateway } from "./_serve.ts";
import { serveGateway as listen } from "../../src/gateway/serve.ts";
import { shutdownBounded, withTimeout } from "../_bounded.ts";

function chat(
  headers: HeadersInit,
  body: Record<string, unknown> = {},
  path = "/v1/chat/completions",
): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      model: "echo",
      messages: [{ role: "user", content: "hi" }],
      ...body,
    }),
  });
}

Deno.test("keys: missing or wrong key is an OpenAI-style 401; the right one passes", async () => {
  const gateway = createGateway({
    backends: [["echo", createEchoAdapter()]],
    keys: [{ id: "team-a", sha256: await hashKey("sk-a") }],
  });
  try {
    for (
      const headers of [{}, { authorization: "Bearer sk-b" }, {
        "x-api-key": "nope",
      }]
    ) {
      const response = await gateway(
        chat(new Headers(Object.entries(headers) as [string, string][])),
      );
      assert.equal(response.status, 401);
      const body = await response.json();
      assert.deepEqual(Object.keys(body.error).sort(), [
        "code",
        "message",
        "param",
        "type",
      ]);
      assert.match(body.error.code, /^(missing|invalid)_api_key$/);
      // OpenAI's own 401 for a bad key: type invalid_request_error.
      assert.equal(body.error.type, "invalid_request_error");
      assert.ok(
        !JSON.stringify(body).includes("sk-"),
        "the secret is not echoed",
      );
    }
    for (
      const headers of [{ authorization: "Bearer sk-a" }, {
        "x-api-key": "sk-a",
      }]
    ) {
      const response = await gateway(
        chat(new Headers(Object.entries(headers) as [string, string][])),
      );
      assert.equal(response.status, 200);
      await response.body?.cancel();
    }
    // Anthropic route: Anthropic-style 401 body.
    const anthropic = await gateway(
      chat({}, { max_tokens: 5 }, "/v1/messages"),
    );
    assert.equal(anthropic.status, 401);
    const body = await anthropic.json();
    assert.equal(body.type, "error");
    assert.equal(body.error.type, "authentication_error");
    // /v1/models needs a key too; /metrics does not.
    assert.equal(
      (await gateway(new Request("http://localhost/v1/models"))).status,
      401,
    );
    const metrics = await gateway(new Request("http://localhost/metrics"));
    assert.equal(metrics.status, 200);
    await metrics.body?.cancel();
  } finally {
    gateway.dispose();
  }
});

Deno.test("keys: a key limited to some models gets 403 for others and sees only its models", async () => {
  const gateway = createGateway({
    backends: [["echo", createEchoAdapter()], [
      "mock",
      createEchoAdapter(),
    ]],
    keys: [{
      id: "narrow",
      sha256: await hashKey("sk-n"),
      models: ["echo", "fast"],
    }],
    aliases: { fast: "echo" },
  });
  try {
    const auth = { authorization: "Bearer sk-n" };
    const denied = await gateway(chat(auth, { model: "mock" }));
    assert.equal(denied.status, 403);
    assert.equal((await denied.json()).error.code, "model_not_allowed");
    const alias = await gateway(chat(auth, { model: "fast" }));
    assert.equal(alias.status, 200);
    assert.equal((await alias.json()).choices[0].message.content, "hi");
    const models = await (await gateway(
      new Request("http://localhost/v1/models", { headers: auth }),
    )).json();
    assert.deepEqual(models.data.map((m: { id: string }) => m.id).sort(), [
      "echo",
      "fast",
    ]);
  } finally {
    gateway.dispose();
  }
});

// The secret is case-sensitive; the scheme, the header name and a digest's
// hex digits are not.
const MIXED = "sk-QxZ-wVy";
const TWINS = [MIXED.toLowerCase(), MIXED.toUpperCase(), "sk-qXz-WvY"];

/** The two wires: each sends the secret the way its official SDK does. */
const WIRES = [
  {
    path: "/v1/chat/completions",
    body: {},
    send: (secret: string, variant: number) =>
      ({
        [["authorization", "Authorization", "AUTHORIZATION"][variant % 3]]: `${
          ["Bearer", "bearer", "BEARER", "bEaReR"][variant % 4]
        } ${secret}`,
      }) as Record<string, string>,
  },
  {
    path: "/v1/messages",
    body: { max_tokens: 5 },
    send: (secret: string, variant: number) =>
      ({
        [["x-api-key", "X-Api-Key", "X-API-KEY"][variant % 3]]: secret,
      }) as Record<string, string>,
  },
];

Deno.test("keys: scheme and header name in any case pass on both wires; a secret's case twins are refused and never echoed or logged", async () => {
  const logged: unknown[] = [];
  const gateway = createGateway({
    backends: [["echo", createEchoAdapter()]],
    keys: [{ id: "mixed", sha256: await hashKey(MIXED) }],
    logger: (entry) => logged.push(entry),
  });
  try {
    for (const wire of WIRES) {
      for (let variant = 0; variant < 4; variant++) {
        const response = await gateway(
          chat(wire.send(MIXED, variant), wire.body, wire.path),
        );
        assert.equal(response.status, 200, `${wire.path} variant ${variant}`);
        await response.body?.cancel();
      }
      for (const twin of TWINS) {
        const before = logged.length;
        const response = await gateway(
          chat(wire.send(twin, 0), wire.body, wire.path),
        );
        assert.equal(response.status, 401, `${wire.path} accepted ${twin}`);
        const text = await response.text();
        const entries = JSON.stringify(logged.slice(before));
        assert.equal(logged.length, before + 1, "one log line per request");
        assert.match(entries, /"key_id":"none"/);
        assert.match(entries, /"error_code":"invalid_api_key"/);
        // Not even a part of it, as OpenAI's "sk-abc***xyz" would show.
        for (const where of [text, entries]) {
          assert.doesNotMatch(where, /qxz|wvy/i, "a secret's part");
        }
      }
    }
    const metrics = await (await gateway(
      new Request("http://localhost/metrics"),
    )).text();
    assert.doesNotMatch(metrics, /qxz|wvy/i, "a secret's part in metrics");
  } finally {
    gateway.dispose();
  }
});

Deno.test("KeyRing: a digest in upper or mixed case hex matches; the secret's case still counts", async () => {
  const digest = await hashKey(MIXED);
  const mixed = digest.replace(
    /[a-f]/g,
    (c, i: number) => i % 2 ? c.toUpperCase() : c,
  );
  for (const sha256 of [digest.toUpperCase(), mixed]) {
    const ring = new KeyRing([{ id: "up", sha256 }]);
    const key = await ring.authenticate(
      new Headers({ authorization: `Bearer ${MIXED}` }),
    );
    assert.equal(key.id, "up");
    assert.equal(key.sha256, digest, "stored in the documented lowercase");
    for (const twin of TWINS) {
      await assert.rejects(
        ring.authenticate(new Headers({ "x-api-key": twin })),
        (error: { status?: number; code?: string }) =>
          error.status === 401 && error.code === "invalid_api_key",
      );
    }
  }
});

/** Reads one HTTP/1.1 answer with a Content-Length body, each read bounded. */
async function readAnswer(
  conn: Deno.Conn,
): Promise<{ status: number; body: string }> {
  const decoder = new TextDecoder();
  const buffer = new Uint8Array(64 * 1024);
  let text = "";
  for (let reads = 0; reads < 1_000; reads++) {
    const end = text.indexOf("\r\n\r\n");
    if (end !== -1) {
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end));
      assert.ok(length, `an answer without content-length: ${text}`);
      if (text.length >= end + 4 + Number(length[1])) {
        return {
          status: Number(text.slice(9, 12)),
          body: text.slice(end + 4, end + 4 + Number(length[1])),
        };
      }
    }
    const n = await withTimeout(conn.read(buffer), 10_000, "answer");
    assert.ok(n !== null, `connection closed mid-answer: ${text}`);
    text += decoder.decode(buffer.subarray(0, n));
  }
  throw new Error(`no whole answer after 1000 reads: ${text}`);
}

Deno.test("keys over serveGateway's listener: header names and schemes as curl types them, on the second and third request of one connection", async () => {
  const gateway = createGateway({
    backends: [["echo", createEchoAdapter()]],
    keys: [{ id: "mixed", sha256: await hashKey(MIXED) }],
  });
  const server = await listen(gateway, { port: 0 });
  const conn = await Deno.connect({
    hostname: "127.0.0.1",
    port: server.addr.port,
  });
  try {
    const body = (extra: string) =>
      `{"model":"echo","messages":[{"role":"user","content":"hi"}]${extra}}`;
    const ask = async (path: string, head: string, json: string) => {
      await conn.write(
        new TextEncoder().encode(
          `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${head}\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\n\r\n${json}`,
        ),
      );
      return await readAnswer(conn);
    };
    const openai = body("");
    const anthropic = body(',"max_tokens":5');
    const steps: Array<[string, string, string, number]> = [
      ["/v1/chat/completions", `AUTHORIZATION: bEaReR ${MIXED}`, openai, 200],
      ["/v1/messages", `X-API-KEY: ${MIXED}`, anthropic, 200],
      ["/v1/messages", `X-Api-Key: ${MIXED.toLowerCase()}`, anthropic, 401],
      [
        "/v1/chat/completions",
        `Authorization: Bearer ${MIXED.toUpperCase()}`,
        openai,
        401,
      ],
      ["/v1/chat/completions", `authorization: BEARER ${MIXED}`, openai, 200],
    ];
    for (const [path, head, json, status] of steps) {
      const answer = await ask(path, head, json);
      assert.equal(answer.status, status, `${head}: ${answer.body}`);
      assert.doesNotMatch(answer.body, /qxz|wvy/i, "a secret's part");
    }
  } finally {
    conn.close();
    await shutdownBounded(server);
    gateway.dispose();
  }
});

Deno.test("KeyRing and timingSafeEqual", async () => {
  assert.equal(timingSafeEqual("abc", "abc"), true);
  assert.equal(timingSafeEqual("abc", "abd"), false);
  assert.equal(timingSafeEqual("abc", "abcd"), false);
  assert.equal(timingSafeEqual("", ""), true);
  assert.throws(() => new KeyRing([{ id: "a", sha256: "zz" }]), /sha256/);
  const digest = await hashKey("x");
  assert.throws(
    () =>
      new KeyRing([{ id: "a", sha256: digest }, { id: "a", sha256: digest }]),
    /duplicate/,
  );
  // A limit with no honest Retry-After or reset header is refused up front.
  for (const bad of [0, -1, Infinity, Number.NaN]) {
    for (const limit of ["rpm", "tpm"] as const) {
      assert.throws(
        () => new KeyRing([{ id: "a", sha256: digest, [limit]: bad }]),
        new RegExp(`${limit} must be a positive finite number`),
      );
    }
  }
  assert.equal(
    new KeyRing([{ id: "a", sha256: digest, rpm: 0.5, tpm: 10 }]).enabled,
    true,
  );
  // The digest of "abc" from FIPS 180-2.
  assert.equal(
    await hashKey("abc"),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
});

Deno.test("rate limits: rpm bucket refuses with 429, Retry-After and OpenAI's x-ratelimit headers, then refills", async () => {
  let now = 1_000_000;
  const gateway = createGateway({
    backends: [["echo", createEchoAdapter()]],
    keys: [{ id: "a", sha256: await hashKey("sk-a"), rpm: 2 }],
    now: () => now,
  });
  try {
    const auth = { authorization: "Bearer sk-a" };
    const first = await gateway(chat(auth));
    assert.equal(first.status, 200);
    assert.equal(first.headers.get("x-ratelimit-limit-requests"), "2");
    assert.equal(first.headers.get("x-ratelimit-remaining-requests"), "1");
    assert.equal(first.headers.get("x-ratelimit-reset-requests"), "30s");
    await first.body?.cancel();
    await (await gateway(chat(auth))).body?.cancel();
    const refused = await gateway(chat(auth));
    assert.equal(refused.status, 429);
    assert.equal(refused.headers.get("retry-after"), "30");
    assert.equal(refused.headers.get("retry-after-ms"), "30000");
    assert.equal(refused.headers.get("x-ratelimit-remaining-requests"), "0");
    assert.equal(refused.headers.get("x-ratelimit-reset-requests"), "1m0s");
    const body = await refused.json();
    assert.equal(body.error.type, "rate_limit_error");
    assert.equal(body.error.code, "rate_limit_exceeded");
    now += 30_000;
    const again = await gateway(chat(auth));
    assert.equal(again.status, 200);
    await again.body?.cancel();
  } finally {
    gateway.dispose();
  }
});

Deno.test("rate limits: every answer of a key carries its limits' headers as OpenAI sends them (all six with rpm and tpm, 429s too); /v1/messages adds Anthropic's", async () => {
  await checkLimitHeaders(() => ({}));
});

Deno.test("rate limits: the Anthropic SDK's RateLimitError carries anthropic-ratelimit-* and retry-after", async () => {
  const server = serveGateway({
    backends: [["echo", createEchoAdapter()]],
    keys: [{ id: "an", sha256: await hashKey("sk-an"), rpm: 1, tpm: 500 }],
  });
  try {
    const anthropic = anthropicClient(server.origin, "sk-an");
    const params = {
      model: "echo",
      max_tokens: 5,
      messages: [{ role: "user" as const, content: "one" }],
    };
    const { response } = await anthropic.messages.create(params)
      .withResponse();
    assert.equal(
      response.headers.get("anthropic-ratelimit-requests-limit"),
      "1",
    );
    assert.equal(
      response.headers.get("anthropic-ratelimit-tokens-limit"),
      "500",
    );
    const error = await anthropic.messages.create(params).catch((e) => e);
    assert.ok(error instanceof Anthropic.RateLimitError, String(error));
    assert.ok(Number(error.headers.get("retry-after")) >= 1);
    assert.equal(
      error.headers.get("anthropic-ratelimit-requests-remaining"),
      "0",
    );
    const reset = error.headers.get("anthropic-ratelimit-requests-reset");
    assert.match(reset ?? "", /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.ok(Date.parse(reset!) > Date.now(), reset ?? "");
    assert.ok(error.headers.has("anthropic-ratelimit-tokens-remaining"));
  } finally {
    await server.close();
  }
});

Deno.test("rate limits: tpm charges the reported usage; a bucket in debt refuses until refilled", async () => {
  let now = 0;
  const usage = { promptTokens: 60, completionTokens: 40, totalTokens: 100 };
  const gateway = createGateway({
    backends: [[
      "mock",
      createMockAdapter({
        responses: {
          message: { role: "assistant", content: "ok" },
          finishReason: "stop",
          usage,
          metadata: {},
        },
      }),
    ]],
    keys: [{ id: "t", sha256: await hashKey("sk-t"), tpm: 120 }],
    now: () => now,
  });
  try {
    const auth = { authorization: "Bearer sk-t" };
    const first = await gateway(chat(auth, { model: "mock" }));
    assert.equal(first.status, 200);
    assert.equal(first.headers.get("x-ratelimit-limit-tokens"), "120");
    await first.body?.cancel();
    // 100 of 120 used: the next estimate (a few tokens) fits, and its 100 put the bucket in debt.
    const second = await gateway(chat(auth, { model: "mock" }));
    assert.equal(second.status, 200);
    await second.body?.cancel();
    const refused = await gateway(chat(auth, { model: "mock" }));
    assert.equal(refused.status, 429);
    assert.ok(
      Number(refused.headers.get("retry-after")) >= 40,
      refused.headers.get("retry-after") ?? "",
    );
    assert.equal(refused.headers.get("x-ratelimit-remaining-tokens"), "0");
    await refused.body?.cancel();
    now += 60_000;
    const later = await gateway(chat(auth, { model: "mock" }));
    assert.equal(later.status, 200);
    await later.body?.cancel();
  } finally {
    gateway.dispose();
  }
});

Deno.test("rate limits: a streamed request is limited like a non-streamed one; the openai SDK sees RateLimitError", async () => {
  const server = serveGateway({
    backends: [["echo", createEchoAdapter()]],
    keys: [{ id: "s", sha256: await hashKey("sk-s"), rpm: 1 }],
  });
  try {
    const openai = new OpenAI({
      baseURL: `${server.origin}/v1`,
      apiKey: "sk-s",
      maxRetries: 0,
      timeout: 10_000,
    });
    const stream = await openai.chat.completions.create({
      model: "echo",
      messages: [{ role: "user", content: "one two" }],
      stream: true,
    });
    let text = "";
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? "";
    }
    assert.equal(text, "one two");
    const error = await openai.chat.completions.create({
      model: "echo",
      messages: [{ role: "user", content: "again" }],
      stream: true,
    }).catch((e) => e);
    assert.ok(error instanceof OpenAI.RateLimitError, String(error));
    assert.ok(Number(error.headers.get("retry-after")) >= 1);
    assert.equal(error.headers.get("x-ratelimit-limit-requests"), "1");
  } finally {
    await server.close();
  }
});

Deno.test("MemoryRateLimitStore: refill is continuous and capped; adjust may go below zero", () => {
  const store = new MemoryRateLimitStore();
  const limit = { capacity: 10, perMs: 10 / 60_000 };
  assert.equal(store.take("k", 10, limit, 0).allowed, true);
  const empty = store.take("k", 1, limit, 0);
  assert.equal(empty.allowed, false);
  assert.equal(empty.retryAfterMs, 6000);
  assert.equal(store.take("k", 1, limit, 6000).allowed, true);
  assert.equal(
    store.take("k", 1, limit, 1_000_000).remaining,
    9,
    "capped at capacity",
  );
  const debt = store.adjust("k", 30, limit, 1_000_000);
  assert.equal(debt.remaining, -21);
  assert.equal(store.take("k", 1, limit, 1_000_000 + 60_000).allowed, false);
  assert.equal(
    store.take("other", 1, limit, 0).remaining,
    9,
    "buckets are per key",
  );
  assert.equal(formatReset(3_723_000), "1h2m3s");
});
