// An OpenAI Responses request (`POST /v1/responses`) read into an IR chat
// request, for backends that do not speak the Responses API: input items
// become messages, `instructions` the system message, function tools and
// function_call / function_call_output items the IR's tools, tool calls and
// results; a function tool's `strict` is carried, and one left out is true
// where the schema can be strict (the Responses API's default). Structured
// output (`text.format` json_schema or json_object) without tools of the
// client's own is a forced tool whose arguments are the answer (the
// technique that works on every backend with tools); with client tools the
// format goes on as `response_format` (OpenAI-wire backends). Keys with no chat counterpart (`store`, `include`,
// `truncation`, `reasoning`, `service_tier`, `parallel_tool_calls`,
// `metadata`, any other) are dropped and reported (`dropped`);
// `previous_response_id` needs a backend that stores responses and is a 400
// here.
import type {
  IRChatRequest,
  IRContentPart,
  IRMessage,
  IRParameters,
  IRTool,
  IRToolChoice,
} from "../models/types.ts";
import { invalidParam } from "./_operation.ts";
import { strictSchema } from "./_strict_schema.ts";
import { irRequest, irTool, isRecord, type ModelTarget } from "./_wire_util.ts";

/** The keys the translation reads; any other is dropped and reported. */
const READ_KEYS: ReadonlySet<string> = new Set([
  "model",
  "input",
  "instructions",
  "tools",
  "tool_choice",
  "text",
  "max_output_tokens",
  "temperature",
  "top_p",
  "user",
  "stream",
  "previous_response_id",
]);

/** The `include` entry that asks for the text's log probabilities. */
const LOGPROBS = "message.output_text.logprobs";

/** The tool that carries a structured answer, when one was asked for. */
export const OUTPUT_TOOL = "json_response";

/** A Responses request, read. */
export interface ParsedResponsesRequest {
  readonly ir: IRChatRequest;
  readonly model: string;
  readonly stream: boolean;
  /** The answer is the forced output tool's arguments (structured output). */
  readonly structured: boolean;
  /** Keys of the request the translation dropped. */
  readonly dropped: readonly string[];
  /** The request as the client sent it, echoed on the response object. */
  readonly body: Record<string, unknown>;
  readonly promptTokens: number;
}

/** Reads `body` (already an object with a string `model`). */
export function parseResponsesRequest(
  body: Record<string, unknown> & { model: string },
  target: ModelTarget,
  requestId: string,
): ParsedResponsesRequest {
  if (body.previous_response_id != null) {
    throw invalidParam(
      "`previous_response_id` needs a backend that stores responses (OpenAI); this model's backend does not. Send the whole conversation in `input`.",
      "previous_response_id",
    );
  }
  const messages: IRMessage[] = [];
  if (body.instructions != null) {
    if (typeof body.instructions !== "string") {
      throw invalidParam("`instructions` must be a string.", "instructions");
    }
    messages.push({ role: "system", content: body.instructions });
  }
  const input = body.input;
  if (typeof input === "string") {
    messages.push({ role: "user", content: input });
  } else if (Array.isArray(input)) {
    input.forEach((item, i) => readItem(item, `input[${i}]`, messages));
  } else throw invalidParam("`input` must be a string or an array.", "input");

  const parameters: IRParameters = {};
  if (target.model !== undefined) parameters.model = target.model;
  for (
    const [wire, ir] of [["temperature", "temperature"], ["top_p", "topP"]]
  ) {
    const value = body[wire];
    if (value == null) continue;
    if (typeof value !== "number") {
      throw invalidParam(`\`${wire}\` must be a number.`, wire);
    }
    parameters[ir] = value;
  }
  const max = body.max_output_tokens;
  if (max != null) {
    if (!Number.isInteger(max) || (max as number) < 1) {
      throw invalidParam(
        "`max_output_tokens` must be a positive integer.",
        "max_output_tokens",
      );
    }
    parameters.maxTokens = max as number;
  }
  if (typeof body.user === "string") parameters.user = body.user;
  // The text's log probabilities are asked for by `include`; a chat
  // backend asks by `logprobs` (and `top_logprobs`).
  const read = new Set(READ_KEYS);
  const include = Array.isArray(body.include) ? body.include : [];
  if (include.includes(LOGPROBS)) {
    parameters.logprobs = true;
    if (typeof body.top_logprobs === "number") {
      parameters.top_logprobs = body.top_logprobs;
    }
    read.add("top_logprobs");
    if (include.every((entry) => entry === LOGPROBS)) read.add("include");
  }
  const stream = body.stream === true;
  const ir = irRequest(messages, parameters, target, requestId, stream);
  const tools = readTools(body.tools);
  if (tools.length > 0) ir.tools = tools;
  if (body.tool_choice != null) ir.toolChoice = readChoice(body.tool_choice);
  const structured = readFormat(body.text, ir);
  return {
    ir,
    model: body.model,
    stream,
    structured,
    dropped: Object.keys(body).filter((key) =>
      !read.has(key) && body[key] !== undefined && body[key] !== null
    ),
    body,
    promptTokens: Math.ceil(JSON.stringify(ir.messages).length / 4),
  };
}

