// The two wire formats the gateway speaks, behind one shape, so the request
// pipeline (keys, limits, routing, streaming, metrics) is written once.
import type {
  IRChatRequest,
  IRChatResponse,
  IRStreamChunk,
} from "../models/types.ts";
import { openAIErrorBody, type ResolvedError } from "./errors.ts";
import type { ModelTarget } from "./_wire_util.ts";
import { estimateTokens } from "./_request_parts.ts";
import { withUsage } from "./_usage_estimate.ts";
import { anthropicDrops, openAIDrops } from "./_nested_drops.ts";
import { parseChatRequest } from "./openai_request.ts";
import { ChunkEncoder, toChatCompletion } from "./openai_response.ts";
import { parseMessagesRequest } from "./anthropic_request.ts";
import {
  anthropicErrorBody,
  MessageStreamEncoder,
  toAnthropicMessage,
} from "./anthropic_response.ts";

/** A request read by a wire format. */
export interface ParsedRequest {
  ir: IRChatRequest;
  model: string;
  stream: boolean;
  includeUsage?: boolean;
  /** The prompt's estimated tokens (characters / 4): admission, usage estimates. */
  promptTokens: number;
  /**
   * The 400s about content the IR cannot carry (left out of `ir`): fatal
   * to a translated call, nothing to a body relayed as is.
   */
  untranslatable: unknown[];
}

/**
 * A wire format's parse result, with its prompt estimate computed when first
 * read: it serializes the whole prompt, and a relayed JSON answer (the most
 * common request) carries the upstream's own usage and never reads it.
 *
 * A class, not a spread into an object literal with a getter: V8 builds
 * such a literal (and the getter's closure) on a slow path, which cost three
 * to four times the parse it wrapped.
 */
class Parsed implements ParsedRequest {
  readonly ir: IRChatRequest;
  readonly model: string;
  readonly stream: boolean;
  readonly includeUsage?: boolean;
  readonly untranslatable: unknown[];
  #tokens: number | undefined;

  constructor(
    read: {
      ir: IRChatRequest;
      model: string;
      stream: boolean;
      includeUsage?: boolean;
    },
    untranslatable: unknown[],
  ) {
    this.ir = read.ir;
    this.model = read.model;
    this.stream = read.stream;
    if (read.includeUsage !== undefined) this.includeUsage = read.includeUsage;
    this.untranslatable = untranslatable;
  }

  get promptTokens(): number {
    return this.#tokens ??= estimateTokens(this.ir);
  }
}

/** Encodes one stream. */
export interface StreamEncoder {
  readonly finished: boolean;
  /** The stream's first event carried the prompt estimate, not the backend's count. */
  readonly startEstimated?: boolean;
  encode(chunk: IRStreamChunk): string;
  error(resolved: ResolvedError): string;
}

/** One wire format. */
export interface WireApi {
  /** `openai` or `anthropic` (a metrics and log label). */
  readonly name: "openai" | "anthropic";
  /** Prefix of response ids. */
  readonly idPrefix: string;
  parse(
    body: unknown,
    resolve: (model: string) => ModelTarget,
    id: string,
  ): ParsedRequest;
  json(
    response: IRChatResponse,
    parsed: ParsedRequest,
    id: string,
    created: number,
  ): unknown;
  encoder(parsed: ParsedRequest, id: string, created: number): StreamEncoder;
  errorBody(resolved: ResolvedError): unknown;
  /** The nested fields of a body its IR leaves out (translated calls). */
  nestedDrops(body: Record<string, unknown>): string[];
}

export const OPENAI_API: WireApi = {
  name: "openai",
  idPrefix: "chatcmpl-",
  parse: (body, resolve, id) => {
    const untranslatable: unknown[] = [];
    return new Parsed(
      parseChatRequest(body, resolve, id, untranslatable),
      untranslatable,
    );
  },
  json: (response, parsed, id, created) =>
    toChatCompletion(withUsage(response, parsed.promptTokens), {
      id,
      created,
      model: parsed.model,
    }),
  encoder: (parsed, id, created) =>
    new ChunkEncoder(
      { id, created, model: parsed.model },
      parsed.includeUsage === true,
      parsed.promptTokens,
    ),
  errorBody: openAIErrorBody,
  nestedDrops: openAIDrops,
};

export const ANTHROPIC_API: WireApi = {
  name: "anthropic",
  idPrefix: "msg_",
  parse: (body, resolve, id) => {
    const untranslatable: unknown[] = [];
    return new Parsed(
      parseMessagesRequest(body, resolve, id, untranslatable),
      untranslatable,
    );
  },
  json: (response, parsed, id) =>
    toAnthropicMessage(withUsage(response, parsed.promptTokens), {
      id,
      model: parsed.model,
    }),
  encoder: (parsed, id) =>
    new MessageStreamEncoder(
      { id, model: parsed.model },
      parsed.promptTokens,
    ),
  errorBody: anthropicErrorBody,
  nestedDrops: anthropicDrops,
};
