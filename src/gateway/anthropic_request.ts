/**
 * Reading Anthropic Messages API request bodies (`POST /v1/messages`) into
 * the Switchyard IR, so Anthropic SDK clients reach any configured backend.
 *
 * Decisions:
 * - `system` (a string or text blocks) becomes one IR `system` message first;
 *   a `system` message inside `messages` (the API takes one there too)
 *   becomes an IR `system` message in its place.
 * - `max_tokens` is required, as Anthropic requires it (a positive integer).
 * - Content blocks: `text`; `image` with a `base64` or `url` source;
 *   `tool_use` (assistant) ↔ IR `tool_use` parts; `tool_result` (user) becomes
 *   an IR `tool` message placed before the rest of that user turn, its
 *   content (a string or text blocks) joined as text, `is_error` kept; a
 *   result holding other blocks (an image, a document, …) and an image
 *   from the Files API (`source.type: "file"`) are relayed on the same wire
 *   and a 400 naming the block toward any other.
 *   `thinking` (with its `signature`) and `redacted_thinking` (`data`), an
 *   earlier assistant turn's, are the IR's reasoning parts, which the
 *   Anthropic adapter sends back byte for byte and other wires' adapters
 *   drop and name. Other block types (`document`, …) are a 400 naming the
 *   block.
 * - `system` text blocks are joined as paragraphs (a blank line between),
 *   unless one carries a `cache_control` mark: then the IR `system`
 *   message holds the blocks as text parts, so each keeps its mark.
 * - `cache_control` marks (`type: "ephemeral"`, `ttl` kept) on system
 *   blocks, content blocks and tools are the IR's `cacheControl`, which the
 *   Anthropic adapter writes back on the same blocks; a mark of another
 *   kind is relayed on the same wire and a 400 naming it across.
 * - `tools` (`name`, `description`, `input_schema`, `strict`) and
 *   `tool_choice` (`auto`, `any` → `required`, `tool` → that name, `none`;
 *   `disable_parallel_tool_use: true` → `parallel_tool_calls: false`) are
 *   translated; a server tool (a `type` other than `custom`) is a 400;
 *   `stop_sequences`, `temperature`, `top_p`, `top_k` and
 *   `metadata.user_id` (→ `user`) too; any other key passes through untouched
 *   in `parameters` under its wire name, except `__proto__`, `constructor`
 *   and `prototype`: a 400 naming the key (none is an API parameter, and
 *   `__proto__` could replace an object's prototype).
 *
 * @module
 */
import type {
  IRCacheControl,
  IRChatRequest,
  IRContentPart,
  IRMessage,
  IRParameters,
  IRTool,
  IRToolChoice,
} from "../models/types.ts";
import type { GatewayError } from "./errors.ts";
import {
  copyUnknownKeys,
  invalidParam,
  irRequest,
  irTool,
  isRecord,
  readToolList,
  reservedKey,
  skipping,
  untranslatable,
} from "./_wire_util.ts";
import type { ModelTarget } from "./_wire_util.ts";

/**
 * A parsed `POST /v1/messages` body.
 *
 * @example Usage
 * ```ts
 * import type { ParsedMessagesRequest } from "@switchyard/switchyard/gateway";
 * const parsed: ParsedMessagesRequest = { ir: { messages: [] }, model: "echo", stream: false };
 * ```
 */
export interface ParsedMessagesRequest {
  /** The request in the IR. */
  ir: IRChatRequest;
  /** The `model` string the client sent. */
  model: string;
  /** True for `stream: true`. */
  stream: boolean;
}

const HANDLED_KEYS: ReadonlySet<string> = new Set([
  "model",
  "messages",
  "system",
  "max_tokens",
  "stream",
  "stop_sequences",
  "temperature",
  "top_p",
  "top_k",
  "tools",
  "tool_choice",
  "metadata",
]);

/** Anthropic's 400s start with the field they are about. */
function invalid(message: string, param: string): GatewayError {
  return invalidParam(`${param}: ${message}`, param);
}

/**
 * A block's or a tool's `cache_control` as the IR's cache mark, `ttl` kept,
 * so a body rebuilt for Anthropic caches the same prefix. A mark of a kind
 * the IR does not know is relayed on the same wire and refused across.
 */
function cacheMark(
  item: Record<string, unknown>,
  where: string,
): { cacheControl?: IRCacheControl } {
  const mark = item.cache_control;
  if (mark === undefined || mark === null) return {};
  if (
    !isRecord(mark) || mark.type !== "ephemeral" ||
    (mark.ttl != null && typeof mark.ttl !== "string")
  ) {
    throw untranslatable(invalid(
      'only { type: "ephemeral", ttl? } marks are translated',
      `${where}.cache_control`,
    ));
  }
  return {
    cacheControl: typeof mark.ttl === "string"
      ? { type: "ephemeral", ttl: mark.ttl }
      : { type: "ephemeral" },
  };
}

