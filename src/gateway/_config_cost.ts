// The config's cost fields: `prices` (USD per million tokens by model) and a
// key's `budget`, read with one line per error naming the field.
import { type ModelPrice, PRICE_FIELDS } from "../models/adapters/_prices.ts";
import { type Budget, budgetProblem } from "./_budget_parts.ts";
import { GatewayConfigError, object, only } from "./_config_fields.ts";

function usdPerMillion(value: unknown, field: string): number {
  if (typeof value !== "number" || !(Number.isFinite(value) && value >= 0)) {
    throw new GatewayConfigError(
      field,
      "must be a non-negative number of US dollars per million tokens",
    );
  }
  return value;
}

/** `prices`: model name (or name prefix) → its price. */
export function readPrices(value: unknown): Record<string, ModelPrice> {
  const raw = object(value, "prices");
  const prices: Record<string, ModelPrice> = {};
  for (const [model, item] of Object.entries(raw)) {
    const where = `prices.${model}`;
    const entry = object(item, where);
    only(entry, where, PRICE_FIELDS);
    const price: ModelPrice = {
      input: usdPerMillion(entry.input, `${where}.input`),
      output: usdPerMillion(entry.output, `${where}.output`),
    };
    for (const field of ["cachedInput", "cacheWrite", "reasoning"] as const) {
      if (entry[field] !== undefined) {
        price[field] = usdPerMillion(entry[field], `${where}.${field}`);
      }
    }
    Object.defineProperty(prices, model, {
      value: price,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return prices;
}

/** A key's `budget`: one `{ usd, period }` or a list of them. */
export function readBudget(
  value: unknown,
  where: string,
): Budget | Budget[] {
  const list = Array.isArray(value) ? value : [value];
  list.forEach((item, i) => {
    const at = Array.isArray(value) ? `${where}[${i}]` : where;
    only(object(item, at), at, ["usd", "period"]);
  });
  const problem = budgetProblem(value);
  if (problem !== undefined) {
    const [field, ...rest] = problem.split(" ");
    throw new GatewayConfigError(
      `${where}${field.slice("budget".length)}`,
      rest.join(" "),
    );
  }
  const copy = (b: Budget): Budget => ({ usd: b.usd, period: b.period });
  return Array.isArray(value) ? value.map(copy) : copy(value as Budget);
}
