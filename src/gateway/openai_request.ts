/**
 * Reading OpenAI Chat Completions request bodies into the Switchyard IR.
 *
 * Decisions:
 * - `system` and `developer` messages both become IR `system` messages.
 * - Tool-call `arguments` must be a JSON object to be translated; anything
 *   else is a 400 (never silently replaced by `{}`), except on the client's
 *   own wire, where the body is relayed as the API takes it.
 * - A user message's text or image part's `prompt_cache_breakpoint` is the
 *   IR's cache mark (Anthropic's `cache_control`; a `ttl` asks for `1h`).
 *   Elsewhere (system, assistant and tool messages, read as text) it has no
 *   place and is named dropped on a translated call.
 * - Request keys the gateway does not translate (e.g. `response_format`) pass
 *   through untouched in `parameters`, under their wire names. The keys
 *   `__proto__`, `constructor` and `prototype` are refused with a 400 naming
 *   them (as OpenAI refuses an unrecognized argument): none is a provider
 *   parameter, and `__proto__` could replace an object's prototype.
 * - A non-boolean `stream` is a 400. What the real API takes but the IR
 *   cannot carry — `n` other than 1, the legacy `functions` API (`functions`,
 *   `function_call`, `function` messages), custom tools (`type: "custom"`:
 *   the tool, its calls, a `tool_choice` naming one) — is left out of the
 *   IR with its 400 set aside: a body relayed as is on its own wire keeps
 *   it, a translation refuses it naming the field.
 * - An `allowed_tools` choice is emulated: `tools` narrowed to the allowed
 *   functions (in their order in `tools`), its `mode` the choice (`auto`,
 *   `required`). One naming a tool `tools` does not hold as a function is
 *   set aside as above.
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
  invalidParam as invalid,
  irRequest,
  irTool,
  isRecord,
  type ModelTarget,
  readToolList,
  reservedKey,
  skipping,
  untranslatable,
} from "./_wire_util.ts";

export type { ModelTarget };

/** A parsed `POST /v1/chat/completions` body. */
export interface ParsedChatRequest {
  /** The request in the IR. */
  ir: IRChatRequest;
  /** The `model` string the client sent. */
  model: string;
  /** True for `stream: true`. */
  stream: boolean;
  /** True for `stream_options.include_usage: true`. */
  includeUsage: boolean;
}

// Wire keys translated into IR fields; every other key passes through.
const HANDLED_KEYS: ReadonlySet<string> = new Set([
  "model",
  "messages",
  "stream",
  "stream_options",
  "tools",
  "tool_choice",
  "temperature",
  "top_p",
  "max_tokens",
  "max_completion_tokens",
  "stop",
  "frequency_penalty",
  "presence_penalty",
  "seed",
  "user",
  "n",
]);

const NUMERIC_PARAMETERS: ReadonlyArray<[string, keyof IRParameters]> = [
  ["temperature", "temperature"],
  ["top_p", "topP"],
  ["frequency_penalty", "frequencyPenalty"],
  ["presence_penalty", "presencePenalty"],
  ["seed", "seed"],
];

/**
 * Reads an OpenAI chat-completions request body into the IR.
 *
 * @param body The parsed JSON body.
 * @param resolveModel Maps the client's `model` to a backend and model.
 * @param requestId Id recorded in `metadata.requestId`.
 * @param skipped When given, content the IR cannot carry (a part type) is
 *   left out of the IR and its 400 collected here instead of thrown: a
 *   body relayed as is on its own wire needs no translation.
 * @returns The IR request and the stream flags.
 * @throws {GatewayError} 400 for a body that is not a valid request.
 *
 * @example Reading a request
 * ```ts
 * import { parseChatRequest } from "@switchyard/switchyard/gateway";
 * const parsed = parseChatRequest(
 *   { model: "echo", messages: [{ role: "user", content: "hi" }], temperature: 0 },
 *   (model) => ({ backend: model }),
 *   "req-1",
 * );
 * console.log(parsed.ir.messages[0].content, parsed.ir.metadata?.custom?.backend); // "hi" "echo"
 * ```
 */
