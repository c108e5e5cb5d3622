// operate() answers every refusal with a rejected promise, never a throw in
// the caller's tick: callers chain `.catch` (the router, user code), and an
// adapter that threw synchronously would escape that chain.
import assert from "node:assert/strict";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import { AdapterError, ErrorCode } from "../../../src/models/errors.ts";
import { fakeFetch } from "./_fake.ts";

const chatBody = { messages: [{ role: "user", content: "hi" }] };

Deno.test("operate: a chat on a wire the adapter does not speak is a rejected INVALID_REQUEST, nothing sent", async () => {
  const upstream = fakeFetch(() => Response.json({}));
  const adapter = createOpenAIAdapter({
    apiKey: "sk-test-operate",
    defaultModel: "gpt-4o-mini",
    fetch: upstream.fetch,
  });
  let answer: Promise<Response> | undefined;
  assert.doesNotThrow(() => {
    answer = adapter.operate({
      operation: "chat",
      wire: "anthropic",
      body: chatBody,
    });
  });
  const error = await answer!.then(() => undefined, (e: unknown) => e);
  assert.ok(error instanceof AdapterError);
  assert.equal(error.code, ErrorCode.INVALID_REQUEST);
  assert.match(error.message, /does not speak the anthropic chat wire/);
  assert.equal(upstream.requests.length, 0);
});

Deno.test("operate: a chat with no model to name is a rejected INVALID_REQUEST, the second call too", async () => {
  const upstream = fakeFetch(() => Response.json({}));
  // A baseURL of its own gives no default model, and the request names none.
  const adapter = createOpenAIAdapter({
    apiKey: "sk-test-operate",
    baseURL: "http://127.0.0.1:8000/v1",
    fetch: upstream.fetch,
  });
  for (let call = 0; call < 2; call++) {
    let answer: Promise<Response> | undefined;
    assert.doesNotThrow(() => {
      answer = adapter.operate({ operation: "chat", body: chatBody });
    });
    const error = await answer!.then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof AdapterError);
    assert.equal(error.code, ErrorCode.INVALID_REQUEST);
    assert.match(error.message, /no model/);
  }
  assert.equal(upstream.requests.length, 0);
});

Deno.test("operate: a same-wire chat sends the client's body with the routed model and answers its head", async () => {
  const upstream = fakeFetch(() =>
    Response.json({ id: "chatcmpl-1", object: "chat.completion" })
  );
  const adapter = createOpenAIAdapter({
    apiKey: "sk-test-operate",
    baseURL: "https://api.example.test/v1//",
    fetch: upstream.fetch,
  });
  const response = await adapter.operate({
    operation: "chat",
    model: "gpt-4o",
    body: { ...chatBody, model: "alias", temperature: 0.5 },
  });
  assert.equal(response.status, 200);
  assert.equal((await response.json()).id, "chatcmpl-1");
  assert.equal(upstream.requests.length, 1);
  const [sent] = upstream.requests;
  // The root's trailing slashes are trimmed once, as joinURL trims them.
  assert.equal(sent.url, "https://api.example.test/v1/chat/completions");
  assert.deepEqual(sent.body, {
    messages: chatBody.messages,
    model: "gpt-4o",
    temperature: 0.5,
  });
});
