// IR answers written as OpenAI Responses objects: the JSON `response` and
// the typed SSE events of a streamed one (`response.created`, output items
// and content parts added and done, `response.output_text.delta`,
// `response.function_call_arguments.delta`, `response.completed`), each
// with its `sequence_number`. A structured answer (the forced output tool,
// `_responses_request.ts`) is written as the message text it stands for.
// The answer's details go where the Responses API keeps them: cached and
// reasoning tokens in the usage details, a refusal as a `refusal` content
// part (`response.refusal.delta` streamed), the text's log probabilities on
// its `output_text` part and on each text delta.
import type {
  IRChatResponse,
  IRStreamChunk,
  IRTokenLogprob,
  IRUsage,
} from "../models/types.ts";
import type { StreamEncoder } from "./_apis.ts";
import type { ResolvedError } from "./errors.ts";
import { failureMessage } from "./_chunk_message.ts";
import {
  OUTPUT_TOOL,
  type ParsedResponsesRequest,
} from "./_responses_request.ts";

type Item = Record<string, unknown>;

function newId(prefix: string): string {
  return `${prefix}_${crypto.randomUUID().replaceAll("-", "")}`;
}

function usageOf(usage: IRUsage | undefined): Record<string, unknown> | null {
  if (usage === undefined) return null;
  return {
    input_tokens: usage.promptTokens,
    // Both details are required fields of the Responses API's usage.
    input_tokens_details: {
      cached_tokens: usage.cacheReadTokens ?? 0,
      cache_write_tokens: usage.cacheCreationTokens ?? 0,
    },
    output_tokens: usage.completionTokens,
    output_tokens_details: { reasoning_tokens: usage.reasoningTokens ?? 0 },
    total_tokens: usage.totalTokens,
  };
}

/** The response object around `output`. */
function envelope(
  parsed: ParsedResponsesRequest,
  id: string,
  created: number,
  status: string,
  output: Item[],
  usage: IRUsage | undefined,
  incomplete: boolean,
): Record<string, unknown> {
  const body = parsed.body;
  return {
    id,
    object: "response",
    created_at: created,
    status,
    error: null,
    incomplete_details: incomplete ? { reason: "max_output_tokens" } : null,
    instructions: body.instructions ?? null,
    max_output_tokens: body.max_output_tokens ?? null,
    model: parsed.model,
    output,
    parallel_tool_calls: body.parallel_tool_calls ?? true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    store: false,
    temperature: body.temperature ?? null,
    text: body.text ?? { format: { type: "text" } },
    tool_choice: body.tool_choice ?? "auto",
    tools: body.tools ?? [],
    top_p: body.top_p ?? null,
    truncation: "disabled",
    usage: usageOf(usage),
    user: body.user ?? null,
    metadata: body.metadata ?? {},
  };
}

/** One content part of a message: answer text or refusal. */
interface Part {
  readonly kind: "output_text" | "refusal";
  text: string;
  /** The text's token log probabilities, when the backend gave them. */
  logprobs?: Item[];
}

/** IR log probabilities in the Responses shape. */
function logprobsOf(entries: readonly IRTokenLogprob[]): Item[] {
  return entries.map((entry) => ({
    token: entry.token,
    logprob: entry.logprob,
    bytes: entry.bytes ?? [],
    top_logprobs: (entry.topLogprobs ?? []).map((top) => ({
      token: top.token,
      logprob: top.logprob,
      bytes: top.bytes ?? [],
    })),
  }));
}

function partOf(part: Part): Item {
  if (part.kind === "refusal") return { type: "refusal", refusal: part.text };
  return {
    type: "output_text",
    text: part.text,
    annotations: [],
    ...(part.logprobs === undefined ? {} : { logprobs: part.logprobs }),
  };
}

function messageItem(id: string, parts: readonly Part[], status: string) {
  return {
    type: "message",
    id,
    status,
    role: "assistant",
    content: parts.map(partOf),
  };
}

function callItem(
  id: string,
  callId: string,
  name: string,
  args: string,
  status: string,
): Item {
  return {
    type: "function_call",
    id,
    call_id: callId,
    name,
    arguments: args,
    status,
  };
}