/** One input item onto `messages`. */
function readItem(item: unknown, param: string, messages: IRMessage[]): void {
  if (!isRecord(item)) {
    throw invalidParam("An input item must be an object.", param);
  }
  const type = item.type ?? "message";
  if (type === "message") {
    const role = item.role;
    if (role === "system" || role === "developer") {
      messages.push({
        role: "system",
        content: textOf(item.content, `${param}.content`),
      });
    } else if (role === "assistant") {
      messages.push({
        role: "assistant",
        content: textOf(item.content, `${param}.content`),
      });
    } else if (role === "user") {
      messages.push({
        role: "user",
        content: userContent(item.content, `${param}.content`),
      });
    } else throw invalidParam("Unknown message role.", `${param}.role`);
    return;
  }
  if (type === "function_call") {
    if (
      typeof item.call_id !== "string" || typeof item.name !== "string" ||
      typeof item.arguments !== "string"
    ) {
      throw invalidParam(
        "A function_call needs `call_id`, `name` and `arguments` strings.",
        param,
      );
    }
    let input: unknown;
    try {
      input = JSON.parse(item.arguments === "" ? "{}" : item.arguments);
    } catch {
      throw invalidParam(
        "`arguments` is not valid JSON.",
        `${param}.arguments`,
      );
    }
    // A chat backend's wire takes a call's arguments as an object only:
    // other JSON would be lost in the translation, so it is refused, as the
    // chat reader refuses it.
    if (!isRecord(input)) {
      throw invalidParam(
        "`arguments` must be a JSON object.",
        `${param}.arguments`,
      );
    }
    const part: IRContentPart = {
      type: "tool_use",
      id: item.call_id,
      name: item.name,
      input,
    };
    const last = messages.at(-1);
    // Parallel calls are one assistant turn.
    if (last?.role === "assistant" && Array.isArray(last.content)) {
      last.content.push(part);
    } else messages.push({ role: "assistant", content: [part] });
    return;
  }
  if (type === "function_call_output") {
    if (typeof item.call_id !== "string") {
      throw invalidParam(
        "A function_call_output needs `call_id`.",
        `${param}.call_id`,
      );
    }
    // OpenAI refuses an item without its output; the gateway does not
    // invent an empty tool result in its place.
    if (item.output === undefined || item.output === null) {
      throw invalidParam(
        "A function_call_output needs `output`.",
        `${param}.output`,
      );
    }
    const output = typeof item.output === "string"
      ? item.output
      : JSON.stringify(item.output);
    messages.push({
      role: "tool",
      content: [{
        type: "tool_result",
        toolUseId: item.call_id,
        content: output,
      }],
    });
    return;
  }
  // Reasoning items carry the backend's own state; a chat backend has none.
  if (type === "reasoning") return;
  throw invalidParam(
    `Input items of type ${
      JSON.stringify(type)
    } need a backend that serves the Responses API.`,
    `${param}.type`,
  );
}

