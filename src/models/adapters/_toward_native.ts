// The native adapters' pass over a request's parameters before they are
// written (Gemini, Cohere, Ollama): the table of `_native_fields.ts`
// applied to the keys the internal form does not name, so nothing the
// target refuses, or would ignore unseen, is sent. A key the target
// documents stays (after a check where a chat wire uses its name for
// something else); a key of either chat wire is mapped, emulated, dropped
// or refused as its row says; any other key is dropped. The dropped names
// come back for the header and the log line.

import type { IRChatRequest, IRParameters } from "../types.ts";
import { invalidRequest, isRecord } from "./_errors.ts";
import {
  NATIVE_KEYS,
  NATIVE_NESTED,
  NATIVE_ROWS,
  type NativeTarget,
  OLLAMA_OPTIONS,
} from "./_native_fields.ts";

type Params = Record<string, unknown>;

/** Writes a foreign key's value into `out` under the target's names. */
type Emulation = (out: Params, value: unknown, dropped: string[]) => void;

/**
 * Thinking budgets by OpenAI reasoning effort (as toward Anthropic); `xhigh`
 * and `max` take the top one, which every thinking Gemini model accepts.
 */
const BUDGETS: Readonly<Record<string, number>> = {
  minimal: 1024,
  low: 2048,
  medium: 8192,
  high: 24576,
  xhigh: 24576,
  max: 24576,
};
/** Gemini's `thinkingBudget` for "the model decides" (dynamic thinking). */
const DYNAMIC_BUDGET = -1;

/** Sets `key` unless the caller set it natively. */
function offer(out: Params, key: string, value: unknown): void {
  if (!Object.hasOwn(out, key)) out[key] = value;
}

/** The schema of an OpenAI `json_schema` response format, if that is what it is. */
function schemaOf(format: Params): Params | undefined {
  const spec = format.json_schema;
  return isRecord(spec) && isRecord(spec.schema) ? spec.schema : undefined;
}

/** The schema of an Anthropic `output_config.format`. */
function outputSchema(
  value: unknown,
  dropped: string[],
): Params | undefined {
  if (!isRecord(value)) return undefined;
  if (value.effort !== undefined) dropped.push("output_config.effort");
  const format = value.format;
  if (format === undefined) return undefined;
  if (
    isRecord(format) && format.type === "json_schema" &&
    isRecord(format.schema)
  ) return format.schema;
  dropped.push("output_config.format");
  return undefined;
}

/**
 * An Anthropic `thinking` value's budget: a number, 0 for disabled, -1
 * (dynamic) for adaptive, where the model sets its own.
 */
function budgetOf(value: unknown): number | undefined {
  if (!isRecord(value)) return undefined;
  if (value.type === "disabled") return 0;
  if (value.type === "adaptive") return DYNAMIC_BUDGET;
  const budget = value.budget_tokens;
  return value.type === "enabled" && typeof budget === "number"
    ? budget
    : undefined;
}

/** An OpenAI reasoning effort's budget: 0 for `none`. */
function effortBudget(value: unknown): number | undefined {
  return value === "none"
    ? 0
    : typeof value === "string" && Object.hasOwn(BUDGETS, value)
    ? BUDGETS[value]
    : undefined;
}

function geminiFormat(out: Params, schema: Params | undefined): void {
  offer(out, "responseMimeType", "application/json");
  if (schema !== undefined) offer(out, "responseJsonSchema", schema);
}

/** Gemini's service tiers for the chat wires' ones (`auto` is its default). */
const GEMINI_TIERS: Readonly<Record<string, string>> = {
  flex: "flex",
  priority: "priority",
  default: "standard",
  standard_only: "standard",
};