/** A non-streamed IR answer as a Responses object. */
export function toResponse(
  response: IRChatResponse,
  parsed: ParsedResponsesRequest,
  id: string,
  created: number,
): Record<string, unknown> {
  const content = response.message.content;
  const parts = typeof content === "string"
    ? [{ type: "text" as const, text: content }]
    : content;
  let text = "";
  const refusal = response.message.refusal;
  const calls: Item[] = [];
  for (const part of parts) {
    if (part.type === "text") text += part.text;
    else if (part.type === "tool_use") {
      if (parsed.structured && part.name === OUTPUT_TOOL) {
        text += JSON.stringify(part.input);
      } else {
        calls.push(
          callItem(
            newId("fc"),
            part.id,
            part.name,
            JSON.stringify(part.input),
            "completed",
          ),
        );
      }
    }
  }
  const written: Part[] = [];
  if (text !== "" || refusal === undefined) {
    const logprobs = response.logprobs?.content;
    written.push({
      kind: "output_text",
      text,
      ...(logprobs === undefined ? {} : { logprobs: logprobsOf(logprobs) }),
    });
  }
  if (refusal !== undefined) written.push({ kind: "refusal", text: refusal });
  const output: Item[] = text === "" && refusal === undefined &&
      calls.length > 0
    ? calls
    : [messageItem(newId("msg"), written, "completed"), ...calls];
  const incomplete = response.finishReason === "length";
  return envelope(
    parsed,
    id,
    created,
    incomplete ? "incomplete" : "completed",
    output,
    response.usage,
    incomplete,
  );
}

/** The open output item of a stream. */
interface Open {
  readonly index: number;
  readonly id: string;
  readonly kind: "message" | "call";
  readonly callId?: string;
  readonly name?: string;
  /** A call's arguments so far. */
  text: string;
  /** A message's content parts so far, the last one open. */
  readonly parts: Part[];
}

/** Encodes one IR stream as Responses SSE events. */
export class ResponsesEncoder implements StreamEncoder {
  readonly #parsed: ParsedResponsesRequest;
  readonly #id: string;
  readonly #created: number;
  #sequence = 0;
  #started = false;
  #finished = false;
  #open: Open | undefined;
  readonly #output: Item[] = [];
  #usage: IRUsage | undefined;

  constructor(parsed: ParsedResponsesRequest, id: string, created: number) {
    this.#parsed = parsed;
    this.#id = id;
    this.#created = created;
  }

  get finished(): boolean {
    return this.#finished;
  }

  #event(type: string, fields: Record<string, unknown>): string {
    const data = { type, sequence_number: this.#sequence++, ...fields };
    return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
  }

