// Refusals the adapters' tests never asked for, found by a coverage run of
// the area's tests while a mutation draw ran: a `timeout` that is not a
// non-negative number (a negative one, NaN, a string or null, as an untyped
// config may hold) is refused when the adapter is built, while 0 and
// Infinity (no timeout) are taken; and a backend without a default model
// (a local preset such as vLLM) refuses a call that names none, whatever the
// operation, before anything is sent. Portable: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  createOpenAIAdapter,
  createOpenAICompatibleAdapter,
} from "../../../src/models/adapters/openai.ts";
import { createOllamaAdapter } from "../../../src/models/adapters/ollama.ts";
import { AdapterError } from "../../../src/models/errors.ts";
import { fakeFetch, jsonFixture, rejection } from "./_fake.ts";

const ask = { messages: [{ role: "user" as const, content: "Hi" }] };

/** Asserts an INVALID_REQUEST AdapterError whose message matches `message`. */
function invalidRequest(error: unknown, message: RegExp, label: string): void {
  assert.ok(error instanceof AdapterError, `${label}: ${String(error)}`);
  assert.equal(error.code, "INVALID_REQUEST", label);
  assert.match(error.message, message, label);
}

describe("config.timeout", () => {
  for (const timeout of [-1, -0.5, Number.NaN, "30000", null]) {
    it(`${String(timeout)} (${typeof timeout}) is refused when the adapter is built`, () => {
      const fake = fakeFetch(() => Response.json({}));
      for (
        const create of [
          () =>
            createOpenAIAdapter({
              apiKey: "k",
              timeout: timeout as number,
              fetch: fake.fetch,
            }),
          () =>
            createOllamaAdapter({
              timeout: timeout as number,
              fetch: fake.fetch,
            }),
        ]
      ) {
        assert.throws(create, (error: unknown) => {
          invalidRequest(
            error,
            /config\.timeout must be a non-negative number/,
            String(timeout),
          );
          return true;
        });
      }
      assert.equal(fake.requests.length, 0);
    });
  }

  for (const timeout of [0, Infinity, 1, undefined]) {
    it(`${String(timeout)} is taken, and a call answers`, async () => {
      const fake = fakeFetch(() =>
        Response.json(jsonFixture("openai/chat_completion.json"))
      );
      const adapter = createOpenAIAdapter({
        apiKey: "k",
        fetch: fake.fetch,
        ...(timeout === undefined ? {} : { timeout }),
      });
      const answer = await adapter.execute(ask);
      assert.equal(answer.finishReason, "stop");
      assert.equal(fake.requests.length, 1);
    });
  }
});

describe("a backend without a default model", () => {
  const vllm = () => {
    const fake = fakeFetch(() =>
      Response.json({ object: "list", data: [], model: "m" })
    );
    const adapter = createOpenAICompatibleAdapter("vllm", {
      baseURL: "http://127.0.0.1:8000/v1",
      fetch: fake.fetch,
    });
    return { adapter, requests: fake.requests };
  };

  it("refuses an embeddings call that names no model, and sends one that does", async () => {
    const { adapter, requests } = vllm();
    assert.equal(adapter.metadata.defaultModel, undefined);
    invalidRequest(
      await rejection(
        adapter.operate({ operation: "embeddings", body: { input: "hello" } }),
      ),
      /no model: name one in the request/,
      "embeddings",
    );
    assert.equal(requests.length, 0);
    await adapter.operate({
      operation: "embeddings",
      body: { input: "hello" },
      model: "bge-m3",
    });
    assert.equal(requests.length, 1);
    assert.equal((requests[0].body as { model: string }).model, "bge-m3");
  });

  it("refuses a same-wire chat call and a chat call that name no model", async () => {
    const { adapter, requests } = vllm();
    invalidRequest(
      await rejection(
        adapter.operate({
          operation: "chat",
          body: { messages: [{ role: "user", content: "Hi" }] },
        }),
      ),
      /no model: name one in the request/,
      "same-wire chat",
    );
    invalidRequest(
      await rejection(adapter.execute(ask)),
      /no model/,
      "chat",
    );
    assert.equal(requests.length, 0);
  });
});
