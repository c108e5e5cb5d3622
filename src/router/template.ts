/**
 * `deconstruct` and `cook`: low-level tagged-template helpers.
 *
 * @module
 */

/**
 * The pieces of a tagged template, as {@linkcode deconstruct} returns them.
 *
 * @example Inspecting a template
 * ```ts
 * import { deconstruct, type DeconstructedTemplate } from "@switchyard/switchyard/router";
 * const parts: DeconstructedTemplate = deconstruct`a${1}b`;
 * console.log(parts.strings, parts.substitutions); // ["a", "b"] [1]
 * ```
 */
export interface DeconstructedTemplate {
  /** Cooked strings (escapes applied); `undefined` where an escape is invalid. */
  strings: (string | undefined)[];
  /** The substituted values, untouched. */
  substitutions: unknown[];
  /** Raw strings, exactly as written in the source. */
  raw: string[];
}

/**
 * Returns a tagged template's strings, substitutions and raw strings without
 * joining them. The arrays are copies: changing them changes nothing else.
 *
 * @param strings Template strings (given by the tag call).
 * @param substitutions Substituted values.
 * @returns Strings, substitutions and raw strings.
 *
 * @example Cooked and raw strings
 * ```ts
 * import { deconstruct } from "@switchyard/switchyard/router";
 * const { strings, raw, substitutions } = deconstruct`line\n${42}`;
 * console.log(strings[0], raw[0], substitutions[0]); // "line\n" "line\\n" 42
 * ```
 */
export function deconstruct(
  strings: TemplateStringsArray,
  ...substitutions: unknown[]
): DeconstructedTemplate {
  return {
    strings: [...strings],
    substitutions,
    raw: [...strings.raw],
  };
}

const DECODER = new TextDecoder();

function text(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof ArrayBuffer) return DECODER.decode(value);
  if (ArrayBuffer.isView(value)) return DECODER.decode(value);
  return String(value);
}

/**
 * Joins cooked strings and substitutions into one string — like an untagged
 * template literal, except that `null` and `undefined` render as nothing (as
 * in route templates) and bytes (`ArrayBuffer`, `Uint8Array`, other views)
 * are decoded as UTF-8. Functions are not called.
 *
 * @param strings Template strings (given by the tag call).
 * @param substitutions Substituted values.
 * @returns The joined text.
 *
 * @example Joining
 * ```ts
 * import { cook } from "@switchyard/switchyard/router";
 * const name = "world";
 * console.log(cook`Hello ${name}${null}!`); // "Hello world!"
 * ```
 */
export function cook(
  strings: TemplateStringsArray,
  ...substitutions: unknown[]
): string {
  let result = strings[0] ?? strings.raw[0];
  for (let i = 0; i < substitutions.length; i++) {
    result += text(substitutions[i]) + (strings[i + 1] ?? strings.raw[i + 1]);
  }
  return result;
}
