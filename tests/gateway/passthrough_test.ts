// Passthrough with the official openai SDK as the client, the real OpenAI
// adapter as the backend and an OpenAI-wire upstream on loopback: the
// upstream's bytes reach the client unchanged, while fallback before the
// head, error mapping, limits, metrics and the log keep working.
import assert from "node:assert/strict";
import OpenAI from "npm:openai@7.57.0";
import type { RequestLogEntry } from "../../src/gateway/mod.ts";
import {
  createGateway,
  type Gateway,
  hashKey,
  serveGateway as listen,
} from "../../src/gateway/mod.ts";
import { fetchSignal, shutdownBounded } from "../_bounded.ts";
import { openAIClient } from "./_openai_client.ts";
import { waitUntil } from "../_timeout.ts";
import {
  inPieces,
  serveGateway,
  serveUpstream,
  tickingSse,
  upstreamAdapter,
} from "./_serve.ts";
import { streamBodyOf } from "../../src/gateway/_passthrough.ts";

// Spacing and fields the gateway's own encoder would not write: only a
// byte-for-byte relay gives them back.
const JSON_BODY = '{"id":"chatcmpl-up1", "object":"chat.completion",' +
  '"created":1700000000,"model":"gpt-test-2024","system_fingerprint":"fp_x",' +
  '"choices":[{"index":0,"message":{"role":"assistant","content":"hello"},' +
  '"logprobs":null,"finish_reason":"stop"}],' +
  '"usage":{"prompt_tokens":11,"completion_tokens":3,"total_tokens":14}}';

function sseBody(includeUsage: boolean): string {
  const chunk = (delta: string, finish: string | null) =>
    `data: {"id":"chatcmpl-up2","object":"chat.completion.chunk","created":1700000000,"model":"gpt-test-2024","system_fingerprint":"fp_x","choices":[{"index":0,"delta":${delta},"logprobs":null,"finish_reason":${
      finish === null ? "null" : `"${finish}"`
    }}]}\n\n`;
  return chunk('{"role":"assistant","content":""}', null) +
    chunk('{"content":"a b"}', null) + chunk('{"content":" c"}', null) +
    chunk("{}", "stop") +
    (includeUsage
      ? 'data: {"id":"chatcmpl-up2","object":"chat.completion.chunk","created":1700000000,"model":"gpt-test-2024","choices":[],"usage":{"prompt_tokens":11,"completion_tokens":3,"total_tokens":14}}\n\n'
      : "") +
    "data: [DONE]\n\n";
}

function upstreamAnswer(
  body: Record<string, unknown>,
): Response {
  if (body.stream === true) {
    const usage = (body.stream_options as { include_usage?: boolean })
      ?.include_usage === true;
    return new Response(sseBody(usage), {
      headers: { "content-type": "text/event-stream" },
    });
  }
  return new Response(JSON_BODY, {
    headers: { "content-type": "application/json" },
  });
}

const MESSAGES = [{ role: "user" as const, content: "hi" }];

Deno.test("passthrough: JSON and streams reach the openai SDK byte for byte; the SDK reads them", async () => {
  const upstream = serveUpstream((call) => upstreamAnswer(call.body));
  const gateway = serveGateway({
    backends: [["oa", upstreamAdapter(upstream.origin, "oa")]],
    aliases: { fast: "oa/gpt-test" },
  });
  try {
    const openai = openAIClient(gateway.origin);
    const raw = await openai.chat.completions.create({
      model: "fast",
      messages: MESSAGES,
    }).asResponse();
    assert.equal(raw.status, 200);
    assert.equal(await raw.text(), JSON_BODY);
    const parsed = await openai.chat.completions.create({
      model: "fast",
      messages: MESSAGES,
    });
    assert.equal(parsed.choices[0].message.content, "hello");
    assert.equal(parsed.model, "gpt-test-2024"); // the upstream's model name
    // The alias reached the upstream as its model.
    assert.equal(upstream.calls[0].body.model, "gpt-test");

    for (const includeUsage of [false, true]) {
      const streamed = await openai.chat.completions.create({
        model: "fast",
        messages: MESSAGES,
        stream: true,
        ...(includeUsage ? { stream_options: { include_usage: true } } : {}),
      }).asResponse();
      assert.equal(streamed.status, 200);
      assert.match(streamed.headers.get("content-type")!, /text\/event-stream/);
      assert.equal(await streamed.text(), sseBody(includeUsage));
      // The adapter adds no usage request the client did not make.
      const sent = upstream.calls.at(-1)!.body;
      assert.equal(sent.stream, true);
      assert.deepEqual(
        sent.stream_options,
        includeUsage ? { include_usage: true } : undefined,
      );
    }
    const stream = await openai.chat.completions.create({
      model: "fast",
      messages: MESSAGES,
      stream: true,
    });
    let text = "";
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? "";
    }
    assert.equal(text, "a b c");
  } finally {
    await gateway.close();
    await upstream.close();
  }
});

