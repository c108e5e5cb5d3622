// The fallback policy a RouterConfig names (validated by _config.ts).

import type { RouterConfig } from "../config.ts";
import type { Settings } from "../_config.ts";
import { CustomFallback } from "./custom.ts";
import { NoFallback } from "./none.ts";
import { ParallelFallback } from "./parallel.ts";
import type { FallbackPolicy } from "./policy.ts";
import { SequentialFallback } from "./sequential.ts";

/** The policy of `settings.fallback`. */
export function createPolicy(
  settings: Settings,
  config: RouterConfig,
): FallbackPolicy {
  switch (settings.fallback) {
    case "none":
      return new NoFallback();
    case "parallel":
      return new ParallelFallback();
    case "custom":
      return new CustomFallback(config.customFallback!);
    default:
      return new SequentialFallback();
  }
}