export function parseChatRequest(
  body: unknown,
  resolveModel: (model: string) => ModelTarget,
  requestId: string,
  skipped?: unknown[],
): ParsedChatRequest {
  if (!isRecord(body)) {
    throw invalid("The request body must be a JSON object.", "body");
  }
  const reserved = reservedKey(body);
  if (reserved !== undefined) {
    throw invalid(`\`${reserved}\` is not an accepted request key.`, reserved);
  }
  const model = body.model;
  if (typeof model !== "string" || model === "") {
    throw invalid("`model` must be a non-empty string.", "model");
  }
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    throw invalid("`messages` must be a non-empty array.", "messages");
  }
  if (body.n !== undefined && body.n !== null && body.n !== 1) {
    setAside(
      skipped,
      untranslatable(invalid("Only `n: 1` is translated.", "n")),
    );
  }
  for (const key of ["functions", "function_call"]) {
    if (body[key] === undefined) continue;
    setAside(
      skipped,
      untranslatable(invalid(
        `The legacy \`functions\` API is not translated; use \`tools\`.`,
        key,
      )),
    );
  }
  // `"stream": "true"` used to give a non-streamed JSON answer silently.
  if (
    body.stream !== undefined && body.stream !== null &&
    typeof body.stream !== "boolean"
  ) {
    throw invalid("`stream` must be a boolean.", "stream");
  }
  const stream = body.stream === true;
  const streamOptions = body.stream_options;
  const includeUsage = isRecord(streamOptions) &&
    streamOptions.include_usage === true;

  const target = resolveModel(model);
  const parameters: IRParameters = {};
  if (target.model !== undefined) parameters.model = target.model;
  for (const [wire, ir] of NUMERIC_PARAMETERS) {
    const value = body[wire];
    if (value === undefined || value === null) continue;
    if (typeof value !== "number" || !Number.isFinite(value)) {
      throw invalid(`\`${wire}\` must be a number.`, wire);
    }
    parameters[ir] = value;
  }
  // Both names mean one limit; the error names the one the client sent,
  // and two different values are refused rather than one silently winning.
  for (const key of ["max_completion_tokens", "max_tokens"]) {
    const value = body[key];
    if (value === undefined || value === null) continue;
    if (!Number.isInteger(value) || (value as number) < 1) {
      throw invalid(`\`${key}\` must be a positive integer.`, key);
    }
    if (
      parameters.maxTokens !== undefined && parameters.maxTokens !== value
    ) {
      throw invalid(
        "`max_tokens` and `max_completion_tokens` differ; send one.",
        key,
      );
    }
    parameters.maxTokens = value as number;
  }
  if (body.stop !== undefined && body.stop !== null) {
    const stop = typeof body.stop === "string" ? [body.stop] : body.stop;
    if (!Array.isArray(stop) || stop.some((s) => typeof s !== "string")) {
      throw invalid("`stop` must be a string or an array of strings.", "stop");
    }
    parameters.stopSequences = stop as string[];
  }
  if (body.user !== undefined) {
    if (typeof body.user !== "string") {
      throw invalid("`user` must be a string.", "user");
    }
    parameters.user = body.user;
  }
  copyUnknownKeys(body, HANDLED_KEYS, parameters);

  const messages: IRMessage[] = [];
  body.messages.forEach((message, index) => {
    const read = skipping(skipped, () => readMessage(message, index, skipped));
    if (read !== undefined) messages.push(read);
  });
  const ir = irRequest(messages, parameters, target, requestId, stream);
  if (body.tools !== undefined && body.tools !== null) {
    ir.tools = readTools(body.tools, skipped);
  }
  if (body.tool_choice !== undefined && body.tool_choice !== null) {
    const choice = skipping(
      skipped,
      () => readToolChoice(body.tool_choice, ir.tools),
    );
    if (choice !== undefined) {
      ir.toolChoice = choice.choice;
      if (choice.allowed !== undefined) ir.tools = choice.allowed;
    }
  }
  return { ir, model, stream, includeUsage };
}

/**
 * Sets aside an untranslatable-content error where `skipped` collects them
 * (a body that may be relayed as is), else throws it.
 */
function setAside(skipped: unknown[] | undefined, error: GatewayError): void {
  skipping(skipped, () => {
    throw error;
  });
}

function textOf(content: unknown, param: string): string {
  if (typeof content === "string") return content;
  if (content === null || content === undefined) return "";
  if (!Array.isArray(content)) {
    throw invalid("`content` must be a string or an array of parts.", param);
  }
  return content.map((part, i) => {
    if (
      isRecord(part) && part.type === "text" && typeof part.text === "string"
    ) {
      return part.text;
    }
    if (
      isRecord(part) && part.type === "refusal" &&
      typeof part.refusal === "string"
    ) return part.refusal;
    throw invalid("Only text parts are allowed here.", `${param}[${i}]`);
  }).join("");
}

