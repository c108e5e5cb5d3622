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
    super(message ?? `config: ${field} ${problem}`);
    this.name = "GatewayConfigError";
    this.field = field;
  }
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
        where === "" ? key : `${where}.${key}`,
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