/** Whether any text block of a `system` value carries a cache mark. */
function anyMarked(value: unknown): boolean {
  return Array.isArray(value) &&
    value.some((block) => isRecord(block) && block.cache_control != null);
}

/**
 * A `system` value as IR system messages: one, its blocks joined as
 * paragraphs; when a block carries a cache mark, that one message holds
 * the blocks as text parts, each with its mark, so they are rebuilt for
 * Anthropic as the client sent them (other wires join them as paragraphs).
 */
function systemMessages(
  value: unknown,
  param: string,
  skipped: unknown[] | undefined,
  keepEmpty: boolean,
): IRMessage[] {
  if (!anyMarked(value)) {
    const text = textBlocks(value, param, "\n\n");
    return text === "" && !keepEmpty ? [] : [{ role: "system", content: text }];
  }
  textBlocks(value, param);
  const parts: IRContentPart[] = [];
  (value as Record<string, unknown>[]).forEach((block, i) => {
    const mark = skipping(skipped, () => cacheMark(block, `${param}.${i}`));
    if (mark === undefined) return;
    parts.push({ type: "text", text: block.text as string, ...mark });
  });
  return [{ role: "system", content: parts }];
}

function textBlocks(
  value: unknown,
  param: string,
  separator = "",
  others = false,
): string {
  if (typeof value === "string") return value;
  if (!Array.isArray(value)) {
    throw invalid("must be a string or an array of text blocks", param);
  }
  return value.map((block, i) => {
    if (
      isRecord(block) && block.type === "text" &&
      typeof block.text === "string"
    ) return block.text;
    // A tool result may hold images and documents too: the API takes
    // them, the IR's text result cannot carry them.
    if (others && isRecord(block) && typeof block.type === "string") {
      throw untranslatable(invalid(
        `a tool result's ${JSON.stringify(block.type)} block is not translated`,
        `${param}.${i}`,
      ));
    }
    throw invalid("only text blocks are allowed here", `${param}.${i}`);
  }).join(separator);
}

function readImage(
  block: Record<string, unknown>,
  where: string,
): IRContentPart {
  const source = block.source;
  if (isRecord(source) && source.type === "base64") {
    if (
      typeof source.media_type !== "string" || typeof source.data !== "string"
    ) {
      throw invalid(
        "a base64 image source needs `media_type` and `data` strings",
        `${where}.source`,
      );
    }
    return {
      type: "image",
      source: {
        type: "base64",
        mediaType: source.media_type,
        data: source.data,
      },
    };
  }
  if (isRecord(source) && source.type === "url") {
    if (typeof source.url !== "string") {
      throw invalid(
        "a url image source needs a `url` string",
        `${where}.source`,
      );
    }
    return { type: "image", source: { type: "url", url: source.url } };
  }
  // An uploaded file's id means nothing to another provider.
  if (isRecord(source) && source.type === "file") {
    throw untranslatable(invalid(
      "an image from the Files API is not translated",
      `${where}.source`,
    ));
  }
  throw invalid("image source must be base64, url or file", `${where}.source`);
}

function readBlocks(
  content: unknown,
  role: "user" | "assistant",
  param: string,
  skipped: unknown[] | undefined,
): IRContentPart[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  if (!Array.isArray(content)) {
    throw invalid("must be a string or an array of content blocks", param);
  }
  const parts: IRContentPart[] = [];
  content.forEach((block, i) => {
    const part = skipping(
      skipped,
      () => readBlock(block, role, `${param}.${i}`),
    );
    if (part !== undefined) parts.push(part);
  });
  return parts;
}