Deno.test("passthrough: a failure before the head falls back; the second upstream's bytes are relayed", async () => {
  const broken = serveUpstream(() =>
    Response.json({ error: { message: "down", type: "server_error" } }, {
      status: 503,
    })
  );
  const healthy = serveUpstream((call) => upstreamAnswer(call.body));
  const logs: RequestLogEntry[] = [];
  const gateway = serveGateway({
    backends: [
      ["first", upstreamAdapter(broken.origin, "first")],
      ["second", upstreamAdapter(healthy.origin, "second")],
    ],
    logger: (entry) => logs.push(entry),
  });
  try {
    const openai = openAIClient(gateway.origin);
    const raw = await openai.chat.completions.create({
      model: "gpt-test",
      messages: MESSAGES,
    }).asResponse();
    assert.equal(await raw.text(), JSON_BODY);
    const streamed = await openai.chat.completions.create({
      model: "gpt-test",
      messages: MESSAGES,
      stream: true,
    }).asResponse();
    assert.equal(await streamed.text(), sseBody(false));
    assert.equal(broken.calls.length, 2);
    assert.equal(healthy.calls.length, 2);
    // The stream's log line is written when the server delivered it.
    await waitUntil(() => logs.length === 2, "the stream's log line");
    for (const entry of logs) {
      assert.equal(entry.backend, "second");
      assert.equal(entry.fallbacks, 1);
      assert.equal(entry.status, 200);
    }
    const stats = gateway.gateway.router.getStats();
    assert.equal(stats.backendStats.first.failedRequests, 2);
    assert.equal(stats.backendStats.second.successfulRequests, 2);
  } finally {
    await gateway.close();
    await broken.close();
    await healthy.close();
  }
});

Deno.test("passthrough: an upstream 4xx is mapped as on every path, never relayed raw; one upstream call", async () => {
  for (const stream of [false, true]) {
    const upstream = serveUpstream(() =>
      Response.json({
        error: {
          message: "upstream says 404",
          type: "invalid_request_error",
          param: null,
          code: "model_not_found",
          upstream_only: true,
        },
      }, { status: 404 })
    );
    const gateway = serveGateway({
      backends: [["oa", upstreamAdapter(upstream.origin, "oa")]],
    });
    try {
      const error = await openAIClient(gateway.origin).chat.completions.create({
        model: "gpt-test",
        messages: MESSAGES,
        stream,
      }).then(() => undefined, (e) => e);
      assert.ok(error instanceof OpenAI.NotFoundError, String(error));
      assert.equal(error.status, 404);
      assert.equal(error.code, "model_not_found");
      // The gateway's body, not the upstream's.
      assert.equal(
        (error.error as Record<string, unknown>).upstream_only,
        undefined,
      );
      assert.equal(upstream.calls.length, 1);
    } finally {
      await gateway.close();
      await upstream.close();
    }
  }
});