function readUserContent(
  content: unknown,
  param: string,
  skipped: unknown[] | undefined,
): string | IRContentPart[] {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) {
    throw invalid("`content` must be a string or an array of parts.", param);
  }
  const parts: IRContentPart[] = [];
  content.forEach((part, i) => {
    const read = skipping(skipped, () => readPart(part, `${param}[${i}]`));
    if (read !== undefined) parts.push(read);
  });
  return parts;
}

/**
 * A part's explicit cache point as the IR's cache mark. OpenAI's `ttl` is a
 * least lifetime (`30m`, `12h`); of Anthropic's two (`5m`, the default, and
 * `1h`) only `1h` meets one, so any `ttl` asks for it, and a point without
 * one takes the provider's default.
 */
function cacheMark(part: Record<string, unknown>): IRCacheControl | undefined {
  const point = part.prompt_cache_breakpoint;
  if (!isRecord(point)) return undefined;
  // The point as written, for an OpenAI backend given a rebuilt body.
  const breakpoint = typeof point.ttl === "string" ? { ttl: point.ttl } : {};
  return point.ttl == null
    ? { type: "ephemeral", breakpoint }
    : { type: "ephemeral", ttl: "1h", breakpoint };
}

function readPart(part: unknown, where: string): IRContentPart {
  if (!isRecord(part)) {
    throw invalid("A content part must be an object.", where);
  }
  const mark = cacheMark(part);
  const marked = mark === undefined ? {} : { cacheControl: mark };
  if (part.type === "text" && typeof part.text === "string") {
    return { type: "text", text: part.text, ...marked };
  }
  if (part.type === "image_url") {
    const image = part.image_url;
    const url = isRecord(image) ? image.url : undefined;
    if (typeof url !== "string") {
      throw invalid("`image_url.url` must be a string.", where);
    }
    const data = /^data:([^;,]+);base64,(.*)$/s.exec(url);
    return data
      ? {
        type: "image",
        source: { type: "base64", mediaType: data[1], data: data[2] },
        ...marked,
      }
      : { type: "image", source: { type: "url", url }, ...marked };
  }
  throw untranslatable(invalid(
    `Unsupported content part type ${JSON.stringify(part.type)}.`,
    where,
  ));
}

function readToolCalls(calls: unknown, param: string): IRContentPart[] {
  if (!Array.isArray(calls)) {
    throw invalid("`tool_calls` must be an array.", param);
  }
  return calls.map((call, i): IRContentPart => {
    const where = `${param}[${i}]`;
    if (isRecord(call) && call.type === "custom") {
      throw untranslatable(invalid(
        "A custom tool's call has no counterpart on the backend's wire.",
        `${where}.custom`,
      ));
    }
    const fn = isRecord(call) ? call.function : undefined;
    if (
      !isRecord(call) || typeof call.id !== "string" || !isRecord(fn) ||
      typeof fn.name !== "string" || typeof fn.arguments !== "string"
    ) {
      throw invalid(
        "A tool call needs `id`, `function.name` and `function.arguments` strings.",
        where,
      );
    }
    // A model's malformed arguments are history the API takes back as
    // they were; only a translation needs them as an object.
    let input: unknown;
    try {
      input = JSON.parse(fn.arguments === "" ? "{}" : fn.arguments);
    } catch {
      throw untranslatable(invalid(
        "`function.arguments` is not valid JSON.",
        `${where}.function.arguments`,
      ));
    }
    if (!isRecord(input)) {
      throw untranslatable(invalid(
        "`function.arguments` must be a JSON object.",
        `${where}.function.arguments`,
      ));
    }
    return { type: "tool_use", id: call.id, name: fn.name, input };
  });
}

function readMessage(
  message: unknown,
  index: number,
  skipped: unknown[] | undefined,
): IRMessage {
  const param = `messages[${index}]`;
  if (!isRecord(message)) throw invalid("A message must be an object.", param);
  const named = typeof message.name === "string" ? { name: message.name } : {};
  switch (message.role) {
    case "system":
    case "developer":
      return {
        role: "system",
        content: textOf(message.content, `${param}.content`),
        ...named,
      };
    case "user":
      return {
        role: "user",
        content: readUserContent(message.content, `${param}.content`, skipped),
        ...named,
      };
    case "assistant": {
      if (message.function_call != null) {
        throw untranslatable(invalid(
          "The legacy `function_call` is not translated; use `tool_calls`.",
          `${param}.function_call`,
        ));
      }
      const text = textOf(message.content, `${param}.content`);
      if (message.tool_calls === undefined || message.tool_calls === null) {
        return { role: "assistant", content: text, ...named };
      }
      const parts: IRContentPart[] = text === ""
        ? []
        : [{ type: "text", text }];
      parts.push(...readToolCalls(message.tool_calls, `${param}.tool_calls`));
      return { role: "assistant", content: parts, ...named };
    }
    case "tool": {
      if (typeof message.tool_call_id !== "string") {
        throw invalid(
          "A tool message needs `tool_call_id`.",
          `${param}.tool_call_id`,
        );
      }
      return {
        role: "tool",
        content: [{
          type: "tool_result",
          toolUseId: message.tool_call_id,
          content: textOf(message.content, `${param}.content`),
        }],
      };
    }
    case "function":
      throw untranslatable(invalid(
        "The legacy `function` role is not translated; use `tool`.",
        `${param}.role`,
      ));
    default:
      throw invalid(
        `Unsupported role ${JSON.stringify(message.role)}.`,
        `${param}.role`,
      );
  }
}

