/**
 * What the OpenAI adapter sends for a request, and what it names dropped,
 * against a fake Chat Completions answer: the cache-mark and content tests'
 * one question. The fake refuses, as the API does (400 `unknown_parameter`),
 * a key its tool objects do not define, so a mark that should be named
 * dropped cannot ride along on a tool unseen.
 *
 * @module
 */
import {
  createOpenAIAdapter,
  type IRChatRequest,
} from "../../../src/models/adapters/openai.ts";
import { adapterFactory, jsonFixture, type SeenRequest } from "./_fake.ts";

// Chat Completions' function tool and its function object, as the API
// reference defines them (written out, not read from the code under test).
const TOOL_KEYS = ["type", "function"];
const FUNCTION_KEYS = ["name", "description", "parameters", "strict"];

/** The first key of `object` not in `allowed`, with its path. */
function unknownKey(
  object: unknown,
  allowed: readonly string[],
  path: string,
): string | undefined {
  if (typeof object !== "object" || object === null) return undefined;
  const key = Object.keys(object).find((name) => !allowed.includes(name));
  return key === undefined ? undefined : `${path}.${key}`;
}

/** The OpenAI-shaped 400 for a body whose tools carry an unknown key. */
function refusal(seen: SeenRequest): Response | undefined {
  const tools = (seen.body as { tools?: unknown }).tools;
  if (!Array.isArray(tools)) return undefined;
  for (const [i, tool] of tools.entries()) {
    const unknown = unknownKey(tool, TOOL_KEYS, `tools[${i}]`) ??
      unknownKey(
        (tool as { function?: unknown }).function,
        FUNCTION_KEYS,
        `tools[${i}].function`,
      );
    if (unknown === undefined) continue;
    return Response.json({
      error: {
        message: `Unknown parameter: '${unknown}'.`,
        type: "invalid_request_error",
        param: unknown,
        code: "unknown_parameter",
      },
    }, { status: 400 });
  }
  return undefined;
}

const openAIWith = adapterFactory(createOpenAIAdapter, {
  apiKey: "k",
  defaultModel: "gpt-4o",
});

/** The body sent upstream for `request`, and the answer's dropped names. */
export async function toOpenAI(request: IRChatRequest) {
  const { adapter, requests } = openAIWith((seen) =>
    refusal(seen) ?? Response.json(jsonFixture("openai/chat_completion.json"))
  );
  const answer = await adapter.execute(request);
  return {
    body: requests[0].body as Record<string, unknown>,
    dropped: answer.metadata.dropped,
  };
}
