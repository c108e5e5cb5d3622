// Whether a function's parameter schema can be enforced strictly as it is.
// The Responses API makes a function tool strict when its `strict` is left
// out and the schema allows it, and falls back to non-strict otherwise; Chat
// Completions and Anthropic are non-strict unless told. So a translated
// Responses request says `strict: true` for a tool without `strict` only when
// this accepts its schema. It errs toward "no": a keyword outside the small
// set every strict mode takes (OpenAI's and Anthropic's both) makes the tool
// non-strict, which is the fallback OpenAI itself takes, never a 400 from the
// target.
import { isRecord } from "./_wire_util.ts";

/** Keywords every strict mode takes; any other makes a schema non-strict. */
const KEYWORDS: ReadonlySet<string> = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "anyOf",
  "description",
  "title",
]);

/** OpenAI's documented limits: nesting depth, object properties in all. */
const MAX_DEPTH = 10;
const MAX_PROPERTIES = 5000;

/**
 * Whether `schema` (a function's parameters) can be strict: an object at
 * the root; every object closed (`additionalProperties: false`) with every
 * property required; only {@link KEYWORDS}; within OpenAI's depth and
 * property limits. The walk stops at the depth limit, so no schema can
 * overflow the stack.
 */
export function strictSchema(schema: Record<string, unknown>): boolean {
  if (schema.type !== "object") return false;
  return fits(schema, 1, { properties: 0 });
}

function fits(
  node: unknown,
  depth: number,
  count: { properties: number },
): boolean {
  if (!isRecord(node) || depth > MAX_DEPTH) return false;
  if (!Object.keys(node).every((key) => KEYWORDS.has(key))) return false;
  const { properties } = node;
  const isObject = node.type === "object" ||
    (Array.isArray(node.type) && node.type.includes("object")) ||
    properties !== undefined;
  if (isObject) {
    if (node.additionalProperties !== false) return false;
    if (properties !== undefined && !isRecord(properties)) return false;
    const fields = (properties ?? {}) as Record<string, unknown>;
    const keys = Object.keys(fields);
    const required = node.required ?? [];
    if (!Array.isArray(required)) return false;
    if (!keys.every((key) => required.includes(key))) return false;
    count.properties += keys.length;
    if (count.properties > MAX_PROPERTIES) return false;
    for (const key of keys) {
      if (!fits(fields[key], depth + 1, count)) return false;
    }
  }
  if (node.items !== undefined && !fits(node.items, depth + 1, count)) {
    return false;
  }
  if (node.anyOf !== undefined) {
    if (!Array.isArray(node.anyOf)) return false;
    return node.anyOf.every((branch) => fits(branch, depth + 1, count));
  }
  return true;
}
