// The gateway as a plain fetch handler, in process: no Deno API and no npm:
// import, so the npm build runs this file under Node too (the handler's
// promise that it works wherever Request/Response do).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway, hashKey } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

function post(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

/** The `data:` payloads of an SSE body, and its `event:` names. */
async function sse(
  response: Response,
): Promise<{ events: string[]; data: string[] }> {
  const text = await response.text();
  const events: string[] = [];
  const data: string[] = [];
  for (const line of text.split("\n")) {
    if (line.startsWith("event: ")) events.push(line.slice(7));
    if (line.startsWith("data: ")) data.push(line.slice(6));
  }
  return { events, data };
}

describe("createGateway as a fetch handler", () => {
  it("takes exactly one of router and backends", () => {
    assert.throws(() => createGateway({}), /router` or `backends/);
    const gateway = createGateway({ backends: [] });
    try {
      assert.throws(
        () => createGateway({ router: gateway.router, backends: [] }),
        /not both/,
      );
    } finally {
      gateway.dispose();
    }
  });

  it("answers OpenAI chat, JSON and SSE", async () => {
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
    });
    try {
      const json = await gateway(post("/v1/chat/completions", {
        model: "echo",
        messages: [{ role: "user", content: "hello there" }],
      }));
      assert.equal(json.status, 200);
      assert.equal(
        (await json.json()).choices[0].message.content,
        "hello there",
      );

      const stream = await gateway(post("/v1/chat/completions", {
        model: "echo",
        stream: true,
        messages: [{ role: "user", content: "hello there" }],
      }));
      assert.match(
        stream.headers.get("content-type") ?? "",
        /^text\/event-stream/,
      );
      const { data } = await sse(stream);
      assert.equal(data.at(-1), "[DONE]");
      const text = data.slice(0, -1).map((d) =>
        JSON.parse(d).choices[0]?.delta.content ?? ""
      ).join("");
      assert.equal(text, "hello there");
    } finally {
      gateway.dispose();
    }
  });

  it("answers Anthropic messages, JSON and SSE", async () => {
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
    });
    try {
      const json = await gateway(post("/v1/messages", {
        model: "echo",
        max_tokens: 16,
        messages: [{ role: "user", content: "hi" }],
      }));
      const message = await json.json();
      assert.equal(message.type, "message");
      assert.deepEqual(message.content, [{ type: "text", text: "hi" }]);

      const stream = await gateway(post("/v1/messages", {
        model: "echo",
        max_tokens: 16,
        stream: true,
        messages: [{ role: "user", content: "a b" }],
      }));
      const { events, data } = await sse(stream);
      assert.deepEqual(events, [
        "message_start",
        "ping",
        "content_block_start",
        "content_block_delta",
        "content_block_delta",
        "content_block_stop",
        "message_delta",
        "message_stop",
      ]);
      for (const [i, payload] of data.entries()) {
        assert.equal(
          JSON.parse(payload).type,
          events[i],
          "each data names its event",
        );
      }
    } finally {
      gateway.dispose();
    }
  });

  it("checks keys, sends rate-limit headers and serves /metrics", async () => {
    let now = 0;
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
      keys: [{ id: "k", sha256: await hashKey("sk-k"), rpm: 10 }],
      now: () => now,
    });
    try {
      const body = {
        model: "echo",
        messages: [{ role: "user", content: "hi" }],
      };
      assert.equal(
        (await gateway(post("/v1/chat/completions", body))).status,
        401,
      );
      const ok = await gateway(
        post("/v1/chat/completions", body, { authorization: "Bearer sk-k" }),
      );
      assert.equal(ok.status, 200);
      assert.equal(ok.headers.get("x-ratelimit-remaining-requests"), "9");
      await ok.text();
      now += 1000;
      const metrics =
        await (await gateway(new Request("http://localhost/metrics"))).text();
      assert.match(
        metrics,
        /^switchyard_requests_total\{api="openai",model="echo",backend="echo",status="200",key="k"\} 1$/m,
      );
      assert.match(
        metrics,
        /^switchyard_requests_total\{[^}]*status="401",key="none"\} 1$/m,
      );
    } finally {
      gateway.dispose();
    }
  });

  it("routes a path as the URL parser reads it: a query, dot segments, escapes", async () => {
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
    });
    const body = {
      model: "echo",
      messages: [{ role: "user", content: "same route" }],
    };
    try {
      // Each of these is /v1/chat/completions once parsed; the fast path
      // that skips the URL parser must not turn them into 404s.
      for (
        const path of [
          "/v1/chat/completions?trace=1",
          "/v1/./chat/completions",
          "/v1/x/../chat/completions",
          "/v1/chat/completions#frag",
        ]
      ) {
        const response = await gateway(post(path, body));
        assert.equal(response.status, 200, path);
        assert.equal(
          (await response.json()).choices[0].message.content,
          "same route",
        );
      }
      // And what the parser does not map to a route stays a 404.
      const other = await gateway(post("/v1/chat/completions/", body));
      assert.equal(other.status, 404);
      assert.equal((await other.json()).error.code, "unknown_url");
      const escaped = await gateway(post("/v1/chat%2Fcompletions", body));
      assert.equal(escaped.status, 404);
      await escaped.body?.cancel();
    } finally {
      gateway.dispose();
    }
  });
});
