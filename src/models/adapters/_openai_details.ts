/**
 * The details of a Chat Completions answer beyond its text, both ways:
 * usage with its `prompt_tokens_details` / `completion_tokens_details`, and
 * `logprobs`. The adapter reads them into the IR; the gateway writes the IR
 * back in this shape. Only IR types are imported, so either side can use it.
 *
 * @module
 */

import type { IRLogprobs, IRTokenLogprob, IRUsage } from "../types.ts";

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function count(record: unknown, key: string): number | undefined {
  if (!isRecord(record)) return undefined;
  const value = record[key];
  return typeof value === "number" && Number.isFinite(value) && value >= 0
    ? value
    : undefined;
}

/** A wire `usage` object as IR usage; undefined when there is none. */
export function readOpenAIUsage(usage: unknown): IRUsage | undefined {
  if (!isRecord(usage)) return undefined;
  const prompt = count(usage, "prompt_tokens") ?? 0;
  const completion = count(usage, "completion_tokens") ?? 0;
  const out: IRUsage = {
    promptTokens: prompt,
    completionTokens: completion,
    totalTokens: count(usage, "total_tokens") ?? prompt + completion,
  };
  // OpenAI counts cached and cache-written tokens inside prompt_tokens and
  // reasoning tokens inside completion_tokens, as the IR does: the numbers
  // carry over as they are.
  const cached = count(usage.prompt_tokens_details, "cached_tokens");
  if (cached !== undefined) out.cacheReadTokens = cached;
  const written = count(usage.prompt_tokens_details, "cache_write_tokens");
  if (written !== undefined) out.cacheCreationTokens = written;
  const reasoning = count(usage.completion_tokens_details, "reasoning_tokens");
  if (reasoning !== undefined) out.reasoningTokens = reasoning;
  return out;
}

/** The wire `usage` object, with its details. */
export interface OpenAIUsageDetails {
  /** Tokens in the prompt, cached ones included. */
  prompt_tokens: number;
  /** Tokens generated, reasoning included. */
  completion_tokens: number;
  /** Their sum. */
  total_tokens: number;
  /** Of the prompt, read from the cache and written to it. */
  prompt_tokens_details?: {
    cached_tokens?: number;
    cache_write_tokens?: number;
  };
  /** Of the completion, spent on reasoning. */
  completion_tokens_details?: { reasoning_tokens: number };
}

/**
 * IR usage as a wire `usage` object: cache reads as `cached_tokens` and
 * cache writes as `cache_write_tokens` (the name the openai SDK gives them),
 * each only when known, both counted in `prompt_tokens` too.
 */
export function writeOpenAIUsage(usage: IRUsage): OpenAIUsageDetails {
  const out: OpenAIUsageDetails = {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.totalTokens,
  };
  if (
    usage.cacheReadTokens !== undefined ||
    usage.cacheCreationTokens !== undefined
  ) {
    out.prompt_tokens_details = {
      ...(usage.cacheReadTokens === undefined
        ? {}
        : { cached_tokens: usage.cacheReadTokens }),
      ...(usage.cacheCreationTokens === undefined
        ? {}
        : { cache_write_tokens: usage.cacheCreationTokens }),
    };
  }
  if (usage.reasoningTokens !== undefined) {
    out.completion_tokens_details = {
      reasoning_tokens: usage.reasoningTokens,
    };
  }
  return out;
}

function bytesOf(value: unknown): number[] | null | undefined {
  if (value === null) return null;
  if (!Array.isArray(value)) return undefined;
  return value.every((b) => typeof b === "number") ? value : undefined;
}

function readEntries(list: unknown): IRTokenLogprob[] | undefined {
  if (!Array.isArray(list)) return undefined;
  const out: IRTokenLogprob[] = [];
  for (const item of list) {
    if (
      !isRecord(item) || typeof item.token !== "string" ||
      typeof item.logprob !== "number"
    ) continue;
    const entry: IRTokenLogprob = { token: item.token, logprob: item.logprob };
    const bytes = bytesOf(item.bytes);
    if (bytes !== undefined) entry.bytes = bytes;
    if (Array.isArray(item.top_logprobs)) {
      entry.topLogprobs = [];
      for (const top of item.top_logprobs) {
        if (
          !isRecord(top) || typeof top.token !== "string" ||
          typeof top.logprob !== "number"
        ) continue;
        const topBytes = bytesOf(top.bytes);
        entry.topLogprobs.push({
          token: top.token,
          logprob: top.logprob,
          ...(topBytes === undefined ? {} : { bytes: topBytes }),
        });
      }
    }
    out.push(entry);
  }
  return out;
}

/** A choice's `logprobs` as IR; undefined for null or an empty object. */
export function readOpenAILogprobs(logprobs: unknown): IRLogprobs | undefined {
  if (!isRecord(logprobs)) return undefined;
  const out: IRLogprobs = {};
  const content = readEntries(logprobs.content);
  if (content !== undefined) out.content = content;
  const refusal = readEntries(logprobs.refusal);
  if (refusal !== undefined) out.refusal = refusal;
  return out.content === undefined && out.refusal === undefined
    ? undefined
    : out;
}

/**
 * One token's wire log probability.
 *
 * @example Usage
 * ```ts
 * import type { OpenAITokenLogprob } from "@switchyard/switchyard/gateway";
 * const entry: OpenAITokenLogprob = { token: "Hi", logprob: -0.01, bytes: [72, 105], top_logprobs: [] };
 * ```
 */
export interface OpenAITokenLogprob {
  /** The token. */
  token: string;
  /** Its log probability. */
  logprob: number;
  /** Its UTF-8 bytes. */
  bytes: number[] | null;
  /** The most likely tokens at this position. */
  top_logprobs: { token: string; logprob: number; bytes: number[] | null }[];
}

/**
 * A choice's wire `logprobs`.
 *
 * @example Usage
 * ```ts
 * import type { OpenAILogprobs } from "@switchyard/switchyard/gateway";
 * const logprobs: OpenAILogprobs = { content: [], refusal: null };
 * ```
 */
export interface OpenAILogprobs {
  /** Per content token, or null. */
  content: OpenAITokenLogprob[] | null;
  /** Per refusal token, or null. */
  refusal: OpenAITokenLogprob[] | null;
}

function writeEntries(
  list: IRTokenLogprob[] | undefined,
): OpenAITokenLogprob[] | null {
  if (list === undefined) return null;
  return list.map((entry) => ({
    token: entry.token,
    logprob: entry.logprob,
    bytes: entry.bytes ?? null,
    top_logprobs: (entry.topLogprobs ?? []).map((top) => ({
      token: top.token,
      logprob: top.logprob,
      bytes: top.bytes ?? null,
    })),
  }));
}

/** IR log probabilities as a choice's wire `logprobs` (null when none). */
export function writeOpenAILogprobs(
  logprobs: IRLogprobs | undefined,
): OpenAILogprobs | null {
  if (logprobs === undefined) return null;
  return {
    content: writeEntries(logprobs.content),
    refusal: writeEntries(logprobs.refusal),
  };
}