function readTools(tools: unknown, skipped: unknown[] | undefined): IRTool[] {
  return readToolList(
    tools,
    skipped,
    () => invalid("`tools` must be an array.", "tools"),
    readTool,
  );
}

function readTool(tool: unknown, i: number): IRTool {
  // A custom tool takes free-form text (or a grammar's), not a JSON
  // schema's arguments: no other wire has one.
  if (isRecord(tool) && tool.type === "custom") {
    throw untranslatable(invalid(
      "A custom (free-form input) tool has no counterpart on the backend's wire.",
      `tools[${i}].custom`,
    ));
  }
  const fn = isRecord(tool) ? tool.function : undefined;
  if (
    !isRecord(tool) || tool.type !== "function" || !isRecord(fn) ||
    typeof fn.name !== "string"
  ) {
    throw invalid(
      'A tool must be `{ type: "function", function: { name } }`.',
      `tools[${i}]`,
    );
  }
  return irTool(fn.name, fn.parameters, fn);
}

/** A tool choice, and for `allowed_tools` the tools it narrows to. */
interface ReadChoice {
  choice: IRToolChoice;
  allowed?: IRTool[];
}

function readToolChoice(
  choice: unknown,
  tools: readonly IRTool[] | undefined,
): ReadChoice {
  if (choice === "auto" || choice === "none" || choice === "required") {
    return { choice };
  }
  if (isRecord(choice) && choice.type === "allowed_tools") {
    return allowedTools(choice.allowed_tools, tools);
  }
  const fn = isRecord(choice) ? choice.function : undefined;
  if (
    isRecord(choice) && choice.type === "function" && isRecord(fn) &&
    typeof fn.name === "string"
  ) {
    return { choice: { name: fn.name } };
  }
  if (isRecord(choice) && choice.type === "custom") {
    throw untranslatable(invalid(
      `A \`tool_choice\` of type ${
        JSON.stringify(choice.type)
      } has no counterpart on the backend's wire.`,
      `tool_choice.${choice.type}`,
    ));
  }
  throw invalid("Unsupported `tool_choice`.", "tool_choice");
}

/**
 * `allowed_tools` emulated where the IR goes: the model may call only the
 * listed functions, so the request offers only those, and its mode is the
 * choice (`auto`, `required`). OpenAI keeps the full list for its prompt
 * cache; the behaviour is the same. A listed tool the IR does not hold (a
 * custom one, an unknown name) is relayed on the same wire, where the API
 * judges it, and refused across.
 */
function allowedTools(
  spec: unknown,
  tools: readonly IRTool[] | undefined,
): ReadChoice {
  const param = "tool_choice.allowed_tools";
  if (
    !isRecord(spec) || (spec.mode !== "auto" && spec.mode !== "required") ||
    !Array.isArray(spec.tools)
  ) {
    throw invalid(
      '`allowed_tools` must be `{ mode: "auto" | "required", tools: [...] }`.',
      param,
    );
  }
  if (spec.tools.length === 0) {
    throw untranslatable(invalid("`allowed_tools` lists no tool.", param));
  }
  const allowed = spec.tools.map((entry, i) => {
    const fn = isRecord(entry) ? entry.function : undefined;
    const name = isRecord(entry) && entry.type === "function" && isRecord(fn)
      ? fn.name
      : undefined;
    const tool = tools?.find((tool) => tool.name === name);
    if (tool === undefined) {
      throw untranslatable(invalid(
        "An allowed tool must be a function of `tools`.",
        `${param}.tools[${i}]`,
      ));
    }
    return tool;
  });
  return {
    choice: spec.mode,
    allowed: (tools ?? []).filter((tool) => allowed.includes(tool)),
  };
}