Deno.test("passthrough: JSON usage reaches tpm, metrics and the log; streams are counted and closed", async () => {
  const upstream = serveUpstream((call) => upstreamAnswer(call.body));
  const logs: RequestLogEntry[] = [];
  const gateway = serveGateway({
    backends: [["oa", upstreamAdapter(upstream.origin, "oa")]],
    keys: [{ id: "team", sha256: await hashKey("sk-team"), tpm: 1000 }],
    logger: (entry) => logs.push(entry),
  });
  try {
    const openai = openAIClient(gateway.origin, "sk-team");
    const first = await openai.chat.completions.create({
      model: "gpt-test",
      messages: MESSAGES,
    }).withResponse();
    const before = Number(
      first.response.headers.get("x-ratelimit-remaining-tokens"),
    );
    const second = await openai.chat.completions.create({
      model: "gpt-test",
      messages: MESSAGES,
    }).withResponse();
    const after = Number(
      second.response.headers.get("x-ratelimit-remaining-tokens"),
    );
    // Both admissions charged the same estimate; between them the first
    // request's charge was corrected to the upstream's 14 tokens.
    assert.equal(before - after, 14);
    assert.equal(logs[0].tokens_in, 11);
    assert.equal(logs[0].tokens_out, 3);

    const stream = await fetch(`${gateway.origin}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: "Bearer sk-team" },
      body: JSON.stringify({
        model: "gpt-test",
        messages: MESSAGES,
        stream: true,
      }),
      signal: fetchSignal(),
    });
    assert.equal(await stream.text(), sseBody(false));
    await waitUntil(() => logs.length === 3, "the stream's log line");
    assert.equal(logs[2].status, 200);
    assert.equal(typeof logs[2].ttft_ms, "number");
    const metrics = await (await fetch(`${gateway.origin}/metrics`, {
      signal: fetchSignal(),
    })).text();
    // The tpm key's stream is read too: without include_usage, its tokens
    // are the gateway's estimate (passthrough_tokens_test.ts).
    assert.equal(logs[2].tokens_estimated, true);
    assert.match(
      metrics,
      new RegExp(
        `switchyard_tokens_total\\{[^}]*direction="in"[^}]*\\} ${
          22 + logs[2].tokens_in!
        }\n`,
      ),
    );
    assert.match(metrics, /switchyard_open_streams 0/);
    assert.match(
      metrics,
      /switchyard_requests_total\{[^}]*backend="oa"[^}]*status="200"[^}]*\} 3/,
    );
  } finally {
    await gateway.close();
    await upstream.close();
  }
});

Deno.test("passthrough: false keeps the translated path (the gateway's own id and encoding)", async () => {
  const upstream = serveUpstream((call) => upstreamAnswer(call.body));
  const gateway = serveGateway({
    backends: [["oa", upstreamAdapter(upstream.origin, "oa")]],
    aliases: { fast: "oa/gpt-test" },
    passthrough: false,
  });
  try {
    const openai = openAIClient(gateway.origin);
    const raw = await openai.chat.completions.create({
      model: "fast",
      messages: MESSAGES,
    }).asResponse();
    const completion = JSON.parse(await raw.text());
    assert.notEqual(completion.id, "chatcmpl-up1"); // the gateway's own
    assert.equal(completion.system_fingerprint, undefined);
    assert.equal(completion.choices[0].message.content, "hello");
    const streamed = await openai.chat.completions.create({
      model: "fast",
      messages: MESSAGES,
      stream: true,
    }).asResponse();
    const text = await streamed.text();
    assert.notEqual(text, sseBody(false));
    assert.doesNotMatch(text, /chatcmpl-up2/);
    // The translated path asks for usage to count tokens.
    assert.deepEqual(upstream.calls.at(-1)!.body.stream_options, {
      include_usage: true,
    });
  } finally {
    await gateway.close();
    await upstream.close();
  }
});

Deno.test("passthrough under serveGateway: its `completed` ends the stream's count and writes the log line", async () => {
  const upstream = serveUpstream((call) => upstreamAnswer(call.body));
  const logs: RequestLogEntry[] = [];
  const gateway = createGateway({
    backends: [["oa", upstreamAdapter(upstream.origin, "oa")]],
    logger: (entry) => logs.push(entry),
  });
  const server = await listen(gateway, { port: 0 });
  try {
    const origin = `http://127.0.0.1:${server.addr.port}`;
    const streamed = await openAIClient(origin).chat.completions.create({
      model: "gpt-test",
      messages: MESSAGES,
      stream: true,
    }).asResponse();
    assert.equal(await streamed.text(), sseBody(false));
    await waitUntil(() => logs.length === 1, "the stream's log line");
    assert.equal(logs[0].status, 200);
    assert.equal(logs[0].error_code, undefined);
    assert.match(gateway.metrics.render(), /switchyard_open_streams 0/);
  } finally {
    await shutdownBounded(server);
    gateway.dispose();
    await upstream.close();
  }
});