/** One content block as an IR part; none for a block the IR does not carry. */
function readBlock(
  block: unknown,
  role: "user" | "assistant",
  where: string,
): IRContentPart | undefined {
  if (!isRecord(block)) throw invalid("must be an object", where);
  switch (block.type) {
    // An earlier turn's reasoning, kept byte for byte: the API checks the
    // signature when a rebuilt body sends it back to Anthropic; other
    // wires' adapters drop it and name it.
    case "thinking":
    case "redacted_thinking":
      if (role !== "assistant") {
        throw invalid("a thinking block belongs to an assistant turn", where);
      }
      return readThinking(block, where);
    case "text":
      if (typeof block.text !== "string") {
        throw invalid("`text` must be a string", where);
      }
      return { type: "text", text: block.text, ...cacheMark(block, where) };
    case "image":
      return { ...readImage(block, where), ...cacheMark(block, where) };
    case "tool_use":
      if (
        role !== "assistant" || typeof block.id !== "string" ||
        typeof block.name !== "string" || !isRecord(block.input)
      ) {
        throw invalid(
          "a tool_use block belongs to an assistant turn and needs `id`, `name` and an object `input`",
          where,
        );
      }
      return {
        type: "tool_use",
        id: block.id,
        name: block.name,
        input: block.input,
        ...cacheMark(block, where),
      };
    case "tool_result": {
      if (role !== "user" || typeof block.tool_use_id !== "string") {
        throw invalid(
          "a tool_result block belongs to a user turn and needs `tool_use_id`",
          where,
        );
      }
      const part: IRContentPart = {
        type: "tool_result",
        toolUseId: block.tool_use_id,
        content: block.content === undefined
          ? ""
          : textBlocks(block.content, `${where}.content`, "", true),
      };
      if (block.is_error === true) part.isError = true;
      return { ...part, ...cacheMark(block, where) };
    }
    default:
      throw untranslatable(invalid(
        `unsupported content block type ${JSON.stringify(block.type)}`,
        where,
      ));
  }
}

function readThinking(
  block: Record<string, unknown>,
  where: string,
): IRContentPart {
  if (block.type === "redacted_thinking" && typeof block.data === "string") {
    return { type: "redacted_thinking", data: block.data };
  }
  if (
    block.type === "thinking" && typeof block.thinking === "string" &&
    (block.signature === undefined || typeof block.signature === "string")
  ) {
    return {
      type: "thinking",
      thinking: block.thinking,
      ...(block.signature === undefined ? {} : { signature: block.signature }),
    };
  }
  // A shape the API may take that the IR cannot hold: relayed as sent.
  throw untranslatable(invalid(
    "a thinking block needs a `thinking` string (and a `signature`), a " +
      "redacted_thinking block a `data` string",
    where,
  ));
}

function readMessages(
  messages: unknown[],
  skipped: unknown[] | undefined,
): IRMessage[] {
  const out: IRMessage[] = [];
  messages.forEach((message, index) => {
    const param = `messages.${index}`;
    if (!isRecord(message)) throw invalid("must be an object", param);
    const role = message.role;
    if (role === "system") {
      out.push(
        ...systemMessages(message.content, `${param}.content`, skipped, true),
      );
      return;
    }
    if (role !== "user" && role !== "assistant") {
      throw invalid(
        '`role` must be "user", "assistant" or "system"',
        `${param}.role`,
      );
    }
    const parts = readBlocks(
      message.content,
      role,
      `${param}.content`,
      skipped,
    );
    const results = parts.filter((part) => part.type === "tool_result");
    const rest = parts.filter((part) => part.type !== "tool_result");
    if (results.length > 0) out.push({ role: "tool", content: results });
    if (rest.length > 0 || results.length === 0) {
      // Plain text is joined; a part with a cache mark keeps its place.
      const onlyText = rest.every((part) =>
        part.type === "text" && part.cacheControl === undefined
      );
      out.push({
        role,
        content: onlyText
          ? rest.map((part) => (part as { text: string }).text).join("")
          : rest,
      });
    }
  });
  return out;
}

function readTools(tools: unknown, skipped: unknown[] | undefined): IRTool[] {
  return readToolList(
    tools,
    skipped,
    () => invalid("must be an array", "tools"),
    readTool,
  );
}

function readTool(tool: unknown, i: number): IRTool {
  // A server tool (web search, code execution, …) runs at Anthropic
  // only: read as a function with no schema it would mislead the model.
  // Checked first: a toolset (the browser's, the computer's) has no name.
  if (
    isRecord(tool) && tool.type !== undefined && tool.type !== null &&
    tool.type !== "custom"
  ) {
    throw untranslatable(invalid(
      `server tool type ${JSON.stringify(tool.type)} is not translated`,
      `tools.${i}.type`,
    ));
  }
  if (!isRecord(tool) || typeof tool.name !== "string") {
    throw invalid("a tool needs a `name`", `tools.${i}`);
  }
  return {
    ...irTool(tool.name, tool.input_schema, tool),
    ...cacheMark(tool, `tools.${i}`),
  };
}

function readToolChoice(choice: unknown): IRToolChoice {
  if (isRecord(choice)) {
    switch (choice.type) {
      case "auto":
        return "auto";
      case "any":
        return "required";
      case "none":
        return "none";
      case "tool":
        if (typeof choice.name === "string") return { name: choice.name };
    }
  }
  throw invalid(
    'must be { type: "auto" | "any" | "none" } or { type: "tool", name }',
    "tool_choice",
  );
}

