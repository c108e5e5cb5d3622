// Model translation: which model name a backend should receive for a
// request. Tables are compiled once, when the Router is created.

import type { ModelTranslationConfig } from "./config.ts";
import type { IRChatRequest } from "./types.ts";
import type { BackendEntry } from "./_state.ts";
import { configError } from "./_failures.ts";
import { type CompiledPatterns, compilePatterns, lookup } from "./_patterns.ts";
import type { Warnings } from "./_warnings.ts";

/** A ModelTranslationConfig with its per-backend tables compiled. */
export interface Translation {
  readonly config: ModelTranslationConfig;
  readonly tables: ReadonlyMap<string, CompiledPatterns>;
}

/** A model substitution for one backend. */
export interface Substitution {
  readonly from: string;
  readonly to: string;
}

const STRATEGIES: ReadonlySet<unknown> = new Set([
  undefined,
  "exact",
  "pattern",
  "default",
  "none",
]);

/**
 * Compiles the tables; undefined when translation is off (no config, or
 * strategy `none`). Throws INVALID_REQUEST for an unknown strategy.
 */
export function compileTranslation(
  config: ModelTranslationConfig | undefined,
): Translation | undefined {
  if (config === undefined) return undefined;
  if (!STRATEGIES.has(config.strategy)) {
    throw configError(
      `Unknown modelTranslation.strategy "${String(config.strategy)}"`,
    );
  }
  if (config.strategy === "none") return undefined;
  const globs = config.strategy !== "exact";
  const tables = new Map(
    Object.entries(config.mapping ?? {}).map((
      [backend, table],
    ) => [backend, compilePatterns(table, globs)]),
  );
  // A copy: the caller's object edited later must not change routing, as
  // the tables compiled above do not change either.
  const own: ModelTranslationConfig = config.defaultModels === undefined
    ? { strategy: config.strategy }
    : { strategy: config.strategy, defaultModels: { ...config.defaultModels } };
  return { config: own, tables };
}

/**
 * The model `entry` should receive instead of the request's, or undefined
 * when the model passes through: the backend's table first, then (strategy
 * `default`) its default model when it does not serve the requested one.
 */
export function substitution(
  translation: Translation,
  request: IRChatRequest,
  entry: BackendEntry,
): Substitution | undefined {
  const from = request.parameters?.model;
  if (typeof from !== "string") return undefined;
  const table = translation.tables.get(entry.name);
  let to = table === undefined ? undefined : lookup(table, from);
  const config = translation.config;
  if (to === undefined && (config.strategy ?? "default") === "default") {
    const served = entry.adapter.metadata?.capabilities?.models;
    if (Array.isArray(served) && served.length > 0 && !served.includes(from)) {
      to = config.defaultModels?.[entry.name] ??
        entry.adapter.metadata?.defaultModel;
    }
  }
  return to === undefined || to === from ? undefined : { from, to };
}

/**
 * The request as each backend should see it: the caller's object when
 * translation is off or changes nothing, else a copy with the model
 * substituted (reported as `model-substituted`).
 */
export class Translator {
  readonly #translation: Translation | undefined;
  readonly #warnings: Warnings;

  constructor(translation: Translation | undefined, warnings: Warnings) {
    this.#translation = translation;
    this.#warnings = warnings;
  }

  translate(request: IRChatRequest, entry: BackendEntry): IRChatRequest {
    const translation = this.#translation;
    if (translation === undefined) return request;
    const change = substitution(translation, request, entry);
    if (change === undefined) return request;
    const { from, to } = change;
    this.#warnings.emit(
      "model-substituted",
      `Model "${from}" replaced by "${to}" for backend "${entry.name}"`,
      { backend: entry.name, from, to },
    );
    return { ...request, parameters: { ...request.parameters, model: to } };
  }
}
