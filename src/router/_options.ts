// RouterInit read once, at createRouter: every option is checked there, so a
// wrong value is a RouteError at start-up, never a 500 at the first request.
import { RouteError } from "./errors.ts";
import { parsePattern } from "./_pattern.ts";
import type { CacheOptions, ErrorHandler, Handler } from "./types.ts";

/** The 405 and OPTIONS hooks (router.ts's AllowHandler, same shape). */
type Hook = (
  request: Request,
  details: { readonly allow: readonly string[]; readonly info: unknown },
) => Response | Promise<Response>;

/** What {@linkcode readOptions} returns: every option checked and defaulted. */
export interface Options {
  readonly base: string;
  readonly defaultHandler: Handler | undefined;
  readonly errorHandler: ErrorHandler | undefined;
  readonly cache: CacheOptions | undefined;
  readonly trailingSlash: "strict" | "ignore" | "redirect";
  readonly methodNotAllowed: Hook | undefined;
  readonly options: Hook | undefined;
  readonly caseSensitive: boolean;
  readonly ignoreDuplicateSlashes: boolean;
  readonly maxParamLength: number;
}

/**
 * The default of `maxParamLength`, in characters of the path as sent:
 * ten times find-my-way's 100, because ids that real apps put in one
 * segment (JWTs and other signed tokens, encoded object keys) pass 100.
 */
export const DEFAULT_MAX_PARAM_LENGTH = 1024;

/**
 * Names other routers use for options this one has under another name or
 * shape: an unknown key is refused, and these get a pointer.
 */
const OTHER_NAMES: Record<string, string> = {
  defaultRoute: 'defaultHandler (find-my-way\'s "defaultRoute")',
  ignoreTrailingSlash: 'trailingSlash: "ignore"',
  strict: 'trailingSlash: "strict"',
  notFound: "defaultHandler",
  onError: "errorHandler",
  onBadUrl: "defaultHandler (a malformed escape stays as written here)",
  constraints: "a Host line in the endpoint template",
};

const KNOWN = new Set([
  "baseUrl",
  "defaultHandler",
  "errorHandler",
  "cache",
  "trailingSlash",
  "methodNotAllowed",
  "options",
  "caseSensitive",
  "ignoreDuplicateSlashes",
  "maxParamLength",
]);

/** A value as an error message shows it: short, and never a function's source. */
function describe(value: unknown): string {
  if (typeof value === "function") return "a function";
  if (Array.isArray(value)) return "an array";
  if (value === null) return "null";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") {
    return JSON.stringify(value.length > 60 ? value.slice(0, 60) + "…" : value);
  }
  if (typeof value === "bigint") return `${value}n`;
  return String(value);
}

function invalid(message: string, cause?: unknown): RouteError {
  return new RouteError({ code: "INVALID_OPTION", message, cause });
}

function functionOption<F>(init: Record<string, unknown>, name: string): F {
  const value = init[name];
  if (value === undefined || typeof value === "function") return value as F;
  throw invalid(
    `RouterInit.${name} must be a function, got ${describe(value)}`,
  );
}

function booleanOption(
  init: Record<string, unknown>,
  name: string,
  fallback: boolean,
): boolean {
  const value = init[name];
  if (value === undefined) return fallback;
  if (typeof value === "boolean") return value;
  throw invalid(
    `RouterInit.${name} must be true or false, got ${describe(value)}`,
  );
}

function basePath(value: unknown): string {
  if (value === undefined || value === "") return "";
  if (typeof value !== "string") {
    throw invalid(
      `RouterInit.baseUrl must be a path or a URL, got ${describe(value)}`,
    );
  }
  let path = value;
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(value)) {
    try {
      path = new URL(value).pathname;
    } catch (cause) {
      throw invalid(`RouterInit.baseUrl is not a valid URL: ${value}`, cause);
    }
  }
  if (!path.startsWith("/")) path = "/" + path;
  while (path.endsWith("/")) path = path.slice(0, -1);
  if (path !== "") parsePattern(path);
  return path;
}

function trailingSlashOption(value: unknown): Options["trailingSlash"] {
  if (value === undefined) return "strict";
  if (value === "strict" || value === "ignore" || value === "redirect") {
    return value;
  }
  throw invalid(
    `RouterInit.trailingSlash must be "strict", "ignore" or "redirect", got ${
      describe(value)
    }`,
  );
}

function cacheOption(value: unknown): CacheOptions | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) return {};
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    return value as CacheOptions;
  }
  throw invalid(
    `RouterInit.cache must be true, false or CacheOptions, got ${
      describe(value)
    }`,
  );
}

function maxParamLengthOption(value: unknown): number {
  if (value === undefined) return DEFAULT_MAX_PARAM_LENGTH;
  if (
    typeof value === "number" && value >= 1 &&
    (Number.isInteger(value) || value === Infinity)
  ) {
    return value;
  }
  throw invalid(
    `RouterInit.maxParamLength must be a whole number of characters, at least 1 (Infinity for no limit), got ${
      describe(value)
    }`,
  );
}

/**
 * Checks every option of a RouterInit and fills in the defaults.
 *
 * @throws {RouteError} `INVALID_OPTION` naming the option and what it got,
 * for a value of the wrong type or range and for an unknown key.
 */
export function readOptions(init: unknown): Options {
  if (init === undefined) init = {};
  if (typeof init !== "object" || init === null || Array.isArray(init)) {
    throw invalid(`RouterInit must be an object, got ${describe(init)}`);
  }
  const record = init as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (KNOWN.has(key)) continue;
    const hint = Object.hasOwn(OTHER_NAMES, key)
      ? `; write ${OTHER_NAMES[key]}`
      : "";
    throw invalid(
      `RouterInit has no option ${JSON.stringify(key)}${hint} (known: ${
        [...KNOWN].join(", ")
      })`,
    );
  }
  return {
    base: basePath(record.baseUrl),
    defaultHandler: functionOption(record, "defaultHandler"),
    errorHandler: functionOption(record, "errorHandler"),
    cache: cacheOption(record.cache),
    trailingSlash: trailingSlashOption(record.trailingSlash),
    methodNotAllowed: functionOption(record, "methodNotAllowed"),
    options: functionOption(record, "options"),
    caseSensitive: booleanOption(record, "caseSensitive", true),
    ignoreDuplicateSlashes: booleanOption(
      record,
      "ignoreDuplicateSlashes",
      false,
    ),
    maxParamLength: maxParamLengthOption(record.maxParamLength),
  };
}
