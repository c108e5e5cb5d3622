// The Ollama adapter on a recording fake fetch, the one-line question and
// the plain answer the Ollama mutation tests share. No Deno API, so the
// tests that use it still run on Node.
import { createOllamaAdapter } from "../../../src/models/adapters/ollama.ts";
import { adapterFactory } from "./_fake.ts";

/** An Ollama adapter (default model `llama3.2`) answered by a fake fetch. */
export const ollamaWith = adapterFactory(createOllamaAdapter, {
  defaultModel: "llama3.2",
});

/** A request of one user message, "Hi". */
export const OLLAMA_ASK = {
  messages: [{ role: "user" as const, content: "Hi" }],
};

/** Ollama's /api/chat answer: the assistant's "ok", done with `stop`. */
export const OLLAMA_ANSWER = {
  model: "llama3.2",
  message: { role: "assistant", content: "ok" },
  done: true,
  done_reason: "stop",
};

/** An Ollama adapter whose fake fetch answers {@link OLLAMA_ANSWER} to every call. */
export const ollamaAnswering = (): ReturnType<typeof ollamaWith> =>
  ollamaWith(() => Response.json(OLLAMA_ANSWER));
