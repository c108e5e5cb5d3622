// The response cache through the gateway, against loopback upstreams that
// count their calls: a second identical request, plain or streamed, on
// either wire, reaches no upstream and gets the first answer back (usage
// as the original reported it); Cache-Control and the TTL header; errors,
// failed and client-cut streams never stored; the log line and /metrics.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  createGateway,
  type Gateway,
  type GatewayOptions,
  hashKey,
  MemoryResponseCache,
  type RequestLogEntry,
} from "../../src/gateway/mod.ts";
import { createMockAdapter } from "../../src/models/testing.ts";
import type { IRChatResponse, IRStreamChunk } from "../../src/models/types.ts";
import { ANSWER, serveAnthropicWire, serveOpenAIWire } from "./_wire_mocks.ts";
import {
  type Served,
  serveUpstream,
  tickingSse,
  upstreamAdapter,
} from "./_serve.ts";
import {
  anthropicBackend,
  type BackendOn,
  openAIBackend,
  type UpstreamGateway,
  withUpstreamGateway,
} from "./_upstream_gateway.ts";
import { waitUntil, withTimeout } from "../_timeout.ts";

type Json = Record<string, unknown>;

function chat(body: Json, headers: Record<string, string> = {}): Request {
  return new Request("http://gw/v1/chat/completions", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

function messages(body: Json, headers: Record<string, string> = {}): Request {
  return new Request("http://gw/v1/messages", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "anthropic-version": "2023-06-01",
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

const Q = (text: string) => [{ role: "user", content: text }];

/** Text of an OpenAI SSE body, its deltas joined; and its usage, if any. */
function openAIStreamText(sse: string): { text: string; usage?: Json } {
  let text = "";
  let usage: Json | undefined;
  for (const line of sse.split("\n")) {
    if (!line.startsWith("data: ") || line === "data: [DONE]") continue;
    const event = JSON.parse(line.slice(6));
    text += event.choices?.[0]?.delta?.content ?? "";
    if (event.usage) usage = event.usage;
  }
  return { text, ...(usage ? { usage } : {}) };
}

function anthropicStreamText(sse: string): { text: string; stop?: string } {
  let text = "";
  let stop: string | undefined;
  for (const line of sse.split("\n")) {
    if (!line.startsWith("data: ")) continue;
    const event = JSON.parse(line.slice(6));
    if (event.type === "content_block_delta") text += event.delta.text ?? "";
    if (event.type === "message_delta") stop = event.delta.stop_reason;
  }
  return { text, ...(stop ? { stop } : {}) };
}

/** A gateway with a response cache and one backend on `upstream`. */
function withCachedUpstream<U extends Served>(
  upstream: U,
  backend: BackendOn,
  options: Partial<GatewayOptions>,
  run: (pair: UpstreamGateway<U>) => Promise<void>,
): Promise<void> {
  return withUpstreamGateway(upstream, backend, {
    cache: { cache: new MemoryResponseCache() },
    ...options,
  }, run);
}

/** The same, on an OpenAI-wire upstream with the gateway's defaults. */
function withCachedOpenAI<U extends Served>(
  upstream: U,
  run: (pair: UpstreamGateway<U>) => Promise<void>,
): Promise<void> {
  return withCachedUpstream(upstream, openAIBackend(), {}, run);
}

async function withGateway(
  options: Partial<GatewayOptions>,
  run: (gateway: Gateway, lines: RequestLogEntry[]) => Promise<void>,
): Promise<void> {
  const lines: RequestLogEntry[] = [];
  const gateway = createGateway({
    logger: (entry) => lines.push(entry),
    cache: { cache: new MemoryResponseCache() },
    ...options,
  } as GatewayOptions);
  try {
    await run(gateway, lines);
  } finally {
    gateway.dispose();
  }
}

describe("response cache, OpenAI wire", () => {
  it("answers a second identical request without calling the upstream, plain then streamed", async () => {
    const up = serveOpenAIWire();
    await withCachedOpenAI(up, async ({ gateway, logs: lines }) => {
      const body = { model: "gpt-test", messages: Q("hello") };
      const first = await gateway(chat(body));
      assert.equal(first.status, 200);
      assert.equal(first.headers.get("x-switchyard-cache"), "miss");
      const a = await first.json();
      assert.equal(up.calls.length, 1);

      const second = await gateway(chat(body));
      assert.equal(second.headers.get("x-switchyard-cache"), "hit");
      const b = await second.json();
      assert.equal(up.calls.length, 1, "a hit calls no upstream");
      assert.equal(b.choices[0].message.content, ANSWER);
      assert.deepEqual(b.usage, a.usage, "the original usage, unchanged");
      assert.notEqual(b.id, a.id, "a hit has its own id");

      // The same question streamed: one entry serves both forms.
      const streamed = await gateway(chat({
        ...body,
        stream: true,
        stream_options: { include_usage: true },
      }));
      assert.equal(streamed.headers.get("x-switchyard-cache"), "hit");
      assert.match(
        streamed.headers.get("content-type") ?? "",
        /^text\/event-stream/,
      );
      const sse = await streamed.text();
      assert.equal(up.calls.length, 1);
      const read = openAIStreamText(sse);
      assert.equal(read.text, ANSWER);
      assert.deepEqual(read.usage, a.usage);
      assert.ok(sse.trimEnd().endsWith("data: [DONE]"));

      assert.deepEqual(lines.map((l) => l.cache), ["miss", "hit", "hit"]);
      assert.equal(
        lines[1].tokens_in,
        undefined,
        "a hit charges no tokens",
      );
      const metrics = await (await gateway(
        new Request("http://gw/metrics"),
      )).text();
      assert.match(
        metrics,
        /switchyard_cache_requests_total\{result="hit",model="gpt-test",key="anonymous"\} 2/,
      );
      assert.match(
        metrics,
        /switchyard_cache_requests_total\{result="miss",model="gpt-test",key="anonymous"\} 1/,
      );
    });
  });

  it("stores a streamed answer and replays it to a plain request", async () => {
    const up = serveOpenAIWire();
    await withCachedOpenAI(up, async ({ gateway }) => {
      const body = { model: "gpt-test", messages: Q("stream me") };
      const first = await gateway(chat({ ...body, stream: true }));
      assert.equal(first.headers.get("x-switchyard-cache"), "miss");
      assert.equal(openAIStreamText(await first.text()).text, ANSWER);
      assert.equal(up.calls.length, 1);
      const again = await gateway(chat({ ...body, stream: true }));
      assert.equal(again.headers.get("x-switchyard-cache"), "hit");
      assert.equal(openAIStreamText(await again.text()).text, ANSWER);
      const plain = await gateway(chat(body));
      assert.equal(plain.headers.get("x-switchyard-cache"), "hit");
      assert.equal((await plain.json()).choices[0].message.content, ANSWER);
      assert.equal(up.calls.length, 1);
    });
  });

  it("keeps a tool call whole through a streamed miss and a streamed hit", async () => {
    // The arguments arrive in three pieces, as providers stream them.
    const pieces = ['{"city":', '"Oslo",', '"unit":"C"}'];
    const event = (delta: Json, finish: string | null = null) =>
      `data: ${
        JSON.stringify({
          id: "c",
          object: "chat.completion.chunk",
          created: 0,
          model: "gpt-test",
          choices: [{ index: 0, delta, finish_reason: finish }],
        })
      }\n\n`;
    const sse = event({
      role: "assistant",
      tool_calls: [{
        index: 0,
        id: "call_1",
        type: "function",
        function: { name: "get_weather", arguments: "" },
      }],
    }) +
      pieces.map((p) =>
        event({ tool_calls: [{ index: 0, function: { arguments: p } }] })
      ).join("") + event({}, "tool_calls") + "data: [DONE]\n\n";
    const up = serveUpstream(() =>
      new Response(sse, { headers: { "content-type": "text/event-stream" } })
    );
    await withCachedOpenAI(up, async ({ gateway }) => {
      const body = {
        model: "gpt-test",
        messages: Q("weather in Oslo?"),
        tools: [{
          type: "function",
          function: {
            name: "get_weather",
            parameters: { type: "object", properties: {} },
          },
        }],
      };
      await (await gateway(chat({ ...body, stream: true }))).text();
      const hit = await gateway(chat(body));
      assert.equal(hit.headers.get("x-switchyard-cache"), "hit");
      const answer = (await hit.json()).choices[0];
      assert.equal(answer.finish_reason, "tool_calls");
      const call = answer.message.tool_calls[0];
      assert.equal(call.function.name, "get_weather");
      assert.deepEqual(JSON.parse(call.function.arguments), {
        city: "Oslo",
        unit: "C",
      });
      const replayed = await gateway(chat({ ...body, stream: true }));
      assert.equal(replayed.headers.get("x-switchyard-cache"), "hit");
      const args = (await replayed.text()).split("\n").filter((l) =>
        l.startsWith("data: {")
      ).map((l) =>
        JSON.parse(l.slice(6)).choices?.[0]?.delta?.tool_calls?.[0]
          ?.function?.arguments ?? ""
      ).join("");
      assert.deepEqual(JSON.parse(args), { city: "Oslo", unit: "C" });
      assert.equal(up.calls.length, 1);
    });
  });

  it("separates requests that differ in a parameter, and shares two aliases of one model", async () => {
    const up = serveOpenAIWire();
    await withCachedUpstream(
      up,
      openAIBackend(),
      {
        aliases: { fast: "gpt-test", quick: "gpt-test" },
      },
      async ({ gateway }) => {
        const body = { model: "fast", messages: Q("x") };
        await (await gateway(chat(body))).body?.cancel();
        await (await gateway(chat({ ...body, temperature: 0.5 }))).body
          ?.cancel();
        assert.equal(up.calls.length, 2, "temperature changes the answer");
        const alias = await gateway(chat({ ...body, model: "quick" }));
        assert.equal(alias.headers.get("x-switchyard-cache"), "hit");
        await alias.body?.cancel();
        assert.equal(up.calls.length, 2);
        // Another end user (`user`) is kept apart, as LiteLLM does.
        const user = await gateway(chat({ ...body, user: "someone-else" }));
        assert.equal(user.headers.get("x-switchyard-cache"), "miss");
        await user.body?.cancel();
        assert.equal(up.calls.length, 3);
      },
    );
  });
});

describe("response cache, Anthropic wire", () => {
  it("answers a second identical message from the cache, plain and streamed", async () => {
    const up = serveAnthropicWire();
    await withCachedUpstream(
      up,
      anthropicBackend("claude", { defaultModel: "claude-test" }),
      {},
      async ({ gateway, logs: lines }) => {
        const body = {
          model: "claude-test",
          max_tokens: 64,
          messages: Q("bonjour?"),
        };
        const first = await gateway(messages(body));
        assert.equal(first.headers.get("x-switchyard-cache"), "miss");
        const a = await first.json();
        const second = await gateway(messages(body));
        assert.equal(second.headers.get("x-switchyard-cache"), "hit");
        const b = await second.json();
        assert.equal(up.calls.length, 1);
        assert.equal(b.type, "message");
        assert.deepEqual(b.content, a.content);
        assert.deepEqual(b.usage, a.usage);
        assert.equal(b.stop_reason, a.stop_reason);

        const streamed = await gateway(messages({ ...body, stream: true }));
        assert.equal(streamed.headers.get("x-switchyard-cache"), "hit");
        const read = anthropicStreamText(await streamed.text());
        assert.equal(read.text, ANSWER);
        assert.equal(read.stop, "end_turn");
        assert.equal(up.calls.length, 1);
        assert.deepEqual(lines.map((l) => l.cache), ["miss", "hit", "hit"]);
      },
    );
  });

  it("does not answer an Anthropic request from an OpenAI request's entry", async () => {
    const oa = serveOpenAIWire();
    await withCachedOpenAI(oa, async ({ gateway }) => {
      // The same body on both wires: only the wire differs.
      await (await gateway(chat({
        model: "gpt-test",
        max_tokens: 64,
        messages: Q("same words"),
      }))).body?.cancel();
      const other = await gateway(messages({
        model: "gpt-test",
        max_tokens: 64,
        messages: Q("same words"),
      }));
      assert.equal(other.headers.get("x-switchyard-cache"), "miss");
      await other.body?.cancel();
      assert.equal(oa.calls.length, 2);
    });
  });
});

describe("response cache, request headers and keys", () => {
  it("no-cache reads nothing but stores; no-store does neither; bypass is said", async () => {
    const up = serveOpenAIWire();
    await withCachedOpenAI(up, async ({ gateway }) => {
      const body = { model: "gpt-test", messages: Q("headers") };
      const noStore = await gateway(
        chat(body, { "cache-control": "No-Store" }),
      );
      assert.equal(noStore.headers.get("x-switchyard-cache"), "bypass");
      await noStore.body?.cancel();
      const miss = await gateway(chat(body));
      assert.equal(miss.headers.get("x-switchyard-cache"), "miss");
      await miss.body?.cancel();
      assert.equal(up.calls.length, 2, "no-store stored nothing");
      const noCache = await gateway(
        chat(body, { "cache-control": "max-age=0, no-cache" }),
      );
      assert.equal(noCache.headers.get("x-switchyard-cache"), "miss");
      await noCache.body?.cancel();
      assert.equal(up.calls.length, 3, "no-cache read nothing");
      const hit = await gateway(chat(body));
      assert.equal(hit.headers.get("x-switchyard-cache"), "hit");
      await hit.body?.cancel();
      assert.equal(up.calls.length, 3);
    });
  });

  it("keeps an answer for the seconds x-switchyard-cache-ttl asks; 0 keeps nothing", async () => {
    const up = serveOpenAIWire();
    let now = 1_000_000;
    await withCachedUpstream(
      up,
      openAIBackend(),
      {
        now: () => now,
        cache: {
          cache: new MemoryResponseCache({ now: () => now }),
          ttlSeconds: 3600,
        },
      },
      async ({ gateway }) => {
        const body = { model: "gpt-test", messages: Q("ttl") };
        const zero = await gateway(
          chat(body, { "x-switchyard-cache-ttl": "0" }),
        );
        await zero.body?.cancel();
        await (await gateway(chat(body, { "x-switchyard-cache-ttl": "10" })))
          .body?.cancel();
        assert.equal(up.calls.length, 2, "ttl 0 stored nothing");
        now += 9_000;
        const within = await gateway(chat(body));
        assert.equal(within.headers.get("x-switchyard-cache"), "hit");
        assert.equal(within.headers.get("age"), "9");
        await within.body?.cancel();
        now += 1_000;
        const after = await gateway(chat(body));
        assert.equal(after.headers.get("x-switchyard-cache"), "miss");
        await after.body?.cancel();
        assert.equal(up.calls.length, 3);
      },
    );
  });

  it("refuses a malformed TTL header with a 400 in the caller's wire", async () => {
    await withGateway(
      { backends: [["oa", upstreamAdapter("http://127.0.0.1:9", "oa")]] },
      async (gateway) => {
        for (const value of ["-1", "1.5", "ten", "99999999999", "1e3"]) {
          const answer = await gateway(chat(
            { model: "gpt-test", messages: Q("x") },
            { "x-switchyard-cache-ttl": value },
          ));
          assert.equal(answer.status, 400, value);
          assert.equal((await answer.json()).error.code, "invalid_cache_ttl");
        }
        const anthropic = await gateway(messages(
          { model: "gpt-test", max_tokens: 5, messages: Q("x") },
          { "x-switchyard-cache-ttl": "soon" },
        ));
        assert.equal(anthropic.status, 400);
        const body = await anthropic.json();
        assert.equal(body.type, "error");
        assert.equal(body.error.type, "invalid_request_error");
      },
    );
  });

  it("follows a key's cache switch, and a TTL header turns it on when the default is off", async () => {
    const up = serveOpenAIWire();
    await withCachedUpstream(
      up,
      openAIBackend(),
      {
        keys: [
          { id: "on", sha256: await hashKey("sk-on"), cache: true },
          { id: "off", sha256: await hashKey("sk-off"), cache: false },
          { id: "plain", sha256: await hashKey("sk-plain") },
        ],
        cache: { cache: new MemoryResponseCache(), enabled: false },
      },
      async ({ gateway }) => {
        const body = { model: "gpt-test", messages: Q("keys") };
        const as = (key: string, extra: Record<string, string> = {}) =>
          gateway(chat(body, { authorization: `Bearer ${key}`, ...extra }));
        const plain = await as("sk-plain");
        assert.equal(plain.headers.get("x-switchyard-cache"), "bypass");
        await plain.body?.cancel();
        const on = await as("sk-on");
        assert.equal(on.headers.get("x-switchyard-cache"), "miss");
        await on.body?.cancel();
        const onAgain = await as("sk-on");
        assert.equal(onAgain.headers.get("x-switchyard-cache"), "hit");
        await onAgain.body?.cancel();
        // The key, not the question, differs: the same entry.
        const asked = await as("sk-plain", {
          "x-switchyard-cache-ttl": "60",
        });
        assert.equal(asked.headers.get("x-switchyard-cache"), "hit");
        await asked.body?.cancel();
        const off = await as("sk-off", { "x-switchyard-cache-ttl": "60" });
        assert.equal(off.headers.get("x-switchyard-cache"), "bypass");
        await off.body?.cancel();
        assert.equal(up.calls.length, 3);
      },
    );
  });

  it("keeps the answers of a key held to some backends apart", async () => {
    const up = serveOpenAIWire();
    await withCachedUpstream(
      up,
      openAIBackend(),
      {
        keys: [
          { id: "any", sha256: await hashKey("sk-any") },
          { id: "held", sha256: await hashKey("sk-held"), backends: ["oa"] },
          {
            id: "held2",
            sha256: await hashKey("sk-held2"),
            backends: ["oa"],
          },
        ],
      },
      async ({ gateway }) => {
        const body = { model: "gpt-test", messages: Q("scope") };
        const as = (key: string) =>
          gateway(chat(body, { authorization: `Bearer ${key}` }));
        const results: (string | null)[] = [];
        for (const key of ["sk-any", "sk-held", "sk-held2"]) {
          const answer = await as(key);
          results.push(answer.headers.get("x-switchyard-cache"));
          await answer.body?.cancel();
        }
        assert.deepEqual(results, ["miss", "miss", "hit"]);
        assert.equal(up.calls.length, 2);
      },
    );
  });

  it("gives back a hit's prompt estimate to the key's tpm bucket", async () => {
    const up = serveOpenAIWire();
    await withCachedUpstream(
      up,
      openAIBackend(),
      {
        keys: [{ id: "t", sha256: await hashKey("sk-t"), tpm: 100_000 }],
        now: () => 5_000,
      },
      async ({ gateway }) => {
        const long = "word ".repeat(4_000); // about 5 000 tokens estimated
        const body = { model: "gpt-test", messages: Q(long) };
        const send = () =>
          gateway(chat(body, { authorization: "Bearer sk-t" }));
        await (await send()).body?.cancel(); // miss: charged its usage (7)
        const remaining = async () => {
          const answer = await send();
          await answer.body?.cancel();
          assert.equal(answer.headers.get("x-switchyard-cache"), "hit");
          return Number(answer.headers.get("x-ratelimit-remaining-tokens"));
        };
        const r1 = await remaining();
        const r2 = await remaining();
        // Each hit's admission takes the estimate; the refund puts it
        // back, so the bucket stays where the miss left it.
        assert.equal(r2, r1);
      },
    );
  });
});

describe("response cache, what is never stored", () => {
  it("does not store an upstream error", async () => {
    const up = serveUpstream((_call, i) =>
      i === 0
        ? Response.json({
          error: { message: "bad", type: "invalid_request_error" },
        }, {
          status: 400,
        })
        : Response.json({
          id: "x",
          object: "chat.completion",
          created: 0,
          model: "gpt-test",
          choices: [{
            index: 0,
            message: { role: "assistant", content: "fine" },
            finish_reason: "stop",
          }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        })
    );
    await withCachedOpenAI(up, async ({ gateway }) => {
      const body = { model: "gpt-test", messages: Q("fail first") };
      const failed = await gateway(chat(body));
      assert.equal(failed.status, 400);
      await failed.body?.cancel();
      const next = await gateway(chat(body));
      assert.equal(next.headers.get("x-switchyard-cache"), "miss");
      assert.equal((await next.json()).choices[0].message.content, "fine");
      assert.equal(up.calls.length, 2);
    });
  });

  it("does not store a stream the upstream cut, nor one the client left", async () => {
    let cancelled = 0;
    const event = (n: number) =>
      `data: ${
        JSON.stringify({
          id: "c",
          object: "chat.completion.chunk",
          created: 0,
          model: "gpt-test",
          choices: [{ index: 0, delta: { content: `t${n} ` } }],
        })
      }\n\n`;
    const up = serveUpstream((_call, i) =>
      // First call: the upstream breaks after 3 events; later: never ends
      // until the client leaves.
      i === 0 ? tickingSse(event, () => {}, 3) : tickingSse(event, () => {
        cancelled++;
      })
    );
    await withCachedOpenAI(up, async ({ gateway, logs: lines }) => {
      const body = { model: "gpt-test", messages: Q("cut"), stream: true };
      const cut = await gateway(chat(body));
      assert.equal(cut.headers.get("x-switchyard-cache"), "miss");
      await withTimeout(cut.text(), 10_000, "the cut stream ends");

      const left = await gateway(chat(body));
      assert.equal(left.headers.get("x-switchyard-cache"), "miss");
      const reader = left.body!.getReader();
      await withTimeout(reader.read(), 10_000, "first event");
      await reader.cancel();
      await waitUntil(
        () => lines.length === 2,
        "the left stream's log line",
      );
      assert.equal(lines[1].error_code, "ABORTED");

      const third = await gateway(chat(body));
      assert.equal(third.headers.get("x-switchyard-cache"), "miss");
      const r = third.body!.getReader();
      await withTimeout(r.read(), 10_000, "third stream");
      await r.cancel();
      assert.equal(up.calls.length, 3, "neither stream was stored");
      assert.ok(cancelled >= 1);
    });
  });
});

describe("response cache, what the answer side carries", () => {
  it("keeps a stop sequence and a refusal through a streamed miss; replays them", async () => {
    const backend = createMockAdapter({
      *chunks(): Generator<IRStreamChunk> {
        yield { type: "start", sequence: 0, metadata: { provider: "mock" } };
        yield { type: "content", sequence: 1, delta: "Stopped at " };
        yield { type: "content", sequence: 2, delta: "", refusal: "No." };
        yield {
          type: "done",
          sequence: 3,
          finishReason: "stop",
          stopSequence: "END",
          usage: { promptTokens: 4, completionTokens: 3, totalTokens: 7 },
        };
      },
    });
    await withGateway({ backends: [["mock", backend]] }, async (gateway) => {
      const body = { model: "mock", max_tokens: 20, messages: Q("stop") };
      const first = await gateway(messages({ ...body, stream: true }));
      assert.equal(first.headers.get("x-switchyard-cache"), "miss");
      await first.text();
      const plain = await gateway(messages(body));
      assert.equal(plain.headers.get("x-switchyard-cache"), "hit");
      const answer = await plain.json();
      assert.equal(answer.stop_sequence, "END");
      assert.equal(answer.usage.input_tokens, 4);
      const openai = await gateway(
        chat({ model: "mock", messages: Q("stop"), stream: true }),
      );
      await openai.text();
      const again = await gateway(chat({ model: "mock", messages: Q("stop") }));
      assert.equal(again.headers.get("x-switchyard-cache"), "hit");
      const againBody = await again.json();
      assert.equal(againBody.choices[0].message.refusal, "No.");
      assert.equal(backend.calls.length, 2, "one call per wire");
    });
  });

  it("answers a streamed request for an answer with reasoning from the backend, a plain one from the cache", async () => {
    const reply: IRChatResponse = {
      message: {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "Let me see.", signature: "sig" },
          { type: "text", text: "Four." },
        ],
      },
      finishReason: "stop",
      usage: { promptTokens: 5, completionTokens: 9, totalTokens: 14 },
      metadata: {},
    };
    const backend = createMockAdapter({ responses: reply });
    await withGateway({ backends: [["mock", backend]] }, async (gateway) => {
      const body = { model: "mock", max_tokens: 50, messages: Q("2+2?") };
      await (await gateway(messages(body))).body?.cancel();
      const plain = await gateway(messages(body));
      assert.equal(plain.headers.get("x-switchyard-cache"), "hit");
      const content = (await plain.json()).content;
      assert.deepEqual(content.map((b: Json) => b.type), ["thinking", "text"]);
      assert.equal(backend.calls.length, 1);
      const streamed = await gateway(messages({ ...body, stream: true }));
      assert.equal(streamed.headers.get("x-switchyard-cache"), "miss");
      assert.match(await streamed.text(), /Let me see\./);
      assert.equal(backend.calls.length, 2, "the stream went to the backend");
    });
  });
});

describe("response cache, content only a relay can carry", () => {
  it("relays a request whose content the IR cannot carry, bypassing the cache", async () => {
    const up = serveOpenAIWire();
    await withCachedOpenAI(up, async ({ gateway }) => {
      const body = {
        model: "gpt-test",
        messages: [{
          role: "user",
          content: [{
            type: "input_audio",
            input_audio: { data: "AAAA", format: "wav" },
          }],
        }],
      };
      for (let i = 0; i < 2; i++) {
        const answer = await gateway(chat(body));
        assert.equal(answer.status, 200);
        assert.equal(answer.headers.get("x-switchyard-cache"), "bypass");
        await answer.body?.cancel();
      }
      assert.equal(up.calls.length, 2);
      assert.equal(
        (up.calls[0].body.messages as Json[])[0].content instanceof Array,
        true,
        "the client's content went upstream as sent",
      );
    });
  });
});
