// The adapters' last pass over a translated chat body: the translation
// table (`_wire_fields.ts`) applied to its top-level keys, so nothing the
// target wire refuses is sent. A key the target documents stays (after a
// check where both wires use one name for different things); a key the
// other wire documents is mapped, emulated, dropped or refused as its row
// says; a key neither documents is dropped toward a strict API (Anthropic,
// OpenAI's own) and sent to other OpenAI-compatible servers, which take
// their own extensions. The dropped names come back for the header and
// the log line.

import type { ChatWire } from "../types.ts";
import { invalidRequest, isRecord } from "./_errors.ts";
import { topLevelRows } from "./_wire_fields.ts";

type Body = Record<string, unknown>;

/** Rewrites `body` in place from one foreign key's value. */
type Emulation = (body: Body, value: unknown, dropped: string[]) => void;

/**
 * A check of a key the target documents: the value to send, or undefined
 * to drop it (the other wire's meaning of the same name).
 */
type NativeCheck = (value: unknown) => unknown;

/**
 * Thinking budgets by OpenAI reasoning effort; `xhigh` and `max` ask for
 * more than `high`, and every budget is kept below `max_tokens`.
 */
const BUDGETS: Readonly<Record<string, number>> = {
  minimal: 1024,
  low: 2048,
  medium: 8192,
  high: 24576,
  xhigh: 32768,
  max: 65536,
};
/** Anthropic's smallest thinking budget. */
const MIN_BUDGET = 1024;

function effortOf(budget: number): string {
  return budget < 4096 ? "low" : budget < 16384 ? "medium" : "high";
}

const TOWARD_ANTHROPIC: Readonly<Record<string, Emulation>> = {
  parallel_tool_calls(body, value) {
    if (value !== false || !Array.isArray(body.tools)) return;
    const choice = isRecord(body.tool_choice)
      ? body.tool_choice
      : { type: "auto" };
    if (choice.type === "none") return;
    body.tool_choice = { ...choice, disable_parallel_tool_use: true };
  },
  response_format(body, value, dropped) {
    if (!isRecord(value) || value.type === "text") return;
    const spec = isRecord(value.json_schema) ? value.json_schema : undefined;
    if (value.type !== "json_schema" || !isRecord(spec?.schema)) {
      dropped.push("response_format");
      return;
    }
    const config = isRecord(body.output_config) ? body.output_config : {};
    body.output_config = {
      ...config,
      format: { type: "json_schema", schema: spec.schema },
    };
  },
  reasoning_effort(body, value, dropped) {
    if (value === "none" || body.thinking !== undefined) return;
    const wanted = typeof value === "string" && Object.hasOwn(BUDGETS, value)
      ? BUDGETS[value]
      : undefined;
    const limit = typeof body.max_tokens === "number"
      ? body.max_tokens - 1
      : Infinity;
    const budget = Math.min(wanted ?? 0, limit);
    if (wanted === undefined || budget < MIN_BUDGET) {
      dropped.push("reasoning_effort");
      return;
    }
    body.thinking = { type: "enabled", budget_tokens: budget };
  },
};

const TOWARD_OPENAI: Readonly<Record<string, Emulation>> = {
  thinking(body, value, dropped) {
    if (!isRecord(value) || value.type === "disabled") return;
    const budget = value.budget_tokens;
    if (value.type !== "enabled" || typeof budget !== "number") {
      dropped.push("thinking");
      return;
    }
    body.reasoning_effort ??= effortOf(budget);
  },
  output_config(body, value, dropped) {
    if (!isRecord(value)) return;
    const format = value.format;
    if (isRecord(format)) {
      if (format.type === "json_schema" && isRecord(format.schema)) {
        body.response_format ??= {
          type: "json_schema",
          json_schema: { name: "output", schema: format.schema, strict: true },
        };
      } else dropped.push("output_config.format");
    }
    // OpenAI's efforts are Anthropic's, `xhigh` and `max` included.
    const effort = value.effort;
    if (typeof effort === "string") body.reasoning_effort ??= effort;
  },
};

const ANTHROPIC_CHECKS: Readonly<Record<string, NativeCheck>> = {
  // OpenAI's temperature runs to 2; Anthropic refuses above 1.
  temperature: (value) => typeof value === "number" && value > 1 ? 1 : value,
  // OpenAI's `metadata` tags stored completions; Anthropic's takes user_id.
  metadata: (value) =>
    isRecord(value) && Object.keys(value).every((key) => key === "user_id")
      ? value
      : undefined,
  service_tier: (value) =>
    value === "auto" || value === "standard_only" ? value : undefined,
};

const OPENAI_CHECKS: Readonly<Record<string, NativeCheck>> = {
  service_tier: (value) => value === "standard_only" ? undefined : value,
};

/**
 * Applies the table to a body bound for `target`, in place.
 *
 * @param body The translated body (a fresh object the adapter owns).
 * @param target The wire it is sent in.
 * @param provider Names the provider in a refusal.
 * @param strict Drop keys neither wire documents (the API refuses them).
 * @param extensions Keys sent although the other wire's row drops them
 *   (`top_k` to an OpenAI-compatible server that takes it).
 * @returns The client's field names dropped.
 * @throws {AdapterError} INVALID_REQUEST naming a refused field.
 */
export function towardWire(
  body: Body,
  target: ChatWire,
  provider: string,
  strict: boolean,
  extensions: readonly string[] = [],
): string[] {
  const own = topLevelRows(target);
  const other = topLevelRows(target === "openai" ? "anthropic" : "openai");
  const checks = target === "openai" ? OPENAI_CHECKS : ANTHROPIC_CHECKS;
  const emulations = target === "openai" ? TOWARD_OPENAI : TOWARD_ANTHROPIC;
  const dropped: string[] = [];
  for (const key of Object.keys(body)) {
    const value = body[key];
    if (own.has(key)) {
      if (!Object.hasOwn(checks, key)) continue;
      const kept = checks[key](value);
      if (kept === undefined) {
        delete body[key];
        dropped.push(key);
      } else body[key] = kept;
      continue;
    }
    const row = other.get(key);
    if (extensions.includes(key)) continue;
    if (row === undefined) {
      if (strict) {
        delete body[key];
        dropped.push(key);
      }
      continue;
    }
    delete body[key];
    switch (row.toward) {
      case "emulated":
        emulations[key](body, value, dropped);
        break;
      case "dropped":
        dropped.push(key);
        break;
      case "refused":
        throw invalidRequest(
          provider,
          `\`${key}\` cannot be sent on the ${target} wire: ${row.note}`,
        );
        // "mapped": the IR field carried it already.
    }
  }
  return dropped;
}