const TOWARD_GEMINI: Readonly<Record<string, Emulation>> = {
  logprobs(out, value, dropped) {
    // OpenAI's switch; a number is Gemini's own count of alternatives.
    if (value === true) offer(out, "responseLogprobs", true);
    else if (typeof value === "number") offer(out, "logprobs", value);
    else if (value !== false) dropped.push("logprobs");
  },
  top_logprobs(out, value, dropped) {
    if (typeof value !== "number") {
      dropped.push("top_logprobs");
      return;
    }
    offer(out, "responseLogprobs", true);
    offer(out, "logprobs", value);
  },
  service_tier(out, value, dropped) {
    if (value === "auto") return;
    const tier = typeof value === "string" && Object.hasOwn(GEMINI_TIERS, value)
      ? GEMINI_TIERS[value]
      : undefined;
    if (tier === undefined) dropped.push("service_tier");
    else offer(out, "serviceTier", tier);
  },
  response_format(out, value, dropped) {
    if (!isRecord(value) || value.type === "text") return;
    if (value.type === "json_object") return geminiFormat(out, undefined);
    const schema = value.type === "json_schema" ? schemaOf(value) : undefined;
    if (schema === undefined) dropped.push("response_format");
    else geminiFormat(out, schema);
  },
  reasoning_effort(out, value, dropped) {
    const budget = effortBudget(value);
    if (budget === undefined) dropped.push("reasoning_effort");
    else offer(out, "thinkingConfig", { thinkingBudget: budget });
  },
  thinking(out, value, dropped) {
    const budget = budgetOf(value);
    if (budget === undefined) dropped.push("thinking");
    else offer(out, "thinkingConfig", { thinkingBudget: budget });
  },
  output_config(out, value, dropped) {
    const schema = outputSchema(value, dropped);
    if (schema !== undefined) geminiFormat(out, schema);
  },
};

/** Cohere's response format for an OpenAI one (Cohere's own pass as they are). */
function cohereFormat(value: Params): Params | undefined {
  if (value.type === "text" || value.type === "json_object") return value;
  const schema = value.type === "json_schema" ? schemaOf(value) : undefined;
  return schema === undefined
    ? undefined
    : { type: "json_object", json_schema: schema };
}

/** Cohere's thinking for an Anthropic one (Cohere's own pass as they are). */
function cohereThinking(value: Params): Params | undefined {
  // Anthropic's adaptive thinking: enabled, the budget Cohere's own.
  if (value.type === "adaptive") return { type: "enabled" };
  if (value.budget_tokens === undefined) {
    return value.type === "enabled" || value.type === "disabled"
      ? value
      : undefined;
  }
  const budget = budgetOf(value);
  return budget === undefined
    ? undefined
    : { type: "enabled", token_budget: budget };
}

const TOWARD_COHERE: Readonly<Record<string, Emulation>> = {
  reasoning_effort(out, value, dropped) {
    const budget = effortBudget(value);
    if (budget === undefined) dropped.push("reasoning_effort");
    else {
      offer(
        out,
        "thinking",
        budget === 0
          ? { type: "disabled" }
          : { type: "enabled", token_budget: budget },
      );
    }
  },
  output_config(out, value, dropped) {
    const schema = outputSchema(value, dropped);
    if (schema !== undefined) {
      offer(out, "response_format", {
        type: "json_object",
        json_schema: schema,
      });
    }
  },
};

/** Ollama's `think` levels for OpenAI's and Anthropic's efforts. */
const THINK_LEVELS: Readonly<Record<string, string | false>> = {
  none: false,
  minimal: "low",
  low: "low",
  medium: "medium",
  high: "high",
  xhigh: "high",
  max: "max",
};

function thinkLevel(value: unknown): string | false | undefined {
  return typeof value === "string" && Object.hasOwn(THINK_LEVELS, value)
    ? THINK_LEVELS[value]
    : undefined;
}

const TOWARD_OLLAMA: Readonly<Record<string, Emulation>> = {
  response_format(out, value, dropped) {
    if (!isRecord(value) || value.type === "text") return;
    if (value.type === "json_object") return offer(out, "format", "json");
    const schema = value.type === "json_schema" ? schemaOf(value) : undefined;
    if (schema === undefined) dropped.push("response_format");
    else offer(out, "format", schema);
  },
  reasoning_effort(out, value, dropped) {
    const level = thinkLevel(value);
    if (level === undefined) dropped.push("reasoning_effort");
    else offer(out, "think", level);
  },
  thinking(out, value, dropped) {
    const budget = budgetOf(value);
    if (budget === undefined) dropped.push("thinking");
    else offer(out, "think", budget !== 0);
  },
  output_config(out, value, dropped) {
    // Ollama's think levels are Anthropic's efforts: the effort is kept.
    const effort = isRecord(value) ? value.effort : undefined;
    const schema = outputSchema(
      isRecord(value) ? { ...value, effort: undefined } : value,
      dropped,
    );
    if (schema !== undefined) offer(out, "format", schema);
    if (effort === undefined) return;
    const level = thinkLevel(effort);
    if (level === undefined || level === false) {
      dropped.push("output_config.effort");
    } else offer(out, "think", level);
  },
};