Deno.test("passthrough: a chunked JSON answer is relayed whole; a 2xx that is not JSON is a 502", async () => {
  let broken = false;
  const upstream = serveUpstream(() => {
    if (broken) {
      return new Response("<html>proxy page</html>", {
        headers: { "content-type": "text/html" },
      });
    }
    // No Content-Length: the body arrives in 40-byte pieces.
    return inPieces(JSON_BODY, 40, "application/json");
  });
  const gateway = serveGateway({
    backends: [["oa", upstreamAdapter(upstream.origin, "oa")]],
  });
  try {
    const openai = openAIClient(gateway.origin);
    const raw = await openai.chat.completions.create({
      model: "gpt-test",
      messages: MESSAGES,
    }).asResponse();
    assert.equal(await raw.text(), JSON_BODY);
    broken = true;
    const error = await openai.chat.completions.create({
      model: "gpt-test",
      messages: MESSAGES,
    }).then(() => undefined, (e) => e);
    assert.ok(error instanceof OpenAI.APIError, String(error));
    assert.equal(error.status, 502);
  } finally {
    await gateway.close();
    await upstream.close();
  }
});

for (const server of ["Deno.serve", "serveGateway"] as const) {
  Deno.test(`passthrough under ${server}: a client leaving mid-stream closes the upstream stream and the stream's count`, async () => {
    let cancelled = false;
    // One chunk, then one every 20 ms until cancelled (bounded).
    const upstream = serveUpstream(() =>
      tickingSse((n) => `data: {"n":${n}}\n\n`, () => {
        cancelled = true;
      })
    );
    const logs: RequestLogEntry[] = [];
    const options = {
      backends: [["oa", upstreamAdapter(upstream.origin, "oa")]] as const,
      logger: (entry: RequestLogEntry) => logs.push(entry),
    };
    let origin: string;
    let gateway: Gateway;
    let close: () => Promise<void>;
    if (server === "Deno.serve") {
      const served = serveGateway(options);
      ({ origin, gateway } = served);
      close = served.close;
    } else {
      gateway = createGateway(options);
      const listener = await listen(gateway, { port: 0 });
      origin = `http://127.0.0.1:${listener.addr.port}`;
      close = async () => {
        await shutdownBounded(listener);
        gateway.dispose();
      };
    }
    try {
      const response = await fetch(`${origin}/v1/chat/completions`, {
        method: "POST",
        body: JSON.stringify({
          model: "gpt-test",
          messages: MESSAGES,
          stream: true,
        }),
        signal: fetchSignal(),
      });
      const reader = response.body!.getReader();
      const first = await reader.read();
      assert.match(new TextDecoder().decode(first.value), /"n":1/);
      await reader.cancel();
      await waitUntil(() => cancelled, "the upstream stream's cancel");
      await waitUntil(() => logs.length === 1, "the stream's log line");
      assert.match(gateway.metrics.render(), /switchyard_open_streams 0/);
      // serveGateway's `completed` rejects for an answer not delivered;
      // Deno 2.9's resolves either way (see docs/gateway/operations.md, Passthrough).
      if (server === "serveGateway") {
        assert.equal(logs[0].error_code, "ABORTED");
      }
    } finally {
      await close();
      await upstream.close();
    }
  });
}

/**
 * An upstream whose JSON answer stops after its first bytes until its reader
 * cancels (or 10 s pass, so a failing test still ends).
 */
function stallingUpstream() {
  let cancelled = false;
  const upstream = serveUpstream(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    return new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"id":"chatcmpl-'));
          timer = setTimeout(() => controller.close(), 10_000);
        },
        cancel() {
          cancelled = true;
          clearTimeout(timer);
        },
      }),
      { headers: { "content-type": "application/json" } },
    );
  });
  return {
    upstream,
    get cancelled() {
      return cancelled;
    },
  };
}

/**
 * The same over raw TCP, with a declared Content-Length the upstream never
 * completes: the gateway reads such a body in one read, not chunk by chunk,
 * and the read must end all the same. "Cancelled" is the gateway closing
 * the connection.
 */
