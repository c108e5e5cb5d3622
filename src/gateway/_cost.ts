// An answer's price: its usage at the price of the model the backend
// served, from the config's `prices`, then the built-in table of the
// backend's provider (see src/models/adapters/_prices.ts). Unpriced is
// null, never 0: a local provider's 0 is a price, an unknown model's is not.
import { priceFor, priceUsage } from "../models/adapters/_prices.ts";
import type { ModelPrice, PricedUsage } from "../models/adapters/_prices.ts";
import type { Router } from "../models/mod.ts";

/**
 * USD for `usage` on `backend`, or null when unpriced. `models` are the
 * names it may be priced by, best first: the one the backend says it
 * served, the one the request named for it, the client's after aliases.
 */
export function answerCost(
  router: Router,
  prices: Readonly<Record<string, ModelPrice>> | undefined,
  backend: string | undefined,
  models: readonly (string | undefined)[],
  usage: PricedUsage,
): number | null {
  const provider = backend === undefined
    ? undefined
    : router.get(backend)?.metadata.provider;
  for (const model of models) {
    if (model === undefined) continue;
    const price = priceFor(provider, model, prices);
    if (price !== undefined) return priceUsage(usage, price);
  }
  return null;
}