function number(
  body: Record<string, unknown>,
  key: string,
): number | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw invalid("must be a number", key);
  }
  return value;
}

/**
 * Reads an Anthropic Messages request body into the IR.
 *
 * @param body The parsed JSON body.
 * @param resolveModel Maps the client's `model` to a backend and model.
 * @param requestId Id recorded in `metadata.requestId`.
 * @param skipped When given, content the IR cannot carry (a block type, a
 *   server tool) is left out of the IR and its 400 collected here instead
 *   of thrown: a body relayed as is on its own wire needs no translation.
 * @returns The IR request and the stream flag.
 * @throws {GatewayError} 400 for a body that is not a valid request.
 *
 * @example System prompt and a tool result
 * ```ts
 * import { parseMessagesRequest } from "@switchyard/switchyard/gateway";
 * const { ir } = parseMessagesRequest({
 *   model: "echo",
 *   max_tokens: 64,
 *   system: "be brief",
 *   messages: [
 *     { role: "user", content: "weather?" },
 *     { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "weather", input: {} }] },
 *     { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "12°C" }] },
 *   ],
 * }, (model) => ({ backend: model }), "msg_1");
 * console.log(ir.messages.map((m) => m.role)); // ["system", "user", "assistant", "tool"]
 * ```
 */
export function parseMessagesRequest(
  body: unknown,
  resolveModel: (model: string) => ModelTarget,
  requestId: string,
  skipped?: unknown[],
): ParsedMessagesRequest {
  if (!isRecord(body)) {
    throw invalid("the request body must be a JSON object", "body");
  }
  const reserved = reservedKey(body);
  if (reserved !== undefined) {
    throw invalid("is not an accepted request key", reserved);
  }
  const model = body.model;
  if (typeof model !== "string" || model === "") {
    throw invalid("must be a non-empty string", "model");
  }
  const maxTokens = body.max_tokens;
  if (!Number.isInteger(maxTokens) || (maxTokens as number) < 1) {
    throw invalid("must be a positive integer", "max_tokens");
  }
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    throw invalid("must be a non-empty array", "messages");
  }
  if (
    body.stream !== undefined && body.stream !== null &&
    typeof body.stream !== "boolean"
  ) {
    throw invalid("must be a boolean", "stream");
  }
  const stream = body.stream === true;
  const target = resolveModel(model);
  const parameters: IRParameters = { maxTokens: maxTokens as number };
  if (target.model !== undefined) parameters.model = target.model;
  const temperature = number(body, "temperature");
  if (temperature !== undefined) parameters.temperature = temperature;
  const topP = number(body, "top_p");
  if (topP !== undefined) parameters.topP = topP;
  const topK = number(body, "top_k");
  if (topK !== undefined) parameters.topK = topK;
  if (body.stop_sequences !== undefined && body.stop_sequences !== null) {
    const stop = body.stop_sequences;
    if (!Array.isArray(stop) || stop.some((s) => typeof s !== "string")) {
      throw invalid("must be an array of strings", "stop_sequences");
    }
    parameters.stopSequences = stop as string[];
  }
  if (body.metadata !== undefined && body.metadata !== null) {
    if (!isRecord(body.metadata)) {
      throw invalid("must be an object", "metadata");
    }
    const user = body.metadata.user_id;
    if (user !== undefined && user !== null) {
      if (typeof user !== "string") {
        throw invalid("must be a string", "metadata.user_id");
      }
      parameters.user = user;
    }
  }
  copyUnknownKeys(body, HANDLED_KEYS, parameters);

  const messages = readMessages(body.messages, skipped);
  if (body.system !== undefined && body.system !== null) {
    // Blocks stay apart as paragraphs, not run together.
    messages.unshift(...systemMessages(body.system, "system", skipped, false));
  }
  const ir = irRequest(messages, parameters, target, requestId, stream);
  if (body.tools !== undefined && body.tools !== null) {
    ir.tools = readTools(body.tools, skipped);
  }
  if (body.tool_choice !== undefined && body.tool_choice !== null) {
    ir.toolChoice = readToolChoice(body.tool_choice);
    // Carried under OpenAI's name, which the translation table maps back
    // on Anthropic's wire.
    if (
      isRecord(body.tool_choice) &&
      body.tool_choice.disable_parallel_tool_use === true
    ) parameters.parallel_tool_calls = false;
  }
  return { ir, model, stream };
}
