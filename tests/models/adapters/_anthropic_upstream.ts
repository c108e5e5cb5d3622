// A fake Anthropic Messages answer that refuses, with the API's 400
// (`invalid_request_error`), a body the API would refuse for its shape: a key
// its reference does not define at the top level, in a message, a content
// block, an image source, a tool, the tool choice or a cache mark, a block
// type or tool choice type it does not know, a role other than user and
// assistant, and a conversation without a message. So a field the adapter should have named dropped cannot
// ride along unseen. No Deno API: the tests that use it run on Node too.
import { createAnthropicAdapter } from "../../../src/models/adapters/anthropic.ts";
import { adapterFactory, type Answer, jsonFixture } from "./_fake.ts";
import {
  ANTHROPIC_BLOCK_KEYS,
  ANTHROPIC_CACHE_KEYS,
  ANTHROPIC_CHOICE_KEYS,
  ANTHROPIC_MESSAGES_KEYS,
  ANTHROPIC_SOURCE_KEYS,
  ANTHROPIC_TOOL_KEYS,
} from "../../_anthropic_api.ts";

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `path.key` for the first key of `object` not in `allowed`. */
function extra(
  object: Json,
  allowed: readonly string[] | undefined,
  path: string,
): string | undefined {
  if (allowed === undefined) return `${path}.type: unknown "${object.type}"`;
  const key = Object.keys(object).find((name) => !allowed.includes(name));
  return key === undefined
    ? undefined
    : `${path}.${key}: Extra inputs are not permitted`;
}

/** What is wrong with one content block (its mark and source included). */
function blockRefusal(block: unknown, path: string): string | undefined {
  if (!isObject(block)) return `${path}: Input should be an object`;
  const own = extra(block, ANTHROPIC_BLOCK_KEYS[String(block.type)], path);
  if (own !== undefined) return own;
  if (isObject(block.cache_control)) {
    const mark = extra(
      block.cache_control,
      ANTHROPIC_CACHE_KEYS,
      `${path}.cache_control`,
    );
    if (mark !== undefined) return mark;
  }
  if (block.type === "image" && isObject(block.source)) {
    return extra(
      block.source,
      ANTHROPIC_SOURCE_KEYS[String(block.source.type)],
      `${path}.source`,
    );
  }
  return undefined;
}

function blocksRefusal(blocks: unknown, path: string): string | undefined {
  if (!Array.isArray(blocks)) return undefined;
  for (const [i, block] of blocks.entries()) {
    const why = blockRefusal(block, `${path}.${i}`);
    if (why !== undefined) return why;
  }
  return undefined;
}

/** Why the Messages API would refuse `body`, or undefined when it takes it. */
export function anthropicRefusal(body: Json): string | undefined {
  const top = extra(body, ANTHROPIC_MESSAGES_KEYS, "body");
  if (top !== undefined) return top;
  const system = blocksRefusal(body.system, "system");
  if (system !== undefined) return system;
  const messages = Array.isArray(body.messages) ? body.messages : [];
  if (messages.length === 0) {
    return "messages: at least one message is required";
  }
  for (const [i, message] of messages.entries()) {
    const path = `messages.${i}`;
    if (!isObject(message)) return `${path}: Input should be an object`;
    const keys = extra(message, ["role", "content"], path);
    if (keys !== undefined) return keys;
    if (message.role !== "user" && message.role !== "assistant") {
      return `${path}.role: Input should be 'user' or 'assistant'`;
    }
    const blocks = blocksRefusal(message.content, `${path}.content`);
    if (blocks !== undefined) return blocks;
  }
  const tools = Array.isArray(body.tools) ? body.tools : [];
  for (const [i, tool] of tools.entries()) {
    if (!isObject(tool)) return `tools.${i}: Input should be an object`;
    const keys = extra(tool, ANTHROPIC_TOOL_KEYS, `tools.${i}`) ??
      (isObject(tool.cache_control)
        ? extra(
          tool.cache_control,
          ANTHROPIC_CACHE_KEYS,
          `tools.${i}.cache_control`,
        )
        : undefined);
    if (keys !== undefined) return keys;
  }
  if (isObject(body.tool_choice)) {
    return extra(
      body.tool_choice,
      ANTHROPIC_CHOICE_KEYS[String(body.tool_choice.type)],
      "tool_choice",
    );
  }
  return undefined;
}

/**
 * `answer`, unless the Messages API would refuse the request: then its 400.
 * Without `answer`, the plain text answer of `anthropic/message.json`.
 */
export function anthropicRefusing(
  answer: Answer = () => Response.json(jsonFixture("anthropic/message.json")),
): Answer {
  return (seen, index) => {
    const why = anthropicRefusal(seen.body as Json);
    return why === undefined ? answer(seen, index) : Response.json({
      type: "error",
      error: { type: "invalid_request_error", message: why },
    }, { status: 400 });
  };
}

/** An Anthropic adapter (key `k`) on a recording fake fetch. */
export const anthropicWith = adapterFactory(createAnthropicAdapter, {
  apiKey: "k",
});
