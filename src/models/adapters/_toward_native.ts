// The native adapters' pass over a request's parameters before they are
// written (Gemini, Cohere, Ollama): the table of `_native_fields.ts`
// applied to the keys the internal form does not name, so nothing the
// target refuses, or would ignore unseen, is sent. A key the target
// documents stays (after a check where a chat wire uses its name for
// something else); a key of either chat wire is mapped, emulated, dropped
// or refused as its row says; any other key is dropped. The dropped names
// come back for the header and the log line.

import type { IRParameters } from "../types.ts";
import { invalidRequest, isRecord } from "./_errors.ts";
import {
  NATIVE_KEYS,
  NATIVE_ROWS,
  type NativeTarget,
  OLLAMA_OPTIONS,
} from "./_native_fields.ts";

type Params = Record<string, unknown>;

/** Writes a foreign key's value into `out` under the target's names. */
type Emulation = (out: Params, value: unknown, dropped: string[]) => void;

/** Thinking budgets by OpenAI reasoning effort (as toward Anthropic). */
const BUDGETS: Readonly<Record<string, number>> = {
  minimal: 1024,
  low: 2048,
  medium: 8192,
  high: 24576,
};

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

/** An Anthropic `thinking` value's budget: a number, 0 for disabled. */
function budgetOf(value: unknown): number | undefined {
  if (!isRecord(value)) return undefined;
  if (value.type === "disabled") return 0;
  const budget = value.budget_tokens;
  return value.type === "enabled" && typeof budget === "number"
    ? budget
    : undefined;
}

/** An OpenAI reasoning effort's budget: 0 for `none`. */
function effortBudget(value: unknown): number | undefined {
  return value === "none"
    ? 0
    : typeof value === "string"
    ? BUDGETS[value]
    : undefined;
}

function geminiFormat(out: Params, schema: Params | undefined): void {
  offer(out, "responseMimeType", "application/json");
  if (schema !== undefined) offer(out, "responseJsonSchema", schema);
}

const TOWARD_GEMINI: Readonly<Record<string, Emulation>> = {
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

const THINK_LEVELS: Readonly<Record<string, string | false>> = {
  none: false,
  minimal: "low",
  low: "low",
  medium: "medium",
  high: "high",
};

const TOWARD_OLLAMA: Readonly<Record<string, Emulation>> = {
  response_format(out, value, dropped) {
    if (!isRecord(value) || value.type === "text") return;
    if (value.type === "json_object") return offer(out, "format", "json");
    const schema = value.type === "json_schema" ? schemaOf(value) : undefined;
    if (schema === undefined) dropped.push("response_format");
    else offer(out, "format", schema);
  },
  reasoning_effort(out, value, dropped) {
    const level = typeof value === "string" ? THINK_LEVELS[value] : undefined;
    if (level === undefined) dropped.push("reasoning_effort");
    else offer(out, "think", level);
  },
  thinking(out, value, dropped) {
    const budget = budgetOf(value);
    if (budget === undefined) dropped.push("thinking");
    else offer(out, "think", budget > 0);
  },
  output_config(out, value, dropped) {
    const schema = outputSchema(value, dropped);
    if (schema !== undefined) offer(out, "format", schema);
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
      case "emulated":
        EMULATIONS[target][key](out, value, dropped);
        break;
      case "refused":
        throw invalidRequest(
          target,
          `\`${key}\` cannot be sent to ${target}: ${note}`,
        );
      case "dropped":
        dropped.push(key);
        break;
        // "mapped": the internal form carried it already.
    }
  }
  return { parameters: out as IRParameters, dropped };
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