function stallingLengthUpstream() {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const conns = new Set<Deno.Conn>();
  const tasks: Promise<void>[] = [];
  let cancelled = false;
  let calls = 0;
  const serveConn = async (conn: Deno.Conn): Promise<void> => {
    const buffer = new Uint8Array(64 * 1024);
    // Closes a connection the gateway never lets go of, so a failing test ends.
    const timer = setTimeout(() => conn.close(), 10_000);
    try {
      if (await conn.read(buffer) === null) return;
      calls++;
      await conn.write(
        new TextEncoder().encode(
          "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n" +
            'content-length: 500\r\n\r\n{"id":"chatcmpl-',
        ),
      );
      while (await conn.read(buffer) !== null) { /* the rest of the request */ }
      cancelled = true;
    } catch {
      // closed by the timer or by close()
    } finally {
      clearTimeout(timer);
      conns.delete(conn);
      try {
        conn.close();
      } catch { /* already closed */ }
    }
  };
  const accepting = (async () => {
    try {
      for await (const conn of listener) {
        conns.add(conn);
        tasks.push(serveConn(conn));
      }
    } catch { /* listener closed */ }
  })();
  const port = (listener.addr as Deno.NetAddr).port;
  return {
    upstream: {
      origin: `http://127.0.0.1:${port}`,
      calls: {
        get length() {
          return calls;
        },
      },
      async close(): Promise<void> {
        listener.close();
        for (const conn of conns) {
          try {
            conn.close();
          } catch { /* already closed */ }
        }
        await accepting;
        await Promise.all(tasks);
      },
    },
    get cancelled() {
      return cancelled;
    },
  };
}

const STALLS = [
  ["chunked", stallingUpstream],
  ["Content-Length", stallingLengthUpstream],
] as const;

for (const [framing, stallingUpstream] of STALLS) {
  Deno.test(`passthrough JSON (${framing}): a body the upstream stalls is cancelled at requestTimeoutMs, with a 504`, async () => {
    const stalling = stallingUpstream();
    const gateway = serveGateway({
      backends: [["oa", upstreamAdapter(stalling.upstream.origin, "oa")]],
      requestTimeoutMs: 200,
    });
    try {
      const response = await fetch(`${gateway.origin}/v1/chat/completions`, {
        method: "POST",
        body: JSON.stringify({ model: "gpt-test", messages: MESSAGES }),
        signal: fetchSignal(),
      });
      assert.equal(response.status, 504);
      await response.body?.cancel();
      await waitUntil(() => stalling.cancelled, "the upstream body cancelled");
    } finally {
      await gateway.close();
      await stalling.upstream.close();
    }
  });

  Deno.test(`passthrough JSON (${framing}): a client leaving while the upstream stalls its body cancels that body`, async () => {
    const stalling = stallingUpstream();
    const logs: RequestLogEntry[] = [];
    const gateway = serveGateway({
      backends: [["oa", upstreamAdapter(stalling.upstream.origin, "oa")]],
      logger: (entry) => logs.push(entry),
    });
    try {
      const client = new AbortController();
      const bound = fetchSignal();
      const answer = fetch(`${gateway.origin}/v1/chat/completions`, {
        method: "POST",
        body: JSON.stringify({ model: "gpt-test", messages: MESSAGES }),
        signal: AbortSignal.any([client.signal, bound]),
      }).catch((e) => e);
      await waitUntil(
        () => stalling.upstream.calls.length === 1,
        "the upstream call",
      );
      client.abort();
      assert.ok(await answer instanceof Error);
      await waitUntil(() => stalling.cancelled, "the upstream body cancelled");
      await waitUntil(() => logs.length === 1, "the request's log line");
      assert.equal(logs[0].error_code, "ABORTED");
    } finally {
      await gateway.close();
      await stalling.upstream.close();
    }
  });
}

Deno.test("passthrough stream: an answer relayed as the client left is cancelled, not handed to the server", async () => {
  let cancelled = false;
  const upstream = new Response(
    new ReadableStream<Uint8Array>({
      cancel() {
        cancelled = true;
      },
    }),
  );
  const live = new Response("data: [DONE]\n\n");
  assert.equal(
    streamBodyOf(live, new AbortController().signal, "oa"),
    live.body,
  );
  await live.body?.cancel();
  assert.throws(() => streamBodyOf(upstream, AbortSignal.abort(), "oa"), {
    code: "ABORTED",
  });
  await waitUntil(() => cancelled, "the upstream body cancelled");
});
