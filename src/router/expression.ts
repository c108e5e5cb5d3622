/**
 * `HTTPExpression`: match a request against a method, path and header
 * pattern without a router.
 *
 * @module
 */
import { RouteError } from "./errors.ts";
import { parsePattern, type Pattern, regExpPath } from "./_pattern.ts";
import { decodeParam, getPath } from "./_path.ts";
import { PARAMS_PROTOTYPE } from "./_matcher.ts";
import { cook } from "./template.ts";
import { TOKEN } from "../_http_token.ts";

/**
 * What {@linkcode HTTPExpressionMatcher.exec} returns for a matching request:
 * one string per path parameter, plus `method` and `headers` (which win over
 * parameters of the same name).
 *
 * @example Reading a result
 * ```ts
 * import { HTTPExpression, type HTTPExpressionResult } from "@switchyard/switchyard/router";
 * const result: HTTPExpressionResult | null = HTTPExpression`GET /a/:x`.exec(new Request("http://localhost/a/1"));
 * console.log(result?.x, result?.method); // "1" "GET"
 * ```
 */
export type HTTPExpressionResult = Record<string, string | Headers> & {
  /** The request method. */
  method: string;
  /** The request headers. */
  headers: Headers;
};

/**
 * The object returned by {@linkcode HTTPExpression}.
 *
 * @example Testing requests
 * ```ts
 * import { HTTPExpression, type HTTPExpressionMatcher } from "@switchyard/switchyard/router";
 * const isApi: HTTPExpressionMatcher = HTTPExpression`* /api/*`;
 * console.log(isApi.test(new Request("http://localhost/api/x", { method: "PUT" }))); // true
 * ```
 */
export interface HTTPExpressionMatcher {
  /**
   * True when the request matches method, path and header lines.
   *
   * @param request The request.
   * @returns Whether it matches.
   */
  test(request: Request): boolean;
  /**
   * The decoded path parameters, method and headers, or `null` when the
   * request does not match.
   *
   * @param request The request.
   * @returns The result or `null`.
   */
  exec(request: Request): HTTPExpressionResult | null;
}

interface HeaderRule {
  readonly name: string;
  /** Expected value, normalized as a list element; `*` only requires the header to be present. */
  readonly value: string;
}

/**
 * One list element, lower-cased, with the blanks around its `;` parameters
 * removed: `Application/JSON ; charset=UTF-8` → `application/json;charset=utf-8`.
 */
function normalizeElement(text: string): string {
  return text.toLowerCase().split(";").map((part) => part.trim()).filter(
    (part) => part !== "",
  ).join(";");
}

function headerMatches(headers: Headers, rule: HeaderRule): boolean {
  const actual = headers.get(rule.name);
  if (actual === null) return false;
  if (rule.value === "*") return true;
  if (normalizeElement(actual) === rule.value) return true;
  // A rule without parameters matches an element whatever its parameters;
  // a rule with parameters needs the same ones.
  const bare = !rule.value.includes(";");
  return actual.split(",").some((item) => {
    const element = normalizeElement(item);
    return element === rule.value ||
      (bare && element.split(";")[0] === rule.value);
  });
}

/**
 * Builds a request matcher from `METHOD /pattern`, optionally followed by
 * header lines. Method `*` or `ALL` matches every method (`GET` does not
 * match `HEAD`). The path pattern is the router's (`:name`, `:name?`, `*`,
 * literal text). A header line `Name: value` requires the request header to
 * equal the value or to list it as one comma-separated element, ignoring
 * case and the blanks around `;` (`Accept: application/json` matches
 * `application/json, text/plain`). A rule without `;` parameters ignores
 * the request's; a rule with parameters needs the same ones
 * (`Content-Type: application/json; charset=utf-8` matches
 * `application/json;charset=UTF-8`). `Name: *` requires the header to be
 * present. Substitutions are joined as text.
 *
 * @param strings Template strings.
 * @param substitutions Values joined into the expression as text.
 * @returns An object with `test` and `exec`.
 * @throws {RouteError} `INVALID_ENDPOINT`, `INVALID_PATTERN` or `INVALID_TEMPLATE`.
 *
 * @example Method, path and a header
 * ```ts
 * import { HTTPExpression } from "@switchyard/switchyard/router";
 * const expression = HTTPExpression`
 *   GET /users/:id
 *   Accept: application/json
 * `;
 * const request = new Request("http://localhost/users/42", { headers: { accept: "application/json" } });
 * const result = expression.exec(request);
 * console.log(result?.id, result?.method, expression.test(new Request("http://localhost/users/42"))); // "42" "GET" false
 * ```
 */
export function HTTPExpression(
  strings: TemplateStringsArray,
  ...substitutions: unknown[]
): HTTPExpressionMatcher {
  const lines = cook(strings, ...substitutions).split(/\r?\n/).map((line) =>
    line.trim()
  )
    .filter((line) => line !== "");
  // The request line is read raw, like the router's endpoint tag, so that
  // pattern escapes (`\:`) and constraints (`{\d+}`) keep their backslashes.
  const rawLine = String.raw(strings, ...substitutions).split(/\r?\n/).map((
    line,
  ) => line.trim()).find((line) => line !== "");
  const start = (rawLine ?? "").split(/\s+/);
  if (start.length !== 2) {
    throw new RouteError({
      code: "INVALID_ENDPOINT",
      message: `Invalid expression ${
        JSON.stringify(lines[0] ?? "")
      }: expected "METHOD /pattern"`,
    });
  }
  const method = start[0].toUpperCase();
  const any = method === "*" || method === "ALL";
  const pattern: Pattern = parsePattern(start[1]);
  const regexp = new RegExp(`^${pattern.regexSource}$`);
  const rules: HeaderRule[] = lines.slice(1).map((line) => {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim();
    if (colon <= 0 || !TOKEN.test(name)) {
      throw new RouteError({
        code: "INVALID_TEMPLATE",
        message: `Invalid header line ${
          JSON.stringify(line)
        }: expected "Name: value"`,
      });
    }
    const value = line.slice(colon + 1).trim();
    return { name, value: value === "*" ? value : normalizeElement(value) };
  });

  function match(request: Request): RegExpExecArray | null {
    if (!any && request.method !== method) return null;
    const path = getPath(request.url);
    // Static patterns ("/" included) compare the path as it is; the router
    // looks them up in its static map the same way.
    const captures = regexp.exec(
      pattern.staticPath === undefined ? regExpPath(path) : path,
    );
    if (captures === null) return null;
    for (const rule of rules) {
      if (!headerMatches(request.headers, rule)) return null;
    }
    return captures;
  }

  return {
    test: (request) => match(request) !== null,
    exec(request) {
      const captures = match(request);
      if (captures === null) return null;
      const result: Record<string, string | Headers> = Object.create(
        PARAMS_PROTOTYPE,
      );
      pattern.params.forEach((name, i) => {
        const value = captures[i + 1];
        if (value !== undefined) result[name] = decodeParam(value);
        else if (name === pattern.wildcard) result[name] = "";
      });
      result.method = request.method;
      result.headers = request.headers;
      return result as HTTPExpressionResult;
    },
  };
}
