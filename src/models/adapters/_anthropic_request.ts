// Anthropic Messages request bodies from the IR: system text, messages and
// their content blocks, tools and tool choice, and the IR fields the API
// has no place for (named as dropped).
import type {
  IRCacheControl,
  IRChatRequest,
  IRContentPart,
  IRMessage,
} from "../types.ts";
import { invalidRequest } from "./_http.ts";
import { assertToolResultsOnly, parseDataURL, partsOf, textOf } from "./_ir.ts";

type WireBlock = Record<string, unknown>;
interface WireMessage {
  role: "user" | "assistant";
  content: string | WireBlock[];
}

/**
 * IR fields set that Anthropic's API has no place for, by their wire names:
 * the parameter table keeps them out of the body, so the translation table
 * never sees them. OpenAI's `logprobs` and `top_logprobs` reach the body and
 * that table names them, so they are not listed here (they were named twice).
 */
const UNSENT: ReadonlyArray<[string, string]> = [
  ["frequencyPenalty", "frequency_penalty"],
  ["presencePenalty", "presence_penalty"],
  ["seed", "seed"],
];

export function irDrops(request: IRChatRequest): string[] {
  const dropped = UNSENT.filter(([key]) =>
    request.parameters?.[key] !== undefined
  ).map(([, name]) => name);
  if (request.messages.some((message) => message.name !== undefined)) {
    dropped.push("messages[].name");
  }
  return dropped;
}

export function wireRequest(
  request: IRChatRequest,
  model: string,
  stream: boolean,
  body: Record<string, unknown>,
  maxTokens: number,
): Record<string, unknown> {
  body.model = model;
  body.max_tokens = maxTokens;
  const system = systemOf(request.messages);
  if (system !== undefined) body.system = system;
  body.messages = toWireMessages(request.messages);
  if (request.tools !== undefined && request.tools.length > 0) {
    body.tools = request.tools.map((tool) =>
      marked({
        name: tool.name,
        ...(tool.description === undefined
          ? {}
          : { description: tool.description }),
        input_schema: tool.parameters,
        ...(tool.strict === undefined ? {} : { strict: tool.strict }),
      }, tool.cacheControl)
    );
  }
  if (request.toolChoice !== undefined) {
    const choice = request.toolChoice;
    body.tool_choice = choice === "auto"
      ? { type: "auto" }
      : choice === "required"
      ? { type: "any" }
      : choice === "none"
      ? { type: "none" }
      : { type: "tool", name: choice.name };
  }
  if (stream) body.stream = true;
  else delete body.stream;
  return body;
}

/**
 * The top-level `system`: the system messages' text as paragraphs, or, when
 * a part carries a cache mark, text blocks with their marks (the client's
 * blocks as it sent them). Undefined when there is no text.
 */
function systemOf(
  messages: readonly IRMessage[],
): string | WireBlock[] | undefined {
  const system = messages.filter((message) => message.role === "system");
  const marked = system.some((message) =>
    typeof message.content !== "string" &&
    message.content.some((part) =>
      part.type === "text" && part.cacheControl !== undefined
    )
  );
  if (!marked) {
    const text = system.map((message) => textOf(message.content, "\n\n"))
      .join("\n\n");
    return isBlank(text) ? undefined : text;
  }
  const blocks = system.flatMap((message) =>
    partsOf(message.content).filter((part) => part.type === "text")
      .map(toBlock).filter((block) => block !== undefined)
  );
  return blocks.length === 0 ? undefined : blocks;
}

/** Empty or whitespace-only text, which the API rejects in any text block. */
function isBlank(text: string): boolean {
  return text.trim() === "";
}

function toBlock(part: IRContentPart): WireBlock | undefined {
  switch (part.type) {
    case "text":
      return isBlank(part.text)
        ? undefined
        : marked({ type: "text", text: part.text }, part.cacheControl);
    case "image":
      return marked(
        { type: "image", source: imageSource(part) },
        part.cacheControl,
      );
    case "tool_use":
      return marked({
        type: "tool_use",
        id: part.id,
        name: part.name,
        input: part.input,
      }, part.cacheControl);
    case "tool_result":
      return marked({
        type: "tool_result",
        tool_use_id: part.toolUseId,
        content: part.content,
        ...(part.isError ? { is_error: true } : {}),
      }, part.cacheControl);
    // Sent back exactly as received: the API checks the signature, and
    // refuses reasoning without one (another provider's), which is left out.
    case "thinking":
      return part.signature === undefined ? undefined : {
        type: "thinking",
        thinking: part.thinking,
        signature: part.signature,
      };
    case "redacted_thinking":
      return { type: "redacted_thinking", data: part.data };
  }
}

/** The block with `cache_control` when the IR part carries a mark. */
function marked(block: WireBlock, mark: IRCacheControl | undefined): WireBlock {
  if (mark === undefined) return block;
  block.cache_control = {
    type: mark.type,
    ...(mark.ttl === undefined ? {} : { ttl: mark.ttl }),
  };
  return block;
}

/** A base64 source for inline bytes (a `data:` URL too), else a `url` source. */
function imageSource(
  part: Extract<IRContentPart, { type: "image" }>,
): WireBlock {
  if (part.source.type === "base64") {
    return {
      type: "base64",
      media_type: part.source.mediaType,
      data: part.source.data,
    };
  }
  const url = part.source.url;
  const dataURL = parseDataURL(url);
  if (dataURL !== undefined) {
    return {
      type: "base64",
      media_type: dataURL.mediaType,
      data: dataURL.data,
    };
  }
  return { type: "url", url };
}

function toWireMessages(messages: readonly IRMessage[]): WireMessage[] {
  const out: WireMessage[] = [];
  for (const message of messages) {
    if (message.role === "system") continue;
    const role = message.role === "assistant" ? "assistant" : "user";
    assertToolResultsOnly(message, "anthropic");
    if (message.role !== "assistant" && typeof message.content !== "string") {
      for (const part of message.content) {
        if (part.type === "tool_use") {
          throw invalidRequest(
            "anthropic",
            `a ${message.role} message cannot carry a tool_use part`,
          );
        }
      }
    }
    const blocks = partsOf(message.content).map(toBlock).filter((block) =>
      block !== undefined
    );
    const last = out.at(-1);
    if (last !== undefined && last.role === role) {
      const previous = typeof last.content === "string"
        ? [{ type: "text", text: last.content }]
        : last.content;
      last.content = [...previous, ...blocks];
    } else if (
      typeof message.content === "string" && !isBlank(message.content)
    ) {
      out.push({ role, content: message.content });
    } else if (blocks.length > 0) {
      out.push({ role, content: blocks });
    }
  }
  for (const message of out) {
    if (message.role === "user" && typeof message.content !== "string") {
      message.content = toolResultsFirst(message.content);
    }
  }
  trimPrefill(out.at(-1));
  return out;
}

/**
 * A final assistant turn is a prefill the model continues; the API refuses
 * one that ends in whitespace, so its trailing blanks are dropped.
 */
function trimPrefill(last: WireMessage | undefined): void {
  if (last?.role !== "assistant") return;
  if (typeof last.content === "string") {
    last.content = last.content.trimEnd();
    return;
  }
  const block = last.content.at(-1);
  if (block?.type === "text" && typeof block.text === "string") {
    block.text = block.text.trimEnd();
  }
}

/** The API wants a user turn's tool_result blocks before its other blocks. */
function toolResultsFirst(blocks: WireBlock[]): WireBlock[] {
  return [
    ...blocks.filter((block) => block.type === "tool_result"),
    ...blocks.filter((block) => block.type !== "tool_result"),
  ];
}