  #response(status: string, incomplete = false): Record<string, unknown> {
    return envelope(
      this.#parsed,
      this.#id,
      this.#created,
      status,
      this.#output,
      this.#usage,
      incomplete,
    );
  }

  #start(): string {
    if (this.#started) return "";
    this.#started = true;
    return this.#event("response.created", {
      response: this.#response("in_progress"),
    }) +
      this.#event("response.in_progress", {
        response: this.#response("in_progress"),
      });
  }

  /** Opens an item of `kind` unless one is open; returns its events. */
  #openItem(kind: "message" | "call", callId = "", name = ""): string {
    const open = this.#open;
    if (open?.kind === kind && (kind === "message" || open.callId === callId)) {
      return "";
    }
    const out = this.#closeItem();
    const index = this.#output.length;
    const id = newId(kind === "message" ? "msg" : "fc");
    this.#open = { index, id, kind, callId, name, text: "", parts: [] };
    const item = kind === "message"
      ? messageItem(id, [], "in_progress")
      : callItem(id, callId, name, "", "in_progress");
    return out + this.#event("response.output_item.added", {
      output_index: index,
      item,
    });
  }

  /** The open message's part of `kind`, opened (after closing another). */
  #part(kind: Part["kind"]): string {
    let out = this.#openItem("message");
    const open = this.#open!;
    if (open.parts.at(-1)?.kind === kind) return out;
    out += this.#closePart();
    open.parts.push({ kind, text: "" });
    return out + this.#event("response.content_part.added", {
      item_id: open.id,
      output_index: open.index,
      content_index: open.parts.length - 1,
      part: partOf({ kind, text: "" }),
    });
  }

  /** The done events of the open message's last part. */
  #closePart(): string {
    const open = this.#open!;
    const part = open.parts.at(-1);
    if (part === undefined) return "";
    const where = {
      item_id: open.id,
      output_index: open.index,
      content_index: open.parts.length - 1,
    };
    const done = part.kind === "refusal"
      ? this.#event("response.refusal.done", { ...where, refusal: part.text })
      : this.#event("response.output_text.done", {
        ...where,
        text: part.text,
        ...(part.logprobs === undefined ? {} : { logprobs: part.logprobs }),
      });
    return done +
      this.#event("response.content_part.done", {
        ...where,
        part: partOf(part),
      });
  }

  #closeItem(): string {
    const open = this.#open;
    if (open === undefined) return "";
    this.#open = undefined;
    const { index, id } = open;
    if (open.kind === "message") {
      // Put back so the part's events find it; a message has a part.
      this.#open = open;
      if (open.parts.length === 0) {
        open.parts.push({ kind: "output_text", text: "" });
      }
      const out = this.#closePart();
      this.#open = undefined;
      const item = messageItem(id, open.parts, "completed");
      this.#output.push(item);
      return out +
        this.#event("response.output_item.done", { output_index: index, item });
    }
    const item = callItem(id, open.callId!, open.name!, open.text, "completed");
    this.#output.push(item);
    return this.#event("response.function_call_arguments.done", {
      item_id: id,
      output_index: index,
      arguments: open.text,
    }) +
      this.#event("response.output_item.done", { output_index: index, item });
  }

  #text(delta: string, entries?: readonly IRTokenLogprob[]): string {
    const out = this.#part("output_text");
    const open = this.#open!;
    const part = open.parts.at(-1)!;
    part.text += delta;
    const logprobs = entries === undefined ? undefined : logprobsOf(entries);
    if (logprobs !== undefined) {
      part.logprobs = [...(part.logprobs ?? []), ...logprobs];
    }
    return out + this.#event("response.output_text.delta", {
      item_id: open.id,
      output_index: open.index,
      content_index: open.parts.length - 1,
      delta,
      ...(logprobs === undefined ? {} : { logprobs }),
    });
  }

  #refusal(delta: string): string {
    const out = this.#part("refusal");
    const open = this.#open!;
    open.parts.at(-1)!.text += delta;
    return out + this.#event("response.refusal.delta", {
      item_id: open.id,
      output_index: open.index,
      content_index: open.parts.length - 1,
      delta,
    });
  }

  encode(chunk: IRStreamChunk): string {
    if (this.#finished) return "";
    let out = this.#start();
    switch (chunk.type) {
      case "content":
        if (chunk.delta !== "") {
          out += this.#text(chunk.delta, chunk.logprobs?.content);
        }
        if (chunk.refusal) out += this.#refusal(chunk.refusal);
        break;
      case "tool_use": {
        if (this.#parsed.structured && chunk.name === OUTPUT_TOOL) {
          if (chunk.inputDelta) out += this.#text(chunk.inputDelta);
          break;
        }
        out += this.#openItem("call", chunk.id, chunk.name);
        const open = this.#open!;
        if (chunk.inputDelta) {
          open.text += chunk.inputDelta;
          out += this.#event("response.function_call_arguments.delta", {
            item_id: open.id,
            output_index: open.index,
            delta: chunk.inputDelta,
          });
        }
        break;
      }
      case "metadata":
        if (chunk.usage) this.#usage = chunk.usage;
        break;
      case "done": {
        if (chunk.usage) this.#usage = chunk.usage;
        out += this.#closeItem();
        const incomplete = chunk.finishReason === "length";
        this.#finished = true;
        out += this.#event(
          incomplete ? "response.incomplete" : "response.completed",
          {
            response: this.#response(
              incomplete ? "incomplete" : "completed",
              incomplete,
            ),
          },
        );
        break;
      }
      case "error":
        this.#finished = true;
        out += this.#event("error", {
          code: chunk.error.code,
          message: failureMessage(chunk.error),
          param: null,
        });
        break;
    }
    return out;
  }

  error(resolved: ResolvedError): string {
    this.#finished = true;
    return this.#event("error", {
      code: resolved.code,
      message: resolved.message,
      param: resolved.param,
    });
  }
}
