/**
 * The one function that turns IR `parameters` into a provider's wire fields,
 * driven by the provider's {@linkcode ParameterTable} (the role of Portkey's
 * per-provider parameter configs, written as data).
 *
 * Rules, the same for every provider:
 * - `model` is never a wire parameter (the provider puts it where its API
 *   wants it, path or body); `undefined` values are not sent.
 * - A key the table names goes to its wire path; `null` drops it. When two
 *   keys name one path (a custom table may accept two spellings), the later
 *   key in the request wins, as a repeated key in JSON; objects merge, the
 *   later one's fields winning.
 * - Every other key is passed through under its own name, into `rest`
 *   (or to the top level when `topLevel` lists it), unless an IR field
 *   already set that wire field: the IR field wins, once, whatever the key
 *   order (e.g. `top_p` beside `topP`, or `max_tokens` beside `maxTokens`
 *   when `supersedes` says so).
 * - `spread` names a key whose object value is unpacked into `rest` under
 *   the same rule (Ollama's `options`).
 * - Only own keys are read, and a `__proto__` key (an own key after
 *   JSON.parse) is never sent: written by assignment it would replace an
 *   object's prototype on Node, so inherited values would bypass the
 *   gateway's checks. Every field is written as an own data property.
 *
 * @module
 */

import type { IRParameters } from "../types.ts";
import type { ParameterTable } from "./provider.ts";
import { isRecord } from "./_http.ts";

/**
 * The wire fields for `parameters` by `table`, as a fresh object (nested
 * objects for dotted paths). The caller's parameters are never mutated.
 */
export function applyParameters(
  parameters: IRParameters | undefined,
  table: ParameterTable,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (parameters === undefined) return body;
  const names = table.names;
  const dropped = new Set<string>();
  // IR fields first, so a passed-through key naming the same setting never
  // overrides them (or sends the setting twice).
  for (const key of ownKeys(parameters)) {
    const value = parameters[key];
    if (value === undefined || key === "model" || !Object.hasOwn(names, key)) {
      continue;
    }
    for (const other of table.supersedes?.[key] ?? []) dropped.add(other);
    const path = names[key];
    if (path !== null) set(body, path.split("."), value, true);
  }
  const rest = table.rest ?? "";
  for (const key of ownKeys(parameters)) {
    const value = parameters[key];
    if (value === undefined || key === "model" || Object.hasOwn(names, key)) {
      continue;
    }
    if (key === table.spread && isRecord(value)) {
      for (const inner of ownKeys(value)) {
        if (value[inner] !== undefined && !dropped.has(inner)) {
          set(body, under(rest, inner), value[inner], false);
        }
      }
      continue;
    }
    if (dropped.has(key)) continue;
    const path = table.topLevel?.includes(key) ? [key] : under(rest, key);
    set(body, path, value, false);
  }
  return body;
}

/** Own enumerable keys but `__proto__`. */
function ownKeys(value: object): string[] {
  return Object.keys(value).filter((key) => key !== "__proto__");
}

/** Sets an own data property, whatever the name. */
function define(body: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(body, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

// A passed-through key is one name, whatever it holds: a client's `"a.b"`
// (or `"n."`) is sent as that key, not read as a path to `a` (or `n`).
function under(prefix: string, key: string): string[] {
  return prefix === "" ? [key] : [...prefix.split("."), key];
}

/**
 * Sets a path, one name per segment. An object already at the path is merged
 * into (a passed-through `metadata` object keeps its fields beside
 * `metadata.user_id`); a scalar already there is kept unless `overwrite`.
 */
function set(
  body: Record<string, unknown>,
  path: readonly string[],
  value: unknown,
  overwrite: boolean,
): void {
  if (path.length === 1) {
    const key = path[0];
    const present = Object.hasOwn(body, key) ? body[key] : undefined;
    if (isRecord(present) && isRecord(value)) {
      define(
        body,
        key,
        overwrite ? { ...present, ...value } : { ...value, ...present },
      );
    } else if (overwrite || !Object.hasOwn(body, key)) {
      define(body, key, value);
    }
    return;
  }
  const head = path[0];
  const present = Object.hasOwn(body, head) ? body[head] : undefined;
  const inner = isRecord(present) ? { ...present } : {};
  set(inner, path.slice(1), value, overwrite);
  define(body, head, inner);
}
