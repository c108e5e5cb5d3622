// Small pieces both request readers (OpenAI and Anthropic) share.
import type {
  IRChatRequest,
  IRMessage,
  IRParameters,
  IRTool,
  OperationRequest,
} from "../models/types.ts";
import { GatewayError } from "./errors.ts";

/** Where the gateway sends a model name: a backend (optional) and the model for it. */
export interface ModelTarget {
  /** Registered backend name, for explicit routing. */
  backend?: string;
  /** Model to ask that backend for; absent means the backend's default. */
  model?: string;
}

/**
 * The routing fields of a call through the router for `target`: its model
 * (absent: the backend's default) and the named backend in
 * `metadata.custom.backend` (absent: routing picks).
 */
export function targetFields(
  target: ModelTarget,
): Pick<OperationRequest, "model" | "metadata"> {
  return {
    ...(target.model === undefined ? {} : { model: target.model }),
    ...(target.backend === undefined
      ? {}
      : { metadata: { custom: { backend: target.backend } } }),
  };
}

/** The name `aliases` maps `model` to (one step), else `model` itself. */
export function resolveAlias(
  aliases: Readonly<Record<string, string>>,
  model: string,
): string {
  return Object.hasOwn(aliases, model) ? aliases[model] : model;
}

/**
 * Where a model name (after aliases) goes: `"<backend>"` to that backend's
 * default model, `"<backend>/<model>"` to that backend and model, anything
 * else to routing as is. `has` tells registered backends.
 */
export function targetOf(
  model: string,
  has: (backend: string) => boolean,
): ModelTarget {
  if (has(model)) return { backend: model };
  const slash = model.indexOf("/");
  if (slash > 0 && has(model.slice(0, slash))) {
    return { backend: model.slice(0, slash), model: model.slice(slash + 1) };
  }
  return { model };
}

/**
 * Body keys refused as parameters: `__proto__` would replace the parameters
 * object's prototype on Node (JSON.parse makes it an own key), and none of
 * the three is a real provider parameter.
 */
const RESERVED_KEYS: ReadonlySet<string> = new Set([
  "__proto__",
  "constructor",
  "prototype",
]);

/** The first top-level body key that is a reserved name, if any. */
export function reservedKey(
  body: Record<string, unknown>,
): string | undefined {
  return Object.keys(body).find((key) => RESERVED_KEYS.has(key));
}

/**
 * Copies the body's own keys that `handled` does not name into `parameters`
 * as own data properties, so no key can reach a prototype.
 */
export function copyUnknownKeys(
  body: Record<string, unknown>,
  handled: ReadonlySet<string>,
  parameters: IRParameters,
): void {
  for (const key of Object.keys(body)) {
    if (handled.has(key) || RESERVED_KEYS.has(key)) continue;
    Object.defineProperty(parameters, key, {
      value: body[key],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
}

/**
 * A 400 `invalid_request_error` with code `invalid_value` about `param`:
 * what every request reader answers to a field it cannot take.
 */
export function invalidParam(message: string, param?: string): GatewayError {
  return new GatewayError({
    status: 400,
    type: "invalid_request_error",
    message,
    code: "invalid_value",
    ...(param === undefined ? {} : { param }),
  });
}

/** True for a plain JSON object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The IR request, naming the target backend in `metadata.custom.backend`. */
export function irRequest(
  messages: IRMessage[],
  parameters: IRParameters,
  target: ModelTarget,
  requestId: string,
  stream: boolean,
): IRChatRequest {
  return {
    messages,
    parameters,
    metadata: {
      requestId,
      timestamp: Date.now(),
      ...(target.backend === undefined
        ? {}
        : { custom: { backend: target.backend } }),
    },
    stream,
  };
}

/**
 * Errors about content the IR cannot carry (a content type, a server tool):
 * fatal to a translation, nothing to a body relayed as is.
 */
const UNTRANSLATABLE = new WeakSet<object>();

/** Marks `error` as one about untranslatable content, and returns it. */
export function untranslatable<E extends object>(error: E): E {
  UNTRANSLATABLE.add(error);
  return error;
}

/**
 * Runs `read`; an untranslatable-content error is collected into
 * `skipped` (when given) and undefined returned, any other rethrown.
 */
export function skipping<T>(
  skipped: unknown[] | undefined,
  read: () => T,
): T | undefined {
  try {
    return read();
  } catch (error) {
    if (skipped === undefined || !UNTRANSLATABLE.has(error as object)) {
      throw error;
    }
    skipped.push(error);
    return undefined;
  }
}

/**
 * A body's `tools`, each read by the wire's `readTool`; one the IR cannot
 * carry is set aside into `skipped` as {@linkcode skipping} does. Not an
 * array: the wire's own 400, from `notArray`.
 */
export function readToolList(
  tools: unknown,
  skipped: unknown[] | undefined,
  notArray: () => Error,
  readTool: (tool: unknown, i: number) => IRTool,
): IRTool[] {
  if (!Array.isArray(tools)) throw notArray();
  const out: IRTool[] = [];
  tools.forEach((tool, i) => {
    const read = skipping(skipped, () => readTool(tool, i));
    if (read !== undefined) out.push(read);
  });
  return out;
}

/**
 * A function tool in the IR from a wire's fields: `schema` when it is an
 * object, else a schema taking no arguments (a tool may omit it); a
 * `description` and `strict` of the wrong type are left out.
 */
export function irTool(
  name: string,
  schema: unknown,
  fields: Record<string, unknown>,
): IRTool {
  const out: IRTool = {
    name,
    parameters: isRecord(schema) ? schema : { type: "object", properties: {} },
  };
  if (typeof fields.description === "string") {
    out.description = fields.description;
  }
  if (typeof fields.strict === "boolean") out.strict = fields.strict;
  return out;
}
