// `model-based`: `request.parameters.model` looked up in the model mapping
// (exact names first, then globs in insertion order).

import {
  type CompiledPatterns,
  compilePatterns,
  lookup,
} from "../_patterns.ts";
import {
  type Plan,
  planOf,
  type Selection,
  type Strategy,
} from "./strategy.ts";

/** Owns the compiled mapping; the registry validates and keeps the raw one. */
export class ModelStrategy implements Strategy {
  readonly honoursNamed = true;
  #mapping: CompiledPatterns = compilePatterns({});

  /** Replaces the mapping (model name or glob → backend name). */
  setMapping(mapping: Readonly<Record<string, string>>): void {
    this.#mapping = compilePatterns(mapping);
  }

  select({ request, entries, usable }: Selection): Plan | undefined {
    const model = request.parameters?.model;
    if (typeof model !== "string") return undefined;
    const name = lookup(this.#mapping, model);
    const entry = name === undefined ? undefined : entries.get(name);
    return entry !== undefined && usable(entry)
      ? planOf(entry, "model-mapping")
      : undefined;
  }

  changed(): void {}
}
