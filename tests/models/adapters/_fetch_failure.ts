// The error an OpenAI adapter's call fails with when its fetch rejects as
// the runtimes do on a transport failure: undici's `fetch failed` TypeError
// wrapping what the socket said. Shared by the network-cause tests. Portable.
import assert from "node:assert/strict";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import { AdapterError } from "../../../src/models/errors.ts";
import { rejection } from "./_fake.ts";

/** The adapter's error when its fetch fails as undici does, with `cause`. */
export async function failingWith(cause: unknown): Promise<AdapterError> {
  const adapter = createOpenAIAdapter({
    apiKey: "k",
    baseURL: "https://api.example.com/v1",
    defaultModel: "m",
    fetch: () => Promise.reject(new TypeError("fetch failed", { cause })),
  });
  const error = await rejection(
    adapter.execute({ messages: [{ role: "user", content: "Hi" }] }),
  );
  assert.ok(error instanceof AdapterError, String(error));
  return error;
}
