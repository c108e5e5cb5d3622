// What the adapters' draw 20261186 (round 23) showed no test checked:
// - a compressed answer is read within the bound: fetch hands over the
//   decompressed bytes while `content-length` still gives the compressed
//   size, so a small declared length says nothing of what comes (the
//   survivor read such a body whole, past the 32 MiB bound);
// - an OpenAI-compatible provider that takes `max_tokens` is not sent
//   `max_completion_tokens` as well when the request sets `maxTokens` and
//   passes the other name through: one limit, under the name it maps to.
// No Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { hasSmallIdentityBody } from "../../../src/models/adapters/_body.ts";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import { AdapterError } from "../../../src/models/errors.ts";
import { adapterFactory, jsonFixture, rejection } from "./_fake.ts";

const hi = { messages: [{ role: "user" as const, content: "hi" }] };
const BOUND = 32 * 1024 * 1024;

/** What fetch gives for a gzip answer: the declared length is the wire's. */
function compressedAnswer(text: string, declared: number): Response {
  const bytes = new TextEncoder().encode(text);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(sent, sent + (1 << 20)));
      sent += 1 << 20;
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "application/json",
      "content-encoding": "gzip",
      "content-length": String(declared),
    },
  });
}

describe("draw 20261186: a compressed answer", () => {
  it("is not taken for a small one by its declared length", async () => {
    for (
      const [encoding, small] of [["identity", true], ["gzip", false], [
        "br",
        false,
      ]] as const
    ) {
      const answer = new Response("x", {
        headers: { "content-length": "1", "content-encoding": encoding },
      });
      assert.equal(hasSmallIdentityBody(answer, 10), small, encoding);
      await answer.body?.cancel();
    }
  });

  it("that decompresses past the bound is INVALID_RESPONSE, not read whole", async () => {
    const text = JSON.stringify({
      ...(jsonFixture("openai/chat_completion.json") as object),
      padding: "a".repeat(BOUND),
    });
    const { adapter } = adapterFactory(createOpenAIAdapter, {
      apiKey: "sk-x",
      defaultModel: "gpt-4o-mini",
    })(() => compressedAnswer(text, 4096));
    const error = await rejection(adapter.execute(hi));
    assert.ok(error instanceof AdapterError, String(error));
    assert.equal(error.code, "INVALID_RESPONSE");
    assert.match(error.message, /larger than/, error.message);
  });

  it("that decompresses within the bound is read", async () => {
    const text = JSON.stringify(jsonFixture("openai/chat_completion.json"));
    const { adapter } = adapterFactory(createOpenAIAdapter, {
      apiKey: "sk-x",
      defaultModel: "gpt-4o-mini",
    })(() => compressedAnswer(text, 40));
    const response = await adapter.execute(hi);
    assert.notEqual(response.message.content, "");
  });
});

describe("draw 20261186: one token limit for an OpenAI-compatible provider", () => {
  it("maxTokens beside a passed-through max_completion_tokens is sent as max_tokens alone", async () => {
    const answer = () =>
      Response.json(jsonFixture("openai/chat_completion.json"));
    const cases = [
      // A compatible provider's own endpoint takes max_tokens.
      ["https://llm.internal.test/v1", "max_tokens", "max_completion_tokens"],
      // OpenAI itself takes max_completion_tokens.
      ["https://api.openai.com/v1", "max_completion_tokens", "max_tokens"],
    ] as const;
    for (const [baseURL, sent, other] of cases) {
      const { adapter, requests } = adapterFactory(createOpenAIAdapter, {
        apiKey: "sk-x",
        defaultModel: "gpt-4o-mini",
      })(answer, { baseURL });
      await adapter.execute({
        ...hi,
        parameters: { maxTokens: 20, [other]: 70 },
      });
      const body = requests[0].body as Record<string, unknown>;
      assert.equal(body[sent], 20, baseURL);
      assert.equal(other in body, false, `${baseURL}: ${other} sent too`);
    }
  });
});
