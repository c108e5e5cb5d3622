// The syntax errors the curl reader raises where bash refuses what a
// `$(…)`, `${…}`, `$[…]` or backtick substitution holds: each an
// INVALID_INPUT or UNTERMINATED_QUOTE at the offset of the token bash names.
import { ConversionError } from "./errors.ts";

/** How the expansion at `at` opens, and what closes it. */
function form(input: string, at: number): [string, string, string] {
  if (input[at] === "`") return ["`", "command substitution", "`"];
  if (input[at] !== "$") return [`${input[at]}(`, "process substitution", ")"];
  if (input[at + 1] === "[") return ["$[", "arithmetic expansion", "]"];
  return input[at + 1] === "{"
    ? ["${", "parameter expansion", "}"]
    : ["$(", "command substitution", ")"];
}

/** UNTERMINATED_QUOTE at `at`: nothing closes the expansion opened there. */
export function unclosed(input: string, at: number): ConversionError {
  const [opening, name, closing] = form(input, at);
  return new ConversionError({
    code: "UNTERMINATED_QUOTE",
    message:
      `Unterminated ${opening} ${name} opened at offset ${at}: nothing closes it with ${closing}`,
    offset: at,
  });
}

/** UNTERMINATED_QUOTE at `at`: a quote inside the expansion opened there is unclosed. */
export function unterminatedInside(input: string, at: number): ConversionError {
  const [opening, name] = form(input, at);
  return new ConversionError({
    code: "UNTERMINATED_QUOTE",
    message:
      `Unterminated quote inside the ${opening} ${name} opened at offset ${at}`,
    offset: at,
  });
}

/** INVALID_INPUT at `offset`: the case opened at `caseAt` needs `expected` there. */
export function syntaxError(
  input: string,
  offset: number,
  caseAt: number,
  expected: string,
): ConversionError {
  const found = input[offset] === undefined ? "the end" : `'${input[offset]}'`;
  return new ConversionError({
    code: "INVALID_INPUT",
    message:
      `Syntax error at offset ${offset}: the case opened at offset ${caseAt} needs ${expected} where ${found} stands (bash refuses this command)`,
    offset,
  });
}

/** INVALID_INPUT at the token at `offset`, which bash refuses there. */
export function unexpected(
  token: string,
  offset: number,
  why: string,
): ConversionError {
  return new ConversionError({
    code: "INVALID_INPUT",
    message:
      `Syntax error at offset ${offset}: unexpected ${token} (${why}; bash refuses this command)`,
    offset,
  });
}

/** INVALID_INPUT at `offset`: `;;`, `;&` or `;;&` outside a case clause. */
export function outsideCase(offset: number, operator: string): ConversionError {
  return new ConversionError({
    code: "INVALID_INPUT",
    message:
      `Syntax error at offset ${offset}: ${operator} outside a case clause (bash refuses this command)`,
    offset,
  });
}

/** The syntax error of a redirection whose file name is missing at `offset`. */
export function noFileName(token: string, offset: number): ConversionError {
  return unexpected(token, offset, "a redirection needs a file name before it");
}

/**
 * INVALID_INPUT at the `((` at `offset` of a `for ((…))` whose expressions
 * are not three, separated by two `;` (bash: "arithmetic expression
 * required", or "`;' unexpected").
 */
export function forExpressions(offset: number): ConversionError {
  return new ConversionError({
    code: "INVALID_INPUT",
    message:
      `Syntax error at offset ${offset}: a for ((…)) takes three arithmetic expressions separated by two ; (bash refuses this command)`,
    offset,
  });
}

/** UNTERMINATED_QUOTE at `offset`: nothing closes the `quote` opened there. */
export function unterminatedQuote(
  offset: number,
  quote: string,
): ConversionError {
  return new ConversionError({
    code: "UNTERMINATED_QUOTE",
    message: `Unterminated ${quote} quote opened at offset ${offset}`,
    offset,
  });
}
