// Which tool schemas Gemini's `parameters` Schema object (an OpenAPI
// subset that answers 400 to keywords it lacks) surely carries; any other
// goes whole as `parametersJsonSchema`, which takes JSON Schema.

import type { IRTool } from "../types.ts";
import { isRecord } from "./_errors.ts";
import { functionDeclaration } from "./_ir.ts";

/** Values of `type` that Gemini's Schema object knows. */
const SCHEMA_TYPES = new Set([
  "string",
  "number",
  "integer",
  "boolean",
  "array",
  "object",
]);
/** Values of `format` that Gemini's Schema object knows. */
const SCHEMA_FORMATS = new Set([
  "enum",
  "date-time",
  "float",
  "double",
  "int32",
  "int64",
]);
const isStrings = (value: unknown): boolean =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

/**
 * True when `schema` uses only what Gemini's `parameters` Schema object (an
 * OpenAPI subset) is sure to carry: `type` (one name), `format` (Gemini's
 * few), `description`, `nullable`, string `enum`s, `required`, `items` and
 * `properties`, nested the same way.
 */
function fitsGeminiSchema(schema: unknown): boolean {
  if (!isRecord(schema)) return false;
  return Object.entries(schema).every(([key, value]) => {
    switch (key) {
      case "type":
        return typeof value === "string" &&
          SCHEMA_TYPES.has(value.toLowerCase());
      case "format":
        return typeof value === "string" && SCHEMA_FORMATS.has(value);
      case "description":
        return typeof value === "string";
      case "nullable":
        return typeof value === "boolean";
      case "enum":
      case "required":
        return isStrings(value);
      case "items":
        return fitsGeminiSchema(value);
      case "properties":
        return isRecord(value) && Object.values(value).every(fitsGeminiSchema);
      default:
        return false;
    }
  });
}

/**
 * A tool as a function declaration: its schema as `parameters` when Gemini's
 * Schema object can carry it, else whole as `parametersJsonSchema`, which
 * takes JSON Schema. A top-level `$schema` only names the dialect and is left
 * out of both.
 */
export function geminiDeclaration(tool: IRTool): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = tool.parameters;
  const declaration = functionDeclaration({ ...tool, parameters: schema });
  if (fitsGeminiSchema(schema)) return declaration;
  const { parameters, ...rest } = declaration;
  return { ...rest, parametersJsonSchema: parameters };
}