const EMULATIONS: Readonly<
  Record<NativeTarget, Readonly<Record<string, Emulation>>>
> = { gemini: TOWARD_GEMINI, cohere: TOWARD_COHERE, ollama: TOWARD_OLLAMA };

/**
 * A check of a key the target documents under a name a chat wire also
 * uses: the value to send, or undefined to drop it.
 */
const CHECKS: Readonly<
  Record<NativeTarget, Readonly<Record<string, (value: unknown) => unknown>>>
> = {
  gemini: {},
  cohere: {
    response_format: (value) => isRecord(value) ? cohereFormat(value) : value,
    thinking: (value) => isRecord(value) ? cohereThinking(value) : value,
  },
  ollama: {},
};

/**
 * The parameters to write toward a native API, and the client's field
 * names dropped on the way.
 *
 * @param parameters The request's parameters; never mutated.
 * @param target The native API.
 * @param names The adapter's parameter table: the internal form's fields
 *   (a `null` one has no counterpart there and is dropped).
 * @returns A fresh parameters object and the dropped names.
 * @throws {AdapterError} INVALID_REQUEST naming a refused field.
 */
export function towardNative(
  parameters: IRParameters | undefined,
  target: NativeTarget,
  names: Readonly<Record<string, string | null>>,
): { parameters: IRParameters | undefined; dropped: string[] } {
  const dropped: string[] = [];
  if (parameters === undefined) return { parameters, dropped };
  const out: Params = {};
  const foreign: Array<[string, unknown]> = [];
  const own = NATIVE_KEYS[target];
  for (const key of Object.keys(parameters)) {
    const value = parameters[key];
    if (value === undefined || key === "__proto__") continue;
    if (key === "model" || Object.hasOwn(names, key)) {
      if (names[key] === null) dropped.push(key);
      else out[key] = value;
    } else if (
      own.includes(key) ||
      (target === "ollama" && OLLAMA_OPTIONS.includes(key))
    ) {
      const check = CHECKS[target][key];
      const kept = check === undefined ? value : check(value);
      if (kept === undefined) dropped.push(key);
      else if (target === "ollama" && key === "options" && isRecord(kept)) {
        out[key] = ollamaOptions(kept, dropped);
      } else out[key] = kept;
    } else foreign.push([key, value]);
  }
  // After the native keys, so a caller's own setting wins over an emulation.
  for (const [key, value] of foreign) {
    const row = NATIVE_ROWS.get(key);
    const [treatment, note] = row === undefined ? ["dropped", ""] : row[target];
    switch (treatment) {
      case "mapped":
      case "emulated": {
        // A mapped row the internal form does not carry has its writer here;
        // one it does carry reaches an adapter under its chat-wire name only
        // from a library caller, and becomes the internal field.
        const write = EMULATIONS[target][key];
        if (write !== undefined) write(out, value, dropped);
        else if (!asInternal(out, key, value, names)) dropped.push(key);
        break;
      }
      case "refused":
        throw invalidRequest(
          target,
          `\`${key}\` cannot be sent to ${target}: ${note}`,
        );
      case "dropped":
        dropped.push(key);
        break;
    }
  }
  return { parameters: out as IRParameters, dropped };
}

/**
 * The internal field a chat wire's sampling parameter stands for, by its
 * chat-wire name. A request-level field (`messages`, `stream`, `tools`…) has
 * none: in `parameters` it is dropped, named.
 */
const INTERNAL: Readonly<Record<string, string>> = {
  max_tokens: "maxTokens",
  max_completion_tokens: "maxTokens",
  top_p: "topP",
  top_k: "topK",
  stop: "stopSequences",
  stop_sequences: "stopSequences",
  frequency_penalty: "frequencyPenalty",
  presence_penalty: "presencePenalty",
};

/**
 * Writes a chat-wire parameter as its internal field when that field is not
 * already set (the internal name, or an earlier chat-wire spelling, wins).
 * Whether the value was carried: a different value under a second name is
 * not, so the caller learns that it was dropped rather than which one won.
 */
