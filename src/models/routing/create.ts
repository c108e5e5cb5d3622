// The strategy a RouterConfig names (validated by _config.ts).

import type { RouterConfig } from "../config.ts";
import type { Settings } from "../_config.ts";
import type { RouterCounters } from "../_stats.ts";
import { CostStrategy } from "./cost.ts";
import { CustomStrategy } from "./custom.ts";
import { ExplicitStrategy } from "./explicit.ts";
import { LatencyStrategy } from "./latency.ts";
import { ModelStrategy } from "./model.ts";
import { RandomStrategy } from "./random.ts";
import { RoundRobinStrategy } from "./round_robin.ts";
import type { Strategy } from "./strategy.ts";

/** A fresh strategy (strategies keep per-Router state: cursors, leaders). */
export function createStrategy(
  settings: Settings,
  config: RouterConfig,
  counters: RouterCounters,
): Strategy {
  switch (settings.routing) {
    case "round-robin":
      return new RoundRobinStrategy();
    case "latency-optimized":
      return new LatencyStrategy(settings.trackLatency);
    case "cost-optimized":
      return new CostStrategy(settings.trackCost);
    case "model-based":
      return new ModelStrategy();
    case "random":
      return new RandomStrategy(settings.random);
    case "custom":
      return new CustomStrategy(
        config.customRouter!,
        counters,
        settings.trackCost,
      );
    default:
      return new ExplicitStrategy();
  }
}
