/**
 * List prices used by `estimateCost`, in US dollars per million tokens, as
 * published on each provider's pricing page as of **2025-08-01** (standard
 * tier, no batch discounts; Gemini 2.5 Pro at its ≤200k-token prompt rate),
 * with the cached-input and cache-write rates where the provider lists them
 * ({@linkcode PRICE_SOURCES} names each page). The gateway prices every
 * answer's usage with the same table ({@linkcode priceFor},
 * {@linkcode priceUsage}). Prices change: pass `prices` in an adapter's config to override or
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
 * Price of a model, USD per one million tokens. `cachedInput`,
 * `cacheWrite` and `reasoning` are set only where the provider prices
 * those tokens apart; absent, they cost `input` (cache reads and writes) or
 * `output` (reasoning), as billed by providers that do not tell them apart.
 *
 * @example Usage
 * ```ts
 * import type { ModelPrice } from "@switchyard/switchyard/models/openai";
 * const price: ModelPrice = { input: 0.15, output: 0.6, cachedInput: 0.075 };
 * console.log(price.output); // 0.6
 * ```
 */
export interface ModelPrice {
  /** USD per million prompt tokens. */
  input: number;
  /** USD per million generated tokens. */
  output: number;
  /** USD per million prompt tokens read from the provider's prompt cache. */
  cachedInput?: number;
  /** USD per million prompt tokens written to the prompt cache (Anthropic). */
  cacheWrite?: number;
  /** USD per million reasoning tokens, where priced apart from `output`. */
  reasoning?: number;
}

/** A price's fields; `input` and `output` are required. */
export const PRICE_FIELDS = [
  "input",
  "output",
  "cachedInput",
  "cacheWrite",
  "reasoning",
] as const;

/**
 * What is wrong with `prices` given in code (an adapter's config, or
 * createGateway's), where no config reader checked them: the first price
 * that is not a finite number ≥ 0, as `["model"].field`, or "" when
 * `prices` is no object; undefined when all is well. A NaN price makes every
 * cost NaN and a negative one makes it negative: a budget charges neither,
 * so either would switch a budget off without a word.
 */
export function badPrice(prices: unknown): string | undefined {
  if (typeof prices !== "object" || prices === null) return "";
  const table = prices as Readonly<Record<string, Partial<ModelPrice>>>;
  for (const model of Object.keys(table)) {
    const price = table[model];
    if (typeof price !== "object" || price === null) {
      return `[${JSON.stringify(model)}]`;
    }
    for (const field of PRICE_FIELDS) {
      const value = price[field];
      const optional = field !== "input" && field !== "output";
      if (value === undefined && optional) continue;
      if (
        typeof value !== "number" || !(Number.isFinite(value) && value >= 0)
      ) {
        return `[${JSON.stringify(model)}].${field}`;
      }
    }
  }
  return undefined;
}

/** The date the built-in prices were taken from the providers' pages. */
export const PRICES_DATE = "2025-08-01";

const OPUS: ModelPrice = {
  input: 15,
  output: 75,
  cachedInput: 1.5,
  cacheWrite: 18.75,
};
const SONNET: ModelPrice = {
  input: 3,
  output: 15,
  cachedInput: 0.3,
  cacheWrite: 3.75,
};
const FREE: ModelPrice = { input: 0, output: 0 };

/**
 * Where each provider's built-in prices come from, all as of
 * {@linkcode PRICES_DATE}: the provider's public pricing page, standard
 * tier, pay as you go.
 */
export const PRICE_SOURCES: Readonly<Record<string, string>> = {
  openai: "OpenAI API pricing page (standard tier; cached input listed)",
  anthropic:
    "Anthropic API pricing page (cache reads 0.1x and 5-minute cache writes 1.25x the input price)",
  gemini:
    "Google Gemini API pricing page (paid tier, prompts up to 200k tokens; context caching listed)",
  groq: "Groq pricing page (on-demand)",
  together: "Together AI pricing page (serverless)",
  mistral: "Mistral AI pricing page (La Plateforme)",
  deepseek:
    "DeepSeek API docs, Models & Pricing (standard hours; cache hit and miss input)",
  cohere: "Cohere pricing page (Command models)",
};

/** Built-in list prices by provider, then model family. */
export const PRICES: Readonly<
  Record<string, Readonly<Record<string, ModelPrice>>>
