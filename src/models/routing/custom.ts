// `custom`: `config.customRouter` chooses. Its answer is validated (null
// falls through; an unknown or unavailable name is ROUTING_FAILED), and the
// wait races the call's signal, so an abort or dispose() settles the call
// while the hook is pending. It sees the named backend as
// `context.preferredBackend` instead of being bypassed by it.

import type { CustomRoutingFunction, RoutingContext } from "../config.ts";
import { askHook } from "../_hooks.ts";
import { routerStatsOf } from "../_snapshots.ts";
import type { RouterCounters } from "../_stats.ts";
import type { Plan, Selection, Strategy } from "./strategy.ts";

/** Asks the user's customRouter. */
export class CustomStrategy implements Strategy {
  readonly honoursNamed = false;
  readonly #hook: CustomRoutingFunction;
  readonly #counters: RouterCounters;
  readonly #trackCost: boolean;

  constructor(
    hook: CustomRoutingFunction,
    counters: RouterCounters,
    trackCost: boolean,
  ) {
    this.#hook = hook;
    this.#counters = counters;
    this.#trackCost = trackCost;
  }

  async select(selection: Selection): Promise<Plan | undefined> {
    const { request, order, entries, usable, named, signal, allowed } =
      selection;
    const available = Object.freeze(order.filter(usable).map((e) => e.name));
    const custom = request.metadata?.custom;
    const context: RoutingContext = {
      stats: routerStatsOf(this.#counters, order, this.#trackCost),
      metadata: Object.freeze(
        typeof custom === "object" && custom !== null ? { ...custom } : {},
      ),
      ...(named !== undefined ? { preferredBackend: named } : {}),
    };
    const hook = this.#hook;
    const entry = await askHook(
      () => hook(request, available, context),
      { hook: "customRouter", entries, usable, attempted: [], allowed },
      signal,
    );
    return entry === undefined
      ? undefined
      : { entry, reason: "custom", requested: named };
  }

  changed(): void {}
}