function textOf(content: unknown, param: string): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) {
    throw invalidParam("`content` must be a string or an array.", param);
  }
  return content.map((part, i) => {
    if (
      isRecord(part) &&
      (part.type === "input_text" || part.type === "output_text") &&
      typeof part.text === "string"
    ) return part.text;
    if (
      isRecord(part) && part.type === "refusal" &&
      typeof part.refusal === "string"
    ) return part.refusal;
    throw invalidParam("Only text parts are allowed here.", `${param}[${i}]`);
  }).join("");
}

function userContent(
  content: unknown,
  param: string,
): string | IRContentPart[] {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) {
    throw invalidParam("`content` must be a string or an array.", param);
  }
  return content.map((part, i): IRContentPart => {
    const where = `${param}[${i}]`;
    if (
      isRecord(part) && part.type === "input_text" &&
      typeof part.text === "string"
    ) {
      return { type: "text", text: part.text };
    }
    if (
      isRecord(part) && part.type === "input_image" &&
      typeof part.image_url === "string"
    ) {
      const data = /^data:([^;,]+);base64,(.*)$/s.exec(part.image_url);
      return data
        ? {
          type: "image",
          source: { type: "base64", mediaType: data[1], data: data[2] },
        }
        : { type: "image", source: { type: "url", url: part.image_url } };
    }
    throw invalidParam("Unsupported content part.", where);
  });
}

function readTools(tools: unknown): IRTool[] {
  if (tools == null) return [];
  if (!Array.isArray(tools)) {
    throw invalidParam("`tools` must be an array.", "tools");
  }
  return tools.map((tool, i): IRTool => {
    if (
      !isRecord(tool) || tool.type !== "function" ||
      typeof tool.name !== "string"
    ) {
      throw invalidParam(
        'Only function tools (`type: "function"` with a `name`) are served on this backend.',
        `tools[${i}]`,
      );
    }
    const read = irTool(tool.name, tool.parameters, tool);
    // Left out (or null), the Responses API makes a tool strict where its
    // schema allows it; the chat and Messages wires would read it as false.
    if (tool.strict == null && strictSchema(read.parameters)) {
      read.strict = true;
    }
    return read;
  });
}

function readChoice(choice: unknown): IRToolChoice {
  if (choice === "auto" || choice === "none" || choice === "required") {
    return choice;
  }
  if (
    isRecord(choice) && choice.type === "function" &&
    typeof choice.name === "string"
  ) {
    return { name: choice.name };
  }
  throw invalidParam("Unsupported `tool_choice`.", "tool_choice");
}

/** Applies `text.format`; true when the answer is the output tool's input. */
function readFormat(text: unknown, ir: IRChatRequest): boolean {
  const format = isRecord(text) ? text.format : undefined;
  if (!isRecord(format) || format.type === "text") return false;
  if (format.type !== "json_schema" && format.type !== "json_object") {
    throw invalidParam("Unsupported `text.format`.", "text.format");
  }
  // The Responses API requires both (its 400 names the missing one); read
  // without a schema, the output tool would take any object.
  if (format.type === "json_schema") {
    for (const field of ["name", "schema"] as const) {
      const value = format[field];
      if (field === "name" ? typeof value !== "string" : !isRecord(value)) {
        throw invalidParam(
          `Missing required parameter: \`text.format.${field}\`.`,
          `text.format.${field}`,
        );
      }
    }
  }
  if (ir.tools !== undefined) {
    // The client's own tools decide the turn: the format goes on as is.
    ir.parameters = {
      ...ir.parameters,
      response_format: format.type === "json_object"
        ? { type: "json_object" }
        : {
          type: "json_schema",
          json_schema: {
            name: format.name,
            schema: format.schema,
            strict: format.strict,
          },
        },
    };
    return false;
  }
  const schema = format.type === "json_schema"
    ? format.schema as Record<string, unknown>
    : { type: "object" };
  ir.tools = [{
    name: OUTPUT_TOOL,
    description: "Respond with the answer as this tool's input.",
    parameters: schema,
  }];
  ir.toolChoice = { name: OUTPUT_TOOL };
  return true;
}