> = {
  openai: {
    "gpt-5": { input: 1.25, output: 10, cachedInput: 0.125 },
    "gpt-5-mini": { input: 0.25, output: 2, cachedInput: 0.025 },
    "gpt-5-nano": { input: 0.05, output: 0.4, cachedInput: 0.005 },
    "gpt-4.1": { input: 2, output: 8, cachedInput: 0.5 },
    "gpt-4.1-mini": { input: 0.4, output: 1.6, cachedInput: 0.1 },
    "gpt-4.1-nano": { input: 0.1, output: 0.4, cachedInput: 0.025 },
    "gpt-4o": { input: 2.5, output: 10, cachedInput: 1.25 },
    "gpt-4o-mini": { input: 0.15, output: 0.6, cachedInput: 0.075 },
    "gpt-4-turbo": { input: 10, output: 30 },
    "gpt-3.5-turbo": { input: 0.5, output: 1.5 },
    "o1": { input: 15, output: 60, cachedInput: 7.5 },
    "o3": { input: 2, output: 8, cachedInput: 0.5 },
    "o3-mini": { input: 1.1, output: 4.4, cachedInput: 0.55 },
    "o4-mini": { input: 1.1, output: 4.4, cachedInput: 0.275 },
  },
  anthropic: {
    "claude-opus-4-1": OPUS,
    "claude-opus-4": OPUS,
    "claude-sonnet-4": SONNET,
    "claude-3-7-sonnet": SONNET,
    "claude-3-5-sonnet": SONNET,
    "claude-3-5-haiku": {
      input: 0.8,
      output: 4,
      cachedInput: 0.08,
      cacheWrite: 1,
    },
    "claude-3-opus": OPUS,
    "claude-3-haiku": {
      input: 0.25,
      output: 1.25,
      cachedInput: 0.03,
      cacheWrite: 0.3,
    },
  },
  gemini: {
    "gemini-2.5-pro": { input: 1.25, output: 10, cachedInput: 0.31 },
    "gemini-2.5-flash": { input: 0.3, output: 2.5, cachedInput: 0.075 },
    "gemini-2.5-flash-lite": { input: 0.1, output: 0.4, cachedInput: 0.025 },
    "gemini-2.0-flash": { input: 0.1, output: 0.4, cachedInput: 0.025 },
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
    "deepseek-chat": { input: 0.27, output: 1.1, cachedInput: 0.07 },
    "deepseek-reasoner": { input: 0.55, output: 2.19, cachedInput: 0.14 },
  },
  cohere: {
    "command-a": { input: 2.5, output: 10 },
    "command-r-plus": { input: 2.5, output: 10 },
    "command-r7b": { input: 0.0375, output: 0.15 },
    "command-r": { input: 0.15, output: 0.6 },
  },
};

/**
 * Providers that run on your own machine (vLLM, llama.cpp, LM Studio,
 * Ollama): no per-token bill, so their answers cost 0, not "unknown".
 */
export const LOCAL_PROVIDERS: ReadonlySet<string> = new Set([
  "vllm",
  "llamacpp",
  "lmstudio",
  "ollama",
]);

// OpenRouter's vendor prefixes that differ from the price table's names.
const VENDORS: Readonly<Record<string, string>> = {
  google: "gemini",
  mistralai: "mistral",
};

/**
 * The price of `model` as served by `provider`: the config's `overrides`
 * first (exact name, else the longest prefix), then the provider's table,
 * then, for an OpenRouter-style `vendor/model`, the vendor's own table (its
 * dotted versions also tried dashed: `claude-3.5-sonnet`). Undefined when
 * unpriced; a local provider's models price at 0.
 */
export function priceFor(
  provider: string | undefined,
  model: string,
  overrides?: Readonly<Record<string, ModelPrice>>,
): ModelPrice | undefined {
  const own = overrides && findPrice(overrides, model);
  if (own) return own;
  if (provider !== undefined && LOCAL_PROVIDERS.has(provider)) return FREE;
  if (provider !== undefined && Object.hasOwn(PRICES, provider)) {
    const listed = findPrice(PRICES[provider], model);
    if (listed) return listed;
  }
  const slash = model.indexOf("/");
  if (slash <= 0) return undefined;
  const prefix = model.slice(0, slash);
  const vendor = Object.hasOwn(VENDORS, prefix) ? VENDORS[prefix] : prefix;
  if (!Object.hasOwn(PRICES, vendor)) return undefined;
  const name = model.slice(slash + 1);
  return findPrice(PRICES[vendor], [
    name,
    name.replace(/(\d)\.(?=\d)/g, "$1-"),
  ]);
}

/**
 * The token counts a price applies to: the IR's usage, with the optional
 * details (cache reads and writes, reasoning) some providers report.
 * `promptTokens` includes the cached ones and `completionTokens` the
 * reasoning ones.
 */
export interface PricedUsage {
  /** Prompt tokens, cached ones included. */
  readonly promptTokens: number;
  /** Generated tokens, reasoning included. */
  readonly completionTokens: number;
  /** Of the prompt, read from the provider's cache. */
  readonly cacheReadTokens?: number;
  /** Of the prompt, written to the provider's cache. */
  readonly cacheCreationTokens?: number;
  /** Of the completion, spent on reasoning. */
  readonly reasoningTokens?: number;
}

/** A count as a non-negative finite number (a missing or bad one is 0). */
function count(value: number | undefined): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0
    ? value
    : 0;
}

/**
 * USD for `usage` at `price`: each kind of token at its own rate (cache
 * reads at `cachedInput`, cache writes at `cacheWrite`, reasoning at
 * `reasoning`), the rest at `input` and `output`.
 */
export function priceUsage(usage: PricedUsage, price: ModelPrice): number {
  const cacheRead = count(usage.cacheReadTokens);
  const cacheWrite = count(usage.cacheCreationTokens);
  const reasoning = Math.min(
    count(usage.reasoningTokens),
    count(usage.completionTokens),
  );
  const uncached = Math.max(
    0,
    count(usage.promptTokens) - cacheRead - cacheWrite,
  );
  const output = count(usage.completionTokens) - reasoning;
  return (uncached * price.input +
    cacheRead * (price.cachedInput ?? price.input) +
    cacheWrite * (price.cacheWrite ?? price.input) +
    output * price.output +
    reasoning * (price.reasoning ?? price.output)) / 1_000_000;
}

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
  if (typeof models === "string") {
    // A listed name is its own longest prefix: the common case, one lookup
    // (the answer's price is read on every request).
    if (Object.hasOwn(table, models)) return table[models];
    models = [models];
  }
  let best: string | undefined;
  for (const key in table) {
    if (best !== undefined && key.length <= best.length) continue;
    if (!Object.hasOwn(table, key)) continue;
    for (const name of models) {
      if (name.startsWith(key)) {
        best = key;
        break;
      }
    }
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
