// Every answer carries the request's own headers beside its kind's: a JSON
// answer its type and length, a stream (translated or relayed) its event
// stream type, and both the request id, on the first request and on the
// second. Deno-only by the build's rule: it calls the answer builder, which
// no entry point exports, directly.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway } from "../../src/gateway/mod.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { answerWith, bytesResponse } from "../../src/gateway/_json_response.ts";

function chat(stream: boolean, id: string): Request {
  return new Request("http://localhost/v1/chat/completions", {
    method: "POST",
    headers: { "content-type": "application/json", "X-Request-Id": id },
    body: JSON.stringify({
      model: "m",
      stream,
      messages: [{ role: "user", content: "hi" }],
    }),
  });
}

const SSE = 'data: {"id":"c","object":"chat.completion.chunk","choices":[' +
  '{"index":0,"delta":{"content":"hi"},"finish_reason":null}]}\n\n' +
  "data: [DONE]\n\n";

describe("answer headers", () => {
  it("sets later header sets over earlier ones, and a JSON answer's type and length over the request's", async () => {
    const answer = answerWith("x", 201, { a: "1", b: "1" }, undefined, {
      a: "2",
    });
    assert.equal(answer.status, 201);
    assert.equal(answer.headers.get("a"), "2");
    assert.equal(answer.headers.get("b"), "1");
    assert.equal(await answer.text(), "x");
    const bytes = new TextEncoder().encode('{"ok":"é"}');
    const json = bytesResponse(bytes, {
      headers: { "content-type": "text/plain", "x-request-id": "r" },
    });
    assert.equal(json.status, 200);
    assert.equal(json.headers.get("content-type"), "application/json");
    assert.equal(json.headers.get("content-length"), String(bytes.byteLength));
    assert.equal(json.headers.get("x-request-id"), "r");
  });

  for (const relayed of [false, true]) {
    it(
      `gives a ${
        relayed ? "relayed" : "translated"
      } stream and a JSON answer the request id, the second request too`,
      async () => {
        const adapter = relayed
          ? createOpenAIAdapter({
            apiKey: "sk-upstream-example",
            defaultModel: "m",
            fetch: () =>
              Promise.resolve(
                new Response(SSE, {
                  headers: { "content-type": "text/event-stream" },
                }),
              ),
          })
          : createEchoAdapter();
        const gateway = createGateway({ backends: [["b", adapter]] });
        try {
          for (const id of ["first-1", "second-2"]) {
            const stream = await gateway(chat(true, `${id}-s`));
            assert.equal(stream.status, 200);
            assert.match(
              stream.headers.get("content-type") ?? "",
              /^text\/event-stream/,
            );
            assert.equal(stream.headers.get("x-request-id"), `${id}-s`);
            assert.match(await stream.text(), /data: \[DONE\]/);
            if (relayed) continue; // the mock upstream only streams
            const json = await gateway(chat(false, id));
            assert.equal(json.headers.get("x-request-id"), id);
            assert.equal(json.headers.get("content-type"), "application/json");
            await json.body?.cancel();
          }
        } finally {
          gateway.dispose();
        }
      },
    );
  }
});
