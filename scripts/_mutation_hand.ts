// The hand list: realistic bugs planted at the security- and
// correctness-critical spots (shell quoting, CR/LF refusal, matcher order,
// breaker probe, fallback order, SSE framing, percentiles). It is the cheap,
// deterministic part of the mutation check that CI runs: every one of them
// must be caught. A site whose snippet has moved is reported as "site not
// found": update its snippet here.

import type { HandMutant } from "./_mutation_hand/hand_mutant.ts";
import { CONVERT } from "./_mutation_hand/convert.ts";
import { ROUTER } from "./_mutation_hand/router.ts";
import { MODELS_CORE } from "./_mutation_hand/models_core.ts";
import { MODELS_ADAPTERS } from "./_mutation_hand/models_adapters.ts";
import { MODELS_STORES } from "./_mutation_hand/models_stores.ts";
import { GATEWAY } from "./_mutation_hand/gateway.ts";
import { KEYS_LIMITS } from "./_mutation_hand/keys_limits.ts";
import { GATEWAY_LISTENER } from "./_mutation_hand/gateway_listener.ts";
import { CLI } from "./_mutation_hand/cli.ts";

export type { HandMutant };

/** The known bugs, each at the spot a reviewer would worry about, area by area. */
export const HAND_MUTANTS: HandMutant[] = [
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
