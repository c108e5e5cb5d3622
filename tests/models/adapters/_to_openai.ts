/**
 * What the OpenAI adapter sends for a request, and what it names dropped,
 * against a fake Chat Completions answer: the cache-mark and content tests'
 * one question.
 *
 * @module
 */
import {
  createOpenAIAdapter,
  type IRChatRequest,
} from "../../../src/models/adapters/openai.ts";
import { adapterFactory, jsonFixture } from "./_fake.ts";

const openAIWith = adapterFactory(createOpenAIAdapter, {
  apiKey: "k",
  defaultModel: "gpt-4o",
});

/** The body sent upstream for `request`, and the answer's dropped names. */
export async function toOpenAI(request: IRChatRequest) {
  const { adapter, requests } = openAIWith(() =>
    Response.json(jsonFixture("openai/chat_completion.json"))
  );
  const answer = await adapter.execute(request);
  return {
    body: requests[0].body as Record<string, unknown>,
    dropped: answer.metadata.dropped,
  };
}