function asInternal(
  out: Params,
  key: string,
  value: unknown,
  names: Readonly<Record<string, string | null>>,
): boolean {
  const internal = INTERNAL[key];
  if (internal === undefined || !names[internal]) return false;
  // OpenAI's `stop` may be one string; the internal form holds a list.
  const carried = internal === "stopSequences" && typeof value === "string"
    ? [value]
    : value;
  if (!Object.hasOwn(out, internal)) {
    out[internal] = carried;
    return true;
  }
  return JSON.stringify(out[internal]) === JSON.stringify(carried);
}

/** Ollama's `options` with only the keys it documents. */
function ollamaOptions(options: Params, dropped: string[]): Params {
  const kept: Params = {};
  for (const key of Object.keys(options)) {
    if (key === "__proto__") continue;
    if (OLLAMA_OPTIONS.includes(key)) kept[key] = options[key];
    else dropped.push(`options.${key}`);
  }
  return kept;
}

/** Whether a request holds a nested field, by its row's name. */
const HOLDS: Readonly<Record<string, (request: IRChatRequest) => boolean>> = {
  "messages[].name": (request) =>
    request.messages.some((message) => message.name !== undefined),
  "messages[].refusal": (request) =>
    request.messages.some((message) => Boolean(message.refusal)),
  "messages[].content[].image_url.detail": (request) =>
    someContent(request, (part) => part.type === "image" && !!part.detail),
  "messages[].content[].tool_result.is_error": (request) =>
    someContent(
      request,
      (part) => part.type === "tool_result" && !!part.isError,
    ),
  "messages[].content[].thinking": (request) =>
    someContent(request, (part) => part.type === "thinking"),
  "messages[].content[].redacted_thinking": (request) =>
    someContent(request, (part) => part.type === "redacted_thinking"),
  "messages[].content[].cache_control": (request) =>
    someContent(request, marked, "system"),
  "messages[].content[].prompt_cache_breakpoint": (request) =>
    someContent(request, pointed),
  "system[].cache_control": (request) =>
    request.messages.some((message) =>
      message.role === "system" && partsHold(message.content, marked)
    ),
  "tools[].cache_control": (request) =>
    (request.tools ?? []).some((tool) => tool.cacheControl !== undefined),
  "tools[].strict": (request) =>
    // `strict: false` is every API's default: nothing is lost.
    (request.tools ?? []).some((tool) => tool.strict === true),
};

type Part = Exclude<
  IRChatRequest["messages"][number]["content"],
  string
>[number];

/** An Anthropic cache mark (an OpenAI point is named by its own row). */
function marked(part: Part): boolean {
  return "cacheControl" in part && part.cacheControl !== undefined &&
    part.cacheControl.breakpoint === undefined;
}

/** An OpenAI client's `prompt_cache_breakpoint`, read into a mark. */
function pointed(part: Part): boolean {
  return "cacheControl" in part && part.cacheControl?.breakpoint !== undefined;
}

function partsHold(
  content: string | readonly Part[],
  test: (part: Part) => boolean,
): boolean {
  return typeof content !== "string" && content.some(test);
}

function someContent(
  request: IRChatRequest,
  test: (part: Part) => boolean,
  skipRole?: string,
): boolean {
  return request.messages.some((message) =>
    message.role !== skipRole && partsHold(message.content, test)
  );
}

/**
 * The nested fields of a request that `target` has no place for, as the
 * table names them (`NATIVE_NESTED` rows `dropped` for that target). The
 * adapters leave them out of the body; these names go with the answer.
 *
 * @param request The request, read only.
 * @param target The native API.
 * @param unemulated Emulated rows the adapter could not emulate for this
 *   request (Cohere's `strict_tools` when some tool is not strict): named too.
 * @returns The dropped names, in the table's order.
 */
export function nestedDrops(
  request: IRChatRequest,
  target: NativeTarget,
  unemulated: readonly string[] = [],
): string[] {
  return NATIVE_NESTED.filter((row) => {
    const holds = HOLDS[row.field];
    if (holds === undefined || !holds(request)) return false;
    return row[target][0] === "dropped" || unemulated.includes(row.field);
  }).map((row) => row.field);
}
