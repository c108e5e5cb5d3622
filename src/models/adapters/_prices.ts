/**
 * List prices used by `estimateCost`, in US dollars per million tokens, as
 * published on each provider's pricing page on **2025-08-01** (standard tier,
 * no batch or cache discounts; Gemini 2.5 Pro at its ≤200k-token prompt
 * rate). Prices change: pass `prices` in an adapter's config to override or
 * extend this table.
 *
 * A model name matches its exact entry, else the longest entry that is a
 * prefix of it, so dated snapshots (`gpt-4o-2024-08-06`,
 * `claude-3-5-haiku-20241022`) price like their family. Unknown models have
 * no price: `estimateCost` returns null.
 *
 * The estimate itself is rough on purpose: prompt tokens ≈ characters / 4
 * (OpenAI's rule of thumb for English) over message text, tool results, tool
 * call arguments and tool schemas, plus a flat 1000 tokens per image; output
 * tokens = `parameters.maxTokens`, or 256 when unset.
 *
 * @module
 */

import type { IRChatRequest } from "../types.ts";

/**
 * Price of a model, USD per one million tokens.
 *
 * @example Usage
 * ```ts
 * import type { ModelPrice } from "@switchyard/switchyard/models/openai";
 * const price: ModelPrice = { input: 0.15, output: 0.6 };
 * console.log(price.output); // 0.6
 * ```
 */
export interface ModelPrice {
  /** USD per million prompt tokens. */
  input: number;
  /** USD per million generated tokens. */
  output: number;
}

/** The date the built-in prices were taken from the providers' pages. */
export const PRICES_DATE = "2025-08-01";

/** Built-in list prices by provider, then model family. */
export const PRICES: Readonly<
  Record<string, Readonly<Record<string, ModelPrice>>>
> = {
  openai: {
    "gpt-5": { input: 1.25, output: 10 },
    "gpt-5-mini": { input: 0.25, output: 2 },
    "gpt-5-nano": { input: 0.05, output: 0.4 },
    "gpt-4.1": { input: 2, output: 8 },
    "gpt-4.1-mini": { input: 0.4, output: 1.6 },
    "gpt-4.1-nano": { input: 0.1, output: 0.4 },
    "gpt-4o": { input: 2.5, output: 10 },
    "gpt-4o-mini": { input: 0.15, output: 0.6 },
    "gpt-4-turbo": { input: 10, output: 30 },
    "gpt-3.5-turbo": { input: 0.5, output: 1.5 },
    "o3": { input: 2, output: 8 },
    "o3-mini": { input: 1.1, output: 4.4 },
    "o4-mini": { input: 1.1, output: 4.4 },
  },
  anthropic: {
    "claude-opus-4-1": { input: 15, output: 75 },
    "claude-opus-4": { input: 15, output: 75 },
    "claude-sonnet-4": { input: 3, output: 15 },
    "claude-3-7-sonnet": { input: 3, output: 15 },
    "claude-3-5-sonnet": { input: 3, output: 15 },
    "claude-3-5-haiku": { input: 0.8, output: 4 },
    "claude-3-opus": { input: 15, output: 75 },
    "claude-3-haiku": { input: 0.25, output: 1.25 },
  },
  gemini: {
    "gemini-2.5-pro": { input: 1.25, output: 10 },
    "gemini-2.5-flash": { input: 0.3, output: 2.5 },
    "gemini-2.5-flash-lite": { input: 0.1, output: 0.4 },
    "gemini-2.0-flash": { input: 0.1, output: 0.4 },
    "gemini-2.0-flash-lite": { input: 0.075, output: 0.3 },
    "gemini-1.5-pro": { input: 1.25, output: 5 },
    "gemini-1.5-flash": { input: 0.075, output: 0.3 },
  },
  groq: {
    "llama-3.3-70b-versatile": { input: 0.59, output: 0.79 },
    "llama-3.1-8b-instant": { input: 0.05, output: 0.08 },
  },
  together: {
    "meta-llama/Llama-3.3-70B-Instruct-Turbo": { input: 0.88, output: 0.88 },
  },
  mistral: {
    "mistral-large-latest": { input: 2, output: 6 },
    "mistral-medium-latest": { input: 0.4, output: 2 },
    "mistral-small-latest": { input: 0.1, output: 0.3 },
    // The same families by their versioned names (mistral-large-2411,
    // OpenRouter's mistralai/mistral-small-3.1-24b-instruct).
    "mistral-large": { input: 2, output: 6 },
    "mistral-medium": { input: 0.4, output: 2 },
    "mistral-small": { input: 0.1, output: 0.3 },
  },
  deepseek: {
    "deepseek-chat": { input: 0.27, output: 1.1 },
    "deepseek-reasoner": { input: 0.55, output: 2.19 },
  },
};

/** Tokens assumed for one image part. */
const IMAGE_TOKENS = 1000;
/** Output tokens assumed when the request sets no `maxTokens`. */
const DEFAULT_OUTPUT_TOKENS = 256;

/**
 * Looks a model up: the longest table key that is one of `models` or a prefix
 * of one (so an exact name wins over its family). Only the table's own keys
 * count, so a name such as `constructor` is unpriced.
 */
export function findPrice(
  table: Readonly<Record<string, ModelPrice>>,
  models: string | readonly string[],
): ModelPrice | undefined {
  const names = typeof models === "string" ? [models] : models;
  let best: string | undefined;
  for (const key of Object.keys(table)) {
    if (
      (best === undefined || key.length > best.length) &&
      names.some((name) => name.startsWith(key))
    ) best = key;
  }
  return best === undefined ? undefined : table[best];
}

/** Rough prompt token count: characters / 4, plus a flat amount per image. */
export function estimatePromptTokens(request: IRChatRequest): number {
  let chars = 0;
  let images = 0;
  for (const message of request.messages) {
    if (typeof message.content === "string") {
      chars += message.content.length;
      continue;
    }
    for (const part of message.content) {
      if (part.type === "text") chars += part.text.length;
      else if (part.type === "tool_result") chars += part.content.length;
      else if (part.type === "tool_use") {
        chars += part.name.length + JSON.stringify(part.input).length;
      } else images++;
    }
  }
  for (const tool of request.tools ?? []) chars += JSON.stringify(tool).length;
  return Math.ceil(chars / 4) + images * IMAGE_TOKENS;
}

/** USD estimate for a request at `price`. */
export function estimateRequestCost(
  request: IRChatRequest,
  price: ModelPrice,
): number {
  const output = typeof request.parameters?.maxTokens === "number"
    ? request.parameters.maxTokens
    : DEFAULT_OUTPUT_TOKENS;
  return (estimatePromptTokens(request) * price.input + output * price.output) /
    1_000_000;
}

/**
 * The cost of a request for a provider's model, or null when unpriced.
 * `model` may list several spellings of one name; the best match wins (see
 * {@linkcode findPrice}). `overrides` come from the adapter config and win
 * over the built-in table.
 */
export function estimateCostFor(
  request: IRChatRequest,
  provider: string,
  model: string | readonly string[] | undefined,
  overrides: Readonly<Record<string, ModelPrice>> | undefined,
): number | null {
  if (model === undefined) return null;
  const table = Object.hasOwn(PRICES, provider) ? PRICES[provider] : {};
  const price = (overrides && findPrice(overrides, model)) ??
    findPrice(table, model);
  return price === undefined ? null : estimateRequestCost(request, price);
}
