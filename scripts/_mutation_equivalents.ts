// Mutants reviewed and judged equivalent: the planted change cannot alter
// anything a caller can observe, so no test can catch it. Each entry names
// the file, the line before and after the edit (blanks collapsed, as the
// report prints them) and why. The report counts them as "equivalent
// (reviewed)" and leaves them out of the score; add one only with a reason a
// second reader would accept.

import type { Equivalent } from "./_mutation_equivalents/equivalent.ts";
import { CONVERT } from "./_mutation_equivalents/convert.ts";
import { ROUTER } from "./_mutation_equivalents/router.ts";
import { MODELS_CORE } from "./_mutation_equivalents/models_core.ts";
import { MODELS_ADAPTERS } from "./_mutation_equivalents/models_adapters.ts";
import { MODELS_STORES } from "./_mutation_equivalents/models_stores.ts";
import { GATEWAY } from "./_mutation_equivalents/gateway.ts";
import { KEYS_LIMITS } from "./_mutation_equivalents/keys_limits.ts";
import { GATEWAY_LISTENER } from "./_mutation_equivalents/gateway_listener.ts";
import { CLI } from "./_mutation_equivalents/cli.ts";

export type { Equivalent };

/** The reviewed list, area by area. */
export const EQUIVALENTS: Equivalent[] = [
  ...CONVERT,
  ...ROUTER,
  ...MODELS_CORE,
  ...MODELS_ADAPTERS,
  ...MODELS_STORES,
  ...GATEWAY,
  ...KEYS_LIMITS,
  ...GATEWAY_LISTENER,
  ...CLI,
];

/** The review of a mutant, when it was judged equivalent. */
export function findEquivalent(
  mutant: { file: string; context: string; before: string; after: string },
): Equivalent | undefined {
  return EQUIVALENTS.find((entry) =>
    entry.file === mutant.file && entry.before === mutant.before &&
    entry.after === mutant.after &&
    (entry.context === undefined || entry.context === mutant.context)
  );
}
