// The config file's value checks, each throwing a GatewayConfigError whose
// one-line message names the field; config.ts composes them.

/**
 * An invalid config: `field` names the offending field.
 *
 * @example Usage
 * ```ts
 * import { GatewayConfigError } from "@switchyard/switchyard/gateway";
 * const error = new GatewayConfigError("keys[0].rpm", "must be a positive integer");
 * console.log(error.message); // "config: keys[0].rpm must be a positive integer"
 * ```
 */
export class GatewayConfigError extends Error {
  /** Always `INVALID_CONFIG`. */
  readonly code = "INVALID_CONFIG";
  /** The field at fault, e.g. `keys[0].rpm`. */
  readonly field: string;

  /**
   * Creates the error.
   *
   * @param field The field at fault.
   * @param problem What is wrong with it.
   * @param message The whole message, when not `config: <field> <problem>`.
   */
  constructor(field: string, problem: string, message?: string) {
    // The last guard of the one-line promise: names are quoted where they
    // are written (see quote), so this only catches what slips past.
    super(oneLine(message ?? `config: ${field} ${problem}`));
    this.name = "GatewayConfigError";
    this.field = field;
  }
}

// Line breaks JSON.stringify leaves as they are, besides \r and \n.
const BREAKS = /[\r\n\u0085\u2028\u2029]/g;

function oneLine(text: string): string {
  return text.replace(
    BREAKS,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * A name from the file as a JSON string on one line (`"a\nb"`): quotes,
 * backslashes and every line break escaped.
 */
export function quote(name: string): string {
  return oneLine(JSON.stringify(name));
}

/**
 * The path of `key` inside `where`: `where.key` for a plain name, else
 * `where["k\"ey"]`, so a name with quotes or line breaks stays one line.
 */
export function member(where: string, key: string): string {
  if (/^[A-Za-z0-9_$@:+./-]+$/.test(key)) {
    return where === "" ? key : `${where}.${key}`;
  }
  return `${where}[${quote(key)}]`;
}

/** Sets an own property, also for names such as `__proto__`. */
export function setOwn(
  target: Record<string, string>,
  key: string,
  value: string,
): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function only(
  value: Record<string, unknown>,
  where: string,
  allowed: readonly string[],
): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      throw new GatewayConfigError(
        member(where, key),
        `is not a known field (known: ${allowed.join(", ")})`,
      );
    }
  }
}

export function object(value: unknown, field: string): Record<string, unknown> {
  if (!isRecord(value)) {
    throw new GatewayConfigError(field, "must be an object");
  }
  return value;
}

export function string(value: unknown, field: string): string {
  if (typeof value !== "string" || value === "") {
    throw new GatewayConfigError(field, "must be a non-empty string");
  }
  return value;
}

export function strings(value: unknown, field: string): string[] {
  if (!Array.isArray(value)) {
    throw new GatewayConfigError(field, "must be an array of strings");
  }
  return value.map((item, i) => string(item, `${field}[${i}]`));
}

export function positiveInteger(value: unknown, field: string): number {
  if (!Number.isSafeInteger(value) || (value as number) < 1) {
    throw new GatewayConfigError(field, "must be a positive integer");
  }
  return value as number;
}

export function nonNegativeInteger(value: unknown, field: string): number {
  if (!Number.isSafeInteger(value) || (value as number) < 0) {
    throw new GatewayConfigError(field, "must be a non-negative integer");
  }
  return value as number;
}

export function boolean(value: unknown, field: string): boolean {
  if (typeof value !== "boolean") {
    throw new GatewayConfigError(field, "must be true or false");
  }
  return value;
}

export function oneOf<T extends string>(
  value: unknown,
  field: string,
  allowed: readonly T[],
): T {
  if (typeof value !== "string" || !allowed.includes(value as T)) {
    throw new GatewayConfigError(field, `must be one of ${allowed.join(", ")}`);
  }
  return value as T;
}
